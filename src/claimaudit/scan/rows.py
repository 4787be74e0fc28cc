"""A run result as the small flat rows a scan stores: one per claim, one per finding, and counts.

Only these rows leave the sandbox process (pickling parsed claims costs as much as parsing them).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.results import RunResult

#: Verdict counts every documents row carries (engine.results.VERDICTS).
VERDICT_COLUMNS = ("consistent", "inconsistent", "underdetermined", "error", "stated")
_LINE = re.compile(r"\bline (\d+)(?:, column (\d+))?")
QUOTE_LIMIT = 200


def _doc_place(claim: Any) -> tuple[int | None, int | None]:
    """Line and column in the audited file: a drafted claim's ``at`` names the document's line."""
    m = _LINE.search(claim.at or "") if getattr(claim, "at", None) else None
    if m:
        return int(m.group(1)), int(m.group(2)) if m.group(2) else None
    loc = claim.location
    return (loc.line, loc.col) if loc is not None else (None, None)


def relation_kind(claim: Any) -> str:
    """What kind of relation a claim with a formula states (the extractor's tag), "" for a stated number."""
    if not claim.formula:
        return ""
    # A claim's own tags come first; "extracted" is the tag every drafted file carries.
    return next((t for t in claim.tags if t != "extracted"), "formula")


def run_rows(run: RunResult, doc_id: str) -> dict[str, Any]:
    """Rows of one audited file: ``claims``, ``findings`` and verdict ``counts``."""
    claims: list[dict[str, Any]] = []
    findings: list[dict[str, Any]] = []
    counts = {v: 0 for v in VERDICT_COLUMNS}
    for res in run.results:
        c = res.claim
        line, col = _doc_place(c)
        kind = relation_kind(c)
        counts[res.verdict] = counts.get(res.verdict, 0) + 1
        claims.append({"doc_id": doc_id, "claim_id": c.id, "relation_kind": kind, "value": c.value,
                       "formula": c.formula, "verdict": res.verdict, "outcome": res.outcome,
                       "line": line, "col": col, "quote": (c.quote or "")[:QUOTE_LIMIT]})
        for f in res.findings:
            loc = f.location
            findings.append({"doc_id": doc_id, "claim_id": c.id, "code": f.code, "severity": f.severity,
                             "checker": f.checker, "relation_kind": kind, "verdict": res.verdict,
                             "message": f.message, "path": loc.file if loc is not None else None,
                             "line": line, "col": col})
    for e in run.errors:   # file-level input errors (a claim file that does not parse, ...)
        loc = getattr(e, "location", None)
        findings.append({"doc_id": doc_id, "claim_id": None, "code": getattr(e, "code", "CA001"),
                         "severity": "error", "checker": "input", "relation_kind": "", "verdict": "error",
                         "message": getattr(e, "message", str(e)), "path": getattr(loc, "file", None),
                         "line": getattr(loc, "line", None), "col": getattr(loc, "col", None)})
    return {"claims": claims, "findings": findings, "counts": counts,
            "relations": sum(1 for c in claims if c["relation_kind"]),
            "input_errors": len(run.errors)}
