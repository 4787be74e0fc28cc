"""JUnit XML in pytest's shape (xunit2): one testcase per claim, failures carrying the working.

CI systems read this schema (the Jenkins/Surefire ``junit-10.xsd`` pytest validates against):
``testcase`` has only ``classname``, ``name`` and ``time``, so the claim's ``file:line:col`` goes
first in the failure text, as pytest puts its ``path:line`` there. Outcomes map as pytest's do:
failed → ``<failure>``, error → ``<error>``, expected (xfail) → ``<skipped type="pytest.xfail">``;
a file that could not be read becomes a testcase with an ``<error>``, like a collection error.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any, TextIO

from .common import Record, headline, location
from .text import working_lines

# XML 1.0 cannot carry most control characters; pytest replaces them the same way (bin_xml_escape).
_ILLEGAL_XML = re.compile("[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_text(s: Any) -> str:
    return _ILLEGAL_XML.sub(lambda m: f"#x{ord(m.group(0)):02X}", str(s))


def classname(file: str | None) -> str:
    """``claims/v3_training_cost.yaml`` → ``claims.v3_training_cost`` (pytest's dotted module path)."""
    if not file:
        return ""
    stem = re.sub(r"\.(ya?ml)$", "", file.replace("\\", "/"))
    return stem.strip("/").replace("/", ".")


def _seconds(x: Any) -> str:
    try:
        return f"{float(x):.3f}"
    except (TypeError, ValueError):
        return "0.000"


def failure_text(r: Record) -> str:
    """The body of a failure: where, what, and the working in the claim's terms."""
    lines = [f"{location(r)}: {r.get('verdict')}" + (f" (expected {r['expected']})" if r.get("expected") else "")]
    lines += working_lines(r)
    for f in r.get("findings", ()):
        lines.append(f"{f['code']} {f['severity']}: {f['message']}")
        lines += [f"    {w}" for w in f.get("working") or ()]
    if r.get("because"):
        lines.append(f"because     {r['because']}")
    return "\n".join(lines)


def _sub(parent: ET.Element, tag: str, text: str | None = None, **attrs: str) -> ET.Element:
    el = ET.SubElement(parent, tag, {k: xml_text(v) for k, v in attrs.items()})
    if text is not None:
        el.text = xml_text(text)
    return el


def testcase(suite: ET.Element, r: Record) -> str:
    """Add one claim's testcase; returns its JUnit status (passed, failure, error, skipped)."""
    case = _sub(suite, "testcase", classname=classname(r.get("file")), name=str(r.get("id")),
                time=_seconds(r.get("duration")))
    outcome = r.get("outcome")
    if outcome == "failed":
        _sub(case, "failure", failure_text(r), message=headline(r), type=str(r.get("verdict")))
        return "failure"
    if outcome == "error":
        code = next((f["code"] for f in r.get("findings", ()) if f.get("severity") == "error"), "error")
        _sub(case, "error", failure_text(r), message=headline(r), type=code)
        return "error"
    if outcome == "expected":
        reason = r.get("because") or f"expected {r.get('expected')}"
        _sub(case, "skipped", failure_text(r), type="pytest.xfail", message=reason)
        return "skipped"
    notes = [f"{f['code']} {f['severity']}: {f['message']}" for f in r.get("findings", ())
             if f.get("severity") in ("warning", "info")]
    if notes:
        _sub(case, "system-out", "\n".join(notes))
    return "passed"


def build(report: dict[str, Any], *, suite_name: str = "claimaudit") -> ET.Element:
    root = ET.Element("testsuites", {"name": "claimaudit"})
    suite = _sub(root, "testsuite", name=suite_name, errors="0", failures="0", skipped="0", tests="0",
                 time=_seconds(report.get("duration")), timestamp=str(report.get("created") or ""))
    props = _sub(suite, "properties")
    _sub(props, "property", name="claimaudit", value=str(report.get("claimaudit", "")))
    for key, value in (report.get("options") or {}).items():
        if value not in (None, "", [], ()):
            shown = ",".join(map(str, value)) if isinstance(value, (list, tuple)) else str(value)
            _sub(props, "property", name=f"option.{key}", value=shown)
    counts = {"failure": 0, "error": 0, "skipped": 0, "passed": 0}
    for e in report.get("errors", ()):
        case = _sub(suite, "testcase", classname="", name=str(e.get("file") or "input"), time="0.000")
        _sub(case, "error", e.get("text") or f"{location(e)}: {e.get('message')}",
             message=f"{e.get('code')} {e.get('message')}", type=str(e.get("code")))
        counts["error"] += 1
    for r in report.get("records", ()):
        counts[testcase(suite, r)] += 1
    tests = sum(counts.values())
    suite.set("tests", str(tests))
    suite.set("failures", str(counts["failure"]))
    suite.set("errors", str(counts["error"]))
    suite.set("skipped", str(counts["skipped"]))
    for k in ("tests", "failures", "errors"):
        root.set(k, suite.get(k) or "0")
    root.set("time", suite.get("time") or "0.000")
    return root


def render(report: dict[str, Any], out: TextIO, **_: Any) -> None:
    tree = build(report)
    ET.indent(tree, space="  ")
    out.write('<?xml version="1.0" encoding="utf-8"?>\n')
    out.write(ET.tostring(tree, encoding="unicode"))
    out.write("\n")
