"""The public Python API (docs/api.md): claimaudit.check, claimaudit.audit and what they return."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from report_support import CORPUS
from support import REPO

import claimaudit
from claimaudit.cli.main import main


def test_all_names_the_public_api_and_each_name_resolves() -> None:
    assert claimaudit.__all__ == ["ClaimAuditError", "ClaimResult", "Finding", "InputError", "Report",
                                  "UsageError", "__version__", "audit", "check"]
    for name in claimaudit.__all__:
        assert getattr(claimaudit, name) is not None
    assert set(claimaudit.__all__) <= set(dir(claimaudit))
    with pytest.raises(AttributeError, match="no attribute 'chek'"):
        claimaudit.__getattr__("chek")


def test_import_claimaudit_stays_cheap() -> None:
    """pytest imports the package for the plugin in every session: the API loads on first use."""
    code = ("import sys; before = set(sys.modules); import claimaudit; "
            "print(sorted(m for m in set(sys.modules) - before if m.startswith(('claimaudit', 'typing'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": str(REPO / "src")}).stdout
    assert out.strip() == "['claimaudit']"     # not even typing


def test_check_the_kv_cache_ratio_in_three_lines() -> None:
    # The handbook's "56.9×" smaller KV cache: 7.1 GB / 0.125 GB, each read as its rounding interval.
    result = claimaudit.check("56.9×", formula="a / b", a="7.1 GB", b="0.125 GB")
    assert result.verdict == "consistent"
    assert result.ok
    assert result.claimed == "[56.85, 56.95]×"
    assert result.recomputed == "[56.1753, 57.4297]×"
    assert [f.code for f in result.findings if f.severity != "info"] == []
    assert result.working()[0] == "claimed     56.9×  →  [56.85, 56.95]×"


def test_check_a_wrong_number_says_what_is_off() -> None:
    result = claimaudit.check("58×", formula="a / b", a="7.1 GB", b="0.125 GB")
    assert result.verdict == "inconsistent"
    assert not result.ok
    codes = [f.code for f in result.findings]
    assert codes[0] == "CA101"
    assert "claimed 58×" in result.findings[0].message
    assert str(result).splitlines()[0] == "claim: inconsistent"


def test_check_the_training_bill_in_chinese_units() -> None:
    result = claimaudit.check("557.6万美元", formula="hours * price", hours="2,788K GPU-hours",
                              price="$2 per GPU-hour")
    assert (result.verdict, result.recomputed) == ("consistent", "[5575000, 5577000] USD")


def test_check_without_formula_only_reads_the_number() -> None:
    result = claimaudit.check("over 20 PiB")
    assert result.verdict == "stated"
    assert result.recomputed is None
    assert result.record["qualifier"] == "over"


def test_check_inputs_whose_names_are_keywords_go_in_given() -> None:
    result = claimaudit.check("3.5", formula="quote + 1", given={"quote": "2.5"})
    assert (result.verdict, result.recomputed) == ("consistent", "[3.45, 3.55]")


@pytest.mark.parametrize(("kwargs", "code", "message"), [
    ({"formula": "a / / b", "a": "1", "b": "2"}, "CA005", "unexpected operator '/'"),
    ({"formula": "a / c", "a": "1"}, "CA006", "unknown name 'c'"),
    ({"formula": "__import__('os')"}, "CA005", "'"),
])
def test_check_bad_input_raises_input_error_with_its_code(kwargs: dict[str, str], code: str, message: str) -> None:
    with pytest.raises(claimaudit.InputError, match=message) as info:
        claimaudit.check("56.9×", **kwargs)
    assert info.value.code == code
    assert "<check>" not in str(info.value)   # no place in a file the caller never wrote


def test_check_ignores_the_project_in_the_working_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A local checker under the working folder must not change a one-off check."""
    (tmp_path / "checkers").mkdir()
    (tmp_path / "checkers" / "always.py").write_text(textwrap.dedent("""\
        from claimaudit.checkers.base import checker
        from claimaudit.engine.results import Finding

        @checker("XY901", "always")
        def always(result, run, config):
            "Always complains."
            yield Finding("XY901", "error", "always")

        def claimaudit_checkers():
            return [always]
        """))
    monkeypatch.chdir(tmp_path)
    assert claimaudit.check("3", formula="a + b", a="1", b="2").verdict == "consistent"


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    root = tmp_path / "corpus"
    shutil.copytree(CORPUS, root)
    return root


def test_audit_a_project(corpus: Path) -> None:
    report = claimaudit.audit(root=corpus)
    assert len(report) == report.summary["collected"] > 0
    assert sum(report.verdicts.values()) == len(report)
    assert report.verdicts == {v: report.summary[v] for v in report.verdicts}
    assert report.exit_code == 2          # the corpus holds every outcome, an input error too
    assert report.summary["failed"] == 2 and report.summary["error"] == 1
    first = report.results[0]
    assert report.result(first.id) is first
    assert report.result(first.record["qualname"]) is first
    with pytest.raises(KeyError):
        report.result("no_such_claim")
    assert json.loads(report.to_json())["records"] == report.records
    assert report.to_dict()["summary"] == report.summary


def test_audit_writes_each_format(corpus: Path, tmp_path: Path) -> None:
    report = claimaudit.audit(["claims"], root=corpus)
    html = report.write_html(tmp_path / "out" / "index.html").read_text("utf-8")
    assert html.startswith("<!DOCTYPE html>") and report.records[0]["id"] in html
    assert json.loads(report.write(tmp_path / "r.json").read_text("utf-8"))["records"] == report.records
    assert report.write(tmp_path / "r.xml").read_text("utf-8").startswith("<?xml")
    assert "claims/" in report.render("text")
    with pytest.raises(ValueError, match="unknown format 'pdf'"):
        report.render("pdf")


def test_audit_options_select_and_keyword(corpus: Path) -> None:
    everything = claimaudit.audit(root=corpus)
    some = claimaudit.audit(root=corpus, keyword="cluster")
    assert 0 < len(some) < len(everything)
    assert all("cluster" in r.record["qualname"] for r in some)
    core = claimaudit.audit(root=corpus, checkers=False)
    assert {f.code for r in core for f in r.findings} == {"CA004", "CA101"}   # the unit error, the core check
    # CA107: a passing same_as check gives its working
    assert {f.code for r in everything for f in r.findings} == {"CA004", "CA101", "CA103", "CA107", "CA111", "CA204"}
    only = claimaudit.audit(root=corpus, select=["CA103"])
    assert {f.code for r in only for f in r.findings} == {"CA004", "CA101", "CA103"}


def test_audit_bad_file_is_an_error_not_an_exception(tmp_path: Path) -> None:
    (tmp_path / "claims").mkdir()
    (tmp_path / "claims" / "bad.yaml").write_text("claims:\n  - id: a\n    value: [1\n", "utf-8")
    report = claimaudit.audit(root=tmp_path)
    assert report.exit_code == 2
    assert report.errors[0]["file"] == "claims/bad.yaml"


# -- the same records from every front end ------------------------------------------------------------

VOLATILE = ("duration",)


def comparable(records: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {r["qualname"]: {k: v for k, v in r.items() if k not in VOLATILE} for r in records}


DUMP_RECORDS = """
import json
from claimaudit.engine.records import claim_record
from claimaudit.pytest_plugin import _SESSION

def pytest_sessionfinish(session):
    run = session.config.stash[_SESSION].run()
    with open("records.json", "w", encoding="utf-8") as fh:
        json.dump([claim_record(r) for r in run.results], fh)
"""


def test_cli_pytest_plugin_and_api_give_the_same_records(corpus: Path, pytester: pytest.Pytester,
                                                         monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    api = comparable(claimaudit.audit(["claims"], root=corpus).records)
    assert all(r["extra"].get("checklist") for r in api.values() if r["verdict"] != "error")

    out = corpus / "cli.json"
    main(["run", str(corpus / "claims"), "--root", str(corpus), "--format", "json", "-o", str(out), "--no-report"])
    capsys.readouterr()
    cli = comparable(json.loads(out.read_text("utf-8"))["records"])

    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    shutil.copytree(corpus / "claims", pytester.path / "claims")
    shutil.copytree(corpus / "sources", pytester.path / "sources")
    pytester.makeconftest(DUMP_RECORDS)
    pytester.runpytest("-p", "claimaudit.pytest_plugin", "-p", "no:cacheprovider", "-q")
    plugin = comparable(json.loads((pytester.path / "records.json").read_text("utf-8")))

    assert sorted(api) == sorted(cli) == sorted(plugin)
    for name in api:
        assert cli[name] == api[name], name
        assert plugin[name] == api[name], name


def test_the_three_line_example_of_docs_api_md_runs_as_printed(capsys: pytest.CaptureFixture[str]) -> None:
    text = (REPO / "docs" / "api.md").read_text("utf-8")
    first = text.split("```python\n", 1)[1].split("```", 1)[0]
    assert len(first.strip().splitlines()) == 3
    exec(compile(first, "docs/api.md", "exec"), {})   # our own documentation, not user input
    printed = first.strip().splitlines()[-1].split("# ", 1)[1]
    assert capsys.readouterr().out.strip() == printed


def test_run_options_checker_config_overrides_the_project_settings(corpus: Path) -> None:
    from claimaudit.engine.options import RunOptions
    from claimaudit.engine.run import run_claims

    def codes(options: RunOptions) -> set[str]:
        return {f.code for r in run_claims([corpus / "claims"], corpus, options).results for f in r.findings}

    assert "CA111" in codes(RunOptions())
    assert "CA111" not in codes(RunOptions(checker_config={"CA111": {"max_claims": 0}}))   # solve nothing
