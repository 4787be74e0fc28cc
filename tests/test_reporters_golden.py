"""Golden files: every format rendered from the fixture corpus, compared byte for byte.

The corpus (tests/fixtures/report_corpus) is audited by the core engine without extra checkers, and
the volatile fields (time stamps, durations, the absolute root) are fixed, so a golden changes only
when the records or a reporter change. After an intended change, regenerate and review the diff:

    CLAIMAUDIT_UPDATE_GOLDEN=1 PYTHONPATH=src pytest tests/test_reporters_golden.py -q -p no:cacheprovider
"""

from __future__ import annotations

import difflib
import json
import os
import re
from typing import Any

import pytest
from report_support import fixture_report, rendered
from support import REPO

GOLDEN = REPO / "tests" / "fixtures" / "reports"
UPDATE = os.environ.get("CLAIMAUDIT_UPDATE_GOLDEN") == "1"

#: format -> (golden file, render options that keep the output independent of the machine)
FORMATS: dict[str, tuple[str, dict[str, Any]]] = {
    "json": ("report.json", {}),
    "junit": ("report.junit.xml", {}),
    "sarif": ("report.sarif", {"rules_from_checkers": False}),
    "github": ("report.github.txt", {}),
    "markdown": ("report.md", {"link_base": "https://github.com/example/audit/blob/0123abc/",
                               "html_url": "https://example.org/audit/index.html"}),
    "html": ("report.html", {}),
}


def strip_assets(html: str) -> str:
    """The HTML golden covers the template's output; the inline CSS and JS are tested elsewhere."""
    html = re.sub(r"<style>.*?</style>", "<style>/* report.css */</style>", html, flags=re.S)
    html = re.sub(r"<script>.*?</script>", "<script>/* report.js */</script>", html, flags=re.S)
    return re.sub(r"'sha256-[A-Za-z0-9+/=]+'", "'sha256-…'", html)


@pytest.fixture(scope="module")
def report() -> dict[str, Any]:
    return fixture_report()


def test_fixture_corpus_covers_every_outcome(report: dict[str, Any]) -> None:
    outcomes = {r["outcome"] for r in report["records"]}
    verdicts = {r["verdict"] for r in report["records"]}
    assert outcomes == {"passed", "failed", "expected", "error"}
    assert verdicts == {"consistent", "inconsistent", "underdetermined", "stated", "error"}
    assert [e["code"] for e in report["errors"]] == ["CA010"]


@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_golden(fmt: str, report: dict[str, Any]) -> None:
    name, options = FORMATS[fmt]
    text = rendered(fmt, report, **options)
    if fmt == "html":
        text = strip_assets(text)
    path = GOLDEN / name
    if UPDATE or not path.exists():
        if not UPDATE:
            pytest.fail(f"no golden file {path.relative_to(REPO)}; run with CLAIMAUDIT_UPDATE_GOLDEN=1 to write it")
        path.write_text(text, encoding="utf-8", newline="\n")
        return
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = "".join(list(difflib.unified_diff(expected.splitlines(True), text.splitlines(True),
                                                 f"golden/{name}", f"rendered/{name}"))[:80])
        pytest.fail(f"{fmt} output differs from {path.relative_to(REPO)} "
                    f"(CLAIMAUDIT_UPDATE_GOLDEN=1 regenerates it after an intended change):\n{diff}")


def test_json_golden_is_the_report_itself(report: dict[str, Any]) -> None:
    assert json.loads(rendered("json", report)) == json.loads(json.dumps(report))
