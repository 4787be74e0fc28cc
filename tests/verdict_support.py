"""Shared by the tests of issue #12 (tests/test_verdicts_*.py): write one claim file, audit it."""

from __future__ import annotations

import textwrap
from pathlib import Path

from claimaudit.engine.results import ClaimResult
from claimaudit.engine.run import RunOptions, RunResult, run_claims


def audit_text(tmp_path: Path, text: str, **options: object) -> tuple[RunResult, dict[str, ClaimResult]]:
    """Audit ``text`` as ``claims/c.yaml`` under ``tmp_path``; results by claim id."""
    folder = tmp_path / "claims"
    folder.mkdir(exist_ok=True)
    (folder / "c.yaml").write_text(textwrap.dedent(text), encoding="utf-8")
    run = run_claims([folder], tmp_path, RunOptions(**options))  # type: ignore[arg-type]
    return run, {r.claim.id: r for r in run.results}
