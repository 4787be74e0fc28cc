"""Families of number phrasings (session 14), from the families Recognizers-Text's Number model reads
(its English and Chinese resource grammars: English-Numbers.yaml, Chinese-Numbers.yaml), each probed
with invented sentences and with the near misses that must stay non-quantities (or keep their reading)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from test_extract_value_families2 import mentions, the

F = Fraction


def printed(text: str) -> list[str]:
    return [m.printed for m in mentions(text)]


# -- a Chinese numeral spaced at 零 or at its decimal point: 一百 零 五, 五 点 五, 十 五 ------------------------

@pytest.mark.parametrize(("text", "span", "value"), [
    ("库存还剩一百 零 五箱。", "一百 零 五箱", 105),
    ("测得的读数是五 点 五。", "五 点 五", F(11, 2)),
    ("测得的读数是五点 五。", "五点 五", F(11, 2)),
    ("讀數為三 點七。", "三 點七", F(37, 10)),
    ("他一共答对了十 五道题。", "十 五道题", 15),
    ("全场约三千 五人。", "约三千 五", 3500),
])
def test_spaced_zero_point_and_digit_after_a_place(text: str, span: str, value: Fraction) -> None:
    assert the(text, span).number.nominal == value


@pytest.mark.parametrize("text", ["编号一 二 三依次排开。", "选项五 六都不对。"])
def test_spaced_digits_stay_a_list(text: str) -> None:
    assert not any(" " in p for p in printed(text))


def test_separate_round_numbers_stay_apart() -> None:
    assert printed("报价一千 两千 三千不等。") == ["一千", "两千", "三千"]


# -- digits, a space, then 百 or 千 (3 千 as 3 万 already was) ----------------------------------------------

@pytest.mark.parametrize(("text", "span", "value"), [
    ("本次共招募3 千名志愿者。", "3 千", 3000),
    ("预算为5 百元。", "5 百元", 500),
])
def test_digits_space_hundred_or_thousand(text: str, span: str, value: int) -> None:
    assert the(text, span).number.nominal == value


def test_spaced_kilometre_keeps_its_unit() -> None:
    m = the("全程3 千米。", "3 千米")
    assert m.number.nominal == 3 and m.unit.factor == 1000


# -- 半百, 半千, 半万: half of a place ------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "span", "value"), [
    ("他已年过半百，仍在一线工作。", "半百", 50),
    ("这座书院藏书半万卷。", "半万卷", 5000),
])
def test_half_of_a_place(text: str, span: str, value: int) -> None:
    assert the(text, span).number.nominal == value


@pytest.mark.parametrize("text", ["多半百姓都支持。", "利率下调半百分点。", "买了半千克糖。", "半万一出事怎么办"])
def test_half_before_a_word_is_no_half_place(text: str) -> None:
    assert not any(m.number.nominal in (50, 500, 5000) for m in mentions(text))


# -- English: a scale in the plural after a number, "tln", a decimal before "hundred" ------------------------

@pytest.mark.parametrize(("text", "span", "value"), [
    ("The estate covers two thousands acres.", "two thousands acres", 2000),
    ("They hired three hundreds volunteers.", "three hundreds", 300),
    ("The fund holds 5 thousands shares.", "5 thousands", 5000),
    ("The ministry counted 2 millions visitors.", "2 millions", 2_000_000),
    ("Public debt reached 2 tln yen.", "2 tln yen", 2 * 10**12),
    ("The hall seats 2.5 hundred people.", "2.5 hundred", 250),
    ("It weighs 1.25 hundred kilos.", "1.25 hundred kilos", 125),
])
def test_plural_scales_tln_and_decimal_hundreds(text: str, span: str, value: int) -> None:
    assert the(text, span).number.nominal == value


@pytest.mark.parametrize("text", ["Thousands of people marched.", "Hundreds of thousands lost power.",
                                  "Millions watched the final."])
def test_plural_scale_alone_is_no_number(text: str) -> None:
    assert printed(text) == []


def test_decimal_hundred_takes_no_and_part() -> None:
    assert printed("about 2.5 hundred and 21 more") == ["about 2.5 hundred", "21"]


# -- a caret power with repeated signs, as formula generators print them; "nineth" ---------------------------

@pytest.mark.parametrize(("text", "value"), [
    ("The factor is 1.1^--2 here.", F(121, 100)),
    ("The factor is 2.5^+-1 here.", F(2, 5)),
])
def test_caret_power_with_repeated_signs(text: str, value: Fraction) -> None:
    assert [m.number.nominal for m in mentions(text)] == [value]


def test_nineth_is_a_ninth() -> None:
    assert the("Only one nineth of the land is farmed.", "one nineth").number.nominal == F(1, 9)


# -- "MM" glued to digits is the finance trade's million (it was read as megamolar) ------------------------

@pytest.mark.parametrize(("text", "span", "value"), [
    ("The deal is worth 1.2MM.", "1.2MM", 1_200_000),
    ("We sampled 3MM tokens.", "3MM tokens", 3_000_000),
    ("Revenue target: $5MM", "$5MM", 5_000_000),
])
def test_mm_is_a_million(text: str, span: str, value: int) -> None:
    assert the(text, span).number.nominal == value


def test_lower_case_mm_stays_millimetres() -> None:
    m = the("Shot on a 35mm film camera.", "35mm")
    assert m.number.nominal == 35 and m.unit.canonical == "millimeter"


# -- "one in …" / "nine out of …" with a denominator of several words --------------------------------------

@pytest.mark.parametrize(("text", "span", "value"), [
    ("The risk is one in twenty one for smokers.", "one in twenty one", F(1, 21)),
    ("Odds of one in one hundred and twenty five were quoted.", "one in one hundred and twenty five", F(1, 125)),
    ("Only one out of twenty one entries won.", "one out of twenty one", F(1, 21)),
])
def test_share_with_a_long_denominator(text: str, span: str, value: Fraction) -> None:
    assert the(text, span).number.nominal == value


@pytest.mark.parametrize(("text", "span", "value"), [
    ("One in three people agreed.", "One in three", F(1, 3)),
    ("It rents one in twenty one-bedroom flats.", "one in twenty", F(1, 20)),
])
def test_share_denominator_stops_before_its_noun(text: str, span: str, value: Fraction) -> None:
    assert the(text, span).number.nominal == value


def test_one_in_a_million_stays_an_idiom() -> None:
    assert printed("She is one in a million.") == []


# -- a number in words that ends in a scale, "and", then digits: "three hundred and 31" ---------------------

@pytest.mark.parametrize(("text", "span", "value"), [
    ("The form lists three hundred and 31 names.", "three hundred and 31", 331),
    ("It took two thousand and 5 tries.", "two thousand and 5", 2005),
])
def test_words_and_digits(text: str, span: str, value: int) -> None:
    assert the(text, span).number.nominal == value


@pytest.mark.parametrize(("text", "spans"), [
    ("four hundred and 0 are valid", ["four hundred", "0"]),
    ("one hundred and 200 more", ["one hundred", "200"]),
])
def test_words_and_digits_near_misses(text: str, spans: list[str]) -> None:
    assert printed(text) == spans


# -- 块 … 毛 and one digit after it: the fen, as 两块五 is the tenths -----------------------------------------

@pytest.mark.parametrize(("text", "span", "value"), [
    ("一共是一百二十三块四毛五。", "一百二十三块四毛五", F(12345, 100)),
    ("青菜五块四毛五一斤。", "五块四毛五", F(545, 100)),
])
def test_kuai_mao_and_a_fen_digit(text: str, span: str, value: Fraction) -> None:
    m = the(text, span)
    assert m.number.nominal == value and m.unit.canonical == "CNY"


def test_mao_before_minutes_keeps_the_minutes() -> None:
    assert printed("三块四毛五分钟后到。")[-1] == "五分钟"


# -- space-grouped digits with a decimal comma (SI / European style), and a clause comma after a grouping ---

@pytest.mark.parametrize(("text", "span", "value"), [
    ("The ledger shows 1 234 567,89 in total.", "1 234 567,89", F(123456789, 100)),
    ("We have 40 000, maybe more.", "40 000", 40000),
    ("It lists 1 234 567, 89 and 90.", "1 234 567", 1234567),
])
def test_spaced_groups_and_commas(text: str, span: str, value: Fraction) -> None:
    assert the(text, span).number.nominal == value


def test_one_spaced_group_before_a_comma_stays_apart() -> None:
    assert "3 123,4" not in printed("Table: 3 123,4")     # two cells, or a grouping too short to trust


# -- a spaced hyphen inside a compound ordinal of a fraction: "one twenty - fifth" --------------------------

@pytest.mark.parametrize(("text", "span", "value"), [
    ("It is one twenty - fifth of the total.", "one twenty - fifth", F(1, 25)),
    ("Add three twenty - fifths more.", "three twenty - fifths", F(3, 25)),
])
def test_spaced_hyphen_in_a_compound_ordinal(text: str, span: str, value: Fraction) -> None:
    assert the(text, span).number.nominal == value


def test_spaced_hyphen_ordinal_after_the_stays_a_position() -> None:
    assert printed("the twenty - first century") == []
