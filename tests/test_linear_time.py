"""Number readers run in linear time on long inputs, and refuse long numbers before building them.

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
from claimaudit.numbers.chinese import scan_chinese_numeral
from claimaudit.numbers.limits import MAX_DIGITS
from claimaudit.numbers.printed import parse_printed
from claimaudit.numbers.scan import scan_numbers


def _quiet(fn, text):
    try:
        fn(text)
    except NumberSyntaxError:
        pass


def _seconds(fn, text: str) -> float:
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        _quiet(fn, text)
        best = min(best, time.perf_counter() - t0)
    return best


CASES = {
    "printed: Chinese digit-by-digit": (parse_printed, lambda n: "一" * n),
    "printed: grouped digits": (parse_printed, lambda n: "1" + ",111" * (n // 4)),
    "printed: plain digits": (parse_printed, lambda n: "7" * n),
    "scan: digit run": (scan_numbers, lambda n: "1" * n),
    "scan: Chinese run": (scan_numbers, lambda n: "一" * n),
    "scan: fraction-like run": (scan_numbers, lambda n: "1/" * (n // 2)),
    "scan: digits with Chinese places": (scan_numbers, lambda n: "1万零" * (n // 3)),
    "extract: digit run": (lambda t: extract_mentions(analyse(t)), lambda n: "1" * n),
    "extract: Chinese run": (lambda t: extract_mentions(analyse(t)), lambda n: "一" * n),
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
