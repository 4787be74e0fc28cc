"""Trial reports and surveys: cells of a count and its percentage under a header naming the group's n
("92 (43.0%)" under "50 mg (n = 214)"), a total row over two breakdowns of one whole (by sex, then by age),
a rate that is a share named before its percentage ("有效回收率 91.9%", "a response rate of 91.9%"), and a
change against a year named in the comparison ("比2022年的36.0分钟增加2.4分钟，增长6.7%"). Tables and
sentences written for these tests in the shapes such reports print (not copied from any document)."""

from __future__ import annotations

import pytest
from test_relations_rules import rels, verdicts

ARMS = """# Results

| Adverse event | 50 mg (n = 214) | 100 mg (n = 215) | Placebo (n = 213) |
|---|---|---|---|
| Any adverse event | 118 (55.1%) | 131 (60.9%) | 97 (45.5%) |
| Nausea | 31 (14.5%) | 44 (20.5%) | 12 (5.6%) |
| Stopped treatment | 9 (4.2%) | {stopped} | 4 (1.9%) |
"""


def test_count_and_percent_cells_over_the_columns_n(tmp_path):
    text = ARMS.format(stopped="16 (7.4%)")
    got = rels(text, "percent-of")
    assert len(got) == 9 and {r.given["n"] for r in got} == {"214", "215", "213"}
    assert set(verdicts(tmp_path, text, kind="percent-of")) == {"consistent"}


def test_a_percentage_over_another_base_is_the_finding(tmp_path):
    # 16 / 215 is 7.4%; 8.6% is 16 over 186 (those who completed): the slip such tables make
    assert verdicts(tmp_path, ARMS.format(stopped="16 (8.6%)"), kind="percent-of").count("inconsistent") == 1


@pytest.mark.parametrize("table", [
    # no n in the headers: the percentages are of something not printed
    "| Event | 50 mg | Placebo |\n|---|---|---|\n| Any | 118 (55.1%) | 97 (45.5%) |\n"
    "| Nausea | 31 (14.5%) | 12 (5.6%) |\n",
    # most cells miss over the header's n: the percentages are of another group (responders)
    "| Event | A (n = 214) | B (n = 213) |\n|---|---|---|\n| Any | 118 (75.1%) | 97 (65.5%) |\n"
    "| Nausea | 31 (24.5%) | 12 (5.6%) |\n",
    # a cell holding more than a count and a percentage
    "| Event | A (n = 214) | B (n = 213) |\n|---|---|---|\n| Any | 118 (55.1%), 3 severe | 97 (45.5%), 1 severe |\n"
    "| Nausea | 31 (14.5%), 2 severe | 12 (5.6%), 0 severe |\n",
])
def test_no_count_cells_without_the_groups_n(table):
    assert not [r for r in rels(f"# Results\n\n{table}", "percent-of") if "names n" in r.evidence]


SAMPLE = """# 样本构成

| 分组 | 样本量（人） | 占比 |
|---|---:|---:|
| 男 | 3,075 | 49.2% |
| 女 | 3,175 | 50.8% |
| 18–29岁 | 1,400 | 22.4% |
| 30–44岁 | 2,125 | 34.0% |
| 45–59岁 | 1,750 | 28.0% |
| 60岁及以上 | {last} | 15.6% |
| 合计 | 6,250 | 100% |
"""


def test_a_total_over_two_breakdowns_of_one_whole(tmp_path):
    got = rels(SAMPLE.format(last="975"), "table-total")
    assert len(got) == 4 and all("breakdowns" in r.evidence for r in got)
    assert set(verdicts(tmp_path, SAMPLE.format(last="975"), kind="table-total")) == {"consistent"}


def test_a_breakdown_that_misses_its_total_is_read_as_one_sum(tmp_path):
    # 1,400 + 2,125 + 1,750 + 985 is not 6,250: no second breakdown, so the column is one (wrong) sum
    got = [r for r in rels(SAMPLE.format(last="985"), "table-total") if "样本量" in r.evidence]
    assert len(got) == 1 and "breakdowns" not in got[0].evidence


@pytest.mark.parametrize("sentence, verdict", [
    ("本次调查发放问卷6,800份，回收有效问卷6,250份，有效回收率91.9%。", "consistent"),
    ("本次调查发放问卷6,800份，回收有效问卷6,250份，有效回收率93.9%。", "inconsistent"),
    ("We sent 6,800 questionnaires and received 6,250 valid responses, a response rate of 91.9%.", "consistent"),
    ("全市 420 所学校中 399 所达标，达标率为 95%。", "consistent"),
])
def test_a_rate_that_is_a_share_of_its_two_counts(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, f"# Survey\n\n{sentence}\n", kind="percent-of") == [verdict]


@pytest.mark.parametrize("sentence", [
    "营收 80 亿元，同比增长 12 亿元，增长率 17.6%。",         # a rate of change, not a share
    "The loan of $6,800 was repaid with $6,250, an interest rate of 8%.",
    "全市 420 所学校中 399 所达标，达标率为 95%，比上年提高 2 个百分点。",   # a fourth value: not read
])
def test_no_share_for_other_rates(sentence):
    assert not [r for r in rels(f"# Survey\n\n{sentence}\n", "percent-of") if "rate that is a share" in r.evidence]


@pytest.mark.parametrize("sentence, kinds", [
    ("平均通勤时间为38.4分钟，比2022年的36.0分钟增加2.4分钟，增长6.7%。", {"change", "difference"}),
    ("营业成本 92 亿元，较2023年同期的 84.5 亿元增加 7.5 亿元。", {"difference"}),
])
def test_a_year_named_in_the_comparison(tmp_path, sentence, kinds):
    text = f"# Results\n\n{sentence}\n"
    assert {r.kind for r in rels(text, "change") + rels(text, "difference")} == kinds
    assert set(verdicts(tmp_path, text)) == {"consistent"}


@pytest.mark.parametrize("sentence, verdict", [
    ("Odell's 2,153 points were 23.0% of the team's total (9,361).", "consistent"),
    ("Odell's 2,153 points were 25.0% of the team's total (9,361).", "inconsistent"),
    ("Sales of 400 units were 10% of the total (4,000).", "consistent"),
])
def test_a_share_whose_whole_follows_its_name_in_parentheses(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, f"# Season\n\n{sentence}\n", kind="percent-of") == [verdict]


def test_a_whole_number_of_points_beyond_a_hundred_is_a_count():
    from support import mentions as found
    [(printed, value, unit)] = found("Odell scored 2,153 points.")
    assert (printed, value, unit) == ("2,153 points", 2153, "")
    assert found("MMLU rose 5.2 points.")[0][2] == "percentage_point"
