"""Extraction reads every quantity family of issue #11 §2 right, English and Chinese, and leaves
non-quantities alone (precision first)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from claimaudit.extract.document import analyse
from claimaudit.extract.mentions import extract_mentions


def found(text):
    return [(m.printed, m.number.nominal, m.unit.canonical, m.number.relation) for m in extract_mentions(analyse(text))]


@pytest.mark.parametrize("text, printed, nominal, unit", [
    ("The deal was worth £35m last year.", "£35m", 35_000_000, "GBP"),
    ("Revenue hit $4.2b in the quarter.", "$4.2b", 4_200_000_000, "USD"),
    ("It costs HK$5 per ride.", "HK$5", 5, "HKD"),
    ("Fees were USD 200 in all.", "USD 200", 200, "USD"),
    ("Gold rose to $1,271.2 an ounce.", "$1,271.2 an ounce", F("1271.2"), "USD / ounce"),
    ("The car hit 188 miles an hour.", "188 miles an hour", 188, "mile / hour"),
    ("它的租金为每 GPU 小时 2 美元。", "2 美元", 2, "USD / GPU / hour"),
    ("The yield fell .001 per cent.", ".001 per cent", F(1, 1000), "percent"),
    ("A .5 GB file.", ".5 GB", F(1, 2), "gigabyte"),
    ("当她五岁的时候", "五岁", 5, "year"),
    ("现在60岁了", "60岁", 60, "year"),
    ("it is 40 celsius outside", "40 celsius", 40, "Celsius_reading"),
    ("Sales rose threefold.", "threefold", 3, ""),
    ("One in five adults smoke.", "One in five", F(1, 5), ""),
    ("总计二百五十", "二百五十", 250, ""),
    ("温度为负10度", "负10度", -10, "Celsius_reading"),
])
def test_families(text, printed, nominal, unit):
    got = found(text)
    assert any(g[0] == printed and g[1] == nominal and g[2] == unit for g in got), got


def test_35m_devices_is_million_with_a_note():
    m = extract_mentions(analyse("We shipped 35m devices."))[0]
    assert m.number.nominal == 35_000_000 and any("million" in c for c in m.candidates)


def test_35m_sprint_is_metres():
    assert found("The 100m sprint.")[0][2] == "meter"


@pytest.mark.parametrize("text, relation", [
    ("成本不超过5%。", "<="), ("成本超过5%。", ">"), ("The dose was no less than 5 mg.", ">="),
    ("The dose was less than 5 mg.", "<"), ("增长约为3倍。", "~"), ("a maximum of 20 GB", "<="),
    ("no more than 20 GB", "<="), ("高达90%的用户", "<="),
])
def test_qualifiers(text, relation):
    assert found(text)[0][3] == relation


@pytest.mark.parametrize("text", [
    "She was born on May 8, 1945 in Ohio.",
    "她出生于1945年5月8号",
    "When must 13F be filed?",
    "Ford sells more than 800,000 F-Series pickups",
    "He called twice.",
    "The first half of the year.",
    "二十世纪的发展",
])
def test_not_quantities(text):
    got = found(text)
    assert not any(g[2] for g in got) and not any(g[1] in (1945, 13, 2, F(1, 2), 20) for g in got), got


def test_heading_number_is_not_a_quantity_but_a_unit_after_it_is():
    assert found("3.2 Methods\nWe ran it.") == []
    assert found("10.5 celsius")[0][1:3] == (F("10.5"), "Celsius_reading")


@pytest.mark.parametrize("text, nominal", [
    ("twenty fifths", 4), ("three and a fifth", F(16, 5)), ("a fifth of users", F(1, 5)),
    ("one hundred and thirty-two fifths", F(132, 5)),
    ("China's population is 1 414 021 100.", 1_414_021_100),     # thin-space groups before a full stop
])
def test_number_words_and_grouping(text, nominal):
    assert found(text)[0][1] == nominal


def test_ordinal_words_are_no_amounts():
    assert found("on the twenty-fifth day") == []


def test_points_after_a_percentage_or_score_are_percentage_points():
    m = extract_mentions(analyse("Approval rose 3 points to 45%."))[0]
    assert m.unit.canonical == "percentage_point" and any("percentage points" in c for c in m.candidates)
    m = extract_mentions(analyse("Use a 12 point font."))[0]
    assert m.unit.canonical == "point" and m.candidates                 # the other reading is named


@pytest.mark.parametrize("text, note", [("a 40 mb file", "megabyte"), ("5 pc of users", "per cent")])
def test_ambiguous_symbols_are_shown(text, note):
    assert any(note in c for c in extract_mentions(analyse(text))[0].candidates)


@pytest.mark.parametrize("text, unit", [
    ("设置恒温器为85度", "Celsius_reading"), ("正常的温度是华氏温度98.6度", "Fahrenheit_reading"),
    ("每月用电300度。", "kilowatt_hour"), ("旋转90度", ""),            # an angle: left unread, not guessed
])
def test_du_by_its_sentence(text, unit):
    assert found(text)[0][2] == unit
