"""Issue #7, strict-score round: coins, count words, annum, tpd, Js, cds and "absolute zero" in prose.

The sentences are quantulum3's test sentences (its gold marks each as one quantity); the negatives
are the readings that would cost precision (an adjective "gross", "a second look", years).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from claimaudit.extract.document import analyse
from claimaudit.extract.mentions import extract_mentions
from claimaudit.units.quantity import Dims


def found(text: str) -> list[tuple[str, Fraction, Fraction, Dims]]:
    """(printed, nominal value, unit factor, unit dims) of every mention."""
    return [(m.printed, m.number.nominal, m.unit.factor, m.unit.dims) for m in extract_mentions(analyse(text))]


USD = Dims.of({"[currency_USD]": 1})
ONE = Dims()


@pytest.mark.parametrize("text, printed, value, factor, dims", [
    ("Oh look, a penny!", "a penny", 1, Fraction(1, 100), USD),
    ("Some currencies have cents, where one hundred cents equal the basic unit",
     "one hundred cents", 100, Fraction(1, 100), USD),
    ("That one costs 3 dimes", "3 dimes", 3, Fraction(1, 10), USD),
    ("I bought a dozen eggs recently", "a dozen", 1, 12, ONE),
    ("A baker's dozen is exactly 13 units", "A baker's dozen", 1, 13, ONE),
    ("whilst a gross is 144 (a square dozen).", "a gross", 1, 144, ONE),
    ("whilst a gross is 144 (a square dozen).", "a square dozen", 1, 144, ONE),
    ("One gigaannum (1Ga) is a unit of time", "One gigaannum", 1, 31557600 * 10**9, Dims.of({"[time]": 1})),
    ("The recycling facility manages roughly 4,500 tpd.", "roughly 4,500 tpd", 4500,
     Fraction(45359237, 4320000), Dims.of({"[mass]": 1, "[time]": -1})),     # short tons/day, in g/s
    ("45 Js l", "45 Js", 45, 1000, Dims.of({"[length]": 2, "[mass]": 1, "[time]": -1})),
    ("I want 1cds in this room!", "1cds", 1, 1, Dims.of({"[luminosity]": 1, "[time]": 1})),
    ("matter (solid) at absolute zero is in its ground state", "absolute zero", 0, 1, Dims.of({"[temperature]": 1})),
])
def test_quantulum_sentences_read_with_their_unit(text, printed, value, factor, dims):
    got = found(text)
    assert (printed, Fraction(value), Fraction(factor), dims) in got, got


def test_article_readings_keep_a_candidate_note():
    m = next(iter(extract_mentions(analyse("Oh look, a penny!"))))
    assert m.candidates == ["'a' read as one penny"]
    assert "US cent" in m.unit.note                    # penny read as USD/100, not the British penny
    zero = extract_mentions(analyse("at absolute zero"))
    assert [(z.value, z.unit.canonical) for z in zero] == [("0 kelvin", "kelvin")]


@pytest.mark.parametrize("text", [
    "That was a gross error.",                         # gross as an adjective before a noun
    "the gross margin fell",
    "Take a second look, with a bit more care.",
    "in a decent mood",                                # no "cent" inside a word
    "the percentage is high",
    "One of them stayed.",
    "He said absolutely nothing; zero-shot",           # "absolute zero" only as the phrase
])
def test_no_false_coin_or_count_mentions(text):
    assert [g for g in found(text) if g[3] != ONE or g[2] != 1] == [], found(text)
    assert not any(g[0].lower().startswith(("a ", "an ", "absolute")) for g in found(text))


def test_years_and_model_numbers_stay_excluded():
    got = [g[0] for g in found("since the passage of Voyager 2 in 1979; Intel Core i7 860 Processor; in 2013")]
    assert "1979" not in got and "860" not in got and "2013" not in got


def test_n_shot_is_no_volume():
    # pint's "shot" is a jigger (about 44 ml); "5-shot" in a model report counts prompt examples
    assert all(g[3] == ONE for g in found("5-shot accuracy, zero-shot and one-shot"))


def test_a_gross_of_and_dozens_with_digits():
    assert ("a gross", Fraction(1), Fraction(144), ONE) in found("a gross of pencils")
    assert ("3 dozen", Fraction(3), Fraction(12), ONE) in found("3 dozen eggs")


def test_lone_l_after_a_space_is_no_litre_but_litres_still_read():
    assert [g[0] for g in found("45 Js l")] == ["45 Js"]
    assert [g[0] for g in found("2 l of water and 5 mg/l")] == ["2 l", "5 mg/l"]
    assert [g[0] for g in found("10 N m of torque")] == ["10 N m"]
