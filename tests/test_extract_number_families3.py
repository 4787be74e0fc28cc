"""Families of number phrasings (session 12), each probed with invented sentences in the styles of
news, reports and everyday text, with the near misses that must not read as numbers (or must keep
their other reading)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from test_extract_value_families2 import mentions, the

F = Fraction


# -- a number that ends the sentence: the full stop is no decimal point ---------------------------------------

@pytest.mark.parametrize(("text", "printed", "value"), [
    ("He ate 3/4.", "3/4", F(3, 4)),
    ("The ratio was 1/3, then 1/2.", "1/2", F(1, 2)),
    ("The runner covered 3 1/2.", "3 1/2", F(7, 2)),
    ("It cost 2 hundred and 50.", "2 hundred and 50", 250),
    ("We need 3 hundred and 21, not more.", "3 hundred and 21", 321),
    ("They counted 4 thousand 3 hundred and 21.", "4 thousand 3 hundred and 21", 4321),
    ("The count was 10^9.", "10^9", 10**9),
    ("The key space is 2^64.", "2^64", 2**64),
    ("Memory is 8x2^10.", "8x2^10", 8192),
    ("The odds were 1 over 3.", "1 over 3", F(1, 3)),
    ("The decay rate is 2.5^-1.", "2.5^-1", F(2, 5)),
])
def test_number_before_full_stop(text: str, printed: str, value: Fraction) -> None:
    assert the(text, printed).number.nominal == value


@pytest.mark.parametrize(("text", "printed"), [
    ("He ate 3/4.5 of it", ["3", "4.5"]),               # digits after the point: no fraction 3/4
    ("It cost 2 hundred and 50.5 more", ["2 hundred", "50.5"]),
    ("They sold 3 hundred and 21,000 copies", ["3 hundred", "21,000"]),
])
def test_digits_after_the_point_still_end_the_number(text: str, printed: list[str]) -> None:
    assert [m.printed for m in mentions(text)] == printed


# -- every vulgar fraction character the printed grammar reads, the scanner finds too -----------------------

@pytest.mark.parametrize(("text", "printed", "value"), [
    ("It measured ⅞ inch across.", "⅞ inch", F(7, 8)),
    ("She left a ⅙ share of the estate to each child.", "⅙", F(1, 6)),
    ("Add 2⅔ cups of flour.", "2⅔ cups", F(8, 3)),
    ("Use ⅜ teaspoon of salt.", "⅜ teaspoon", F(3, 8)),
    ("About ⅘ of members voted.", "About ⅘", F(4, 5)),
    ("Cut the board to 1 ⅝ inches.", "1 ⅝ inches", F(13, 8)),
    ("Each ticket has a ⅒ chance.", "⅒", F(1, 10)),
    ("Roughly ⅐ of the crop was lost.", "Roughly ⅐", F(1, 7)),
    ("A ⅚ majority is needed.", "⅚", F(5, 6)),
])
def test_vulgar_fractions(text: str, printed: str, value: Fraction) -> None:
    assert the(text, printed).number.nominal == value


@pytest.mark.parametrize("text", ["It is 2.5⅞ wide.", "Rows 3,4⅞ were cut."])
def test_vulgar_fraction_after_a_decimal_or_list_is_no_mixed_number(text: str) -> None:
    assert all(m.number.nominal not in (F(27, 8), F(39, 8), F(23, 8)) for m in mentions(text))


# -- a bare 万 or 千 in a word of its own (万岁, 千岁, 万年青) is no amount; with a numeral it is one ----------

@pytest.mark.parametrize("text", ["人民万岁！", "吾皇万岁万万岁", "千岁爷驾到", "窗台上摆着一盆万年青",
                                  "墙上挂着万年历", "萬歲萬歲萬萬歲"])
def test_long_live_is_no_amount(text: str) -> None:
    assert mentions(text) == []


@pytest.mark.parametrize(("text", "printed", "value"), [
    ("活到一万岁是不可能的", "一万岁", 10_000),
    ("传说这只龟已经三万岁了", "三万岁", 30_000),
    ("全国有上百万人受灾，其中两万人转移", "两万", 20_000),
])
def test_numeral_before_scale_and_sui_still_reads(text: str, printed: str, value: int) -> None:
    assert the(text, printed).number.nominal == value


# -- a Chinese duration in parts, 零 between them: 两年零三个月 is 27 months (not two years and a stray 三) --------

@pytest.mark.parametrize(("text", "printed", "value", "unit"), [
    ("该工程历时两年零三个月。", "两年零三个月", 27, "月"),
    ("工程历时两年三个月。", "两年三个月", 27, "月"),
    ("他被判处有期徒刑1年3个月。", "1年3个月", 15, "月"),
    ("孩子一岁零三个月了", "一岁零三个月", 15, "月"),
    ("他坐了十年零两个月的牢", "十年零两个月", 122, "月"),
    ("手术持续了两小时零五分钟", "两小时零五分钟", 125, "分钟"),
    ("救援队搜索了三天零五个小时", "三天零五个小时", 77, "小时"),
    ("他在一年又两个月后出狱", "一年又两个月", 14, "月"),
])
def test_chinese_duration_in_parts(text: str, printed: str, value: int, unit: str) -> None:
    m = the(text, printed)
    assert (m.number.nominal, m.number.unit) == (value, unit)


@pytest.mark.parametrize(("text", "printed"), [
    ("项目须在2020年3个月内完成", ["3个月"]),         # a year number before the months: a date, no 2020 years
    ("先是三个月，然后两年", ["三个月", "两年"]),       # not one phrase
    ("他出差三个月零两年", ["三个月", "两年"]),         # parts that do not fall are not summed
])
def test_chinese_parts_not_summed(text: str, printed: list[str]) -> None:
    assert [m.printed for m in mentions(text)] == printed


def test_chinese_parts_a_third_part_not_read_is_no_sum_of_two() -> None:
    # 零五天 after the months: 27 months would leave the days out, so the two are not summed
    assert all(m.number.nominal != 27 for m in mentions("两年零三个月零五天"))


@pytest.mark.parametrize(("text", "printed", "value"), [
    ("孩子一岁了", "一岁", 1), ("他一周岁生日那天学会了走路", "一周岁", 1), ("宝宝刚满一岁", "一岁", 1),
])
def test_one_before_sui_is_an_age(text: str, printed: str, value: int) -> None:
    m = the(text, printed)
    assert m.number.nominal == value and m.unit.canonical == "year"


@pytest.mark.parametrize("text", ["一岁一枯荣", "一岁月静好"])
def test_one_sui_in_a_phrase_is_no_age(text: str) -> None:
    assert all(m.printed != "一岁" for m in mentions(text))


# -- apostrophe thousands (Swiss style) ---------------------------------------------------------------------

@pytest.mark.parametrize(("text", "printed", "value"), [
    ("The Swiss price was CHF 1'000.", "CHF 1'000", 1000),
    ("It cost 1'250'000 francs.", "1'250'000 francs", 1_250_000),
    ("The index closed at 12’345 points.", "12’345 points", 12_345),
    ("Zurich has 421'878 inhabitants.", "421'878", 421_878),
    ("The fee is CHF 2'500.50 per year.", "CHF 2'500.50 per year", F(500100, 200)),
    ("Some 3'400 jobs went.", "Some 3'400", 3400),
])
def test_apostrophe_thousands(text: str, printed: str, value: Fraction) -> None:
    assert the(text, printed).number.nominal == value


@pytest.mark.parametrize(("text", "values"), [
    ('He is 5\'10" tall.', [5, 10]),            # feet and inches, no 510
    ("A 1'0000 typo.", [1]),                   # four digits after the apostrophe: no grouping
    ("The 1990's were good.", []),
    ("He said '100' twice.", []),
])
def test_apostrophe_that_groups_nothing(text: str, values: list[int]) -> None:
    assert [m.number.nominal for m in mentions(text)] == values


@pytest.mark.parametrize(("text", "value", "unit"), [
    ("1'000", 1000, ""), ("1’250’000", 1_250_000, ""), ("1'000'000.5", F(2_000_001, 2), ""),
    ('5\'10"', 70, "inch"),                    # feet and inches stay a length in parts
])
def test_printed_grammar_reads_apostrophe_groups(text: str, value: Fraction, unit: str) -> None:
    from claimaudit.numbers.printed import parse_printed
    p = parse_printed(text)
    assert (p.nominal, p.unit) == (value, unit)


# -- ages as a decade of life: "in her thirties", "a man in his 40s" (a range of years, not 30 or 40) ----------

@pytest.mark.parametrize(("text", "printed", "lo", "hi"), [
    ("A man in his thirties was detained.", "thirties", 30, 39),
    ("She is in her early forties.", "early forties", 40, 49),
    ("Both victims were in their twenties.", "twenties", 20, 29),
    ("He is still in his teens.", "teens", 13, 19),
    ("A woman in her 50s was injured.", "50s", 50, 59),
    ("Most of the recruits are in their mid-20s.", "mid-20s", 20, 29),
    ("She is in her late 30's, a police spokesman said.", "late 30's", 30, 39),
    ("Few players have reached their forties.", "forties", 40, 49),
])
def test_decade_of_life_is_an_age_range(text: str, printed: str, lo: int, hi: int) -> None:
    m = the(text, printed)
    assert (m.number.interval.lo, m.number.interval.hi, m.unit.canonical) == (lo, hi, "year")


@pytest.mark.parametrize("text", [
    "Temperatures were in the 90s all week.",        # degrees, or a decade: no age without a possessive
    "Sales in the thirties were poor.",
    "In the 1970s inflation rose.",
    "Music of the 30's is back.",
    "He scored in the 80s in every test.",
])
def test_decade_without_a_possessive_is_no_age(text: str) -> None:
    assert mentions(text) == []


# -- Chinese words of an age before a bare number: 享年九十二, 虚岁八十, 时年35 -------------------------------------

@pytest.mark.parametrize(("text", "printed", "value"), [
    ("老人于昨日去世，享年九十二。", "九十二", 92),
    ("他虚岁八十，身体硬朗。", "八十", 80),
    ("时年35的他辞去了工作。", "35", 35),
    ("现年47，是一名教师。", "47", 47),
    ("年满18即可报名。", "18", 18),
    ("该作家终年76。", "76", 76),
    ("享年92岁", "92岁", 92),
])
def test_chinese_age_words_before_a_bare_number(text: str, printed: str, value: int) -> None:
    m = the(text, printed)
    assert m.number.nominal == value and m.unit.canonical == "year"


@pytest.mark.parametrize(("text", "printed"), [
    ("今年35个项目已完工", "35"), ("现年营收5亿元", "5亿元"), ("他在年满三个月时断奶", "三个月"),
])
def test_not_an_age_without_the_words(text: str, printed: str) -> None:
    assert all(m.unit.canonical != "year" for m in mentions(text) if m.printed.startswith(printed))


# -- qualifiers of ages and group sizes after the number: "18 or over", "12 and under", "65 and older" ----------

@pytest.mark.parametrize(("text", "printed", "relation"), [
    ("Adults aged 18 or over may apply.", "18 or over", ">="),
    ("Children 12 and under eat free.", "12 and under", "<="),
    ("Residents 65 and older were vaccinated first.", "65 and older", ">="),
    ("The junior league is for players aged 16 or younger.", "16 or younger", "<="),
    ("The fare is free for kids 5 or under.", "5 or under", "<="),
    ("Those 70 and over get a discount.", "70 and over", ">="),
    ("Pupils aged 11 and younger sat the test.", "11 and younger", "<="),
    ("Members 21 or older can vote.", "21 or older", ">="),
])
def test_suffix_qualifiers_of_ages_and_groups(text: str, printed: str, relation: str) -> None:
    m = the(text, printed)
    assert (m.relation or m.number.relation) == relation


@pytest.mark.parametrize(("text", "printed"), [
    ("Sales rose 5% and over the year profits fell.", "5%"),     # "over the year": the clause's preposition
    ("He scored 3 and over the weekend he rested.", "3"),
    ("It fell 2% or under a tenth of the peak.", "2%"),
])
def test_over_or_under_of_the_clause_is_no_qualifier(text: str, printed: str) -> None:
    m = the(text, printed)
    assert (m.relation or m.number.relation) == "="


@pytest.mark.parametrize(("text", "printed"), [
    ("She turns 30 tomorrow.", "30"), ("He turned 65 yesterday.", "65"), ("My son turns 8 next week.", "8"),
])
def test_turns_before_a_day_is_an_age(text: str, printed: str) -> None:
    assert the(text, printed).unit.canonical == "year"


@pytest.mark.parametrize("text", ["She turned 30 pages today.", "The road turns 90 degrees next to the farm."])
def test_turned_before_a_noun_is_no_age(text: str) -> None:
    assert all(m.unit.canonical != "year" for m in mentions(text))


# -- 人 after a numeral is the count's noun, the verb after it is none of it (三十人参加, not 人参) ---------------

@pytest.mark.parametrize(("text", "printed"), [
    ("共计叁拾肆人参加。", "叁拾肆人"), ("两千五百人参加了比赛", "两千五百人"), ("事故造成五人受伤", "五人"),
    ("车间里有三十人工作", "三十人"), ("约有八百人参与调查", "八百人"),
])
def test_person_count_stops_before_the_verb(text: str, printed: str) -> None:
    assert the(text, printed).counted == "人"


@pytest.mark.parametrize(("text", "printed"), [("接待游客1000人次", "1000"), ("共投入20人天", "20")])
def test_person_units_keep_their_second_character(text: str, printed: str) -> None:
    assert the(text, printed).counted != "人"


# -- 八旬老人, 年逾八旬: an age in tens of years (旬 is also ten days: 上旬, 四旬斋 are no ages) --------------------

@pytest.mark.parametrize(("text", "printed", "lo", "hi", "relation"), [
    ("一位八旬老人走失", "八旬", 80, 89, "="),               # in the eighties
    ("九旬老太独自生活", "九旬", 90, 99, "="),
    ("六旬的老人仍在工作", "六旬", 60, 69, "="),
    ("年逾八旬的老人", "逾八旬", 80, 80, ">"),
    ("他已年过七旬", "七旬", 70, 70, ">"),
    ("老人年近九旬", "近九旬", 90, 90, "~"),
    ("父亲年届六旬", "六旬", 60, 60, "="),
])
def test_xun_is_an_age_in_tens_of_years(text: str, printed: str, lo: int, hi: int, relation: str) -> None:
    m = the(text, printed)
    iv = m.number.interval
    assert (m.unit.canonical, iv.lo, iv.hi, m.relation or m.number.relation) == ("year", lo, hi, relation)


@pytest.mark.parametrize("text", ["本月上旬发布", "四旬斋期间", "雨季持续三旬", "八旬"])
def test_xun_without_the_words_of_an_age_is_no_age(text: str) -> None:
    assert all(m.unit.canonical != "year" for m in mentions(text))


# -- 兆 before a currency is a trillion (台湾、日本的写法: 15兆元); elsewhere it stays the metric mega ------------

@pytest.mark.parametrize(("text", "printed", "value", "unit"), [
    ("台積電市值突破新台幣15兆元", "新台幣15兆元", 15 * 10**12, "TWD"),
    ("政府預算達2.5兆元", "2.5兆元", F(5, 2) * 10**12, "CNY"),
    ("美国国债突破三十兆美元", "三十兆美元", 30 * 10**12, "USD"),
    ("日本国债余额超过一千兆日元", "超过一千兆日元", 10**15, "JPY"),
    ("企业盈余约五兆日圓", "约五兆日圓", 5 * 10**12, "JPY"),
    ("韩国GDP约为2000兆韩元", "约为2000兆韩元", 2000 * 10**12, "KRW"),
    ("一兆元的预算", "一兆元", 10**12, "CNY"),
])
def test_zhao_before_money_is_a_trillion(text: str, printed: str, value: Fraction, unit: str) -> None:
    m = the(text, printed)
    assert (m.number.nominal, m.unit.canonical) == (value, unit)


@pytest.mark.parametrize(("text", "printed", "unit"), [
    ("装机容量达到300兆瓦", "300兆瓦", "MW"), ("电站装机2000兆瓦", "2000兆瓦", "MW"), ("主频1兆赫", "1兆赫", "MHz"),
])
def test_zhao_before_a_unit_is_mega(text: str, printed: str, unit: str) -> None:
    m = the(text, printed)
    assert m.number.nominal < 10**6 and m.unit.text == unit


def test_zhao_inside_a_numeral_is_a_place_and_at_the_end_no_amount() -> None:
    assert the("总额为四十九兆九千五百九十二億元", "四十九兆九千五百九十二億元").number.nominal == 49_959_200_000_000
    assert all(m.number.nominal < 10**6 for m in mentions("家里装了100兆宽带"))


# -- "a year old": the article is one, for an age ------------------------------------------------------------

@pytest.mark.parametrize(("text", "printed", "unit"), [
    ("The puppy is a year old.", "a year", "year"), ("A day-old chick was found.", "A day", "day"),
    ("The foal is an hour old.", "an hour", "hour"), ("The baby is a month old.", "a month", "month"),
    ("The photos are a week old.", "a week", "week"),
])
def test_article_before_a_unit_of_age(text: str, printed: str, unit: str) -> None:
    m = the(text, printed)
    assert (m.number.nominal, m.unit.canonical) == (1, unit)


@pytest.mark.parametrize("text", ["He is a year older than me.", "It happened a year ago.",
                                  "Once a year, old friends meet."])
def test_article_before_a_unit_of_time_without_old(text: str) -> None:
    assert mentions(text) == []


# -- a Chinese range of a count: 三到五个工作日 is 3 to 5 (the measure word follows the second end) -------------

@pytest.mark.parametrize(("text", "printed", "lo", "hi", "counted"), [
    ("退款需要三到五个工作日", "三到五个工作", 3, 5, "工作"),
    ("两到三个工作日内到账", "两到三个工作", 2, 3, "工作"),
    ("每组三到五人", "三到五人", 3, 5, "人"),
    ("现场有七到八个人", "七到八个人", 7, 8, "人"),
    ("招募十至二十名志愿者", "十至二十名志愿", 10, 20, "志愿"),
])
def test_chinese_count_range(text: str, printed: str, lo: int, hi: int, counted: str) -> None:
    m = the(text, printed)
    assert (m.number.interval.lo, m.number.interval.hi, m.counted) == (lo, hi, counted)


def test_chinese_range_with_its_unit_is_unchanged() -> None:
    m = the("项目周期三至五年", "三至五年")
    assert (m.number.interval.lo, m.number.interval.hi, m.unit.canonical) == (3, 5, "year")


# -- 零上 (above zero) is no zero: 零上五度 is +5 °C --------------------------------------------------------------

@pytest.mark.parametrize(("text", "values"), [
    ("气温在零下五度到零上三度之间", [-5, 3]), ("白天零上五度，夜间零下二度", [5, -2]),
])
def test_above_zero_is_no_zero(text: str, values: list[int]) -> None:
    ms = mentions(text)
    assert [m.number.nominal for m in ms] == values and all(m.unit.canonical == "Celsius_reading" for m in ms)


# -- the day of a month and set phrases with numerals are no amounts ------------------------------------------

@pytest.mark.parametrize("text", ["三月五日", "十二月二十五号", "会议定于五月十日召开", "他一天到晚忙个不停",
                                  "这事十有八九成了", "他爱读三国演义", "昆明四季如春"])
def test_dates_and_set_phrases_with_numerals(text: str) -> None:
    assert mentions(text) == []


@pytest.mark.parametrize(("text", "printed"), [("他工作了一天", "一天"), ("工期为五日", "五日")])
def test_days_as_a_duration_still_read(text: str, printed: str) -> None:
    assert the(text, printed).number.nominal in (1, 5)


# -- a month and a day with a slash ("after 9/11", "on 7/4") is a date, not a fraction or two numbers --------------

@pytest.mark.parametrize("text", [
    "After 9/11 security rose.", "Played on 12/25 at home.", "The report is due 5/17.", "Independence Day is on 7/4.",
    "Until 3/28 the vote is open.", "Since 12/3 sales rose.", "On 3/4 the market fell.",
])
def test_month_and_day_is_no_quantity(text: str) -> None:
    assert mentions(text) == []


@pytest.mark.parametrize(("text", "printed", "value"), [
    ("He ate 3/4 of the pie.", "3/4", F(3, 4)), ("Cut it by 1/2.", "1/2", F(1, 2)),
    ("It shrank to 7/20 of its size.", "7/20", F(7, 20)), ("A 1/25 scale model.", "1/25", F(1, 25)),
    ("From 1/3 to 1/2 of users.", "1/3", F(1, 3)), ("It was trained on 1/4 of the data.", "1/4", F(1, 4)),
    ("About 5/16 inch.", "About 5/16 inch", F(5, 16)), ("The model solved 9/14 problems.", "9/14", F(9, 14)),
])
def test_fractions_that_look_like_dates(text: str, printed: str, value: Fraction) -> None:
    assert the(text, printed).number.nominal == value


# -- names with a number in them: "World War Two", "Number 10", "Apollo 11" -----------------------------------------

@pytest.mark.parametrize("text", ["World War Two changed Europe.", "He lives at Number 10.", "Apollo 11 landed.",
                                  "World War II veterans marched."])
def test_names_with_numbers(text: str) -> None:
    assert mentions(text) == []


@pytest.mark.parametrize(("text", "printed"), [
    ("A number of 10 people came.", "10"), ("The Apollo programme cost 25 billion dollars.", "25 billion dollars"),
])
def test_numbers_beside_those_names_still_read(text: str, printed: str) -> None:
    assert the(text, printed).number.nominal > 0


# -- quadrillion: the next scale word after trillion ---------------------------------------------------------------

@pytest.mark.parametrize(("text", "printed", "value"), [
    ("The debt hit 2 quadrillion won.", "2 quadrillion", 2 * 10**15),
    ("It is 1.5 quadrillion dollars.", "1.5 quadrillion dollars", F(3, 2) * 10**15),
    ("About three quadrillion.", "About three quadrillion", 3 * 10**15),
    ("one quadrillion", "one quadrillion", 10**15),
])
def test_quadrillion(text: str, printed: str, value: Fraction) -> None:
    assert the(text, printed).number.nominal == value


# -- powers read aloud: "10 to the power of 9", "ten to the sixth", "2 to the 64th power" ----------------------------

@pytest.mark.parametrize(("text", "printed", "value"), [
    ("That is 10 to the power of 9.", "10 to the power of 9", 10**9),
    ("ten to the power of twelve", "ten to the power of twelve", 10**12),
    ("The key space is 2 to the power of 10, or more.", "2 to the power of 10", 1024),
    ("There are 2 to the 64th power addresses.", "2 to the 64th power", 2**64),
    ("The error is 10 to the minus 3.", "10 to the minus 3", F(1, 1000)),
    ("That is ten to the ninth.", "ten to the ninth", 10**9),
    ("Twenty to the power of two is four hundred.", "Twenty to the power of two", 400),
])
def test_powers_in_words(text: str, printed: str, value: Fraction) -> None:
    assert the(text, printed).number.nominal == value


@pytest.mark.parametrize(("text", "printed"), [
    ("They moved from 5 to the 10th place.", ["5"]),        # a rank, not 5^10
    ("They rose from 2 to the 3rd place.", ["2"]),
    ("He went from one to the second round.", []),
    ("It rose to the top.", []),
])
def test_to_the_without_a_power(text: str, printed: list[str]) -> None:
    assert [m.printed for m in mentions(text)] == printed


# -- 俩 after the people it counts (他们俩, 兄弟俩) is two; 伎俩 and 一年一度 are words ----------------------------

@pytest.mark.parametrize("text", ["他们俩一起去了。", "我俩是同学", "兄弟俩开了一家店", "夫妻俩退休了", "他俩都来了"])
def test_pair_after_the_people_is_two(text: str) -> None:
    assert [(m.printed, m.number.nominal) for m in mentions(text)] == [("俩", 2)]


@pytest.mark.parametrize("text", ["这是他的伎俩", "一年一度的盛会"])
def test_words_with_liang_or_a_year_are_no_amount(text: str) -> None:
    assert mentions(text) == []


# -- Chinese money in yuan, jiao and fen: 三元五角二分 is 3.52 (the 分 after 角 is the fen) -------------------------

@pytest.mark.parametrize(("text", "printed", "value", "unit"), [
    ("售价三元五角二分", "三元五角二分", F(352, 100), "CNY"),
    ("共计5元6角7分", "5元6角7分", F(567, 100), "CNY"),
    ("人民币壹万贰仟叁佰肆拾伍元陆角柒分", "人民币壹万贰仟叁佰肆拾伍元陆角柒分", F(1234567, 100), "CNY"),
    ("五元三毛", "五元三毛", F(53, 10), "CNY"),
])
def test_yuan_jiao_fen(text: str, printed: str, value: Fraction, unit: str) -> None:
    m = the(text, printed)
    assert (m.number.nominal, m.unit.canonical) == (value, unit)


@pytest.mark.parametrize(("text", "value", "unit"), [
    ("人民币壹万贰仟叁佰肆拾伍元陆角", F(123456, 10), "CNY"),      # the jiao after the name was dropped (12345)
    ("港币5元3角", F(53, 10), "HKD"),
    ("3分28秒", 208, "秒"),                                          # 分 before 秒 stays the minute
])
def test_printed_grammar_reads_money_parts_after_a_currency_name(text: str, value: Fraction, unit: str) -> None:
    from claimaudit.numbers.printed import parse_printed
    p = parse_printed(text)
    assert (p.nominal, p.unit) == (value, unit)


@pytest.mark.parametrize(("text", "printed"), [("三元五角二分之一", "三元五角"), ("他考了95分", "95")])
def test_fen_that_is_no_money(text: str, printed: str) -> None:
    assert the(text, printed).number.nominal in (F(35, 10), 95)


# -- 强 / 弱 after a share: a little more / less than it (三分之一强 is no exact third) -----------------------------

@pytest.mark.parametrize(("text", "printed", "relation"), [
    ("占总数的三分之一强", "三分之一强", ">"), ("约占三分之二弱", "三分之二弱", "<"),
    ("增长百分之十强", "百分之十强", ">"),
    ("百分之五十弱的人同意", "百分之五十弱", "<"),
])
def test_strong_and_weak_after_a_share(text: str, printed: str, relation: str) -> None:
    assert the(text, printed).relation == relation


@pytest.mark.parametrize(("text", "printed"), [("三分之一强调了这一点", "三分之一"), ("三成强国", "三成")])
def test_strong_starting_a_word_is_no_bound(text: str, printed: str) -> None:
    m = the(text, printed)
    assert (m.relation or m.number.relation) == "="


# -- 二十有五 (twenty and five, as biographies write an age) and 三十有余 (thirty and more) ---------------------------

@pytest.mark.parametrize(("text", "printed", "value", "relation"), [
    ("他今年二十有五", "二十有五", 25, "="), ("年三十有二，任知府", "三十有二", 32, "="),
    ("二十有五岁", "二十有五岁", 25, "="), ("三十有余", "三十有余", 30, ">"), ("他已年过五十有余", "五十有余", 50, ">"),
])
def test_you_between_the_tens_and_the_units(text: str, printed: str, value: int, relation: str) -> None:
    m = the(text, printed)
    assert (m.number.nominal, m.relation or m.number.relation) == (value, relation)


def test_shi_you_ba_jiu_stays_a_set_phrase() -> None:
    assert mentions("这事十有八九成了") == []


@pytest.mark.parametrize("text", ["She earns a six-figure salary.", "It was a seven-figure deal.",
                                  "Enter a three-digit code.", "He got a 6-figure bonus.", "Use a 4-digit PIN."])
def test_figures_and_digits_compounds_are_no_amount(text: str) -> None:
    assert mentions(text) == []
