"""Parsers run in linear time on long inputs (numbers, extraction, claim blocks, Markdown, HTML, quote
search), and number readers refuse long numbers before building them.

Each case is timed at 1x, 4x and 16x its base size; a linear reader takes about 16 times as long at
16x, a quadratic one 256 times. The assertion is on the ratio, with generous slack for a busy
machine (absolute speed targets live in benchmarks/, never in tests).
"""

from __future__ import annotations

import time

import pytest

from claimaudit.errors import NumberSyntaxError
from claimaudit.extract.document import analyse
from claimaudit.extract.mentions import extract_mentions
from claimaudit.model.markdown_claims import claims_from_markdown
from claimaudit.numbers.chinese import scan_chinese_numeral
from claimaudit.numbers.limits import MAX_DIGITS
from claimaudit.numbers.printed import parse_printed
from claimaudit.numbers.scan import scan_numbers
from claimaudit.sources.load_html import load_html
from claimaudit.sources.load_markdown import load_markdown
from claimaudit.sources.load_text import load_text
from claimaudit.sources.locate import find_quote


def _quiet(fn, text):
    try:
        fn(text)
    except NumberSyntaxError:
        pass


def _seconds(fn, text: str) -> float:
    # CPU time, not wall time: on a busy machine waiting for a core is not the reader's cost.
    best = float("inf")
    for _ in range(3):
        t0 = time.process_time()
        _quiet(fn, text)
        best = min(best, time.process_time() - t0)
    return best


def _fill(unit: str, n: int) -> str:
    return (unit * (n // len(unit) + 1))[:n]


_PROSE = ("Pre-training took 2,664K H800 GPU-hours, about $5.328M at $2 per GPU-hour.\n\n"
          "| stage | GPU-hours |\n|---|---|\n| pre-training | 2,664K |\n| total | 2,788K |\n\n")


def _blocks(n: int) -> str:
    one = "prose line\n```claimaudit\nclaims:\n  - {id: c%d, value: '%d GPUs'}\n```\n"
    return "".join(one % (i, i) for i in range(max(1, n // len(one % (0, 0)))))


def _md(text: str) -> None:
    load_markdown(text, source="s", file="s.md")   # below the child-process size: parsed here


def _quote_missing(text: str) -> None:
    find_quote("the context extension took 119K GPU-hours", [load_text(text, source="s", file="s.txt")])


CASES = {
    "printed: Chinese digit-by-digit": (parse_printed, lambda n: "一" * n),
    "printed: grouped digits": (parse_printed, lambda n: "1" + ",111" * (n // 4)),
    "printed: plain digits": (parse_printed, lambda n: "7" * n),
    "scan: digit run": (scan_numbers, lambda n: "1" * n),
    "scan: Chinese run": (scan_numbers, lambda n: "一" * n),
    "scan: fraction-like run": (scan_numbers, lambda n: "1/" * (n // 2)),
    "extract: digit run": (lambda t: extract_mentions(analyse(t)), lambda n: "1" * n),
    "extract: Chinese run": (lambda t: extract_mentions(analyse(t)), lambda n: "一" * n),
    "markdown claim blocks": (lambda t: claims_from_markdown(t, "d.md", module="d"), _blocks),
    "markdown source: prose and tables": (_md, lambda n: _fill(_PROSE, n)),
    "markdown source: [ runs": (_md, lambda n: "[" * n),
    "markdown source: emphasis runs": (_md, lambda n: _fill("*a ", n)),
    "html source: table rows": (lambda t: load_html(t, source="s", file="s.html"),
                                lambda n: "<table>" + _fill("<tr><td>2,664K</td><td>5%</td></tr>", n)),
    "html source: unclosed tags": (lambda t: load_html(t, source="s", file="s.html"), lambda n: _fill("<a", n)),
    "quote search: not in the text": (_quote_missing, lambda n: _fill(_PROSE, n)),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_linear_in_input_size(name):
    fn, make = CASES[name]
    base = 2000
    t1 = _seconds(fn, make(base))
    t16 = _seconds(fn, make(16 * base))
    _seconds(fn, make(4 * base))          # the middle size, so a warm-up effect cannot hide a trend
    # linear: ~16x; quadratic: ~256x. 64x leaves room for noise; 20 ms floor for tiny timings.
    assert t16 <= 64 * max(t1, 0.0003) + 0.02, (name, t1, t16)


@pytest.mark.parametrize("text", ["一" * (MAX_DIGITS + 1), "1" * (MAX_DIGITS + 1), "0." + "5" * MAX_DIGITS,
                                  "1" + ",111" * (MAX_DIGITS // 3 + 1), "三" * 600 + "点" + "四" * 600])
def test_digit_limit_counts_every_digit(text):
    with pytest.raises(NumberSyntaxError, match="digits"):
        parse_printed(text)


def test_limit_is_not_hit_below_it():
    assert parse_printed("一" * 20).nominal == int("1" * 20)
    assert parse_printed("9" * MAX_DIGITS).nominal == int("9" * MAX_DIGITS)


def test_chinese_scanner_refuses_long_runs_with_a_column():
    with pytest.raises(NumberSyntaxError) as err:
        scan_chinese_numeral("xx" + "二" * (MAX_DIGITS + 5), 2)
    assert err.value.column == 2
