"""The careful reader's checklist: the questions to ask of any published figure.

1. As of which date and price?   (``as_of:`` on the claim or on the claims it builds on)
2. What is in and out of scope?  (``scope:``)
3. Which units?                  (the units met, conversions needed, binary vs decimal, K = 1024)
4. Does the arithmetic hold?     (the verdict; CA101/CA102 findings)
5. Does the rounding hold?       (boundary cases, "holds only within rounding", CA104/CA109)
6. Do the words overstate?       (qualifiers such as 超过/约, CA105 findings)

Each answer has a status: ``ok`` (checked, fine), ``problem`` (checked, does not hold),
``note`` (something to know) or ``ask`` (the claim does not say: a question to put to the
source). Answers come from the claim's notes and the engine's results, never from guesses.
"""

from __future__ import annotations

from dataclasses import dataclass

from .conversions import binary_decimal_mix
from .lang import amount, point, relation_word
from .working import ClaimWork, InputWork


@dataclass(frozen=True)
class Question:
    """One question of the careful reader's checklist, in English and Chinese."""

    key: str
    en: str
    zh: str

    def text(self, lang: str) -> str:
        return self.zh if lang == "zh" else self.en


QUESTIONS: tuple[Question, ...] = (
    Question("as_of", "As of which date and price?", "截至何时、按什么价格？"),
    Question("scope", "What is in and out of scope?", "口径：包括什么、不包括什么？"),
    Question("units", "Which units?", "用的是什么单位？"),
    Question("arithmetic", "Does the arithmetic hold?", "算术对得上吗？"),
    Question("rounding", "Does the rounding hold?", "四舍五入说得通吗？"),
    Question("words", "Do the words overstate?", "措辞有没有夸大？"),
)

#: Which question a checker's findings answer.
CODE_QUESTION = {"CA101": "arithmetic", "CA102": "units", "CA103": "units", "CA104": "rounding",
                 "CA105": "words", "CA106": "arithmetic", "CA107": "arithmetic", "CA108": "arithmetic",
                 "CA109": "rounding"}

STATUS_MARK = {"ok": "✓", "problem": "✗", "note": "•", "ask": "?"}


@dataclass(frozen=True)
class Answer:
    """A checklist question answered for one claim: ok, problem, note or ask, with the reason."""

    question: Question
    status: str          # ok | problem | note | ask
    text: str

    @property
    def mark(self) -> str:
        return STATUS_MARK[self.status]


def _t(lang: str, en: str, zh: str) -> str:
    return zh if lang == "zh" else en


def _sep(lang: str) -> str:
    return "；" if lang == "zh" else "; "


def _all_inputs(work: ClaimWork) -> list[InputWork]:
    out: list[InputWork] = []
    for w in work.inputs:
        out.append(w)
        if w.derived is not None:
            out.extend(_all_inputs(w.derived))
    return out


def _notes(work: ClaimWork, key: str) -> list[str]:
    own = work.claim.get(key)
    found = [str(own)] if own else []
    for w in _all_inputs(work):
        note = w.as_of if key == "as_of" else w.scope
        if note and note not in found:
            found.append(f"{w.name}: {note}")
    return found


def _findings(work: ClaimWork, question: str) -> list:
    return [f for f in work.result.findings
            if CODE_QUESTION.get(f.code) == question and f.severity in ("error", "warning")
            and not (f.code == "CA101" and question == "arithmetic")]


def _as_of(work: ClaimWork, lang: str) -> tuple[str, str]:
    notes = _notes(work, "as_of")
    if notes:
        return "note", _sep(lang).join(notes)
    dims = [w.dims for w in _all_inputs(work)]
    if work.result.claimed is not None:
        dims.append(work.result.claimed.dims)
    if any(any("currency" in k for k, _ in d.items) for d in dims):
        return "ask", _t(lang, "not stated — a figure built on prices changes with the date and the price: ask which",
                         "未说明——由价格算出的数字随时间和价格而变：要问清是哪一天、什么价格")
    return "ask", _t(lang, "not stated — check when the figure was measured",
                     "未说明——要核对这个数字是什么时候的")


def _scope(work: ClaimWork, lang: str) -> tuple[str, str]:
    notes = _notes(work, "scope")
    if notes:
        return "note", _sep(lang).join(notes)
    return "ask", _t(lang, "not stated — check what the figure counts and what it leaves out",
                     "未说明——要核对这个数字算了什么、没算什么")


def _units(work: ClaimWork, lang: str) -> tuple[str, str]:
    units: list[str] = []
    for w in _all_inputs(work):
        if w.unit and w.unit not in units and w.derived is None:
            units.append(w.unit)
    rec = work.result.claimed
    if rec is not None and rec.unit and rec.unit not in units:
        units.append(rec.unit)
    parts = [("、" if lang == "zh" else ", ").join(units) if units else _t(lang, "plain numbers", "纯数字")]
    status = "ok"
    problems = _findings(work, "units")
    if problems:
        status = "problem"
        parts += [f"{f.code}: {f.message}" for f in problems]
    if binary_decimal_mix(units):
        status = "problem" if status == "problem" else "note"
        parts.append(_t(lang, "decimal (TB, PB) and binary (TiB, PiB) prefixes meet: 1 PiB = 2^50 B ≈ 1.126 PB",
                        "十进制前缀（TB、PB）和二进制前缀（TiB、PiB）混用：1 PiB = 2^50 字节 ≈ 1.126 PB"))
    if any(w.number is not None and w.number.uses_kilo and w.kilo == 1024 for w in _all_inputs(work)):
        status = "problem" if status == "problem" else "note"
        parts.append(_t(lang, "K means 1024 here (binary), not 1000", "这里的 K 是 1024（二进制），不是 1000"))
    u = work.units
    if u is not None and u.to_claim != 1 and status == "ok":
        status = "note"
        parts.append(_t(lang, "the result needs a unit conversion (see the working)", "结果需要换算单位（见计算过程）"))
    return status, _sep(lang).join(parts)


def _arithmetic(work: ClaimWork, lang: str) -> tuple[str, str]:
    res = work.result
    if not res.claim.formula:
        return "note", _t(lang, "no formula: a figure others build on", "没有公式：这是其他数字的依据")
    if res.verdict == "underdetermined":
        return "ask", _t(lang, "cannot be checked: the document does not give " + ", ".join(res.free),
                         "无法核对：文中没有给出 " + "、".join(res.free))
    if res.verdict == "error":
        return "problem", res.error or ""
    rec, claimed = res.recomputed, res.claimed
    extra = [f"{f.code}: {f.message}" for f in _findings(work, "arithmetic")]
    if rec is None or claimed is None:
        text = (_t(lang, f"recomputes to {amount(rec.interval, rec.unit)}; no printed value to compare",
                   f"重算得 {amount(rec.interval, rec.unit)}；没有可比较的印出数值") if rec is not None
                else _t(lang, "nothing recomputed", "没有重算"))
        return ("problem" if extra else "note"), _sep(lang).join([text] + extra)
    ok = res.verdict == "consistent"
    rel = relation_word(res.relation, lang)
    shown = point(work.claimed.nominal if work.claimed is not None else claimed.interval.mid, claimed.unit)
    if res.relation != "=":
        shown = f"{rel} {shown}"
    value = res.claim.value
    if lang == "zh":
        text = f"重算得 {amount(rec.interval, rec.unit)}，" + (
            f"与印出的“{value}”相符" if ok else f"与印出的“{value}”（{shown}）不符")
    else:
        text = f"recomputes to {amount(rec.interval, rec.unit)}, " + (
            f"which meets the printed '{value}'" if ok else
            f"which does not meet the printed '{value}' ({shown})")
    return ("ok" if ok and not extra else "problem"), _sep(lang).join([text] + extra)


def _rounding(work: ClaimWork, lang: str) -> tuple[str, str]:
    res = work.result
    problems = _findings(work, "rounding")
    parts: list[str] = []
    status = "ok"
    if res.boundary:
        status = "note"
        parts.append(_t(lang, "holds only at a rounding boundary (the intervals just touch)",
                        "只在舍入边界上成立（两个区间刚好相接）"))
    target = work.target
    if (res.verdict == "consistent" and work.point is not None and target is not None
            and not target.contains(work.point)):
        status = "note"
        unit = res.claimed.unit if res.claimed else ""
        parts.append(_t(lang, f"holds only within rounding: at the printed values it is {point(work.point, unit)}",
                        f"只在舍入范围内成立：按印出的数值算是 {point(work.point, unit)}"))
    rec, claimed = res.recomputed, res.claimed
    if rec is not None and claimed is not None and claimed.interval.width > 0 \
            and rec.interval.width > 10 * claimed.interval.width:
        status = "note" if status == "ok" else status
        known = amount(rec.interval, rec.unit)
        parts.append(_t(lang, f"the inputs are rounded coarsely: the recomputed value is only known as {known}",
                        f"输入四舍五入得很粗：重算值只能确定在 {known}"))
    if problems:
        status = "problem"
        parts += [f"{f.code}: {f.message}" for f in problems]
    if not parts:
        if not res.claim.formula or rec is None:
            return "note", _t(lang, "nothing recomputed", "没有重算")
        parts.append(_t(lang, "the printed digits fit the rounding of the inputs", "印出的位数与输入的舍入相符"))
    return status, _sep(lang).join(parts)


def _words(work: ClaimWork, lang: str) -> tuple[str, str]:
    res = work.result
    problems = _findings(work, "words")
    parts: list[str] = []
    if res.qualifier:
        parts.append(_t(lang, f"'{res.qualifier}' means {relation_word(res.relation, 'en')}",
                        f"“{res.qualifier}”的意思是{relation_word(res.relation, 'zh')}"))
    words = res.claim.get("words")
    if words:
        parts.append(_t(lang, f"the words: '{words}'", f"措辞：“{words}”"))
    if problems:
        return "problem", _sep(lang).join(parts + [f"{f.code}: {f.message}" for f in problems])
    if res.relation in (">", ">=", "<", "<=") and res.verdict == "inconsistent":
        return "problem", _sep(lang).join(parts + [_t(lang, "the bound the words set does not hold",
                                                 "措辞给出的界限不成立")])
    if not parts:
        parts.append(_t(lang, "printed as a plain figure, no qualifier", "直接给出数字，没有修饰语"))
    return "ok", _sep(lang).join(parts)


_ANSWERERS = {"as_of": _as_of, "scope": _scope, "units": _units, "arithmetic": _arithmetic,
              "rounding": _rounding, "words": _words}


def answer_checklist(work: ClaimWork, lang: str = "en") -> list[Answer]:
    """The checklist answered for one claim's working, in ``lang``."""
    out = []
    for q in QUESTIONS:
        status, text = _ANSWERERS[q.key](work, lang)
        out.append(Answer(q, status, text))
    return out


def checklist_lines(answers: list[Answer], lang: str) -> list[str]:
    return [f"[{a.mark}] {a.question.text(lang)} {a.text}" for a in answers]



def annotate_run(results: list, lang: str = "en") -> None:
    """Attach the answered checklist to each result (``extra["checklist"]``) for the reports.

    Front ends call this after the engine; the reporters only read the plain records.
    """
    from .working import by_qualname, work_of

    index = by_qualname(results)
    for res in results:
        if res.verdict == "error":
            continue
        try:
            answers = answer_checklist(work_of(res, index), lang)
        except Exception:  # noqa: BLE001, S112 - a report annotation must never break the audit
            continue
        res.extra["checklist"] = [{"key": a.question.key, "question": a.question.text(lang), "status": a.status,
                                   "mark": a.mark, "text": a.text} for a in answers]
