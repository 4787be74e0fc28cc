"""Capital (financial) Chinese numerals alone are words; South Asian scales are multipliers (issue #11 §2).

陆地 (land), 肆意 (wilful), 海陆空 (sea, land and air) contain a capital numeral but no amount: each was
a false quantity. In an amount the capital numerals stand with a place or a currency (壹万元, 伍拾).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from claimaudit.extract.document import analyse
from claimaudit.extract.mentions import extract_mentions
from claimaudit.numbers.printed import parse_printed


def read(text: str) -> list[tuple[Fraction, str]]:
    return [(m.number.nominal, m.unit.canonical) for m in extract_mentions(analyse(text))]


@pytest.mark.parametrize("text", ["岛屿远离陆地", "海陆空部队", "这个人很肆意妄为", "请问伍仁怎么卖", "陆续到达"])
def test_capital_numeral_alone_is_a_word(text: str) -> None:
    assert read(text) == []


@pytest.mark.parametrize(("text", "value", "unit"), [("壹万元", 10000, "CNY"), ("叁元", 3, "CNY"),
                                                     ("壹佰贰拾元", 120, "CNY"), ("伍拾", 50, "")])
def test_capital_numerals_in_amounts(text: str, value: int, unit: str) -> None:
    assert read(text) == [(Fraction(value), unit)]


@pytest.mark.parametrize(("text", "value"), [("13 lakh", 1_300_000), ("6 crore", 60_000_000),
                                             ("2.5 crores", 25_000_000)])
def test_lakh_and_crore(text: str, value: int) -> None:
    assert parse_printed(text).nominal == value
    assert [v for v, _ in read(f"The budget is {text}.")] == [value]


@pytest.mark.parametrize(("text", "value", "unit"), [
    ("共有十多万人参加", 100_000, ""), ("三百余亿元", 30_000_000_000, "CNY"), ("二十几万元", 200_000, "CNY"),
    ("壹千多萬", 10_000_000, ""),
])
def test_more_than_a_chinese_scale(text: str, value: int, unit: str) -> None:
    """十多万 is more than 100 000, never "more than 10" beside a separate 一万."""
    (m,) = extract_mentions(analyse(text))
    assert (m.number.nominal, m.unit.canonical, m.number.relation) == (value, unit, ">")


@pytest.mark.parametrize(("text", "value"), [("已经三周大了", 3), ("训练了两周", 2), ("3周后", 3), ("两周一次", 2)])
def test_zhou_after_a_number_is_a_week(text: str, value: int) -> None:
    m = extract_mentions(analyse(text))[0]
    assert (m.number.nominal, m.unit.canonical) == (value, "week")


def test_zhou_nian_is_no_week() -> None:
    assert all(m.unit.canonical != "week" and "week" not in m.unit.canonical
               for m in extract_mentions(analyse("公司成立三周年庆典")))
