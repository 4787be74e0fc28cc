"""Helpers the security tests share: write a file of a project (:func:`support.write`), audit the
project's claims by qualified name."""

from __future__ import annotations

from pathlib import Path

from support import by_qualname, run_audit, write

from claimaudit.engine.results import ClaimResult
from claimaudit.engine.run import RunResult

__all__ = ["audit", "write"]


def audit(tmp_path: Path) -> tuple[RunResult, dict[str, ClaimResult]]:
    """The core audit (no checkers) of ``tmp_path/claims``, and its results by qualified name."""
    run = run_audit(tmp_path, checkers=False)
    return run, by_qualname(run)
