"""Sums and shares in news-style prose: the parts listed before a total word ("$1.2 billion, $0.8 billion
and $0.5 billion, for a total of $2.5 billion", "12 亿元、8 亿元和 5 亿元，合计 25 亿元"), and a share of a whole
named with a few words before its value ("18% of GDP of $1.7 trillion", "30% of the company's $40 billion
total"). Sentences written for these tests (not copied from any article)."""

from __future__ import annotations

import pytest
from test_relations_rules import rels, verdicts


def doc(sentence: str) -> str:
    return f"# Results\n\n{sentence}\n"


@pytest.mark.parametrize("sentence", [
    "The three divisions earned $1.2 billion, $0.8 billion and $0.5 billion, for a total of $2.5 billion.",
    "三个部门分别盈利 12 亿元、8 亿元和 5 亿元，合计 25 亿元。",
])
def test_parts_listed_before_the_total(tmp_path, sentence):
    [r] = rels(doc(sentence), "written-sum")
    assert len(r.parts) == 3
    assert verdicts(tmp_path, doc(sentence), kind="written-sum") == ["consistent"]


def test_parts_that_do_not_add_up_to_the_total_are_reported(tmp_path):
    # 1.23 + 0.81 + 0.52 = 2.56, not 2.62 (within a tenth of it: the sentence's parts, audited)
    text = doc("The divisions earned $1.23 billion, $0.81 billion and $0.52 billion, for a total of $2.62 billion.")
    assert verdicts(tmp_path, text, kind="written-sum") == ["inconsistent"]


@pytest.mark.parametrize("sentence", [
    # other values between the list and the total word: no list of its parts
    "It ran on 8 GPUs in 2023 and 16 GPUs in 2024, a total of 24 GPUs.",
    # no and / 和 closing the list: a series of another kind
    "Prices were $1.2, $1.4, $1.5 over three days, a total of $4.1 over the week.",
])
def test_no_sum_without_a_list_right_before_the_total(sentence):
    assert not [r for r in rels(doc(sentence), "written-sum") if r.confidence >= 0.7]


@pytest.mark.parametrize("sentence, verdict", [
    ("Exports reached $310 billion, or 18% of GDP of $1.7 trillion.", "consistent"),
    ("Cloud revenue was $12 billion, about 30% of the company's $40 billion total.", "consistent"),
    ("Cloud revenue was $12 billion, about 20% of the company's $40 billion total.", "inconsistent"),
])
def test_a_share_of_a_whole_named_before_its_value(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="percent-of") == [verdict]


@pytest.mark.parametrize("sentence, verdict", [
    ("共有 1200 名受访者，其中 540 人（45%）表示支持。", "consistent"),
    ("The survey reached 1,200 respondents, of whom 540 (45%) said yes.", "consistent"),
    ("The survey reached 1,200 respondents, of whom 540 (35%) said yes.", "inconsistent"),
])
def test_a_part_after_its_whole_with_its_share(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="percent-of") == [verdict]


@pytest.mark.parametrize("sentence, verdict", [
    ("该市常住人口 1200 万人，其中城镇人口 960 万人，占 80%。", "consistent"),
    ("全年营收 50 亿元，其中海外收入 20 亿元，占总收入的 45%。", "inconsistent"),
])
def test_a_part_after_qizhong_with_its_share_after_zhan(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="percent-of") == [verdict]


@pytest.mark.parametrize("sentence, verdict", [
    ("本次共招聘 120 人，男性 70 人、女性 50 人。", "consistent"),
    ("本次共招聘 120 人，男性 70 人、女性 40 人。", "inconsistent"),
])
def test_parts_listed_with_dun_after_a_total_after_gong(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="written-sum") == [verdict]


def test_gong_inside_a_word_is_no_total_word():
    assert not rels(doc("全市公共服务 120 项，教育 70 项、医疗 50 项。"), "written-sum")


@pytest.mark.parametrize("sentence", [
    "At the printed values (`2,664,000 / 2048 = 1300.78 hours`) the stage took 54 days.",
    "Each worker gets `1,000,000 / 4 = 250,000` rows.",
])
def test_a_calculation_in_code_reads_thousands_commas(tmp_path, sentence):
    # was "000 / 2048 = 1300.78" (and "000/4 = 250"): a false alarm on a correct calculation
    [r] = rels(doc(sentence), "equation")
    assert "," not in r.formula and r.formula.split("/")[0] in ("2664000", "1000000")
    assert verdicts(tmp_path, doc(sentence), kind="equation") == ["consistent"]


def test_a_comma_that_is_no_thousands_separator_is_no_calculation():
    assert not rels(doc("Code: `f(3, 4*5) = 20` is a call."), "equation")
    assert not rels(doc("A list: `1, 2, 3 = 6` is no sum we read."), "equation")


@pytest.mark.parametrize("sentence", [
    "The company delivered 1.46 million vehicles in the year: 1.12 million in China, 210,000 in Europe and "
    "130,000 elsewhere.",
    "Total headcount reached 18,450, comprising 11,200 engineers, 4,350 in sales and 2,900 in administration.",
    "In total 120 people came: 70 men and 50 women.",
    "全年销量 146 万辆，其中国内 112 万辆、欧洲 21 万辆和其他地区 13 万辆。",
])
def test_parts_listed_right_after_their_total(tmp_path, sentence):
    assert verdicts(tmp_path, doc(sentence), kind="written-sum") == ["consistent"]


def test_values_joined_by_commas_alone_are_no_parts():
    # a series with no and closing it: "共计 120 人，男性 70 人，女性 50 人" stays unread
    assert not rels(doc("Prices: 120, 70, 50 over three days."), "written-sum")


@pytest.mark.parametrize("sentence, verdict", [
    ("Gross profit of $1.84 billion on revenue of $4.6 billion implied a gross margin of 40%.", "consistent"),
    ("公司实现营业收入 80 亿元，净利润 12 亿元，净利率达 15%。", "consistent"),
    ("公司实现营业收入 80 亿元，净利润 12 亿元，净利率达 20%。", "inconsistent"),
])
def test_a_margin_is_the_smaller_amount_over_the_larger(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="percent-of") == [verdict]


def test_no_margin_with_a_third_amount():
    text = doc("Revenue of $4.6 billion, costs of $2.8 billion and profit of $1.84 billion: a margin of 40%.")
    assert not [r for r in rels(text, "percent-of") if "margin" in r.note]
