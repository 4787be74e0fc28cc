"""The condition search for its common shapes in exact rational arithmetic, without sympy.

    fast_condition(formula, target, fixed) -> Condition | None

Most underdetermined claims ask for one unknown in a formula that is, in it, a ratio of linear
expressions: one free name (``n * k = 20 PiB``), or a ratio of names once ``s = r*d`` is written
(DualPipe's bubble, linear in ``W/(F + B)``). There the claim holds on a closed interval found by
inverting a monotone function, which Fractions do exactly in microseconds; sympy costs about a second
to import (in a child process, :mod:`.solver_process`) and is needed only for the other shapes.

The answer is the one :func:`.symbolic.find_condition` gives (the same candidate, label, bounds and
words), or None when that cannot be known here, and then the caller asks sympy. "Known" means:

- the formula, with the fixed values in, is numbers, names, ``+ - * /`` and constant integer powers
  (no calls, no inline units), at most 60 nodes, 1 to ``MAX_SYMBOLS`` free names, and its value
  depends on each of them (checked exactly: sympy would drop a name that cancels, ``b - b``);
- with one free name, the formula is ``(a*x + b)/(c*x + e)`` as built (sympy solves it uncancelled),
  with no common factor;
- with several, sympy's candidates (``s`` over a sum of other names that occurs in the formula, then
  ``s`` over one name, in :func:`.symbolic.find_condition`'s order) are known: every sum over some but
  not all free names is a plain ``±a ± b …`` of distinct names that sympy keeps as it is (not merged
  into an enclosing sum, not distributed by a constant factor: ``2*(a + b)`` is ``2*a + 2*b`` to
  sympy), each occurs once, and of the sums tried for one ``s`` at most one works (sympy tries them
  in its own order); the ratio ``s/d`` works when the value, with ``s = r*d``, depends on ``r`` alone
  (exact polynomial identity), and the value is then a ratio of linear expressions in ``r``;
- the target's preimage is one closed interval or one point (a target reaching the function's
  asymptote, where the solution is unbounded or empty, is left to sympy).

tests/test_solver_fast.py holds these rules to sympy on published formulas and random ones.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from ..numbers.interval import Interval
from .evaluate import Name, Neg, Node, Num, Pow, Product, Sum
from .symbolic import MAX_POWER, MAX_SYMBOLS, Condition, describe_pieces

if TYPE_CHECKING:  # pragma: no cover
    from .parse import Formula

#: Largest formula (nodes) answered here; sympy's own operation limit is then far away.
MAX_NODES = 60
#: Largest polynomial handled (terms), and largest degree in one name.
MAX_TERMS = 400
MAX_DEGREE = 24
#: Largest power of a number computed exactly here.
MAX_NUMBER_POWER = 64

Mono = tuple[int, ...]
Poly = dict[Mono, Fraction]
Ratio = tuple[Poly, Poly]


class _GiveUp(Exception):
    """The formula is outside what is answered here."""


# -- sparse polynomials over the rationals: {exponents: coefficient} ---------------------------

def _const(c: Fraction, n: int) -> Poly:
    return {(0,) * n: Fraction(c)} if c else {}


def _var(i: int, n: int) -> Poly:
    return {tuple(1 if j == i else 0 for j in range(n)): Fraction(1)}


def _add(p: Poly, q: Poly, sign: int = 1) -> Poly:
    out = dict(p)
    for m, c in q.items():
        v = out.get(m, 0) + (c if sign > 0 else -c)
        if v:
            out[m] = v
        else:
            out.pop(m, None)
    return out


def _mul(p: Poly, q: Poly) -> Poly:
    out: Poly = {}
    for m1, c1 in p.items():
        for m2, c2 in q.items():
            m = tuple(a + b for a, b in zip(m1, m2, strict=True))
            v = out.get(m, 0) + c1 * c2
            if v:
                out[m] = v
            else:
                out.pop(m, None)
    if len(out) > MAX_TERMS or any(e > MAX_DEGREE for m in out for e in m):
        raise _GiveUp("too large")
    return out


def _pow(p: Poly, k: int, n: int) -> Poly:
    out = _const(Fraction(1), n)
    for _ in range(k):
        out = _mul(out, p)
    return out


def _is_number(p: Poly) -> bool:
    return all(not any(m) for m in p)


def _number(p: Poly) -> Fraction:
    return next(iter(p.values()), Fraction(0))


def _at(p: Poly, point: Mapping[int, Fraction]) -> Poly:
    """``p`` with the variables in ``point`` replaced by their values."""
    out: Poly = {}
    for m, c in p.items():
        for i, v in point.items():
            if m[i]:
                c = c * v ** m[i]
        if not c:
            continue
        key = tuple(0 if i in point else e for i, e in enumerate(m))
        v2 = out.get(key, 0) + c
        if v2:
            out[key] = v2
        else:
            out.pop(key, None)
    return out


def _substitute(p: Poly, i: int, q: Poly) -> Poly:
    """``p`` with variable ``i`` replaced by the polynomial ``q``."""
    n = len(next(iter(q))) if q else 0
    powers: dict[int, Poly] = {}
    out: Poly = {}
    for m, c in p.items():
        k = m[i]
        if k not in powers:
            powers[k] = _pow(q, k, n)
        rest = {tuple(0 if j == i else e for j, e in enumerate(m)): c}
        out = _add(out, _mul(rest, powers[k]))
    return out


#: Points at which a rational function is sampled: odd fractions, unlikely to be anyone's roots.
_SAMPLES = (Fraction(7919, 104729), Fraction(-3571, 2741), Fraction(65537, 9973), Fraction(-1009, 100003),
            Fraction(524287, 131071))


def _free_of(f: Ratio, names: list[int]) -> Ratio | None:
    """``f`` at a point of ``names`` when its value does not depend on them (exact: P*Q0 == P0*Q as
    polynomials), else None."""
    p, q = f
    for k in range(len(_SAMPLES)):
        point = {i: _SAMPLES[(k + j) % len(_SAMPLES)] for j, i in enumerate(names)}
        q0 = _at(q, point)
        if q0:
            p0 = _at(p, point)
            return (p0, q0) if _mul(p, q0) == _mul(p0, q) else None
    raise _GiveUp("denominator vanishes at every sample")


# -- univariate: lists of coefficients, lowest degree first -----------------------------------

def _coeffs(p: Poly, i: int) -> list[Fraction]:
    out: list[Fraction] = []
    for m, c in p.items():
        if any(e for j, e in enumerate(m) if j != i):
            raise _GiveUp("not univariate")
        while len(out) <= m[i]:
            out.append(Fraction(0))
        out[m[i]] = c
    while out and not out[-1]:
        out.pop()
    return out


def _divmod(a: list[Fraction], b: list[Fraction]) -> tuple[list[Fraction], list[Fraction]]:
    a = list(a)
    quot = [Fraction(0)] * max(len(a) - len(b) + 1, 0)
    while len(a) >= len(b) and a:
        k = a[-1] / b[-1]
        shift = len(a) - len(b)
        quot[shift] = k
        for j, c in enumerate(b):
            a[shift + j] -= k * c
        while a and not a[-1]:
            a.pop()
    return quot, a


def _reduced(num: list[Fraction], den: list[Fraction]) -> tuple[list[Fraction], list[Fraction]]:
    """``num/den`` with their greatest common divisor cancelled."""
    a, b = num, den
    while b:
        a, b = b, _divmod(a, b)[1]
    if len(a) > 1:
        num, den = _divmod(num, a)[0], _divmod(den, a)[0]
    return num, den


# -- the formula as a ratio of polynomials ---------------------------------------------------

class _Tree:
    """The formula's nodes with their parents and their values as ratios of polynomials."""

    def __init__(self, root: Node, free: list[str], fixed: Mapping[str, Fraction], n: int) -> None:
        self.index = {name: i + 1 for i, name in enumerate(free)}   # variable 0 is r, the ratio
        self.fixed, self.n = fixed, n
        self.parent: dict[int, Node | None] = {id(root): None}
        self.nodes: list[Node] = []
        self.value: dict[int, Ratio] = {}
        self.names: dict[int, frozenset[str]] = {}
        self.root_value = self._walk(root)

    def _walk(self, node: Node) -> Ratio:
        self.nodes.append(node)
        if len(self.nodes) > MAX_NODES:
            raise _GiveUp("formula too large")
        kids = node.children()
        for k in kids:
            self.parent[id(k)] = node
        values = [self._walk(k) for k in kids]
        self.names[id(node)] = frozenset().union(*(self.names[id(k)] for k in kids)) if kids else frozenset()
        value = self._value(node, values)
        # sympy's expression holds no power above MAX_POWER (else it gives up): a product of
        # powers of one name is one power to sympy, of the degree it has here.
        if any(e > MAX_POWER for part in value for m in part for e in m):
            raise _GiveUp("a power above MAX_POWER")
        self.value[id(node)] = value
        return value

    def _value(self, node: Node, values: list[Ratio]) -> Ratio:
        n = self.n
        one = _const(Fraction(1), n)
        if isinstance(node, Num):
            return _const(node.value, n), one
        if isinstance(node, Name):
            if node.name in self.fixed:
                return _const(self.fixed[node.name], n), one
            self.names[id(node)] = frozenset([node.name])
            return _var(self.index[node.name], n), one
        if isinstance(node, Sum):
            p, q = values[0]
            for (sub, _), (p2, q2) in zip(node.rest, values[1:], strict=True):
                p, q = _add(_mul(p, q2), _mul(p2, q), -1 if sub else 1), _mul(q, q2)
            return p, q
        if isinstance(node, Product):
            p, q = values[0]
            for (div, _), (p2, q2) in zip(node.rest, values[1:], strict=True):
                if div:
                    if not p2:
                        raise _GiveUp("division by zero")
                    p2, q2 = q2, p2
                p, q = _mul(p, p2), _mul(q, q2)
            return p, q
        if isinstance(node, Neg):
            p, q = values[0]
            return _add({}, p, -1), q
        if isinstance(node, Pow):
            (p, q), (ep, eq) = values
            if not (_is_number(ep) and _is_number(eq)):
                raise _GiveUp("a power with a free exponent")
            e = _number(ep) / _number(eq)
            if e.denominator != 1:
                raise _GiveUp("a fractional power")
            k = int(e)
            if _is_number(p) and _is_number(q):
                if abs(k) > MAX_NUMBER_POWER or (k <= 0 and not p):
                    raise _GiveUp("a large power, or a power of zero")
            elif k in (0, 1) or abs(k) > MAX_POWER:
                # x^0 and x^1 are not powers to sympy (the structure below them changes).
                raise _GiveUp("a trivial or large power of a free expression")
            if k < 0:
                if not p:
                    raise _GiveUp("a negative power of zero")
                p, q, k = q, p, -k
            return _pow(p, k, n), _pow(q, k, n)
        raise _GiveUp(f"a {type(node).__name__} node")

    def is_number(self, f: Ratio) -> bool:
        """Whether ``f`` is the same number for every value of the free names."""
        return _free_of(f, list(range(1, self.n))) is not None

    def depends_on_all(self, f: Ratio, names: frozenset[str]) -> bool:
        """Whether ``f`` changes with each of ``names`` (sympy keeps exactly those symbols)."""
        return all(_free_of(f, [self.index[name]]) is None for name in names)


def _plain_terms(node: Sum, free: frozenset[str]) -> list[tuple[bool, str]] | None:
    """The terms of ``±a ± b …`` (distinct free names), else None."""
    out: list[tuple[bool, str]] = []
    for neg, term in [(False, node.first), *node.rest]:
        if isinstance(term, Neg) and isinstance(term.operand, Name):
            neg, term = not neg, term.operand
        if not isinstance(term, Name) or term.name not in free:
            return None
        out.append((neg, term.name))
    return out if len({name for _, name in out}) == len(out) else None


def _candidate_sums(tree: _Tree, generic: _Tree,
                    free: frozenset[str]) -> list[tuple[frozenset[str], list[tuple[bool, str]]]]:
    """The sums sympy would try as denominators ``d`` (over some, not all, of the free names), each
    as (names, signed terms); raises _GiveUp when sympy's form of one of them is not certain.

    ``generic`` is the formula with the fixed names still names: sympy builds the expression so and
    substitutes the fixed values after (``xreplace``), which rebuilds only the products around."""
    out: dict[frozenset[str], list[tuple[bool, str]]] = {}
    for node in tree.nodes:
        if not isinstance(node, Sum):
            continue
        names = tree.names[id(node)]
        if len(names) < 2:
            continue
        if not tree.depends_on_all(tree.value[id(node)], names):
            raise _GiveUp("a sum that does not depend on all its names (sympy's has fewer)")
        if names == free:
            continue   # never a denominator: it holds every s
        terms = _plain_terms(node, free)
        if terms is None:
            raise _GiveUp("a sum over some of the names that is not a plain sum of names")
        if names in out:
            raise _GiveUp("a sum of the same names twice")
        _kept_by_sympy(node, tree, generic)
        out[names] = terms
    return list(out.items())


def _kept_by_sympy(node: Sum, tree: _Tree, generic: _Tree) -> None:
    """Raise _GiveUp unless sympy keeps the sum ``node`` as it is: not merged into an enclosing sum
    (``(a + b) + c``), and not distributed by a number (sympy makes ``2*(a + b)`` ``2*a + 2*b``, and
    the same when a product's other factors become numbers once the fixed values are in). Products,
    negations and integer powers around it are one product to sympy, in which the sum stands to a
    power ``e``; only at ``e = 1`` can a number be distributed over it."""
    here: Node = node
    up, e = tree.parent[id(node)], 1
    if isinstance(up, Sum):
        raise _GiveUp("a sum inside a sum")
    while isinstance(up, (Product, Neg, Pow)):
        if isinstance(up, Product) and any(div and item is here for div, item in up.rest):
            e = -e
        elif isinstance(up, Pow):
            e *= int(_number(tree.value[id(up.exp)][0]) / _number(tree.value[id(up.exp)][1]))
        if e == 0:
            raise _GiveUp("a sum to the power 0")
        if e == 1 and _times_number(generic, up, node):
            raise _GiveUp("a number times a sum, as sympy builds it")
        here, up = up, tree.parent[id(up)]
    if e == 1 and _times_number(tree, here, node):
        raise _GiveUp("a number times a sum, once the fixed values are in")


def _times_number(tree: _Tree, outer: Node, inner: Node) -> bool:
    """Whether ``outer`` is a number times ``inner`` (for every value of the names)."""
    p, q = tree.value[id(outer)]
    ip, iq = tree.value[id(inner)]
    return tree.is_number((_mul(p, iq), _mul(q, ip)))


def _sum_text(terms: list[tuple[bool, str]], order: Mapping[str, int]) -> str:
    """As :func:`.symbolic._ordered_text` prints a sum of names: in order of first use."""
    parts: list[str] = []
    for neg, name in sorted(terms, key=lambda t: order.get(t[1], 10**6)):
        parts.append(("-" if neg else "") + name if not parts else (" - " if neg else " + ") + name)
    return "".join(parts)


def _linear(num: list[Fraction], den: list[Fraction]) -> tuple[Fraction, Fraction, Fraction, Fraction] | None:
    """(a, b, c, e) of ``(a*r + b)/(c*r + e)`` when num and den have degree ≤ 1, else None."""
    if len(num) > 2 or len(den) > 2 or not den:
        return None
    a, b = (num[1] if len(num) > 1 else Fraction(0)), (num[0] if num else Fraction(0))
    c, e = (den[1] if len(den) > 1 else Fraction(0)), den[0]
    return a, b, c, e


def _preimage(abce: tuple[Fraction, Fraction, Fraction, Fraction],
              lo: Fraction, hi: Fraction) -> list[tuple[Fraction | None, Fraction | None]] | None:
    """The pieces of {r : lo <= (a*r + b)/(c*r + e) <= hi}, when that is one closed interval or one
    point; None otherwise (or for a function that is not a bijection)."""
    a, b, c, e = abce
    if a * e - b * c == 0:
        return None   # constant (where defined)
    if c == 0:
        def inverse(y: Fraction) -> Fraction:
            return (y * e - b) / a
    else:
        asymptote = a / c
        if lo <= asymptote <= hi:
            return None   # unbounded on one side at least, or nothing for a point on the asymptote

        def inverse(y: Fraction) -> Fraction:
            return (b - e * y) / (c * y - a)
    r1, r2 = inverse(lo), inverse(hi)
    return [(r1, r1)] if lo == hi else [(min(r1, r2), max(r1, r2))]


def fast_condition(lhs_formula: Formula, target: Interval,
                   fixed: Mapping[str, Fraction | int | Interval]) -> Condition | None:
    """:func:`.symbolic.find_condition`'s answer, when it can be found without sympy; else None."""
    try:
        return _fast(lhs_formula, target, fixed)
    except (_GiveUp, ZeroDivisionError):
        return None


def _fast(lhs_formula: Formula, target: Interval, fixed: Mapping[str, Fraction | int | Interval]) -> Condition | None:
    known: dict[str, Fraction] = {}
    for name, value in fixed.items():
        if isinstance(value, Interval):
            if not value.is_point:
                continue
            value = value.lo
        known[name] = Fraction(value)
    order = {n: i for i, n in enumerate(lhs_formula.names)}
    free_sorted = sorted((n for n in lhs_formula.names if n not in known), key=lambda s: (order[s], s))
    if not free_sorted or len(free_sorted) > MAX_SYMBOLS:
        return None
    n = len(free_sorted) + 1
    tree = _Tree(lhs_formula.root, free_sorted, known, n)
    p, q = tree.root_value
    if not q:
        return None
    variables = list(range(1, n))
    if not tree.depends_on_all((p, q), frozenset(free_sorted)):
        return None   # sympy drops a name the value does not depend on
    lo, hi = target.lo, target.hi
    if len(free_sorted) == 1:
        # sympy solves the formula as built, uncancelled: its denominator's roots are excluded.
        abce = _linear(_coeffs(p, 1), _coeffs(q, 1))
        pieces = _preimage(abce, lo, hi) if abce is not None else None
        return describe_pieces(free_sorted[0], pieces) if pieces else None
    free = frozenset(free_sorted)
    # The formula as sympy builds it, before the fixed values are substituted.
    everything = list(lhs_formula.names)
    generic = _Tree(lhs_formula.root, everything, {}, len(everything) + 1) if known else tree
    sums = _candidate_sums(tree, generic, free)

    def ratio(s: str, d: Poly) -> tuple[list[Fraction], list[Fraction]] | None:
        """The value as a function of r alone with ``s = r*d``, reduced; None when it is not one."""
        rd = _mul(_var(0, n), d)
        i = tree.index[s]
        f = (_substitute(p, i, rd), _substitute(q, i, rd))
        at = _free_of(f, variables)
        if at is None:
            return None
        num, den = _reduced(_coeffs(at[0], 0), _coeffs(at[1], 0))
        return (num, den) if len(num) > 1 or len(den) > 1 else None   # r must remain

    found: tuple[str, tuple[list[Fraction], list[Fraction]]] | None = None
    for s in reversed(free_sorted):
        hits = []
        for names, terms in sums:
            if s in names:
                continue
            d: Poly = {}
            for neg, name in terms:
                d = _add(d, _var(tree.index[name], n), -1 if neg else 1)
            g = ratio(s, d)
            if g is not None:
                hits.append((f"{s}/({_sum_text(terms, order)})", g))
        if len(hits) > 1:
            return None   # sympy takes the first in its own order of traversal
        if hits:
            found = hits[0]
            break
    if found is None:
        pairs = [(s, d) for i, s in enumerate(free_sorted) for d in free_sorted[i + 1:]]
        pairs += [(s, d) for i, s in enumerate(free_sorted) for d in free_sorted[:i]]
        for s, dn in pairs:
            g = ratio(s, _var(tree.index[dn], n))
            if g is not None:
                found = (f"{s}/{dn}", g)
                break
    if found is None:
        return None
    label, (num, den) = found
    abce = _linear(num, den)
    pieces = _preimage(abce, lo, hi) if abce is not None else None
    return describe_pieces(label, pieces) if pieces else None
