"""A name used twice in a formula (``(new - old) / old``): plain interval arithmetic lets each use range
on its own and gives too wide a value, which let wrong percentages pass. The engine narrows such a
formula over a subdivision of the repeated names' intervals (Formula.narrowed), which stays sound, where
the plain value meets the claim only in part."""

from __future__ import annotations

import itertools
from fractions import Fraction as F

from hypothesis import given, settings
from hypothesis import strategies as st
from test_relations_rules import verdicts

from claimaudit.formulas.parse import parse_formula
from claimaudit.numbers.interval import Interval


def _value(formula: str, **env: Interval) -> Interval:
    f = parse_formula(formula)
    return f.narrowed(env, f.evaluate(env)).mag


def test_a_relative_change_is_tight():
    # 9.6 亿 (± 0.05) now, 12 亿 (± 0.5) a year before: the true range of (b - a) / b is
    # [(11.5 - 9.65) / 11.5, (12.5 - 9.55) / 12.5] = [0.1609, 0.2360]
    a, b = Interval(F("9.55"), F("9.65")), Interval(F("11.5"), F("12.5"))
    got = _value("(b - a) / b", a=a, b=b)
    true_lo, true_hi = (F("11.5") - F("9.65")) / F("11.5"), (F("12.5") - F("9.55")) / F("12.5")
    assert got.lo <= true_lo and true_hi <= got.hi          # sound
    assert got.hi < F("0.245")                              # a printed 25% (24.5–25.5) no longer fits
    plain = _value("1 - a / b", a=a, b=b)                   # each name once: exact
    assert plain.lo == true_lo and plain.hi == true_hi
    assert got.width < plain.width * F(11, 10)


def test_a_formula_using_each_name_once_is_unchanged():
    a, b = Interval(F(1), F(2)), Interval(F(3), F(5))
    got = _value("a / b", a=a, b=b)
    assert (got.lo, got.hi) == (F(1, 5), F(2, 3))


def test_a_point_used_twice_needs_no_subdivision():
    got = _value("(x - y) / x", x=Interval(F(4)), y=Interval(F(1), F(2)))
    assert (got.lo, got.hi) == (F(1, 2), F(3, 4))


_FORMULAS = ["(x - y) / x", "x * (1 - x)", "x / (x + y)", "(x + y) * (x - y)", "x - x", "(x - y) / (x + y) * z + z"]
_ends = st.fractions(min_value=F(1), max_value=F(100), max_denominator=20)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(_FORMULAS), _ends, _ends, _ends, st.fractions(min_value=F(0), max_value=F(5), max_denominator=8))
def test_tightened_values_stay_sound(formula, x, y, z, w):
    # every value the formula takes at points of the box (corners and a grid) lies inside its interval
    box = {"x": Interval(x, x + w), "y": Interval(y, y + w), "z": Interval(z, z + w)}
    names = [n for n in "xyz" if n in formula]
    got = _value(formula, **{n: box[n] for n in names})
    for point in itertools.product(*([box[n].lo + box[n].width * k / 4 for k in range(5)] for n in names)):
        value = _value(formula, **{n: Interval(v) for n, v in zip(names, point, strict=True)})
        assert got.lo <= value.lo and value.hi <= got.hi


def test_a_wrong_change_is_reported_end_to_end(tmp_path):
    # (12 - 9.6) / 12 = 20%, printed 25%: plain interval arithmetic let it pass (up to 25.65%)
    text = "# Notes\n\n净利润 9.6 亿元，同比下降 25%，去年同期为 12 亿元。\n"
    assert verdicts(tmp_path, text, kind="change") == ["inconsistent"]
    right = "# Notes\n\n净利润 9.6 亿元，同比下降 20%，去年同期为 12 亿元。\n"
    assert verdicts(tmp_path, right, kind="change") == ["consistent"]
