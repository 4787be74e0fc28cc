"""Schema validation: the JSON report against report.schema.json, SARIF against the OASIS SARIF
2.1.0 schema, JUnit against the Jenkins/pytest junit-10.xsd — for the fixture corpus, the bundled
DeepSeek corpus (full engine, every checker) and hostile input. Each validator is also shown to
reject a broken document, so a pass means something.
"""

from __future__ import annotations

import copy
import io
import json
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from report_support import fixture_report, normalize, rendered
from support import REPO

from claimaudit.engine.records import as_report
from claimaudit.engine.run import RunOptions, run_claims
from claimaudit.reporters import sarif

SCHEMAS = REPO / "tests" / "fixtures" / "reports" / "schemas"


@cache
def report_schema() -> dict[str, Any]:
    return json.loads(resources.files("claimaudit").joinpath("schemas/report.schema.json").read_text("utf-8"))


@cache
def sarif_validator() -> jsonschema.Draft4Validator:
    schema = json.loads((SCHEMAS / "sarif-schema-2.1.0.json").read_text("utf-8"))
    return jsonschema.Draft4Validator(schema)


@cache
def junit_schema() -> Any:
    xmlschema = pytest.importorskip("xmlschema", reason="xmlschema (the `test` extra) validates JUnit XML")
    return xmlschema.XMLSchema(str(SCHEMAS / "junit-10.xsd"))


def report_errors(report: dict[str, Any]) -> list[str]:
    v = jsonschema.Draft202012Validator(report_schema())
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in v.iter_errors(report)]


def sarif_errors(doc: dict[str, Any]) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in sarif_validator().iter_errors(doc)]


@pytest.fixture(scope="module")
def fixture() -> dict[str, Any]:
    return fixture_report()


@pytest.fixture(scope="module")
def bundled() -> dict[str, Any]:
    """The project's own DeepSeek corpus with every checker (the quote checker skips absent seeds)."""
    run = run_claims([REPO / "claims"], REPO, RunOptions())
    return json.loads(rendered("json", as_report(run)))


def hostile_report(base: dict[str, Any]) -> dict[str, Any]:
    """Markup, quotes, control characters and a non-ASCII path in every text field a reporter shows."""
    r = copy.deepcopy(base)
    rec = next(x for x in r["records"] if x["outcome"] == "failed")
    nasty = '<script>alert("x")</script> & \x07 "quoted" , : % \r\n next line'
    rec["id"] = 'evil"<script>'
    rec["quote"] = nasty
    rec["title"] = nasty
    rec["file"] = "claims/审计 ü.yaml"
    for f in rec["findings"]:
        f["message"] = nasty
        f["file"] = rec["file"]
    return r


def test_report_schema_is_valid_json_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(report_schema())


def test_fixture_report_matches_schema(fixture: dict[str, Any]) -> None:
    assert report_errors(json.loads(rendered("json", fixture))) == []


def test_bundled_corpus_report_matches_schema(bundled: dict[str, Any]) -> None:
    assert bundled["summary"]["selected"] >= 60
    assert report_errors(bundled) == []


def test_report_schema_rejects_a_wrong_record(fixture: dict[str, Any]) -> None:
    broken = copy.deepcopy(fixture)
    broken["records"][0]["verdict"] = "probably fine"
    del broken["records"][1]["findings"]
    broken["records"][2]["claimed"] = {"lo": "about 3", "hi": "4", "text": "", "unit": ""}
    errors = report_errors(broken)
    assert any("verdict" in e for e in errors)
    assert any("'findings' is a required property" in e for e in errors)
    assert any("claimed/lo" in e for e in errors)


@pytest.mark.parametrize("which", ["fixture", "bundled", "hostile"])
def test_sarif_validates_against_the_oasis_schema(which: str, fixture: dict[str, Any], bundled: dict[str, Any]) -> None:
    report = {"fixture": fixture, "bundled": bundled, "hostile": hostile_report(fixture)}[which]
    doc = json.loads(rendered("sarif", report))
    assert sarif_errors(doc) == []
    assert doc["runs"][0]["results"], "a corpus with findings gives results"


def test_sarif_schema_catches_a_broken_result(fixture: dict[str, Any]) -> None:
    doc = sarif.build(fixture)
    del doc["runs"][0]["results"][0]["message"]
    doc["runs"][0]["results"][1]["level"] = "fatal"
    doc["runs"][0]["results"][2]["locations"][0]["physicalLocation"]["region"]["startLine"] = 0
    errors = sarif_errors(doc)
    assert len(errors) >= 3


@pytest.mark.parametrize("which", ["fixture", "bundled", "hostile"])
def test_junit_validates_against_junit_10_xsd(which: str, fixture: dict[str, Any], bundled: dict[str, Any]) -> None:
    report = {"fixture": fixture, "bundled": bundled, "hostile": hostile_report(fixture)}[which]
    text = rendered("junit", report)
    junit_schema().validate(io.StringIO(text))


def test_junit_xsd_catches_a_testcase_without_name(fixture: dict[str, Any]) -> None:
    text = rendered("junit", fixture).replace('name="total_hours" ', "", 1)
    assert not junit_schema().is_valid(io.StringIO(text))


def test_vendored_schemas_are_the_published_ones() -> None:
    sarif_schema = json.loads((SCHEMAS / "sarif-schema-2.1.0.json").read_text("utf-8"))
    assert sarif_schema["id"].endswith("/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json")
    assert "partialFingerprints" in json.dumps(sarif_schema)
    xsd = (SCHEMAS / "junit-10.xsd").read_text("utf-8")
    assert "Gregory Boissinot" in xsd and '<xs:element name="testsuites">' in xsd


def test_real_runs_are_validated_not_just_fixtures(bundled: dict[str, Any]) -> None:
    # The bundled corpus has known problems of the handbook (expect: inconsistent): they must show.
    expected = [r for r in bundled["records"] if r["outcome"] == "expected"]
    assert {r["id"] for r in expected} >= {"nvlink_vs_ecc", "efficiency_64_512", "usable_capacity_claim"}
    doc = json.loads(rendered("sarif", bundled))
    suppressed = [r for r in doc["runs"][0]["results"] if r.get("suppressions")]
    assert {r["properties"]["claim"] for r in suppressed} >= {"cluster_failures.nvlink_vs_ecc",
                                                             "fire_flyer_scaling.efficiency_64_512"}


def test_normalize_keeps_everything_but_volatile_fields(fixture: dict[str, Any]) -> None:
    again = normalize(fixture)
    assert again == fixture
    assert Path(REPO / "tests" / "fixtures" / "report_corpus" / "claims").is_dir()
