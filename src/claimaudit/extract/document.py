"""A document as extraction sees it: the one document model (:mod:`claimaudit.sources.document`),
its non-prose spans blanked (:meth:`Document.prose`), loaded within extraction's limits.

Markdown, HTML, text and PDF are read by the sources loaders, so quotes and extraction agree on
what a document's words, tables and cells are. A document that cannot be read (binary, over the
size limit, malformed HTML) is a :class:`~claimaudit.errors.UsageError` naming the file.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path

from ..errors import UsageError
from ..gcpause import paused_gc
from ..sources.document import Cell, Document, Table
from ..sources.limits import Limits, SourceTextError

__all__ = ["DOCUMENT_SUFFIXES", "MAX_BYTES", "Cell", "Document", "Table", "analyse", "load_document"]

#: Largest document extracted (bytes): a 1 MB document of tables and prose takes several CPU seconds
#: (benchmarks/extraction/large_doc.py), so 8 MiB bounds a run to about a minute.
MAX_BYTES = 8 * 1024 * 1024
DOCUMENT_SUFFIXES = (".md", ".markdown", ".txt", ".text", ".html", ".htm", ".pdf")
LIMITS = Limits(max_bytes=MAX_BYTES, max_chars=MAX_BYTES)


# The loaders are imported on first use (start-up stays fast) and then held: analyse runs once a
# sentence on sentence sets, where an import statement per call costs a tenth of the call.
@functools.cache
def _suffixes() -> dict[str, str]:
    from ..sources.loaders import SUFFIXES

    return SUFFIXES


@functools.cache
def _load_text() -> Callable[..., Document]:
    from ..sources.load_text import load_text

    return load_text


@functools.lru_cache(maxsize=64)
def _stem_suffix(path: str) -> tuple[str, str]:
    # cached: analyse runs once a sentence on sentence sets, nearly always with the same path
    p = Path(path)
    return p.stem, p.suffix


def analyse(text: str, path: str = "<text>", fmt: str | None = None) -> Document:
    """The document model of ``text``, prose only. ``fmt`` ("markdown", "html", "text") defaults to
    what the path's suffix says, and to plain text (offsets are the text's own; pipe tables and
    headings still recognised) for a path without one."""
    stem, suffix = _stem_suffix(path)
    if fmt is None:
        fmt = _suffixes().get(suffix.lower(), "text")
    if len(text) > MAX_BYTES:
        raise UsageError(f"{path}: more than {MAX_BYTES:,} characters (the document size limit)")
    # The model's pieces, rows and cells live on in the document: the cyclic collector's passes
    # over them would find nothing to free.
    with paused_gc():
        try:
            if fmt == "html":
                from ..sources.load_html import load_html

                doc = load_html(text, source=stem, file=path, limits=LIMITS)
            elif fmt == "text":
                doc = _load_text()(text, source=stem, file=path)
            else:
                from ..sources.load_markdown import load_markdown

                doc = load_markdown(text, source=stem, file=path)
        except SourceTextError as exc:
            raise UsageError(exc.message) from None
        return doc.prose()


def load_document(path: str | Path, display: str | None = None) -> Document:
    """Read a document file into the document model (prose only); UsageError naming the file on
    anything that stops it."""
    from ..sources.loaders import load_document as load_source

    p = Path(path)
    shown = display or str(path)
    try:
        doc = load_source(p, source=p.stem, shown=shown, limits=LIMITS)
    except SourceTextError as exc:
        raise UsageError(exc.message) from None
    return doc.prose()
