"""The pre-commit hook, run for real: a temporary git repository holding the example docs project
lists this checkout in its .pre-commit-config.yaml; pre-commit installs it into a fresh virtualenv
(pip reads the local files; only dependencies come from the package index) and runs the hook."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from gate_support import REPO, apply_drift, example_repo, git

pre_commit = pytest.importorskip("pre_commit", reason="pre-commit is not installed (pip install -e '.[test]')")

#: What a hook repository needs to be pip-installed: the package and its metadata.
HOOK_REPO_FILES = ("pyproject.toml", "README.md", ".pre-commit-hooks.yaml", "src")


def hook_repo(tmp: Path) -> Path:
    """This checkout's working tree (uncommitted files included) as a one-commit git repository."""
    repo = tmp / "claimaudit-hook"
    repo.mkdir()
    for name in HOOK_REPO_FILES:
        src = REPO / name
        if src.is_dir():
            shutil.copytree(src, repo / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info"))
        else:
            shutil.copy2(src, repo / name)
    git("init", "-q", "-b", "main", cwd=repo)
    git("add", "-A", cwd=repo)
    git("commit", "-q", "-m", "hook", cwd=repo)
    return repo


def run_hook(repo: Path, project: Path, home: Path) -> subprocess.CompletedProcess[str]:
    """``pre-commit run --all-files`` in ``project``, whose config installs the hook from ``repo``.

    The project's own .pre-commit-config.yaml, as a user writes it; pre-commit installs the hook's
    virtualenv once into ``home`` and reuses it on the next run (same repository, same rev)."""
    config = project / ".pre-commit-config.yaml"
    if not config.exists():
        rev = git("rev-parse", "HEAD", cwd=repo).strip()
        config.write_text(f"repos:\n  - repo: {repo}\n    rev: {rev}\n    hooks:\n      - id: claimaudit\n", "utf-8")
        git("add", ".pre-commit-config.yaml", cwd=project)
        git("commit", "-q", "-m", "pre-commit", cwd=project)
    env = {**os.environ, "PRE_COMMIT_HOME": str(home), "NO_COLOR": "1", "PRE_COMMIT_COLOR": "never",
           "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    env.pop("PYTHONPATH", None)  # the hook must run from what pre-commit installed, not this checkout
    return subprocess.run([sys.executable, "-m", "pre_commit", "run", "--all-files"],
                          cwd=project, capture_output=True, text=True, env=env, timeout=900)


def test_manifest_is_valid() -> None:
    from pre_commit.clientlib import load_manifest

    [hook] = load_manifest(str(REPO / ".pre-commit-hooks.yaml"))
    assert hook["id"] == "claimaudit" and hook["language"] == "python"
    assert hook["entry"].startswith("claimaudit run") and hook["pass_filenames"] is False


@pytest.mark.slow   # installs the hook's virtualenv (~20 s alone)
@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_hook_passes_clean_and_fails_on_drift(tmp_path: Path) -> None:
    repo = hook_repo(tmp_path)
    project = example_repo(tmp_path)
    home = tmp_path / "pre-commit-home"
    done = run_hook(repo, project, home)
    if done.returncode != 0 and "Could not find a version" in done.stdout + done.stderr:
        pytest.skip("the package index is unreachable: pre-commit cannot install the hook's dependencies")
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "claimaudit (do the published numbers add up?)" in done.stdout and "Passed" in done.stdout
    apply_drift(project)
    done = run_hook(repo, project, home)
    assert done.returncode == 1, done.stdout[-3000:] + done.stderr[-3000:]
    assert "Failed" in done.stdout
    assert "FAILED docs/training-cost.md::total_hours - " in done.stdout and "does not add up" in done.stdout
    assert not (project / "reports").exists()  # the hook writes no report files into the repository
