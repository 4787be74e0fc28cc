"""The printed-value grammar's word tables match exactly as the case-insensitive alternation they replace.

``_Table.match_word`` walks the text instead of compiling one regex per table (the compilation cost
~45 ms of every start, issue #14). The reference here is that regex, built as the tables built it
before: the longest phrase first, ``\\s+`` between words, ``(?![A-Za-z])`` after a final letter,
``re.IGNORECASE``. Every table of the grammar is checked on every phrase in several spellings and
on random text around them.
"""

from __future__ import annotations

import random
import re

import pytest

from claimaudit.numbers import printed, reader

TABLES = {name: t for name, t in vars(printed).items() if isinstance(t, reader._Table)}


def _reference(table: reader._Table) -> tuple[re.Pattern[str], list[tuple[str, re.Pattern[str]]]]:
    """The alternation as the table compiled it, and each phrase's own pattern (which one matched)."""
    def part(w: str) -> str:
        return r"\s+".join(re.escape(p) for p in w.split()) + (r"(?![A-Za-z])" if w[-1].isalpha() else "")

    longest_first = sorted(table.words, key=len, reverse=True)
    alternation = re.compile("(?:" + "|".join(part(w) for w in longest_first) + ")", re.IGNORECASE)
    return alternation, [(w, re.compile(part(w), re.IGNORECASE)) for w in longest_first]


def _expected(table: reader._Table, reference: tuple, s: str, pos: int) -> tuple[str, int] | None:
    alternation, each = reference
    m = alternation.match(s, pos)
    if m is None:
        return None
    phrase = next(w for w, p in each if p.match(s, pos))     # the first alternative that matches
    return phrase, m.end()


def _spellings(word: str, rng: random.Random) -> list[str]:
    upper = word.upper()
    title = word.title()
    mixed = "".join(c.upper() if rng.random() < 0.5 else c for c in word)
    spaced = word.replace(" ", "  ").replace(" ", "\u3000" if rng.random() < 0.5 else "\t")
    return [word, upper, title, mixed, spaced]


TAILS = ["", " 5", "5", "s", "S", "x 3", ".", "-", "\u212a", "\u017f", "\u00e9", "$", " ", "中", "ing", ",3"]


def test_the_grammar_has_word_tables():
    assert {"_PREFIX_QUALIFIERS", "_CURRENCY_PREFIXES", "_CURRENCY_SUFFIXES", "_KIND_SUFFIXES"} <= set(TABLES)
    assert all(TABLES[name].words for name in ("_PREFIX_QUALIFIERS", "_CURRENCY_SUFFIXES"))


@pytest.mark.parametrize("name", sorted(TABLES))
def test_every_phrase_matches_as_the_regex_would(name):
    table = TABLES[name]
    pattern = _reference(table)
    rng = random.Random(name)
    checked = 0
    for word in table.words:
        for spelling in _spellings(word, rng):
            for head in ("", "~", "3 "):
                for tail in TAILS:
                    s = head + spelling + tail
                    for pos in {0, len(head)}:
                        assert table.match_word(s, pos) == _expected(table, pattern, s, pos), (s, pos)
                        checked += 1
    assert checked >= 10 * len(table.words)


@pytest.mark.parametrize("name", sorted(TABLES))
def test_random_text_matches_as_the_regex_would(name):
    table = TABLES[name]
    pattern = _reference(table)
    rng = random.Random(1000 + len(name))
    pieces = [w for w in table.words] + [w[: max(1, len(w) // 2)] for w in table.words] + \
        ["a", "b", "s", "K", "\u212a", "\u0131", "\u0130", "\u017f", " ", "  ", ".", "$", "1", "é", "É", "中"]
    for _ in range(3000):
        s = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 4)))
        pos = rng.randrange(len(s))
        assert table.match_word(s, pos) == _expected(table, pattern, s, pos), (s, pos)


def test_folded_letters_are_what_the_regex_engine_folds():
    """The non-ASCII characters that a case-insensitive [A-Za-z] matches are exactly reader._FOLDS."""
    everything = "".join(chr(i) for i in range(0x80, 0x3000))
    found = {m.group() for m in re.finditer("[A-Za-z]", everything, re.IGNORECASE)}
    assert found == set(reader._FOLDS)
    for c, letter in reader._FOLDS.items():
        assert re.fullmatch(letter, c, re.IGNORECASE)


def test_a_folded_letter_reads_the_phrase_instead_of_failing():
    # The regex matched a long s for an "s" but the phrase was then looked up by str.lower(), which
    # keeps the long s: a KeyError. The walk reads it as the regex matched it.
    table = TABLES["_PREFIX_QUALIFIERS"]
    word = min(w for w in table.words if "s" in w and w.isalpha())
    text = word.replace("s", "\u017f")
    assert table.match_word(text + " 5", 0) == (word, len(word))
    assert reader.Reader(text.upper() + " 5", 1000).match_table(table, 0) == (text.upper(), table.words[word],
                                                                              len(word))
