"""One value against another: "A, Z% higher than NAME (B)" / "A 比 NAME（B）高 Z%" with both values in the
sentence, and comparisons between two things a table holds in its columns (a review's table with one
column per product, a model card's with one column per model), named in the prose by their full names
or without the brand word ("P7 Pro" for "极光 P7 Pro"). Sentences and tables written for these tests in
the shapes product reviews and model cards print them (not copied from any document)."""

from __future__ import annotations

import pytest
from test_relations_rules import rels, verdicts


def doc(sentence: str) -> str:
    return f"# Results\n\n{sentence}\n"


# -- both values in the sentence -----------------------------------------------------------------------
@pytest.mark.parametrize("sentence", [
    "The Pro model scores 3,850, 12.6% higher than the Base model (3,420).",
    "Tern-2 costs $1,199, 20% more than the Tern-1 ($999).",
    "售价 1,199 元，比磐石 S90 2TB（999 元）贵 20%。",
    "P7 Pro 得分（3,850）比 S90 2TB（3,420）高 12.6%。",
    "新款每 TB 价格 474.8 元，较旧款的 499.5 元低 4.9%。",
    "P7 Pro 达到 2,150 MB/s，比 P5（980）高 119%。",
])
def test_a_value_against_the_value_named_after_it(tmp_path, sentence):
    [r] = rels(doc(sentence), "change")
    assert r.confidence >= 0.7 and "against" in r.note
    assert verdicts(tmp_path, doc(sentence), kind="change") == ["consistent"]


@pytest.mark.parametrize("sentence", [
    "售价 1,199 元，比磐石 S90 2TB（999 元）贵 25%。",       # off by 5 points
    "The Pro model scores 3,850, 14.6% higher than the Base model (3,420).",
    # the slip such sentences make: the gap taken over the wrong value, (2150 - 980) / 2150 = 54%
    "P7 Pro 达到 2,150 MB/s，比 P5（980）高 54%。",
    "It reaches 2,150 MB/s, 54% faster than the P5 (980).",
])
def test_a_wrong_comparison_is_reported(tmp_path, sentence):
    assert verdicts(tmp_path, doc(sentence), kind="change") == ["inconsistent"]


@pytest.mark.parametrize("sentence", [
    "The Pro model scores 3,850, 12% higher than expected (3,420).",   # no other thing named
    "The Pro model scores 3,850, 12.6% lower than the Base model (3,420).",   # the words and values disagree
    "耗时 21.4 秒，与 S90（24.9 秒）相比快 16.4%。",        # faster over times: time saved or speed gained
    "售价 1,199 元，与 S90（999 元）贵 20%。",             # 与 without 相比 compares nothing
    "售价 1,199 元，比 S90 的 899 元版（999 元）贵 20%。",   # a price inside the name: which one is meant?
])
def test_no_comparison_where_the_words_do_not_pair_the_values(sentence):
    assert not [r for r in rels(doc(sentence), "change") if r.confidence >= 0.7]


# -- two columns of a table ---------------------------------------------------------------------------
REVIEW = """# 横评

## 三、实测成绩

| 测试项目 | 极光 P7 Pro | 极光 P5 | 磐石 S90 2TB |
|---|---|---|---|
| 50GB 文件拷贝耗时（秒） | 21.4 | 38.6 | 24.9 |
| 缓外写入速度（MB/s） | 2,150 | 980 | 1,620 |
| PCMark 10 存储得分 | 3,850 | 2,410 | 3,420 |

按 1 GB = 1,000 MB 计算，拷贝速度约 2,336 MB/s。

{sentence}
"""


@pytest.mark.parametrize("sentence, verdict", [
    ("PCMark 10 存储测试中，P7 Pro 得分比 S90 2TB 高 12.6%。", "consistent"),
    ("PCMark 10 存储测试中，P7 Pro 得分比 S90 2TB 高 16.2%。", "inconsistent"),
    ("P7 Pro 拷贝耗时比 P5 缩短 44.6%。", "consistent"),
    # the row by the value the sentence prints of the first: (2150 - 980) / 980 is 119%, not 54%
    ("缓外写入速度差距更明显：P7 Pro 达到 2,150 MB/s，比 P5 高 54%。", "inconsistent"),
    ("缓外写入速度差距更明显：P7 Pro 达到 2,150 MB/s，比 P5 高 119%。", "consistent"),
])
def test_two_columns_of_a_table_compared(tmp_path, sentence, verdict):
    text = REVIEW.format(sentence=sentence)
    [r] = rels(text, "comparison")
    assert "naming columns" in r.evidence
    assert verdicts(tmp_path, text, kind="comparison") == [verdict]


CARD = """# Kestrel

## Evaluation

| Benchmark | Kestrel-3-8B | Osprey-7B |
|---|---|---|
| MMLU | 66.1 | 61.4 |
| GSM8K | 71.2 | 58.0 |

{sentence}
"""


def test_a_model_cards_columns_compared_by_the_benchmarks_name(tmp_path):
    text = CARD.format(sentence="On GSM8K, Kestrel-3-8B scores 22.8% higher than Osprey-7B.")
    assert verdicts(tmp_path, text, kind="comparison") == ["consistent"]
    text = CARD.format(sentence="On GSM8K, Kestrel-3-8B scores 32.8% higher than Osprey-7B.")
    assert verdicts(tmp_path, text, kind="comparison") == ["inconsistent"]


@pytest.mark.parametrize("table, sentence", [
    # the short name is two products' ("P5" ends both "极光 P5" and "磐石 P5")
    ("| 测试项目 | 极光 P5 | 磐石 P5 |\n|---|---|---|\n| PCMark 10 存储得分 | 3,850 | 3,420 |\n",
     "P5 得分比 P5 高 12.6%。"),
    # "P5" glued inside a longer name is not "P5"
    ("| 测试项目 | 极光 P7 | 极光 P5 |\n|---|---|---|\n| PCMark 10 存储得分 | 3,850 | 3,420 |\n",
     "P7 得分比 P50 高 12.6%。"),
    # no row named and none printed: which of two measures?
    ("| 测试项目 | 极光 P7 | 极光 P5 |\n|---|---|---|\n| 读取（MB/s） | 3,850 | 3,420 |\n"
     "| 写入（MB/s） | 3,850 | 3,420 |\n",
     "P7 比 P5 高 12.6%。"),
])
def test_no_comparison_of_columns_the_sentence_does_not_name(table, sentence):
    assert not rels(f"# 横评\n\n{table}\n{sentence}\n", "comparison")
