"""Chinese quantities read right in running text (issue #11 §2): approximations by neighbouring digits,
decimals after a place, 千 before a metric unit, colloquial forms, numerals standing alone, full-width
grouping, elided digits after Arabic digits; and what is no quantity (years, months, decades, idioms).

The sentences are written like those of Chinese news and reports; none is taken from a scored set."""

from __future__ import annotations

from fractions import Fraction

import pytest

from claimaudit.extract.document import analyse
from claimaudit.extract.mentions import extract_mentions
from claimaudit.units.registry import resolve_unit


def read(text: str) -> list[tuple[str, Fraction, Fraction, Fraction]]:
    """(printed, nominal, low, high) of every mention."""
    return [(m.printed, m.number.nominal, m.interval.lo, m.interval.hi) for m in extract_mentions(analyse(text))]


def one(text: str):
    found = extract_mentions(analyse(text))
    assert len(found) == 1, [m.printed for m in found]
    return found[0]


# -- approximations: two neighbouring digits are a range, never one number ---------------------------

@pytest.mark.parametrize(("text", "lo", "hi", "unit"), [
    ("现场来了八九个人", 8, 9, ""),               # was 89
    ("村里有三四十户人家", 30, 40, ""),            # was 40
    ("他看上去十七八岁", 17, 18, "year"),
    ("大约需要两三天", 2, 3, "day"),               # was 3 days
    ("每次只抽一两个样本", 1, 2, ""),
    ("投入五六万元", 50_000, 60_000, "CNY"),
    ("三五天就能完成", 3, 5, "day"),
    ("二十七八万人次", 270_000, 280_000, ""),
    ("两三百公里", 200, 300, "km"),
])
def test_neighbouring_digits_are_an_approximate_range(text: str, lo: int, hi: int, unit: str) -> None:
    m = one(text)
    assert m.number.is_range
    assert (m.number.ends or (None, None)) == (lo, hi)
    assert m.unit.factor == resolve_unit(unit).factor and m.unit.dims == resolve_unit(unit).dims


@pytest.mark.parametrize("text", [
    "五六月份雨水多",          # May and June
    "七八十年代的老歌",        # the seventies and eighties
    "晚上八九点到家",          # a clock hour
    "房间里乱七八糟",          # an idiom
    "对此略知一二",            # an idiom ("a little"), not one or two
    "一两黄金",                # one liang (a weight), not "one or two"
])
def test_neighbouring_digits_that_name_a_time_or_an_idiom(text: str) -> None:
    assert read(text) == []


# -- decimals, 两, 千 before a metric unit, colloquial forms ---------------------------------------------

@pytest.mark.parametrize(("text", "value"), [
    ("两千万点五", Fraction(40_000_001, 2)),        # was 两千万 alone
    ("一千六点五", Fraction(3201, 2)),              # the elided 一千六 (1600) goes on with decimals
    ("一万点二五", Fraction(40_001, 4)),
    ("百三", 130),                                  # 一百三, the 一 left out
    ("千五", 1500),
    ("一万零百一十一", 10_111),                     # 零百 = 零一百 (cn2an reads it so)
    ("一亿亿", 10**16),
    ("四万万", 400_000_000),
    ("廿三", 23),
])
def test_colloquial_and_decimal_forms(text: str, value: Fraction) -> None:
    m = one(text)
    assert m.number.nominal == value


def test_liang_is_no_decimal_digit() -> None:
    """两 after 点 is no decimal digit: 两百点两 reads 两百 (and the lone 两 is an article)."""
    assert [(p, v) for p, v, _, _ in read("两百点两")] == [("两百点", 200)]


@pytest.mark.parametrize(("text", "value", "unit"), [
    ("全程五十千米", 50, "km"),                     # was nothing: 五十千 is no numeral
    ("装机容量一万千瓦", 10_000, "kW"),
    ("耗电二十千瓦时", 20, "kW*h"),
    ("体重七十千克", 70, "kg"),
    ("跑了三千米", 3000, "m"),                      # 三千 米 and 三 千米 are the same length
])
def test_qian_before_a_metric_unit(text: str, value: int, unit: str) -> None:
    m = one(text)
    assert m.number.nominal * m.unit.factor == value * resolve_unit(unit).factor
    assert m.unit.dims == resolve_unit(unit).dims


def test_qian_before_cards_and_characters_stays_a_place() -> None:
    """三千卡 are 3000 GPU cards (not three kilocalories); 三千字 3000 characters."""
    assert one("集群共三千卡").number.nominal == 3000
    assert [v for _, v, _, _ in read("全文三千字")] in ([], [3000])


def test_lia_is_two() -> None:
    m = one("他们俩人都去了")
    assert m.number.nominal == 2
    assert read("这是他的伎俩") == []


# -- numerals standing alone -----------------------------------------------------------------------

@pytest.mark.parametrize(("text", "values"), [
    ("两", [2]),
    ("| 数量 | 两 |\n|---|---|\n", [2]),
    ("把“一”改成“五”", [1, 5]),
    ("正确答案是五。", [5]),
    ("零十", [10]),
])
def test_numeral_alone_is_a_value(text: str, values: list[int]) -> None:
    assert [v for _, v, _, _ in read(text)] == values


@pytest.mark.parametrize("text", ["他是一个好人", "他们统一了意见", "合二为一", "一分为二", "他们一起去"])
def test_articles_and_idioms_stay_out(text: str) -> None:
    assert read(text) == []


# -- digits: full-width grouping, elided digits after Arabic digits, spaced scales ------------------

@pytest.mark.parametrize(("text", "value"), [
    ("共４，５６５人", 4565),
    ("合计１，０００，０００元", 1_000_000),
    ("１２，３４５．６７万元", Fraction(123_456_700)),
])
def test_full_width_thousands_grouping(text: str, value: Fraction) -> None:
    assert one(text).number.nominal == value


def test_full_width_comma_between_single_digits_is_a_list() -> None:
    assert [v for _, v, _, _ in read("分别为１，２，３")] == [1, 2, 3]


@pytest.mark.parametrize(("text", "value"), [
    ("月薪3千5", 3500),           # was 3005: one digit after a place stands one place lower
    ("3万5的预算", 35_000),
    ("3百5", 350),
    ("1万600", 10_600),          # three digits: the place below is written out
    ("1千零5", 1005),             # 零 keeps the units place
    ("1000  万", 10_000_000),     # two spaces before the scale
])
def test_digits_and_places(text: str, value: int) -> None:
    assert one(text).number.nominal == value


# -- fractions with signs, a dozen ------------------------------------------------------------------

@pytest.mark.parametrize(("text", "value"), [
    ("三分之负一", Fraction(-1, 3)),
    ("负三分之一", Fraction(-1, 3)),
    ("负三分之负一", Fraction(1, 3)),
])
def test_signed_chinese_fractions(text: str, value: Fraction) -> None:
    assert one(text).number.nominal == value


def test_a_dozen() -> None:
    m = one("买了一打鸡蛋")
    assert m.number.nominal * m.unit.factor == 12
    assert read("一打开门就看见了") == []        # 一打开: "as soon as it opened"


# -- not quantities: dates, sections, names, idioms ------------------------------------------------

@pytest.mark.parametrize("text", [
    "二〇二三年五月发布",        # a year written digit by digit, and a month
    "一九八九年",
    "九八年五月",
    "2023年5月",
    "详见第3章",
    "二十世纪初",
    "ChatGLM2-6B 模型",
    "升级到 v2.0.1 版本",
    "八十年代",
    "十四五规划提出",            # the 14th five-year plan, not 14–15
    "十三五期间",
    "五四运动",                  # 4 May movement: a digit-by-digit name, no count of 运动
    "九一八事变",
    "六一儿童节",
    "双十一促销",
    "四分五裂",
    "三思而行",
])
def test_dates_sections_names_and_idioms_are_no_quantities(text: str) -> None:
    assert read(text) == []


def test_plan_name_and_age_range_differ() -> None:
    m = one("十四五岁的孩子")
    assert (m.number.ends, m.unit.dims) == ((14, 15), resolve_unit("year").dims)


@pytest.mark.parametrize(("text", "value"), [
    ("三对夫妻", 3),
    ("两所学校", 2),
    ("两把椅子", 2),
])
def test_measure_words_after_a_numeral(text: str, value: int) -> None:
    assert one(text).number.nominal == value


def test_three_against_five_is_no_count_of_pairs() -> None:
    assert not any(p.startswith("三") for p, _, _, _ in read("主队三对五落后"))


# -- 半: one half before a unit ----------------------------------------------------------------------

@pytest.mark.parametrize(("text", "unit"), [
    ("等了半小时", "hour"),
    ("半个月后复查", "month"),
    ("半年内完成", "year"),
    ("步行半公里", "km"),
    ("半分钟", "minute"),
])
def test_half_before_a_unit(text: str, unit: str) -> None:
    m = one(text)
    assert (m.number.nominal, m.interval.lo, m.interval.hi) == (Fraction(1, 2),) * 3
    assert m.unit.factor == resolve_unit(unit).factor and m.unit.dims == resolve_unit(unit).dims


@pytest.mark.parametrize("text", ["上半年营收增长", "下半年", "半导体行业", "多半是真的", "大半年", "半年报披露",
                                  "半月刊"])
def test_half_in_names_and_words(text: str) -> None:
    assert read(text) == []


# -- 个 before 亿, bare places with 余/多 or a qualifier -------------------------------------------------

@pytest.mark.parametrize(("text", "value", "relation"), [
    ("定一个亿的小目标", 100_000_000, "="),          # was nothing (一 read as an article)
    ("亏了两个亿", 200_000_000, "="),                # was 2
    ("投资5个亿", 500_000_000, "="),
    ("花了三个多亿元", 300_000_000, ">"),
    ("千余人参加", 1000, ">"),                       # was nothing
    ("百余人", 100, ">"),
    ("万余元", 10_000, ">"),
    ("近千人", 1000, "~"),
])
def test_spoken_scales(text: str, value: int, relation: str) -> None:
    m = one(text)
    rel = m.relation or m.number.relation
    assert (m.number.nominal, {"近": "~"}.get(rel, rel)) == (value, relation)


@pytest.mark.parametrize("text", ["千方百计", "老百姓", "千万不要", "几个亿"])
def test_bare_places_in_words_and_indefinite_amounts(text: str) -> None:
    assert read(text) == []


@pytest.mark.parametrize(("text", "value"), [
    ("支票金额壹佰捌拾壹圆柒角", Fraction(1817, 10)),   # was 181 and a separate 7
    ("票面100圆", 100),
    ("预算1万600元", 10_600),
])
def test_yuan_written_as_on_cheques(text: str, value: Fraction) -> None:
    m = one(text)
    assert (m.number.nominal, m.unit.canonical) == (value, "CNY")


def test_yuan_sign_word_is_not_a_circle() -> None:
    assert read("画一个圆") == [] and read("圆满完成任务") == []


# -- below zero, 度 ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "value"), [
    ("气温零下五度", -5),              # was 5 (a count of 度)
    ("零下10℃", -10),
    ("最低零下三十摄氏度", -30),
    ("温度升到三十度", 30),
])
def test_below_zero_is_negative(text: str, value: int) -> None:
    m = one(text)
    assert (m.number.nominal, m.unit.dims) == (value, resolve_unit("Celsius_reading").dims)


def test_du_of_electricity_and_of_angles() -> None:
    assert one("用了三十度电").unit.dims == resolve_unit("kWh").dims
    m = one("倾斜三十度")
    assert (m.number.nominal, m.unit.dims) == (30, resolve_unit("").dims)   # an angle's 度 stays unread


@pytest.mark.parametrize(("text", "lo", "hi"), [("一二十个", 10, 20), ("一二百人", 100, 200)])
def test_one_or_two_tens(text: str, lo: int, hi: int) -> None:
    assert one(text).number.ends == (lo, hi)


@pytest.mark.parametrize(("text", "lo", "hi"), [
    ("增长了三点几倍", 3, 4),        # "three point something": was exactly 3
    ("耗时零点几秒", 0, 1),
])
def test_point_something(text: str, lo: int, hi: int) -> None:
    m = one(text)
    assert m.number.ends == (lo, hi) and m.interval.lo <= lo and m.interval.hi >= hi


def test_quarter_names_are_no_counts() -> None:
    """三季度 is the third quarter (Q3); 三个季度 three quarters."""
    assert read("三季度营收增长") == []
    assert one("连续三个季度增长").number.nominal == 3


@pytest.mark.parametrize(("text", "value"), [
    ("来了十来个人", 10),             # "about ten": was exactly 10
    ("二十来岁", 20),
    ("一百来人", 100),
    ("十来万人", 100_000),            # was 10
    ("二十来亿元", 2_000_000_000),
])
def test_lai_after_a_round_number_is_about(text: str, value: int) -> None:
    m = one(text)
    assert (m.number.nominal, m.number.relation) == (value, "~")


def test_lai_as_a_verb_is_no_qualifier() -> None:
    assert all(m.number.relation == "=" for m in extract_mentions(analyse("二十来了又走")))


# -- 负 before a numeral: a sign, also before a single digit --------------------------------------------

@pytest.mark.parametrize(("text", "value"), [
    ("负五", -5), ("答案是负三。", -3), ("气温降到负十，", -10), ("结果为负一", -1), ("负两", -2),
    ("负 五", -5),                      # the minus printed apart
    ("负 3.5", Fraction(-7, 2)),
    ("负五百", -500), ("负三点五", Fraction(-7, 2)),
])
def test_fu_before_a_numeral_is_a_minus(text: str, value) -> None:
    assert one(text).number.nominal == value


@pytest.mark.parametrize("text", [
    "正负五",           # plus or minus: a tolerance, not minus five
    "负一层停车场",      # the first basement floor
    "负一定责任",        # 负 the verb, 一定 "certain"
])
def test_fu_that_is_no_minus(text: str) -> None:
    assert all(m.number.nominal >= 0 for m in extract_mentions(analyse(text)))
    assert not any(m.printed.startswith("负") for m in extract_mentions(analyse(text)))


def test_fu_apart_before_a_count_is_a_lost_game() -> None:
    # 胜 5 负 3 场: five won, three lost; never minus three
    assert all(m.number.nominal >= 0 for m in extract_mentions(analyse("本赛季胜 5 负 3 场")))


# -- a measure word whose noun was named before ---------------------------------------------------------

@pytest.mark.parametrize(("text", "unit"), [
    ("每买 10 张卡，有 3 张在干等", "GPU"),
    ("集群有 2048 张 H800 卡，其中 256 张用于推理。", "GPU"),
    ("采购了 10 块 SSD，坏了 2 块。", "SSD"),
])
def test_a_measure_word_alone_counts_the_noun_named_before(text: str, unit: str) -> None:
    later = extract_mentions(analyse(text))[-1]
    assert later.unit.canonical == unit and any("named before" in c for c in later.candidates)


@pytest.mark.parametrize("text", [
    "买了 10 张卡。有 3 张在干等",      # another sentence
    "买了 10 张卡，3 张纸",             # its own noun follows
])
def test_a_measure_word_with_its_own_noun_or_in_another_sentence_keeps_none(text: str) -> None:
    assert extract_mentions(analyse(text))[-1].unit.canonical == ""


# -- 半价: half the price --------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["商品半价出售", "第二件半价", "夜间峰谷半价）"])
def test_half_price_is_fifty_percent(text: str) -> None:
    m = one(text)
    assert (m.printed, m.number.nominal, m.unit.canonical) == ("半价", 50, "percent")


@pytest.mark.parametrize("text", ["价格减半", "半价格"])
def test_half_price_words_that_are_no_discount(text: str) -> None:
    assert extract_mentions(analyse(text)) == []


# -- N多 / N余 before a unit or a measure word: "more than N", the unit read after 多 ----------------

@pytest.mark.parametrize(("text", "value", "unit", "noun"), [
    ("花了三千多元", 3000, "CNY", ""),            # was a count of 多元, no currency
    ("来了一百多人", 100, "", "人"),               # was a count of 多人
    ("有二十多个国家参加", 20, "", "国家"),
    ("共有十多家公司", 10, "", "公司"),             # a lone 十 is ten
    ("一百余家企业", 100, "", "企业"),
    ("他三十多岁了", 30, "year", ""),
    ("会上来了一百多", 100, "", ""),              # at the end of the text
])
def test_more_than_a_round_number_keeps_the_unit_after_duo(text: str, value: int, unit: str, noun: str) -> None:
    m = one(text)
    assert m.number.nominal == value and m.number.relation == ">" and m.unit.canonical == unit
    if noun:
        assert any(f"a count of {noun} " in c for c in m.candidates), m.candidates
    assert not any("a count of 多" in c or "a count of 余" in c for c in m.candidates)


@pytest.mark.parametrize("text", ["一百多少钱", "大多数人", "三千多么"])
def test_duo_that_begins_a_word_is_no_more_than(text: str) -> None:
    found = extract_mentions(analyse(text))
    assert all(m.number.relation != ">" for m in found)


# -- 每 + a unit of three or four characters before the number: the rate keeps its denominator ------

@pytest.mark.parametrize(("text", "unit"), [
    ("新房均价每平方米2万元", "CNY / meter ** 2"),       # was CNY: the 每平方米 dropped
    ("运费每立方米300元", "CNY / meter ** 3"),
    ("电价每千瓦时0.5元", "CNY / kilowatt_hour"),
    ("每吨500元", "CNY / metric_ton"),                  # two characters, as before
])
def test_a_rate_after_mei_keeps_a_long_denominator(text: str, unit: str) -> None:
    assert one(text).unit.canonical == unit


@pytest.mark.parametrize("text", ["每个月的300元", "每吨钢材500元"])
def test_words_after_mei_that_are_no_unit_leave_the_value_alone(text: str) -> None:
    assert one(text).unit.canonical == "CNY"


# -- 斤: the mainland jin (half a kilogram), noted ----------------------------------------------------

@pytest.mark.parametrize(("text", "value", "unit"), [
    ("粮食产量六千八百二十八亿斤", 682_800_000_000, "Chinese_jin"),
    ("买了三斤苹果", 3, "Chinese_jin"),          # was a count of 斤苹
    ("猪肉每斤15元", 15, "CNY / Chinese_jin"),
])
def test_jin_is_half_a_kilogram_with_the_reading_noted(text: str, value: int, unit: str) -> None:
    m = one(text)
    assert (m.number.nominal, m.unit.canonical) == (value, unit)
    assert any("mainland jin (500 g)" in c for c in m.candidates)
    assert resolve_unit("Chinese_jin").factor == Fraction(1, 2) * resolve_unit("kg").factor


# -- 翻番 (each 番 doubles) and 增长了两倍 (both readings named) -----------------------------------------

@pytest.mark.parametrize(("text", "times"), [("销量翻了一番", 2), ("营收翻两番", 4), ("收入翻一番多", 2)])
def test_fan_is_a_doubling(text: str, times: int) -> None:
    m = one(text)
    assert (m.number.kind, m.number.nominal) == ("ratio", times)


def test_fan_in_a_word_of_its_own_is_none():
    assert extract_mentions(analyse("他三番五次地说，翻番了")) == []


def test_grew_by_two_times_names_both_readings():
    m = one("收入增长了两倍")
    assert m.number.nominal == 2 and any("3 times it" in c for c in m.candidates)
    assert not one("是去年的三倍").candidates
