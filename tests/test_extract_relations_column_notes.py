"""A note by a table saying how a column is made from others ("注：满意率为“非常满意”与“比较满意”之和",
"Total is the sum of Input and Output"): every row's cell of that column is the sum of the named columns'.
Tables written for these tests in the shape survey summaries print them (not copied from any document)."""

from __future__ import annotations

import pytest
from test_relations_rules import rels, verdicts

SURVEY = """# 满意度

| 通勤方式 | 非常满意 | 比较满意 | 一般 | 满意率 |
|---|---:|---:|---:|---:|
| 地铁 | 42.5% | 38.1% | 19.4% | 80.6% |
| 公交 | 21.3% | 39.6% | 39.1% | {bus} |
| 小汽车 | 18.9% | 35.2% | 45.9% | 54.1% |

{note}
"""


@pytest.mark.parametrize("note", ["注：满意率为“非常满意”与“比较满意”之和。",
                                  '注：满意率为"非常满意"和"比较满意"之和。'])
def test_a_note_names_the_columns_a_column_sums(tmp_path, note):
    text = SURVEY.format(bus="60.9%", note=note)
    assert len([r for r in rels(text, "row-total") if "the note" in r.evidence]) == 3
    assert verdicts(tmp_path, text, kind="row-total") == ["consistent"] * 3
    # 21.3% + 39.6% is 60.9%: a row printing 61.9% is the finding
    assert verdicts(tmp_path, SURVEY.format(bus="61.9%", note=note), kind="row-total").count("inconsistent") == 1


@pytest.mark.parametrize("note", [
    "注：满意率为“非常满意”与“满意”之和。",       # no column headed 满意
    "注：满意率与“非常满意”之和无关。",            # no sum stated
    "",
])
def test_no_sum_without_a_note_naming_every_column(note):
    assert not [r for r in rels(SURVEY.format(bus="60.9%", note=note), "row-total") if "the note" in r.evidence]


def test_a_note_in_another_section_says_nothing_of_the_table():
    text = SURVEY.format(bus="60.9%", note="## 附注\n\n满意率为“非常满意”与“比较满意”之和。")
    assert not [r for r in rels(text, "row-total") if "the note" in r.evidence]


BILL = """# Cost

| Item | Input | Output | Billed |
|---|---|---|---|
| Chat | 10,800 | 14,400 | 25,200 |
| Search | 1,800 | 2,400 | {search} |

Billed is the sum of Input and Output.
"""


def test_an_english_note(tmp_path):
    assert verdicts(tmp_path, BILL.format(search="4,200"), kind="row-total") == ["consistent"] * 2
    assert verdicts(tmp_path, BILL.format(search="4,100"), kind="row-total") == ["consistent", "inconsistent"]


def test_a_note_of_many_separators_is_read_in_linear_time():
    # names hold no separator, so a note of thousands of 和 has one split (before, each 和 could end a
    # name or start the next: 22 of them took 50 ms, 40 would have taken minutes)
    text = SURVEY.format(bus="60.9%", note="注：满意率为" + "和" * 5000 + "。\n\nTotal is " + "a and " * 3000 + "x.")
    assert not [r for r in rels(text, "row-total") if "the note" in r.evidence]
