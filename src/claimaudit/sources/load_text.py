"""Plain text: the file's own lines are the locators; headings and pipe tables are recognised."""

from __future__ import annotations

from .document import Document, Section, TableRow, pipe_rows, text_sections


def _structure(text: str) -> tuple[list[Section], list[TableRow]]:
    return text_sections(text), pipe_rows(text)


def load_text(text: str, *, source: str, file: str) -> Document:
    return Document(source, file, "text", text, structure=_structure)
