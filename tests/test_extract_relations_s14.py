"""Relations of session 14: a percentage beside its fraction ("92.0% (220/250)"), counts per a noun ("4,690
episodes per environment") and conversions after the noun a value measures ("80GB card (74.5 GiB)").
Sentences written for these tests in the shapes of evaluation reports and model cards (not copied)."""

from __future__ import annotations

import pytest
from test_relations_rules import rels, verdicts


def doc(sentence: str) -> str:
    return f"# Notes\n\n{sentence}\n"


def audited(text: str, kind: str) -> list:
    return [r for r in rels(text, kind) if r.confidence >= 0.7]


# -- a percentage and its fraction in parentheses ---------------------------------------------------
@pytest.mark.parametrize("sentence, verdict", [
    ("Human testers reached 88.0% on a 250-episode subset (220/250).", "consistent"),
    ("Human testers reached 92.0% on a 250-episode subset (220/250).", "inconsistent"),
    ("The pass rate was 88% (22/25).", "consistent"),
    ("We solved 22/25 (88%) of the tasks.", "consistent"),
    ("We solved 22/25 (84%) of the tasks.", "inconsistent"),
    ("全部用例的通过率为 96.0%（1,200/1,250）。", "consistent"),
])
def test_a_percentage_is_the_fraction_printed_beside_it(tmp_path, sentence, verdict):
    assert len(audited(doc(sentence), "percent-of")) == 1
    assert verdicts(tmp_path, doc(sentence), kind="percent-of") == [verdict]


@pytest.mark.parametrize("sentence", [
    "Accuracy rose by 5% (3/60 more).",            # the parenthesis says more than the fraction
    "It scored 71% on MMLU (5-shot).",              # no fraction
    "Accuracy rose 5% on the hard split (3/60).",   # a change is no share
    "It reached 71%; the hard split (3/60) stayed flat.",   # another clause
])
def test_no_share_without_its_fraction_in_the_same_clause(sentence):
    assert not audited(doc(sentence), "percent-of")


# -- a count per a noun ----------------------------------------------------------------------------
@pytest.mark.parametrize("sentence, verdict", [
    ("We ran 2.4M episodes across 512 parallel environments, about 4,690 episodes per environment.", "consistent"),
    ("We ran 2.4M episodes across 512 parallel environments, about 5,690 episodes per environment.", "inconsistent"),
    ("The corpus holds 1.2M documents in 40 languages, about 30,000 per language.", "consistent"),
])
def test_a_count_per_a_noun_is_the_count_over_the_nouns_count(tmp_path, sentence, verdict):
    assert len(audited(doc(sentence), "rate")) == 1
    assert verdicts(tmp_path, doc(sentence), kind="rate") == [verdict]


@pytest.mark.parametrize("sentence", [
    # the count per noun has no count of its noun beside it
    "We ran 2.4M episodes, about 4,690 episodes per environment.",
    # two counts of the things counted: which one is the whole is not said
    "We ran 2.4M episodes and 1.1M evaluations across 512 environments, about 4,690 episodes per run.",
    # a rule of scoring, not a quotient
    "Three-pointers (1,097 of them) give three points for each three-pointer.",
])
def test_no_count_per_noun_without_both_counts(sentence):
    assert not audited(doc(sentence), "rate")


# -- a conversion after the noun the value measures ----------------------------------------------------
@pytest.mark.parametrize("sentence", [
    "A single 80GB card (about 74.5 GiB) holds the whole model.",
    "单张 80GB 显卡（约 74.5 GiB）在 BF16 下最长可支持约 256K 的单条序列。",
    "The 100 km race (62 miles) starts at nine.",
])
def test_a_conversion_after_the_noun_it_measures(tmp_path, sentence):
    assert len(audited(doc(sentence), "conversion")) == 1
    assert verdicts(tmp_path, doc(sentence), kind="conversion") == ["consistent"]


@pytest.mark.parametrize("sentence", [
    "A 16 GB GPU (4 GB) is enough for the adapter.",     # another quantity of the kind, not a conversion
    "A 16 GB GPU (4 GB used) is enough for the adapter.",
])
def test_no_conversion_of_another_quantity_after_a_noun(sentence):
    assert not rels(doc(sentence), "conversion")


# -- a Δ column of a three-column table against the baseline row ------------------------------------
ABLATION = ("# Ablations\n\nSuccess rate when one component is removed (Δ in points against the full\nagent).\n\n"
            "| Variant | Success rate | Δ |\n|---|---:|---:|\n| Kestrel-3 (full) | 71.1% | – |\n"
            "| − memory | 66.4% | −4.7 |\n| − reflection | 68.0% | −3.1 |\n| − curriculum | 62.9% | {c} |\n"
            "| − tool docs | 69.5% | −1.6 |\n")


def test_a_delta_column_against_the_baseline_row_the_words_name(tmp_path):
    good, bad = ABLATION.format(c="−8.2"), ABLATION.format(c="−7.2")
    assert len(audited(good, "change")) == 4
    assert verdicts(tmp_path, good, kind="change") == ["consistent"] * 4
    # (the words name the baseline, so one cell of four may miss the reading: it is the finding)
    assert sorted(verdicts(tmp_path, bad, kind="change")) == ["consistent"] * 3 + ["inconsistent"]


def test_an_unnamed_baseline_allows_no_cell_to_miss():
    text = ABLATION.format(c="−7.2").replace(" against the full\nagent", "")
    assert not audited(text, "change")


# -- a gain beside a column's header, against a table of two rows --------------------------------------
TWO_ROWS = ("# 评测\n\n| 模型 | 单文档问答 | 摘要 | 多文档问答 | 平均 |\n|---|---:|---:|---:|---:|\n"
            "| 青蒿-9B | 38.2 | 41.5 | 29.7 | 38.5 |\n| 青蒿-LC-9B | 45.9 | 48.3 | 37.2 | 45.4 |\n\n{s}\n")


@pytest.mark.parametrize("sentence, verdicts_", [
    ("长文本评测平均提升 6.9 分，相对提升 17.9%，其中多文档问答提升了 7.5 分。", ["consistent"] * 3),
    ("长文本评测平均提升 6.9 分，相对提升 19.7%，其中多文档问答提升了 9.8 分。",
     ["consistent", "inconsistent", "inconsistent"]),
])
def test_a_gain_beside_a_header_is_the_two_rows_gap(tmp_path, sentence, verdicts_):
    text = TWO_ROWS.format(s=sentence)
    assert len(audited(text, "change")) == 3
    assert verdicts(tmp_path, text, kind="change") == verdicts_


def test_a_gain_in_english_points_and_relative(tmp_path):
    text = ("# Results\n\n| Model | MMLU | GSM8K |\n|---|---|---|\n| Wren-1 | 38.5 | 50.1 |\n"
            "| Wren-2 | 45.4 | 60.2 |\n\nMMLU improves by 6.9 points, or 17.9% relative.\n")
    assert verdicts(tmp_path, text, kind="change") == ["consistent", "consistent"]


@pytest.mark.parametrize("sentence", [
    "平均分比 GPT-4 提升 6.9 分。",                    # a baseline not in the table
    "MMLU improves by 6.9 points over the base model.",
    "平均提升 6.9 分。",                                # (three rows: which two is not said)
])
def test_no_two_row_gain_against_another_baseline_or_rows(sentence):
    text = TWO_ROWS.format(s=sentence)
    if sentence == "平均提升 6.9 分。":
        text = text.replace("\n\n平均", "\n| 青蒿-2B | 30.1 | 35.2 | 22.0 | 29.1 |\n\n平均")
    assert not [r for r in audited(text, "change") if "naming no row" in r.evidence]


# -- a column product with one misprinted cell in six rows or more -------------------------------------
def _mix_table(rows: list[tuple[str, int, int, float]]) -> str:
    body = "".join(f"| {n} | {d:,} | {t:.1f} | {a:,} |\n" for n, d, a, t in ((n, d, a, t) for n, d, t, a in rows))
    return ("# 构成\n\n| 领域 | 文档数（万） | Token 数（亿） | 平均长度 |\n|---|---:|---:|---:|\n" + body)


MIX = [("News", 1250, 187.5, 1500), ("Wiki", 400, 96.0, 2400), ("Forums", 1800, 108.0, 600),
       ("Books", 50, 150.0, 30000), ("Papers", 200, 80.0, 4200), ("Gov", 300, 36.0, 1200), ("Web", 1000, 80.0, 800)]


def test_one_misprinted_cell_of_seven_rows_is_the_finding(tmp_path):
    text = _mix_table(MIX)          # Papers: 200 × 4,200 is 84.0, printed 80.0
    products = audited(text, "column-product")
    assert len(products) == 7
    assert sorted(verdicts(tmp_path, text, kind="column-product")) == ["consistent"] * 6 + ["inconsistent"]


def test_one_miss_in_five_rows_or_in_the_total_row_is_no_relation():
    assert not audited(_mix_table(MIX[:5]), "column-product")
    good = [r if r[0] != "Papers" else ("Papers", 200, 84.0, 4200) for r in MIX]
    # (a Total row whose mean is not the totals' quotient: the one miss may not be there)
    total = ("Total", sum(r[1] for r in good), sum(r[2] for r in good), 999)
    assert not audited(_mix_table(good + [total]), "column-product")


# -- shares, changes and sums in more words ----------------------------------------------------------
@pytest.mark.parametrize("sentence, kind, verdict", [
    ("The model covered 8,571 of 9,630 held-out Weather-DE points (89.0%).", "percent-of", "consistent"),
    ("The model covered 8,571 of 9,630 held-out Weather-DE points (86.0%).", "percent-of", "inconsistent"),
    ("共抽取 2,000 条回复，一致的有 1,872 条（93.6%）。", "percent-of", "consistent"),
    ("We sampled 2,000 replies and the judge agreed on 1,872, an agreement rate of 93.6%.", "percent-of",
     "consistent"),
    ("The quantile loss fell from 0.184 (v1.5) to 0.171 (v1.6), a 7.1% reduction.", "change", "consistent"),
    ("Recovery raises the zero-shot average from 55.2 to 59.6 (+4.4).", "change", "consistent"),
    ("Recovery raises the zero-shot average from 55.2 to 59.6 (+4.6).", "change", "inconsistent"),
    ("平均分从 55.2 提升到 59.6（+4.4）。", "change", "consistent"),
    ("Latency fell from 120 ms to 95 ms (−25 ms).", "change", "consistent"),
    ("The score went from 55.2 to 59.6 (+8.0%).", "change", "consistent"),
    ("The pruned model needs 7.0 GB instead of 13.5 GB, 48% less.", "comparison", "consistent"),
    ("The pruned model needs 7.0 GB instead of 13.5 GB, 58% less.", "comparison", "inconsistent"),
    ("精确去重删除 5.1 亿篇；模糊去重删除 7.6 亿篇；两步合计删除 12.7 亿篇。", "written-sum", "consistent"),
    ("精确去重删除 5.1 亿篇；模糊去重删除 7.6 亿篇；两步合计删除 13.7 亿篇。", "written-sum", "inconsistent"),
])
def test_more_words_for_shares_changes_and_sums(tmp_path, sentence, kind, verdict):
    assert len(audited(doc(sentence), kind)) == 1
    assert verdicts(tmp_path, doc(sentence), kind=kind) == [verdict]


@pytest.mark.parametrize("sentence, kind", [
    ("The score went from 55.2 to 59.6 (−8.0%).", "change"),          # the sign says the other way
    ("精确去重删除 5.1 亿篇，合计删除 12.7 亿篇。", "written-sum"),       # one part: no count says two
    ("精确去重删除 5.1 亿篇，三步合计删除 12.7 亿篇。", "written-sum"),     # three parts named, one printed
])
def test_no_change_or_sum_the_words_do_not_give(sentence, kind):
    assert not audited(doc(sentence), kind)


# -- a cluster's cards times the amount each; multiples against a named value; restated scale words ----
@pytest.mark.parametrize("sentence, kind, verdict", [
    ("集群共 1,024 张卡，单卡 376 TFLOPS，全集群峰值算力约 385 PFLOPS。", "product", "consistent"),
    ("上一代同为 1,024 张卡，单卡 256 TFLOPS，全集群峰值算力为 282 PFLOPS。", "product", "inconsistent"),
    ("Tidecast has 1.9M parameters, 12× fewer than SeasonNet (23.4M).", "ratio", "consistent"),
    ("Tidecast has 1.9M parameters, 18× fewer than SeasonNet (23.4M).", "ratio", "inconsistent"),
    ("The new index holds 4.2M vectors, 3× more than the old one (1.4M).", "ratio", "consistent"),
    ("语料共 874B token（即 8,740 亿 token）。", "conversion", "consistent"),
    ("语料共 874B token（即 8,470 亿 token）。", "conversion", "inconsistent"),
])
def test_clusters_multiples_and_restated_scale_words(tmp_path, sentence, kind, verdict):
    assert len(audited(doc(sentence), kind)) == 1
    assert verdicts(tmp_path, doc(sentence), kind=kind) == [verdict]


@pytest.mark.parametrize("sentence, kind", [
    ("上一代同为 1,024 张卡，单卡 256 TFLOPS，峰值算力为 262 PFLOPS。", "product"),   # no word names the whole
    ("语料约 1.35 亿（135M）条。", "conversion"),          # a bare parenthesis: a suggestion only
    ("The new index holds 4.2M vectors, 3× more than the old one (4.0M).", "ratio"),   # 1.05×: another pairing
])
def test_no_audit_without_the_words(sentence, kind):
    assert not audited(doc(sentence), kind)


# -- a share column over a table's Total row ----------------------------------------------------------
BANK = ("# 题库\n\n| 评测维度 | 子类数 | 题目数 | 占比 |\n|---|---:|---:|---:|\n| 违法犯罪 | 6 | 1,200 | 24.0% |\n"
        "| 歧视偏见 | 5 | 900 | 18.0% |\n| 隐私泄露 | 4 | 800 | {p} |\n| 心理健康 | 3 | 600 | 12.0% |\n"
        "| 越狱攻击 | 8 | 1,500 | 30.0% |\n| **合计** | **26** | **5,000** | **100%** |\n")


def test_a_share_column_is_each_count_over_the_total_row(tmp_path):
    good, bad = BANK.format(p="16.0%"), BANK.format(p="19.0%")
    shares = [r for r in audited(good, "percent-of") if "over row '合计'" in r.note]
    assert len(shares) == 5 and all("题目数" in r.note for r in shares)
    assert verdicts(tmp_path, good, kind="percent-of") == ["consistent"] * 5
    # one share of five off: the other four make the relation, that one is the finding
    assert sorted(verdicts(tmp_path, bad, kind="percent-of")) == ["consistent"] * 4 + ["inconsistent"]


def test_no_share_column_without_a_total_row_or_with_two_fits():
    no_total = BANK.format(p="16.0%").replace("| **合计** | **26** | **5,000** | **100%** |\n", "")
    assert not [r for r in audited(no_total, "percent-of") if "over row" in r.note]
    two = ("# Mix\n\n| Source | Docs | Tokens | Share |\n|---|---:|---:|---:|\n| Web | 50 | 500 | 50% |\n"
           "| Code | 30 | 300 | 30% |\n| Books | 20 | 200 | 20% |\n| Total | 100 | 1,000 | 100% |\n")
    assert not [r for r in audited(two, "percent-of") if "over row" in r.note]     # which column: not said


RATES = ("# Results\n\n| Task | Success | Rate |\n|---|---|---|\n| Pick cube | 41/50 | 82% |\n"
         "| Stack | 27/50 | {p} |\n| Open drawer | 33/50 | 66% |\n| All | 101/150 | 67.3% |\n")


def test_a_percentage_column_after_a_column_of_fractions(tmp_path):
    good, bad = RATES.format(p="54%"), RATES.format(p="45%")
    assert len(audited(good, "percent-of")) == 4
    assert verdicts(tmp_path, good, kind="percent-of") == ["consistent"] * 4
    assert sorted(verdicts(tmp_path, bad, kind="percent-of")) == ["consistent"] * 3 + ["inconsistent"]
    # (the fractions' column is not read as proportional to the rates')
    assert not audited(good, "column-product")


def test_no_rates_from_fractions_that_mostly_miss():
    text = RATES.format(p="45%").replace("82%", "28%").replace("66%", "60%")
    assert not audited(text, "percent-of")


# -- a column defined by a formula in a note -------------------------------------------------------------
SPEED = ("# 性能\n\n测试环境：单卡，并发 64。加速比 = 疾风-Infer 吞吐 / 基线吞吐。\n\n"
         "| 模型 | 基线（tokens/s） | 疾风-Infer（tokens/s） | 加速比 |\n|---|---|---|---|\n"
         "| 青柠-7B | 2,340 | 5,850 | 2.50× |\n| 青柠-14B | 1,420 | 3,310 | 2.33× |\n"
         "| 青柠-72B | 980 | 2,160 | {x} |\n")


def test_a_column_a_note_defines_as_a_quotient(tmp_path):
    good, bad = SPEED.format(x="2.20×"), SPEED.format(x="2.02×")
    assert len([r for r in audited(good, "column-product") if "defines the column" in r.evidence]) == 3
    assert verdicts(tmp_path, good, kind="column-product") == ["consistent"] * 3
    assert verdicts(tmp_path, bad, kind="column-product") == ["consistent", "consistent", "inconsistent"]


def test_an_english_note_below_the_table(tmp_path):
    text = ("# Cost\n\n| Job | Hours | Rate ($/h) | Cost ($) |\n|---|---|---|---|\n| A | 120 | 2.5 | 300 |\n"
            "| B | 40 | 2.5 | 100 |\n\nCost = Hours × Rate.\n")
    assert verdicts(tmp_path, text, kind="column-product") == ["consistent", "consistent"]


@pytest.mark.parametrize("note", [
    "加速比 = 新框架吞吐 / 旧框架吞吐。",        # names no header prints
    "加速比 = 基线吞吐 / 基线延迟。",            # both names one column
])
def test_no_column_formula_without_two_named_columns(note):
    text = SPEED.format(x="2.20×").replace("加速比 = 疾风-Infer 吞吐 / 基线吞吐。", note)
    assert not [r for r in audited(text, "column-product") if "defines the column" in r.evidence]


@pytest.mark.parametrize("text, kind, verdict", [
    # the whole's noun wrapped onto the next line
    ("# R\n\nThe 90% interval covered 8,571 of 9,630 held-out\nWeather-DE points (89.0%).\n", "percent-of",
     "consistent"),
    # a long name before 的有
    ("# R\n\n人工复核共抽取 2,000 条回复，人工结论与裁判模型一致的有 1,872 条（93.6%）。\n", "percent-of",
     "consistent"),
    # another percentage earlier in the sentence: the change figure is the one right after the pair
    ("# R\n\nAt 50% sparsity the weights take 7.0 GB instead of 13.5 GB, 48% less.\n", "comparison", "consistent"),
    # parts in list items, the total's count word in the last (and a count of another noun between)
    ("# R\n\n去重分两步：\n\n- 精确去重删除 5.1 亿篇；\n- 模糊去重删除 7.6 亿篇，128 个哈希分成 16 段 × 8 行；\n"
     "- 两步合计删除 12.7 亿篇。\n", "written-sum", "consistent"),
])
def test_shares_changes_and_sums_across_lines_and_items(tmp_path, text, kind, verdict):
    assert len(audited(text, kind)) == 1
    assert verdicts(tmp_path, text, kind=kind) == [verdict]



@pytest.mark.parametrize("sentence, unit", [
    ("The facility drew 3,449 MWh at 0.21 kg CO2e per kWh.", "kilogram / kilowatt_hour"),
    ("The car emits 120 g CO2 per km.", "gram / kilometer"),
])
def test_a_substance_inside_a_rate_leaves_its_unit(sentence, unit):
    from claimaudit.extract.pipeline import draft_text
    assert unit in [m.unit.canonical for m in draft_text(doc(sentence), "doc.md").mentions]


def test_emissions_from_energy_and_grid_intensity(tmp_path):
    text = doc("The facility drew 3,449 MWh at 0.21 kg CO2e per kWh: about 724 t CO2e.")
    assert verdicts(tmp_path, text, kind="rate") == ["consistent"]
    assert verdicts(tmp_path, text.replace("724 t", "824 t"), kind="rate") == ["inconsistent"]


@pytest.mark.parametrize("sentence, verdict", [
    ("但 token 占比不足 15%（108.0 / 737.5）。", "consistent"),         # a bound, checked as at most
    ("但 token 占比不足 14%（108.0 / 737.5）。", "inconsistent"),
    ("Over 60% (3,831 of 6,250) agreed.", "consistent"),
    ("Over 62% (3,831 of 6,250) agreed.", "inconsistent"),
    ("书籍贡献了约两成的 token（150.0 / 737.5）。", "consistent"),       # the whole's noun before the parenthesis
])
def test_a_bounded_share_and_its_part_and_whole(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="percent-of") == [verdict]


def test_a_change_figure_before_its_pair_in_parentheses(tmp_path):
    # each pair explains the figure right before it: 15.5% is 1,480 → 1,710, 1.40× is 1,710 → 2,390
    text = doc("Going from A to B raises throughput by 15.5% (1,480 → 1,710), and B → C is 1.40× faster "
               "(1,710 → 2,390).")
    assert verdicts(tmp_path, text, kind="change") == ["consistent", "consistent"]
    text = doc("Checkpointing reduces peak memory by 43% (55.4 → 31.6).")
    assert verdicts(tmp_path, text, kind="change") == ["consistent"]
    assert verdicts(tmp_path, text.replace("43%", "34%"), kind="change") == ["inconsistent"]


@pytest.mark.parametrize("sentence, verdict", [
    ("On HumanEval 37.2 is an 11% relative improvement over 33.5.", "consistent"),
    ("On HumanEval 37.2 is an 15% relative improvement over 33.5.", "inconsistent"),
    ("Latency is 84 ms, a 30% reduction from 120 ms.", "consistent"),
])
def test_an_improvement_over_a_value(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="change") == [verdict]


def test_over_after_a_gain_is_no_bound_but_over_alone_is():
    from claimaudit.extract.pipeline import draft_text
    got = {m.printed: m.number.relation for m in draft_text(doc("a 5% improvement over 33.5; over 30,000 users"),
                                                                   "doc.md").mentions}
    assert got["33.5"] == "=" and got["over 30,000"] == ">"
