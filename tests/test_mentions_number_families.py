"""Families of number expressions, English and Chinese, in sentences written for these tests (issue #11 §2).

Each family is a way numbers are printed in real text (spelled out with "and" and hyphens, fractions against
ordinals, signs, decimals, scientific and grouped digits, scale suffixes, vague amounts, "one" as a pronoun,
Chinese 两/零/万/亿, 分之, 点, full-width and mixed digits), with its negatives: dates, versions, names, list
numbers and idioms that are no quantities. The sentences are our own, not the held-out specs'.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from claimaudit.extract.document import analyse
from claimaudit.extract.mentions import extract_mentions


def values(text: str) -> list[Fraction]:
    return [m.number.nominal for m in extract_mentions(analyse(text))]


def read(text: str) -> list[tuple[str, Fraction, str]]:
    return [(m.printed, m.number.nominal, m.unit.canonical) for m in extract_mentions(analyse(text))]


F = Fraction


@pytest.mark.parametrize(("text", "want"), [
    # spelled out, with "and", hyphens and commas
    ("The company hired two hundred and fifty new staff last year.", [F(250)]),
    ("They counted one thousand, two hundred and thirty-four votes.", [F(1234)]),
    ("Nine hundred ninety-nine boxes were shipped.", [F(999)]),
    ("About three million, four hundred thousand people live there.", [F(3_400_000)]),
    ("The hall seats twelve hundred people.", [F(1200)]),
    # fractions written in words (not ordinals)
    ("A third of the budget went to salaries.", [F(1, 3)]),
    ("Two thirds of respondents agreed.", [F(2, 3)]),
    ("Three-quarters of voters turned out.", [F(3, 4)]),
    ("He ate one-third of the cake.", [F(1, 3)]),
    ("Nearly a quarter of a million tickets were sold.", [F(250_000)]),
    ("The project took two and a half years.", [F(5, 2)]),
    # spoken decimals, also with the British "nought"
    ("The score was three point five.", [F(7, 2)]),
    ("Inflation was nought point five per cent.", [F(1, 2)]),
    ("The gap is nought point nought five.", [F(1, 20)]),
    ("They scored nought.", [F(0)]),
    # signs
    ("The temperature fell to minus 5 degrees.", [F(-5)]),
    ("The balance was -5 after fees.", [F(-5)]),
    ("Growth was negative three percent.", [F(-3)]),
    ("The reading was −7.", [F(-7)]),
    # decimals and scientific notation
    ("The rate rose by .5 percent.", [F(1, 2)]),
    ("The sample contained 1.2e5 cells.", [F(120_000)]),
    ("The error was 3e-4.", [F(3, 10_000)]),
    # grouped digits: commas, spaces, Indian lakhs
    ("The population is 1,234,567.", [F(1_234_567)]),
    ("The population is 1 234 567.", [F(1_234_567)]),
    ("Sales reached 1,00,000 units.", [F(100_000)]),
    # scale suffixes glued to the digits
    ("The startup raised 5k in seed money.", [F(5000)]),
    ("Revenue reached 2.5M last quarter.", [F(2_500_000)]),
    ("The firm is worth 3bn.", [F(3_000_000_000)]),
    ("The deal is valued at $4.2b.", [F(4_200_000_000)]),
    # fractions in digits, mixed numbers
    ("Add 3/4 cup of sugar.", [F(3, 4)]),
    ("The board is 2 1/2 inches thick.", [F(5, 2)]),
    ("There were a hundred people.", [F(100)]),
])
def test_english_families_read(text: str, want: list[Fraction]) -> None:
    assert values(text) == want


@pytest.mark.parametrize("text", [
    # ordinals are positions, not amounts
    "The third option was rejected.", "He finished in 1st place.", "She was twenty-first in the race.",
    "This is the one hundred and twenty-third meeting.", "The twenty-first century began.",
    # vague amounts: no exact number to check
    "A couple of people arrived late.", "A few students complained.", "Hundreds of people protested.",
    "Thousands of fans gathered.", "Dozens of houses were damaged.", "Several hundred people attended.",
    "She is 20-something.", "There were 30-odd people.", "He is 40-ish.", "She is thirty-something.",
    # "one" as a pronoun or an article
    "This is the one that I wanted.", "One of them was broken.", "No one came to the party.",
    "He is the only one who knows.", "They came in one by one.",
    # dates with slashes, versions, names, list numbers
    "The meeting is on 12/03/2021.", "It was signed on 3/14/2020 in Paris.", "Data from 2021/03/05 were used.",
    "The release date is 2021-03-05.", "Install version 2.1.3 of the package.", "We used GPT-4 and Llama-2-70B.",
    "1. Open the file.", "It happened in 2019.", "She called at 10:30 PM.", "Python 3.11 was released.",
    "Web 2.0 changed everything.", "Industry 4.0 is here.", "The shop is open 24/7.", "It is open 24/7, all year.",
    # idioms and compound adjectives with a number word
    "He was on cloud nine after the win.", "They wanted the whole nine yards.", "She is one in a million.",
    "Thanks a million!", "We need a two-way street.",
    "The three-dimensional model rotated.", "It was a one-sided match.", "We evaluate in a zero-shot setting.",
    "The one-shot and five-shot results differ.",
    # a falling pair is a score, also at the end of a sentence ("won 3-1."), never the range 1 to 3
    "The team won 3-1.", "They lost 2-0, then won 4-2.",
])
def test_english_non_quantities(text: str) -> None:
    assert values(text) == []


def test_decimal_digits_without_a_whole_part_are_never_read_whole() -> None:
    # "point five percent" is 0.5%: reading the "five" alone would be 5% (see
    # test_mentions_english_numbers for the decimal read with its point)
    assert F(5) not in values("The rate is point five percent.")
    assert F(2) not in values("It fell by point two.")
    # after a determiner "point" is the noun, and the count after it stays
    assert values("At that point five people left.") == [F(5)]
    assert values("At this point two options remain.") == [F(2)]
    # after a noun, neither: "a turning point five years ago" is no half year
    assert values("It was a turning point five years ago.") == []


def test_slash_runs_that_are_no_dates_stay_numbers() -> None:
    # a two-digit "year" is as often a list of sizes; a 13th month is no date
    assert values("Batch sizes of 8/16/32 were tried.") != []
    assert values("The ratio 3/4 held.") == [F(3, 4)]


def test_rising_pairs_and_decimals_after_a_dash_stay_amounts() -> None:
    # ranges rise ("3-5 days"); "3-1.5" has a decimal after the dash
    assert values("It takes 3-5 days.") != []
    assert values("The ratio moved from 3-1.5 overnight.") != []


def test_years_of_time_stay_durations() -> None:
    assert read("三年内完成") == [("三年", F(3), "year")]


def test_compound_adjective_keeps_units() -> None:
    # "a three-day event" is 3 days: only compound adjectives that count nothing are dropped
    got = read("It was a three-day event.")
    assert len(got) == 1 and got[0][1] == 3 and got[0][2] == "day"


@pytest.mark.parametrize(("text", "want"), [
    ("两千三百人参加了会议。", [F(2300)]),
    ("二十二个学生", [F(22)]),
    ("两万人", [F(20_000)]),
    ("一百二十元", [F(120)]),
    ("一万二", [F(12_000)]),
    # 零 inside a number
    ("一千零五十元", [F(1050)]),
    ("一百零一个", [F(101)]),
    ("零点五", [F(1, 2)]),
    # 万 / 亿 chains, digits with Chinese places
    ("三亿五千万", [F(350_000_000)]),
    ("五亿一万四千六百", [F(500_014_600)]),
    ("4.78万亿", [F(4_780_000_000_000)]),
    ("1.5万", [F(15_000)]),
    ("2万5千", [F(25_000)]),
    ("3千5百", [F(3500)]),
    ("３千５百", [F(3500)]),
    ("３，５６５", [F(3565)]),
    # 分之, 半, 点
    ("三分之二", [F(2, 3)]),
    ("百分之三十五", [F(35)]),
    ("千分之五", [F(5)]),
    ("一半的人", [F(50)]),
    ("三点一四", [F(157, 50)]),
    # capital numerals, signs, about / nearly
    ("壹佰贰拾叁", [F(123)]),
    ("负3.5", [F(-7, 2)]),
    ("约三百人", [F(300)]),
    ("近千人", [F(1000)]),
])
def test_chinese_families_read(text: str, want: list[Fraction]) -> None:
    assert values(text) == want


@pytest.mark.parametrize("text", [
    "几十个国家", "数百名员工",          # vague: some tens, some hundreds
    "第三名", "第二十五届",              # ordinals
    "2021年3月5日", "下午3点20分",       # dates and clock times
    "千万不要", "一定", "十分重要", "万一",  # idioms
    "一个苹果",                          # 一 as an article
    "三年级的学生", "他读3年级",          # a school grade, not three years
    "我们周三开会", "星期三见", "上周五发布", "礼拜六休息",   # weekdays
    "十一假期出游",                       # the 1 October holiday
])
def test_chinese_non_quantities(text: str) -> None:
    assert values(text) == []


@pytest.mark.parametrize(("text", "want"), [("每周三次", [F(3)]), ("三周后", [F(3)]), ("一周三天", [F(1), F(3)])])
def test_counts_beside_a_week_stay(text: str, want: list[Fraction]) -> None:
    assert values(text) == want


def test_chinese_ten_odd_is_no_exact_ten() -> None:
    # 十几个: more than ten (11 to 19), never exactly 10
    (m,) = extract_mentions(analyse("十几个人"))
    assert m.number.relation == ">" and m.number.nominal == 10


@pytest.mark.parametrize(("text", "value", "unit"), [
    ("Convert 34.9 centigrate to kelvin.", F(349, 10), "Celsius_reading"),
    ("It was 90 farenhiet outside.", F(90), "Fahrenheit_reading"),
    ("Water boils at 100 celcius.", F(100), "Celsius_reading"),
    ("The oven is at 200 celsius.", F(200), "Celsius_reading"),
])
def test_temperature_scales_as_misspelt_in_web_text(text: str, value: Fraction, unit: str) -> None:
    assert [(v, u) for _, v, u in read(text)] == [(value, unit)]


@pytest.mark.parametrize(("text", "value"), [
    ("亏损-2.5万元", F(-25_000)), ("同比增长-3%", F(-3)), ("净利润为-1.2亿元", F(-120_000_000)), ("温度为-5℃", F(-5)),
])
def test_minus_after_a_chinese_word_is_a_sign(text: str, value: Fraction) -> None:
    assert values(text) == [value]


@pytest.mark.parametrize("text", ["2023年-2024年的数据", "3月-5月", "百川-13B 模型", "通义千问-7B", "GPT-4 模型"])
def test_dash_after_a_date_or_in_a_name_is_no_minus(text: str) -> None:
    assert all(v >= 0 for v in values(text))


@pytest.mark.parametrize("text", ["情况十万火急。", "他三天两头迟到。", "不管三七二十一就走了。", "一年半载就回来。",
                                  "把烦恼抛到九霄云外。", "他说话颠三倒四。", "他们三年五载见不到面。"])
def test_chinese_set_phrases_with_numerals(text: str) -> None:
    assert values(text) == []


@pytest.mark.parametrize(("text", "want"), [("三天内完成", [F(3)]), ("十万元", [F(100_000)]),
                                            ("十四五岁的孩子", [F(29, 2)]), ("零点五", [F(1, 2)])])
def test_numbers_beside_set_phrase_words_stay(text: str, want: list[Fraction]) -> None:
    assert values(text) == want


@pytest.mark.parametrize(("text", "printed", "value"), [
    # as weather reports print it
    ("Temperatures plunged to 40 degrees below zero overnight.", "40 degrees below zero", F(-40)),
    ("It was 15 below zero in Winnipeg.", "15 below zero", F(-15)),
    ("The forecast says 5 degrees above zero.", "5 degrees above zero", F(5)),
])
def test_degrees_below_or_above_zero(text: str, printed: str, value: Fraction) -> None:
    assert [(p, v) for p, v, _ in read(text)] == [(printed, value)]


def test_below_zero_after_another_unit_is_left_alone() -> None:
    got = read("The mine shaft reaches 2 km below zero level.")
    assert got[0][:2] == ("2 km", F(2))


@pytest.mark.parametrize(("text", "unit"), [
    ("The temperature is 20 c.", "Celsius_reading"),
    ("Weather: highs of 25 C", "Celsius_reading"),
    ("the weather: 77 F and sunny", "Fahrenheit_reading"),
])
def test_a_bare_c_or_f_about_temperature_is_the_scale(text: str, unit: str) -> None:
    (m,) = extract_mentions(analyse(text))
    assert m.unit.canonical == unit and m.candidates


@pytest.mark.parametrize(("text", "unit"), [("a charge of 5 C", "coulomb"), ("particles at 0.99 c", "speed_of_light")])
def test_a_bare_c_elsewhere_keeps_the_registry_unit(text: str, unit: str) -> None:
    (m,) = extract_mentions(analyse(text))
    assert m.unit.canonical == unit
