"""Checkers: judgement beyond the core recomputation, each with a stable code.

A checker looks at one claim result (``scope = "claim"``) or at the whole run (``scope = "run"``)
and returns findings. An exception inside a checker is recorded against that claim as a finding
and the run goes on.
"""

from __future__ import annotations

import traceback
from typing import TYPE_CHECKING, Any, Iterable

from ..engine.results import ClaimResult, Finding, RunResult

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.run import RunOptions


class Checker:
    """Base class. Subclasses set ``code``, ``name`` and a docstring (anti-pattern and fix)."""

    code: str = "CA000"
    name: str = "checker"
    scope: str = "claim"
    config_keys: dict[str, Any] = {}

    def check(self, result: ClaimResult, run: RunResult) -> Iterable[Finding]:
        return ()

    def check_run(self, run: RunResult) -> Iterable[tuple[ClaimResult, Finding]]:
        return ()

    @classmethod
    def summary(cls) -> str:
        doc = (cls.__doc__ or "").strip()
        return doc.splitlines()[0] if doc else cls.name


def selected(code: str, select: tuple[str, ...], ignore: tuple[str, ...]) -> bool:
    if select and not any(code.startswith(s) for s in select):
        return False
    return not any(code.startswith(i) for i in ignore)


def available_checkers() -> list[Checker]:
    """The built-in checkers (plugins extend this list)."""
    return []


def run_checkers(run: RunResult, options: "RunOptions") -> None:
    checkers = [c for c in available_checkers() if selected(c.code, options.select, options.ignore)]
    for checker in checkers:
        if checker.scope == "run":
            try:
                for res, finding in checker.check_run(run):
                    finding.checker = finding.checker or checker.name
                    res.add(finding)
            except Exception as exc:  # noqa: BLE001 - one broken checker must not stop the run
                for res in run.results:
                    res.add(_crash(checker, exc))
                    break
            continue
        for res in run.results:
            if res.verdict == "error":
                continue
            try:
                for finding in checker.check(res, run):
                    finding.checker = finding.checker or checker.name
                    res.add(finding)
            except Exception as exc:  # noqa: BLE001
                res.add(_crash(checker, exc))


def _crash(checker: Checker, exc: Exception) -> Finding:
    tb = traceback.format_exception_only(type(exc), exc)[-1].strip()
    return Finding("CA000", "warning", f"checker {checker.code} {checker.name} crashed: {tb}", checker.name,
                   data={"traceback": traceback.format_exc(limit=5)})
