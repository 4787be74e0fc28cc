"""Relations of session 15: a total printed after the two values it is the product of, read from its
rounding ("12 epochs at 41.6 s per epoch, 8.3 min in total"). Sentences written for these tests in the
shapes of model cards and infrastructure reports (not copied)."""

from __future__ import annotations

import pytest
from test_relations_rules import rels, verdicts


def doc(sentence: str) -> str:
    return f"# Notes\n\n{sentence}\n"


def audited(text: str, kind: str) -> list:
    return [r for r in rels(text, kind) if r.confidence >= 0.7]


def formulas(text: str, op: str) -> list[str]:
    """The audited relations of two values joined by ``op``, each as 'target = a op b' in the printed values."""
    from claimaudit.extract.document import analyse
    from claimaudit.extract.mentions import extract_mentions
    from claimaudit.extract.relations import find_relations
    d = analyse(text)
    ms = extract_mentions(d)
    return [f"{ms[r.target].printed} = {ms[r.parts[0]].printed} {op} {ms[r.parts[1]].printed}"
            for r in find_relations(d, ms) if r.confidence >= 0.7 and r.target is not None and len(r.parts) == 2
            and r.formula == f"{{{r.parts[0]}}} {op} {{{r.parts[1]}}}"]


def products(text: str) -> list[str]:
    return formulas(text, "*")


def rates(text: str) -> list[str]:
    return formulas(text, "/")


# -- a count and an amount each, their product after them -------------------------------------------
@pytest.mark.parametrize("sentence, product", [
    ("Training runs 12 epochs at 41.6 s per epoch, 8.3 min in total.", "8.3 min = 12 * 41.6 s"),
    ("With 128 samples of 2,048 tokens, the calibration set is 262K tokens.", "262K tokens = 128 * 2,048 tokens"),
    ("集群共 128 个计算节点，每节点 8 张加速卡，合计 1,024 张卡。", "1,024 张卡 = 128 * 8"),
    # a factor without a unit that is no count: a PUE, the energy in the sentence before
    ("The run used 2,923 MWh of IT energy. With the hall's PUE of 1.18 the facility drew 3,449 MWh.",
     "3,449 MWh = 2,923 MWh * 1.18"),
    # both factors in the sentence before ("That is …"), their units composing (MW × days = MWh)
    ("Over the 58 days the cluster averaged 2.1 MW of IT load. That is 2,923 MWh of IT energy.",
     "2,923 MWh = 58 days * 2.1 MW"),
])
def test_a_total_is_the_one_pair_before_it_whose_product_it_rounds(sentence, product):
    assert product in products(doc(sentence))


def test_the_product_is_audited_consistent(tmp_path):
    text = doc("With 128 samples of 2,048 tokens, the calibration set is 262K tokens.")
    assert "consistent" in verdicts(tmp_path, text, kind="product")


@pytest.mark.parametrize("sentence", [
    # the total's rounding is too coarse for the numbers alone to say (0.12 s: ±4%)
    "We ran 12 trials of 10 ms, about 0.12 s.",
    # a count total with no total word: three counts in a row say nothing
    "We used 128 nodes and 8 racks; 1,024 jobs ran.",
    # the total before its factors
    "The calibration set is 262K tokens: 128 samples of 2,048 tokens.",
    # the factor in another paragraph
    "The run used 2,923 MWh of IT energy.\n\nWith a PUE of 1.18 the facility drew 3,449 MWh.",
    # a percentage is no factor
    "Of 2,000 prompts, 5% were refused, 100 prompts in total.",
    # two pairs give it: which one the sentence means is not said
    "We trained 4 models on 8 GPUs and 2 racks of 16 GPUs, 32 GPUs in total.",
])
def test_no_product_from_numbers_alone_without_fine_rounding_order_and_one_pair(sentence):
    got = [p for p in products(doc(sentence)) if "=" in p]
    assert not [p for p in got if p.split(" = ")[0] in ("0.12 s", "1,024 jobs", "262K tokens", "3,449 MWh",
                                                        "100 prompts", "32 GPUs")], got


@pytest.mark.parametrize("sentence, rate", [
    ("The 320 hours of teleoperation hold 21,333 episodes, so an episode lasts 54 s on average.",
     "54 s = 320 hours / 21,333"),
    ("Pre-training reads 300B tokens at 593,920 tokens/s, which takes about 140 hours.",
     "about 140 hours = 300B tokens / 593,920 tokens/s"),
])
def test_a_measure_is_the_one_quotient_before_it_that_it_rounds(sentence, rate):
    assert rate in rates(doc(sentence))


def test_a_whole_number_the_quotient_rounds_is_read_as_rounded(tmp_path):
    # 300B / 593,920 tokens/s is 140.3 hours: "about 140 hours" is consistent, not an exact 140
    text = doc("Pre-training reads 300B tokens at 593,920 tokens/s, which takes about 140 hours.")
    assert verdicts(tmp_path, text) == ["consistent"]


@pytest.mark.parametrize("sentence", [
    "Each of the 21,333 episodes lasts 54 s; we logged 320 hours.",        # the total after the quotient
])
def test_no_quotient_when_the_values_stand_otherwise(sentence):
    got = rates(doc(sentence))
    assert not [r for r in got if r.startswith(("140 hours", "54 s"))], got


@pytest.mark.parametrize("sentence, verdict", [
    # the rate's denominator is printed "about": it is the result, checked with its tolerance (14.2 days)
    ("At 3.67M tokens/s, the 4.5T-token run takes about 14 days.", "consistent"),
    ("At 3.67M tokens/s, the 4.5T-token run takes about 16 days.", "inconsistent"),
    # a product's factor printed "about": 762K GPU hours / 1,024 GPUs = 31.0 days
    ("Training used 1,024 GPUs for about 31 days, 762K GPU hours.", "consistent"),
    ("Training used 1,024 GPUs for about 36 days, 762K GPU hours.", "inconsistent"),
])
def test_a_value_printed_about_is_the_one_checked_not_an_exact_input(tmp_path, sentence, verdict):
    text = doc(sentence)
    from claimaudit.extract.pipeline import draft_text
    got = [r for r in draft_text(text, "doc.md").relations if r.confidence >= 0.7]
    d_printed = [r.note for r in got]
    assert any("printed as approximate" in n for n in d_printed), d_printed
    assert verdicts(tmp_path, text) == [verdict]


# -- a change in points, then the same change relative ---------------------------------------------
@pytest.mark.parametrize("sentence, verdict", [
    ("越狱题上的违规率从 21.6% 降至 15.4%，下降 6.2 个百分点，相对下降 28.7%。", "consistent"),
    ("越狱题上的违规率从 21.6% 降至 15.4%，下降 6.2 个百分点，相对下降 40.3%。", "inconsistent"),
    ("Accuracy rose from 55.1% to 63.3%, up 8.2 points, a 14.9% relative gain.", "consistent"),
    ("Accuracy rose from 55.1% to 63.3%, up 8.2 points or 16.9% relative.", "inconsistent"),
])
def test_a_relative_change_after_the_gap_in_points(tmp_path, sentence, verdict):
    got = [r for r in rels(doc(sentence), "change") if r.confidence >= 0.7]
    assert len(got) == 2            # the gap in points and the relative change
    assert verdicts(tmp_path, doc(sentence), kind="change")[1] == verdict


def test_no_relative_change_for_a_percentage_the_words_do_not_name_relative():
    got = rels(doc("Accuracy rose from 55.1% to 63.3%, up 8.2 points; 12% of runs failed."), "change")
    assert len(got) == 1


TABLE = """# 结果

| 模型 | 总体违规率 |
|---|---|
| 青岚-72B | 6.3% |
| 远山-7B | 18.1% |

{sentence}
"""


@pytest.mark.parametrize("sentence, verdict", [
    ("青岚-72B 的总体违规率最低，比远山-7B 低 11.8 个百分点，相对降低 65%。", "consistent"),
    ("青岚-72B 的总体违规率最低，比远山-7B 低 11.8 个百分点，相对降低 45%。", "inconsistent"),
])
def test_a_row_gap_in_points_then_relative_to_the_baseline_row(tmp_path, sentence, verdict):
    text = TABLE.format(sentence=sentence)
    got = [r for r in rels(text, "change") if r.confidence >= 0.7]
    assert [r.formula.endswith(f"/ {{{r.parts[1]}}}") for r in got] == [False, True]
    assert verdicts(tmp_path, text, kind="change") == ["consistent", verdict]


# -- a total on the line that opens a list of its parts --------------------------------------------
CAUSES = """# Interruptions

The run was interrupted {total} times, once every 17.8 hours on average:

- GPU faults (ECC, fallen off the bus): 41
- NIC or link flaps: 32
- host kernel or OOM: 9
- storage stalls: 5
"""


@pytest.mark.parametrize("total, verdict", [("87", "consistent"), ("78", "inconsistent")])
def test_a_total_before_a_colon_is_the_sum_of_the_list_after_it(tmp_path, total, verdict):
    text = CAUSES.format(total=total)
    got = [r for r in rels(text, "written-sum") if r.confidence >= 0.7]
    assert len(got) == 1 and len(got[0].parts) == 4
    assert verdicts(tmp_path, text, kind="written-sum") == [verdict]


def test_a_chinese_total_over_its_listed_parts(tmp_path):
    text = "# 数据\n\n训练数据共 1.2T token：\n\n- 网页：0.8T token\n- 代码：0.3T token\n- 书籍：0.1T token\n"
    assert verdicts(tmp_path, text, kind="written-sum") == ["consistent"]


@pytest.mark.parametrize("text", [
    # a count of the items, not a sum
    "We evaluate on 4 benchmarks:\n\n- MMLU: 68.4\n- GSM8K: 55.1\n- MATH: 30.2\n- HumanEval: 40.0\n",
    # scores under a count: they add up to something else entirely
    "Our 3 runs scored:\n\n- run A: 68.4\n- run B: 55.1\n- run C: 70.2\n- run D: 61.0\n",
    # an item with two values
    "The run was interrupted 78 times:\n\n- GPU faults: 41 (12 on day 1)\n- NIC flaps: 32\n- other: 5\n",
    # shares, not parts of a count
    "Of 2,000 prompts:\n\n- refused: 4.2%\n- answered: 95.8%\n",
    # the colon line names no value of the items' kind
    "Interruptions by cause:\n\n- GPU faults: 41\n- NIC flaps: 32\n",
])
def test_no_list_sum_without_one_total_of_the_items_kind(text):
    assert not [r for r in rels("# Notes\n\n" + text, "written-sum") if "line ending in a colon" in r.evidence]


@pytest.mark.parametrize("sentence, product", [
    # counts of different things, compared by magnitude after a restatement or naming a factor's unit
    ("Training ran 600K steps at batch size 2,048, i.e. 1.23B samples.", "1.23B = 600K steps * 2,048"),
    ("The 2.4M episodes last 38 steps on average, so the agent took 91.2M environment steps.",
     "91.2M = 2.4M * 38 steps"),
])
def test_counts_of_different_things_need_a_restatement_or_the_factors_noun(sentence, product):
    assert product in products(doc(sentence))


def test_counts_of_different_things_alone_are_no_product():
    assert not products(doc("Training ran 600K steps at batch size 2,048 over 1.23B samples."))


# -- a gap against a value named after "than" / 比 ------------------------------------------------
@pytest.mark.parametrize("sentence, verdict", [
    ("He scored 27.6 points per game, 2.8 more than runner-up Kevin Liang (24.8).", "consistent"),
    ("He scored 27.6 points per game, 3.1 more than runner-up Kevin Liang (24.8).", "inconsistent"),
    ("青鸾-2-34B 得分（66.2）比青鸾-2-7B（51.3）高 14.9 分。", "consistent"),
    ("The Pro model scores 3,850, 430 higher than the Base model (3,420).", "consistent"),
    ("The Pro model scores 3,850, 340 higher than the Base model (3,420).", "inconsistent"),
])
def test_a_gap_against_the_value_named_after_than(tmp_path, sentence, verdict):
    assert len([r for r in rels(doc(sentence), "difference") if r.confidence >= 0.7]) == 1
    assert verdicts(tmp_path, doc(sentence), kind="difference") == [verdict]


@pytest.mark.parametrize("sentence", [
    "He scored 27.6 points per game, 3 games more than Kevin Liang (24.8).",   # a count of games, not the gap
    "It runs at 3,850 MB/s, 430 ms faster than the Base model (3,420).",   # another unit
])
def test_no_gap_of_another_kind(sentence):
    assert not [r for r in rels(doc(sentence), "difference") if r.confidence >= 0.7]


# -- false alarms fixed on invented-docs7's development half ----------------------------------------
VERSIONS = """# 推理

上下文长度扩展到 128K（131,072 token），是 v3.0 的 4 倍。

| 版本 | 上下文长度 | 吞吐（token/s） |
|---|---|---|
| v3.0 | 32K | 38.0 |
| v3.2 | 128K | 47.5 |
"""

SIZES = """# 评测

| 模型 | MMBench-CN-X |
|---|---|
| 映雪-VL-2B | 73.1 |
| 映雪-VL-9B | 80.3 |

映雪-VL-2B 保留了 9B 版本 91% 的 MMBench-CN-X 分数。
"""


@pytest.mark.parametrize("text", [VERSIONS, SIZES])
def test_a_row_named_as_a_base_or_a_size_naming_a_version_is_no_headline(tmp_path, text):
    assert "inconsistent" not in verdicts(tmp_path, text)
    assert not [r for r in rels(text, "headline") if r.confidence >= 0.7]


def test_the_row_the_value_belongs_to_is_still_a_headline(tmp_path):
    text = VERSIONS.replace("是 v3.0 的 4 倍", "v3.2 的上下文长度为 128K")
    assert verdicts(tmp_path, text, kind="headline") == ["consistent"]


def test_a_change_and_its_percentage_in_parentheses_is_no_count_in_another_unit(tmp_path):
    text = doc("混合检索使平均延迟增加 570 ms（69.5%），每千次成本增加 27.6%。")
    assert not [r for r in rels(text, "product") if r.parts and r.target in r.parts]
    assert "inconsistent" not in verdicts(tmp_path, text)


@pytest.mark.parametrize("sentence, verdict", [
    ("输入价格从每百万 token 4.00 元下调到 2.80 元，降价 30%。", "consistent"),
    ("输出价格从每百万 token 16.00 元下调到 12.00 元，降幅 33.3%。", "inconsistent"),
    ("会员价从 200 元上调到 230 元，涨价 15%。", "consistent"),
])
def test_price_changes_from_a_per_unit_price(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="change") == [verdict]


RETRIEVERS = """# Retrieval

| Retriever | Recall@5 | Recall@20 |
|---|---|---|
| Dense | 0.703 | 0.852 |
| Hybrid | 0.741 | 0.879 |

{sentence}
"""


def test_a_value_printed_as_a_change_is_no_headline_cell(tmp_path):
    text = RETRIEVERS.format(sentence="Hybrid retrieval adds 3.8 points of Recall@5.")
    assert not [r for r in rels(text, "headline") if r.confidence >= 0.7]
    assert "inconsistent" not in verdicts(tmp_path, text)


def test_a_value_printed_as_the_cell_is_still_its_headline(tmp_path):
    text = RETRIEVERS.format(sentence="Hybrid retrieval reaches 0.741 Recall@5.")
    assert verdicts(tmp_path, text, kind="headline") == ["consistent"]


def test_one_relation_checks_a_value_solved_from_several_products():
    text = doc("1 GB = 1,000 MB，50GB 拷贝 21.4 秒，平均速度约 2,336 MB/s。")
    from claimaudit.extract.pipeline import draft_text
    got = [r for r in draft_text(text, "doc.md").relations if r.kind == "product"]
    assert len(got) == 1 and got[0].confidence >= 0.7


# -- an amount a period and the same amount a longer period ------------------------------------------
@pytest.mark.parametrize("sentence, verdict", [
    ("受访者月均交通支出 412 元，年均交通支出约 4,940 元。", "consistent"),
    ("受访者家庭月均交通支出412元，占人均月可支配收入6,850元的6.0%；据此推算，年均交通支出约5,400元。", "inconsistent"),
    ("平台日均调用 1.2 亿次，全年约 438 亿次。", "consistent"),
])
def test_a_yearly_amount_is_the_monthly_or_daily_one_times_the_periods(tmp_path, sentence, verdict):
    got = [r for r in rels(doc(sentence), "product") if r.confidence >= 0.7]
    assert len(got) == 1
    assert verdicts(tmp_path, doc(sentence), kind="product") == [verdict]


@pytest.mark.parametrize("sentence", [
    "会员费每月 30 元，全年另收服务费 20 元。",                      # another amount, far from 12 × 30
    "月均交通支出 412 元；每年体检 600 元。",                        # another noun, another sentence
])
def test_no_period_total_for_another_amount(sentence):
    assert not [r for r in rels(doc(sentence), "product") if r.confidence >= 0.7]


@pytest.mark.parametrize("sentence, verdict", [
    ("A batch of 2,048 sequences of 4,096 tokens means each step processes about 8.4 million tokens.", "consistent"),
    ("A batch of 2,048 sequences of 4,096 tokens means each step processes about 6.4 million tokens.",
     "inconsistent"),
])
def test_a_count_of_an_amount_each_and_the_result_stated_after_it(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="product") == [verdict]


def test_no_count_of_an_amount_without_a_word_stating_the_result():
    assert not [r for r in rels(doc("We ran 4 jobs of 12 hours; the cluster logged 30 hours of idle time."),
                                "product") if r.confidence >= 0.7]


@pytest.mark.parametrize("sentence, verdict", [
    ("In the 4x100 m relay, splits of 10.8, 9.9, 10.1 and 9.6 seconds gave a team time of 40.4 seconds.",
     "consistent"),
    ("In the 4x100 m relay, splits of 10.8, 9.9, 10.1 and 9.6 seconds gave a team time of 41.4 seconds.",
     "inconsistent"),
])
def test_a_list_then_a_total_word_and_its_total(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="written-sum") == [verdict]


@pytest.mark.parametrize("sentence", [
    "Splits of 10.8, 9.9, 10.1 and 9.6 seconds; the best lap was 9.6 seconds.",     # no total word
    "Models of 7, 13 and 70 billion parameters were trained on 2 trillion tokens in total.",   # another unit
])
def test_no_listed_total_without_a_total_word_of_the_lists_unit(sentence):
    assert not [r for r in rels(doc(sentence), "written-sum") if "a list of" in r.evidence]


@pytest.mark.parametrize("sentence", [
    "The 4 nodes with 8 GPUs each are booked, so 24 GPUs are free.",      # a part after "so", not the product
    "We bought 12 GPUs with 80 GB for 30 GB of activations.",
])
def test_no_count_of_an_amount_for_a_part_of_it(tmp_path, sentence):
    assert "inconsistent" not in verdicts(tmp_path, doc(sentence))


def test_no_list_sum_over_some_of_the_parts():
    text = "# Notes\n\nThe run was interrupted 78 times; the main causes:\n\n- GPU faults: 41\n- NIC flaps: 32\n"
    assert not [r for r in rels(text, "written-sum") if "line ending in a colon" in r.evidence]


# -- a value at the end of a wrapped line, its unit on the next ------------------------------------------
def _units(text: str) -> list[tuple[str, str]]:
    from claimaudit.extract.pipeline import draft_text
    return [(m.printed, m.unit.canonical) for m in draft_text(text, "doc.md").mentions]


def test_a_unit_on_the_next_line_of_a_wrapped_paragraph():
    got = _units("# T\n\n采用方案 B 时集群总吞吐约 76.6 万\ntokens/s，训练 1.2T token 约需 18.1 天。\n")
    assert ("约 76.6 万\ntokens/s", "token / second") in got


@pytest.mark.parametrize("text", [
    "# T\n\nThe cluster has 512\n- GPUs are listed below\n",          # a list item is no continuation
    "# T\n\nThe cluster has 512\n\nGPUs are listed below.\n",          # a new paragraph
    "# T\n\nWe ran it 512\n## GPUs\n",                                 # a heading
])
def test_no_unit_across_a_break_that_ends_the_paragraph(text):
    assert ("512", "") in _units(text)


SUITES = """# Results

| Suite | Episodes | Successes | Success rate |
|---|---:|---:|---:|
| Household | 1,000 | 712 | 71.2% |
| Web shopping | 600 | 387 | 64.5% |
| Navigation | 1,000 | 851 | 85.1% |
| Tool use | 600 | 326 | {rate} |
| Planning | 800 | 444 | 55.5% |
| Coding | 500 | 310 | 62.0% |
"""


def test_a_rate_column_is_checked_as_the_count_over_the_count(tmp_path):
    from claimaudit.extract.pipeline import draft_text
    text = SUITES.format(rate="54.3%")
    d = draft_text(text, "doc.md")
    got = [r for r in d.relations if r.kind == "column-product"]
    assert got and all(d.mentions[r.target].number.kind == "percent" for r in got)
    assert set(verdicts(tmp_path, text, kind="column-product")) == {"consistent"}


def test_a_misprinted_rate_is_reported_on_its_own_cell(tmp_path):
    from claimaudit.extract.pipeline import draft_text
    text = SUITES.format(rate="56.3%")
    d = draft_text(text, "doc.md")
    wrong = [d.mentions[r.target].printed for k, r in enumerate(d.relations) if r.kind == "column-product"]
    assert "56.3%" in wrong
    assert verdicts(tmp_path, text, kind="column-product").count("inconsistent") == 1


SPLITS = """# Splits

| Split | Images | Boxes | Boxes / image |
|---|---:|---:|---:|
| train | 4,200 | 151,200 | 36.0 |
| val | 400 | 14,800 | 37.0 |
| test | 400 | 13,600 | 34.0 |
| **Total** | **5,000** | **{boxes}** | **35.9** |
"""


def test_the_total_of_a_column_of_ratios_is_pooled_not_summed(tmp_path):
    # "Boxes / image" is Boxes ÷ Images in every row: its Total (35.9 = 179,600 / 5,000) is no sum
    got = verdicts(tmp_path, SPLITS.format(boxes="179,600"), kind="table-total")
    assert got == ["consistent", "consistent"]


def test_a_count_over_a_column_of_ratios_still_sums(tmp_path):
    # "Boxes" is Images × "Boxes / image" too, but the ratios do not add up in the Total row: Boxes does
    assert verdicts(tmp_path, SPLITS.format(boxes="197,600"), kind="table-total") == ["consistent", "inconsistent"]


@pytest.mark.parametrize("sentence, verdict", [
    ("Star 数增长了 1.5 倍，由 1.24 万到 3.1 万。", "consistent"),     # grew by 1.5 times: to 2.5 times
    ("Star 数增长了 2.5 倍，由 1.24 万到 3.1 万。", "consistent"),     # loose usage: the ratio holds
    ("Star 数增长了 4 倍，由 1.24 万到 3.1 万。", "inconsistent"),     # neither reading
])
def test_grew_by_n_times_in_chinese(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="change") == [verdict]


@pytest.mark.parametrize("sentence, verdict", [
    ("Encoding runs at 38 MB/s on one core, so the whole 1,800 MB set takes 47 s.", "consistent"),
    ("Encoding runs at 38 MB/s on one core, so the whole 1,800 MB set takes 52 s.", "inconsistent"),
])
def test_a_rate_sentence_checks_the_value_printed_last(tmp_path, sentence, verdict):
    from claimaudit.extract.pipeline import draft_text
    d = draft_text(doc(sentence), "doc.md")
    got = [r for r in d.relations if r.kind == "rate"]
    assert [d.mentions[r.target].printed for r in got] == [sentence.split("takes ")[1].rstrip(".")]
    assert verdicts(tmp_path, doc(sentence), kind="rate") == [verdict]


def test_a_rate_its_basis_explains_is_still_the_one_checked(tmp_path):
    text = doc("Throughput is 20 tokens/s per GPU: 1,000 tokens/s on 50 GPUs.")
    from claimaudit.extract.pipeline import draft_text
    d = draft_text(text, "doc.md")
    assert [d.mentions[r.target].printed for r in d.relations if r.kind == "rate"] == ["20 tokens/s per GPU"]


@pytest.mark.parametrize("sentence, verdict", [
    ("线下 Meetup 12 场，共 1,860 人次参加，平均每场 155 人。", "consistent"),
    ("线下 Meetup 12 场，共 1,860 人次参加，平均每场 165 人。", "inconsistent"),
    ("黑客松共 96 支队伍、412 人参赛，平均每队 4.3 人。", "consistent"),
    ("The 96 teams had 412 members, an average of 4.3 people per team.", "consistent"),
])
def test_a_count_named_an_average_is_the_quotient_of_two_counts(tmp_path, sentence, verdict):
    assert verdict in verdicts(tmp_path, doc(sentence))
    assert "inconsistent" not in verdicts(tmp_path, doc(sentence)) or verdict == "inconsistent"


def test_no_average_without_the_words_naming_it():
    assert not [r for r in rels(doc("线下 Meetup 12 场，共 1,860 人次参加，其中 165 人是新人。"), "average")
                if r.confidence >= 0.7]


@pytest.mark.parametrize("sentence, verdict", [
    ("分词器训练用了 1.2 TB 原始语料，按领域分层采样后保留 120 GB，即原始语料的 10%。", "consistent"),
    ("分词器训练用了 1.2 TB 原始语料，按领域分层采样后保留 120 GB，即原始语料的 1%。", "inconsistent"),
])
def test_a_share_of_a_whole_named_by_its_noun(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="percent-of") == [verdict]


def test_no_share_of_a_noun_no_value_stands_before():
    assert not rels(doc("采样后保留 120 GB，即原始语料的 10%。"), "percent-of")


def test_no_rate_from_a_pairing_orders_of_magnitude_off(tmp_path):
    # "$3,143 / 4.5 s" is no "$14 per hour": the only numerator and denominator of its units are not its own
    text = doc("At 4.5 s per box, the 179,600 boxes took 224.5 annotator-hours, or $3,143 at $14 per hour.")
    assert "inconsistent" not in verdicts(tmp_path, text)


def test_a_rate_off_by_a_slip_is_still_reported(tmp_path):
    assert verdicts(tmp_path, doc("It read 1,200 tokens in 40 s, or 35 tokens/s."), kind="rate") == ["inconsistent"]
