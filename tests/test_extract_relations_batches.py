"""Token budgets stated from steps and batch size (extract.relations_batches): "250k steps with a batch
size of 2M tokens, for a total of 500B tokens" is steps × batch; a batch counted in sequences takes the
sequence length too. Sentences are written for these tests in the shapes model cards and tech reports
print them (not copied from any document), with the wrong totals that must be reported and the near
misses (micro-batches, two token counts, a batch with no length) that must stay silent."""

from __future__ import annotations

import pytest
from test_relations_rules import rels, verdicts

from claimaudit.extract.relations import CONFIDENT

HOLDS = [
    "We trained on 2.0T tokens with a global batch size of 4M tokens, that is 500,000 steps.",
    "The model was trained for 250k steps with a batch size of 2M tokens, for a total of 500B tokens.",
    "Training ran 100,000 steps at a batch size of 1,024 sequences of 2,048 tokens, about 210B tokens in all.",
    "We used a batch size of 512 and a sequence length of 4096 for 30,000 steps (62.9B tokens).",
    "我们使用 4M tokens 的批大小训练了 50 万步，共 2T tokens。",
    "Each of the 60,000 steps took a 4M-token batch, so the run saw 240B tokens.",
    "We used a sequence length of 4,096 and a global batch size of 1,024 sequences (4M tokens).",
    "批大小为 1024 条序列（约 4M tokens），序列长度为 4096。",
    "训练采用 4096 的序列长度和 1024 条序列的批大小（约 4M tokens）。",
    "We train with a 4,096-token sequence length and a batch size of 1,024 sequences (4M tokens).",
    "训练共 10 万次迭代，batch size 为 1024，序列长度为 4096，约 4000 亿 tokens。",
]


@pytest.mark.parametrize("sentence", HOLDS)
def test_tokens_are_steps_times_batch(tmp_path, sentence):
    found = [r for r in rels(f"# Training\n\n{sentence}\n", "product") if "batch" in r.note]
    assert len(found) == 1 and found[0].confidence >= CONFIDENT
    assert verdicts(tmp_path, f"# Training\n\n{sentence}\n", kind="product") == ["consistent"]


def test_a_total_a_little_off_is_reported(tmp_path):
    # 250k × 2M = 500B; 530B is 6% more: the sentence's arithmetic does not hold
    text = "# Training\n\nWe trained for 250,000 steps with a batch size of 2.0M tokens, for a total of 530B tokens.\n"
    assert verdicts(tmp_path, text, kind="product") == ["inconsistent"]


def test_a_total_far_off_is_only_a_suggestion():
    # three times the product: the words may pair the values otherwise (steps of another stage)
    text = "# Training\n\nWe trained for 250,000 steps with a batch size of 2.0M tokens, for a total of 1.5T tokens.\n"
    found = [r for r in rels(text, "product") if "steps × batch" in r.note]
    assert found and all(r.confidence < CONFIDENT for r in found)


@pytest.mark.parametrize("sentence", [
    # a micro-batch times the steps is not the run's tokens
    "We trained for 250k steps with a micro batch size of 2M tokens, for a total of 500B tokens.",
    "250k steps with a per-GPU batch size of 2M tokens, 500B tokens in total.",
    # a batch counted in sequences, with no sequence length: no product to state
    "We trained for 100,000 steps with a batch size of 1,024 on 210B tokens.",
    # two token counts besides the batch: which is the total is not said
    "We trained for 250k steps with a batch size of 2M tokens on 500B tokens, of which 100B tokens are code.",
    # a count of batches is no batch size
    "We trained for 250k steps over 100 batches of 2M tokens, 500B tokens in total.",
    # no steps, and the token count is not the batch's restated (it is the data)
    "We used a sequence length of 4,096 and a global batch size of 1,024 sequences on 4M tokens of data.",
    # no batch size named
    "We trained for 250k steps on 2M tokens per GPU, for a total of 500B tokens of data.",
])
def test_no_product_without_each_role_named_once(sentence):
    assert not [r for r in rels(f"# Training\n\n{sentence}\n", "product") if "batch" in r.note]


@pytest.mark.parametrize("sentence, verdict", [
    ("The run used 1,024 A100 GPUs for 30 days, a total of about 737,000 GPU-hours.", "consistent"),
    # a day of 12 hours: off by 2x, still the sentence's only pair whose units compose, so audited
    ("The run used 1,024 A100 GPUs for 30 days, a total of about 370,000 GPU-hours.", "inconsistent"),
    ("训练使用 512 张 GPU，持续 20 天，合计约 50 万 GPU 小时。", "inconsistent"),
])
def test_a_product_of_the_only_composing_pair_off_by_up_to_2_5x_is_audited(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, f"# Training\n\n{sentence}\n", kind="product") == [verdict]
