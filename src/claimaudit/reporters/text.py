"""Terminal output in the spirit of pytest: progress per file, a section per finding, a summary."""

from __future__ import annotations

import os
from typing import Any, TextIO

from ..terminal import terminal_columns
from .escape import escape_controls, escape_tree

OUTCOME_CHAR = {"passed": ".", "failed": "F", "expected": "x", "error": "E"}
_COLORS = {"red": "31", "green": "32", "yellow": "33", "bold": "1", "cyan": "36"}


class Writer:
    def __init__(self, out: TextIO, color: bool | None = None, width: int | None = None) -> None:
        self.out = out
        if color is None:
            color = _want_color(out)
        self.color = color
        self.width = width or _width()

    def paint(self, text: str, *styles: str) -> str:
        if not self.color or not styles:
            return text
        codes = ";".join(_COLORS[s] for s in styles)
        return f"\x1b[{codes}m{text}\x1b[0m"

    def line(self, text: str = "", *styles: str) -> None:
        self.out.write(self.paint(text, *styles) + "\n")

    def sep(self, ch: str, title: str = "", *styles: str) -> None:
        if title:
            n = max(self.width - len(title) - 2, 4)
            left = n // 2
            text = f"{ch * left} {title} {ch * (n - left)}"
        else:
            text = ch * self.width
        self.line(text, *styles)


def _width() -> int:
    try:
        return max(40, min(int(os.environ.get("COLUMNS", "")) or 80, 200))
    except ValueError:
        return terminal_columns()


def _want_color(out: TextIO) -> bool:
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR") or os.environ.get("PY_COLORS") == "1":
        return True
    return bool(getattr(out, "isatty", lambda: False)())


def _rel(record: dict[str, Any]) -> str:
    return {"=": "", "~": "about ", ">": "more than ", ">=": "at least ", "<": "less than ",
            "<=": "at most "}.get(record.get("relation") or "=", "")


def working_lines(r: dict[str, Any]) -> list[str]:
    """The working of one claim record, in the claim's terms (shared by text, JUnit and pytest)."""
    lines: list[str] = []
    if r.get("quote"):
        src = f"  [{r['source']}" + (f", {r['at']}" if r.get("at") else "") + "]" if r.get("source") else ""
        lines.append(f"quote       “{r['quote']}”{src}")
        found = (r.get("extra") or {}).get("quote")
        if found and found.get("file"):
            where = f"{found['file']}:{found['line']}" if found.get("line") else found["file"]
            if found.get("page"):
                where += f" (page {found['page']})"
            if found.get("section"):
                where += f" § {found['section']}"
            how = found.get("match", "")
            if how and how != "exact":
                how += f", {found.get('score', 0):.0f}%"
            lines.append(f"found at    {where}" + (f"  [{how}]" if how else ""))
    if r.get("value") is not None:
        claimed = r.get("claimed") or {}
        lines.append(f"claimed     {r['value']}  →  {_rel(r)}{claimed.get('text', '?')}")
    if r.get("formula"):
        lines.append(f"formula     {r.get('formula_display') or r['formula']}")
    inputs = r.get("inputs", [])
    width = max([10] + [len(i["name"]) + 1 for i in inputs])
    for i in inputs:
        where = f"   ({i['ref']})" if i.get("ref") else ""
        name = f"{i['name']:<{width}}"
        if i.get("free"):
            lines.append(f"  {name}= ?  (no value: free input){where}")
        elif i.get("recomputed"):
            lines.append(f"  {name}= {i.get('text')}  (recomputed){where}")
        else:
            lines.append(f"  {name}= {i.get('printed')}  →  {i.get('text')}{where}")
    if r.get("recomputed"):
        lines.append(f"recomputed  {r['recomputed']['text']}")
    return lines


def checklist_lines(r: dict[str, Any]) -> list[str]:
    """The careful reader's checklist of a record, when the front end answered it."""
    return [f"  [{a['mark']}] {a['question']} {a['text']}" for a in (r.get("extra") or {}).get("checklist") or ()]


def render_record(w: Writer, r: dict[str, Any], checklist: bool = False) -> None:
    title = f"{r['file']}::{r['id']}"
    style = "red" if r["outcome"] in ("failed", "error") else "yellow"
    w.sep("_", title, style, "bold")
    w.line(f"{r['file']}:{r['line']}:{r['col']}")
    for ln in working_lines(r):
        w.line(ln)
    for f in r.get("findings", []):
        sev = {"error": "red", "warning": "yellow", "info": "cyan"}.get(f["severity"], "")
        # A finding placed elsewhere than the claim (its value, its formula) says where.
        where = f"{f['file']}:{f['line']}:{f['col']}: " if f.get("line") and (f.get("line"), f.get("col")) != (
            r.get("line"), r.get("col")) else ""
        w.line(w.paint(f"{f['code']} {f['severity']}", sev, "bold") + f": {where}{f['message']}")
        for extra in f.get("working") or []:
            w.line(f"    {extra}")
    for ig in r.get("ignored", []):
        w.line(f"(ignored {ig['code']}: {ig['reason']})")
    verdict = f"verdict     {r['verdict']}"
    if r.get("expected"):
        verdict += f" (expected {r['expected']})"
    if r.get("boundary"):
        verdict += " — boundary case"
    w.line(verdict, style)
    if r.get("because"):
        w.line(f"because     {r['because']}")
    if checklist and checklist_lines(r):
        w.line("checklist")
        for ln in checklist_lines(r):
            w.line(ln)


def summary_line(report: dict[str, Any]) -> str:
    s = report["summary"]
    parts = []
    expected_by_verdict: dict[str, int] = {}
    for r in report["records"]:
        if r["outcome"] == "expected":
            expected_by_verdict[r["verdict"]] = expected_by_verdict.get(r["verdict"], 0) + 1
    for key in ("consistent", "inconsistent", "underdetermined", "stated", "error"):
        n = s.get(key, 0)
        if n:
            txt = f"{n} {key}"
            if expected_by_verdict.get(key):
                txt += f" ({expected_by_verdict[key]} expected)"
            parts.append(txt)
    if s.get("errors"):
        parts.append(f"{s['errors']} input error{'s' if s['errors'] != 1 else ''}")
    warned = len(warnings_of(report))
    if warned:
        parts.append(f"{warned} warning{'s' if warned != 1 else ''}")
    if not parts:
        parts.append("no claims collected")
    deselected = s["collected"] - s["selected"]
    if deselected:
        parts.append(f"{deselected} deselected")
    return ", ".join(parts) + f" in {report['duration']:.2f}s"


def warnings_of(report: dict[str, Any]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """The warnings on claims that passed, with their records: shown and counted as pytest shows
    warnings, so that no warning passes silently (a failing or expected claim shows its own)."""
    # (most records have no finding: skipped before a loop is set up, in a pass over every record)
    return [(r, f) for r in report["records"] if r["outcome"] == "passed" and r.get("findings")
            for f in r["findings"] if f["severity"] == "warning"]


def render(report: dict[str, Any], out: TextIO, *, verbosity: int = 0, color: bool | None = None,
           show_progress: bool = True) -> None:
    w = Writer(out, color)
    # Nothing a stranger wrote reaches the terminal raw. Only the records shown in full are escaped
    # (a copy each, made once): escaping every record of a large run costs more than the run's audit.
    records = report["records"]
    report = {**escape_tree({k: v for k, v in report.items() if k != "records"}), "records": records}
    escaped: dict[int, dict[str, Any]] = {}

    def shown(r: dict[str, Any]) -> dict[str, Any]:
        e = escaped.get(id(r))
        if e is None:
            e = escaped[id(r)] = escape_tree(r)
        return e

    if verbosity >= 0:
        w.sep("=", "claimaudit session starts", "bold")
        w.line(f"claimaudit {report['claimaudit']}, root: {report['root']}")
        w.line(f"collected {report['summary']['collected']} claims"
               + (f" from {', '.join(report['paths'])}" if report["paths"] else ""))
        w.line()
    if show_progress and verbosity >= 0:
        done = 0
        by_file: dict[str, list[dict[str, Any]]] = {}
        for r in records:
            by_file.setdefault(r["file"], []).append(r)
        total = max(len(records), 1)
        for raw_file, rs in by_file.items():
            done += len(rs)
            file = escape_controls(str(raw_file))
            if verbosity >= 1:
                for r in rs:
                    label = r["outcome"].upper() if r["outcome"] != "expected" else "XFAIL"
                    shown_line = f"{file}::{shown(r)['id']} {r['verdict'].upper()}"
                    if r["outcome"] != "passed" or r["verdict"] != "consistent":
                        shown_line += f" [{label}]"
                    w.line(shown_line)
            else:
                chars = "".join(OUTCOME_CHAR.get(r["outcome"], "?") for r in rs)
                pct = f"[{done * 100 // total:3d}%]"
                left = f"{file} {chars}"
                w.line(left + " " * max(1, w.width - len(left) - len(pct)) + pct)
    if report["errors"]:
        w.sep("=", "INPUT ERRORS", "red", "bold")
        for e in report["errors"]:
            w.line(e["text"], "red")
    problems = [shown(r) for r in records if r["outcome"] in ("failed", "error")]
    notes = [r for r in records if r["outcome"] == "expected" or (r["outcome"] == "passed" and r["findings"] and any(
        f["severity"] == "warning" for f in r["findings"]))]
    if problems and verbosity >= -1:
        w.sep("=", "FINDINGS", "red", "bold")
        for r in problems:
            render_record(w, r, checklist=verbosity >= 2)
    if notes and verbosity >= 1:
        w.sep("=", "EXPECTED AND NOTED", "yellow", "bold")
        for r in notes:
            render_record(w, shown(r), checklist=verbosity >= 2)
    if verbosity >= 0 and (problems or notes):
        w.sep("=", "short summary", "bold")
        for r in problems + [shown(r) for r in records if r["outcome"] == "expected"]:
            label = {"failed": "FAILED", "error": "ERROR", "expected": "XFAIL"}[r["outcome"]]
            first = next((f["message"] for sev in ("error", "warning") for f in r["findings"]
                          if f["severity"] == sev), r["verdict"])
            if r["outcome"] == "expected" and r.get("because"):
                first = r["because"]
            w.line(f"{label} {r['file']}::{r['id']} - {first}")
    # Warnings on claims that passed are not silent: listed like pytest's warnings summary.
    passed_warnings = [(shown(r), f) for r, f in warnings_of(report)]
    if passed_warnings and verbosity >= -1:
        w.sep("=", "warnings summary", "yellow", "bold")
        for r, f in passed_warnings:
            w.line(f"{r['file']}::{r['id']}: {escape_controls(f['code'])} {escape_controls(f['message'])}",
                   "yellow")
    for extra in report.get("notes", []):
        w.line(extra)
    line = summary_line(report)
    bad = report["summary"].get("failed") or report["summary"].get("error") or report["summary"].get("errors")
    w.sep("=", line, "red" if bad else "green", "bold")
