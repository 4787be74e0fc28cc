"""HTML: the words a browser shows, with headings as sections and table rows as pipe lines.

Parsed with the standard library's ``html.parser`` (no tree is built, so deep nesting costs
nothing); script, style and template contents are dropped, character references decoded. Block
elements end a line; each table row becomes ``| cell | cell |`` so that a quoted table row
matches the same way as in Markdown. Every piece of text remembers the line of the HTML file it
came from. Parsing is fed in chunks against a deadline, so a hostile file hits the time limit
instead of hanging the run.
"""

from __future__ import annotations

import re
import time
from html.parser import HTMLParser

from .document import Document, Section, TableRow, heading_of
from .limits import Limits, SourceTextError

_SKIP = {"script", "style", "template", "noscript", "svg", "math"}
_BLOCK = {"p", "div", "li", "ul", "ol", "dl", "dt", "dd", "br", "hr", "section", "article", "aside",
          "header", "footer", "nav", "main", "blockquote", "pre", "figure", "figcaption", "caption",
          "table", "thead", "tbody", "tfoot", "form", "fieldset", "address", "details", "summary",
          "h1", "h2", "h3", "h4", "h5", "h6", "title"}
_WS = re.compile(r"[ \t\r\n\f\v]+")
CHUNK = 65536


class _Extractor(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.length = 0
        self.origin: list[tuple[int, int]] = []
        self.sections: list[Section] = []
        self.rows: list[TableRow] = []
        self.skip = 0
        self.pre = 0
        self.heading: tuple[int, int] | None = None     # (level, start offset)
        self.row: list[str] | None = None
        self.cell: list[str] | None = None
        self.row_line = 1
        self.header: tuple[str, ...] = ()
        self.row_has_th = False
        self.body = 0

    # -- output ---------------------------------------------------------------------------------
    def _write(self, s: str, line: int | None = None) -> None:
        if not s:
            return
        line = line or self.getpos()[0]
        if not self.origin or self.origin[-1][1] != line:
            self.origin.append((self.length, line))
        self.parts.append(s)
        self.length += len(s)

    def _newline(self) -> None:
        if self.parts and not self.parts[-1].endswith("\n"):
            self._write("\n")

    # -- events ---------------------------------------------------------------------------------
    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag in _SKIP:
            self.skip += 1
            return
        if tag == "pre":
            self.pre += 1
        if tag == "tr":
            self.row, self.row_line, self.row_has_th = [], self.getpos()[0], False
            return
        if tag in ("td", "th") and self.row is not None:
            self.cell = []
            self.row_has_th = self.row_has_th or tag == "th"
            return
        if self.row is not None:
            if self.cell is not None and tag in _BLOCK:
                self.cell.append(" ")
            return  # inside a table row, blocks only separate words of a cell
        if tag in _BLOCK:
            self._newline()
        if len(tag) == 2 and tag[0] == "h" and tag[1] in "123456":
            self.heading = (int(tag[1]), self.length)

    def handle_startendtag(self, tag: str, attrs: list) -> None:
        if tag in ("br", "hr"):
            if self.cell is not None:
                self.cell.append(" ")
            else:
                self._newline()

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIP:
            self.skip = max(0, self.skip - 1)
            return
        if tag == "pre":
            self.pre = max(0, self.pre - 1)
        if tag in ("td", "th") and self.row is not None and self.cell is not None:
            self.row.append(_WS.sub(" ", "".join(self.cell)).strip())
            self.cell = None
            return
        if tag == "tr" and self.row is not None:
            self._emit_row()
            return
        if self.row is not None:
            return
        if tag == "table":
            self.header, self.body = (), 0
        if len(tag) == 2 and tag[0] == "h" and tag[1] in "123456" and self.heading is not None:
            level, start = self.heading
            title = "".join(self.parts_since(start)).strip()
            if title:
                h = heading_of(title)
                self.sections.append(Section(start, title, level, h.number if h else ""))
            self.heading = None
        if tag in _BLOCK:
            self._newline()

    def parts_since(self, start: int) -> list[str]:
        out, total = [], self.length
        for p in reversed(self.parts):
            if total <= start:
                break
            out.append(p[max(0, start - (total - len(p))):])
            total -= len(p)
        return list(reversed(out))

    def _emit_row(self) -> None:
        cells_text = self.row or []
        self.row = None
        if self.cell is not None:
            cells_text.append(_WS.sub(" ", "".join(self.cell)).strip())
            self.cell = None
        if not cells_text:
            return
        self._newline()
        start = self.length
        spans, pos = [], start + 1
        for c in cells_text:
            spans.append((pos + 1, pos + 1 + len(c)))
            pos += len(c) + 3
        line = "| " + " | ".join(cells_text) + " |"
        if not self.origin or self.origin[-1][1] != self.row_line:
            self.origin.append((self.length, self.row_line))
        self.parts.append(line)
        self.length += len(line)
        if self.row_has_th and self.body == 0:
            self.header = tuple(cells_text)
            self.rows.append(TableRow(start, self.length, 0, tuple(spans), self.header))
        else:
            self.body += 1
            self.rows.append(TableRow(start, self.length, self.body, tuple(spans), self.header))
        self._write("\n")

    def handle_data(self, data: str) -> None:
        if self.skip:
            return
        if self.cell is not None:
            self.cell.append(data)
            return
        if self.row is not None:
            return  # text between cells
        if self.pre:
            self._write(data)
            return
        # One piece per source line, so a passage deep inside a paragraph gets its own line.
        line = self.getpos()[0]
        for k, piece in enumerate(data.split("\n")):
            piece = _WS.sub(" ", piece if k == 0 else " " + piece)
            if self.parts and self.parts[-1].endswith(("\n", " ")):
                piece = piece.lstrip(" ")
            self._write(piece, line + k)


def load_html(text: str, *, source: str, file: str, limits: Limits = Limits()) -> Document:
    parser = _Extractor()
    deadline = time.monotonic() + limits.timeout
    for i in range(0, len(text), CHUNK):
        parser.feed(text[i:i + CHUNK])
        if time.monotonic() > deadline:
            raise SourceTextError(f"{file}: parsing took longer than {limits.timeout:g} s "
                                  "(the timeout limit)", "limit")
        if parser.length > limits.max_chars:
            raise SourceTextError(f"{file}: more than {limits.max_chars:,} characters of text "
                                  "(the max_chars limit)", "limit")
    parser.close()
    return Document(source, file, "html", "".join(parser.parts), section_list=parser.sections,
                    row_list=parser.rows, origin=parser.origin or [(0, 1)])
