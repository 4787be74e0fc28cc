"""The composite GitHub Action: valid metadata, and its audit step run as Actions would run it."""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from gate_support import REPO, apply_drift, example_repo

ACTION = yaml.safe_load((REPO / "action.yml").read_text("utf-8"))  # our own file, not claim input


def test_action_has_the_keys_actions_requires() -> None:
    assert isinstance(ACTION["name"], str) and ACTION["name"]
    assert isinstance(ACTION["description"], str) and ACTION["description"]
    for name, spec in ACTION["inputs"].items():
        assert re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", name), name
        assert isinstance(spec["description"], str) and spec["description"], name
        assert set(spec) <= {"description", "required", "default", "deprecationMessage"}, name
    runs = ACTION["runs"]
    assert runs["using"] == "composite"
    for step in runs["steps"]:
        assert ("run" in step) != ("uses" in step), step
        if "run" in step:
            assert step["shell"] in ("bash", "sh", "pwsh", "python"), step  # composite run steps need a shell
    assert set(ACTION["branding"]) <= {"icon", "color"}


def test_inputs_reach_the_script_only_through_the_environment() -> None:
    # ${{ inputs.x }} pasted into a run script is a script-injection hole.
    for step in ACTION["runs"]["steps"]:
        assert "${{" not in step.get("run", ""), step["run"]


def audit_step() -> dict:
    return next(s for s in ACTION["runs"]["steps"] if s.get("name") == "Audit claims")


def test_audit_step_runs_format_github_and_writes_the_summary() -> None:
    script = audit_step()["run"]
    assert "claimaudit run" in script and "--format github" in script
    assert "GITHUB_STEP_SUMMARY" in script and "--markdown \"$summary\"" in script


def run_step(project: Path, tmp: Path, summary: Path, **inputs: str) -> subprocess.CompletedProcess[str]:
    """The audit step's script under bash, with `claimaudit` on PATH from this checkout."""
    bindir = tmp / "bin"
    bindir.mkdir(exist_ok=True)
    shim = bindir / "claimaudit"
    shim.write_text(f"#!/bin/sh\nPYTHONPATH={REPO / 'src'} exec {sys.executable} -m claimaudit \"$@\"\n")
    shim.chmod(shim.stat().st_mode | stat.S_IEXEC)
    step = audit_step()
    env = {**os.environ, "PATH": f"{bindir}{os.pathsep}{os.environ['PATH']}", "GITHUB_STEP_SUMMARY": str(summary),
           "GITHUB_ACTIONS": "true", "NO_COLOR": "1"}
    for key, expr in step["env"].items():
        name = re.fullmatch(r"\$\{\{ inputs\.([\w-]+) \}\}", expr).group(1)
        env[key] = inputs.get(name.replace("-", "_"), ACTION["inputs"][name]["default"])
    return subprocess.run(["bash", "-e", "-c", step["run"]], cwd=project, capture_output=True, text=True,
                          env=env, timeout=300)


@pytest.mark.skipif(shutil.which("bash") is None or shutil.which("git") is None, reason="needs bash and git")
def test_audit_step_end_to_end(tmp_path: Path) -> None:
    project = example_repo(tmp_path)
    summary = tmp_path / "summary.md"
    done = run_step(project, tmp_path, summary)
    assert done.returncode == 0, done.stdout + done.stderr
    apply_drift(project)
    done = run_step(project, tmp_path, summary, changed_since="HEAD")
    assert done.returncode == 1, done.stdout + done.stderr
    annotations = [ln for ln in done.stdout.splitlines() if ln.startswith("::error ")]
    assert any("file=docs/training-cost.md" in ln and "total_hours" in ln for ln in annotations), done.stdout
    text = summary.read_text("utf-8")
    assert "total_hours" in text and "CA301" in text
