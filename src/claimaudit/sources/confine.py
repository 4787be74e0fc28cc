"""Path confinement: a source record names files, and only some folders may be read.

Source records come from strangers. ``files: [/etc/passwd]`` or ``../../home/me/.ssh/id_rsa``
must not be read, and a symlink inside the project must not lead out of it. A path is allowed
when, after resolving every symlink, it lies inside the project root or inside one of the
folders the project's own configuration allows (``allow_source_dirs`` in ``claimaudit.toml``,
relative to the root). Devices, FIFOs and sockets are refused too: reading ``/dev/zero`` would
never end.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from pathlib import Path

from .limits import SourceTextError


def allowed_roots(root: Path, allow_dirs: Iterable[str] = ()) -> list[Path]:
    """The resolved folders source files may come from: the root and the allowed folders."""
    roots = [root.resolve()]
    for d in allow_dirs:
        p = Path(os.path.expanduser(str(d)))
        roots.append((p if p.is_absolute() else root / p).resolve())
    return roots


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.relative_to(folder)
        return True
    except ValueError:
        return False


def confine(name: str, root: Path, allow_dirs: Iterable[str] = ()) -> Path:
    """The real path of source file ``name`` (relative to ``root``), or SourceTextError.

    Raises with kind ``refused`` when the path leaves the allowed folders or is not a regular
    file, ``missing`` when it does not exist.
    """
    if "\x00" in name:
        raise SourceTextError(f"{name!r}: not a file name", "refused")
    raw = Path(name)
    path = raw if raw.is_absolute() else root / raw
    try:
        real = path.resolve(strict=False)
    except (OSError, RuntimeError) as exc:  # symlink loops
        raise SourceTextError(f"{name}: cannot resolve path: {exc}", "refused") from None
    roots = allowed_roots(root, allow_dirs)
    inside = [r for r in roots if _inside(real, r)]
    if not inside:
        shown = ", ".join(str(r) for r in roots)
        raise SourceTextError(f"{name}: outside the project and the allowed source folders ({shown}); "
                              "allow its folder with --allow-source-dir DIR (outside the project) or "
                              "allow_source_dirs in claimaudit.toml (inside it)", "refused")
    # Hidden files and folders (.git/config holds a CI token, .env secrets) are never sources,
    # whether named directly or reached through a symlink.
    hidden = [part for part in (*raw.parts, *real.relative_to(max(inside, key=lambda r: len(r.parts))).parts)
              if part.startswith(".") and part not in (".", "..")]
    if hidden:
        raise SourceTextError(f"{name}: hidden files and folders ({hidden[0]}) are not read as sources", "refused")
    try:
        st = real.stat()
    except FileNotFoundError:
        raise SourceTextError(f"{name}: no such file", "missing") from None
    except OSError as exc:
        raise SourceTextError(f"{name}: {exc.strerror or exc}", "unreadable") from None
    if not stat.S_ISREG(st.st_mode):
        raise SourceTextError(f"{name}: not a regular file", "refused")
    return real
