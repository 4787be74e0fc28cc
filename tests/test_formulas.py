"""Tests for claimaudit.formulas: the safe parser, interval evaluation with units, sympy views."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from fractions import Fraction as F

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from support import SRC, hang_guard

from claimaudit.errors import FormulaError, UnitError
from claimaudit.formulas.parse import MAX_DEPTH, MAX_LENGTH, Formula, parse_formula
from claimaudit.numbers.interval import Interval, IntervalError
from claimaudit.units.quantity import DIMENSIONLESS, DimensionMismatch, Dims, Quantity
from claimaudit.units.registry import UnitInfo

# -- a small fake unit resolver (the real registry is tested at the end) ----------------------

USD = Dims.of({"[currency_USD]": 1})
GPU = Dims.of({"[gpu]": 1})
TIME = Dims.of({"[time]": 1})
TOKEN = Dims.of({"[token]": 1})
INFO = Dims.of({"[information]": 1})
LENGTH = Dims.of({"[length]": 1})

_BASE = {
    "USD": (F(1), USD), "GPU": (F(1), GPU), "hour": (F(3600), TIME), "h": (F(3600), TIME),
    "s": (F(1), TIME), "day": (F(86400), TIME), "min": (F(60), TIME), "tokens": (F(1), TOKEN), "token": (F(1), TOKEN),
    "B": (F(8), INFO), "byte": (F(8), INFO), "TB": (F(8 * 10**12), INFO),
    "PiB": (F(8 * 2**50), INFO), "m": (F(1), LENGTH), "km": (F(1000), LENGTH),
    "GPU-hours": (F(3600), GPU * TIME),
}


def fake_resolve(text: str) -> UnitInfo:
    """Parses words joined by * / ^int and parentheses (enough for the tests)."""
    if text in _BASE:
        factor, dims = _BASE[text]
        return UnitInfo(text, text, factor, dims)
    toks = re.findall(r"[A-Za-z_][\w-]*|\d+|\*\*|[*/^()·×÷]|-|\S", text)
    pos = 0

    def peek():
        return toks[pos] if pos < len(toks) else None

    def take():
        nonlocal pos
        pos += 1
        return toks[pos - 1]

    def atom():
        t = take()
        if t == "(":
            v = expr()
            assert take() == ")"
        elif t in _BASE:
            v = _BASE[t]
        else:
            raise UnitError(f"unknown unit {t!r}", suggestions=("hour",) if t.startswith("hou") else ())
        if peek() in ("^", "**"):
            take()
            sign = -1 if peek() == "-" and take() else 1
            n = sign * int(take())
            v = (v[0] ** n, v[1] ** n)
        return v

    def expr():
        f, d = atom()
        while peek() in ("*", "/", "·", "×", "÷"):
            op = take()
            g, e = atom()
            f, d = (f / g, d / e) if op in "/÷" else (f * g, d * e)
        return f, d

    try:
        factor, dims = expr()
    except (IndexError, AssertionError, ValueError):
        raise UnitError(f"cannot read unit {text!r}") from None
    if pos != len(toks):
        raise UnitError(f"cannot read unit {text!r}")
    return UnitInfo(text, text, factor, dims)


def P(text: str) -> Formula:
    return parse_formula(text, unit_resolver=fake_resolve)


def val(text: str, **env) -> Interval:
    q = P(text).evaluate({k: (v if isinstance(v, Quantity) else Quantity(v if isinstance(v, Interval) else Interval(v)))
                          for k, v in env.items()})
    return q.mag


def point(text: str, **env) -> F:
    iv = val(text, **env)
    assert iv.is_point, iv
    return iv.lo


def Q(lo, hi=None, dims=DIMENSIONLESS) -> Quantity:
    return Quantity(Interval(F(lo), F(hi) if hi is not None else None), dims)


def err(text: str) -> FormulaError:
    with pytest.raises(FormulaError) as info:
        P(text)
    return info.value


# -- operators and precedence ------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("1 + 2", 3), ("5 - 7", -2), ("3 * 4", 12), ("3 / 4", F(3, 4)), ("2 ** 10", 1024),
    ("2 ^ 10", 1024), ("3 × 4", 12), ("3 · 4", 12), ("3 ⋅ 4", 12), ("3 ÷ 4", F(3, 4)),
    ("5 − 7", -2), ("−3", -3), ("+3", 3), ("--3", 3), ("-−3", 3),
])
def test_every_operator_and_unicode_sign(text, expected):
    assert point(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("-2^2", -4), ("-2**2", -4), ("(-2)^2", 4), ("2^3^2", 512), ("2**3**2", 512), ("(2^3)^2", 64),
    ("2^-1", F(1, 2)), ("2^-1^2", F(1, 2)), ("2*3+4", 10), ("2+3*4", 14), ("(2+3)*4", 20),
    ("8/4/2", 1), ("2-3-4", -5), ("2-(3-4)", 3), ("2*-3", -6), ("-2*3", -6), ("2/3*3", 2),
    ("-2^-2", F(-1, 4)), ("2*3^2", 18), ("4^0.5", 2), ("8^(1/3)", None),
])
def test_precedence_and_associativity(text, expected):
    if expected is None:
        assert val(text).contains(2)
    else:
        assert point(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("0.5", F(1, 2)), (".5", F(1, 2)), ("1e12", 10**12), ("1E12", 10**12), ("1.5e-3", F(3, 2000)),
    ("2.5e+2", 250), ("128Ki", 131072), ("2.5K", 2500), ("3M", 3 * 10**6), ("2B", 2 * 10**9),
    ("1T", 10**12), ("1Mi", 2**20), ("1Gi", 2**30), ("1Ti", 2**40), ("5%", F(1, 20)),
    ("12.5%", F(1, 8)), ("007", 7), ("0.1 + 0.2", F(3, 10)),
])
def test_number_literals_are_exact(text, expected):
    assert point(text) == expected


def test_inline_numbers_are_exact_constants():
    assert point("(562027 - 87072)/87072") == F(562027 - 87072, 87072)
    assert point("0.1*3") == F(3, 10)


# -- names ---------------------------------------------------------------------------------------

def test_names_in_order_of_first_use_with_dotted_names():
    f = P("v3_cost.total_hours / n_gpus + v3_cost.total_hours * rate")
    assert f.names == ("v3_cost.total_hours", "n_gpus", "rate")
    assert f.text == "v3_cost.total_hours / n_gpus + v3_cost.total_hours * rate"
    env = {"v3_cost.total_hours": Q(10), "n_gpus": Q(2), "rate": Q(3)}
    assert f.evaluate(env).mag == Interval(35)


def test_multi_level_dotted_and_unicode_names():
    assert P("a.b.c + x").names == ("a.b.c", "x")
    f = P("成本 × 2 + Δt")
    assert f.names == ("成本", "Δt")
    assert f.evaluate({"成本": Q(3), "Δt": Q(1)}).mag == Interval(7)


def test_middle_dot_is_an_operator_not_part_of_a_name():
    f = P("a·b")
    assert f.names == ("a", "b")
    assert f.evaluate({"a": Q(3), "b": Q(4)}).mag == Interval(12)


def test_function_names_are_not_listed_as_names():
    assert P("max(a, b) + sqrt(c)").names == ("a", "b", "c")


# -- functions -----------------------------------------------------------------------------------

def test_sqrt_exact_and_enclosing():
    assert point("sqrt(16)") == 4
    assert point("sqrt(9/4)") == F(3, 2)
    r = val("sqrt(2)")
    assert r.lo ** 2 < 2 < r.hi ** 2 and r.width < F(1, 10**20)
    r = val("sqrt(x)", x=Interval(4, 9))
    assert r == Interval(2, 3)
    with pytest.raises(IntervalError):
        val("sqrt(x)", x=Interval(-1, 4))


def test_logs_exp_and_exact_special_cases():
    assert point("log(1)") == 0
    assert point("ln(1)") == 0
    assert point("log(8, 2)") == 3
    assert point("log(1/8, 2)") == -3
    assert point("log2(1024)") == 10
    assert point("log10(1000)") == 3
    assert point("log10(0.01)") == -2
    assert point("exp(0)") == 1
    e = val("exp(1)")
    assert e.lo < F("2.718281828459045235360287471352662") < e.hi
    l2 = val("log(2)")
    assert l2.lo < F("0.693147180559945309417232121458176568") < l2.hi
    assert val("log10(x)", x=Interval(100, 1000)) == Interval(2, 3)
    lg = val("log(x, 3)", x=Interval(2, 5))
    assert lg.lo < F("0.63092975357145743709952711434276") and F("1.46497352071792716719704040767") < lg.hi
    assert lg.width < F("0.8341")
    lg = val("log(8, 1/2)")
    assert lg == Interval(-3)
    with pytest.raises(IntervalError):
        val("log(0)")
    with pytest.raises(IntervalError):
        val("log(x)", x=Interval(-1, 1))
    with pytest.raises(IntervalError):
        val("log(5, 1)")


def test_min_max_sum_abs_floor_ceil():
    assert point("min(3, 1, 2)") == 1
    assert point("max(3, 1, 2)") == 3
    assert point("sum(1, 2, 3, 4)") == 10
    assert point("min(7)") == 7
    assert point("abs(-3)") == 3
    assert val("min(a, b)", a=Interval(1, 5), b=Interval(2, 3)) == Interval(1, 3)
    assert val("max(a, b)", a=Interval(1, 5), b=Interval(2, 3)) == Interval(2, 5)
    assert val("abs(a)", a=Interval(-2, 1)) == Interval(0, 2)
    assert val("floor(a)", a=Interval(F(3, 2), F(7, 2))) == Interval(1, 3)
    assert val("ceil(a)", a=Interval(F(3, 2), F(7, 2))) == Interval(2, 4)
    assert point("floor(-1.5)") == -2
    assert point("ceil(-1.5)") == -1


def test_exp_overflow_and_underflow_are_handled():
    with pytest.raises(IntervalError, match="overflow"):
        val("exp(100000)")
    r = val("exp(-100000)")
    assert r.lo == 0 and 0 < r.hi < F(1, 10**400)


# -- display ---------------------------------------------------------------------------------

@pytest.mark.parametrize("text, shown", [
    ("(n0*t0)/(n1*t1)", "(n0*t0)/(n1*t1)"),
    ("pretrain+context+post", "pretrain + context + post"),
    ("a × b ÷ c − d", "a*b/c - d"),
    ("-2^2", "-2^2"), ("(-2)^2", "(-2)^2"), ("2^3^2", "2^3^2"), ("(2^3)^2", "(2^3)^2"),
    ("2**-1", "2^-1"), ("((a))", "a"), ("a - (b - c)", "a - (b - c)"), ("a - (b*c)", "a - b*c"),
    ("log( x , 2 )", "log(x, 2)"), ("2 USD/(GPU*hour) * n", "(2 USD/(GPU*hour))*n"),
    ("x / 24 hour", "x/(24 hour)"), ("2 [GPU-hours]", "2 [GPU-hours]"), ("(2 hour)^2", "(2 hour)^2"),
    ("128Ki tokens", "128Ki tokens"), ("5%*x", "5%*x"), ("a*(b+c)", "a*(b + c)"),
    ("-(2 hour)*x", "-(2 hour)*x"), ("m^(2 USD)/hour", "m^(2 USD)/hour"), ("-2 hour", "-(2 hour)"),
])
def test_display(text, shown):
    f = P(text)
    assert f.display() == shown
    assert str(f) == shown
    # The display parses back to the same display (deterministic, faithful).
    assert P(shown).display() == shown


# -- inline quantities --------------------------------------------------------------------------

def test_inline_quantity_with_compound_unit():
    f = P("2 USD/(GPU*hour)")
    assert f.units_used == ("USD/(GPU*hour)",)
    assert f.names == ()
    q = f.evaluate({})
    assert q.dims == USD / (GPU * TIME)
    assert q.mag == Interval(F(2, 3600))


@pytest.mark.parametrize("text, mag, dims", [
    ("128Ki tokens", 131072, TOKEN), ("15.36 TB", F("15.36") * 8 * 10**12, INFO),
    ("1 PiB", 8 * 2**50, INFO), ("2048 GPU", 2048, GPU), ("24 hour", 86400, TIME),
    ("1000 tokens/s", 1000, TOKEN / TIME), ("3 m^2", 3, LENGTH ** 2), ("3 m**2", 3, LENGTH ** 2),
    ("2 USD/GPU/hour", F(2, 3600), USD / GPU / TIME), ("2 [GPU-hours]", 7200, GPU * TIME),
    ("2 [ USD / (GPU * hour) ]", F(2, 3600), USD / (GPU * TIME)), ("5 USD/(GPU * h)", F(5, 3600), USD / (GPU * TIME)),
    ("1 s^-1", 1, TIME ** -1), ("2 km·s", 2000, LENGTH * TIME),
    ("2 GPU*hour*USD/(GPU*hour)", 2, USD), ("3 m", 3, LENGTH),
])
def test_inline_quantities(text, mag, dims):
    q = P(text).evaluate({})
    assert q.mag == Interval(mag)
    assert q.dims == dims


def test_inline_unit_rule_space_ends_the_unit():
    f = P("2 USD/GPU * n")
    assert f.units_used == ("USD/GPU",) and f.names == ("n",)
    assert f.evaluate({"n": Q(3)}).mag == Interval(6)
    f = P("24 hour*x")            # tight: 'hour*x' is the unit
    assert f.units_used == ("hour*x",) and f.names == ()
    f = P("2 USD/(x+1)")          # not a pure unit group: division by (x+1)
    assert f.units_used == ("USD",) and f.names == ("x",)
    f = P("2 hour + 3 hour")
    assert f.evaluate({}).mag == Interval(5 * 3600)
    f = P("2 hour-1 hour")        # '-' followed by a digit is a subtraction
    assert f.evaluate({}).mag == Interval(3600)


def test_inline_units_flow_through_arithmetic():
    f = P("(2048 GPU) * (24 hour) * (2 USD/(GPU*hour))")
    q = f.evaluate({})
    assert q.dims == USD
    assert q.mag == Interval(2048 * 24 * 2)
    assert f.units_used == ("GPU", "hour", "USD/(GPU*hour)")


def test_unknown_inline_unit_is_a_formula_error_with_column():
    f = P("2 * 3 hourz")
    with pytest.raises(FormulaError) as info:
        f.evaluate({})
    assert info.value.column == 6
    assert "hourz" in info.value.message and info.value.suggestions == ("hour",)
    f = P("2 hour*x")
    with pytest.raises(FormulaError, match="spaces around an operator"):
        f.evaluate({})
    with pytest.raises(FormulaError) as info:
        P("1 + 2 [furlongs]").resolve_units()
    assert info.value.column == 7


def test_resolve_units_returns_infos():
    infos = P("2 USD/(GPU*hour) * 24 hour + x").resolve_units()
    assert [i.text for i in infos] == ["USD/(GPU*hour)", "hour"]


def test_ambiguous_hyphen_unit_is_refused():
    e = err("2 GPU-hours")
    assert e.column == 5 and "[GPU-hours]" in e.message


def test_unit_words_that_are_calls_or_dotted_names_do_not_start_a_unit():
    e = err("2 sqrt(x)")
    assert "missing operator" in e.message and e.column == 2
    e = err("2 min (x)")
    assert "missing operator" in e.message and e.column == 2
    e = err("2 a.b")
    assert "missing operator" in e.message
    # 'min' not followed by '(' is the unit minute.
    f = P("30 min + min(x, 1 hour)")
    assert f.units_used == ("min", "hour") and f.names == ("x",)
    assert f.evaluate({"x": Q(7200, dims=TIME)}).mag == Interval(1800 + 3600)
    assert P("2 USD/min").units_used == ("USD/min",)
    assert P("2 USD/(GPU*min)").units_used == ("USD/(GPU*min)",)
    assert P("2 USD/(GPU*max(a))").units_used == ("USD",)  # a call: not a unit group


# -- rejections, each with its column -------------------------------------------------------

@pytest.mark.parametrize("text, column, fragment", [
    ("", 0, "empty"), ("   ", 0, "empty"), ("()", 0, "empty parentheses"),
    ("__import__('os')", 0, "'__'"), ("().__class__", 2, "attribute access"),
    ("x.__class__", 2, "'__'"), ('"a"*10**9', 0, "strings"), ("'a'", 0, "strings"),
    ("9**9**9", 3, "too large"), ("2^5000", 2, "too large"), ("2^-5000", 2, "too large"),
    ("2^2^2^2^2", 2, "too large"), ("x ** y ** 10000", 10, "too large"), ("2^(1/0)", 3, "invalid exponent"),
    ("x.y(1)", 0, "calling"), ("os.system(1)", 0, "calling"), ("x[0]", 1, "subscripts"),
    ("lambda x: x", 0, "keyword"), ("[x for x in y]", 0, "brackets"), ("x if y else z", 2, "keyword"),
    ("max(x, key=y)", 10, "keyword arguments"), ("sqr(x)", 0, "unknown function"),
    ("eval(x)", 0, "unknown function"), ("sqrt(x", 4, "never closed"), ("(((x", 2, "never closed"),
    ("x)", 1, "unbalanced ')'"), ("sqrt(1, 2)", 0, "takes 1 argument"),
    ("log(1, 2, 3)", 0, "takes 1 or 2"), ("min()", 0, "at least 1"), ("2x", 1, "directly followed"),
    ("2KB", 1, "directly followed"), ("x y", 2, "missing operator"), ("2(x)", 1, "missing operator"),
    ("(a)(b)", 3, "missing operator"), ("x % y", 2, "'%'"), ("a // b", 2, "'//'"), ("a == b", 2, "'='"),
    ("a < b", 2, "comparisons"), ("{a}", 0, "sets"), ("a; b", 1, "unexpected character"),
    ("sqrt", 0, "is a function"), ("$5", 0, "currency"), ("a +", 3, "unexpected end"),
    ("* a", 0, "unexpected operator"), ("1.2.3", 3, "missing operator"), ("(1).x", 3, "attribute access"),
    ("2.", 1, "decimal point"),
    ("1e5000", 1, "out of range"), ("9" * 1900 + "e3000", 0, "out of range"), ("a.", 1, "'.'"),
    ("a .b", 2, "'.'"), ("f(x)(y)", 0, "unknown function"),
    ("max(a,)", 6, "unexpected ')'"), ("max(,a)", 4, "unexpected ','"), ("a, b", 1, "outside a function"),
    ("2 [USD", 2, "missing ']'"), ("2 []", 2, "empty unit"), ("x]", 1, "unbalanced ']'"),
    ("a\x00b", 1, "control character"), ("None", 0, "keyword"), ("a – b", 2, "dash"),
    ("2 [__class__]", 3, "'__'"), ("2 __x__", 2, "'__'"), ("(1)[0]", 3, "subscripts"),
    ("x @ y", 2, "unexpected character"),
])
def test_rejections_with_column(text, column, fragment):
    e = err(text)
    assert e.column == column, (text, e.column, e.message)
    assert fragment in e.message, (text, e.message)


def test_unknown_function_suggests():
    e = err("sqr(x)")
    assert "sqrt" in e.suggestions
    assert "did you mean 'sqrt'" in str(e)
    e = err("lg10(x)")
    assert "log10" in e.suggestions


def test_non_string_formula():
    with pytest.raises(FormulaError):
        parse_formula(42)  # type: ignore[arg-type]


def test_nesting_limit():
    ok = "(" * (MAX_DEPTH - 1) + "x" + ")" * (MAX_DEPTH - 1)
    assert P(ok).names == ("x",)
    e = err("(" * (MAX_DEPTH + 1) + "x" + ")" * (MAX_DEPTH + 1))
    assert "nested too deeply" in e.message and e.column == MAX_DEPTH
    e = err("-" * 1500 + "x")
    assert "nested too deeply" in e.message
    e = err("2" + "^2" * 900)
    assert "nested too deeply" in e.message
    e = err("sqrt(" * 300 + "x" + ")" * 300)
    assert "nested too deeply" in e.message


# Each hostile input is refused by a limit checked before the work it would cost: the length limit
# before any token is read (the column is the limit), the depth limit as the nesting passes it, the
# exponent limit before the power is computed, and a syntax rule for what is not arithmetic.
TOO_LONG = "formula too long"
TOO_DEEP = "nested too deeply"


@pytest.mark.parametrize("text, refusal, column", [
    ("(" * 10_000, TOO_LONG, MAX_LENGTH), ("(" * 10_000 + "x" + ")" * 10_000, TOO_LONG, MAX_LENGTH),
    ("x+" * 50_000 + "x", TOO_LONG, MAX_LENGTH), ("a" * 100_000, TOO_LONG, MAX_LENGTH),
    ("1" * 100_000, TOO_LONG, MAX_LENGTH),
    ("(" * 1999, TOO_DEEP, MAX_DEPTH), ("-" * 1999, TOO_DEEP, MAX_DEPTH - 1),
    ("2" + "**2" * 600, TOO_DEEP, 298), ("sqrt(" * 400, TOO_DEEP, 500),
    ("__import__('os').system('echo hi')", "names starting with '__' are not allowed", 0),
    ("().__class__.__bases__[0].__subclasses__()", "attribute access is not allowed", 2),
    ('"a"*10**9', "strings are not allowed", 0),
    ("9**9**9", "is too large (limit 4096): refusing to compute it", 3),
    ("[" * 1000, "brackets are only allowed around an inline unit", 0),
    ("lambda: 0", "'lambda' is a Python keyword", 0),
    ("x" * 1999 + "(", "unknown function", 0),
])
def test_hostile_inputs_are_refused_by_a_limit(text, refusal, column):
    with hang_guard(30):        # a hang detector, not a speed target (benchmarks/bench_formulas.py times it)
        e = err(text)
    assert refusal in e.message and e.column == column


def test_too_long_formula():
    e = err("x" * (MAX_LENGTH + 1))
    assert e.column == MAX_LENGTH and "too long" in e.message
    assert P("x" * MAX_LENGTH).names == ("x" * MAX_LENGTH,)


def test_long_flat_sum_evaluates_without_recursion_error():
    text = "+".join(["x"] * 999)
    f = P(text)
    assert f.evaluate({"x": Q(1)}).mag == Interval(999)
    assert len(f.display()) > 999


@pytest.mark.parametrize("text, env", [
    ("10^4096", {}), ("(10^4000)^4096", {}), ("exp(exp(exp(100)))", {}),
    ("x^y", {"x": Q(10), "y": Q(10**30, 10**30 + 1)}), ("x^4096", {"x": Q(10**3000)}),
    ("x^4096 * x^4096", {"x": Q(5)}), ("(x*x*x*x)^4096", {"x": Q(10**1000, 10**1000 + 1)}),
    ("x^y", {"x": Q(2), "y": Q(10**9)}),
])
def test_hostile_evaluations_are_refused_with_interval_error(text, env):
    f = P(text)
    # Refused before the huge number is built; the guard only catches a hang (timings: benchmarks/bench_formulas.py).
    with hang_guard(30), pytest.raises(IntervalError, match=r"too large|overflow"):
        f.evaluate(env)


# -- evaluation: exactness and intervals ----------------------------------------------------------

def test_interval_division_is_exact():
    a, b = Interval(F("0.825"), F("0.835")), Interval(F("0.595"), F("0.605"))
    r = P("a/b").evaluate({"a": Quantity(a), "b": Quantity(b)}).mag
    assert r == Interval(F("0.825") / F("0.605"), F("0.835") / F("0.595"))


def test_division_by_interval_containing_zero():
    with pytest.raises(IntervalError, match="containing zero") as info:
        val("a/(b - 1)", a=1, b=Interval(0, 2))
    assert "b - 1" in str(info.value)
    with pytest.raises(IntervalError, match="zero"):
        val("1/0")
    with pytest.raises(IntervalError, match="zero"):
        val("x^-1", x=Interval(-1, 1))
    with pytest.raises(IntervalError):
        val("1/(x - x)", x=3)


def test_same_name_twice_stays_sound():
    r = val("x - x", x=Interval(1, 2))
    assert r.contains(0) and r == Interval(-1, 1)
    # narrowed over 8 pieces of its interval (tests/test_formula_repeated_names.py): [-1/8, 1/8]
    f = parse_formula("x - x")
    env = {"x": Quantity(Interval(1, 2))}
    assert f.narrowed(env, f.evaluate(env)).mag == Interval(F(-1, 8), F(1, 8))
    r = val("x*x", x=Interval(-1, 1))
    assert r.contains(Interval(0, 1))
    assert val("x^2", x=Interval(-1, 1)) == Interval(0, 1)
    r = val("(a - b)/b", a=Interval(F("562026.5"), F("562027.5")), b=Interval(F("87071.5"), F("87072.5")))
    assert r.contains(F(562027 - 87072, 87072))


def test_env_values_may_be_intervals_or_exact_numbers():
    f = P("a + b + c")
    assert f.evaluate({"a": Interval(1, 2), "b": 3, "c": F(1, 2)}).mag == Interval(F(9, 2), F(11, 2))
    with pytest.raises(TypeError):
        f.evaluate({"a": 1.5, "b": 1, "c": 1})


def test_unknown_names_are_listed():
    f = P("v3_cost.total_hour * rate + extra")
    with pytest.raises(FormulaError) as info:
        f.evaluate({"v3_cost.total_hours": Q(1), "rate": Q(1)})
    e = info.value
    assert "'v3_cost.total_hour'" in e.message and "'extra'" in e.message
    assert e.column == 0
    assert e.suggestions[0] == "v3_cost.total_hours"
    with pytest.raises(FormulaError) as info:
        P("a + b").evaluate({"a": Q(1)})
    assert info.value.column == 4 and "'b'" in info.value.message


def test_repeated_evaluation_is_stable():
    # Its speed is a figure of benchmarks/bench_formulas.py, not a test.
    f = P("(n0*t0)/(n1*t1)")
    env = {"n0": Q("0.825", "0.835"), "t0": Q(3, 4), "n1": Q("0.595", "0.605"), "t1": Q(5, 6)}
    first = f.evaluate(env)
    assert first.mag == Interval(F("0.825") * 3 / (F("0.605") * 6), F("0.835") * 4 / (F("0.595") * 5))
    for _ in range(200):
        assert f.evaluate(env) == first


# -- units flow ---------------------------------------------------------------------------------

def test_units_cancel():
    env = {"gpus": Q(2048, dims=GPU), "hours": Q(3600 * 24, dims=TIME),
           "price": Q(F(2, 3600), dims=USD / (GPU * TIME))}
    q = P("gpus * hours * price").evaluate(env)
    assert q.dims == USD and q.mag == Interval(2048 * 24 * 2)
    q = P("gpus*hours*price/(gpus*hours)").evaluate(env)
    assert q.dims == USD / (GPU * TIME)


def test_adding_mismatched_dimensions_raises_naming_both():
    env = {"gh": Q(1, dims=GPU * TIME), "cost": Q(1, dims=USD)}
    with pytest.raises(DimensionMismatch) as info:
        P("gh + cost").evaluate(env)
    msg = str(info.value)
    assert "gpu*time" in msg and "currency_USD" in msg and "'gh' + 'cost'" in msg
    with pytest.raises(DimensionMismatch):
        P("2 GPU*hour + 3 USD").evaluate({})
    with pytest.raises(DimensionMismatch):
        P("1 + 2 hour").evaluate({})
    with pytest.raises(DimensionMismatch, match="subtract"):
        P("cost - gh").evaluate(env)
    with pytest.raises(DimensionMismatch, match="compare"):
        P("max(cost, gh)").evaluate(env)
    with pytest.raises(DimensionMismatch):
        P("sum(cost, gh)").evaluate(env)


def test_functions_and_dimensions():
    area = Q(9, dims=LENGTH ** 2)
    q = P("sqrt(a)").evaluate({"a": area})
    assert q.dims == LENGTH and q.mag == Interval(3)
    q = P("a^0.5").evaluate({"a": area})
    assert q.dims == LENGTH
    q = P("a^(1/2)").evaluate({"a": area})
    assert q.dims == LENGTH and q.mag.contains(3)
    q = P("(a^3)^(1/3)").evaluate({"a": Q(2, dims=LENGTH)})
    assert q.dims == LENGTH and q.mag.contains(2)
    for text in ("sqrt(x)", "log(x)", "exp(x)", "log10(x)", "floor(x)", "x^0.5", "2^x", "x^y"):
        with pytest.raises(DimensionMismatch):
            P(text).evaluate({"x": Q(4, dims=LENGTH), "y": Q(1, 2)})
    assert P("floor(x / (1 hour))").evaluate({"x": Q(5400, dims=TIME)}).mag == Interval(1)
    assert P("abs(x)").evaluate({"x": Q(-3, dims=USD)}).dims == USD
    q = P("min(x, 2 USD)").evaluate({"x": Q(3, dims=USD)})
    assert q.mag == Interval(2)


def test_integer_power_of_dimensioned_values():
    q = P("x^3 / x^2").evaluate({"x": Q(2, dims=LENGTH)})
    assert q.dims == LENGTH and q.mag == Interval(2)
    q = P("x^n").evaluate({"x": Q(2, dims=LENGTH), "n": Q(2)})
    assert q.dims == LENGTH ** 2 and q.mag == Interval(4)


# -- soundness property ---------------------------------------------------------------------------

_NAMES = ["a", "b", "c", "d"]


def _trees(names):
    leaves = st.sampled_from(names).map(lambda n: ("name", n))
    return st.recursive(
        leaves,
        lambda kids: st.tuples(st.sampled_from(["+", "-", "*", "/"]), kids, kids),
        max_leaves=6,
    )


def _render(tree, spelling) -> str:
    if tree[0] == "name":
        return tree[1]
    op, left, r = tree
    return f"({_render(left, spelling)} {spelling[op]} {_render(r, spelling)})"


def _exact(tree, values):
    if tree[0] == "name":
        return values[tree[1]]
    op, left, r = tree
    a, b = _exact(left, values), _exact(r, values)
    return {"+": lambda: a + b, "-": lambda: a - b, "*": lambda: a * b, "/": lambda: a / b}[op]()


_frac = st.fractions(min_value=-50, max_value=50, max_denominator=40)
_width = st.fractions(min_value=0, max_value=5, max_denominator=40)
_unit = st.fractions(min_value=0, max_value=1, max_denominator=30)


@settings(max_examples=200, deadline=None)
@given(data=st.data(), k=st.integers(min_value=2, max_value=4),
       unicode_ops=st.booleans())
def test_interval_evaluation_is_sound(data, k, unicode_ops):
    names = _NAMES[:k]
    tree = data.draw(_trees(names))
    spelling = ({"+": "+", "-": "−", "*": "×", "/": "÷"} if unicode_ops
                else {"+": "+", "-": "-", "*": "*", "/": "/"})
    env, values = {}, {}
    for n in names:
        lo, w, t = data.draw(_frac), data.draw(_width), data.draw(_unit)
        env[n] = Quantity(Interval(lo, lo + w))
        values[n] = lo + w * t
    try:
        exact = _exact(tree, values)
    except ZeroDivisionError:
        assume(False)
    f = P(_render(tree, spelling))
    try:
        result = f.evaluate(env)
    except IntervalError:
        assume(False)
    assert result.mag.contains(exact)


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_display_round_trips(data):
    tree = data.draw(_trees(_NAMES))
    f = P(_render(tree, {"+": "+", "-": "-", "*": "*", "/": "/"}))
    g = P(f.display())
    assert g.display() == f.display()
    env = {n: Quantity(Interval(i + 2, i + 3)) for i, n in enumerate(_NAMES)}
    try:
        assert g.evaluate(env) == f.evaluate(env)
    except IntervalError:
        with pytest.raises(IntervalError):
            g.evaluate(env)


# -- sympy ------------------------------------------------------------------------------------

def test_parsing_and_evaluating_do_not_import_sympy():
    code = ("import sys; from claimaudit.formulas.parse import parse_formula; "
            "from claimaudit.units.quantity import Quantity; from claimaudit.numbers.interval import Interval; "
            "f = parse_formula('(n0*t0)/(n1*t1) + 2^10'); "
            "f.evaluate({k: Quantity(Interval(1, 2)) for k in f.names}); f.display(); "
            "print('sympy' in sys.modules, 'mpmath' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={"PYTHONPATH": str(SRC), "PATH": ""}, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_to_sympy():
    import sympy as sp

    f = P("v3_cost.total_hours * 2 / n + 0.5")
    e = f.to_sympy()
    h, n = sp.Symbol("v3_cost.total_hours"), sp.Symbol("n")
    assert e == 2 * h / n + sp.Rational(1, 2)
    assert P("log(x, 2) + log10(y) + sqrt(z) + exp(w)").to_sympy() == (
        sp.log(sp.Symbol("x"), 2) + sp.log(sp.Symbol("y"), 10) + sp.sqrt(sp.Symbol("z"))
        + sp.exp(sp.Symbol("w")))
    assert P("min(a, b) + max(a, b) + abs(a) + floor(a) + ceil(b) + sum(a, b)").to_sympy().free_symbols == {
        sp.Symbol("a"), sp.Symbol("b")}
    e = P("2 USD/(GPU*hour) * x").to_sympy()
    assert e == 2 * sp.Symbol("[USD/(GPU*hour)]") * sp.Symbol("x")
    assert P("5% * 128Ki").to_sympy() == sp.Rational(131072, 20)


def test_simplify_display():
    from claimaudit.formulas.symbolic import simplify_display

    assert simplify_display(P("a*b/b + 0")) == "a"
    assert simplify_display(P("(x^2 - 1)/(x - 1)")) == "x + 1"


DUALPIPE = "1 - ((PP/2 - 1)*(F + B - 3*W)) / ((PP - 1)*(F + B))"


def test_solve_condition_dualpipe():
    from claimaudit.formulas.symbolic import find_condition, solve_condition

    f = P(DUALPIPE)
    target = Interval(F("0.6265"), F("0.6275"))
    text = solve_condition(f, target, {"PP": F(16)})
    assert text is not None and text.startswith("holds iff W/(F + B) ≈ 0.06")
    cond = find_condition(f, target, {"PP": F(16)})
    assert cond.variable == "W/(F + B)"
    assert abs(float(cond.lo) - 0.067) < 0.001 and abs(float(cond.hi) - 0.067) < 0.001
    numbers = [F(x) for x in re.findall(r"\d+\.\d+", text)]
    mid, lo, hi = numbers
    assert lo <= cond.lo and cond.hi <= hi and lo < mid < hi
    # Check the condition against the evaluator: at the midpoint ratio the claim holds.
    r = (cond.lo + cond.hi) / 2
    env = {"PP": Q(16), "F": Q(3), "B": Q(5), "W": Q(r * 8)}
    assert target.contains(f.evaluate(env).mag)


def test_solve_condition_other_cases():
    from claimaudit.formulas.symbolic import find_condition, solve_condition

    assert solve_condition(P("a/8"), Interval(1, 2), {}) == "holds iff a ≈ 12.0 (between 8.00 and 16.0)"
    assert solve_condition(P("x/y"), Interval(1, 2), {}) is not None  # ratio of two names
    assert solve_condition(P("a + b"), Interval(1, 2), {}) is None       # no single condition
    assert solve_condition(P("a*b"), Interval(1, 2), {"a": F(2), "b": F(1)}) is None  # determined
    assert solve_condition(P("1 + x^2"), Interval(0, F(1, 2)), {}) is None  # impossible
    cond = find_condition(P("1 + x^2"), Interval(0, F(1, 2)), {})
    assert cond is not None and not cond.satisfiable
    assert solve_condition(P("a+b+c+d+e+f+g"), Interval(1, 2), {}) is None  # too many symbols
    text = solve_condition(P("2*x"), Interval(1), {})
    assert text == "holds iff x = 0.500"
    text = solve_condition(P("x^2"), Interval(1, 4), {})
    assert text is not None and " or " in text


@pytest.mark.parametrize("text", [
    "x^37 + x^5", "(a+b)^100/(a^100)", "x^2001 - x^1999 + 3", "exp(x) + x", "x^x",
    "(a*b*c*d*e*f)^3/(a+b+c+d+e+f)^18", "max(a,b)/min(a,b)", "a^7*b^-7 + a/b",
])
def test_solve_condition_gives_up(text):
    from claimaudit.formulas.symbolic import solve_condition

    # Given up by the static limits or the solver's CPU-time limit; the guard only catches a hang.
    with hang_guard(60):
        assert solve_condition(P(text), Interval(F(1, 2), 2), {}) is None


def test_solve_condition_ratio_cases():
    from claimaudit.formulas.symbolic import find_condition

    cond = find_condition(P("log(a) - log(b)"), Interval(F(1, 2), 2), {})
    assert cond.variable == "a/b" and cond.lo < F("1.6488") and F("7.389") < cond.hi
    cond = find_condition(P("sqrt(a/b)"), Interval(F(1, 2), 2), {})
    assert cond.variable == "a/b" and (cond.lo, cond.hi) == (F(1, 4), 4)
    cond = find_condition(P("min(x, 1)"), Interval(F(1, 2), 2), {})
    assert (cond.lo, cond.hi) == (F(1, 2), None) and cond.text == "holds iff x ≥ 0.500"


def test_time_limit_interrupts_runaway_work():
    from claimaudit.formulas.symbolic import SympyTimeout, time_limit

    # The loop never ends by itself: reaching the assertion at all is the interruption.
    with hang_guard(30), pytest.raises(SympyTimeout):
        with time_limit(0.2):
            while True:
                pass
    with time_limit(5):   # nothing happens once the block is done
        pass
    time.sleep(0.01)


def test_equivalence():
    from claimaudit.formulas.symbolic import equivalent

    assert equivalent(P("a*b/c"), P("a/(c/b)"))
    assert not equivalent(P("a+b"), P("a*b"))
    assert equivalent(P("(x+1)^2"), P("x^2 + 2*x + 1"))
    assert equivalent(P("log(a*b)"), P("log(a) + log(b)"))   # for positive values
    assert equivalent(P("sqrt(x^2)"), P("x"))
    assert equivalent(P("f.a × f.b"), P("f.b*f.a"))
    assert not equivalent(P("a/b"), P("b/a"))
    assert not equivalent(P("a - b"), P("b - a"))
    assert equivalent(P("2 hour * x"), P("x * 2 hour"))
    assert equivalent(P("(a+b)^40"), P("(b+a)^40"))
    with hang_guard(60):
        assert not equivalent(P("(a+b)^200"), P("(a+b)^200 + 1"))
        assert equivalent(P("(a+b)^3*(a-b)^3"), P("(a^2-b^2)^3"))
        assert not equivalent(P("min(a, b)"), P("max(a, b)"))
        assert equivalent(P("log10(x)"), P("log(x)/log(10)"))


# -- with the real unit registry (skipped while it is not implemented) -------------------------

@pytest.fixture
def real_resolve():
    from claimaudit.units.registry import resolve_unit

    try:
        resolve_unit("hour")
    except NotImplementedError:
        pytest.skip("units.registry.resolve_unit is not implemented yet")
    return resolve_unit


def test_real_registry_simple_units(real_resolve):
    hour = real_resolve("hour")
    q = parse_formula("24 hour").evaluate({})
    assert q.dims == hour.dims and q.mag == Interval(24 * F(hour.factor))


def test_real_registry_cost_formula(real_resolve):
    usd = real_resolve("USD")
    q = parse_formula("(2048 GPU) * (24 hour) * (2 USD/(GPU*hour))").evaluate({})
    assert q.dims == usd.dims
    assert q.mag == Interval(2048 * 24 * 2 * F(usd.factor))


def test_real_registry_inline_examples(real_resolve):
    q = parse_formula("128Ki tokens").evaluate({})
    assert q.dims == real_resolve("tokens").dims and q.mag == Interval(131072 * F(real_resolve("tokens").factor))
    q = parse_formula("15.36 TB / (1 PiB)").evaluate({})
    assert q.dims == DIMENSIONLESS
    assert q.mag == Interval(F("15.36") * F(real_resolve("TB").factor) / F(real_resolve("PiB").factor))
    with pytest.raises(FormulaError, match="spaces around an operator"):
        parse_formula("2 hour*x").evaluate({})
    with pytest.raises(DimensionMismatch):
        parse_formula("2 GPU*hour + 3 USD").evaluate({})


def test_real_registry_unknown_unit(real_resolve):
    with pytest.raises(FormulaError) as info:
        parse_formula("3 florblats").evaluate({})
    assert info.value.column == 2
