"""Differences a sentence states between two values (extract.relations_differences). Sentences written
for these tests in the shapes of earnings news, geography facts and statistics bulletins."""

from __future__ import annotations

import pytest
from test_relations_rules import rels, verdicts


def doc(sentence: str) -> str:
    return f"# Notes\n\n{sentence}\n"


@pytest.mark.parametrize("sentence, verdict", [
    ("Q3 costs of $7.8bn were $1.3bn higher than Q2's $6.5bn.", "consistent"),
    ("Q3 costs of $7.8bn were $1.5bn higher than Q2's $6.5bn.", "inconsistent"),
    ("The Amazon, at 6,400 km, is 250 km shorter than the 6,650 km Nile.", "consistent"),
    ("Imports rose to $3.12 trillion, exceeding exports of $2.06 trillion by $1.06 trillion.", "consistent"),
    ("Imports rose to $3.12 trillion, exceeding exports of $2.06 trillion by $1.16 trillion.", "inconsistent"),
    ("三季度营业成本92亿元，较二季度的84.5亿元增加7.5亿元。", "consistent"),
    ("三季度营业成本92亿元，较二季度的84.5亿元增加8.5亿元。", "inconsistent"),
])
def test_a_difference_the_words_state(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="difference") == [verdict]


@pytest.mark.parametrize("sentence", [
    # the word and the values disagree: another pairing than read
    "三季度营业成本92亿元，较二季度的84.5亿元减少7.5亿元。",
    "Q3 costs of $7.8bn were $1.3bn lower than Q2's $6.5bn.",
    # a relative change is no difference
    "Costs of $7.8bn were 20% higher than the $6.5bn of Q2.",
    # values of other kinds
    "The 7B model needs 14 GB, 2 GPUs more than the 13B model's 1 GPU.",
])
def test_no_difference_where_the_words_and_values_do_not_pair(sentence):
    assert not rels(doc(sentence), "difference")


# -- multiples of a value after "its", and of a count in parentheses (relations_multiples) --
@pytest.mark.parametrize("sentence, verdict", [
    ("The startup's $2.4bn valuation is 30 times its annual revenue of $80m.", "consistent"),
    ("The startup's $2.4bn valuation is 40 times its annual revenue of $80m.", "inconsistent"),
    ("该应用累计下载4.5亿次，是排名第二的竞品（0.9亿次）的5倍。", "consistent"),
    ("该应用累计下载4.5亿次，是排名第二的竞品（0.9亿次）的4倍。", "inconsistent"),
])
def test_a_multiple_of_the_value_named(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="ratio") == [verdict]


def test_no_multiple_of_bare_values_counting_other_things():
    assert not rels(doc("该应用累计下载4.5亿次，是排名第二的竞品（0.9亿人）的5倍。"), "ratio")


@pytest.mark.parametrize("sentence, verdict", [
    # comparatives and verbs of rank from the one vocabulary (extract.change_words)
    ("The tower, at 828 m, is 200 m taller than the 628 m tower across the river.", "consistent"),
    ("The new pack, at 4.1 kg, is 0.6 kg lighter than the 4.9 kg old one.", "inconsistent"),
    ("Exports of $2.06 trillion trailed imports of $3.12 trillion by $1.06 trillion.", "consistent"),
    ("Exports of $2.06 trillion fell short of imports of $3.12 trillion by $1.06 trillion.", "consistent"),
])
def test_differences_in_more_comparatives(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="difference") == [verdict]


# -- a gap to a value named in parentheses (relations_prose_points.named_point_gaps) --
@pytest.mark.parametrize("sentence, verdicts_", [
    ("Corvid-7B scores 64.8 on MMLU, 1.3 points below Kestrel-3-8B (66.1) and 2.3 points above Osprey-7B-v0.3 (62.5).",
     ["consistent", "consistent"]),
    ("Corvid-7B scores 64.8 on MMLU, 1.8 points below Kestrel-3-8B (66.1).", ["inconsistent"]),
    ("青鸾-13B 在 C-Eval 上取得 72.4 分，比玄鸟-2-13B（65.3）高 7.1 个百分点。", ["consistent"]),
    ("平均分 59.2，仅比白泽-14B-v1.5（60.4）低 0.8 分。", ["inconsistent"]),
    ("平均分 59.2，仅比白泽-14B-v1.5（60.4）低 1.2 分。", ["consistent"]),
])
def test_a_gap_to_a_value_named_in_parentheses(tmp_path, sentence, verdicts_):
    assert verdicts(tmp_path, doc(sentence), kind="change") == verdicts_


def test_a_named_gap_in_the_wrong_direction_is_reported(tmp_path):
    # "above" a larger value: the words say 64.8 − 66.1, which is no gap of 1.3
    assert verdicts(tmp_path, doc("Corvid-7B scores 64.8 on MMLU, 1.3 points above Kestrel-3-8B (66.1)."),
                    kind="change") == ["inconsistent"]


def test_a_model_name_with_a_dash_after_chinese_is_no_number():
    from claimaudit.extract.document import analyse
    from claimaudit.extract.mentions import extract_mentions

    ms = extract_mentions(analyse(doc("比玄鸟-2-13B（65.3）高 7.1 个百分点；亏损-2.5万元。"), "x.md"))
    assert [m.printed for m in ms] == ["65.3", "7.1 个百分点", "-2.5万元"]


# -- several gaps, each to the row named right after it (relations_points.point_gaps) --
SCORES = ("# Scores\n\n| Model | MMLU | GSM8K |\n|---|---|---|\n| Corvid-7B | 64.8 | 40.1 |\n"
          "| Kestrel-3-8B | 66.1 | 45.0 |\n| Osprey-7B-v0.3 | 62.5 | 38.2 |\n\n")


@pytest.mark.parametrize("sentence, verdicts_", [
    ("Corvid-7B scores 64.8 on MMLU, 1.3 points below Kestrel-3-8B and 2.3 points above Osprey-7B-v0.3.",
     ["consistent", "consistent"]),
    ("Corvid-7B scores 64.8 on MMLU, 1.3 points below Kestrel-3-8B and 3.3 points above Osprey-7B-v0.3.",
     ["consistent", "inconsistent"]),
])
def test_several_gaps_each_to_the_row_after_it(tmp_path, sentence, verdicts_):
    assert verdicts(tmp_path, SCORES + sentence + "\n", kind="change") == verdicts_


# -- "一班有 48 人，二班有 42 人，一班比二班多 6 人": a difference between two things named before ------------------
@pytest.mark.parametrize("sentence, verdict", [
    ("三年级一班有48人，二班有42人，一班比二班多6人。", "consistent"),
    ("三年级一班有48人，二班有42人，一班比二班多8人。", "inconsistent"),
    ("甲仓库存粮 120 吨，乙仓库存粮 95 吨，乙仓库比甲仓库少 25 吨。", "consistent"),
    ("甲仓库存粮 120 吨，乙仓库存粮 95 吨，乙仓库比甲仓库少 15 吨。", "inconsistent"),
])
def test_a_difference_between_two_named_values(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, f"# 练习\n\n{sentence}\n", kind="difference") == [verdict]


@pytest.mark.parametrize("sentence", [
    "一班有48人，二班有42人，三班比二班多6人。",              # 三班's value is not printed
    "一班和二班共有90人，二班有42人，一班比二班多6人。",       # 一班 and 二班 share a clause: whose 90?
    "甲仓库存粮 120 吨，乙仓库存粮 95 万元，甲仓库比乙仓库多 25 吨。",   # another unit
])
def test_no_named_difference_without_each_value(sentence):
    assert not [r for r in rels(f"# 练习\n\n{sentence}\n", "difference") if "比" in r.evidence]
