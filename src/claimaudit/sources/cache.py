"""The cache folder of fetched source texts: ``<root>/.claimaudit/sources/<sha256>.<ext>``.

Kept apart from :mod:`.fetch` so that a run, which only reads the cache, never imports the
networking code.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

#: Default cache folder, relative to the project root.
CACHE_DIR = ".claimaudit/sources"
_SHA256 = re.compile(r"[0-9a-fA-F]{64}")


def cache_dir(root: Path, configured: str | None = None) -> Path:
    p = Path(configured or CACHE_DIR)
    return p if p.is_absolute() else root / p


def valid_sha256(text: str) -> bool:
    """64 hexadecimal digits: the only text ever used to name a cache file."""
    return bool(_SHA256.fullmatch(text))


def cached_file(folder: Path, sha256: str) -> Path | None:
    """The cached copy of the text with this hash, if it was fetched.

    A ``sha256`` that is not 64 hex digits (``../../etc/passwd``) has no cached copy: it is never
    made into a path.
    """
    sha = sha256.lower()
    if not valid_sha256(sha) or not folder.is_dir():
        return None
    for p in sorted(folder.glob(sha + ".*")) + [folder / sha]:
        if p.is_file() and not p.name.endswith(".part"):
            return p
    return None


def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()
