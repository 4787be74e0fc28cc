"""A Markdown summary for a pull-request comment or ``$GITHUB_STEP_SUMMARY``.

Counts first, then the findings as a table with links: to the claim file's line (on GitHub when
``link_base`` is given, e.g. ``https://github.com/o/r/blob/<sha>/``; the CLI fills it from the
Actions environment) and to the claim's card in the HTML report when ``html_url`` is given.
Cell text is escaped so a quote cannot break the table or smuggle in markup.
"""

from __future__ import annotations

import re
from typing import Any, TextIO

from .common import Record, anchor, expected_counts, file_uri, headline, shown_findings, sorted_records, summary_text
from .escape import escape_tree

#: GitHub refuses comments over 65,536 characters; stay well inside it.
MAX_ROWS = 200
ICON = {"failed": "❌", "error": "⛔", "expected": "⚠️", "passed": "✅"}
VERDICT_ICON = {"consistent": "✅", "inconsistent": "❌", "underdetermined": "❔", "error": "⛔", "stated": "📄"}
_MD_SPECIAL = re.compile(r"([\\`*_\[\]|<>#~])")


def cell(text: Any) -> str:
    """Table-cell text: one line, Markdown and HTML specials escaped."""
    s = str(text).replace("&", "&amp;")
    s = _MD_SPECIAL.sub(lambda m: {"<": "&lt;", ">": "&gt;"}.get(m.group(1), "\\" + m.group(1)), s)
    return " ".join(s.split())


def line_link(item: dict[str, Any], link_base: str | None) -> str:
    file = item.get("file") or ""
    text = f"{file}:{item['line']}" if item.get("line") else file
    if not file:
        return ""
    target = (link_base or "") + file_uri(file) + (f"#L{item['line']}" if item.get("line") else "")
    return f"[{cell(text)}]({target})"


def claim_link(r: Record, html_url: str | None) -> str:
    shown = f"`{r.get('id')}`" if "`" not in str(r.get("id")) else cell(r.get("id"))
    if html_url:
        return f"[{shown}]({html_url}#{file_uri(anchor(r))})"
    return shown


def render_markdown(report: dict[str, Any], *, link_base: str | None = None, html_url: str | None = None,
                    max_rows: int = MAX_ROWS, title: str = "claimaudit") -> str:
    report = escape_tree(report)  # a step summary or PR comment shows no raw control characters
    s = report.get("summary", {})
    records = report.get("records", [])
    out = [f"## {title}: {cell(summary_text(report))}", ""]
    exp = expected_counts(records)
    out += ["| verdict | claims | expected |", "| --- | ---: | ---: |"]
    for v in ("inconsistent", "error", "underdetermined", "stated", "consistent"):
        if s.get(v):
            out.append(f"| {VERDICT_ICON[v]} {v} | {s[v]} | {exp.get(v, 0) or ''} |")
    out.append("")
    facts = [f"{s.get('selected', len(records))} of {s.get('collected', len(records))} claims"]
    if s.get("failed"):
        facts.append(f"**{s['failed']} failed**")
    if s.get("errors"):
        facts.append(f"**{s['errors']} input error{'s' if s['errors'] != 1 else ''}**")
    facts.append(f"claimaudit {report.get('claimaudit', '')}")
    if html_url:
        facts.append(f"[full report]({html_url})")
    out += [" · ".join(facts), ""]

    errors = report.get("errors", [])
    if errors:
        out += ["### Input errors", "", "| Location | Code | Error |", "| --- | --- | --- |"]
        for e in errors[:max_rows]:
            out.append(f"| {line_link(e, link_base)} | {cell(e.get('code'))} | {cell(e.get('message'))} |")
        out.append("")

    problems = [r for r in sorted_records(records) if r.get("outcome") in ("failed", "error")]
    known = [r for r in sorted_records(records) if r.get("outcome") == "expected"]
    warned = [r for r in sorted_records(records) if r.get("outcome") == "passed" and shown_findings(r)]
    for heading, group, open_ in (("Findings", problems, True), ("Warnings", warned, True),
                                  ("Expected (known problems of the document)", known, False)):
        if not group:
            continue
        rows = ["| | Claim | Location | Code | Finding |", "| --- | --- | --- | --- | --- |"]
        n = 0
        for r in group:
            for f in shown_findings(r) or [{"code": "", "message": headline(r), "severity": "error"}]:
                if n >= max_rows:
                    break
                n += 1
                msg = f["message"] + (f" — because: {r['because']}" if r.get("outcome") == "expected"
                                      and r.get("because") else "")
                rows.append(f"| {ICON.get(r.get('outcome') or '', '')} | {claim_link(r, html_url)} | "
                            f"{line_link(f if f.get('line') else r, link_base)} | "
                            f"{cell(f.get('code'))} | {cell(msg)} |")
        total = sum(len(shown_findings(r)) or 1 for r in group)
        if total > n:
            rows.append(f"| | … | | | and {total - n} more |")
        if open_:
            out += [f"### {heading} ({len(group)})", ""] + rows + [""]
        else:
            out += [f"<details><summary>{heading}: {len(group)}</summary>", ""] + rows + ["", "</details>", ""]
    if not problems and not errors:
        out += ["All claims are as expected.", ""]
    return "\n".join(out)


def render(report: dict[str, Any], out: TextIO, *, link_base: str | None = None, html_url: str | None = None,
           **_: Any) -> None:
    out.write(render_markdown(report, link_base=link_base, html_url=html_url))
