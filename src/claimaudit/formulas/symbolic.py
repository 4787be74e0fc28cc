"""Symbolic views of a parsed formula (sympy, imported lazily).

    to_sympy(formula) -> sympy.Expr
    simplify_display(formula) -> str
    solve_condition(lhs_formula, target: Interval, fixed: Mapping[str, Fraction]) -> str | None
    find_condition(...) -> Condition | None        # the same, as data
    equivalent(f1, f2) -> bool

The conversion walks the parser's node tree (never the text), so nothing here evaluates
formula text. Names become ``sympy.Symbol(name)`` (dotted names whole); an inline quantity
``2 USD/(GPU*hour)`` becomes ``2*Symbol("[USD/(GPU*hour)]")`` (the unit as an opaque symbol).
Symbolic work is bounded: expressions with more than ``MAX_SYMBOLS`` free symbols or more than
``MAX_OPS`` operations are not simplified/solved, and the condition search has a time budget.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal, localcontext
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..numbers.interval import Interval
from .evaluate import Call, Name, Neg, Node, Num, Pow, Product, Qty, Sum

if TYPE_CHECKING:  # pragma: no cover - parse.py imports this module lazily (Formula.to_sympy)
    from .parse import Formula

MAX_SYMBOLS = 6
MAX_OPS = 250
#: Largest integer power (anywhere in the expression) for which a condition is searched.
MAX_POWER = 12
#: Largest polynomial degree (numerator or denominator, in the ratio) handed to the solver.
MAX_DEGREE = 6
TIME_BUDGET = 3.0


class SympyTimeout(Exception):
    """Raised (by a CPU-time profiling timer) when symbolic work runs past its budget."""


@contextmanager
def time_limit(seconds: float):
    """Interrupt the enclosed sympy work after ``seconds`` of CPU time with :class:`SympyTimeout`.

    CPU time (an ITIMER_PROF timer), not wall-clock time: the same formula then gets the same
    answer on a busy machine as on an idle one. The solver's child process
    (:mod:`.solver_process`) is where this runs for claims, and the parent also kills that child
    when it overruns in wall-clock time. It only acts in the main thread on platforms with
    ``signal.setitimer`` and when no other profiling timer is running (the previous handler is
    restored). Elsewhere it does nothing, and the static limits (MAX_SYMBOLS, MAX_OPS,
    MAX_POWER, MAX_DEGREE) and the child's limits are the guard.
    """
    import signal
    import threading

    if (seconds <= 0 or not hasattr(signal, "setitimer")
            or threading.current_thread() is not threading.main_thread()
            or signal.getitimer(signal.ITIMER_PROF)[0] > 0):
        yield
        return

    def on_alarm(signum, frame):
        raise SympyTimeout()

    previous = signal.signal(signal.SIGPROF, on_alarm)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        try:
            signal.setitimer(signal.ITIMER_PROF, 0)
        finally:
            signal.signal(signal.SIGPROF, previous if previous is not None else signal.SIG_DFL)


def _max_power(expr, sp) -> int:
    top = 0
    for sub in sp.preorder_traversal(expr):
        if isinstance(sub, sp.Pow) and sub.exp.is_Integer:
            top = max(top, abs(int(sub.exp)))
    return top


def unit_symbol_name(unit: str) -> str:
    return f"[{unit}]"


def _convert(node: Node, sp, cache: dict[str, object]):
    def sym(name: str):
        s = cache.get(name)
        if s is None:
            s = cache[name] = sp.Symbol(name)
        return s

    def conv(n: Node):
        if isinstance(n, Num):
            return sp.Rational(n.value.numerator, n.value.denominator)
        if isinstance(n, Name):
            return sym(n.name)
        if isinstance(n, Qty):
            return sp.Rational(n.value.numerator, n.value.denominator) * sym(unit_symbol_name(n.unit))
        if isinstance(n, Sum):
            terms = [conv(n.first)] + [(-conv(t) if sub else conv(t)) for sub, t in n.rest]
            return sp.Add(*terms)
        if isinstance(n, Product):
            factors = [conv(n.first)] + [(sp.Pow(conv(f), -1) if div else conv(f)) for div, f in n.rest]
            return sp.Mul(*factors)
        if isinstance(n, Neg):
            return -conv(n.operand)
        if isinstance(n, Pow):
            return sp.Pow(conv(n.base), conv(n.exp))
        if isinstance(n, Call):
            args = [conv(a) for a in n.args]
            fn = n.fn
            if fn == "sqrt":
                return sp.sqrt(args[0])
            if fn in ("log", "ln"):
                return sp.log(*args)
            if fn == "log10":
                return sp.log(args[0], 10)
            if fn == "log2":
                return sp.log(args[0], 2)
            if fn == "exp":
                return sp.exp(args[0])
            if fn == "min":
                return sp.Min(*args)
            if fn == "max":
                return sp.Max(*args)
            if fn == "sum":
                return sp.Add(*args)
            if fn == "abs":
                return sp.Abs(args[0])
            if fn == "floor":
                return sp.floor(args[0])
            if fn == "ceil":
                return sp.ceiling(args[0])
        raise TypeError(f"unknown formula node {type(n).__name__}")  # pragma: no cover

    return conv(node)


def to_sympy(formula: Formula):
    """The formula as a sympy expression (exact rationals, Symbols for names)."""
    import sympy as sp

    return _convert(formula.root, sp, {})


def simplify_display(formula: Formula) -> str:
    """A simplified rendering of the formula (falls back to ``formula.display()``)."""
    import sympy as sp

    expr = to_sympy(formula)
    if sp.count_ops(expr) > MAX_OPS or len(expr.free_symbols) > 2 * MAX_SYMBOLS:
        return formula.display()
    try:
        with time_limit(TIME_BUDGET):
            return str(sp.simplify(expr))
    except Exception:  # noqa: BLE001 - timeout, or sympy failing on odd input: the plain display is fine
        return formula.display()


# -- conditions for underdetermined claims ---------------------------------------------------

@dataclass(frozen=True)
class Condition:
    """``variable`` (readable text such as ``W/(F + B)``) must lie in ``[lo, hi]`` (None for an
    unbounded side) for the claim to hold; ``satisfiable`` is False when no value works."""

    variable: str
    lo: Fraction | None
    hi: Fraction | None
    satisfiable: bool
    text: str
    pieces: tuple[tuple[Fraction | None, Fraction | None], ...] = ()


def _to_fraction(x, sp) -> Fraction:
    if isinstance(x, sp.Rational):
        return Fraction(int(x.p), int(x.q))
    # Irrational solutions (roots of a quadratic, …): a 40-digit decimal approximation.
    return Fraction(str(sp.Float(x.evalf(40), 40)))


def _fmt_dir(x: Fraction, sig: int, rounding) -> str:
    if x == 0:
        return "0"
    with localcontext() as ctx:
        ctx.prec = 60
        d = Decimal(x.numerator) / Decimal(x.denominator)
        exp = d.adjusted() - sig + 1
        q = d.quantize(Decimal(1).scaleb(exp), rounding=rounding)
    text = format(q, "f") if -8 <= q.adjusted() < 15 else format(q, "e")
    return text


def _fmt_pair(lo: Fraction, hi: Fraction) -> tuple[str, str, str]:
    """(mid, lo rounded down, hi rounded up) with enough digits to tell lo and hi apart."""
    for sig in range(3, 16):
        a = _fmt_dir(lo, sig, ROUND_FLOOR)
        b = _fmt_dir(hi, sig, ROUND_CEILING)
        if a != b or lo == hi:
            mid = _fmt_dir((lo + hi) / 2, sig, "ROUND_HALF_EVEN")
            return mid, a, b
    return (_fmt_dir((lo + hi) / 2, 16, "ROUND_HALF_EVEN"), _fmt_dir(lo, 16, ROUND_FLOOR),
            _fmt_dir(hi, 16, ROUND_CEILING))


def _ordered_text(expr, order: dict[str, int], sp) -> str:
    """Readable text for a small sum of symbols, terms in order of first use in the formula."""
    if not isinstance(expr, sp.Add):
        return str(expr)

    def key(term) -> int:
        idx = [order.get(s.name, 10**6) for s in term.free_symbols]
        return min(idx) if idx else -1

    parts: list[str] = []
    for term in sorted(expr.args, key=key):
        neg = term.could_extract_minus_sign()
        text = str(-term if neg else term)
        if not parts:
            parts.append(("-" if neg else "") + text)
        else:
            parts.append((" - " if neg else " + ") + text)
    return "".join(parts)


def _ratio_form(expr, s, d, r, sp):
    """``expr`` with ``s = r*d`` when that leaves ``r`` as the only free symbol, else None."""
    try:
        e = expr.xreplace({s: r * d})
        g = sp.cancel(e)
        if g.free_symbols != {r}:
            # log(r*d) - log(d) and similar need the (positive-quantity) log/power rules.
            g = sp.cancel(sp.expand_log(sp.powsimp(e, force=True), force=True))
    except SympyTimeout:
        raise
    except Exception:  # noqa: BLE001 - sympy raises many unrelated types on odd input: no rule
        return None
    return g if g.free_symbols == {r} else None


def _small_enough(g, r, sp) -> bool:
    """Whether solving ``lo <= g(r) <= hi`` is cheap enough to try."""
    num, den = sp.fraction(sp.together(g))
    for part in (num, den):
        if part.is_polynomial(r):
            if sp.degree(part, r) > MAX_DEGREE:
                return False
        elif sp.count_ops(part) > 40:
            return False
    return True


def _solve_range(g, r, lo: Fraction, hi: Fraction, sp):
    """The set of real r with lo <= g(r) <= hi, or None when sympy cannot say."""
    from sympy.solvers.inequalities import solve_univariate_inequality

    lo_s, hi_s = sp.Rational(lo.numerator, lo.denominator), sp.Rational(hi.numerator, hi.denominator)
    if lo == hi:
        sol = sp.solveset(sp.Eq(g, lo_s), r, sp.S.Reals)
        return sol
    s1 = solve_univariate_inequality(g >= lo_s, r, relational=False)
    s2 = solve_univariate_inequality(g <= hi_s, r, relational=False)
    return s1.intersect(s2)


def _describe(label: str, sol, sp) -> Condition | None:
    if sol is sp.S.EmptySet or sol == sp.S.EmptySet:
        return Condition(label, None, None, False, f"no value of {label} makes it hold")
    pieces = []
    items = sol.args if isinstance(sol, sp.Union) else (sol,)
    for it in items:
        if isinstance(it, sp.Interval):
            a = None if it.start is sp.S.NegativeInfinity else _to_fraction(it.start, sp)
            b = None if it.end is sp.S.Infinity else _to_fraction(it.end, sp)
            pieces.append((a, b))
        elif isinstance(it, sp.FiniteSet):
            for v in it.args:
                if not v.is_real:
                    return None
                f = _to_fraction(v, sp)
                pieces.append((f, f))
        else:
            return None
    return describe_pieces(label, pieces)


def describe_pieces(label: str, pieces: list[tuple[Fraction | None, Fraction | None]]) -> Condition | None:
    """The condition that ``label`` lies in one of ``pieces`` ((lo, hi), None for an unbounded side),
    in the words of :func:`solve_condition`; shared by the sympy search and :mod:`.solver_fast`."""
    if not pieces:
        return None

    def piece_text(a, b) -> str:
        if a is not None and b is not None:
            if a == b:
                return f"= {_fmt_pair(a, a)[0]}"
            mid, sa, sb = _fmt_pair(a, b)
            return f"≈ {mid} (between {sa} and {sb})"
        if a is not None:
            return f"≥ {_fmt_dir(a, 3, ROUND_FLOOR)}"
        if b is not None:
            return f"≤ {_fmt_dir(b, 3, ROUND_CEILING)}"
        return "is anything"

    texts = [piece_text(a, b) for a, b in pieces]
    text = f"holds iff {label} " + f" or {label} ".join(texts)
    if len(pieces) == 1:
        a, b = pieces[0]
        return Condition(label, a, b, True, text, tuple(pieces))
    return Condition(label, min((p[0] for p in pieces if p[0] is not None), default=None),
                     max((p[1] for p in pieces if p[1] is not None), default=None), True, text,
                     tuple(pieces))


def find_condition(lhs_formula: Formula, target: Interval, fixed: Mapping[str, Fraction | int | Interval],
                   *, time_budget: float = TIME_BUDGET) -> Condition | None:
    """Find a readable condition on the free names of ``lhs_formula`` under which its value
    lies in ``target`` (given the ``fixed`` names). See :func:`solve_condition`.
    None when nothing readable is found within the limits (including the time budget)."""
    import sympy  # noqa: F401 - imported before the clock starts: the budget is for solving, not importing

    try:
        with time_limit(time_budget):
            return _find_condition(lhs_formula, target, fixed, time_budget)
    except SympyTimeout:
        return None


def _find_condition(lhs_formula: Formula, target: Interval, fixed: Mapping[str, Fraction | int | Interval],
                    time_budget: float) -> Condition | None:
    import sympy as sp

    deadline = time.process_time() + time_budget   # CPU time, as time_limit
    cache: dict[str, object] = {}
    expr = _convert(lhs_formula.root, sp, cache)
    subs = {}
    for name, value in fixed.items():
        if name not in cache:
            continue
        if isinstance(value, Interval):
            if not value.is_point:
                continue
            value = value.lo
        f = Fraction(value)
        subs[cache[name]] = sp.Rational(f.numerator, f.denominator)
    expr = expr.xreplace(subs)
    free = expr.free_symbols
    if (not free or len(free) > MAX_SYMBOLS or sp.count_ops(expr) > MAX_OPS
            or _max_power(expr, sp) > MAX_POWER):
        return None
    order = {n: i for i, n in enumerate(lhs_formula.names)}
    free_sorted = sorted(free, key=lambda s: (order.get(s.name, 10**6), s.name))
    r = sp.Dummy("r", real=True)

    candidates: list[tuple[str, object]] = []   # (label, g(r))
    if len(free) == 1:
        (s,) = free_sorted
        candidates.append((s.name, expr.xreplace({s: r})))
    else:
        adds: list[Any] = []   # sympy terms
        for sub in sp.preorder_traversal(expr):
            if isinstance(sub, sp.Add) and sub.free_symbols and not any(sub == a for a in adds):
                adds.append(sub)
        # Ratio candidates s/d: first s over a sum of other names that appears in the formula
        # (later names first: "W/(F + B)"), then s over a single later name ("a/b").
        pairs = [(s, d) for s in reversed(free_sorted) for d in adds
                 if d.free_symbols <= free - {s} and len(d.free_symbols) >= 2]
        pairs += [(s, d) for i, s in enumerate(free_sorted) for d in free_sorted[i + 1:]]
        pairs += [(s, d) for i, s in enumerate(free_sorted) for d in free_sorted[:i]]
        for s, d in pairs:
            if time.process_time() > deadline:
                return None
            g = _ratio_form(expr, s, d, r, sp)
            if g is not None:
                dtext = _ordered_text(d, order, sp)
                label = f"{s.name}/({dtext})" if isinstance(d, sp.Add) else f"{s.name}/{dtext}"
                candidates.append((label, g))
                break
    for label, g in candidates:
        if time.process_time() > deadline or not _small_enough(g, r, sp):
            return None
        try:
            sol = _solve_range(g, r, target.lo, target.hi, sp)
        except SympyTimeout:
            raise
        except Exception:  # noqa: BLE001, S112 - sympy cannot solve it (any of its many errors): no condition
            continue
        cond = _describe(label, sol, sp)
        if cond is not None:
            return cond
    return None


def solve_condition(lhs_formula: Formula, target: Interval,
                    fixed: Mapping[str, Fraction]) -> str | None:
    """A readable condition under which an underdetermined claim holds, or None.

    ``fixed`` gives exact values for some names; the remaining names are free. With one free
    name the condition is on that name; with several, on a ratio ``s/d`` (``d`` a sum of other
    names appearing in the formula, or a single name) when the value depends only on it, e.g.
    DualPipe's bubble formula with PP = 16 at 62.7 %:
    ``"holds iff W/(F + B) ≈ 0.0669 (between 0.0665 and 0.0673)"`` (bounds rounded outward).
    None when no such condition is found, when no value can make the claim hold (see
    :func:`find_condition` for that distinction), or when the expression is too large.
    """
    try:
        cond = find_condition(lhs_formula, target, fixed)
    except Exception:  # noqa: BLE001 - a hint only: any failure means no hint
        return None
    if cond is None or not cond.satisfiable:
        return None
    return cond.text


# -- equivalence ---------------------------------------------------------------------------

def _numeric_agree(e1, e2, symbols, sp, trials: int = 6) -> tuple[int, bool]:
    """(points where both sides evaluated, whether they all agreed)."""
    import random  # not at start-up (solver_fast imports this module for Condition)

    rng = random.Random(20240601)
    agreed = 0
    for _ in range(trials * 3):
        if agreed >= trials:
            break
        point = {s: sp.Rational(rng.randint(1, 997), rng.randint(1, 97)) for s in symbols}
        try:
            a, b = e1.xreplace(point), e2.xreplace(point)
            if a.is_Rational and b.is_Rational:
                if a != b:
                    return agreed, False
                agreed += 1
                continue
            av, bv = complex(a.evalf(30)), complex(b.evalf(30))
        except (TypeError, ValueError, ZeroDivisionError, ArithmeticError):
            continue
        if any(v != v or abs(v) == float("inf") for v in (av.real, av.imag, bv.real, bv.imag)):
            continue
        if abs(av - bv) > 1e-12 * max(1.0, abs(av), abs(bv)):
            return agreed, False
        agreed += 1
    return agreed, True


def equivalent(f1: Formula, f2: Formula) -> bool:
    """True when the two formulas are the same function of their names (for positive values).

    A deterministic random-substitution check first rejects formulas that differ; sympy's
    ``simplify(f1 - f2) == 0`` then proves equivalence, and when it cannot (or the expression
    is too large), agreement at every sampled point is taken as equivalence."""
    import sympy as sp

    cache: dict[str, object] = {}
    e1 = _convert(f1.root, sp, cache)
    e2 = _convert(f2.root, sp, cache)
    if e1 == e2:
        return True
    symbols = sorted(e1.free_symbols | e2.free_symbols, key=lambda s: s.name)
    agreed, ok = _numeric_agree(e1, e2, symbols, sp)
    if not ok:
        return False
    diff = e1 - e2
    if sp.count_ops(diff) <= MAX_OPS and _max_power(diff, sp) <= 4 * MAX_POWER:
        try:
            with time_limit(TIME_BUDGET):
                if sp.simplify(diff) == 0:
                    return True
        except Exception:  # noqa: BLE001, S110 - timeout or a sympy failure: rely on the numeric check
            pass
    return agreed >= 3
