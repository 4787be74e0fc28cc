"""Results releases: a statement table with one column per period and change columns (QoQ, YoY) that mix
readings by row (rates in points, amounts relatively), and the highlights that restate those changes in
words ("up 21% year over year and 7.5% sequentially"). Tables and sentences written for these tests in
the shape earnings releases print them (not copied from any document)."""

from __future__ import annotations

import pytest
from test_relations_rules import rels, verdicts

STATEMENT = """# Results

**Highlights**

- {highlight}

## Summary income statement

| US$ millions | Q3 FY2025 | Q2 FY2025 | Q3 FY2024 | QoQ | YoY |
|---|---|---|---|---|---|
| Revenue | 4,905 | 4,562 | 4,047 | +7.5% | +21.2% |
| Gross profit | 2,943 | 2,692 | 2,307 | +9.3% | +27.6% |
| Gross margin | 60.0% | 59.0% | 57.0% | +1.0 pts | +3.0 pts |
| Operating income | 1,226 | 1,095 | 850 | +12.0% | {oi_yoy} |
| Net income | 1,011 | 902 | 688 | +12.1% | +46.9% |

## Segments

| Segment | Operating income (US$ M) | Operating margin |
|---|---|---|
| Data Center | 1,138 | 40.0% |
| Client | 167 | 13.0% |
"""


def statement(highlight: str = "Record revenue.", oi_yoy: str = "+44.2%") -> str:
    return STATEMENT.format(highlight=highlight, oi_yoy=oi_yoy)


def test_change_columns_read_rates_in_points_and_amounts_relatively(tmp_path):
    changes = [r for r in rels(statement(), "change") if "column" in r.note]
    assert len(changes) == 10
    points = [r for r in changes if "/" not in r.formula]
    assert len(points) == 2 and all("in points for rates" in r.note for r in changes)
    assert set(verdicts(tmp_path, statement(), kind="change")) == {"consistent"}


def test_a_wrong_change_cell_is_reported(tmp_path):
    # (1,226 - 850) / 850 is 44.2%, not 54.2%
    assert verdicts(tmp_path, statement(oi_yoy="+54.2%"), kind="change").count("inconsistent") == 1


@pytest.mark.parametrize("highlight, verdict", [
    ("Net income rose 47% year over year to $1.01 billion.", "consistent"),
    ("Net income rose 52% year over year to $1.01 billion.", "inconsistent"),
    ("Gross margin of 60.0%, an expansion of 300 basis points year over year.", "consistent"),
    ("Gross margin of 60.0%, an expansion of 200 basis points year over year.", "inconsistent"),
    # "Operating margin" is a column of the segment table too: here it names the statement's row
    ("Operating income of $1.23 billion, up 12.0% sequentially.", "consistent"),
])
def test_a_highlight_restates_the_change_column_it_spells_out(tmp_path, highlight, verdict):
    text = statement(highlight)
    [r] = rels(text, "headline")
    assert verdict == verdicts(tmp_path, text, kind="headline")[0]
    assert "column 'YoY'" in r.note or "column 'QoQ'" in r.note


def test_two_changes_of_one_row_each_beside_its_period(tmp_path):
    text = statement("Revenue of $4.91 billion, up 21% year over year and 7.5% sequentially.")
    got = rels(text, "headline")
    assert sorted(r.evidence.split("'")[5] for r in got) == ["21%", "7.5%"]
    assert all("right before the header" in r.evidence for r in got)
    assert verdicts(tmp_path, text, kind="headline") == ["consistent", "consistent"]
    wrong = statement("Revenue of $4.91 billion, up 21% year over year and 9.5% sequentially.")
    assert sorted(verdicts(tmp_path, wrong, kind="headline")) == ["consistent", "inconsistent"]


@pytest.mark.parametrize("highlight", [
    "Revenue of $4.91 billion, up 21% over the year and 7.5% in the quarter.",   # no period a header spells
    "Revenue of $4.91 billion; 21% year over year growth in 7.5% of markets sequentially.",  # not beside
    "Revenue grew year over year.",
])
def test_no_headline_without_a_value_beside_each_period(highlight):
    assert not [r for r in rels(statement(highlight), "headline") if "year" in r.evidence or "sequen" in r.evidence]
