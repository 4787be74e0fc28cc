"""Conversions a sentence prints beside a value (extract.relations_conversions): "100 km/h (62 mph)",
"它重 5 公斤（11 磅）", "$15 a month, or $180 a year". Sentences written for these tests in the shapes of
news and product notes (not copied from any article)."""

from __future__ import annotations

import pytest
from test_relations_rules import rels, verdicts


def doc(sentence: str) -> str:
    return f"# Notes\n\n{sentence}\n"


@pytest.mark.parametrize("sentence", [
    "The storm brought winds of 100 km/h (62 mph).",
    "He is 6 feet (1.83 m) tall.",
    "The mast is 2 m (6 ft) tall.",           # both whole numbers, both read as rounded
    "The tank holds 50 gallons (189 litres).",
    "它重 5 公斤（11 磅）。",
    "The plan costs $15 a month, or $180 a year.",
    "The trail is 5 miles (about 8 km) long.",
])
def test_a_conversion_beside_its_value(tmp_path, sentence):
    assert len(rels(doc(sentence), "conversion")) == 1
    assert verdicts(tmp_path, doc(sentence), kind="conversion") == ["consistent"]


@pytest.mark.parametrize("sentence", ["It weighs 5 kg (13 lb).", "The trail is 5 miles (9.5 km) long."])
def test_a_wrong_conversion_is_reported(tmp_path, sentence):
    assert verdicts(tmp_path, doc(sentence), kind="conversion") == ["inconsistent"]


@pytest.mark.parametrize("sentence", [
    "It costs £35m ($44m).",                  # an exchange rate is no conversion
    "The loop is 5 km (2 km uphill).",        # the parenthesis says more than a conversion
    "The 7B model (13 GB) runs on one card.",  # two kinds of value
    "The loop is 5 km (2 mi of it uphill).",
])
def test_no_conversion_where_none_is_printed(sentence):
    assert not rels(doc(sentence), "conversion")


@pytest.mark.parametrize("sentence, verdict", [
    ("Temperatures peaked at 46 °C (115 °F) on Tuesday afternoon.", "consistent"),
    ("It was 104°F (40°C) in the shade.", "consistent"),
    ("当天最高气温达 40℃（约 86℉）。", "inconsistent"),
])
def test_a_temperature_in_the_other_scale(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="conversion") == [verdict]


@pytest.mark.parametrize("sentence, verdict", [
    # 1,500,000 km is 932,057 mi: "930,000" rounds to ten thousands, a conversion is approximate by nature
    ("The L2 point is at 1,500,000 kilometres (930,000 mi) from Earth.", "consistent"),
    # 10 kg is 22 lb: 25 lb is off by 13%, beyond the approximate tolerance
    ("The average weight is 10kg (25lbs).", "inconsistent"),
])
def test_a_conversion_is_approximate(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="conversion") == [verdict]


# -- a bound converted: the bound holds for both, so the numbers convert ("up to 40 km (25 miles)") --
@pytest.mark.parametrize("sentence, verdict", [
    ("The drone can fly up to 40 km (25 miles) on one charge.", "consistent"),
    ("The drone can fly up to 40 km (30 miles) on one charge.", "inconsistent"),
    ("The tank holds at least 50 litres (13 gallons) of fuel.", "consistent"),
    ("The car tops out at up to 250 km/h (155 mph).", "consistent"),
    # 时速 makes both a speed: the value in the parenthesis converts the speed
    ("该车型最高时速可达 250 公里（约 155 英里）。", "consistent"),
    ("该车型最高时速可达 250 公里（约 175 英里）。", "inconsistent"),
])
def test_a_bound_and_a_speed_converted(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="conversion") == [verdict]


@pytest.mark.parametrize("sentence", [
    "The drone can fly up to 40 km (25 minutes) on one charge.",   # another kind of value
    "时速 250 公里（约 30 分钟到达）。",
    "The range is 300 to 400 km (190 miles in winter).",           # a range, and more than a conversion
])
def test_no_bound_conversion_where_none_is_printed(sentence):
    assert not rels(doc(sentence), "conversion")


@pytest.mark.parametrize("sentence, verdict", [
    ("水箱容积2.4立方米，即2400升。", "consistent"),
    ("水箱容积2.4立方米，即2600升。", "inconsistent"),
])
def test_a_conversion_after_ji(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="conversion") == [verdict]


@pytest.mark.parametrize("sentence, verdict", [
    ("The race took 2 h 15 min (135 minutes).", "consistent"),
    ("比赛全程用时2小时15分（135分钟）。", "consistent"),
    ("The race took 2 h 15 min (145 minutes).", "inconsistent"),
])
def test_a_duration_in_parts_restated_in_one_unit(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="conversion") == [verdict]


@pytest.mark.parametrize("sentence, printed", [
    ("It took 1 hour 30 minutes.", ["1 hour 30 minutes"]),
    ("It took 1 hour and 30 minutes.", ["1 hour and 30 minutes"]),
    ("The job ran 2 days 4 hours.", ["2 days 4 hours"]),
    # a larger unit after a smaller one, or another kind of value: two values
    ("The runs took 5 minutes 3 hours apart.", ["5 minutes", "3 hours"]),
    ("We spent 3 hours 20 GPUs.", ["3 hours", "20 GPUs"]),
])
def test_an_english_duration_in_parts_is_one_value(sentence, printed):
    from claimaudit.extract.document import analyse
    from claimaudit.extract.mentions import extract_mentions

    assert [m.printed for m in extract_mentions(analyse(doc(sentence), "x.md"))] == printed
