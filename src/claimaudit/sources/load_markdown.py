"""Markdown: the words a reader sees, structure from markdown-it-py's token stream.

The text that quotes are searched in and numbers are read from is the rendered words, not the
source: ``**卡有多少时间**`` and ``[3FS](https://…)`` read as ``卡有多少时间`` and ``3FS`` (link targets
are never text). Headings become sections (with their numbering); pipe tables and HTML tables
(HTML blocks are rendered by :class:`~.load_html.HtmlRenderer`, so ``<td>``'s ``>`` is never
"more than" and attributes are never numbers) become ``| cell | cell |`` lines whose cells know
their row label, headers, caption (a short line right above the table) and section. Code (fenced,
indented, inline), image alt text and URLs are in the text, so a quote can be found there, but
marked non-prose: :meth:`Document.prose` blanks them before numbers are extracted. YAML front
matter is skipped. Every piece of text keeps its offset in the ``.md`` file (a source map), so a
number is reported at ``file:line:col``. Fenced ``claimaudit`` blocks (claims embedded in a doc)
are left out: they are not the doc's words, and a quote must not be found in the claim that
quotes it.
"""

from __future__ import annotations

import re
from typing import Any

from .document import Cell, Document, Section, Table, TableRow, TextBuilder, heading_of, line_starts
from .limits import Limits
from .load_html import HtmlRenderer, MalformedHTML, drop_marker, exponent, finish_document
from .markdown_tokens import markdown_tokens

_PARSER: Any = None
#: Info word of fenced blocks that hold claims (claimaudit.model.markdown_claims).
CLAIM_FENCE = "claimaudit"
_FRONT_MATTER = re.compile(r"\A(?:\ufeff)?---[ \t]*\r?\n.*?\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|\Z)", re.S)
_TAG = re.compile(r"<\s*(/?)\s*([A-Za-z][A-Za-z0-9]*)")
_CAPTION_BELOW = re.compile(r"^\W*(?:Table|Tab\.|表|図|Figure)\s*\d", re.I)
#: Longest paragraph read as a table's caption when it stands right above the table.
CAPTION_CHARS = 120


def _parser() -> Any:
    global _PARSER
    if _PARSER is None:
        from markdown_it import MarkdownIt

        # CommonMark (raw HTML recognised as html_block / html_inline tokens) plus GFM tables.
        _PARSER = MarkdownIt("commonmark").enable("table")
    return _PARSER


Piece = tuple[str, int, bool, bool]     # text, source offset, verbatim, prose

#: The top-level token types :func:`load_markdown` reads (the others, ``td_open`` and every
#: ``*_close`` it ignores, are not asked of the parser worker).
TOKEN_TYPES = frozenset({"heading_open", "heading_close", "paragraph_open", "list_item_open", "inline", "fence",
                         "code_block", "html_block", "table_open", "thead_open", "thead_close", "tr_open",
                         "tr_close", "table_close"})


class _Inline:
    """Turns an inline token's children into pieces with source offsets (found from a cursor)."""

    def __init__(self, src: str, cursor: int, limit: int) -> None:
        self.src, self.cursor, self.limit = src, cursor, limit
        self.pieces: list[Piece] = []
        self.sup = 0
        self.alt = 0

    def _find(self, s: str) -> tuple[int, bool]:
        i = self.src.find(s, self.cursor, self.limit) if s else -1
        if i < 0:
            return self.cursor, False
        self.cursor = i + len(s)
        return i, True

    def add(self, s: str, prose: bool = True) -> None:
        at, ok = self._find(s)
        self.pieces.append((s, at, ok, prose))

    def run(self, children: Any) -> list[Piece]:
        for ch in children or ():
            t = ch.type
            if t == "text":
                if self.sup:
                    self._sup(ch.content)
                else:
                    self.add(ch.content, prose=not self.alt)
            elif t == "code_inline":
                self.add(ch.content, prose=False)
            elif t in ("softbreak", "hardbreak"):
                nl = self.src.find("\n", self.cursor, self.limit)
                at = nl if nl >= 0 else self.cursor
                self.pieces.append(("\n", at, nl >= 0, True))
                if nl >= 0:
                    self.cursor = nl + 1
            elif t == "image":
                self.alt += 1
                self.run(ch.children)
                self.alt -= 1
            elif t == "html_inline":
                self._find(ch.content)
                m = _TAG.match(ch.content)
                if m:
                    name = m.group(2).lower()
                    if name == "sup":
                        self.sup = max(0, self.sup + (-1 if m.group(1) else 1))
                    elif name == "br":
                        self.pieces.append((" ", self.cursor, False, True))
        return self.pieces

    def _sup(self, s: str) -> None:
        before = "".join(p[0] for p in self.pieces[-3:])
        at, _ = self._find(s)
        text = exponent(before, s)
        if text is not None:
            self.pieces.append((text, at, False, True))
        # any other superscript is a footnote marker: not part of the text's numbers


def _write(out: TextBuilder, pieces: list[Piece], *, strip: bool = False) -> str:
    """Write pieces; with ``strip`` (table cells) trim the ends and drop a footnote marker after a number."""
    if strip and len(pieces) == 1 and "\n" not in pieces[0][0]:
        # one piece on one line (most table cells): what the general path below writes, without its lists
        p, a, v, pr = pieces[0]
        if not p.strip():
            return ""
        lead = len(p) - len(p.lstrip())
        p = drop_marker(p[lead:].rstrip())
        out.write(p, a + lead if v else a, verbatim=v, prose=pr)
        return p
    if strip:
        pieces = [(p.replace("\n", " "), a, v and "\n" not in p, pr) for p, a, v, pr in pieces]
        while pieces and not pieces[0][0].strip():
            pieces.pop(0)
        while pieces and not pieces[-1][0].strip():
            pieces.pop()
        if pieces:
            p, a, v, pr = pieces[0]
            lead = len(p) - len(p.lstrip())
            pieces[0] = (p[lead:], a + lead if v else a, v, pr)
            p, a, v, pr = pieces[-1]
            p = drop_marker(p.rstrip())
            pieces[-1] = (p, a, v, pr)
    words = []
    for p, a, v, pr in pieces:
        out.write(p, a, verbatim=v, prose=pr)
        words.append(p)
    return "".join(words)


def load_markdown(text: str, *, source: str, file: str, limits: Limits | None = None) -> Document:
    fm = _FRONT_MATTER.match(text)
    parsed = text
    if fm and fm.end() < 200_000:
        # front matter is not the doc's words: blank it, keeping offsets and lines
        parsed = re.sub(r"[^\n]", " ", text[:fm.end()]) + text[fm.end():]
    tokens = markdown_tokens(parsed, _parser, file=file, limits=limits, types=TOKEN_TYPES,   # bounded in time, memory
                             fast=True)
    starts = line_starts(text)
    out = TextBuilder(text)
    sections: list[Section] = []
    rows: list[TableRow] = []
    tables: list[Table] = []

    nstarts, end_off = len(starts), len(text)

    def line_off(line0: int) -> int:
        return starts[line0] if line0 < nstarts else end_off

    def section_of(offset: int) -> str:
        return sections[-1].title if sections else ""

    heading_level = 0
    in_head = False
    row: list[tuple[list[Piece], int]] | None = None
    row_at = 0
    table_rows: list[tuple[bool, list[tuple[list[Piece], int]], int]] = []
    table_at = 0
    table_line = table_end = -10
    below: tuple[Table, int] | None = None          # the table just closed, and its last line
    last_para: tuple[str, int] = ("", -10)          # text, end line (0-based, exclusive)
    para_start = 0
    for tok in tokens:
        t = tok.type
        lines = tok.map
        if t == "heading_open":
            heading_level = int(tok.tag[1])
        elif t == "heading_close":
            heading_level = 0
        elif t == "paragraph_open":
            para_start = out.length
        elif t == "list_item_open":
            out.write("• ", line_off(lines[0]) if lines else None, verbatim=False)
        elif t == "inline":
            a = line_off(lines[0]) if lines else out.last_src
            b = line_off(lines[1]) if lines else len(text)
            pieces = _Inline(text, a, b).run(tok.children)
            if row is not None:
                row.append((pieces, a))
                continue
            start = out.length
            words = _write(out, pieces)
            if heading_level:
                h = heading_of(words, unnumbered=True)
                sections.append(Section(start, words.strip(), heading_level, h.number if h is not None else ""))
            else:
                last_para = (out.since(para_start).strip() if out.length - para_start <= 4 * CAPTION_CHARS else "",
                             lines[1] if lines else -10)
                # "*Table 4. …*" right below a table without a caption is its caption
                if below is not None and lines and lines[0] <= below[1] + 1 and not below[0].caption \
                        and _CAPTION_BELOW.match(last_para[0]):
                    below[0].caption = last_para[0][:2 * CAPTION_CHARS]
            below = None
            out.write("\n\n", verbatim=False)
        elif t == "fence" and (tok.info.split() or [""])[0].lower() == CLAIM_FENCE:
            continue  # claims embedded in the doc are not the doc's words (a quote would find itself)
        elif t in ("fence", "code_block"):
            first = (lines[0] + (1 if t == "fence" else 0)) if lines else 0
            a = line_off(first)
            i = text.find(tok.content, a) if tok.content else -1
            out.write(tok.content + "\n", i if i >= 0 else a, verbatim=i >= 0, prose=False)
        elif t == "html_block":
            base = lines[0] if lines else 0
            block_at = line_off(base)

            def where(line: int, col: int, _base: int = base) -> int:
                return line_off(_base + line - 1) + col

            out.newline()
            renderer = HtmlRenderer(out, where, sections=sections, rows=rows, tables=tables, section_of=section_of)
            try:
                renderer.feed_bounded(tok.content)
            except MalformedHTML as exc:
                raise MalformedHTML(exc.message.replace(f"line {exc.line}", f"line {base + exc.line}"),
                                    base + exc.line, exc.col) from None
            out.newline()
            del block_at
        elif t == "table_open":
            table_rows, table_at = [], out.length
            table_line, table_end = (lines[0], lines[1]) if lines else (-10, -10)
        elif t == "thead_open":
            in_head = True
        elif t == "thead_close":
            in_head = False
        elif t == "tr_open":
            row, row_at = [], line_off(lines[0]) if lines else out.last_src
        elif t == "tr_close" and row is not None:
            table_rows.append((in_head, row, row_at))
            row = None
        elif t == "table_close":
            caption = last_para[0] if last_para[1] >= table_line - 1 and len(last_para[0]) <= CAPTION_CHARS else ""
            count = len(tables)
            _pipe_table(out, table_rows, rows, tables, caption, section_of(table_at))
            out.write("\n", verbatim=False)
            below = (tables[-1], table_end) if len(tables) > count else None
    doc = Document(source, file, "markdown", out.text(), section_list=sections, row_list=rows, table_list=tables)
    return finish_document(doc, out, starts)


def _pipe_table(out: TextBuilder, table_rows: list[tuple[bool, list[tuple[list[Piece], int]], int]],
                rows: list[TableRow], tables: list[Table], caption: str, section: str) -> None:
    header: list[str] = []
    body: list[list[Cell]] = []
    start_table = out.length
    for head, cells, at in table_rows:
        start = out.length
        out.write("|", at, verbatim=False)
        spans: list[tuple[int, int]] = []
        texts: list[str] = []
        for pieces, _a in cells:
            out.write(" ", verbatim=False)
            a = out.length
            texts.append(_write(out, pieces, strip=True))
            spans.append((a, out.length))
            out.write(" |", verbatim=False)
        if head:
            header = texts
            rows.append(TableRow(start, out.length, 0, tuple(spans), tuple(header)))
        else:
            label = texts[0] if texts else ""
            body.append([Cell(a, b, texts[k], len(body), k, label,
                              (header[k],) if k < len(header) and header[k] else ())
                         for k, (a, b) in enumerate(spans)])
            rows.append(TableRow(start, out.length, len(body), tuple(spans), tuple(header)))
        out.write("\n", verbatim=False)
    if body:
        tables.append(Table(len(tables), 0, start_table, out.length, header, body, caption=caption,
                            section=section, groups=[""] * len(body)))
