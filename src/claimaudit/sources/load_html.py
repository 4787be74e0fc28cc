"""HTML: the words a browser shows, headings as sections, tables as rows of cells that know their headers.

Parsed with the standard library's ``html.parser`` (no tree is built, so deep nesting costs
nothing); script, style and template contents are dropped, character references decoded, and
attribute values never read as text (``width="600"`` is not a number). Block elements end a line;
each table row becomes ``| cell | cell |`` so a quoted row matches the same way as in Markdown.
Tables keep ``rowspan``/``colspan``, header rows (``<thead>``, rows of ``<th>``; two-row headers
give a cell two headers), group rows (one cell across the table: "Open-source") and the
``<caption>``. ``<sup>`` after ``10`` is an exponent (``3.0 x 10<sup>-4</sup>`` reads
``3.0 x 10^-4``); any other ``<sup>`` is a footnote marker and is dropped, as is a ``*``/``†``
right after a number in a cell (``852*``).

The same renderer reads HTML blocks inside Markdown (:mod:`.load_markdown`): every piece of text
remembers its offset in the original file (:class:`~.document.TextBuilder`).

Bounded: input is fed in chunks against a deadline, and ``html.parser`` is never left holding a
long unterminated tag (``<a<a<a…``), which costs it quadratic time when it is closed: more than
:data:`MAX_PENDING` characters of an unfinished tag is malformed HTML and an error naming the file.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from html.parser import HTMLParser

from .document import Cell, Document, Section, Table, TableRow, TextBuilder, heading_of, line_starts, make_cell
from .limits import DEFAULT_LIMITS, Limits, SourceTextError

_SKIP = {"script", "style", "template", "noscript", "svg", "math", "head"}
_BLOCK = {"p", "div", "li", "ul", "ol", "dl", "dt", "dd", "br", "hr", "section", "article", "aside",
          "header", "footer", "nav", "main", "blockquote", "pre", "figure", "figcaption", "caption",
          "table", "thead", "tbody", "tfoot", "form", "fieldset", "address", "details", "summary",
          "h1", "h2", "h3", "h4", "h5", "h6", "title", "center"}
_WS = re.compile(r"[ \t\r\n\f\v]+")
#: A footnote marker right after a number at the end of a cell (``852*``).
MARKER = re.compile(r"(?<=\d)[*†‡§¶]+$")
_WS_NOT_SPACE = frozenset("\t\r\n\f\v")
_MARKS = frozenset("*†‡§¶")


def collapse_spaces(text: str) -> str:
    """``_WS.sub(" ", text)``: runs of whitespace as one space; a text with no run to change is returned as
    it is (most cells and pieces: the substitution costs a few µs even where it changes nothing)."""
    return _WS.sub(" ", text) if "  " in text or not _WS_NOT_SPACE.isdisjoint(text) else text


def drop_marker(text: str) -> str:
    """``MARKER.sub("", text)``: a footnote marker after a number at the end dropped (tested first: the
    marker is the last character, or the one before a last newline, as ``$`` reads it)."""
    if (text[-1:] and text[-1] in _MARKS) or (text[-1:] == "\n" and text[-2:-1] and text[-2] in _MARKS):
        return MARKER.sub("", text)
    return text


_EXP_BASE = re.compile(r"(?:[x×*·]\s?)10\s?$")
_EXPONENT = re.compile(r"\s*[-−+]?\d{1,3}\s*")


def exponent(before: str, sup: str) -> str | None:
    """``^-4`` for a superscript that is an exponent of the ``10`` written before it; None for any
    other superscript (a footnote marker, not part of a number)."""
    if _EXP_BASE.search(before) and _EXPONENT.fullmatch(sup):
        return "^" + sup.strip().replace("−", "-")
    return None
CHUNK = 65536
#: Longest unfinished tag or comment ``html.parser`` may hold (characters): beyond it the HTML is malformed.
MAX_PENDING = 65536
#: Pending text at the end handled here rather than by ``HTMLParser.close`` (quadratic in it).
_CLOSE_SAFE = 2048


class MalformedHTML(Exception):
    def __init__(self, message: str, line: int, col: int) -> None:
        super().__init__(message)
        self.message, self.line, self.col = message, line, col


@dataclass
class _RawCell:
    pieces: list[tuple[str, int, bool]] = field(default_factory=list)   # (text, source offset, verbatim)
    colspan: int = 1
    rowspan: int = 1
    th: bool = False

    def text(self) -> str:
        return collapse_spaces("".join(p for p, _, _ in self.pieces)).strip()


@dataclass
class _RawRow:
    cells: list[_RawCell] = field(default_factory=list)
    head: bool = False
    at: int = 0


@dataclass
class _RawTable:
    rows: list[_RawRow] = field(default_factory=list)
    caption: list[str] = field(default_factory=list)
    at: int = 0
    in_head: bool = False


class HtmlRenderer(HTMLParser):
    """Writes the text of HTML into a :class:`TextBuilder`; ``where(line, col)`` maps the
    parser's positions (1-based line, 0-based column of what is being fed) to source offsets."""

    def __init__(self, out: TextBuilder, where: Callable[[int, int], int], *, sections: list[Section],
                 rows: list[TableRow], tables: list[Table], section_of: Callable[[int], str]) -> None:
        super().__init__(convert_charrefs=True)
        self.out, self.where = out, where
        self.sections, self.rows, self.tables = sections, rows, tables
        self.section_of = section_of
        self.skip = 0
        self.pre = 0
        self.sup = 0
        self.heading: tuple[int, int] | None = None
        self.stack: list[_RawTable] = []
        self.cell: _RawCell | None = None
        self.in_caption = False

    # -- positions --------------------------------------------------------------------------------
    def _src(self) -> int:
        line, col = self.getpos()
        return self.where(line, col)

    # -- events -----------------------------------------------------------------------------------
    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _SKIP:
            self.skip += 1
            return
        if tag in ("br", "hr"):
            self.handle_startendtag(tag, attrs)
            return
        if tag == "pre":
            self.pre += 1
        if tag == "sup":
            self.sup += 1
            return
        if tag == "table":
            self.out.newline()
            self.stack.append(_RawTable(at=self._src()))
            return
        table = self.stack[-1] if self.stack else None
        if table is not None:
            if tag == "thead":
                table.in_head = True
            elif tag in ("tbody", "tfoot"):
                table.in_head = False
            elif tag == "tr":
                self._close_cell()
                table.rows.append(_RawRow(head=table.in_head, at=self._src()))
            elif tag in ("td", "th"):
                self._close_cell()
                if not table.rows:
                    table.rows.append(_RawRow(head=table.in_head, at=self._src()))
                a = dict(attrs)
                self.cell = _RawCell(colspan=_span(a.get("colspan")), rowspan=_span(a.get("rowspan")), th=tag == "th")
                table.rows[-1].cells.append(self.cell)
            elif tag == "caption":
                self.in_caption = True
            elif self.cell is not None and tag in _BLOCK:
                self.cell.pieces.append((" ", self._src(), False))
            return
        if tag in _BLOCK:
            self.out.newline()
        if len(tag) == 2 and tag[0] == "h" and tag[1] in "123456":
            self.heading = (int(tag[1]), self.out.length)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("br", "hr"):
            if self.cell is not None:
                self.cell.pieces.append((" ", self._src(), False))
            elif not self.stack:
                self.out.newline()

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIP:
            self.skip = max(0, self.skip - 1)
            return
        if tag == "pre":
            self.pre = max(0, self.pre - 1)
        if tag == "sup":
            self.sup = max(0, self.sup - 1)
            return
        if self.stack:
            table = self.stack[-1]
            if tag in ("td", "th"):
                self._close_cell()
            elif tag == "thead":
                table.in_head = False
            elif tag == "caption":
                self.in_caption = False
            elif tag == "table":
                self._close_cell()
                self._emit_table(self.stack.pop())
            return
        if len(tag) == 2 and tag[0] == "h" and tag[1] in "123456" and self.heading is not None:
            level, start = self.heading
            title = self.out.since(start).strip() if self.out.length - start < 400 else ""
            if title:
                h = heading_of(title)
                self.sections.append(Section(start, title, level, h.number if h else ""))
            self.heading = None
        if tag in _BLOCK:
            self.out.newline()

    def handle_data(self, data: str) -> None:
        if self.skip or not data:
            return
        src = self._src()
        if self.sup:
            self._sup(data, src)
            return
        if self.stack:
            if self.cell is not None:
                self.cell.pieces.append((data, src, True))
            elif self.in_caption:
                self.stack[-1].caption.append(data)
            return
        if self.pre:
            self.out.write(data, src)
            return
        # One piece per source line, so a passage deep inside a paragraph keeps its own line.
        pos = 0
        for k, piece in enumerate(data.split("\n")):
            at = src + pos
            pos += len(piece) + 1
            text = collapse_spaces(piece if k == 0 else " " + piece)
            lead = len(piece) - len(piece.lstrip())
            if self.out.ends_with("\n "):
                text = text.lstrip(" ")
            if not text.strip() and (not self.out.parts or self.out.ends_with("\n ")):
                continue
            self.out.write(text, at + (lead if k and text and text[0] != " " else 0), verbatim=text == piece)

    def _sup(self, data: str, src: int) -> None:
        """An exponent after ``10`` is kept (``10^-4``); any other superscript is a footnote marker."""
        before = "".join(p for p, _, _ in self.cell.pieces[-3:]) if self.cell is not None else \
            "".join(self.out.parts[-3:])
        text = exponent(before, data)
        if text is None:
            return
        if self.cell is not None:
            self.cell.pieces.append((text, src, False))
        elif not self.stack:
            self.out.write(text, src, verbatim=False)

    # -- tables -----------------------------------------------------------------------------------
    def _close_cell(self) -> None:
        self.cell = None

    def _emit_table(self, raw: _RawTable) -> None:
        rows = [r for r in raw.rows if r.cells]
        if not rows:
            return
        out = self.out
        # Grid columns, with rowspans carried down.
        carried: dict[int, tuple[int, str]] = {}     # column -> (rows left, text)
        placed: list[list[tuple[int, _RawCell, str]]] = []
        labels: list[str] = []
        for r in rows:
            col, cells = 0, []
            new: dict[int, tuple[int, str]] = {}
            for c in r.cells:
                while col in carried:
                    col += 1
                text = drop_marker(c.text())
                cells.append((col, c, text))
                if c.rowspan > 1:
                    for k in range(c.colspan):
                        new[col + k] = (c.rowspan - 1, text)
                col += c.colspan
            first = next((t for cc, _, t in cells if cc == 0), None)
            labels.append(carried[0][1] if 0 in carried else first or "")
            carried = {k: (n - 1, t) for k, (n, t) in carried.items() if n > 1}
            carried.update(new)
            placed.append(cells)
        ncols = max(cc + cell.colspan for cells in placed for cc, cell, _ in cells)
        # Header rows: <thead> rows, else leading rows of <th> only, else a first row with no digits.
        nhead = 0
        for r in rows:
            if r.head or all(c.th for c in r.cells):
                nhead += 1
            else:
                break
        if nhead == 0 and len(rows) > 1 and not any(re.search(r"\d", t) for _, _, t in placed[0][1:]):
            nhead = 1
        headers: list[list[str]] = [[] for _ in range(ncols)]
        for cells in placed[:nhead]:
            for cc, cell, text in cells:
                for k in range(cc, min(ncols, cc + cell.colspan)):
                    if text and text not in headers[k]:
                        headers[k].append(text)
        # Rowspan header cells ("Model" over two header rows) are carried: fill from the first row.
        joined = [" / ".join(h) for h in headers]
        caption = collapse_spaces("".join(raw.caption)).strip()
        index = len(self.tables)
        out.newline()
        if caption:
            out.write(caption, raw.at, verbatim=False)
            out.write("\n", verbatim=False)
        table_start = out.length
        body: list[list[Cell]] = []
        groups: list[str] = []
        group = ""
        for k, (r, cells) in enumerate(zip(rows, placed, strict=True)):
            start = out.length
            spans: list[tuple[int, int]] = []
            out.write("|", r.at, verbatim=False)
            own: list[Cell] = []
            is_group = k >= nhead and len(cells) == 1 and cells[0][1].colspan >= max(2, ncols - 1)
            for cc, cell, _text in cells:
                out.write(" ", verbatim=False)
                a = out.length
                self._write_cell(cell)
                b = out.length
                # the cell's text as written (markers dropped); spans cover what was written
                spans.append((a, b))
                if k >= nhead and not is_group:
                    own.append(make_cell(a, b, out.since(a)[:b - a], len(body), cc,
                                    labels[k],
                                    tuple(headers[cc]) if cc < ncols else (), cell.colspan))
                out.write(" |", verbatim=False)
            end = out.length
            header = tuple(joined[cc] if cc < ncols else "" for cc, _, _ in cells)
            if k < nhead:
                self.rows.append(TableRow(start, end, 0, tuple(spans), header))
            elif is_group:
                group = cells[0][2]
                self.rows.append(TableRow(start, end, -1, tuple(spans), header))
            else:
                self.rows.append(TableRow(start, end, len(body) + 1, tuple(spans), header))
                body.append(own)
                groups.append(group)
            out.write("\n", verbatim=False)
        if body:
            line_src = rows[0].at
            self.tables.append(Table(index, line_src, table_start, out.length, joined, body, caption=caption,
                                     section=self.section_of(table_start), groups=groups))

    def _write_cell(self, cell: _RawCell) -> None:
        """The cell's pieces, whitespace collapsed, a footnote marker after its last number dropped."""
        pieces = [(p, s, v) for p, s, v in cell.pieces]
        # Trim the whitespace at both ends, collapse inside.
        texts: list[tuple[str, int, bool]] = []
        for p, s, v in pieces:
            t = collapse_spaces(p)
            lead = len(p) - len(p.lstrip()) if v else 0
            texts.append((t, s + lead, v and t == p))
        joined = "".join(t for t, _, _ in texts)
        stripped = drop_marker(joined.strip())
        if not stripped:
            return
        # Write piece by piece so each keeps its source offset.
        skip_lead = len(joined) - len(joined.lstrip())
        remaining = len(stripped)
        for t, s, v in texts:
            if skip_lead:
                cut = min(skip_lead, len(t))
                t, skip_lead = t[cut:], skip_lead - cut
            if remaining <= 0 or not t:
                continue
            t = t[:remaining]
            remaining -= len(t)
            self.out.write(t, s, verbatim=v)

    # -- bounded feeding --------------------------------------------------------------------------
    def feed_bounded(self, text: str, *, deadline: float | None = None, max_chars: int | None = None) -> None:
        try:
            self._feed_bounded(text, deadline, max_chars)
        except AssertionError as exc:
            # html.parser's declaration scanner (``_markupbase``) raises AssertionError on a ``<!`` it
            # cannot read ("<![<table>"): malformed HTML, an error naming the place, not a crash. An
            # assertion failing anywhere else is a bug and is raised as it is.
            tb = exc.__traceback__
            while tb is not None and tb.tb_next is not None:
                tb = tb.tb_next
            where = tb.tb_frame.f_code.co_filename.replace("\\", "/") if tb is not None else ""
            if not where.endswith(("/_markupbase.py", "/html/parser.py")):
                raise
            line, col = self.getpos()
            raise MalformedHTML(f"malformed HTML: a declaration at line {line}, column {col + 1} cannot be read "
                                f"({exc})", line, col + 1) from None

    def _feed_bounded(self, text: str, deadline: float | None, max_chars: int | None) -> None:
        for i in range(0, len(text), CHUNK):
            self.feed(text[i:i + CHUNK])
            pending = len(self.rawdata)
            if pending > MAX_PENDING and not self.cdata_elem:
                line, col = self.getpos()
                raise MalformedHTML(f"malformed HTML: a tag or comment opened at line {line}, column {col + 1} "
                                    f"is not closed within {MAX_PENDING:,} characters", line, col + 1)
            if deadline is not None and time.monotonic() > deadline:
                raise TimeoutError
            if max_chars is not None and self.out.length > max_chars:
                raise OverflowError
        self.finish()

    def finish(self) -> None:
        """Close the parser without handing it a long unfinished tag (its close() is quadratic)."""
        rest = self.rawdata
        if len(rest) > _CLOSE_SAFE:
            self.rawdata = ""
            if not self.cdata_elem and not self.skip:
                self.handle_data(rest)
        self.close()
        while self.stack:
            self._emit_table(self.stack.pop(0))


def _span(v: str | None) -> int:
    try:
        return max(1, min(int((v or "1").strip()), 1000))
    except ValueError:
        return 1


def load_html(text: str, *, source: str, file: str, limits: Limits = DEFAULT_LIMITS) -> Document:
    out = TextBuilder(text)
    starts = line_starts(text)
    sections: list[Section] = []
    rows: list[TableRow] = []
    tables: list[Table] = []

    def where(line: int, col: int) -> int:
        return starts[min(line, len(starts)) - 1] + col

    def section_of(offset: int) -> str:
        return sections[-1].title if sections else ""

    parser = HtmlRenderer(out, where, sections=sections, rows=rows, tables=tables, section_of=section_of)
    try:
        parser.feed_bounded(text, deadline=time.monotonic() + limits.timeout, max_chars=limits.max_chars)
    except TimeoutError:
        raise SourceTextError(f"{file}: parsing took longer than {limits.timeout:g} s (the timeout limit)",
                              "limit") from None
    except OverflowError:
        raise SourceTextError(f"{file}: more than {limits.max_chars:,} characters of text (the max_chars limit)",
                              "limit") from None
    except MalformedHTML as exc:
        raise SourceTextError(f"{file}:{exc.line}:{exc.col}: {exc.message}", "unreadable") from None
    return finish_document(Document(source, file, "html", out.text(), section_list=sections, row_list=rows,
                                    table_list=tables), out, starts)


def finish_document(doc: Document, out: TextBuilder, starts: list[int]) -> Document:
    """Attach the source map, and make each table's ``line`` the file line of its first row."""
    doc.src_map, doc.src_lines, doc.nonprose = out.anchors, starts, out.nonprose
    for t in doc.tables:
        t.line = doc.position(t.start)[0] if t.rows else t.line
    return doc
