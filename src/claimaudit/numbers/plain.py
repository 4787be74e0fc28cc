"""Plain decimals as tables and test statistics print them: ``5.19``, ``2,000.20``, ``-0.3``.

The checkers that work on reported statistics (GRIM/GRIMMER/DEBIT, statcheck) read their inputs
as the decimal written and the step of its last digit; this is the one reader of that form.
"""

from __future__ import annotations

import re
from fractions import Fraction

_GROUPED = re.compile(r"-?\d{1,3}(?:,\d{3})+(?:\.\d+)?")


def decimal_with_step(text: str) -> tuple[Fraction, Fraction]:
    """``text`` as (value, step of its last written digit); thousands separators allowed.

    Raises ValueError when ``text`` is not a plain decimal."""
    t = str(text).strip().replace("−", "-")
    if _GROUPED.fullmatch(t):
        t = t.replace(",", "")
    if len(t) > 400:   # a printed statistic, not a numeric bomb (the digit limit of printed numbers)
        raise ValueError(f"not a decimal number: {text!r}")
    try:
        value = Fraction(t)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"not a decimal number: {text!r}") from None
    decimals = len(t.split(".")[1]) if "." in t else 0
    return value, Fraction(1, 10**decimals)
