"""Numbers printed in a passage: is the claim's value there, has it drifted, do two prints agree?

Numbers are found with :func:`claimaudit.numbers.scan.scan_numbers` and read with
:func:`claimaudit.numbers.printed.parse_printed` (multiplier, percent sign, ``×``/``倍`` and
qualifier included), so ``2,788K`` and ``2788K`` are the same number, ``557.6 万美元`` and
``$5.576M`` are the same amount, and ``八成`` is 80%. Text identity is what matters here, not
meaning: ``K`` is read as 1000 on both sides whatever the claim's ``kilo`` setting.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from ..errors import ClaimAuditError
from .normalize import fold, normalize

#: What may follow a number token and belongs to it: a multiplier, then a percent/ratio mark.
_TAIL = re.compile(
    r"\s?(?:(?:[KMBTG](?![A-Za-z])|k(?![A-Za-z])|万亿|千万|百万|万|亿|千(?![米克瓦焦帕赫伏卡字])"
    r"|thousand\b|million\b|billion\b|trillion\b)\s?)?"
    r"(?:%|‰|×(?!\s*[\dA-Za-z(])|x(?![A-Za-z\d(])|倍|成|半)?")
_PERCENT = ("percent",)


@dataclass(frozen=True)
class PrintedIn:
    """A number as printed in a text: where, what it reads as."""

    text: str               # the characters, multiplier and mark included ("2,788K", "557.6 万")
    start: int              # offsets in the (folded) text it was read from
    end: int
    nominal: Fraction       # value as written, multiplier applied (2788000; 80 for 八成 in percent)
    lo: Fraction            # the interval its rounding allows
    hi: Fraction
    unit: str               # unit text as parse_printed reads it ("percent", "USD", "GPU-hours", "")
    kind: str               # "percent" | "permille" | "ratio" | "number"

    @property
    def cls(self) -> str:
        """Comparison class: a percentage is never the same number as a plain 80."""
        if self.kind in ("percent", "permille"):
            return self.kind
        return "number"

    @property
    def key(self) -> tuple[Fraction, str]:
        return self.nominal, self.cls


@lru_cache(maxsize=4096)
def _read(text: str) -> tuple[Fraction, Fraction, Fraction, str, str] | None:
    from ..numbers.printed import parse_printed

    try:
        p = parse_printed(text, kilo=1000)
    except (ClaimAuditError, ValueError, ArithmeticError, NotImplementedError):
        return None
    nominal, lo, hi, unit, kind = p.nominal, p.interval.lo, p.interval.hi, p.unit, p.kind
    if unit in _PERCENT:
        kind = "percent"
    elif unit == "permille":
        kind = "permille"
    elif unit == "成":          # 八成 = 80%
        nominal, lo, hi, unit, kind = nominal * 10, lo * 10, hi * 10, "percent", "percent"
    elif unit == "半" and nominal == 1:   # 一半 = 50%
        nominal = lo = hi = Fraction(50)
        unit, kind = "percent", "percent"
    return nominal, lo, hi, unit, kind


def read_value(text: str) -> PrintedIn | None:
    """A claim's value as printed (``2,788K GPU-hours``, ``约 80%``), or None for words."""
    got = _read(text)
    if got is None:
        return None
    nominal, lo, hi, unit, kind = got
    return PrintedIn(text, 0, len(text), nominal, lo, hi, unit, kind)


def numbers_in(text: str) -> list[PrintedIn]:
    """Every number printed in ``text`` (folded first: full-width digits read as ASCII)."""
    return list(_numbers_in(text))


@lru_cache(maxsize=1024)
def _numbers_in(text: str) -> tuple[PrintedIn, ...]:
    from ..numbers.scan import scan_numbers

    folded = fold(text)
    out: list[PrintedIn] = []
    for tok in scan_numbers(folded, words=True, chinese=True):
        m = _TAIL.match(folded, tok.end)
        end = m.end() if m else tok.end
        candidates = [folded[tok.start:end]] if end > tok.end else []
        candidates.append(tok.norm if tok.kind in ("words", "fraction") else folded[tok.start:tok.end])
        for cand in candidates:
            got = _read(cand.strip())
            if got is not None:
                nominal, lo, hi, unit, kind = got
                stop = end if cand is candidates[0] and end > tok.end else tok.end
                out.append(PrintedIn(folded[tok.start:stop].strip(), tok.start, stop, nominal, lo, hi, unit, kind))
                break
    return tuple(out)


def find_value(value: str, passage: str) -> PrintedIn | bool | None:
    """Where ``value`` is printed in ``passage``.

    Returns the number found, True when the value's words occur verbatim (after normalisation)
    but carry no readable number (``好几个数量级``), or None when it is not printed there.
    """
    want = read_value(value)
    if want is not None:
        for p in numbers_in(passage):
            if p.key == want.key:
                return p
    nv = normalize(value)
    if want is not None and re.fullmatch(r"[\d.,%‰×/+-]+", nv):
        return None    # a bare number: only a number token may match it ("3" is not in "E3M0")
    if nv and nv in normalize(passage):
        if want is None:
            return True
        # The value's text is there verbatim (e.g. a unit the scanner split off): locate its number.
        for p in numbers_in(passage):
            if p.nominal == want.nominal:
                return p
        return True
    return None


@dataclass(frozen=True)
class Drift:
    quoted: PrintedIn               # the number in the claim's quote
    now: PrintedIn | None           # what the source prints in its place (None: nothing)


def drift(value: str, quote: str, passage: str) -> Drift | None:
    """The claimed number as the quote prints it, and what the located passage prints instead.

    None when the value is printed in the passage (no drift) or not printed in the quote either
    (nothing to compare). The two lists of numbers are aligned like words in a diff, so the
    number standing where the quoted one stood is the one reported.
    """
    if find_value(value, passage) is not None:
        return None
    want = read_value(value)
    if want is None:
        return None
    nq, np_ = numbers_in(quote), numbers_in(passage)
    idx = next((i for i, p in enumerate(nq) if p.key == want.key), None)
    if idx is None:
        return None
    import difflib  # only for a quote whose numbers differ from the text

    sm = difflib.SequenceMatcher(None, [p.key for p in nq], [p.key for p in np_], autojunk=False)
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if i1 <= idx < i2:
            if tag == "replace" and j2 > j1:
                return Drift(nq[idx], np_[min(j1 + (idx - i1), j2 - 1)])
            if tag == "equal":
                return Drift(nq[idx], np_[j1 + (idx - i1)])
            return Drift(nq[idx], None)
    return Drift(nq[idx], None)


def nearest(value: PrintedIn, candidates: list[PrintedIn]) -> PrintedIn | None:
    """The candidate of the same class closest in magnitude (what a reader would compare)."""
    same = [c for c in candidates if c.cls == value.cls and c.nominal > 0]
    if not same or value.nominal <= 0:
        return same[0] if same else None
    return min(same, key=lambda c: abs(math.log(float(c.nominal) / float(value.nominal))))


def shown(p: PrintedIn, value_text: str, passage: str) -> str:
    """``p`` as a reader would quote it: with the unit words the claim's value carries after
    its number, when the passage carries them too (``557.7 万美元``)."""
    folded_value = fold(value_text)
    want = numbers_in(folded_value)
    if not want:
        return p.text
    rest = folded_value[want[0].end:].strip()
    folded = fold(passage)
    after = folded[p.end:p.end + len(rest) + 2]
    if rest and normalize(after).startswith(normalize(rest)):
        # take as many characters as cover the unit words
        k = 0
        while k < len(after) and len(normalize(after[:k])) < len(normalize(rest)):
            k += 1
        return (p.text + after[:k]).strip()
    return p.text


def agree(a: str, b: str, kilo: int = 1000) -> bool | None:
    """Whether two prints of one figure agree: their rounding intervals meet, after converting
    units when both read as units of the same dimension. None when either is not a number, or
    they are of different kinds (a percentage and a count)."""
    from ..numbers.printed import parse_printed

    try:
        pa, pb = parse_printed(a, kilo=kilo), parse_printed(b, kilo=kilo)
    except (ClaimAuditError, ValueError, ArithmeticError, NotImplementedError):
        return None
    if (pa.unit in _PERCENT) != (pb.unit in _PERCENT):
        return None
    factor = Fraction(1)
    if pa.unit != pb.unit and pa.unit and pb.unit:
        try:
            from ..units.registry import convert_factor

            factor = convert_factor(pb.unit, pa.unit)
        except (ClaimAuditError, ValueError, ArithmeticError):
            factor = Fraction(1)   # unreadable units (a model name in "H800 GPU hours"): compare numbers
    alo, ahi = pa.interval.lo, pa.interval.hi
    blo, bhi = pb.interval.lo * factor, pb.interval.hi * factor
    if alo == ahi or blo == bhi:
        return alo <= bhi and blo <= ahi
    # Rounding intervals that only touch (2,665K and 2664K meet at 2,664.5K) are two figures.
    return alo < bhi and blo < ahi
