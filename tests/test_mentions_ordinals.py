"""Ordinals are positions, not amounts; fractions with large denominators are amounts (issue #11 §2).

A claim auditor must not see 20 in "the twenty-first century" or 2 in "the two hundredth visitor":
each would be a false quantity in a real document. "a hundredth", "three thousandths" and "a
trillionth" are fractions; "a two-second delay" keeps its unit (second is no ordinal there).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from claimaudit.extract.document import analyse
from claimaudit.extract.mentions import extract_mentions
from claimaudit.numbers.words import english_value


def values(text: str) -> list[tuple[str, Fraction]]:
    return [(m.printed, m.number.nominal) for m in extract_mentions(analyse(text))]


@pytest.mark.parametrize("text", ["the twenty-first century", "the two hundredth visitor", "its three trillionth byte",
                                  "the one hundred twenty-fifth anniversary", "the 21st century", "第三章的结论",
                                  "the first results"])
def test_ordinals_are_no_quantities(text: str) -> None:
    assert values(text) == []


@pytest.mark.parametrize(("text", "printed", "value"), [
    ("a hundredth of the cost", "a hundredth", Fraction(1, 100)),
    ("three thousandths of a metre", "three thousandths", Fraction(3, 1000)),
    ("a trillionth", "a trillionth", Fraction(1, 10**12)),
    ("a hundred trillionths", "a hundred trillionths", Fraction(100, 10**12)),
    ("two thirds of users", "two thirds", Fraction(2, 3)),
    ("one fifth of the budget", "one fifth", Fraction(1, 5)),
])
def test_fraction_words(text: str, printed: str, value: Fraction) -> None:
    assert values(text) == [(printed, value)]


def test_second_after_a_number_is_the_unit() -> None:
    (m,) = extract_mentions(analyse("a two-second delay"))
    assert (m.number.nominal, m.unit.canonical) == (2, "second")


def test_english_value_stops_at_an_ordinal() -> None:
    assert english_value(["twenty", "first"]) is None
    assert english_value(["two", "hundredth"]) is None
    assert english_value(["two", "hundred", "people"]) == (Fraction(200), 2)


@pytest.mark.parametrize(("text", "value", "unit"), [("I want to earn $2000 over 3 years", 2000, "USD"),
                                                     ("paid €2024 in fees", 2024, "EUR")])
def test_year_like_amount_after_a_currency_sign_is_money(text: str, value: int, unit: str) -> None:
    m = extract_mentions(analyse(text))[0]
    assert (m.number.nominal, m.unit.canonical) == (value, unit)


def test_a_year_alone_is_still_no_quantity() -> None:
    assert values("In 2000 we had two offices") == [("two", 2)]
