"""A loaded source text and its locators: lines, pages, sections, table rows and cells.

Every loader (text, Markdown, HTML, PDF) produces a :class:`Document`: the text quotes are
searched in, plus what is needed to say *where* a passage is. Offsets are offsets into
``Document.text``; :meth:`Document.locate` turns one into ``line``/``page``/``section``/table cell.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Any, Callable

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
    _norm: NormText | None = field(default=None, repr=False)
    _line_starts: list[int] | None = field(default=None, repr=False)
    _origin_starts: list[int] | None = field(default=None, repr=False)
    _row_starts: list[int] | None = field(default=None, repr=False)

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
    def line_of(self, offset: int) -> int:
        """1-based line in the *file* (for extracted HTML text, the line of the element)."""
        if self.origin is not None:
            if self._origin_starts is None:
                self._origin_starts = [o for o, _ in self.origin]
            i = bisect_right(self._origin_starts, offset) - 1
            return self.origin[i][1] if i >= 0 else 1
        if self._line_starts is None:
            starts = [0]
            pos = self.text.find("\n")
            while pos != -1:
                starts.append(pos + 1)
                pos = self.text.find("\n", pos + 1)
            self._line_starts = starts
        return bisect_right(self._line_starts, offset)

    def page_of(self, offset: int) -> int | None:
        if not self.pages:
            return None
        return bisect_right(self.pages, offset)

    def section_path(self, offset: int) -> list[Section]:
        """The headings in force at ``offset``, outermost first."""
        path: list[Section] = []
        for s in self.sections:
            if s.start > offset:
                break
            while path and path[-1].level >= s.level:
                path.pop()
            path.append(s)
        return path

    def row_at(self, offset: int) -> TableRow | None:
        if self._row_starts is None:
            self._row_starts = [r.start for r in self.rows]
        i = bisect_right(self._row_starts, offset) - 1
        if i >= 0 and self.rows[i].start <= offset < self.rows[i].end:
            return self.rows[i]
        return None

    def cell_at(self, offset: int) -> tuple[TableRow, int] | None:
        """The table row and 0-based column of the cell holding ``offset``."""
        row = self.row_at(offset)
        if row is None:
            return None
        for k, (s, e) in enumerate(row.cells):
            if s <= offset < e:
                return row, k
        return None

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
        return out


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
        bars = [i for i, c in enumerate(content) if c == "|" and (i == 0 or content[i - 1] != "\\")]
        edges = bars if bars and bars[0] == lead else [lead - 1] + bars
        if not content.rstrip().endswith("|"):
            edges = edges + [len(content)]
        for a, b in zip(edges, edges[1:]):
            cells.append((pos + a + 1, pos + b))
        texts = tuple(text[s:e].strip() for s, e in cells)
        if not in_table:
            in_table, header, body = True, texts, 0
            rows.append(TableRow(pos + lead, pos + len(content), 0, tuple(cells), header))
        elif all(re.fullmatch(r":?-{1,}:?", t or "-") for t in texts):
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
