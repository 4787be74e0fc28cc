"""The checker step of a run: every selected checker over the evaluated claims.

An exception inside a checker is recorded against that claim as a ``CA000`` finding and the run
goes on. The engine's run step calls :func:`run_checkers` after evaluation.
"""

from __future__ import annotations

from ..engine.options import RunOptions
from ..engine.results import Finding, RunResult
from .base import Checker
from .manager import get_manager


def run_checkers(run: RunResult, options: RunOptions) -> None:
    """Run the selected checkers over ``run`` (called by the engine after evaluation)."""
    manager = get_manager(run.root or None)   # no root: no project checkers (claimaudit.check)
    checkers = manager.instantiate(select=tuple(options.select), ignore=tuple(options.ignore),
                                   overrides=options.checker_config)
    claim_checkers = [c for c in checkers if c.scope == "claim"]
    for res in run.results:
        if res.verdict == "error":
            continue
        for chk in claim_checkers:
            try:
                found = chk.check(res, run)
                if found:
                    for finding in found:
                        finding.checker = finding.checker or chk.name
                        res.add(finding)
            except Exception as exc:  # noqa: BLE001 - one broken checker must not stop the run
                res.add(crash_finding(chk, exc))
    for chk in checkers:
        if chk.scope != "run":
            continue
        try:
            for res, finding in chk.check_run(run) or ():
                finding.checker = finding.checker or chk.name
                res.add(finding)
        except Exception as exc:  # noqa: BLE001
            if run.results:
                run.results[0].add(crash_finding(chk, exc))


def crash_finding(chk: Checker, exc: BaseException) -> Finding:
    """A checker that raised: recorded against the claim it was looking at."""
    import traceback

    last = traceback.format_exception_only(type(exc), exc)[-1].strip()
    return Finding("CA000", "warning", f"checker {chk.code} {chk.name} crashed: {last}", chk.name,
                   data={"checker": chk.code, "origin": chk.origin,
                         "traceback": "".join(traceback.format_exception(type(exc), exc, exc.__traceback__, limit=6))})
