"""Counts of listed items ("We evaluate on 12 benchmarks: A, B, …", "the following three stages:" and a
list, "共 3 个阶段：…", "supports 3 languages:" and a table of them): the stated count against the items,
drafted only where the list's structure is clear, and the near misses that must stay silent (partial
lists, nested lists, grouped lists, lists of numbers, a count of something else). Sentences are written
for these tests in the way model cards and tech reports print them (not copied from any document)."""

from __future__ import annotations

import pytest
from test_relations_rules import rels, verdicts

from claimaudit.extract.relations import CONFIDENT


def counts(text: str) -> list[tuple[str, str, float]]:
    """(the count as printed, the items counted, confidence) of each drafted count."""
    from claimaudit.extract.pipeline import draft_text

    d = draft_text(text, "doc.md")
    return [(d.mentions[r.target].printed, r.formula, r.confidence) for r in d.relations if r.kind == "count"]


# -- lists in the sentence ------------------------------------------------------------------------
@pytest.mark.parametrize("text, printed, items", [
    ("We evaluate on 6 benchmarks: MMLU, GSM8K, HumanEval, MBPP, ARC-Challenge and HellaSwag.\n", "6", "6"),
    ("We evaluate on 4 benchmarks: MMLU, GSM8K, HumanEval, and BBH.\n", "4", "4"),          # Oxford comma
    ("The tokenizer was trained on three sources: web pages (Common Crawl), books and code.\n", "three", "3"),
    ("训练共分 3 个阶段：预训练、监督微调和人类反馈强化学习。\n", "3", "3"),
    ("模型支持五种语言：中文、英文、法文、德文和日文。\n", "五种语言", "5"),
    ("评测覆盖 4 项任务：阅读理解、数学推理、代码生成以及常识问答。\n", "4", "4"),
])
def test_a_count_before_a_list_in_its_sentence(tmp_path, text, printed, items):
    [(got, formula, conf)] = counts(text)
    assert (got, formula) == (printed, items) and conf >= CONFIDENT
    [r] = rels(text, "count")
    assert "listed after the colon" in r.evidence and repr(printed) in r.evidence
    assert verdicts(tmp_path, text, kind="count") == ["consistent"]


def test_a_wrong_count_in_the_sentence_is_reported(tmp_path):
    text = "We evaluate on 5 benchmarks: MMLU, GSM8K, HumanEval and BBH.\n"
    assert counts(text) == [("5", "4", 0.8)]
    assert verdicts(tmp_path, text, kind="count") == ["inconsistent"]
    zh = "模型支持 6 种语言：中文、英文、法文、德文和日文。\n"
    assert verdicts(tmp_path, zh, kind="count") == ["inconsistent"]


def test_the_count_of_the_noun_before_the_colon_not_of_another(tmp_path):
    text = "We train 2 models on 3 tasks: summarisation, translation and question answering.\n"
    assert counts(text) == [("3", "3", 0.8)]
    assert verdicts(tmp_path, text, kind="count") == ["consistent"]


def test_two_items_joined_by_and_are_only_a_suggestion():
    # "a `.bin` and `.idx` file": of two items the split is least sure
    [(_, formula, conf)] = counts("The library needs 2 files: a tokenizer and a config.\n")
    assert formula == "2" and conf < CONFIDENT


# -- bullet and numbered lists --------------------------------------------------------------------
STAGES = "The pipeline has the following {n} stages:\n\n1. Supervised fine-tuning\n2. Reward model training\n" \
         "3. Reinforcement learning with PPO\n\nEach stage runs on one node.\n"


def test_a_count_before_a_numbered_list(tmp_path):
    text = STAGES.format(n="three")
    [r] = rels(text, "count")
    assert r.formula == "3" and r.confidence >= CONFIDENT and "lines 3-5" in r.evidence
    assert verdicts(tmp_path, text, kind="count") == ["consistent"]


def test_a_wrong_count_before_a_list_is_reported(tmp_path):
    assert verdicts(tmp_path, STAGES.format(n="four"), kind="count") == ["inconsistent"]
    bullets = "本次发布共 4 个模型：\n\n- Tern-1B\n- Tern-7B\n- Tern-13B\n- Tern-34B\n- Tern-70B\n"
    assert counts(bullets) == [("4", "5", 0.8)]
    assert verdicts(tmp_path, bullets, kind="count") == ["inconsistent"]


@pytest.mark.parametrize("text", [
    "We provide 3 checkpoints:\n\n- Base\n- Chat\n  - Chat-4bit\n  - Chat-8bit\n- Code\n",
    "本次开源 3 个模型：\n\n- 基座模型\n- 对话模型\n  - 4bit 量化版\n- 代码模型\n",
])
def test_a_nested_list_is_not_counted(text):
    assert counts(text) == []


def test_a_list_of_groups_is_not_counted():
    # the items are groups; whether their members or the groups are counted is unclear
    text = "The corpus covers 7 languages:\n\n* Romance (12%): Spanish, French, Italian\n" \
           "* Germanic (40%): English, German, Dutch\n* Other: Finnish\n"
    assert counts(text) == []


def test_an_item_with_a_second_paragraph_is_not_cut_short():
    text = "The report has 2 parts:\n\n- Setup\n\n  The hardware used.\n\n- Results\n- Costs\n"
    assert counts(text) == []


# -- the rows of the table it introduces ----------------------------------------------------------
TABLE = "The model supports {n} languages:\n\n| Language | Share of data |\n|---|---|\n| English | 46% |\n" \
        "| Chinese | 31% |\n| French | 13% |\n| German | 10% |\n"


def test_a_count_against_the_rows_of_its_table(tmp_path):
    [r] = rels(TABLE.format(n="4"), "count")
    assert r.formula == "4" and "first column 'Language'" in r.evidence
    assert verdicts(tmp_path, TABLE.format(n="4"), kind="count") == ["consistent"]
    assert verdicts(tmp_path, TABLE.format(n="5"), kind="count") == ["inconsistent"]


def test_a_table_whose_first_column_names_something_else_is_not_counted():
    text = TABLE.format(n="5").replace("| Language |", "| Model |")
    assert counts(text) == []


def test_a_total_row_is_not_an_item():
    text = TABLE.format(n="4") + "| Total | 100% |\n"
    assert [c[1] for c in counts(text)] == ["4"]


# -- near misses ----------------------------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "We evaluate on 12 benchmarks such as MMLU, GSM8K and HumanEval.\n",               # examples only
    "We evaluate on 12 benchmarks, including: MMLU, GSM8K and HumanEval.\n",
    "We evaluate on 12 benchmarks: MMLU, GSM8K, HumanEval, etc.\n",
    "We evaluate on 12 benchmarks: MMLU, GSM8K, … and HumanEval.\n",
    "评测包括 8 个基准：MMLU、C-Eval 和 GSM8K 等。\n",                                     # 等: some of them
    "The suite has 3 sizes: 7B, 13B and 70B.\n",                                       # a list of numbers
    "Llama 2 models: 7B, 13B and 70B.\n",                                              # a name, not a count
    "第 3 个阶段：预训练、微调和对齐。\n",                                                 # an ordinal
    "We trained 2 models on the datasets: Pile, C4 and RedPajama.\n",                  # a count of models
    "We report 3 metrics for each task.\n\n- Accuracy\n- F1\n",                       # no colon: no list
    "The cluster has 8 workers: 2 for training and 3 for evaluation.\n",                # a split, not items
    "We run 4 settings: one with greedy decoding, one with beam search and one with sampling.\n",
    "共有 6 类数据：三类来自网页、两类来自书籍和一类来自代码。\n",
    "The 2 baselines: GPT-J and LLaMA, and our model, evaluated on MMLU and BBH.\n",  # "and" inside an item
])
def test_near_misses_say_nothing(text):
    assert [c for c in counts(text) if c[2] >= CONFIDENT] == []


def test_a_list_too_long_to_count_says_nothing():
    assert counts("We have 3 items:\n\n" + "- item\n" * 600) == []


def test_headings_after_the_sentence_are_not_items():
    text = "Training has 3 stages:\n\n### Pre-training\n\nText.\n\n### Fine-tuning\n\nText.\n"
    assert counts(text) == []


# -- a list in parentheses after the noun, and a Chinese count after its list ----------------------
@pytest.mark.parametrize("text, printed, items", [
    ("We evaluate on 4 benchmarks (MMLU, GSM8K, HumanEval and BBH) and report accuracy.\n", "4", "4"),
    ("我们在 MMLU、C-Eval 和 CMMLU 三个基准上评测。\n", "三个基准", "3"),
    ("训练分为预训练、监督微调和对齐三个阶段。\n", "三个阶段", "3"),
])
def test_a_list_beside_its_count(tmp_path, text, printed, items):
    assert counts(text) == [(printed, items, 0.8)]
    assert verdicts(tmp_path, text, kind="count") == ["consistent"]
    wrong = text.replace("三个", "四个").replace("4 benchmarks", "5 benchmarks")
    assert verdicts(tmp_path, wrong, kind="count") == ["inconsistent"]


@pytest.mark.parametrize("text", [
    "We use 3 datasets (e.g. Pile, C4 and RedPajama).\n",
    "The 3 models (7B, 13B and 70B) are released.\n",
    "我们提供 7B、13B 和 70B 三个尺寸。\n",                        # numbers: another kind of list
    "评测包括 MMLU、C-Eval 和 CMMLU 等三个基准。\n",
    "使用 A、B 训练的模型在 C 和 D 两个基准上表现最好。\n",          # the list began before the clause's count
])
def test_beside_its_count_near_misses(text):
    assert [c for c in counts(text) if c[2] >= CONFIDENT] == []
