"""Totals a sentence states from a count and an amount each (extract.relations_each). Sentences written
for these tests in the shapes of purchase notes and model cards (not copied from any document)."""

from __future__ import annotations

import pytest
from test_relations_rules import rels, verdicts


def doc(sentence: str) -> str:
    return f"# Notes\n\n{sentence}\n"


def each(text: str) -> list:
    return [r for r in rels(text, "product") if "each" in r.note]


@pytest.mark.parametrize("sentence", [
    "The 12 GPUs cost $30,000 each, $360,000 in total.",
    "We bought 12 servers at $30,000 each for $360,000.",
    "The cluster has 64 nodes with 8 GPUs each, 512 GPUs in total.",
    "Each of the 24 layers has 16 heads, 384 heads in all.",
    "We ran 5 seeds of 3 epochs each, 15 epochs in total.",
])
def test_a_total_of_a_count_times_an_amount_each(tmp_path, sentence):
    assert len(each(doc(sentence))) == 1
    assert verdicts(tmp_path, doc(sentence), kind="product") == ["consistent"]


def test_a_wrong_total_is_reported(tmp_path):
    assert verdicts(tmp_path, doc("The 12 GPUs cost $30,000 each, $340,000 in total."),
                    kind="product") == ["inconsistent"]


@pytest.mark.parametrize("sentence", [
    # the value after "each" is no total: another part of the bill
    "The 12 GPUs cost $30,000 each, and the network $50,000.",
    # a measure is no count: 3 kg is not three things
    "The 3 kg bags cost $12 each, $36 for the lot.",
])
def test_no_total_without_a_count_and_the_words_naming_it(sentence):
    assert not [r for r in each(doc(sentence)) if r.confidence >= 0.7]


def test_two_rows_in_proportion_are_read_one_way():
    # the cost row is the GPU-hours row times $2; the GPU-hours row is not read again from the cost row
    text = ("# Cost\n\n| Stage | Pre-training | Context extension | Post-training | Total |\n|---|---|---|---|---|\n"
            "| GPU hours | 2,664K | 119K | 5K | 2,788K |\n| Cost (USD) | $5.328M | $0.238M | $0.01M | $5.576M |\n")
    found = [r for r in rels(text, "column-product") if "times one factor" in r.note]
    assert found and len({r.note.split(" is row ")[0] for r in found}) == 1


@pytest.mark.parametrize("sentence, verdict", [
    ("The city bought 340 electric buses at $780,000 each, a total outlay of about $265 million.", "consistent"),
    ("该市今年采购充电桩 1,500 台，每台单价 2.4 万元，采购总金额为 3,600 万元。", "consistent"),
    ("公司向 8,000 名员工发放年终奖共计 2.4 亿元，人均 3 万元。", "consistent"),
    ("The fund paid out $96 million to 12,000 claimants, an average of $8,000 each.", "consistent"),
    ("The fund paid out $96 million to 12,000 claimants, an average of $8,500 each.", "inconsistent"),
])
def test_an_amount_each_and_its_total_in_other_words(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="product") == [verdict]
