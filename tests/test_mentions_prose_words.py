"""Words that prose means otherwise than the unit registry or the number grammar: fiscal quarters
(not the 28 lb mass), mil as a thousandth of an inch or a million (not the angular mil), half in
a compound word, vague numbers (thirty-something) and numbers after a label (version two point one)."""

from __future__ import annotations

import pytest

from claimaudit.extract.document import analyse
from claimaudit.extract.mentions import extract_mentions


def readings(text: str) -> list[tuple[str, str, str]]:
    return [(m.printed, m.value, m.unit.canonical) for m in extract_mentions(analyse(text))]


def notes(text: str) -> list[str]:
    return [c for m in extract_mentions(analyse(text)) for c in m.candidates]


@pytest.mark.parametrize("text, expected", [
    ("Revenue rose in 3 quarters of 2023.", [("3 quarters", "3", "")]),
    ("in the last 4 quarters revenue rose 12%", [("4 quarters", "4", ""), ("12%", "12%", "percent")]),
    ("The sack weighs 3 quarters.", [("3 quarters", "3 quarters", "quarter")]),      # a weight: the mass unit
    ("They raised 2 mil last year from investors.", [("2 mil", "2 million", "")]),
    ("The film is 2 mil thick.", [("2 mil", "2 thou", "thou")]),
    ("The sight was off by 2 mils in azimuth.", [("2 mils", "2 mils", "mil")]),      # an angle: the angular mil
])
def test_quarters_and_mil_as_prose_means_them(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert readings(text) == expected


def test_the_reading_taken_is_named_with_the_other() -> None:
    (q,) = notes("Revenue rose in 3 quarters of 2023.")
    assert "count" in q and "28 lb" in q
    (w,) = notes("The sack weighs 3 quarters.")
    assert "mass unit" in w and "count" in w
    (m,) = notes("They raised 2 mil last year from investors.")
    assert "million" in m and "angular" in m


@pytest.mark.parametrize("text", [
    "It was a half-hearted attempt.",
    "The half-life of the isotope is long.",
    "She is thirty-something.",
    "Forty-odd people came.",
    "He is twenty-ish.",
    "We shipped version two point one last week.",
    "Chapter three explains the method.",
])
def test_words_that_are_no_amount(text: str) -> None:
    assert readings(text) == []


@pytest.mark.parametrize("text, expected", [
    ("a half-day workshop", [("a half-day", "1/2 day", "day")]),          # the compound is a unit
    ("a half-hour talk", [("a half-hour", "1/2 hour", "hour")]),
    ("one-half of the votes", [("one-half", "1/2", "")]),
    ("Step one takes two hours", [("two hours", "2 hours", "hour")]),    # the label's number only
    ("thirty odd socks", [("thirty", "30", "")]),                         # no hyphen: odd is a word
])
def test_near_misses_still_read(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert readings(text) == expected
