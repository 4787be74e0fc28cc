"""Families of number phrasings (session 15): ratios and scores in Chinese (三比二) and in English words
(four to three), spaced hyphens inside a compound (twenty- one), denominators of several places without
their 一 (百万分之一), shares in words with numerators past ten (twelve out of twenty), a lone "one" that is
the number, and a bare pair of scales before what it counts (千亿参数). Each is probed with invented
sentences and with the near misses that must stay non-quantities (or keep their other reading)."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from test_extract_value_families2 import mentions, the

from claimaudit.numbers.words import SHARE_NUMERATOR

F = Fraction


def printed(text: str) -> list[str]:
    return [m.printed for m in mentions(text)]


def values(text: str) -> list[Fraction]:
    return [m.number.nominal for m in mentions(text)]


# -- 比 between two numerals: a ratio or a score, both sides numbers ----------------------------------------

@pytest.mark.parametrize(("text", "spans", "nums"), [
    ("中国队以三比二战胜对手。", ["三", "二"], [3, 2]),
    ("目前比分是二比一。", ["二", "一"], [2, 1]),
    ("按一比一的比例复刻。", ["一", "一"], [1, 1]),
    ("最终比分十比零。", ["十", "零"], [10, 0]),
    ("男女比例为三比七。", ["三", "七"], [3, 7]),
])
def test_chinese_ratio_or_score(text: str, spans: list[str], nums: list[int]) -> None:
    assert printed(text) == spans and values(text) == nums


@pytest.mark.parametrize("text", ["产品一比较就知道差距。", "统一比例尺后再看。", "这幅画比那幅好看。"])
def test_bi_without_numerals_on_both_sides_is_no_ratio(text: str) -> None:
    assert printed(text) == []


def test_share_after_tongbi_keeps_its_reading() -> None:
    m = the("营收同比增长三成。", "三成")
    assert m.number.nominal == 30


# -- English number words falling from the first to the second: a score or odds, not a range -----------------

@pytest.mark.parametrize(("text", "spans", "nums"), [
    ("They won four to three.", ["four", "three"], [4, 3]),
    ("The odds are ten to one against.", ["ten", "one"], [10, 1]),
    ("The ratio is three to one.", ["three", "one"], [3, 1]),
    ("The committee voted nine to two.", ["nine", "two"], [9, 2]),
])
def test_falling_word_pair_is_two_numbers(text: str, spans: list[str], nums: list[int]) -> None:
    assert printed(text) == spans and values(text) == nums


@pytest.mark.parametrize(("text", "span"), [
    ("The walk takes five to ten minutes.", "five to ten minutes"),
    ("They expect two to three million visitors.", "two to three million"),
])
def test_rising_word_pair_stays_a_range(text: str, span: str) -> None:
    assert printed(text) == [span] and the(text, span).number.is_range


def test_from_a_to_b_in_words_stays_two_values() -> None:
    assert printed("It fell from ten to five.") == ["ten", "five"]


# -- a hyphen spaced on one side inside a compound: "twenty- one", "sixty -five" -----------------------------

@pytest.mark.parametrize(("text", "span", "value"), [
    ("There were twenty- one boats.", "twenty- one", 21),
    ("He is sixty -five.", "sixty -five", 65),
    ("She retired at sixty- five years.", "sixty- five years", 65),
    ("a quarter: one- fourth", "one- fourth", F(1, 4)),
])
def test_one_sided_spaced_hyphen_in_a_compound(text: str, span: str, value: Fraction) -> None:
    assert the(text, span).number.nominal == value


@pytest.mark.parametrize(("text", "spans"), [
    ("a hundred - two hundred", ["a hundred", "two hundred"]),    # a dash between two numbers
    ("five- six people", ["five", "six"]),                          # five is no tens word
    ("twenty- something", ["twenty"]),
])
def test_spaced_hyphen_outside_a_compound(text: str, spans: list[str]) -> None:
    assert printed(text) == spans


# -- 百万分之一: a denominator of several places printed without its 一 ----------------------------------------

@pytest.mark.parametrize(("text", "span", "value"), [
    ("误差不超过百万分之五。", "不超过百万分之五", F(5, 10**6)),
    ("中奖概率约为千万分之一。", "约为千万分之一", F(1, 10**7)),
    ("杂质含量低于亿分之三。", "低于亿分之三", F(3, 10**8)),
    ("精度达到百亿分之一。", "百亿分之一", F(1, 10**10)),
    ("精度达到一百万分之三。", "一百万分之三", F(3, 10**6)),
])
def test_bare_places_as_a_denominator(text: str, span: str, value: Fraction) -> None:
    assert the(text, span).number.nominal == value


@pytest.mark.parametrize(("text", "span", "value"), [
    ("合格率为百分之九十。", "百分之九十", 90),      # still a percentage
    ("坏账率为千分之三。", "千分之三", 3),          # still per mille
])
def test_share_forms_keep_their_reading(text: str, span: str, value: int) -> None:
    assert the(text, span).number.nominal == value


def test_bare_denominator_without_numerator_stays_out() -> None:
    assert printed("百万分之的说法不准确") == []


# -- shares in words with a numerator past ten: "twelve out of twenty" ---------------------------------------

@pytest.mark.parametrize(("text", "span", "value"), [
    ("Twelve out of twenty jurors agreed.", "Twelve out of twenty", F(3, 5)),
    ("twenty-five out of a hundred people", "twenty-five out of a hundred", F(1, 4)),
    ("Eleven out of twelve voted yes.", "Eleven out of twelve", F(11, 12)),
    ("fifteen in twenty adults", "fifteen in twenty", F(3, 4)),
])
def test_share_with_a_bigger_numerator(text: str, span: str, value: Fraction) -> None:
    assert the(text, span).number.nominal == value


@pytest.mark.parametrize(("text", "spans"), [
    ("there are twelve out of ten", ["twelve", "ten"]),              # more than the whole: two numbers
    ("He scored fifteen in twenty minutes.", ["fifteen", "twenty minutes"]),  # a count in a period
    ("five in ten minutes", ["five", "ten minutes"]),
])
def test_no_share_beyond_the_whole_or_in_a_period(text: str, spans: list[str]) -> None:
    assert printed(text) == spans


# -- a lone "one" that is the number ----------------------------------------------------------------------

@pytest.mark.parametrize(("text", "spans"), [
    ("one", ["one"]),
    ("| one |", ["one"]),
    ("The answer is one.", ["one"]),
    ("x = one", ["one"]),
    ("one plus one equals two", ["one", "one", "two"]),
    ("Count 5, one, 7.", ["5", "one", "7"]),
    ("They won two to one.", ["two", "one"]),
])
def test_one_as_a_number(text: str, spans: list[str]) -> None:
    assert printed(text) == spans


@pytest.mark.parametrize(("text", "spans"), [
    ("I have one apple.", []),
    ("It is one.", []),
    ("This one is 3x faster.", ["3x"]),
    ("The result is one of the best.", []),
    ("BF16, one 80 GB GPU", ["80 GB GPU"]),
    ("without\none, hints come first", []),               # a wrapped line, not a lone cell
    ("it once was one, signed as above", []),
    ("one by one", []),
])
def test_one_as_an_article_or_pronoun_stays_out(text: str, spans: list[str]) -> None:
    assert printed(text) == spans


# -- a bare pair of scales before what it counts: 千亿参数, 百万用户 --------------------------------------------

@pytest.mark.parametrize(("text", "span", "value"), [
    ("发布千亿参数模型", "千亿", 10**11),
    ("接口每天被调用千万次", "千万", 10**7),
    ("平台拥有百万用户", "百万", 10**6),
    ("百亿级参数的模型", "百亿", 10**10),
])
def test_bare_scale_pair_counts_a_noun(text: str, span: str, value: int) -> None:
    assert the(text, span).number.nominal == value


@pytest.mark.parametrize("text", ["千万不要迟到", "千万别忘了带伞", "千万要小心", "他是百万富翁", "万物生长",
                                  "每百万输出 token 的成本", "万一出事怎么办", "百亿补贴活动开始了", "没有万亿市值",
                                  "千万人民的期待"])
def test_adverb_name_and_per_size_stay_out(text: str) -> None:
    assert printed(text) == []


_ONES = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
_TEENS = ["ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
_TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def test_share_numerator_pattern_reads_every_numerator_word() -> None:
    every = _ONES + _TEENS + _TENS + [t + "-" + u for t in _TENS for u in _ONES]
    assert all(re.fullmatch(SHARE_NUMERATOR, w) for w in every)
    assert not any(re.fullmatch(SHARE_NUMERATOR, w) for w in ("hundred", "twentyone", "tens", "zero", "a", "sixty-"))


# -- one scale after 上 before what it counts: 上亿用户, 上万人 ------------------------------------------------

@pytest.mark.parametrize(("text", "span", "value"), [
    ("这款应用拥有上亿用户。", "上亿", 10**8),
    ("活动吸引上万人参加。", "上万", 10**4),
])
def test_reaching_a_scale_counts_a_noun(text: str, span: str, value: int) -> None:
    m = the(text, span)
    assert m.number.nominal == value and m.relation == ">="


@pytest.mark.parametrize("text", ["网上万人围观", "会上千人鼓掌", "加上万人"])
def test_on_a_place_before_a_scale_is_no_reaching(text: str) -> None:
    assert not any(m.relation == ">=" for m in mentions(text))


# -- the wire services' trillion: "trn", "trln" -----------------------------------------------------------

@pytest.mark.parametrize(("text", "span", "value"), [
    ("Debt rose to $1.2 trn last year.", "$1.2 trn", 12 * 10**11),
    ("Reserves stood at 7 trln yen.", "7 trln yen", 7 * 10**12),
])
def test_trn_is_a_trillion(text: str, span: str, value: int) -> None:
    assert the(text, span).number.nominal == value


# -- digits, 又, a slash fraction: 3又1/2 is three and a half --------------------------------------------

@pytest.mark.parametrize(("text", "span", "value"), [
    ("加入3又1/2杯面粉。", "3又1/2", F(7, 2)),
    ("长度为3 又 1/4英寸", "3 又 1/4英寸", F(13, 4)),
])
def test_whole_you_slash_fraction(text: str, span: str, value: Fraction) -> None:
    assert the(text, span).number.nominal == value


def test_you_before_an_improper_slash_stays_apart() -> None:
    assert printed("共3又5/4") == ["3", "5", "4"]
