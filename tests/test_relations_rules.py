"""Relation rules with their evidence: group shares, per-unit counts, "respectively … up to Z×",
rates implied by table cells, quantisation memory order, and exact products (sentences and tables
invented in the shapes of real model cards and training notes)."""

from __future__ import annotations

from pathlib import Path

from claimaudit.engine.run import RunOptions, run_claims
from claimaudit.extract.draft import render
from claimaudit.extract.pipeline import draft_text
from claimaudit.extract.relations import CONFIDENT


def rels(text: str, kind: str, path: str = "doc.md"):
    return [r for r in draft_text(text, path).relations if r.kind == kind]


def verdicts(tmp_path: Path, text: str, path: str = "doc.md", kind: str | None = None) -> list[str]:
    """The verdicts of the audited relations (of ``kind``, else all) of the one-step run on ``text``."""
    d = draft_text(text, path)
    claims = tmp_path / "draft.claims.yaml"
    claims.write_text(render(d), encoding="utf-8")
    run = run_claims([claims], tmp_path, RunOptions(checkers=False))
    assert not run.errors, [str(e) for e in run.errors]
    by_id = {r.claim.id: r.verdict for r in run.results}
    return [by_id[d.relation_ids[k]] for k in sorted(d.relation_ids) if kind in (None, d.relations[k].kind)]


# -- group shares ---------------------------------------------------------------------------------
GROUP = "The corpus:\n\n* Romance languages ({t}): Spanish (6.1%), French (4.2%), Italian (2.2%)\n"


def test_group_share_is_the_sum_of_its_listed_shares(tmp_path):
    [r] = rels(GROUP.format(t="12.5%"), "shares")
    assert r.target is not None and len(r.parts) == 3 and r.confidence >= CONFIDENT
    assert "before a colon" in r.evidence
    assert verdicts(tmp_path, GROUP.format(t="12.5%")) == ["consistent"]


def test_group_share_that_does_not_add_up_is_reported(tmp_path):
    assert verdicts(tmp_path, GROUP.format(t="13.5%")) == ["inconsistent"]


def test_measures_after_a_colon_are_not_parts():
    # a list of measures, not the group's parts: far from the sum, so only a suggestion
    [r] = rels("Accuracy 85%: recall 80%, precision 70%\n", "shares")
    assert r.confidence < CONFIDENT
    # a part larger than the whole: no relation at all
    assert rels("Overall 40%: subset A 55%, subset B 30%\n", "shares") == []


# -- counts in two units with the rate between them ----------------------------------------------
def test_count_in_two_units_with_the_rate(tmp_path):
    text = "Hardware:\n\n- 96 GPUs (12 nodes) in total\n- 8 GPUs per node\n"
    [r] = rels(text, "product")
    assert r.confidence >= CONFIDENT and "'8 GPUs per node'" in r.evidence
    assert verdicts(tmp_path, text) == ["consistent"]
    assert verdicts(tmp_path, text.replace("12 nodes", "11 nodes")) == ["inconsistent"]


def test_count_in_two_units_needs_one_rate():
    assert rels("- 96 GPUs (12 nodes) in total\n", "product") == []
    text = "- 96 GPUs (12 nodes)\n- 8 GPUs per node on cluster A, 4 GPUs per node on cluster B\n"
    assert rels(text, "product") == []


# -- "respectively … up to Z×" -------------------------------------------------------------------
def test_respectively_up_to_is_the_larger_ratio(tmp_path):
    zh = ("系统 A 在单卡上最多运行 2B 的模型，在单节点上运行 10B 的模型，"
          "而我们的系统分别运行 8B 和 60B 的模型，实现高达 6 倍的提升。\n")
    [r] = rels(zh, "ratio")
    assert r.formula.startswith("max(") and r.confidence >= CONFIDENT
    assert verdicts(tmp_path, zh) == ["consistent"]
    en = ("System A fits 2B on one GPU and 10B on one node, while ours fits 8B and 60B respectively, "
          "an improvement of up to 6x.\n")
    assert [r.formula.startswith("max(") for r in rels(en, "ratio")] == [True]
    assert verdicts(tmp_path, en.replace("6x", "9x")) == ["inconsistent"]


def test_respectively_without_up_to_is_left_alone():
    text = "We trained 2B and 10B models, then 8B and 60B models respectively, at 4x the cost.\n"
    assert rels(text, "ratio") == []


# -- one rate implied by the cells of a row --------------------------------------------------------
RATE_TABLE = ("| GPUs | Model A | Model B | Model C | Model D |\n|---|---|---|---|---|\n"
              "| 8x H100 | 2 hours ($50) | 4 hours ($100) | 10 hours ($250) | 1.5 days ({d}) |\n")


def test_cells_pairing_time_and_cost_share_one_rate(tmp_path):
    text = RATE_TABLE.format(d="$900")
    found = rels(text, "rate")
    assert len(found) == 3 and all(r.confidence >= CONFIDENT for r in found)
    assert "fits 4 of 4" in found[0].evidence
    assert set(verdicts(tmp_path, text)) == {"consistent"}


def test_the_cell_off_the_rate_is_the_finding(tmp_path):
    text = RATE_TABLE.format(d="$1200")
    assert sorted(verdicts(tmp_path, text)) == ["consistent", "consistent", "inconsistent"]


def test_two_cells_or_mixed_pairs_are_no_rate():
    assert rels("| GPUs | A | B |\n|---|---|---|\n| 8x H100 | 2 hours ($50) | 4 hours ($100) |\n", "rate") == []
    scattered = RATE_TABLE.format(d="$2000").replace("($100)", "($300)")
    assert rels(scattered, "rate") == []


# -- quantisation: fewer bits, less memory ----------------------------------------------------------
QUANT = ("量化前后的显存占用 (GB)：\n\n| 精度 | 7B | 13B |\n|---|---|---|\n"
         "| FP16 | 14.2 | 26.8 |\n| INT8 | {m} | 14.9 |\n| INT4 | 5.0 | 8.3 |\n")


def test_memory_falls_with_the_bit_width(tmp_path):
    found = rels(QUANT.format(m="8.1"), "compare")
    assert len(found) == 4 and all("precision" in r.evidence for r in found)
    assert set(verdicts(tmp_path, QUANT.format(m="8.1"))) == {"consistent"}
    assert sorted(verdicts(tmp_path, QUANT.format(m="4.6"))) == ["consistent"] * 3 + ["inconsistent"]


def test_precision_labels_with_a_method_name():
    text = ("| Quantization | Min GPU memory (GB) |\n|---|---|\n| BF16 | 16.4 |\n| Int8 (GPTQ) | 11.2 |\n"
            "| Int4 (AWQ) | 8.0 |\n")
    assert len(rels(text, "compare")) == 2


def test_scores_by_precision_are_not_ordered():
    scores = QUANT.format(m="8.1").replace("量化前后的显存占用 (GB)", "量化前后的 C-Eval 分数")
    assert rels(scores, "compare") == []
    models = "Memory (GB):\n\n| Model | 7B |\n|---|---|\n| Chat | 14.2 |\n| Chat-4bits | 5.0 |\n"
    assert rels(models, "compare") == []


# -- a long exact number that is the product of two others ---------------------------------------
def test_exact_product_of_two_numbers_the_document_prints(tmp_path):
    text = ("Each run saw 99,614,720,000 tokens.\n\n"
            "We trained for 95000 steps at a batch size of 1,048,576 tokens.\n")
    [r] = rels(text, "product")
    assert r.confidence >= CONFIDENT and "significant digits" in r.evidence
    assert verdicts(tmp_path, text) == ["consistent"]


def test_round_or_ambiguous_products_are_not_taken():
    # a round number matches too many products to mean one
    assert rels("It saw 100,000,000 tokens: 1000 steps of 100000 tokens.\n", "product") == []
    # 4,194,304 = 1024 × 4096 = 2048 × 2048 … and 512 × 8192: no single pair
    text = "A batch of 4,194,304 tokens. Widths 1024, 4096, 512 and 8192 were tried.\n"
    assert rels(text, "product") == []


# -- a value with its calculation in inline code beside it ------------------------------------------
def test_value_with_its_calculation_in_code(tmp_path):
    text = "The warm-up lasts 250 steps (`1000/4`), then 3906 steps (`250_000/64`) follow.\n"
    found = rels(text, "equation")
    assert [r.formula for r in found] == ["1000/4", "floor(250000/64)"]
    assert "truncated" in found[1].note and "code" in found[1].evidence
    assert verdicts(tmp_path, text) == ["consistent", "consistent"]
    assert verdicts(tmp_path, text.replace("3906 steps", "3900 steps")) == ["consistent", "inconsistent"]


def test_named_product_in_code_and_code_that_is_no_calculation(tmp_path):
    text = "Each replica is 32 GPUs (`TP*PP=4*8`).\n"
    assert [r.formula for r in rels(text, "equation")] == ["4*8"]
    assert verdicts(tmp_path, text) == ["consistent"]
    assert rels("Warm-up is 2000 steps (`--warmup 2000`).\n", "equation") == []


# -- a total, then its parts joined by "and" ----------------------------------------------------------
SUM_ZH = "本次训练总共使用 2.4 亿个字符。其中有 1.6 亿个中文字符（来自网页）和 {b} 万个英文字符（来自书籍）。\n"


def test_total_then_its_parts_joined_by_and(tmp_path):
    [r] = rels(SUM_ZH.format(b="8000"), "written-sum")
    assert len(r.parts) == 2 and r.confidence >= CONFIDENT and "'总共" in r.evidence
    assert verdicts(tmp_path, SUM_ZH.format(b="8000")) == ["consistent"]
    assert verdicts(tmp_path, SUM_ZH.format(b="9500")) == ["inconsistent"]
    en = "The model saw a total of 3.5B tokens: 2.5B tokens of web text and 1B tokens of code.\n"
    assert verdicts(tmp_path, en) == ["consistent"]


def test_values_joined_by_and_far_from_the_total_are_a_suggestion():
    [r] = rels("We ran a total of 10 jobs. Of those, 3 jobs and 4 jobs failed twice.\n", "written-sum")
    assert r.confidence < CONFIDENT
    # a value in the parentheses of a part is not a part
    [r] = rels(SUM_ZH.format(b="8000").replace("来自网页", "其中 2000 万来自新闻"), "written-sum")
    assert len(r.parts) == 2


def test_calculation_and_result_both_in_code(tmp_path):
    text = "- embedding: `v*h`: `32000*4096` => `{n}` params\n"
    [r] = rels(text.format(n="131_072_000"), "equation")
    assert r.target is None and r.formula == "32000*4096" and r.value == "131_072_000"
    assert verdicts(tmp_path, text.format(n="131_072_000")) == ["consistent"]
    assert verdicts(tmp_path, text.format(n="131_072_512")) == ["inconsistent"]
    # arithmetic in prose is the equation rule's, and is not read a second time from code
    assert [r.formula for r in rels("The bill is 2 × 3 = 6 units.\n", "equation") if r.target is None] == []


# -- a column proportional to another times a constant column ----------------------------------------
CARBON = ("| Model | Time (GPU hours) | Power (W) | Carbon emitted (tCO2eq) |\n|---|---|---|---|\n"
          "| A-7B | 100000 | 350 | 14.88 |\n| A-13B | 200000 | 350 | {b} |\n| A-65B | 1000000 | 350 | 148.8 |\n"
          "| Total | 1300000 | 1050 | 193.4 |\n")


def test_column_times_an_unprinted_factor(tmp_path):
    found = [r for r in rels(CARBON.format(b="29.75"), "column-product") if "factor" in r.note]
    assert len(found) == 2 and all(r.confidence >= CONFIDENT for r in found)
    assert "column 'Time (GPU hours)' × column 'Power (W)'" in found[0].evidence
    assert set(verdicts(tmp_path, CARBON.format(b="29.75"))) == {"consistent"}


def test_no_unprinted_factor_when_the_ratio_varies_or_digits_are_few():
    assert [r for r in rels(CARBON.format(b="31.75"), "column-product") if "factor" in r.note] == []
    rough = "| Model | Hours | Cost |\n|---|---|---|\n| a | 10 | 20 |\n| b | 20 | 40 |\n| c | 40 | 80 |\n"
    assert [r for r in rels(rough, "column-product") if "factor" in r.note] == []


# -- code printing a result with a unit, its inputs with units in the sentence before -----------------
EPOCH = "One epoch is 1200 steps, with 30 sec/step:\n\n```\npython -c 'print(f\"{{1200*30/{c}:.2f}}h\")'\n{out}h\n```\n"


def test_code_result_recomputed_with_the_units_own_conversion(tmp_path):
    [r] = rels(EPOCH.format(c="3600", out="10.00"), "equation")
    assert r.given == {"x1": "1200 steps", "x2": "30 sec/step"} and r.value == "10.00 h"
    assert "'1200*30/3600' prints" in r.evidence
    assert verdicts(tmp_path, EPOCH.format(c="3600", out="10.00")) == ["consistent"]
    # 3660 is no number of seconds in an hour: the printed 9.84h is 1.6% short of 10 h
    assert verdicts(tmp_path, EPOCH.format(c="3660", out="9.84")) == ["inconsistent"]


def test_code_constants_that_are_no_conversion_are_left_alone():
    # (the code's own arithmetic is still read by the code-prints rule, with no units given)
    assert [r for r in rels(EPOCH.format(c="3600*2", out="5.00"), "equation") if r.given] == []
    no_units = "Run 1200 steps of 30 samples:\n\n```\nprint(1200*30/3600)\n10.0h\n```\n"
    assert rels(no_units, "equation") == []


# -- precision guards on totals ------------------------------------------------------------------------
def test_total_row_of_a_percentage_column_is_an_overall_value():
    text = ("| Stage | GPU hours | MFU |\n|---|---|---|\n| pre-train | 1200 | 41% |\n| fine-tune | 300 | 35% |\n"
            "| Total | 1500 | 39.8% |\n")
    by_col = {r.note.split("(")[1].split(")")[0]: r.confidence for r in rels(text, "table-total")}
    assert by_col["GPU hours"] >= CONFIDENT and by_col["MFU"] < CONFIDENT


def test_total_column_that_fails_in_most_rows_is_a_suggestion():
    # a "Total" over a weighting the table does not show: the plain sum fails in two rows of three
    text = ("| Task | Easy | Medium | Hard | Total |\n|---|---|---|---|---|\n"
            "| a | 2 | 3 | 4 | 20 |\n| b | 1 | 1 | 1 | 6 |\n| c | 5 | 5 | 5 | 15 |\n")
    found = rels(text, "row-total")
    assert found and all(r.confidence < CONFIDENT for r in found)
    text = ("| Task | Easy | Hard | Total |\n|---|---|---|---|\n| a | 2 | 3 | 5 |\n| b | 4 | 4 | 8 |\n"
            "| c | 1 | 1 | 3 |\n")
    assert [r.confidence >= CONFIDENT for r in rels(text, "row-total")] == [True] * 3


COST_ROWS = ("| Training costs | Pre-training | Extension | Post-training | Total |\n|---|---|---|---|---|\n"
             "| in GPU hours | 2180K | 110K | 6K | 2296K |\n| in USD | $4.360M | $0.220M | {c} | $4.592M |\n")


def test_row_times_an_unprinted_rate(tmp_path):
    found = [r for r in rels(COST_ROWS.format(c="$0.012M"), "column-product") if "factor" in r.note]
    assert len(found) == 3 and "row 'in USD' / row 'in GPU hours'" in found[0].evidence
    assert "row-total" in [r.kind for r in draft_text(COST_ROWS.format(c="$0.012M"), "doc.md").relations]
    assert set(verdicts(tmp_path, COST_ROWS.format(c="$0.012M"))) == {"consistent"}
    # a cell off the rate breaks the proportion: no factor is read (the Total column still checks the row)
    assert [r for r in rels(COST_ROWS.format(c="$0.020M"), "column-product") if "factor" in r.note] == []


# -- a rounded prose value restating one table cell ---------------------------------------------------
RESTATED = ("Pre-training used a cumulative {v} GPU hours of computation.\n\n"
            "| Model | Time (GPU hours) | Power (W) |\n|---|---|---|\n| A-7B | 700000 | 350 |\n"
            "| A-70B | 1401248 | 350 |\n| Total | 2101248 | |\n")


def test_rounded_prose_value_restates_the_cell(tmp_path):
    [r] = rels(RESTATED.format(v="2.1M"), "headline")
    assert "'2101248'" in r.evidence and "names 'hours'" in r.evidence and r.confidence >= CONFIDENT
    assert set(verdicts(tmp_path, RESTATED.format(v="2.1M"))) == {"consistent"}


def test_no_restatement_without_a_shared_word_or_with_two_cells():
    assert rels(RESTATED.format(v="2.1M").replace("GPU hours of computation", "steps"), "headline") == []
    two = RESTATED.format(v="1.4M").replace("| A-7B | 700000 |", "| A-7B | 1399000 |")
    assert rels(two, "headline") == []


def test_numbers_beyond_floats_do_not_stop_the_relation_rules():
    # found by tests/test_fuzz_parsers.py: '0E305万' overflowed a float in the restatement rule
    assert draft_text("0E305万", "doc.md").relations == []
    huge = ("| G | A | B | C |\n|---|---|---|---|\n| x | 1E400 hours ($5) | 2 hours ($1E500) | 3 hours ($4) |\n"
            "\nIt is 0E305万 and 2.1M x, 1" + "0" * 5000 + " tokens.\n")
    assert rels(huge, "rate") == [] and rels(huge, "product") == []


# -- code that prints computed values, and its output ----------------------------------------------
SANITY = ("Sanity check:\n```\n$ NHIDDEN=8192; NLAYERS=40; VOCAB=50000; python -c \"h=$NHIDDEN; l=$NLAYERS; v=$VOCAB; "
          "print(f'Model size: {{(l*(12*h**2 + 13*h) + v*h) / 10**9 :.0f}}B, hidden/layers: {{int(h/l)}}')\"\n"
          "Model size: {size}B, hidden/layers: {ratio}\n```\n")


def test_code_one_liner_output_is_its_expression_on_the_assigned_literals(tmp_path):
    # 40 × (12 × 8192² + 13 × 8192) + 50000 × 8192 = 32,623,882,240 -> 33; 8192/40 = 204.8 -> int 204
    text = SANITY.format(size="33", ratio="204")
    found = rels(text, "equation")
    assert [(r.value, r.given) for r in found] == [("33", {"l": "40", "h": "8192", "v": "50000"}),
                                                   ("204", {"h": "8192", "l": "40"})]
    assert found[1].formula == "floor(h / l)" and all(r.confidence >= CONFIDENT for r in found)
    assert "its output '33' on the next line" in found[0].evidence
    assert verdicts(tmp_path, text) == ["consistent", "consistent"]
    # a printed result the code cannot give: 205 is no int(204.8), 32B no rounded 32.6B
    assert verdicts(tmp_path, SANITY.format(size="32", ratio="205")) == ["inconsistent", "inconsistent"]


def test_perl_one_liner_reads_its_argument_for_shift(tmp_path):
    text = ("Days left, with the consumed tokens as the argument:\n\n```\n"
            "perl -le 'print 100 * (300_000_000_000-shift) / (1024*2048*86400)' 120000000000\n{out}\n```\n")
    [r] = rels(text.format(out="99.341074625651"), "equation")
    assert r.formula == "100 * (300000000000 - 120000000000) / (1024 * 2048 * 86400)"
    assert verdicts(tmp_path, text.format(out="99.341074625651")) == ["consistent"]
    assert verdicts(tmp_path, text.format(out="98.341074625651")) == ["inconsistent"]


def test_code_naming_what_it_does_not_assign_is_left_alone():
    text = "```\npython -c \"print(f'{steps*bs/1e9:.1f}B tokens')\"\n4.2B tokens\n```\n"
    assert rels(text, "equation") == []
    # a printed value with no calculation in it is no relation either
    assert rels("```\nx=4096; python -c \"print(x)\"\n4096\n```\n", "equation") == []


# -- prose that sums up the table next to it -------------------------------------------------------
NEAR = ("## Training cost\n\nEven a model with 700 亿参数 trains in {t} 小时, and the 1300 亿参数 model takes "
        "不到一天.\n\n"
        "| GPUs | Llama-7B | Llama-70B | OPT-130B |\n|---|---|---|---|\n"
        "| 64x A100 | 1.5 hours ($96) | 9.5 hours ($608) | 21 hours ($1344) |\n")


def test_sentence_naming_a_model_size_restates_or_bounds_the_next_tables_cell(tmp_path):
    found = rels(NEAR.format(t="9.5"), "headline")
    assert [(r.note.split(" table")[0], r.confidence) for r in found] == [("the sentence restates", 0.7),
                                                                           ("the sentence bounds", 0.7)]
    assert "'700 亿' (the size in 'Llama-70B')" in found[0].evidence
    assert verdicts(tmp_path, NEAR.format(t="9.5"), kind="headline") == ["consistent", "consistent"]
    # the prose says 12 hours where the table has 9.5: the finding
    assert verdicts(tmp_path, NEAR.format(t="12"), kind="headline") == ["inconsistent", "consistent"]


def test_table_summary_needs_one_cell_of_its_kind_and_a_table_close_by():
    two_rows = NEAR.format(t="9.5") + "| 8x A100 | 12 hours ($96) | 80 hours ($640) | 30 hours ($1920) |\n"
    assert rels(two_rows, "headline") == []                     # which of two rows: not said
    far = NEAR.format(t="9.5").replace("\n\n|", "\n\n" + "More words.\n\n" * 10 + "|")
    assert rels(far, "headline") == []
    other_section = NEAR.format(t="9.5").replace("\n\n|", "\n\n## Results\n\n|")
    assert rels(other_section, "headline") == []


def test_sentence_naming_a_header_restates_its_only_cell():
    text = ("Fine-tuning OPT-13B takes 4 hours on our cluster.\n\n| Cluster | OPT-13B | OPT-30B |\n|---|---|---|\n"
            "| 64x A100 | 4 hours | 7.5 hours |\n")
    [r] = rels(text, "headline")
    assert "'OPT-13B' in the sentence" in r.evidence and r.confidence >= CONFIDENT


# -- totals counted in items whose size is given elsewhere ------------------------------------------
PAIRS = ("我们共有 409.6 万个提示（prompt）字符（8k 个提示，每个长度为 512）和 409.6 万个回复字符"
         "（8k 个回复，每个长度为 512），"
         "每步的全局批量约为 {t} 个字符（256 个提示-回复对）。\n")


def test_a_count_of_pairs_is_the_two_sizes_each_pair_joins(tmp_path):
    # 256 pairs × (512 + 512) = 262,144 tokens ≈ 26 万
    found = rels(PAIRS.format(t="26 万"), "product")
    pair = [r for r in found if "pairs" in r.note]
    assert len(found) == 3 and len(pair) == 1 and pair[0].confidence >= CONFIDENT
    assert "the sizes of each '提示' and each '回复'" in pair[0].evidence
    assert verdicts(tmp_path, PAIRS.format(t="26 万"), kind="product") == ["consistent"] * 3
    # "0.26M" translated as 260 万: ten times the batch the pairs make
    assert verdicts(tmp_path, PAIRS.format(t="260 万"), kind="product")[-1] == "inconsistent"


def test_pairs_whose_halves_have_no_stated_size_are_left_alone():
    text = "每步的全局批量约为 26 万个字符（256 个提示-回复对）。\n"
    assert rels(text, "product") == []


EPOCHS = ("Each model saw 300B tokens during training. This is {e} epochs on the filtered corpus (which contains "
          "200B tokens in 1 epoch).\n")


def test_epochs_are_tokens_seen_over_the_tokens_of_one_epoch(tmp_path):
    [r] = rels(EPOCHS.format(e="~= 1.5"), "ratio")
    assert r.value == "~1.5" and r.confidence >= CONFIDENT and "'200B tokens' in one epoch" in r.evidence
    assert verdicts(tmp_path, EPOCHS.format(e="~= 1.5"), kind="ratio") == ["consistent"]
    assert verdicts(tmp_path, EPOCHS.format(e="1.4"), kind="ratio") == ["inconsistent"]     # 300/200 is 1.5
    # two token counts of the paragraph that disagree: which one the epochs are of is not said
    two = EPOCHS.format(e="1.5").replace("300B tokens during", "300B tokens (the large ones 500B tokens) during")
    assert rels(two, "ratio") == []


# -- a unit or scale in a column header or caption applies to its bare cells ------------------------
def test_header_and_caption_unit_words():
    from claimaudit.extract.relation_model import unit_words

    read = {h: (got[0], got[1].canonical) if (got := unit_words(h)) else None
            for h in ("Time (GPU hours)", "Revenue ($M)", "Tokens (K)", "量化前后显存占用对比 (GPU Mem in GB)：",
                      "Carbon Emitted (tCO2eq)", "成本（单位：万元）", "SeqLen (T)", "Params (B)", "Throughput (S/s)",
                      "MMLU (5-shot)", "Model")}
    assert read == {"Time (GPU hours)": (1, "GPU * hour"), "Revenue ($M)": (10**6, "USD"),
                    "Tokens (K)": (1000, "token"),
                    "量化前后显存占用对比 (GPU Mem in GB)：": (1, "gigabyte"), "Carbon Emitted (tCO2eq)": (1, "tCO2eq"),
                    "成本（单位：万元）": (10**4, "CNY"),
                    # ambiguous letters (trillion or tokens, billion or bytes), SI symbols, shots: nothing
                    "SeqLen (T)": None, "Params (B)": None, "Throughput (S/s)": None, "MMLU (5-shot)": None,
                    "Model": None}


FOOTPRINT = ("## Carbon footprint\n\nEstimated total emissions were {e} tCO2eq, and the budget was $1.2 million.\n\n"
             "| Model | Time (GPU hours) | Cost ($M) | Carbon Emitted (tCO2eq) |\n|---|---|---|---|\n"
             "| Small | 184320 | 0.4 | 31.22 |\n| Large | 1720320 | 0.8 | 291.42 |\n"
             "| Total | 1904640 | 1.2 | 322.64 |\n")


def test_prose_against_a_bare_cell_in_the_unit_its_header_names(tmp_path):
    d = draft_text(FOOTPRINT.format(e="323"), "doc.md")
    found = [r for r in d.relations if r.kind == "headline"]
    cells = [d.mentions[r.parts[0]].printed for r in found]
    # the cells carry the unit and scale their header closes with (extract.unit_words.column_reading):
    # 1.2 in "Cost ($M)" is $1.2 million, so the relation compares amounts with units
    assert cells == ["322.64", "1.2"] and not any(r.unitless for r in found)
    assert [d.mentions[r.parts[0]].unit.canonical for r in found] == ["tCO2eq", "USD"]
    assert d.mentions[found[1].parts[0]].number.nominal == 1_200_000
    assert "'323 tCO2eq'" in found[0].evidence
    assert found[0].rounding == "digits"       # 323 restates 322.64: a rounding, not an exact 323
    assert verdicts(tmp_path, FOOTPRINT.format(e="323"), kind="headline") == ["consistent", "consistent"]
    assert verdicts(tmp_path, FOOTPRINT.format(e="423"), kind="headline") == ["inconsistent", "consistent"]


# -- headline gains against the table that shows them -------------------------------------------------
GAINS = ("相比于初代模型，NovaLM-2 在 MMLU（+23%）、GSM8K（+{g}%）等数据集上的性能取得了大幅度的提升。\n\n"
         "| Model | MMLU | GSM8K |\n|---|---|---|\n| NovaLM | 36.0 | 4.8 |\n| NovaLM-2 | 44.3 | 32.4 |\n")


def test_gain_beside_a_column_is_the_subjects_cell_over_the_other_rows(tmp_path):
    found = rels(GAINS.format(g="575"), "change")
    assert [r.note.split(" (")[0] for r in found] == ["'NovaLM-2' over 'NovaLM' on 'MMLU'",
                                                     "'NovaLM-2' over 'NovaLM' on 'GSM8K'"]
    assert "'NovaLM' the table's one other row" in found[0].evidence
    assert verdicts(tmp_path, GAINS.format(g="575"), kind="change") == ["consistent", "consistent"]
    assert verdicts(tmp_path, GAINS.format(g="475"), kind="change") == ["consistent", "inconsistent"]


def test_gain_in_points_and_a_named_baseline(tmp_path):
    text = ("Llama-X improves over Llama-B by +8.3% on MMLU.\n\n| Model | MMLU |\n|---|---|\n"
            "| Llama-A | 40.0 |\n| Llama-B | 36.0 |\n| Llama-X | 44.3 |\n")
    [r] = rels(text, "change")           # 44.3 − 36.0 = 8.3 points (relative: 23%)
    assert r.note.endswith(", in points") and r.value == "+8.3"
    assert verdicts(tmp_path, text, kind="change") == ["consistent"]
    # three rows and no baseline named: which row the gain is over is not said
    assert rels(text.replace("over Llama-B ", ""), "change") == []


# -- a value whose unit is the product of two others' in its sentence ---------------------------------
def test_gpus_times_days_is_the_gpu_hours_the_sentence_states(tmp_path):
    text = "Each trillion tokens takes {h} GPU hours, i.e., 3.7 days on our cluster of 2048 GPUs.\n"
    [r] = rels(text.format(h="180K"), "product")
    assert r.confidence >= CONFIDENT and "whose units multiply to its unit" in r.evidence
    assert verdicts(tmp_path, text.format(h="180K"), kind="product") == ["consistent"]
    # 2048 × 3.7 days is about 182K GPU hours: 175K is off by more than its rounding, still within 10%
    assert verdicts(tmp_path, text.format(h="175K"), kind="product") == ["inconsistent"]
    # a product off by far more than 10% is no statement of the sentence: a suggestion only
    assert [r.confidence < CONFIDENT for r in rels(text.format(h="900K"), "product")] == [True]


def test_product_needs_one_pair_of_units():
    text = "We used 2048 GPUs for 3.7 days and 1024 GPUs for 2 days, 280K GPU hours in all.\n"
    assert rels(text, "product") == []          # two pairs multiply to GPU hours: which is meant is not said


def test_code_beyond_the_formula_language_is_left_alone():
    huge = "```\nx=2; python -c \"print(x**5000 + 1)\"\n5\n```\n"
    zero = "```\nx=0; python -c \"print(1/x + 1)\"\n5\n```\n"
    assert rels(huge, "equation") == [] and rels(zero, "equation") == []
