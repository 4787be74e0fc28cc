"""Families of values read right (issue #11 §2), each with the edge cases around it: Chinese month
names are no durations, 百/千 after digits, Chinese measures, 兆 and 万万, numerals printed with
spaces, English fractions and fractions of a scale, and ordinal adjectives that are no fractions."""

from __future__ import annotations

from fractions import Fraction

import pytest

from claimaudit.extract.document import analyse
from claimaudit.extract.mentions import extract_mentions
from claimaudit.numbers.chinese import parse_chinese_numeral
from claimaudit.units.registry import resolve_unit


def values(text: str) -> list[tuple[str, Fraction]]:
    return [(m.printed, m.number.nominal) for m in extract_mentions(analyse(text))]


def one(text: str) -> tuple[str, Fraction, str]:
    (m,) = extract_mentions(analyse(text))
    return m.printed, m.number.nominal, m.unit.canonical


# -- 月: a month's name unless 个 (a count) or 龄/大 (an age) makes it a duration ------------------------

@pytest.mark.parametrize("text", ["该模型于 2024年3月发布", "数据截至 2023 年 6 月。", "3月发布的版本", "12月起生效"])
def test_month_names_are_dates(text: str) -> None:
    assert values(text) == []


@pytest.mark.parametrize(("text", "printed"), [("训练了3个月", "3个月"), ("6月龄的婴儿", "6月")])
def test_months_counted_stay_durations(text: str, printed: str) -> None:
    got = one(text)
    assert got[:2] == (printed, Fraction({"3个月": 3, "6月": 6}[printed]))
    assert resolve_unit(got[2]).dims == resolve_unit("month").dims


def test_thirteen_is_no_month() -> None:
    # 13月 names no month: the number is left to the usual readings (a duration here)
    assert values("13月") == [("13月", 13)]


# -- 百 and 千 after digits --------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "printed", "value"), [
    ("价格5百元", "5百元", 500), ("约2千人参加", "约2千", 2000), ("1.5千", "1.5千", 1500),
    ("5千多人", "5千多", 5000), ("3百万", "3百万", 3_000_000), ("5千万元", "5千万元", 50_000_000),
])
def test_hundred_and_thousand_after_digits(text: str, printed: str, value: int) -> None:
    assert values(text) == [(printed, value)]


def test_metric_qian_and_percentage_points_are_not_multipliers() -> None:
    assert one("跑了5千米") == ("5千米", 5, "kilometer")
    assert one("3.5千克")[1:] == (Fraction(7, 2), "kilogram")
    m, = extract_mentions(analyse("提高了3百分点"))
    assert (m.number.nominal, m.number.kind) == (3, "points")     # percentage points, not 300


# -- Chinese measures in running text ------------------------------------------------------------------

@pytest.mark.parametrize(("text", "value", "unit"), [
    ("全程5公里", 5, "kilometer"), ("重达三吨", 3, "metric_ton"), ("面积120平方米", 120, "meter ** 2"),
    ("装机5兆瓦", 5, "megawatt"), ("耗电1.5千瓦时", Fraction(3, 2), "kilowatt_hour"), ("100毫升", 100, "milliliter"),
    ("一米高", 1, "meter"),
])
def test_chinese_measures(text: str, value: Fraction, unit: str) -> None:
    assert one(text)[1:] == (value, unit)


@pytest.mark.parametrize("text", ["系统将于3升级", "三克服困难"])
def test_unit_characters_that_start_words(text: str) -> None:
    assert all(m.unit.canonical in ("", "dimensionless") for m in extract_mentions(analyse(text)))


# -- 兆 (10^12 inside a numeral) and 万万 (亿) ------------------------------------------------------------

@pytest.mark.parametrize(("text", "value"), [
    ("五十五兆一十二亿四万五千二", 55_001_200_045_200), ("四十九兆九千五百九十二億", 49_959_200_000_000),
    ("四万万", 400_000_000), ("一万万", 100_000_000),
])
def test_zhao_and_wanwan(text: str, value: int) -> None:
    assert parse_chinese_numeral(text) == value


def test_zhao_before_a_unit_is_mega() -> None:
    assert one("五兆瓦")[1:] == (5, "megawatt")
    assert one("四十九兆九千五百九十二億元")[1] == 49_959_200_000_000


def test_wanwan_in_context() -> None:
    assert values("10万万") == [("10万万", 1_000_000_000)]
    assert values("一万万分之七") == [("一万万分之七", Fraction(7, 10**8))]
    assert values("万万不可") == []


# -- Chinese numerals printed with spaces between their places ----------------------------------------------

@pytest.mark.parametrize(("text", "value"), [
    ("一百 五 十 二", 152), ("两千 四 百 五", 2450), ("三千 八百 九十六 萬 四千 九百 六十五", 38_964_965),
    ("八千 三百 八十五 萬 二千 三百 二十六 點三三", Fraction(838_523_263_3, 100)),
    ("三 百 五 又 三 分之 一", Fraction(1051, 3)), ("三百 五 又 三分  之一", Fraction(1051, 3)),
])
def test_spaced_numerals(text: str, value: Fraction) -> None:
    assert values(text) == [(text, value)]


def test_spaced_digits_alone_are_not_joined() -> None:
    assert values("一 二 三") == []
    assert values("一 二 三分之一") == [("三分之一", Fraction(1, 3))]


# -- English fractions ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "printed", "value"), [
    ("one twenty-fifth", "one twenty-fifth", Fraction(1, 25)),
    ("a twenty-first of the pie", "a twenty-first", Fraction(1, 21)),
    ("three twenty-fifths of it", "three twenty-fifths", Fraction(3, 25)),
    ("one hundred and three and two thirds", "one hundred and three and two thirds", Fraction(311, 3)),
    ("forty two and a third", "forty two and a third", Fraction(127, 3)),
])
def test_english_fractions(text: str, printed: str, value: Fraction) -> None:
    assert values(text) == [(printed, value)]


@pytest.mark.parametrize(("text", "printed", "value"), [
    ("half a million people", "half a million", 500_000), ("Half million eggs", "Half million", 500_000),
    ("a quarter million", "a quarter million", 250_000), ("quarter million", "quarter million", 250_000),
    ("one and a half million", "one and a half million", 1_500_000),
    ("three million and a half", "three million and a half", 3_500_000),
    ("two million and one half", "two million and one half", 2_500_000),
    ("five billion and three quarters", "five billion and three quarters", 5_750_000_000),
    ("one billion and a quarter million", "one billion and a quarter million", 1_000_250_000),
    ("three lakh crore", "three lakh crore", 3 * 10**12),
])
def test_fractions_of_a_scale(text: str, printed: str, value: int) -> None:
    assert values(text) == [(printed, value)]


@pytest.mark.parametrize("text", ["a third party", "a fifth season", "a twenty-first century skill", "the first half"])
def test_ordinal_adjectives_are_no_fractions(text: str) -> None:
    assert values(text) == []


@pytest.mark.parametrize(("text", "printed"), [("a third of the budget", "a third"), ("a third less", "a third"),
                                               ("cut by a third last year", "a third")])
def test_a_third_before_function_words(text: str, printed: str) -> None:
    assert values(text) == [(printed, Fraction(1, 3))]


# -- powers with a caret, fractions read aloud, digits before "hundred" -------------------------------------

@pytest.mark.parametrize(("text", "printed", "value"), [
    ("a learning rate of 10^-4", "10^-4", Fraction(1, 10_000)), ("10^9 parameters", "10^9 parameters", 10**9),
    ("1.1^+23", "1.1^+23", Fraction(11, 10) ** 23), ("2.5^-1", "2.5^-1", Fraction(2, 5)),
    ("-2500^-1", "-2500^-1", Fraction(-1, 2500)), ("2^64 bytes", "2^64 bytes", 2**64),
])
def test_caret_powers(text: str, printed: str, value: Fraction) -> None:
    assert values(text) == [(printed, value)]


def test_a_power_too_long_to_spell_out_is_no_value() -> None:
    # neither 9 nor 999 is a value of "9^999"; the quantity after it still is
    assert values("9^999 and 5 kg") == [("5 kg", 5)]


@pytest.mark.parametrize(("text", "printed", "value"), [
    ("1 over 3", "1 over 3", Fraction(1, 3)), ("one over one hundred", "one over one hundred", Fraction(1, 100)),
    ("1 over twenty-one", "1 over twenty-one", Fraction(1, 21)),
    ("1 in twenty-one", "1 in twenty-one", Fraction(1, 21)),
    ("1 in 5 adults", "1 in 5", Fraction(1, 5)),
    ("3 hundred and 21 yuan", "3 hundred and 21 yuan", 321), ("3 hundred and one is", "3 hundred and one", 301),
    ("3 hundred thousand", "3 hundred thousand", 300_000),
])
def test_spoken_fractions_and_hundreds(text: str, printed: str, value: Fraction) -> None:
    assert values(text) == [(printed, value)]


def test_over_before_a_unit_is_a_qualifier_not_a_fraction() -> None:
    got = values("grew 5 over 3 years")
    assert ("5", 5) in got and all(v != Fraction(5, 3) for _, v in got)


def test_decimal_comma_pieces_are_no_values() -> None:
    assert values("5,00") == [("5", 5)]
    assert all(m.unit.canonical != "kilogram" for m in extract_mentions(analyse("1,5 kg")))
    # numbers listed with commas and no spaces stay values; thousands groups stay one number
    assert [v for _, v in values("Exercises 22,24,26,31.")] == [22, 24, 26, 31]
    assert one("1,234 kg")[1:] == (1234, "kilogram")


# -- Chinese currency words after the amount (from the one vocabulary of currencies) -----------------------

@pytest.mark.parametrize(("text", "value", "unit"), [
    ("价格5港元", 5, "HKD"), ("5 港币", 5, "HKD"), ("3美金", 3, "USD"), ("这台电脑两美刀", 2, "USD"),
    ("三块钱", 3, "CNY"), ("约 300 万韩元", 3_000_000, "KRW"), ("1.5万新台币", 15_000, "TWD"),
])
def test_chinese_currency_words(text: str, value: int, unit: str) -> None:
    assert one(text)[1:] == (value, unit)


def test_kuai_alone_is_a_measure_word() -> None:
    assert one("三块蛋糕")[1:] == (3, "")


# -- bounds: negated comparatives, "or equal to", English qualifiers after the value ------------------------

@pytest.mark.parametrize(("text", "relation"), [
    ("不大于30", "<="), ("不小于30", ">="), ("大于等于5", ">="), ("小于等于40", "<="), ("大于或等于 5 公斤", ">="),
    ("大于10", ">"), ("不超过100个", "<="),
    ("less than or equal to 40", "<="), ("greater than or equal to 5", ">="), ("less than 40", "<"),
    ("30 or more", ">="), ("20 or less", "<="), ("5 GPUs or more", ">="), ("2 or fewer", "<="),
    ("children aged 5 and up", ">="), ("10 or so people", "~"),
])
def test_bounds(text: str, relation: str) -> None:
    (m,) = extract_mentions(analyse(text))
    assert (m.relation or m.number.relation) == relation


def test_or_between_two_numbers_is_no_bound() -> None:
    assert [(m.number.nominal, m.relation or m.number.relation) for m in extract_mentions(analyse("1 or 2"))] \
        == [(1, "="), (2, "=")]


def test_and_joins_a_number_only_after_a_scale_or_before_a_fraction() -> None:
    assert values("twenty and thirty") == [("twenty", 20), ("thirty", 30)]
    assert values("a hundred and two") == [("a hundred and two", 102)]
    assert values("forty two and two thirds") == [("forty two and two thirds", Fraction(128, 3))]
    (m,) = extract_mentions(analyse("between twenty and thirty"))
    assert (m.number.interval.lo, m.number.interval.hi) == (20, 30)


# -- 折, 介于 … 之间, ages --------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "value"), [("8折", 80), ("打八折", 80), ("享受九折优惠", 90), ("9.5折", 95)])
def test_zhe_is_a_share_of_the_price(text: str, value: int) -> None:
    (m,) = extract_mentions(analyse(text))
    assert (m.number.nominal, m.number.kind) == (value, "percent")


def test_zhe_in_words_is_no_share() -> None:
    assert one("折合人民币100元")[1:] == (100, "CNY")
    assert [m.number.kind for m in extract_mentions(analyse("3折合"))] == ["number"]


@pytest.mark.parametrize(("text", "lo", "hi", "unit"), [
    ("介于10和20之间", 10, 20, ""), ("温度在 5 摄氏度与 8 摄氏度之间", 5, 8, "Celsius_reading"),
    ("在5和8公斤之间", 5, 8, "kilogram"),
])
def test_chinese_between(text: str, lo: int, hi: int, unit: str) -> None:
    (m,) = extract_mentions(analyse(text))
    assert (m.number.interval.lo, m.number.interval.hi, m.unit.canonical) == (lo, hi, unit)


def test_and_without_zhijian_is_two_values() -> None:
    assert len(extract_mentions(analyse("我们有10和20两种"))) >= 2


@pytest.mark.parametrize(("text", "value"), [("a man of age 87 with", 87), ("at the age of 29", 29),
                                             ("children aged 5", 5)])
def test_ages(text: str, value: int) -> None:
    assert one(text)[1:] == (value, "year")


@pytest.mark.parametrize("text", ["Stage 2", "page 5", "age 3.5"])
def test_no_age_without_the_word_or_with_a_decimal(text: str) -> None:
    assert all(m.unit.canonical == "" for m in extract_mentions(analyse(text)))


# -- money: glued codes, currency names of several words, compound amounts ----------------------------------

@pytest.mark.parametrize(("text", "value", "unit"), [
    ("USD115", 115, "USD"), ("RM120,000", 120_000, "MYR"), ("EUR50 fee", 50, "EUR"),
    ("5 Canadian dollars", 5, "CAD"), ("10 Australian dollars", 10, "AUD"), ("20 Hong Kong dollars", 20, "HKD"),
    ("3 pounds sterling", 3, "GBP"),
])
def test_currency_codes_and_names(text: str, value: int, unit: str) -> None:
    assert one(text)[1:] == (value, unit)


@pytest.mark.parametrize("text", ["LLaMA65", "MMLU5", "XUSD5", "H800"])
def test_glued_letters_that_are_no_currency_stay_names(text: str) -> None:
    assert values(text) == []


@pytest.mark.parametrize(("text", "value"), [("3 dollars 50 cents", Fraction(7, 2)),
                                             ("2 dollars and 50 cents", Fraction(5, 2)),
                                             ("$3 and 50 cents", Fraction(7, 2))])
def test_compound_money(text: str, value: Fraction) -> None:
    assert one(text) == (text, value, "USD")


@pytest.mark.parametrize("text", ["3 dollars, 5 cents", "5 dollars and 150 cents", "5 euros 50 cents"])
def test_amounts_that_are_not_one_compound(text: str) -> None:
    assert len(extract_mentions(analyse(text))) == 2


@pytest.mark.parametrize(("text", "printed", "unit"), [("a 10-foot pole", "10-foot", "foot"),
                                                       ("a 5-day week", "5-day", "day")])
def test_hyphenated_adjective_ends_the_unit(text: str, printed: str, unit: str) -> None:
    got = one(text)
    assert (got[0], got[2]) == (printed, unit)


# -- Chinese: 几, 百分之百, 个半, a half after the unit, 一米八, 时速, month names in numerals ------------------

def test_ji_after_a_place_is_more_than() -> None:
    (m,) = extract_mentions(analyse("跑了十几公里"))
    assert (m.printed, m.number.nominal, m.number.relation, m.unit.canonical) == ("十几公里", 10, ">", "kilometer")
    (m,) = extract_mentions(analyse("二十几万"))
    assert (m.number.nominal, m.number.relation) == (200_000, ">")     # 几 before a scale: unchanged


@pytest.mark.parametrize("text", ["几十个人", "几百万人"])
def test_ji_before_a_numeral_is_indefinite(text: str) -> None:
    assert values(text) == []


def test_bai_fen_zhi_bai() -> None:
    (m,) = extract_mentions(analyse("百分之百"))
    assert (m.number.nominal, m.number.kind) == (100, "percent")


@pytest.mark.parametrize(("text", "printed", "value", "unit"), [
    ("两个半小时", "两个半小时", Fraction(5, 2), "hour"), ("一个半月", "一个半月", Fraction(3, 2), "month"),
    ("一年半", "一年半", Fraction(3, 2), "year"), ("三公里半", "三公里半", Fraction(7, 2), "kilometer"),
    ("两天半后", "两天半", Fraction(5, 2), "day"), ("身高一米八", "一米八", Fraction(9, 5), "meter"),
    ("一米七五的个子", "一米七五", Fraction(7, 4), "meter"),
])
def test_halves_and_tenths(text: str, printed: str, value: Fraction, unit: str) -> None:
    assert one(text) == (printed, value, unit)


@pytest.mark.parametrize("text", ["三天半夜", "一米高"])
def test_words_that_start_with_the_half_or_no_tenths(text: str) -> None:
    got = one(text)
    assert got[1].denominator == 1


def test_shisu_is_per_hour() -> None:
    assert one("时速120公里")[1:] == (120, "kilometer / hour")
    assert one("全程120公里")[1:] == (120, "kilometer")


@pytest.mark.parametrize("text", ["十月一日", "三月发布"])
def test_month_names_in_numerals(text: str) -> None:
    assert values(text) == []


def test_a_count_at_the_start_of_a_text_is_no_date() -> None:
    assert one("三年时间")[1:] == (3, "year")
    assert one("十个月大")[1:] == (10, "month")


# -- English: a sign in words before digits, nouns after a unit, decades, amounts at the start of a line --------

def test_minus_before_digits() -> None:
    assert one("minus 10 degrees")[:2] == ("minus 10 degrees", -10)
    assert one("minus 2.5 kg")[1:] == (Fraction(-5, 2), "kilogram")
    # a subtraction keeps both numbers positive
    assert [v for _, v in values("20 minus 10 degrees")] == [20, 10]


@pytest.mark.parametrize(("text", "printed", "unit"), [("a 90 degree turn", "90 degree", "degree"),
                                                       ("5 GPU hours", "5 GPU hours", "GPU * hour")])
def test_a_noun_after_a_unit_is_no_factor(text: str, printed: str, unit: str) -> None:
    got = one(text)
    assert (got[0], got[2]) == (printed, unit)


def test_bps_names_basis_points() -> None:
    (m,) = extract_mentions(analyse("spreads widened by 25 bps"))
    assert any("basis points" in c for c in m.candidates)


@pytest.mark.parametrize("text", ["in the 80s", "the '80s", "the mid-90s"])
def test_decades_are_no_seconds(text: str) -> None:
    assert values(text) == []


def test_decade_of_life_is_no_seconds() -> None:
    # "in their 30s" is an age, 30 to 39 years (test_extract_number_families3), never 30 seconds
    assert [m.unit.canonical for m in extract_mentions(analyse("in their 30s"))] == ["year"]


def test_seconds_glued_stay_seconds() -> None:
    assert one("took 80s")[1:] == (80, "second")


@pytest.mark.parametrize(("text", "value"), [("1.2 million barrels a day", 1_200_000), ("3.5 billion", 3_500_000_000)])
def test_a_decimal_at_the_start_of_a_line_before_a_word_is_an_amount(text: str, value: int) -> None:
    assert values(text)[0][1] == value


@pytest.mark.parametrize("text", ["3.2 Methods", "1. the first item"])
def test_section_and_list_numbers_stay_out(text: str) -> None:
    assert values(text) == []
