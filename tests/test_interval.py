"""Tests for claimaudit.numbers.interval (exact rational intervals, outward enclosures)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import hang_guard

from claimaudit.numbers.interval import (
    MAX_BITS,
    MAX_EXPONENT,
    Interval,
    IntervalError,
    _raw_to_fraction,
    outward,
    outward_pow,
)


def test_construction_and_queries():
    i = Interval("0.825", "0.835")
    assert i.lo == F(33, 40) and i.hi == F(167, 200)
    assert Interval(3).is_point and Interval.point(3) == Interval(3, 3)
    assert Interval.around(10, F(1, 2)) == Interval(F(19, 2), F(21, 2))
    assert Interval.hull(Interval(1, 2), Interval(5, 6)) == Interval(1, 6)
    assert i.mid == F(83, 100) and i.width == F(1, 100)
    assert 1 in Interval(0, 2) and Interval(1, 2) in Interval(0, 3)
    with pytest.raises(ValueError):
        Interval(2, 1)
    with pytest.raises(TypeError):
        Interval(0.5)  # type: ignore[arg-type]


def test_exact_arithmetic():
    a, b = Interval(1, 2), Interval(-3, 4)
    assert a + b == Interval(-2, 6)
    assert a - b == Interval(-3, 5)
    assert a * b == Interval(-6, 8)
    assert a / Interval(2, 4) == Interval(F(1, 4), 1)
    assert 1 - a == Interval(-1, 0)
    assert 2 / Interval(1, 2) == Interval(1, 2)
    assert -a == Interval(-2, -1)
    assert abs(Interval(-3, 2)) == Interval(0, 3)
    assert abs(Interval(-3, -2)) == Interval(2, 3)
    assert Interval(-2, -1).reciprocal() == Interval(-1, F(-1, 2))


def test_division_by_interval_containing_zero():
    with pytest.raises(IntervalError, match="containing zero"):
        Interval(1) / Interval(-1, 1)
    with pytest.raises(IntervalError):
        Interval(1) / Interval(0)


def test_integer_powers():
    assert Interval(-2, 3) ** 2 == Interval(0, 9)
    assert Interval(-3, -2) ** 2 == Interval(4, 9)
    assert Interval(-2, 3) ** 3 == Interval(-8, 27)
    assert Interval(2, 4) ** -1 == Interval(F(1, 4), F(1, 2))
    assert Interval(5, 6) ** 0 == Interval(1)
    assert Interval(2) ** F(3) == Interval(8)
    with pytest.raises(IntervalError, match="too large"):
        Interval(2) ** (MAX_EXPONENT + 1)


def test_huge_powers_are_refused_before_computing():
    big = Interval(F(10) ** 3000)
    with hang_guard(30):    # a hang detector only; the refusal is the property
        with pytest.raises(IntervalError, match="too large"):
            big ** MAX_EXPONENT
        with pytest.raises(IntervalError, match="too large"):
            Interval(F(1, 10**3000)) ** MAX_EXPONENT
    # Just under the limit still works.
    assert (Interval(2) ** 4096).hi == 2**4096


def test_overflow_in_products():
    x = Interval(F(10) ** 3000)
    with pytest.raises(IntervalError, match="overflow"):
        x * x


def test_outward_encloses():
    r = outward("sqrt", Interval(2))
    assert r.lo ** 2 < 2 < r.hi ** 2
    r = outward("log", Interval(2, 3))
    assert r.lo < F("0.693147180559945309417232121458") and F("1.098612288668109691395245236922") < r.hi
    r = outward_pow(Interval(2), Interval(F(1, 2)))
    assert r.lo ** 2 < 2 < r.hi ** 2
    r = outward_pow(Interval(0, 4), Interval(F(1, 2)))
    assert r.lo == 0 and r.hi >= 2
    with pytest.raises(IntervalError):
        outward_pow(Interval(-1, 4), Interval(F(1, 2)))
    with pytest.raises(IntervalError):
        outward("log", Interval(-2, -1))


def test_outward_overflow_is_an_error_not_a_hang():
    with hang_guard(30):
        with pytest.raises(IntervalError):
            outward("exp", Interval(10**30))
        with pytest.raises(IntervalError):
            outward("power", Interval(10), Interval(10**30, 10**30 + 1))


def test_outward_underflow_rounds_outward():
    with hang_guard(30):
        r = outward("exp", Interval(-10**6))
    assert r.lo == 0 and 0 < r.hi
    assert r.hi.denominator.bit_length() <= MAX_BITS
    r = outward("exp", Interval(-100))
    assert 0 < r.lo < r.hi < F(1, 10**43)


@pytest.mark.parametrize("sign", [0, 1])
@pytest.mark.parametrize("man, exp", [(3, -20000), (2**79 + 1, -30000), (1, -MAX_BITS - 5),
                                      (5, -MAX_BITS + 3), (7, -100)])
def test_raw_to_fraction_directed_rounding(sign, man, exp):
    exact = F(man, 2 ** -exp) * (-1 if sign else 1)
    raw = (sign, man, exp, man.bit_length())
    lo, hi = _raw_to_fraction(raw, up=False), _raw_to_fraction(raw, up=True)
    assert lo <= exact <= hi
    assert lo.denominator.bit_length() <= MAX_BITS and hi.denominator.bit_length() <= MAX_BITS


def test_raw_to_fraction_refuses_huge_magnitudes():
    with pytest.raises(IntervalError, match="too large"):
        _raw_to_fraction((0, 1, 10**40, 1))
    with pytest.raises(IntervalError, match="not finite"):
        _raw_to_fraction((0, 0, -456, -2))
    assert _raw_to_fraction((0, 0, 0, 0)) == 0
    assert _raw_to_fraction((1, 3, 2, 2)) == -12


def test_display():
    assert str(Interval(F(1, 4))) == "0.25"
    assert str(Interval(1, 2)) == "[1, 2]"
    assert repr(Interval(F(1, 3), 1)) == "Interval(0.333333333333, 1)"


_fr = st.fractions(min_value=-100, max_value=100, max_denominator=50)


@settings(max_examples=200, deadline=None)
@given(a=_fr, b=_fr, c=_fr, d=_fr, s=st.fractions(0, 1, max_denominator=20),
       t=st.fractions(0, 1, max_denominator=20))
def test_arithmetic_is_sound(a, b, c, d, s, t):
    x, y = Interval(min(a, b), max(a, b)), Interval(min(c, d), max(c, d))
    px, py = x.lo + s * x.width, y.lo + t * y.width
    assert (x + y).contains(px + py)
    assert (x - y).contains(px - py)
    assert (x * y).contains(px * py)
    if not y.contains_zero():
        assert (x / y).contains(px / py)
    assert (x ** 2).contains(px ** 2) and (x ** 3).contains(px ** 3)


def _brute(x: Interval, y: Interval, op) -> Interval:
    ps = [op(p, q) for p in (x.lo, x.hi) for q in (y.lo, y.hi)]
    return Interval(min(ps), max(ps))


@settings(max_examples=300, deadline=None)
@given(a=_fr, b=_fr, c=_fr, d=_fr)
def test_mul_and_div_fast_paths_are_exact(a, b, c, d):
    """The sign-case shortcuts give exactly the endpoint-product hull."""
    x, y = Interval(min(a, b), max(a, b)), Interval(min(c, d), max(c, d))
    assert x * y == _brute(x, y, lambda p, q: p * q)
    if not y.contains_zero():
        assert x / y == _brute(x, y, lambda p, q: p / q)
        assert 1 / y == Interval(1) / y


@pytest.mark.parametrize("x, y, expected", [
    (Interval(1, 2), Interval(-4, -2), Interval(F(-1), F(-1, 4))),
    (Interval(-2, 1), Interval(2, 4), Interval(-1, F(1, 2))),
    (Interval(-2, -1), Interval(2, 4), Interval(-1, F(-1, 4))),
    (Interval(-2, 1), Interval(-4, -2), Interval(F(-1, 2), 1)),
])
def test_division_sign_cases(x, y, expected):
    assert x / y == expected


def test_products_with_a_number_on_either_side():
    """A point times an interval (a unit's factor, a constant) in every sign case is the hull of
    the endpoint products, as the general rule gives it."""
    for k in (F(3), F(-3), F(0), F(1, 7), F(-2, 9)):
        for x in (Interval(F(1, 2), F(5, 2)), Interval(F(-5, 2), F(-1, 2)), Interval(F(-1), F(2)), Interval(F(4))):
            expected = _brute(x, Interval(k), lambda p, q: p * q)
            assert x * k == expected and k * x == expected
            assert x * Interval(k) == expected and Interval(k) * x == expected
    assert Interval(2, 3) * 4 == Interval(8, 12) and Interval(2, 3) * -4 == Interval(-12, -8)
