"""Relation rules of the s6rel session: speed-up columns ("1.5x" against the row printed 1.0x, "36.0
(1.37x)" against a cell of its row), rounded restatements that must not take a cell on the rounding
edge, Chinese "由 X 扩展到了 Y" changes, and a cost whose hours are in the sentence before. Every table
and sentence here is written for these tests in the shapes of model cards and tech-report READMEs
(not copied from any document)."""

from __future__ import annotations

import pytest
from test_relations_rules import rels, verdicts

from claimaudit.extract.relations import CONFIDENT


def holds_and_breaks(tmp_path, text: str, kind: str, evidence: str, wrong: str | None = None):
    """One confident relation of ``kind`` naming ``evidence``: consistent on ``text``, reported on ``wrong``."""
    [r] = rels(text, kind)
    assert r.confidence >= CONFIDENT and evidence in r.evidence, r.evidence
    assert verdicts(tmp_path, text, kind=kind) == ["consistent"]
    if wrong is not None:
        assert verdicts(tmp_path, wrong, kind=kind) == ["inconsistent"]
    return r


# -- a column of multiples against the baseline row ------------------------------------------------
SPEEDUP = """| Method | Latency (ms) | Speed-up |
|---|---|---|
| Baseline | 120 | 1.0x |
| Fused kernels | 80 | 1.5x |
| + KV cache | 60 | {b} |
| + Speculative | 40 | 3.0x |
"""


def test_speedup_column_is_the_baseline_latency_over_the_row_latency(tmp_path):
    text = SPEEDUP.format(b="2.0x")
    found = rels(text, "ratio")
    assert len(found) == 3 and all(r.confidence >= CONFIDENT for r in found)
    assert "'Latency (ms)' of row 'Baseline'" in found[0].evidence
    assert verdicts(tmp_path, text, kind="ratio") == ["consistent"] * 3


def test_speedup_column_that_fails_in_one_small_table_row_is_not_drafted():
    # with four rows every multiple must fit (no finding is drawn from a reading the table itself breaks)
    assert rels(SPEEDUP.format(b="2.5x"), "ratio") == []


def test_speedup_that_fails_in_one_of_ten_rows_is_reported(tmp_path):
    rows = "".join(f"| M{k} | {120 // k} | {k}.0x |\n" for k in (2, 3, 4, 5, 6, 8, 10, 12, 15, 20))
    rows = rows.replace("| 24 | 5.0x", "| 24 | 4.0x")      # 120 / 24 = 5, printed 4.0x
    text = "| Method | Time (s) | Speed-up |\n|---|---|---|\n| Base | 120 | 1.0x |\n" + rows
    got = verdicts(tmp_path, text, kind="ratio")
    assert len(got) == 10 and got.count("inconsistent") == 1


def test_chinese_speedup_column_against_the_baseline_row(tmp_path):
    text = SPEEDUP.format(b="2.0x").replace("Method", "方法").replace("Latency (ms)", "延迟（毫秒）") \
        .replace("Speed-up", "加速比").replace("Baseline", "基线")
    assert verdicts(tmp_path, text, kind="ratio") == ["consistent"] * 3


# -- "36.0 (1.37x)": a cell's value with its multiple ---------------------------------------------
OWN = """| Draft model | Target model | Target alone (ms/token) | With drafting (speed-up) |
|---|---|---|---|
| Tiny-A | Big-7B | 49.3 | 36.0 (1.37x) |
| Tiny-A | Big-13B | 66.0 | 47.1 (1.40x) |
| Tiny-B | Big-7B | 50.2 | 34.9 ({c}) |
| Tiny-B | Big-13B | 67.0 | 41.6 (1.61x) |
"""


def test_multiple_in_a_cell_is_another_column_over_the_cell_value(tmp_path):
    text = OWN.format(c="1.44x")
    found = rels(text, "ratio")
    assert len(found) == 4 and "over the cell's value" in found[0].evidence
    assert verdicts(tmp_path, text, kind="ratio") == ["consistent"] * 4


def test_multiple_in_a_cell_against_the_baseline_row(tmp_path):
    text = "| Setting | Time (s) |\n|---|---|\n| Baseline | 49.3 |\n| A | 36.0 (1.37x) |\n" \
           "| B | 30.1 (1.64x) |\n| C | 24.6 (2.00x) |\n"
    found = rels(text, "ratio")
    assert len(found) == 3 and "row 'Baseline''s value" in found[0].evidence
    assert verdicts(tmp_path, text, kind="ratio") == ["consistent"] * 3


def test_multiples_no_column_explains_are_left_alone():
    # compression ratios that no other column gives: nothing is drafted
    text = "| Codec | Size (MB) | Ratio |\n|---|---|---|\n| A | 120 | 3.1x |\n| B | 80 | 2.2x |\n" \
           "| C | 60 | 5.0x |\n| D | 40 | 1.9x |\n"
    assert rels(text, "ratio") == []


def test_two_columns_that_both_explain_every_multiple_are_drafted_once_naming_both(tmp_path):
    # latency and throughput (or two timings) that give every multiple alike: whichever the column
    # means, each multiple holds, so the first reading is drafted and the other named
    text = "| Setting | Time A (s) | Time B (s) | Speed-up |\n|---|---|---|---|\n| Base | 120 | 60 | 1.0x |\n" \
           "| X | 60 | 30 | 2.0x |\n| Y | 40 | 20 | 3.0x |\n| Z | 30 | 15 | 4.0x |\n"
    found = rels(text, "ratio")
    assert len(found) == 3 and all("in every row (as does" in r.evidence for r in found)
    assert verdicts(tmp_path, text, kind="ratio") == ["consistent"] * 3
    # a row where the two columns disagree: only the reading that holds in every row is left
    one = text.replace("| Y | 40 | 20 |", "| Y | 40 | 25 |")
    assert [("'Time A (s)'" in r.evidence, "as does" in r.evidence) for r in rels(one, "ratio")] == [(True, False)] * 3
    # a multiple that neither gives: no reading holds in every row of so few, nothing is drafted
    assert rels(text.replace("3.0x", "3.5x"), "ratio") == []


# -- a rounded restatement never takes a cell on its rounding edge --------------------------------
SCHEDULE = """We pretrain a small model on {v} tokens.

| Date | Tokens |
|---|---|
| 2024-01-01 | 1.5T |
| 2024-02-01 | 2T |
| 2024-03-01 | 2.5T |
{last}
"""


def test_restatement_is_not_a_finer_cell_on_the_rounding_edge():
    # "3 trillion" holds 2.5T only on the edge of its rounding: not a restatement
    assert rels(SCHEDULE.format(v="3 trillion", last=""), "headline") == []


def test_restatement_is_not_drafted_when_a_cell_prints_the_value_itself():
    # the table prints 3T itself: "3 trillion" restates that cell, not the finer 2.9T
    text = SCHEDULE.format(v="3 trillion", last="| 2024-03-15 | 2.9T |\n| 2024-04-01 | 3T |")
    assert rels(text, "headline") == []


def test_restatement_of_a_finer_cell_inside_the_interval_is_kept():
    text = SCHEDULE.format(v="2.8 trillion", last="| 2024-03-15 | 2.81T |")
    [r] = rels(text, "headline")
    assert "'2.81T'" in r.evidence and r.confidence >= CONFIDENT


# -- Chinese "由 X 扩展到了 Y，提升了 Z 倍" and rates inside "从每秒 X 提升到每秒 Y" ---------------------------
def test_chinese_change_with_a_verb_before_dao(tmp_path):
    text = "上下文长度由 2K 扩展到了 32K，提升了 16 倍。\n"
    [r] = rels(text, "change")
    assert r.confidence >= CONFIDENT
    assert verdicts(tmp_path, text) == ["consistent"]
    assert verdicts(tmp_path, text.replace("16 倍", "8 倍")) == ["inconsistent"]


def test_chinese_change_of_a_rate_with_mei_miao(tmp_path):
    text = "推理速度提升了 42%，从每秒 20 个 token 提升到每秒 28.4 个 token。\n"
    assert len(rels(text, "change")) == 1
    assert verdicts(tmp_path, text) == ["consistent"]
    assert verdicts(tmp_path, text.replace("42%", "24%")) == ["inconsistent"]


def test_chinese_change_from_a_named_model():
    [r] = rels("显存占用由上一代模型的 24 GB 降到 12 GB，减少了 50%。\n", "change")
    assert r.confidence >= CONFIDENT


# -- a cost whose hours are in the sentence before -------------------------------------------------
def test_cost_from_hours_in_the_previous_sentence(tmp_path):
    text = "Pre-training took 1.2M GPU hours. At a rental price of $2 per GPU hour, the cost is $2.4M.\n"
    holds_and_breaks(tmp_path, text, "product", "the one before it", text.replace("$2.4M", "$2.6M"))


def test_previous_sentence_is_not_read_across_paragraphs():
    text = "Pre-training took 1.2M GPU hours.\n\nAt a rental price of $2 per GPU hour, the cost is $2.4M.\n"
    assert rels(text, "product") == []


# -- "4M tokens (2048 × 2048)": a value and its calculation in parentheses ---------------------------
def test_value_with_its_product_in_parentheses(tmp_path):
    text = "Each step sees 4M tokens (2048 × 2048) on 256 GPUs.\n"
    # a typo'd factor: off by 2, reported
    holds_and_breaks(tmp_path, text, "equation", "in parentheses", text.replace("2048 × 2048", "2048 × 1024"))


@pytest.mark.parametrize("text", [
    # 2048 × 2048 = 2^22, the binary "4M", 5% above 400 万: not a finding a reviewer wants
    "每个批次包含 400 万个 token（2048 × 2048）。\n",
    # "448 (448 × 448)": the sides of the image, not a calculation of the value
    "Images are resized to 448 (448 × 448) pixels before encoding.\n",
])
def test_parenthesis_that_is_not_a_finding_is_only_a_suggestion(text):
    [r] = rels(text, "equation")
    assert r.confidence < CONFIDENT


def test_mixed_operators_in_parentheses_are_not_read():
    assert rels("The budget is 10B tokens (2 × 4B + 2B).\n", "equation") == []


# -- "A …, about X% of the B" / "A … 为 B 的 X%" ---------------------------------------------------------
def test_share_of_a_value_named_after_of(tmp_path):
    text = "The 4-bit model needs 7.2 GB of memory, about 25% of the 29 GB the bf16 model needs.\n"
    holds_and_breaks(tmp_path, text, "percent-of", "of 29 GB", text.replace("about 25%", "about 40%"))


def test_share_words_that_say_a_change_are_not_a_share():
    # "saves 75% of the 29 GB": the saving, not 7.2 / 29
    assert rels("Quantization saves 75% of the 29 GB the bf16 model needs, leaving 7.2 GB.\n", "percent-of") == []
    assert rels("It uses 7.2 GB, 75% less of the 29 GB budget.\n", "percent-of") == []


def test_share_with_two_candidate_values_is_not_drafted():
    assert rels("Code is 120B tokens and math 60B tokens, 20% of the 600B tokens.\n", "percent-of") == []


def test_share_of_another_value_in_another_clause_is_not_drafted():
    assert rels("We trained on 2T tokens; 10% of the 1T tokens of code were repeated.\n", "percent-of") == []
    assert rels("We trained on 2T tokens and 10% of the 1T tokens of code were repeated.\n", "percent-of") == []
    assert rels("训练使用了 2T tokens，其中代码 1T tokens 的 10% 被重复。\n", "percent-of") == []


# -- a rate × a count × a time in one sentence -----------------------------------------------------
def test_rate_count_and_time_give_the_total(tmp_path):
    text = "We train at 3,000 tokens per second per GPU on 512 GPUs for 30 days, about 4T tokens in total.\n"
    r = holds_and_breaks(tmp_path, text, "product", "three values", text.replace("about 4T", "about 3.7T"))
    assert len(r.parts) == 3


# -- "2.5 倍（250 vs 100 tokens/s）": a multiple beside two values joined by vs -----------------------
@pytest.mark.parametrize("text", [
    "Ours runs at 30 ms vs 49 ms for the baseline, a 1.6× speed-up.\n",
    "Our model is 3× larger than the baseline (21B vs 7B parameters).\n",
    "吞吐量是基线的 2.5 倍（250 vs 100 tokens/s）。\n",
])
def test_multiple_of_two_values_joined_by_vs(tmp_path, text):
    holds_and_breaks(tmp_path, text, "ratio", "'vs'")


def test_multiple_of_two_values_joined_by_vs_that_does_not_hold(tmp_path):
    text = "吞吐量是基线的 4 倍（250 vs 100 tokens/s）。\n"
    assert verdicts(tmp_path, text, kind="ratio") == ["inconsistent"]


def test_multiple_far_from_the_pair_or_without_comparison_words_is_not_read():
    # the multiple is about something else (the GPUs), far from the two latencies
    assert rels("With 2× the GPUs of our first cluster and a new scheduler, latency is 30 ms vs 49 ms.\n",
                "ratio") == []
    # two multiples: which one compares the pair is not said
    assert rels("A 2× model and a 4× model run at 30 ms vs 49 ms, faster.\n", "ratio") == []


# -- the same rules on Chinese sentences -------------------------------------------------------------
@pytest.mark.parametrize(("kind", "text"), [
    ("equation", "预训练语料共 10B tokens（6B + 4B）。\n"),                                # a sum in a parenthesis
    ("product", "训练吞吐为每 GPU 每秒 3000 个 token，使用 512 张 GPU 训练 30 天，共约 4T tokens。\n"),
    ("percent-of", "量化后的模型只需要 7.2 GB 显存，约为原模型 29 GB 的 25%。\n"),        # B 的 X%
])
def test_chinese_sentences(tmp_path, kind, text):
    assert verdicts(tmp_path, text, kind=kind) == ["consistent"]


# -- memory rows named "Size (FP16)" / "量化后大小（4-bit）" ---------------------------------------------
SIZES = """The merged models need this much memory:

| Version | 7B | 13B |
|---|---|---|
| {r1}（FP16） | 13 GB | 24 GB |
| {r1}（8-bit） | 7.8 GB | {x} |
| {r1}（4-bit） | 3.9 GB | 7.8 GB |
"""


def test_size_rows_with_the_precision_in_parentheses_are_ordered(tmp_path):
    assert verdicts(tmp_path, SIZES.format(r1="模型大小", x="14.9 GB"), kind="compare") == ["consistent"] * 4
    assert "inconsistent" in verdicts(tmp_path, SIZES.format(r1="模型大小", x="4.9 GB"), kind="compare")


def test_rows_naming_another_measure_with_a_precision_are_not_ordered():
    # "PPL（FP16）": perplexity rows, not sizes — fewer bits does not mean less of it
    assert rels(SIZES.format(r1="PPL", x="14.9"), "compare") == []
