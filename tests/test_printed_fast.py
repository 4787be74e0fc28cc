"""The printed-number fast path (plain Arabic numbers) reads exactly what the full grammar reads.

Every text the fast path accepts is read again by the full grammar and the two PrintedNumbers must be
equal, under every rounding policy and both kilo settings; texts it does not accept must go to the
full grammar (a refusal stays a refusal, with its column). The texts: every string literal of the
printed-number tests, the bundled claim files' values, and the vocabulary's words (qualifiers,
currencies, multipliers, kinds) around numbers of every shape the fast path knows.
"""

from __future__ import annotations

import ast
import itertools
import random
from fractions import Fraction
from pathlib import Path

import pytest
import yaml

from claimaudit.errors import NumberSyntaxError
from claimaudit.numbers import printed, vocabulary
from claimaudit.numbers.printed import ROUNDING_POLICIES, _fast, _full, parse_printed

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent

NUMBERS = ["0", "5", "10", "2", "12.5", "0.05", "1,234", "2,788.50", "1.000", "12,345,678", "999"]
MULTS = ["", "K", "k", "M", "B", "T", "万", "亿", "萬"]
SIGNS = ["", "%", "×", "倍", "x", "X"]
HEADS = ["", "$", "US$", "¥", "€", "£", "HK$", "-", "+", "~", "≈", ">", "<=", ".", "打", "a ", "between ",
         "from ", *[q + " " for q in vocabulary.PREFIX_QUALIFIERS], *vocabulary.CURRENCY_PREFIXES]
TAILS = ["", " GPU-hours", " per GPU-hour", " 天", " an hour", " a share", " h 三十 min", " - five", " to ten",
         " ± 0.5", " +", " 多", " 个月", " -token", " K", " B", " 万", " KB", " x faster", " times", " fold",
         " basis points", " pp", " percentage points", " 两", " 分之三", " e", " ^", " ½",
         *[" " + w for w in vocabulary.SUFFIX_QUALIFIERS], *[" " + w for w in vocabulary.CURRENCY_SUFFIXES],
         *[" " + w for w in vocabulary.WORD_MULTIPLIERS]]


def _literals() -> list[str]:
    out = []
    for name in ("test_printed.py", "test_printed_wordings.py", "test_chinese_numerals.py", "test_vocabulary.py"):
        tree = ast.parse((TESTS / name).read_text("utf-8"))
        out += [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
                and 0 < len(n.value) <= 80]
    for path in sorted((REPO / "claims").glob("*.yaml")):
        doc = yaml.safe_load(path.read_text("utf-8")) or {}
        out += [str(c["value"]) for c in doc.get("claims", []) if isinstance(c, dict) and c.get("value")]
    return out


def _combinations() -> list[str]:
    rng = random.Random(14)
    every_word = [f"{h}12.5{t}" for h in HEADS for t in TAILS]
    shapes = [f"{n}{m}{s}" for n, m, s in itertools.product(NUMBERS, MULTS, SIGNS)]
    mixed = [f"{rng.choice(HEADS)}{rng.choice(shapes)}{rng.choice(TAILS)}" for _ in range(3000)]
    return every_word + shapes + mixed


def _full_or_error(text: str, kilo: int, rounding: str) -> object:
    try:
        return _full(text, kilo, rounding)
    except NumberSyntaxError as exc:
        return ("error", exc.column)


@pytest.mark.parametrize("source", ["literals", "combinations"])
def test_fast_path_reads_as_the_full_grammar(source: str) -> None:
    texts = sorted(set(_literals() if source == "literals" else _combinations()))
    accepted = 0
    for text in texts:
        for kilo, rounding in itertools.product((1000, 1024), ROUNDING_POLICIES):
            fast = _fast(text, kilo, rounding)
            if fast is None:
                continue
            accepted += 1
            assert fast == _full_or_error(text, kilo, rounding), (text, kilo, rounding)
    assert accepted > len(texts)   # the fast path is taken for many of them (else this tests nothing)


@pytest.mark.parametrize("text", ["12.5", "1,234", "56.9×", "91%", "约 45%", "$5.576M", "2,788K GPU-hours",
                                  "over 12,345K GPU-hours", "$2 per GPU-hour", "54.3 天", "1.23倍", "5万"])
def test_common_shapes_take_the_fast_path(text: str) -> None:
    assert _fast(text, 1000, "auto") == _full(text, 1000, "auto")


@pytest.mark.parametrize("text", ["1,5", "1.000,5", "5$%", "$5%", "1 2 3", "12abc%%", "K", "1e999999", "5 to"])
def test_refusals_stay_refusals(text: str) -> None:
    assert _fast(text, 1000, "auto") is None
    with pytest.raises(NumberSyntaxError):
        parse_printed(text)


def test_memo_is_bounded_and_shares_immutable_readings() -> None:
    a = parse_printed("2,788K GPU-hours")
    assert parse_printed("2,788K GPU-hours") is a
    with pytest.raises(AttributeError):
        a.unit = "x"  # type: ignore[misc]
    long_text = "1" + " GPU-hours" * 30      # longer than the memo keeps: read, not remembered
    before = printed.memo_entries(printed._MEMO)
    parse_printed(long_text)
    assert printed.memo_entries(printed._MEMO) == before


def test_memo_holds_at_most_its_entries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(printed, "MEMO_ENTRIES", 8)
    monkeypatch.setattr(printed, "_MEMO", {})
    for i in range(30):
        assert parse_printed(f"{i}.5 GPU-hours", kilo=1024 if i % 2 else 1000).nominal == Fraction(2 * i + 1, 2)
        assert 0 < printed.memo_entries(printed._MEMO) <= 8
    assert parse_printed("29.5 GPU-hours", kilo=1024) is parse_printed("29.5 GPU-hours", kilo=1024)
    assert parse_printed("29.5 GPU-hours", kilo=1024) is not parse_printed("29.5 GPU-hours")
