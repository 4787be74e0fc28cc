"""A mean a sentence states over the values it lists (ProseRelations.sentence_means): "61.2, 58.4 and
60.1, an average of 59.9", "分别为 61.2、58.4 和 60.1，平均为 59.9", "the mean of … is 59.9". Sentences
written for these tests (not copied from any document)."""

from __future__ import annotations

import pytest
from test_relations_rules import rels, verdicts


def doc(sentence: str) -> str:
    return f"# Results\n\n{sentence}\n"


@pytest.mark.parametrize("sentence", [
    "The three runs scored 61.2, 58.4 and 60.1, an average of 59.9.",
    "三次运行的得分分别为 61.2、58.4 和 60.1，平均为 59.9。",
    "Scores of 61.2, 58.4 and 60.1 average 59.9.",
    "The mean of 61.2, 58.4 and 60.1 is 59.9.",
    "The model scored 61.2 on MMLU, 58.4 on GSM8K and 60.1 on HumanEval, averaging 59.9.",
])
def test_a_mean_of_the_values_listed(tmp_path, sentence):
    [r] = rels(doc(sentence), "average")
    assert len(r.parts) == 3
    assert verdicts(tmp_path, doc(sentence), kind="average") == ["consistent"]


def test_a_wrong_mean_is_reported(tmp_path):
    assert verdicts(tmp_path, doc("The three runs scored 61.2, 58.4 and 60.1, an average of 61.9."),
                    kind="average") == ["inconsistent"]


@pytest.mark.parametrize("sentence", [
    # another value of the kind stands in the sentence: which ones are averaged is not said
    "It scored 61.2 and 58.4 with a batch of 64, an average of 59.8.",
    # no average word
    "The three runs scored 61.2, 58.4 and 60.1, the best being 61.2.",
])
def test_no_mean_unless_the_list_is_every_value_of_its_kind(sentence):
    assert not [r for r in rels(doc(sentence), "average") if r.confidence >= 0.7]


@pytest.mark.parametrize("sentence, verdict", [
    ("五次实验的耗时分别为 12、15、11、14 和 13 分钟，平均耗时 13 分钟。", "consistent"),
    ("三款车型的续航里程分别为 520、580 和 610 公里，平均续航为 600 公里。", "inconsistent"),
])
def test_a_chinese_mean_named_after_its_measure(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="average") == [verdict]
