"""Relation rules of the s7rel session, each with the shapes model cards and tech reports print and the
near misses that must stay silent: "N x GPU (M GB)" against the row's memory, memory growing with the
batch size, a total with its breakdown in parentheses (or after 其中), a gap in points between two rows,
"Of the B, A (X%)", "X% (A against B)", "由 X 降至 Y，约为原来的 Z%", "N nodes with M GPUs each", one pair of
several whose product is the value, and the headline value chosen among several of its kind. Tables and
sentences are written for these tests (not copied from any document)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_relations_rules import rels, verdicts

from claimaudit.extract.draft import render
from claimaudit.extract.pipeline import draft_text
from claimaudit.extract.relations import CONFIDENT


def confident(text: str, kind: str) -> list:
    return [r for r in rels(text, kind) if r.confidence >= CONFIDENT]


# -- "N x GPU (M GB)" holds the row's memory requirement --------------------------------------------
CARDS = """| Model | Minimum VRAM | Example GPUs |
|---|---|---|
| Tern-7B (bf16) | 16 GB | 1 x RTX 4090 (24 GB) |
| Tern-34B (bf16) | {need} | 4 x A10 (24 GB) |
"""


def test_cards_hold_the_rows_memory(tmp_path):
    text = CARDS.format(need="70 GB")
    found = confident(text, "compare")
    assert len(found) == 2 and all("cards × memory each" in r.evidence for r in found)
    assert verdicts(tmp_path, text, kind="compare") == ["consistent", "consistent"]
    # 4 × 24 GB = 96 GB cannot hold 100 GB
    assert verdicts(tmp_path, CARDS.format(need="100 GB"), kind="compare") == ["consistent", "inconsistent"]


def test_cards_beside_cpu_memory_or_disk_size_say_nothing():
    for head in ("CPU memory", "Disk size", "Download (GB)"):
        text = CARDS.format(need="100 GB").replace("Minimum VRAM", head)
        assert rels(text, "compare") == [], head


def test_cards_in_chinese_headers(tmp_path):
    text = "| 精度 | 显存占用 | 推荐显卡 |\n|---|---|---|\n| BF16 | 15.6 GB | 1 x A10 (24GB) |\n" \
           "| INT4 | 5.4 GB | 1 x RTX 3060 (12GB) |\n"
    cards = [r for r in confident(text, "compare") if "cards" in r.evidence]
    assert len(cards) == 2
    assert verdicts(tmp_path, text.replace("5.4 GB", "12.5 GB"), kind="compare").count("inconsistent") == 1


# -- memory grows with the batch size or the sequence length --------------------------------------
GROWTH = """Memory by batch size (bf16):

| Model | batch 1 | batch 4 | batch 16 |
|---|---|---|---|
| Tern-7B | 15.2 GB | {b4} | 24.8 GB |
| Tern-34B | 68.0 GB | 71.9 GB | > 80 GB |
"""


def test_memory_grows_with_the_batch_size(tmp_path):
    text = GROWTH.format(b4="17.5 GB")
    found = confident(text, "compare")
    # two pairs in the first row; the bound "> 80 GB" is left out of the second
    assert len(found) == 3 and all("larger batch or sequence" in r.evidence for r in found)
    assert verdicts(tmp_path, text, kind="compare") == ["consistent"] * 3
    assert verdicts(tmp_path, GROWTH.format(b4="14.5 GB"), kind="compare") == ["inconsistent", "consistent",
                                                                               "consistent"]


def test_memory_rows_labelled_by_context_length(tmp_path):
    text = "| Context length | Memory |\n|---|---|\n| 4K | 9.1 GB |\n| 32K | 14.6 GB |\n| 128K | 31.0 GB |\n"
    assert len(confident(text, "compare")) == 2
    assert verdicts(tmp_path, text, kind="compare") == ["consistent", "consistent"]


def test_columns_that_are_not_a_batch_or_a_length_or_not_memory_say_nothing():
    # GPU counts: memory per GPU falls as the count grows
    gpus = "| Model | 1 GPU | 2 GPUs | 4 GPUs |\n|---|---|---|---|\n| Tern-34B | 70 GB | 36 GB | 19 GB |\n"
    assert rels(gpus, "compare") == []
    # throughput under batch sizes: not memory
    speed = "| Model | batch 1 | batch 8 |\n|---|---|---|\n| Tern-7B | 41 tokens/s | 30 tokens/s |\n"
    assert rels(speed, "compare") == []


# -- a total and its breakdown -------------------------------------------------------------------
def test_total_with_its_breakdown_in_parentheses(tmp_path):
    text = "Trained on 2.4T tokens (1.8T of web text, 0.4T of code and 0.2T of math).\n"
    [r] = confident(text, "written-sum")
    assert "'1.8T' + '0.4T' + '0.2T'" in r.evidence and "ends with 'and'" in r.evidence
    assert verdicts(tmp_path, text, kind="written-sum") == ["consistent"]
    # off by 0.1T: within a printed digit's rounding the sum may still meet 2.4T; with two decimals it cannot
    wrong = "Trained on 2.40T tokens (1.80T of web text, 0.40T of code and 0.10T of math).\n"
    assert verdicts(tmp_path, wrong, kind="written-sum") == ["inconsistent"]


def test_total_with_its_breakdown_after_qizhong(tmp_path):
    text = "模型在 3.2 万亿 token 上训练，其中中文 1.2 万亿、英文 1.6 万亿、代码 0.4 万亿。\n"
    assert len(confident(text, "written-sum")) == 1
    assert verdicts(tmp_path, text, kind="written-sum") == ["consistent"]
    assert verdicts(tmp_path, text.replace("代码 0.4", "代码 0.1"), kind="written-sum") == ["inconsistent"]


def test_breakdowns_that_list_examples_or_other_things_are_not_audited():
    # examples only: a suggestion, never audited
    ex = "Trained on 2.4T tokens (e.g. 1.8T of web text and 0.4T of code).\n"
    assert confident(ex, "written-sum") == []
    # no "and" before the last item and the parts do not add up: a suggestion
    partial = "Trained on 2.4T tokens (1.8T of web text, 0.4T of code).\n"
    assert confident(partial, "written-sum") == []
    # a parenthesis holding values of other kinds: no sum
    assert rels("A 7B model (32 layers, 4096 hidden size and 32 heads).\n", "written-sum") == []


# -- a gap in points between two rows of a table ------------------------------------------------
SCORES = """| Model | MMLU | GSM8K |
|---|---|---|
| Tern-7B | 68.4 | 62.2 |
| Base-7B | 63.1 | 51.7 |
| Other-8B | 66.0 | 56.9 |

{sentence}
"""


def test_points_above_another_row(tmp_path):
    text = SCORES.format(sentence="Tern-7B scores 68.4 on MMLU, 5.3 points above Base-7B and ahead of Other-8B.")
    [r] = confident(text, "change")
    assert "'Base-7B' after a comparison word" in r.evidence
    assert verdicts(tmp_path, text, kind="change") == ["consistent"]
    wrong = text.replace("5.3 points", "6.3 points")
    assert verdicts(tmp_path, wrong, kind="change") == ["inconsistent"]


def test_points_in_chinese_and_below(tmp_path):
    zh = SCORES.format(sentence="Tern-7B 在 GSM8K 上比 Base-7B 高 10.5 个百分点。")
    assert verdicts(tmp_path, zh, kind="change") == ["consistent"]
    below = SCORES.format(sentence="Other-8B trails Tern-7B by 5.3 points on GSM8K.")
    assert verdicts(tmp_path, below, kind="change") == ["consistent"]


def test_points_without_a_direction_or_a_single_column_say_nothing():
    no_way = SCORES.format(sentence="Tern-7B and Base-7B differ by 5.3 points on MMLU.")
    assert rels(no_way, "change") == []
    two_cols = SCORES.format(sentence="Tern-7B is 5.3 points above Base-7B on MMLU and GSM8K.")
    assert rels(two_cols, "change") == []


# -- percentages with the part and the whole in other orders ------------------------------------
def test_of_the_whole_then_the_part_with_its_share(tmp_path):
    en = "Of the 2,400 red-team prompts, 1,764 (73.5%) were answered safely.\n"
    assert len(confident(en, "percent-of")) == 1
    assert verdicts(tmp_path, en, kind="percent-of") == ["consistent"]
    assert verdicts(tmp_path, en.replace("73.5%", "75.5%"), kind="percent-of") == ["inconsistent"]
    zh = "在 2,400 条提示中，1,764 条（73.5%）被判定为安全。\n"
    assert verdicts(tmp_path, zh, kind="percent-of") == ["consistent"]


def test_share_then_the_part_against_the_whole(tmp_path):
    text = "Scaling to 64 GPUs keeps 91% of the per-GPU throughput (3379 against 3712 tokens/s).\n"
    assert verdicts(tmp_path, text, kind="percent-of") == ["consistent"]
    # a change is not a share: "drops by 9% (3379 against 3712)"
    assert rels("Throughput drops by 9% (3379 against 3712 tokens/s).\n", "percent-of") == []


def test_new_value_as_a_share_of_the_original(tmp_path):
    zh = "经过 INT4 量化后，显存占用由 15.6 GB 降至 5.4 GB，约为原来的 35%。\n"
    [r] = confident(zh, "change")
    assert r.note == "the second value as a share of the first"
    assert verdicts(tmp_path, zh, kind="change") == ["consistent"]
    en = "Quantisation cuts memory from 15.6 GB to 5.4 GB, about 35% of the original.\n"
    assert verdicts(tmp_path, en, kind="change") == ["consistent"]
    assert verdicts(tmp_path, en.replace("5.4 GB", "7.4 GB"), kind="change") == ["inconsistent"]


# -- counts and products in one sentence ---------------------------------------------------------
def test_nodes_with_gpus_each(tmp_path):
    text = "We trained on 512 GPUs (64 nodes with 8 GPUs each).\n"
    assert len(confident(text, "product")) == 1
    assert verdicts(tmp_path, text, kind="product") == ["consistent"]
    assert verdicts(tmp_path, text.replace("64 nodes", "60 nodes"), kind="product") == ["inconsistent"]


def test_one_of_several_pairs_whose_product_is_the_value(tmp_path):
    text = "We trained on 512 H100 GPUs (64 nodes with 8 GPUs each) for 21 days, i.e. 258,048 GPU-hours.\n"
    gpu_hours = [r for r in confident(text, "product") if "GPU-hours" in r.note]
    assert len(gpu_hours) == 1 and "within 1%" in gpu_hours[0].evidence
    assert verdicts(tmp_path, text, kind="product") == ["consistent", "consistent"]
    # neither pair gives it: several pairs, no pick
    assert [r for r in rels(text.replace("258,048", "300,000"), "product") if "GPU-hours" in r.note] == []


def test_a_sentence_cut_after_ie_is_read_as_one():
    text = "We trained on 512 GPUs for 21 days, i.e. 258,048 GPU-hours.\n"
    [r] = confident(text, "product")
    assert "the only pair" in r.evidence


# -- the headline value among several of its kind -----------------------------------------------
MEMORY = """| 精度 | 显存占用 |
|---|---|
| BF16 | 15.6 GB |
| INT4 | 5.4 GB |

经过 INT4 量化后，显存占用由 15.6 GB 降至 {v}。
"""


def test_headline_takes_the_value_that_gives_the_cell(tmp_path):
    [r] = confident(MEMORY.format(v="5.4 GB"), "headline")
    assert "gives the cell" in r.evidence
    assert verdicts(tmp_path, MEMORY.format(v="5.4 GB"), kind="headline") == ["consistent"]
    # no value gives the cell: which one is the INT4 row's is a guess, so only a suggestion
    assert confident(MEMORY.format(v="6.4 GB"), "headline") == []


def test_headline_measured_another_way_is_only_a_suggestion(tmp_path):
    table = "| 模型 | GSM8K |\n|---|---|\n| 青云-13B | 61.5 |\n\n"
    other = table + "在不同提示模板下，青云-13B 的 GSM8K 成绩可达 64.0。\n"
    assert [r.confidence < CONFIDENT for r in rels(other, "headline")] == [True]
    same = table + "青云-13B 的 GSM8K 成绩为 61.5。\n"
    assert verdicts(tmp_path, same, kind="headline") == ["consistent"]
    assert verdicts(tmp_path, same.replace("为 61.5", "为 64.0"), kind="headline") == ["inconsistent"]


def test_gpu_count_columns_under_a_caption_naming_the_batch_say_nothing():
    # memory per GPU falls with the GPU count; the caption's "batch 32" does not make the columns batch sizes
    text = ("Memory per GPU (bf16, batch 32):\n\n| Model | 1 GPU | 2 GPUs | 4 GPUs |\n|---|---|---|---|\n"
            "| Tern-7B | 38.5 GB | 21.4 GB | 12.9 GB |\n")
    assert rels(text, "compare") == []
    bare = text.replace("1 GPU | 2 GPUs | 4 GPUs", "1 | 4 | 16").replace("Memory per GPU", "Memory by batch size")
    assert len(confident(bare.replace("38.5 GB | 21.4 GB | 12.9 GB", "12.9 GB | 21.4 GB | 38.5 GB"),
                         "compare")) == 2


# -- model-card excerpts written for these tests: every audited relation holds -------------------
CARDS_DIR = Path(__file__).parent / "fixtures" / "extract" / "cards"
#: what each excerpt's one-step run audits at least (the arithmetic a reviewer checks there)
AUDITED = {"kestrel_card.md": {"compare": 8, "row-average": 4, "written-sum": 1, "change": 2},
           "training_report.md": {"table-total": 2, "product": 3, "percent-of": 1},
           "serving_bench.md": {"column-product": 8, "change": 1, "ratio": 3, "percent-of": 1},
           "zhiyuan_zh.md": {"row-average": 3, "compare": 5, "written-sum": 1, "change": 3, "headline": 1},
           "moe_card.md": {},
           "qingyun_report_zh.md": {"row-average": 3, "compare": 4, "product": 2, "written-sum": 1, "change": 3,
                                    "headline": 1}}


@pytest.mark.parametrize("name", sorted(AUDITED))
def test_model_card_excerpts_raise_no_false_alarm(tmp_path, name):
    text = (CARDS_DIR / name).read_text("utf-8")
    d = draft_text(text, name)
    render(d)           # numbers the audited relations
    audited = [d.relations[k] for k in sorted(d.relation_ids)]
    said = verdicts(tmp_path, text, name)
    assert "inconsistent" not in said, [(r.kind, r.evidence) for r, v in zip(audited, said, strict=True)
                                        if v == "inconsistent"]
    for kind, least in AUDITED[name].items():
        assert sum(r.kind == kind for r in audited) >= least, (kind, [r.kind for r in audited])


# -- a derived column of whole numbers, rounded; a numeric first column as a factor ---------------
PER_GPU = """| GPUs | Tokens/s | Tokens/s/GPU |
|---|---|---|
| 8 | 29696 | 3712 |
| 16 | 57754 | 3610 |
| 32 | 112435 | {c} |
| 64 | 216269 | 3379 |
"""


def test_per_gpu_column_is_the_rounded_quotient_by_the_first_column(tmp_path):
    text = PER_GPU.format(c="3514")       # 112435 / 32 = 3513.6: printed rounded
    found = confident(text, "column-product")
    assert len(found) == 4 and all("'Tokens/s' ÷ 'GPUs'" in r.evidence for r in found)
    assert sum("read rounded to a whole number" in r.evidence for r in found) == 3
    assert verdicts(tmp_path, text, kind="column-product") == ["consistent"] * 4
    # truncated is read so too
    assert verdicts(tmp_path, PER_GPU.format(c="3513"), kind="column-product") == ["consistent"] * 4
    # off by more than the rounding: in four rows the column no longer holds in 95% of them, so the
    # relation is not found at all (it is one the numbers show, not one the words state)
    assert rels(PER_GPU.format(c="3520"), "column-product") == []


def test_a_first_column_of_labels_is_no_factor():
    text = PER_GPU.format(c="3514").replace("| 8 |", "| A100 |", 1)
    assert rels(text, "column-product") == []


# -- headline values in sentences naming several rows; "surpasses Y on every benchmark" ----------
BENCH = """| Model | MMLU | GSM8K | Latency (ms) |
|---|---|---|---|
| Tern-7B | 68.4 | 62.2 | 41 |
| Base-7B | 63.1 | 51.7 | 38 |
| Other-8B | 66.0 | 56.9 | 45 |

{sentence}
"""


def test_value_beside_a_header_is_the_cell_of_the_row_named_before_it(tmp_path):
    text = BENCH.format(sentence="Tern-7B scores 68.4 on MMLU and 62.2 on GSM8K, ahead of Base-7B and Other-8B.")
    found = confident(text, "headline")
    assert len(found) == 2 and all("'Tern-7B' the row named last before it" in r.evidence for r in found)
    assert verdicts(tmp_path, text, kind="headline") == ["consistent", "consistent"]
    wrong = text.replace("62.2 on GSM8K", "64.2 on GSM8K")
    assert verdicts(tmp_path, wrong, kind="headline") == ["consistent", "inconsistent"]
    zh = BENCH.format(sentence="Tern-7B 在 GSM8K 上取得 62.2 分，超过 Base-7B 和 Other-8B。")
    assert verdicts(tmp_path, zh, kind="headline") == ["consistent"]


def test_value_measured_another_way_is_only_a_suggestion():
    text = BENCH.format(sentence="With CoT prompting Tern-7B reaches 71.0 on GSM8K, against 51.7 for Base-7B.")
    assert [r.confidence < CONFIDENT for r in rels(text, "headline")] == [True]
    # no header beside the value: nothing
    assert rels(BENCH.format(sentence="Tern-7B and Base-7B were trained on 2T tokens for MMLU-style tasks."),
                "headline") == []


def test_surpasses_on_every_benchmark_checks_each_score_column(tmp_path):
    text = BENCH.format(sentence="Tern-7B surpasses Base-7B and Other-8B on every\nbenchmark.")
    found = confident(text, "compare")
    # MMLU and GSM8K for each of the two rows; the latency column (lower is better) is left out
    assert len(found) == 4 and all("'every\\nbenchmark'" in r.evidence for r in found)
    assert verdicts(tmp_path, text, kind="compare") == ["consistent"] * 4
    wrong = text.replace("| Other-8B | 66.0 |", "| Other-8B | 69.0 |")
    assert verdicts(tmp_path, wrong, kind="compare").count("inconsistent") == 1


def test_a_wrapped_line_continues_the_sentence_but_a_list_item_does_not():
    wrapped = "We trained on 512 GPUs for 21 days,\nwhich is 258,048 GPU-hours.\n"
    assert len(confident(wrapped, "product")) == 1
    listed = "- We trained on 512 GPUs for 21 days\n- 258,048 GPU-hours were budgeted.\n"
    assert rels(listed, "product") == []


def test_score_gap_in_the_tables_own_units(tmp_path):
    text = ("| Model | OCRBench |\n|---|---|\n| Falcon-VL | 852 |\n| Owl-Large | 788 |\n\n"
            "Falcon-VL 的 OCRBench 得分为 852，领先 Owl-Large 64 分。\n")
    assert len(confident(text, "change")) == 1
    assert verdicts(tmp_path, text, kind="change") == ["consistent"]
    assert verdicts(tmp_path, text.replace("64 分", "46 分"), kind="change") == ["inconsistent"]
    # 分钟 is minutes, not a score
    assert rels(text.replace("64 分", "64 分钟"), "change") == []


# -- a quantised variant's loss in points against the table pairing the rows ---------------------
QUANT = """量化后的结果和原始版本对比如下：

| Model | C-Eval | MMLU |
|---|---|---|
| Tern-13B-Chat | 56.74 | 57.32 |
| Tern-13B-Chat-4bits | 56.05 | 56.24 |
| Tern-7B-Chat | 54.35 | 52.93 |
| Tern-7B-Chat-4bits | 53.04 | 51.72 |

{sentence}
"""


def test_quantised_loss_is_the_mean_gap_of_the_paired_rows(tmp_path):
    zh = QUANT.format(sentence="可以看到，4bits 相对 bfloat16 精度损失在 1 - 2 个百分点左右。")
    [r] = confident(zh, "change")
    assert r.formula.endswith("/ 4") and "2 rows of" in r.evidence
    assert verdicts(tmp_path, zh, kind="change") == ["consistent"]      # mean 0.69, 1.08, 1.31, 1.21 = 1.07
    en = QUANT.format(sentence="The 4bits models lose about 1.1 points on average.")
    assert verdicts(tmp_path, en, kind="change") == ["consistent"]
    assert verdicts(tmp_path, en.replace("about 1.1 points", "about 3 points"), kind="change") == ["inconsistent"]


def test_quantised_loss_needs_a_loss_word_one_precision_and_paired_rows():
    assert rels(QUANT.format(sentence="The 4bits models score 1 point on a new test."), "change") == []
    assert rels(QUANT.format(sentence="The 4bits and 8bits models lose about 1 point."), "change") == []
    unpaired = QUANT.replace("Tern-13B-Chat-4bits", "Other-13B-4bits").replace("Tern-7B-Chat-4bits", "Other-7B-4bits")
    assert rels(unpaired.format(sentence="The 4bits models lose about 1 point on average."), "change") == []


# -- three rows are enough for a column product when every row holds ---------------------------
SCHEDULE = """| Stage | Steps | Batch (sequences) | Sequence length | Tokens |
|---|---|---|---|---|
| Warm-up | 2,000 | 512 | 4,096 | 4.2B |
| Main | 280,000 | 1,024 | 4,096 | {main} |
| Long context | 8,000 | 128 | 32,768 | 33.6B |
"""


def test_three_row_schedule_tokens_are_steps_times_batch_times_length(tmp_path):
    text = SCHEDULE.format(main="1,174.4B")
    found = confident(text, "column-product")
    assert len(found) == 3 and "'Steps' × 'Batch (sequences)' × 'Sequence length'" in found[0].evidence
    assert verdicts(tmp_path, text, kind="column-product") == ["consistent"] * 3
    # in three rows a row that does not hold is not enough to say what the column is: nothing drafted
    assert rels(SCHEDULE.format(main="1,274.4B"), "column-product") == []


# -- difference columns -------------------------------------------------------------------------
DELTA = """| Benchmark | Base | Tuned | Δ |
|---|---|---|---|
| MMLU | 63.1 | 66.0 | +2.9 |
| GSM8K | 51.7 | 62.2 | +10.5 |
| HumanEval | 30.5 | 29.9 | -0.6 |
| ARC-C | 55.0 | 58.2 | {arc} |
"""


def test_delta_column_is_one_column_minus_another(tmp_path):
    text = DELTA.format(arc="+3.2")
    found = confident(text, "change")
    assert len(found) == 4 and all("'Tuned' − 'Base' (points)" in r.evidence for r in found)
    assert verdicts(tmp_path, text, kind="change") == ["consistent"] * 4
    # one cell of four that misses it is the finding
    assert verdicts(tmp_path, DELTA.format(arc="+2.2"), kind="change") == ["consistent"] * 3 + ["inconsistent"]


def test_relative_gain_column_and_signed_cells_without_a_header_word(tmp_path):
    gain = ("| Benchmark | Base | Tuned | Gain |\n|---|---|---|---|\n| MMLU | 60.0 | 66.0 | +10.0% |\n"
            "| GSM8K | 50.0 | 62.5 | +25.0% |\n")
    assert verdicts(tmp_path, gain, kind="change") == ["consistent", "consistent"]
    signed = DELTA.format(arc="+3.2").replace("| Δ |", "| vs. base |")
    assert len(confident(signed, "change")) == 4


def test_delta_columns_that_no_single_pair_gives_say_nothing():
    # signed offsets that are no difference of two columns
    text = DELTA.format(arc="+3.2").replace("+2.9", "+0.4").replace("+10.5", "+1.1")
    assert rels(text, "change") == []
    # two columns of the same numbers: two pairs would give it, so none is taken
    twice = ("| Benchmark | Base | Base again | Tuned | Δ |\n|---|---|---|---|---|\n"
             "| MMLU | 63.1 | 63.1 | 66.0 | +2.9 |\n| GSM8K | 51.7 | 51.7 | 62.2 | +10.5 |\n")
    assert rels(twice, "change") == []


# -- guards found while checking the rules on the excerpts ---------------------------------------
def test_every_benchmark_except_one_is_not_every_column():
    text = BENCH.format(sentence="Tern-7B surpasses Base-7B on all benchmarks except GSM8K.")
    assert [r for r in rels(text, "compare") if "every" in r.note] == []
    zh = BENCH.format(sentence="除 GSM8K 外，Tern-7B 在所有基准上都超越了 Base-7B。")
    assert [r for r in rels(zh, "compare") if "every" in r.note] == []


def test_rows_of_gpu_counts_under_a_caption_naming_the_batch_say_nothing():
    text = ("Memory per GPU (batch 32):\n\n| GPUs | Memory |\n|---|---|\n| 1 | 38.5 GB |\n| 2 | 21.4 GB |\n"
            "| 4 | 12.9 GB |\n")
    assert rels(text, "compare") == []
    named = text.replace("| GPUs | Memory |", "| Batch size | Memory |").replace("38.5", "10.1").replace("12.9", "40.2")
    assert len(confident(named, "compare")) == 2


def test_points_gap_the_cells_do_not_give_under_another_setting_is_a_suggestion():
    text = SCORES.format(sentence="With CoT prompting Tern-7B is 14.0 points above Base-7B on GSM8K.")
    assert [r.confidence < CONFIDENT for r in rels(text, "change")] == [True]
