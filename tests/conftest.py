"""Shared test set-up: paths, the data and tools tests need, and what a skip means in CI.

A test that needs something this machine lacks (Chromium, a CJK font, ``../shared/seeds``, git, a
test extra) skips on a developer's machine, saying what is missing. With ``CI=true`` the same skip
is a failure: CI is where everything a test needs is installed, and a green run must not hide
tests that never ran. Skips for other reasons (a package index that is down, a platform without
FIFOs) stay skips.

Slow tests carry ``@pytest.mark.slow``; ``pytest -m "not slow"`` leaves them out while developing.
``.ci/run`` runs them all.

Where shared test code lives: fixtures here (``repo``, ``seeds``, ``plain_terminal``,
``bundled_report``); plain helpers in ``tests/support.py`` (paths, writing and auditing a project,
the in-process CLI, a hang guard, a step counter); helpers of one family of tests beside them
(``security_support``, ``gate_support``, ``scan_support``, ``report_support``, ``linear_support``,
``fuzz_support``).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[1]
#: The shared seed documents beside the checkout (/work/shared/seeds); a CI clone has none.
SEEDS = REPO.parent / "shared" / "seeds"

#: Skip reasons that mean "something this test needs is missing here".
MISSING = re.compile(r"chromium|browser|\bfonts?\b|seeds|\.\./shared|not installed|not available|not present"
                     r"|the `test` extra|\bneeds\b", re.IGNORECASE)


def in_ci(environ: Any = os.environ) -> bool:
    return str(environ.get("CI", "")).strip().lower() in ("1", "true", "yes")


def is_missing(reason: str) -> bool:
    return bool(MISSING.search(reason))


def _reason(longrepr: Any) -> str:
    # A skip's longrepr is (file, line, "Skipped: reason").
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2]).removeprefix("Skipped: ")
    return str(longrepr)


def _fail_missing_in_ci(report: Any) -> None:
    if not (report.skipped and in_ci()) or hasattr(report, "wasxfail"):
        return
    reason = _reason(report.longrepr)
    if is_missing(reason):
        report.outcome = "failed"
        report.longrepr = f"CI=true: this test needs what is missing here, so it fails instead of skipping: {reason}"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[Any]:
    report = yield
    _fail_missing_in_ci(report)
    return report


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Iterator[Any]:
    report = yield        # a module-level importorskip
    _fail_missing_in_ci(report)
    return report


def need_seeds() -> Path:
    """The shared seed documents, or a skip (a failure with CI=true) naming what is missing."""
    if not SEEDS.is_dir():
        pytest.skip(f"the seeds are not present ({SEEDS})")
    return SEEDS


@pytest.fixture
def seeds() -> Path:
    return need_seeds()


@pytest.fixture(scope="session", autouse=True)
def _own_solve_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The solver's answer cache lives in the session's temporary folder, not ~/.cache: a test must
    not depend on what earlier runs (of this checkout or another) left on the machine."""
    old = os.environ.get("CLAIMAUDIT_SOLVE_CACHE")
    os.environ["CLAIMAUDIT_SOLVE_CACHE"] = str(tmp_path_factory.mktemp("solve-cache") / "solve.json")
    yield
    if old is None:
        os.environ.pop("CLAIMAUDIT_SOLVE_CACHE", None)
    else:
        os.environ["CLAIMAUDIT_SOLVE_CACHE"] = old


@pytest.fixture(scope="session")
def repo() -> Path:
    """The checkout's root folder."""
    return REPO


@pytest.fixture
def plain_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """A 100-column terminal with no colour settings and no GitHub Actions variables, so that CLI
    output does not depend on the shell the tests run in. Use it with
    ``pytestmark = pytest.mark.usefixtures("plain_terminal")``."""
    monkeypatch.setenv("COLUMNS", "100")
    for var in ("FORCE_COLOR", "PY_COLORS", "NO_COLOR", "GITHUB_STEP_SUMMARY", "GITHUB_WORKSPACE"):
        monkeypatch.delenv(var, raising=False)


@pytest.fixture(scope="session")
def _bundled_report_json() -> str:
    from claimaudit.engine.records import as_report
    from claimaudit.engine.run import RunOptions, run_claims

    return json.dumps(as_report(run_claims([REPO / "claims"], REPO, RunOptions())))


@pytest.fixture(scope="module")
def bundled_report(_bundled_report_json: str) -> dict[str, Any]:
    """The JSON report of the bundled demo corpus (claims/, every checker), as a reporter reads it.
    Audited once per session; each module gets its own copy to read."""
    return json.loads(_bundled_report_json)
