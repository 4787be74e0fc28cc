"""Exact rational arithmetic on :class:`fractions.Fraction` without its per-operation overhead.

Interval endpoints are Fractions, and a run does a dozen operations on them per claim. Python's
own ``Fraction`` operators spend most of their time in dispatch (type checks, the ``numerator``
and ``denominator`` properties, a constructor that type-checks again); the arithmetic itself is a
``gcd`` or two. These functions take two Fractions and do only the arithmetic, with the same
algorithms as the standard library (so every result is the same normalised Fraction), and build
the result through :func:`coprime`, which fills the two slots of an already-reduced fraction.

If a Python version ever lays out ``Fraction`` differently, :data:`SLOTS` is False and
:func:`coprime` falls back to the public constructor: slower, never wrong.
"""

from __future__ import annotations

from fractions import Fraction
from math import gcd

_new = object.__new__


def _coprime_slots(n: int, d: int) -> Fraction:
    f = _new(Fraction)
    f._numerator = n      # type: ignore[attr-defined]
    f._denominator = d    # type: ignore[attr-defined]
    return f


def _coprime_public(n: int, d: int) -> Fraction:
    return Fraction(n, d)


def _slots_work() -> bool:
    try:
        f = _coprime_slots(-6, 7)
        return (getattr(Fraction, "__slots__", ()) == ("_numerator", "_denominator")
                and f == Fraction(-6, 7) and hash(f) == hash(Fraction(-6, 7)) and str(f) == "-6/7"
                and f.numerator == -6 and f.denominator == 7)
    except (AttributeError, TypeError):  # pragma: no cover - another Fraction layout
        return False


#: Whether results are built by filling Fraction's slots (CPython 3.11-3.13) or by its constructor.
SLOTS = _slots_work()
#: ``coprime(n, d)``: the Fraction n/d for coprime ``n`` and ``d > 0`` (no normalisation done).
coprime = _coprime_slots if SLOTS else _coprime_public


def ratio(n: int, d: int = 1) -> Fraction:
    """The normalised Fraction n/d (``d`` non-zero), built cheaply."""
    if d < 0:
        n, d = -n, -d
    g = gcd(n, d)
    if g != 1:
        n //= g
        d //= g
    return coprime(n, d)


def add(a: Fraction, b: Fraction) -> Fraction:
    return _sum(a._numerator, a._denominator, b._numerator, b._denominator)    # type: ignore[attr-defined]


def sub(a: Fraction, b: Fraction) -> Fraction:
    return _sum(a._numerator, a._denominator, -b._numerator, b._denominator)   # type: ignore[attr-defined]


def _sum(na: int, da: int, nb: int, db: int) -> Fraction:
    """na/da + nb/db, both normalised (the standard library's algorithm)."""
    if da == 1 and db == 1:
        return coprime(na + nb, 1)
    g = gcd(da, db)
    if g == 1:
        return coprime(na * db + da * nb, da * db)
    s = da // g
    t = na * (db // g) + nb * s
    g2 = gcd(t, g)
    if g2 == 1:
        return coprime(t, s * db)
    return coprime(t // g2, s * (db // g2))


def mul(a: Fraction, b: Fraction) -> Fraction:
    return _product(a._numerator, a._denominator, b._numerator, b._denominator)   # type: ignore[attr-defined]


def div(a: Fraction, b: Fraction) -> Fraction:
    nb, db = b._numerator, b._denominator   # type: ignore[attr-defined]
    if nb == 0:
        raise ZeroDivisionError(f"Fraction({a}, 0)")
    # a times b's reciprocal, its sign on the numerator (db/nb is reduced, as b is).
    if nb < 0:
        return _product(a._numerator, a._denominator, -db, -nb)                   # type: ignore[attr-defined]
    return _product(a._numerator, a._denominator, db, nb)                         # type: ignore[attr-defined]


def _product(na: int, da: int, nb: int, db: int) -> Fraction:
    """(na/da) * (nb/db), both normalised (the standard library's algorithm)."""
    g1 = gcd(na, db)
    if g1 > 1:
        na //= g1
        db //= g1
    g2 = gcd(nb, da)
    if g2 > 1:
        nb //= g2
        da //= g2
    return coprime(na * nb, db * da)


def half(a: Fraction) -> Fraction:
    """``a / 2``."""
    n, d = a._numerator, a._denominator     # type: ignore[attr-defined]
    return coprime(n >> 1, d) if not n & 1 else coprime(n, d << 1)


def le(a: Fraction, b: Fraction) -> bool:
    """``a <= b`` (denominators are positive)."""
    return a._numerator * b._denominator <= b._numerator * a._denominator   # type: ignore[attr-defined]


def lt(a: Fraction, b: Fraction) -> bool:
    """``a < b``."""
    return a._numerator * b._denominator < b._numerator * a._denominator    # type: ignore[attr-defined]


def eq(a: Fraction, b: Fraction) -> bool:
    """``a == b`` (both normalised)."""
    return a._numerator == b._numerator and a._denominator == b._denominator   # type: ignore[attr-defined]
