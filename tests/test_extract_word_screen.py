"""The word screen that lets a relation or reading rule skip its scan of a document that prints none
of its pattern's words: it may only say "no" where the pattern cannot match."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from claimaudit.extract.article_readings import _ABSOLUTE_ZERO
from claimaudit.extract.relations_doc import _COMPARE, _COMPARE_WORDS
from claimaudit.extract.relations_prose import _RESPECTIVELY, _TOTAL_BEFORE, _TOTAL_WORDS
from claimaudit.extract.word_screen import may_print


def test_any_letter_case_is_printed() -> None:
    assert may_print("Model A OUTPERFORMS model B", _COMPARE_WORDS)
    assert may_print("Absolute Zero is 0 K", ("absolute zero",))
    assert may_print("两者分别为 3 和 4", ("respectively", "分别"))
    assert not may_print("Training took 2,788K H800 GPU hours.", _COMPARE_WORDS)
    assert may_print("In Total, 1.35 亿 tokens", _TOTAL_WORDS)
    assert not may_print("| Total | 2788K |", _TOTAL_WORDS)      # a Total row is no total word before a value


def test_case_twins_are_never_screened_out() -> None:
    # re.I matches ſ to s and K (Kelvin sign) to k, which lower() does not: the screen says "maybe"
    assert _COMPARE.search("A ſurpasses B") is not None
    assert may_print("A ſurpasses B", _COMPARE_WORDS)
    assert _RESPECTIVELY.search("3 and 4 reſpectively") is not None
    assert may_print("3 and 4 reſpectively", ("respectively",))


_PIECES = st.sampled_from(["surpass", "SURPASSES", "Outperformed", "beat", "exceed", "better than", "lower", "than",
                           "respectively", "Respectively", "分别", "高于", "低于", "absolute", "ZERO", "zero",
                           "In Total", "a TOTAL of", "altogether", "总共", "合计", "total", "in", "of",
                           "ſ", "\u212a", "\u0130", "\u0131", " ", ".", "s", "i", "k", "7", "a"])


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECES, max_size=12).map("".join))
def test_no_means_the_pattern_finds_nothing(text: str) -> None:
    for pattern, words in ((_COMPARE, _COMPARE_WORDS), (_RESPECTIVELY, ("respectively", "分别")),
                           (_ABSOLUTE_ZERO, ("absolute zero",)), (_TOTAL_BEFORE, _TOTAL_WORDS)):
        if not may_print(text, words):
            assert pattern.search(text) is None, (pattern.pattern, text)
