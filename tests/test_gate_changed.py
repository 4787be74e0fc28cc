"""--changed-since REF: the claims whose file or source changed since a git ref, and their users."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from gate_support import apply_drift, example_repo, git, run_cli

from claimaudit.engine.run import RunOptions, run_claims
from claimaudit.errors import UsageError
from claimaudit.gate.changed import affected_claims, changed_paths, dependency_graph

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

COST = """\
source: handbook
claims:
  - id: hours
    quote: "2,788K"
    value: 2,788K GPU-hours
  - id: price
    value: $2 per GPU-hour
    source: report
  - id: cost
    value: 557.6 万美元
    formula: hours * price
"""
PER_DAY = """\
claims:
  - id: daily
    title: uses cost.cost, so it depends on the cost file
    value: $102,900 per day
    formula: cost.cost / (54.2 day)
  - id: gpus
    value: 2048 GPU
"""
OTHER = """\
claims:
  - id: heads
    value: "128"
"""


def qualnames(run_stdout: str) -> set[str]:
    return {r["qualname"] for r in json.loads(run_stdout)["records"]}


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    for rel, text in {"claims/cost.yaml": COST, "claims/per_day.yaml": PER_DAY, "claims/other.yaml": OTHER,
                      "sources/handbook.yaml": "title: handbook\nfiles: [texts/handbook.txt]\n",
                      "sources/report.yaml": "title: report\n",
                      "texts/handbook.txt": "| 合计 | 2,788K | $5.576M |\n"}.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, "utf-8")
    git("init", "-q", "-b", "main", cwd=root)
    git("add", "-A", cwd=root)
    git("commit", "-q", "-m", "start", cwd=root)
    return root


def test_nothing_changed_selects_nothing_and_passes(repo: Path) -> None:
    assert changed_paths("HEAD", repo) == set()
    done = run_cli("run", "--changed-since", "HEAD", "--format", "json", cwd=repo)
    assert done.returncode == 0, done.stderr
    assert qualnames(done.stdout) == set()
    text = run_cli("run", "--no-report", "--changed-since", "HEAD", cwd=repo).stdout
    assert "--changed-since HEAD: 0 changed files; auditing 0 of 6 claims" in text


def test_claim_file_change_selects_its_claims_and_their_users(repo: Path) -> None:
    (repo / "claims" / "cost.yaml").write_text(COST.replace("557.6 万美元", "557.6万美元"), "utf-8")
    done = run_cli("run", "--changed-since", "HEAD", "--format", "json", cwd=repo)
    assert qualnames(done.stdout) == {"cost.hours", "cost.price", "cost.cost", "per_day.daily"}


def test_source_text_change_selects_the_claims_citing_it(repo: Path) -> None:
    (repo / "texts" / "handbook.txt").write_text("| 合计 | 2,798K | $5.576M |\n", "utf-8")
    run = run_claims([repo / "claims"], repo, RunOptions(checkers=False))
    changed = changed_paths("HEAD", repo)
    assert changed == {(repo / "texts" / "handbook.txt").resolve()}
    # hours and cost cite the handbook (the file's default source); price cites the report.
    assert affected_claims([r.claim for r in run.results], run.sources, changed, repo) == {
        "cost.hours", "cost.cost", "per_day.daily"}


def test_source_record_change_and_committed_changes_count(repo: Path) -> None:
    (repo / "sources" / "report.yaml").write_text("title: report, v2\n", "utf-8")
    git("commit", "-q", "-am", "report v2", cwd=repo)
    done = run_cli("run", "--changed-since", "HEAD~1", "--format", "json", cwd=repo)
    assert qualnames(done.stdout) == {"cost.price", "cost.cost", "per_day.daily"}


def test_untracked_claim_file_is_changed(repo: Path) -> None:
    (repo / "claims" / "new.yaml").write_text("claims:\n  - id: fresh\n    value: 3 GPU\n", "utf-8")
    done = run_cli("run", "--changed-since", "HEAD", "--format", "json", cwd=repo)
    assert qualnames(done.stdout) == {"new.fresh"}


def test_dependency_graph_is_the_engines() -> None:
    from claimaudit.model.load import load_claim_text

    cf1, _ = load_claim_text(COST, "claims/cost.yaml")
    cf2, _ = load_claim_text(PER_DAY, "claims/per_day.yaml")
    deps = dependency_graph(cf1.claims + cf2.claims)
    assert deps["cost.cost"] == ["cost.hours", "cost.price"]
    assert deps["per_day.daily"] == ["cost.cost"]


def test_bad_ref_and_no_repository_are_usage_errors(repo: Path, tmp_path: Path) -> None:
    done = run_cli("run", "--changed-since", "no-such-branch", cwd=repo)
    assert done.returncode == 2
    assert "unknown git ref 'no-such-branch'" in done.stderr
    with pytest.raises(UsageError, match="is not a git ref"):
        changed_paths("--output=/tmp/x", repo)
    outside = tmp_path / "plain"
    (outside / "claims").mkdir(parents=True)
    (outside / "claims" / "a.yaml").write_text(OTHER, "utf-8")
    done = run_cli("run", "--changed-since", "HEAD", cwd=outside, env={"GIT_CEILING_DIRECTORIES": str(tmp_path)})
    assert done.returncode == 2 and "is not inside a git repository" in done.stderr


def test_example_changed_since_selects_only_the_edited_page(tmp_path: Path) -> None:
    project = example_repo(tmp_path)
    apply_drift(project)
    done = run_cli("run", "--changed-since", "HEAD", "--format", "json", cwd=project)
    assert done.returncode == 1
    report = json.loads(done.stdout)
    assert {r["file"] for r in report["records"]} == {"docs/training-cost.md"}
    assert report["summary"]["selected"] == 8 and report["summary"]["collected"] == 23
    assert {r["id"] for r in report["records"] if r["outcome"] == "failed"} == {"total_hours", "total_cost"}
