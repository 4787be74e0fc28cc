"""Readers of stranger input do linear work on long inputs (numbers, extraction, claim blocks, Markdown
and HTML sources, quote search), and number readers refuse long numbers before building them.

Each case's work is counted (Python-level steps, :func:`support.count_steps`) at 1x, 4x and 16x its
base size: a linear reader does about 16 times the work at 16x, a quadratic one 256 times. Counting
steps, not seconds, gives the same answer on a busy machine as on an idle one; the timings (which
also see the regexes' own matching) are printed by benchmarks/bench_linear.py.
"""

from __future__ import annotations

import pytest
from linear_support import READER_BASE, READERS, quiet
from support import count_steps, hang_guard

from claimaudit.errors import NumberSyntaxError
from claimaudit.numbers.chinese import scan_chinese_numeral
from claimaudit.numbers.limits import MAX_DIGITS
from claimaudit.numbers.printed import parse_printed


@pytest.mark.parametrize("name", sorted(READERS))
def test_linear_in_input_size(name):
    fn, make = READERS[name]
    base = READER_BASE
    with hang_guard(120):     # a hang detector only
        s1, s4, s16 = (count_steps(quiet, fn, make(k * base)) for k in (1, 4, 16))
    # linear: at most ~4x per step up in size (less where a limit refuses the input early);
    # quadratic: ~16x. 6x leaves room for fixed costs.
    assert s4 <= 6 * s1 and s16 <= 6 * s4, (name, s1, s4, s16)


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
