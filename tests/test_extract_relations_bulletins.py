"""Statistics bulletins: a total row whose label carries a qualifier ("合计（五大行业）"), a growth-rate column
named anywhere in its header ("现价增长（%）"), tables grouping their rows under a rowspan ("先进制造业" over
电子信息, 新能源汽车 …), and "X 是 Y 的 N 倍" / "N times as high as" between two rows. Tables and sentences
written for these tests in the shape statistics bulletins print them (not copied from any document)."""

from __future__ import annotations

import pytest
from test_relations_rules import rels, verdicts

GROUPED = """# 公报

## 四、工业

<table>
<tr><th>类别</th><th>行业</th><th>增加值（亿元）</th></tr>
<tr><td rowspan="3">先进制造业</td><td>电子信息</td><td>412.3</td></tr>
<tr><td>新能源汽车</td><td>286.9</td></tr>
<tr><td>高端装备</td><td>198.5</td></tr>
<tr><td rowspan="2">传统产业</td><td>化工</td><td>176.2</td></tr>
<tr><td>纺织服装</td><td>94.6</td></tr>
<tr><td colspan="2">{total_label}</td><td>{total}</td></tr>
</table>

{sentence}
"""


def grouped(sentence: str = "", total: str = "1,168.5", total_label: str = "合计（五大行业）") -> str:
    return GROUPED.format(sentence=sentence, total=total, total_label=total_label)


@pytest.mark.parametrize("label", ["合计（五大行业）", "Total (all segments)", "合计"])
def test_a_total_row_whose_label_carries_a_qualifier(tmp_path, label):
    assert verdicts(tmp_path, grouped(total_label=label), kind="table-total") == ["consistent"]
    assert verdicts(tmp_path, grouped(total="1,186.5", total_label=label), kind="table-total") == ["inconsistent"]


@pytest.mark.parametrize("label", ["合计（五大行业）以外", "Total (a) and (b)", "合计收入"])
def test_no_total_for_a_label_that_only_starts_with_a_total_word(label):
    assert not rels(grouped(total_label=label), "table-total")


@pytest.mark.parametrize("sentence, verdict", [
    ("新能源汽车增加值是纺织服装的 3.0 倍。", "consistent"),
    ("新能源汽车增加值是纺织服装的 3.5 倍。", "inconsistent"),      # 286.9 / 94.6 = 3.03
])
def test_a_multiple_between_rows_named_by_a_grouped_tables_own_names(tmp_path, sentence, verdict):
    text = grouped(sentence)
    [r] = rels(text, "comparison")
    assert "'新能源汽车' and '纺织服装'" in r.evidence
    assert verdicts(tmp_path, text, kind="comparison") == [verdict]


SPEED = """# Throughput

| Model | Throughput (tokens/s) |
|---|---|
| Tern-7B | 2,450 |
| Base-7B | 790 |

{sentence}
"""


@pytest.mark.parametrize("sentence, verdict", [
    ("Tern-7B's throughput is 3.1 times as high as Base-7B's.", "consistent"),
    ("Tern-7B's throughput is 2.1 times as high as Base-7B's.", "inconsistent"),
    ("Tern-7B 的吞吐量是 Base-7B 的 3.1 倍。", "consistent"),
    # X is N times Y: the first over the second, never the larger over the smaller
    ("Base-7B 的吞吐量是 Tern-7B 的 3.1 倍。", "inconsistent"),
])
def test_x_is_n_times_y(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, SPEED.format(sentence=sentence), kind="comparison") == [verdict]


GROWTH = """# 公报

<table>
<tr><th rowspan="2">产业</th><th colspan="2">增加值（亿元）</th><th rowspan="2">{head}</th></tr>
<tr><th>2024 年</th><th>2023 年</th></tr>
<tr><td>第一产业</td><td>234.5</td><td>228.9</td><td>2.4</td></tr>
<tr><td>第二产业</td><td>2,180.7</td><td>2,096.5</td><td>4.0</td></tr>
<tr><td>第三产业</td><td>3,447.2</td><td>3,191.9</td><td>{third}</td></tr>
<tr><td>地区生产总值</td><td>5,862.4</td><td>5,517.3</td><td>6.3</td></tr>
</table>
"""


@pytest.mark.parametrize("head", ["现价增长（%）", "比上年增长（%）", "Growth (%)", "增速（%）"])
def test_a_growth_column_named_anywhere_in_its_header(tmp_path, head):
    # (of four rows or more under such a header, one cell may miss the reading: that cell is the finding)
    assert set(verdicts(tmp_path, GROWTH.format(head=head, third="8.0"), kind="change")) == {"consistent"}
    assert verdicts(tmp_path, GROWTH.format(head=head, third="9.0"), kind="change").count("inconsistent") == 1


def test_no_growth_column_without_its_percent():
    # "增长点" / a growth column in other units says nothing of the two columns' relative change
    assert not rels(GROWTH.format(head="增长点", third="8.0"), "change")
