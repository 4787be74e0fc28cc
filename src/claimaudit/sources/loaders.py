"""Load one source file into a :class:`~.document.Document`: pick the format, read within limits.

The format comes from the source record (``format: markdown``), else the file's suffix
(``.md``, ``.html``, ``.pdf``, ``.txt``), else a look at its first bytes.
"""

from __future__ import annotations

import re
from pathlib import Path

from .document import Document
from .limits import DEFAULT_LIMITS, Limits, SourceTextError

FORMATS = ("text", "markdown", "html", "pdf")
SUFFIXES = {".md": "markdown", ".markdown": "markdown", ".mdown": "markdown", ".html": "html",
            ".htm": "html", ".xhtml": "html", ".pdf": "pdf", ".txt": "text", ".text": "text"}
_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9_\-]+)""", re.I)


def detect_format(path: Path, head: bytes, declared: str | None = None) -> str:
    if declared:
        if declared not in FORMATS:
            raise SourceTextError(f"unknown source format {declared!r} (formats: {', '.join(FORMATS)})", "unreadable")
        return declared
    fmt = SUFFIXES.get(path.suffix.lower())
    if fmt:
        return fmt
    start = head.lstrip()[:512].lower()
    if head.startswith(b"%PDF-"):
        return "pdf"
    if start.startswith((b"<!doctype html", b"<html")) or b"<body" in start:
        return "html"
    return "text"


def read_limited(path: Path, limits: Limits, shown: str) -> bytes:
    """The file's bytes, refusing more than ``limits.max_bytes`` without reading them all."""
    try:
        with open(path, "rb") as fh:
            data = fh.read(limits.max_bytes + 1)
    except FileNotFoundError:
        raise SourceTextError(f"{shown}: no such file", "missing") from None
    except OSError as exc:
        raise SourceTextError(f"{shown}: cannot read: {exc.strerror or exc}", "unreadable") from None
    if len(data) > limits.max_bytes:
        raise SourceTextError(f"{shown}: larger than {limits.max_bytes:,} bytes (the max_bytes limit)", "limit")
    return data


def is_binary(data: bytes) -> bool:
    """NUL bytes (outside UTF-16), or mostly bytes that are neither UTF-8 nor text, in the first 8 KiB."""
    head = data[:8192]
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return False
    if b"\x00" in head:
        return True
    text = head.decode("utf-8", "replace")
    bad = text.count("\ufffd") + sum(1 for c in text if c < " " and c not in "\t\n\r\f\v\x1b")
    return len(text) > 0 and bad > 0.1 * len(text) + 3


def decode(data: bytes, fmt: str) -> str:
    """UTF-8 (with or without BOM), UTF-16 with a BOM, or the charset an HTML page declares;
    undecodable bytes become U+FFFD rather than stopping the audit."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", "replace")
    if fmt == "html":
        m = _CHARSET.search(data[:4096])
        if m:
            try:
                return data.decode(m.group(1).decode("ascii"), "replace").lstrip("\ufeff")
            except LookupError:
                pass
    return data.decode("utf-8-sig", "replace")


def load_document(path: Path, *, source: str, shown: str, fmt: str | None = None,
                  limits: Limits = DEFAULT_LIMITS) -> Document:
    """Load ``path`` (already confined: see :mod:`.confine`) as a Document; SourceTextError on
    anything that stops it."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise SourceTextError(f"{shown}: no such file", "missing") from None
    except OSError as exc:
        raise SourceTextError(f"{shown}: {exc.strerror or exc}", "unreadable") from None
    if size > limits.max_bytes:
        raise SourceTextError(f"{shown}: {size:,} bytes, larger than the max_bytes limit "
                              f"({limits.max_bytes:,})", "limit")
    if fmt == "pdf" or (fmt is None and SUFFIXES.get(path.suffix.lower()) == "pdf"):
        from .load_pdf import load_pdf

        return load_pdf(path, source=source, file=shown, limits=limits)
    data = read_limited(path, limits, shown)
    kind = detect_format(path, data[:1024], fmt)
    if kind == "pdf":
        from .load_pdf import load_pdf

        return load_pdf(path, source=source, file=shown, limits=limits)
    if kind != "pdf" and is_binary(data):
        raise SourceTextError(f"{shown}: a binary file, not a text document (NUL bytes or undecodable "
                              "content in its first 8 KiB)", "unreadable")
    text = decode(data, kind)
    if len(text) > limits.max_chars:
        raise SourceTextError(f"{shown}: more than {limits.max_chars:,} characters "
                              "(the max_chars limit)", "limit")
    if kind == "markdown" and len(text) > limits.max_markdown_chars:
        raise SourceTextError(f"{shown}: a Markdown text of {len(text):,} characters, more than the "
                              f"max_markdown_chars limit ({limits.max_markdown_chars:,}); give it as plain text "
                              "(format: text) or raise the limit", "limit")
    if kind == "markdown":
        from .load_html import MalformedHTML
        from .load_markdown import load_markdown

        try:
            return load_markdown(text, source=source, file=shown, limits=limits)
        except MalformedHTML as exc:
            raise SourceTextError(f"{shown}:{exc.line}:{exc.col}: {exc.message}", "unreadable") from None
        except RecursionError:
            raise SourceTextError(f"{shown}: Markdown nested too deeply to read", "unreadable") from None
    if kind == "html":
        from .load_html import load_html

        return load_html(text, source=source, file=shown, limits=limits)
    from .load_text import load_text

    return load_text(text, source=source, file=shown)
