"""Formula trees: small node objects that evaluate on interval quantities.

The parser (:mod:`.parse`) builds these nodes once; :meth:`Node.ev` then runs on every
evaluation without re-reading the text. Arithmetic is exact (rational intervals); only the
non-rational functions go through :func:`~claimaudit.numbers.interval.outward`.

Soundness: every node returns an interval that contains every value the sub-formula can take
when each name ranges over its interval *independently*. A name used twice is treated as two
independent copies (the classic interval "dependency problem"), so results can be wider than
the true range, never narrower. (``Formula.evaluate`` in :mod:`.parse` narrows a formula with
repeated names by evaluating these nodes over pieces of the repeated names' intervals.)

Nothing here imports sympy or mpmath at import time.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

from ..errors import FormulaError, InputError
from ..numbers.interval import MAX_EXPONENT, Interval, IntervalError, outward
from ..units.declared import Vocabulary, vocabulary
from ..units.quantity import DIMENSIONLESS, DimensionMismatch, Dims, Quantity

Env = Mapping[str, Quantity]
UnitResolver = Callable[[str], object]   # str -> UnitInfo(text, canonical, factor, dims, note)

#: Functions a formula may call: name -> (min arity, max arity or None for variadic).
FUNCTIONS: dict[str, tuple[int, int | None]] = {
    "sqrt": (1, 1),
    "log": (1, 2),      # natural log; log(x, base)
    "ln": (1, 1),       # alias of log(x)
    "log10": (1, 1),
    "log2": (1, 1),
    "exp": (1, 1),
    "min": (1, None),
    "max": (1, None),
    "sum": (1, None),
    "abs": (1, 1),
    "floor": (1, 1),
    "ceil": (1, 1),
}

#: exp() arguments above this overflow the size limit of exact endpoints (e**9300 > 10**4000).
_EXP_MAX = 9200
#: Below this, exp() is bounded by [0, exp(_EXP_MIN)] (sound and cheap).
_EXP_MIN = -1000


class FormulaDimensionError(DimensionMismatch):
    """A :class:`DimensionMismatch` whose message names the formula parts involved."""

    def __init__(self, message: str, op: str, left: Dims, right: Dims, column: int | None = None) -> None:
        ArithmeticError.__init__(self, message)
        self.op, self.left, self.right = op, left, right
        self.column = column


def _lift(value: object, name: str) -> Quantity:
    if isinstance(value, Quantity):
        return value
    if isinstance(value, Interval):
        return Quantity(value, DIMENSIONLESS)
    if isinstance(value, (int, Fraction)) and not isinstance(value, bool):
        return Quantity(Interval(value), DIMENSIONLESS)
    raise TypeError(f"value of {name!r} must be a Quantity, Interval, int or Fraction, "
                    f"not {type(value).__name__}")


def _mul_dims(a: Dims, b: Dims) -> Dims:
    if not b.items:
        return a
    if not a.items:
        return b
    return a * b


def _div_dims(a: Dims, b: Dims) -> Dims:
    if not b.items:
        return a
    if not a.items:
        return b ** -1
    return a / b


# -- nodes -------------------------------------------------------------------------------------

class Node:
    """Base of formula nodes. ``prec`` orders display precedence (higher binds tighter);
    ``const`` is True when the subtree has no names and no inline units; ``cheap`` when it
    is also purely rational (can be evaluated exactly at parse time without mpmath)."""

    __slots__ = ("cheap", "col", "const")
    col: int
    const: bool
    cheap: bool
    prec = 5

    def ev(self, env: Env) -> Quantity:  # pragma: no cover - abstract
        raise NotImplementedError

    def show(self) -> str:  # pragma: no cover - abstract
        raise NotImplementedError

    def children(self) -> tuple[Node, ...]:
        return ()

    def _wrap(self, child: Node, below: int) -> str:
        text = child.show()
        return f"({text})" if child.prec <= below else text


class Num(Node):
    """An exact numeric literal (``2``, ``0.5``, ``1e12``, ``128Ki``, ``5%``)."""

    __slots__ = ("q", "text", "value")

    def __init__(self, value: Fraction, text: str, col: int) -> None:
        self.value, self.text, self.col = value, text, col
        self.const = self.cheap = True
        self.q = Quantity(Interval(value), DIMENSIONLESS)

    def ev(self, env: Env) -> Quantity:
        return self.q

    def show(self) -> str:
        return self.text


class Qty(Node):
    """A number with an inline unit (``2 USD/(GPU*hour)``, ``24 hour``, ``2 [GPU-hours]``).

    The unit is resolved on first evaluation (so parsing never loads the unit registry) and
    the resulting quantity, in base units, is cached in the node with the unit vocabulary it was
    read under: one formula text is parsed once and shared by claims whose files declare units of
    their own (``widget`` may be 1 GPU in one file and a count of its own in the next).
    """

    __slots__ = ("_q", "bracketed", "num_text", "resolver", "unit", "unit_col", "value")
    prec = 4

    def __init__(self, value: Fraction, num_text: str, unit: str, col: int, unit_col: int,
                 bracketed: bool, resolver: UnitResolver | None) -> None:
        self.value, self.num_text, self.unit, self.col = value, num_text, unit, col
        self.unit_col, self.bracketed, self.resolver = unit_col, bracketed, resolver
        self.const = self.cheap = False
        self._q: tuple[Vocabulary, Quantity] | None = None

    def ev(self, env: Env) -> Quantity:
        cached, vocab = self._q, vocabulary()
        if cached is not None and (cached[0] is vocab or cached[0] == vocab):
            return cached[1]
        q = self.quantity()
        self._q = (vocab, q)
        return q

    def info(self):
        """The resolved unit (a ``UnitInfo``); raises FormulaError if it does not resolve."""
        resolver = self.resolver
        if resolver is None:
            from ..units.registry import resolve_unit as resolver
        try:
            return resolver(self.unit)
        except InputError as exc:
            hint = ""
            if not self.bracketed and any(op in self.unit for op in "*/^·⋅×÷"):
                hint = (" (an inline unit extends over '*', '/' and '^' written without spaces;"
                        " put spaces around an operator to end the unit, e.g. '2 hour * x')")
            raise FormulaError(f"unknown unit {self.unit!r} in inline quantity "
                               f"'{self.show()}': {getattr(exc, 'message', exc)}{hint}",
                               column=self.unit_col,
                               suggestions=getattr(exc, "suggestions", ())) from exc

    def quantity(self) -> Quantity:
        info = self.info()
        factor = info.factor if isinstance(info.factor, Fraction) else Fraction(info.factor)
        return Quantity(Interval(self.value * factor), info.dims)

    def show(self) -> str:
        unit = f"[{self.unit}]" if self.bracketed else self.unit
        return f"{self.num_text} {unit}"


class Name(Node):
    """A reference to a named value (``n0``, ``v3_cost.total_hours``)."""

    __slots__ = ("name",)

    def __init__(self, name: str, col: int) -> None:
        self.name, self.col = name, col
        self.const = self.cheap = False

    def ev(self, env: Env) -> Quantity:
        v = env[self.name]
        if v.__class__ is Quantity:
            return v
        return _lift(v, self.name)

    def show(self) -> str:
        return self.name


class _Chain(Node):
    """A left-associative chain kept flat: ``first`` then ``(inverse?, node)`` pairs."""

    __slots__ = ("first", "rest")

    def __init__(self, first: Node, rest: Sequence[tuple[bool, Node]]) -> None:
        self.first, self.rest, self.col = first, tuple(rest), first.col
        kids = self.children()
        self.const = all(k.const for k in kids)
        self.cheap = all(k.cheap for k in kids)

    def children(self) -> tuple[Node, ...]:
        return (self.first,) + tuple(n for _, n in self.rest)


class Sum(_Chain):
    """``first ± term ± term …``."""

    __slots__ = ()
    prec = 1

    def ev(self, env: Env) -> Quantity:
        acc = self.first.ev(env)
        mag, dims = acc.mag, acc.dims
        for i, (sub, node) in enumerate(self.rest):
            v = node.ev(env)
            if v.dims is not dims and v.dims != dims:     # dimensions are mostly shared objects
                raise self._mismatch(i, sub, dims, v.dims)
            mag = mag - v.mag if sub else mag + v.mag
        return Quantity(mag, dims)

    def _mismatch(self, i: int, sub: bool, left: Dims, right: Dims) -> FormulaDimensionError:
        op = "subtract" if sub else "add"
        left_text = Sum(self.first, self.rest[:i]).show() if i else self.first.show()
        right_node = self.rest[i][1]
        return FormulaDimensionError(
            f"cannot {op} {left.describe()} and {right.describe()}: "
            f"'{left_text}' {'-' if sub else '+'} '{right_node.show()}'",
            op, left, right, column=right_node.col)

    def show(self) -> str:
        parts = [self._wrap(self.first, 0)]
        for sub, node in self.rest:
            parts.append((" - " if sub else " + ") + self._wrap(node, 1))
        return "".join(parts)


class Product(_Chain):
    """``first */ factor */ factor …``."""

    __slots__ = ()
    prec = 2

    def ev(self, env: Env) -> Quantity:
        acc = self.first.ev(env)
        mag, dims = acc.mag, acc.dims
        for div, node in self.rest:
            v = node.ev(env)
            if div:
                try:
                    mag = mag / v.mag
                except IntervalError:
                    if not v.mag.contains_zero():
                        raise
                    raise IntervalError(f"division by an interval containing zero: "
                                        f"'{node.show()}' is {v.mag}") from None
                dims = _div_dims(dims, v.dims)
            else:
                mag = mag * v.mag
                dims = _mul_dims(dims, v.dims)
        return Quantity(mag, dims)

    def show(self) -> str:
        items = [(False, self.first)] + list(self.rest)
        parts = []
        for i, (div, node) in enumerate(items):
            text = node.show()
            # Nested products/sums get parentheses; so does an inline quantity (otherwise
            # '2 hour*x' would read as the unit 'hour*x', and 'x/2 hour' is easily misread).
            if node.prec <= 2 or isinstance(node, Qty):
                text = f"({text})"
            parts.append(("/" if div else "*") + text if i else text)
        return "".join(parts)


class Neg(Node):
    __slots__ = ("operand",)
    prec = 3

    def __init__(self, operand: Node, col: int) -> None:
        self.operand, self.col = operand, col
        self.const, self.cheap = operand.const, operand.cheap

    def children(self) -> tuple[Node, ...]:
        return (self.operand,)

    def ev(self, env: Env) -> Quantity:
        q = self.operand.ev(env)
        return Quantity(-q.mag, q.dims)

    def show(self) -> str:
        # An inline quantity is parenthesised so that a following '*x' cannot extend its unit.
        return "-" + self._wrap(self.operand, 4 if isinstance(self.operand, Qty) else 2)


class Pow(Node):
    """``base ^ exponent``. ``const_exp`` holds the exponent when it is a known exact number."""

    __slots__ = ("base", "const_exp", "exp")
    prec = 4

    def __init__(self, base: Node, exp: Node, col: int, const_exp: Fraction | None) -> None:
        # col is where the power expression starts (its base); the operator's column is not kept.
        self.base, self.exp, self.col, self.const_exp = base, exp, base.col, const_exp
        self.const = base.const and exp.const
        self.cheap = base.cheap and const_exp is not None and const_exp.denominator == 1

    def children(self) -> tuple[Node, ...]:
        return (self.base, self.exp)

    def ev(self, env: Env) -> Quantity:
        b = self.base.ev(env)
        p = self.const_exp
        if p is None:
            e = self.exp.ev(env)
            if e.dims.items:
                raise FormulaDimensionError(f"an exponent must be dimensionless; '{self.exp.show()}' "
                                            f"is {e.dims.describe()}", "raise to the power of",
                                            DIMENSIONLESS, e.dims, column=self.exp.col)
            if not e.mag.is_point:
                if b.dims.items:
                    raise FormulaDimensionError(
                        f"cannot raise {b.dims.describe()} to an uncertain power "
                        f"('{self.exp.show()}' is {e.mag}): the dimension would be undefined",
                        "raise to the power of", DIMENSIONLESS, b.dims, column=self.col)
                return Quantity(b.mag ** e.mag, DIMENSIONLESS)
            p = e.mag.lo
        return power(b, p, self)

    def show(self) -> str:
        return self._wrap(self.base, 4) + "^" + self._wrap(self.exp, 4 if isinstance(self.exp, Qty) else 2)


class Call(Node):
    __slots__ = ("args", "fn", "impl")
    prec = 5

    def __init__(self, fn: str, args: Sequence[Node], col: int) -> None:
        self.fn, self.args, self.col = fn, tuple(args), col
        self.impl = _IMPLS[fn]
        self.const = all(a.const for a in self.args)
        self.cheap = False

    def children(self) -> tuple[Node, ...]:
        return self.args

    def ev(self, env: Env) -> Quantity:
        return self.impl(self, [a.ev(env) for a in self.args])

    def show(self) -> str:
        return f"{self.fn}({', '.join(a.show() for a in self.args)})"


# -- powers and functions ------------------------------------------------------------------------

def power(b: Quantity, p: Fraction | int, node: Node | None = None) -> Quantity:
    """``b ** p`` for an exact exponent ``p``; fractional powers need dimensions divisible by
    the denominator (``sqrt`` of an area is a length)."""
    p = Fraction(p)
    if abs(p) > MAX_EXPONENT:
        raise IntervalError(f"exponent {p} is too large (limit {MAX_EXPONENT})")
    if p.denominator == 1:
        n = p.numerator
        if b.mag.contains_zero() and n < 0:
            where = f"'{node.base.show()}' " if isinstance(node, Pow) else ""
            raise IntervalError(f"division by an interval containing zero: {where}is {b.mag} "
                                f"(raised to the power {n})")
        return Quantity(b.mag ** n, b.dims ** n if b.dims.items else b.dims)
    dims = _root_dims(b.dims, p, "raise", node)
    if p == Fraction(1, 2):
        return Quantity(_sqrt(b.mag), dims)
    if b.mag.lo < 0:
        raise IntervalError(f"a fractional power ({p}) of an interval reaching below zero "
                            f"({b.mag}) has no real value")
    return Quantity(b.mag ** p, dims)


def _root_dims(dims: Dims, p: Fraction, what: str, node: Node | None) -> Dims:
    if not dims.items:
        return dims
    out = []
    for k, v in dims.items:
        e = v * p
        if e.denominator != 1:
            col = node.col if node is not None else None
            raise FormulaDimensionError(
                f"cannot {what} {dims.describe()} to the power {p}: the dimension would have a "
                f"fractional exponent", f"{what} to the power of", DIMENSIONLESS, dims, column=col)
        out.append((k, int(e)))
    return Dims.of(out)


def _isqrt_exact(x: Fraction) -> Fraction | None:
    if x < 0:
        return None
    n, d = x.numerator, x.denominator
    rn, rd = math.isqrt(n), math.isqrt(d)
    return Fraction(rn, rd) if rn * rn == n and rd * rd == d else None


def _exact_log(x: Fraction, base: Fraction) -> Fraction | None:
    """``k`` when ``x == base**k`` for an integer ``k`` (both exact, base > 0, base != 1)."""
    if x <= 0 or base <= 0 or base == 1:
        return None
    if x == 1:
        return Fraction(0)
    try:
        k = round(math.log(x) / math.log(base))  # math.log accepts big Fractions via floats
    except (ValueError, OverflowError, ZeroDivisionError):
        return None
    if k == 0 or abs(k) > MAX_EXPONENT:
        return None
    b = base if k > 0 else 1 / base
    bits = max(b.numerator.bit_length(), b.denominator.bit_length())
    if bits * abs(k) > 20000:
        return None
    return Fraction(k) if b ** abs(k) == x else None


def _monotone(fn_name: str, iv: Interval, exact: Callable[[Fraction], Fraction | None]) -> Interval:
    """Enclose an increasing function endpoint by endpoint, exactly where ``exact`` knows the
    value and by :func:`outward` (mpmath intervals) elsewhere."""
    if iv.is_point:
        v = exact(iv.lo)
        return Interval(v) if v is not None else outward(fn_name, iv)
    lo = exact(iv.lo)
    if lo is None:
        lo = outward(fn_name, Interval(iv.lo)).lo
    hi = exact(iv.hi)
    if hi is None:
        hi = outward(fn_name, Interval(iv.hi)).hi
    return Interval(lo, hi)


def _sqrt(iv: Interval) -> Interval:
    if iv.lo < 0:
        raise IntervalError(f"square root of an interval reaching below zero: {iv}")
    return _monotone("sqrt", iv, _isqrt_exact)


def _log_base(iv: Interval, base: Fraction | None, fn: str) -> Interval:
    if iv.lo <= 0:
        raise IntervalError(f"{fn} of an interval that is not positive: {iv}")
    if base is None:
        return _monotone("log", iv, lambda x: Fraction(0) if x == 1 else None)
    ln_base = outward("log", Interval(base))

    def exact(x: Fraction) -> Fraction | None:
        return _exact_log(x, base)

    # log_b(x) = ln(x)/ln(b): increasing in x when b > 1, decreasing when b < 1.
    lo_x, hi_x = (iv.lo, iv.hi) if base > 1 else (iv.hi, iv.lo)
    ends = []
    for x, upper in ((lo_x, False), (hi_x, True)):
        k = exact(x)
        if k is not None:
            ends.append(k)
        else:
            enc = outward("log", Interval(x)) / ln_base
            ends.append(enc.hi if upper else enc.lo)
    return Interval(ends[0], ends[1])


def _exp_exact(x: Fraction) -> Fraction | None:
    return Fraction(1) if x == 0 else None


def _exp(iv: Interval) -> Interval:
    if iv.hi > _EXP_MAX:
        raise IntervalError(f"exp overflow: exp({iv.hi}) has more than 4000 digits")
    # Far below zero, 0 is a sound lower bound and exp(_EXP_MIN) a sound upper bound.
    lo = Fraction(0) if iv.lo < _EXP_MIN else _monotone("exp", Interval(iv.lo), _exp_exact).lo
    hi = _monotone("exp", Interval(max(iv.hi, Fraction(_EXP_MIN))), _exp_exact).hi
    return Interval(lo, hi)


def _need_dimensionless(node: Call, q: Quantity, i: int = 0) -> None:
    if q.dims.items:
        raise FormulaDimensionError(
            f"{node.fn}() needs a dimensionless argument; '{node.args[i].show()}' is "
            f"{q.dims.describe()}", f"take {node.fn} of", DIMENSIONLESS, q.dims, column=node.args[i].col)


def _same_dims(node: Call, qs: list[Quantity], what: str) -> Dims:
    dims = qs[0].dims
    for i, q in enumerate(qs[1:], 1):
        if q.dims != dims:
            raise FormulaDimensionError(
                f"cannot {what} {dims.describe()} and {q.dims.describe()} in {node.fn}(): "
                f"'{node.args[0].show()}' and '{node.args[i].show()}'", what, dims, q.dims,
                column=node.args[i].col)
    return dims


def _f_sqrt(node: Call, qs: list[Quantity]) -> Quantity:
    q = qs[0]
    dims = _root_dims(q.dims, Fraction(1, 2), "take the square root of", node)
    try:
        return Quantity(_sqrt(q.mag), dims)
    except IntervalError as exc:
        raise IntervalError(f"{exc} (in '{node.show()}')") from None


def _f_log(node: Call, qs: list[Quantity]) -> Quantity:
    for i, q in enumerate(qs):
        _need_dimensionless(node, q, i)
    if node.fn == "log10":
        return Quantity(_log_base(qs[0].mag, Fraction(10), "log10"))
    if node.fn == "log2":
        return Quantity(_log_base(qs[0].mag, Fraction(2), "log2"))
    if len(qs) == 1:
        return Quantity(_log_base(qs[0].mag, None, node.fn))
    x, b = qs[0].mag, qs[1].mag
    if b.lo <= 0:
        raise IntervalError(f"log base must be positive; '{node.args[1].show()}' is {b}")
    if b.is_point and b.lo != 1:
        return Quantity(_log_base(x, b.lo, "log"))
    if b.contains(1):
        raise IntervalError(f"log base contains 1 (division by zero): '{node.args[1].show()}' is {b}")
    lnb = _log_base(b, None, "log")
    return Quantity(_log_base(x, None, "log") / lnb)


def _f_exp(node: Call, qs: list[Quantity]) -> Quantity:
    _need_dimensionless(node, qs[0])
    return Quantity(_exp(qs[0].mag))


def _f_minmax(node: Call, qs: list[Quantity]) -> Quantity:
    dims = _same_dims(node, qs, "compare")
    pick = min if node.fn == "min" else max
    return Quantity(Interval(pick(q.mag.lo for q in qs), pick(q.mag.hi for q in qs)), dims)


def _f_sum(node: Call, qs: list[Quantity]) -> Quantity:
    dims = _same_dims(node, qs, "add")
    mag = qs[0].mag
    for q in qs[1:]:
        mag = mag + q.mag
    return Quantity(mag, dims)


def _f_abs(node: Call, qs: list[Quantity]) -> Quantity:
    return Quantity(abs(qs[0].mag), qs[0].dims)


def _f_round(node: Call, qs: list[Quantity]) -> Quantity:
    # floor/ceil of a dimensioned value would depend on the unit it is expressed in (the
    # magnitude here is in base units), so only dimensionless arguments are accepted:
    # write floor(x / (1 hour)).
    _need_dimensionless(node, qs[0])
    f = math.floor if node.fn == "floor" else math.ceil
    mag = qs[0].mag
    return Quantity(Interval(f(mag.lo), f(mag.hi)))


_IMPLS: dict[str, Callable[[Call, list[Quantity]], Quantity]] = {
    "sqrt": _f_sqrt, "log": _f_log, "ln": _f_log, "log10": _f_log, "log2": _f_log,
    "exp": _f_exp, "min": _f_minmax, "max": _f_minmax, "sum": _f_sum, "abs": _f_abs,
    "floor": _f_round, "ceil": _f_round,
}
assert set(_IMPLS) == set(FUNCTIONS)  # noqa: S101 - invariant: every documented function has an implementation
