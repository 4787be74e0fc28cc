"""Helpers shared by the CI-gate tests (tests/test_gate_*.py, test_precommit.py)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from support import REPO, SRC

EXAMPLE = REPO / "examples" / "docs-gate"


def run_cli(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``claimaudit ARGS`` in a subprocess, from this checkout's sources."""
    full = {**os.environ, "PYTHONPATH": str(SRC), "NO_COLOR": "1", "COLUMNS": "100", **(env or {})}
    return subprocess.run([sys.executable, "-m", "claimaudit", *args], cwd=cwd, capture_output=True, text=True,
                          env=full, timeout=300)


def git(*args: str, cwd: Path) -> str:
    done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, timeout=60, check=True,
                          env={**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org",
                               "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.org"})
    return done.stdout


def example_repo(tmp: Path) -> Path:
    """A copy of examples/docs-gate as a git repository with one commit."""
    project = tmp / "docs-gate"
    shutil.copytree(EXAMPLE, project, ignore=shutil.ignore_patterns("reports", "__pycache__"))
    git("init", "-q", "-b", "main", cwd=project)
    git("add", "-A", cwd=project)
    git("commit", "-q", "-m", "docs", cwd=project)
    return project


def apply_drift(project: Path) -> None:
    """The example's deliberate drift: the table's total edited, the claim beside it not."""
    git("apply", "drift.patch", cwd=project)
