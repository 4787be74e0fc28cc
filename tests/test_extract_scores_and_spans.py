"""A win–loss record or a score printed with an en dash ("finished 51–31", "went 29–12 at home") and a span
of years ("the 2025–26 season", "FY2024-25") are no quantities: neither of their numbers is read. The first
number of a score was already left out; its second was read alone ("31"), and a season's "26" too.
Sentences written for these tests in the way season reviews and budgets print them."""

from __future__ import annotations

import pytest
from support import mentions as found


@pytest.mark.parametrize("text", [
    "The Gulls finished 51–31, first in the division.",
    "Harbor City went 29–12 at home and 22–19 on the road.",
    "They won 3-1 in the final.",
    "a 95–5 split of the vote",
    "The 2025–26 season review.",
    "Budget for FY2024-25 and the 1999/00 school year.",
])
def test_records_scores_and_spans_of_years_are_no_quantities(text):
    assert found(text) == []


@pytest.mark.parametrize("text, printed", [
    ("scores of 10-20 points", ["10-20 points"]),           # a rising pair is a range
    ("between 50–30 GB", ["50", "30 GB"]),                  # a unit after: no score (two values)
    ("pages 12–25 of the report", ["12–25"]),
    ("2010–2020 growth of 5%", ["5%"]),                     # (years, as before)
    ("It sold 51 units, 31 of them online.", ["51", "31"]),
])
def test_near_misses_keep_their_numbers(text, printed):
    assert [p for p, _v, _u in found(text)] == printed
