"""A multiple a sentence states between its value and the one its words name (extract.relations_multiples):
"2,450 tokens per second, 3.1x the 790 tokens per second", "2.5 times faster than the 100 ms",
"是上一代（790 tokens/s）的 3.1 倍". Sentences written for these tests in the shapes model cards and
benchmark notes print them (not copied from any document), with the wrong multiples that must be
reported and the near misses that must stay silent."""

from __future__ import annotations

import pytest
from test_relations_rules import rels, verdicts


def doc(sentence: str) -> str:
    return f"# Inference\n\n{sentence}\n"


HOLDS = [
    "On one H100 the 13B model generates 2,450 tokens per second at batch size 64, 3.1x the 790 tokens per "
    "second of our previous model.",
    "Latency is 40 ms, 2.5 times faster than the 100 ms of the baseline.",
    "Wren 在 H100 上达到 2450 tokens/s，是上一代（790 tokens/s）的 3.1 倍。",
    "It needs 24 GB, 3 times that of the 7B model (8 GB).",
    "The new cluster has 4,096 GPUs, 2x the 2,048 GPUs of the old one.",
    "凌云-14B 的生成速度为 38.5 tokens/s，是凌云-7B（52.1 tokens/s）的 0.74 倍。",
]


@pytest.mark.parametrize("sentence", HOLDS)
def test_a_multiple_of_the_value_its_words_name(tmp_path, sentence):
    assert len(rels(doc(sentence), "ratio")) == 1
    assert verdicts(tmp_path, doc(sentence), kind="ratio") == ["consistent"]


@pytest.mark.parametrize("sentence", [
    "On one H100 the 13B model generates 2,450 tokens per second, 4.1x the 790 tokens per second of v1.",
    "Latency is 40 ms, 3.5 times faster than the 100 ms of the baseline.",
    "Wren 达到 2450 tokens/s，是上一代（790 tokens/s）的 2 倍。",
])
def test_a_wrong_multiple_is_reported(tmp_path, sentence):
    assert verdicts(tmp_path, doc(sentence), kind="ratio") == ["inconsistent"]


@pytest.mark.parametrize("sentence", [
    # two bare scores: a count and a score are as often beside a multiple
    "The 70B model scores 68.9, 1.2x the 7B model's 57.4 on MMLU.",
    # "3 times" counts runs here: no "the"/"than" names a value after it
    "We ran the test 3 times on the 24 GB card and the 80 GB card.",
    # the value after "the" is of another unit than any before it
    "It reads 2,450 tokens per second, 3.1x the 24 GB of memory.",
])
def test_no_multiple_without_two_values_of_one_unit_named(sentence):
    assert not rels(doc(sentence), "ratio")


@pytest.mark.parametrize("sentence, verdict", [
    ("新一代芯片算力达 1,000 TOPS，是上一代产品 250 TOPS 的 4 倍。", "consistent"),
    ("The NPU delivers 45 TOPS, 4x the 15 TOPS of its predecessor.", "inconsistent"),
])
def test_tops_is_operations_per_second(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="ratio") == [verdict]
