"""CA108 bounds: a figure may not exceed a physical or stated limit (``at_most``/``at_least``)."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from ..engine.evaluate import fmt_interval
from ..engine.results import ClaimResult, Finding, RunResult
from ..numbers.format import unit_sep
from .base import Checker
from .changes import change_alternatives
from .hookspecs import hookimpl
from .reevaluate import claim_reading, closure, lookup, quantity_of, reading, reevaluate, with_value
from .unit_readings import _replace_unit, _with_formula, swap_bits, swap_prefix


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
            sep = unit_sep(unit)
            shown = fmt_interval(l_values / factor)
            working = [f"{label} = {fmt_interval(values / factor)}{sep}{unit}".rstrip(),
                       f"limit {l_label} = {shown}{sep}{unit}".rstrip()]
            beyond = values.lo > l_values.hi if key == "at_most" else values.hi < l_values.lo
            touching = values.hi > l_values.lo if key == "at_most" else values.lo < l_values.hi
            # Say why a figure passed too, not only why one failed.
            result.extra.setdefault("bounds", []).append({"key": key, "working": working, "beyond": beyond})
            if beyond:
                # Would another reading of a unit (GB as GiB, bits as bytes) keep it within the limit?
                readings = list(self._readings(result, run, key, str(ref), values, l_values))
                working += [f"holds only if {r}" for r in readings]
                out.append(self.finding("error", f"{label} is {direction} its limit {l_label} "
                                                 f"({shown}{sep}{unit})".replace(" )", ")"),
                                        working=working, location=loc, data={"readings": readings}))
            elif touching and (values.hi > l_values.hi if key == "at_most" else values.lo < l_values.lo):
                result.passed_check(self.finding("info", f"{label} reaches its limit {l_label} within rounding",
                                                 working=working, location=loc, data={"caveat": True}))
            else:
                relation = "at most" if key == "at_most" else "at least"
                result.passed_check(self.finding("info", f"{label} is {relation} its limit {l_label}",
                                                 working=working, location=loc))
        return out

    def _readings(self, result: ClaimResult, run: RunResult, key: str, ref: str, values, l_values):
        """Unit readings under which the figure stays within its limit: the claim's own unit, the
        limit's printed unit, or a unit of an input of the limit's formula read another way."""
        def within(v, lim) -> bool:
            # Held, and near the limit (within 1.5×) as a misread unit lands; reading bytes as bits
            # shrinks any figure far enough to "hold".
            held = not (v.lo > lim.hi if key == "at_most" else v.hi < lim.lo)
            return held and bool(lim.mid) and Fraction(2, 3) <= abs(v.mid / lim.mid) <= Fraction(3, 2)

        claim = result.claim
        r = claim_reading(claim, result) if claim.value is not None else None
        if claim.value is not None and r is not None:
            for what, swap in (("binary vs decimal prefix", swap_prefix), ("bits vs bytes", swap_bits)):
                new = swap(r.printed.unit)
                alt = reading(_replace_unit(claim.value, r.printed.unit, new), claim.settings) if new else None
                if alt is not None and alt.unit.dims == r.unit.dims and within(alt.amount.base, l_values):
                    yield f"{claim.value} is read as {alt.printed.text} ({what})"
        # A change read as the other kind: percentage points for a relative change, or the reverse
        # ("增强了 10.5%, 从 89.3% 提升到了 99.8%" is 10.5 points, an 11.76% relative gain).
        if claim.value is None:
            for label, formula in change_alternatives(claim):
                changed = reevaluate(claim, run, _with_formula(claim.qualname, formula))
                if changed is not None and changed.recomputed is not None and within(changed.recomputed.base, l_values):
                    yield f"{claim.id} is read as {label} ({formula}), not as the formula computes it"
        dep = lookup(run, claim, ref)
        if dep is None:
            return
        if dep.value is None:
            for label, formula in change_alternatives(dep):
                changed = reevaluate(dep, run, _with_formula(dep.qualname, formula))
                if changed is not None and changed.recomputed is not None and within(values, changed.recomputed.base):
                    yield f"the limit {dep.id} is read as {label} ({formula}), not as its formula computes it"
        for c in closure(dep, run) or ():
            entries = ([(None, c.value, c.id)] if c.value is not None else []) + [(g.name, g.value, g.name)
                                                                                 for g in c.given]
            for given, text, label in entries:
                rd = reading(text, c.settings)
                if rd is None:
                    continue
                for what, swap in (("binary vs decimal prefix", swap_prefix), ("bits vs bytes", swap_bits)):
                    new = swap(rd.printed.unit)
                    new_text = _replace_unit(text, rd.printed.unit, new) if new else None
                    if new_text is None:
                        continue
                    alt_result = reevaluate(dep, run, with_value(c.qualname, new_text, given))
                    if alt_result is None:
                        continue
                    lim = None
                    if dep.value is None and alt_result.recomputed is not None:
                        lim = alt_result.recomputed.base
                    elif c.qualname == dep.qualname:
                        # A swapped unit that no longer reads is no limit (not a crash).
                        new_reading = reading(new_text, c.settings)
                        lim = new_reading.amount.base if new_reading is not None else None
                    if lim is not None and within(values, lim):
                        yield f"{label} = {text} is read as {new_text} ({what})"

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
