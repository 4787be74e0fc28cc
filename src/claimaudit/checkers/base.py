"""Checkers: judgement beyond the core recomputation, each with a stable code.

A checker looks at one claim result (``scope = "claim"``) or at the whole run (``scope = "run"``)
and returns findings. It is a :class:`Checker` subclass, or a function wrapped by :func:`checker`.
Plugins hand checkers to claimaudit through the ``claimaudit_checkers`` hook (see
:mod:`.hookspecs` and :mod:`.manager`); :mod:`.step` runs them.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar

from ..engine.results import ClaimResult, Finding, RunResult
from ..errors import Location

#: A checker code: one to three capital letters and three digits (CA105, XY901).
CODE_RE = re.compile(r"^[A-Z]{1,3}\d{3}$")


class Checker:
    """Base class. Subclasses set ``code``, ``name`` and a docstring (anti-pattern and fix).

    ``config_keys`` maps each configuration key to its default; the project's
    ``[tool.claimaudit.checkers.<CODE>]`` table overrides them and the merged values are in
    ``self.config``.
    """

    code: str = "CA000"
    name: str = "checker"
    scope: str = "claim"                   # "claim": check(result, run); "run": check_run(run)
    config_keys: ClassVar[dict[str, Any]] = {}
    origin: str = "builtin"                # set by the manager: builtin, a package, or a file

    def __init__(self, config: Mapping[str, Any] | None = None) -> None:
        self.config: dict[str, Any] = {**self.config_keys, **dict(config or {})}

    def check(self, result: ClaimResult, run: RunResult) -> Iterable[Finding]:
        return ()

    def check_run(self, run: RunResult) -> Iterable[tuple[ClaimResult, Finding]]:
        return ()

    # -- helpers for subclasses ----------------------------------------------------------------
    def finding(self, severity: str, message: str, *, working: Iterable[str] = (),
                data: dict[str, Any] | None = None, location: Location | None = None) -> Finding:
        """A finding under this checker's code and name."""
        return Finding(self.code, severity, message, self.name, list(working), location, dict(data or {}))

    @classmethod
    def summary(cls) -> str:
        """The docstring's first line: what ``claimaudit checkers`` lists."""
        doc = inspect.getdoc(cls) or ""
        return doc.splitlines()[0].strip() if doc.strip() else cls.name

    @classmethod
    def description(cls) -> str:
        return inspect.getdoc(cls) or cls.name


def checker(code: str, name: str | None = None, *, scope: str = "claim",
            config: Mapping[str, Any] | None = None) -> Callable[[Callable[..., Any]], type[Checker]]:
    """Turn a function into a checker class::

        @checker("XY901", "no-quote")
        def no_quote(result, run, config):
            "A claim with a value but no quote cannot be traced. Fix: add the quote."
            if result.claim.value and not result.claim.quote:
                yield Finding("XY901", "warning", "no quote")

    Claim-scope functions take ``(result, run, config)``; run-scope ones ``(run, config)`` and
    yield ``(result, finding)`` pairs.
    """
    def wrap(fn: Callable[..., Any]) -> type[Checker]:
        def check(self: Checker, result: ClaimResult, run: RunResult) -> Iterable[Finding]:
            return fn(result, run, self.config) or ()

        def check_run(self: Checker, run: RunResult) -> Iterable[tuple[ClaimResult, Finding]]:
            return fn(run, self.config) or ()

        attrs = {"code": code, "name": name or fn.__name__.replace("_", "-"), "scope": scope,
                 "config_keys": dict(config or {}), "__doc__": fn.__doc__, "__module__": fn.__module__,
                 "__wrapped__": fn, "check": check if scope == "claim" else Checker.check,
                 "check_run": check_run if scope == "run" else Checker.check_run}
        return type(fn.__name__, (Checker,), attrs)

    return wrap


def decided_by_checker(result: ClaimResult) -> None:
    """A claim whose content is a checker's input (``statistic``, ``granularity``, share ``parts``)
    and has neither value nor formula is not underdetermined: the checker has checked it.
    Its error findings then make it inconsistent, as for any claim."""
    if result.verdict == "underdetermined" and result.claim.value is None and not result.claim.formula:
        result.findings = [f for f in result.findings if not (f.code == "CA101" and f.severity == "warning")]
        result.verdict = "consistent"


def checker_input(result: ClaimResult, key: str) -> tuple[Any, Location] | None:
    """The claim's ``key`` (a checker's own input: ``statistic``, ``granularity``) and where it is
    written, or None when the claim has none; a claim that has it is decided by the checker
    (:func:`decided_by_checker`)."""
    spec = result.claim.get(key)
    if not spec:
        return None
    decided_by_checker(result)
    return spec, result.claim.loc_of(key)


def selected(code: str, select: tuple[str, ...], ignore: tuple[str, ...]) -> bool:
    """``--select``/``--ignore`` take codes or prefixes (``CA1`` selects CA101…CA199)."""
    if select and not any(code.startswith(s) for s in select):
        return False
    return not any(code.startswith(i) for i in ignore)
