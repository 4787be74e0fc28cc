"""A count per unit of time, a time and the count it makes (extract.relations_rate_time), and rates
converted in words ("adds up to"). Sentences written for these tests in the shapes of factory notes,
training logs and school exercises."""

from __future__ import annotations

import pytest
from test_relations_rules import rels, verdicts


def doc(sentence: str) -> str:
    return f"# Notes\n\n{sentence}\n"


@pytest.mark.parametrize("sentence, verdict", [
    ("该灌装线每分钟灌装120瓶，一个8小时班次可灌装57600瓶。", "consistent"),
    ("该灌装线每分钟灌装120瓶，一个8小时班次可灌装52800瓶。", "inconsistent"),
    ("打印机每分钟打印30页，打印450页需要15分钟。", "consistent"),
    ("打印机每分钟打印30页，打印450页需要18分钟。", "inconsistent"),
    ("以每秒1600张图像的速度计算，96万张图像跑完一个epoch需要10分钟。", "consistent"),
    ("The line fills 120 bottles per minute, or 57,600 bottles in an 8-hour shift.", "consistent"),
    ("At 1,600 images per second, one epoch of 960,000 images takes 10 minutes.", "consistent"),
    ("At 1,600 images per second, one epoch of 960,000 images takes 16 minutes.", "inconsistent"),
])
def test_a_count_from_a_rate_and_a_time(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="rate") == [verdict]


@pytest.mark.parametrize("sentence", [
    # the count made counts other things than the rate
    "打印机每分钟打印30页，450名员工工作了15分钟。",
    # two times: which one the count took is not said
    "The line fills 120 bottles per minute; a shift of 8 hours and a break of 30 minutes make 57,600 bottles.",
    # no time
    "At 1,600 images per second, one epoch has 960,000 images.",
])
def test_no_rate_and_time_without_the_same_things_and_one_time(sentence):
    assert not [r for r in rels(doc(sentence), "rate") if r.confidence >= 0.7]


@pytest.mark.parametrize("sentence, verdict", [
    ("A leak of 3 ml per second adds up to 259.2 litres a day.", "consistent"),
    ("A leak of 3.0 ml per second adds up to 300 litres a day.", "inconsistent"),   # (3 ml: 2.5–3.5)
])
def test_a_rate_converted_in_words(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="conversion") == [verdict]


def test_adds_up_to_is_no_bound():
    from claimaudit.extract.document import analyse
    from claimaudit.extract.mentions import extract_mentions

    ms = extract_mentions(analyse(doc("The bill adds up to $40, up to $50 with tips."), "x.md"))
    assert [m.number.relation for m in ms] == ["=", "<="]
