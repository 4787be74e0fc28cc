"""One vocabulary of the words that state a change (extract.change_words): each family of direction words
read with its direction in each finder that uses it, and the near misses that must stay silent. Sentences
and tables are written for these tests in the shapes of earnings news and model cards (not copied from
any document)."""

from __future__ import annotations

import re

import pytest
from test_extract_relations_more import SPEED
from test_relations_rules import rels, verdicts

from claimaudit.extract import change_words as cw
from claimaudit.extract.pipeline import draft_text
from claimaudit.extract.relations import CONFIDENT


def confident(text: str, kind: str) -> list:
    return [r for r in rels(text, kind) if r.confidence >= CONFIDENT]


def doc(sentence: str) -> str:
    return f"# Results\n\n{sentence}\n"


# -- the vocabulary itself -------------------------------------------------------------------------------
@pytest.mark.parametrize("word, direction", [
    ("rose", cw.UP), ("rising", cw.UP), ("increased", cw.UP), ("growth", cw.UP), ("gains", cw.UP),
    ("jumped", cw.UP), ("climbing", cw.UP), ("surged", cw.UP), ("soars", cw.UP), ("improvement", cw.UP),
    ("boosted", cw.UP), ("raises", cw.UP), ("Up", cw.UP), ("more", cw.UP), ("higher", cw.UP), ("quicker", cw.UP),
    ("better", cw.UP), ("above", cw.UP), ("ahead", cw.UP), ("beats", cw.UP), ("outperformed", cw.UP),
    ("surpassing", cw.UP), ("leads", cw.UP),
    ("fell", cw.DOWN), ("fallen", cw.DOWN), ("declines", cw.DOWN), ("dropped", cw.DOWN),
    ("reductions", cw.DOWN), ("cutting", cw.DOWN), ("savings", cw.DOWN), ("shrank", cw.DOWN),
    ("slid", cw.DOWN), ("slumped", cw.DOWN), ("plunging", cw.DOWN), ("tumbled", cw.DOWN), ("lost", cw.DOWN),
    ("lowered", cw.DOWN), ("down", cw.DOWN), ("fewer", cw.DOWN), ("Lower", cw.DOWN), ("cheaper", cw.DOWN),
    ("worse", cw.DOWN), ("below", cw.DOWN), ("behind", cw.DOWN), ("trails", cw.DOWN),
    ("增长", cw.UP), ("上涨", cw.UP), ("提升", cw.UP), ("领先", cw.UP), ("高", cw.UP), ("快", cw.UP),
    ("下降", cw.DOWN), ("下滑", cw.DOWN), ("降低", cw.DOWN), ("落后", cw.DOWN), ("少", cw.DOWN), ("慢", cw.DOWN),
])
def test_each_word_has_its_direction(word, direction):
    assert cw.direction_of(word) == direction


@pytest.mark.parametrize("word", ["unless", "moreover", "increasingly", "uptown", "execute", "Savannah", "over"])
def test_a_word_containing_one_is_no_word_of_change(word):
    assert re.search(cw.words(None, (cw.CHANGE, cw.ADVERB, cw.COMPARATIVE)), word, re.I) is None


def test_up_to_is_a_bound_not_a_rise():
    up = re.compile(cw.words(cw.UP, (cw.ADVERB,)), re.I)
    assert up.search("revenue up 12%") and not up.search("up to 12% faster")


@pytest.mark.parametrize("text, found", [
    ("少了 20%", True), ("高 5.9 个百分点", True), ("快了约 2 倍", True),
    ("至少 20%", False), ("最高 50%", False), ("训练 12 小时", False), ("大约 30%", False), ("省份 3 个", False),
])
def test_a_one_character_word_only_right_before_its_value(text, found):
    bare = re.compile(cw.words(None, (cw.CHANGE, cw.COMPARATIVE), lang="zh", bare="anchored"))
    assert bool(bare.search(text)) is found


def test_the_roles_keep_apart_what_the_finders_need_apart():
    score = re.compile(cw.words(None, (cw.SCORE,)), re.I)
    comparative = re.compile(cw.words(None, (cw.COMPARATIVE,)), re.I)
    # "better" says nothing of a size or a time; "smaller" nothing of a score
    assert score.search("better") and not comparative.search("better")
    assert comparative.search("smaller") and not score.search("smaller")


# -- changes stated new value first (relations_to_from) ------------------------------------------------
UP_EN = ["rose", "climbed", "soared", "surged", "jumped", "gained", "increased", "grew", "improved", "boosted"]
DOWN_EN = ["fell", "declined", "dropped", "decreased", "slid", "slumped", "plunged", "tumbled", "lost", "shrank"]


@pytest.mark.parametrize("verb", UP_EN)
def test_to_from_reads_each_verb_of_rise(tmp_path, verb):
    text = doc(f"Revenue {verb} 12% to $4.2 billion from $3.75 billion a year earlier.")
    assert verdicts(tmp_path, text, kind="change") == ["consistent"]
    # the verb says up, the values went down: another pairing than read, silent
    assert not confident(doc(f"Revenue {verb} 12% to $3.3 billion from $3.75 billion."), "change")


@pytest.mark.parametrize("verb", DOWN_EN)
def test_to_from_reads_each_verb_of_fall(tmp_path, verb):
    text = doc(f"Operating costs {verb} 8% to $1.1 billion from $1.2 billion.")
    assert [r.formula for r in confident(text, "change")] == ["({2} - {1}) / {2}"]
    assert verdicts(tmp_path, text, kind="change") == ["consistent"]
    assert not confident(doc(f"Operating costs {verb} 8% to $1.3 billion from $1.2 billion."), "change")


@pytest.mark.parametrize("sentence, formula", [
    ("The company raised prices 12% to $4.20 from $3.75.", "({1} - {2}) / {2}"),
    ("The company lowered costs 8% to $1.1 billion from $1.2 billion.", "({2} - {1}) / {2}"),
])
def test_to_from_reads_raise_and_lower_as_verbs(tmp_path, sentence, formula):
    assert [r.formula for r in confident(doc(sentence), "change")] == [formula]
    assert verdicts(tmp_path, doc(sentence), kind="change") == ["consistent"]
    # the verb says which way: the values going the other way are another pairing
    wrong = sentence.replace("$4.20 from $3.75", "$3.30 from $3.75").replace("$1.1 billion from", "$1.3 billion from")
    assert not confident(doc(wrong), "change")


@pytest.mark.parametrize("word, new", [("higher", "4.2"), ("more", "4.2"), ("lower", "3.45"), ("less", "3.45")])
def test_to_from_reads_a_comparative_beside_the_percentage(tmp_path, word, new):
    text = doc(f"Revenue was 8% {word} at ${new} billion, compared with $3.75 billion a year earlier."
               .replace("8%", "12%" if new == "4.2" else "8%"))
    assert verdicts(tmp_path, text, kind="change") == ["consistent"]


def test_to_from_up_to_is_no_word_of_rise():
    assert not confident(doc("Revenue was $4.2 billion, compared with $3.75 billion, with up to 12% online."),
                         "change")


@pytest.mark.parametrize("word", ["增长", "上涨", "上升", "提升", "增加"])
def test_to_from_reads_each_chinese_word_of_rise(tmp_path, word):
    text = doc(f"营收同比{word} 12% 至 42 亿元，上年同期为 37.5 亿元。")
    assert verdicts(tmp_path, text, kind="change") == ["consistent"]
    assert not confident(doc(f"营收同比{word} 12% 至 33 亿元，上年同期为 37.5 亿元。"), "change")


@pytest.mark.parametrize("word", ["下降", "下滑", "下跌", "减少", "降低", "下挫"])
def test_to_from_reads_each_chinese_word_of_fall(tmp_path, word):
    text = doc(f"净利润同比{word} 8.3% 至 1.1 亿元，上年同期为 1.2 亿元。")
    assert verdicts(tmp_path, text, kind="change") == ["consistent"]
    assert not confident(doc(f"净利润同比{word} 8.3% 至 1.3 亿元，上年同期为 1.2 亿元。"), "change")


# -- "from A to B" changes (relations_prose) -------------------------------------------------------------
@pytest.mark.parametrize("tail", ["40% lower", "40% shorter", "40% less", "a 40% reduction", "a 40% cut",
                                  "down 40%", "a 40% drop", "40% fewer milliseconds", "lowering it by 40%"])
def test_from_to_reads_each_word_of_fall(tmp_path, tail):
    text = doc(f"Latency went from 200 ms to 120 ms, {tail}.")
    [r] = confident(text, "change")
    assert r.note == "the relative reduction from the first value to the second"
    assert verdicts(tmp_path, text, kind="change") == ["consistent"]


@pytest.mark.parametrize("tail", ["40% faster", "40% higher", "40% greater", "40% more", "a 40% increase",
                                  "up 40%", "a 40% gain", "a 40% improvement", "a 40% jump", "raising it by 40%"])
def test_from_to_reads_each_word_of_rise(tmp_path, tail):
    text = doc(f"Throughput went from 1,000 to 1,400 tokens per second, {tail}.")
    [r] = confident(text, "change")
    assert r.note == "the relative increase from the first value to the second"
    assert verdicts(tmp_path, text, kind="change") == ["consistent"]


@pytest.mark.parametrize("tail", ["下降了 40%", "下滑 40%", "减少了 40%", "降低 40%", "少了 40%", "缩短了 40%"])
def test_from_to_reads_each_chinese_word_of_fall(tmp_path, tail):
    text = doc(f"推理延迟从 200 毫秒降到 120 毫秒，{tail}。")
    [r] = confident(text, "change")
    assert r.note == "the relative reduction from the first value to the second"
    assert verdicts(tmp_path, text, kind="change") == ["consistent"]


@pytest.mark.parametrize("sentence", [
    # the words say faster, the values fell: no change read
    "Latency went from 200 ms to 120 ms, 40% faster.",
    # no word of change at all, or one inside another word
    "Training went from 10 hours to 6 hours, moreover 40% of it on GPUs.",
    "Training went from 10 hours to 6 hours, unless 40% of it fails.",
    "训练从 10 小时缩到 6 小时，其中 40% 在 GPU 上。",
    "训练从 10 小时缩到 6 小时，至少 40% 在 GPU 上。",
])
def test_from_to_stays_silent_without_its_word(sentence):
    assert not confident(doc(sentence), "change")


# -- gaps in points between two rows (relations_points) -------------------------------------------------
SCORES = """# Card

| Model | MMLU | GSM8K |
|---|---|---|
| Tern-7B | 68.4 | 62.2 |
| Base-7B | 63.1 | 51.7 |
| Other-8B | 66.0 | 56.9 |

{sentence}
"""
SCORES_ZH = SCORES.replace("Tern-7B", "凌云-7B").replace("Base-7B", "基线-7B")


@pytest.mark.parametrize("sentence, higher", [
    ("Tern-7B is 5.3 points above Base-7B on MMLU.", True),
    ("Tern-7B is 5.3 points higher than Base-7B on MMLU.", True),
    ("Tern-7B is 5.3 points better than Base-7B on MMLU.", True),
    ("Tern-7B gains 5.3 points over Base-7B on MMLU.", True),
    ("Tern-7B beats Base-7B by 5.3 points on MMLU.", True),
    ("Base-7B is 5.3 points below Tern-7B on MMLU.", False),
    ("Base-7B is 5.3 points lower than Tern-7B on MMLU.", False),
    ("Base-7B is 5.3 points worse than Tern-7B on MMLU.", False),
    ("Base-7B trails Tern-7B by 5.3 points on MMLU.", False),
    # the baseline after any word of rank (leads, surpasses, outperformed, trailed)
    ("Tern-7B leads Base-7B by 5.3 points on MMLU.", True),
    ("Tern-7B surpasses Base-7B by 5.3 points on MMLU.", True),
    ("Tern-7B outperformed Base-7B by 5.3 points on MMLU.", True),
    ("Base-7B trailed Tern-7B by 5.3 points on MMLU.", False),
])
def test_points_reads_each_english_direction(tmp_path, sentence, higher):
    text = SCORES.format(sentence=sentence)
    [r] = confident(text, "change")
    assert ("above" if higher else "below") in r.note
    assert verdicts(tmp_path, text, kind="change") == ["consistent"]


@pytest.mark.parametrize("sentence, higher", [
    ("凌云-7B 在 MMLU 上比 基线-7B 高 5.3 个百分点。", True),
    ("凌云-7B 在 MMLU 上比 基线-7B 多 5.3 个百分点。", True),
    ("凌云-7B 在 MMLU 上较 基线-7B 提升 5.3 个百分点。", True),
    ("凌云-7B 在 MMLU 上较 基线-7B 增长 5.3 个百分点。", True),
    ("凌云-7B 在 MMLU 上领先 基线-7B 5.3 分。", True),
    ("基线-7B 在 MMLU 上比 凌云-7B 低 5.3 个百分点。", False),
    ("基线-7B 在 MMLU 上比 凌云-7B 少 5.3 个百分点。", False),
    ("基线-7B 在 MMLU 上比 凌云-7B 下滑 5.3 个百分点。", False),
    ("基线-7B 在 MMLU 上落后 凌云-7B 5.3 分。", False),
    ("凌云-7B 在 MMLU 上高出 基线-7B 5.3 分。", True),
])
def test_points_reads_each_chinese_direction(tmp_path, sentence, higher):
    text = SCORES_ZH.format(sentence=sentence)
    [r] = confident(text, "change")
    assert ("above" if higher else "below") in r.note
    assert verdicts(tmp_path, text, kind="change") == ["consistent"]


def test_points_a_word_of_rank_without_a_second_row_is_no_gap():
    assert not confident(SCORES.format(sentence="Tern-7B leads on MMLU, 5.3 points above the field."), "change")


def test_points_a_size_comparative_does_not_turn_a_score_gap():
    # "fewer", "smaller" are no score's words: the gap is still read above
    for sentence in ("Tern-7B, with fewer parameters, is 5.3 points above Base-7B on MMLU.",
                     "Tern-7B, a smaller model, is 5.3 points above Base-7B on MMLU."):
        [r] = confident(SCORES.format(sentence=sentence), "change")
        assert "above" in r.note


@pytest.mark.parametrize("sentence", [
    # words of both directions between the two rows: which way is not said
    "Tern-7B, with reduced data, is 5.3 points above Base-7B on MMLU.",
    "凌云-7B 的训练数据减少，在 MMLU 上比 基线-7B 高 5.3 个百分点。",
])
def test_points_silent_when_the_words_disagree(sentence):
    text = (SCORES_ZH if "凌云" in sentence else SCORES).format(sentence=sentence)
    assert not confident(text, "change")


# -- comparatives between two rows (relations_comparatives; the table SPEED of test_extract_relations_more) --
@pytest.mark.parametrize("word", ["less", "lower", "smaller"])
def test_comparatives_read_each_word_of_less(tmp_path, word):
    text = SPEED.format(sentence=f"Tern-7B needs 40% {word} memory than Base-7B.")       # (20 - 12) / 20
    [r] = confident(text, "comparison")
    assert r.formula.startswith("({2} - {6})")
    assert verdicts(tmp_path, text, kind="comparison") == ["consistent"]


@pytest.mark.parametrize("word", ["低", "少", "小", "降低", "减少"])
def test_comparatives_read_each_chinese_word_of_less(tmp_path, word):
    text = SPEED.format(sentence=f"Tern-7B 的显存（Memory）比 Base-7B {word} 40%。")
    [r] = confident(text, "comparison")
    assert r.formula.startswith("({2} - {6})")
    assert verdicts(tmp_path, text, kind="comparison") == ["consistent"]


@pytest.mark.parametrize("word", ["高", "多", "大", "提升", "提高", "增加"])
def test_comparatives_read_each_chinese_word_of_more(tmp_path, word):
    text = SPEED.format(sentence=f"Tern-7B 的显存（Memory）比 Other-8B {word} 40%。")
    assert verdicts(tmp_path, text, kind="comparison") == ["inconsistent"]      # 12 is below 17.5: not 40% more


@pytest.mark.parametrize("word", ["more", "larger", "quicker"])
def test_comparatives_read_a_multiple_with_each_word_of_more(tmp_path, word):
    text = SPEED.format(sentence=f"Tern-7B generates 2.1× {word} tokens per second than Base-7B.")   # 2520 / 1200
    assert verdicts(tmp_path, text, kind="comparison") == ["consistent"]


def test_comparatives_quicker_by_a_percentage_reads_two_ways():
    # like "faster": time saved or speed gained, a suggestion
    text = SPEED.format(sentence="Tern-7B is 110% quicker than Base-7B in Tokens/s.")
    assert all(r.confidence < CONFIDENT for r in rels(text, "comparison"))


def test_comparatives_at_least_is_no_comparative():
    assert not rels(SPEED.format(sentence="Tern-7B 的显存（Memory）比 Base-7B 至少 40%。"), "comparison")


# -- headline gains against the table (relations_gains) ------------------------------------------------
GAINS = "{s}\n\n| Model | MMLU | GSM8K |\n|---|---|---|\n| NovaLM | 36.0 | 4.8 |\n| NovaLM-2 | 44.3 | 32.4 |\n"


@pytest.mark.parametrize("sentence", [
    "NovaLM-2 outperforms NovaLM on MMLU (+23%).",
    "NovaLM-2 rises 23% on MMLU over NovaLM.",
    "NovaLM-2 相比 NovaLM 在 MMLU（23%）上大幅提升。",
    "NovaLM-2 相比 NovaLM 在 MMLU（23%）上大幅上升。",
    "NovaLM-2 相比 NovaLM 在 MMLU（23%）上领先。",
])
def test_gains_read_each_word_of_gain(tmp_path, sentence):
    text = GAINS.format(s=f"# Card\n\n{sentence}")
    gains = [r for r in rels(text, "change") if r.note.startswith("'NovaLM-2' over 'NovaLM' on 'MMLU'")]
    assert len(gains) == 1 and gains[0].formula == "({3} - {1}) / {1}"      # (44.3 - 36.0) / 36.0 = 23%
    assert set(verdicts(tmp_path, text, kind="change")) == {"consistent"}


@pytest.mark.parametrize("sentence", [
    "NovaLM-2 相比 NovaLM 在 MMLU（23%）上表现相同。",
    "NovaLM-2 and NovaLM on MMLU (23%) are the same.",
])
def test_gains_silent_without_a_word_of_gain(sentence):
    assert not rels(GAINS.format(s=f"# Card\n\n{sentence}"), "change")


# -- multiples (relations_multiples) ---------------------------------------------------------------------
@pytest.mark.parametrize("word", ["lower", "smaller", "shorter", "fewer", "less", "cheaper"])
def test_a_multiple_with_a_word_of_less_is_the_larger_over_the_smaller(tmp_path, word):
    text = doc(f"The 40 ms decode step is 2.5 times {word} than the 100 ms of the baseline.")
    [r] = confident(text, "ratio")
    assert r.formula == "{2} / {0}"
    assert verdicts(tmp_path, text, kind="ratio") == ["consistent"]


@pytest.mark.parametrize("word", ["longer", "larger", "higher", "more"])
def test_a_multiple_with_a_word_of_more_is_the_first_over_the_second(tmp_path, word):
    text = doc(f"The 250 ms decode step is 2.5 times {word} than the 100 ms of the baseline.")
    assert verdicts(tmp_path, text, kind="ratio") == ["consistent"]


def test_a_multiple_better_than_says_no_direction():
    # "better" over a time or a size may be either: no multiple read
    assert not rels(doc("The 40 ms decode step is 2.5 times better than the 100 ms of the baseline."), "ratio")


# -- shares printed before their part and whole (relations_percent) ------------------------------------
@pytest.mark.parametrize("sentence", ["支持率下滑 9%（3379 对比 3712）。", "支持率少了 9%（3379 对比 3712）。",
                                      "Approval slid 9% (3379 against 3712).",
                                      "Approval was 9% lower (3379 against 3712)."])
def test_a_change_before_a_share_is_no_share(sentence):
    assert not rels(doc(sentence), "percent-of")


@pytest.mark.parametrize("sentence", [
    "Of 1,200 respondents, 45% (540 against 1,200) said yes.",
    # "up" beside a share is a particle ("making up"): the adverbs stay out of this window
    "Of 1,200 respondents, those who said yes, making up 45% (540 against 1,200), were the most.",
    "在 1200 名受访者中，大约 45%（540 对比 1200）表示支持。",
])
def test_a_share_before_its_part_and_whole_is_still_read(tmp_path, sentence):
    assert verdicts(tmp_path, doc(sentence), kind="percent-of") == ["consistent"]


# -- gaps in points between two compared values (relations_prose_points) --------------------------------
@pytest.mark.parametrize("sentence", [
    "Tern-7B reaches 85.2% on MMLU, surpassing GPT-3.5 (70.0%) by 15.2 points.",
    "Tern-7B reaches 85.2% on MMLU, improving on GPT-3.5 (70.0%) by 15.2 points.",
    "Tern-7B reaches 85.2% on MMLU, leading GPT-3.5 (70.0%) by 15.2 points.",
    "Tern-7B reaches 85.2% on MMLU and GPT-3.5 reaches 70.0%, a 15.2 point increase.",
    "准确率 85.2%，比基线的 70.0% 增长 15.2 个百分点。",
])
def test_prose_points_read_each_word_of_comparison(tmp_path, sentence):
    assert verdicts(tmp_path, doc(sentence), kind="change") == ["consistent"]


@pytest.mark.parametrize("sentence", [
    "Tern-7B reaches 85.2% on MMLU and GPT-3.5 reaches 70.0%; 15.2 points.",
    "准确率 85.2%，基线为 70.0%，共 15.2 个百分点。",
])
def test_prose_points_silent_without_a_word_of_comparison(sentence):
    assert not rels(doc(sentence), "change")


# -- the mention reader: a verb of change before "A to B" (number_affixes), 增长了两倍, "over N years" ----
def mentions(sentence: str) -> list:
    return draft_text(doc(sentence), "doc.md").mentions


@pytest.mark.parametrize("verb", ["rose", "fell", "surged", "slumped", "shed", "rallied", "edged", "trimmed",
                                  "narrowed", "hiked", "lowered", "was down"])
def test_a_verb_of_change_before_a_to_b_reads_two_values(verb):
    assert [m.printed for m in mentions(f"The yield {verb} 0.2% to 4.5%.")] == ["0.2%", "4.5%"]


@pytest.mark.parametrize("sentence", ["Batching saves 20 to 30% of the cost.", "The yield improved 0.2% to 4.5%.",
                                      "Costs are expected to be 20 to 30% lower."])
def test_saving_or_improving_by_a_to_b_is_a_range(sentence):
    assert len(mentions(sentence)) == 1


@pytest.mark.parametrize("word", ["增长", "扩大", "涨", "提升"])
def test_grew_by_a_multiple_after_each_chinese_word_of_rise(word):
    [m] = mentions(f"销量{word}了两倍。")
    assert any("after a verb of growth" in c for c in m.candidates)


def test_a_multiple_after_a_word_of_fall_is_no_growth():
    [m] = mentions("销量下降了两倍。")
    assert not any("after a verb of growth" in c for c in m.candidates)


@pytest.mark.parametrize("sentence", ["Membership slumped over five years.", "Membership shrank over five years.",
                                      "Staff numbers were cut over five years.", "Membership grew over five years."])
def test_a_change_over_a_period_is_no_bound(sentence):
    years = [m for m in mentions(sentence) if "year" in m.unit.canonical]
    assert [m.qualifier for m in years] == [""]


def test_over_a_period_without_a_change_is_a_bound():
    [m] = mentions("The project has run for over five years.")
    assert m.qualifier == "over"


# -- the clause after a change with a subject of its own (relations_prose) --------------------------------
@pytest.mark.parametrize("verb", ["dropped", "slumped", "tumbled", "was cut", "was lowered"])
def test_another_subjects_change_after_from_to_is_not_its_figure(verb):
    assert not rels(doc(f"Latency went from 200 ms to 120 ms, and memory {verb} 40%."), "change")


def test_the_figure_without_a_subject_of_its_own_is_the_changes(tmp_path):
    assert verdicts(tmp_path, doc("Latency went from 200 ms to 120 ms, memory 40% lower."), kind="change") \
        == ["consistent"]


@pytest.mark.parametrize("verb", ["grew", "surged", "climbed", "soared"])
def test_from_a_in_a_year_verb_to_b_in_another(tmp_path, verb):
    text = doc(f"From 2,150 in 2019, the number of chargers {verb} to 9,460 by 2024, a 340% increase.")
    assert verdicts(tmp_path, text, kind="change") == ["consistent"]
