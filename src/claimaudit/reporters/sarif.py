"""SARIF 2.1.0 for code scanning: one rule per finding code, results at the claim's place.

* Locations are the claim's (or the finding's) ``file:line:col``, 1-based, start and end, with
  repo-relative URIs against ``%SRCROOT%``; columns count Unicode code points (``columnKind``),
  which is how the YAML loader counts them.
* ``partialFingerprints`` hash the file, the claim's qualified name and the code (plus a counter
  when one claim has the same code twice) — not the line, so moving a claim keeps its alert.
* Informational findings are left out unless ``min_severity="info"`` (``--min-severity info``): a
  note such as "this paper's text is not available locally" is not a code-scanning alert. A
  source whose text is unavailable is reported once, at the first claim citing it.
* Findings of claims that are expected to fail (``expect:``) and findings a claim ``ignore``\\ s are
  reported as suppressed, with the claim file's reason as the justification.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, TextIO

from .common import Record, file_uri, qualname, sorted_records
from .rules import rule_info
from .sourcetexts import DEFAULT_MIN_SEVERITY, at_least, is_repeat

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
INFORMATION_URI = "https://pypi.org/project/claimaudit/"
LEVEL = {"error": "error", "warning": "warning", "info": "note"}


def fingerprint(*parts: str) -> str:
    return hashlib.sha256("\x1f".join(parts).encode("utf-8")).hexdigest()[:32]


def region(item: dict[str, Any]) -> dict[str, int] | None:
    line = item.get("line")
    if not line:
        return None
    reg = {"startLine": int(line), "startColumn": int(item.get("col") or 1)}
    end_line, end_col = item.get("end_line"), item.get("end_col")
    if end_line and int(end_line) >= reg["startLine"]:
        reg["endLine"] = int(end_line)
        if end_col and (int(end_line) > reg["startLine"] or int(end_col) > reg["startColumn"]):
            reg["endColumn"] = int(end_col)
    else:
        reg["endLine"] = reg["startLine"]
    return reg


def physical_location(item: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    file = str(item.get("file") or "")
    artifact: dict[str, Any]
    if file.startswith("/"):
        artifact = {"uri": "file://" + file_uri(file)}
    else:
        artifact = {"uri": file_uri(prefix + file), "uriBaseId": "%SRCROOT%"}
    loc: dict[str, Any] = {"artifactLocation": artifact}
    reg = region(item)
    if reg:
        loc["region"] = reg
    return {"physicalLocation": loc}


def _message(r: Record, f: dict[str, Any]) -> dict[str, str]:
    text = f"{f['message']} [{qualname(r)}]"
    if f.get("working"):
        text += "\n" + "\n".join(f["working"])
    return {"text": text}


def build(report: dict[str, Any], *, rules_from_checkers: bool = True, path_prefix: str = "",
          min_severity: str = DEFAULT_MIN_SEVERITY) -> dict[str, Any]:
    """``path_prefix``: the project root's folder inside the repository, so URIs are repo-relative.
    ``min_severity``: the least severe finding reported (default warning: informational notes
    would become code-scanning alerts); an unavailable source text is reported once, not per claim."""
    records = sorted_records(report.get("records", ()))
    results: list[dict[str, Any]] = []
    seen_sources: set[str] = set()
    kept: list[tuple[Record, list[tuple[dict[str, Any], Any]]]] = []
    for r in records:
        items = [(f, None) for f in r.get("findings", ())
                 if at_least(f.get("severity"), min_severity) and not is_repeat(r, f, seen_sources)] + [
            ({"code": i["code"], "severity": "warning", "message": i.get("message", ""), **_claim_loc(r)},
             i.get("reason"))
            for i in r.get("ignored") or () if at_least("warning", min_severity)]
        kept.append((r, items))
    # Rules in code order, so a rule's index does not depend on which claim failed first.
    codes = sorted({str(e.get("code") or "CA001") for e in report.get("errors", ())}
                   | {str(f["code"]) for _, items in kept for f, _ in items})

    def code_index(code: str) -> int:
        return codes.index(code)

    for e in report.get("errors", ()):
        code = str(e.get("code") or "CA001")
        results.append({
            "ruleId": code, "ruleIndex": code_index(code), "level": "error",
            "message": {"text": str(e.get("message"))}, "locations": [physical_location(e, path_prefix)],
            "partialFingerprints": {"claimaudit/v1": fingerprint(str(e.get("file")), code, str(e.get("message")))},
        })
    for r, items in kept:
        seen: dict[str, int] = {}
        expected = r.get("outcome") == "expected"
        for f, ignored_because in items:
            code = str(f["code"])
            n = seen[code] = seen.get(code, 0) + 1
            res: dict[str, Any] = {
                "ruleId": code, "ruleIndex": code_index(code), "level": LEVEL.get(f.get("severity") or "", "warning"),
                "message": _message(r, f), "locations": [physical_location(f if f.get("line") else r, path_prefix)],
                "partialFingerprints": {"claimaudit/v1": fingerprint(str(r.get("file")), qualname(r), code, str(n))},
                "properties": {"claim": qualname(r), "verdict": r.get("verdict"), "outcome": r.get("outcome")},
            }
            if ignored_because is not None:
                res["suppressions"] = [{"kind": "inSource", "justification": str(ignored_because)}]
            elif expected:
                res["suppressions"] = [{"kind": "inSource", "justification": str(
                    r.get("because") or f"the claim file expects {r.get('expected')}")}]
            results.append(res)
    info = rule_info(codes, checkers=rules_from_checkers)
    rules = []
    for code in codes:
        i = info[code]
        rules.append({
            "id": code, "name": i["name"],
            "shortDescription": {"text": i["summary"]},
            "fullDescription": {"text": i["help"]},
            "help": {"text": i["help"], "markdown": f"**{code} {i['name']}**: {i['help']}"},
            "defaultConfiguration": {"level": "error" if code != "CA000" else "warning"},
        })
    run: dict[str, Any] = {
        "tool": {"driver": {"name": "claimaudit", "version": str(report.get("claimaudit", "")),
                            "semanticVersion": str(report.get("claimaudit", "")),
                            "informationUri": INFORMATION_URI, "rules": rules}},
        "originalUriBaseIds": {"%SRCROOT%": {"description": {"text": "the claimaudit project root"}}},
        "invocations": [{"executionSuccessful": True,
                         "exitCode": int(report.get("exit_code") or 0),
                         "properties": {"options": report.get("options") or {}}}],
        "columnKind": "unicodeCodePoints",
        "results": results,
        "properties": {"summary": report.get("summary", {})},
    }
    if report.get("created"):
        run["invocations"][0]["startTimeUtc"] = _utc(str(report["created"]))
    return {"$schema": SCHEMA_URI, "version": "2.1.0", "runs": [run]}


def _claim_loc(r: Record) -> dict[str, Any]:
    return {k: r.get(k) for k in ("file", "line", "col", "end_line", "end_col")}


def _utc(iso: str) -> str:
    return iso.replace("+00:00", "Z")


def render(report: dict[str, Any], out: TextIO, *, rules_from_checkers: bool = True, path_prefix: str = "",
           min_severity: str = DEFAULT_MIN_SEVERITY, **_: Any) -> None:
    json.dump(build(report, rules_from_checkers=rules_from_checkers, path_prefix=path_prefix,
                    min_severity=min_severity), out,
              ensure_ascii=False, indent=2)
    out.write("\n")
