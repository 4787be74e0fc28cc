"""``claimaudit exercise grade``: grade answer files against a key, with feedback to learn from.

Each answer earns up to 4 points:

* **verdict** (1): the key's verdict (consistent / inconsistent);
* **formula** (2): equivalent to the key's within units (:mod:`.equivalence`); 1 point when it is
  right up to a unit conversion, and the feedback names the conversion;
* **value** (1): the student's recomputed value meets the key's recomputed interval, read with
  the engine's own :func:`~claimaudit.engine.evaluate.read_value` and
  :func:`~claimaudit.engine.evaluate.compare` (the student's digits are read as rounded);
  half a point when it is right but printed more coarsely than the claim itself.

A malformed answer (bad YAML, a wrong key, a formula that does not parse or names an unknown
input) scores zero for that exercise only, with a ``file:line:col`` message. An exercise a
student did not hand in scores zero and is listed as missing.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ..engine.evaluate import Reading, claimed_target, compare, read_value
from ..errors import InputError, Location
from ..model.claims import Settings
from ..numbers.interval import Interval
from .answers import Answer
from .conversions import Conversion, value_conversions
from .equivalence import FormulaCheck, KeyFormulas
from .keyfile import Key, KeyExercise
from .lang import (
    VERDICT_WORDS,
    amount,
    check_lang,
    num,
    point,
    relation_word,
    verdict_word,
)

VERDICT_POINTS = 1.0
FORMULA_POINTS = 2.0
VALUE_POINTS = 1.0
MAX_POINTS = VERDICT_POINTS + FORMULA_POINTS + VALUE_POINTS


@dataclass
class Part:
    points: float
    max: float
    status: str                  # right | partial | wrong | missing | error
    message: str = ""
    conversion: Conversion | None = None   # the conversion a wrong value misses, when one explains it


@dataclass
class ItemGrade:
    student: str
    exercise: str
    claim: str
    file: str
    verdict: Part
    formula: Part
    value: Part
    problems: list[str] = field(default_factory=list)   # why a malformed answer scored zero
    notes: list[str] = field(default_factory=list)      # feedback on the inputs found
    conversion: str | None = None                       # "hours→days" when one was forgotten
    answer: dict[str, str] = field(default_factory=dict)  # what the student wrote

    @property
    def points(self) -> float:
        return self.verdict.points + self.formula.points + self.value.points

    @property
    def max(self) -> float:
        return self.verdict.max + self.formula.max + self.value.max

    @property
    def status(self) -> str:
        if self.problems:
            return "malformed"
        if all(p.status == "missing" for p in (self.verdict, self.formula, self.value)):
            return "missing"
        return "right" if self.points == self.max else "partial" if self.points > 0 else "wrong"


@dataclass
class StudentGrade:
    student: str
    items: list[ItemGrade]

    @property
    def points(self) -> float:
        return sum(i.points for i in self.items)

    @property
    def max(self) -> float:
        return sum(i.max for i in self.items)

    @property
    def percent(self) -> float:
        return 100 * self.points / self.max if self.max else 0.0


@dataclass
class ExerciseStats:
    exercise: KeyExercise
    handed_in: int
    mean: float
    verdict_right: int
    formula_right: int
    formula_partial: int
    value_right: int
    malformed: int
    conversions: list[tuple[str, int]]


@dataclass
class ClassGrade:
    key: Key
    students: list[StudentGrade]
    notes: list[str] = field(default_factory=list)
    lang: str = "en"

    def stats(self) -> list[ExerciseStats]:
        out = []
        for ex in self.key.exercises:
            items = [i for s in self.students for i in s.items if i.exercise == ex.id]
            handed = [i for i in items if i.status != "missing"]
            out.append(ExerciseStats(
                ex, len(handed), (sum(i.points for i in items) / len(items)) if items else 0.0,
                sum(i.verdict.status == "right" for i in items), sum(i.formula.status == "right" for i in items),
                sum(i.formula.status == "partial" for i in items), sum(i.value.status == "right" for i in items),
                sum(i.status == "malformed" for i in items),
                Counter(i.conversion for i in items if i.conversion).most_common(3)))
        return out

    @property
    def mean_percent(self) -> float:
        return sum(s.percent for s in self.students) / len(self.students) if self.students else 0.0


#: A printed number with a K or M multiplier ("2,788K", "128K", "5.576M"): K = 1000 vs 1024 can matter.
_MULTIPLIED = re.compile(r"\d\s*(?:[KkM]|Ki|Mi)(?![a-zA-Z])")


def _t(lang: str, en: str, zh: str) -> str:
    return zh if lang == "zh" else en


def _located(exc: InputError, where: Location | None) -> str:
    """``file:line:col: message`` for a problem inside a YAML value (the column offset added to
    where the value's text starts; the loader already steps past an opening quote)."""
    if exc.location is None and where is not None:
        exc.location = Location(where.file, where.line, where.col + (exc.column or 0))
    return str(exc)


class Grader:
    """Grades answers against one key; keeps prepared formulas and readings between answers."""

    def __init__(self, key: Key, lang: str = "en") -> None:
        self.key = key
        self.lang = check_lang(lang)
        self.formulas = KeyFormulas()
        self._reason: dict[str, str] = {}

    # -- pieces ---------------------------------------------------------------------------------
    def reason(self, ex: KeyExercise) -> str:
        """Why the key's verdict is what it is (for feedback on a wrong verdict)."""
        got = self._reason.get(ex.id)
        if got is not None:
            return got
        lang = self.lang
        rec = amount(Interval(ex.recomputed_lo, ex.recomputed_hi), ex.unit)
        ok = ex.verdict == "consistent"
        if ex.relation in ("=", "~"):
            target = Interval(ex.claimed_lo, ex.claimed_hi)
            if ex.relation == "~":
                settings = Settings(kilo=ex.kilo, approx=ex.approx)
                target = claimed_target(read_value(ex.value, settings), "~", settings)
            tgt = amount(target, ex.unit)
            text = (_t(lang, f"the recomputed {rec} overlaps what the printed {ex.value} allows, {tgt}",
                       f"重算的 {rec} 与印出的 {ex.value} 允许的范围 {tgt} 有重叠") if ok else
                    _t(lang, f"the recomputed {rec} does not meet what the printed {ex.value} allows, {tgt}",
                       f"重算的 {rec} 落不到印出的 {ex.value} 允许的范围 {tgt}"))
        else:
            bound = point(ex.claimed_lo if ex.relation in (">", ">=") else ex.claimed_hi, ex.unit)
            rel = relation_word(ex.relation, lang)
            text = (_t(lang, f"some of the recomputed {rec} is {relation_word(ex.relation, 'en')} {bound}",
                       f"重算的 {rec} 中有{rel} {bound} 的值") if ok else
                    _t(lang, f"no value in the recomputed {rec} is {relation_word(ex.relation, 'en')} {bound}",
                       f"重算的 {rec} 中没有{rel} {bound} 的值"))
        self._reason[ex.id] = text
        return text

    def grade_verdict(self, ex: KeyExercise, ans: Answer) -> Part:
        lang = self.lang
        if not ans.verdict:
            return Part(0, VERDICT_POINTS, "missing", _t(lang, "no verdict", "没有写结论"))
        said = VERDICT_WORDS.get(ans.verdict.strip().lower())
        if said is None:
            where = f"{ans.verdict_location}: " if ans.verdict_location else ""
            return Part(0, VERDICT_POINTS, "error", where + _t(
                lang, f"verdict {ans.verdict!r} is not one of consistent / inconsistent",
                f"结论 {ans.verdict!r} 不是 consistent（成立）或 inconsistent（不成立）"))
        if said == ex.verdict:
            return Part(VERDICT_POINTS, VERDICT_POINTS, "right")
        return Part(0, VERDICT_POINTS, "wrong", _t(
            lang, f"the printed figure is {verdict_word(ex.verdict, 'en')}, not {said}: {self.reason(ex)}",
            f"印出的数字{verdict_word(ex.verdict, 'zh')}，而不是{verdict_word(said, 'zh')}：{self.reason(ex)}"))

    def grade_formula(self, ex: KeyExercise, ans: Answer) -> tuple[Part, FormulaCheck | None, str | None]:
        """(part, check, malformed message)."""
        lang = self.lang
        if not ans.formula:
            return Part(0, FORMULA_POINTS, "missing", _t(lang, "no formula", "没有写公式")), None, None
        check = self.formulas.get(ex).check(ans.formula)
        if check.status == "error":
            assert check.error is not None  # noqa: S101 - invariant: an 'error' check carries its error
            err = InputError(check.error.message, column=check.error.column)
            msg = _located(err, ans.formula_location)
            return Part(0, FORMULA_POINTS, "error", msg), check, msg
        if check.status == "right":
            note = "" if check.reading == "units" else _t(lang, "right (numbers as printed, converted by hand)",
                                                          "正确（直接用印出的数字，自己换算了单位）")
            return Part(FORMULA_POINTS, FORMULA_POINTS, "right", note), check, None
        if check.status == "partial":
            assert check.conversion is not None  # noqa: S101 - invariant: 'partial' means a conversion was found
            return Part(FORMULA_POINTS / 2, FORMULA_POINTS, "partial", _t(
                lang, "right up to a unit conversion: " + check.conversion.describe("en"),
                "除了单位换算都对：" + check.conversion.describe("zh"))), check, None
        if check.bare_value:
            msg = _t(lang, "that is a number, not a formula: write how it is computed from the inputs",
                     "这是一个数，不是公式：要写出怎样由输入算出来")
        elif check.student_dims is not None and check.reading is None:
            msg = _t(lang, f"your formula gives {check.student_dims.describe()}, the claim is {ex.dims.describe()}: "
                           "an input is missing, extra or upside down",
                     f"你的公式得到的量纲是 {check.student_dims.describe()}，题目是 {ex.dims.describe()}："
                     "少了、多了或颠倒了某个输入")
        elif check.ratio is not None:
            msg = _t(lang, f"your formula is {num(check.ratio, 4)} times the key's everywhere: "
                           "a constant factor is off",
                     f"你的公式处处是答案的 {num(check.ratio, 4)} 倍：有个常数因子不对")
        elif check.value is not None and check.key_value is not None:
            msg = _t(lang, f"at the printed values your formula gives {point(check.value, ex.unit)}, "
                           f"the figure needs {point(check.key_value, ex.unit)}",
                     f"按印出的数值，你的公式得 {point(check.value, ex.unit)}，应为 {point(check.key_value, ex.unit)}")
        else:
            msg = _t(lang, "your formula cannot be evaluated on the inputs", "你的公式无法用这些输入计算")
        return Part(0, FORMULA_POINTS, "wrong", msg), check, None

    def grade_value(self, ex: KeyExercise, ans: Answer, conversion: Conversion | None = None) -> Part:
        lang = self.lang
        if not ans.value:
            return Part(0, VALUE_POINTS, "missing", _t(lang, "no value", "没有写结果"))
        settings = Settings(kilo=ex.kilo, rounding="digits", approx=ex.approx)
        try:
            reading = read_value(ans.value, settings)
        except InputError as exc:
            err = InputError(exc.message, column=exc.column)
            return Part(0, VALUE_POINTS, "error",
                        _located(err, ans.value_location))
        key_iv = Interval(ex.recomputed_lo, ex.recomputed_hi)
        p = reading.printed
        factors: list[Fraction] = []
        if not p.unit and ex.unit not in ("", "×"):
            factors.append(ex.factor)                # no unit written: the claim's unit
            if ex.dims == reading.unit.dims:
                factors.append(reading.unit.factor)  # or a plain ratio for a percentage
        elif reading.unit.dims == ex.dims:
            factors.append(reading.unit.factor)
        else:
            return Part(0, VALUE_POINTS, "wrong", _t(
                lang, f"{ans.value!r} is {reading.unit.dims.describe()}, the claim is {ex.dims.describe()}",
                f"{ans.value!r} 的量纲是 {reading.unit.dims.describe()}，题目是 {ex.dims.describe()}"))
        for f in factors:
            ok, _boundary = compare(key_iv * (ex.factor / f), reading, "=", settings)
            if not ok:
                continue
            step = p.step * f / ex.factor
            if ex.step and step > ex.step:
                return Part(VALUE_POINTS / 2, VALUE_POINTS, "partial", _t(
                    lang, f"right, but rounded more coarsely than the printed {ex.value}: keep more digits",
                    f"对，但比印出的 {ex.value} 舍入得更粗：要多保留几位"))
            return Part(VALUE_POINTS, VALUE_POINTS, "right")
        missed = self.missed_conversion(ex, reading, key_iv * (ex.factor / factors[0]), conversion, settings) \
            if factors else None
        if missed is not None:
            # The value alone misses by a known conversion factor: say so, it is the one thing to fix.
            return Part(0, VALUE_POINTS, "wrong", _t(
                lang, f"{ans.value} is the value in {missed.have.en}; the figure is in {ex.unit or 'plain numbers'}: "
                      f"{amount(key_iv, ex.unit)}",
                f"{ans.value} 是以{missed.have.zh}为单位的值；题目的单位是 {ex.unit or '纯数字'}："
                f"{amount(key_iv, ex.unit)}"), conversion=missed)
        return Part(0, VALUE_POINTS, "wrong", _t(
            lang, f"the inputs give {amount(key_iv, ex.unit)}; {ans.value} is outside it",
            f"由输入算得 {amount(key_iv, ex.unit)}；{ans.value} 不在其中"))

    def missed_conversion(self, ex: KeyExercise, reading: Reading, key: Interval, formula_conversion: Conversion | None,
                          settings: Settings) -> Conversion | None:
        """The conversion whose factor takes the key's value to the student's, whatever the formula:
        the one the formula misses first, then the ones :func:`value_conversions` lists."""
        uses_k = any(_MULTIPLIED.search(t or "") for t in [ex.value, *(i.printed for i in ex.inputs)])
        candidates = [formula_conversion] if formula_conversion is not None else []
        candidates += value_conversions(claim_dims=ex.dims, claim_factor=ex.factor,
                                        input_dims=[i.dims for i in ex.inputs], near_one=uses_k)
        for conv in candidates:
            if compare(key * conv.ratio, reading, "=", settings)[0]:
                return conv
        return None

    def input_notes(self, ex: KeyExercise, ans: Answer) -> list[str]:
        lang = self.lang
        notes = []
        for name, text in ans.inputs.items():
            ki = ex.input(name)
            if ki is None:
                continue
            try:
                r = read_value(text, Settings(kilo=ki.kilo))
            except InputError:
                notes.append(_t(lang, f"input {name}: cannot read {text!r}", f"输入 {name}：看不懂 {text!r}"))
                continue
            factor = r.unit.factor if r.printed.unit else ki.factor
            if r.printed.unit and r.unit.dims != ki.dims:
                ok = False
            else:
                ok = (r.printed.interval * factor).intersects(Interval(ki.lo, ki.hi) * ki.factor)
            if not ok:
                shown = ki.printed or amount(Interval(ki.lo, ki.hi), ki.unit)
                notes.append(_t(lang, f"input {name}: you found {text}, but it is printed as {shown}",
                                f"输入 {name}：你写的是 {text}，印出的是 {shown}"))
        return notes

    # -- one answer, a class ---------------------------------------------------------------------
    def grade_answer(self, ans: Answer) -> ItemGrade:
        lang = self.lang
        ex = self.key.find(ans.exercise) if ans.exercise else None
        written = {k: v for k, v in (("formula", ans.formula), ("value", ans.value), ("verdict", ans.verdict),
                                     ("why", ans.why)) if v}
        if ex is None:
            msg = (f"{ans.location}: " + _t(lang, f"unknown exercise {ans.exercise!r} (this set has "
                                                  f"{self.key.exercises[0].id}–{self.key.exercises[-1].id})",
                                            f"没有练习 {ans.exercise!r}（本练习集是 {self.key.exercises[0].id}–"
                                            f"{self.key.exercises[-1].id}）")
                   ) if self.key.exercises else str(ans.location)
            problems = [str(p) for p in ans.problems] or [msg]
            # Not an exercise of this set: shown to the student, but it adds nothing to the maximum.
            return _zero(ans.student, ans.exercise or "?", "", ans.file, problems, written, counted=False)
        if ans.problems:
            return _zero(ans.student, ex.id, ex.claim, ans.file, [str(p) for p in ans.problems], written)
        formula, check, malformed = self.grade_formula(ex, ans)
        if malformed:
            return _zero(ans.student, ex.id, ex.claim, ans.file, [malformed], written)
        value = self.grade_value(ex, ans, check.conversion if check is not None else None)
        verdict = self.grade_verdict(ex, ans)
        if verdict.status == "wrong" and formula.status == "right" and value.status == "right":
            verdict.message = _t(lang, "your formula and value are right, but the verdict does not follow from them: ",
                                 "公式和结果都对，但结论没有从中得出：") + self.reason(ex)
        conv = None
        missed = check.conversion if check is not None and check.conversion is not None else value.conversion
        if missed is not None:
            conv = f"{missed.have.symbol}→{missed.need.symbol}"
        return ItemGrade(ans.student, ex.id, ex.claim, ans.file, verdict, formula, value,
                         notes=self.input_notes(ex, ans), conversion=conv, answer=written)

    def grade(self, answers: Iterable[Answer]) -> ClassGrade:
        lang = self.lang
        notes: list[str] = []
        by_student: dict[str, dict[str, ItemGrade]] = {}
        extra: dict[str, list[ItemGrade]] = {}
        answers = list(answers)
        names = student_names(answers)
        for ans in answers:
            ans.student = names[identity(ans.student)]
            item = self.grade_answer(ans)
            if ans.claimed_student:
                said, where = ans.claimed_student
                notes.append(_t(lang, f"{where}: says student: {said!r}, "
                                      f"but the file is in the folder of {ans.student}; "
                                      f"graded as {ans.student}'s answer",
                                f"{where}：文件写的是 student: {said!r}，但放在 {ans.student!r} 的文件夹里；按 "
                                f"{ans.student} 的答案批改"))
            mine = by_student.setdefault(ans.student, {})
            if self.key.find(item.exercise) is None:
                extra.setdefault(ans.student, []).append(item)
                continue
            if item.exercise in mine:
                notes.append(_t(lang, f"{ans.student}: two answers to {item.exercise} ({mine[item.exercise].file}, "
                                      f"{item.file}); the later one is graded",
                                f"{ans.student}：{item.exercise} 交了两份（{mine[item.exercise].file}、{item.file}），"
                                "按后一份批改"))
            mine[item.exercise] = item
        students = []
        for name in sorted(by_student, key=str.casefold):
            mine = by_student[name]
            items = []
            for ex in self.key.exercises:
                items.append(mine.get(ex.id) or _missing(name, ex, lang))
            items += extra.get(name, [])
            students.append(StudentGrade(name, items))
        return ClassGrade(self.key, students, notes, lang)


def identity(name: str) -> str:
    """Who a name denotes: ``Carol``, ``carol`` and ``carol `` are one student (folder names and
    ``student:`` fields differ in case; a broken file is known only by its folder's name)."""
    return " ".join(name.split()).casefold()


def student_names(answers: Sequence[Answer]) -> dict[str, str]:
    """identity -> the name shown: the one a student wrote in a ``student:`` field, else the
    first folder or file name, in file order."""
    names: dict[str, str] = {}
    for ans in sorted(answers, key=lambda a: not a.named):   # stable: file order within each group
        names.setdefault(identity(ans.student), " ".join(ans.student.split()))
    return names


def _zero(student: str, exercise: str, claim: str, file: str, problems: Sequence[str],
          written: dict[str, str], *, counted: bool = True) -> ItemGrade:
    k = 1 if counted else 0
    return ItemGrade(student, exercise, claim, file, Part(0, k * VERDICT_POINTS, "error"),
                     Part(0, k * FORMULA_POINTS, "error"), Part(0, k * VALUE_POINTS, "error"),
                     problems=list(problems), answer=written)


def _missing(student: str, ex: KeyExercise, lang: str) -> ItemGrade:
    msg = _t(lang, "not handed in", "未提交")
    return ItemGrade(student, ex.id, ex.claim, "", Part(0, VERDICT_POINTS, "missing", msg),
                     Part(0, FORMULA_POINTS, "missing", msg), Part(0, VALUE_POINTS, "missing", msg))


