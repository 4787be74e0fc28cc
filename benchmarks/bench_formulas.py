"""Timings for claimaudit.formulas and numbers.interval: evaluation speed, and how fast hostile input is refused.

Run:  PYTHONPATH=src python benchmarks/bench_formulas.py [--repeat N]

The tests check the properties (a hostile formula is refused by a limit, an evaluation that would
build a huge number raises IntervalError, the solver gives up); this script prints how long each
takes on this machine, so that a slowdown shows as a figure rather than a flaky test. Data: the
formulas and inputs below (the same ones the tests use), best of --repeat runs each.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from fractions import Fraction as F
from typing import Any

from timing import best_of

from claimaudit.errors import ClaimAuditError
from claimaudit.formulas.parse import parse_formula
from claimaudit.numbers.interval import Interval, IntervalError, outward
from claimaudit.units.quantity import DIMENSIONLESS, Quantity

HOSTILE_PARSE = {
    "10,000 open brackets": "(" * 10_000, "100,000-letter name": "a" * 100_000, "x+ x 50,000": "x+" * 50_000 + "x",
    "1,999 open brackets": "(" * 1999, "1,999 minus signs": "-" * 1999, "2**2 x 600": "2" + "**2" * 600,
    "sqrt( x 400": "sqrt(" * 400, "__import__": "__import__('os').system('echo hi')", "9**9**9": "9**9**9",
    "1,999-letter call": "x" * 1999 + "(",
}


def Q(lo: Any, hi: Any = None) -> Quantity:
    return Quantity(Interval(F(lo), F(hi) if hi is not None else None), DIMENSIONLESS)


HOSTILE_EVAL = {
    "10^4096": ("10^4096", {}), "exp(exp(exp(100)))": ("exp(exp(exp(100)))", {}),
    "x^y, y = 1e30": ("x^y", {"x": Q(10), "y": Q(10**30, 10**30 + 1)}),
    "x^4096, x = 1e3000": ("x^4096", {"x": Q(10**3000)}),
    "x^y, y = 1e9": ("x^y", {"x": Q(2), "y": Q(10**9)}),
}

GIVE_UP = ["x^37 + x^5", "(a+b)^100/(a^100)", "x^2001 - x^1999 + 3", "exp(x) + x", "x^x",
           "(a*b*c*d*e*f)^3/(a+b+c+d+e+f)^18", "max(a,b)/min(a,b)", "a^7*b^-7 + a/b"]


def best(fn: Callable[[], object], repeat: int) -> float:
    return best_of(fn, repeat, expected=(ClaimAuditError, IntervalError))   # the refusal is what is timed


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)

    f = parse_formula("(n0*t0)/(n1*t1)")
    env = {"n0": Q("0.825", "0.835"), "t0": Q(3, 4), "n1": Q("0.595", "0.605"), "t1": Q(5, 6)}
    n = 2000
    per_call = best(lambda: [f.evaluate(env) for _ in range(n)], args.repeat) / n
    print(f"4-operand interval formula (n0*t0)/(n1*t1): {per_call * 1e6:8.1f} µs per evaluation")

    print("hostile formulas, parse until refused:")
    for name, text in HOSTILE_PARSE.items():
        print(f"  {name:<24} {best(lambda t=text: parse_formula(t), args.repeat) * 1e3:8.2f} ms")

    print("hostile evaluations, until IntervalError:")
    for name, (text, values) in HOSTILE_EVAL.items():
        g = parse_formula(text)
        print(f"  {name:<24} {best(lambda g=g, v=values: g.evaluate(v), args.repeat) * 1e3:8.2f} ms")

    print("intervals: huge powers and outward rounding:")
    big = Interval(F(10) ** 3000)
    print(f"  {'(1e3000)^4096 refused':<24} {best(lambda: big ** 4096, args.repeat) * 1e3:8.2f} ms")
    print(f"  {'exp(1e30) refused':<24} {best(lambda: outward('exp', Interval(10**30)), args.repeat) * 1e3:8.2f} ms")
    print(f"  {'exp(-1e6) underflow':<24} {best(lambda: outward('exp', Interval(-10**6)), args.repeat) * 1e3:8.2f} ms")

    from claimaudit.formulas.symbolic import equivalent, solve_condition

    print("solver, until it gives up (None):")
    for text in GIVE_UP:
        g = parse_formula(text)
        secs = best(lambda g=g: solve_condition(g, Interval(F(1, 2), 2), {}), 1)
        print(f"  {text:<34} {secs:8.3f} s")
    pairs = [("(a+b)^200", "(a+b)^200 + 1"), ("(a+b)^3*(a-b)^3", "(a^2-b^2)^3"), ("log10(x)", "log(x)/log(10)")]
    for a, b in pairs:
        fa, fb = parse_formula(a), parse_formula(b)
        print(f"  equivalent({a}, {b}): {best(lambda fa=fa, fb=fb: equivalent(fa, fb), 1):.3f} s")


if __name__ == "__main__":
    main()
