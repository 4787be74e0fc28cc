"""``claimaudit run --statistics``: how many findings each checker code gave, as ruff prints them."""

from __future__ import annotations

import sys
from typing import Any, TextIO


def statistics(report: dict[str, Any]) -> list[tuple[int, str, str, str]]:
    """(count, code, worst severity, name) per finding code, most frequent first; input errors too."""
    counts: dict[str, int] = {}
    worst: dict[str, str] = {}
    rank = {"info": 0, "warning": 1, "error": 2}
    items = [(str(e.get("code") or "CA001"), "error") for e in report.get("errors", ())]
    items += [(str(f["code"]), str(f.get("severity")))
              for r in report.get("records", ()) for f in r.get("findings", ())]
    for code, severity in items:
        counts[code] = counts.get(code, 0) + 1
        if rank.get(severity, 1) >= rank.get(worst.get(code, "info"), 0):
            worst[code] = severity
    from ..reporters.rules import rule_info

    info = rule_info(sorted(counts))
    return sorted(((n, code, worst[code], info[code]["name"]) for code, n in counts.items()),
                  key=lambda row: (-row[0], row[1]))


def print_statistics(report: dict[str, Any], out: TextIO | None = None) -> None:
    out = out or sys.stdout
    rows = statistics(report)
    if not rows:
        out.write("no findings\n")
        return
    width = max(len(str(n)) for n, *_ in rows)
    for n, code, severity, name in rows:
        out.write(f"{n:>{width}}\t{code}\t{severity:<7}\t{name}\n")
