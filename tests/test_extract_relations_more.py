"""Relation rules of the s8rel session: a range a sentence states ("ranging from 160M to 6.9B parameters",
"参数规模从 0.5B 到 14B 不等") against the smallest and largest cell of the column of the table beside it, and an
average a sentence states for one row ("averages 63.8 across the four benchmarks") against the mean of that
row's cells. Each with the wrong values that must be reported and the near misses that must stay silent.
Tables and sentences are written for these tests in the shapes model cards print (not copied from any
document)."""

from __future__ import annotations

from pathlib import Path

from test_relations_rules import rels, verdicts

from claimaudit.extract.relations import CONFIDENT


def confident(text: str, kind: str) -> list:
    return [r for r in rels(text, kind) if r.confidence >= CONFIDENT]


SIZES = """# Tern suite

{sentence}

| Model | Parameters | Layers | Context |
|---|---|---|---|
| Tern-160M | 160M | 12 | 2K |
| Tern-410M | 410M | 24 | 4K |
| Tern-1B | 1.0B | 16 | 8K |
| Tern-2.8B | 2.8B | 32 | 16K |
| Tern-6.9B | 6.9B | 32 | 32K |
"""


def test_range_of_sizes_is_the_columns_smallest_and_largest_cell(tmp_path):
    text = SIZES.format(sentence="The suite has five models ranging from 160M to 6.9B parameters.")
    found = confident(text, "range")
    assert [r.formula.split("(")[0] for r in found] == ["min", "max"]
    assert all("'Parameters'" in r.evidence and "both ends" in r.evidence for r in found)
    assert verdicts(tmp_path, text, kind="range") == ["consistent", "consistent"]


def test_a_wrong_end_of_a_range_is_reported(tmp_path):
    text = SIZES.format(sentence="The suite has five models ranging from 160M to 12B parameters.")
    assert verdicts(tmp_path, text, kind="range") == ["consistent", "inconsistent"]
    low = SIZES.format(sentence="Model sizes range from 70M to 6.9B parameters.")
    assert verdicts(tmp_path, low, kind="range") == ["inconsistent", "consistent"]


def test_a_size_named_loosely_is_only_a_suggestion():
    # "160M" over a smallest cell of 162M: the row's name, not a wrong number
    text = SIZES.format(sentence="Sizes range from 160M to 6.9B parameters.").replace("| 160M |", "| 162M |")
    found = rels(text, "range")
    assert found and all(r.confidence < CONFIDENT for r in found)


def test_range_in_chinese(tmp_path):
    text = SIZES.format(sentence="该系列的参数规模从 160M 到 6.9B 不等。")
    assert verdicts(tmp_path, text, kind="range") == ["consistent", "consistent"]


def test_no_range_without_a_range_word_or_beside_another_column():
    # a change, not a range
    assert rels(SIZES.format(sentence="Loss fell from 160M to 6.9B parameters."), "range") == []
    assert rels(SIZES.format(sentence="The suite grows from 160M to 6.9B parameters."), "range") == []
    # a range whose ends are no column's ends
    assert rels(SIZES.format(sentence="Batch sizes range from 256 to 1024 sequences."), "range") == []
    # the same range far from any table (another section)
    far = "# A\n\nSizes range from 160M to 6.9B parameters.\n\n# B\n\n" + SIZES.format(sentence="")
    assert rels(far, "range") == []


EVAL = """## Evaluation

{sentence}

| Model | MMLU | C-Eval | GSM8K | HumanEval |
|---|---|---|---|---|
| Base-7B | 63.1 | 55.2 | 51.7 | 30.5 |
| Other-8B | 66.0 | 49.8 | 56.9 | 33.5 |
| Tern-7B | 68.4 | 61.3 | 62.2 | 37.8 |
"""


def test_average_stated_for_one_row_is_the_mean_of_its_cells(tmp_path):
    text = EVAL.format(sentence="Tern-7B averages 57.4 across the four benchmarks.")   # 57.425
    found = confident(text, "average")
    assert len(found) == 1 and "'Tern-7B'" in found[0].evidence
    assert verdicts(tmp_path, text, kind="average") == ["consistent"]
    zh = EVAL.format(sentence="Tern-7B 在四个基准上的平均分为 57.43。")
    assert verdicts(tmp_path, zh, kind="average") == ["consistent"]


def test_a_wrong_average_over_every_column_is_reported(tmp_path):
    text = EVAL.format(sentence="Tern-7B averages 58.4 across the four benchmarks.")
    assert verdicts(tmp_path, text, kind="average") == ["inconsistent"]
    every = EVAL.format(sentence="On all benchmarks, Tern-7B has an average score of 59.1.")
    assert verdicts(tmp_path, every, kind="average") == ["inconsistent"]


def test_average_near_misses_stay_silent_or_suggested():
    # an average over some of the columns (not said to be all of them): a suggestion only
    some = rels(EVAL.format(sentence="Tern-7B averages 64.9 on the knowledge benchmarks."), "average")
    assert some and all(r.confidence < CONFIDENT for r in some)
    # "across the three benchmarks" over four columns: not every column, so not audited
    three = rels(EVAL.format(sentence="Tern-7B averages 64.0 across the three benchmarks."), "average")
    assert all(r.confidence < CONFIDENT for r in three)
    # two rows named, or a column named: which cells is unclear
    assert rels(EVAL.format(sentence="Tern-7B averages 57.4, well above Base-7B."), "average") == []
    assert rels(EVAL.format(sentence="Tern-7B averages 65.4 on MMLU and GSM8K."), "average") == []
    # no average word
    assert rels(EVAL.format(sentence="Tern-7B scores 57.4 overall."), "average") == []
    # a table with its own Average column is the table rule's
    with_avg = EVAL.replace("| HumanEval |\n|---|---|---|---|---|",
                            "| HumanEval | Average |\n|---|---|---|---|---|---|")
    assert rels(with_avg.format(sentence="Tern-7B averages 57.4."), "average") == []


def test_wren_card_raises_no_false_alarm(tmp_path):
    name = "wren_suite.md"
    text = (Path(__file__).parent / "fixtures" / "extract" / "cards" / name).read_text("utf-8")
    said = verdicts(tmp_path, text, name)
    assert "inconsistent" not in said and said.count("consistent") >= 2
    assert len(confident(text, "average")) == 2


SPEED = """## Inference

{sentence}

| Model | Tokens/s | Memory (GB) |
|---|---|---|
| Base-7B | 1,200 | 20.0 |
| Other-8B | 1,650 | 17.5 |
| Tern-7B | 2,520 | 12.0 |
"""


def test_multiple_and_percentage_between_two_rows(tmp_path):
    more = SPEED.format(sentence="Tern-7B generates 2.1× more tokens per second than Base-7B.")   # 2520 / 1200
    found = confident(more, "comparison")
    assert len(found) == 1 and "'Tokens/s'" in found[0].evidence
    assert verdicts(tmp_path, more, kind="comparison") == ["consistent"]
    less = SPEED.format(sentence="Tern-7B needs 40% less memory than Base-7B.")      # (20 - 12) / 20
    assert verdicts(tmp_path, less, kind="comparison") == ["consistent"]
    times = SPEED.format(sentence="Tern-7B is 2.1 times faster in tokens per second than Base-7B.")
    assert verdicts(tmp_path, times, kind="comparison") == ["consistent"]
    zh = SPEED.format(sentence="Tern-7B 的显存（Memory）比 Base-7B 低 40%。")
    assert verdicts(tmp_path, zh, kind="comparison") == ["consistent"]


def test_wrong_comparatives_are_reported(tmp_path):
    for sentence in ("Tern-7B generates 2.6× more tokens per second than Base-7B.",
                     "Tern-7B needs 30% less memory than Base-7B.",
                     "Tern-7B needs 40% more memory than Base-7B."):         # the direction is wrong
        assert verdicts(tmp_path, SPEED.format(sentence=sentence), kind="comparison") == ["inconsistent"], sentence


def test_comparative_near_misses_say_nothing():
    # no column named and two numeric columns: which one is compared is unclear
    assert rels(SPEED.format(sentence="Tern-7B is 2.1× better than Base-7B."), "comparison") == []
    # one row only, or no comparison word before the second row
    assert rels(SPEED.format(sentence="Tern-7B generates 2.1× more tokens per second."), "comparison") == []
    assert rels(SPEED.format(sentence="Tern-7B and Base-7B differ by 40% in memory use."), "comparison") == []
    # the subject elided ("and uses 40% less memory than Base-7B" after another comparison): the comparatives
    # rule does not guess it; the row-pair rule reads it only by the header printed right after the comparative
    both = "Tern-7B generates 2.1× more tokens per second than Base-7B and uses 40% less memory than Base-7B."
    found = rels(SPEED.format(sentence=both), "comparison")
    assert ["'Tokens/s'" in r.evidence for r in found] == [True, False]
    assert "beside 'Memory (GB)' after 'less'" in found[1].evidence
    assert "'Memory" not in rels(SPEED.format(sentence=both.replace("less memory", "less")), "comparison")[-1].evidence
    # a percentage faster over a column of times reads two ways: a suggestion
    lat = SPEED.replace("Tokens/s", "Latency (s)").replace("1,200", "1.20 s").replace("2,520", "0.80 s")
    slow = rels(lat.format(sentence="Tern-7B is 33% faster in latency than Base-7B."), "comparison")
    assert all(r.confidence < CONFIDENT for r in slow)


STAGES = "{items} are the {n} stages of training, each with its own data mix.\n"


def test_count_printed_after_its_list(tmp_path):
    three = STAGES.format(items="Pre-training, supervised fine-tuning and preference tuning", n="three")
    found = confident(three, "count")
    assert len(found) == 1 and found[0].formula == "3"
    assert verdicts(tmp_path, three, kind="count") == ["consistent"]
    oxford = "MMLU, GSM8K, HumanEval, and MATH, the four benchmarks we report, are all zero-shot.\n"
    assert verdicts(tmp_path, oxford, kind="count") == ["consistent"]


def test_a_wrong_count_after_a_list_is_reported(tmp_path):
    four = STAGES.format(items="Pre-training, supervised fine-tuning and preference tuning", n="four")
    assert verdicts(tmp_path, four, kind="count") == ["inconsistent"]


def test_counts_after_lists_near_misses():
    # a lead-in before the list, a partial list, a number in the list: nothing audited
    for text in ("In 2023, Base-7B, Other-8B and Tern-7B were the three open models.\n",
                 "Models such as Base-7B, Other-8B and Tern-7B are the 3 open models here.\n",
                 "Base-7B, Other-8B with 8 layers and Tern-7B are the three open models.\n"):
        assert confident(text, "count") == [], text
    # two items joined by "and" may be one name: a suggestion
    two = rels("Base-7B and Other-8B are the two baselines.\n", "count")
    assert two and all(r.confidence < CONFIDENT for r in two)


MIX = """## Data

{sentence}

| Source | Tokens |
|---|---|
| Web | 1.2T |
| Code | 0.5T |
| Books | 0.3T |
| Total | 2.0T |
"""


def test_shares_stated_of_a_table_with_a_total_row(tmp_path):
    text = MIX.format(sentence="Code makes up 25% of the training mix, and web text 60%.")
    found = confident(text, "percent-of")
    assert len(found) == 2 and all("'Total'" in r.evidence for r in found)
    assert verdicts(tmp_path, text, kind="percent-of") == ["consistent", "consistent"]
    zh = MIX.format(sentence="其中 Code 数据占 25%。")
    assert verdicts(tmp_path, zh, kind="percent-of") == ["consistent"]


def test_a_wrong_share_of_the_total_is_reported(tmp_path):
    text = MIX.format(sentence="Code makes up 30% of the training mix, and web text 60%.")
    assert verdicts(tmp_path, text, kind="percent-of") == ["inconsistent", "consistent"]


def test_share_near_misses():
    # as many percentages as rows named, or nothing; no share word; far off: a share of something else
    assert rels(MIX.format(sentence="Code makes up 25% of the mix, up 5% from v1."), "percent-of") == []
    assert rels(MIX.format(sentence="Code grew 25% since v1."), "percent-of") == []
    other = rels(MIX.format(sentence="Code makes up 80% of the English part."), "percent-of")
    assert other and all(r.confidence < CONFIDENT for r in other)
    # no Total row: the whole is not printed
    assert rels(MIX.replace("| Total | 2.0T |\n", "").format(sentence="Code makes up 25% of the mix."),
                "percent-of") == []
