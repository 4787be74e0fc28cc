"""A document as extraction sees it: its text, and where tables, cells, sentences and headings are.

Loading reuses the sources loaders (``claimaudit.sources``) when that package is installed; until
then plain text and Markdown are read here, HTML through the standard library's parser (tables kept
as ``| a | b |`` rows so that the table logic below sees them) and PDF through pypdf when present.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import UsageError

#: Largest document read (bytes); a hostile input must not exhaust memory.
MAX_BYTES = 50 * 1024 * 1024
DOCUMENT_SUFFIXES = (".md", ".markdown", ".txt", ".text", ".html", ".htm", ".pdf")


@dataclass(frozen=True, slots=True)
class Cell:
    start: int
    end: int
    text: str
    row: int
    col: int


@dataclass
class Table:
    index: int
    line: int                          # 1-based line of the first row
    start: int
    end: int
    header: list[str]                  # header cell texts ("" when the table has no header row)
    rows: list[list[Cell]]             # body rows (header and separator excluded)

    def label(self, row: int) -> str:
        """The row's label: its first cell's text."""
        cells = self.rows[row]
        return cells[0].text.strip() if cells else ""


@dataclass
class Document:
    path: str
    text: str
    tables: list[Table] = field(default_factory=list)
    headings: list[tuple[int, str]] = field(default_factory=list)   # (offset, heading text)
    _line_starts: list[int] = field(default_factory=list, repr=False)
    _cells: list[tuple[int, int, int, int, int]] = field(default_factory=list, repr=False)

    def position(self, offset: int) -> tuple[int, int]:
        """1-based (line, column) of ``offset``."""
        i = bisect.bisect_right(self._line_starts, offset) - 1
        return i + 1, offset - self._line_starts[i] + 1

    def line_text(self, offset: int) -> str:
        i = bisect.bisect_right(self._line_starts, offset) - 1
        start = self._line_starts[i]
        end = self.text.find("\n", start)
        return self.text[start:end if end >= 0 else len(self.text)]

    def cell_at(self, offset: int) -> tuple[Table, Cell] | None:
        i = bisect.bisect_right(self._cells, (offset, 1 << 62)) - 1
        if i >= 0:
            s, e, t, r, c = self._cells[i]
            if s <= offset < e:
                table = self.tables[t]
                return table, table.rows[r][c]
        return None

    def heading_at(self, offset: int) -> str:
        i = bisect.bisect_right(self.headings, (offset, "\uffff")) - 1
        return self.headings[i][1] if i >= 0 else ""

    def sentence_span(self, offset: int) -> tuple[int, int]:
        """The sentence around ``offset`` (ends at 。！？!?; or '. ', or a line break)."""
        text = self.text
        lo = max(0, offset - 400)
        start = lo
        for m in _SENTENCE_END.finditer(text, lo, offset):
            start = m.end()
        m = _SENTENCE_END.search(text, offset, min(len(text), offset + 400))
        end = m.end() if m else min(len(text), offset + 400)
        return start, end

    def sentence(self, offset: int) -> str:
        s, e = self.sentence_span(offset)
        return self.text[s:e].strip()


_SENTENCE_END = re.compile(r"[。！？!?；;]|\.(?=\s|$)|\n")
_TABLE_ROW = re.compile(r"^\s*\|.*\|\s*$")
_SEPARATOR = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")
_MD_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.+?)\s*#*\s*$")
_NUM_HEADING = re.compile(r"^(\d+(?:\.\d+)*\.?)\s+\S.{0,60}$")


def _split_cells(line: str, line_start: int) -> list[tuple[int, int, str]]:
    cells = []
    bars = [i for i, ch in enumerate(line) if ch == "|" and (i == 0 or line[i - 1] != "\\")]
    for a, b in zip(bars, bars[1:]):
        raw = line[a + 1:b]
        lead = len(raw) - len(raw.lstrip())
        body = raw.strip()
        s = line_start + a + 1 + lead
        cells.append((s, s + len(body), body))
    return cells


def analyse(text: str, path: str = "<text>") -> Document:
    """Find line starts, Markdown tables (cells with offsets), and headings."""
    doc = Document(path, text)
    starts = [0]
    for m in re.finditer("\n", text):
        starts.append(m.end())
    doc._line_starts = starts
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if _TABLE_ROW.match(line):
            j = i
            while j < len(lines) and _TABLE_ROW.match(lines[j]):
                j += 1
            block = list(range(i, j))
            header: list[str] = []
            body = block
            if len(block) >= 2 and _SEPARATOR.match(lines[block[1]]):
                header = [c[2] for c in _split_cells(lines[block[0]], starts[block[0]])]
                body = block[2:]
            rows: list[list[Cell]] = []
            for k in body:
                if _SEPARATOR.match(lines[k]):
                    continue
                r = len(rows)
                rows.append([Cell(s, e, t, r, c) for c, (s, e, t) in enumerate(_split_cells(lines[k], starts[k]))])
            if rows:
                t = Table(len(doc.tables), i + 1, starts[i], starts[j - 1] + len(lines[j - 1]), header, rows)
                doc.tables.append(t)
                for row in rows:
                    for cell in row:
                        doc._cells.append((cell.start, max(cell.end, cell.start + 1), t.index, cell.row, cell.col))
            i = j
            continue
        m = _MD_HEADING.match(line)
        if m:
            doc.headings.append((starts[i], m.group(2)))
        elif _NUM_HEADING.match(line) and not re.match(r"^\d+\.\s", line) or re.match(r"^\d+(\.\d+)+\s", line):
            doc.headings.append((starts[i], line.strip()))
        i += 1
    doc._cells.sort()
    return doc


# -- loading ------------------------------------------------------------------------------------------

def _html_text(raw: str) -> str:
    """Visible text of an HTML page; table rows become ``| a | b |`` lines, headings ``#`` lines."""
    from html.parser import HTMLParser

    class _P(HTMLParser):
        def __init__(self) -> None:
            super().__init__(convert_charrefs=True)
            self.out: list[str] = []
            self.skip = 0
            self.row: list[str] | None = None
            self.cell: list[str] | None = None
            self.header_rows = 0
            self.table_rows = 0

        def handle_starttag(self, tag: str, attrs: list) -> None:
            if tag in ("script", "style", "noscript", "template"):
                self.skip += 1
            elif tag == "tr":
                self.row = []
            elif tag in ("td", "th") and self.row is not None:
                self.cell = []
            elif tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
                self.out.append("\n" + "#" * int(tag[1]) + " ")
            elif tag in ("p", "div", "li", "br", "section", "article", "table"):
                self.out.append("\n")
                if tag == "table":
                    self.table_rows = 0

        def handle_endtag(self, tag: str) -> None:
            if tag in ("script", "style", "noscript", "template"):
                self.skip = max(0, self.skip - 1)
            elif tag in ("td", "th") and self.row is not None and self.cell is not None:
                self.row.append(" ".join("".join(self.cell).split()).replace("|", "/"))
                self.cell = None
            elif tag == "tr" and self.row is not None:
                self.out.append("\n| " + " | ".join(self.row) + " |")
                if self.table_rows == 0:
                    self.out.append("\n|" + "---|" * len(self.row))
                self.table_rows += 1
                self.row = None
            elif tag in ("h1", "h2", "h3", "h4", "h5", "h6", "p", "div", "li", "table"):
                self.out.append("\n")

        def handle_data(self, data: str) -> None:
            if self.skip:
                return
            if self.cell is not None:
                self.cell.append(data)
            elif self.row is None:
                self.out.append(data)

    p = _P()
    p.feed(raw)
    p.close()
    text = "".join(p.out)
    return re.sub(r"\n{3,}", "\n\n", text).strip() + "\n"


def _pdf_text(path: Path) -> str:
    try:
        from pypdf import PdfReader
    except ImportError:  # pragma: no cover - depends on the environment
        raise UsageError(f"{path}: reading PDF needs pypdf (pip install pypdf)") from None
    reader = PdfReader(str(path))
    pages = []
    for n, page in enumerate(reader.pages, 1):
        pages.append(f"# page {n}\n" + (page.extract_text() or ""))
    return "\n".join(pages)


def read_text(path: Path) -> str:
    """The text of a document file (Markdown, text, HTML or PDF)."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None
    if size > MAX_BYTES:
        raise UsageError(f"{path}: document too large ({size} bytes > {MAX_BYTES})")
    suffix = path.suffix.lower()
    if suffix == ".pdf":
        return _pdf_text(path)
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if suffix in (".html", ".htm"):
        return _html_text(text)
    return text


def _tables_from_rows(doc: Document, rows: list) -> None:
    """Use the sources loader's table rows (HTML, PDF) as this document's tables."""
    doc.tables, doc._cells = [], []
    groups: list[list] = []
    for r in rows:
        if r.row == 0 or not groups or r.row != groups[-1][-1].row + 1:
            groups.append([r])
        else:
            groups[-1].append(r)
    for g in groups:
        header = list(g[0].header)
        body = [r for r in g if r.row > 0] if g[0].row == 0 else g
        cells: list[list[Cell]] = []
        for r in body:
            k = len(cells)
            cells.append([Cell(a, b, doc.text[a:b], k, c) for c, (a, b) in enumerate(r.cells)])
        if not cells:
            continue
        line, _col = doc.position(g[0].start)
        t = Table(len(doc.tables), line, g[0].start, g[-1].end, header, cells)
        doc.tables.append(t)
        for row in cells:
            for cell in row:
                doc._cells.append((cell.start, max(cell.end, cell.start + 1), t.index, cell.row, cell.col))
    doc._cells.sort()


def load_document(path: str | Path, display: str | None = None) -> Document:
    """Read a document. Markdown and text are read as they are (so that lines and columns are the
    file's); HTML and PDF go through the sources loaders when that package is present."""
    p = Path(path)
    shown = display or str(path)
    if p.suffix.lower() in (".html", ".htm", ".xhtml", ".pdf"):
        try:
            from ..sources.limits import SourceTextError
            from ..sources.loaders import load_document as load_source
        except ImportError:
            return analyse(read_text(p), shown)
        try:
            src = load_source(p, source=p.stem, shown=shown)
        except SourceTextError as exc:
            raise UsageError(str(exc)) from None
        doc = analyse(src.text, shown)
        if src.rows:
            _tables_from_rows(doc, src.rows)
        return doc
    return analyse(read_text(p), shown)
