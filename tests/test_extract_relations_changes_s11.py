"""Changes a sentence states: the gap in points between two values ("提升了 8.2 个百分点（从 55.1 到
63.3）", "from 55.1% to 63.3%, up 8.2 percentage points"), and a figure that belongs to another subject's
change in the next clause ("从 55.1 到 63.3），推理速度提升了 42%") is not this change's. Sentences written
for these tests in the shapes model cards and news print them (not copied from any document)."""

from __future__ import annotations

import pytest
from test_relations_rules import rels, verdicts


def doc(sentence: str) -> str:
    return f"# Results\n\n{sentence}\n"


@pytest.mark.parametrize("sentence", [
    "MMLU 提升了 8.2 个百分点（从 55.1 到 63.3）。",
    "MMLU 从 55.1 提升到 63.3，提升了 8.2 个百分点。",
    "MMLU improves from 63.4 to 68.9, a gain of 5.5 points.",
    "Accuracy rose from 55.1% to 63.3%, up 8.2 percentage points.",
    "The error rate fell from 12.4% to 9.1%, down 3.3 points.",
])
def test_a_gap_in_points_between_two_values(tmp_path, sentence):
    [r] = rels(doc(sentence), "change")
    assert "gap in points" in r.note
    assert verdicts(tmp_path, doc(sentence), kind="change") == ["consistent"]


def test_a_wrong_gap_in_points_is_reported(tmp_path):
    assert verdicts(tmp_path, doc("Accuracy rose from 55.1% to 63.3%, up 9.2 percentage points."),
                    kind="change") == ["inconsistent"]
    assert verdicts(tmp_path, doc("MMLU 从 55.1 提升到 63.3，提升了 7.2 个百分点。"), kind="change") == ["inconsistent"]


def test_no_gap_in_points_between_values_with_units():
    # memory in GB and a loss in points are two changes: no gap in points between gigabytes
    assert not [r for r in rels(doc("Memory fell from 80 GB to 40 GB and accuracy dropped 3 points."), "change")
                if "gap in points" in r.note]


@pytest.mark.parametrize("sentence", [
    "MMLU 提升了 8.2 个百分点（从 55.1 到 63.3），推理速度提升了 42%。",
    "MMLU went from 55.1 to 63.3, and inference speed improved by 42%.",
    "Latency fell from 120 ms to 80 ms; throughput increased 42%.",
])
def test_a_figure_of_another_subjects_change_is_not_this_ones(sentence):
    assert not [r for r in rels(doc(sentence), "change") if "42%" in (r.quote or "") and r.target is not None
                and "42" in str(r.formula) + r.note + r.evidence and "relative" in r.note]


@pytest.mark.parametrize("sentence", [
    "Latency fell from 120 ms to 80 ms, a 33% reduction.",
    "推理延迟从 120 ms 降低到 80 ms，降低了 33%。",
    "Throughput grew from 100 tokens/s to 142 tokens/s, up 42%.",
])
def test_a_figure_with_no_subject_of_its_own_is_the_changes(tmp_path, sentence):
    assert verdicts(tmp_path, doc(sentence), kind="change") == ["consistent"]


def test_up_and_down_say_which_way_the_change_went(tmp_path):
    assert verdicts(tmp_path, doc("Throughput grew from 100 tokens/s to 142 tokens/s, up 52%."),
                    kind="change") == ["inconsistent"]
    assert verdicts(tmp_path, doc("Revenue fell from $40 million to $30 million, down 25%."),
                    kind="change") == ["consistent"]
    # "up" over values that went down names no relative change between them
    assert not rels(doc("The loss went from 2.4 to 1.8, up 25% on the other metric."), "change")


def test_memory_columns_of_two_operations_are_no_steps_of_one_axis():
    # prefill and decode at two lengths: two operations, not one growing with its length
    table = ("# Inference\n\n| Precision | Prefill 1024 tokens (GB) | Decode 4096 tokens (GB) |\n|---|---|---|\n"
             "| FP16 | 15.2 GB | 14.9 GB |\n| INT8 | 9.1 GB | 8.8 GB |\n")
    assert not [r for r in rels(table, "compare") if "at least that under" in r.note]
    # one operation at growing lengths is still read
    grows = table.replace("Prefill 1024 tokens (GB)", "Decode 1024 tokens (GB)")
    assert [r for r in rels(grows, "compare") if "at least that under" in r.note]


CARD = """# Evaluation

| Benchmark | Wren-7B | Wren-13B |
|---|---|---|
| MMLU | 54.8 | 62.1 |
| GSM8K | 31.2 | 45.6 |
| Average | 43.0 | 53.9 |

{sentence}
"""


def test_a_comparison_takes_no_subject_from_the_table_above_it():
    # models are the columns here: "outperforms" names no row, and the table's last row is no subject
    text = CARD.format(sentence="Wren-13B outperforms Wren-7B by 10.9 points on average and scores 45.6 on GSM8K.")
    assert not [r for r in rels(text, "compare") if "the sentence says" in r.note]


def test_a_comparison_whose_subject_is_in_the_sentence_before_is_still_read(tmp_path):
    text = CARD.replace("| Benchmark | Wren-7B | Wren-13B |", "| Model | MMLU | GSM8K |").replace(
        "| MMLU | 54.8 | 62.1 |", "| Wren-7B | 54.8 | 31.2 |").replace(
        "| GSM8K | 31.2 | 45.6 |", "| Wren-13B | 62.1 | 45.6 |").replace("| Average | 43.0 | 53.9 |\n", "")
    text = text.format(sentence="We release Wren-13B today. It surpasses Wren-7B on GSM8K.")
    assert [r for r in rels(text, "compare") if "the sentence says 'Wren-13B' is above 'Wren-7B'" in r.note]


ZH_TABLE = ("# 评测\n\n| 模型 | C-Eval | GSM8K |\n|---|---|---|\n| 凌云-7B | 63.1 | 51.7 |\n"
            "| 凌云-14B | 72.4 | 61.3 |\n\n{s}\n")


@pytest.mark.parametrize("gap, verdict", [("9.3", "consistent"), ("8.3", "inconsistent")])
def test_a_gap_in_fen_after_a_score_in_fen(tmp_path, gap, verdict):
    # "取得 72.4 分，比 Y 高 9.3 分": the score and the gap both print 分; the gap is after 高
    text = ZH_TABLE.format(s=f"凌云-14B 在 C-Eval 上取得 72.4 分，比凌云-7B 高 {gap} 分。")
    assert verdict in verdicts(tmp_path, text, kind="change")


EN_TABLE = ("# Eval\n\n| Model | C-Eval | GSM8K | Memory |\n|---|---|---|---|\n"
            "| Lingyun-7B | 63.1 | 51.7 | 16 GB |\n| Lingyun-14B | 72.4 | 61.3 | 30 GB |\n\n{s}\n")


@pytest.mark.parametrize("pct, verdict", [("18.6", "consistent"), ("28.6", "inconsistent")])
def test_n_percent_better_on_a_score_than_another_row(tmp_path, pct, verdict):
    text = EN_TABLE.format(s=f"Lingyun-14B scores {pct}% better on GSM8K than Lingyun-7B.")
    assert verdicts(tmp_path, text, kind="comparison") == [verdict]


def test_better_over_a_column_with_units_is_only_a_suggestion():
    # more memory is not better: over values with units either way may be the better one
    found = rels(EN_TABLE.format(s="Lingyun-14B uses 20% better memory than Lingyun-7B."), "comparison")
    assert found and all(r.confidence < 0.7 for r in found)
