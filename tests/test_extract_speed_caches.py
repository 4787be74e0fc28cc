"""The caches that make extraction of long documents cheap give the answers of the uncached code."""

from __future__ import annotations

from fractions import Fraction

from claimaudit.extract import falsepos
from claimaudit.extract.relation_model import _scaled
from claimaudit.extract.unit_words import is_unit
from claimaudit.numbers.interval import Interval
from claimaudit.numbers.scan import scan_numbers
from claimaudit.units.quantity import Dims

TEXTS = [
    "Training took 2,788K H800 GPU hours, about $5.576M at $2 per GPU hour; see arXiv: 2401.12345 and V3.2.",
    "xUS$2000 and US$2000 in 2024; the 80s; 1. Introduction 3.2 Methods; 5-35% of 10.5 celsius; 3FS 1F1B 21st",
    "2024年3月发布，训练了3 年，第8章，下午三点，两点半，一个模型，统一，陆地，伍拾元，十多万张卡，8tokens/s。",
    "In the table: | 2664K | $5.328M | 119K | 1/0 is not a value; 2 × 头数 × 头维度; 9.83e-3 +/- 1e-5 km/s2",
]


def test_windowed_false_positive_matches_the_whole_text() -> None:
    # Every token, with each amount of text before it (the currency look-behind reaches one
    # character past the 24 the rules read, the text's start changes what the patterns see).
    for text in TEXTS:
        for cut in (0, 1, 7, 8, 9, 24, 25, 26, 33):
            padded = ("word " * 8)[:cut] + text
            for tok in scan_numbers(padded):
                for unit in (None, is_unit):
                    want = falsepos._false_positive(padded, tok.start, tok.end, tok.kind, unit)
                    assert falsepos.false_positive(padded, tok.start, tok.end, tok.kind, unit) == want, \
                        (padded, tok)


def test_cached_unit_arithmetic_is_exact() -> None:
    iv = Interval(Fraction(55755, 10), Fraction(55765, 10))
    assert _scaled(iv, Fraction(1000)) == Interval(Fraction(5575500), Fraction(5576500))
    time, gpu = Dims((("[time]", 1),)), Dims((("[gpu]", 1),))
    assert gpu * time == Dims.of([("[gpu]", 1), ("[time]", 1)])
    assert (gpu * time) / time == gpu


def test_indexed_word_split_matches_trying_every_word() -> None:
    from claimaudit.extract import unit_words

    def every_word(f: str, unit_text: str, end: int) -> bool:
        return any(unit_text.endswith(w[:k]) and f.startswith(w, end - k)
                   for w in unit_words._CJK_NOT_UNIT for k in range(1, len(w)))

    f = "3元素和5元数据，2小时级，8小时，三周年，3周，10元，两升级，1米饭，5节点数，4分析"
    for end in range(len(f) + 1):
        for size in (1, 2, 3):
            unit_text = f[max(0, end - size):end]
            if unit_text:
                assert unit_words._splits_word(f, unit_text, end) == every_word(f, unit_text, end), (unit_text, end)
    assert unit_words._splits_word("3元素", "元", 2) and not unit_words._splits_word("3元。", "元", 2)
