"""Relations of session 16. Sentences and tables written for these tests in the shapes of model cards and
infrastructure reports (not copied)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_relations_rules import rels, verdicts

from claimaudit.extract.document import analyse
from claimaudit.extract.mentions import extract_mentions
from claimaudit.extract.relations import find_relations


def found(text: str) -> list[str]:
    """Each audited relation as 'kind: target = formula' in the printed values."""
    d = analyse(text)
    ms = extract_mentions(d)
    out = []
    for r in find_relations(d, ms):
        if r.confidence < 0.7 or r.target is None:
            continue
        f = r.formula
        for k in sorted(set(r.parts), reverse=True):
            f = f.replace(f"{{{k}}}", ms[k].printed)
        out.append(f"{r.kind}: {ms[r.target].printed} = {f}")
    return out


SCORES = """# 评测结果

| 模型 | MMBench-X | OCRBench-X |
|---|---|---|
| 映雪-VL-9B | 81.6 | 812 |
| 凌云-VL-8B | 80.9 | 798 |

{prose}
"""


# -- a statement wrapped over lines is one sentence, its names on a line without values too --------------
@pytest.mark.parametrize("prose", [
    "OCRBench-X 上，映雪-VL-9B 比凌云-VL-8B 高 14 分。",
    "OCRBench-X 上，映雪-VL-9B\n比凌云-VL-8B 高 14 分。",
    "OCRBench-X 上，\n映雪-VL-9B 比凌云-VL-8B\n高 14 分。",
])
def test_a_gap_whose_names_are_on_the_line_before(prose: str) -> None:
    assert "change: 14 = 812 - 798" in found(SCORES.format(prose=prose))


def test_a_wrapped_gap_that_does_not_hold_is_reported(tmp_path: Path) -> None:
    text = SCORES.format(prose="OCRBench-X 上，映雪-VL-9B\n比凌云-VL-8B 高 41 分。")
    assert verdicts(tmp_path, text, kind="change") == ["inconsistent"]


def test_a_paragraph_break_still_ends_the_sentence() -> None:
    # the names in one paragraph, the value in the next: no gap is read
    assert not [r for r in found(SCORES.format(prose="OCRBench-X 上，映雪-VL-9B 比凌云-VL-8B\n\n高 14 分。"))
                if r.startswith("change")]


def test_a_sentence_after_a_table_is_still_read_beside_it() -> None:
    # (a blank piece before a sentence is no part of it: the sentence stays right after the table)
    text = ("| Card | Price (US$) | US$ per TFLOPS |\n|---|---|---|\n| AX-400 PCIe | 18,500 | 44.9 |\n"
            "| AX-400 OAM | 24,900 | 51.2 |\n\nThe AX-400 OAM is 14% more expensive per TFLOPS than the AX-400 PCIe.\n"
            "Volume pricing for 64 or more units is available.\n")
    assert any(r.startswith("comparison: 14%") for r in found(text))


# -- "约需": about, before the value it qualifies ----------------------------------------------------------
def test_yue_xu_is_an_approximate_value() -> None:
    ms = extract_mentions(analyse("训练约需 18.1 天。"))
    assert [(m.printed, m.number.relation) for m in ms] == [("约需 18.1 天", "~")]


def test_a_rate_and_a_time_both_approximate_are_checked_once(tmp_path: Path) -> None:
    # both printed "about": one relation over the three values, as printed (no value solved for)
    text = "# 并行\n\n集群总吞吐约 76.6 万 tokens/s，训练 1.2T token 约需 18.1 天。\n"
    got = found(text)
    assert len(got) == 1 and all(v in got[0] for v in ("76.6 万", "1.2T token", "约需 18.1 天")), got
    assert verdicts(tmp_path, text) == ["consistent"]
    assert verdicts(tmp_path, text.replace("18.1", "28.1")) == ["inconsistent"]


# -- a named rate over two counts of one thing only --------------------------------------------------------
def test_a_rate_name_over_counts_of_two_things_is_not_a_share() -> None:
    text = "# 数据\n\n质量打分模型是 1.2 亿参数的分类器，在 4,000 篇人工标注样本上的准确率为 91.5%。\n"
    assert not rels(text, "percent-of")


def test_a_rate_name_over_two_counts_of_one_thing_is_a_share() -> None:
    text = "# 问卷\n\n发放问卷 6,800 份，回收有效问卷 6,250 份，有效回收率 91.9%。\n"
    assert [r.confidence for r in rels(text, "percent-of")] == [0.75]
