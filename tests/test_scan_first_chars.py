"""The look-aheads put before whole-text patterns for speed (a first character every match must
start with: the engine then rejects every other position at once) must change no match.

Each pattern is compared with itself without the look-ahead: on random texts made of the
characters the patterns care about (digits, signs, dots, separators, number words, articles,
CJK), on the real documents kept as fixtures, and on cases at the edges (a sign or a dot before a
digit, a leading-dot decimal, a Unicode digit, an article at the start of the text).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimaudit.extract import article_readings
from claimaudit.numbers import scan

ROOT = Path(__file__).resolve().parents[1]

#: (pattern with its look-ahead, the look-ahead, whether it is searched on lower-cased text)
PATTERNS = [
    (scan._NUMBER_RE, scan._NUMBER_START, False),
    (scan._EN_START, scan._EN_FIRST, True),
    (article_readings._ARTICLE_UNIT, article_readings._ARTICLE_FIRST, False),
    (article_readings._UNIT_AND_A_HALF, article_readings._ARTICLE_FIRST, False),
]
IDS = ["number", "english-start", "article-unit", "unit-and-a-half"]

PIECES = ["0", "1", "7", "12", "3.5", ".5", "-", "+", "−", ".", ",", " ", "\u2009", "\n", "e", "E", "e-3", "x10^",
          "×10⁻³", "١٢", "５", "a ", "an ", "A ", "An ", "half", "quarter", "hour", "gallon", " and a half", "one",
          "twenty", "thirty-one", "a hundred", "a third", "seven", "zero", "nought", "fifteen", "million", "Two",
          "THREE", "v", "x", "_", "'", "’", "万", "三", "|", "(", "$", "%", "1,234", "1 234 567.89", "2^10"]


def _spans(pattern: re.Pattern[str], text: str) -> list[tuple[tuple[int, int], dict[str, str | None]]]:
    return [(m.span(), m.groupdict()) if pattern.groupindex else (m.span(), {"groups": repr(m.groups())})
            for m in pattern.finditer(text)]


def _without(lookahead: str, pattern: re.Pattern[str]) -> re.Pattern[str]:
    assert pattern.pattern.startswith(lookahead)
    return re.compile(pattern.pattern.removeprefix(lookahead), pattern.flags)


@pytest.mark.parametrize(("pattern", "lookahead", "lower"), PATTERNS, ids=IDS)
@settings(max_examples=300, deadline=None)
@given(pieces=st.lists(st.sampled_from(PIECES), max_size=30))
def test_same_matches_on_random_texts(pattern, lookahead, lower, pieces):
    text = "".join(pieces)
    text = text.lower() if lower else text
    assert _spans(pattern, text) == _spans(_without(lookahead, pattern), text)


@pytest.mark.parametrize(("pattern", "lookahead", "lower"), PATTERNS, ids=IDS)
def test_same_matches_on_real_documents(pattern, lookahead, lower):
    docs = sorted((ROOT / "tests" / "fixtures").rglob("*.md"))
    assert len(docs) >= 3
    plain = _without(lookahead, pattern)
    found = 0
    for path in docs:
        text = scan.fold(path.read_text("utf-8"))
        text = text.lower() if lower else text
        got = _spans(pattern, text)
        assert got == _spans(plain, text), path
        found += len(got)
    assert found > 0 or pattern is article_readings._UNIT_AND_A_HALF     # no document says "and a half"


@pytest.mark.parametrize(("text", "spans"), [
    ("-3.5 and +2", [(0, 4), (9, 11)]),
    ("p = .001, v.2", [(4, 8), (12, 13)]),     # a leading-dot decimal; none after a letter's dot
    ("٣ GPUs", [(0, 1)]),                      # a Unicode digit (\d) starts a number too
    ("1.5×10⁻³ m", [(0, 8)]),
])
def test_number_edges(text, spans):
    assert [m.span() for m in scan._NUMBER_RE.finditer(text)] == spans
    assert [m.span() for m in _without(scan._NUMBER_START, scan._NUMBER_RE).finditer(text)] == spans


def test_article_at_the_start_and_english_words():
    assert [m.group(0) for m in article_readings._ARTICLE_UNIT.finditer("A gallon, an hour")] == [
        "A gallon", "an hour"]
    for pattern in (article_readings._UNIT_AND_A_HALF, _without(article_readings._ARTICLE_FIRST,
                                                                article_readings._UNIT_AND_A_HALF)):
        assert [m.group(0) for m in pattern.finditer("An hour and a half, a mile and a quarter")] == [
            "An hour and a half", "a mile and a quarter"]
    for pattern in (scan._EN_START, _without(scan._EN_FIRST, scan._EN_START)):
        assert [m.group(0) for m in pattern.finditer("a hundred and twenty-one, half a million")] == [
            "a", "twenty", "one", "half", "a"]
