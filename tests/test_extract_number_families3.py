"""Families of number phrasings (session 12), each probed with invented sentences in the styles of
news, reports and everyday text, with the near misses that must not read as numbers (or must keep
their other reading)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from test_extract_value_families2 import mentions, the

F = Fraction


# -- a number that ends the sentence: the full stop is no decimal point ---------------------------------------

@pytest.mark.parametrize(("text", "printed", "value"), [
    ("He ate 3/4.", "3/4", F(3, 4)),
    ("The ratio was 1/3, then 1/2.", "1/2", F(1, 2)),
    ("The runner covered 3 1/2.", "3 1/2", F(7, 2)),
    ("It cost 2 hundred and 50.", "2 hundred and 50", 250),
    ("We need 3 hundred and 21, not more.", "3 hundred and 21", 321),
    ("They counted 4 thousand 3 hundred and 21.", "4 thousand 3 hundred and 21", 4321),
    ("The count was 10^9.", "10^9", 10**9),
    ("The key space is 2^64.", "2^64", 2**64),
    ("Memory is 8x2^10.", "8x2^10", 8192),
    ("The odds were 1 over 3.", "1 over 3", F(1, 3)),
    ("The decay rate is 2.5^-1.", "2.5^-1", F(2, 5)),
])
def test_number_before_full_stop(text: str, printed: str, value: Fraction) -> None:
    assert the(text, printed).number.nominal == value


@pytest.mark.parametrize(("text", "printed"), [
    ("He ate 3/4.5 of it", ["3", "4.5"]),               # digits after the point: no fraction 3/4
    ("It cost 2 hundred and 50.5 more", ["2 hundred", "50.5"]),
    ("They sold 3 hundred and 21,000 copies", ["3 hundred", "21,000"]),
])
def test_digits_after_the_point_still_end_the_number(text: str, printed: list[str]) -> None:
    assert [m.printed for m in mentions(text)] == printed
