"""The memory a model's weights take: parameters × bytes each, written out ("7.24B parameters × 2 bytes ≈
14.5 GB", "13.2B 参数 × 2 字节 = 26.4 GB") or said to be needed under a precision ("in BF16 it needs 140 GB",
"以 FP16 精度加载 700 亿参数的模型，仅权重就需要约 140 GB"): needed memory is at least the weights', never
less. Sentences written for these tests in the shapes model cards print them (not copied from any card)."""

from __future__ import annotations

import pytest
from test_relations_rules import rels, verdicts


def doc(sentence: str) -> str:
    return f"# Memory\n\n{sentence}\n"


@pytest.mark.parametrize("sentence, verdict", [
    ("The bf16 footprint follows from 7.24B parameters × 2 bytes ≈ 14.5 GB.", "consistent"),
    ("The bf16 footprint follows from 7.24B parameters × 2 bytes ≈ 16.5 GB.", "inconsistent"),
    ("FP16 显存约等于 13.2B 参数 × 2 字节 = 26.4 GB（不含 KV cache）。", "consistent"),
    ("FP16 显存约等于 13.2B 参数 × 2 字节 = 28.4 GB。", "inconsistent"),
])
def test_weights_written_as_a_product(tmp_path, sentence, verdict):
    [r] = rels(doc(sentence), "product")
    assert r.confidence >= 0.8 and "bpp" in r.given
    assert verdicts(tmp_path, doc(sentence), kind="product") == [verdict]


@pytest.mark.parametrize("sentence, verdicts_", [
    ("A 70B-parameter model in FP8 needs 70 GB; in BF16 it needs 140 GB.", ["consistent", "consistent"]),
    # 34B × 2 bytes is 68 GB: 64 GB cannot hold the weights
    ("A 34B model in BF16 needs 64 GB.", ["inconsistent"]),
    # more than the weights is no error: activations and caches need room too
    ("Running the 7B model in FP16 needs 16 GB of VRAM.", ["consistent"]),
    ("以 FP16 精度加载 700 亿参数的模型，仅权重就需要约 140 GB 显存。", ["consistent"]),
    ("The 65B model quantised to INT4 requires 30 GB.", ["inconsistent"]),
])
def test_memory_needed_is_at_least_the_weights(tmp_path, sentence, verdicts_):
    assert verdicts(tmp_path, doc(sentence), kind="product") == verdicts_


@pytest.mark.parametrize("sentence", [
    "The 7B model was trained on 2T tokens and needs 16 GB.",                 # no precision, no bytes
    "In FP16 the 70B model's activations take 2 GB per sequence.",            # the memory of something else
    "The 7B and 13B models in FP16 need 14 GB and 26 GB.",                    # two counts: which is whose?
    "A BF16 checkpoint of the model is 2 GB larger than the FP8 one.",        # no count of parameters
])
def test_no_weights_relation_without_its_three_parts(sentence):
    assert not [r for r in rels(doc(sentence), "product") if "bpp" in r.given]


@pytest.mark.parametrize("sentence, verdict", [
    ("青鸾-2-34B 共 34B 参数，BF16 精度下每个参数占 2 字节，权重约 68 GB。", "consistent"),
    ("青鸾-2-34B 共 34B 参数，BF16 精度下每个参数占 2 字节，权重约 58 GB。", "inconsistent"),
    ("With 7B parameters in BF16 the weights take about 14 GB.", "consistent"),
    ("With 7B parameters in BF16 the weights take about 18 GB.", "inconsistent"),
])
def test_the_memory_named_as_the_weights(tmp_path, sentence, verdict):
    assert verdicts(tmp_path, doc(sentence), kind="product") == [verdict]

