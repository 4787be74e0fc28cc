"""Grades as text (the terminal), CSV (a spreadsheet) and HTML (a page to hand back).

The HTML page has the class summary first and then one section per student, each starting on a
new printed page, with every exercise's points and feedback.
"""

from __future__ import annotations

import csv
from typing import TextIO

from .grade import ClassGrade, ItemGrade, Part

_MARK = {"right": "✓", "partial": "½", "wrong": "✗", "missing": "–", "error": "!"}

_UI = {
    "en": {"class": "Class", "students": "students", "exercises": "exercises", "mean": "mean",
           "verdict": "verdict", "formula": "formula", "value": "value", "right": "right", "partial": "partly",
           "malformed": "malformed", "handed": "handed in", "conversions": "forgotten conversions",
           "title": "Check the numbers — grades", "student": "student", "total": "total", "notes": "Notes",
           "exercise": "exercise", "points": "points", "feedback": "feedback", "your": "you wrote"},
    "zh": {"class": "全班", "students": "名学生", "exercises": "道题", "mean": "平均",
           "verdict": "结论", "formula": "公式", "value": "结果", "right": "对", "partial": "部分对",
           "malformed": "格式错误", "handed": "已交", "conversions": "常忘的换算",
           "title": "核对数字——成绩", "student": "学生", "total": "总分", "notes": "说明",
           "exercise": "练习", "points": "得分", "feedback": "反馈", "your": "你的答案"},
}


def _pts(x: float) -> str:
    return f"{x:g}"


def item_feedback(item: ItemGrade, lang: str = "en") -> list[str]:
    """The feedback lines of one item, in order: problems, then each part, then input notes."""
    t = _UI[lang]
    lines = list(item.problems)
    for label, part in (("verdict", item.verdict), ("formula", item.formula), ("value", item.value)):
        if part.message and part.status != "missing" and not item.problems:
            lines.append(f"{t[label]}: {part.message}")
    lines += item.notes
    return lines


def render_text(grades: ClassGrade, out: TextIO, *, verbose: bool = True) -> None:
    t = _UI[grades.lang]
    n_ex = len(grades.key.exercises)
    for s in grades.students:
        out.write(f"{s.student}: {_pts(s.points)}/{_pts(s.max)} ({s.percent:.0f}%)\n")
        if not verbose:
            continue
        for item in s.items:
            if item.status == "missing":
                out.write(f"  {item.exercise}  –  {item.verdict.message}\n")
                continue
            marks = "  ".join(f"{t[k]} {_MARK[p.status]}" for k, p in
                              (("verdict", item.verdict), ("formula", item.formula), ("value", item.value)))
            out.write(f"  {item.exercise}  {_pts(item.points)}/{_pts(item.max)}  {marks}\n")
            for line in item_feedback(item, grades.lang):
                out.write(f"      {line}\n")
    out.write(f"\n{t['class']}: {len(grades.students)} {t['students']}, {n_ex} {t['exercises']}, "
              f"{t['mean']} {grades.mean_percent:.0f}%\n")
    n = len(grades.students) or 1
    for st in grades.stats():
        conv = ", ".join(f"{c} ×{k}" for c, k in st.conversions)
        out.write(f"  {st.exercise.id}  {t['mean']} {st.mean:.1f}/4  {t['handed']} {st.handed_in}  "
                  f"{t['verdict']} {100 * st.verdict_right / n:.0f}%  {t['formula']} {100 * st.formula_right / n:.0f}%"
                  f" (+{100 * st.formula_partial / n:.0f}% {t['partial']})"
                  f"  {t['value']} {100 * st.value_right / n:.0f}%"
                  + (f"  {t['malformed']} {st.malformed}" if st.malformed else "")
                  + (f"  {t['conversions']}: {conv}" if conv else "") + "\n")
    if grades.notes:
        out.write(f"\n{t['notes']}:\n" + "".join(f"  {n_}\n" for n_ in grades.notes))


CSV_COLUMNS = ("student", "exercise", "claim", "points", "max", "status", "verdict", "formula", "value",
               "verdict_status", "formula_status", "value_status", "conversion", "feedback", "file")


def _cell(value: str) -> str:
    """Students write names and formulas: a cell a spreadsheet would run as a formula
    (=, +, -, @ first) is kept as text."""
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def render_csv(grades: ClassGrade, out: TextIO) -> None:
    w = csv.writer(out, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for s in grades.students:
        for item in s.items:
            w.writerow([_cell(s.student), item.exercise, item.claim, _pts(item.points), _pts(item.max), item.status,
                        _pts(item.verdict.points), _pts(item.formula.points), _pts(item.value.points),
                        item.verdict.status, item.formula.status, item.value.status, item.conversion or "",
                        _cell(" | ".join(item_feedback(item, grades.lang))), _cell(item.file)])


def render_html(grades: ClassGrade, out: TextIO) -> None:
    from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

    env = Environment(loader=PackageLoader("claimaudit.classroom", "templates"),
                      autoescape=select_autoescape(enabled_extensions=("html", "j2"), default=True),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    n = len(grades.students) or 1
    stats = [{"id": st.exercise.id, "claim": st.exercise.claim, "value": st.exercise.value,
              "mean": f"{st.mean:.1f}", "verdict": f"{100 * st.verdict_right / n:.0f}%",
              "formula": f"{100 * st.formula_right / n:.0f}%", "partial": f"{100 * st.formula_partial / n:.0f}%",
              "valuepct": f"{100 * st.value_right / n:.0f}%", "handed": st.handed_in, "malformed": st.malformed,
              "conversions": ", ".join(f"{c} ×{k}" for c, k in st.conversions)} for st in grades.stats()]

    def part(p: Part) -> dict:
        return {"mark": _MARK[p.status], "status": p.status, "points": _pts(p.points), "max": _pts(p.max)}

    students = [{"name": s.student, "points": _pts(s.points), "max": _pts(s.max), "percent": f"{s.percent:.0f}",
                 "rows": [{"id": i.exercise, "claim": i.claim, "points": _pts(i.points), "max": _pts(i.max),
                            "status": i.status, "verdict": part(i.verdict), "formula": part(i.formula),
                            "value": part(i.value), "feedback": item_feedback(i, grades.lang),
                            "answer": i.answer} for i in s.items]}
                for s in grades.students]
    out.write(env.get_template("grades.html.j2").render(
        t=_UI[grades.lang], lang=grades.lang, stats=stats, students=students, notes=grades.notes,
        mean=f"{grades.mean_percent:.0f}", exercises=[e.id for e in grades.key.exercises]))


