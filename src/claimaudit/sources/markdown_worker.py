"""Parse Markdown into markdown-it tokens in a child process (run as a script).

The parent (:mod:`.markdown_tokens`) runs this under the ``timeout`` limit and a memory cap for
large documents: markdown-it is linear but slow on some shapes (about 10 µs a character for
runs of ``[`` or ``**_``), so a 5 MiB document built that way would otherwise hold the run for
over a minute. Reads the text on stdin; prints the tokens as JSON (``Token.as_dict``), one a line
without the fields that hold their default (half the bytes), then ``{"end": N}``.
"""

import json
import sys


def main() -> int:
    from markdown_it import MarkdownIt

    text = sys.stdin.buffer.read().decode("utf-8")
    # The same parser as load_markdown._parser: CommonMark (raw HTML as html tokens) plus GFM tables.
    tokens = MarkdownIt("commonmark").enable("table").parse(text)
    out = sys.stdout
    for t in tokens:
        out.write(json.dumps(t.as_dict(filter=_not_default), separators=(",", ":")))
        out.write("\n")
    out.write(json.dumps({"end": len(tokens)}) + "\n")
    return 0


#: Token fields and their defaults (markdown_it.token.Token): a field left out is rebuilt as these.
_DEFAULTS: dict[str, object] = {"attrs": {}, "map": None, "level": 0, "children": None, "content": "",
                                "markup": "", "info": "", "meta": {}, "block": False, "hidden": False}


def _not_default(key: str, value: object) -> bool:
    return key not in _DEFAULTS or value != _DEFAULTS[key]


if __name__ == "__main__":
    sys.exit(main())
