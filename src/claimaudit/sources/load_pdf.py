"""PDF: text per page with pypdf (the optional ``pdf`` extra), pages as locators.

Extraction runs in a child process (:mod:`.pdf_worker`) under the ``timeout`` limit and a memory
cap, so a hostile PDF costs at most that long and is reported for that source only. Numbered
headings (``4.2 Hyper-Parameters``) in the extracted text become sections; unnumbered short
lines do not (PDF text is full of short lines: table cells, equations, running heads).
"""

from __future__ import annotations

from pathlib import Path

from .child import run_worker
from .document import Document, Section, TableRow, text_sections
from .limits import DEFAULT_LIMITS, Limits, SourceTextError


def extract_pages(path: Path, limits: Limits, shown: str) -> list[str]:
    data = run_worker("pdf_worker.py", [str(path), str(limits.max_pages), str(limits.max_chars)], stdin=None,
                      limits=limits, shown=shown, doing="extracting the PDF")
    if "error" in data:
        raise SourceTextError(f"{shown}: {data['error']}", data.get("kind", "unreadable"))
    return [str(p) for p in data["pages"]]


def load_pdf(path: Path, *, source: str, file: str, limits: Limits = DEFAULT_LIMITS) -> Document:
    pages = extract_pages(path, limits, file)
    starts, parts, pos = [], [], 0
    for p in pages:
        starts.append(pos)
        parts.append(p + "\n\f\n")
        pos += len(p) + 3
    text = "".join(parts)
    return Document(source, file, "pdf", text, structure=_structure, pages=starts)


def _structure(text: str) -> tuple[list[Section], list[TableRow]]:
    return text_sections(text, unnumbered=False), []
