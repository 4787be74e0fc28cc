"""CA102 dimensions: the formula's dimension must match the claim's."""

from __future__ import annotations

from collections.abc import Iterable

from ..engine.results import ClaimResult, Finding, RunResult
from ..units.quantity import Dims
from .base import Checker
from .hookspecs import hookimpl
from .reevaluate import claim_reading


class Dimensions(Checker):
    """The formula gives a different kind of quantity than the claim (GPU-hours vs USD).

    Anti-pattern: a figure computed with a missing or extra factor — a cost with no price, a
    per-GPU figure from a cluster total, days from GPU-hours without dividing by the GPU count.
    Both sides are named in the claim's terms: each input with its unit, and the factor by which
    the two sides differ, which usually names the missing division or multiplication.
    Fix: add the missing factor to the formula, or correct the claim's unit.
    """

    code = "CA102"
    name = "dimensions"

    def check(self, result: ClaimResult, run: RunResult) -> Iterable[Finding]:
        core = [f for f in result.findings if f.code == "CA102" and f.severity == "error" and not f.working]
        if not core:
            return ()
        reading = claim_reading(result.claim, result) if result.claim.value is not None else None
        lines = []
        for i in result.inputs:
            if i.amount is None:
                continue
            shown = i.printed or "(recomputed)"
            lines.append(f"{i.name} = {shown}: {i.amount.dims.describe()}")
        got = result.recomputed.dims if result.recomputed is not None else None
        if got is not None and reading is not None:
            want = reading.unit.dims
            lines.append(f"formula gives {got.describe()}; the claim {result.claim.value!r} is {want.describe()}")
            extra = got / want
            lines.append(_factor_hint(extra, result))
            for f in core:
                f.data.update({"formula_dims": got.describe(), "claim_dims": want.describe(),
                               "differ_by": extra.describe()})
        for f in core:
            f.working.extend(x for x in lines if x)
        return ()


def _factor_hint(extra: Dims, result: ClaimResult) -> str:
    """Name the inputs whose dimension is exactly the factor between the two sides."""
    over = [i.name for i in result.inputs if i.amount is not None and i.amount.dims == extra]
    under = [i.name for i in result.inputs if i.amount is not None and i.amount.dims == Dims() / extra]
    text = f"the formula's side is the claim's × {extra.describe()}"
    if over:
        text += f": divide by {' or '.join(over)}?"
    elif under:
        text += f": multiply by {' or '.join(under)}?"
    return text


@hookimpl
def claimaudit_checkers() -> list:
    return [Dimensions]
