"""A gap in points between the two values a sentence compares (extract.relations_prose_points), and
changes stated new value first with a multiple or after "compared with" (extract.relations_to_from).
Sentences written for these tests in the shapes of model cards and earnings news (not copied)."""

from __future__ import annotations

import pytest
from test_relations_rules import rels, verdicts


def doc(sentence: str) -> str:
    return f"# Results\n\n{sentence}\n"


@pytest.mark.parametrize("sentence, verdict", [
    ("It achieves 85.2% on MMLU, surpassing GPT-3.5 (70.0%) by 15.2 points.", "consistent"),
    ("It achieves 85.2% on MMLU, surpassing GPT-3.5 (70.0%) by 12.2 points.", "inconsistent"),
    ("The 70B model reaches 68.9 on MMLU versus 45.3 for the 7B model, a gap of 23.6 points.", "consistent"),
    ("准确率为 85.2%，比基线的 70.0% 高 15.2 个百分点。", "consistent"),
])
def test_a_gap_in_points_between_two_compared_values(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="change") == [verdict]


@pytest.mark.parametrize("sentence", [
    # three percentages: which two the gap is between is not said
    "Accuracy was 85.2%, recall 70.0% and precision 91.0%, 15.2 points apart at most.",
    # no word of comparison
    "Accuracy was 85.2% and recall 70.0%; we gained 3 points on F1.",
])
def test_no_gap_without_two_compared_values(sentence):
    assert not [r for r in rels(doc(sentence), "change") if r.confidence >= 0.7]


@pytest.mark.parametrize("sentence, verdict", [
    ("Throughput increased 3.1x to 2,450 tokens/s from 790 tokens/s.", "consistent"),
    ("Latency fell 2.5x to 40 ms from 100 ms.", "consistent"),
    ("Latency fell 3.5x to 40 ms from 100 ms.", "inconsistent"),
    ("Sales were $3.2 billion, compared with $2.9 billion a year earlier, a rise of 10.3%.", "consistent"),
])
def test_a_change_new_value_first_with_a_multiple_or_compared_with(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="change") == [verdict]


def test_a_percentage_with_the_wholes_noun_in_its_parenthesis(tmp_path):
    assert verdicts(tmp_path, doc("Accuracy is 91% (2,788 of 3,064 cases)."), kind="percent-of") == ["consistent"]
    assert verdicts(tmp_path, doc("Accuracy is 81% (2,788 of 3,064 cases)."), kind="percent-of") == ["inconsistent"]


@pytest.mark.parametrize("sentence, kind", [
    ("Unemployment edged down to 3.9% from 4.2%, a drop of 0.3 percentage point.", "change"),
    ("本季度综合毛利率为 23.6%，较上年同期的 19.8% 提升 3.8 个百分点。", "change"),
    ("Of the model's 70 billion parameters, 8.4 billion (12%) sit in the embedding layers.", "percent-of"),
    ("在受访的 3,000 名大学生中，有 1,260 人（占 42%）表示希望进入国有企业工作。", "percent-of"),
    ("Subscriptions accounted for $3.3 billion, or 62%, of the quarter's $5.3 billion in revenue.", "percent-of"),
])
def test_forms_of_the_relation_sentences_dev_half(tmp_path, sentence, kind):
    # the shapes of the development half of benchmarks/extraction/gold/relation_sentences.json (rewritten)
    assert verdicts(tmp_path, doc(sentence), kind=kind) == ["consistent"]
