"""Is a student's formula the key's formula, within units?

A student's formula is read two ways, and it is right when either reading is the key's formula
(after substituting the key's computed inputs and, for names the student wrote as numbers, the
printed values):

* **units carried** — each name is its printed value *with its unit* and inline quantities
  (``24 hour``) are converted, exactly as in a claim file; the result must have the claim's
  dimension and is converted to the claim's unit. ``pretrain_hours / gpus`` gives days.
* **numbers as printed** — each name is the bare number as printed and the result is read in
  the claim's unit; the student converts by hand. ``pretrain_hours / gpus / 24`` gives days.

Equivalence is first tested exactly at three points (the printed values and two perturbations
of the names the student used) and then proved with :func:`claimaudit.formulas.symbolic.
equivalent` (sympy: substitution and simplification). When a reading differs from the key by a
constant factor that is a known conversion (24 hours a day, 2^50/10^12 between PiB and TB,
1024/1000 for K), the formula is right up to that conversion: partly right, and the feedback
names it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ..errors import FormulaError, InputError
from ..numbers.interval import Interval, IntervalError
from ..units.quantity import DIMENSIONLESS, DimensionMismatch, Dims, Quantity
from .conversions import Conversion, find_conversion
from .formtext import exact, exact_number
from .keyfile import KeyExercise

#: Perturbations of the names a student used (exact, distinct, far from conversion factors).
_SCALES = (Fraction(1), Fraction(113, 100), Fraction(89, 97))


@dataclass
class FormulaCheck:
    status: str                       # right | partial | wrong | error
    reading: str | None = None        # "units" | "numbers": the reading that matched
    conversion: Conversion | None = None
    ratio: Fraction | None = None     # student's / key's, when constant
    student_dims: Dims | None = None  # what the formula gives, when its dimension is wrong
    value: Fraction | None = None     # the student's formula at the printed values (claim's unit)
    key_value: Fraction | None = None
    error: InputError | None = None   # malformed formula (syntax, unknown name)
    bare_value: bool = False          # a single number, not a formula
    names: tuple[str, ...] = ()


def _plain_unit(text: str):
    """A unit resolver that reads every inline unit as 1: the "numbers as printed" reading."""
    from ..units.registry import UnitInfo

    return UnitInfo(text, text, Fraction(1), DIMENSIONLESS, "")


#: Longest text a student's formula may become once the key's derived names are expanded in it.
#: The student's own text is held to the parser's MAX_LENGTH; the expansion is our text, longer.
MAX_EXPANDED = 100_000


def _parse(text: str, plain: bool = False, *, expanded: bool = False):
    from ..formulas.parse import MAX_LENGTH, parse_formula

    return parse_formula(text, unit_resolver=_plain_unit if plain else None,
                         max_length=MAX_EXPANDED if expanded else MAX_LENGTH)


def _agree(a: Interval, b: Interval) -> bool:
    if a.is_point and b.is_point:
        return a.lo == b.lo
    return a.intersects(b)


def _ratio(a: Interval, b: Interval) -> Fraction | None:
    if not (a.is_point and b.is_point) or b.lo == 0:
        return None
    return a.lo / b.lo


@dataclass
class _Reading:
    values: list[Interval] | None = None
    dims: Dims | None = None
    problem: str | None = None


class KeyFormula:
    """The key's formula for one exercise, prepared once and checked against many answers."""

    def __init__(self, ex: KeyExercise) -> None:
        self.ex = ex
        self.inputs = {i.name: i for i in ex.inputs}
        self.formula = _parse(ex.expanded)
        self.derived = {name: text for name, text in ex.derived.items()}
        self.allowed = tuple(self.inputs) + tuple(n for n in self.derived if n not in self.inputs)
        self._key_values: dict[frozenset[str], list[Interval]] = {}
        self._proofs: dict[tuple[str, str], bool] = {}
        self._checks: dict[str, FormulaCheck] = {}

    # -- points -------------------------------------------------------------------------------------
    def _value(self, name: str, used: frozenset[str], j: int) -> Fraction:
        i = self.inputs[name]
        if name not in used or j == 0:
            return i.nominal
        k = list(self.inputs).index(name)
        # Each name its own perturbation, so that swapped names do not agree by accident.
        return i.nominal * (_SCALES[j] + Fraction(k, 1000))

    def _env(self, used: frozenset[str], j: int, *, base: bool) -> dict[str, Quantity]:
        env = {}
        for name, i in self.inputs.items():
            v = self._value(name, used, j)
            env[name] = Quantity(Interval(v * i.factor), i.dims) if base else Quantity(Interval(v), DIMENSIONLESS)
        return env

    def key_values(self, used: frozenset[str]) -> list[Interval]:
        """The key at the three points, in the claim's unit."""
        vals = self._key_values.get(used)
        if vals is None:
            vals = []
            for j in range(len(_SCALES)):
                q = self.formula.evaluate(self._env(used, j, base=True))
                vals.append(q.mag * (1 / self.ex.factor))
            self._key_values[used] = vals
        return vals

    # -- texts for the symbolic proof -----------------------------------------------------------------
    def _scaled(self, node, used: frozenset[str]) -> str:
        def name(n: str) -> str:
            i = self.inputs[n]
            if n in used:
                return f"{n} * {exact_number(i.factor)}"
            return exact_number(i.nominal * i.factor)

        def qty(q) -> str:
            info = q.info()
            return exact_number(q.value * Fraction(info.factor))

        return f"({exact(node, name, qty)}) * {exact_number(1 / self.ex.factor)}"

    def _proof(self, student_text: str, reading: str, used: frozenset[str]) -> bool:
        from ..formulas.symbolic import equivalent

        cache_key = (reading, student_text)
        got = self._proofs.get(cache_key)
        if got is None:
            try:
                s = _parse(student_text)
                k = _parse(self._scaled(self.formula.root, used))
                got = bool(equivalent(s, k))
            except (InputError, ArithmeticError, ValueError, TypeError):
                got = False
            self._proofs[cache_key] = got
        return got

    # -- one answer -------------------------------------------------------------------------------------
    def check(self, text: str) -> FormulaCheck:
        """Check one formula text (cached by text: a class writes the same formulas often)."""
        got = self._checks.get(text)
        if got is None:
            got = self._check(text)
            self._checks[text] = got
        return got

    def _expand(self, student) -> str:
        return exact(student.root,
                     lambda n: self.derived.get(n) if n in self.derived and n not in self.inputs else None)

    def _check(self, text: str) -> FormulaCheck:
        try:
            student = _parse(text)
        except FormulaError as exc:
            return FormulaCheck("error", error=exc)
        if student.units_used:
            try:
                student.resolve_units()   # an unknown inline unit, located in the student's text
            except FormulaError as exc:
                return FormulaCheck("error", error=exc)
        unknown = [n for n in student.names if n not in self.allowed]
        if unknown:
            from ..suggest import did_you_mean

            sug = did_you_mean(unknown[0], self.allowed)
            col = student._name_cols.get(unknown[0], 0)   # private, but the parser records it for this
            return FormulaCheck("error", error=FormulaError(
                f"unknown name {unknown[0]!r} in the formula (names: {', '.join(self.allowed)})"
                + (f" (did you mean {sug[0]!r}?)" if sug else ""), column=col))
        expanded_text = self._expand(student)
        if len(expanded_text) > MAX_EXPANDED:
            return FormulaCheck("error", error=FormulaError(
                f"this formula becomes {len(expanded_text):,} characters once its names are written out "
                f"(limit {MAX_EXPANDED:,}): use fewer names", column=0))
        try:
            units = _parse(expanded_text, expanded=True)
            plain = _parse(expanded_text, plain=True, expanded=True)
        except FormulaError as exc:   # pragma: no cover - rebuilt from a parsed tree
            return FormulaCheck("error", error=exc)
        used = frozenset(units.names)
        bare = not student.names and not any(op in text for op in "+-*/^×÷·−") and "(" not in text
        try:
            key = self.key_values(used)
        except (InputError, DimensionMismatch, IntervalError, ArithmeticError) as exc:  # pragma: no cover
            return FormulaCheck("wrong", error=InputError(f"the key cannot be evaluated: {exc}"))
        r_units = self._reading(units, used, base=True)
        r_plain = self._reading(plain, used, base=False)
        check = FormulaCheck("wrong", names=tuple(sorted(used)), bare_value=bare,
                             key_value=key[0].lo if key[0].is_point else key[0].mid)
        first = r_units.values or r_plain.values
        if first:
            check.value = first[0].lo if first[0].is_point else first[0].mid
        if r_units.dims is not None and r_units.dims != self.ex.dims:
            check.student_dims = r_units.dims
        if bare:
            return check
        for name, r in (("units", r_units), ("numbers", r_plain)):
            if r.values is None or (name == "units" and r.dims != self.ex.dims):
                continue
            if all(_agree(a, b) for a, b in zip(r.values, key, strict=True)):
                if name == "units":
                    s_text = self._scaled(units.root, used)
                else:
                    s_text = exact(plain.root, qty=lambda q: exact_number(q.value))
                if self._proof(s_text, name, used):
                    check.status, check.reading = "right", name
                    check.value = r.values[0].lo if r.values[0].is_point else r.values[0].mid
                    return check
        for name, r in (("units", r_units), ("numbers", r_plain)):
            if r.values is None or (name == "units" and r.dims != self.ex.dims):
                continue
            ratios = [_ratio(a, b) for a, b in zip(r.values, key, strict=True)]
            if ratios[0] is None or ratios[0] <= 0 or any(x != ratios[0] for x in ratios):
                continue
            conv = find_conversion(ratios[0], claim_dims=self.ex.dims, claim_factor=self.ex.factor,
                                   input_dims=[i.dims for i in self.inputs.values()])
            if check.ratio is None:
                check.ratio = ratios[0]   # the units-carried reading's factor is the telling one
            if conv is not None:
                check.status, check.reading, check.conversion = "partial", name, conv
                return check
        return check

    def _reading(self, formula, used: frozenset[str], *, base: bool) -> _Reading:
        out: list[Interval] = []
        dims = None
        for j in range(len(_SCALES)):
            try:
                q = formula.evaluate(self._env(used, j, base=base))
            except DimensionMismatch as exc:
                return _Reading(problem=str(exc))
            except (IntervalError, ArithmeticError, InputError) as exc:
                return _Reading(problem=str(exc))
            dims = q.dims
            out.append(q.mag * (1 / self.ex.factor) if base else q.mag)
        return _Reading(out, dims)


@dataclass
class KeyFormulas:
    """Prepared key formulas by exercise id."""

    by_id: dict[str, KeyFormula] = field(default_factory=dict)

    def get(self, ex: KeyExercise) -> KeyFormula:
        kf = self.by_id.get(ex.id)
        if kf is None:
            kf = self.by_id[ex.id] = KeyFormula(ex)
        return kf

