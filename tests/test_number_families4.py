"""Families of number phrasings (session 13), from the families Recognizers-Text's Number model reads
(its English and Chinese resource grammars), each probed with invented sentences and with the near misses
that must stay non-quantities (or keep their other reading)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from test_extract_value_families2 import mentions, the

F = Fraction


def printed(text: str) -> list[str]:
    return [m.printed for m in mentions(text)]


# -- a fraction read aloud whose denominator is a number of several words -----------------------------------

@pytest.mark.parametrize(("text", "span", "value"), [
    ("The odds are 1 over one hundred and twenty one.", "1 over one hundred and twenty one", F(1, 121)),
    ("The dose is one over two hundred and fifty.", "one over two hundred and fifty", F(1, 250)),
    ("The share was twenty-one over three.", "twenty-one over three", F(7)),
])
def test_over_a_long_denominator(text: str, span: str, value: Fraction) -> None:
    assert the(text, span).number.nominal == value


@pytest.mark.parametrize(("text", "spans"), [
    ("He won 3 over two days.", ["3", "over two days"]),       # a period after "over": no fraction
    ("They earned $2000 over 3 years", ["$2000", "3 years"]),
])
def test_over_a_period_is_no_fraction(text: str, spans: list[str]) -> None:
    assert printed(text) == spans


# -- a fraction between a whole and a scale: "one and three quarters million" ------------------------------

@pytest.mark.parametrize(("text", "span", "value"), [
    ("Sales reached one and three quarters million.", "one and three quarters million", 1_750_000),
    ("The city has two and two thirds million people.", "two and two thirds million", F(8_000_000, 3)),
    ("They lent one and a half billion dollars.", "one and a half billion dollars", 1_500_000_000),
])
def test_whole_and_fraction_before_a_scale(text: str, span: str, value: Fraction) -> None:
    assert the(text, span).number.nominal == value


def test_whole_and_fraction_without_scale() -> None:
    assert the("The recipe takes one and two thirds cups.", "one and two thirds cups").number.nominal == F(5, 3)


# -- a numerator over a scale's ordinal: "one two hundredth" ------------------------------------------------

@pytest.mark.parametrize(("text", "span", "value"), [
    ("The error is one two hundredth of the reading.", "one two hundredth", F(1, 200)),
    ("It shrank by three one-hundredths.", "three one-hundredths", F(3, 100)),
    ("Each part is one twenty-five thousandth of the whole.", "one twenty-five thousandth", F(1, 25000)),
    ("A gap of two three-hundredths remained.", "two three-hundredths", F(2, 300)),
    ("The tolerance is one one thousandth.", "one one thousandth", F(1, 1000)),
])
def test_numerator_over_a_scale_ordinal(text: str, span: str, value: Fraction) -> None:
    assert the(text, span).number.nominal == value


@pytest.mark.parametrize(("text", "spans"), [
    ("We marked the two hundredth anniversary.", []),           # an ordinal after "the"
    ("five twenty-five", ["five", "twenty-five"]),               # two numbers, no ordinal at all
    ("It was the one hundredth anniversary.", []),               # an ordinal after "the"
])
def test_scale_ordinal_near_misses(text: str, spans: list[str]) -> None:
    assert printed(text) == spans


# -- "point" and the decimals said as one number: "three point fourteen" ------------------------------------

@pytest.mark.parametrize(("text", "span", "value"), [
    ("Pi is three point fourteen.", "three point fourteen", F(314, 100)),
    ("The rate is one point twenty-five.", "one point twenty-five", F(125, 100)),
    ("The budget is one point twenty five million.", "one point twenty five million", 1_250_000),
    ("It reads two point five.", "two point five", F(5, 2)),
])
def test_point_and_two_digit_decimals(text: str, span: str, value: Fraction) -> None:
    assert the(text, span).number.nominal == value


def test_point_as_a_noun_stays_out() -> None:
    assert printed("At that point fifteen people left.") == ["fifteen"]


# -- a compound ordinal as the fraction after "and a" -------------------------------------------------------

def test_and_a_compound_ordinal() -> None:
    assert the("The value is twenty one and a twenty-first.",
               "twenty one and a twenty-first").number.nominal == 21 + F(1, 21)


def test_and_a_thirty_second_stays_a_duration_question() -> None:
    # "a thirty-second" may be half a minute: no fraction is joined to the whole
    assert printed("two and a thirty-second") == ["two", "a thirty-second"]


# -- "one" beside another number of a list or a range is the number ----------------------------------------

@pytest.mark.parametrize(("text", "spans"), [
    ("one or two people", ["one", "two"]),
    ("Count one, two, three.", ["one", "two", "three"]),
    ("Rate it from one to ten.", ["one", "ten"]),
])
def test_one_in_a_list(text: str, spans: list[str]) -> None:
    assert printed(text) == spans


@pytest.mark.parametrize(("text", "spans"), [
    ("one of the two", ["two"]),
    ("I have one apple.", []),
    ("We met one to one.", []),
    ("No one came.", []),
    ("This one is better.", []),
])
def test_one_as_an_article_stays_out(text: str, spans: list[str]) -> None:
    assert printed(text) == spans


# -- 仨: three in one character, as 俩 is two --------------------------------------------------------------

@pytest.mark.parametrize(("text", "span", "value"), [
    ("他们仨一起去了北京", "仨", 3),
    ("仨人合租一套房", "仨人", 3),
    ("他们俩先走了", "俩", 2),
])
def test_sa_and_lia(text: str, span: str, value: int) -> None:
    assert the(text, span).number.nominal == value


def test_sa_gua_lia_zao_is_an_idiom() -> None:
    assert printed("为了仨瓜俩枣吵架") == []


# -- a numeral after 是 before a second clause with its own 是 ----------------------------------------------

@pytest.mark.parametrize(("text", "spans"), [
    ("正确答案不是五这是八", ["五", "八"]),
    ("他说是三也是四", ["三", "四"]),
    ("数量不是一却是五", ["一", "五"]),
])
def test_numeral_before_a_contrasting_copula(text: str, spans: list[str]) -> None:
    assert printed(text) == spans


@pytest.mark.parametrize("text", ["他是一个好人", "这是一种方法", "我一看你就笑"])
def test_one_as_article_after_shi_stays_out(text: str) -> None:
    assert printed(text) == []


# -- 拾 alone is the verb "pick up"; in a numeral it is the capital ten -------------------------------------

@pytest.mark.parametrize("text", ["请收拾房间", "他拾起一块石头", "拾金不昧的好少年", "志愿者捡拾垃圾"])
def test_shi_alone_is_a_word(text: str) -> None:
    assert printed(text) == []


@pytest.mark.parametrize(("text", "span", "value"), [
    ("收到现金拾元", "拾元", 10),
    ("合计人民币拾伍元整", "人民币拾伍元", 15),
    ("金额：拾万元", "拾万元", 100_000),
    ("壹佰贰拾叁", "壹佰贰拾叁", 123),
])
def test_shi_in_an_amount(text: str, span: str, value: int) -> None:
    assert the(text, span).number.nominal == value


# -- "one in …" with a scale in the denominator --------------------------------------------------------------

@pytest.mark.parametrize(("text", "span", "value"), [
    ("The risk is 1 in one hundred.", "1 in one hundred", F(1, 100)),
    ("About one in a hundred people carry it.", "About one in a hundred", F(1, 100)),
    ("It affects one in ten thousand births.", "one in ten thousand", F(1, 10_000)),
    ("One in five adults smoke.", "One in five", F(1, 5)),
])
def test_one_in_a_scaled_denominator(text: str, span: str, value: Fraction) -> None:
    assert the(text, span).number.nominal == value


def test_one_in_a_million_is_an_idiom() -> None:
    assert printed("She is one in a million.") == []


# -- a decimal at a line's start before a scale is an amount, not a section number ---------------------------

@pytest.mark.parametrize(("text", "span", "value"), [
    ("2.5 万人次", "2.5 万", 25_000),
    ("1.5 K", "1.5 K", 1500),
    ("3.1 M downloads so far", "3.1 M", 3_100_000),
])
def test_decimal_before_a_scale_at_line_start(text: str, span: str, value: int) -> None:
    assert the(text, span).number.nominal == value


@pytest.mark.parametrize("text", ["3.2 Methods", "2.1 K-means clustering", "1.2 B. Results", "3.2 数据集"])
def test_section_numbers_stay_out(text: str) -> None:
    assert printed(text) == []


# -- a glued lower-case "b" before a counted noun is billion, as a glued "m" is million ----------------------

@pytest.mark.parametrize(("text", "span", "value"), [
    ("It has 1.2b users.", "1.2b", 1_200_000_000),
    ("The company has 3b customers.", "3b", 3_000_000_000),
    ("We released the 7b model today.", "7b", 7_000_000_000),
    ("It was trained on 2b tokens.", "2b tokens", 2_000_000_000),
    ("The app has 35m devices.", "35m", 35_000_000),
])
def test_glued_b_before_a_count(text: str, span: str, value: int) -> None:
    m = the(text, span)
    assert m.number.nominal == value
    assert any("could be" in c for c in m.candidates)      # the other reading is named


@pytest.mark.parametrize(("text", "span"), [
    ("Registers hold 32b words.", "32b"),
    ("Use a 64b integer.", "64b"),
    ("The symbol takes 8b per symbol.", "8b"),
])
def test_glued_b_stays_bits(text: str, span: str) -> None:
    assert the(text, span).unit.dims.items == (("[information]", 1),)


# -- a spaced scale letter: one or two spaces, a spaced minus on a line of its own ---------------------------

@pytest.mark.parametrize(("text", "span", "value"), [
    ("It reached 2.33  k", "2.33  k", 2330),
    ("I have 10  k", "10  k", 10_000),
    ("- 10  k", "- 10  k", -10_000),
    ("- 12 M", "- 12 M", -12_000_000),
])
def test_spaced_scale_letter(text: str, span: str, value: int) -> None:
    assert the(text, span).number.nominal == value


def test_bullets_keep_their_values_positive() -> None:
    assert [(m.printed, m.number.nominal) for m in mentions("Sizes:\n- 10 k\n- 20 k\n")] \
        == [("10 k", 10_000), ("20 k", 20_000)]


@pytest.mark.parametrize(("text", "spans"), [
    ("- 5 GPUs per node", ["5 GPUs per node"]),       # a list item's text: no minus
    ("12   k", ["12"]),                                # three spaces: two cells
])
def test_spaced_scale_near_misses(text: str, spans: list[str]) -> None:
    assert printed(text) == spans


# -- numerals joined by arithmetic are numbers, even 一 and a single digit -----------------------------------

@pytest.mark.parametrize(("text", "spans"), [
    ("一加一等于二", ["一", "一", "二"]),
    ("三乘以五等于十五", ["三", "五", "十五"]),
    ("十减三等于七", ["十", "三", "七"]),
    ("八除以二", ["八", "二"]),
    ("3加5等于8", ["3", "5", "8"]),
])
def test_arithmetic_operands(text: str, spans: list[str]) -> None:
    assert printed(text) == spans


@pytest.mark.parametrize(("text", "spans"), [
    ("一加手机很好用", []),                 # a brand: no numeral after 加
    ("他加了三个人", ["三个人"]),
    ("增加三倍", ["三倍"]),
])
def test_arithmetic_near_misses(text: str, spans: list[str]) -> None:
    assert printed(text) == spans


# -- "at one point" opening a clause is "once": the number after it stands alone ----------------------------

@pytest.mark.parametrize(("text", "spans"), [
    ("At one point twenty people left.", ["twenty"]),
    ("At one point five people left.", ["five"]),
    ("Then, at one point five people left.", ["five"]),
])
def test_at_one_point_opening_a_clause(text: str, spans: list[str]) -> None:
    assert printed(text) == spans


@pytest.mark.parametrize(("text", "span", "value"), [
    ("Inflation stood at one point five percent.", "one point five percent", F(3, 2)),
    ("The rate is one point five.", "one point five", F(3, 2)),
])
def test_one_point_after_a_verb_is_a_value(text: str, span: str, value: Fraction) -> None:
    assert the(text, span).number.nominal == value


# -- "twenty-second" is a position after a possessive or before a noun a position counts ---------------------

@pytest.mark.parametrize("text", ["It was its twenty-second season.", "She finished twenty-second place overall.",
                                  "He won for a twenty-second time.", "the twenty-second of May",
                                  "their one hundredth game"])
def test_compound_ordinals_are_positions(text: str) -> None:
    assert printed(text) == []


@pytest.mark.parametrize(("text", "span", "seconds"), [
    ("We ran a twenty-second delay.", "twenty-second", 20),
    ("They bought a thirty-second ad.", "thirty-second", 30),
])
def test_tens_second_after_an_article_is_a_duration(text: str, span: str, seconds: int) -> None:
    assert the(text, span).number.nominal == seconds


# -- 2D, 3D, 4D glued are dimensions, no amount --------------------------------------------------------------

@pytest.mark.parametrize("text", ["It's not trivial to switch from one 3D topology to another.", "2D images",
                                  "Print it in 3D.", "3D-printed parts"])
def test_glued_d_is_a_dimension(text: str) -> None:
    assert printed(text) == []


def test_spaced_debye_stays() -> None:
    assert the("It has a dipole of 3 D.", "3 D").unit.canonical == "debye"


# -- a whole "and" a fraction whose numerator is a tens number ----------------------------------------------

@pytest.mark.parametrize(("text", "span", "value"), [
    ("The bar is one and twenty-five hundredths wide.", "one and twenty-five hundredths", F(125, 100)),
    ("It scored three and forty-one fiftieths.", "three and forty-one fiftieths", 3 + F(41, 50)),
    ("The drill is seven and three twenty-fifths.", "seven and three twenty-fifths", 7 + F(3, 25)),
    ("The bolt is two and twenty-five sixty-fourths.", "two and twenty-five sixty-fourths", 2 + F(25, 64)),
    ("It grew one and one twenty-fifth.", "one and one twenty-fifth", 1 + F(1, 25)),
    ("The cheque reads two hundred and fifty-four hundredths.", "two hundred and fifty-four hundredths",
     200 + F(54, 100)),
])
def test_whole_and_tens_fraction(text: str, span: str, value: Fraction) -> None:
    assert the(text, span).number.nominal == value


@pytest.mark.parametrize(("text", "spans"), [
    ("twenty and thirty", ["twenty", "thirty"]),
    ("one and twenty people", ["twenty"]),
    ("Wait two and one second.", ["two", "one second"]),
])
def test_and_between_two_numbers_stays(text: str, spans: list[str]) -> None:
    assert printed(text) == spans


# -- a word sign before digits and a spoken half ------------------------------------------------------------

@pytest.mark.parametrize(("text", "span", "value"), [
    ("The answer is minus 3 and a half.", "minus 3 and a half", F(-7, 2)),
    ("It fell to minus 10 and a half degrees.", "minus 10 and a half degrees", F(-21, 2)),
    ("It was negative 2 and a quarter.", "negative 2 and a quarter", F(-9, 4)),
])
def test_sign_before_digits_and_a_half(text: str, span: str, value: Fraction) -> None:
    assert the(text, span).number.nominal == value


def test_subtraction_keeps_its_operands() -> None:
    assert printed("ten minus 3 and a half") == ["ten", "3 and a half"]


# -- a word sign before a fraction read aloud ---------------------------------------------------------------

@pytest.mark.parametrize(("text", "span", "value"), [
    ("The answer is negative one over three.", "negative one over three", F(-1, 3)),
    ("It is minus 1 over 3.", "minus 1 over 3", F(-1, 3)),
    ("The answer is minus one over twenty.", "minus one over twenty", F(-1, 20)),
])
def test_sign_before_over(text: str, span: str, value: Fraction) -> None:
    assert the(text, span).number.nominal == value


def test_subtraction_before_over_keeps_its_operands() -> None:
    assert printed("ten minus 1 over 3") == ["ten", "1 over 3"]


# -- a word sign before digits with a scale word or a power read aloud --------------------------------------

@pytest.mark.parametrize(("text", "span", "value"), [
    ("The balance is minus 3 hundred.", "minus 3 hundred", -300),
    ("It reads negative 3 hundred and 21.", "negative 3 hundred and 21", -321),
    ("The net was minus 4 thousand 3 hundred.", "minus 4 thousand 3 hundred", -4300),
    ("I count minus 6 crore and two hundred.", "minus 6 crore and two hundred", -60_000_200),
    ("The value is minus 10 to the power of 3.", "minus 10 to the power of 3", -1000),
])
def test_sign_before_spoken_scales(text: str, span: str, value: int) -> None:
    assert the(text, span).number.nominal == value


@pytest.mark.parametrize(("text", "spans"), [
    ("ten minus 3 hundred", ["ten", "3 hundred"]),
    ("3 hundred and negative one are two numbers.", ["3 hundred", "negative one", "two"]),
])
def test_subtraction_and_second_numbers_keep_their_signs(text: str, spans: list[str]) -> None:
    assert printed(text) == spans


# -- a half or a quarter of a hundred ------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "span", "value"), [
    ("They sold half a hundred.", "half a hundred", 50),
    ("About a half hundred came.", "About a half hundred", 50),
    ("It cost one and a half hundred.", "one and a half hundred", 150),
    ("We kept a quarter of a hundred.", "a quarter of a hundred", 25),
])
def test_half_and_quarter_of_a_hundred(text: str, span: str, value: int) -> None:
    assert the(text, span).number.nominal == value


def test_a_third_hundred_stays_out() -> None:
    assert printed("It was a third hundred.") == []
