"""CA104 rounding: which rounding procedures a printed value is consistent with.

The rounding model (shared with GRIM/GRIMMER in :mod:`.granularity`) is exact: a printed value
``n`` with last-digit step ``s`` is the set of values each procedure maps to ``n``, an interval
whose ends are open or closed per procedure (scrutiny's ``unround``, without its 1e-12 "dust",
so exact ties are decided exactly).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from fractions import Fraction
from typing import Any, ClassVar

from ..engine.evaluate import fmt_interval, fmt_number
from ..engine.results import ClaimResult, Finding, RunResult
from ..numbers.format import unit_sep
from ..numbers.interval import Interval
from ..numbers.rational import add, div, half, le, sub
from .base import Checker
from .hookspecs import hookimpl
from .reevaluate import claim_reading, face_value

#: Procedures, in the order they are reported. half-up / half-down: ties away from / toward zero
#: (Excel ROUND, SPSS RND round half up); half-even: ties to the even digit (Python, IEEE 754).
PROCEDURES = ("half-up", "half-even", "half-down", "ceiling", "floor", "truncation")
NEAREST = ("half-up", "half-even", "half-down")
DIRECTED = ("ceiling", "floor", "truncation")

#: An interval with open or closed ends: (lo, lo_closed, hi, hi_closed).
Span = tuple[Fraction, bool, Fraction, bool]


#: Procedures accepted by name beyond :data:`PROCEDURES` (scrutiny's vocabulary): rounding away
#: from zero, and rounding up (or down) from a threshold digit other than 5 ("up-from-3").
EXTRA = ("anti-truncation",)
_THRESHOLD = re.compile(r"^(up|down)-from-([1-9])$")


def is_procedure(name: str) -> bool:
    return name in PROCEDURES or name in EXTRA or bool(_THRESHOLD.match(name))


def unround(n: Fraction, step: Fraction, procedure: str) -> Span:
    """The values that ``procedure`` rounds to ``n`` at ``step`` (``n`` a multiple of ``step``)."""
    h = step / 2
    m = _THRESHOLD.match(procedure)
    if m:
        # Up from digit t: the next digit t or more rounds up (t = 5 is half-up); down from t: the
        # next digit t or less rounds down (t = 5 is half-down). Mirrored below zero.
        t = Fraction(int(m.group(2)), 10) * step
        up = m.group(1) == "up"
        if n >= 0:
            return n - step + t, up, n + t, not up
        return n - t, not up, n + step - t, up
    if procedure == "anti-truncation":
        if n > 0:
            return n - step, False, n, True
        if n < 0:
            return n, True, n + step, False
        return n, True, n, True
    if procedure in ("half-up", "half-down"):
        # A tie at the end nearer zero rounds to n when ties go away from zero (half-up), the tie
        # at the far end when they go toward zero (half-down); at zero both ties or neither.
        away = procedure == "half-up"
        if n == 0:
            return -h, not away, h, not away
        return n - h, away == (n > 0), n + h, away != (n > 0)
    if procedure == "half-even":
        even = (n / step) % 2 == 0
        return n - h, even, n + h, even
    if procedure == "ceiling":
        return n - step, False, n, True
    if procedure == "floor":
        return n, True, n + step, False
    if procedure == "truncation":
        if n > 0:
            return n, True, n + step, False
        if n < 0:
            return n - step, False, n, True
        return -step, False, step, False
    raise ValueError(f"unknown rounding procedure {procedure!r}")


def round_with(x: Fraction, step: Fraction, procedure: str) -> Fraction:
    """``x`` rounded to a multiple of ``step`` by ``procedure`` (exact)."""
    k = x / step
    m = _THRESHOLD.match(procedure)
    if m:
        t = Fraction(int(m.group(2)), 10)
        a = abs(k)
        q = (math.floor(a + 1 - t) if m.group(1) == "up" else math.ceil(a - t)) * (1 if k >= 0 else -1)
        return q * step
    if procedure == "anti-truncation":
        return math.ceil(abs(k)) * (1 if k >= 0 else -1) * step
    if procedure == "floor":
        q = math.floor(k)
    elif procedure == "ceiling":
        q = math.ceil(k)
    elif procedure == "truncation":
        q = math.trunc(k)
    elif procedure == "half-up":
        q = math.floor(abs(k) + Fraction(1, 2)) * (1 if k >= 0 else -1)
    elif procedure == "half-down":
        q = math.ceil(abs(k) - Fraction(1, 2)) * (1 if k >= 0 else -1)
    elif procedure == "half-even":
        q = round(k)  # Fraction.__round__ rounds half to even, exactly
    else:
        raise ValueError(f"unknown rounding procedure {procedure!r}")
    return q * step


def meets(lo: Fraction, hi: Fraction, span: Span) -> bool:
    """Does the closed interval [lo, hi] share a point with ``span``?"""
    a, a_closed, b, b_closed = span
    # The intersection's ends: at lo (closed) where lo is inside, else the span's own end.
    left, left_closed = (lo, True) if lo > a else (a, a_closed)
    right, right_closed = (hi, True) if hi < b else (b, b_closed)
    if left < right:
        return True
    return left == right and left_closed and right_closed


def consistent_procedures(values: Interval, n: Fraction, step: Fraction) -> list[str]:
    """The procedures under which some value in ``values`` prints as ``n``.

    Decided in integers (the checker asks it of nearly every claim, and a Fraction comparison costs
    a dozen Python calls): ``values``' ends as offsets from ``n`` in half steps, each a numerator
    and a positive denominator, against each procedure's :func:`unround` span written in half steps
    (half-up from ``n`` is [-1, 1) above zero). The same answer as :func:`meets` on :func:`unround`,
    end for end (tested on both sides of zero, at ties and wider than a step)."""
    lo, hi = values.lo, values.hi
    nn, nd = n._numerator, n._denominator             # type: ignore[attr-defined]
    sn, sd = step._numerator, step._denominator       # type: ignore[attr-defined]
    if sn <= 0:
        return [p for p in PROCEDURES if meets(lo, hi, unround(n, step, p))]
    # (x - n) / (step / 2) = ((xn * nd - nn * xd) * 2 * sd) / (xd * nd * sn), denominators > 0.
    ln, ld, hn, hd = lo._numerator, lo._denominator, hi._numerator, hi._denominator  # type: ignore[attr-defined]
    a, ad = (ln * nd - nn * ld) * 2 * sd, ld * nd * sn
    b, bd = (hn * nd - nn * hd) * 2 * sd, hd * nd * sn
    sign = (nn > 0) - (nn < 0)
    if -ad < a and b < bd:
        # Fast path (most claims): strictly inside the nearest-rounding interval, so no tie can
        # matter; only the directed procedures need a look.
        ceiling, floor = a <= 0, b >= 0
        trunc = floor if sign > 0 else ceiling if sign < 0 else True
        return [*NEAREST, *(p for p, ok in (("ceiling", ceiling), ("floor", floor), ("truncation", trunc)) if ok)]
    if sign:
        half_up, half_down = (-1, sign > 0, 1, sign < 0), (-1, sign < 0, 1, sign > 0)
    else:
        half_up, half_down = (-1, False, 1, False), (-1, True, 1, True)
    even = (nn * sd) % (2 * nd * sn) == 0          # n / step is an even integer
    ceiling_span, floor_span = (-2, False, 0, True), (0, True, 2, False)
    trunc_span = floor_span if sign > 0 else ceiling_span if sign < 0 else (-2, False, 2, False)
    spans = (half_up, (-1, even, 1, even), half_down, ceiling_span, floor_span, trunc_span)
    return [p for p, span in zip(PROCEDURES, spans, strict=True) if _meets_offsets(a, ad, b, bd, span)]


def _meets_offsets(a: int, ad: int, b: int, bd: int, span: tuple[int, bool, int, bool]) -> bool:
    """:func:`meets` for [a/ad, b/bd] (a/ad <= b/bd, positive denominators) and a span with
    integer ends."""
    lo_end, lo_closed, hi_end, hi_closed = span
    if a > lo_end * ad:                       # the intersection starts at a/ad (closed)
        if b < hi_end * bd:
            return True                       # [a/ad, b/bd] itself
        return a < hi_end * ad or (a == hi_end * ad and hi_closed)
    if b < hi_end * bd:                       # it starts at the span's end and stops at b/bd (closed)
        return lo_end * bd < b or (lo_end * bd == b and lo_closed)
    return lo_end < hi_end or (lo_end == hi_end and lo_closed and hi_closed)


def is_tie(x: Fraction, step: Fraction) -> bool:
    """``x`` lies exactly halfway between two printable values."""
    return (x / step - Fraction(1, 2)).denominator == 1


def show_at(x: Fraction, step: Fraction) -> str:
    """``x`` written with as many decimals as ``step`` has (1.13 for step 0.01)."""
    decimals = 0
    s = step
    while s.denominator != 1 and decimals < 30:
        s *= 10
        decimals += 1
    if decimals == 0:
        return fmt_number(x)
    return f"{float(x):.{decimals}f}" if abs(x) < 10**12 else fmt_number(x)


def _read_only(self: Any, *args: Any, **kwargs: Any) -> Any:
    raise TypeError(f"{type(self).__name__} is shared by every claim with the same answer: read-only")


class Procedures(list):
    """The procedures a printed value is consistent with (:func:`consistent_procedures`' answer), one
    shared, read-only list for each answer: the checker keeps one in nearly every claim's ``extra``,
    and a fresh list and dict each were a twentieth of a run's memory. Equal to the plain list;
    pickled (a ``-n`` worker's results) as its procedures and shared again when read back."""

    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _read_only
    append = extend = insert = remove = pop = clear = sort = reverse = _read_only

    def __reduce__(self) -> tuple[Any, ...]:
        return procedures, (tuple(self),)


class RoundingNote(dict):
    """``extra["rounding"]``: ``{"consistent_with": Procedures, "tie": bool}``, shared and read-only
    like :class:`Procedures` (a plain dict in every other respect: records copy it into plain JSON)."""

    __slots__ = ()
    __setitem__ = __delitem__ = __ior__ = _read_only
    clear = pop = popitem = setdefault = update = _read_only

    def __reduce__(self) -> tuple[Any, ...]:
        return rounding_note, (tuple(self["consistent_with"]), self["tie"])


#: At most one of each per answer: 2**6 sets of procedures, tie or not.
_PROCEDURES: dict[tuple[str, ...], Procedures] = {}
_NOTES: dict[tuple[tuple[str, ...], bool], RoundingNote] = {}


def procedures(names: Iterable[str]) -> Procedures:
    """The shared :class:`Procedures` for ``names`` (procedure names, in :data:`PROCEDURES` order)."""
    key = tuple(names)
    got = _PROCEDURES.get(key)
    if got is None:
        if not set(key) <= set(PROCEDURES) or len(set(key)) != len(key):
            raise ValueError(f"not a set of rounding procedures: {key!r}")
        got = _PROCEDURES[key] = Procedures(key)
    return got


def rounding_note(names: Iterable[str], tie: bool) -> RoundingNote:
    """The shared ``extra["rounding"]`` for procedures ``names`` and ``tie``."""
    procs = procedures(names)
    key = (tuple(procs), bool(tie))
    got = _NOTES.get(key)
    if got is None:
        got = _NOTES[key] = RoundingNote(consistent_with=procs, tie=key[1])
    return got


class _Noted:
    """A claim's ``extra`` holding the rounding note first, built as an instance's attribute dict (then
    a plain dict like any other): those of one class share one table of keys (PEP 412), so each
    stores its values only, half a plain dict's memory (it is in nearly every claim)."""

    def __init__(self, note: RoundingNote) -> None:
        self.rounding = note


def join(words: Iterable[str]) -> str:
    items = list(words)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


class Rounding(Checker):
    """Which rounding procedures the printed value is consistent with; ties and false precision.

    Anti-patterns: a value exactly halfway printed one way without saying how it was rounded
    (1.125 KiB printed as 1.12 KiB: half-even or truncation, not half-up; 56.25% printed as
    56.3%: half-up only); a figure that holds only if it was truncated or floored; a figure that
    is consistent only because its inputs were rounded (at face value it would print otherwise);
    trailing zeros that claim more precision than the inputs carry (15.70 claims ±0.005, 15.7
    only ±0.05).
    Procedures: half-up (ties away from zero), half-even, half-down (ties toward zero), ceiling,
    floor, truncation — each an exact interval, no floating-point dust.
    Fix: say how the figure was rounded, or print it with the digits its inputs support.
    """

    code = "CA104"
    name = "rounding"
    config_keys: ClassVar[dict[str, Any]] = {"face_value": True, "trailing_zeros": True}

    def check(self, result: ClaimResult, run: RunResult) -> Iterable[Finding]:
        claim = result.claim
        if claim.value is None or result.recomputed is None or result.relation != "=":
            return ()
        r = claim_reading(claim, result)
        if r is None or not r.printed.step or r.printed.is_range or result.recomputed.dims != r.unit.dims:
            return ()
        n, s = r.printed.nominal, r.printed.step
        rec = result.recomputed.interval
        unit = r.amount.unit
        sep = unit_sep(unit)
        procs = procedures(consistent_procedures(rec, n, s))
        tie = rec.is_point and is_tie(rec.lo, s)
        if result.has_extra:
            result.extra["rounding"] = rounding_note(procs, tie)
        else:
            result.extra = _Noted(rounding_note(procs, tie)).__dict__
        out: list[Finding] = []
        if tie and procs:
            printed = f"{show_at(n, s)}{sep}{unit}".rstrip()
            others = sorted({show_at(round_with(rec.lo, s, p), s) for p in PROCEDURES if p not in procs})
            msg = (f"{fmt_number(rec.lo)}{sep}{unit} is a tie printed as {printed}: consistent with "
                   f"{join(procs) or 'no procedure'}")
            if others:
                msg += f"; {join(p for p in PROCEDURES if p not in procs)} give {' or '.join(others)}{sep}{unit}"
            out.append(self.finding("info" if any(p in procs for p in NEAREST) else "warning", msg,
                                    data={"consistent_with": procs, "tie": True}))
        elif result.verdict == "inconsistent" and procs and not any(p in procs for p in NEAREST):
            printed = f"{show_at(n, s)}{sep}{unit}".rstrip()
            nearest = show_at(round_with(rec.mid, s, "half-even"), s) if rec.is_point else fmt_interval(rec)
            out.append(self.finding(
                "warning", f"{printed} is consistent only if the value was cut, not rounded: "
                           f"{join(procs)} of {fmt_interval(rec)}{sep}{unit} gives {printed}",
                working=[f"rounded to nearest it prints as {nearest}{sep}{unit}".rstrip()],
                data={"consistent_with": procs}))
        elif result.verdict == "consistent" and self.config["face_value"] and not rec.is_point:
            face = self._face_value(result, run, n, s)
            if face is not None:
                out.append(face)
        out.extend(self._precision(result, r, rec, n, s, unit, sep))
        return out

    def _face_value(self, result: ClaimResult, run: RunResult, n: Fraction, s: Fraction) -> Finding | None:
        rec = result.recomputed.interval  # type: ignore[union-attr]
        h = half(s)
        if le(sub(n, h), rec.lo) and le(rec.hi, add(n, h)):
            return None  # every value the inputs allow prints as claimed: nothing hinges on rounding
        q = face_value(result, run)
        if q is None or q.dims != result.recomputed.dims:  # type: ignore[union-attr]
            return None
        face = q.in_unit(result.recomputed.factor)  # type: ignore[union-attr]
        if not face.is_point:
            return None
        procs = consistent_procedures(face, n, s)
        if any(p in procs for p in NEAREST):
            return None
        unit = result.claimed.unit if result.claimed else ""
        sep = unit_sep(unit)
        prints = show_at(round_with(face.lo, s, "half-up"), s)
        return self.finding(
            "info", f"consistent only thanks to the inputs' rounding: at face value they give "
                    f"{fmt_number(face.lo)}{sep}{unit}, which prints as {prints}{sep}{unit}, not "
                    f"{show_at(n, s)}{sep}{unit}".replace(" ,", ","),
            working=[f"with the inputs read as intervals: {fmt_interval(rec)}{sep}{unit}".rstrip()],
            data={"face_value": float(face.lo)})

    def _precision(self, result: ClaimResult, r, rec: Interval, n: Fraction, s: Fraction, unit: str,
                   sep: str) -> list[Finding]:
        """A trailing zero (15.70) claims a digit; say so when the inputs cannot determine it."""
        if not self.config["trailing_zeros"] or rec.is_point or r.printed.digits_after_point <= 0:
            return []
        k = div(n, s)
        if k.denominator != 1 or k.numerator % 10 != 0 or le(sub(rec.hi, rec.lo), s):
            return []   # no trailing zero (n/s not a multiple of ten), or the inputs do pin the digit
        shorter = show_at(n, s * 10)
        return [self.finding("info", f"{show_at(n, s)}{sep}{unit}".rstrip() + f" claims precision to {fmt_number(s)}; "
                                     f"its inputs only determine {fmt_interval(rec)}{sep}{unit}".rstrip()
                                     + f" (the trailing zero is not supported: {shorter}{sep}{unit}".rstrip()
                                     + " would be honest)",
                             data={"step": float(s), "recomputed_width": float(rec.width)})]


@hookimpl
def claimaudit_checkers() -> list:
    return [Rounding]
