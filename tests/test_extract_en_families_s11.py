"""English quantities of news, finance, recipes and product specs read right (session 11): scale words
printed as adjectives ("a $3-billion deal"), English words the unit registry read as prefixed units
("kilos", "pinches", "pins"), unit words it lacked ("fl oz", "light years", "bpd"), a fraction of one
unit ("half a teaspoon"), mixed numbers with a vulgar fraction ("1 ½ cups"), and the near misses that
must stay as they were. The sentences are invented, in the style of published text."""

from __future__ import annotations

from fractions import Fraction

import pytest

from claimaudit.extract.document import analyse
from claimaudit.extract.mentions import Mention, extract_mentions
from claimaudit.units.registry import resolve_unit
from claimaudit.units.terms import pint_lookup

F = Fraction


def mentions(text: str) -> list[Mention]:
    return extract_mentions(analyse(text))


def the(text: str, printed: str) -> Mention:
    """The one mention whose printed text is ``printed``."""
    found = [m for m in mentions(text) if m.printed == printed]
    assert len(found) == 1, [m.printed for m in mentions(text)]
    return found[0]


def same_unit(m: Mention, unit: str) -> bool:
    want = resolve_unit(unit)
    return (m.unit.factor, m.unit.dims) == (want.factor, want.dims)


# -- a scale word as an adjective: "a $3-billion deal" is three billion dollars, not three -------------

@pytest.mark.parametrize(("text", "printed", "value", "unit"), [
    ("The company signed a $3-billion deal with the government.", "$3-billion", 3 * 10**9, "USD"),
    ("The council approved a £12-million upgrade to the station.", "£12-million", 12 * 10**6, "GBP"),
    ("It was a $1.2-trillion spending package.", "$1.2-trillion", F(12, 10) * 10**12, "USD"),
    ("The player signed a $40-million, four-year contract.", "$40-million", 40 * 10**6, "USD"),
    ("They won a 40-million-dollar contract.", "40-million-dollar", 40 * 10**6, "USD"),
    ("A 5-billion-parameter model was released.", "5-billion-parameter", 5 * 10**9, "parameter"),
    ("The $2-billion to $3-billion range was cited.", "$2-billion to $3-billion", None, "USD"),
])
def test_hyphenated_scale_word(text, printed, value, unit):
    m = the(text, printed)
    assert same_unit(m, unit)
    if value is None:
        assert m.number.is_range and m.number.interval.lo < 2 * 10**9 < 3 * 10**9 < m.number.interval.hi
    else:
        assert m.number.nominal == value


@pytest.mark.parametrize(("text", "printed", "value"), [
    ("The 3-million-strong diaspora voted.", "3-million", 3 * 10**6),
    ("The company signed a $3 billion deal.", "$3 billion", 3 * 10**9),     # the spaced form, as before
])
def test_hyphenated_scale_near_misses(text, printed, value):
    assert the(text, printed).number.nominal == value


def test_covid_19_is_no_scaled_amount():
    assert not any(m.number.nominal == 19 * 10**6 for m in mentions("Covid-19 million doses were shipped."))


# -- English words the registry took for prefixed units -------------------------------------------------

@pytest.mark.parametrize("word", ["pinch", "pinches", "pins", "kilos", "gigas", "millis"])
def test_mixed_prefix_forms_are_no_units(word):
    assert pint_lookup(word) is None


@pytest.mark.parametrize(("word", "unit"), [
    ("kWh", ("kilo", "watt_hour")), ("mAh", ("milli", "ampere_hour")), ("mbar", ("milli", "bar")),
    ("kcal", ("kilo", "calorie")), ("Mpixel", ("mega", "pixel")), ("kilometres", ("kilo", "meter")),
    ("nsec", ("nano", "second")), ("ks", ("kilo", "second")), ("megatons", ("mega", "ton")),
    ("mL", ("milli", "liter")), ("GHz", ("giga", "hertz")), ("mmol", ("milli", "mole")),
])
def test_prefixed_units_in_one_form_still_read(word, unit):
    assert pint_lookup(word) == unit


def test_kilobyte_spelt_with_a_symbol_prefix_still_reads():
    assert resolve_unit("kbyte").canonical == "kilobyte"


@pytest.mark.parametrize(("text", "printed", "unit"), [
    ("Police seized 50 kilos of cocaine at the port.", "50 kilos", "kg"),
    ("The package weighed 3 kilos.", "3 kilos", "kg"),
    ("The cup holds 8 fluid ounces.", "8 fluid ounces", "floz"),
    ("Each can holds 12 fl oz of soda.", "12 fl oz", "floz"),
    ("The star is 100 light years away.", "100 light years", "light_year"),
    ("Proxima Centauri is 4.2 light-years away.", "4.2 light-years", "light_year"),
    ("The field pumps 200,000 bpd.", "200,000 bpd", "oil_barrel/day"),
    ("The bus tops out at 80 kmph.", "80 kmph", "km/h"),
])
def test_english_unit_words(text, printed, unit):
    assert same_unit(the(text, printed), unit)


@pytest.mark.parametrize("text", ["Add 2 pinches of salt.", "Fasten the hem with 4 pins."])
def test_count_nouns_that_looked_like_prefixed_inches(text):
    assert all(not m.unit.dims.items for m in mentions(text))


def test_kilo_capitalised_is_no_kilogram():
    assert all(not same_unit(m, "kg") for m in mentions("The 2 Kilos brothers opened a shop."))


# -- a square or cubic measure as an adjective ----------------------------------------------------------

@pytest.mark.parametrize(("text", "printed", "unit"), [
    ("The 2,000-square-foot home is on the market.", "2,000-square-foot", "ft^2"),
    ("A 50-square-mile area was flooded.", "50-square-mile", "mi^2"),
    ("They installed a 10-cubic-metre tank.", "10-cubic-metre", "m^3"),
])
def test_square_measure_adjective(text, printed, unit):
    assert same_unit(the(text, printed), unit)


# -- a fraction of one unit ------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "printed", "value", "unit"), [
    ("Add half a teaspoon of salt.", "half a teaspoon", F(1, 2), "teaspoon"),
    ("Walk half a mile to the station.", "half a mile", F(1, 2), "mile"),
    ("The meeting lasted half an hour.", "half an hour", F(1, 2), "hour"),
    ("Add a quarter of a cup of sugar.", "a quarter of a cup", F(1, 4), "cup"),
    ("Add three quarters of a cup of milk.", "three quarters of a cup", F(3, 4), "cup"),
    ("He ran a third of a mile.", "a third of a mile", F(1, 3), "mile"),
    ("Sea levels rose half a foot.", "half a foot", F(1, 2), "foot"),
])
def test_fraction_of_a_unit(text, printed, value, unit):
    m = the(text, printed)
    assert m.number.nominal == value and same_unit(m, unit)


@pytest.mark.parametrize(("text", "printed", "value"), [
    ("The plant lost a quarter of its value.", "a quarter", F(1, 4)),      # no unit after it
    ("The deal is worth half a million dollars.", "half a million dollars", 500_000),
    ("The rate was cut by half a percentage point.", "half a percentage point", F(1, 2)),
    ("They sold half a dozen eggs.", "half a dozen", F(1, 2)),
])
def test_fraction_near_misses(text, printed, value):
    assert the(text, printed).number.nominal == value


def test_half_a_step_is_an_idiom():
    assert mentions("He was always half a step behind.") == []


def test_a_teaspoon_alone_is_still_one():
    assert the("Add a teaspoon of salt.", "a teaspoon").number.nominal == 1


# -- mixed numbers with a vulgar fraction ---------------------------------------------------------------

@pytest.mark.parametrize(("text", "printed", "value", "unit"), [
    ("Add 1½ cups of flour.", "1½ cups", F(3, 2), "cup"),
    ("Add 1 ½ cups of flour.", "1 ½ cups", F(3, 2), "cup"),
    ("Use 2 ¾ cups of stock.", "2 ¾ cups", F(11, 4), "cup"),
    ("The board is 1 ¼ inches thick.", "1 ¼ inches", F(5, 4), "inch"),
    ("The 2½-year project ended.", "2½-year", F(5, 2), "year"),
])
def test_mixed_vulgar_fraction(text, printed, value, unit):
    m = the(text, printed)
    assert m.number.nominal == value and same_unit(m, unit)


def test_vulgar_fraction_after_a_decimal_is_no_mixed_number():
    assert [m.number.nominal for m in mentions("The gauge read 2.5 ½.")] == [F(5, 2), F(1, 2)]
