"""The condition search without sympy (formulas/solver_fast.py) gives sympy's answer, or none.

Every case is checked against :func:`claimaudit.formulas.symbolic.find_condition` (sympy): the same
Condition (variable, exact bounds, text) whenever the fast path answers, and None from the fast path
for the shapes whose sympy form it cannot be sure of.
"""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest

from claimaudit.formulas.parse import parse_formula as P
from claimaudit.formulas.solver_fast import fast_condition
from claimaudit.formulas.symbolic import find_condition
from claimaudit.numbers.interval import Interval

DUALPIPE = "1 - ((PP/2 - 1) * (F + B - 3*W)) / ((PP - 1) * (F + B))"


def both(text: str, target: Interval, fixed: dict | None = None):
    f = P(text)
    return fast_condition(f, target, fixed or {}), find_condition(f, target, fixed or {}, time_budget=20)


# Published shapes: the demo's DualPipe bubble, a per-node share of a cluster's capacity, an hourly
# price from a total cost, a share of a sum, and the test suite's own cases.
@pytest.mark.parametrize(("text", "target", "fixed", "text_out"), [
    (DUALPIPE, Interval(F("0.6265"), F("0.6275")), {"PP": F(16)},
     "holds iff W/(F + B) ≈ 0.0669 (between 0.0665 and 0.0673)"),
    ("n * k", Interval(F(20)), {"n": F(180)}, "holds iff k = 0.111"),
    ("cost / h", Interval(F(2)), {"cost": F(5576000)}, "holds iff h = 2790000"),
    ("a / (a + b)", Interval(F(1, 4)), {}, "holds iff a/b = 0.333"),
    ("a/8", Interval(F(1), F(2)), {}, "holds iff a ≈ 12.0 (between 8.00 and 16.0)"),
    ("2*x", Interval(F(1)), {}, "holds iff x = 0.500"),
    ("x/y", Interval(F(1), F(2)), {}, "holds iff x/y ≈ 1.50 (between 1.00 and 2.00)"),
    # decreasing in the unknown: the bounds swap
    ("100 - 4*x", Interval(F(10), F(20)), {}, "holds iff x ≈ 21.2 (between 20.0 and 22.5)"),
    ("W / (F + B)", Interval(F("0.2"), F("0.3")), {}, "holds iff W/(F + B) ≈ 0.250 (between 0.200 and 0.300)"),
    # one product 2·(a + b)·c⁻¹ to sympy, which keeps the sum (unlike (2*(a + b))/c, below)
    ("2*(a + b)/c", Interval(F(1), F(2)), {}, "holds iff c/(a + b) ≈ 1.50 (between 1.00 and 2.00)"),
])
def test_published_shapes_match_sympy(text, target, fixed, text_out):
    fast, slow = both(text, target, fixed)
    assert fast is not None and fast == slow
    assert fast.text == text_out


@pytest.mark.parametrize(("text", "target", "fixed"), [
    ("x^2", Interval(F(1), F(4)), {}),                 # not linear: two pieces, sympy's work
    ("1/x", Interval(F(-1), F(1)), {}),                # the target reaches the asymptote: unbounded
    ("x/(x + 1)", Interval(F(1)), {}),                 # the asymptote itself: no value
    ("a + b", Interval(F(1), F(2)), {}),               # no single condition (sympy says None)
    ("sqrt(x)", Interval(F(1), F(2)), {}),             # a call
    ("2 USD * x", Interval(F(1), F(2)), {}),           # an inline unit is a symbol to sympy
    ("x*(x + 1)/(x + 1)", Interval(F(1), F(2)), {}),   # sympy cancels what is built here
    ("b - b + x", Interval(F(1), F(2)), {}),           # sympy drops b
    ("(2*(a + b))/c", Interval(F(1), F(2)), {}),       # sympy distributes the 2: its label is 2*a + 2*b
    ("((a + b) + c)/d", Interval(F(1), F(2)), {}),     # sympy merges the sums
    ("x^13/x^12", Interval(F(1), F(2)), {}),           # above MAX_POWER
])
def test_uncertain_shapes_are_left_to_sympy(text, target, fixed):
    assert fast_condition(P(text), target, fixed) is None


def test_the_demo_claim_needs_no_sympy(monkeypatch):
    """The bundled demo's one underdetermined claim is answered without starting the solver child."""
    import claimaudit.checkers.solve as solve_mod
    from claimaudit.formulas import solver_process

    def no_child(*args, **kwargs):
        raise AssertionError("the solver child was started")

    monkeypatch.setattr(solver_process.SolverProcess, "solve", no_child)
    cond = solve_mod.find_condition(P(DUALPIPE), Interval(F("0.6265"), F("0.6275")), {"PP": F(16)},
                                    time_budget=2.0)
    assert cond.text == "holds iff W/(F + B) ≈ 0.0669 (between 0.0665 and 0.0673)"


def _bench_start():
    """benchmarks/bench_start.py, whose random formulas (--check-solver) the test shares."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_start.py"
    spec = importlib.util.spec_from_file_location("bench_start", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_random_formulas_match_sympy():
    """Random formulas (sums, products, powers, fixed names): wherever the fast path answers, sympy
    gives the same Condition. benchmarks/bench_start.py --check-solver runs this on many more."""
    bench = _bench_start()
    rng = random.Random(20261201)
    answered = 0
    for i in range(600):
        f = P((bench._any_shape, bench._ratio_shape, bench._sum_shape)[i % 3](rng))
        fixed = {n: rng.choice([F(16), F(2), F(3, 4), F(0)]) for n in f.names
                 if n in ("k", "PP") or rng.random() < 0.2}
        lo = F(rng.randint(-20, 40), rng.choice([1, 10, 100]))
        target = Interval(lo, lo if rng.random() < 0.3 else lo + F(rng.randint(1, 30), 10))
        fast = fast_condition(f, target, fixed)
        if fast is None:
            continue
        answered += 1
        assert fast == find_condition(f, target, fixed, time_budget=20), (f.text, fixed, target)
        if answered >= 24:
            break
    assert answered >= 24
