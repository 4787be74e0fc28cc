"""Two false alarms found on invented model READMEs: a product written out with words between its factors
("2 × 32 layers × 8 KV heads × 128 dims × 2 bytes = 131,072 bytes") read from its last two factors only,
and the Total row of a column of averages ("平均长度") audited as their sum. Tables and sentences written for
these tests in the shape model READMEs print them (not copied from any document)."""

from __future__ import annotations

import pytest
from test_relations_rules import rels, verdicts


@pytest.mark.parametrize("sentence", [
    "The KV cache takes 2 × 32 layers × 8 KV heads × 128 dims × 2 bytes = 131,072 bytes per token.",
    "每个 token 的 KV cache 为 2 × 32 层 × 8 个头 × 128 维 × 2 字节 = 131,072 字节。",
])
def test_a_product_longer_than_read_is_not_audited_from_its_tail(tmp_path, sentence):
    text = f"# KV cache\n\n{sentence}\n"
    assert "inconsistent" not in verdicts(tmp_path, text)
    assert not [r for r in rels(text, "equation") if len(r.parts) == 2]


def test_a_product_written_with_numbers_only_is_still_audited(tmp_path):
    text = "# KV cache\n\nIt takes 2 × 32 × 8 × 128 × 2 = 131,072 bytes per token.\n"
    assert verdicts(tmp_path, text, kind="equation") == ["consistent"]
    assert verdicts(tmp_path, text.replace("131,072", "131,000"), kind="equation") == ["inconsistent"]


TABLE = """# 数据

| 领域 | 文档数（万） | Token 数（亿） | {head} |
|---|---|---|---|
| 新闻 | 1,250 | 187.5 | 1,500 |
| 百科 | 400 | 96.0 | 2,400 |
| 论坛 | 1,800 | 108.0 | 600 |
| 合计 | 3,450 | 391.5 | 1,135 |
"""


@pytest.mark.parametrize("head", ["平均长度", "Avg. length", "Mean tokens", "Tokens per doc"])
def test_the_total_row_of_a_column_of_averages_is_no_sum(tmp_path, head):
    text = TABLE.format(head=head)
    assert verdicts(tmp_path, text, kind="table-total") == ["consistent", "consistent"]   # the two sums only


def test_a_column_of_counts_is_still_summed(tmp_path):
    # (counts that are not the row's tokens over its documents: a column of ratios has a pooled Total)
    text = TABLE.format(head="Pages").replace("| 1,500 |", "| 1,510 |").replace("| 600 |", "| 640 |")
    assert verdicts(tmp_path, text, kind="table-total") == ["consistent", "consistent", "inconsistent"]


def test_a_change_read_across_a_wrapped_line(tmp_path):
    text = ("# Speed\n\nOn a single node the optimizer step time drops from 2.40 s to 1.50 s, a\n"
            "1.6× speed-up.\n")
    assert verdicts(tmp_path, text, kind="change") == ["consistent"]
    assert verdicts(tmp_path, text.replace("1.6×", "2.6×"), kind="change") == ["inconsistent"]


SAVING = """# Memory

| Micro-batch size | Baseline (GB) | Tern (GB) | {head} |
|---:|---:|---:|---:|
| 1 | 38.2 | 22.6 | 40.8% |
| 2 | 47.5 | 27.9 | {second} |
| 4 | 66.1 | 38.3 | 42.1% |
"""


@pytest.mark.parametrize("head", ["Saving", "Reduction", "Memory saved", "节省"])
def test_a_saving_column_is_the_gap_over_the_first(tmp_path, head):
    assert verdicts(tmp_path, SAVING.format(head=head, second="41.3%"), kind="change") == ["consistent"] * 3
    # (47.5 - 27.9) / 47.5 is 41.3%: 43.1% is the finding
    got = verdicts(tmp_path, SAVING.format(head=head, second="43.1%"), kind="change")
    assert got.count("inconsistent") == 1 and len(got) == 3


def test_no_saving_reading_without_its_header():
    assert not rels(SAVING.format(head="Other", second="41.3%"), "change")


@pytest.mark.parametrize("sentence, verdict", [
    ("Unit costs fell by a third, from $9 to $6.", "consistent"),       # was read as the multiple 9 / 6
    ("Sales rose by a half, from 40 to 60 units.", "consistent"),
    ("Sales rose by a half, from 40 to 70 units.", "inconsistent"),
    ("Throughput grew from 790 to 2,450 tokens/s, a 3.1× speed-up.", "consistent"),   # a multiple stays one
])
def test_a_change_by_a_fraction_is_of_the_first_value(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, f"# Costs\n\n{sentence}\n", kind="change") == [verdict]


@pytest.mark.parametrize("sentence, verdict", [
    ("At 32K input the per-token latency grows by 64% over the 512-token case (7.6 -> 12.5 ms).", "consistent"),
    ("At 32K input the per-token latency grows by 84% over the 512-token case (7.6 -> 12.5 ms).", "inconsistent"),
    ("Peak memory drops 43% (55.4 GB → 31.6 GB).", "consistent"),
])
def test_an_arrow_between_two_values_is_their_change(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, f"# Latency\n\n{sentence}\n", kind="change") == [verdict]


def test_the_arrow_is_no_bound():
    from support import mentions as found
    assert [p for p, _v, _u in found("Latency grew 64% (7.6 -> 12.5 ms).")] == ["64%", "7.6", "12.5 ms"]
    assert [p for p, _v, _u in found("Latency was > 12 ms.")] == ["> 12 ms"]


@pytest.mark.parametrize("text, printed, unit", [
    ("It produces 16.1M output tokens per hour.", "16.1M output tokens per hour", "token / hour"),
    ("We trained on 2T training tokens.", "2T training tokens", "token"),
    ("over 500K training steps", "over 500K training steps", "step"),
    ("the 7B output layer", "7B", ""),          # a model size beside a noun phrase, no count of layers
    ("It has 3 new features.", "3", ""),
])
def test_a_count_unit_after_one_modifier(text, printed, unit):
    from support import mentions as found
    [(p, _v, u)] = found(text)
    assert (p, u) == (printed, unit)


def test_a_price_from_a_rate_and_a_throughput(tmp_path):
    text = ("# Cost\n\nOn one GPU rented at $2.40 per hour, it produces 16.1M output tokens per hour, or about "
            "$0.15 per million output tokens.\n")
    assert "consistent" in verdicts(tmp_path, text) and "inconsistent" not in verdicts(tmp_path, text)
    wrong = text.replace("$0.15", "$0.25")
    assert "inconsistent" in verdicts(tmp_path, wrong)


TRIAL = """# Results

| Endpoint | 50 mg | 100 mg | Placebo |
|---|---|---|---|
| Baseline MMD, mean | 14.2 | 14.5 | 14.1 |
| MMD at weeks 9–12, mean | 9.6 | 8.8 | 11.9 |
| Change from baseline | -4.6 | {mid} | -2.2 |
"""


def test_a_change_row_is_one_row_minus_another(tmp_path):
    assert verdicts(tmp_path, TRIAL.format(mid="-5.7"), kind="change") == ["consistent"] * 3


def test_a_change_row_with_a_wrong_cell_is_no_reading():
    # one pair must give every cell: with a slip the row is not read (nothing to report it against)
    assert not rels(TRIAL.format(mid="-6.7"), "change")


def test_no_change_row_without_its_label():
    assert not rels(TRIAL.format(mid="-5.7").replace("Change from baseline", "Week 16"), "change")


MOE = """# Results

| Model | Total | Active | GenKnow | MathStep | Avg. |
|---|---:|---:|---:|---:|---:|
| Heron-7B (dense) | 7.1B | 7.1B | 61.2 | 38.4 | 49.8 |
| Marlin-MoE-A2B | 14.3B | 2.4B | 58.9 | 35.1 | 47.0 |
| Heron-MoE-A4.7B | 28.7B | 4.7B | 67.5 | 47.2 | 57.4 |
"""


def test_a_total_column_of_parameters_beside_scores_is_no_row_sum(tmp_path):
    # "Total" is an MoE model's total parameters; the row's other cells are its active ones and scores
    assert not rels(MOE, "row-total")
    assert "inconsistent" not in verdicts(tmp_path, MOE)


def test_a_total_column_of_one_scale_is_still_summed(tmp_path):
    text = ("# Cost\n\n| Item | Q1 | Q2 | Total |\n|---|---|---|---|\n| A | 1.2M | 0.8M | 2.0M |\n"
            "| B | 0.5M | 0.7M | 1.2M |\n")
    assert verdicts(tmp_path, text, kind="row-total") == ["consistent", "consistent"]


def test_an_average_column_over_the_scores_beside_the_sizes(tmp_path):
    # the Avg. is over the bare scores; the scaled sizes before them are no part of it
    assert verdicts(tmp_path, MOE, kind="row-average") == ["consistent"] * 3
    assert verdicts(tmp_path, MOE.replace("| 47.0 |", "| 48.0 |"), kind="row-average").count("inconsistent") == 1


def test_a_column_of_shares_is_screened_as_the_fractions_they_are(tmp_path):
    text = ("# Results\n\n| Suite | Episodes | Successes | Success rate |\n|---|---:|---:|---:|\n"
            "| Household | 1,000 | 712 | 71.2% |\n| Web | 600 | 387 | 64.5% |\n| Navigation | 1,000 | 851 | 85.1% |\n"
            "| Tools | 600 | 326 | 54.3% |\n")
    got = rels(text, "column-product")      # (one of the three columns from the other two, in every row)
    assert len(got) == 4 and all("'Success rate'" in r.note and "'Successes'" in r.note for r in got)
    assert verdicts(tmp_path, text, kind="column-product") == ["consistent"] * 4
    # (found, not stated: in four rows every one must hold, so a slip leaves the columns unread)
    assert not rels(text.replace("| 387 |", "| 397 |"), "column-product")


@pytest.mark.parametrize("sentence, verdict", [
    ("The context length is 128K, i.e. 131,072 tokens.", "consistent"),      # K as 1024, as it says
    ("上下文长度 128K，即 131,072 tokens。", "consistent"),
    ("The context length is 128K, i.e. 128,000 tokens.", "consistent"),
    ("We used 1.2M (1,200,000) samples.", "consistent"),
    ("The context length is 32K, i.e. 33,768 tokens.", "inconsistent"),     # 32,768 mistyped
])
def test_a_scale_letter_restated_in_full(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, f"# Context\n\n{sentence}\n", kind="conversion") == [verdict]


def test_no_restatement_far_from_the_value():
    assert not [r for r in rels("# C\n\nWe used 1.2M (1,900,000) samples.\n", "conversion") if r.confidence >= 0.7]


@pytest.mark.parametrize("sentence, verdict", [
    ("新芯片算力 250 TOPS，只有旗舰（1,000 TOPS）的四分之一。", "consistent"),
    ("新芯片算力 250 TOPS，只有旗舰（1,000 TOPS）的三分之一。", "inconsistent"),
    ("新芯片功耗 180 W，仅为旗舰（720 W）的四分之一。", "consistent"),
])
def test_a_fraction_of_the_value_named_after_only(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, f"# 规格\n\n{sentence}\n", kind="ratio") == [verdict]
