"""Re-read and re-evaluate claims under another reading: shared by the checkers that ask
"would it hold if …?" (unit readings, rounding at face value, same quantity, bounds).

Nothing here decides a verdict on its own: it reuses the engine's :class:`Evaluator`,
:func:`read_value` and :func:`compare`, so an alternative reading follows exactly the rules of
the core recomputation.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from typing import Any

from ..engine.evaluate import FREE, Evaluator, Reading, read_value
from ..engine.resolve import Namespace
from ..engine.results import ClaimResult, RunResult, forget_after_run
from ..errors import InputError
from ..formulas.memo import FORMULAS, parsed_formula
from ..model.claims import Claim, Settings
from ..numbers.interval import Interval
from ..units.quantity import Quantity

#: Parsed formulas by text, shared with the engine (bounded; solve.py reads it too).
_FORMULAS = FORMULAS


@lru_cache(maxsize=4096)
def reading(text: str, settings: Settings) -> Reading | None:
    """A printed value read under ``settings`` (None if it cannot be read: the core says why)."""
    try:
        return read_value(text, settings)
    except InputError:
        return None


forget_after_run(reading.cache_clear)
forget_after_run(_FORMULAS.clear)


def claim_reading(claim: Claim, result: ClaimResult | None = None) -> Reading | None:
    """The claim's printed value as the core read it (kept on its result), else read again."""
    kept = getattr(result, "reading", None) if result is not None else None
    if kept is not None:
        return kept
    return reading(claim.value, claim.settings) if claim.value is not None else None


def namespace(run: RunResult) -> Namespace:
    """Every claim of the run by qualified name (cached on the run object)."""
    ns = getattr(run, "_claimaudit_ns", None)
    if ns is None:
        ns = Namespace()
        for r in run.universe:
            ns.add(r.claim)
        object.__setattr__(run, "_claimaudit_ns", ns)
    return ns


def result_of(run: RunResult, qualname: str) -> ClaimResult | None:
    index = getattr(run, "_claimaudit_index", None)
    if index is None:
        index = {r.claim.qualname: r for r in run.universe}
        object.__setattr__(run, "_claimaudit_index", index)
    return index.get(qualname)


def lookup(run: RunResult, claim: Claim, name: str) -> Claim | None:
    return namespace(run).lookup(claim, name)


def closure(claim: Claim, run: RunResult) -> list[Claim] | None:
    """The claim and every claim its formula depends on, inputs first; None if one is missing."""
    ev = Evaluator(namespace(run).lookup)
    out: list[Claim] = []
    seen: set[str] = set()

    def visit(c: Claim, depth: int) -> bool:
        if c.qualname in seen:
            return True
        if depth > 200:
            return False
        seen.add(c.qualname)
        if c.formula:
            try:
                names = ev.formula(c).names
            except InputError:
                return False
            local = {g.name for g in c.given}
            for name in names:
                if name in local:
                    continue
                dep = namespace(run).lookup(c, name)
                if dep is None or not visit(dep, depth + 1):
                    return False
        out.append(c)
        return True

    return out if visit(claim, 0) else None


def reevaluate(claim: Claim, run: RunResult, transform: Callable[[Claim], Claim]) -> ClaimResult | None:
    """Evaluate ``claim`` again with every claim of its closure passed through ``transform``.

    Returns the new result (None when a dependency is not in the run).
    """
    members = closure(claim, run)
    if members is None:
        return None
    ns = Namespace()
    for c in members:
        ns.add(transform(c))
    ev = Evaluator(ns.lookup)
    for c in members:
        ev.evaluate(ns.claims[c.qualname])
    return ev.results.get(claim.qualname)


# -- transforms ---------------------------------------------------------------------------------------

def with_settings(**changes: Any) -> Callable[[Claim], Claim]:
    """Every claim (and its local inputs) read with changed settings (``kilo=1024``, ``rounding="exact"``)."""
    def apply(c: Claim) -> Claim:
        given = tuple(replace(g, settings=replace(g.settings, **changes)) for g in c.given)
        return replace(c, settings=replace(c.settings, **changes), given=given)

    return apply


def with_value(qualname: str, text: str, given: str | None = None) -> Callable[[Claim], Claim]:
    """One claim's printed value (or one of its ``given`` inputs) replaced by ``text``."""
    def apply(c: Claim) -> Claim:
        if c.qualname != qualname:
            return c
        if given is None:
            return replace(c, value=text)
        return replace(c, given=tuple(replace(g, value=text) if g.name == given else g for g in c.given))

    return apply


# -- a name or a printed value, as a quantity ---------------------------------------------------------

_NAME = __import__("re").compile(r"^[^\W\d][\w-]*(\.[^\W\d][\w-]*)?$")


def quantity_of(ref: str, claim: Claim, run: RunResult):
    """What ``ref`` (a claim name, ``file.id``, or a printed value) stands for.

    Returns ``(values in base units, dims, label, relation)`` or None when it cannot be known;
    a claim with a printed value is taken as printed, one without as recomputed.
    """
    from ..engine.evaluate import fmt_amount, relation_of

    ref = str(ref).strip()
    dep = lookup(run, claim, ref) if _NAME.match(ref) else None
    if dep is not None:
        if dep.value is not None:
            rd = claim_reading(dep, result_of(run, dep.qualname))
            if rd is None:
                return None
            rel = relation_of(dep, rd.printed)
            return bound_values(rd, rel), rd.unit.dims, f"{dep.id} = {dep.value}", rel
        res = result_of(run, dep.qualname)
        if res is None or res.recomputed is None or res.free:
            return None
        return res.recomputed.base, res.recomputed.dims, f"{dep.id} = {fmt_amount(res.recomputed)}", "="
    rd = reading(ref, claim.settings)
    if rd is None:
        return None
    rel = {"≈": "~"}.get(rd.printed.relation, rd.printed.relation)
    return bound_values(rd, rel), rd.unit.dims, ref, rel


def bound_values(rd: Reading, relation: str) -> Interval:
    """A printed figure's values in base units; for a bound ("over 86%") the printed value itself,
    since bounds are read at the printed value, not at the edge of its rounding (#12 §1)."""
    from ..engine.evaluate import printed_bound

    if relation in (">", ">=", "<", "<="):
        return Interval(printed_bound(rd.printed, relation)) * rd.unit.factor
    return rd.amount.base


# -- face value: every printed input read exactly as written ------------------------------------------

@lru_cache(maxsize=256)
def _exact(settings: Settings) -> Settings:
    """``settings`` with nothing rounded (one object per settings, so the readings below share a key)."""
    return replace(settings, rounding="exact")


def face_value(result: ClaimResult, run: RunResult, _depth: int = 0):
    """The claim's formula evaluated with every printed input at face value (no rounding
    interval), as a Quantity in base units; None when an input is free or cannot be read.

    Cheaper than :func:`reevaluate` with ``rounding="exact"`` (no new evaluator, cached parses and
    readings, memoised per run), which matters because the rounding checker asks it of every
    claim whose inputs' rounding decides its verdict.
    """
    memo = getattr(run, "_claimaudit_face", None)
    if memo is None:
        memo = {}
        object.__setattr__(run, "_claimaudit_face", memo)
        object.__setattr__(run, "_claimaudit_face_inputs", {})
    inputs: dict[str, Quantity] = run._claimaudit_face_inputs  # type: ignore[attr-defined]
    claim = result.claim
    if claim.qualname in memo:
        return memo[claim.qualname]
    memo[claim.qualname] = None  # guards cycles (already reported by the core)
    if not claim.formula or _depth > 100:
        return None
    try:
        formula = parsed_formula(claim.formula)
    except InputError:
        return None
    env = {}
    given = {g.name: g for g in claim.given}
    for name in formula.names:
        if name in given:
            g = given[name]
            if g.value.strip().lower() in FREE:
                return None
            rd = reading(g.value, _exact(g.settings))
        else:
            dep = lookup(run, claim, name)
            if dep is None:
                return None
            if dep.value is not None:
                dep_result = result_of(run, dep.qualname)
                kept = claim_reading(dep, dep_result)
                if kept is None or kept.printed.is_range:
                    return None
                # Face value: the number as written, in base units (no rounding interval); once
                # per input claim, which most claims share.
                face = inputs.get(dep.qualname)
                if face is None:
                    face = inputs[dep.qualname] = Quantity(Interval.point(kept.printed.nominal) * kept.unit.factor,
                                                           kept.unit.dims)
                env[name] = face
                continue
            else:
                dep_result = result_of(run, dep.qualname)
                q = face_value(dep_result, run, _depth + 1) if dep_result is not None else None
                if q is None:
                    return None
                env[name] = q
                continue
        if rd is None:
            return None
        env[name] = rd.quantity   # in base units
    try:
        q = formula.evaluate(env)
    except Exception:  # noqa: BLE001 - a face value that cannot be computed is simply not reported
        return None
    memo[claim.qualname] = q
    return q
