"""CA108 bounds: a figure may not exceed a physical or stated limit (``at_most``/``at_least``)."""

from __future__ import annotations

from typing import Iterable

from ..engine.evaluate import fmt_interval
from ..engine.results import ClaimResult, Finding, RunResult
from .base import Checker
from .hookspecs import hookimpl
from .reevaluate import claim_reading, quantity_of


class Bounds(Checker):
    """A figure beyond a limit it cannot pass: a measured bandwidth above the link's maximum.

    Anti-pattern: a throughput, utilisation or share that exceeds what the hardware or the
    definition allows (a read rate above the NICs' line rate, an efficiency above 100%).
    Declare the limit on the claim: ``at_most: nic_bandwidth`` or ``at_least: "2048 GPU"``
    (a claim name or a printed value). Both sides are read with their rounding and units, so
    6.6 TiB/s against 180 × 2 × 200 Gbit/s compares bytes with bits correctly. It is an error
    only when every value the printed figure allows is beyond the limit; touching it is a note.
    Fix: correct the figure, or the limit (another unit, more links than assumed).
    """

    code = "CA108"
    name = "bounds"

    def check(self, result: ClaimResult, run: RunResult) -> Iterable[Finding]:
        claim = result.claim
        out = []
        for key, direction in (("at_most", "above"), ("at_least", "below")):
            ref = claim.get(key)
            if not ref:
                continue
            loc = claim.loc_of(key)
            mine = self._value(result)
            if mine is None:
                continue
            values, dims, label, factor, unit = mine
            limit = quantity_of(str(ref), claim, run)
            if limit is None:
                out.append(self.finding("warning", f"{key}: {ref!r} is neither a claim with a value nor a printed "
                                                   "value", location=loc))
                continue
            l_values, l_dims, l_label, _rel = limit
            if l_dims != dims:
                out.append(self.finding("error", f"{key}: {l_label} is {l_dims.describe()}, but the claim is "
                                                 f"{dims.describe()}", location=loc))
                continue
            sep = "" if unit in ("%", "‰", "×") else " "
            shown = fmt_interval(l_values / factor)
            working = [f"{label} = {fmt_interval(values / factor)}{sep}{unit}".rstrip(),
                       f"limit {l_label} = {shown}{sep}{unit}".rstrip()]
            beyond = values.lo > l_values.hi if key == "at_most" else values.hi < l_values.lo
            touching = values.hi > l_values.lo if key == "at_most" else values.lo < l_values.hi
            # Say why a figure passed too, not only why one failed.
            result.extra.setdefault("bounds", []).append({"key": key, "working": working, "beyond": beyond})
            if beyond:
                out.append(self.finding("error", f"{label} is {direction} its limit {l_label} "
                                                 f"({shown}{sep}{unit})".replace(" )", ")"),
                                        working=working, location=loc))
            elif touching and (values.hi > l_values.hi if key == "at_most" else values.lo < l_values.lo):
                result.passed_check(self.finding("info", f"{label} reaches its limit {l_label} within rounding",
                                                 working=working, location=loc, data={"caveat": True}))
            else:
                relation = "at most" if key == "at_most" else "at least"
                result.passed_check(self.finding("info", f"{label} is {relation} its limit {l_label}",
                                                 working=working, location=loc))
        return out

    def _value(self, result: ClaimResult):
        if result.claim.value is not None:
            rd = claim_reading(result.claim, result)
            if rd is None:
                return None
            return rd.amount.base, rd.unit.dims, result.claim.value, rd.unit.factor, rd.amount.unit
        if result.recomputed is not None and not result.free:
            a = result.recomputed
            return a.base, a.dims, f"{result.claim.id} (recomputed)", a.factor, a.unit
        return None


@hookimpl
def claimaudit_checkers() -> list:
    return [Bounds]
