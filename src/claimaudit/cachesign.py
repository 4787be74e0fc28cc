"""Signed cache files: what claimaudit keeps under ``~/.cache/claimaudit`` is trusted only if it
carries an HMAC made with a key kept outside the cache folder.

A cache folder can be written by others (a CI cache restored from a pull request's run, a shared
home): the compiled-template cache holds marshalled code that Jinja would run, and ``solve.json``
decides CA111 findings. Each entry is signed with a per-user random key in
``$XDG_CONFIG_HOME/claimaudit/cache-key`` (or ``~/.config/claimaudit/cache-key``; mode 0600), and
anything that does not verify is ignored as if the cache were empty. A fresh machine (a CI
runner) makes a fresh key, so a restored cache from elsewhere is simply not used.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import stat
from functools import lru_cache
from pathlib import Path

_DIGEST = hashlib.sha256
_TAG = 32  # bytes of the HMAC-SHA256 tag


def key_file() -> Path:
    """``$CLAIMAUDIT_CACHE_KEY`` (a file), else ``$XDG_CONFIG_HOME/claimaudit/cache-key``, else
    ``~/.config/claimaudit/cache-key``."""
    env = os.environ.get("CLAIMAUDIT_CACHE_KEY")
    if env:
        return Path(env)
    xdg = os.environ.get("XDG_CONFIG_HOME", "")
    base = Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".config"
    return base / "claimaudit" / "cache-key"


def _read_key(path: Path) -> bytes | None:
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        # Only a regular file that nobody else can write is a key (and only if it is ours).
        if (not stat.S_ISREG(st.st_mode) or st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
                or (hasattr(os, "getuid") and st.st_uid != os.getuid())):
            return None
        data = os.read(fd, 4096)
    finally:
        os.close(fd)
    return data if len(data) >= 32 else None


@lru_cache(maxsize=4)
def _key_at(path: str) -> bytes | None:
    p = Path(path)
    key = _read_key(p)
    if key is not None:
        return key
    try:
        p.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd = os.open(p, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return _read_key(p)  # another process made it, or it is not usable
    except OSError:
        return None  # no writable config folder: no cache is trusted
    try:
        os.write(fd, os.urandom(32))   # secrets.token_bytes(32) is os.urandom(32)
    finally:
        os.close(fd)
    return _read_key(p)


def cache_key() -> bytes | None:
    """This user's cache key (made on first use); None when it cannot be had (then caches are off)."""
    return _key_at(str(key_file()))


def sign(data: bytes, *, purpose: bytes) -> bytes | None:
    """``data`` prefixed with its tag; ``purpose`` keeps a signed template from passing as solve.json."""
    key = cache_key()
    if key is None:
        return None
    return hmac.new(key, purpose + b"\0" + data, _DIGEST).digest() + data


def verify(blob: bytes, *, purpose: bytes) -> bytes | None:
    """The data of a signed blob, or None when it was not signed with this user's key."""
    key = cache_key()
    if key is None or len(blob) < _TAG:
        return None
    tag, data = blob[:_TAG], blob[_TAG:]
    expected = hmac.new(key, purpose + b"\0" + data, _DIGEST).digest()
    return data if hmac.compare_digest(tag, expected) else None
