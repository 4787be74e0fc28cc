"""The CI formats in detail: GitHub annotations, Markdown, JUnit and SARIF on the fixture corpus."""

from __future__ import annotations

import copy
import json
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from report_support import fixture_report, rendered

from claimaudit.reporters import github, markdown, sarif
from claimaudit.reporters.junit import classname, xml_text


@pytest.fixture(scope="module")
def report() -> dict[str, Any]:
    return fixture_report()


# -- GitHub annotations ------------------------------------------------------------------------------

@pytest.mark.parametrize("raw, data, prop", [
    ("plain", "plain", "plain"),
    ("50% off", "50%25 off", "50%25 off"),
    ("line1\nline2\r\n", "line1%0Aline2%0D%0A", "line1%0Aline2%0D%0A"),
    ("a:b,c", "a:b,c", "a%3Ab%2Cc"),
    ("%0A literally", "%250A literally", "%250A literally"),
])
def test_escaping_matches_the_actions_toolkit(raw: str, data: str, prop: str) -> None:
    # @actions/core escapeData: % \r \n ; escapeProperty: those plus : and ,
    assert github.escape_data(raw) == data
    assert github.escape_property(raw) == prop


def test_annotation_lines_for_the_fixture_corpus(report: dict[str, Any]) -> None:
    lines = github.annotations(report)
    kinds = [ln.split(" ", 1)[0] for ln in lines]
    assert kinds == ["::error", "::error", "::warning", "::error", "::notice", "::notice"]
    capacity = next(ln for ln in lines if "usable_capacity" in ln)
    assert capacity.startswith("::error file=claims/fire_flyer.yaml,line=29,col=5,endLine=40,"
                               "title=CA101 usable_capacity::recomputes to [19.6387, 19.6515] PiB")
    assert "+1.81%25 relative" in capacity and "\n" not in capacity
    unit = next(ln for ln in lines if "read_throughput" in ln)
    f = next(r for r in report["records"] if r["id"] == "read_throughput")["findings"][0]
    assert f["line"] == f["end_line"] == 35, "the unit error is on the value's line"
    assert f"line=35,col={f['col']},endLine=35,endColumn={f['end_col']}," in unit, "located at the value, start and end"


def test_annotations_inside_a_subfolder_of_the_repository(report: dict[str, Any]) -> None:
    lines = github.annotations(report, path_prefix="audit/")
    assert all("file=audit/claims/" in ln for ln in lines)


def test_hostile_text_cannot_end_the_command(report: dict[str, Any]) -> None:
    evil = copy.deepcopy(report)
    rec = next(r for r in evil["records"] if r["outcome"] == "failed")
    rec["id"] = "x,line=1::error::pwned"
    rec["findings"][0]["message"] = "msg\n::error::injected"
    lines = github.annotations(evil)
    assert not any(ln.startswith("::error::") for ln in lines)
    assert any("title=CA101 x%2Cline=1%3A%3Aerror%3A%3Apwned::msg%0A::error::injected" in ln for ln in lines)


# -- Markdown ------------------------------------------------------------------------------------------

def test_markdown_cells_escape_markup_and_pipes() -> None:
    assert markdown.cell("a | b") == "a \\| b"
    assert markdown.cell("<script>x</script>") == "&lt;script&gt;x&lt;/script&gt;"
    assert markdown.cell("[link](javascript:x)") == "\\[link\\](javascript:x)"
    assert markdown.cell("two\nlines") == "two lines"
    assert markdown.cell("5 & 6") == "5 &amp; 6"


def test_markdown_links_to_lines_and_cards(report: dict[str, Any]) -> None:
    md = markdown.render_markdown(report, link_base="https://github.com/o/r/blob/abc/", html_url="https://x.org/r.html")
    assert "[claims/fire\\_flyer.yaml:29](https://github.com/o/r/blob/abc/claims/fire_flyer.yaml#L29)" in md
    assert "[`usable_capacity`](https://x.org/r.html#fire_flyer.usable_capacity)" in md
    plain = markdown.render_markdown(report)
    assert "[claims/fire\\_flyer.yaml:29](claims/fire_flyer.yaml#L29)" in plain and "x.org" not in plain


def test_markdown_stays_short_for_big_runs(report: dict[str, Any]) -> None:
    big = copy.deepcopy(report)
    failed = next(r for r in big["records"] if r["outcome"] == "failed" and r["verdict"] == "inconsistent")
    big["records"] = [dict(failed, id=f"c{i}", qualname=f"m.c{i}") for i in range(5000)]
    md = markdown.render_markdown(big, max_rows=50)
    assert "and 4950 more" in md and len(md) < 65536


def test_markdown_for_a_clean_run_says_so(report: dict[str, Any]) -> None:
    clean = copy.deepcopy(report)
    clean["records"] = [r for r in clean["records"] if r["outcome"] == "passed" and not r["findings"]]
    clean["errors"] = []
    md = markdown.render_markdown(clean)
    assert "All claims are as expected." in md and "### Findings" not in md


# -- JUnit -------------------------------------------------------------------------------------------

def test_junit_has_pytest_shape(report: dict[str, Any]) -> None:
    root = ET.fromstring(rendered("junit", report))
    suite = root.find("testsuite")
    assert suite is not None
    cases = suite.findall("testcase")
    assert len(cases) == len(report["records"]) + len(report["errors"])
    assert suite.get("tests") == str(len(cases))
    assert (suite.get("failures"), suite.get("errors"), suite.get("skipped")) == ("2", "2", "2")
    case = next(c for c in cases if c.get("name") == "usable_capacity")
    assert case.get("classname") == "claims.fire_flyer"
    failure = case.find("failure")
    assert failure is not None and failure.get("type") == "inconsistent"
    body = failure.text or ""
    assert body.startswith("claims/fire_flyer.yaml:29:5: inconsistent")
    assert "ssd_size      = 15.36 TB/SSD  →  [15.355, 15.365] TB/SSD" in body, "the working, as the terminal shows it"
    xfail = next(c for c in cases if c.get("name") == "nvlink_vs_ecc").find("skipped")
    assert xfail is not None and xfail.get("type") == "pytest.xfail" and "19.9×" in (xfail.get("message") or "")


def test_junit_names_and_illegal_characters() -> None:
    assert classname("claims/v3_training_cost.yaml") == "claims.v3_training_cost"
    assert classname("docs/guide.yml") == "docs.guide"
    assert xml_text("bell\x07 tab\t ok") == "bell#x07 tab\t ok"


# -- SARIF -------------------------------------------------------------------------------------------

def test_sarif_results_rules_and_locations(report: dict[str, Any]) -> None:
    doc = sarif.build(report, rules_from_checkers=False)
    run = doc["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == ["CA004", "CA010", "CA101"]
    assert all(r["help"]["text"] and r["shortDescription"]["text"] for r in rules)
    for res in run["results"]:
        assert rules[res["ruleIndex"]]["id"] == res["ruleId"]
    claim_results = [r for r in run["results"] if "properties" in r]
    cap = next(r for r in claim_results if r["properties"]["claim"] == "fire_flyer.usable_capacity")
    loc = cap["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"] == {"uri": "claims/fire_flyer.yaml", "uriBaseId": "%SRCROOT%"}
    # The claim's mapping: from its "- id:" to the start of the next claim (endColumn is exclusive).
    assert loc["region"] == {"startLine": 29, "startColumn": 5, "endLine": 40, "endColumn": 1}
    assert cap["level"] == "error" and "suppressions" not in cap
    known = next(r for r in claim_results if r["properties"]["claim"] == "cluster.nvlink_vs_ecc")
    assert known["suppressions"][0]["kind"] == "inSource" and "19.9×" in known["suppressions"][0]["justification"]
    assert run["columnKind"] == "unicodeCodePoints"


def test_sarif_fingerprints_survive_moving_a_claim(report: dict[str, Any]) -> None:
    moved = copy.deepcopy(report)
    for r in moved["records"]:
        for key in ("line", "end_line"):
            if r.get(key):
                r[key] += 7
        for f in r["findings"]:
            f["line"] = (f.get("line") or 1) + 7
            f["message"] = f["message"] + " (reworded)"
    a = [r["partialFingerprints"] for r in sarif.build(report)["runs"][0]["results"]]
    b = [r["partialFingerprints"] for r in sarif.build(moved)["runs"][0]["results"]]
    assert a == b and len({json.dumps(x) for x in a}) == len(a), "stable and distinct"


def test_sarif_uris_are_repo_relative_and_encoded(report: dict[str, Any]) -> None:
    odd = copy.deepcopy(report)
    rec = next(r for r in odd["records"] if r["outcome"] == "failed")
    rec["file"] = "claims/审计 ü#1.yaml"
    for f in rec["findings"]:
        f["file"] = rec["file"]
    doc = sarif.build(odd, path_prefix="audit/")
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in doc["runs"][0]["results"]}
    assert "audit/claims/%E5%AE%A1%E8%AE%A1%20%C3%BC%231.yaml" in uris
    assert all(u.startswith("audit/claims/") for u in uris)


def test_sarif_reports_ignored_findings_as_suppressed() -> None:
    rec = {"id": "c", "qualname": "m.c", "file": "claims/m.yaml", "line": 3, "col": 5, "verdict": "consistent",
           "outcome": "passed", "findings": [], "ignored": [{"code": "CA104", "message": "rounded oddly",
                                                              "reason": "the document rounds down on purpose"}]}
    doc = sarif.build({"records": [rec], "errors": [], "claimaudit": "0"}, rules_from_checkers=False)
    (res,) = doc["runs"][0]["results"]
    assert res["ruleId"] == "CA104" and res["suppressions"][0]["justification"] == "the document rounds down on purpose"
