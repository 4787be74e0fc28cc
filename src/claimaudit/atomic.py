"""Atomic file writes: write a temporary file beside the target, then rename it over the target.

A full disk or Ctrl-C while a report, a baseline, a cache or a draft is being written must leave
the previous file whole (a truncated baseline makes the next ``run --baseline`` fail; a 0-byte
``reports/index.html`` replaces a good report). ``os.replace`` is atomic on POSIX and Windows when
both names are on one file system, which a temporary file in the target's own folder guarantees.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO


def _default_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


#: How tempfile.mkstemp opens its file: created here or failing, never through a symbolic link.
_CREATE = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)


def _temporary(folder: Path, name: str) -> tuple[int, str]:
    """``tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".tmp")``: a new file readable by
    this user only, and its path. Written out because tempfile imports shutil and random (with zlib,
    bz2, lzma and hashlib's kin: ~3 ms of every start-up that writes a report)."""
    for _ in range(100):
        path = os.path.join(folder, f".{name}.{os.urandom(6).hex()}.tmp")
        try:
            return os.open(path, _CREATE, 0o600), path
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name beside {os.path.join(folder, name)}")


@contextmanager
def atomic_open(path: str | os.PathLike[str], mode: str = "w", *, encoding: str | None = "utf-8",
                newline: str | None = None) -> Iterator[IO]:
    """Open ``path`` for writing (``"w"`` or ``"wb"``); the file appears only when the block ends.

    A target that exists but is not a regular file (``/dev/stdout``, a FIFO) is written directly:
    renaming over it would replace the device node, not write to it.
    """
    if mode not in ("w", "wb"):
        raise ValueError(f"atomic_open writes whole files ('w' or 'wb'), not {mode!r}")
    target = Path(path)
    try:
        st = os.stat(target)
    except FileNotFoundError:
        st = None
    if st is not None and not stat.S_ISREG(st.st_mode):
        with open(target, mode, encoding=None if "b" in mode else encoding,
                  newline=None if "b" in mode else newline) as direct:
            yield direct
        return
    fd, tmp = _temporary(target.parent, target.name)
    try:
        os.chmod(tmp, stat.S_IMODE(st.st_mode) if st is not None else _default_mode())
        with os.fdopen(fd, mode, encoding=None if "b" in mode else encoding,
                       newline=None if "b" in mode else newline) as fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def write_text(path: str | os.PathLike[str], text: str, *, encoding: str = "utf-8",
               newline: str | None = None) -> None:
    """``Path.write_text`` made atomic (see :func:`atomic_open`)."""
    with atomic_open(path, "w", encoding=encoding, newline=newline) as fh:
        fh.write(text)


def write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """``Path.write_bytes`` made atomic (see :func:`atomic_open`)."""
    with atomic_open(path, "wb") as fh:
        fh.write(data)
