"""Parse Markdown into markdown-it tokens in a child process (run as a script).

The parent (:mod:`.markdown_tokens`) runs this under the ``timeout`` limit and a memory cap for
large documents: markdown-it is linear but slow on some shapes (about 10 µs a character for
runs of ``[`` or ``**_``), so a 5 MiB document built that way would otherwise hold the run for
over a minute. Reads the text on stdin (the arguments, when given, are the top-level token
types to send: the others are left out); prints the tokens as JSON lines of up to ``CHUNK``
tokens each, every token the list of the fields the loader reads (:data:`FIELDS`, children
nested the same way): a third of the bytes of ``Token.as_dict``, and far cheaper to write and
read. Ends with ``{"end": N}`` (N lines before it).
"""

import json
import sys

#: The token fields sent, in order (what :mod:`.load_markdown` reads; ``children`` last).
FIELDS = ("type", "tag", "map", "content", "info", "children")
#: Tokens per JSON line: large enough that decoding is not per token, small enough that the
#: parent never holds many decoded tokens at once.
CHUNK = 2000


def _record(t):
    ch = t.children
    return [t.type, t.tag, t.map, t.content, t.info, [_record(c) for c in ch] if ch else None]


def main() -> int:
    from markdown_it import MarkdownIt

    text = sys.stdin.buffer.read().decode("utf-8")
    # The same parser as load_markdown._parser: CommonMark (raw HTML as html tokens) plus GFM tables.
    tokens = MarkdownIt("commonmark").enable("table").parse(text)
    if len(sys.argv) > 1:         # the top-level token types the caller reads; the rest are not sent
        wanted = set(sys.argv[1:])
        tokens = [t for t in tokens if t.type in wanted]
    out = sys.stdout
    lines = 0
    for i in range(0, len(tokens), CHUNK):
        out.write(json.dumps([_record(t) for t in tokens[i:i + CHUNK]], separators=(",", ":")))
        out.write("\n")
        lines += 1
    out.write(json.dumps({"end": lines}) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
