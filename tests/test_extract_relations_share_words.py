"""Shares stated in words (extract.relations_percent.share_words and the Chinese share words of
_whole_first / share_of_words): the part, the share and the whole each named. Sentences written for
these tests in the shapes of news, surveys and statistics bulletins (not copied from any document)."""

from __future__ import annotations

import pytest
from test_relations_rules import rels, verdicts


def doc(sentence: str) -> str:
    return f"# Notes\n\n{sentence}\n"


@pytest.mark.parametrize("sentence, verdict", [
    ("The company's 1,200 engineers account for 40% of its 3,600 staff.", "inconsistent"),   # 33.3%
    ("The company's 1,200 engineers account for 33% of its 3,600 staff.", "consistent"),
    ("Online sales of $3.4bn represented 27% of total sales of $12.5bn.", "consistent"),
    ("Online sales of $3.4bn represented 22% of total sales of $12.5bn.", "inconsistent"),
    ("Women made up 38% of the 1,450 new hires, or 551 people.", "consistent"),
    ("Of 48 seats, the coalition won 27, a 56% majority.", "consistent"),
    ("Of the 2,400 respondents, 1,020 said they would buy again, a 42.5% share.", "consistent"),
    ("Of the 2,400 respondents, 1,020 said they would buy again, a 45% share.", "inconsistent"),
])
def test_an_english_share_in_words(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="percent-of") == [verdict]


@pytest.mark.parametrize("sentence, verdict", [
    ("本次调查共回收有效问卷1800份，其中630份表示满意，满意率为35%。", "consistent"),
    ("实物商品网上零售额2.9万亿元，占社会消费品零售总额（11.6万亿元）的比重为25%。", "consistent"),
    ("实物商品网上零售额2.9万亿元，占社会消费品零售总额（11.6万亿元）的比重为28%。", "inconsistent"),
    ("80个在建项目中有14个超预算，占比17.5%。", "consistent"),
    ("项目预算85万元，其中人员经费23.8万元，占预算的28%。", "consistent"),
    ("项目预算85万元，其中人员经费23.8万元，占预算的32%。", "inconsistent"),
])
def test_a_chinese_share_in_words(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="percent-of") == [verdict]


@pytest.mark.parametrize("sentence", [
    # a change, not a share
    "The 1,200 engineers grew 40% of its 3,600 staff.",
    "Revenue of $3.4bn rose 22% of the time in 12 quarters.",
    # the percentage is of another whole than the number after it
    "Sales were $3.4bn, and 22% of the 12 stores closed.",
    # a rate of change after 其中, not the part's share
    "全市有企业3000家，其中600家为高新技术企业，增长率为12%。",
    "公司有员工500人，其中研发人员200人，研发投入占营收的比例为15%。",
])
def test_no_share_where_the_words_state_none(sentence):
    assert not [r for r in rels(doc(sentence), "percent-of") if r.confidence >= 0.7]


@pytest.mark.parametrize("sentence, verdict", [
    ("Women made up 47% of new hires — 329 of 700 — compared with 41% a year earlier.", "consistent"),
    ("Women made up 45% of new hires — 329 of 700 — compared with 41% a year earlier.", "inconsistent"),
    ("Women made up 47% of new hires (329 of 700).", "consistent"),
])
def test_a_share_with_its_part_and_whole_in_an_aside(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="percent-of") == [verdict]


def test_no_share_from_an_aside_of_other_numbers():
    sentence = "The model won 47% of games — 329 of them in 2023 — and 700 of its matches were draws."
    assert not [r for r in rels(doc(sentence), "percent-of") if r.confidence >= 0.7]


# -- a list after "includes" / 包括 may name only some parts (relations_prose.sentence_sums) --
@pytest.mark.parametrize("sentence, verdict", [
    ("The $1.2 trillion package includes $550 billion in new spending and $650 billion in approved funds.",
     "consistent"),
    # parts that add to more than their whole are wrong, listed in full or not
    ("The $1.2 trillion package includes $550 billion in new spending and $750 billion in approved funds.",
     "inconsistent"),
    ("本次投资总额 120 亿元，包括设备投资 55 亿元和厂房建设 65 亿元。", "consistent"),
])
def test_an_included_list_that_adds_up_or_exceeds(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="written-sum") == [verdict]


def test_an_included_list_short_of_its_total_may_be_partial():
    sentence = "The $1.2 trillion package includes $550 billion in new spending and $150 billion in tax credits."
    assert not [r for r in rels(doc(sentence), "written-sum") if r.confidence >= 0.7]


@pytest.mark.parametrize("sentence, verdict", [
    ("Of the 500 prompts, 430 were answered correctly, an accuracy of 86%.", "consistent"),
    ("Of the 500 prompts, 430 were answered correctly, an accuracy of 82%.", "inconsistent"),
    ("500 道题中答对 430 道，正确率 86%。", "consistent"),
    ("500 道题中答对 430 道，正确率 80%。", "inconsistent"),
])
def test_a_share_named_by_its_rate(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="percent-of") == [verdict]


def test_a_growth_rate_is_no_share():
    assert not [r for r in rels(doc("500 家企业中有 430 家盈利，增长率 12%。"), "percent-of") if r.confidence >= 0.7]


# -- the parts in the sentence after the total, opening with 其中 (relations_prose.parts_next_sentence) --
@pytest.mark.parametrize("sentence, verdict", [
    ("全年地区生产总值 5,862.4 亿元，比上年增长 5.6%。其中，第一产业增加值 234.5 亿元，第二产业增加值 2,180.7 亿元，"
     "第三产业增加值 3,447.2 亿元。", "consistent"),
    # parts adding to more than their whole are wrong, listed in full or not
    ("全年地区生产总值 5,862.4 亿元。其中，第一产业增加值 334.5 亿元，第二产业增加值 2,180.7 亿元，"
     "第三产业增加值 3,447.2 亿元。", "inconsistent"),
])
def test_parts_after_qizhong_in_the_next_sentence(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="written-sum") == [verdict]


def test_parts_after_qizhong_short_of_the_total_may_be_some_of_them():
    sentence = "全年地区生产总值 5,862.4 亿元。其中，第二产业增加值 2,180.7 亿元，第三产业增加值 3,447.2 亿元。"
    assert not [r for r in rels(doc(sentence), "written-sum") if r.confidence >= 0.7]
