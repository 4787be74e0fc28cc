"""Helpers every machine format shares: problem-first order, anchors, locations, headlines.

Everything here reads the plain report dict of ``engine.records.as_report`` and nothing else.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any
from urllib.parse import quote as _urlquote

Record = dict[str, Any]

#: Verdicts in the order a reader wants them, worst first.
VERDICT_ORDER = ("inconsistent", "error", "underdetermined", "stated", "consistent")


def has_warning(r: Record) -> bool:
    return any(f.get("severity") == "warning" for f in r.get("findings", ()))


def problem_rank(r: Record) -> int:
    """0 error, 1 failed, 2 passed with warnings, 3 expected, 4 passed: problems first."""
    outcome = r.get("outcome")
    if outcome == "error":
        return 0
    if outcome == "failed":
        return 1
    if outcome == "passed" and has_warning(r):
        return 2
    if outcome == "expected":
        return 3
    return 4


def sorted_records(records: Iterable[Record]) -> list[Record]:
    """Problems first; otherwise the order the engine gave (file order), which sorted() keeps."""
    return sorted(records, key=problem_rank)


def qualname(r: Record) -> str:
    return r.get("qualname") or f"{r.get('module')}.{r.get('id')}"


def anchor(r: Record) -> str:
    """The HTML id of a claim's card: its qualified name (unique in a run), no whitespace."""
    return re.sub(r"\s", "_", qualname(r))


def location(item: dict[str, Any]) -> str:
    """``file:line:col`` of a record, finding or error (``file`` alone when the line is unknown)."""
    file = item.get("file") or "?"
    if item.get("line"):
        return f"{file}:{item['line']}:{item.get('col') or 1}"
    return file


def headline(r: Record) -> str:
    """The one line that says what is wrong with a claim (or its verdict when nothing is)."""
    for sev in ("error", "warning"):
        for f in r.get("findings", ()):
            if f.get("severity") == sev:
                return f["message"]
    if r.get("outcome") == "expected" and r.get("because"):
        return r["because"]
    return r.get("verdict") or ""


def shown_findings(r: Record) -> list[dict[str, Any]]:
    """Findings worth an annotation: errors and warnings (info notes stay in the HTML report)."""
    return [f for f in r.get("findings", ()) if f.get("severity") in ("error", "warning")]


def file_uri(path: str) -> str:
    """A repo-relative path as a URI reference (percent-encoded, forward slashes)."""
    return _urlquote(path.replace("\\", "/"), safe="/:@!$&'()*+,;=-._~")


def verdict_counts(report: dict[str, Any]) -> list[tuple[str, int]]:
    s = report.get("summary", {})
    return [(v, int(s.get(v, 0))) for v in VERDICT_ORDER if s.get(v)]


def expected_counts(records: Iterable[Record]) -> dict[str, int]:
    out: dict[str, int] = {}
    for r in records:
        if r.get("outcome") == "expected":
            out[r["verdict"]] = out.get(r["verdict"], 0) + 1
    return out


def summary_text(report: dict[str, Any]) -> str:
    """``2 inconsistent (1 expected), 40 consistent, 1 input error`` — no timing, so it is stable."""
    s = report.get("summary", {})
    exp = expected_counts(report.get("records", ()))
    parts = []
    for v, n in verdict_counts(report):
        parts.append(f"{n} {v}" + (f" ({exp[v]} expected)" if exp.get(v) else ""))
    if s.get("errors"):
        parts.append(f"{s['errors']} input error{'s' if s['errors'] != 1 else ''}")
    return ", ".join(parts) or "no claims collected"
