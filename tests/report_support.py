"""The reporter tests' shared fixture corpus (tests/fixtures/report_corpus) and its report,
normalized so that the output does not depend on the run's time or machine; ``rendered`` renders
a report in one format to text."""

from __future__ import annotations

import copy
import io
from pathlib import Path
from typing import Any

from support import FIXTURES

from claimaudit.engine.records import as_report
from claimaudit.engine.run import RunOptions, run_claims
from claimaudit.reporters import render

CORPUS = FIXTURES / "report_corpus"


def normalize(report: dict[str, Any]) -> dict[str, Any]:
    """Fix what differs between runs and machines: time, durations, the absolute root."""
    r = copy.deepcopy(report)
    r["created"] = "2026-01-01T00:00:00+00:00"
    r["duration"] = 0.0
    r["root"] = "."
    r["paths"] = ["claims"]
    for rec in r["records"]:
        rec["duration"] = 0.0
    return r


def fixture_report(root: Path = CORPUS, *, checkers: bool = False) -> dict[str, Any]:
    """The fixture corpus's report, normalized (shared with the other reporter tests)."""
    run = run_claims([root / "claims"], root, RunOptions(checkers=checkers))
    return normalize(as_report(run))


def rendered(fmt: str, report: dict[str, Any], **options: Any) -> str:
    out = io.StringIO()
    render(fmt, report, out, **options)
    return out.getvalue()
