"""The checkers' exact building blocks: rounding procedures, GRIM/GRIMMER, p-values, unit swaps,
magnitude words — checked against brute force, published values and properties."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimaudit.checkers.granularity import grim, grimmer
from claimaudit.checkers.qualifiers import orders_of, parse_words
from claimaudit.checkers.rounding import PROCEDURES, consistent_procedures, is_tie, meets, round_with, unround
from claimaudit.checkers.statcheck import p_value
from claimaudit.checkers.unit_readings import swap_bits, swap_prefix, swap_time
from claimaudit.numbers.interval import Interval

STEPS = st.sampled_from([Fraction(1), Fraction(1, 10), Fraction(1, 100), Fraction(1, 1000), Fraction(100)])


@settings(max_examples=400, deadline=None)
@given(k=st.integers(-10**6, 10**6), num=st.integers(0, 40), step=STEPS, proc=st.sampled_from(PROCEDURES))
def test_unround_is_exactly_the_preimage_of_round(k, num, step, proc):
    # x on a fine grid that includes every tie and every boundary of the step.
    x = (k + Fraction(num, 40)) * step
    n = round_with(x, step, proc)
    assert meets(x, x, unround(n, step, proc))
    for other in (n - step, n + step):
        assert not meets(x, x, unround(other, step, proc))


def test_round_with_on_ties():
    s = Fraction(1, 100)
    x = Fraction(1125, 1000)
    assert {p: round_with(x, s, p) for p in PROCEDURES} == {
        "half-up": Fraction(113, 100), "half-even": Fraction(112, 100), "half-down": Fraction(112, 100),
        "ceiling": Fraction(113, 100), "floor": Fraction(112, 100), "truncation": Fraction(112, 100)}
    neg = -x
    assert round_with(neg, s, "half-up") == Fraction(-113, 100)      # ties away from zero
    assert round_with(neg, s, "half-down") == Fraction(-112, 100)    # ties toward zero
    assert round_with(neg, s, "floor") == Fraction(-113, 100)
    assert round_with(neg, s, "truncation") == Fraction(-112, 100)
    assert is_tie(x, s) and not is_tie(Fraction(1124, 1000), s)


def test_consistent_procedures_on_intervals():
    s = Fraction(1, 10)
    n = Fraction(563, 10)
    assert consistent_procedures(Interval(Fraction(5625, 100)), n, s) == ["half-up", "ceiling"]
    # An interval that straddles the tie is consistent with every nearest procedure.
    assert set(consistent_procedures(Interval(Fraction(5624, 100), Fraction(5626, 100)), n, s)) >= {
        "half-up", "half-even", "half-down"}


def _grim_brute(mean: str, n: int, items: int = 1) -> bool:
    """Enumerate every sum and round it half-up and half-down, as scrutiny's default does."""
    decimals = len(mean.split(".")[1]) if "." in mean else 0
    target = Fraction(mean)
    step = Fraction(1, 10**decimals)
    g = n * items
    lo = math.floor((target - step) * g)
    for k in range(max(lo, 0), math.ceil((target + step) * g) + 1):
        m = Fraction(k, g)
        if round_with(m, step, "half-up") == target or round_with(m, step, "half-down") == target:
            return True
    return False


@settings(max_examples=300, deadline=None)
@given(cents=st.integers(0, 999), n=st.integers(1, 120), items=st.integers(1, 3))
def test_grim_agrees_with_brute_force(cents, n, items):
    mean = f"{cents / 100:.2f}"
    assert grim(mean, n, items, procedures=("half-up", "half-down")).consistent == _grim_brute(mean, n, items)


def _grimmer_brute(mean: str, sd: str, n: int) -> bool:
    """All samples of n integers in 0..10 (small n) with the printed mean and SD, half-up/down."""
    from itertools import combinations_with_replacement

    m, s = Fraction(mean), Fraction(sd)
    dm = Fraction(1, 10 ** len(mean.split(".")[1]))
    ds = Fraction(1, 10 ** len(sd.split(".")[1]))
    for sample in combinations_with_replacement(range(0, 11), n):
        k = sum(sample)
        mu = Fraction(k, n)
        if round_with(mu, dm, "half-up") != m and round_with(mu, dm, "half-down") != m:
            continue
        var = Fraction(sum(x * x for x in sample) - Fraction(k * k, n)) / (n - 1)
        # Compare the SD through its square, exactly: round(sqrt(var)) == s
        lo, hi = max(Fraction(0), s - ds / 2), s + ds / 2
        if lo * lo <= var <= hi * hi:
            return True
    return False


@pytest.mark.parametrize(("mean", "sd", "n"), [
    ("3.40", "1.52", 5), ("3.40", "1.51", 5), ("5.00", "2.55", 6), ("4.67", "3.06", 6), ("4.67", "3.07", 6),
    ("2.50", "1.00", 4), ("2.50", "1.29", 4), ("6.20", "2.39", 5), ("6.20", "2.40", 5), ("7.00", "0.00", 3),
])
def test_grimmer_agrees_with_brute_force_on_small_samples(mean, sd, n):
    assert grimmer(mean, sd, n, procedures=("half-up", "half-down")).consistent == _grimmer_brute(mean, sd, n)


@pytest.mark.parametrize(("test", "stat", "df1", "df2", "tails", "p"), [
    ("z", Fraction(196, 100), None, None, 2, 0.0499957902),     # the 1.96 of every textbook
    ("z", Fraction(1645, 1000), None, None, 1, 0.0499849),
    ("t", Fraction(2228, 1000), None, Fraction(10), 2, 0.0500),   # t(10) critical value 2.228
    ("chi2", Fraction(3841, 1000), Fraction(1), None, 2, 0.0500),
    ("F", Fraction(4965, 1000), Fraction(1), Fraction(10), 2, 0.0500),
    ("r", Fraction(-5, 10), None, Fraction(10), 2, 0.0979),      # r = -.5 with df 10: t = -1.826
])
def test_p_values_match_published_tables(test, stat, df1, df2, tails, p):
    assert float(p_value(test, stat, df1, df2, tails)) == pytest.approx(p, abs=2e-4)


def test_unit_swaps():
    assert swap_prefix("PiB") == "PB" and swap_prefix("PB") == "PiB" and swap_prefix("KiB") == "kB"
    assert swap_prefix("TiB/s") == "TB/s" and swap_prefix("kB") == "KiB" and swap_prefix("GPU") is None
    assert swap_bits("GB/s") == "Gbit/s" and swap_bits("Gbps") == "GB/s" and swap_bits("Gb") == "GB"
    assert swap_bits("tokens") is None
    assert "USD / hour" in swap_time("USD / day") and "USD / day" not in swap_time("USD / day")
    assert swap_time("GPU") == []


@pytest.mark.parametrize(("words", "kind", "target"), [
    ("好几个数量级", "several", None), ("several orders of magnitude", "several", None),
    ("orders of magnitude", "several", None), ("an order of magnitude", "orders", 1), ("三个数量级", "orders", 3),
    ("two orders of magnitude lower", "orders", 2), ("数量级", "orders", 1), ("翻倍", "fold", 2),
    ("翻两番", "fold", 4), ("halved", "fold", Fraction(1, 2)), ("3.5-fold", "fold", Fraction(7, 2)),
    ("by 5 points", "by-points", 5), ("3 个百分点", "by-points", 3), ("rose by 12%", "by-percent", 12),
    ("近 40%", "number", None),
])
def test_parse_words(words, kind, target):
    w = parse_words(words)
    assert w is not None and w.kind == kind and w.target == target


def test_orders_of_a_ratio():
    lo, hi = orders_of(Interval(Fraction(1984, 100), Fraction(1994, 100)))
    assert round(lo, 2) == 1.30 and round(hi, 2) == 1.30
    lo, hi = orders_of(Interval(Fraction(1, 1000)))          # 1000x lower counts as 3 orders
    assert lo == pytest.approx(3)
    assert orders_of(Interval(-1, 1)) is None


@settings(max_examples=500, deadline=None)
@given(a=st.integers(-3000, 3000), w=st.integers(0, 400), k=st.integers(-300, 300), step=STEPS)
def test_fast_path_agrees_with_the_general_rule(a, w, k, step):
    lo = Fraction(a, 100) * step
    values = Interval(lo, lo + Fraction(w, 1000) * step)
    n = k * step
    general = [p for p in PROCEDURES if meets(values.lo, values.hi, unround(n, step, p))]
    assert consistent_procedures(values, n, step) == general


@settings(max_examples=300, deadline=None)
@given(a=st.integers(-3000, 3000), w=st.integers(0, 5000), k=st.integers(-30, 30), step=STEPS)
def test_wide_intervals_agree_with_the_general_rule(a, w, k, step):
    """Recomputed intervals wider than the rounding step (most claims with rounded inputs) take the
    spans computed together; they are each procedure's unround exactly, zero and ties included."""
    lo = Fraction(a, 1000) * step
    values = Interval(lo, lo + Fraction(w, 1000) * step)
    n = k * step
    assert consistent_procedures(values, n, step) == [
        p for p in PROCEDURES if meets(values.lo, values.hi, unround(n, step, p))]
