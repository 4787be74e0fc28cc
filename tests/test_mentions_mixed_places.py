"""Digits with Chinese places between them are one value (issue #11 §2): ``5万4千元`` is 54 000 yuan
(not 5万 and a separate 4), with the precision printed (to the thousand)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from claimaudit.extract.document import analyse
from claimaudit.extract.mentions import extract_mentions


@pytest.mark.parametrize(("text", "value", "lo", "hi"), [
    ("营收5万4千元", 54_000, 53_500, 54_500),
    ("5萬4千6百", 54_600, 54_550, 54_650),
    ("2千零30万", 20_300_000, 20_295_000, 20_305_000),
    ("3亿5千万元", 350_000_000, 345_000_000, 355_000_000),
    ("1千零1", 1001, 1001, 1001),
])
def test_digits_with_chinese_places(text: str, value: int, lo: int, hi: int) -> None:
    (m,) = extract_mentions(analyse(text))
    assert (m.number.nominal, m.interval.lo, m.interval.hi) == (value, Fraction(lo), Fraction(hi))


@pytest.mark.parametrize("text", ["12千3", "5百3千"])
def test_places_out_of_order_are_not_joined(text: str) -> None:
    """12千 (a digit above 9 before 千) and 百 before 千 are no numeral: nothing is read across them."""
    assert all(m.printed.count("千") + m.printed.count("百") <= 1 and m.printed != text
               for m in extract_mentions(analyse(text)))
