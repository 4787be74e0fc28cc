"""Markdown: plain text without markup, structure from markdown-it-py.

The text that quotes are searched in is the rendered words, not the source: ``**卡有多少时间**``
and ``[3FS](https://…)`` read as ``卡有多少时间`` and ``3FS``, so a quote is not broken by markup
it never showed. Headings become sections (with their numbering), table rows are written as
``| cell | cell |`` lines so that a quoted row matches however the source padded it, and every
block and soft line break records the line of the ``.md`` file it came from. Fenced
``claimaudit`` blocks (claims embedded in a doc) are left out: they are not the doc's words, and a
quote must not be found in the claim that quotes it.
"""

from __future__ import annotations

from typing import Any

from .document import Document, Section, TableRow, heading_of

_PARSER: Any = None
#: Info word of fenced blocks that hold claims (claimaudit.model.markdown_claims).
CLAIM_FENCE = "claimaudit"


def _parser() -> Any:
    global _PARSER
    if _PARSER is None:
        from markdown_it import MarkdownIt

        # CommonMark plus GFM tables; no HTML rendering happens, so raw HTML is never trusted.
        _PARSER = MarkdownIt("commonmark").enable("table")
    return _PARSER


class _Out:
    def __init__(self) -> None:
        self.parts: list[str] = []
        self.length = 0
        self.origin: list[tuple[int, int]] = []

    def anchor(self, line: int) -> None:
        if self.origin and self.origin[-1][0] == self.length:
            self.origin[-1] = (self.length, line)
        else:
            self.origin.append((self.length, line))

    def write(self, s: str) -> None:
        self.parts.append(s)
        self.length += len(s)


def _inline(tok: Any, out: _Out, line: int) -> str:
    """Write an inline token's words; returns them too (for headings and cells)."""
    words: list[str] = []
    out.anchor(line)
    for child in tok.children or ():
        t = child.type
        if t in ("text", "code_inline"):
            s = child.content
        elif t in ("softbreak", "hardbreak"):
            s = "\n"
        elif t == "image":
            s = child.content or "".join(c.content for c in child.children or ())
        else:
            continue  # emphasis, links and raw HTML tags carry no words of their own
        out.write(s)
        words.append(s)
        if s == "\n":
            line += 1
            out.anchor(line)
    return "".join(words)


def load_markdown(text: str, *, source: str, file: str) -> Document:
    tokens = _parser().parse(text)
    out = _Out()
    sections: list[Section] = []
    rows: list[TableRow] = []
    heading_level = 0
    row_cells: list[str] | None = None
    row_line = 1
    header: tuple[str, ...] = ()
    body = 0
    in_head = False
    for tok in tokens:
        line = tok.map[0] + 1 if tok.map else None
        t = tok.type
        if t == "heading_open":
            heading_level = int(tok.tag[1])
        elif t == "inline":
            if row_cells is not None:
                cell = _Out()
                row_cells.append(_inline(tok, cell, row_line).replace("\n", " ").strip())
                continue
            start = out.length
            words = _inline(tok, out, line or 1)
            if heading_level:
                h = heading_of(words, unnumbered=True)
                number = h.number if h is not None else ""
                sections.append(Section(start, words.strip(), heading_level, number))
            out.write("\n\n")
        elif t == "heading_close":
            heading_level = 0
        elif t == "fence" and (tok.info.split() or [""])[0].lower() == CLAIM_FENCE:
            continue  # claims embedded in the doc are not the doc's words (a quote would find itself)
        elif t in ("fence", "code_block"):
            out.anchor((line or 1) + (1 if t == "fence" else 0))
            out.write(tok.content + "\n")
        elif t == "html_block":
            out.anchor(line or 1)
            out.write(tok.content + "\n")
        elif t == "thead_open":
            in_head, body = True, 0
        elif t == "thead_close":
            in_head = False
        elif t == "tr_open":
            row_cells, row_line = [], line or row_line
        elif t == "tr_close" and row_cells is not None:
            out.anchor(row_line)
            start = out.length
            cells = []
            pos = start + 1
            for c in row_cells:
                cells.append((pos + 1, pos + 1 + len(c)))
                pos += len(c) + 3
            out.write("| " + " | ".join(row_cells) + " |")
            if in_head:
                header = tuple(row_cells)
                rows.append(TableRow(start, out.length, 0, tuple(cells), header))
            else:
                body += 1
                rows.append(TableRow(start, out.length, body, tuple(cells), header))
            out.write("\n")
            row_cells = None
        elif t == "table_close":
            header = ()
            out.write("\n")
    return Document(source, file, "markdown", "".join(out.parts), section_list=sections, row_list=rows,
                    origin=out.origin or [(0, 1)])
