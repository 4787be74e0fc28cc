"""Gaps in points to a row the document's table holds, named without its value: "scores 64.8 on MMLU, 1.3
points below Kestrel-3-8B and 2.3 points above Osprey-7B-v0.3" in the highlights above a results table;
"比玄鸟-2-13B 高 7.1 个百分点", "领先白泽-14B-v1.5 2.7 分", "仅比白泽-14B-v1.5 低 0.8 分". Cards written for
these tests in the shape model cards print them (not copied from any card)."""

from __future__ import annotations

import pytest
from test_relations_rules import rels, verdicts

CARD = """# Corvid-7B

**Highlights**

- {sentence}

## Evaluation

| Model | MMLU (5-shot) | GSM8K (8-shot) | Avg. |
|---|---|---|---|
| **Corvid-7B v1.2** | **64.8** | **58.2** | **61.5** |
| Kestrel-3-8B | 66.1 | 55.4 | 60.8 |
| Osprey-7B-v0.3 | 62.5 | 49.8 | 56.2 |
"""

ZH = """# 青鸾-13B

- {sentence}

## 评测

| 模型 | C-Eval | CMMLU | 平均 |
|---|---|---|---|
| 青鸾-13B v2.0 | 72.4 | 73.9 | 73.2 |
| 玄鸟-2-13B | 65.3 | 70.1 | 67.7 |
| 白泽-14B-v1.5 | 70.2 | 71.2 | 70.7 |
"""


@pytest.mark.parametrize("card, sentence, want", [
    (CARD, "Corvid-7B scores 64.8 on MMLU, 1.3 points below Kestrel-3-8B and 2.3 points above Osprey-7B-v0.3.",
     ["consistent", "consistent"]),
    (CARD, "Corvid-7B scores 64.8 on MMLU, 1.3 points above Kestrel-3-8B.", ["inconsistent"]),   # the wrong way
    (CARD, "Corvid-7B scores 64.8 on MMLU, 3.3 points above Osprey-7B-v0.3.", ["inconsistent"]),
    (ZH, "青鸾-13B 在 C-Eval 上取得 72.4 分，比玄鸟-2-13B 高 7.1 个百分点。", ["consistent"]),
    (ZH, "在 CMMLU 上得分 73.9，领先白泽-14B-v1.5 2.7 分。", ["consistent"]),
    (ZH, "平均分 73.2，比白泽-14B-v1.5 高 3.5 分。", ["inconsistent"]),
])
def test_a_gap_to_a_named_row_of_the_table(tmp_path, card, sentence, want):
    text = card.format(sentence=sentence)
    got = [r for r in rels(text, "change") if "a gap in points to" in r.evidence]
    assert len(got) == len(want)
    assert [v for r, v in zip(rels(text, "change"), verdicts(tmp_path, text, kind="change"), strict=True)
            if "a gap in points to" in r.evidence] == want


@pytest.mark.parametrize("sentence", [
    "Corvid-7B scores 64.8 on GSM8K, 1.3 points below Kestrel-3-8B.",   # 64.8 is no GSM8K cell
    "Corvid-7B scores 65.0 on MMLU, 1.1 points below Kestrel-3-8B.",    # 65.0 is no cell: another setting
    "Corvid-7B is 1.3 points below Kestrel-3-8B on MMLU.",              # no value to measure from
    "Corvid-7B scores 64.8 on MMLU, 1.3 points below the Kestrel family.",   # no row named whole
])
def test_no_gap_without_the_value_and_the_row(sentence):
    assert not [r for r in rels(CARD.format(sentence=sentence), "change") if "a gap in points to" in r.evidence]
