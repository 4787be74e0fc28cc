"""``claimaudit run`` with its report options, end to end on a copy of the fixture corpus."""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from report_support import CORPUS

from claimaudit.cli.main import main
from claimaudit.reporters.outputs import github_context, plan_outputs


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    root = tmp_path / "audit"
    shutil.copytree(CORPUS, root)
    (root / "claimaudit.toml").write_text("[tool.claimaudit]\npaths = [\"claims\"]\n", encoding="utf-8")
    return root


def run(project: Path, *args: str) -> int:
    return main(["run", "--root", str(project), "--color", "no", *args])


def test_plain_run_writes_the_html_report_and_says_where(project: Path, capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(project)
    code = run(project)
    out = capsys.readouterr().out
    assert code == 2, "the fixture corpus has an input error"
    html = project / "reports" / "index.html"
    assert html.is_file()
    assert "HTML report: reports/index.html" in out
    lines = out.rstrip().splitlines()
    assert lines.index("HTML report: reports/index.html") == len(lines) - 2, "said right above the summary line"
    text = html.read_text("utf-8")
    assert text.count("<article ") == 20 and "usable_capacity" in text


def test_several_formats_at_once(project: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    code = run(project, "--format", "text", "--junit", str(out_dir / "junit.xml"), "--sarif", str(out_dir / "a.sarif"),
               "--markdown", str(out_dir / "summary.md"), "--html", str(out_dir / "r.html"),
               "--format", "json", "-o", str(out_dir / "text.txt"), "-o", str(out_dir / "report.json"))
    assert code == 2
    stdout = capsys.readouterr().out
    assert stdout == "", "text and json both went to files"
    assert "claimaudit session starts" in (out_dir / "text.txt").read_text("utf-8")
    report = json.loads((out_dir / "report.json").read_text("utf-8"))
    assert report["summary"]["selected"] == 20
    assert ET.parse(out_dir / "junit.xml").getroot().find("testsuite").get("tests") == "21"  # type: ignore[union-attr]
    assert json.loads((out_dir / "a.sarif").read_text("utf-8"))["version"] == "2.1.0"
    assert (out_dir / "summary.md").read_text("utf-8").startswith("## claimaudit: ")
    assert (out_dir / "r.html").read_text("utf-8").startswith("<!DOCTYPE html>")
    assert not (project / "reports").exists(), "an explicit --html replaces the default report"


def test_machine_format_on_stdout_writes_no_default_report(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(project, "--format", "json")
    json.loads(capsys.readouterr().out)
    assert not (project / "reports").exists()


def test_no_report_and_report_dir(project: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(project, "--no-report")
    assert not (project / "reports").exists()
    run(project, "--report-dir", "site/audit")
    assert (project / "site" / "audit" / "index.html").is_file()
    assert "HTML report:" in capsys.readouterr().out


def test_github_mode_annotates_and_writes_the_step_summary(project: Path, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    summary = tmp_path / "step_summary.md"
    summary.write_text("earlier step\n", encoding="utf-8")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    monkeypatch.setenv("GITHUB_WORKSPACE", str(tmp_path))
    monkeypatch.setenv("GITHUB_REPOSITORY", "octo/audit")
    monkeypatch.setenv("GITHUB_SHA", "f00d")
    monkeypatch.setenv("GITHUB_SERVER_URL", "https://github.com")
    run(project, "--github", "--no-report", "--report-url", "https://octo.github.io/audit/")
    out = capsys.readouterr().out
    assert "::error file=audit/claims/fire_flyer.yaml,line=29" in out, "paths relative to the repository"
    md = summary.read_text("utf-8")
    assert md.startswith("earlier step\n## claimaudit: "), "appended, never replaced"
    assert "https://github.com/octo/audit/blob/f00d/audit/claims/fire_flyer.yaml#L29" in md
    assert "https://octo.github.io/audit/#fire_flyer.usable_capacity" in md


def test_unwritable_requested_report_is_a_usage_error(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = run(project, "--junit", str(project / "missing-dir" / "x.xml"))
    assert code == 2
    assert "cannot write a report" in capsys.readouterr().err


def test_unwritable_default_report_only_warns(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "reports").write_text("a file where the folder would go", encoding="utf-8")
    code = run(project)
    captured = capsys.readouterr()
    assert code == 2 and "warning: cannot write the HTML report" in captured.err
    assert "HTML report:" not in captured.out


def test_plan_outputs_pairs_formats_with_files(tmp_path: Path) -> None:
    plan = plan_outputs(formats=["text", "json"], outputs=["t.txt"], root=tmp_path, junit="j.xml", environ={})
    assert [(o.fmt, o.path and o.path.name) for o in plan.outputs] == [("text", "t.txt"), ("json", None),
                                                                       ("junit", "j.xml")]
    plain = plan_outputs(formats=None, outputs=[], root=tmp_path, environ={})
    assert [(o.fmt, o.default) for o in plain.outputs] == [("text", False), ("html", True)]
    assert plain.outputs[1].path == tmp_path / "reports" / "index.html"


def test_github_context_outside_actions_is_empty(tmp_path: Path) -> None:
    assert github_context(tmp_path, {}) == {}
    ctx = github_context(tmp_path, {"GITHUB_WORKSPACE": str(tmp_path), "GITHUB_REPOSITORY": "o/r", "GITHUB_SHA": "1"})
    assert ctx == {"path_prefix": "", "link_base": "https://github.com/o/r/blob/1/"}


def test_the_github_action_command_line(project: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    # What action.yml runs: text and annotations to the log, Markdown to the step summary.
    summary = tmp_path / "summary.md"
    summary.write_text("# earlier step\n", encoding="utf-8")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    monkeypatch.chdir(project)
    run(project, "--format", "text", "--format", "github", "--github", "--markdown", str(summary))
    out = capsys.readouterr().out
    assert out.count("::error file=claims/fire_flyer.yaml,line=29") == 1, "annotations printed once"
    assert "claimaudit session starts" in out and "HTML report: reports/index.html" in out
    assert (project / "reports" / "index.html").is_file(), "a run for people still writes the HTML report"
    md = summary.read_text("utf-8")
    assert md.startswith("# earlier step\n## claimaudit: ") and md.count("## claimaudit: ") == 1
