"""Parse Markdown into markdown-it tokens in a child process (run as a script).

The parent (:mod:`.markdown_tokens`) runs this under the ``timeout`` limit and a memory cap for
large documents: markdown-it is linear but slow on some shapes (about 10 µs a character for
runs of ``[`` or ``**_``), so a 5 MiB document built that way would otherwise hold the run for
over a minute. Reads the text on stdin; prints the tokens as JSON (``Token.as_dict``).
"""

import json
import sys


def main() -> int:
    from markdown_it import MarkdownIt

    text = sys.stdin.buffer.read().decode("utf-8")
    # The same parser as load_markdown._parser: CommonMark (raw HTML as html tokens) plus GFM tables.
    tokens = MarkdownIt("commonmark").enable("table").parse(text)
    json.dump([t.as_dict() for t in tokens], sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
