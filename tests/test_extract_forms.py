"""Extraction forms added after measuring against quantulum3's sentences and the seeds' gold.

English unit spellings the registry's strict grammar refuses, temperature readings, ranges whose
ends both carry the unit, tolerances, 成 as tenths, bare 万/百万 with a unit, GPU model names, and
the per-word of "每 token 229 KB" — each with the false positives it must not create.
"""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction

import pytest
from support import DEMO_TEXTS, REPO
from support import mentions as found

from claimaudit.extract.document import analyse
from claimaudit.extract.mentions import extract_mentions

# -- English unit spellings (quantulum3's test sentences) ------------------------------------------

@pytest.mark.parametrize("text, printed, unit", [
    ("4 cubic kilometers", "4 cubic kilometers", "kilometer ** 3"),
    ("4 km cubed", "4 km cubed", "kilometer ** 3"),
    ("4 square kilometers", "4 square kilometers", "kilometer ** 2"),
    ("4 km squared", "4 km squared", "kilometer ** 2"),
    ("an area of 301,338 km2 (116,347 sq mi).", "301,338 km2", "kilometer ** 2"),
    ("Violet light oscillates at 4e14 s-1", "4e14 s-1", "1 / second"),
    ("took 4 years to reach 1 fb−1 in 2005", "1 fb−1", "1 / femtobarn"),   # luminosity, not femtobits
    ("the 27-kilometer ring", "27-kilometer", "kilometer"),
    ("for a two-year maintenance period", "two-year", "year"),
    ("an 8-bit format", "8-bit", "bit"),
    ("it's used four times per week", "four times per week", "1 / week"),
    ("The revenue is -15€.", "-15€", "EUR"),
    ("The length of my pencil is 2 in.", "2 in", "inch"),
    ("The door is 2 1/2 in thick", "2 1/2 in", "inch"),
])
def test_english_unit_spellings(text, printed, unit):
    got = found(text)
    assert (printed, unit) in [(g[0], g[2]) for g in got], got


def test_english_spellings_add_no_false_units():
    assert found("since the passage of Voyager 2 in 1979") == [("2", 2, "")]   # "in" is no inch here
    assert found("with 6.0-sigma significance") == [("6.0", 6, "")]          # not Stefan-Boltzmann's constant
    assert found("exactly 13 units") == [("13", 13, "")]
    assert found("There are 3 in the box") == [("3", 3, "")]


def test_temperature_readings():
    got = found("temperatures near 32 degrees Celsius and close to 114 degrees Fahrenheit; 20℃ inside")
    assert [(g[1], g[2]) for g in got] == [(32, "Celsius_reading"), (114, "Fahrenheit_reading"),
                                          (20, "Celsius_reading")]
    assert found("turn 90 degrees")[0][2] == "degree"        # an angle stays an angle
    assert found("a 5 F capacitor")[0][2] == "farad"         # a bare F is no temperature


# -- ranges and tolerances -------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "They were given between 44 and 50 mg ethanol.",
    "They were given between 44 mg and 50 mg ethanol.",
    "They were given 44 mg to 50 mg ethanol.",
])
def test_ranges_with_the_unit_on_one_or_both_ends(text):
    (m,) = extract_mentions(analyse(text))
    assert m.number.is_range and (m.number.interval.lo, m.number.interval.hi) == (44, 50)
    assert m.unit.canonical == "milligram"


def test_from_to_is_a_change_unless_the_verb_says_range():
    # "reduced from 44 mg to 50 mg" is two values (relations.py drafts the change between them).
    assert len(extract_mentions(analyse("Treatment was reduced from 44 mg to 50 mg ethanol."))) == 2
    assert len(extract_mentions(analyse("It fell from 64 s to 16 s."))) == 2
    (m,) = extract_mentions(analyse("temperatures ranged from -18 °C to -34 °C"))
    assert m.number.is_range and (m.number.interval.lo, m.number.interval.hi) == (-34, -18)
    (m,) = extract_mentions(analyse("an 8- to 16-meter telescope"))
    assert (m.number.interval.lo, m.number.interval.hi, m.unit.canonical) == (8, 16, "meter")


def test_tolerance_is_one_value():
    (m,) = extract_mentions(analyse("an acceleration of 9.83e-3 +/- 1e-5 km/s2"))
    assert m.number.interval.lo == Fraction("9.82e-3") and m.number.interval.hi == Fraction("9.84e-3")
    assert m.unit.canonical == "kilometer / second ** 2"


# -- Chinese forms ---------------------------------------------------------------------------------

def test_cheng_is_a_percentage_in_running_text():
    got = extract_mentions(analyse("算力表现约为对手的八成；省约四成能耗。"))
    assert [(m.printed, m.unit.canonical, m.number.interval.lo, m.number.interval.hi) for m in got] == [
        ("八成", "percent", 75, 85), ("约四成", "percent", 35, 45)]
    assert got[1].qualifier == "约"
    assert found("降低三成本") == [] and found("一成不变") == []


def test_yiban_is_a_half():
    assert found("| 成本约为一半 | 整机含网络 50.4% |")[0] == ("约为一半", 50, "percent")   # 约为 kept (#11)
    assert found("超过一半的请求")[0][:2] == ("超过一半", 50)
    assert found("一半径") == [] and found("一个") == []


def test_bare_multiplier_needs_a_unit():
    assert found("结论很朴素：万卡集群里最脆弱的环节是连接") == [("万卡", 10000, "GPU")]
    assert found("百万 token 上下文") == [("百万 token", 10**6, "token")]
    assert found("投入千万美元") == [("千万美元", 10**7, "USD")]
    for idiom in ("千万不要这样", "万一失败了", "万分感谢", "万众一心", "亿万富翁", "没有万亿市值"):
        assert found(idiom) == [], idiom
    # A multiplier after digits is still read with them, once.
    assert found("用 557.6 万美元训出") == [("557.6 万美元", 5576000, "USD")]


def test_gpu_model_counts_gpus_with_a_note():
    (m,) = extract_mentions(analyse("fire-Flyer 超算（1 万 PCIe A100）"))
    assert (m.number.nominal, m.unit.canonical) == (10000, "GPU")
    assert any("A100 read as GPU" in c for c in m.candidates)
    (m,) = extract_mentions(analyse("8 H100 GPUs"))
    assert m.unit.canonical == "GPU" and not any("read as GPU" in c for c in m.candidates)


def test_per_word_before_the_number_divides_the_unit():
    (m,) = extract_mentions(analyse("| 跨卡搬运 | 每 token 229 KB（BF16 dispatch+combine） |"))
    assert m.unit.canonical == "kilobyte / token" and any("每 token" in c for c in m.candidates)
    # Only when 每 X stands right before the number.
    assert found("每节点功耗 59.5%") == [("59.5%", Fraction(119, 2), "percent")]


def test_binary_power_with_its_unit():
    got = found("严格按二进制口径（PiB，1 PiB = 2⁵⁰ 字节）核算")
    assert got == [("1 PiB", 1, "pebibyte"), ("2⁵⁰ 字节", 2**50, "byte")]


# -- the seeds ------------------------------------------------------------------------------------



def test_seed_004_cheng_and_gpu_counts():
    text = (DEMO_TEXTS / "004_19076b57cd7d3139.txt").read_text("utf-8")
    ms = extract_mentions(analyse(text))
    by = {m.printed: m for m in ms}
    assert by["八成"].unit.canonical == "percent" and by["约四成"].number.nominal == 40
    assert by["万卡"].unit.canonical == "GPU"
    assert by["2⁵⁰ 字节"].number.nominal == 2**50
    # Years, section numbers and 第十二篇 stay out.
    assert not any(m.printed_number in ("2021", "十二", "七") for m in ms)


def test_gold_worksheets_rebuild_the_gold_files():
    """The committed gold/*.yaml are exactly what gold/build.py makes from the worksheets."""
    gold = REPO / "benchmarks" / "extraction" / "gold"
    before = {p.name: p.read_text("utf-8") for p in gold.glob("*.yaml")}
    out = subprocess.run([sys.executable, str(gold / "build.py"), "--check"], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    assert {p.name: p.read_text("utf-8") for p in gold.glob("*.yaml")} == before
