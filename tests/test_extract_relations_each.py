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


# -- items counted by their noun, the parts each one has, and the parts' total (relations_each.item_counts) --
@pytest.mark.parametrize("sentence, verdict", [
    ("每台服务器配备 8 张加速卡，整个集群共有 256 台服务器、2,048 张加速卡。", "consistent"),
    ("集群由 64 个节点组成，每个节点配有 8 张 GPU，共 512 张 GPU。", "consistent"),
    ("每辆车搭载 4 块电池，这批 1,200 辆车共需 4,800 块电池。", "consistent"),
    ("每个节点配有 8 张 GPU，集群共 64 个节点、共 520 张 GPU。", "inconsistent"),
    ("Each node has 8 GPUs, and the cluster's 64 nodes hold 512 GPUs in total.", "consistent"),
    ("Each node has 8 H100 GPUs, and the 64 nodes hold 520 H100 GPUs in total.", "inconsistent"),
    ("The cluster has 256 servers, each with 8 accelerators, for a total of 2,048 accelerators.", "consistent"),
])
def test_items_their_parts_each_and_the_parts_total(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="product") == [verdict]


@pytest.mark.parametrize("sentence", [
    # a part of the total (其中, reserved), not the total
    "每台服务器配备 8 张加速卡，集群共有 256 台服务器，其中 1,024 张加速卡用于训练。",
    "Each node has 8 GPUs; the 64 nodes have 500 GPUs reserved for training.",
    # no count of the items, or no total of the parts
    "每台服务器配备 8 张加速卡和 2 块硬盘，共 256 台服务器。",
    "Each node has 8 GPUs and the 12 racks hold 96 servers in total.",
    # the parts' noun differs from the total's
    "Each student has 3 books, and the 40 students brought 100 pencils in all.",
])
def test_no_items_total_without_both_nouns_and_the_total_words(sentence):
    assert not [r for r in rels(doc(sentence), "product") if r.confidence >= 0.7 and "each" in r.note]


# -- a share of a count named by its classifier (relations_prose.share_of_words) --
@pytest.mark.parametrize("sentence, verdict", [
    ("本届毕业生中女生 1,848 人，占毕业生总数 3,520 人的 52.5%。", "consistent"),
    ("本届毕业生中女生 1,848 人，占毕业生总数 3,520 人的 55%。", "inconsistent"),
    ("公司有员工 1,200 人，其中研发人员 480 人，占全部员工 1,200 人的 40%。", "consistent"),
])
def test_a_share_of_a_count_of_the_same_things(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="percent-of") == [verdict]


@pytest.mark.parametrize("sentence", [
    # the part counts other things than the whole (人 of 家企业): no share of the whole
    "该市有 3,000 家企业，其中 1,200 人获得补贴，占 3,000 家企业的 40%。",
    "该市有 3,000 家企业，1,200 人获得补贴，占 3,000 家企业的 40%。",
])
def test_no_share_of_a_count_of_other_things(sentence):
    assert not [r for r in rels(doc(sentence), "percent-of") if r.confidence >= 0.7]


# -- totals and means in more words (relations_prose.sentence_sums / sentence_means) --
@pytest.mark.parametrize("sentence, kind, verdict", [
    ("Q1 to Q4 sales of 210, 245, 260 and 305 units brought the annual total to 1,020.", "written-sum",
     "consistent"),
    ("Q1 to Q4 sales of 210, 245, 260 and 305 units brought the annual total to 1,120.", "written-sum",
     "inconsistent"),
    # 元组成 is 元 + 组成 (yuan, made up of), not 元组 (a tuple)
    ("本轮融资总额18亿元，由国有资本10亿元、产业资本5.5亿元和其他投资者2.5亿元组成。", "written-sum", "consistent"),
    ("本轮融资总额20亿元，由国有资本10亿元、产业资本5.5亿元和其他投资者2.5亿元组成。", "written-sum", "inconsistent"),
    ("他最近四场比赛分别拿下18分、26分、30分和22分，场均24分。", "average", "consistent"),
    ("他最近四场比赛分别拿下18分、26分、30分和22分，场均26分。", "average", "inconsistent"),
])
def test_totals_and_means_in_more_words(tmp_path, sentence, kind, verdict):
    assert verdicts(tmp_path, doc(sentence), kind=kind) == [verdict]


def test_a_tuple_is_no_yuan():
    from claimaudit.extract.document import analyse
    from claimaudit.extract.mentions import extract_mentions

    ms = extract_mentions(analyse(doc("每条记录是一个 3 元组。"), "x.md"))
    assert [m.unit.canonical for m in ms] == [""]


# -- a value per person (relations_each.per_capita) --
@pytest.mark.parametrize("sentence, verdict", [
    ("With GDP of $84 billion and 3.5 million inhabitants, output per person stands at $24,000.", "consistent"),
    ("With GDP of $84 billion and 3.5 million inhabitants, output per person stands at $27,000.", "inconsistent"),
    ("全市实现地区生产总值6300亿元，按常住人口450万人计算，人均地区生产总值14万元。", "consistent"),
    ("全县图书馆年经费1250万元，常住人口50万，人均经费25元。", "consistent"),
    ("全县图书馆年经费1250万元，常住人口50万，人均经费30元。", "inconsistent"),
])
def test_a_value_per_person(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="rate") == [verdict]


@pytest.mark.parametrize("sentence", [
    # the count is of plants, not people
    "Revenue of $5 billion came from 3 plants, with spending per employee of $200.",
    # two counts of people: which one is not said
    "GDP of $84 billion, 3.5 million inhabitants and 1.2 million households: output per person is $24,000.",
    # no total of the value's unit
    "人均可支配收入4.2万元，同比增长5%，全市常住人口450万人。",
])
def test_no_value_per_person_without_one_total_and_one_population(sentence):
    assert not [r for r in rels(doc(sentence), "rate") if r.confidence >= 0.7 and "people" in r.note]


# -- parts each as a measure, 单机 (relations_each.item_counts) --
@pytest.mark.parametrize("sentence, verdict", [
    ("一箱12瓶，每瓶550毫升，一箱共6.6升。", "consistent"),
    ("一箱12瓶，每瓶550毫升，一箱共6升。", "inconsistent"),
    ("本期算力集群由128台服务器组成，单机配置8张GPU，GPU总数达1024张。", "consistent"),
])
def test_parts_each_as_a_measure_and_per_machine(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="product") == [verdict]


def test_a_measure_each_with_no_total_word_is_only_a_suggestion():
    assert not [r for r in rels(doc("一箱12瓶，每瓶550毫升，另有赠品3升。"), "product") if r.confidence >= 0.7]


def test_no_share_between_model_sizes_named_like_counts():
    # "70B model" and "7B model": names, not counts of models
    sentence = "The 70B model reached 61.2, or 89% of the 7B model's 68.8 on MMLU."
    assert not [r for r in rels(doc(sentence), "percent-of") if r.confidence >= 0.7]


@pytest.mark.parametrize("sentence, verdict", [
    ("Twelve servers drawing 850 W each consume 10.2 kW combined.", "consistent"),
    # a total misprinted by a fifth is still paired (audited within 30%), and reported
    ("Twelve servers drawing 850 W each consume 12.2 kW combined.", "inconsistent"),
])
def test_a_count_in_words_and_a_combined_total(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="product") == [verdict]


def test_a_total_far_from_the_product_is_only_a_suggestion():
    # 12 × $30,000 is $360,000: $600,000 is another total than this one
    assert not [r for r in each(doc("The 12 GPUs cost $30,000 each, $600,000 in total.")) if r.confidence >= 0.7]


# -- "one X for every N Y" (relations_each.for_every) --
@pytest.mark.parametrize("sentence, verdict", [
    ("With 5.6 million residents and 1.4 million registered cars, the region has one car for every four people.",
     "consistent"),
    ("With 5.6 million residents and 0.8 million registered cars, the region has one car for every four people.",
     "inconsistent"),
    ("The city has 12,000 doctors and 3 million residents, or one doctor for every 250 residents.", "consistent"),
])
def test_one_for_every_n(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="ratio") == [verdict]


@pytest.mark.parametrize("sentence", [
    # no count of the X named before "for every"
    "The 40 teams played 12 games, one win for every three losses.",
    # three counts: which is Y is not said
    "With 5.6 million residents, 2 million homes and 1.4 million cars, there is one car for every four people.",
])
def test_no_one_for_every_without_both_counts(sentence):
    assert not [r for r in rels(doc(sentence), "ratio") if r.confidence >= 0.7]
