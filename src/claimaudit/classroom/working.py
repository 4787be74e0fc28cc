"""The working of one claim as data, the way a teacher lays it out on the board.

From the engine's :class:`~claimaudit.engine.results.ClaimResult` (never re-judging it):

* each input with where it is printed and how its printed digits read as an interval;
* the units: what the formula gives when computed on the printed numbers as written
  ("GPU-hours / GPU = hours") and the conversion to the claim's unit ("1 天 = 24 hours");
* the recomputation at the printed values and on the rounding intervals;
* the claimed interval (widened for "about"), the relation and the verdict.

The unit step is found by evaluating the formula twice at the printed values: once on the bare
numbers and once in base units. When the ratio is the same at two different points, the formula
can be worked on the numbers as printed and converted once at the end; otherwise (a sum of a
percentage and a plain number, say) every input is converted to a plain value first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ..engine.evaluate import claimed_target, read_value
from ..engine.results import ClaimResult, InputValue
from ..errors import InputError, Location
from ..model.claims import Claim, Settings
from ..numbers.interval import Interval, IntervalError
from ..numbers.printed import PrintedNumber, parse_printed
from ..units.quantity import DIMENSIONLESS, DimensionMismatch, Dims, Quantity
from .conversions import FAMILIES, Conversion, find_conversion

#: Derived inputs are worked out to this depth (a chain of formulas deeper than this is cited).
MAX_DEPTH = 3


@dataclass
class InputWork:
    """One input of a claim's formula as the working shows it: value, unit and where it comes from."""

    name: str
    printed: str | None              # the value as printed; None when it is recomputed
    unit: str                        # the unit it is shown in
    interval: Interval | None        # in ``unit``; None for a free input
    nominal: Fraction | None         # the value as written, in ``unit``
    factor: Fraction                 # 1 unit = factor base units
    dims: Dims
    ref: str | None                  # "module.id" of the claim it comes from, None for a 'given'
    source: str | None = None
    at: str | None = None
    quote: str | None = None
    location: Location | None = None
    number: PrintedNumber | None = None   # the printed value re-read: step, multiplier, K
    kilo: int = 1000
    derived: ClaimWork | None = None    # the working of a recomputed input
    scope: str | None = None
    as_of: str | None = None

    @property
    def free(self) -> bool:
        return self.interval is None


@dataclass
class UnitWork:
    """The formula on the numbers as printed gives ``natural`` units; 1 of them is ``to_claim``
    of the claim's unit (1 when no conversion is needed)."""

    composed: str | None             # the inputs' units combined, e.g. "GPU-hours / GPU"
    natural: str | None              # a name for that unit ("hour", "TB", "" for a plain number)
    natural_zh: str | None
    to_claim: Fraction
    conversion: Conversion | None    # the named pair behind ``to_claim``, when there is one
    natural_interval: Interval
    natural_point: Fraction | None


@dataclass
class PlainStep:
    """Fallback: an input converted to a plain/base value before computing."""

    name: str
    shown: str
    value: Interval
    unit: str


@dataclass
class ClaimWork:
    """The working of one claim: its inputs, the unit steps and the recomputation at the printed values."""

    result: ClaimResult
    inputs: list[InputWork] = field(default_factory=list)
    units: UnitWork | None = None
    plain: list[PlainStep] = field(default_factory=list)
    plain_unit: str = ""
    point: Fraction | None = None           # recomputed at the printed values, in the claim's unit
    claimed: PrintedNumber | None = None
    target: Interval | None = None          # what the recomputed interval must meet (= and ~)

    @property
    def claim(self) -> Claim:
        return self.result.claim


# -- inputs ------------------------------------------------------------------------------------

def _reread(text: str | None, settings: Settings) -> PrintedNumber | None:
    if not text:
        return None
    try:
        return parse_printed(text, kilo=settings.kilo, rounding=settings.rounding)
    except InputError:
        return None


def _input_work(claim: Claim, iv: InputValue, results: Mapping[str, ClaimResult], depth: int) -> InputWork:
    a = iv.amount
    given = next((g for g in claim.given if g.name == iv.name), None) if iv.ref is None else None
    dep = results.get(iv.ref) if iv.ref else None
    if given is not None:
        settings = given.settings
        source, at, quote, scope, as_of = given.source or claim.source, given.at, given.quote, None, None
    elif dep is not None:
        d = dep.claim
        settings = d.settings
        source, at, quote = d.source, d.at, d.quote
        scope, as_of = d.get("scope"), d.get("as_of")
    else:
        settings, source, at, quote, scope, as_of = claim.settings, None, None, None, None, None
    number = _reread(iv.printed, settings)
    w = InputWork(
        name=iv.name, printed=iv.printed, unit=a.unit if a else "",
        interval=a.interval if a else None,
        nominal=(number.nominal if number is not None and a is not None else None),
        factor=a.factor if a else Fraction(1), dims=a.dims if a else DIMENSIONLESS,
        ref=iv.ref, source=source, at=at, quote=quote, location=iv.location, number=number,
        kilo=settings.kilo, scope=scope if isinstance(scope, str) else None,
        as_of=as_of if isinstance(as_of, str) else None)
    if iv.recomputed and dep is not None and depth < MAX_DEPTH:
        w.derived = work_of(dep, results, depth + 1)
        if w.derived.point is not None and a is not None:
            # The derived point is in the derived claim's own shown unit; bring it to ours.
            rec = dep.recomputed
            own = rec.factor if rec is not None else Fraction(1)
            w.nominal = w.derived.point * own / a.factor
    if w.nominal is None and a is not None and a.interval.is_point:
        w.nominal = a.interval.lo
    return w


# -- evaluation helpers ---------------------------------------------------------------------------

def _formula(claim: Claim):
    from ..formulas.parse import parse_formula

    return parse_formula(claim.formula or "")


def _evaluate(formula, env: Mapping[str, Quantity]) -> Quantity | None:
    try:
        return formula.evaluate(env)
    except (InputError, DimensionMismatch, IntervalError, ArithmeticError, KeyError):
        return None


def _point_env(inputs: Sequence[InputWork], scale: Mapping[str, Fraction] | None = None,
               *, base: bool) -> dict[str, Quantity] | None:
    env: dict[str, Quantity] = {}
    for w in inputs:
        if w.nominal is None:
            return None
        v = w.nominal * (scale.get(w.name, 1) if scale else 1)
        env[w.name] = Quantity(Interval(v * w.factor), w.dims) if base else Quantity(Interval(v), DIMENSIONLESS)
    return env


def _interval_env(inputs: Sequence[InputWork], *, base: bool) -> dict[str, Quantity]:
    env = {}
    for w in inputs:
        assert w.interval is not None  # noqa: S101 - invariant: inputs are read before they are worked
        env[w.name] = (Quantity(w.interval * w.factor, w.dims) if base
                       else Quantity(w.interval, DIMENSIONLESS))
    return env


def _ratio(naive: Quantity | None, based: Quantity | None) -> Fraction | None:
    if naive is None or based is None or not naive.mag.is_point or not based.mag.is_point:
        return None
    if naive.mag.lo == 0:
        return None
    return based.mag.lo / naive.mag.lo


def compose_units(node, units: Mapping[str, str]) -> dict[str, int] | None:
    """The inputs' unit texts combined through a formula: {"GPU-hours": 1, "GPU": -1}."""
    from ..formulas.evaluate import Call, Name, Neg, Num, Pow, Product, Qty, Sum

    if isinstance(node, Num):
        return {}
    if isinstance(node, Name):
        u = units.get(node.name, "")
        return {u: 1} if u and u != "×" else {}
    if isinstance(node, Qty):
        return {node.unit: 1}
    if isinstance(node, Neg):
        return compose_units(node.operand, units)
    if isinstance(node, Sum):
        parts = [compose_units(n, units) for n in node.children()]
        if any(p is None for p in parts) or any(p != parts[0] for p in parts):
            return None
        return parts[0]
    if isinstance(node, Product):
        first = compose_units(node.first, units)
        if first is None:
            return None
        acc: dict[str, int] = dict(first)
        for div, n in node.rest:
            sub = compose_units(n, units)
            if sub is None:
                return None
            for k, v in sub.items():
                acc[k] = acc.get(k, 0) + (-v if div else v)
        return {k: v for k, v in acc.items() if v}
    if isinstance(node, Pow) and node.const_exp is not None and node.const_exp.denominator == 1:
        sub = compose_units(node.base, units)
        if sub is None:
            return None
        return {k: v * int(node.const_exp) for k, v in sub.items() if v}
    if isinstance(node, Call):
        return None
    return None


def units_text(parts: Mapping[str, int]) -> str:
    def one(u: str, e: int) -> str:
        return u if e == 1 else f"{u}^{e}"

    num = [one(u, e) for u, e in parts.items() if e > 0]
    den = [one(u, -e) for u, e in parts.items() if e < 0]
    text = " × ".join(num) if num else "1"
    if den:
        text += " / " + " / ".join(den)
    return text


def _name_unit(k: Fraction, dims: Dims, inputs: Sequence[InputWork], claim_unit: str,
               claim_factor: Fraction, claim_dims: Dims) -> tuple[str, str] | None:
    """A readable (en, zh) name for the unit worth ``k`` base units of ``dims``."""
    if dims == DIMENSIONLESS and k == 1:
        return "", ""
    if dims == claim_dims and k == claim_factor:
        return claim_unit, claim_unit
    for w in inputs:
        if w.dims == dims and w.factor == k and w.unit:
            return w.unit, w.unit
    for fam in FAMILIES:
        if fam.dims is None or fam.dims != dims:
            continue
        for u in fam.units:
            if u.factor == k:
                if fam.key == "time":
                    return u.en, u.zh
                return u.symbol, u.symbol
    return None


# -- one claim ---------------------------------------------------------------------------------

def work_of(result: ClaimResult, results: Mapping[str, ClaimResult], depth: int = 0) -> ClaimWork:
    """The working of ``result``; ``results`` maps qualnames to every result of the run."""
    claim = result.claim
    work = ClaimWork(result)
    if claim.value is not None:
        try:
            reading = read_value(claim.value, claim.settings)
        except InputError:
            reading = None
        if reading is not None:
            work.claimed = reading.printed
            if result.relation in ("=", "~"):
                work.target = claimed_target(reading, result.relation, claim.settings)
    work.inputs = [_input_work(claim, iv, results, depth) for iv in result.inputs]
    if not claim.formula or result.verdict == "error" or any(w.free for w in work.inputs):
        return work
    try:
        formula = _formula(claim)
    except InputError:
        return work
    if result.recomputed is None:
        return work
    rec = result.recomputed
    claim_factor, claim_unit, claim_dims = rec.factor, rec.unit, rec.dims
    based = _evaluate(formula, _point_env(work.inputs, base=True) or {})
    if based is not None and based.mag.is_point:
        work.point = based.mag.lo / claim_factor
    naive = _evaluate(formula, _point_env(work.inputs, base=False) or {})
    k1 = _ratio(naive, based)
    scale = {w.name: Fraction(101 + 7 * i, 100) for i, w in enumerate(work.inputs)}
    k2 = _ratio(_evaluate(formula, _point_env(work.inputs, scale, base=False) or {}),
                _evaluate(formula, _point_env(work.inputs, scale, base=True) or {}))
    if k1 is not None and k1 == k2 and k1 > 0 and based is not None:
        natural = _evaluate(formula, _interval_env(work.inputs, base=False))
        if natural is not None:
            parts = compose_units(formula.root, {w.name: w.unit for w in work.inputs})
            name = _name_unit(k1, based.dims, work.inputs, claim_unit, claim_factor, claim_dims)
            to_claim = k1 / claim_factor
            conv = None
            if to_claim != 1:
                conv = find_conversion(1 / to_claim, claim_dims=claim_dims, claim_factor=claim_factor,
                                       input_dims=[w.dims for w in work.inputs])
                if conv is not None and name is not None and conv.have.factor != k1 and conv.family != "percent":
                    conv = None   # a coincidental pair; the plain factor is clearer
            work.units = UnitWork(
                composed=units_text(parts) if parts else None,
                natural=name[0] if name else None, natural_zh=name[1] if name else None,
                to_claim=to_claim, conversion=conv, natural_interval=natural.mag,
                natural_point=naive.mag.lo if naive is not None and naive.mag.is_point else None)
            return work
    # Fallback: convert every input to a plain (base-unit) value first.
    work.plain_unit = _base_label(claim_dims)
    for w in work.inputs:
        assert w.interval is not None  # noqa: S101 - invariant: inputs are read before they are worked
        if w.factor != 1 or w.unit not in ("", "×"):
            work.plain.append(PlainStep(w.name, w.printed or w.unit, w.interval * w.factor, _base_label(w.dims)))
    return work


def _base_label(dims: Dims) -> str:
    if dims == DIMENSIONLESS:
        return ""
    if dims == Dims.of({"[time]": 1}):
        return "s"
    if dims == Dims.of({"[information]": 1}):
        return "bit"
    return f"({dims.describe()})"


def by_qualname(results: Sequence[ClaimResult]) -> dict[str, ClaimResult]:
    return {r.claim.qualname: r for r in results}

