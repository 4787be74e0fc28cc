"""Funnel tables: a column of counts each step narrows, and a column of percentages against the row before,
removed ("本阶段过滤比例") or kept ("Conversion"). Tables written for these tests in the shape dataset cards
and product reports print them (not copied from any document)."""

from __future__ import annotations

import pytest
from test_relations_rules import rels, verdicts

PIPELINE = """# 清洗流程

| 阶段 | 剩余文档（万） | {head} |
|---|---:|---:|
| 原始抓取 | 21,000 | – |
| 去重 | 14,700 | 30.0% |
| 质量过滤 | 8,820 | {second} |
| 近似去重 | 5,000 | 43.3% |
"""

FUNNEL = """# Funnel

| Step | Users | Conversion |
|---|---:|---:|
| Visited | 40,000 | – |
| Signed up | 12,000 | 30.0% |
| Activated | 6,000 | 50.0% |
| Paid | 1,500 | 25.0% |
"""


@pytest.mark.parametrize("head", ["本阶段过滤比例", "Filtered", "比例"])
def test_a_share_removed_against_the_row_before(tmp_path, head):
    assert verdicts(tmp_path, PIPELINE.format(head=head, second="40.0%"), kind="change") == ["consistent"] * 3


def test_a_wrong_step_under_a_header_that_names_it(tmp_path):
    # (14,700 - 8,820) / 14,700 is 40.0%
    got = verdicts(tmp_path, PIPELINE.format(head="本阶段过滤比例", second="45.0%"), kind="change")
    assert got.count("inconsistent") == 1 and len(got) == 3
    # with no header saying so, a column one cell of which misses is no funnel
    assert not rels(PIPELINE.format(head="比例", second="45.0%"), "change")


def test_a_share_kept(tmp_path):
    assert verdicts(tmp_path, FUNNEL, kind="change") == ["consistent"] * 3


def test_no_funnel_of_shares_of_the_whole():
    # shares of the first row, not of the row before: 12,000 / 40,000, 6,000 / 40,000, 1,500 / 40,000
    text = FUNNEL.replace("50.0%", "15.0%").replace("25.0%", "3.8%").replace("Conversion", "Share")
    assert not rels(text, "change")
