"""parse_printed: printed numbers become the exact interval of values that print that way."""

from __future__ import annotations

import os
import subprocess
import sys
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import iv

from claimaudit.errors import NumberSyntaxError
from claimaudit.numbers.interval import Interval
from claimaudit.numbers.printed import PrintedNumber, parse_printed

# --------------------------------------------------------------------------------------------
# Real published cases from the corpus
# --------------------------------------------------------------------------------------------

CORPUS = [
    # text, kwargs, interval, unit, kind, relation, nominal
    ("557.6万美元", {}, iv(5575500, 5576500), "USD", "number", "=", 5576000),
    ("2,788K GPU-hours", {}, iv(2787500, 2788500), "GPU-hours", "number", "=", 2788000),
    ("$5.576M", {}, iv(5575500, 5576500), "USD", "number", "=", 5576000),
    ("$0.01M", {}, iv(5000, 15000), "USD", "number", "=", 10000),
    ("56.9×", {}, iv("56.85", "56.95"), "", "ratio", "=", F("56.9")),
    ("91%", {}, iv("90.5", "91.5"), "percent", "percent", "=", 91),
    ("over 20 PiB", {}, iv(20), "PiB", "number", ">", 20),
    ("超过 20 PiB", {}, iv(20), "PiB", "number", ">", 20),
    ("1.12 KiB", {}, iv("1.115", "1.125"), "KiB", "number", "=", F("1.12")),
    ("64 KiB", {}, iv(64), "KiB", "number", "=", 64),
    ("14.8T tokens", {}, iv("14.75e12", "14.85e12"), "tokens", "number", "=", 14_800_000_000_000),
    ("128K", {"kilo": 1024}, iv(130560, 131584), "", "number", "=", 131072),
    ("943.7B tokens", {}, iv("943.65e9", "943.75e9"), "tokens", "number", "=", 943_700_000_000),
    ("1/64", {}, iv(F(1, 64)), "", "ratio", "=", F(1, 64)),
    ("约 40%", {}, iv("39.5", "40.5"), "percent", "percent", "~", 40),
    ("~140×", {}, iv("139.5", "140.5"), "", "ratio", "~", 140),
    ("545%", {}, iv("544.5", "545.5"), "percent", "percent", "=", 545),
    ("76.14%", {}, iv("76.135", "76.145"), "percent", "percent", "=", F("76.14")),
    ("54.2 天", {}, iv("54.15", "54.25"), "天", "number", "=", F("54.2")),
    ("不到两个月", {}, iv(2), "月", "number", "<", 2),
    ("12,970", {}, iv(12970), "", "number", "=", 12970),
    ("42.57%", {}, iv("42.565", "42.575"), "percent", "percent", "=", F("42.57")),
    ("1.3833", {}, iv("1.38325", "1.38335"), "", "number", "=", F("1.3833")),
    ("180K GPU-hours", {}, iv(179500, 180500), "GPU-hours", "number", "=", 180000),
]


@pytest.mark.parametrize("text, kwargs, interval, unit, kind, relation, nominal", CORPUS,
                         ids=[c[0] for c in CORPUS])
def test_corpus_cases(text, kwargs, interval, unit, kind, relation, nominal):
    p = parse_printed(text, **kwargs)
    assert isinstance(p, PrintedNumber)
    assert p.text == text
    assert p.interval == interval
    assert p.unit == unit
    assert p.kind == kind
    assert p.relation == relation
    assert p.nominal == nominal
    assert isinstance(p.nominal, F) and isinstance(p.interval.lo, F)
    assert p.exact == interval.is_point


def test_corpus_details():
    p = parse_printed("557.6万美元")
    assert (p.multiplier, p.digits_after_point, p.step) == ("万", 1, 1000)
    p = parse_printed("2,788K GPU-hours")
    assert (p.multiplier, p.uses_kilo, p.step) == ("K", True, 1000)
    p = parse_printed("128K", kilo=1024)
    assert p.uses_kilo and p.step == 1024
    assert parse_printed("128K").nominal == 128000
    p = parse_printed("不到两个月")
    assert (p.qualifier, p.exact, p.step) == ("不到", True, 0)
    assert parse_printed("over 20 PiB").qualifier == "over"
    assert parse_printed("1/64").exact


# --------------------------------------------------------------------------------------------
# Rounding policy, step, digits after the point
# --------------------------------------------------------------------------------------------

ROUNDING = [
    # text, rounding, interval, step, digits_after_point
    ("1.38", "auto", iv("1.375", "1.385"), F("0.01"), 2),
    ("56.9", "auto", iv("56.85", "56.95"), F("0.1"), 1),
    ("15.70", "auto", iv("15.695", "15.705"), F("0.01"), 2),
    ("15.7", "auto", iv("15.65", "15.75"), F("0.1"), 1),
    ("15.700", "auto", iv("15.6995", "15.7005"), F("0.001"), 3),
    ("2,664K", "auto", iv(2663500, 2664500), 1000, 0),
    ("557.6万", "auto", iv(5575500, 5576500), 1000, 1),
    ("14.8T", "auto", iv("14.75e12", "14.85e12"), 10**11, 1),
    ("91%", "auto", iv("90.5", "91.5"), 1, 0),
    ("545%", "auto", iv("544.5", "545.5"), 1, 0),
    ("20×", "auto", iv("19.5", "20.5"), 1, 0),
    ("5‰", "auto", iv("4.5", "5.5"), 1, 0),
    ("3 pp", "auto", iv("2.5", "3.5"), 1, 0),
    ("2048", "auto", iv(2048), 0, 0),
    ("64 KiB", "auto", iv(64), 0, 0),
    ("20 PiB", "auto", iv(20), 0, 0),
    ("$2", "auto", iv(2), 0, 0),
    ("1/64", "auto", iv(F(1, 64)), 0, 0),
    ("½", "auto", iv(F(1, 2)), 0, 0),
    ("1.2e9", "auto", iv("1.15e9", "1.25e9"), 10**8, 1),
    ("1e9", "auto", iv("0.5e9", "1.5e9"), 10**9, 0),
    ("10^9", "auto", iv(10**9), 0, 0),
    # "exact": nothing rounded
    ("1.38", "exact", iv("1.38"), 0, 2),
    ("91%", "exact", iv(91), 0, 0),
    ("2,664K", "exact", iv(2664000), 0, 0),
    ("1.2e9", "exact", iv(1200000000), 0, 1),
    # "digits": integers too
    ("2048", "digits", iv("2047.5", "2048.5"), 1, 0),
    ("64 KiB", "digits", iv("63.5", "64.5"), 1, 0),
    ("1.38", "digits", iv("1.375", "1.385"), F("0.01"), 2),
    ("1/64", "digits", iv(F(1, 64)), 0, 0),
    ("10^9", "digits", iv(10**9), 0, 0),
]


@pytest.mark.parametrize("text, rounding, interval, step, dap", ROUNDING,
                         ids=[f"{r[0]}-{r[1]}" for r in ROUNDING])
def test_rounding(text, rounding, interval, step, dap):
    p = parse_printed(text, rounding=rounding)
    assert p.interval == interval
    assert p.step == step
    assert p.digits_after_point == dap
    assert p.exact == (step == 0)


def test_bounds_are_closed_at_ties():
    p = parse_printed("1.38")
    assert F("1.375") in p.interval and F("1.385") in p.interval
    assert F("1.3749999") not in p.interval


def test_trailing_zero_claims_more_precision():
    assert parse_printed("15.70").interval.width < parse_printed("15.7").interval.width
    assert F("15.71") in parse_printed("15.7").interval
    assert F("15.71") not in parse_printed("15.70").interval


# --------------------------------------------------------------------------------------------
# Digits, separators, signs
# --------------------------------------------------------------------------------------------

DIGITS = [
    ("２，７８８", 2788),
    ("２７８８．５", F("2788.5")),
    ("2,788", 2788),
    ("2 788", 2788),
    ("2\u2009788", 2788),           # thin space
    ("2\u202f788", 2788),           # narrow no-break space
    ("2\u00a0788", 2788),           # no-break space
    ("2_788", 2788),
    ("1,234,567", 1234567),
    ("1 234 567.5", F("1234567.5")),
    ("1,000.5", F("1000.5")),
    (".5", F("0.5")),
    ("1.000", 1),                   # a decimal, not European grouping
    ("-1.38", F("-1.38")),
    ("−1.38", F("-1.38")),          # U+2212
    ("+5", 5),
    ("-0", 0),
    ("٣٤", 34),                     # other scripts' decimal digits
]


@pytest.mark.parametrize("text, nominal", DIGITS, ids=[d[0] for d in DIGITS])
def test_digits(text, nominal):
    assert parse_printed(text).nominal == nominal


def test_negative_interval_is_mirrored():
    assert parse_printed("-1.38").interval == iv("-1.385", "-1.375")
    assert parse_printed("−2,664K").interval == iv(-2664500, -2663500)
    assert parse_printed("-5%").interval == iv("-5.5", "-4.5")


@pytest.mark.parametrize("text", ["$-5M", "-$5M", "−$5M"])
def test_sign_around_currency(text):
    p = parse_printed(text)
    assert p.nominal == -5_000_000 and p.unit == "USD"


# --------------------------------------------------------------------------------------------
# Scientific notation
# --------------------------------------------------------------------------------------------

SCIENTIFIC = [
    ("1.2e9", 1_200_000_000, 10**8),
    ("1.2E9", 1_200_000_000, 10**8),
    ("1.2e+9", 1_200_000_000, 10**8),
    ("1.2E-3", F("0.0012"), F("0.0001")),
    ("1.2×10^9", 1_200_000_000, 10**8),
    ("1.2×10⁹", 1_200_000_000, 10**8),
    ("1.2 x 10^9", 1_200_000_000, 10**8),
    ("1.2 × 10^-3", F("0.0012"), F("0.0001")),
    ("1.2×10⁻³", F("0.0012"), F("0.0001")),
    ("3.0*10^2", 300, 10),
    ("6.02e23", F("6.02e23"), F("1e21")),
]


@pytest.mark.parametrize("text, nominal, step", SCIENTIFIC, ids=[s[0] for s in SCIENTIFIC])
def test_scientific(text, nominal, step):
    p = parse_printed(text)
    assert p.nominal == nominal
    assert p.step == step
    assert p.interval == Interval(F(nominal) - F(step) / 2, F(nominal) + F(step) / 2)


def test_scientific_with_unit():
    p = parse_printed("1.2×10^9 tokens")
    assert p.unit == "tokens" and p.nominal == 1_200_000_000


def test_bare_power_of_ten_is_exact():
    p = parse_printed("10⁹ tokens")
    assert p.interval == iv(10**9) and p.unit == "tokens"


# --------------------------------------------------------------------------------------------
# Multipliers, and letters that belong to the unit
# --------------------------------------------------------------------------------------------

MULTIPLIERS = [
    # text, kwargs, nominal, multiplier, unit, uses_kilo
    ("2,664K", {}, 2_664_000, "K", "", True),
    ("10k", {}, 10_000, "k", "", True),
    ("128K tokens", {}, 128_000, "K", "tokens", True),
    ("128K tokens", {"kilo": 1024}, 131_072, "K", "tokens", True),
    ("128Ki tokens", {}, 131_072, "Ki", "tokens", False),
    ("1Mi", {}, 1024**2, "Mi", "", False),
    ("2Gi", {}, 2 * 1024**3, "Gi", "", False),
    ("1Ti", {}, 1024**4, "Ti", "", False),
    ("$5.576M", {}, 5_576_000, "M", "USD", False),
    ("671B parameters", {}, 671_000_000_000, "B", "parameters", False),
    ("14.8T tokens", {}, 14_800_000_000_000, "T", "tokens", False),
    ("1.5bn", {}, 1_500_000_000, "bn", "", False),
    ("1.5 bn", {}, 1_500_000_000, "bn", "", False),
    ("3 thousand", {}, 3000, "thousand", "", False),
    ("1.2 million", {}, 1_200_000, "million", "", False),
    ("1.2 Million users", {}, 1_200_000, "Million", "users", False),
    ("2 billion", {}, 2_000_000_000, "billion", "", False),
    ("1 TRILLION", {}, 10**12, "TRILLION", "", False),
    ("557.6万", {}, 5_576_000, "万", "", False),
    ("557.6 万", {}, 5_576_000, "万", "", False),
    ("2.5亿", {}, 250_000_000, "亿", "", False),
    ("14.8万亿", {}, 14_800_000_000_000, "万亿", "", False),
    ("4万亿", {}, 4 * 10**12, "万亿", "", False),
    ("1.2千万", {}, 12_000_000, "千万", "", False),
    ("5百万", {}, 5_000_000, "百万", "", False),
    ("3千", {}, 3000, "千", "", False),
    ("5万千瓦", {}, 50_000, "万", "千瓦", False),   # 千瓦 is kW, a unit
    ("5M美元", {}, 5_000_000, "M", "USD", False),
    ("5K+", {}, 5000, "K", "", True),
]


@pytest.mark.parametrize("text, kwargs, nominal, multiplier, unit, uses_kilo", MULTIPLIERS,
                         ids=[f"{m[0]}-{m[1]}" for m in MULTIPLIERS])
def test_multipliers(text, kwargs, nominal, multiplier, unit, uses_kilo):
    p = parse_printed(text, **kwargs)
    assert p.nominal == nominal
    assert p.multiplier == multiplier
    assert p.unit == unit
    assert p.uses_kilo == uses_kilo
    assert not p.exact          # multiplied numbers are rounded at their scale


UNIT_LETTERS = [
    # a multiplier letter followed by more letters, or separated by a space, is the unit
    ("64 KiB", 64, "KiB"),
    ("64KiB", 64, "KiB"),
    ("20 PB", 20, "PB"),
    ("20PB", 20, "PB"),
    ("15.36 TB", F("15.36"), "TB"),
    ("15.36TB", F("15.36"), "TB"),
    ("1.12 KiB", F("1.12"), "KiB"),
    ("229 KB", 229, "KB"),
    ("229KB", 229, "KB"),
    ("6.6 TiB/s", F("6.6"), "TiB/s"),
    ("6.6TiB/s", F("6.6"), "TiB/s"),
    ("100 Gbps", 100, "Gbps"),
    ("500 MB/s", 500, "MB/s"),
    ("500MB/s", 500, "MB/s"),
    ("5 B", 5, "B"),                 # ambiguous: five bytes for the units module, not 5 billion
    ("1.2 M", F("1.2"), "M"),
    ("5kg", 5, "kg"),
    ("5 km", 5, "km"),
    ("5千瓦", 5, "千瓦"),
    ("5千米", 5, "千米"),
    ("2.5Mt", F("2.5"), "Mt"),
]


@pytest.mark.parametrize("text, nominal, unit", UNIT_LETTERS, ids=[u[0] for u in UNIT_LETTERS])
def test_letters_that_belong_to_the_unit(text, nominal, unit):
    p = parse_printed(text)
    assert p.nominal == nominal
    assert p.unit == unit
    assert p.multiplier == ""
    assert not p.uses_kilo


# --------------------------------------------------------------------------------------------
# Percent, permille, points, ratios, fractions
# --------------------------------------------------------------------------------------------

KINDS = [
    # text, kind, unit, nominal
    ("91%", "percent", "percent", 91),
    ("91 %", "percent", "percent", 91),
    ("91％", "percent", "percent", 91),
    ("５％", "percent", "percent", 5),
    ("91 percent", "percent", "percent", 91),
    ("91 per cent", "percent", "percent", 91),
    ("百分之四十", "percent", "percent", 40),
    ("5‰", "permille", "permille", 5),
    ("千分之五", "permille", "permille", 5),
    ("5pp", "points", "percentage_point", 5),
    ("5 pp", "points", "percentage_point", 5),
    ("5 p.p.", "points", "percentage_point", 5),
    ("3 percentage points", "points", "percentage_point", 3),
    ("1 percentage point", "points", "percentage_point", 1),
    ("5个百分点", "points", "percentage_point", 5),
    ("5百分点", "points", "percentage_point", 5),
    ("56.9×", "ratio", "", F("56.9")),
    ("56.9 ×", "ratio", "", F("56.9")),
    ("56.9x", "ratio", "", F("56.9")),
    ("56.9X", "ratio", "", F("56.9")),
    ("56.9倍", "ratio", "", F("56.9")),
    ("5 times", "ratio", "", 5),
    ("~140×", "ratio", "", 140),
    ("1/64", "ratio", "", F(1, 64)),
    ("3/4", "ratio", "", F(3, 4)),
    ("½", "ratio", "", F(1, 2)),
    ("¼", "ratio", "", F(1, 4)),
    ("¾", "ratio", "", F(3, 4)),
    ("⅓", "ratio", "", F(1, 3)),
    ("⅔", "ratio", "", F(2, 3)),
    ("⅛", "ratio", "", F(1, 8)),
    ("1½", "ratio", "", F(3, 2)),
    ("三分之一", "ratio", "", F(1, 3)),
    ("1/64 inch", "number", "inch", F(1, 64)),      # a unit follows: not a ratio
    ("½ cup", "number", "cup", F(1, 2)),
    ("5 ppm", "number", "ppm", 5),                   # not "pp"
]


@pytest.mark.parametrize("text, kind, unit, nominal", KINDS, ids=[k[0] for k in KINDS])
def test_kinds(text, kind, unit, nominal):
    p = parse_printed(text)
    assert (p.kind, p.unit, p.nominal) == (kind, unit, nominal)


def test_points_are_not_percent():
    assert parse_printed("5 pp").unit != parse_printed("5%").unit


def test_fractions_are_exact():
    for text in ("1/64", "½", "1½", "三分之一", "1/64 inch"):
        assert parse_printed(text, rounding="digits").exact, text


def test_words_after_a_fixed_unit_go_to_trailing():
    p = parse_printed("91% accuracy")
    assert (p.unit, p.trailing) == ("percent", "accuracy")
    p = parse_printed("3x faster")
    assert (p.kind, p.unit, p.trailing) == ("ratio", "", "faster")
    p = parse_printed("$5M total")
    assert (p.unit, p.trailing) == ("USD", "total")


# --------------------------------------------------------------------------------------------
# Ranges
# --------------------------------------------------------------------------------------------

RANGES = [
    # text, interval, unit, kind, ends
    ("5-35%", iv("4.5", "35.5"), "percent", "percent", (5, 35)),
    ("5–35%", iv("4.5", "35.5"), "percent", "percent", (5, 35)),
    ("5—35%", iv("4.5", "35.5"), "percent", "percent", (5, 35)),
    ("5~35%", iv("4.5", "35.5"), "percent", "percent", (5, 35)),
    ("5～35%", iv("4.5", "35.5"), "percent", "percent", (5, 35)),
    ("5 to 35%", iv("4.5", "35.5"), "percent", "percent", (5, 35)),
    ("5 - 35 %", iv("4.5", "35.5"), "percent", "percent", (5, 35)),
    ("5%-35%", iv("4.5", "35.5"), "percent", "percent", (5, 35)),
    ("from 5 to 35 %", iv("4.5", "35.5"), "percent", "percent", (5, 35)),
    ("between 5 and 35%", iv("4.5", "35.5"), "percent", "percent", (5, 35)),
    ("3至5", iv(3, 5), "", "number", (3, 5)),
    ("3到5", iv(3, 5), "", "number", (3, 5)),
    ("3至5个月", iv(3, 5), "月", "number", (3, 5)),
    ("三到五天", iv(3, 5), "天", "number", (3, 5)),
    ("1.2-1.5M", iv(1_150_000, 1_550_000), "", "number", (1_200_000, 1_500_000)),
    ("$5-10M", iv(4_500_000, 10_500_000), "USD", "number", (5_000_000, 10_000_000)),
    ("$5M to $10M", iv(4_500_000, 10_500_000), "USD", "number", (5_000_000, 10_000_000)),
    ("3~5万元", iv(25_000, 55_000), "CNY", "number", (30_000, 50_000)),
    ("5 to 35 GPU-hours", iv(5, 35), "GPU-hours", "number", (5, 35)),
    ("-5 to 5", iv(-5, 5), "", "number", (-5, 5)),
    ("-5--3", iv(-5, -3), "", "number", (-5, -3)),
    ("1.5-2.25", iv("1.45", "2.255"), "", "number", (F("1.5"), F("2.25"))),
]


@pytest.mark.parametrize("text, interval, unit, kind, ends", RANGES, ids=[r[0] for r in RANGES])
def test_ranges(text, interval, unit, kind, ends):
    p = parse_printed(text)
    assert p.is_range
    assert p.interval == interval
    assert (p.unit, p.kind) == (unit, kind)
    assert p.ends == ends
    assert p.nominal == (F(ends[0]) + F(ends[1])) / 2
    assert not p.exact


def test_range_details():
    p = parse_printed("1.2-1.5M")
    assert p.multiplier == "M" and p.step == 100_000 and p.digits_after_point == 1
    p = parse_printed("1.5-2.25")
    assert p.step == F("0.1") and p.digits_after_point == 2
    assert parse_printed("3至5", rounding="exact").interval == iv(3, 5)


@pytest.mark.parametrize("text, nominal, unit", [
    ("-5", -5, ""),
    ("-5%", -5, "percent"),
    ("5-fold", 5, ""),                              # a ratio (issue #12: threefold), not a range
    ("128K-token context", 128_000, "token context"),
])
def test_not_ranges(text, nominal, unit):
    p = parse_printed(text)
    assert not p.is_range and p.ends is None
    assert (p.nominal, p.unit) == (nominal, unit)


# --------------------------------------------------------------------------------------------
# Qualifiers
# --------------------------------------------------------------------------------------------

QUALIFIERS = [
    # "~": approximately
    ("≈ 5", "~", "≈"), ("~5", "~", "~"), ("～5", "~", "～"), ("about 5", "~", "about"),
    ("About 5", "~", "About"), ("approximately 5", "~", "approximately"),
    ("approx. 5", "~", "approx."), ("approx 5", "~", "approx"), ("around 5", "~", "around"),
    ("roughly 5", "~", "roughly"), ("nearly 5", "~", "nearly"), ("almost 5", "~", "almost"),
    ("约5", "~", "约"), ("约 5", "~", "约"), ("近5", "~", "近"), ("大约5", "~", "大约"),
    ("将近5", "~", "将近"), ("5左右", "~", "左右"), ("5上下", "~", "上下"),
    # ">"
    ("> 5", ">", ">"), ("over 5", ">", "over"), ("more than 5", ">", "more than"),
    ("above 5", ">", "above"), ("exceeding 5", ">", "exceeding"), ("超过5", ">", "超过"),
    ("逾5", ">", "逾"), ("多于5", ">", "多于"), ("大于5", ">", "大于"), ("高于5", ">", "高于"),
    ("20多", ">", "多"), ("1000余名", ">", "余"),
    # ">="
    ("≥ 5", ">=", "≥"), (">=5", ">=", ">="), ("at least 5", ">=", "at least"),
    ("no less than 5", ">=", "no less than"), ("不少于5", ">=", "不少于"), ("至少5", ">=", "至少"),
    ("20 PiB以上", ">=", "以上"), ("5 or more", ">=", "or more"), ("100+ languages", ">=", "+"),
    # "<"
    ("< 5", "<", "<"), ("under 5", "<", "under"), ("less than 5", "<", "less than"),
    ("below 5", "<", "below"), ("fewer than 5", "<", "fewer than"), ("不到5", "<", "不到"),
    ("不足5", "<", "不足"), ("少于5", "<", "少于"), ("低于5", "<", "低于"), ("小于5", "<", "小于"),
    # "<="
    ("≤ 5", "<=", "≤"), ("<=5", "<=", "<="), ("up to 5", "<=", "up to"),
    ("at most 5", "<=", "at most"), ("no more than 5", "<=", "no more than"),
    ("5以内", "<=", "以内"), ("5以下", "<=", "以下"), ("最多5", "<=", "最多"),
    ("不超过5", "<=", "不超过"), ("5 or less", "<=", "or less"),
]


@pytest.mark.parametrize("text, relation, qualifier", QUALIFIERS, ids=[q[0] for q in QUALIFIERS])
def test_qualifiers(text, relation, qualifier):
    p = parse_printed(text)
    assert p.relation == relation
    assert p.qualifier == qualifier
    assert p.nominal in (5, 20, 100, 1000)


def test_relations_do_not_change_the_interval():
    assert parse_printed("over 20 PiB").interval == parse_printed("20 PiB").interval
    assert parse_printed("约 40%").interval == parse_printed("40%").interval
    assert parse_printed("不到两个月").interval == iv(2)


def test_qualifier_combinations():
    p = parse_printed("约 40% 左右")
    assert p.relation == "~" and p.qualifier == "约 左右"
    p = parse_printed("about $5.576M")
    assert (p.relation, p.unit, p.nominal) == ("~", "USD", 5_576_000)
    p = parse_printed("两个多月")
    assert (p.relation, p.nominal, p.unit) == (">", 2, "月")
    p = parse_printed("二十多万")
    assert (p.relation, p.nominal, p.multiplier) == (">", 200_000, "万")
    p = parse_printed("~5-10%")
    assert p.relation == "~" and p.is_range
    p = parse_printed("20 PiB 以上")
    assert (p.unit, p.relation) == ("PiB", ">=")
    p = parse_printed("5万元以上")
    assert (p.unit, p.relation, p.nominal) == ("CNY", ">=", 50_000)
    p = parse_printed("54.2 天左右")
    assert (p.unit, p.relation) == ("天", "~")


def test_overall_is_not_over():
    with pytest.raises(NumberSyntaxError):
        parse_printed("overall 5")


# --------------------------------------------------------------------------------------------
# Tolerance
# --------------------------------------------------------------------------------------------

TOLERANCES = [
    # text, interval, tolerance, unit, kind
    ("1.38 ± 0.05", iv("1.33", "1.43"), F("0.05"), "", "number"),
    ("1.38 +/- 0.05", iv("1.33", "1.43"), F("0.05"), "", "number"),
    ("1.38+-0.05", iv("1.33", "1.43"), F("0.05"), "", "number"),
    ("1.38±0.05 s", iv("1.33", "1.43"), F("0.05"), "s", "number"),
    ("100 ± 5%", iv(95, 105), 5, "", "number"),            # relative: 5 percent of 100
    ("200 ± 5% GPU-hours", iv(190, 210), 10, "GPU-hours", "number"),
    ("91% ± 2%", iv(89, 93), 2, "percent", "percent"),      # same unit: absolute
    ("91 ± 2 %", iv("89.18", "92.82"), F("1.82"), "", "number"),  # read like 100 ± 5%
    ("5M ± 0.2", iv(4_800_000, 5_200_000), 200_000, "", "number"),
    ("5M ± 0.2M", iv(4_800_000, 5_200_000), 200_000, "", "number"),
]


@pytest.mark.parametrize("text, interval, tol, unit, kind", TOLERANCES, ids=[t[0] for t in TOLERANCES])
def test_tolerance(text, interval, tol, unit, kind):
    p = parse_printed(text)
    assert p.interval == interval        # not also widened by rounding
    assert p.tolerance == tol
    assert (p.unit, p.kind) == (unit, kind)
    assert not p.exact


def test_tolerance_keeps_nominal_and_step():
    p = parse_printed("1.38 ± 0.05")
    assert p.nominal == F("1.38") and p.step == F("0.01")
    assert parse_printed("1.38 ± 0.05", rounding="exact").interval == iv("1.33", "1.43")


# --------------------------------------------------------------------------------------------
# Currency
# --------------------------------------------------------------------------------------------

CURRENCIES = [
    ("$5", "USD"), ("US$5", "USD"), ("US$ 5", "USD"), ("USD 5", "USD"), ("USD5", "USD"),
    ("5 USD", "USD"), ("¥5", "CNY"), ("￥5", "CNY"), ("RMB 5", "CNY"), ("5元", "CNY"),
    ("5 元", "CNY"), ("5人民币", "CNY"), ("5元人民币", "CNY"), ("5美元", "USD"), ("€5", "EUR"),
    ("5欧元", "EUR"), ("£5", "GBP"), ("GBP 5", "GBP"), ("5 dollars", "USD"), ("HK$5", "HKD"),
    ("＄5", "USD"),
]


@pytest.mark.parametrize("text, unit", CURRENCIES, ids=[c[0] for c in CURRENCIES])
def test_currency(text, unit):
    p = parse_printed(text)
    assert p.unit == unit and p.nominal == 5 and p.kind == "number"


@pytest.mark.parametrize("text, nominal, unit", [
    ("$5.576M", 5_576_000, "USD"),
    ("557.6万美元", 5_576_000, "USD"),
    ("2.5亿元", 250_000_000, "CNY"),
    ("$2 per GPU-hour", 2, "USD / GPU-hour"),
    ("$2/GPU-hour", 2, "USD / GPU-hour"),
    ("$2 / GPU-hour", 2, "USD / GPU-hour"),
    ("2 USD/GPU-hour", 2, "USD / GPU-hour"),
    ("100美元/小时", 100, "USD / 小时"),
    ("$1.5 Per GPU hour", F("1.5"), "USD / GPU hour"),
])
def test_currency_with_scale_and_per(text, nominal, unit):
    p = parse_printed(text)
    assert (p.nominal, p.unit) == (nominal, unit)


# --------------------------------------------------------------------------------------------
# Unit text
# --------------------------------------------------------------------------------------------

UNITS = [
    ("2,788K GPU-hours", "GPU-hours"),
    ("54.2 天", "天"),
    ("不到两个月", "月"),
    ("两个月", "月"),
    ("2048 张 H800", "H800"),
    ("2048张H800", "H800"),
    ("3 台", ""),
    ("5条", ""),
    ("12 名", ""),
    ("  20 PiB  ", "PiB"),
    ("5 tokens/s", "tokens/s"),
    ("5 tokens per second", "tokens / second"),
    ("2,788K H800 GPU hours", "H800 GPU hours"),
    ("8 ＧＰＵｓ", "GPUs"),
    ("3 (H800)", "(H800)"),
    ("10 m²", "m²"),
]


@pytest.mark.parametrize("text, unit", UNITS, ids=[u[0] for u in UNITS])
def test_unit_split(text, unit):
    assert parse_printed(text).unit == unit


# --------------------------------------------------------------------------------------------
# Chinese numerals through parse_printed
# --------------------------------------------------------------------------------------------

CHINESE = [
    # text, nominal, interval (auto), multiplier
    ("两千零四十八", 2048, iv(2048), ""),
    ("一万二千", 12000, iv(12000), ""),
    ("三千五百万", 35_000_000, iv(34_995_000, 35_005_000), "万"),    # read as 3500万
    ("十", 10, iv(10), ""),
    ("十五", 15, iv(15), ""),
    ("二十", 20, iv(20), ""),
    ("一百零五", 105, iv(105), ""),
    ("两亿", 200_000_000, iv(150_000_000, 250_000_000), "亿"),       # read as 2亿
    ("4万亿", 4 * 10**12, iv("3.5e12", "4.5e12"), "万亿"),
    ("四万亿", 4 * 10**12, iv("3.5e12", "4.5e12"), "万亿"),
    ("两", 2, iv(2), ""),
    ("〇", 0, iv(0), ""),
    ("零", 0, iv(0), ""),
    ("三万五", 35_000, iv(34_500, 35_500), "万"),                   # read as 3.5万
    ("零点五", F("0.5"), iv("0.45", "0.55"), ""),
    ("壹仟贰佰叁拾肆", 1234, iv(1234), ""),
    ("负十一", -11, iv(-11), ""),
]


@pytest.mark.parametrize("text, nominal, interval, multiplier", CHINESE, ids=[c[0] for c in CHINESE])
def test_chinese_numerals(text, nominal, interval, multiplier):
    p = parse_printed(text)
    assert p.nominal == nominal
    assert p.interval == interval
    assert p.multiplier == multiplier


def test_chinese_numeral_rounding_policies():
    assert parse_printed("三千五百万", rounding="exact").interval == iv(35_000_000)
    assert parse_printed("两千零四十八", rounding="digits").interval == iv("2047.5", "2048.5")


# --------------------------------------------------------------------------------------------
# Errors, each with its column
# --------------------------------------------------------------------------------------------

ERRORS = [
    # text, column, fragment of the message
    ("", 0, "empty"),
    ("   ", 0, "empty"),
    ("about", 5, "expected a number after 'about'"),
    ("hello", 0, "expected a number"),
    ("12abc%%", 5, "'%'"),
    ("1.000,5", 1, "European"),
    ("1,5", 1, "ambiguous comma"),
    ("1,50", 1, "ambiguous comma"),
    ("1,5000", 1, "ambiguous comma"),
    ("1,000,5", 5, "ambiguous comma"),
    ("1 000,5", 5, "ambiguous comma"),
    ("1.000.000", 1, "two decimal points"),
    ("2048,100", 4, "after 4 digits"),
    ("1 2 3", 2, "second number"),
    ("5 GPU-hours to 10", 15, "second number"),
    ("100万三千", 4, "second number"),
    ("K", 0, "multiplier 'K' has no digits"),
    ("M tokens", 0, "multiplier 'M'"),
    ("万", 0, "multiplier '万'"),
    ("about K", 6, "multiplier 'K'"),
    ("1e999999", 1, "too large"),
    ("1.2×10^999", 3, "too large"),
    ("1e401", 1, "too large"),
    ("5.", 1, "'.'"),
    ("--5", 1, "expected a number"),
    ("1/0", 2, "denominator zero"),
    ("1.5/2", 3, "whole numbers"),
    ("5 to", 4, "expected a number after 'to'"),
    ("5~", 2, "expected a number after '~'"),
    ("from 5", 6, "needs a range"),
    ("超过 20 以下", 6, "conflicting qualifiers"),
    ("5%-35‰", 3, "range ends differ"),
    ("5-35% ± 1", 6, "range cannot also have"),
    ("1.38 ±", 6, "expected a number after '±'"),
    ("$5%", 0, "currency"),
    ("$5 €", 3, "two currencies"),
    ("百十一", 0, "multiplier '百'"),
    ("十一十二", 2, "out of order"),
    ("5, 6", 1, "','"),
    ("1" * 1001, 0, "digits"),
    ("约 １，５", 3, "ambiguous comma"),      # columns count characters of the original text
]


@pytest.mark.parametrize("text, column, fragment", ERRORS, ids=[e[0][:20] or "empty" for e in ERRORS])
def test_errors(text, column, fragment):
    with pytest.raises(NumberSyntaxError) as info:
        parse_printed(text)
    assert info.value.column == column
    assert fragment in info.value.message


def test_error_suggestions():
    with pytest.raises(NumberSyntaxError) as info:
        parse_printed("1,5")
    assert info.value.suggestions == ("1.5",)
    with pytest.raises(NumberSyntaxError) as info:
        parse_printed("1.000,5")
    assert info.value.suggestions == ("1000.5",)


def test_huge_exponent_fails_fast():
    with pytest.raises(NumberSyntaxError):
        parse_printed("1e" + "9" * 5000)
    assert parse_printed("1e400").nominal == 10**400


@pytest.mark.parametrize("kwargs, exc", [
    ({"kilo": 1001}, ValueError),
    ({"rounding": "nearest"}, ValueError),
])
def test_bad_arguments(kwargs, exc):
    with pytest.raises(exc):
        parse_printed("5", **kwargs)


def test_non_string():
    with pytest.raises(TypeError):
        parse_printed(5)  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------------
# Properties
# --------------------------------------------------------------------------------------------

_values = st.decimals(min_value=Decimal("-1e9"), max_value=Decimal("1e9"), allow_nan=False,
                      allow_infinity=False, places=8)


def _printed(value: Decimal, k: int, mode: str = ROUND_HALF_EVEN) -> str:
    return format(value.quantize(Decimal(1).scaleb(-k), rounding=mode), "f")


@settings(max_examples=300, deadline=None)
@given(_values, st.integers(min_value=1, max_value=6), st.sampled_from([ROUND_HALF_EVEN, ROUND_HALF_UP]))
def test_rounded_decimal_contains_original(value, k, mode):
    p = parse_printed(_printed(value, k, mode))
    assert F(value) in p.interval
    assert p.digits_after_point == k
    assert p.step == F(1, 10**k)


@settings(max_examples=200, deadline=None)
@given(_values, st.integers(min_value=0, max_value=6))
def test_digits_policy_covers_integers_too(value, k):
    p = parse_printed(_printed(value, k), rounding="digits")
    assert F(value) in p.interval


@settings(max_examples=200, deadline=None)
@given(_values, st.integers(min_value=0, max_value=4),
       st.sampled_from([("K", 1000), ("M", 10**6), ("B", 10**9), ("万", 10**4), ("亿", 10**8),
                        (" million", 10**6)]))
def test_multiplied_number_contains_original(value, k, mult):
    text, scale = mult
    p = parse_printed(_printed(value, k) + text)
    assert F(value) * scale in p.interval


@settings(max_examples=200, deadline=None)
@given(_values, st.integers(min_value=0, max_value=4))
def test_percent_and_grouped(value, k):
    printed = value.quantize(Decimal(1).scaleb(-k))
    assert F(value) in parse_printed(format(printed, "f") + "%").interval
    assert F(value) in parse_printed(format(printed, ",f") + "%").interval
    assert parse_printed(format(printed, ",f")).nominal == F(printed)


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=30))
def test_never_crashes_on_junk(text):
    try:
        p = parse_printed(text)
    except NumberSyntaxError as exc:
        assert exc.column is not None and 0 <= exc.column <= len(text)
    else:
        assert p.interval.lo <= p.interval.hi


def test_import_stays_light():
    code = ("import sys, claimaudit.numbers.printed, claimaudit.numbers.chinese; "
            "print(','.join(m for m in ('sympy', 'pint', 'mpmath') if m in sys.modules))")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    assert out.stdout.strip() == ""


# --------------------------------------------------------------------------------------------
# Forms added for extraction (issue #7 follow-up)
# --------------------------------------------------------------------------------------------

def test_typeset_exponent_with_a_unicode_minus():
    # quantulum3's test sentence: "faster than light by a factor of 2.48×10−5" (U+2212, no caret).
    p = parse_printed("2.48×10−5")
    assert p.nominal == F(248, 10**7) and p.interval == iv("2.475e-7", "2.485e-7") * 100
    assert parse_printed("2.48×10-5").interval == p.interval
    # A spaced product stays a range reading, never an exponent.
    assert parse_printed("10-5").is_range


def test_cheng_is_tenths_read_as_percent():
    # 004 seed: "算力表现约为对手的八成" (83.0%), "省约四成能耗" (59.5% power).
    p = parse_printed("八成")
    assert p.kind == "percent" and p.unit == "percent" and p.interval == iv(75, 85)
    p = parse_printed("约四成")
    assert p.relation == "~" and p.interval == iv(35, 45)
    assert parse_printed("十成").nominal == 100
    # 成 starting a word is no tenth: 成本 (cost), 一成不变 (unchanging).
    assert parse_printed("三成本").kind == "number"
    assert parse_printed("一成不变").kind == "number"
    # Digits + 成 are tenths too (issue #11: ９成 in news text, 7.2成 with a decimal).
    assert parse_printed("８成").interval == iv(75, 85)
    assert parse_printed("7.2成").interval == iv("71.5", "72.5")
    assert parse_printed("12成").kind == "number"     # more than ten tenths: not a share


def test_zhe_is_a_price_in_tenths_and_per_myriad():
    assert parse_printed("打八折").interval == iv(75, 85)          # a price at 80%
    assert parse_printed("8.5折").interval == iv("84.5", "85.5")
    assert parse_printed("万分之五").interval == iv("0.045", "0.055") and parse_printed("万分之五").unit == "percent"
    assert parse_printed("百分之 五十").nominal == 50


def test_basis_points_are_hundredths_of_a_point():
    p = parse_printed("50 basis points")
    assert p.kind == "points" and p.unit == "percentage_point" and p.nominal == F(1, 2)
    assert parse_printed("50 bps").unit == "bps"      # bits per second to the registry, not basis points


def test_binary_powers_are_exact():
    # 004 seed: "1 PiB = 2⁵⁰ 字节".
    p = parse_printed("2⁵⁰ 字节")
    assert p.nominal == 2**50 and p.interval == iv(2**50) and p.unit == "字节"
    assert parse_printed("2^64").nominal == 2**64
    assert parse_printed("2⁻³").nominal == F(1, 8)
    assert parse_printed("2").nominal == 2          # a plain 2 is untouched
    with pytest.raises(NumberSyntaxError):
        parse_printed("2^1000")                     # the exponent limit of 10^n applies


def test_yiban_is_one_half():
    # 004 seed: "成本约为一半 | 整机含网络 50.4%".
    p = parse_printed("一半")
    assert p.nominal == 50 and p.interval == iv(50) and p.kind == "percent" and p.unit == "percent"
    assert parse_printed("一半以上").relation == ">="
    assert parse_printed("三半").nominal == 3      # only 一半 is a half
