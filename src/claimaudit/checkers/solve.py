"""CA111 what would make it true: the condition on free inputs under which a claim holds."""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Iterable
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar

from ..engine.evaluate import claimed_target
from ..engine.results import ClaimResult, Finding, RunResult
from ..errors import InputError
from ..formulas.solver_process import TIMED_OUT
from ..numbers.format import to_float
from .base import Checker
from .hookspecs import hookimpl
from .reevaluate import _FORMULAS, claim_reading


class Solve(Checker):
    """For an underdetermined claim, the condition on its free inputs under which it holds.

    Anti-pattern: a figure that depends on quantities the document never gives (DualPipe's
    "62.7% less bubble at PP = 16" depends on the chunk times F, B, W). Such a claim can be
    neither confirmed nor refuted, but it can be made precise: sympy solves the formula for the
    printed value's rounding interval, on one free name or on a ratio of them, e.g.
    "holds iff W/(F + B) ≈ 0.0669 (between 0.0665 and 0.0673)". A condition no value can meet
    (a negative time, a share above 100%) is reported as a warning.
    The search is bounded (``time_budget`` seconds per claim, ``max_claims`` per run) and its
    answers are kept in a small cache file (``~/.cache/claimaudit/solve.json``; set
    ``CLAIMAUDIT_SOLVE_CACHE`` to another file or ``off``), so sympy is imported only the first
    time a condition is solved and later runs keep their fast start.
    Fix: give the missing inputs (or cite where they are), or state the condition with the claim.
    """

    code = "CA111"
    name = "solve"
    config_keys: ClassVar[dict[str, Any]] = {"time_budget": 2.0, "max_claims": 50}

    def __init__(self, config=None) -> None:
        super().__init__(config)
        self._done = 0
        self._cache: dict[str, dict[str, Any] | None] = {}

    def check(self, result: ClaimResult, run: RunResult) -> Iterable[Finding]:
        claim = result.claim
        if result.verdict != "underdetermined" or not result.free or not claim.formula or claim.value is None:
            return ()
        if self._done >= int(self.config["max_claims"]):
            return ()
        r = claim_reading(claim, result)
        if r is None:
            return ()
        from ..formulas.parse import parse_formula

        formula = _FORMULAS.get(claim.formula)
        if formula is None:
            try:
                formula = parse_formula(claim.formula)
            except InputError:
                return ()
        fixed: dict[str, Fraction] = {}
        for i in result.inputs:
            if i.amount is not None:
                base = i.amount.base
                fixed[i.name] = base.lo if base.is_point else base.mid
        target = claimed_target(r, result.relation if result.relation in ("=", "~") else "=", claim.settings) \
            * r.unit.factor
        # With one free input, the search is run on it in a unit a reader knows (the claim's own
        # unit, or an input's, when the dimensions say that is what it must be), not in base units.
        shown = _free_unit(formula, result, r) if len(result.free) == 1 else None
        if shown is not None:
            scaled = _scaled_formula(claim.formula, result.free[0], shown[0])
            if scaled is not None:
                formula = scaled
            else:
                shown = None
        key = _key(claim.formula + (f" [{shown[1]}]" if shown else ""), fixed, target.lo, target.hi)
        if key not in self._cache:
            stored = _disk_get(key)
            if stored is not None:
                self._cache[key] = stored or None
            else:
                self._done += 1
                budget = float(self.config["time_budget"])
                try:
                    cond = find_condition(formula, target, fixed, time_budget=budget)
                except Exception:  # noqa: BLE001 - sympy failing on an odd formula is "no condition found"
                    cond = None
                if cond is TIMED_OUT:
                    # Not an answer about the formula: said, and never cached (a later run may finish).
                    return [self.finding("info", f"the search for a condition on {', '.join(result.free)} ran "
                                         f"out of its time budget ({budget:g} s of CPU time; setting "
                                         "time_budget)")]
                self._cache[key] = _as_dict(cond) if cond is not None else None
                _disk_put(key, self._cache[key] or {})
        cond = self._cache[key]
        if cond is None:
            return [self.finding("info", "no simple condition on " + ", ".join(result.free)
                                 + " was found under which the claim holds")]
        data = {"variable": cond["variable"], "lo": cond["lo"], "hi": cond["hi"]}
        if shown is not None:
            cond = {**cond, "text": f"{cond['text']}, {result.free[0]} in {shown[1]}"}
            data["unit"] = shown[1]
        result.extra["condition"] = {"text": cond["text"], **data}
        if not cond["satisfiable"]:
            return [self.finding("warning", f"{claim.value} cannot hold: {cond['text']}", data=data)]
        return [self.finding("info", cond["text"], data=data,
                             working=[f"solving {claim.formula} = {claim.value} with "
                                      + ", ".join(f"{k} = {v}" for k, v in fixed.items())])]


def _free_unit(formula: Any, result: ClaimResult, reading: Any) -> tuple[Fraction, str] | None:
    """(factor, unit text) of the one free input, when the formula's dimensions fix it: the value is
    a product in which the free input stands to the power 1 or -1 (``n * k``, ``c / k``). The unit
    is the claim's own when the dimensions match it, else an input's with those dimensions."""
    from ..numbers.interval import Interval
    from ..units.quantity import DIMENSIONLESS, Quantity

    name = result.free[0]
    env: dict[str, Any] = {i.name: Quantity(i.amount.base, i.amount.dims) for i in result.inputs
                           if i.amount is not None}
    try:
        one = formula.evaluate({**env, name: Quantity(Interval(Fraction(1)), DIMENSIONLESS)})
        two = formula.evaluate({**env, name: Quantity(Interval(Fraction(2)), DIMENSIONLESS)})
    except Exception:  # noqa: BLE001 - a formula that does not evaluate this way: no unit shown
        return None
    if one.mag.mid == 0:
        return None
    claim_dims = reading.amount.dims
    ratio = two.mag.mid / one.mag.mid
    if ratio == 2:
        dims = claim_dims / one.dims
    elif ratio == Fraction(1, 2):
        dims = one.dims / claim_dims
    else:
        return None
    if dims == DIMENSIONLESS:
        return None
    if dims == claim_dims and reading.amount.unit:
        return reading.amount.factor, reading.amount.unit
    for i in result.inputs:
        if i.amount is not None and i.amount.unit and i.amount.dims == dims:
            return i.amount.factor, i.amount.unit
    # A part of a printed unit: the free hours of "$2 per GPU-hour" are GPU-hours.
    from ..errors import UnitError
    from ..units.registry import resolve_unit

    printed = [reading.amount.unit] + [i.amount.unit for i in result.inputs if i.amount is not None]
    for text in printed:
        for part in re.split(r"\s*/\s*|\s+per\s+", text or ""):
            try:
                info = resolve_unit(part) if part.strip() else None
            except UnitError:
                continue
            if info is not None and info.dims == dims:
                return info.factor, part.strip()
    return Fraction(1), f"{dims.describe()}, base units"


def _scaled_formula(text: str, name: str, factor: Fraction) -> Any:
    """The formula with ``name`` measured in a unit of ``factor`` base units, or None."""
    from ..formulas.parse import parse_formula

    if factor == 1:
        return parse_formula(text)
    pattern = re.compile(rf"(?<![\w.]){re.escape(name)}(?![\w.])")
    try:
        return parse_formula(pattern.sub(f"({name} * {factor.numerator} / {factor.denominator})", text))
    except InputError:
        return None


def _f(x: Fraction | None) -> float | str | None:
    return to_float(x) if x is not None else None


_SOLVER_PROCESS: Any = None


def find_condition(formula, target, fixed, *, time_budget: float):
    """The condition: in exact arithmetic for the common shapes (:mod:`..formulas.solver_fast`, the
    answer sympy gives), else searched in a child process that is killed past ``time_budget`` (+1 s).

    sympy is imported only there, and only when a condition is really searched; one child serves
    the whole process and ends with it.
    """
    global _SOLVER_PROCESS
    from ..formulas.solver_fast import fast_condition

    found = fast_condition(formula, target, fixed)
    if found is not None:
        return found
    if _SOLVER_PROCESS is None:
        import atexit

        from ..formulas.solver_process import SolverProcess

        _SOLVER_PROCESS = SolverProcess()
        atexit.register(_SOLVER_PROCESS.close)
    return _SOLVER_PROCESS.solve(formula, target, fixed, time_budget)



def _as_dict(cond: Any) -> dict[str, Any]:
    return {"variable": cond.variable, "lo": _f(cond.lo), "hi": _f(cond.hi), "satisfiable": cond.satisfiable,
            "text": cond.text}


#: Bump when the meaning of a cached answer changes.
_CACHE_VERSION = 1


def _solver_version() -> str:
    """A fingerprint of the solver's source, so a cached answer never outlives a change to it."""
    global _SOLVER
    if _SOLVER is None:
        try:
            src = (Path(__file__).resolve().parents[1] / "formulas" / "symbolic.py").read_bytes()
            _SOLVER = hashlib.sha256(src + Path(__file__).read_bytes()).hexdigest()[:16]
        except OSError:
            _SOLVER = "unknown"
    return _SOLVER


_SOLVER: str | None = None


def _key(formula: str, fixed: dict[str, Fraction], lo: Fraction, hi: Fraction) -> str:
    text = json.dumps([_CACHE_VERSION, _solver_version(), formula, sorted((k, str(v)) for k, v in fixed.items()),
                       str(lo), str(hi)])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def cache_file() -> Path | None:
    """``$CLAIMAUDIT_SOLVE_CACHE`` (a file, or ``off``), else ``$XDG_CACHE_HOME/claimaudit/solve.json``
    or ``~/.cache/claimaudit/solve.json``."""
    env = os.environ.get("CLAIMAUDIT_SOLVE_CACHE")
    if env:
        return None if env.lower() in ("off", "0", "no") else Path(env)
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    base = Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".cache"
    return base / "claimaudit" / "solve.json"


_DISK: dict[str, Any] | None = None


def _disk() -> dict[str, Any]:
    global _DISK
    if _DISK is None:
        _DISK = {}
        path = cache_file()
        if path is not None and path.is_file():
            _DISK = _read_cache(path)
    return _DISK


#: Largest solve.json read (2,000 entries of a few hundred bytes).
_MAX_CACHE_BYTES = 4 * 1024 * 1024
_KEY = re.compile(r"^[0-9a-f]{64}$")


def _valid_entry(value: Any) -> bool:
    """A cached answer: {} (no condition) or a condition of the exact shape _as_dict makes."""
    if value == {}:
        return True
    if not isinstance(value, dict) or set(value) != {"variable", "lo", "hi", "satisfiable", "text"}:
        return False
    return (isinstance(value["variable"], str) and isinstance(value["text"], str)
            and len(value["variable"]) + len(value["text"]) < 2000 and isinstance(value["satisfiable"], bool)
            and all(v is None or isinstance(v, str) or (isinstance(v, (int, float)) and not isinstance(v, bool))
                    for v in (value["lo"], value["hi"])))


def _read_cache(path: Path) -> dict[str, Any]:
    """The cache's entries, if the file is signed with this user's key (:mod:`claimaudit.cachesign`)
    and well formed; a poisoned, foreign or broken cache is no cache."""
    from ..cachesign import verify
    from ..safeio import read_bytes

    try:
        data = verify(read_bytes(path, max_bytes=_MAX_CACHE_BYTES, what="solver cache"), purpose=b"solve.json")
        loaded = json.loads(data.decode("utf-8")) if data is not None else None
    except (InputError, ValueError):
        return {}
    if not isinstance(loaded, dict):
        return {}
    return {k: v for k, v in loaded.items() if isinstance(k, str) and _KEY.match(k) and _valid_entry(v)}


def _disk_get(key: str) -> dict[str, Any] | None:
    return _disk().get(key)


def _disk_put(key: str, value: dict[str, Any]) -> None:
    from ..atomic import write_bytes
    from ..cachesign import sign

    data = _disk()
    data[key] = value
    path = cache_file()
    if path is None:
        return
    blob = sign(json.dumps(dict(list(data.items())[-2000:])).encode("utf-8"), purpose=b"solve.json")
    if blob is None:
        return  # no key: nothing written that could not be trusted back
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_bytes(path, blob)
    except OSError:
        pass  # an unwritable cache only costs time


@hookimpl
def claimaudit_checkers() -> list:
    return [Solve]
