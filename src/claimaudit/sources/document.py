"""The one document model: a loaded text and its locators (lines, pages, sections, tables, cells).

Every loader (text, Markdown, HTML, PDF) produces a :class:`Document`, used both to locate quotes
(:mod:`.locate`) and to extract numbers (:mod:`claimaudit.extract`). ``Document.text`` is the words
a reader sees: markup removed, each table row written as ``| cell | cell |``. Offsets are offsets
into ``text``; a source map (:class:`TextBuilder`) takes each back to the file's line and column,
so a number read in a rendered HTML cell is reported at ``file:line:col`` of the original bytes.
Spans that are not prose (code, URLs, image alt text) are listed in ``nonprose``: a quote may be
found in them, but :meth:`Document.prose` blanks them so no number is extracted from them.
Tables (:class:`Table`) know for each :class:`Cell` its row label, column header(s), the
table's caption and section.
"""

from __future__ import annotations

import itertools
import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from ..lazy_pattern import LazyPattern
from .normalize import NormText, normalize


@dataclass(frozen=True)
class Section:
    start: int            # offset of the heading in the text
    title: str            # the heading as printed
    level: int            # 1 = top level
    number: str = ""      # its numbering, "4.1" or "四", "" if none


@dataclass(frozen=True)
class TableRow:
    start: int                                # offset of the row's first character
    end: int
    row: int                                  # 1-based row number in the table body (0 = header)
    cells: tuple[tuple[int, int], ...]        # each cell's [start, end) in the text
    header: tuple[str, ...] = ()              # the table's column headers, if it has any


@dataclass(frozen=True, slots=True)
class Cell:
    """One table cell: its span in the text, its grid position and what a reader names it by."""

    start: int
    end: int
    text: str
    row: int                          # 0-based body row of its table
    col: int                          # 0-based grid column (colspans counted)
    label: str = ""                   # the row's label (its first column, carried down a rowspan)
    headers: tuple[str, ...] = ()     # the column's header texts, outermost first (two-row headers)
    span: int = 1                     # colspan

    @property
    def header(self) -> str:
        return " / ".join(h for h in self.headers if h)


#: Cell's slots in field order, set directly by :func:`make_cell`: the frozen dataclass __init__ goes
#: through object.__setattr__ for each field, twice the cost, and a document has a cell per table cell.
_CELL_SLOTS = tuple(Cell.__dict__[f.name].__set__ for f in fields(Cell))


def make_cell(start: int, end: int, text: str, row: int, col: int, label: str = "",
              headers: tuple[str, ...] = (), span: int = 1) -> Cell:
    """``Cell(start, end, text, row, col, label, headers, span)``, built without the frozen __init__."""
    c = object.__new__(Cell)
    s_start, s_end, s_text, s_row, s_col, s_label, s_headers, s_span = _CELL_SLOTS
    s_start(c, start)
    s_end(c, end)
    s_text(c, text)
    s_row(c, row)
    s_col(c, col)
    s_label(c, label)
    s_headers(c, headers)
    s_span(c, span)
    return c


@dataclass
class Table:
    index: int
    line: int                          # 1-based line (in the file) of the first row
    start: int
    end: int
    header: list[str]                  # per grid column: the joined header ("" when none)
    rows: list[list[Cell]]             # body rows (header rows excluded), cells in column order
    caption: str = ""                  # <caption>, or the short line right above the table
    section: str = ""                  # the heading the table sits under
    groups: list[str] = field(default_factory=list)   # per body row: the group row above it ("Open-source")
    _ncols: int | None = field(default=None, repr=False, compare=False)
    _labels: list[str] | None = field(default=None, repr=False, compare=False)

    @property
    def ncols(self) -> int:
        if self._ncols is None:
            self._ncols = max([len(self.header)] + [c.col + c.span for r in self.rows for c in r])
        return self._ncols

    def label(self, row: int) -> str:
        """The row's label: its first cell's text (carried down a rowspan). Found once a table (the
        relation finders ask for every row's label many times; a table's rows never change once built)."""
        labels = self._labels
        if labels is None:
            labels = self._labels = [(cells[0].label or cells[0].text).strip() if cells else "" for cells in self.rows]
        return labels[row]

    def cell(self, row: int, col: int) -> Cell | None:
        """The row's own cell covering grid column ``col``."""
        for c in self.rows[row]:
            if c.col <= col < c.col + c.span:
                return c
        return None


class TextBuilder:
    """Writes a document's text piece by piece, remembering where in the source each piece came from.

    ``write(s, at)`` appends ``s``; ``at`` is its offset in the source when ``s`` is copied from
    there (``verbatim``), else the source offset it stands for (a ``|`` between cells).
    """

    def __init__(self, source: str) -> None:
        self.source = source
        self.parts: list[str] = []
        self.starts: list[int] = []
        self.length = 0
        self.anchors: list[tuple[int, int, int]] = []     # (text offset, source offset, verbatim length)
        self.nonprose: list[tuple[int, int]] = []
        self.last_src = 0

    def write(self, s: str, at: int | None = None, *, verbatim: bool = True, prose: bool = True) -> None:
        if not s:
            return
        src = self.last_src if at is None else at
        n = len(s) if verbatim and at is not None else 0
        self.anchors.append((self.length, src, n))
        if not prose:
            self.nonprose.append((self.length, self.length + len(s)))
        self.parts.append(s)
        self.starts.append(self.length)
        self.length += len(s)
        self.last_src = src + n

    def since(self, start: int) -> str:
        """The text written from offset ``start`` on (cheap: only the pieces after it are joined)."""
        i = max(0, bisect_right(self.starts, start) - 1)
        return "".join(self.parts[i:])[start - self.starts[i]:] if self.parts else ""

    def ends_with(self, chars: str) -> bool:
        return bool(self.parts) and self.parts[-1].endswith(tuple(chars))

    def newline(self) -> None:
        if self.parts and not self.parts[-1].endswith("\n"):
            self.write("\n", verbatim=False)

    def text(self) -> str:
        return "".join(self.parts)


def line_starts(text: str) -> list[int]:
    starts = [0]
    pos = text.find("\n")
    while pos != -1:
        starts.append(pos + 1)
        pos = text.find("\n", pos + 1)
    return starts


def _merge(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for a, b in sorted(spans):
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


_WEB = r"(?:\b(?:https?|ftp)://|\bwww\.)[^\s<>()\[\]\"'，。）]+"
_URL = LazyPattern(_WEB + r"|\b[\w.+-]+@[\w-]+\.[\w.]+")
_WEB_ONLY = LazyPattern(_WEB)


def url_spans(text: str) -> list[tuple[int, int]]:
    """URLs (with their percent-escapes) and e-mail addresses: not prose."""
    if "@" not in text:
        # no address can match: the cheaper pattern finds the same URLs (the address branch
        # tries every word of a 1 MB text)
        if "://" not in text and "www." not in text:
            return []
        return [m.span() for m in _WEB_ONLY.finditer(text)]
    return [m.span() for m in _URL.finditer(text)]


@dataclass
class Document:
    source: str                 # source id
    file: str                   # the file as shown in reports (relative to the root when inside it)
    format: str                 # text | markdown | html | pdf
    text: str
    section_list: list[Section] | None = None     # None: found on first use by ``structure``
    row_list: list[TableRow] | None = None
    #: Finds (sections, rows) from the text when first asked: a 10 MB text costs nothing for
    #: structure until a quote is reported in it.
    structure: Callable[[str], tuple[list[Section], list[TableRow]]] | None = field(default=None, repr=False)
    #: For extracted text (HTML): (offset in text, line in the file) anchors; None when the
    #: text's own lines are the file's lines.
    origin: list[tuple[int, int]] | None = None
    pages: list[int] | None = None          # PDF: offset where each page starts
    #: Source map (Markdown, HTML): (text offset, source offset, verbatim length) anchors, and the
    #: source's line starts; None when the text's own lines and columns are the file's.
    src_map: list[tuple[int, int, int]] | None = field(default=None, repr=False)
    src_lines: list[int] | None = field(default=None, repr=False)
    nonprose: list[tuple[int, int]] = field(default_factory=list, repr=False)
    table_list: list[Table] | None = None
    _norm: NormText | None = field(default=None, repr=False)
    _line_starts: list[int] | None = field(default=None, repr=False)
    _origin_starts: list[int] | None = field(default=None, repr=False)
    _row_starts: list[int] | None = field(default=None, repr=False)
    _map_starts: list[int] | None = field(default=None, repr=False)
    _cells: list[tuple[int, int, int, int]] | None = field(default=None, repr=False)
    _cell_starts: list[int] | None = field(default=None, repr=False)
    _flat: list[list[Cell]] = field(default_factory=list, repr=False)
    _paths: list[list[Section]] | None = field(default=None, repr=False)
    _section_starts: list[int] | None = field(default=None, repr=False)
    _stops: list[int] | None = field(default=None, repr=False)       # offsets of sentence stops
    _spans: dict[int, tuple[int, int]] = field(default_factory=dict, repr=False)   # sentence_span's answers
    #: The text before :meth:`prose` blanked its non-prose spans (None: nothing was blanked), for
    #: what a document writes in code beside a value ("76894 (`9_765_625/127`)").
    unblanked: str | None = field(default=None, repr=False)

    @property
    def path(self) -> str:
        return self.file

    @property
    def tables(self) -> list[Table]:
        if self.table_list is None:
            self.table_list = tables_from_rows(self)
        return self.table_list

    def prose(self) -> Document:
        """This document with its non-prose spans (code, URLs, alt text) blanked, offsets kept:
        what numbers are extracted from."""
        spans = _merge(list(self.nonprose) + url_spans(self.text))
        if not spans:
            return self
        parts, pos = [], 0
        for a, b in spans:
            parts.append(self.text[pos:a])
            parts.append(re.sub(r"[^\n|]", " ", self.text[a:b]))
            pos = b
        parts.append(self.text[pos:])
        out = Document(self.source, self.file, self.format, "".join(parts), section_list=self.sections,
                       row_list=self.rows, origin=self.origin, pages=self.pages, src_map=self.src_map,
                       src_lines=self.src_lines, nonprose=[], table_list=self.tables, unblanked=self.text)
        out._line_starts = self._line_starts
        return out

    # -- lazily built structure and search structures -------------------------------------------------
    def _structure(self) -> None:
        secs, rows = self.structure(self.text) if self.structure else ([], [])
        if self.section_list is None:
            self.section_list = secs
        if self.row_list is None:
            self.row_list = rows

    @property
    def sections(self) -> list[Section]:
        if self.section_list is None:
            self._structure()
        return self.section_list or []

    @property
    def rows(self) -> list[TableRow]:
        if self.row_list is None:
            self._structure()
        return self.row_list or []

    @property
    def norm(self) -> NormText:
        if self._norm is None:
            self._norm = NormText(self.text)
        return self._norm

    # -- locators ----------------------------------------------------------------------------------
    def source_offset(self, offset: int) -> int | None:
        """The offset in the file's text that ``offset`` of ``text`` comes from (None: no source map)."""
        if self.src_map is None:
            return None
        if self._map_starts is None:
            self._map_starts = [a for a, _, _ in self.src_map]
        i = bisect_right(self._map_starts, offset) - 1
        if i < 0:
            return 0
        t, src, n = self.src_map[i]
        return src + min(offset - t, max(n - 1, 0)) if n else src

    def position(self, offset: int) -> tuple[int, int]:
        """1-based (line, column) in the *file* of ``offset`` (columns count characters)."""
        src = self.source_offset(offset)
        if src is not None and self.src_lines is not None:
            i = bisect_right(self.src_lines, src) - 1
            return i + 1, src - self.src_lines[max(i, 0)] + 1
        starts = self._text_lines()
        i = bisect_right(starts, offset) - 1
        return i + 1, offset - starts[i] + 1

    def positions(self, offsets: list[int]) -> list[tuple[int, int]]:
        """:meth:`position` of each offset, in one loop (extraction asks for every mention's)."""
        src_map, src_lines = self.src_map, self.src_lines
        if src_map is None or src_lines is None:
            return [self.position(o) for o in offsets]
        if self._map_starts is None:
            self._map_starts = [a for a, _, _ in src_map]
        map_starts, out = self._map_starts, []
        for offset in offsets:      # (source_offset, then the file line, as position does)
            i = bisect_right(map_starts, offset) - 1
            if i < 0:
                src = 0
            else:
                t, src, n = src_map[i]
                if n:
                    src += min(offset - t, max(n - 1, 0))
            j = bisect_right(src_lines, src) - 1
            out.append((j + 1, src - src_lines[max(j, 0)] + 1))
        return out

    def _text_lines(self) -> list[int]:
        if self._line_starts is None:
            self._line_starts = line_starts(self.text)
        return self._line_starts

    def line_text(self, offset: int) -> str:
        """The line of ``text`` holding ``offset`` (a table row is one line)."""
        starts = self._text_lines()
        i = bisect_right(starts, offset) - 1
        end = self.text.find("\n", starts[i])
        return self.text[starts[i]:end if end >= 0 else len(self.text)]

    def sentence_span(self, offset: int) -> tuple[int, int]:
        """The sentence around ``offset`` (ends at 。！？!?; or '. ', or a line break), looked for at
        most 400 characters either way. The text's stops are found once and bisected (relations
        ask for the sentence of every mention); a ``.`` that ends the 400-character window counts
        as a stop, as when the window itself is searched."""
        hit = self._spans.get(offset)
        if hit is not None:
            return hit
        text = self.text
        if self._stops is None:
            self._stops = [m.start() for m in _SENTENCE_STOP.finditer(text)]
        stops = self._stops
        lo = max(0, offset - 400)
        if lo <= offset - 1 < len(text) and text[offset - 1] == ".":
            start = offset
        else:
            i = bisect_left(stops, min(offset, len(text))) - 1
            start = stops[i] + 1 if i >= 0 and stops[i] >= lo else lo
        hi = min(len(text), offset + 400)
        j = bisect_left(stops, offset)
        end = stops[j] + 1 if j < len(stops) and stops[j] < hi else hi
        if offset <= hi - 1 < end - 1 and text[hi - 1] == ".":
            end = hi
        self._spans[offset] = start, end
        return start, end

    def sentence(self, offset: int) -> str:
        s, e = self.sentence_span(offset)
        return self.text[s:e].strip()

    def heading_at(self, offset: int) -> str:
        path = self.section_path(offset)
        return path[-1].title if path else ""

    def line_of(self, offset: int) -> int:
        """1-based line in the *file* (for extracted HTML text, the line of the element)."""
        if self.src_map is not None:
            return self.position(offset)[0]
        if self.origin is not None:
            if self._origin_starts is None:
                self._origin_starts = [o for o, _ in self.origin]
            i = bisect_right(self._origin_starts, offset) - 1
            return self.origin[i][1] if i >= 0 else 1
        return bisect_right(self._text_lines(), offset)

    def page_of(self, offset: int) -> int | None:
        if not self.pages:
            return None
        return bisect_right(self.pages, offset)

    def section_path(self, offset: int) -> list[Section]:
        """The headings in force at ``offset``, outermost first (paths computed once, then bisected)."""
        if self._paths is None:
            paths: list[list[Section]] = []
            path: list[Section] = []
            for sec in self.sections:
                while path and path[-1].level >= sec.level:
                    path.pop()
                path.append(sec)
                paths.append(list(path))
            self._paths = paths
            self._section_starts = [sec.start for sec in self.sections]
        i = bisect_right(self._section_starts or [], offset) - 1
        return list(self._paths[i]) if i >= 0 else []

    def row_at(self, offset: int) -> TableRow | None:
        if self._row_starts is None:
            self._row_starts = [r.start for r in self.rows]
        i = bisect_right(self._row_starts, offset) - 1
        if i >= 0 and self.rows[i].start <= offset < self.rows[i].end:
            return self.rows[i]
        return None

    def cell_at(self, offset: int) -> tuple[Table, Cell] | None:
        """The table and the cell holding ``offset`` (None outside tables)."""
        if self._cells is None:
            # Tables found from the text need a "|" (pipe_rows): a text without one (a sentence)
            # has none, and its headings and rows need not be found just to say so.
            tables = self.tables if self.table_list is not None or "|" in self.text else []
            cells = sorted((c.start, max(c.end, c.start + 1), t.index, k)
                           for t in tables for k, c in enumerate(cc for r in t.rows for cc in r))
            self._cells = cells
            self._cell_starts = [c[0] for c in cells]
            self._flat = [[cc for r in t.rows for cc in r] for t in tables]
        i = bisect_right(self._cell_starts or [], offset) - 1
        if i >= 0:
            s, e, t, k = self._cells[i]
            if s <= offset < e:
                return self.tables[t], self._flat[t][k]
        return None

    def cells_at(self, offsets: list[int]) -> list[tuple[Table, Cell] | None]:
        """:meth:`cell_at` of each offset, in one loop (extraction asks for every mention's)."""
        if self._cells is None:
            self.cell_at(0)       # builds the index
        cells, starts, flat = self._cells or [], self._cell_starts or [], self._flat
        out: list[tuple[Table, Cell] | None] = []
        for offset in offsets:
            i = bisect_right(starts, offset) - 1
            hit = None
            if i >= 0:
                s, e, t, k = cells[i]
                if s <= offset < e:
                    hit = self.tables[t], flat[t][k]
            out.append(hit)
        return out

    def locate(self, start: int, end: int | None = None) -> dict[str, Any]:
        """Where ``[start, end)`` is, as plain data for reports."""
        out: dict[str, Any] = {"file": self.file, "line": self.line_of(start)}
        if end is not None and end > start:
            out["end_line"] = self.line_of(end - 1)
        page = self.page_of(start)
        if page is not None and self.pages:
            # Lines of extracted PDF text count from the top of their page.
            first = self.line_of(self.pages[page - 1]) - 1
            out["page"] = page
            out["line"] -= first
            if "end_line" in out:
                out["end_line"] -= first
        path = self.section_path(start)
        if path:
            out["section"] = path[-1].title
            out["section_path"] = [s.title for s in path]
        row = self.row_at(start)
        if row is not None:
            out["table_row"] = row.row
        hit = self.cell_at(start)
        if hit is None and row is not None and row.cells:
            hit = self.cell_at(row.cells[0][0])        # a quoted row: its first cell names it
        if hit is not None:
            table, cell = hit
            out["table"] = table.index + 1
            out["cell"] = {"row": cell.label, "column": cell.header}
        if self.src_map is not None:
            out["col"] = self.position(start)[1]
        return out


_SENTENCE_STOP = LazyPattern(r"[。！？!?；;]|\.(?=\s|$)|\n")


def tables_from_rows(doc: Document) -> list[Table]:
    """Tables from a document's pipe rows (plain text, PDF): header row 0, body rows after it."""
    tables: list[Table] = []
    group: list[TableRow] = []

    def flush() -> None:
        body = [r for r in group if r.row > 0]
        if not body:
            return
        header = list(group[0].header) if group[0].row == 0 else []
        rows: list[list[Cell]] = []
        for k, r in enumerate(body):
            texts = [doc.text[a:b].strip() for a, b in r.cells]
            label = texts[0] if texts else ""
            cells = []
            for c, (a, b) in enumerate(r.cells):
                raw = doc.text[a:b]
                lead = len(raw) - len(raw.lstrip())
                s = a + lead
                cells.append(make_cell(s, s + len(raw.strip()), raw.strip(), k, c, label,
                                  (header[c],) if c < len(header) else ()))
            rows.append(cells)
        path = doc.section_path(group[0].start)
        tables.append(Table(len(tables), doc.line_of(group[0].start), group[0].start, group[-1].end, header, rows,
                            section=path[-1].title if path else "", groups=[""] * len(rows)))

    for r in doc.rows:
        if group and (r.row == 0 or r.row != group[-1].row + 1):
            flush()
            group = []
        group.append(r)
    if group:
        flush()
    return tables


# -- headings in plain text ------------------------------------------------------------------------

_CN_ORD = "一二三四五六七八九十百零"
_NUMBERED = re.compile(
    rf"^\s*(?:(?P<dec>\d+(?:\.\d+)*)(?:\.\s*|、\s*|\s+)|(?P<cn>[{_CN_ORD}]+)[、.．]"
    rf"|第(?P<nth>[{_CN_ORD}\d]+)[章节篇部])\s*(?P<rest>.*)$")
_SENTENCE_END = tuple("。；！？!?;:：，,")


def heading_of(line: str, *, unnumbered: bool = True) -> Section | None:
    """Whether a line of plain text reads as a heading, and its level and number.

    A numbered line (``4.1 …``, ``四、…``, ``第三章 …``) of at most 60 characters that does not
    end like a sentence is a heading; with ``unnumbered``, so is a short line (20 characters or
    fewer) with no sentence punctuation at all (``学习目标``, ``一句话总结``). List items, table
    rows and anything longer are body text.
    """
    s = line.strip()
    if not s or s[0] in "-*+|>#`[" or len(s) > 60 or s.endswith(_SENTENCE_END):
        return None
    m = _NUMBERED.match(s)
    if m and m.group("rest"):
        if m.group("dec"):
            number = m.group("dec")
            if len(number) > 8 or (number.isdigit() and int(number) > 99):
                return None  # a year or a figure, not a section number
            return Section(0, s, number.count(".") + 1, number)
        number = m.group("cn") or m.group("nth") or ""
        return Section(0, s, 1, number)
    if unnumbered and len(s) <= 20 and not any(c in s for c in "。；！？!?;:：，,、()（）=") and not s[0].isdigit():
        return Section(0, s, 1, "")
    return None


def text_sections(text: str, *, unnumbered: bool = True) -> list[Section]:
    """Headings found line by line (:func:`heading_of`), with their offsets."""
    out: list[Section] = []
    pos = 0
    for line in text.splitlines(keepends=True):
        if len(line) <= 64:
            h = heading_of(line, unnumbered=unnumbered)
            if h is not None:
                # An unnumbered heading sits below the numbered one before it, if any.
                level = h.level if h.number or not out or not out[-1].number else out[-1].level + 1
                out.append(Section(pos + (len(line) - len(line.lstrip())), h.title, level, h.number))
        pos += len(line)
    return out


_BAR = re.compile(r"(?<!\\)\|")          # a cell boundary: a pipe not escaped by a backslash
_RULE_CELL = re.compile(r":?-{1,}:?")     # a cell of the |---|:--:| separator row


def pipe_rows(text: str, table_lines: set[int] | None = None) -> list[TableRow]:
    """Rows of pipe tables (``| a | b |``), their cells' spans and the header of each table.

    ``table_lines`` (0-based line numbers), when given, says which lines are table rows (the
    Markdown parser knows); otherwise every line starting with ``|`` is.
    """
    rows: list[TableRow] = []
    header: tuple[str, ...] = ()
    body = 0
    in_table = False
    pos = 0
    for lineno, line in enumerate(text.splitlines(keepends=True)):
        stripped = line.strip()
        is_row = (lineno in table_lines) if table_lines is not None else stripped.startswith("|")
        if not is_row:
            in_table = False
            pos += len(line)
            continue
        cells: list[tuple[int, int]] = []
        lead = len(line) - len(line.lstrip())
        content = line.rstrip("\r\n")
        # Cell boundaries: unescaped pipes.
        bars = [m.start() for m in _BAR.finditer(content)]
        edges = bars if bars and bars[0] == lead else [lead - 1] + bars
        if not content.rstrip().endswith("|"):
            edges = edges + [len(content)]
        for a, b in itertools.pairwise(edges):
            cells.append((pos + a + 1, pos + b))
        texts = tuple(text[s:e].strip() for s, e in cells)
        if not in_table:
            in_table, header, body = True, texts, 0
            rows.append(TableRow(pos + lead, pos + len(content), 0, tuple(cells), header))
        elif all(_RULE_CELL.fullmatch(t or "-") for t in texts):
            pass  # the |---|---| separator
        else:
            body += 1
            rows.append(TableRow(pos + lead, pos + len(content), body, tuple(cells), header))
        pos += len(line)
    return rows


def section_matches(at: str, path: list[Section]) -> bool | None:
    """Whether a claim's ``at`` locator agrees with the headings in force at a passage.

    ``at`` is free text (``四 (cost table)``, ``4.5 工作流程中的四次"账本核对"``, ``学习目标``);
    its leading number, when it has one, must be a section number on the path, else its words
    (parentheses dropped) must appear in a heading. None when ``at`` says nothing checkable
    (``Table 2``, ``p. 5`` style locators are not sections).
    """
    text = re.sub(r"[(（][^)）]*[)）]", " ", at).strip()
    if not text or not path:
        return None
    m = _NUMBERED.match(text) or re.match(rf"^\s*(?P<cn>[{_CN_ORD}]+)\s*$", text) \
        or re.match(r"^\s*(?P<dec>\d+(?:\.\d+)*)\s*$", text)
    number = ""
    if m:
        number = (m.groupdict().get("dec") or m.groupdict().get("cn") or m.groupdict().get("nth") or "")
    if number:
        return any(s.number == number for s in path)
    if re.match(r"(?i)^(table|fig(ure)?|p\.|page|§)", text):
        return None
    want = normalize(text)
    return any(want in normalize(s.title) or normalize(s.title) in want for s in path)
