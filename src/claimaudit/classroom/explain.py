"""``claimaudit explain``: the working of one claim in plain steps, in English or Chinese.

The steps a teacher writes on the board: the inputs and where they are printed (and what their
printed digits allow), the formula, the units and the conversion they need, the recomputation
at the printed values and on the rounding intervals, what the printed value allows, the verdict
and why — then the careful reader's checklist. Every number comes from the engine's result for
the claim; nothing here judges a claim differently from ``claimaudit run``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from ..engine.evaluate import approx_tolerance, printed_bound
from ..engine.results import Amount, ClaimResult, RunResult
from ..errors import UsageError
from ..reporters.audience import CONFIRMED, confirmed
from ..suggest import hint
from .checklist import answer_checklist
from .formtext import board
from .lang import amount, check_lang, interval_text, num, point, relation_word, verdict_word, with_unit
from .working import ClaimWork, InputWork, by_qualname, work_of

_H = {
    "en": {"inputs": "Step {n}. The inputs and where they are printed",
           "formula": "Step {n}. The formula the document uses",
           "units": "Step {n}. Units",
           "recompute": "Step {n}. Recompute",
           "claimed": "Step {n}. What the printed value allows",
           "verdict": "Step {n}. Verdict: {verdict}",
           "checklist": "The careful reader's checklist",
           "checks": "Other checks",
           "sources": "Sources"},
    "zh": {"inputs": "第{n}步　输入数据及其出处",
           "formula": "第{n}步　文中用的公式",
           "units": "第{n}步　单位",
           "recompute": "第{n}步　重新计算",
           "claimed": "第{n}步　印出的数字允许的范围",
           "verdict": "第{n}步　结论：{verdict}",
           "checklist": "细心读者的核对清单",
           "checks": "其他检查",
           "sources": "出处"},
}


def _t(lang: str, en: str, zh: str) -> str:
    return zh if lang == "zh" else en


# -- how one printed number reads ----------------------------------------------------------------

def reading_text(w: InputWork, lang: str) -> str:
    """What the printed digits of an input allow, in one sentence."""
    p = w.number
    if w.interval is None:
        return _t(lang, "not given in the document (a free input)", "文中没有给出（缺少的输入）")
    if p is None:
        return _t(lang, f"stands for {amount(w.interval, w.unit)}", f"即 {amount(w.interval, w.unit)}")
    parts = []
    if p.uses_kilo and w.kilo == 1024:
        parts.append(_t(lang, f"K means 1024 here, so {p.text} is {point(p.nominal, w.unit)}",
                        f"这里 K = 1024，所以 {p.text} 就是 {point(p.nominal, w.unit)}"))
    if p.tolerance is not None:
        parts.append(_t(lang, f"printed with ± {num(p.tolerance)}, so it stands for {amount(w.interval, w.unit)}",
                        f"印有 ± {num(p.tolerance)}，所以代表 {amount(w.interval, w.unit)}"))
    elif p.exact:
        if p.nominal.denominator != 1:
            parts.append(_t(lang, "an exact fraction", "精确的分数"))
        else:
            parts.append(_t(lang, "a whole number, read as exact", "整数，按精确值处理"))
    else:
        parts.append(_t(lang, f"rounded to its last digit ({num(p.step)}), so it stands for anything in "
                              f"{amount(w.interval, w.unit)}",
                        f"四舍五入到最后一位（{num(p.step)}），所以代表 {amount(w.interval, w.unit)} 之间的任何值"))
    return _t(lang, "; ".join(parts), "；".join(parts))


def _where(source: str | None, at: str | None, quote: str | None, lang: str) -> str:
    bits = [b for b in (source, at) if b]
    where = ", ".join(bits) if bits else _t(lang, "(no locator)", "（未注明位置）")
    if quote:
        where += f": “{quote}”"
    return _t(lang, f"printed in {where}", f"出处：{where}")


# -- the steps --------------------------------------------------------------------------------------

def _values(inputs: Sequence[InputWork]) -> dict[str, str]:
    return {w.name: num(w.nominal) if w.nominal is not None else w.name for w in inputs}


def _intervals(inputs: Sequence[InputWork]) -> dict[str, str]:
    return {w.name: interval_text(w.interval) if w.interval is not None else w.name for w in inputs}


def _formula_node(work: ClaimWork):
    from ..formulas.parse import parse_formula

    return parse_formula(work.claim.formula or "").root


def _input_lines(work: ClaimWork, lang: str, indent: str) -> list[str]:
    lines: list[str] = []
    for w in work.inputs:
        if w.derived is not None:
            d = w.derived
            lines.append(indent + _t(lang, f"{w.name} is not printed; it is computed ({w.ref}):",
                                     f"{w.name} 没有直接印出，而是算出来的（{w.ref}）："))
            lines.append(indent + f"    {w.name} = {d.claim.formula}")
            lines += _input_lines(d, lang, indent + "    ")
            rec = d.result.recomputed
            if rec is not None and d.units is not None and d.units.natural_point is not None:
                node = _formula_node(d)
                values = _values(d.inputs)
                vals = board(node, lambda n: values.get(n, n))  # noqa: B023 - board calls it at once
                nat = d.units.natural if d.units.natural is not None else ""
                lines.append(indent + "    = " + vals + " = " + point(d.units.natural_point, nat)
                             + (f" → {amount(w.interval, w.unit)}" if w.interval is not None else ""))
            elif w.interval is not None:
                lines.append(indent + "    = " + amount(w.interval, w.unit))
            continue
        shown = w.printed if w.printed is not None else (amount(w.interval, w.unit) if w.interval else "?")
        lines.append(f"{indent}{w.name} = {shown}")
        lines.append(f"{indent}    {_where(w.source, w.at, w.quote, lang)}")
        lines.append(f"{indent}    {reading_text(w, lang)}")
    return lines


def _unit_lines(work: ClaimWork, lang: str) -> list[str]:
    res = work.result
    rec = res.recomputed
    u = work.units
    if rec is None:
        return []
    claim_unit = rec.unit
    if u is None:
        lines = [_t(lang, "The units differ in kind, so convert every input to a plain value first:",
                    "各输入的单位不同，先把每个输入换成纯数值：")]
        for s in work.plain:
            lines.append(f"    {s.name} = {s.shown} = {amount(s.value, s.unit)}")
        if not work.plain:
            lines.append("    " + _t(lang, "(all inputs are plain numbers already)", "（输入已经都是纯数值）"))
        return lines
    nat = u.natural_zh if lang == "zh" else u.natural
    composed = u.composed
    lines = []
    if composed and nat is not None and composed != nat:
        gives = _t(lang, f"{composed} gives {nat or 'a plain number'}",
                   f"{composed} 得到的" + (f"单位是 {nat}" if nat else "是纯数字"))
    elif nat is not None:
        gives = _t(lang, f"the formula gives {nat or 'a plain number'}",
                   "公式得到的" + (f"单位是 {nat}" if nat else "是纯数字"))
    else:
        gives = _t(lang, f"the formula gives {composed or 'a quantity'}", f"公式得到的是 {composed or '一个量'}")
    if u.to_claim == 1:
        lines.append(_t(lang, f"{gives}, the unit of the claim: no conversion needed.",
                        f"{gives}，正是题目的单位，不需要换算。"))
        return lines
    if u.conversion is not None and u.conversion.family == "percent" and u.conversion.need.symbol == "%":
        lines.append(_t(lang, f"{gives}; the claim is a percentage: multiply by 100.",
                        f"{gives}；题目是百分数：乘以 100。"))
        return lines
    factor = u.to_claim
    how = (_t(lang, f"multiply by {num(factor)}", f"乘以 {num(factor)}") if factor > 1 else
           _t(lang, f"divide by {num(1 / factor)}", f"除以 {num(1 / factor)}"))
    nat_shown = nat if nat else _t(lang, "1", "1")
    rel = f"1 {nat_shown} = {num(factor)} {claim_unit}" if factor >= 1 else \
        f"1 {claim_unit} = {num(1 / factor)} {nat_shown}"
    conv = u.conversion
    if conv is not None and conv.family == "information" and not {conv.need.symbol, conv.have.symbol} & {"B", "bit"}:
        # Two prefixed units (PB and PiB): their definitions say why the factor is odd.
        rel = ", ".join([f"1 {x.symbol} = {x.define}" for x in (conv.need, conv.have)] + [rel])
    lines.append(_t(lang, f"{gives}; the claim is in {claim_unit}: {rel}, so {how}.",
                    f"{gives}；题目的单位是 {claim_unit}：{rel}，所以{how}。"))
    return lines


def _recompute_lines(work: ClaimWork, lang: str) -> list[str]:
    res = work.result
    rec = res.recomputed
    if rec is None:
        return []
    node = _formula_node(work)
    u = work.units
    if u is not None:
        nat = (u.natural_zh if lang == "zh" else u.natural) or ""
        values, intervals = _values(work.inputs), _intervals(work.inputs)
        conv = u.to_claim != 1
        shown = nat if conv else rec.unit
        return _two_lines(rec, work.point, lang, conv,
                          (board(node, lambda n: values.get(n, n)), u.natural_point, shown),
                          (board(node, lambda n: intervals.get(n, n)), u.natural_interval, shown))
    # Fallback: the inputs were converted to plain (base-unit) values first.
    base_unit = work.plain_unit
    plain = {s.name: s for s in work.plain}

    def at_point(n: str) -> str:
        w = next((x for x in work.inputs if x.name == n), None)
        if w is None or w.nominal is None:
            return n
        return num(w.nominal * w.factor) if n in plain else num(w.nominal)

    def on_interval(n: str) -> str:
        w = next((x for x in work.inputs if x.name == n), None)
        if w is None or w.interval is None:
            return n
        return interval_text(w.interval * w.factor) if n in plain else interval_text(w.interval)

    factor = rec.factor
    conv = factor != 1 or rec.unit not in ("", "×")
    at_values = work.point * factor if work.point is not None else None
    return _two_lines(rec, work.point, lang, conv, (board(node, at_point), at_values, base_unit),
                      (board(node, on_interval), rec.interval * factor, base_unit))


def _two_lines(rec: Amount, claim_point: Fraction | None, lang: str, conv: bool, at_values: tuple[str, Any, str],
               on_intervals: tuple[str, Any, str]) -> list[str]:
    """The recomputation on the board: the formula at the printed values (when there is a point
    value) and on the rounding intervals, each as (formula text, result, its unit); with ``conv``
    each is also given in the claim's unit (``rec``, ``claim_point``)."""
    lines = []
    text, value, unit = at_values
    if value is not None and claim_point is not None:
        tail = f" = {point(claim_point, rec.unit)}" if conv else ""
        lines.append(_t(lang, "At the printed values: ", "按印出的数值：") + f"{text} = {point(value, unit)}{tail}")
    text, interval, unit = on_intervals
    tail = f" = {amount(rec.interval, rec.unit)}" if conv else ""
    lines.append(_t(lang, "On the rounding intervals: ", "按舍入区间：") + f"{text} → {amount(interval, unit)}{tail}")
    return lines


def claimed_text(work: ClaimWork, lang: str) -> str:
    """What the printed value of the claim allows, including its qualifier."""
    res = work.result
    p = work.claimed
    c = res.claimed
    if p is None or c is None:
        return ""
    rel = res.relation
    own = reading_text(InputWork(res.claim.id, res.claim.value, c.unit, c.interval, p.nominal, c.factor, c.dims,
                                 None, number=p, kilo=res.claim.settings.kilo), lang)
    if rel == "=":
        return f"{res.claim.value}: {own}" if lang == "en" else f"{res.claim.value}：{own}"
    if rel == "~":
        tol = approx_tolerance(res.claim.settings)
        target = work.target or c.interval
        return _t(lang,
                  f"'{p.qualifier or '~'}' means about: {num(tol * 100)}% either way of {point(p.nominal, c.unit)} "
                  f"(or its rounding), so the recomputed value must reach {amount(target, c.unit)}",
                  f"“{p.qualifier or '约'}”表示大约：{point(p.nominal, c.unit)} 上下 {num(tol * 100)}%"
                  f"（或其舍入范围），所以重算值要落在 {amount(target, c.unit)} 之内")
    bound = printed_bound(p, rel)
    return _t(lang,
              f"'{p.qualifier}' means {relation_word(rel, 'en')} {point(bound, c.unit)}: "
              f"some recomputed value must be {relation_word(rel, 'en')} {point(bound, c.unit)}",
              f"“{p.qualifier}”的意思是{relation_word(rel, 'zh')} {point(bound, c.unit)}："
              f"重算值中要有{relation_word(rel, 'zh')} {point(bound, c.unit)} 的值")


def verdict_reason(work: ClaimWork, lang: str) -> str:
    """Why the verdict is what it is, in one or two sentences."""
    res = work.result
    rec, c = res.recomputed, res.claimed
    value = res.claim.value
    if res.verdict == "error":
        return res.error or ""
    if res.verdict == "underdetermined":
        return _t(lang, f"the formula needs {', '.join(res.free)}, which the document does not give",
                  f"公式需要 {'、'.join(res.free)}，文中没有给出")
    errors = [f for f in res.findings if f.severity == "error" and f.code != "CA101"]
    passed = [f for f in res.findings if f.data.get("passed")]
    if res.verdict == "consistent" and passed and (rec is None or c is None):
        # Checked through a checker input (parts, at_most, same_as, words): that check is the verdict.
        lines = [f"{f.code} {f.checker}: {f.message}" + "".join(f"\n    {w}" for w in f.working) for f in passed]
        return _t(lang, "checked: ", "已检查：") + "\n  ".join(lines)
    if rec is None or c is None:
        if not res.claim.formula:
            text = _t(lang, "no formula: the figure is stated, not computed",
                      "没有公式：这个数字是直接给出的，不是算出来的")
        else:
            text = _t(lang, "no printed value to compare the recomputation with", "没有可与重算结果比较的印出数值")
        if errors:
            text += _t(lang, f"; {errors[0].code} finds: {errors[0].message}",
                       f"；{errors[0].code} 发现：{errors[0].message}")
        return text
    if rec.dims != c.dims:
        return _t(lang, f"the formula gives {rec.dims.describe()}, but the claim is {c.dims.describe()}",
                  f"公式得到的量纲是 {rec.dims.describe()}，而题目是 {c.dims.describe()}")
    arith_fails = any(f.code == "CA101" and f.severity == "error" for f in res.findings)
    r = amount(rec.interval, rec.unit)
    rel = res.relation
    if rel in ("=", "~"):
        target = amount(work.target or c.interval, c.unit)
        if not arith_fails:
            text = _t(lang, f"{r} overlaps {target}: the printed {value} holds",
                      f"{r} 与 {target} 有重叠：印出的 {value} 成立")
            if res.boundary:
                text += _t(lang, " — only just: the two intervals touch at a rounding boundary",
                           "——只是刚好：两个区间在舍入边界上相接")
        else:
            miss = res.extra.get("miss") or {}
            diff = miss.get("difference")
            text = _t(lang, f"{r} and {target} do not overlap: the printed {value} does not hold",
                      f"{r} 与 {target} 没有重叠：印出的 {value} 不成立")
            if diff is not None:
                high = diff > 0
                rel_pct = miss.get("relative")
                pct = f" ({float(rel_pct) * 100:+.3g}%)" if rel_pct is not None else ""
                unit = "pp" if c.unit == "%" else c.unit
                text += _t(lang, f"; it is {with_unit(num(abs(Fraction(diff)), 4), unit)} too "
                                 f"{'high' if high else 'low'}{pct}",
                           f"；印出的数{'偏高' if high else '偏低'} "
                           f"{with_unit(num(abs(Fraction(diff)), 4), unit)}{pct}")
    else:
        kept = getattr(res, "reading", None)
        bound = point(printed_bound(kept.printed, rel) if kept is not None
                      else (c.interval.lo if rel in (">", ">=") else c.interval.hi), c.unit)
        word = relation_word(rel, lang)
        if not arith_fails:
            text = _t(lang, f"some of {r} is {relation_word(rel, 'en')} {bound}: the printed {value} holds",
                      f"{r} 中有{word} {bound} 的值：印出的 {value} 成立")
        else:
            text = _t(lang, f"no value in {r} is {relation_word(rel, 'en')} {bound}: the printed {value} does not hold",
                      f"{r} 中没有{word} {bound} 的值：印出的 {value} 不成立")
    if res.verdict == "inconsistent" and not arith_fails and errors:
        text += _t(lang, f"; but {errors[0].code} finds: {errors[0].message}",
                   f"；但 {errors[0].code} 发现：{errors[0].message}")
    return text


def expectation_text(res: ClaimResult, lang: str) -> str:
    c = res.claim
    if not c.expect:
        return ""
    because = f" ({c.because})" if c.because and lang == "en" else (f"（{c.because}）" if c.because else "")
    if res.verdict == c.expect:
        if c.expect in CONFIRMED:   # a known error of the document, in words for its readers (not "xfail")
            en, zh = confirmed(c.expect, "en"), confirmed(c.expect, "zh")
            return _t(lang, f"{en[0].upper()}{en[1:]}{because}.", f"{zh}{because}。")
        return _t(lang, f"The claim file expects this: {c.expect}{because}.",
                  f"题目文件预期的也是这个结论：{verdict_word(c.expect, 'zh')}{because}。")
    return _t(lang, f"The claim file expects {c.expect}{because}, so the audit reports a failure.",
              f"题目文件预期的是{verdict_word(c.expect, 'zh')}{because}，所以审计报告失败。")


# -- the whole explanation -------------------------------------------------------------------------

def explain_work(work: ClaimWork, lang: str = "en", sources: Mapping[str, Any] | None = None) -> str:
    """The explanation of one claim's working, as plain text in ``lang``."""
    check_lang(lang)
    res = work.result
    c = res.claim
    h = _H[lang]
    out: list[str] = []
    title = f"{c.qualname} — {c.title}" if c.title else c.qualname
    out += [title, "=" * min(len(title), 72), str(c.location)]
    if c.value:
        out.append(_t(lang, f"Printed: {c.value}", f"印出的数字：{c.value}"))
    if c.quote or c.at or c.source:
        out.append(_t(lang, "Where: ", "出处：") + ", ".join(b for b in (c.source, c.at) if b)
                   + (f": “{c.quote}”" if c.quote else ""))
    n = 0
    if res.verdict == "error":
        out += ["", _t(lang, "This claim cannot be worked out: ", "这条数据无法计算：") + (res.error or "")]
        return "\n".join(out) + "\n"
    if c.formula:
        n += 1
        out += ["", h["inputs"].format(n=n)]
        out += _input_lines(work, lang, "  ")
        n += 1
        out += ["", h["formula"].format(n=n), f"  {c.value or c.id} ≟ {c.formula}"]
        if res.recomputed is not None and res.verdict != "underdetermined":
            n += 1
            out += ["", h["units"].format(n=n)] + ["  " + line for line in _unit_lines(work, lang)]
            n += 1
            out += ["", h["recompute"].format(n=n)] + ["  " + line for line in _recompute_lines(work, lang)]
    if c.value and res.claimed is not None:
        n += 1
        out += ["", h["claimed"].format(n=n), "  " + claimed_text(work, lang)]
    n += 1
    out += ["", h["verdict"].format(n=n, verdict=verdict_word(res.verdict, lang)), "  " + verdict_reason(work, lang)]
    exp = expectation_text(res, lang)
    if exp:
        out.append("  " + exp)
    others = [f for f in res.findings if f.code != "CA101" and f.severity in ("error", "warning")]
    if others:
        out += ["", h["checks"]]
        for f in others:
            out.append(f"  {f.code} {f.severity}: {f.message}")
            out += [f"      {w}" for w in f.working]
    out += ["", h["checklist"]]
    for a in answer_checklist(work, lang):
        out.append(f"  [{a.mark}] {a.question.text(lang)} {a.text}")
    used = _sources_used(work)
    if sources and used:
        out += ["", h["sources"]]
        for sid in used:
            rec = sources.get(sid)
            title = getattr(rec, "title", "") if rec is not None else ""
            out.append(f"  {sid}: {title}" if title else f"  {sid}")
    return "\n".join(out) + "\n"


def _sources_used(work: ClaimWork) -> list[str]:
    found: list[str] = []

    def add(sid: str | None) -> None:
        if sid and sid not in found:
            found.append(sid)

    add(work.claim.source)
    stack = list(work.inputs)
    while stack:
        w = stack.pop(0)
        add(w.source)
        if w.derived is not None:
            stack.extend(w.derived.inputs)
    return found


def find_result(results: Sequence[ClaimResult], claim_id: str) -> ClaimResult:
    """The result for ``claim_id``: ``id``, ``module.id`` or ``file::id``; a usage error with
    suggestions when it is unknown or ambiguous."""
    key = claim_id.strip()
    if "::" in key:
        file, _, cid = key.partition("::")
        hits = [r for r in results if r.claim.id == cid and (r.claim.file == file or r.claim.file.endswith("/" + file))]
    elif key in {r.claim.qualname for r in results}:
        hits = [r for r in results if r.claim.qualname == key]
    else:
        hits = [r for r in results if r.claim.id == key]
    if len(hits) == 1:
        return hits[0]
    if len(hits) > 1:
        raise UsageError(f"claim id {claim_id!r} is ambiguous: " + ", ".join(r.claim.qualname for r in hits))
    names = [r.claim.qualname for r in results] + [r.claim.id for r in results]
    raise UsageError(f"no claim {claim_id!r} in the audited files{hint(key, names)}")


def explain_claim(run: RunResult, claim_id: str, lang: str = "en") -> str:
    """Explain one claim of an audit run (see :func:`find_result` for ``claim_id``)."""
    res = find_result(run.results, claim_id)
    work = work_of(res, by_qualname(run.results))
    return explain_work(work, lang, run.sources)
