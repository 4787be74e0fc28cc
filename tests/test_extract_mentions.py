"""Mentions: values, intervals, units, qualifiers and the numbers that are not quantities."""

from __future__ import annotations

from fractions import Fraction

import pytest
from support import DEMO_TEXTS

from claimaudit.extract.document import analyse
from claimaudit.extract.mentions import extract_mentions
from claimaudit.numbers.scan import scan_numbers


def one(text: str, lang: str = "auto"):
    ms = extract_mentions(analyse(text), lang=lang)
    assert len(ms) == 1, [m.printed for m in ms]
    return ms[0]


def printed(text: str, lang: str = "auto") -> list[str]:
    return [m.printed for m in extract_mentions(analyse(text), lang=lang)]


@pytest.mark.parametrize("text, lo, hi, unit, qualifier", [
    ("用 557.6 万美元训出", "5575500", "5576500", "USD", ""),
    ("整个预训练用了 2048 张卡。", "2048", "2048", "GPU", ""),
    ("合计 2,788K H800 卡时", "2787500", "2788500", "GPU * hour", ""),
    ("预训练总时长不到两个月。", "2", "2", "month", "不到"),
    ("压缩比约 56.9×。", "56.85", "56.95", "", "约"),
    ("存储超过 20 PiB。", "20", "20", "pebibyte", "超过"),
    ("准确率提升 3 个百分点。", "2.5", "3.5", "percentage_point", ""),
    ("只要 ２０４８ 张卡", "2048", "2048", "GPU", ""),
    ("We trained on 14.8T tokens.", "14750000000000", "14850000000000", "token", ""),
    ("a model with 671B parameters", "670500000000", "671500000000", "parameter", ""),
    ("It ran on 8 GPUs.", "8", "8", "GPU", ""),
    ("It costs $2 per GPU-hour.", "2", "2", "USD / GPU / hour", ""),
    ("The bill was about $5.576M.", "5575500", "5576500", "USD", "about"),
    ("Bandwidth reached 6.6 TiB/s at peak.", "6.55", "6.65", "tebibyte / second", ""),
    ("I want two meters of cotton.", "2", "2", "meter", ""),
    ("It took 5-35% of the time.", "4.5", "35.5", "percent", ""),
])
def test_value_interval_unit_qualifier(text, lo, hi, unit, qualifier):
    m = one(text)
    assert m.number.interval.lo == Fraction(lo) and m.number.interval.hi == Fraction(hi)
    assert m.unit.canonical == unit
    assert m.qualifier == qualifier


def test_two_thirds_and_million_words():
    m = one("Two-thirds of the budget went to compute.")
    assert m.number.nominal == Fraction(2, 3)
    m = one("They raised three million dollars.")
    assert m.number.nominal == 3_000_000 and m.unit.canonical == "USD"


def test_ranges_and_post_qualifiers():
    m = one("每个单客户端可达 40+ GiB/s")
    assert m.relation == ">=" and m.unit.canonical == "gibibyte / second"
    m = one("故障比其他硬件高十倍以上")
    # 以上 follows the number: the mention carries the relation, the number itself is plain
    assert (m.number.kind, m.relation, m.number.relation) == ("ratio", ">=", "=")
    m = one("They were given 3 to 4 L of water.")
    assert m.number.is_range and m.number.interval.lo == 3 and m.number.interval.hi == 4


def test_shared_unit_of_a_pair():
    ms = extract_mentions(analyse("推理吞吐 73.7K/14.8K tokens/s/节点"))
    assert [m.unit.canonical for m in ms] == ["token / second / node"] * 2
    assert "unit shared" in ms[0].candidates[0]


def test_a_value_with_its_own_qualifier_is_a_phrase_of_its_own():
    """"roughly 2 million, a maximum of 8 GPUs": the 2 million are not GPUs (the second value's
    qualifier starts a phrase of its own); "4, 8 GPUs" and "4 and 8 GPUs" still share."""
    ms = extract_mentions(analyse("Over 1350 users, roughly 2 million, a maximum of 8 GPUs."))
    assert [m.unit.canonical for m in ms] == ["", "", "GPU"]
    ms = extract_mentions(analyse("We ran on 4, 8 and 16 GPUs."))
    assert [m.unit.canonical for m in ms] == ["GPU"] * 3


def test_ambiguous_readings_are_candidates_not_choices():
    m = one("每 token 229 KB 的通信量")
    assert any("KiB" in c for c in m.candidates)
    m = one("The 16B model was small.")
    assert any("bytes" in c for c in m.candidates)
    m = one("把窗口从上下文 128K 扩展")
    assert any("1024" in c for c in m.candidates)
    # A GPU model name where the unit would be is read as GPU, and the note says so.
    m = one("用 2048 张 H800 训练")
    assert m.unit.canonical == "GPU" and any("H800 read as GPU" in c for c in m.candidates)


@pytest.mark.parametrize("text", [
    "9.1 可直接复用的工程原则",            # section number
    "## 1.2 Where the time goes",          # Markdown heading number
    "1. 先算通信账，再定并行策略。",        # list number
    "V3.2 引入了 DSA。",                    # version string
    "受限版 H800 与 A100 与 GB200",         # model names
    "R1（arXiv:2501.12948）展示了",         # arXiv id
    "V2 的 MLA 首秀（2024-05）",            # date
    "Released on 2024-12-26.",              # date
    "DeepSeek 2021 年建的集群",             # year
    "In 2023 the plan changed.",            # year
    "See Table 2 and §5.3 and 附录 B。",    # labels
    "前向 1x128 行分组，PP16 × EP64，3FS",  # shapes, identifiers
    "The meeting starts at 2 pm.",          # time of day
    "第十二篇讲过这一点",                    # ordinal
    "(PP-1)(F+B) 与 (PP/2-1)(F+B-3W)",      # formula pieces
])
def test_false_positives_are_not_extracted(text):
    assert printed(text) == []


def test_scanner_keeps_offsets_of_full_width_digits():
    # "，" between full-width digits before a group of three groups thousands (one number, offsets kept)
    text = "共 ２，０４８ 张卡"
    toks = scan_numbers(text)
    assert [(t.start, t.end, t.text, t.norm) for t in toks] == [(2, 7, "２，０４８", "2,048")]


def test_english_number_words():
    assert [t.norm for t in scan_numbers("a hundred and two of those", chinese=False)] == ["102"]
    assert [t.norm for t in scan_numbers("two and a half miles", chinese=False)] == ["5/2"]
    assert all(t.kind != "words" for t in scan_numbers("ZeRO-1 and R1-Zero", chinese=False))


def test_locations_and_table_cells():
    doc = analyse("# T\n\n| a | b |\n|---|---|\n| x | 5K |\n")
    m = extract_mentions(doc)[0]
    assert (m.line, m.col) == (5, 7)
    assert m.cell == (0, 0, 1)


def test_seed_cost_table_is_read():
    doc = analyse((DEMO_TEXTS / "004_19076b57cd7d3139.txt").read_text("utf-8"))
    ms = extract_mentions(doc)
    values = {m.printed for m in ms}
    assert {"2,664K", "119K", "5K", "2,788K", "$5.576M", "54.2 天", "2048 张卡"} <= values
    assert "超过 20 PiB" in values and "12,970" in values
    # No section numbers, years or model names among them.
    assert not any(p in values for p in ("2021", "800", "2024"))


@pytest.mark.parametrize("text", ["Accuracy rose 3.2 points to 85.1%.", "The Dow fell 300 points."])
def test_points_read_in_context_carry_one_note(text):
    """The context's note replaces the registry's general one on "points" (a reviewer reads one)."""
    m = extract_mentions(analyse(text))[0]
    assert len([c for c in m.candidates if "points" in c]) == 1, m.candidates


TABLE_UNITS = ("| Stage | Time (GPU hours) | Cost ($M) | Size (K) | Mem (GB) | Tokens (B) |\n"
               "|---|---|---|---|---|---|\n| A | 12 | 5.328 | 3.5 | 80 | 14,800 |\n")


def test_a_bare_cell_takes_the_unit_and_scale_its_header_closes_with():
    """§2: "($M)", "(K)", "Time (GPU hours)", "(GB)" apply to the column's bare cells; "(B)" (billion or
    bytes; "(T)" trillion or tokens) is ambiguous and adds no scale (the header's word is the unit)."""
    ms = extract_mentions(analyse(TABLE_UNITS))
    got = [(m.printed, m.number.nominal, m.unit.canonical) for m in ms]
    assert got == [("12", 12, "GPU * hour"), ("5.328", 5_328_000, "USD"), ("3.5", 3500, ""),
                   ("80", 80, "gigabyte"), ("14,800", 14800, "token")]
    assert all("taken from the column header" in " ".join(m.candidates) for m in ms[:4])
    assert ms[1].number.interval.lo == 5_327_500        # the cell's own rounding, scaled


def test_a_caption_names_the_unit_when_the_header_does_not():
    text = "Table: Training cost (GPU hours).\n\n| Stage | Pre-training | Total |\n|---|---|---|\n| A | 2664 | 2788 |\n"
    ms = extract_mentions(analyse(text))
    assert {m.unit.canonical for m in ms} <= {"GPU * hour", ""}
