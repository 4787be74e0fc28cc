"""CA107 same quantity, two places: figures marked as the same quantity must agree within rounding."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from ..engine.evaluate import approx_tolerance, fmt_interval
from ..engine.results import ClaimResult, Finding, RunResult
from ..numbers.interval import Interval
from .base import Checker
from .hookspecs import hookimpl
from .reevaluate import bound_values, claim_reading, quantity_of, reading

#: A range with open ends: (lo or None for -inf, hi or None for +inf).
Range = tuple[Fraction | None, Fraction | None]


def as_range(values: Interval, relation: str, tolerance: Fraction) -> Range:
    """What a printed figure allows: its rounding interval, or a half-line for over/under."""
    if relation in (">", ">="):
        return values.lo, None
    if relation in ("<", "<="):
        return None, values.hi
    if relation == "~":
        w = tolerance * max(abs(values.lo), abs(values.hi))
        return values.lo - w, values.hi + w
    return values.lo, values.hi


def overlap(a: Range, b: Range) -> bool:
    lo = max((x for x in (a[0], b[0]) if x is not None), default=None)
    hi = min((x for x in (a[1], b[1]) if x is not None), default=None)
    return lo is None or hi is None or lo <= hi


def show_range(r: Range, factor: Fraction) -> str:
    lo = "−∞" if r[0] is None else fmt_interval(Interval(r[0] / factor))
    hi = "∞" if r[1] is None else fmt_interval(Interval(r[1] / factor))
    return f"[{lo}, {hi}]"


class SameQuantity(Checker):
    """Claims marked as the same quantity must agree within the rounding of both.

    Anti-pattern: one figure stated twice — in two documents (a handbook and the paper it cites,
    ``also_in`` with ``value``) or twice in one (``same_as: other_claim``) — with values that
    cannot both be right (2,664K vs 2,644K GPU-hours). Each value is read as the interval its
    printed digits allow, so "10,000 GPUs" and "1 万 GPUs" agree (1 万 allows 5,000–15,000),
    and a qualifier widens it ("over 20 PiB" is any value above 20 PiB).
    Every pair checked is reported: an error when they disagree, an info note when they agree
    only because one of them is coarse.
    Fix: correct one of the two, or drop ``same_as`` if they are different quantities.
    """

    code = "CA107"
    name = "same-quantity"

    def check(self, result: ClaimResult, run: RunResult) -> Iterable[Finding]:
        claim = result.claim
        other = claim.get("same_as")
        if not other and not any(c.value for c in claim.also_in):
            return ()
        out: list[Finding] = []
        mine = self._mine(result)
        if other and mine is not None:
            q = quantity_of(str(other), claim, run)
            loc = claim.loc_of("same_as")
            if q is None:
                out.append(self.finding("warning", f"same_as: {other!r} is neither a claim with a value nor a "
                                                   "printed value", location=loc))
            else:
                f = self._compare(result, mine, q, f"same_as {other}", loc)
                if f is not None:
                    out.append(f)
        if mine is not None:
            for cite in claim.also_in:
                if not cite.value:
                    continue
                rd = reading(cite.value, claim.settings)
                if rd is None:
                    out.append(self.finding("info", f"also_in {cite.source}: its value {cite.value!r} cannot be read "
                                                    "as a number with a unit, so it is not compared"))
                    continue
                rel = {"≈": "~"}.get(rd.printed.relation, rd.printed.relation)
                f = self._compare(result, mine, (bound_values(rd, rel), rd.unit.dims,
                                                 f"{cite.source} prints {cite.value}", rel),
                                  f"also_in {cite.source}", None)
                if f is not None:
                    out.append(f)
        return out

    def _mine(self, result: ClaimResult):
        if result.claim.value is None:
            return None
        rd = claim_reading(result.claim, result)
        if rd is None:
            return None
        return (bound_values(rd, result.relation), rd.unit.dims, f"{result.claim.id} = {result.claim.value}",
                result.relation, rd)

    def _compare(self, result: ClaimResult, mine, theirs, what: str, loc) -> Finding | None:
        values, dims, label, relation, rd = mine
        o_values, o_dims, o_label, o_relation = theirs
        if dims != o_dims:
            return self.finding("error", f"{what}: not the same kind of quantity — {label} is {dims.describe()}, "
                                         f"{o_label} is {o_dims.describe()}", location=loc)
        tol = approx_tolerance(result.claim.settings)
        a, b = as_range(values, relation, tol), as_range(o_values, o_relation, tol)
        factor = rd.unit.factor
        unit = rd.amount.unit
        working = [f"{label}: {show_range(a, factor)} {unit}".rstrip(),
                   f"{o_label}: {show_range(b, factor)} {unit}".rstrip()]
        data = {"pair": [label, o_label]}
        agree = overlap(a, b)
        # Every pair checked is recorded, so a cleared pair is visible in reports too.
        result.extra.setdefault("same_quantity", []).append({"pair": [label, o_label], "agree": agree})
        if not agree:
            return self.finding("error", f"{label} and {o_label} state the same quantity but disagree beyond "
                                         "their rounding", working=working, data=data, location=loc)
        if relation == "=" and o_relation == "=" and values.mid != o_values.mid:
            # They agree only because one of them is printed coarsely: say so.
            result.passed_check(self.finding("info", f"{label} agrees with {o_label} within rounding "
                                                     f"(the printed values differ)", working=working,
                                             data={**data, "caveat": True}, location=loc))
        else:
            result.passed_check(self.finding("info", f"{label} agrees with {o_label}", working=working, data=data,
                                             location=loc))
        return None


@hookimpl
def claimaudit_checkers() -> list:
    return [SameQuantity]
