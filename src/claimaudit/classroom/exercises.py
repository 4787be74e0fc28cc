"""``claimaudit exercise make``: an exercise set from claims.

For every chosen claim (tagged ``exercise`` by default, or all claims with a formula and a
printed value) the set holds:

* a student sheet (Markdown and printable HTML, per language): the quote, the figure to check,
  the inputs and where they are printed — never the formula or the verdict — a difficulty and
  hints;
* an answer template (YAML) per exercise, under ``answers/``;
* the teacher key: ``key.yaml`` (what grading reads) and ``key.<lang>.md`` (formula, verdict and
  the full working, as ``claimaudit explain`` writes it).

The key's verdict is the core recomputation's (arithmetic, units, relation), which is what a
student can work out by hand; the set is made without the checkers so that it only changes when
the claims do. Output is deterministic (no dates, sorted, relative paths), so a committed set can
be checked against the generator.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.results import ClaimResult
from ..errors import InputError
from .checklist import QUESTIONS
from .conversions import binary_decimal_mix
from .explain import explain_work
from .formtext import exact
from .keyfile import KEY_FILE, Key, KeyExercise, KeyInput, dump_yaml, key_dict
from .lang import LANGS, amount, check_lang, verdict_word
from .working import ClaimWork, InputWork, by_qualname, work_of

DEFAULT_TAG = "exercise"
ANSWERS_DIR = "answers"
_TEMPLATE_NAME = re.compile(r"^E\d+-.*\.yaml$")


@dataclass
class Exercise:
    key: KeyExercise
    work: ClaimWork
    inputs: list[InputWork] = field(default_factory=list)   # the leaves, in key order


@dataclass
class MadeSet:
    exercises: list[Exercise]
    skipped: list[str]
    files: list[Path]


# -- choosing claims --------------------------------------------------------------------------------

def choose(results: Sequence[ClaimResult], *, tag: str | None = DEFAULT_TAG,
           all_claims: bool = False) -> tuple[list[ClaimResult], list[str]]:
    """The results that make exercises, and why others were left out (for tagged claims)."""
    chosen: list[ClaimResult] = []
    skipped: list[str] = []
    for r in results:
        tagged = tag is not None and tag in r.claim.tags
        if not (all_claims or tagged):
            continue
        why = None
        if not r.claim.formula or r.claim.value is None:
            why = "needs both a printed value and a formula"
        elif r.verdict not in ("consistent", "inconsistent"):
            why = f"its verdict is {r.verdict}: nothing a student can decide"
        elif r.recomputed is None or r.claimed is None or r.recomputed.dims != r.claimed.dims:
            why = "its formula does not give the claim's dimension"
        if why:
            if tagged:
                skipped.append(f"{r.claim.qualname}: {why}")
            continue
        chosen.append(r)
    return chosen, skipped


# -- the key -------------------------------------------------------------------------------------

def _parse(text: str):
    from ..formulas.parse import parse_formula

    return parse_formula(text)


def expand(work: ClaimWork) -> tuple[str, list[InputWork], dict[str, str]]:
    """The claim's formula over printed inputs only (recomputed inputs substituted by their own
    formulas, recursively), the printed inputs it then uses, and each substituted name's
    expansion (students may use those names too)."""
    leaves: dict[str, InputWork] = {}
    derived: dict[str, str] = {}
    done: dict[str, str | None] = {}
    by_name = {w.name: w for w in work.inputs}

    def sub(name: str) -> str | None:
        if name in done:
            return done[name]
        w = by_name.get(name)
        result: str | None = None
        if w is not None and w.derived is not None and w.derived.claim.formula:
            try:
                text, inner, inner_derived = expand(w.derived)
            except InputError:
                text, inner, inner_derived = None, [], {}
            # A computed input is substituted unless its own inputs' names mean something else here.
            clash = any((iw.name in leaves and leaves[iw.name].ref != iw.ref)
                        or (iw.name in by_name and iw.name != name and by_name[iw.name].ref != iw.ref)
                        for iw in inner)
            if text is not None and not clash:
                for iw in inner:
                    leaves.setdefault(iw.name, iw)
                derived.update(inner_derived)
                derived[name] = text
                result = text
        if result is None and w is not None:
            leaves.setdefault(name, w)
        done[name] = result
        return result

    root = _parse(work.claim.formula or "").root
    text = exact(root, sub)
    return text, list(leaves.values()), derived   # in order of first use


def _key_input(w: InputWork) -> KeyInput:
    assert w.interval is not None  # noqa: S101 - invariant: keys are made from worked inputs
    nominal = w.nominal if w.nominal is not None else w.interval.mid
    kilo = 1024 if (w.number is not None and w.number.uses_kilo and w.kilo == 1024) else 1000
    return KeyInput(w.name, w.printed, w.unit, w.factor, w.dims, w.interval.lo, w.interval.hi, nominal,
                    w.ref, w.source, w.at, w.quote, kilo)


def difficulty(work: ClaimWork, leaves: Sequence[InputWork]) -> tuple[int, list[str]]:
    """A level 1–3 from the number of inputs, the unit conversions and the rounding traps, and
    the factors behind it (codes the sheet and the key spell out)."""
    factors = [f"inputs:{len(leaves)}"]
    conversions = traps = 0
    u = work.units
    if (u is not None and u.to_claim != 1) or work.plain:
        conversions += 1
        factors.append("conversion")
    units = [w.unit for w in leaves] + [work.result.claimed.unit if work.result.claimed else ""]
    if binary_decimal_mix(units):
        conversions += 1
        factors.append("binary-decimal")
    if any(w.number is not None and w.number.uses_kilo and w.kilo == 1024 for w in leaves):
        conversions += 1
        factors.append("kilo-1024")
    res = work.result
    if res.relation != "=":
        traps += 1
        factors.append(f"qualifier:{res.qualifier or res.relation}")
    if res.boundary:
        traps += 1
        factors.append("boundary")
    if work.point is not None and work.target is not None and not work.target.contains(work.point) \
            and res.verdict == "consistent":
        traps += 1
        factors.append("within-rounding")
    rec, claimed = res.recomputed, res.claimed
    if rec is not None and claimed is not None and claimed.interval.width > 0 \
            and rec.interval.width > 10 * claimed.interval.width:
        traps += 1
        factors.append("coarse-inputs")
    score = len(leaves) + 2 * conversions + 2 * traps
    return (1 if score <= 3 else 2 if score <= 6 else 3), factors


_FACTOR_TEXT = {
    "en": {"inputs": "{n} inputs", "conversion": "a unit conversion", "binary-decimal": "binary vs decimal prefixes",
           "kilo-1024": "K = 1024", "qualifier": "the qualifier '{q}'", "boundary": "a rounding boundary",
           "within-rounding": "holds only within rounding", "coarse-inputs": "coarsely rounded inputs"},
    "zh": {"inputs": "{n} 个输入", "conversion": "单位换算", "binary-decimal": "二进制与十进制前缀",
           "kilo-1024": "K = 1024", "qualifier": "修饰语“{q}”", "boundary": "舍入边界",
           "within-rounding": "只在舍入范围内成立", "coarse-inputs": "输入舍入较粗"},
}


def factor_text(code: str, lang: str) -> str:
    name, _, arg = code.partition(":")
    template = _FACTOR_TEXT[lang].get(name, code)
    return template.format(n=arg, q=arg)


def auto_hints(work: ClaimWork, factors: Sequence[str], leaves: Sequence[InputWork]) -> dict[str, list[str]]:
    """Hints from what makes the exercise hard (used when the claim has no ``hint:``)."""
    en: list[str] = []
    zh: list[str] = []
    res = work.result
    unit = res.claimed.unit if res.claimed else ""
    in_units = list(dict.fromkeys(w.unit for w in leaves if w.unit and w.unit != unit))   # first-use order
    if "conversion" in factors and in_units:
        en.append(f"Watch the units: the inputs are in {', '.join(in_units)}, "
                  f"the figure is in {unit or 'plain numbers'}.")
        zh.append(f"注意单位：输入的单位是 {'、'.join(in_units)}，要核对的数字单位是 {unit or '纯数字'}。")
    elif "conversion" in factors:
        en.append(f"Watch the units: the figure is in {unit or 'plain numbers'}.")
        zh.append(f"注意单位：要核对的数字单位是 {unit or '纯数字'}。")
    if "binary-decimal" in factors:
        en.append("TB and PB are powers of 1000; TiB and PiB are powers of 1024.")
        zh.append("TB、PB 是 1000 的幂；TiB、PiB 是 1024 的幂。")
    if "kilo-1024" in factors:
        en.append("In context lengths, K means 1024.")
        zh.append("上下文长度里的 K 是 1024。")
    q = next((f.partition(":")[2] for f in factors if f.startswith("qualifier:")), None)
    if q:
        en.append(f"'{q}' is not an equals sign: decide what it requires before comparing.")
        zh.append(f"“{q}”不是等号：先想清楚它要求什么，再比较。")
    if "boundary" in factors or "within-rounding" in factors or "coarse-inputs" in factors:
        en.append("Carry the rounding intervals of the inputs, not only the printed values.")
        zh.append("要带着输入的舍入区间计算，而不只是印出的数值。")
    if not en:
        en.append("Write the formula the quote describes, then compare within rounding.")
        zh.append("按引文的意思写出公式，再在舍入范围内比较。")
    return {"en": en, "zh": zh}


def _hints(work: ClaimWork, factors: Sequence[str], leaves: Sequence[InputWork]) -> dict[str, list[str]]:
    hint = work.claim.get("hint")
    if isinstance(hint, str) and hint.strip():
        return {lang: [hint.strip()] for lang in LANGS}
    return auto_hints(work, factors, leaves)


def build_exercises(results: Sequence[ClaimResult], chosen: Sequence[ClaimResult]) -> list[Exercise]:
    by_name = by_qualname(results)
    out: list[Exercise] = []
    for n, r in enumerate(chosen, 1):
        work = work_of(r, by_name)
        expanded, leaves, derived = expand(work)
        level, factors = difficulty(work, leaves)
        c = r.claim
        claimed, rec = r.claimed, r.recomputed
        # Invariant: only claims that were worked through become exercises.
        assert claimed is not None and rec is not None and work.claimed is not None  # noqa: S101 - see above
        ex_id = f"E{n:02d}"
        key = KeyExercise(
            id=ex_id, claim=c.qualname, file=c.file, line=c.location.line, value=c.value or "",
            unit=claimed.unit, factor=claimed.factor, dims=claimed.dims,
            claimed_lo=claimed.interval.lo, claimed_hi=claimed.interval.hi, nominal=work.claimed.nominal,
            step=r.step, relation=r.relation, formula=c.formula or "", expanded=expanded,
            inputs=[_key_input(w) for w in leaves], recomputed_lo=rec.interval.lo, recomputed_hi=rec.interval.hi,
            verdict=r.verdict, derived=derived, kilo=c.settings.kilo, approx=c.settings.approx, title=c.title,
            quote=c.quote, source=c.source, at=c.at, expected=c.expect, because=c.because,
            difficulty=level, factors=factors, hints=_hints(work, factors, leaves),
            scope=c.get("scope") if isinstance(c.get("scope"), str) else None,
            as_of=c.get("as_of") if isinstance(c.get("as_of"), str) else None,
            template=f"{ex_id}-{c.id}.yaml")
        out.append(Exercise(key, work, list(leaves)))
    return out


# -- writing the set -------------------------------------------------------------------------------

_UI = {
    "en": {
        "sheet_title": "Check the numbers", "key_title": "Check the numbers — teacher key",
        "intro": "For each exercise: find the inputs, write the formula that gives the printed figure, "
                 "recompute it (mind the units and the rounding of every printed number) and decide "
                 "whether the printed figure holds. Write your answers in the answer file named under "
                 "each exercise.",
        "checklist_intro": "Ask of every figure:",
        "exercise": "Exercise", "to_check": "The printed figure to check:", "inputs": "Inputs",
        "name": "name", "printed": "as printed", "where": "where it is printed",
        "hidden": "(find it)", "difficulty": "Difficulty", "hint": "Hint:", "answer_in": "Answer file:",
        "verdicts": "Verdict: write `consistent` (the printed figure holds within rounding) or "
                    "`inconsistent` (it does not).",
        "formula_help": "Formulas use the input names and + − × / ^ ( ); numbers may carry a unit "
                        "(`24 hour`). With the names, units are carried for you; with bare numbers, "
                        "convert them yourself.",
        "claim": "Claim", "formula": "Formula", "derived": "Computed inputs", "verdict": "Verdict",
        "expected": "Expected", "because": "Because", "recomputed": "Recomputed", "claimed": "Claimed",
        "working": "Working", "checklist": "Checklist", "factors": "What makes it hard",
        "set_readme": "Exercise set",
    },
    "zh": {
        "sheet_title": "核对数字", "key_title": "核对数字——教师答案",
        "intro": "每道题：找出输入数据，写出得到印出数字的公式，重新计算（注意单位和每个印出数字的舍入），"
                 "判断印出的数字是否成立。答案写在每题下方注明的答题文件里。",
        "checklist_intro": "对每个数字都要问：",
        "exercise": "练习", "to_check": "要核对的数字：", "inputs": "输入数据",
        "name": "名字", "printed": "印出的值", "where": "出处",
        "hidden": "（自己查找）", "difficulty": "难度", "hint": "提示：", "answer_in": "答题文件：",
        "verdicts": "结论：写 `consistent`（成立：在舍入范围内对得上）或 `inconsistent`（不成立）。",
        "formula_help": "公式里用输入的名字和 + − × / ^ ( )；数字可以带单位（`24 hour`）。用名字时单位会自动换算；"
                        "直接写数字时要自己换算单位。",
        "claim": "数据", "formula": "公式", "derived": "算出来的输入", "verdict": "结论",
        "expected": "预期", "because": "原因", "recomputed": "重算结果", "claimed": "印出的范围",
        "working": "计算过程", "checklist": "核对清单", "factors": "难点",
        "set_readme": "练习集",
    },
}


def _env():
    from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

    env = Environment(loader=PackageLoader("claimaudit.classroom", "templates"),
                      autoescape=select_autoescape(enabled_extensions=("html", "html.j2"), default_for_string=False,
                                                   default=False),
                      undefined=StrictUndefined, keep_trailing_newline=True, trim_blocks=True,
                      lstrip_blocks=True)
    env.filters["cell"] = lambda s: str(s or "").replace("|", "\\|").replace("\n", " ")
    return env


def _where(source: str | None, at: str | None) -> str:
    return ", ".join(b for b in (source, at) if b) or "—"


def _sheet_item(ex: Exercise, lang: str, show_values: bool) -> dict[str, Any]:
    k = ex.key
    t = _UI[lang]
    return {
        "id": k.id, "stars": "★" * k.difficulty + "☆" * (3 - k.difficulty), "level": k.difficulty,
        "quote": k.quote or "", "where": _where(k.source, k.at), "value": k.value,
        "inputs": [{"name": i.name,
                    "printed": (i.printed or amount_text(i)) if show_values else t["hidden"],
                    "where": _where(i.source, i.at)} for i in k.inputs],
        "factors": ("、" if lang == "zh" else ", ").join(factor_text(f, lang) for f in k.factors),
        "hints": k.hints.get(lang, []), "template": f"{ANSWERS_DIR}/{k.template}",
    }


def amount_text(i: KeyInput) -> str:
    from ..numbers.interval import Interval

    return amount(Interval(i.lo, i.hi), i.unit)


def _key_item(ex: Exercise, lang: str, sources: Mapping[str, Any] | None) -> dict[str, Any]:
    k = ex.key
    from ..numbers.interval import Interval

    return {
        "id": k.id, "claim": k.claim, "file": f"{k.file}:{k.line}", "title": k.title or "",
        "value": k.value, "formula": k.formula, "derived": sorted(k.derived.items()) if k.derived else [],
        "derived_written": [(w.name, w.derived.claim.formula) for w in ex.work.inputs if w.derived is not None],
        "verdict": k.verdict if lang == "en" else f"{k.verdict} / {verdict_word(k.verdict, 'zh')}",
        "expected": k.expected or "", "because": k.because or "",
        "recomputed": amount(Interval(k.recomputed_lo, k.recomputed_hi), k.unit),
        "claimed": amount(Interval(k.claimed_lo, k.claimed_hi), k.unit),
        "stars": "★" * k.difficulty + "☆" * (3 - k.difficulty),
        "factors": ("、" if lang == "zh" else ", ").join(factor_text(f, lang) for f in k.factors),
        "hints": k.hints.get(lang, []),
        "working": explain_work(ex.work, lang, sources).rstrip("\n"),
    }


def answer_template(ex: Exercise) -> str:
    """The YAML answer template of one exercise (comments in English and Chinese)."""
    k = ex.key
    lines = [
        f"# claimaudit exercise {k.id}: check the printed figure {k.value}",
        f"# 练习 {k.id}：核对印出的数字 {k.value}",
        "# Fill in the fields and hand the file in. / 填写各项后提交本文件。",
        f"exercise: {k.id}",
        'student: ""          # your name or student number / 姓名或学号',
        "# The inputs as you found them printed (optional) / 找到的输入值（可选）",
        "inputs:",
    ]
    for i in k.inputs:
        lines.append(f'  {i.name}: ""')
    lines += [
        "# Your formula over the names above, e.g. a * b / c / 用上面的名字写出公式",
        'formula: ""',
        "# Your recomputed value with its unit / 你重算的结果（带单位）",
        'value: ""',
        "# consistent or inconsistent / 成立（consistent）或不成立（inconsistent）",
        'verdict: ""',
        "# Why, in a sentence or two / 理由（一两句话）",
        'why: ""',
    ]
    return "\n".join(lines) + "\n"


def write_set(exercises: Sequence[Exercise], out_dir: str | Path, *, langs: Iterable[str] = LANGS,
              show_values: bool = True, title: str = "", sources: Mapping[str, Any] | None = None,
              shown_path: str = "DIR") -> list[Path]:
    """Write the sheets, templates and keys of ``exercises`` under ``out_dir``; the files written."""
    out = Path(out_dir)
    answers = out / ANSWERS_DIR
    answers.mkdir(parents=True, exist_ok=True)
    for old in answers.iterdir():
        if old.is_file() and _TEMPLATE_NAME.match(old.name):
            old.unlink()   # a template of an exercise no longer in the set
    env = _env()
    written: list[Path] = []

    def put(path: Path, text: str) -> None:
        path.write_text(text, encoding="utf-8", newline="\n")
        written.append(path)

    langs = [check_lang(lang) for lang in langs]
    for lang in langs:
        t = _UI[lang]
        ctx = {"t": t, "lang": lang, "title": title, "questions": [q.text(lang) for q in QUESTIONS],
               "items": [_sheet_item(e, lang, show_values) for e in exercises]}
        put(out / f"student.{lang}.md", env.get_template("sheet.md.j2").render(**ctx))
        put(out / f"student.{lang}.html", env.get_template("sheet.html.j2").render(**ctx))
        kctx = {"t": t, "lang": lang, "title": title, "items": [_key_item(e, lang, sources) for e in exercises]}
        put(out / f"key.{lang}.md", env.get_template("key.md.j2").render(**kctx))
    for e in exercises:
        put(answers / e.key.template, answer_template(e))
    key = Key([e.key for e in exercises], title)
    put(out / KEY_FILE, dump_yaml(key_dict(key)))
    put(out / "README.md", env.get_template("readme.md.j2").render(
        title=title, items=[{"id": e.key.id, "claim": e.key.claim, "value": e.key.value,
                             "stars": "★" * e.key.difficulty + "☆" * (3 - e.key.difficulty)} for e in exercises],
        langs=langs, shown_path=shown_path))
    return written


def make_set(run_results: Sequence[ClaimResult], out_dir: str | Path, *, tag: str | None = DEFAULT_TAG,
             all_claims: bool = False, langs: Iterable[str] = LANGS, show_values: bool = True,
             title: str = "", sources: Mapping[str, Any] | None = None, shown_path: str = "DIR") -> MadeSet:
    """Choose, build and write an exercise set from an audit run's results."""
    chosen, skipped = choose(run_results, tag=tag, all_claims=all_claims)
    exercises = build_exercises(run_results, chosen)
    files = write_set(exercises, out_dir, langs=langs, show_values=show_values, title=title, sources=sources,
                      shown_path=shown_path)
    return MadeSet(exercises, skipped, files)

