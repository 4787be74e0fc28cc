"""Records for the terminal alone: plain passes are brief, everything the terminal shows is complete,
and the terminal output is the same as from complete records."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from claimaudit.engine.records import BRIEF_KEYS, as_report
from claimaudit.engine.run import RunOptions, run_claims
from claimaudit.reporters import render

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def reports() -> tuple[dict, dict]:
    run = run_claims([REPO / "claims", REPO / "tests" / "fixtures" / "report_corpus" / "claims"], REPO, RunOptions())
    return as_report(run), as_report(run, formats={"text"})


def test_only_plain_passes_are_brief(reports: tuple[dict, dict]) -> None:
    full, brief = reports
    assert len(full["records"]) == len(brief["records"])
    kinds = {"brief": 0, "complete": 0}
    for f, b in zip(full["records"], brief["records"], strict=True):
        plain = f["outcome"] == "passed" and not any(x["severity"] in ("error", "warning") for x in f["findings"])
        if plain:
            kinds["brief"] += 1
            assert b["brief"] is True
            assert set(b) == {*BRIEF_KEYS, "brief"} and not {"claimed", "recomputed", "inputs"} & set(b)
            # The same as JSON (a brief record's empty lists are one shared empty tuple).
            assert json.dumps({k: v for k, v in f.items() if k in b and k != "duration"}) == \
                json.dumps({k: v for k, v in b.items() if k not in ("brief", "duration")})
        else:
            kinds["complete"] += 1
            assert {**b, "duration": 0} == {**f, "duration": 0}
    assert kinds["brief"] and kinds["complete"]


def test_other_formats_get_complete_records(reports: tuple[dict, dict]) -> None:
    run = run_claims([REPO / "claims"], REPO, RunOptions())
    for formats in ({"text", "html"}, {"json"}, None):
        assert not any(r.get("brief") for r in as_report(run, formats=formats)["records"])


@pytest.mark.parametrize("verbosity", [-2, -1, 0, 1, 2])
def test_terminal_output_is_the_same(reports: tuple[dict, dict], verbosity: int) -> None:
    outs = []
    for report in reports:
        out = io.StringIO()
        render("text", report, out, verbosity=verbosity, color=False)
        outs.append(out.getvalue())
    assert outs[0] == outs[1]
    assert "FINDINGS" in outs[0] or verbosity < -1
