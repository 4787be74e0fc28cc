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


# -- two rows compared on the column printed beside the value ---------------------------------------------
DETECTORS = """# Detectors

| Model | mAP@50 | mAP@50:95 | FPS |
|---|---:|---:|---:|
| Kite-DET-S | 61.2 | 38.4 | 142 |
| Kite-DET-M | 66.8 | 42.9 | 88 |
| Kite-DET-L | 69.5 | 45.1 | 51 |

{prose}
"""

RETRIEVERS = """# Retrieval

| Retriever | Recall@5 | nDCG@10 | Latency p50 (ms) |
|---|---|---|---|
| BM25 | 0.612 | 0.447 | 4.1 |
| Dense (e5-base) | 0.703 | 0.521 | 6.8 |
| Hybrid (RRF) | 0.741 | 0.556 | 9.6 |

{prose}
"""

PRECISIONS = """# 推理

| 精度 | 权重显存（GB） | 首 token 延迟（ms） | 输出速度（token/s） |
|---|---|---|---|
| BF16 | 17.9 | 420 | 35.2 |
| INT8 | 9.0 | 365 | 52.8 |
| INT4 | 4.5 | 310 | 71.0 |

{prose}
"""


@pytest.mark.parametrize("table, prose, want", [
    (DETECTORS, "Kite-DET-L gains 2.2 mAP@50:95 over Kite-DET-M.", "change: 2.2 = 45.1 - 42.9"),
    (DETECTORS, "Kite-DET-L gains 2.2 mAP@50:95 over Kite-DET-M at 42% lower FPS.", "comparison: 42% = (88 - 51) / 88"),
    (DETECTORS, "Kite-DET-M trails Kite-DET-L by 2.7 mAP@50.", None),      # (subject first: M below L)
    (RETRIEVERS, "Hybrid retrieval adds 3.8 points of Recall@5 over dense retrieval.",
     "change: 3.8 points = (0.741 - 0.703) * 100"),
    (RETRIEVERS, "BM25 cuts latency by 40% against dense retrieval.", "comparison: 40% = (6.8 - 4.1) / 6.8"),
    (PRECISIONS, "INT4 的输出速度是 BF16 的 2.02 倍。", "comparison: 2.02 倍 = 71.0 / 35.2"),
    (PRECISIONS, "INT4 的输出速度是 BF16 的 2.02 倍，权重显存降低 75%，首 token 延迟降低 26.2%。",
     "comparison: 26.2% = (420 - 310) / 420"),
    (PRECISIONS, "INT8 比 BF16 的首 token 延迟降低了 13.1%。", "comparison: 13.1% = (420 - 365) / 420"),
    # (the sentence's second and third values, after the multiple: the same two rows)
    (PRECISIONS, "INT4 的输出速度是 BF16 的 2.02 倍，权重显存降低 75%。", "comparison: 75% = (17.9 - 4.5) / 17.9"),
])
def test_two_rows_compared_on_the_column_beside_the_value(table: str, prose: str, want: str | None) -> None:
    got = [r for r in found(table.format(prose=prose)) if r.startswith(("change", "ratio", "comparison"))]
    if want is None:
        assert not any("2.7" in r for r in got), got
    else:
        assert want in got, got


@pytest.mark.parametrize("table, prose", [
    # the cells go the other way than the words say: something else is compared
    (DETECTORS, "Kite-DET-L gains 3.1 FPS over Kite-DET-M."),
    (PRECISIONS, "INT4 的权重显存比 BF16 提升 75%。"),
    # no word of comparison names a base
    (DETECTORS, "Kite-DET-L and Kite-DET-M differ by 2.2 mAP@50:95."),
    # far from any reading of the two cells: another comparison, not a slip
    (PRECISIONS, "INT4 的输出速度是 BF16 的 20 倍。"),
    # no column beside the value
    (DETECTORS, "Kite-DET-L is 42% slower than Kite-DET-M on the edge box."),
])
def test_two_rows_named_without_a_reading_give_nothing(table: str, prose: str) -> None:
    assert not [r for r in found(table.format(prose=prose)) if "beside" in r or r.startswith("ratio")], \
        found(table.format(prose=prose))


@pytest.mark.parametrize("table, prose, kind, verdict", [
    (DETECTORS, "Kite-DET-L gains 2.2 mAP@50:95 over Kite-DET-M.", "change", "consistent"),
    (DETECTORS, "Kite-DET-L gains 2.9 mAP@50:95 over Kite-DET-M.", "change", "inconsistent"),
    (RETRIEVERS, "Hybrid retrieval adds 3.8 points of Recall@5 over dense retrieval.", "change", "consistent"),
    (RETRIEVERS, "BM25 cuts latency by 66% against dense retrieval.", "comparison", "inconsistent"),
    (PRECISIONS, "INT4 的输出速度是 BF16 的 2.02 倍，权重显存降低 75%。", "comparison", "consistent consistent"),
    (PRECISIONS, "INT4 的输出速度是 BF16 的 2.02 倍，首 token 延迟降低 35.5%。", "comparison",
     "consistent inconsistent"),
])
def test_two_rows_compared_verdicts(tmp_path: Path, table: str, prose: str, kind: str, verdict: str) -> None:
    assert verdicts(tmp_path, table.format(prose=prose), kind=kind) == verdict.split()


VERSIONS = """# 评测

| 基准 | v3.0 | v3.1 | v3.2 |
|---|---|---|---|
| HumanEval-X | 78.0 | 80.5 | 83.9 |
| SQL-X | 63.0 | 64.4 | 64.1 |
| **平均** | **63.7** | **66.4** | **68.7** |

{prose}
"""

YEARS = """# Results

| | 2023 | 2024 |
|---|---|---|
| Revenue ($M) | 412.0 | 463.5 |
| Operating margin | 18.2% | 19.0% |

{prose}
"""


@pytest.mark.parametrize("table, prose, want", [
    (VERSIONS, "- v3.2 的平均分比 v3.0 高 5.0 分。", "change: 5.0 = 68.7 - 63.7"),
    (VERSIONS, "- v3.2 的 HumanEval-X 比 v3.0 提高 5.9 分。", "change: 5.9 = 83.9 - 78.0"),
    (YEARS, "Revenue rose 12.5% in 2024 over 2023.", "comparison: 12.5% = (463.5 - 412.0) / 412.0"),
])
def test_two_columns_compared_on_the_row_beside_the_value(table: str, prose: str, want: str) -> None:
    assert want in found(table.format(prose=prose))


def test_two_columns_compared_verdict(tmp_path: Path) -> None:
    text = VERSIONS.format(prose="- v3.2 的平均分比 v3.0 高 5.9 分。")
    assert verdicts(tmp_path, text, kind="change") == ["inconsistent"]
    # (the gap's direction against the cells: v3.2 is below v3.1 on SQL-X, "高" there compares something else)
    assert not [r for r in found(VERSIONS.format(prose="- v3.2 的 SQL-X 比 v3.1 高 0.3 分。")) if "0.3" in r]


def test_a_row_named_as_another_comparisons_object_is_no_subject() -> None:
    table = ("# 对比\n\n| 分词器 | 新闻 | 代码 |\n|---|---|---|\n| 竞品 A | 1.52 | 3.21 |\n| 竞品 B | 1.48 | 2.95 |\n"
             "\n{prose}\n")
    assert not [r for r in found(table.format(prose="代码上本版不及竞品 A，但比竞品 B 高 3.7%。")) if "3.7%" in r]
    assert [r for r in found(table.format(prose="代码上竞品 A 比竞品 B 高 8.8%。")) if "8.8%" in r]


def test_several_bases_each_before_its_value(tmp_path: Path) -> None:
    table = ("# 并行\n\n| 方案 | 卡数 | 吞吐（tokens/s/卡） |\n|---|---|---|\n| 方案 A | 1,024 | 702 |\n"
             "| 方案 B | 1,024 | 748 |\n| 方案 C | 1,024 | 655 |\n\n{prose}\n")
    text = table.format(prose="方案 B 的单卡吞吐最高，比方案 A 高 6.6%，比方案 C 高 12.4%。")
    assert "comparison: 6.6% = (748 - 702) / 702" in found(text)
    assert "comparison: 12.4% = (748 - 655) / 655" in found(text)
    assert verdicts(tmp_path, text, kind="comparison") == ["consistent", "inconsistent"]


def test_a_measure_by_its_spelled_out_name_and_a_copula() -> None:
    table = ("# Pruning\n\n| Method | Pruning time (min) | Wiki-X PPL | Zero-shot avg |\n|---|---|---|---|\n"
             "| PruneLite | 38 | 7.35 | 59.4 |\n| **Shears** | 11 | **6.71** | **61.0** |\n\n{prose}\n")
    got = found(table.format(prose="Shears beats PruneLite: its perplexity is 8.7% lower, and its zero-shot\n"
                                   "average is 1.6 points higher."))
    assert "comparison: 8.7% = (7.35 - 6.71) / 7.35" in got and "change: 1.6 points = 61.0 - 59.4" in got, got


# -- a Total cell between its parts is a pooled or mean value, not a sum --------------------------------------
KAPPA = """# Agreement

| Label | Doubly annotated | Agree | κ |
|---|---:|---:|---:|
| Helpfulness | 6,000 | 4,920 | 0.64 |
| Harmlessness | 6,000 | 5,310 | 0.71 |
| Factuality | 4,000 | 2,980 | 0.49 |
| Overall | 16,000 | {agree} | 0.62 |
"""


def test_a_total_between_its_parts_is_no_audited_sum(tmp_path: Path) -> None:
    got = found(KAPPA.format(agree="13,210"))
    assert not [r for r in got if r.startswith("table-total: 0.62")], got
    assert "table-total: 13,210 = 4,920 + 5,310 + 2,980" in got
    # the sums of the count columns are still audited, and a wrong one reported
    assert verdicts(tmp_path, KAPPA.format(agree="13,120"), kind="table-total") == ["consistent", "inconsistent"]


def test_a_part_with_a_unit_is_no_share_of_a_bare_count() -> None:
    assert not rels("# 通信\n\n四类通信中共有 1,310 ms 被计算掩盖，重叠率为 56.7%。\n", "percent-of")
    # (a bare part elides the whole's unit)
    text = "# Card\n\nOf the model's 70 billion parameters, 8.4 billion (12%) sit in the embedding layers.\n"
    assert [r.kind for r in rels(text, "percent-of")] == ["percent-of"]


# -- a Total row's derived cell read from a misprinted Total cell ---------------------------------------------
TOKENS = """# Compression

Reduction is 1 − new tokens / old tokens.

| Language | Tokens, 64k (M) | Tokens, 128k (M) | Reduction |
|---|---:|---:|---:|
| English | 118.0 | 109.6 | 7.1% |
| German | 82.4 | 71.5 | 13.2% |
| Chinese | 190.5 | 121.0 | 36.5% |
| **Total** | **390.9** | **{total}** | **{reduction}** |
"""


@pytest.mark.parametrize("total, reduction, want", [
    ("302.1", "22.7%", ["consistent", "consistent"]),       # (the change column's cells are checked as well)
    ("320.1", "22.7%", ["inconsistent", "consistent"]),     # the misprinted Total reported once, by its sum
    ("302.1", "18.1%", ["consistent", "inconsistent"]),     # the pooled reduction wrong on the sums
])
def test_a_total_rows_derived_cell_is_read_on_the_column_sums(tmp_path: Path, total: str, reduction: str,
                                                             want: list[str]) -> None:
    text = TOKENS.format(total=total, reduction=reduction)
    got = verdicts(tmp_path, text, kind="table-total")[1:2] + [
        v for v, r in zip(verdicts(tmp_path, text, kind="change"), [r for r in rels(text, "change")
                                                                    if r.confidence >= 0.7], strict=True)
        if "22.7%" in r.quote or "18.1%" in r.quote or r.quote.startswith("| **Total**")]
    assert got == want, got


# -- an Avg. column over a run of the columns ------------------------------------------------------------------
EMBED = """# Results

| Model | Params | Dim | Retr. | Rerank | STS | Avg. |
|---|---:|---:|---:|---:|---:|---:|
| Embed-S | 110M | 384 | 51.8 | 57.2 | 80.6 | 63.2 |
| Embed-B | 335M | 768 | 55.4 | 59.0 | 82.3 | 65.6 |
| Embed-L | 1.2B | 1024 | 58.9 | 60.4 | 83.9 | {avg} |
"""


def test_an_average_column_over_the_scores_not_the_dimension(tmp_path: Path) -> None:
    got = found(EMBED.format(avg="67.7"))
    assert "row-average: 63.2 = (51.8 + 57.2 + 80.6) / 3" in got, got
    assert verdicts(tmp_path, EMBED.format(avg="67.7"), kind="row-average") == ["consistent"] * 3
    # one row off: the run still holds in the others, and that row is the finding
    assert verdicts(tmp_path, EMBED.format(avg="66.7"), kind="row-average") == ["consistent", "consistent",
                                                                                 "inconsistent"]


def test_no_run_of_the_columns_holds_in_most_rows() -> None:
    text = EMBED.format(avg="67.7").replace("| 63.2 |", "| 70.1 |").replace("| 65.6 |", "| 59.3 |")
    assert all(r.confidence < 0.7 for r in rels(text, "row-average"))


# -- a weighted mean's row: its counts summed, its scores weighted by them, its shares over its count ----------
WEIGHTED = """# 按语言

占比 = 题数 ÷ 900。

| 语言 | 题数 | 占比 | pass@1 |
|---|---:|---:|---:|
| Python | 220 | 24.4% | 68.2 |
| C++ | 180 | 20.0% | 55.6 |
| Java | 160 | {java} | 60.0 |
| JavaScript | 140 | 15.6% | 62.1 |
| Go | 100 | 11.1% | 51.0 |
| SQL | 100 | 11.1% | 73.0 |
| 加权平均 | 900 | 100% | {mean} |
"""


def test_a_weighted_rows_counts_are_summed_and_its_score_weighted(tmp_path: Path) -> None:
    text = WEIGHTED.format(java="17.8%", mean="61.9")
    got = found(text)
    assert "table-total: 900 = 220 + 180 + 160 + 140 + 100 + 100" in got
    assert any(r.startswith("row-average: 61.9 = (220 * 68.2 + 180 * 55.6") for r in got), got
    assert verdicts(tmp_path, text, kind="row-average") == ["consistent"]
    # the plain mean (61.65) is no reading of a weighted row: a wrong weighted mean is the finding
    assert verdicts(tmp_path, WEIGHTED.format(java="17.8%", mean="61.6"), kind="row-average") == ["inconsistent"]


def test_a_misprinted_share_is_reported_once(tmp_path: Path) -> None:
    text = WEIGHTED.format(java="18.7%", mean="61.9")
    shares = verdicts(tmp_path, text, kind="percent-of")
    assert shares.count("inconsistent") == 1 and len(shares) == 6
    # the column's 100% read on the share its count gives, not again on the misprint
    assert verdicts(tmp_path, text, kind="table-total") == ["consistent", "consistent"]


@pytest.mark.parametrize("text, kind", [
    ("The new kernel needs 7.0 GB versus 13.5 GB, 48% less.", "comparison"),
    ("Revenue was 12% higher at $4.2 billion, compared with $3.75 billion a year earlier.", "change"),
])
def test_side_by_side_is_a_comparison_and_over_time_a_change(tmp_path: Path, text: str, kind: str) -> None:
    # "versus"/"instead of" set two things side by side; "compared with … a year earlier" is one thing
    # over time: the same relative-change formula, told apart by its kind
    assert verdicts(tmp_path, text, kind=kind) == ["consistent"]
