"""Numbers in README release notes and install notes that are not quantities: the month of a year/month
date ("[2023/12]", "2024/03 版本"), a step's number (步骤 1, like "Step 1"), and the version after a
licence or a framework ("Apache License 2.0", "CC BY 4.0", "PyTorch 2.1", "Node 18"). Written in the
shapes model READMEs print (not copied from any document), with the amounts beside them that stay."""

from __future__ import annotations

import pytest

from claimaudit.extract.document import analyse
from claimaudit.extract.mentions import extract_mentions


def printed(text: str) -> list[str]:
    return [m.printed for m in extract_mentions(analyse(text, "doc.md"))]


@pytest.mark.parametrize("line, kept", [
    ("- **\\[2023/12\\]** 🔥 We released the 7B model.", ["7B"]),
    ("- [2023/12] Support for 32K context.", ["32K"]),
    ("- (2024/03) 支持 20B 系列模型！", ["20B"]),
    ("- 【2023/09】发布，显存仅需 8GB。", ["8GB"]),
])
def test_the_month_of_a_year_and_month_is_no_quantity(line, kept):
    assert printed(f"# News\n\n{line}\n") == kept


def test_a_fraction_or_a_full_date_is_unchanged():
    # a ratio of two counts, and a full date (read as a date before)
    assert printed("# N\n\nIt solved 150/200 problems, released 2023/12/05.\n") == ["150/200"]
    # a month-sized number after a number that is no year stays a number
    assert printed("# N\n\nThe score was 1800/12 on average.\n") == ["1800", "12"]


@pytest.mark.parametrize("line", [
    "- **步骤 0**，准备配置文件。",
    "- 步骤 2：启动训练。",
    "- Released under the Apache License 2.0.",
    "- Licensed under the MIT Licence 1.0 and CC BY 4.0, or CC BY-SA 4.0.",
    "- Requires PyTorch 2.1 and TensorFlow 2.15 on Node 18.",
])
def test_labels_and_versions_are_no_quantities(line):
    assert printed(f"# Setup\n\n{line}\n") == []


def test_amounts_after_such_words_stay():
    # a size after the framework's version, and a count of nodes in lower case
    assert printed("# Setup\n\nWith PyTorch 2.1 the 7B model needs 16 GB on each node; 8 nodes in all.\n") \
        == ["7B", "16 GB", "8 nodes"]


@pytest.mark.parametrize("line, kept", [
    ("Compared with Claude 3.5 Sonnet, Gemini 1.5 Pro and GPT 3.5 Turbo on 12 tasks.", ["12"]),
    ("MMLU (5-shot) and GSM8K (8-shot, CoT) improve by 2.1 points.", ["2.1 points"]),
    ("Runs on one RTX 4090 (24 GB) or a GeForce GTX 1080; Ryzen 7950X hosts.", ["24 GB"]),
    ("It renders 4K video and drives an 8K display; the 4K context holds 4K tokens.", ["4K", "4K tokens"]),
])
def test_model_tiers_settings_and_hardware_names(line, kept):
    assert printed(f"# Models\n\n{line}\n") == kept


def test_a_tier_word_after_an_amount_in_lower_case_words_keeps_it():
    # no capitalised name before the number: an amount ("3.5 Pro" here is no model)
    assert printed("# N\n\nThe ratio was 3.5 pro rata.\n") == ["3.5"]
    # shots as a count (a vaccine's doses) stay
    assert printed("# N\n\nShe had 2 shots of the vaccine.\n") == ["2 shots"]


def test_fps_is_frames_per_second_with_the_reading_noted():
    from claimaudit.extract.mentions import extract_mentions as em
    [m] = em(analyse("# V\n\nIt renders 1080p at 60 fps.\n", "doc.md"))
    assert m.unit.canonical == "frames_per_second" and "frames per second" in m.unit.note
    [f] = em(analyse("# V\n\nThe camera records 30 frames per second.\n", "doc.md"))
    assert f.unit.dims == m.unit.dims


@pytest.mark.parametrize("line, units", [
    ("Each of the 24 layers has 16 heads.", ["layer", "head"]),
    ("The team of 12 has won twice.", [""]),
    ("It covers 5 ha of farmland.", ["hectare"]),
    ("It weighs 3 kg in total.", ["kilogram"]),
])
def test_a_verb_or_preposition_ends_no_unit(line, units):
    assert [m.unit.canonical for m in extract_mentions(analyse(f"# N\n\n{line}\n", "doc.md"))] == units


@pytest.mark.parametrize("line, kept", [
    ("价格从每吨 2000 元涨到 2500 元。", ["2000 元", "2500 元"]),
    ("该厂年产 2000 吨钢，员工 2024 人。", ["2000 吨", "2024"]),
    ("2019 年营收增长，2020 届毕业生。", []),
    ("2019款车型售价 20 万元。", ["20 万元"]),
])
def test_a_year_like_number_before_a_chinese_currency_or_measure_is_an_amount(line, kept):
    assert printed(f"# N\n\n{line}\n") == kept


@pytest.mark.parametrize("line, unit, base", [
    ("它配备 5000 万像素主摄。", "pixel", 50_000_000),
    ("最高支持 180 万像素的图像输入。", "pixel", 1_800_000),
    ("A 12MP camera on the back.", "megapixel", 12_000_000),
    ("The 48 MP main sensor.", "megapixel", 48_000_000),
])
def test_pixels_and_megapixels(line, unit, base):
    [m] = extract_mentions(analyse(f"# N\n\n{line}\n", "doc.md"))
    assert m.unit.canonical == unit and m.number.nominal * m.unit.factor == base


def test_members_of_parliament_are_no_megapixels():
    assert [m.unit.canonical for m in extract_mentions(analyse("# N\n\n5 MPs voted against.\n", "doc.md"))] == [""]
