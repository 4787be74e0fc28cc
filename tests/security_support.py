"""Helpers the security tests share: write a file of a project, audit the project's claims."""

from __future__ import annotations

import textwrap
from pathlib import Path

from claimaudit.engine.results import ClaimResult
from claimaudit.engine.run import RunOptions, RunResult, run_claims


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def audit(tmp_path: Path) -> tuple[RunResult, dict[str, ClaimResult]]:
    """The core audit (no checkers) of ``tmp_path/claims``, and its results by qualified name."""
    run = run_claims([tmp_path / "claims"], tmp_path, RunOptions(checkers=False))
    return run, {r.claim.qualname: r for r in run.results}
