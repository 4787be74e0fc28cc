"""CA101 arithmetic: the core recomputation, as a checker."""

from __future__ import annotations

from collections.abc import Iterable

from ..engine.evaluate import approx_tolerance, fmt_delta, fmt_interval, fmt_number
from ..engine.results import ClaimResult, Finding, RunResult
from ..numbers.format import unit_sep
from .base import Checker
from .hookspecs import hookimpl
from .reevaluate import claim_reading

_MEANING = {
    "=": "printed to its last digit, so the true value lies in",
    "~": "'about': the printed value widened by the approximate tolerance,",
    ">": "'more than': the true value must exceed",
    ">=": "'at least': the true value must reach",
    "<": "'less than': the true value must stay below",
    "<=": "'at most': the true value must not exceed",
}


class Arithmetic(Checker):
    """The recomputed value does not match the printed one under its relation (=, ≈, >, <, ranges).

    Anti-pattern: a printed figure that its own formula and inputs do not produce, once every
    number is read as the interval its rounding allows (``2,664K`` is [2,663.5K, 2,664.5K]).
    The relation comes from the printed qualifier: ``=`` must meet the rounding interval; ``≈``
    (about, 约) meets it widened by the ``approx`` tolerance; ``>``/``<`` (over, 超过, 不到) are
    strict bounds read at the printed value; a printed range (5–35%) must overlap.
    The core engine computes the verdict; this checker owns the finding and adds the working:
    what the relation demands and how far the recomputed interval is from it.
    Fix: correct the figure or the formula, or record the known error with ``expect: inconsistent``
    and ``because:``.
    """

    code = "CA101"
    name = "arithmetic"

    def check(self, result: ClaimResult, run: RunResult) -> Iterable[Finding]:
        core = [f for f in result.findings if f.code == "CA101" and f.severity == "error" and not f.working]
        if not core or result.recomputed is None or result.claimed is None:
            return ()
        reading = claim_reading(result.claim, result)
        if reading is None:
            return ()
        rel = result.relation
        claimed = result.claimed
        unit = claimed.unit
        sep = unit_sep(unit)
        meaning = _MEANING.get(rel, rel)
        if rel == "=" and reading.printed.exact:
            # A whole number (or a fraction) is read as exact, not as rounded to its last digit.
            meaning = "read as exact, so the true value must be"
        lines = [f"claimed {result.claim.value!r}: {meaning} "
                 + (fmt_interval(claimed.interval) if rel in ("=",) else "")
                 + (f"{fmt_number(reading.printed.nominal)}{sep}{unit}" if rel not in ("=", "~") else "")]
        if rel == "~":
            tol = approx_tolerance(result.claim.settings)
            lines[0] += f" ± {fmt_number(tol * 100)}% (approx = {result.claim.settings.approx})"
        if reading.printed.is_range:
            lines[0] = (f"claimed {result.claim.value!r}: a printed range, each end rounded, covering "
                        f"{fmt_interval(claimed.interval)}{sep}{unit}")
        gap = result.recomputed.interval.gap(claimed.interval)
        if rel in ("=", "~") and gap:
            gap_unit = {"%": " percentage points", "pp": " percentage points"}.get(unit, sep + unit)
            lines.append(f"even the nearest recomputed value misses that interval by "
                         f"{fmt_delta(gap)}{gap_unit}".rstrip())
        for f in core:
            f.working.extend(lines)
            f.data.setdefault("relation", rel)
        return ()


@hookimpl
def claimaudit_checkers() -> list:
    return [Arithmetic]
