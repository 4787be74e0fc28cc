"""Chinese numerals (claimaudit.numbers.chinese)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from claimaudit.errors import NumberSyntaxError
from claimaudit.numbers.chinese import (
    is_numeral_start,
    parse_chinese_numeral,
    scan_approximate,
    scan_chinese_numeral,
    scan_multiplier,
)

# Cases from cn2an (https://github.com/Ailln/cn2an, MIT licence): a small selection of the
# "strict", "normal" and "smart" test tables of cn2an 0.5.24, copied inline so the tests do not
# depend on any file outside the repository.
CN2AN_STRICT = {
    "零": 0,
    "一": 1,
    "十": 10,
    "十一": 11,
    "一十一": 11,
    "二十": 20,
    "二十一": 21,
    "一百": 100,
    "一百零一": 101,
    "一百一十": 110,
    "一千零一十": 1010,
    "一千零十": 1010,
    "一千零十一": 1011,
    "一千零一": 1001,
    "一千一百零一": 1101,
    "一万一千一百一十一": 11111,
    "一十一万一千一百一十一": 111111,
    "一亿一千一百一十一万一千一百一十一": 111111111,
    "一千一百一十一万一千一百一十一亿一千一百一十一万一千一百一十一": 1111111111111111,
    "壹": 1,
    "拾": 10,
    "拾壹": 11,
    "壹佰壹拾壹": 111,
    "壹仟壹佰壹拾壹万壹仟壹佰壹拾壹": 11111111,
    "十万": 100000,
    "十万零一": 100001,
    "一万零一十一": 10011,
    "一千零一万一千零一": 10011001,
    "一千零一万零一": 10010001,
    "一亿零一": 100000001,
    "一千零一亿一千零一万一千零一": 100110011001,
    "一千亿一千万一千零一": 100010001001,
    "零点零零零零零零零零零零零零零零一": F(1, 10**15),
    "零点零一": F(1, 100),
    "零点一": F(1, 10),
    "负一": -1,
    "负十一": -11,
    "负一十一": -11,
    "廿二": 22,
}
CN2AN_NORMAL = {
    "一一": 11,
    "壹壹壹": 111,
    "零点零": 0,
    "一七二零": 1720,
    "一七二零点一": F("1720.1"),
    "一七二零点一三四": F("1720.134"),
    "负零点一零": F("-0.1"),
    "负一七二零": -1720,
    "三万五": 35000,
    "十三万五": 135000,
    "两千六": 2600,
    "兩千六": 2600,
    "一百二": 120,
    "一百十一": 111,
    "一百十六": 116,
    "一千一十": 1010,
    "一百二十万三": 1203000,
    "十万零一千": 101000,
    "一百九十万零三千九百七十一": 1903971,
    "一亿五千万零六千三百五十五": 150006355,
    "壹拾万零叁仟肆佰伍拾叁": 103453,
    "〇": 0,
}
CN2AN_SMART = {
    "100万": 1000000,
    "10.1万": 101000,
    "-10.1万": -101000,
    "16.4亿": 1640000000,
    "35.1亿": 3510000000,
    "10.1": F("10.1"),
    "-10.1": F("-10.1"),
}
CN2AN_ERRORS = ["", "百十一", "十一十二", "负十一十二", "十七十八", "零点", "点零", "点一", "零点点",
                "零点零大", "元整", "圆", "负", "10.1万零100", "10..1万"]


@pytest.mark.parametrize("text, value", list(CN2AN_STRICT.items()), ids=list(CN2AN_STRICT))
def test_cn2an_strict(text, value):
    assert parse_chinese_numeral(text) == value


@pytest.mark.parametrize("text, value", list(CN2AN_NORMAL.items()), ids=list(CN2AN_NORMAL))
def test_cn2an_normal(text, value):
    assert parse_chinese_numeral(text) == value


@pytest.mark.parametrize("text, value", list(CN2AN_SMART.items()), ids=list(CN2AN_SMART))
def test_cn2an_smart(text, value):
    assert parse_chinese_numeral(text) == value


@pytest.mark.parametrize("text", CN2AN_ERRORS, ids=[t or "empty" for t in CN2AN_ERRORS])
def test_cn2an_errors(text):
    with pytest.raises(NumberSyntaxError):
        parse_chinese_numeral(text)


# -- the examples --------------------------------------------------------------------------

@pytest.mark.parametrize("text, value", [
    ("两千零四十八", 2048),
    ("一万二千", 12000),
    ("三千五百万", 35_000_000),
    ("十", 10),
    ("十二", 12),
    ("十五", 15),
    ("二十", 20),
    ("一百零五", 105),
    ("两", 2),
    ("两亿", 200_000_000),
    ("四万亿", 4 * 10**12),
    ("一万亿", 10**12),
    ("三亿五千万", 350_000_000),
    ("叁仟伍佰万", 35_000_000),
    ("陆拾柒", 67),
    ("捌佰玖拾", 890),
    ("萬", None),
])
def test_examples(text, value):
    if value is None:
        with pytest.raises(NumberSyntaxError):
            parse_chinese_numeral(text)
    else:
        assert parse_chinese_numeral(text) == value


# -- mantissa / multiplier split (drives rounding in parse_printed) --------------------------------

@pytest.mark.parametrize("text, mantissa, decimals, multiplier, scale", [
    ("两千零四十八", 2048, 0, "", 1),
    ("二十", 20, 0, "", 1),
    ("一万二千", 12000, 0, "", 1),
    ("三千五百万", 3500, 0, "万", 10**4),          # 三千五百万 = 3500万
    ("一亿五千万", 15000, 0, "万", 10**4),
    ("两亿", 2, 0, "亿", 10**8),
    ("十万", 10, 0, "万", 10**4),
    ("四万亿", 4, 0, "万亿", 10**12),
    ("三万五", F("3.5"), 1, "万", 10**4),          # elided: 3.5万
    ("两千六", F("2.6"), 1, "千", 1000),
    ("一百二", F("1.2"), 1, "百", 100),
    ("一百二十万三", F("120.3"), 1, "万", 10**4),
    ("零点零五", F("0.05"), 2, "", 1),
    ("三点五万", F("3.5"), 1, "万", 10**4),
    ("一七二零", 1720, 0, "", 1),
])
def test_scan_parts(text, mantissa, decimals, multiplier, scale):
    num = scan_chinese_numeral(text)
    assert num is not None
    assert (num.mantissa, num.decimals, num.multiplier, num.scale) == (mantissa, decimals, multiplier, scale)
    assert (num.start, num.end) == (0, len(text))
    assert num.value == mantissa * scale


@pytest.mark.parametrize("text, end", [
    ("两个月", 1),
    ("五个百分点", 1),
    ("三两", 1),            # 两 after a digit is the weight unit liang
    ("五百分点", 1),         # 百分 is never part of the numeral
    ("三分之一", 1),
    ("二十多万", 2),
    ("十二月", 2),
])
def test_scan_stops(text, end):
    num = scan_chinese_numeral(text)
    assert num is not None and num.end == end


def test_scan_offset_and_none():
    num = scan_chinese_numeral("约两千人", 1)
    assert num is not None and (num.start, num.end, num.value) == (1, 3, 2000)
    assert scan_chinese_numeral("约两千人", 0) is None
    assert scan_chinese_numeral("万", 0) is None
    assert scan_chinese_numeral("", 0) is None


@pytest.mark.parametrize("text, pos, result", [
    ("557.6万美元", 5, ("万", 10**4, 6)),
    ("14.8万亿", 4, ("万亿", 10**12, 6)),
    ("3千万", 1, ("千万", 10**7, 3)),
    ("5百万", 1, ("百万", 10**6, 3)),
    ("5千瓦", 1, None),                 # kW
    ("5千米", 1, None),                 # km
    ("5万千瓦", 1, ("万", 10**4, 2)),
    ("5百分点", 1, None),
    ("5亿万", 1, ("亿", 10**8, 2)),      # values must increase
    ("5 GPU", 1, None),
])
def test_scan_multiplier(text, pos, result):
    assert scan_multiplier(text, pos) == result


def test_is_numeral_start():
    assert is_numeral_start("十五", 0)
    assert is_numeral_start("两千", 0)
    assert is_numeral_start("廿二", 0)
    assert not is_numeral_start("百", 0)
    assert not is_numeral_start("万", 0)
    assert not is_numeral_start("5", 0)
    assert not is_numeral_start("十", 1)


@pytest.mark.parametrize("text, column", [
    ("十一十二", 2),         # units out of order
    ("一百二三", 3),         # two digits in a row
    ("一万二万", 3),         # 万 twice
    ("两三", 0),            # 两 in a digit-by-digit numeral
    ("一万百一十一", 2),      # 百 without a digit (after 零 it means 一百: see test_colloquial_forms)
    ("  百", 2),
    ("十五x", 2),
])
def test_error_columns(text, column):
    with pytest.raises(NumberSyntaxError) as info:
        parse_chinese_numeral(text)
    assert info.value.column == column


@pytest.mark.parametrize(("text", "value"), [
    ("百三", 130),                  # 一百三 without its 一: one elided digit after the place
    ("千五", 1500),
    ("佰三", 130),
    ("一万零百一十一", 10111),      # cn2an (strict and normal) read 零百 as 零一百
    ("一亿亿", 10**16),             # 亿亿 like 万万
    ("三亿亿", 3 * 10**16),
    ("两千万点五五四四", F(25000000693, 1250)),
    ("一千六点五", F(3201, 2)),
    ("三点五万", 35000),            # a point before the scale is still the mantissa's
    ("俩", 2),
])
def test_colloquial_forms(text, value):
    assert parse_chinese_numeral(text) == value


@pytest.mark.parametrize(("text", "end", "value"), [
    ("两百点两", 2, 200),           # 两 is no decimal digit: the numeral ends before 点
    ("一点两小时", 1, 1),
    ("五十千米", 2, 50),            # 千 before 米 after 十 is the kilo- of 千米
    ("一万千瓦", 2, 10000),
    ("三千米", 2, 3000),            # after a digit 千 stays a place (3000 m = 3 km)
    ("三十俩", 2, 30),              # 俩 never goes on a numeral
    ("百分之三", None, None),       # 百分 starts no numeral
    ("千万", None, None),
    ("百十一", None, None),         # 百 with no digit before a place
])
def test_where_a_numeral_ends(text, end, value):
    num = scan_chinese_numeral(text, 0) if is_numeral_start(text, 0) else None
    assert (num.end, num.value) == (end, value) if end is not None else num is None


@pytest.mark.parametrize(("text", "result"), [
    ("八九个", (2, "8-9")),
    ("三四十人", (3, "30-40")),
    ("十七八岁", (3, "17-18")),
    ("二十七八万", (5, "27-28万")),
    ("两三百", (3, "200-300")),
    ("三五天", (2, "3-5")),
    ("一两个", (2, "1-2")),
    ("六七千万", (4, "6000-7000万")),
    ("五六月", (2, "")),             # months: no amount
    ("八九点", (2, "")),             # an hour
    ("七八十年代", (3, "")),         # decades
    ("一两黄金", None),              # one liang
    ("一二", None),                  # 略知一二
    ("一二三", None),                # a run of digits
    ("三四十五", None),
    ("九十", None),
    ("五七", None),                  # not neighbours
])
def test_scan_approximate(text, result):
    assert scan_approximate(text, 0) == result


@pytest.mark.parametrize("text", ["两三", "三四十", "十七八", "百十一", "一万百一十一"])
def test_approximations_are_no_numeral_of_the_grammar(text):
    """A claim file's value is one number: parse_chinese_numeral refuses an approximation (八九 is
    read digit by digit there, as cn2an reads 一七二零; extraction reads it as 8–9)."""
    with pytest.raises(NumberSyntaxError):
        parse_chinese_numeral(text)


@pytest.mark.parametrize(("text", "value", "unit"), [
    ("1万600", 10600, ""),                  # cn2an's smart mode: the places below 万 written out
    ("5万4千元", 54000, "CNY"),
    ("3千5", 3500, ""),                     # one digit after a place stands one place lower (三千五)
    ("壹佰捌拾壹圆柒角", F(1817, 10), "CNY"),  # 圆 is the yuan of cheques; 角 its tenths
    ("伍拾圆", 50, "CNY"),
])
def test_printed_values_with_chinese_places_and_yuan(text, value, unit):
    from claimaudit.numbers.printed import parse_printed

    p = parse_printed(text)
    assert (p.nominal, p.unit) == (value, unit)


# -- the last place of a numeral that runs on through 万 into 亿 ---------------------------------------
# "X万Y亿" is X万亿 + Y亿: digits written before the last 亿 make 亿 its last place (as 六十万 is
# 60万); a 亿 right after 万 is one compound unit (三万亿 = 3万亿). The whole numeral's step was the
# compound unit's: 两万五千亿 read as 2.5万亿 ± 0.5万亿, so 2.9万亿 passed for it.

@pytest.mark.parametrize("text, nominal, step", [
    ("一百二十六万零五百八十二亿", 126_058_200_000_000, 10**8),   # a GDP in 亿元
    ("126万0582亿", 126_058_200_000_000, 10**8),
    ("1万零5亿", 1_000_500_000_000, 10**8),
    ("两万五千亿", 2_500_000_000_000, 10**8),
    ("2万5千亿", 2_500_000_000_000, 10**8),
    ("一万零五亿", 1_000_500_000_000, 10**8),
    ("三万亿", 3 * 10**12, 10**12),                             # one compound unit
    ("126万亿", 126 * 10**12, 10**12),
    ("五万亿五", 5_500_000_000_000, 10**11),                     # the elided digit: 5.5万亿
    ("十四亿一千二百六十万", 1_412_600_000, 10**4),               # unchanged: 万 after 亿
])
def test_the_step_of_a_numeral_through_wan_into_yi(text, nominal, step):
    from claimaudit.numbers.printed import parse_printed

    p = parse_printed(text)
    assert (p.nominal, p.step) == (nominal, step)
    assert p.interval.lo == nominal - F(step, 2) and p.interval.hi == nominal + F(step, 2)
