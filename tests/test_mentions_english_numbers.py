"""English quantities read from running text (issue #11 §2): number words split by several spaces
or a spaced hyphen (PDF and OCR text), lists of hundreds, spoken decimals before a scale, fractions of
a scale, digits with a spoken half, "half a dozen" and the abbreviations of dozen, a share after a
qualifier ("more than half"); and what stays out: ordinals ("the twenty-second of May"), dashes
between two numbers, "the first half", dates, versions, model names and list numbers."""

from __future__ import annotations

from fractions import Fraction

import pytest

from claimaudit.extract.document import analyse
from claimaudit.extract.mentions import extract_mentions


def values(text: str) -> list[tuple[str, Fraction]]:
    return [(m.printed, m.number.nominal) for m in extract_mentions(analyse(text))]


def counted(text: str) -> list[tuple[str, Fraction, str]]:
    """(printed, value, unit) of each mention; the value counts the unit's factor (a dozen is 12)."""
    return [(m.printed, m.number.nominal * m.unit.factor, m.unit.canonical) for m in extract_mentions(analyse(text))]


@pytest.mark.parametrize(("text", "expected"), [
    # several spaces between the words of one number, as PDF text extraction leaves them
    ("the committee has fifty   two members", [("fifty   two", Fraction(52))]),
    ("one  hundred  and  six respondents", [("one  hundred  and  six", Fraction(106))]),
    # a spaced hyphen inside a compound: tens and unit, numerator and fraction word
    ("a total of ninety - five delegates", [("ninety - five", Fraction(95))]),
    ("one - fourth of the budget", [("one - fourth", Fraction(1, 4))]),
    ("ninety - five hundred-fifths", [("ninety - five hundred-fifths", Fraction(1900))]),
])
def test_words_joined_by_spaces_or_a_spaced_hyphen(text: str, expected: list[tuple[str, Fraction]]) -> None:
    assert values(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    # a dash between two whole numbers is a range or a list, never one compound
    ("between a hundred - two hundred people", [("a hundred", Fraction(100)), ("two hundred", Fraction(200))]),
    ("twenty - thirty minutes", [("twenty", Fraction(20)), ("thirty minutes", Fraction(30))]),
    # a run of more than three spaces is a column gap, not one number
    ("fifty     two", [("fifty", Fraction(50)), ("two", Fraction(2))]),
])
def test_a_dash_or_a_column_gap_keeps_two_numbers(text: str, expected: list[tuple[str, Fraction]]) -> None:
    assert values(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("one hundred, two hundred, three hundred", [("one hundred", Fraction(100)), ("two hundred", Fraction(200)),
                                                 ("three hundred", Fraction(300))]),
    ("two hundred three hundred and five", [("two hundred", Fraction(200)), ("three hundred and five", Fraction(305))]),
    # one number, whose hundreds come once in each group
    ("two hundred thousand three hundred", [("two hundred thousand three hundred", Fraction(200300))]),
    ("twelve hundred and fifty", [("twelve hundred and fifty", Fraction(1250))]),
])
def test_a_second_hundreds_part_starts_a_new_number(text: str, expected: list[tuple[str, Fraction]]) -> None:
    assert values(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Sales reached two point five million units", [("two point five million", Fraction(2_500_000))]),
    ("three quarters of a million visitors", [("three quarters of a million", Fraction(750_000))]),
    ("a third of a billion", [("a third of a billion", Fraction(10**9, 3))]),
    ("It took 2 and a half years.", [("2 and a half years", Fraction(5, 2))]),
    ("3 and a quarter million people", [("3 and a quarter million", Fraction(3_250_000))]),
    ("1 and three quarters cups of flour", [("1 and three quarters cups", Fraction(7, 4))]),
    ("2  1/4 inches", [("2  1/4 inches", Fraction(9, 4))]),
    # digits before "hundred", and what comes after "and" only when it is a number's rest
    ("I can give you 3 hundred and 21 yuan.", [("3 hundred and 21 yuan", Fraction(321))]),
    ("3 hundred and negative one are two numbers",
     [("3 hundred", Fraction(300)), ("negative one", Fraction(-1)), ("two", Fraction(2))]),
    ("3 hundred and 0", [("3 hundred", Fraction(300)), ("0", Fraction(0))]),
])
def test_scales_fractions_and_spoken_halves(text: str, expected: list[tuple[str, Fraction]]) -> None:
    assert values(text) == expected


def test_one_of_a_million_is_no_fraction() -> None:
    # "of a million" multiplies only a fraction ("one" is a whole number)
    assert values("one of a million") == [("a million", Fraction(1_000_000))]


@pytest.mark.parametrize(("text", "expected"), [
    ("We bought half a dozen eggs.", [("half a dozen", Fraction(6), "dozen")]),
    ("Half a dozen firms bid.", [("Half a dozen", Fraction(6), "dozen")]),
    ("3 dzs", [("3 dzs", Fraction(36), "dozen")]),
    ("five dozs", [("five dozs", Fraction(60), "dozen")]),
    ("4 doz. eggs", [("4 doz", Fraction(48), "dozen")]),
])
def test_dozens(text: str, expected: list[tuple[str, Fraction, str]]) -> None:
    assert counted(text) == expected


@pytest.mark.parametrize(("text", "printed", "qualifier"), [
    ("More than half people came here.", "More than half", "more than"),
    ("less than half of the budget was spent", "less than half", "less than"),
    ("Almost half said no.", "Almost half", "almost"),
    ("at least half would pay", "at least half", "at least"),
])
def test_half_after_a_qualifier(text: str, printed: str, qualifier: str) -> None:
    (m,) = extract_mentions(analyse(text))
    assert (m.printed, m.number.nominal) == (printed, Fraction(1, 2))
    assert (m.relation or m.number.relation).lower() in (qualifier, {"more than": ">", "less than": "<",
                                                                    "almost": "~", "at least": ">="}[qualifier])


@pytest.mark.parametrize("text", [
    "The first half of 2021 was slow.",
    "Section 3.2 lists the steps.",
    "signed on 3 Sept. 2023 and 14 May 2024",
    "on the twenty-second of May",
    "the thirty-first of December",
    "She finished the 3rd race and the twenty-first lap.",
    "Llama-2-70B and ChatGLM2-6B",
    "pip install torch==2.1.3",
    "Released on 12 March 2024 as version 2.1.3",
])
def test_not_quantities(text: str) -> None:
    assert values(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("5 may help", [("5", Fraction(5))]),                    # the verb, no month
    ("12 Marchers", [("12", Fraction(12))]),
    ("40 March-quarter shipments", [("40", Fraction(40))]),
])
def test_a_number_before_a_month_like_word(text: str, expected: list[tuple[str, Fraction]]) -> None:
    assert values(text) == expected


def test_a_thirty_second_ad_is_thirty_seconds() -> None:
    (m,) = extract_mentions(analyse("a thirty-second ad"))
    assert (m.number.nominal, m.unit.canonical) == (30, "second")


@pytest.mark.parametrize(("text", "printed", "value", "unit"), [
    ("The meeting lasted an hour and a half.", "an hour and a half", Fraction(3, 2), "hour"),
    ("a year and a half later", "a year and a half", Fraction(3, 2), "year"),
    ("a mile and a half from the coast", "a mile and a half", Fraction(3, 2), "mile"),
    ("an hour and a quarter", "an hour and a quarter", Fraction(5, 4), "hour"),
    ("a gallon and a half of milk", "a gallon and a half", Fraction(3, 2), "gallon"),
    ("a dozen and a half eggs", "a dozen and a half", Fraction(3, 2), "dozen"),
])
def test_one_unit_and_a_half(text: str, printed: str, value: Fraction, unit: str) -> None:
    (m,) = extract_mentions(analyse(text))
    assert (m.printed, m.number.nominal, m.unit.canonical) == (printed, value, unit)


def test_and_a_half_after_a_word_that_is_no_unit_stays_a_half() -> None:
    assert values("a thing and a half") == [("a half", Fraction(1, 2))]


def test_a_pronoun_after_a_number_is_no_unit() -> None:
    # "he" and "me" are prefixed units to the registry (hecto-, milli-elementary charge)
    (m,) = extract_mentions(analyse("At the age of 30 he left."))
    assert (m.printed, m.number.nominal, m.unit.canonical) == ("30", 30, "year")
    assert [(m.printed, m.unit.dims.items) for m in extract_mentions(analyse("Give 5 me"))] == [("5", ())]


@pytest.mark.parametrize(("text", "expected"), [
    # a glued m that ends the phrase, in a sentence about people or money: million
    ("The population grew by 1.5m to 67.2m.", [("1.5m", Fraction(1_500_000), ""), ("67.2m", Fraction(67_200_000), "")]),
    ("The firm raised 1.5m last year.", [("1.5m", Fraction(1_500_000), "")]),
    ("The company has 40m users and 3m customers.", [("40m", Fraction(40_000_000), ""),
                                                     ("3m", Fraction(3_000_000), "")]),
    # lengths stay metres
    ("He is 1.8m tall and has 2 users.", [("1.8m", Fraction(9, 5), "meter"), ("2", Fraction(2), "")]),
    ("a 100m sprint with 3,000 people", [("100m", Fraction(100), "meter"), ("3,000", Fraction(3000), "")]),
    ("The wall is 3m.", [("3m", Fraction(3), "meter")]),
])
def test_glued_m_million_or_metres(text: str, expected: list[tuple[str, Fraction, str]]) -> None:
    got = extract_mentions(analyse(text))
    assert [(m.printed, m.number.nominal * (m.unit.factor if m.unit.canonical == "meter" else 1),
             m.unit.canonical if m.unit.dims.items else "") for m in got] == expected
    assert all("could be metres" in " ".join(m.candidates) for m in got if m.printed.endswith("m")
               and m.unit.canonical != "meter")


@pytest.mark.parametrize(("text", "expected"), [
    # a tens word right after a scale and before a unit ordinal is the denominator's
    ("one hundred thirty-fifths", Fraction(100, 35)),
    ("one hundred thirty fifths", Fraction(100, 35)),
    # "and" keeps it in the numerator; a unit word before the ordinal leaves the denominator alone
    ("one hundred and thirty fifths", Fraction(130, 5)),
    ("one hundred thirty two fifths", Fraction(132, 5)),
    ("twenty fifths", Fraction(4)),
    # a one-word numerator over an ordinal with a scale in it
    ("one one hundred fifth", Fraction(1, 105)),
    ("three one hundred fifths", Fraction(3, 105)),
    ("one twenty-fifth", Fraction(1, 25)),
])
def test_fractions_with_compound_denominators(text: str, expected: Fraction) -> None:
    assert values(text) == [(text, expected)]


@pytest.mark.parametrize(("text", "expected"), [
    ("one million two hundred and thirty four thousand five hundred and sixty seven",
     [("one million two hundred and thirty four thousand five hundred and sixty seven", Fraction(1_234_567))]),
    ("The total is 1 234 567.89 euros", [("1 234 567.89 euros", Fraction(123_456_789, 100))]),
    ("China's population is 1 414 021 100.", [("1 414 021 100", Fraction(1_414_021_100))]),
    ("1\u202f234.5", [("1\u202f234.5", Fraction(12_345, 10))]),
    # one space group before a decimal may be two table cells: left as two numbers
    ("Layer 3 123.4", [("3", Fraction(3)), ("123.4", Fraction(1234, 10))]),
])
def test_long_numbers(text: str, expected: list[tuple[str, Fraction]]) -> None:
    assert values(text) == expected


@pytest.mark.parametrize("text", [
    "the one hundredth anniversary",
    "the one hundred and fiftieth year",
    "two hundred and first",
    "the one hundred and twenty-second",
    "in the last two quarters",
    "over the past three quarters revenue rose",
    "his twenty-third birthday",
    "the two hundredth episode",
])
def test_ordinals_and_periods_are_no_amounts(text: str) -> None:
    assert values(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("one hundredth of a second", [("one hundredth", Fraction(1, 100))]),
    ("the one hundredth of a second", [("one hundredth", Fraction(1, 100))]),
    ("two quarters of the pie", [("two quarters", Fraction(1, 2))]),
    ("one hundred and five", [("one hundred and five", Fraction(105))]),
])
def test_fractions_next_to_ordinals(text: str, expected: list[tuple[str, Fraction]]) -> None:
    assert values(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("at one point", []),
    ("At one time we had 5 staff.", [("5", Fraction(5))]),
    ("one point five", [("one point five", Fraction(3, 2))]),
    ("scored one point more", [("one point", Fraction(1))]),
])
def test_at_one_point_is_an_idiom(text: str, expected: list[tuple[str, Fraction]]) -> None:
    assert values(text) == expected


@pytest.mark.parametrize(("text", "unit"), [
    ("5 players", ""),          # p + layer: no pico-layer
    ("the number one player", None),
    ("12 layers", "layer"),
    ("2 ktokens", "kilotoken"),
])
def test_a_count_unit_never_takes_a_fractional_prefix(text: str, unit: str | None) -> None:
    got = [m.unit.canonical if m.unit.dims.items else "" for m in extract_mentions(analyse(text))]
    assert got == ([] if unit is None else [unit])


@pytest.mark.parametrize(("text", "lo", "hi"), [
    ("The policy covers children aged 5 to 12.", 5, 12),
    ("adults aged 18-24", 18, 24),
    ("respondents aged between 18 and 65", 18, 65),
    ("people ages 18 to 29", 18, 29),
])
def test_age_ranges_are_years(text: str, lo: int, hi: int) -> None:
    (m,) = extract_mentions(analyse(text))
    assert (m.unit.canonical, m.number.interval.lo, m.number.interval.hi) == ("year", lo, hi)


def test_a_range_without_an_age_word_has_no_unit() -> None:
    (m,) = extract_mentions(analyse("between 18 and 65"))
    assert m.unit.dims.items == ()


@pytest.mark.parametrize(("text", "expected"), [
    # "and" after a scale word marks the decimal point before tenths, hundredths, thousandths
    ("two hundred and fifty-four hundredths", Fraction(20054, 100)),
    ("five hundred and two thousandths", Fraction(500002, 1000)),
    # without the "and" it is the numerator; other denominators keep the "and" in the numerator
    ("two hundred fifty-four hundredths", Fraction(254, 100)),
    ("one hundred and thirty fifths", Fraction(26)),
    # digits, a scale and a half of it
    ("3 million and a half", Fraction(3_500_000)),
    ("2 billion and a quarter", Fraction(2_250_000_000)),
])
def test_and_before_a_fraction(text: str, expected: Fraction) -> None:
    assert values(text) == [(text, expected)]


@pytest.mark.parametrize(("text", "expected"), [
    ("4 thousand 3 hundred and 0 are two valid numbers.",
     [("4 thousand 3 hundred", Fraction(4300)), ("0", Fraction(0)), ("two", Fraction(2))]),
    ("1 million 200 thousand and 5 people", [("1 million 200 thousand and 5", Fraction(1_200_005))]),
    ("3 crore 20 lakh", [("3 crore 20 lakh", Fraction(32_000_000))]),
    # scales that do not fall are two numbers
    ("2 million 3 million", [("2 million", Fraction(2_000_000)), ("3 million", Fraction(3_000_000))]),
    ("4 thousand 5 thousand", [("4 thousand", Fraction(4000)), ("5 thousand", Fraction(5000))]),
])
def test_digits_with_falling_scales(text: str, expected: list[tuple[str, Fraction]]) -> None:
    assert values(text) == expected


# -- a minus printed apart from its digits -------------------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    # after a verb of being, a preposition or "=": a sign (no operand can stand there)
    ("how to convert - 20 degrees fahrenheit to celsius", Fraction(-20)),
    ("The balance is - 5 after the refund.", Fraction(-5)),
    ("Overnight lows fell to - 12 in the valleys.", Fraction(-12)),
    ("x = - 3.5", Fraction(-7, 2)),
    ("a correlation of - 0.42", Fraction(-21, 50)),
    # a line holding nothing but the number
    ("- 1 4/5", Fraction(-9, 5)),
    ("- 2.5", Fraction(-5, 2)),
])
def test_spaced_minus_is_a_sign_where_no_operand_stands(text: str, expected: Fraction) -> None:
    assert [v for _, v in values(text)] == [expected]


@pytest.mark.parametrize(("text", "expected"), [
    # after a noun the dash is punctuation (as published in a model card's memory notes)
    ("bf16 weights - 2 bytes per param", [Fraction(2)]),
    ("the whole checkpoint - 8 bytes for fp32 optim", [Fraction(8)]),
    # after a number it is a subtraction or a range
    ("x = 26 - 8", None),
    ("快 6 - 19 倍", None),
    # list items
    ("Plan:\n- 5 GPUs per node\n- 2 nodes", [Fraction(5), Fraction(2)]),
    ("- 5\n- 10", None),
])
def test_spaced_dash_after_a_noun_a_number_or_in_a_list_is_no_sign(text: str, expected) -> None:
    got = [v for _, v in values(text)]
    assert all(v >= 0 for v in got), got
    if expected is not None:
        assert got == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("minus 1 1/2", Fraction(-3, 2)),
    ("negative 3/4 of a point", Fraction(-3, 4)),
    ("The change was minus 2 and 1/2 points.", Fraction(-5, 2)),
])
def test_a_word_sign_before_a_fraction(text: str, expected: Fraction) -> None:
    assert [v for _, v in values(text)] == [expected]


def test_minus_between_numbers_stays_a_subtraction() -> None:
    assert [v for _, v in values("20 minus 1 1/2")] == [Fraction(20), Fraction(3, 2)]


# -- a spoken decimal without its zero: "point five" ---------------------------------------------------

@pytest.mark.parametrize(("text", "printed", "expected"), [
    # as spoken in radio and TV transcripts ("inflation rose by point two per cent")
    ("Inflation rose by point two per cent in March.", "point two per cent", Fraction(1, 5)),
    ("The economy shrank by point three percent.", "point three percent", Fraction(3, 10)),
    ("point five", "point five", Fraction(1, 2)),
    ("The ratio was point seven five.", "point seven five", Fraction(3, 4)),
    ("The answer is minus point five.", "minus point five", Fraction(-1, 2)),
    ("negative point two five", "negative point two five", Fraction(-1, 4)),
    ("a budget of about point five million", "about point five million", Fraction(500_000)),
])
def test_point_and_digit_words_are_a_decimal(text: str, printed: str, expected: Fraction) -> None:
    assert values(text) == [(printed, expected)]


@pytest.mark.parametrize(("text", "expected"), [
    # after a determiner or a noun "point" is the noun, and the number after it counts something
    ("At that point five people left.", [Fraction(5)]),
    ("From this point two paths lead on.", [Fraction(2)]),
    ("It was a turning point five years ago.", []),
    ("The boiling point three times over", []),
    # a numbered point of a text
    ("We agree with point five of the treaty.", []),
])
def test_point_as_a_noun_makes_no_decimal(text: str, expected: list[Fraction]) -> None:
    assert [v for _, v in values(text)] == expected


# -- a scale letter printed apart from the number ------------------------------------------------------

@pytest.mark.parametrize(("text", "printed", "expected", "other"), [
    ("2.33 k", "2.33 k", Fraction(2330), "variable"),
    ("We have 2.33 k followers.", "2.33 k", Fraction(2330), "variable"),
    ("Revenue: 1,674,200.5 M", "1,674,200.5 M", Fraction(1_674_200_500_000), "molar"),
    ("-2.5 M", "-2.5 M", Fraction(-2_500_000), "molar"),
    ("a budget of 1.5 M last year", "1.5 M", Fraction(1_500_000), "molar"),
    ("it costs 2.5 K", "2.5 K", Fraction(2500), "kelvin"),
])
def test_spaced_scale_letter_is_the_scale_with_a_candidate(text: str, printed: str, expected: Fraction,
                                                           other: str) -> None:
    (m,) = extract_mentions(analyse(text))
    assert (m.printed, m.number.nominal) == (printed, expected)
    assert any(other in c for c in m.candidates), m.candidates


@pytest.mark.parametrize(("text", "expected"), [
    # K where the sentence speaks of heat, M where it speaks of solutions: the scale is not read
    ("The sample was cooled to 300 K in the cryostat.", Fraction(300)),
    ("The solution is 2.5 M in HCl.", Fraction(5, 2)),
    # a capitalised word after the letter: a name, not a scale
    ("We ran 5 K GPUs", Fraction(5)),
])
def test_spaced_scale_letter_left_alone_where_it_is_a_unit_or_name(text: str, expected: Fraction) -> None:
    assert [v for _, v in values(text)] == [expected]


# -- digits with a scale, "and", then number words -----------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    ("I count 6 crore and two hundred", [("6 crore and two hundred", Fraction(60_000_200))]),
    ("3 million and forty votes", [("3 million and forty", Fraction(3_000_040))]),
    ("5 thousand and twelve people", [("5 thousand and twelve", Fraction(5012))]),
    # words no smaller than the scale are a second number
    ("5 thousand and two thousand", [("5 thousand", Fraction(5000)), ("two thousand", Fraction(2000))]),
])
def test_scale_and_number_words_are_one_number(text: str, expected: list[tuple[str, Fraction]]) -> None:
    assert values(text) == expected


# -- a whole number "and" a fraction in digits ---------------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    ("Add 2 and 3/4 cups of flour.", Fraction(11, 4)),
    ("a board 1 and 1/2 inches thick", Fraction(3, 2)),
    ("It rated 4 and 1/2 stars.", Fraction(9, 2)),
])
def test_whole_and_fraction_is_a_mixed_number(text: str, expected: Fraction) -> None:
    assert [v for _, v in values(text)] == [expected]


def test_between_whole_and_fraction_is_a_range() -> None:
    (m,) = extract_mentions(analyse("between 2 and 3/4"))
    assert m.number.is_range and set(m.number.ends) == {2, Fraction(3, 4)}


# -- a compound denominator after a cardinal of several words: "twenty-five sixty-fourths" -------------

@pytest.mark.parametrize(("text", "printed", "expected"), [
    # drill and fastener sizes, as printed in hardware catalogues
    ("a bit of twenty-five sixty-fourths of an inch", "twenty-five sixty-fourths", Fraction(25, 64)),
    ("eleven sixty-fourths", "eleven sixty-fourths", Fraction(11, 64)),
    ("thirty-one thirty-seconds", "thirty-one", Fraction(31)),       # "-seconds" is also a duration: left alone
    ("forty-three ninety-sixths", "forty-three ninety-sixths", Fraction(43, 96)),
])
def test_compound_plural_denominator_after_a_cardinal(text: str, printed: str, expected: Fraction) -> None:
    assert values(text)[0] == (printed, expected)


def test_tens_and_fraction_word_after_a_scale_keep_the_scale_rule() -> None:
    # after a scale the tens word joins the denominator only without "and" (the spec's 100/35 and 130/5)
    assert values("one hundred thirty-fifths") == [("one hundred thirty-fifths", Fraction(100, 35))]
    assert values("one hundred and thirty fifths") == [("one hundred and thirty fifths", Fraction(26))]


# -- "half of a million", "quarter of a million" -------------------------------------------------------

@pytest.mark.parametrize(("text", "printed", "expected"), [
    ("Nearly half of a million people", "Nearly half of a million", Fraction(500_000)),
    ("quarter of a million", "quarter of a million", Fraction(250_000)),
    ("half of a billion dollars", "half of a billion dollars", Fraction(500_000_000)),
])
def test_half_or_quarter_of_a_scale(text: str, printed: str, expected: Fraction) -> None:
    assert values(text) == [(printed, expected)]


def test_half_of_a_noun_stays_a_share() -> None:
    assert values("half of the users") == [("half", Fraction(1, 2))]


# -- a fraction in digits with its denominator read as an ordinal: "1/3rd" ------------------------------

@pytest.mark.parametrize(("text", "printed", "expected"), [
    ("Almost 1/3rd of the budget went to salaries.", "Almost 1/3rd", Fraction(1, 3)),   # common in Indian English
    ("2/3rds of voters agreed", "2/3rds", Fraction(2, 3)),
    ("a 7/8ths share", "7/8ths", Fraction(7, 8)),                                # was 7/8 of a length unit
    ("add 1 1/4th cups", "1 1/4th cups", Fraction(5, 4)),
])
def test_fraction_with_an_ordinal_suffix(text: str, printed: str, expected: Fraction) -> None:
    assert values(text) == [(printed, expected)]


def test_fraction_glued_to_other_letters_stays_out() -> None:
    assert values("see 1/3rdly") == []


@pytest.mark.parametrize(("text", "nominal", "unit"), [
    ("Sales hit 1.5m units.", 1_500_000, ""),            # was 1.5 metres: "units" is a count unit
    ("The model saw 3m tokens.", 3_000_000, "token"),
    ("It shipped 2m barrels of oil.", 2_000_000, "oil_barrel"),   # an oil barrel (42 gal) about oil
    ("Output rose to 5m tonnes.", 5_000_000, "metric_ton"),
    ("He won the 110m hurdles.", 110, "meter"),         # a race: metres
])
def test_a_glued_m_before_a_plural_unit_noun_is_million(text: str, nominal: int, unit: str) -> None:
    m = extract_mentions(analyse(text))[0]
    value = m.number.nominal * (m.unit.factor if unit == "meter" else 1)
    assert (value, m.unit.canonical if m.unit.dims.items and unit else "") == (nominal, unit)


@pytest.mark.parametrize(("text", "minutes"), [
    # (a whole number of hours and the minutes after it are one duration: 2h 10m is 130 minutes)
    ("The film runs 2h 10m.", 130), ("Training took 3 hours 20m on 8 GPUs.", 200), ("It ran 1.5h 5m", 5)])
def test_an_m_right_after_an_hour_value_is_minutes(text: str, minutes: int) -> None:
    m = next(x for x in extract_mentions(analyse(text)) if x.printed.endswith("m"))
    assert (m.number.nominal, m.unit.canonical) == (minutes, "minute")
    assert any("it could be metres" in c for c in m.candidates)


@pytest.mark.parametrize("text", ["The wall is 2 m high after 3h.", "It took 5h and 10m.", "A 3h drive, 10m wide."])
def test_metres_that_do_not_continue_an_hour_value_stay_metres(text: str) -> None:
    assert [m.unit.canonical for m in extract_mentions(analyse(text)) if m.printed.endswith("m")] == ["meter"]


@pytest.mark.parametrize(("text", "share"), [
    ("Nine out of ten experts agreed.", Fraction(9, 10)), ("Three out of four voters said no.", Fraction(3, 4)),
    ("About two in three adults", Fraction(2, 3)), ("one out of five", Fraction(1, 5)),
])
def test_a_share_in_words_is_one_fraction(text: str, share: Fraction) -> None:
    (m,) = extract_mentions(analyse(text))
    assert m.number.nominal == share


@pytest.mark.parametrize(("text", "values"), [
    ("91% (2,788 out of 3,064)", [Fraction(91), Fraction(2788), Fraction(3064)]),   # the parts of a relation
    ("She scored ten out of ten.", [Fraction(10), Fraction(10)]),                  # not a share below one
    ("a one in a million chance", []),                                           # an idiom
])
def test_digits_and_whole_marks_stay_values_of_their_own(text: str, values: list[Fraction]) -> None:
    assert [m.number.nominal for m in extract_mentions(analyse(text))] == values


@pytest.mark.parametrize(("text", "unit"), [
    ("He turned 18.", "year"), ("She turns 40, and moved.", "year"), ("The firm turned 50 last year.", "year"),
    ("He turned 3 pages.", ""), ("It turned 90 degrees.", "degree"), ("sales turned 200 units", ""),
])
def test_turned_before_a_number_that_ends_the_clause_is_an_age(text: str, unit: str) -> None:
    (m,) = extract_mentions(analyse(text))
    assert m.unit.canonical == unit
