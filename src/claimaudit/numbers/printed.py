"""Numbers as printed become intervals.

INTERFACE (implemented by the numbers work; the engine and extraction rely on exactly this):

    parse_printed(text, *, kilo=1000, rounding="auto") -> PrintedNumber

raises NumberSyntaxError(message, column=<0-based offset in text>) on anything it cannot read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ..errors import NumberSyntaxError  # noqa: F401
from .interval import Interval

#: Relations a qualifier can express. "=" plain; "~" approximately; ">", ">=", "<", "<=".
RELATIONS = ("=", "~", ">", ">=", "<", "<=")
#: Kinds of printed number.
KINDS = ("number", "percent", "permille", "points", "ratio")
#: Rounding policies: "auto" (decimals and multiplied/percent/ratio numbers rounded to the last
#: written digit, plain integers exact), "exact" (nothing rounded), "digits" (integers too are
#: rounded to their last digit).
ROUNDING_POLICIES = ("auto", "exact", "digits")


@dataclass(frozen=True)
class PrintedNumber:
    text: str                 # the whole string as given, e.g. "over 20 PiB"
    interval: Interval        # values that print this way, multipliers applied, in the unit below
                              # e.g. "557.6万美元" -> [5575500, 5576500]; "91%" -> [90.5, 91.5] (unit percent)
    unit: str                 # unit text for the units registry, "" for a plain number;
                              # "percent", "permille", "percentage_point" for % ‰ pp/个百分点;
                              # ratios (×, x, 倍) give "" with kind "ratio"; "$5.576M" -> "USD",
                              # "$2 per GPU-hour" -> "USD / GPU-hour"; Chinese measure words (个, 张, 条) dropped
    kind: str = "number"      # one of KINDS
    relation: str = "="       # one of RELATIONS, from the qualifier
    qualifier: str = ""       # the qualifier as written ("over", "约", "≈", "不到", …), "" if none
    nominal: Fraction = Fraction(0)   # the value as written (scaled), e.g. 5576000 for 557.6万
    step: Fraction = Fraction(0)      # place value of the last written digit at its scale
                                      # (0.01 for 1.38; 1000 for 2,664K; 100 for 557.6万); 0 if exact
    exact: bool = True        # True when interval is a point (no rounding applied)
    tolerance: Fraction | None = None # explicit "± 0.05" (already folded into interval)
    is_range: bool = False    # "5-35%": interval is [low end, high end] (hull of both ends' intervals)
    multiplier: str = ""      # the multiplier word as written: "K", "万", "billion", "Ki", …
    uses_kilo: bool = False   # True when a K/k multiplier was read with the `kilo` setting
    digits_after_point: int = 0       # written decimals (15.70 -> 2): precision the text claims


def parse_printed(text: str, *, kilo: int = 1000, rounding: str = "auto") -> PrintedNumber:
    raise NotImplementedError
