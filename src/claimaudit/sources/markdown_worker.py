"""Parse Markdown into markdown-it tokens in a child process (run as a script).

The parent (:mod:`.markdown_tokens`) runs this under the ``timeout`` limit and a memory cap for
large documents: markdown-it is linear but slow on some shapes (about 10 µs a character for
runs of ``[`` or ``**_``), so a 5 MiB document built that way would otherwise hold the run for
over a minute. Reads the text on stdin (the arguments, when given, are the top-level token
types to send: the others are left out); prints the tokens as JSON lines of up to ``CHUNK``
tokens each, every token the list of the fields the loader reads (:data:`FIELDS`, children
nested the same way, a plain text child as its content alone): a third of the bytes of
``Token.as_dict``, and far cheaper to write and read. Ends with ``{"end": N}`` (N lines before it).

With ``--fast`` first (the parent asks for it when markdown-it-pyrs, the Rust port of markdown-it,
is installed: the ``[fast]`` extra) the text is parsed by markdown-it-pyrs, five times faster,
and its syntax tree is turned into the tokens markdown-it-py would give, as far as the loader
reads them (:func:`fast_records`: the top-level types asked for, inline children the loader
reads). Where the tree has anything the conversion does not know, or nests deeper than
markdown-it-py's limit, markdown-it-py parses the text instead, so the answer is always what
markdown-it-py would say.
"""

import bisect
import gc
import itertools
import json
import re
import sys
import unicodedata

#: The token fields sent, in order (what :mod:`.load_markdown` reads; ``children`` last).
FIELDS = ("type", "tag", "map", "content", "info", "children")
#: Tokens per JSON line: large enough that decoding is not per token, small enough that the
#: parent never holds many decoded tokens at once.
CHUNK = 2000
#: Deepest tree the fast conversion takes: markdown-it-py stops nesting at 20 levels (its
#: ``maxNesting``) and markdown-it-pyrs does not, so deeper trees are left to markdown-it-py.
FAST_DEPTH = 12
#: Inline children the loader reads (:class:`.load_markdown._Inline`); others only separate texts.
_NEWLINES = re.compile(r"\r\n?")
#: Texts the two parsers read differently, left to markdown-it-py: a last line of spaces without a
#: newline (markdown-it-py leaves it out of an open fence), a line that is a bare list marker (an
#: empty item: whether it ends a table, or a blockquote's lazy paragraph).
_DIFFERENT = re.compile(r"\n[ \t]+\Z|^[ \t]*(?:[*+-]|[0-9]{1,9}[.)])[ \t]*$", re.M)
_LINE_INDENT = re.compile(rb"\n([ \t]*)")
#: A run of emphasis delimiters (those with a non-ASCII character beside it are looked at).
_DELIMITER_RUN = re.compile(r"[*_]+")


class Unsure(Exception):
    """The fast tree has something its conversion does not know: parse with markdown-it-py."""


def _record(t):
    ch = t.children
    return [t.type, t.tag, t.map, t.content, t.info, [_child(c) for c in ch] if ch else None]


def _child(t):
    """An inline child's record; a plain text child (most of them) is its content alone (a third of
    the bytes, and no record for the parent to rebuild)."""
    if t.type == "text" and not t.tag and t.map is None and not t.info and not t.children:
        return t.content
    return _record(t)


def slow_records(text, types):
    """The loader's records of markdown-it-py's tokens (of ``types`` at the top level, if given),
    made as they are written."""
    from markdown_it import MarkdownIt

    # The same parser as load_markdown._parser: CommonMark (raw HTML as html tokens) plus GFM tables.
    tokens = MarkdownIt("commonmark").enable("table").parse(text)
    if types:                     # the top-level token types the caller reads; the rest are not sent
        tokens = [t for t in tokens if t.type in types]
    return map(_record, tokens)


class _Fast:
    """markdown-it-pyrs's tree as markdown-it-py's token records (what the loader reads of them).

    markdown-it-pyrs maps nodes to byte offsets of the source, markdown-it-py tokens to lines;
    tight list items hold their text without a paragraph node (markdown-it-py has a hidden
    paragraph); an inline token's children are flat in markdown-it-py, with adjacent texts joined
    (escapes and entities included) except inside an image's alt text."""

    def __init__(self, text):
        self.text = text
        data = text.encode("utf-8")
        nl = []
        i = data.find(b"\n")
        while i >= 0:
            nl.append(i)
            i = data.find(b"\n", i + 1)
        self.nl, self.data = nl, data
        self.out = []
        self.indent = 0             # the column of the list item the text is in
        self.quoted = False         # in a blockquote

    def line(self, off):
        return bisect.bisect_left(self.nl, off)

    def unblank(self, end, start):
        """``end`` (a line, exclusive) moved up past blank lines (an item's span takes those after it)."""
        nl, data = self.nl, self.data
        while end - 1 > start:
            a = nl[end - 2] + 1
            b = nl[end - 1] if end - 1 < len(nl) else len(data)
            if data[a:b].strip(b" \t"):
                break
            end -= 1
        return end

    def lines(self, node):
        s, e = node.srcmap
        return [self.line(s), self.line(e - 1) + 1 if e > s else self.line(s) + 1]

    def block(self, node, depth, quoted=False):
        if depth > FAST_DEPTH:
            raise Unsure("depth")
        name = node.name
        out = self.out
        if name == "paragraph":
            lines = self.lines(node)
            if quoted:
                self.lazy(lines)
            out.append(["paragraph_open", "p", lines, "", "", None])
            out.append(["inline", "", lines, "", "", self.inline(node.children, 0) or None])
        elif name in ("heading", "lheading"):
            lines = self.lines(node)
            tag = f"h{node.meta['level']}"
            out.append(["heading_open", tag, lines, "", "", None])
            if name == "lheading":         # a setext heading's inline ends before its underline
                lines = [lines[0], lines[1] - 1]
            out.append(["inline", "", lines, "", "", self.inline(node.children, 0) or None])
            out.append(["heading_close", tag, None, "", "", None])
        elif name in ("bullet_list", "ordered_list", "blockquote", "root"):
            prev = None
            quoted = quoted or name == "blockquote"
            outer, self.quoted = self.quoted, quoted
            for ch in node.children:
                self.interrupts(ch, prev)
                self.block(ch, depth + 1, quoted)
                prev = ch
            self.quoted = outer
        elif name == "list_item":
            self.list_item(node, depth, quoted)
        elif name == "fence":
            meta = node.meta
            out.append(["fence", "code", self.lines(node), self.body(node), meta.get("info", ""), None])
        elif name in ("code_block", "html_block"):
            out.append([name, "code" if name == "code_block" else "", self.lines(node), self.body(node), "", None])
        elif name == "table":
            self.table(node)
        elif name not in ("hr", "definition"):
            raise Unsure(name)

    def interrupts(self, node, prev):
        """Unsure of a table that starts right below a line of text other than the end of the
        paragraph or heading before it in the same container: markdown-it-py continues a
        blockquote's paragraph over it (lazily), markdown-it-pyrs starts the table."""
        if node.name != "table":
            return
        first = self.line(node.srcmap[0])
        if first == 0 or not self.line_text(first - 1).strip(b" \t"):
            return
        if prev is not None and (prev.name in ("paragraph", "heading", "lheading") or prev.name not in _BLOCKS) \
                and self.line(prev.srcmap[1] - 1) == first - 1:
            return
        raise Unsure("interrupted " + node.name)

    def line_text(self, line):
        nl = self.nl
        return self.data[nl[line - 1] + 1 if line else 0:nl[line] if line < len(nl) else len(self.data)]

    def body(self, node):
        """A code or HTML block's text: markdown-it-py gives no newline after a last line that has none."""
        content = node.meta["content"]
        if node.srcmap[1] >= len(self.data) and not self.data.endswith(b"\n") and content.endswith("\n"):
            return content[:-1]
        return content

    def lazy(self, lines):
        """Unsure of a blockquote's paragraph with a line that does not start with ``>``: where a
        lazy line could start a list or a table the two parsers end the paragraph differently."""
        for line in range(lines[0] + 1, lines[1]):
            if not self.line_text(line).lstrip(b" \t").startswith(b">"):
                raise Unsure("lazy line")

    def list_item(self, node, depth, quoted):
        outer = self.indent
        if node.children:       # the item's content column, markdown-it-py's blkIndent inside it
            start = node.children[0].srcmap[0]
            self.indent = start - (self.nl[self.line(start) - 1] + 1 if self.line(start) else 0)
        try:
            self.item(node, depth, quoted)
        finally:
            self.indent = outer

    def item(self, node, depth, quoted):
        lines = self.lines(node)
        self.out.append(["list_item_open", "li", lines, "", "", None])
        children = node.children
        i = 0
        while i < len(children):
            if children[i].name in _BLOCKS:
                self.interrupts(children[i], children[i - 1] if i else None)
                self.block(children[i], depth + 1, quoted)
                i += 1
                continue
            j = i            # a tight item's text: markdown-it-py's hidden paragraph
            while j < len(children) and children[j].name not in _BLOCKS:
                j += 1
            start = self.line(children[i].srcmap[0])
            end = self.line(children[j].srcmap[0]) if j < len(children) else self.unblank(lines[1], start)
            para = [start, end]
            if quoted:
                self.lazy(para)
            self.out.append(["paragraph_open", "p", para, "", "", None])
            self.out.append(["inline", "", para, "", "", self.inline(children[i:j], 0) or None])
            i = j

    def table(self, node):
        out = self.out
        out.append(["table_open", "table", self.lines(node), "", "", None])
        for part in node.children:
            head = part.name == "thead"
            if not head and part.name != "tbody":
                raise Unsure(part.name)
            if head:
                out.append(["thead_open", "thead", self.lines(part), "", "", None])
            for row in part.children:
                if row.name != "trow":
                    raise Unsure(row.name)
                lines = self.lines(row)
                lines[1] = lines[0] + 1
                if not head and b"|" not in self.line_text(lines[0]):
                    raise Unsure("a table row without '|'")   # where a list could start, the parsers differ
                out.append(["tr_open", "tr", lines, "", "", None])
                for cell in row.children:
                    if cell.name != "tcell":
                        raise Unsure(cell.name)
                    out.append(["inline", "", lines, "", "", self.inline(cell.children, 0) or None])
                out.append(["tr_close", "tr", None, "", "", None])
            if head:
                out.append(["thead_close", "thead", None, "", "", None])
        out.append(["table_close", "table", None, "", "", None])

    @staticmethod
    def _text(acc, c, joinable):
        # a text child is sent as its content alone (see _child)
        if joinable:
            acc[-1] += c
        else:
            acc.append(c)
        return True

    def inline(self, nodes, alt, depth=0, acc=None):
        """Flat child records of ``nodes``; ``alt`` counts the images they are the alt text of
        (markdown-it-py joins escapes and entities into the text, but not in an image's image)."""
        if depth > FAST_DEPTH:
            raise Unsure("depth")
        if acc is None:
            acc = []
        joinable = False                  # the last record is a text the next text joins
        for ch in nodes:
            name = ch.name
            if name == "text" or (name == "text_special" and alt < 2):
                joinable = self._text(acc, ch.meta["content"], joinable)
                continue
            before, joinable = joinable, False
            if name == "text_special":    # an escape or entity in nested alt text: markdown-it-py leaves it
                continue
            if name == "strong":
                # markdown-it-py keeps the outer delimiter of each side as an empty text, joined to
                # the texts beside it
                self._text(acc, "", before)
                self.inline(ch.children, alt, depth + 1, acc)
                joinable = self._text(acc, "", False)
                continue
            if name in ("em", "link"):
                self.inline(ch.children, alt, depth + 1, acc)
            elif name == "autolink":
                for t in ch.children:
                    if t.name not in ("text", "text_special"):
                        raise Unsure(t.name)
                    acc.append(_link_text(t.meta["content"]))
            elif name == "code_inline":
                a, b = ch.srcmap
                for m in _LINE_INDENT.finditer(self.data, a, b):
                    # markdown-it-py keeps what is indented past the container's indent, -pyrs not
                    if len(m.group(1)) > self.indent or self.quoted or b"\t" in m.group(1):
                        raise Unsure("code span over an indented line")
                acc.append(["code_inline", "code", None, "".join(t.meta["content"] for t in ch.children), "",
                            None])
            elif name in ("softbreak", "hardbreak"):
                acc.append([name, "br" if name == "hardbreak" else "", None, "", "", None])
            elif name == "html_inline":
                acc.append(["html_inline", "", None, ch.meta["content"], "", None])
            elif name == "image":
                acc.append(["image", "img", None, "", "", self.inline(ch.children, alt + 1, depth + 1) or None])
            else:
                raise Unsure(name)
        return acc


def _symbol_flanked(text):
    """Whether an emphasis delimiter run has a non-ASCII symbol (``×``, ``€``, ``→``, an emoji) on
    one side and no space on the other: markdown-it-py counts those symbols as punctuation there
    (CommonMark 0.31), markdown-it-pyrs does not, so the run may open or close for one only."""
    if text.isascii():
        return False      # (a flag of the string: no scan) the symbols are all non-ASCII
    # The runs of * and _ with a non-ASCII character before or after: a scan for the delimiters
    # only (a pattern with a look-behind and a look-ahead tried at every character of a 1 MB text
    # cost a tenth of the parse).
    for m in _DELIMITER_RUN.finditer(text):
        a, b = text[m.start() - 1:m.start()], text[m.end():m.end() + 1]
        if a <= "\x7f" and b <= "\x7f":
            continue
        for sym, other in ((a, b), (b, a)):
            if sym > "\x7f" and unicodedata.category(sym)[0] == "S" and other and not other.isspace():
                return True
    return False


def _link_text(url):
    """An autolink's text as markdown-it-py shows it (percent-escapes decoded where it decodes them)."""
    from markdown_it.common.normalize_url import normalizeLinkText

    return normalizeLinkText(url)


_BLOCKS = frozenset({"paragraph", "heading", "lheading", "bullet_list", "ordered_list", "blockquote", "fence",
                     "code_block", "html_block", "table", "hr", "definition", "list_item"})


def fast_records(text, types):
    """The loader's records of ``text`` parsed by markdown-it-pyrs, or None when its tree is one
    the conversion does not take (the caller then parses with markdown-it-py)."""
    import markdown_it_pyrs

    # markdown-it-py's normalisation (its offsets and lines are those of this text)
    text = _NEWLINES.sub("\n", text).replace("\0", "\ufffd")
    if _DIFFERENT.search(text) or _symbol_flanked(text):
        return None
    root = markdown_it_pyrs.MarkdownIt("commonmark").enable("table").tree(text)
    fast = _Fast(text)
    try:
        fast.block(root, 0)
    except Exception:     # noqa: BLE001 - Unsure, or a tree of a shape not foreseen: markdown-it-py answers
        return None
    return [r for r in fast.out if r[0] in types] if types else fast.out


def main() -> int:
    args = sys.argv[1:]
    fast = bool(args) and args[0] == "--fast"
    types = set(args[1:] if fast else args)
    text = sys.stdin.buffer.read().decode("utf-8")
    # The fast conversion's records are lists that live until they are printed: no cycles for the
    # collector to find, yet each of its full passes walks them all (a tenth of the child's time).
    gc.disable()
    records = fast_records(text, types) if fast else None
    if records is None:
        gc.enable()        # markdown-it-py's parse makes objects of its own: left to the collector as before
        records = slow_records(text, types)
    out = sys.stdout
    lines = 0
    records = iter(records)
    while chunk := list(itertools.islice(records, CHUNK)):
        out.write(json.dumps(chunk, separators=(",", ":")))
        out.write("\n")
        lines += 1
    out.write(json.dumps({"end": lines}) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
