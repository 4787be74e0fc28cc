"""False alarms found on the invented documents' development half (benchmarks/extraction/invented-docs):
a row named as what the value is compared with, a footnote on a marked cell, two values of a kind beside
one named row, and magnitudes compared across a scaled unit. Tables written for these tests."""

from __future__ import annotations

from test_relations_rules import rels, verdicts

TABLE = ("| 模型 | C-Eval | GSM8K |\n|---|---|---|\n| 青鸾-13B v2.0 | 72.4 | 55.1 |\n"
         "| 玄鸟-2-13B | 65.3 | 52.6* |\n")


def test_a_row_named_after_a_comparison_word_is_not_the_subject():
    text = "# 评测\n\n青鸾-13B 在 C-Eval 上取得 72.4 分，比玄鸟-2-13B 高 7.1 个百分点。\n\n" + TABLE
    assert not [r for r in rels(text, "headline") if "玄鸟" in r.evidence]


def test_the_row_named_as_the_subject_still_restates_its_cell(tmp_path):
    text = "# 评测\n\n玄鸟-2-13B 在 C-Eval 上取得 65.3 分。\n\n" + TABLE
    assert verdicts(tmp_path, text, kind="headline") == ["consistent"]


def test_a_footnote_on_a_marked_cell_says_something_else():
    text = "# 评测\n\n" + TABLE + "\n\\* 玄鸟-2-13B 的 GSM8K 为其官方报告值，我们复现得到 51.9。\n"
    assert not rels(text, "headline")


def test_two_values_of_a_kind_beside_one_named_row_are_not_paired(tmp_path):
    text = ("# Variants\n\n| Format | Memory (GB) | MMLU |\n|---|---|---|\n| bf16 | 14.5 | 64.8 |\n"
            "| int8 | 7.6 | 64.6 |\n\nThe bf16 footprint follows from 7.24B parameters × 2 bytes ≈ 14.5 GB.\n")
    assert "inconsistent" not in verdicts(tmp_path, text)


def test_magnitudes_do_not_compare_across_a_scaled_unit():
    # 7.24e9 × 2 against 14.5 (GB): with units that do not compose, no relation of magnitudes
    assert not rels("# Notes\n\nThe weights need 7.24B parameters × 2 bytes ≈ 14.5 GB.\n", "equation")
