"""GitHub Actions workflow commands: an annotation per finding, shown on the claim file's line.

``::error file=claims/x.yaml,line=22,col=5,endLine=22,endColumn=40,title=CA101 total_hours::message``

Escaped exactly as the Actions toolkit (``@actions/core`` ``toCommandValue``/``escapeData``/
``escapeProperty``) escapes: ``%``, CR and LF in the message; additionally ``:`` and ``,`` in
property values. Failed claims give ``::error``, warnings ``::warning``, and findings of claims that
are expected to fail (known problems of the document) ``::notice``.
"""

# No `from __future__ import annotations`: it would bind the name of annotations() below.
from typing import Any, TextIO

from .common import Record, sorted_records, summary_text
from .escape import escape_tree
from .sourcetexts import DEFAULT_MIN_SEVERITY, at_least, is_repeat


def escape_data(s: str) -> str:
    return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(s: str) -> str:
    return escape_data(s).replace(":", "%3A").replace(",", "%2C")


def command(kind: str, message: str, **props: Any) -> str:
    shown = ",".join(f"{k}={escape_property(str(v))}" for k, v in props.items() if v not in (None, ""))
    return f"::{kind}{' ' + shown if shown else ''}::{escape_data(message)}"


def _where(item: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    file = item.get("file")
    if file and prefix and not str(file).startswith("/"):
        file = prefix + str(file)
    props: dict[str, Any] = {"file": file, "line": item.get("line"), "col": item.get("col")}
    if item.get("end_line"):
        props["endLine"] = item["end_line"]
        # GitHub reads endColumn only for a one-line span.
        if item.get("end_col") and item["end_line"] == item.get("line"):
            props["endColumn"] = item["end_col"]
    return props


def annotations(report: dict[str, Any], *, path_prefix: str = "",
                min_severity: str = DEFAULT_MIN_SEVERITY) -> list[str]:
    """``path_prefix``: the project root's folder inside the repository ("docs/audit/"), if any;
    ``min_severity``: the least severe finding annotated (default warning; info adds the notes,
    an unavailable source text once, not per claim)."""
    lines = []
    report = escape_tree(report, keep_newlines=True)  # no ESC/OSC sequence reaches the log (CR/LF: %0D/%0A)
    seen_sources: set[str] = set()
    for e in report.get("errors", ()):
        lines.append(command("error", str(e.get("message")), **_where(e, path_prefix),
                             title=f"{e.get('code')} input error"))
    for r in sorted_records(report.get("records", ())):
        outcome = r.get("outcome")
        for f in r.get("findings", ()):
            if not at_least(f.get("severity"), min_severity) or is_repeat(r, f, seen_sources):
                continue
            if outcome == "expected":
                kind = "notice"
            elif f["severity"] == "error" and outcome in ("failed", "error"):
                kind = "error"
            elif f["severity"] == "info":
                kind = "notice"
            else:
                kind = "warning"
            message = _message(r, f)
            where = _where(f if f.get("line") else r, path_prefix)
            lines.append(command(kind, message, **where, title=f"{f['code']} {r.get('id')}"))
    return lines


def _message(r: Record, f: dict[str, Any]) -> str:
    text = f["message"]
    if r.get("quote"):
        text += f"\nquote: “{r['quote']}”"
    if r.get("outcome") == "expected" and r.get("because"):
        text += f"\nexpected {r.get('expected')}: {r['because']}"
    for w in f.get("working") or ():
        text += "\n" + w
    return text


def render(report: dict[str, Any], out: TextIO, *, path_prefix: str = "", min_severity: str = DEFAULT_MIN_SEVERITY,
           **_: Any) -> None:
    for line in annotations(report, path_prefix=path_prefix, min_severity=min_severity):
        out.write(line + "\n")
    out.write(f"claimaudit: {summary_text(report)}\n")
