"""numbers/rational.py gives exactly what Fraction's own operators give, on random fractions of
every sign and size (the interval endpoints of every claim go through it)."""

from __future__ import annotations

import operator
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimaudit.numbers import rational

fractions = st.builds(Fraction, st.integers(-10**30, 10**30), st.integers(1, 10**20)) | st.sampled_from(
    [Fraction(0), Fraction(1), Fraction(-1), Fraction(1, 2), Fraction(3600), Fraction(1, 3600)])


def _same(got: Fraction, want: Fraction) -> None:
    assert type(got) is Fraction
    assert (got.numerator, got.denominator) == (want.numerator, want.denominator)   # normalised alike
    assert got == want and hash(got) == hash(want) and str(got) == str(want)


@settings(max_examples=600, deadline=None)
@given(fractions, fractions)
def test_arithmetic_and_comparisons_match_fraction(a: Fraction, b: Fraction) -> None:
    for fast, std in ((rational.add, operator.add), (rational.sub, operator.sub), (rational.mul, operator.mul)):
        _same(fast(a, b), std(a, b))
    if b:
        _same(rational.div(a, b), a / b)
    else:
        with pytest.raises(ZeroDivisionError):
            rational.div(a, b)
    _same(rational.half(a), a / 2)
    assert rational.le(a, b) == (a <= b) and rational.lt(a, b) == (a < b) and rational.eq(a, b) == (a == b)


@given(st.integers(-10**12, 10**12), st.integers(-10**12, 10**12).filter(bool))
def test_ratio_normalises_like_fraction(n: int, d: int) -> None:
    _same(rational.ratio(n, d), Fraction(n, d))


def test_results_are_ordinary_fractions() -> None:
    x = rational.ratio(6, -4)
    assert rational.SLOTS            # CPython's layout: results are built by filling the slots
    assert x == Fraction(-3, 2) and x + 1 == Fraction(-1, 2) and f"{x}" == "-3/2" and float(x) == -1.5
    assert {x: 1}[Fraction(-3, 2)] == 1
