"""A missing source text is said once per source; informational findings stay out of SARIF and
GitHub annotations unless asked for (--min-severity); a failed download fails `sources fetch`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from support import REPO, copy_demo

from claimaudit.cli.main import main
from claimaudit.reporters import github, sarif

pytestmark = pytest.mark.usefixtures("plain_terminal")   # tests/conftest.py


@pytest.fixture(scope="module")
def bundled(bundled_report: dict[str, Any]) -> dict[str, Any]:
    return bundled_report   # tests/conftest.py


def summary_lines(capsys, root: Path) -> list[str]:
    main(["run", "--root", str(root), "--no-report"])
    return [ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("quotes not checked")]


def test_a_missing_handbook_changes_the_summary_once_per_source(tmp_path, capsys):
    root = copy_demo(tmp_path / "p")
    present = summary_lines(capsys, root)
    # arXiv papers cited by URL have no local text by design: one line for all of them
    assert len(present) == 1 and "no local text of" in present[0] and "deepseek-infra-handbook" not in present[0]
    shutil.rmtree(root / "sources" / "texts")
    missing = summary_lines(capsys, root)
    assert missing != present
    handbook = [ln for ln in missing if "deepseek-infra-handbook" in ln]
    assert len(handbook) == 1, "one line for the source, not one per claim"
    assert "no such file" in handbook[0] and "(and 3 more)" in handbook[0] and handbook[0].endswith(" claims")


def test_sarif_leaves_info_out_by_default(bundled):
    results = sarif.build(bundled)["runs"][0]["results"]
    assert results and all(r["level"] != "note" for r in results)
    assert not any(r["ruleId"] == "CA204" for r in results)
    rules = [r["id"] for r in sarif.build(bundled)["runs"][0]["tool"]["driver"]["rules"]]
    assert "CA204" not in rules and all(r["ruleIndex"] == rules.index(r["ruleId"]) for r in results)


def test_sarif_with_info_reports_each_missing_text_once(bundled):
    results = sarif.build(bundled, min_severity="info")["runs"][0]["results"]
    texts = [r for r in results if r["ruleId"] == "CA204"]
    sources = {"deepseek-v3-report", "deepseek-v32-report", "fire-flyer-ai-hpc", "deepseek-day6-inference"}
    assert len(texts) == len(sources) and all(any(s in r["message"]["text"] for s in sources) for r in texts)
    assert any(r["level"] == "note" for r in results)
    errors_only = sarif.build(bundled, min_severity="error")["runs"][0]["results"]
    assert errors_only and all(r["level"] == "error" for r in errors_only)


def test_github_annotations_leave_info_out_unless_asked(bundled):
    default = github.annotations(bundled)
    assert default and not any("CA204" in ln or "CA111" in ln for ln in default)
    noisy = github.annotations(bundled, min_severity="info")
    assert sum("title=CA204" in ln for ln in noisy) == 4
    assert any(ln.startswith("::notice") and "title=CA111" in ln for ln in noisy)


def test_min_severity_on_the_command_line(tmp_path, capsys):
    out = tmp_path / "r.sarif"
    assert main(["run", "--root", str(REPO), "--sarif", str(out), "--min-severity", "info", "--no-report", "-q"]) == 0
    levels = {r["level"] for r in json.loads(out.read_text("utf-8"))["runs"][0]["results"]}
    assert "note" in levels
    assert main(["run", "--root", str(REPO), "--sarif", str(out), "--no-report", "-q"]) == 0
    assert "note" not in {r["level"] for r in json.loads(out.read_text("utf-8"))["runs"][0]["results"]}


def test_sources_fetch_fails_when_a_download_fails(tmp_path, capsys):
    (tmp_path / "sources").mkdir()
    (tmp_path / "sources" / "x.yaml").write_text(
        "id: x\nurl: http://127.0.0.1:9/nothing.txt\nsha256: " + "a" * 64 + "\n", "utf-8")
    assert main(["sources", "--root", str(tmp_path), "fetch", "--timeout", "5"]) == 1
    assert "x: failed:" in capsys.readouterr().out
