"""The pytest plugin, driven by pytester (in-process pytest runs over temporary claim files)."""

from __future__ import annotations

import shutil
import tomllib
import xml.etree.ElementTree as ET

import pytest
import yaml  # noqa: F401 - see below
from gate_support import EXAMPLE, REPO

# The V3 training bill as the handbook prints it (claims/v3_training_cost.yaml), plus a copy of the
# handbook's failure-ratio error (22.5倍 where its own table gives 19.9×), recorded as known.
COST = """\
title: V3 training cost
claims:
  - id: pretrain_hours
    quote: "| 预训练 | 2,664K | $5.328M |"
    value: 2,664K GPU-hours
  - id: context_hours
    value: 119K GPU-hours
  - id: posttrain_hours
    value: 5K GPU-hours
  - id: total_hours
    quote: "| 合计 | 2,788K | $5.576M |"
    value: 2,788K GPU-hours
    formula: pretrain_hours + context_hours + posttrain_hours
    tags: [table-total, exercise]
  - id: price
    value: $2 per GPU-hour
  - id: total_cost
    value: 557.6 万美元
    formula: total_hours * price
    tags: [exercise]
"""
FAILURES = """\
claims:
  - id: nvlink_share
    value: 42.57%
  - id: ecc_share
    value: 2.14%
  - id: ratio
    quote: "按自家表格复算，相对 ECC 是 22.5 倍"
    value: 22.5倍
    formula: nvlink_share / ecc_share
    expect: inconsistent
    because: 42.57% / 2.14% is 19.9, not 22.5
"""
WRONG = """\
claims:
  - id: wrong_total
    title: a total that drops the post-training row
    value: 2,788K GPU-hours
    formula: v3_cost.pretrain_hours + v3_cost.context_hours
    tags: [skip, "two words"]
"""


# PyYAML is imported here, before the in-process runs: pytester restores sys.modules after each
# run, and a PyYAML imported inside one would be imported again next time beside its C extension
# (libyaml), which keeps the first import's classes ("could not determine a constructor for the
# tag None" when this file runs alone).


@pytest.fixture
def ptr(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    # Load exactly this checkout's plugin, whether or not claimaudit is installed (entry point).
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    monkeypatch.setenv("NO_COLOR", "1")
    pytester.makefile(".yaml", **{"claims/v3_cost": COST, "claims/cluster_failures": FAILURES})
    return pytester


def run(ptr: pytest.Pytester, *args: str) -> pytest.RunResult:
    return ptr.runpytest("-p", "claimaudit.pytest_plugin", "-p", "no:cacheprovider", *args)


def test_entry_point_is_declared() -> None:
    meta = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))
    assert meta["project"]["entry-points"]["pytest11"] == {"claimaudit": "claimaudit.pytest_plugin"}


def test_collects_one_item_per_claim(ptr: pytest.Pytester) -> None:
    result = run(ptr, "--collect-only", "-q", "claims")
    result.stdout.fnmatch_lines(["claims/cluster_failures.yaml::nvlink_share", "claims/v3_cost.yaml::total_cost",
                                 "9 tests collected*"])


def test_passed_and_strict_xfail(ptr: pytest.Pytester) -> None:
    result = run(ptr, "claims", "-rxX")
    result.assert_outcomes(passed=8, xfailed=1)
    result.stdout.fnmatch_lines(["XFAIL claims/cluster_failures.yaml::ratio - 42.57% / 2.14% is 19.9, not 22.5"])


def test_failure_shows_the_working_at_the_claims_line(ptr: pytest.Pytester) -> None:
    ptr.makefile(".yaml", **{"claims/wrong": WRONG})
    result = run(ptr, "claims")
    result.assert_outcomes(passed=8, xfailed=1, failed=1)
    result.stdout.fnmatch_lines([
        "*_ wrong_total (claims/wrong.yaml:2) _*",
        "claims/wrong.yaml:2:5: claim 'wrong_total' is inconsistent",
        "claimed     2,788K GPU-hours  →  *",
        "formula     v3_cost.pretrain_hours + v3_cost.context_hours",
        "  v3_cost.pretrain_hours = 2,664K GPU-hours  →  [[]2663500, 2664500] GPU-hours   (v3_cost.pretrain_hours)",
        "recomputed  [[]2782000, 2784000] GPU-hours",
        "CA101 error: recomputes to *",
    ])
    assert "Traceback" not in result.stdout.str()


def test_strict_xpass_when_the_known_error_is_gone(ptr: pytest.Pytester) -> None:
    ptr.makefile(".yaml", **{"claims/cluster_failures": FAILURES.replace("22.5倍", "19.9倍")})
    result = run(ptr, "claims", "-k", "ratio")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*XPASS(strict)*42.57% / 2.14% is 19.9, not 22.5*"])


def test_broken_claim_file_is_a_collection_error_with_locations(ptr: pytest.Pytester) -> None:
    ptr.makefile(".yaml", **{"claims/broken": "claims:\n  - id: a\n    valeu: 3 GPU\n  - id: 9bad\n    value: 1\n"})
    run(ptr, "claims").assert_outcomes(errors=1)   # pytest stops after a collection error
    result = run(ptr, "claims", "--continue-on-collection-errors")
    result.assert_outcomes(passed=8, xfailed=1, errors=1)
    result.stdout.fnmatch_lines([
        "*ERROR collecting claims/broken.yaml*",
        "claims/broken.yaml:3:5: unknown key 'valeu' (did you mean 'value'?)",
        "claims/broken.yaml:4:9: *",
    ])


def test_input_error_in_a_claim_is_a_failure_not_an_xfail(ptr: pytest.Pytester) -> None:
    # A typo of a known unit stays an input error (an unknown plural noun would be a count).
    ptr.makefile(".yaml", **{"claims/cluster_failures": FAILURES.replace("value: 2.14%", "value: 2.14 secnods")})
    result = run(ptr, "claims", "-k", "cluster_failures")
    result.assert_outcomes(passed=1, failed=2)
    result.stdout.fnmatch_lines(["CA004 error: *secnods*  [[]claims/cluster_failures.yaml:5:17]",
                                 "*'ratio' is underdetermined (expected inconsistent)"])


def test_keyword_selects_by_id_and_file_and_markers_come_from_tags(ptr: pytest.Pytester) -> None:
    run(ptr, "claims", "-k", "total").assert_outcomes(passed=2)
    run(ptr, "claims", "-k", "cluster_failures and not ratio").assert_outcomes(passed=2)
    run(ptr, "claims", "-m", "exercise", "--strict-markers").assert_outcomes(passed=2)
    run(ptr, "claims", "-m", "table-total").assert_outcomes(passed=1)
    # A tag named like a pytest mark is only a keyword: it never skips the claim.
    ptr.makefile(".yaml", **{"claims/wrong": WRONG})
    result = run(ptr, "claims", "-k", "skip")
    result.assert_outcomes(failed=1)


JUNIT_XSD = REPO / "tests" / "fixtures" / "reports" / "schemas" / "junit-10.xsd"


def test_junitxml_is_valid_and_carries_claim_metadata(ptr: pytest.Pytester) -> None:
    """xunit2 (pytest's default) has no <properties> in <testcase>: the metadata is the suite's."""
    xmlschema = pytest.importorskip("xmlschema", reason="xmlschema (the `test` extra) validates JUnit XML")
    run(ptr, "claims", "--junitxml=out.xml").assert_outcomes(passed=8, xfailed=1)
    xmlschema.XMLSchema(str(JUNIT_XSD)).validate(str(ptr.path / "out.xml"))
    tree = ET.parse(ptr.path / "out.xml")
    assert not [c for c in tree.iter("testcase") if c.find("properties") is not None]
    suite = next(tree.iter("testsuite"))
    props = {p.get("name"): p.get("value") for p in suite.find("properties").iter("property")}
    assert props["claimaudit.claim[v3_cost.total_hours]"] == "v3_cost.total_hours"
    assert props["claimaudit.verdict[v3_cost.total_hours]"] == "consistent"
    assert props["claimaudit.recomputed[v3_cost.total_hours]"] == "[2786500, 2789500] GPU-hours"


def test_junitxml_xunit1_keeps_claim_metadata_per_testcase(ptr: pytest.Pytester) -> None:
    run(ptr, "claims", "--junitxml=out.xml", "-o", "junit_family=xunit1").assert_outcomes(passed=8, xfailed=1)
    tree = ET.parse(ptr.path / "out.xml")
    case = next(c for c in tree.iter("testcase") if c.get("name") == "total_hours")
    props = {p.get("name"): p.get("value") for p in case.iter("property")}
    assert props["claimaudit.claim"] == "v3_cost.total_hours"
    assert props["claimaudit.location"] == "claims/v3_cost.yaml:10:5"
    assert props["claimaudit.quote"] == "| 合计 | 2,788K | $5.576M |"
    assert props["claimaudit.formula"] == "pretrain_hours + context_hours + posttrain_hours"
    assert props["claimaudit.verdict"] == "consistent"
    assert props["claimaudit.recomputed"] == "[2786500, 2789500] GPU-hours"


def test_patterns_from_ini_and_command_line(ptr: pytest.Pytester) -> None:
    ptr.makefile(".yaml", **{"audits/extra": "claims:\n  - id: lone\n    value: 3 GPU\n",
                             "tests/fixtures/claims/fixture": "claims:\n  - id: fx\n    value: 1 GPU\n"})
    # By default only the rootdir's claims/ (not a fixture folder's claims/) and docs/ are collected.
    run(ptr).assert_outcomes(passed=8, xfailed=1)
    run(ptr, "--claims", "audits/*.yaml").assert_outcomes(passed=1)
    ptr.makeini("[pytest]\nclaimaudit_files = audits/*.yaml claims/v3_*.yaml\n")
    run(ptr).assert_outcomes(passed=7)
    # A file named on the command line is collected whatever the patterns say.
    run(ptr, "tests/fixtures/claims/fixture.yaml").assert_outcomes(passed=1)


def test_references_cross_files_with_one_audit_per_session(ptr: pytest.Pytester,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    import claimaudit.engine.run as engine_run

    calls = []
    real = engine_run.audit
    monkeypatch.setattr(engine_run, "audit", lambda *a, **k: calls.append(a[0]) or real(*a, **k))
    ptr.makefile(".yaml", **{"claims/wrong": WRONG.replace("2,788K", "2,783K")})
    result = run(ptr, "claims")
    result.assert_outcomes(passed=9, xfailed=1)
    assert len(calls) == 1 and sorted(f.path for f in calls[0]) == [
        "claims/cluster_failures.yaml", "claims/v3_cost.yaml", "claims/wrong.yaml"]


def test_markdown_docs_of_the_example_project(ptr: pytest.Pytester) -> None:
    shutil.copytree(EXAMPLE / "docs", ptr.path / "docs")
    shutil.copy(EXAMPLE / "claimaudit.toml", ptr.path / "claimaudit.toml")
    result = run(ptr, "docs", "-v")
    result.assert_outcomes(passed=22, xfailed=1)
    result.stdout.fnmatch_lines(["docs/training-cost.md::total_hours PASSED*"])
    page = ptr.path / "docs" / "training-cost.md"
    page.write_text(page.read_text("utf-8").replace("| Total | 2,788K |", "| Total | 2,798K |", 1), "utf-8")
    result = run(ptr, "docs", "-k", "training")
    result.assert_outcomes(passed=6, failed=2)
    result.stdout.fnmatch_lines(["CA*error: *2,798K*so the doc's 2,798K GPU-hours does not add up*"])


def test_other_exceptions_keep_pytests_traceback(ptr: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    import claimaudit.engine.run as engine_run

    def boom(*a: object, **k: object) -> None:
        raise RuntimeError("engine exploded")

    monkeypatch.setattr(engine_run, "audit", boom)
    result = run(ptr, "claims", "-k", "price")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*def boom*", "*RuntimeError: engine exploded*"])


def test_bad_project_configuration_is_a_collection_error(ptr: pytest.Pytester) -> None:
    (ptr.path / "claimaudit.toml").write_text('[tool.claimaudit]\nkilo = 1000\nrounding_policy = "auto"\n', "utf-8")
    result = run(ptr, "claims")
    result.assert_outcomes(errors=2)
    result.stdout.fnmatch_lines(["claimaudit: *claimaudit.toml: unknown setting 'rounding_policy'*"])
    assert "Traceback" not in result.stdout.str()
