"""The printed grammar reads the qualifiers and wordings real reports print (issues #11 §2, #12 §4)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from support import iv

from claimaudit.errors import NumberSyntaxError
from claimaudit.numbers.printed import parse_printed


@pytest.mark.parametrize("text, relation", [
    ("不超过5%", "<="), ("不超過 5%", "<="), ("超过5%", ">"),         # 不超过 is not 超过
    ("no less than 5 mg", ">="), ("less than 5 mg", "<"),            # no less than is not less than
    ("no more than 20 GB", "<="), ("a maximum of 20 GB", "<="), ("a minimum of 3", ">="),
    ("约为3倍", "~"), ("大概 30%", "~"), ("高达90%", "<="), ("不少于 100 台", ">="), ("不足 5 天", "<"),
    ("至少 3 次", ">="), ("最多 8 卡", "<="), ("逾 100 亿", ">"), ("1350+", ">="), ("Up to 1350+", ">="),
    ("up to 1350", "<="), ("30 左右", "~"), ("100 以上", ">="), ("5 以内", "<="), ("nearly 40%", "~"),
])
def test_qualifiers(text, relation):
    assert parse_printed(text).relation == relation


def test_qualifier_words_are_kept():
    assert parse_printed("约为5").qualifier == "约为"
    assert parse_printed("no less than 5 mg").qualifier == "no less than"


@pytest.mark.parametrize("text, nominal, unit", [
    ("£35m", 35_000_000, "GBP"), ("$4.2b", 4_200_000_000, "USD"), ("$1.2bn", 1_200_000_000, "USD"),
    ("€3mn", 3_000_000, "EUR"), ("3 hundred million", 300_000_000, ""), ("1,350 万亿", 1_350 * 10**12, ""),
    ("HK$5", 5, "HKD"), ("C$ 12", 12, "CAD"), ("A$3", 3, "AUD"), ("NT$100", 100, "TWD"), ("S$8", 8, "SGD"),
    ("$US 3", 3, "USD"), ("$A 7", 7, "AUD"), ("USD115", 115, "USD"), ("USD 200", 200, "USD"),
    ("200 EUR", 200, "EUR"), ("RM120,000", 120_000, "MYR"), ("5 Australian dollars", 5, "AUD"),
    ("30 港元", 30, "HKD"), ("30 日元", 30, "JPY"), ("30 人民币", 30, "CNY"), ("3 美元", 3, "USD"),
])
def test_scale_words_and_currencies(text, nominal, unit):
    p = parse_printed(text)
    assert (p.nominal, p.unit) == (nominal, unit)


def test_lower_case_m_is_metres_without_money():
    assert parse_printed("35m").unit == "m"


@pytest.mark.parametrize("text, nominal, kind", [
    ("twice", 2, "ratio"), ("threefold", 3, "ratio"), ("3-fold", 3, "ratio"), ("three times", 3, "ratio"),
    ("三倍", 3, "ratio"), ("half", F(1, 2), "ratio"), ("halved", F(1, 2), "ratio"),
    ("a third", F(1, 3), "ratio"), ("one in five", F(1, 5), "ratio"), ("三分之一", F(1, 3), "ratio"),
    ("六十四分之一", F(1, 64), "ratio"), ("1/64", F(1, 64), "ratio"),
])
def test_multiples_and_fractions(text, nominal, kind):
    p = parse_printed(text)
    assert (p.nominal, p.kind) == (nominal, kind)


def test_a_multiple_is_rounded_like_its_digits():
    assert parse_printed("threefold").interval == parse_printed("3x").interval
    assert parse_printed("half").interval == iv("0.5")            # a fraction is exact


@pytest.mark.parametrize("text, nominal, unit", [
    ("8 minutes 20 seconds", 500, "second"), ("1 h 30 min", 90, "minute"), ("1 hour and 30 minutes", 90, "minute"),
    ("3天5小时", 77, "小时"), ("5′11″", 71, "inch"), ("5 ft 11 in", 71, "inch"),
    ("3 dollars 50 cents", F(7, 2), "USD"), ("五元三毛", F(53, 10), "CNY"),
])
def test_compound_values(text, nominal, unit):
    p = parse_printed(text)
    assert (p.nominal, p.unit, p.text) == (nominal, unit, text)
    assert p.exact                                               # whole parts: exact


def test_compound_with_decimals_rounds_at_the_last_part():
    assert parse_printed("1 h 30.5 min").interval == iv("90.45", "90.55")


@pytest.mark.parametrize("text", ["20 seconds 8 minutes", "1.5 h 30 min", "5 GB 3 s"])
def test_compound_parts_must_descend_in_one_family(text):
    with pytest.raises(NumberSyntaxError):
        parse_printed(text)


@pytest.mark.parametrize("text, lo, hi, unit", [
    ("5 GB to 10 GB", 5, 10, "GB"), ("44 mg – 50 mg", 44, 50, "mg"), ("$5 to $10", 5, 10, "USD"),
    ("5%–10%", "4.5", "10.5", "percent"),
])
def test_ranges_with_units_on_both_ends(text, lo, hi, unit):
    p = parse_printed(text)
    assert p.is_range and p.unit == unit and p.interval.lo == F(str(lo)) and p.interval.hi == F(str(hi))


def test_range_ends_must_print_the_same_unit():
    with pytest.raises(NumberSyntaxError):
        parse_printed("5 GB to 10 MB")


@pytest.mark.parametrize("text, unit", [
    ("$1,271.2 an ounce", "USD / ounce"), ("188 miles an hour", "miles / hour"), ("$5 a share", "USD / share"),
    ("2 美元每 GPU 小时", "USD / GPU 小时"), ("$80 per sq m", "USD / sq m"),
])
def test_rates_keep_their_denominator(text, unit):
    assert parse_printed(text).unit == unit


@pytest.mark.parametrize("text, lo, hi", [
    (".001 per cent", "0.0005", "0.0015"), (".03", "0.025", "0.035"), ("3.0×10^−5", "0.0000295", "0.0000305"),
    ("1e-4", "0.00005", "0.00015"), ("２，７８８", 2788, 2788), ("2 788", 2788, 2788),
])
def test_digits(text, lo, hi):
    assert parse_printed(text).interval == iv(lo, hi)
