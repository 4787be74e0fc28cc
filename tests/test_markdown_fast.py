"""markdown-it-pyrs (the ``[fast]`` extra) must give the document markdown-it-py gives.

Markdown over 200,000 characters is parsed in a child process (sources/markdown_worker.py); with
markdown-it-pyrs installed the child parses with it and turns its syntax tree into markdown-it-py's
tokens as far as the loader reads them. These tests build the document model from both parsers'
tokens and require it identical (text, sections, table rows and cells, source map, non-prose
spans) on tricky Markdown, on real documents and on combinations of the tricky pieces; the shapes
the two parsers read differently must be left to markdown-it-py (the conversion says it is unsure).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

pytest.importorskip("markdown_it_pyrs", reason="markdown-it-pyrs (the [fast] extra) is not installed")

from claimaudit.sources import load_markdown as lm
from claimaudit.sources import markdown_worker as worker
from claimaudit.sources.markdown_tokens import WorkerToken

ROOT = Path(__file__).resolve().parents[1]

#: Pieces of Markdown where a conversion could go wrong; every one is also combined with others.
PIECES = [
    "# H *x*\n", "## Costs ($M)\n", "Setext\n===\n", "Set2\n---\n", "para 1.5% text\n", "**bold** start",
    "end **bold**",
    "*em*", "***both***", "__u__", "_a_b_", "**a*", "*a **b** c*", "****", "**`x`**", "a \\* b", "\\# x\n", "\\",
    "&amp; &copy; &#35; &foo;", "<http://e.org/a%2D1%29>", "<me@example.org>", "`code`", "`` a ` b ``", "` x\ny `",
    "` `", "- a `b\n  c` d", "- a `b\n   c` d", "a `b\n c`", "![alt *x* \\* &amp;](u)", "![a **b**](u \"t\")",
    "![a ![b \\* c](d)](e)", "[l *k*](u)", "[a](<b c>)", "[ref]", "[ref]: http://x\n", "<sup>2</sup>", "<sub>x</sub>",
    "9 × 10<sup>-4</sup>", "3.0 x 10<sup>-4</sup>", "852*", "65.2<sup>+</sup>", "<br>", "<span a=\"1\">t</span>",
    "<a href=\"x\">y</a>", "x  \ny", "x\\\ny", "\n", "\n\n", "  \n", "é€ 中文 **粗**", "中**粗**文", "**📢 x**",
    "a**€**b", "**→**x", "x**2×**y", "| a | b |\n|---|:-:|\n| 1 | 2 |\n| \\| x | `a|b` |\n",
    "| a |\n|---|\n| 1 | 2 |\n|\n| b\n", "| Model | Score |\n|---|---|\n| A | 65.2<sup>+</sup> |\n| B | **852** |\n",
    "Table 3: costs\n\n| x | y |\n|--|--|\n| 1 | 2 |\n\n*Table 4. below*\n",
    "<table width=\"600\">\n<tr><th>Model</th><th>Score</th></tr>\n<tr><td>A</td><td>65.2</td></tr>\n</table>\n",
    "<table><tr><td rowspan=\"2\">1</td><td>2</td></tr><tr><td>3</td></tr></table>\n", "<div>\nx\n</div>\n",
    "<details><summary>s</summary>\n\n1.5 GB\n\n</details>\n", "<!-- c -->\n", "- a\n- b\n", "- a\n\n- b\n",
    "1. x\n   - y\n     - z\n", "  - i\n    ```\n    c\n    ```\n", "> q *a*\n> b\n", "> - l\n>   t\n",
    "```py\ncode 1.5\n```\n", "```claimaudit\nclaims: []\n```\n", "~~~\nx\n", "    indented 7\n", "***\n",
    "- [ ] t\n", "* \n  x\n", "-\n  foo\n", "1) a\n2) b\n", "text\n- interrupt\n", "a\n| t |\n|---|\n", "\t- tab\n",
    "x\r\ny\r", "\0", "# \n", "#5 bolt\n", "- a\n  > q\n", "1. a\n\n   b\n", "- a\n-\n- c\n",
    "- item\n  continued lazily\nhere\n", "> quoted\nlazy\n",
]
#: Shapes the two parsers read differently: the conversion must leave each to markdown-it-py.
DIFFERENT = [
    "> a\n| t |\n|---|\n",                       # a table after a blockquote's lazy line
    "| a |\n|---|\n| b\n  * \n",                  # a bare list marker ends the table for one parser only
    "```\nx\n  ",                                # a last line of spaces in an open fence
    "> q\n> b\n-\n  foo\n",                       # an empty item after a blockquote's paragraph
    "> q *a*\n> b\n    - i\n    ```\n    c\n    ```\n",   # a code span over lazily indented lines
    "a**€**b", "**→**x", "x**2×**y",              # a Unicode symbol beside a delimiter run
    "a**\0**b",                                  # NUL is read as U+FFFD, a symbol
]
FRONT = "---\ntitle: 3 GPUs\n---\n"


def combos(n: int, seed: int) -> list[str]:
    rnd = random.Random(seed)
    return ["".join(rnd.choice(PIECES) + rnd.choice(["", " ", "\n", "\n\n", "  "])
                    for _ in range(rnd.randint(1, 12))) for _ in range(n)]


def model(text: str, records_of) -> tuple:
    """The document model load_markdown builds from the records ``records_of`` gives for a text."""
    saved = lm.markdown_tokens
    lm.markdown_tokens = lambda parsed, *a, **kw: [WorkerToken(r) for r in records_of(parsed)]
    try:
        doc = lm.load_markdown(text, source="d", file="d.md")
    finally:
        lm.markdown_tokens = saved
    prose = doc.prose()
    return (doc.text, doc.section_list, doc.row_list, doc.table_list, doc.src_map, doc.src_lines, doc.nonprose,
            prose.text, [doc.position(i) for i in range(0, len(doc.text), 7)])


def slow(text: str) -> list:
    return list(worker.slow_records(text, lm.TOKEN_TYPES))


def fast(text: str) -> list:
    records = worker.fast_records(text, lm.TOKEN_TYPES)
    assert records is not None, f"the fast conversion was unsure of {text[:200]!r}"
    return records


def test_fast_tokens_give_the_same_document_on_tricky_markdown():
    for text in PIECES:
        if worker.fast_records(text, lm.TOKEN_TYPES) is None:
            continue                  # a piece of DIFFERENT's kind (checked there)
        assert model(text, fast) == model(text, slow), text


def test_fast_tokens_give_the_same_document_on_combinations():
    sure = 0
    for text in combos(400, 11) + [FRONT + t for t in combos(40, 12)]:
        if worker.fast_records(text, lm.TOKEN_TYPES) is None:
            continue
        sure += 1
        assert model(text, fast) == model(text, slow), text
    assert sure > 120                 # a third and more converted (the pieces include DIFFERENT shapes)


@pytest.mark.parametrize("text", DIFFERENT)
def test_shapes_the_parsers_read_differently_are_left_to_markdown_it_py(text):
    assert worker.fast_records(text, lm.TOKEN_TYPES) is None


def repo_markdown() -> list[Path]:
    found = sorted((ROOT / "tests" / "fixtures" / "real-docs").glob("*.md")) + sorted((ROOT / "docs").glob("*.md"))
    assert len(found) > 5
    return found


@pytest.mark.parametrize("path", repo_markdown(), ids=lambda p: p.name)
def test_fast_tokens_give_the_same_document_on_real_documents(path):
    text = path.read_text("utf-8")
    assert model(text, fast) == model(text, slow)


def test_a_large_document_reads_the_same_through_the_fast_child(monkeypatch):
    """End to end: over the in-process size the child parses; with and without markdown-it-pyrs the
    document is the same, and a text that crashes markdown-it-pyrs (its stack, 200,000 '>') is
    parsed by markdown-it-py instead."""
    from claimaudit.sources import markdown_tokens as mt

    text = (ROOT / "tests" / "fixtures" / "real-docs" / "minicpm_v2dot6_en.md").read_text("utf-8")
    monkeypatch.setattr(mt, "INLINE_MAX_CHARS", 1000)
    got = {}
    for engine in ("fast", "py"):
        monkeypatch.setenv("CLAIMAUDIT_MARKDOWN", engine)
        got[engine] = model(text, lambda parsed: [_fields(t) for t in mt.markdown_tokens(
            parsed, lm._parser, file="d.md", types=lm.TOKEN_TYPES, fast=True)])
    assert got["fast"] == got["py"] and len(got["py"][3]) > 3
    monkeypatch.setenv("CLAIMAUDIT_MARKDOWN", "fast")
    assert mt.fast_parser()
    deep = "a\n\n" + ">" * 200_000 + " 5 GB\n"
    doc = lm.load_markdown(deep, source="d", file="d.md")
    assert doc.text.startswith("a")


def _fields(t) -> list:
    return [t.type, t.tag, t.map, t.content, t.info, [_fields(c) for c in t.children] if t.children else None]
