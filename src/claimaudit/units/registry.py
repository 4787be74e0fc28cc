"""The one unit registry.

INTERFACE (the engine, formulas and checkers rely on exactly this):

    resolve_unit(text: str) -> UnitInfo      # memoised per distinct string; raises UnitError
    registry() -> pint.UnitRegistry          # the shared, lazily built registry (Fraction, cached)
    format_dims(dims) -> str
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .quantity import Dims


@dataclass(frozen=True, slots=True)
class UnitInfo:
    text: str            # as written ("GPU-hours", "美元", "PiB", "")
    canonical: str       # readable canonical form ("GPU * hour", "USD", "pebibyte", "")
    factor: Fraction     # exact factor: 1 <unit> = factor <base units>
    dims: Dims           # dimension in base dimensions ([information], [currency_USD], [gpu], [time] …)
    note: str = ""       # an explicit documented choice made for an ambiguous string ("KB read as kB = 1000 B")


def resolve_unit(text: str) -> UnitInfo:
    raise NotImplementedError
