"""``claimaudit sources fetch``: download a source's text once, pinned by its sha256.

A record with ``url`` (or ``text_url``) and ``sha256`` names a text that lives online. Fetching
downloads it (http and https only, redirects included, within a size and time limit), checks the
sha256 and stores it in the cache folder as ``<sha256>.<ext>``. A run never downloads anything:
it reads the cached copy, and re-checks its hash, or reports the text as not fetched yet.
A record without ``sha256`` is only downloaded with ``accept_new``, which prints the hash to pin.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from ..model.sources import SourceRecord
from .cache import cached_file, file_sha256, valid_sha256
from .limits import SourceTextError

MAX_DOWNLOAD = 100_000_000
TIMEOUT = 60.0          # seconds of silence on the connection
DEADLINE = 300.0        # seconds for the whole download, however the server drips it
_TYPES = {"application/pdf": ".pdf", "text/html": ".html", "application/xhtml+xml": ".html",
          "text/markdown": ".md", "text/x-markdown": ".md", "text/plain": ".txt"}
_SUFFIXES = (".pdf", ".html", ".htm", ".md", ".markdown", ".txt")


class _HttpOnlyRedirects(urllib.request.HTTPRedirectHandler):
    """Follow redirects only to http(s): never to file:, ftp: or data: URLs."""

    def http_error_302(self, req, fp, code, msg, headers):
        target = headers.get("location") or headers.get("uri") or ""
        newurl = urllib.parse.urljoin(req.full_url, target)
        if urllib.parse.urlsplit(newurl).scheme not in ("http", "https"):
            raise SourceTextError(f"{req.full_url}: redirect to {newurl} refused (only http and https)", "refused")
        return super().http_error_302(req, fp, code, msg, headers)

    http_error_301 = http_error_303 = http_error_307 = http_error_308 = http_error_302


def _opener() -> urllib.request.OpenerDirector:
    # No file://, ftp:// or data: handlers: a source URL is fetched over HTTP(S) or not at all.
    opener = urllib.request.OpenerDirector()
    for handler in (urllib.request.ProxyHandler(), urllib.request.HTTPHandler(), urllib.request.HTTPSHandler(),
                    urllib.request.HTTPDefaultErrorHandler(), urllib.request.HTTPErrorProcessor(),
                    _HttpOnlyRedirects()):
        opener.add_handler(handler)
    return opener


def download(url: str, *, timeout: float = TIMEOUT, max_bytes: int = MAX_DOWNLOAD,
             deadline: float = DEADLINE) -> tuple[bytes, str]:
    """The body of ``url`` and its content type; SourceTextError on any failure or limit.

    ``timeout`` bounds each wait for data; ``deadline`` the whole download (a server sending one
    byte a second never trips the first).
    """
    end = time.monotonic() + deadline
    if urllib.parse.urlsplit(url).scheme not in ("http", "https"):
        raise SourceTextError(f"{url}: only http and https URLs are fetched", "refused")
    req = urllib.request.Request(url, headers={"User-Agent": "claimaudit-sources-fetch"})   # noqa: S310 - http(s) only, checked above
    try:
        with _opener().open(req, timeout=timeout) as resp:
            length = resp.headers.get("Content-Length")
            if length and length.isdigit() and int(length) > max_bytes:
                raise SourceTextError(f"{url}: {int(length):,} bytes, more than the limit ({max_bytes:,})", "limit")
            chunks, total = [], 0
            # read1 returns what one receive brings, so the deadline is checked as data trickles in.
            read = getattr(resp, "read1", resp.read)
            while True:
                if time.monotonic() > end:
                    raise SourceTextError(f"{url}: not downloaded within {deadline:.0f} s (the download deadline)",
                                          "limit")
                block = read(1 << 16)
                if not block:
                    break
                total += len(block)
                if total > max_bytes:
                    raise SourceTextError(f"{url}: more than {max_bytes:,} bytes (the download limit)", "limit")
                chunks.append(block)
            ctype = (resp.headers.get("Content-Type") or "").split(";")[0].strip().lower()
    except SourceTextError:
        raise
    except Exception as exc:  # noqa: BLE001 - URLError, HTTPError, timeouts, TLS errors
        raise SourceTextError(f"{url}: download failed: {exc}", "unreadable") from None
    return b"".join(chunks), ctype


def _suffix(url: str, ctype: str, data: bytes) -> str:
    if ctype in _TYPES:
        return _TYPES[ctype]
    path = urllib.parse.urlsplit(url).path.lower()
    for suf in _SUFFIXES:
        if path.endswith(suf):
            return suf
    if data.startswith(b"%PDF-"):
        return ".pdf"
    if data.lstrip()[:512].lower().startswith((b"<!doctype html", b"<html")):
        return ".html"
    return ".txt"


@dataclass
class FetchOutcome:
    source: str
    status: str          # fetched | cached | pinned-new | mismatch | skipped | failed
    message: str
    path: Path | None = None
    sha256: str = ""


def fetch_record(rec: SourceRecord, folder: Path, *, accept_new: bool = False, timeout: float = TIMEOUT,
                 max_bytes: int = MAX_DOWNLOAD, refresh: bool = False) -> FetchOutcome:
    url = rec.text_url or rec.url
    if not url:
        return FetchOutcome(rec.id, "skipped", "no url")
    if rec.files:
        return FetchOutcome(rec.id, "skipped", "its text is a local file")
    if rec.sha256 and not valid_sha256(rec.sha256):
        return FetchOutcome(rec.id, "failed", f"sha256 {rec.sha256[:80]!r} is not 64 hexadecimal digits")
    if not rec.sha256 and not accept_new:
        return FetchOutcome(rec.id, "skipped", "no sha256 to check the download against "
                            "(fetch with --accept-new to download it and print the hash to pin)")
    if rec.sha256 and not refresh:
        have = cached_file(folder, rec.sha256)
        if have is not None and file_sha256(have) == rec.sha256.lower():
            return FetchOutcome(rec.id, "cached", f"already cached as {have.name}", have, rec.sha256.lower())
    try:
        data, ctype = download(url, timeout=timeout, max_bytes=max_bytes)
    except SourceTextError as exc:
        return FetchOutcome(rec.id, "failed", exc.message)
    digest = hashlib.sha256(data).hexdigest()
    if rec.sha256 and digest != rec.sha256.lower():
        return FetchOutcome(rec.id, "mismatch", f"{url} has sha256 {digest}, but the record pins "
                            f"{rec.sha256.lower()}: the text changed, not cached", sha256=digest)
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / (digest + _suffix(url, ctype, data))
    fd, tmp = tempfile.mkstemp(dir=folder, suffix=".part")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, target)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        return FetchOutcome(rec.id, "failed", f"cannot write {target}: {exc}")
    if not rec.sha256:
        return FetchOutcome(rec.id, "pinned-new", f"downloaded {len(data):,} bytes; add  sha256: {digest}  "
                            "to the record to use it", target, digest)
    return FetchOutcome(rec.id, "fetched", f"downloaded {len(data):,} bytes", target, digest)
