"""Closed intervals with exact rational endpoints.

Every printed number means the set of values that print that way; we keep that set as a
closed interval ``[lo, hi]`` of :class:`fractions.Fraction`, so that the question "can the
recomputed value print as the claimed one?" has no floating-point edge cases.

``+ - * /`` and integer powers are exact. Functions with irrational results (sqrt, log, exp,
fractional powers) go through :func:`outward`, which evaluates them with mpmath's interval
context and converts the enclosing bounds back to exact fractions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from .format import exact
from .rational import add, div, eq, le, lt, mul, sub

_new = object.__new__

Number = int | Fraction

#: Largest absolute integer exponent accepted by ``**``; larger ones would build fractions
#: with millions of digits and hang the run.
MAX_EXPONENT = 4096
#: Largest number of decimal digits an endpoint may carry before we call it an overflow.
MAX_DIGITS = 4000


class IntervalError(ArithmeticError):
    """An operation that has no interval result (division by an interval containing 0, …)."""


def _frac(x: Number | str) -> Fraction:
    if isinstance(x, Fraction):
        return x
    if isinstance(x, (int, str)):
        return Fraction(x)
    raise TypeError(f"interval endpoints must be exact (int, Fraction or str), not {type(x).__name__}")


#: The same limit in bits (~3.32 bits per decimal digit).
MAX_BITS = int(MAX_DIGITS * 3.33)


def _check_size(x: Fraction) -> Fraction:
    # Called on every endpoint every operation makes: Fraction's own slots, not its numerator and
    # denominator properties (two Python calls each), and one comparison for both.
    if (x._numerator.bit_length() | x._denominator.bit_length()) > MAX_BITS:  # type: ignore[attr-defined]
        raise IntervalError(f"number too large (overflow): more than {MAX_DIGITS} digits")
    return x


def _check_pow_size(x: Fraction, n: int) -> None:
    """Refuse ``x ** n`` before computing it when the result would exceed the size limit
    (computing it first could take seconds: a 4000-digit endpoint to the 4096th power)."""
    if n > 1 and max(x.numerator.bit_length(), x.denominator.bit_length()) - 1 > MAX_BITS // n:
        raise IntervalError(f"number too large (overflow): more than {MAX_DIGITS} digits")


@dataclass(frozen=True, slots=True)
class Interval:
    """A closed interval ``[lo, hi]`` with exact endpoints (``lo <= hi``)."""

    lo: Fraction
    hi: Fraction

    def __init__(self, lo: Number | str, hi: Number | str | None = None) -> None:
        flo = _frac(lo)
        fhi = flo if hi is None else _frac(hi)
        if lt(fhi, flo):
            raise ValueError(f"empty interval: lo {flo} > hi {fhi}")
        object.__setattr__(self, "lo", flo)
        object.__setattr__(self, "hi", fhi)

    @classmethod
    def _make(cls, lo: Fraction, hi: Fraction) -> Interval:
        """Internal constructor for endpoints already known to be Fractions with lo <= hi."""
        obj = _new(cls)
        _set_lo(obj, lo)
        _set_hi(obj, hi)
        return obj

    # -- construction -------------------------------------------------------------------
    @classmethod
    def point(cls, x: Number | str) -> Interval:
        f = _frac(x)
        return cls._make(f, f)

    @classmethod
    def around(cls, x: Number | str, half_width: Number | str) -> Interval:
        c, h = _frac(x), abs(_frac(half_width))
        return cls._make(sub(c, h), add(c, h))

    @classmethod
    def hull(cls, *items: Interval) -> Interval:
        lo, hi = items[0].lo, items[0].hi
        for i in items[1:]:
            if lt(i.lo, lo):
                lo = i.lo
            if lt(hi, i.hi):
                hi = i.hi
        return cls._make(lo, hi)

    # -- queries ---------------------------------------------------------------------------
    # Endpoints are always Fractions; the arithmetic and comparisons below go through
    # :mod:`.rational` (the same results as Fraction's operators, a fraction of the cost).
    @property
    def is_point(self) -> bool:
        lo, hi = self.lo, self.hi
        return lo is hi or eq(lo, hi)     # a point made as one usually shares its endpoint object

    @property
    def mid(self) -> Fraction:
        return (self.lo + self.hi) / 2

    @property
    def width(self) -> Fraction:
        return self.hi - self.lo

    def contains(self, x: Number | Interval) -> bool:
        if isinstance(x, Interval):
            return le(self.lo, x.lo) and le(x.hi, self.hi)
        return self.lo <= x <= self.hi

    def __contains__(self, x: object) -> bool:
        return self.contains(x)  # type: ignore[arg-type]

    def intersects(self, other: Interval) -> bool:
        return le(self.lo, other.hi) and le(other.lo, self.hi)

    def intersection(self, other: Interval) -> Interval | None:
        lo, hi = max(self.lo, other.lo), min(self.hi, other.hi)
        return Interval(lo, hi) if lo <= hi else None

    def touches_only_at_boundary(self, other: Interval) -> bool:
        """True when the two intervals meet in exactly one point (a rounding boundary)."""
        return eq(self.hi, other.lo) or eq(other.hi, self.lo)

    def gap(self, other: Interval) -> Fraction:
        """Distance between the intervals (0 when they intersect)."""
        if self.intersects(other):
            return Fraction(0)
        return other.lo - self.hi if self.hi < other.lo else self.lo - other.hi

    def contains_zero(self) -> bool:
        return self.lo._numerator <= 0 <= self.hi._numerator   # type: ignore[attr-defined]

    # -- arithmetic (exact) ------------------------------------------------------------------
    @staticmethod
    def _coerce(x: object) -> Interval:
        if isinstance(x, Interval):
            return x
        if isinstance(x, Fraction):
            return Interval._make(x, x)
        if isinstance(x, int):
            f = Fraction(x)
            return Interval._make(f, f)
        return NotImplemented

    def __neg__(self) -> Interval:
        return Interval._make(-self.hi, -self.lo)

    def __pos__(self) -> Interval:
        return self

    def __add__(self, other: object) -> Interval:
        o = other if other.__class__ is Interval else self._coerce(other)
        if o is NotImplemented:
            return NotImplemented
        return Interval._make(_check_size(add(self.lo, o.lo)), _check_size(add(self.hi, o.hi)))

    __radd__ = __add__

    def __sub__(self, other: object) -> Interval:
        o = other if other.__class__ is Interval else self._coerce(other)
        if o is NotImplemented:
            return NotImplemented
        return Interval._make(_check_size(sub(self.lo, o.hi)), _check_size(sub(self.hi, o.lo)))

    def __rsub__(self, other: object) -> Interval:
        o = self._coerce(other)
        if o is NotImplemented:
            return NotImplemented
        return o - self

    def _times(self, c: Fraction) -> Interval:
        """``self`` times the number ``c`` (a unit's factor, a constant)."""
        cn = c._numerator                                 # type: ignore[attr-defined]
        if cn == 1 and c._denominator == 1:               # type: ignore[attr-defined]
            return self                                   # times one (a base unit's factor)
        a, b = self.lo, self.hi
        if a is b:
            p = _check_size(mul(a, c))
            return Interval._make(p, p)
        if cn >= 0:
            return Interval._make(_check_size(mul(a, c)), _check_size(mul(b, c)))
        return Interval._make(_check_size(mul(b, c)), _check_size(mul(a, c)))

    def __mul__(self, other: object) -> Interval:
        if other.__class__ is Fraction:                   # a number: no interval built for it
            return self._times(other)
        o = other if other.__class__ is Interval else self._coerce(other)
        if o is NotImplemented:
            return NotImplemented
        a, b, c, d = self.lo, self.hi, o.lo, o.hi
        if c is d or eq(c, d):                            # times a point
            return self._times(c)
        if a is b and a._numerator >= 0:                  # type: ignore[attr-defined]
            # a non-negative number times an interval
            return Interval._make(_check_size(mul(a, c)), _check_size(mul(a, d)))
        # Sign tests on the numerators (ints) are much cheaper than Fraction comparisons.
        if a._numerator >= 0 and c._numerator >= 0:      # type: ignore[attr-defined]
            # both non-negative (the common case)
            return Interval._make(_check_size(mul(a, c)), _check_size(mul(b, d)))
        ps = (mul(a, c), mul(a, d), mul(b, c), mul(b, d))
        return Interval._make(_check_size(min(ps)), _check_size(max(ps)))

    __rmul__ = __mul__

    def reciprocal(self) -> Interval:
        if self.contains_zero():
            raise IntervalError(f"division by an interval containing zero: [{exact(self.lo)}, {exact(self.hi)}]")
        return Interval._make(1 / self.hi, 1 / self.lo)

    def __truediv__(self, other: object) -> Interval:
        if other.__class__ is Fraction and other._numerator > 0:   # type: ignore[attr-defined]
            # By a positive number (into a unit's factor): each end divided, no interval built for it.
            if other._numerator == 1 and other._denominator == 1:  # type: ignore[attr-defined]
                return self
            a, b = self.lo, self.hi
            lo = _check_size(div(a, other))
            return Interval._make(lo, lo if a is b else _check_size(div(b, other)))
        o = other if other.__class__ is Interval else self._coerce(other)
        if o is NotImplemented:
            return NotImplemented
        a, b, c, d = self.lo, self.hi, o.lo, o.hi
        if c._numerator > 0:                              # type: ignore[attr-defined]
            if (c is d or eq(c, d)) and c._numerator == 1 and c._denominator == 1:  # type: ignore[attr-defined]
                return self                               # divided by one
            # Positive divisor: x/y is smallest at (a, d) or (a, c), largest at (b, c) or (b, d).
            lo = div(a, d) if a._numerator >= 0 else div(a, c)   # type: ignore[attr-defined]
            hi = div(b, c) if b._numerator >= 0 else div(b, d)   # type: ignore[attr-defined]
            return Interval._make(_check_size(lo), _check_size(hi))
        if d._numerator < 0:                              # type: ignore[attr-defined]
            return -(self / Interval._make(-d, -c))
        return self * o.reciprocal()   # raises: the divisor contains zero

    def __rtruediv__(self, other: object) -> Interval:
        o = self._coerce(other)
        if o is NotImplemented:
            return NotImplemented
        return o * self.reciprocal()

    def __pow__(self, n: object) -> Interval:
        if isinstance(n, Interval):
            if not n.is_point:
                return outward_pow(self, n)
            n = n.lo
        if isinstance(n, Fraction) and n.denominator == 1:
            n = n.numerator
        if not isinstance(n, int):
            return outward_pow(self, Interval.point(n))  # type: ignore[arg-type]
        if abs(n) > MAX_EXPONENT:
            raise IntervalError(f"exponent {n} is too large (limit {MAX_EXPONENT})")
        if n < 0:
            return self.reciprocal() ** (-n)
        if n == 0:
            return Interval(1, 1)
        _check_pow_size(self.lo, n)
        _check_pow_size(self.hi, n)
        a, b = self.lo**n, self.hi**n
        if n % 2 == 0:
            lo = Fraction(0) if self.contains_zero() else min(a, b)
            return Interval(_check_size(lo), _check_size(max(a, b)))
        return Interval(_check_size(a), _check_size(b))

    def __abs__(self) -> Interval:
        if self.lo >= 0:
            return self
        if self.hi <= 0:
            return -self
        return Interval(0, max(-self.lo, self.hi))

    # -- display ------------------------------------------------------------------------------
    def __repr__(self) -> str:
        return f"Interval({exact(self.lo)}, {exact(self.hi)})"

    def __str__(self) -> str:
        if self.is_point:
            return exact(self.lo)
        return f"[{exact(self.lo)}, {exact(self.hi)}]"


_set_lo = Interval.__dict__["lo"].__set__   # the slots themselves (a frozen dataclass's __setattr__ refuses)
_set_hi = Interval.__dict__["hi"].__set__

show = exact   # the record's exact text of an endpoint (numbers/format.py)


# -- non-rational functions: outward-rounded enclosures via mpmath.iv ---------------------------

def _to_iv(x: Interval):  # -> mpmath.iv.mpf
    from mpmath import iv

    # Convert fractions to mpf intervals that enclose them (iv division rounds outward).
    lo = iv.mpf(x.lo.numerator) / iv.mpf(x.lo.denominator)
    hi = iv.mpf(x.hi.numerator) / iv.mpf(x.hi.denominator)
    return iv.mpf([lo.a, hi.b])


def _raw_to_fraction(raw: tuple, up: bool = False) -> Fraction:
    """An mpmath raw mpf as an exact fraction.

    Magnitudes beyond the size limit raise :class:`IntervalError` *before* the (possibly
    gigantic) integer is built. Values so small that their exact denominator would exceed the
    limit are rounded outward (down for a lower bound, ``up`` for an upper bound) to a multiple
    of ``2**-(MAX_BITS-1)``, which keeps the enclosure sound.
    """
    # mpmath's raw mpf tuple: (sign, mantissa, exponent, bitcount); special values have man=0.
    sign, man, exp, bc = raw
    if not man:
        if exp:
            raise IntervalError("result is not finite (overflow or undefined)")
        return Fraction(0)
    if exp + bc > MAX_BITS:
        raise IntervalError(f"number too large (overflow): more than {MAX_DIGITS} digits")
    if exp >= 0:
        value = Fraction(man << exp)
    elif -exp < MAX_BITS:
        value = Fraction(man, 1 << -exp)
    else:
        shift = -exp - (MAX_BITS - 1)
        q = man >> shift if shift < bc + 2 else 0
        inexact = (q << shift) != man
        # Round the magnitude away from zero when that moves the bound outward.
        if inexact and (up != bool(sign)):
            q += 1
        value = Fraction(q, 1 << (MAX_BITS - 1))
    return -value if sign else value


def _from_iv(v) -> Interval:
    a, b = v._mpi_
    return Interval(_raw_to_fraction(a, up=False), _raw_to_fraction(b, up=True))


def outward(fn_name: str, *args: Interval) -> Interval:
    """Enclose ``fn_name(*args)`` (an ``mpmath.iv`` function) with exact outer bounds.

    Domain errors (log of a non-positive interval, sqrt of a negative one) raise
    :class:`IntervalError`.
    """
    from mpmath import iv

    old = iv.prec
    iv.prec = 80
    try:
        if fn_name == "power":
            result = _to_iv(args[0]) ** _to_iv(args[1])
        else:
            fn: Callable = getattr(iv, fn_name)
            result = fn(*[_to_iv(a) for a in args])
        return _from_iv(result)
    except (ValueError, ZeroDivisionError) as exc:
        raise IntervalError(f"{fn_name}: {exc}") from None
    finally:
        iv.prec = old


def outward_pow(base: Interval, exponent: Interval) -> Interval:
    if base.lo < 0:
        raise IntervalError("a fractional power of a negative number has no real value")
    if base.lo == 0:
        # x**y for y>0 at 0 is 0; keep the enclosure sound by splitting at zero.
        if exponent.lo <= 0:
            raise IntervalError("0 raised to a non-positive power")
        upper = outward("power", Interval(base.hi, base.hi), exponent) if base.hi > 0 else Interval(0)
        return Interval(0, upper.hi if upper.hi > 0 else 0)
    return outward("power", base, exponent)
