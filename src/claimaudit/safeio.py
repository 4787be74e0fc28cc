"""Bounded, confined reading of files that strangers may have written (claim files, Markdown docs,
source records, answer files, configuration).

``path.read_bytes()`` on such a file is unsafe: ``claims/x.yaml -> /dev/zero`` never ends, a FIFO
blocks the run, a 3 GB file is read whole before any size check, and a symlink to a file outside
the project gets its contents echoed in error messages. Here a file is opened without blocking,
checked with ``fstat`` on the open descriptor (a regular file, no larger than the limit; checked on
the descriptor so the file cannot be swapped between the check and the read), and read at most
``max_bytes + 1`` bytes. A symlink is followed only while its target stays inside the project
folder the link sits in (the nearest folder holding ``claimaudit.toml``, ``pyproject.toml`` or
``claims/``), or inside one of the ``roots`` the caller allows.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from .errors import InputError, Location
from .roots import find_root

#: Largest configuration file (claimaudit.toml / pyproject.toml) read.
MAX_CONFIG_BYTES = 1024 * 1024
#: Largest Markdown doc read for its claim blocks (the same bound as a document to extract from).
MAX_DOC_BYTES = 20 * 1024 * 1024


class FileRefused(InputError):
    """A file that is not read: not a regular file, too large, outside the project, unreadable.

    Its code is InputError's CA001 ("this file cannot be read"), inherited, not set again.
    """


def _size_text(n: int) -> str:
    if n >= 1024 * 1024 and n % (1024 * 1024) == 0:
        return f"{n // (1024 * 1024)} MiB"
    if n >= 1024 and n % 1024 == 0:
        return f"{n // 1024} KiB"
    return f"{n:,} bytes"


@lru_cache(maxsize=256)
def _project_of(folder: str) -> Path:
    return find_root(Path(folder))


def inside(path: Path, folder: Path) -> bool:
    """Whether ``path`` is ``folder`` or lies under it (both already resolved)."""
    return path == folder or folder in path.parents


def _check_confined(path: Path, shown: str, what: str, roots: Iterable[Path]) -> None:
    """Refuse a path that reaches, through a symlink, outside its project and the allowed roots."""
    absolute = Path(os.path.abspath(path))
    try:
        real = Path(os.path.realpath(absolute, strict=True))
    except FileNotFoundError:
        raise FileRefused(f"cannot read {what}: no such file", location=Location(shown)) from None
    except (OSError, RuntimeError) as exc:  # symlink loops
        raise FileRefused(f"cannot read {what}: {getattr(exc, 'strerror', None) or exc}",
                          location=Location(shown)) from None
    if real == absolute:
        return  # no symlink on the way: the caller named this very file
    allowed = [_project_of(str(absolute.parent)), *(Path(os.path.realpath(r)) for r in roots)]
    if not any(inside(real, r) for r in allowed):
        raise FileRefused(f"{what} is a symlink to a file outside the project ({allowed[0]}): not read",
                          location=Location(shown))


def read_bytes(path: Path | str, *, max_bytes: int, what: str = "file", shown: str | None = None,
               roots: Iterable[Path] = ()) -> bytes:
    """The bytes of ``path``, or :class:`FileRefused` located at the file.

    Never blocks (FIFOs are opened non-blocking and refused), never reads more than
    ``max_bytes + 1`` bytes, never follows a symlink out of the project (see the module docstring).
    """
    path = Path(path)
    shown = shown or str(path)
    _check_confined(path, shown, what, roots)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise FileRefused(f"cannot read {what}: {exc.strerror or exc}", location=Location(shown)) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise FileRefused(f"{what} is not a regular file (a device, FIFO or socket): not read",
                              location=Location(shown))
        if st.st_size > max_bytes:
            raise FileRefused(f"{what} is larger than {_size_text(max_bytes)}: not read", location=Location(shown))
        chunks, total = [], 0
        while total <= max_bytes:
            block = os.read(fd, min(1 << 20, max_bytes + 1 - total))
            if not block:
                break
            chunks.append(block)
            total += len(block)
        if total > max_bytes:  # it grew after the check
            raise FileRefused(f"{what} is larger than {_size_text(max_bytes)}: not read", location=Location(shown))
        return b"".join(chunks)
    except OSError as exc:
        raise FileRefused(f"cannot read {what}: {exc.strerror or exc}", location=Location(shown)) from None
    finally:
        os.close(fd)


def decode_utf8(data: bytes, shown: str, what: str = "file") -> str:
    """``data`` as UTF-8 (a BOM dropped); invalid UTF-8 is an error at its real line:col."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        start = exc.start
        before = data[:start]
        line = before.count(b"\n") + 1
        line_start = before.rfind(b"\n") + 1
        col = len(before[line_start:].decode("utf-8-sig" if line == 1 else "utf-8", "replace")) + 1
        raise FileRefused(f"cannot read {what}: not UTF-8 (byte {start})",
                          location=Location(shown, line, col)) from None


def read_text(path: Path | str, *, max_bytes: int, what: str = "file", shown: str | None = None,
              roots: Iterable[Path] = ()) -> str:
    """:func:`read_bytes` decoded as UTF-8 (see :func:`decode_utf8`)."""
    shown = shown or str(path)
    return decode_utf8(read_bytes(path, max_bytes=max_bytes, what=what, shown=shown, roots=roots), shown, what)
