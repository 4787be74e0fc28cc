"""The one number formatter: how claimaudit writes a number for people and for records.

* :func:`exact` — the record's ``lo``/``hi``: a terminating decimal exactly, else 12 significant
  digits. Machine-readable: never grouped, never in exponent form for a terminating decimal.
* :func:`readable` — what reports and messages show: exact when short, else ``sig`` significant
  digits; thousands grouped only when asked (``group_from`` integer digits or more, so 2048 stays
  2048 and 12,970 is grouped).
* :func:`delta` — differences, which need no more than a few digits (``1.2e9`` style).
* :func:`interval_text` — ``[lo, hi]`` (or one number for a point), both ends grouped alike.
* :func:`with_unit` — a number and its unit: ``91%``, ``56.9×``, ``7.1 GB``.

Every formatter of the package calls these; the reporters, the checkers' messages and the
classroom differ only in the options they pass.
"""

from __future__ import annotations

import re
from decimal import Decimal, localcontext
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .interval import Interval

#: Units written straight after the number, without a space.
NO_SPACE_UNITS = frozenset({"%", "‰", "×", ""})

_PLAIN = re.compile(r"^(-?)(\d+)(\.\d+)?$")


def exact(x: Fraction, digits: int = 12) -> str:
    """Short exact-if-possible decimal text for an endpoint."""
    if x.denominator == 1:
        return str(x.numerator)
    # Terminating decimals print exactly; others to `digits` significant digits.
    d = x.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    if d == 1 and len(str(x.denominator)) <= 20:
        with localcontext() as ctx:
            ctx.prec = 60
            return format(Decimal(x.numerator) / Decimal(x.denominator), "f")
    return fmt_sig(x, digits)


def delta(x: Fraction, sig: int = 3) -> str:
    """``x`` to ``sig`` significant digits (differences need no more precision), ``1.2e9`` style."""
    if x == 0:
        return "0"
    out = fmt_sig(Fraction(x), sig)
    if "e" in out:
        mant, exp = out.split("e")
        e = int(exp)
        if 3 <= e < 6:     # thousands read better as digits: "off by 11,500", not "off by 1.15e4"
            return f"{int(Decimal(mant).scaleb(e)):,}"
        return f"{mant}e{e}"
    return out


def readable(x: Fraction, sig: int = 6, *, group_from: int | None = None) -> str:
    """Readable decimal for a Fraction: exact when short, else ``sig`` significant digits;
    thousands grouped when the integer part has ``group_from`` digits or more."""
    s = exact(Fraction(x))
    text = s if len(s.replace("-", "").replace(".", "")) <= sig + 2 else delta(Fraction(x), sig)
    if group_from is not None:
        m = _PLAIN.match(text)
        if m and len(m.group(2)) >= group_from:
            return f"{m.group(1)}{int(m.group(2)):,}{m.group(3) or ''}"
    return text


def interval_text(iv: Interval, sig: int = 6, *, group: bool = False) -> str:
    """``[lo, hi]``, or one number for a point. Grouped, both ends alike: [5,000, 15,000]."""
    if not group:
        if iv.is_point:
            return readable(iv.lo, sig)
        return f"[{readable(iv.lo, sig)}, {readable(iv.hi, sig)}]"
    if iv.is_point:
        return readable(iv.lo, sig, group_from=5)
    group_from = 4 if max(abs(iv.lo), abs(iv.hi)) >= 10000 else 5
    return f"[{readable(iv.lo, sig, group_from=group_from)}, {readable(iv.hi, sig, group_from=group_from)}]"


def with_unit(text: str, unit: str) -> str:
    return f"{text}{unit}" if unit in NO_SPACE_UNITS else f"{text} {unit}"


def unit_sep(unit: str) -> str:
    """What stands between a number and ``unit``: nothing before %, ‰, × (or no unit), else a space."""
    return "" if unit in NO_SPACE_UNITS else " "

#: Magnitudes inside this range go through float (identical text to before); beyond it, Decimal.
_FLOAT_SAFE = (Fraction(1, 10**300), Fraction(10**300))


def fmt_sig(x: Fraction, sig: int, *, plus: bool = False) -> str:
    """``x`` to ``sig`` significant digits in ``g`` style, for any magnitude.

    ``float(x)`` overflows past 1.8e308 (and a claim can print ``1e309``); Decimal has an exponent
    range of ±10**18, so values outside float's range are formatted there instead.
    """
    sign = "+" if plus else ""
    if x == 0 or _FLOAT_SAFE[0] <= abs(x) <= _FLOAT_SAFE[1]:
        return format(float(x), f"{sign}.{sig}g")
    from decimal import MAX_EMAX, MIN_EMIN, Decimal, localcontext

    with localcontext() as ctx:
        ctx.prec, ctx.Emax, ctx.Emin = sig, MAX_EMAX, MIN_EMIN
        d = (Decimal(x.numerator) / Decimal(x.denominator)).normalize()
        return format(d, f"{sign}.{sig}g")


def to_float(x: Fraction) -> float | str:
    """``x`` as a float for machine-readable output; its 17-digit text where a float would overflow."""
    if x == 0 or _FLOAT_SAFE[0] <= abs(x) <= _FLOAT_SAFE[1]:
        return float(x)
    return fmt_sig(x, 17)
