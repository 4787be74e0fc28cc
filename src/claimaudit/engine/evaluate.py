"""Evaluate one claim: read its printed value, recompute its formula on intervals, decide.

The verdict rules, in one place:

* ``=``  consistent when the recomputed interval meets the claimed one (closed bounds, so a value
  exactly on a rounding boundary is consistent and marked as a boundary case);
* ``~``  the claimed interval is first widened by the approximate tolerance (``approx``, 5% of the
  printed value unless set);
* ``>``/``>=``/``<``/``<=``  consistent when some recomputed value satisfies the relation against the
  printed value (the printed bound itself is read exactly: "over 20 PiB" means > 20 PiB);
* a dimension that differs from the claim's is inconsistent, with both named;
* free inputs (``?``) make a claim underdetermined; broken input makes it an error.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING

from ..errors import InputError, Location
from ..formulas.memo import parsed_formula
from ..model.claims import Claim, Given, Settings
from ..numbers.format import delta, fmt_sig, interval_text, readable, to_float, with_unit
from ..numbers.interval import Interval, IntervalError
from ..numbers.printed import PrintedNumber, forget_printed, parse_printed, remember
from ..numbers.rational import eq, le, mul
from ..units.declared import claim_vocabulary, reading_as_claim, vocabulary
from ..units.quantity import DimensionMismatch, Dims, Quantity
from ..units.registry import UnitInfo, resolve_unit
from .results import Amount, ClaimResult, Finding, InputValue, forget_after_run

if TYPE_CHECKING:  # pragma: no cover
    from ..formulas.parse import Formula

#: What a formula name stands for: its local input, else the claim it names (None: no claim does).
Source = Given | Claim | None

#: A given value written as this is a free input: the claim depends on it but no value is known.
FREE = ("?", "free", "unknown")

_RELATION_ALIASES = {"≈": "~", "≥": ">=", "≤": "<="}
_ONE = Fraction(1)
_UNIT_SHOWN = {"percent": "%", "permille": "‰", "percentage_point": "pp"}


class EvaluationError(InputError):
    code = "CA009"


@dataclass(frozen=True, slots=True)
class Reading:
    """A printed value read under a policy: the number, its unit and the quantity it means."""

    printed: PrintedNumber
    unit: UnitInfo
    amount: Amount

    @property
    def quantity(self) -> Quantity:
        """The value in base units, computed on each read: the evaluator keeps those of its claims
        while it runs (:meth:`Evaluator.quantity_of`), so that a run's readings, kept for the
        checkers, do not hold one each (~90 B a claim)."""
        return Quantity(self.amount.base, self.unit.dims)


_new = object.__new__
#: Reading's slots, set directly: its frozen dataclass __init__ goes through object.__setattr__ for
#: each field, most of the cost of building one (one per distinct printed value).
_set_printed, _set_unit, _set_amount = (Reading.__dict__[name].__set__ for name in ("printed", "unit", "amount"))


def _reading(printed: PrintedNumber, unit: UnitInfo, amount: Amount) -> Reading:
    """``Reading(printed, unit, amount)``."""
    r = _new(Reading)
    _set_printed(r, printed)
    _set_unit(r, unit)
    _set_amount(r, amount)
    return r


def shown_unit(printed: PrintedNumber) -> str:
    if printed.kind == "ratio" and not printed.unit:
        return "×"
    return _UNIT_SHOWN.get(printed.unit, printed.unit)


def read_value(text: str, settings: Settings, location: Location | None = None) -> Reading:
    """Parse a printed value and resolve its unit; errors come back located.

    A Reading depends only on the text, the reading policy and the declared units (the unit is
    always resolved as a claim's, with those units), and is immutable: short texts are read once
    per such key and shared (documents and claim files repeat their figures; the checkers re-read
    values). Bounded like the printed-number memo below it; errors are never remembered."""
    policy = (settings.kilo, settings.rounding, settings.units)
    table = _readings.get(policy)
    r = table.get(text) if table is not None else None
    if r is None:
        r = _read_value(text, settings, location)
        remember(_readings, policy, text, r)
    return r


_readings: dict[tuple[int, str, tuple], dict[str, Reading]] = {}
forget_after_run(_readings.clear)
forget_after_run(forget_printed)   # the printed-number memo below it


def _read_value(text: str, settings: Settings, location: Location | None) -> Reading:
    try:
        p = parse_printed(text, kilo=settings.kilo, rounding=settings.rounding)   # memoised there
        try:
            current = vocabulary()
            if current.count_nouns and current.declared == settings.units:
                u = resolve_unit(p.unit)    # already read as this claim's (the evaluator set it)
            else:
                with claim_vocabulary(settings.units):
                    u = resolve_unit(p.unit)
        except InputError as exc:
            # The unit error's column is inside the unit text; make it a column of the value.
            start = text.find(p.unit) if p.unit else -1
            if start > 0 and exc.column is not None:
                exc.column += start
            raise
    except InputError as exc:
        if location is not None and exc.location is None:
            exc.located(location)
        raise
    return _reading(p, u, Amount(p.interval, shown_unit(p), u.dims, u.factor))


def relation_of(claim: Claim, printed: PrintedNumber) -> str:
    rel = claim.relation or printed.relation
    return _RELATION_ALIASES.get(rel, rel)


def approx_tolerance(settings: Settings) -> Fraction:
    return _tolerance(settings.approx)


@lru_cache(maxsize=256)
def _tolerance(approx: str) -> Fraction:
    text = approx.strip()
    if text.endswith("%"):
        return Fraction(text[:-1].strip()) / 100
    return Fraction(text)


def claimed_target(reading: Reading, relation: str, settings: Settings) -> Interval:
    """The interval the recomputed value must meet for ``=`` and ``~`` relations (claim's unit)."""
    iv = reading.printed.interval
    if relation == "~":
        tol = mul(approx_tolerance(settings), abs(reading.printed.nominal))
        iv = Interval.hull(iv, Interval.around(reading.printed.nominal, tol))
    return iv


def printed_bound(p: PrintedNumber, relation: str) -> Fraction:
    """The value a bound (``>``, ``>=``, ``<``, ``<=``) is read at: the printed value itself, not the
    edge of its rounding interval ("over 86%" excludes 85.5%). A printed range bounds at its near
    end as written ("more than 5–10" is > 5, "up to 5–10" is <= 10)."""
    if p.is_range and p.ends is not None:
        return p.ends[0] if relation in (">", ">=") else p.ends[1]
    return p.nominal


def compare(recomputed: Interval, reading: Reading, relation: str, settings: Settings) -> tuple[bool, bool]:
    """(consistent, boundary) for recomputed vs claimed, both in the claim's unit."""
    p = reading.printed
    if relation == "=" or relation == "~":
        target = _met_target(reading, relation, settings)
        lo, hi, tlo, thi = recomputed.lo, recomputed.hi, target.lo, target.hi
        if not (le(lo, thi) and le(tlo, hi)):
            return False, False                   # the intervals do not meet
        # Consistent only where the two meet in one point: a rounding boundary (each test once).
        if not (lo is hi or eq(lo, hi)):
            return True, eq(hi, tlo) or eq(thi, lo)
        return True, (eq(lo, tlo) or eq(lo, thi)) and not (tlo is thi or eq(tlo, thi))
    bound = printed_bound(p, relation)
    if relation == ">":
        return recomputed.hi > bound, False
    if relation == ">=":
        return recomputed.hi >= bound, recomputed.hi == bound
    if relation == "<":
        return recomputed.lo < bound, False
    return recomputed.lo <= bound, recomputed.lo == bound


def _inside_claim(recomputed: Interval, reading: Reading, relation: str, settings: Settings) -> bool:
    """Whether every recomputed value meets the claim: then no narrower interval inside it can
    change the verdict (for ``=`` and ``~``; a bound is always narrowed)."""
    if relation not in ("=", "~"):
        return False
    target = _met_target(reading, relation, settings)
    return le(target.lo, recomputed.lo) and le(recomputed.hi, target.hi)


def _met_target(reading: Reading, relation: str, settings: Settings) -> Interval:
    """The interval an ``=`` (the printed one) or ``~`` claim's recomputed value must meet."""
    return reading.printed.interval if relation == "=" else claimed_target(reading, relation, settings)


def describe_miss(recomputed: Interval, reading: Reading, relation: str, settings: Settings) -> dict:
    """How far a claim misses: absolute (claim's unit), relative, and in rounding units."""
    p = reading.printed
    rec = recomputed.mid
    claimed = p.nominal
    diff = claimed - rec
    rel = (diff / rec) if rec else None
    step = p.step or None
    return {
        "difference": diff,
        "relative": rel,
        "rounding_units": (abs(diff) / step) if step else None,
        "recomputed_mid": rec,
    }


class Evaluator:
    """Evaluates claims in dependency order, remembering each result for the claims that use it."""

    def __init__(self, lookup: Callable[[Claim, str], Claim | None],
                 formula_cache: dict[str, Formula] | None = None) -> None:
        self.lookup = lookup
        self.results: dict[str, ClaimResult] = {}
        # Each value read, in base units, computed once (a claim's value is the input of several others,
        # and printed values repeat: a price, a row): by the reading's id, the reading kept with it so
        # that its id cannot be reused meanwhile; gone with the evaluator, before the checkers run.
        self._bases: dict[int, tuple[Reading, Quantity]] = {}
        self.formulas = formula_cache if formula_cache is not None else {}
        # Each claim's formula names resolved (see inputs_of): by the engine's dependency pass for
        # ordering, then once more by the evaluation, which takes the entry out (it is used once).
        self._inputs: dict[str, tuple[Source, ...]] = {}

    @property
    def readings(self) -> dict[str, Reading]:
        """Each evaluated claim's value as read, by qualname (its result's ``reading``: the evaluation
        keeps no table of its own)."""
        return {q: r.reading for q, r in self.results.items() if r.reading is not None}

    def quantity_of(self, reading: Reading) -> Quantity:
        """``reading.quantity``, computed once per reading while the evaluator lives."""
        hit = self._bases.get(id(reading))
        if hit is None:
            hit = self._bases[id(reading)] = (reading, reading.quantity)
        return hit[1]

    # -- pieces --------------------------------------------------------------------------------------
    def formula(self, claim: Claim) -> Formula:
        text = claim.formula or ""
        f = self.formulas.get(text)
        if f is None:
            try:
                f = parsed_formula(text)     # parsed once per process (the checkers reuse it)
            except InputError as exc:
                if claim.formula_location and exc.location is None:
                    exc.located(claim.formula_location)
                raise
            self.formulas[text] = f
        return f

    def inputs_of(self, claim: Claim) -> tuple[Source, ...]:
        """What each name of the claim's formula stands for, in the order of ``formula.names``: its
        local input (``given:``, which hides a claim of that name), else the claim it names (None
        when none does). Resolved once per claim: the dependency pass that orders the claims and
        the evaluation share it (one small tuple per claim). Raises the formula's InputError."""
        found = self._inputs.get(claim.qualname)
        if found is None:
            names = self.formula(claim).names
            lookup = self.lookup
            if claim.given:
                local: dict[str, Given] = {}
                for g in claim.given:
                    local.setdefault(g.name, g)
                found = tuple([local[name] if name in local else lookup(claim, name) for name in names])
            else:
                found = tuple([lookup(claim, name) for name in names])
            self._inputs[claim.qualname] = found
        return found

    def _input(self, name: str, source: Source, result: ClaimResult, shown: list[InputValue]) -> Quantity | None:
        """The value of one formula name (see inputs_of), recording it in ``shown`` (the working)."""
        if isinstance(source, Given):
            if source.value.strip().lower() in FREE:
                shown.append(InputValue(name, None, None, None, source.location))
                return None
            r = read_value(source.value, source.settings, source.location)
            shown.append(InputValue(name, source.value, r.amount, None, source.location))
            note_unit_reading(result, f"{name} = {source.value}", r)
            return self.quantity_of(r)
        dep = source
        if dep is None:
            raise InputError(f"unknown name {name!r} in formula")  # resolved earlier; defensive
        dep_result = self.results.get(dep.qualname)
        reading = dep_result.reading if dep_result is not None else None
        if reading is not None:
            shown.append(InputValue(name, dep.value, reading.amount, dep.qualname, dep))
            return self.quantity_of(reading)
        if dep_result is not None and dep_result.recomputed is not None and not dep_result.free:
            a = dep_result.recomputed
            shown.append(InputValue(name, None, a, dep.qualname, dep.location, recomputed=True))
            return Quantity(a.base, a.dims)
        shown.append(InputValue(name, dep.value, None, dep.qualname, dep.location))
        return None

    def display_amount(self, claim: Claim, q: Quantity) -> Amount:
        """A recomputed quantity in the claim's ``unit:`` (if set and compatible), else base units."""
        unit_text = claim.get("unit")
        if unit_text:
            try:
                u = resolve_unit(str(unit_text))
            except InputError as exc:
                raise exc.located(claim.loc_of("unit")) from None
            if u.dims == q.dims:
                return Amount(q.in_unit(u.factor), str(unit_text), q.dims, u.factor)
            raise InputError(f"display unit {unit_text!r} is {u.dims.describe()}, but the formula gives "
                             f"{q.dims.describe()}", location=claim.loc_of("unit"))
        return Amount(q.mag, "", q.dims, _ONE)

    # -- one claim ------------------------------------------------------------------------------------
    def evaluate(self, claim: Claim) -> ClaimResult:
        result = ClaimResult(claim)
        self.results[claim.qualname] = result
        try:
            # Units in the claim (its formula's inline quantities too) read with the declared
            # units, and unknown plural nouns as counting units of their own (the run reads most
            # claims' so already: engine.run enters its vocabulary once).
            units = claim.settings.units
            if reading_as_claim(units):
                self._evaluate(claim, result)
            else:
                with claim_vocabulary(units):
                    self._evaluate(claim, result)
        except InputError as exc:
            result.verdict = "error"
            result.error = str(exc)
            message = exc.message
            if exc.suggestions:
                message += " (did you mean " + " or ".join(repr(x) for x in exc.suggestions) + "?)"
            result.add(Finding(getattr(exc, "code", "CA001"), "error", message, "input",
                               location=exc.location or claim.location))
        return result

    def _evaluate(self, claim: Claim, result: ClaimResult) -> None:
        reading = None
        if claim.value is not None:
            try:
                reading = read_value(claim.value, claim.settings)
            except InputError as exc:
                # Located here, not passed in: the value's place is built only for an error.
                loc = claim.value_location
                if loc is not None and exc.location is None:
                    exc.located(loc)
                raise
            result.reading = reading  # the claims using this one read it here; kept for the checkers
            result.claimed = reading.amount
            result.relation = relation_of(claim, reading.printed)
            result.qualifier = reading.printed.qualifier
            result.printed_kind = reading.printed.kind
            result.step = reading.printed.step
            if reading.unit.note:
                note_unit_reading(result, claim.value, reading)
        if not claim.formula:
            result.verdict = "stated" if reading is not None else "underdetermined"
            if reading is None:
                result.add(Finding("CA101", "warning", "claim has neither a value nor a formula",
                                   "arithmetic"))
            return
        formula = self.formula(claim)
        sources = self.inputs_of(claim)
        del self._inputs[claim.qualname]       # used once
        env: dict[str, Quantity] = {}
        free: list[str] = []
        read: list[InputValue] = []
        try:
            for name, source in zip(formula.names, sources, strict=True):
                q = self._input(name, source, result, read)
                if q is None:
                    free.append(name)
                else:
                    env[name] = q
        finally:
            result.inputs = tuple(read)   # also the inputs read before one that cannot be
        if free:
            result.free = free
            result.verdict = "underdetermined"
            result.add(Finding(
                "CA101", "warning", "underdetermined: the value depends on " + ", ".join(result.free)
                + " (no value given)", "arithmetic"))
            return
        try:
            q = formula.evaluate(env)
        except DimensionMismatch as exc:
            result.verdict = "inconsistent"
            result.add(Finding("CA102", "error", f"the formula cannot be evaluated: {exc}",
                               "dimensions", location=claim.formula_location))
            return
        except IntervalError as exc:
            raise EvaluationError(str(exc), location=claim.formula_location or claim.location) from None
        except InputError as exc:
            # An unknown inline unit found while evaluating: its column is inside the formula.
            if exc.location is None and claim.formula_location is not None:
                exc.located(claim.formula_location)
            raise
        if reading is None:
            # A derived quantity with no printed value: keep it for the claims that use it,
            # shown in its declared display unit when it has one.
            result.recomputed = self.display_amount(claim, q)
            result.verdict = "stated"
            result.extra["derived"] = True
            return
        if reading.unit.canonical == "percentage_point" and _score_points(reading, result):
            # "points" between plain scores are the score's own unit, not percentage points.
            reading = _as_score_points(reading)
            result.reading = reading
            result.claimed = reading.amount
            result.add(Finding("CA102", "info", "points read as score points (the inputs are scores, "
                               "not percentages)", "dimensions"))
        unit = reading.unit
        dims = unit.dims
        if q.dims is not dims and q.dims != dims:     # dimensions are mostly shared objects
            if not count_label(q.dims, dims):
                result.recomputed = Amount(q.mag, "", q.dims, _ONE)
                result.verdict = "inconsistent"
                result.add(Finding(
                    "CA102", "error",
                    f"dimension mismatch: the formula gives {q.dims.describe()}, the claim is "
                    f"{dims.describe()} ({reading.amount.unit or 'a plain number'})",
                    "dimensions", location=claim.formula_location))
                return
            # A counting unit of its own ("64 experts") on one side only: a label of the count.
            result.add(Finding(
                "CA102", "info", f"{reading.amount.unit or 'the count'} read as a label: the formula gives "
                f"{q.dims.describe()}, the claim {dims.describe()}", "dimensions"))
            q = Quantity(q.mag, dims)
        factor = unit.factor
        rec = q.mag / factor         # in the claim's unit (dividing by one gives the magnitude itself)
        shown = reading.amount.unit
        result.recomputed = Amount(rec, shown, dims, factor)
        for inp in result.inputs:
            # Recomputed inputs of the claim's own dimension read best in the claim's unit.
            if inp.recomputed and inp.amount is not None and inp.amount.dims == dims and not inp.amount.unit:
                inp.amount = Amount(inp.amount.base / factor, shown, dims, factor)
        ok, boundary = compare(rec, reading, result.relation, claim.settings)
        if ok and formula.repeats_names and not _inside_claim(rec, reading, result.relation, claim.settings):
            # a name used twice ("(b - a) / b"): plain interval arithmetic is too wide and may meet the
            # claim where the true range does not; narrowed, the verdict is the true range's
            rec = formula.narrowed(env, Quantity(q.mag, q.dims)).mag / factor
            result.recomputed = Amount(rec, shown, dims, factor)
            ok, boundary = compare(rec, reading, result.relation, claim.settings)
        result.boundary = boundary
        result.verdict = "consistent" if ok else "inconsistent"
        if not ok:
            miss = describe_miss(rec, reading, result.relation, claim.settings)
            result.extra["miss"] = miss
            result.add(Finding("CA101", "error", arithmetic_message(result, reading, miss),
                               "arithmetic", data={k: _num(v) for k, v in miss.items()}))
        elif boundary:
            result.add(Finding("CA101", "info", "consistent only at a rounding boundary: "
                               f"recomputed {fmt_amount(result.recomputed)} vs claimed "
                               f"{claim.value}", "arithmetic"))


def note_unit_reading(result: ClaimResult, label: str, reading: Reading) -> None:
    """An ambiguous unit is read by a documented choice; the choice is shown (an info note), so
    that "989 TFlops read as a rate" or "experts read as a count of its own" is never silent."""
    if reading.unit.note:
        result.add(Finding("CA102", "info", f"{label}: {reading.unit.note}", "dimensions",
                           data={"unit_note": reading.unit.note}))


_POINT_WORDS = frozenset({"point", "points", "pts"})
_PERCENT_SHOWN = frozenset({"%", "‰", "pp"})


def _score_points(reading: Reading, result: ClaimResult) -> bool:
    """Is the claim's "points" a difference of plain scores (no input is a percentage)?"""
    if reading.unit.canonical != "percentage_point" or reading.printed.unit.strip().lower() not in _POINT_WORDS:
        return False
    amounts = [i.amount for i in result.inputs if i.amount is not None]
    return bool(amounts) and all(a.dims.dimensionless and a.unit not in _PERCENT_SHOWN for a in amounts)


def _as_score_points(reading: Reading) -> Reading:
    u = UnitInfo(reading.unit.text, "score point", Fraction(1), reading.unit.dims,
                 "points read as score points (the inputs are plain scores)")
    p = reading.printed
    return Reading(p, u, Amount(p.interval, p.unit, u.dims, u.factor))


def count_label(a: Dims, b: Dims) -> bool:
    """Do ``a`` and ``b`` differ only by counting units of their own (``#expert``) that one side
    lacks altogether? Then the count noun labels the number ("64 experts" from 8 × 8)."""
    def split(d: Dims) -> tuple[Dims, bool]:
        rest = Dims(tuple(i for i in d.items if not i[0].startswith("[#")))
        return rest, len(rest.items) != len(d.items)

    (ra, ca), (rb, cb) = split(a), split(b)
    return ra == rb and ca != cb


def _num(v: object) -> object:
    return to_float(v) if isinstance(v, Fraction) else v


fmt_number = readable        # the names the checkers and reporters import (numbers/format.py)
fmt_interval = interval_text
fmt_delta = delta


def fmt_amount(a: Amount | None, sig: int = 6) -> str:
    if a is None:
        return "?"
    u = a.unit if a.unit else ("" if a.dims.dimensionless else f"({a.dims.describe()}, base units)")
    return with_unit(interval_text(a.interval, sig), u)




def arithmetic_message(result: ClaimResult, reading: Reading, miss: dict) -> str:
    rec = result.recomputed
    assert rec is not None   # noqa: S101 - called only after the recomputed amount is set (see above)
    unit = reading.amount.unit
    sep = "" if unit in ("‰", "×") else " "
    diff_unit = {"%": "percentage points", "pp": "percentage points"}.get(unit, unit)
    rel_txt = ""
    if miss["relative"] is not None:
        rel_txt = f", {fmt_sig(miss['relative'] * 100, 3, plus=True)}% relative"
    units_txt = ""
    if miss["rounding_units"] is not None:
        units_txt = f", {fmt_sig(miss['rounding_units'], 3)} rounding units"
    rel_word = {"=": "", "~": "about ", ">": "more than ", ">=": "at least ", "<": "less than ", "<=": "at most "}
    shown = fmt_number(reading.printed.nominal) + ("" if unit in ("%", "‰", "×") else " ") + unit
    return (f"recomputes to {fmt_amount(rec)}, claimed {rel_word.get(result.relation, '')}{shown.rstrip()}"
            f" (off by {(fmt_delta(abs(miss['difference'])) + sep + diff_unit).rstrip()}{rel_txt}{units_txt})")
