"""English number words with a sign or spoken decimals (issue #11 §2): "minus five point five" is
-5.5, "negative one" is -1, "two point three seven" 2.37; a subtraction ("ten minus three") keeps its
two numbers, and "negative" before a noun is no sign."""

from __future__ import annotations

from fractions import Fraction

import pytest

from claimaudit.extract.document import analyse
from claimaudit.extract.mentions import extract_mentions


def values(text: str) -> list[tuple[str, Fraction]]:
    return [(m.printed, m.number.nominal) for m in extract_mentions(analyse(text))]


@pytest.mark.parametrize(("text", "expected"), [
    ("The answer is minus five point five", [("minus five point five", Fraction(-11, 2))]),
    ("The answer is negative one", [("negative one", Fraction(-1))]),
    ("a score of two point three seven", [("two point three seven", Fraction(237, 100))]),
    ("ten minus three", [("ten", Fraction(10)), ("three", Fraction(3))]),
    ("negative feedback from three users", [("three", Fraction(3))]),
    ("at this point five people left", [("five", Fraction(5))]),
])
def test_signed_and_decimal_words(text: str, expected: list[tuple[str, Fraction]]) -> None:
    assert values(text) == expected


def test_minus_before_a_temperature() -> None:
    (m,) = extract_mentions(analyse("temperatures of minus five degrees celsius"))
    assert (m.number.nominal, m.unit.canonical) == (-5, "Celsius_reading")
