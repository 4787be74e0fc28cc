"""Reports show where each quote was found in its source, with the matched passage."""

from __future__ import annotations

import pytest
from support import REPO

from claimaudit.engine.records import as_report
from claimaudit.engine.run import RunOptions, run_claims
from claimaudit.reporters import card_html, text


@pytest.fixture(scope="module")
def record():
    run = run_claims([REPO / "claims"], REPO, RunOptions(keyword="usable_capacity_claim"))
    return as_report(run)["records"][0]


def test_text_working_says_where_the_quote_was_found(record):
    lines = text.working_lines(record)
    found = [ln for ln in lines if ln.startswith("found at")]
    assert found and "sources/texts/004_19076b57cd7d3139.txt:62" in found[0]
    assert "八、论文自己算错的地方" in found[0]


def test_html_card_says_where_the_quote_was_found(record):
    html = str(card_html.card_html(record))
    assert "Found at <code>sources/texts/004_19076b57cd7d3139.txt:62</code>" in html
    assert "八、论文自己算错的地方" in html
