"""Chinese fractions, percent forms, decimals and clock times in running text (issue #11 §2).

``三分之一`` is one third and ``六十四分之一`` one sixty-fourth (not 3 or 64); ``百分之五十`` is 50%;
``二点五`` is 2.5; ``下午两点五十分`` and ``两点半`` are clock times, not quantities.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from claimaudit.extract.document import analyse
from claimaudit.extract.mentions import extract_mentions


def read(text: str) -> list[tuple[str, Fraction, str]]:
    return [(m.printed, m.number.nominal, m.unit.canonical) for m in extract_mentions(analyse(text))]


@pytest.mark.parametrize(("text", "printed", "value"), [
    ("约三分之一的用户选择了它", "约三分之一", Fraction(1, 3)),
    ("误差只有六十四分之一", "六十四分之一", Fraction(1, 64)),
    ("占二十五分之一", "二十五分之一", Fraction(1, 25)),
    ("3分之1的样本", "3分之1", Fraction(1, 3)),
    ("十一又十四分之一", "十一又十四分之一", Fraction(155, 14)),
    ("结果是负一又二分之一", "负一又二分之一", Fraction(-3, 2)),
    ("一千万分之六的概率", "一千万分之六", Fraction(6, 10_000_000)),
])
def test_chinese_fraction_is_one_value(text: str, printed: str, value: Fraction) -> None:
    assert read(text) == [(printed, value, "")]


@pytest.mark.parametrize(("text", "value", "unit"), [
    ("百分之五十的用户", Fraction(50), "percent"),
    ("增长了百分之五十五点五", Fraction(555, 10), "percent"),
    ("千分之三的误差", Fraction(3), "permille"),
])
def test_chinese_percent_forms(text: str, value: Fraction, unit: str) -> None:
    (m,) = extract_mentions(analyse(text))
    assert (m.number.nominal, m.unit.canonical) == (value, unit)


@pytest.mark.parametrize(("text", "value"), [("二点五", Fraction(5, 2)), ("零点五", Fraction(1, 2)),
                                             ("负六点六", Fraction(-33, 5)), ("增长了二点五倍", Fraction(5, 2))])
def test_chinese_decimal_is_an_amount(text: str, value: Fraction) -> None:
    assert [m.number.nominal for m in extract_mentions(analyse(text))] == [value]


@pytest.mark.parametrize("text", ["下午两点五十分开会", "三点一五分出发", "两点半见", "下午三点开会", "凌晨零点发布",
                                  "十分之好", "有一点难"])
def test_clock_times_and_words_are_no_quantities(text: str) -> None:
    assert read(text) == []
