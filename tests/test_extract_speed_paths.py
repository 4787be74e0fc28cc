"""The cheaper paths extraction takes on long documents agree with the code they replace, on
hypothesis-generated text and on the cases each shortcut turns on."""

from __future__ import annotations

import itertools
import math
import re
import unicodedata
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from claimaudit.extract import relation_model
from claimaudit.extract.document import analyse
from claimaudit.extract.mentions import extract_mentions
from claimaudit.extract.relations import find_relations
from claimaudit.extract.unit_products import UnitProducts, UnitQuotients
from claimaudit.extract.unit_words import best_unit, unit_tokens
from claimaudit.numbers.interval import Interval
from claimaudit.numbers.scan import fold
from claimaudit.sources import markdown_worker as worker
from claimaudit.units.quantity import Dims

_OLD_DELIMITER_BESIDE = re.compile(r"(?<=[^\x00-\x7f])[*_]+|[*_]+(?=[^\x00-\x7f])")


def _symbol_flanked_by_pattern(text: str) -> bool:
    """The check as it was: a pattern with a look-behind and a look-ahead over the whole text."""
    for m in _OLD_DELIMITER_BESIDE.finditer(text):
        a, b = text[m.start() - 1:m.start()], text[m.end():m.end() + 1]
        for sym, other in ((a, b), (b, a)):
            if sym > "\x7f" and unicodedata.category(sym)[0] == "S" and other and not other.isspace():
                return True
    return False


MARKUP = st.text(alphabet=st.sampled_from(list("*_ a1\n×€→中。é😀$-")), max_size=40)


@settings(max_examples=400, deadline=None)
@given(MARKUP)
def test_symbol_flanked_delimiters_as_the_pattern_found_them(text: str) -> None:
    assert worker._symbol_flanked(text) == _symbol_flanked_by_pattern(text)


def test_symbol_flanked_cases() -> None:
    for text, want in [("**×**", False), ("x**×**", True), ("a**×", True), ("×** b", False), ("**a**", False),
                       ("€_1", True), ("中**文**", False), ("*😀*x", True), ("", False), ("plain ascii * _", False)]:
        assert worker._symbol_flanked(text) is want == _symbol_flanked_by_pattern(text), text


WORDS = st.lists(st.sampled_from(["GPU", "hours", "H800", "A100", "per", "kg", "km/h", "Llama-2", "tokens", "/",
                                  "s", "$", "每", "张", "卡", "MB", "in", "x"]), max_size=6)


@settings(max_examples=300, deadline=None)
@given(WORDS)
def test_best_unit_skips_runs_with_a_model_name_as_before(words: list[str]) -> None:
    text = fold("5 " + " ".join(words))
    toks = unit_tokens(text, 1, len(text))
    got = best_unit(text, toks)
    # the rule as it was written: any run holding a model token is no unit
    first = next((i for i, t in enumerate(toks) if t.kind == "model"), None)
    if first is not None:
        assert got is None or got[2] <= toks[first].start
        assert best_unit(text, toks[:first]) == got


@settings(max_examples=200, deadline=None)
@given(st.fractions(min_value=-10**6, max_value=10**6, max_denominator=10**4),
       st.fractions(min_value=0, max_value=10**4, max_denominator=10**3),
       st.sampled_from([Fraction(1), Fraction(3600), Fraction(1, 1000), Fraction(10**9), Fraction(254, 100)]))
def test_scaled_intervals_are_the_exact_products(lo: Fraction, width: Fraction, factor: Fraction) -> None:
    iv = Interval(lo, lo + width)
    assert relation_model._scaled(iv, factor) == iv * factor
    assert relation_model._scaled(iv, factor) == iv * factor      # from the cache


def test_scaled_cache_is_bounded() -> None:
    relation_model._SCALED.clear()
    for k in range(relation_model._SCALED_MAX + 10):
        assert relation_model._scaled(Interval(Fraction(k)), Fraction(3)) == Interval(Fraction(3 * k))
    assert len(relation_model._SCALED) <= relation_model._SCALED_MAX


def test_a_number_read_short_is_cut_from_relations() -> None:
    # "200_000_000" and "1.5" after a table total: the finder's digit check still drops the short reading
    doc = analyse("| a | b |\n|---|---|\n| x | 1 |\n| y | 2 |\n| Total | 3 |\n", "t.md")
    ms = extract_mentions(doc)
    f = relation_model.FinderBase(doc, ms)
    assert [f._cut(i) for i in range(len(ms))] == [False] * len(ms)
    doc2 = analyse("about ~200_000_000 rows and 3,5 more", "t.txt")
    ms2 = extract_mentions(doc2)
    f2 = relation_model.FinderBase(doc2, ms2)
    cut = [doc2.text[m.number_start:m.number_end] for i, m in enumerate(ms2) if f2._cut(i)]
    assert cut and all(doc2.text[ms2[i].number_end] in "_,." for i in range(len(ms2)) if f2._cut(i))


# -- the extractor's cheap tests before its unit reader and its regexes ----------------------------------

AFTER_NUMBER = st.text(alphabet=st.sampled_from(list(" \t|,.;:)%0123456789-/*$€£¥·+xkKmGBh中个人°µ\n")),
                       max_size=12)


@settings(max_examples=600, deadline=None)
@given(AFTER_NUMBER, st.integers(min_value=0, max_value=14))
def test_no_unit_words_only_where_the_unit_reader_finds_none(after: str, cut: int) -> None:
    from claimaudit.extract.extractor import _no_unit_words
    from claimaudit.extract.unit_words import unit_after

    text = "5" + after
    limit = min(len(text), 1 + cut)
    for kind in ("digits", "chinese", "words"):
        candidates: list[str] = []
        full = unit_after(text, kind, 1, limit, candidates)
        if _no_unit_words(text, 1, limit):
            assert full == (None, 1) and candidates == [], (text, limit)


def test_no_unit_words_cases() -> None:
    from claimaudit.extract.extractor import _no_unit_words

    for text, want in [("5 |", True), ("5", True), ("5,", True), ("5  GPUs", False), ("5 GPUs", False),
                       ("5 -bit", False), ("5$", False), ("5 中", False), ("5 °C", False), ("5 2", True),
                       ("5\t|", True), ("5/s", False)]:
        assert _no_unit_words(text, 1, len(text)) is want, text


NEAR_NUMBER = st.text(alphabet=st.sampled_from(list(" \t+±/-每零下个個mil aAnN between公斤5")), max_size=16)


@settings(max_examples=600, deadline=None)
@given(NEAR_NUMBER, NEAR_NUMBER)
def test_cheap_tests_never_skip_a_regex_match(before: str, after: str) -> None:
    """Each character test the extractor puts before a regex is a necessary condition of its match."""
    from claimaudit.extract import extractor as x
    from claimaudit.extract.number_affixes import PER_BEFORE, RATE_ARTICLE

    f = before + "7" + after
    start, pos = len(before), len(before) + 1
    if x._BELOW_ZERO.search(f, max(0, start - 4), start):
        assert f.find("零下", max(0, start - 4), start) >= 0
    if x._BETWEEN_WORD.search(f[max(0, start - 9):start]):
        assert f[start - 1:start].isspace()
    if x._PLUS_MINUS.fullmatch(f[pos:]):
        assert f.find("+", pos) >= 0 or f.find("±", pos) >= 0
    if x._PLUS_BEFORE_UNIT.match(f[pos:pos + 3]):
        assert f.startswith("+", pos)
    if x._MIL_BEFORE_MONEY.match(f, pos):
        assert "mil" in f[pos:pos + 4]
    if x._GE_YI.match(f, pos):
        assert f.startswith(("个", "個"), pos)
    if PER_BEFORE.search(f[max(0, start - 16):start]):
        assert f.find("每", max(0, start - 16), start) >= 0
    if RATE_ARTICLE.match(f, pos):
        assert f.startswith(" a", pos)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab the of is,，;(| 模型是为中文 -\n")), max_size=30))
def test_words_before_a_value_as_the_inline_code_read_them(window: str) -> None:
    from claimaudit.extract.relations_doc import _words_before

    # the code as it was, inline in _prose_same
    before = re.split(r"[。！？!?；;\n:：,，、(（)）|]", window)[-1]
    words = re.findall(r"[A-Za-z][A-Za-z\-]+|[\u4e00-\u9fff]+", before)
    want = None
    if words:
        last = words[-2:] if words[-1].isascii() else [words[-1][-4:]]
        key = " ".join(w.lower() for w in last)
        want = None if len(key) < 3 or key in ("the", "of the", "is", "是", "为") else key
    assert _words_before(window) == want


def test_base_values_are_the_exact_products() -> None:
    doc = analyse("Training took 2,788K H800 GPU hours, 3.7 days on 2048 GPUs, 5 km and 1.5 MB.\n", "t.md")
    ms = extract_mentions(doc, lang="en")
    finder = relation_model.FinderBase(doc, ms)
    assert len(ms) >= 4
    for i, m in enumerate(ms):
        assert finder.base(i) == m.number.nominal * m.unit.factor
        assert finder.base(i) is finder.base(i)      # computed once
    assert any(m.unit.factor != 1 for m in ms)


# -- sentence_products: the pairs and triples of a sentence's values grouped by their units' product once --------
_UNITS_TEXT = ("Training used 2048 GPUs for 3.7 days, i.e. 180K GPU hours, at $2 per GPU hour ($360K) on 14.8T tokens "
               "at 3,000 tokens per second per GPU, 64 nodes with 8 GPUs each, 7B parameters × 2 bytes ≈ 14 GB, "
               "300 W for 7 hours (2.1 kWh), 45% of 5 GB, 21 days, 12 hours and 512 GPUs; 1.5 GB/s, 40 ms per "
               "token, 2,400 tokens/s and $0.50 per 1M tokens.\n")


def _unit_mentions() -> list:
    doc = analyse(_UNITS_TEXT, "u.md")
    return extract_mentions(doc, lang="en")


_MS = _unit_mentions()


def _scan_pairs(ms: list, ids: list[int], prev: list[int], t: int) -> list[tuple[int, ...]]:
    """The scans as sentence_products ran them, for the value ``t`` (before UnitProducts)."""
    dims = ms[t].unit.dims
    others = [k for k in ids if k != t]
    return [(a, b) for a, b in itertools.combinations(others, 2) if ms[a].unit.dims * ms[b].unit.dims == dims] or [
        (a, b) for a in prev for b in others if ms[a].unit.dims * ms[b].unit.dims == dims]


def _scan_triples(ms: list, ids: list[int], t: int) -> list[tuple[int, ...]]:
    dims = ms[t].unit.dims
    others = [k for k in ids if k != t]
    return [f for f in itertools.combinations(others, 3)
            if ms[f[0]].unit.dims * ms[f[1]].unit.dims * ms[f[2]].unit.dims == dims]


def test_the_units_text_has_many_kinds_of_unit() -> None:
    assert len(_MS) >= 20
    assert len({m.unit.dims for m in _MS}) >= 8


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, len(_MS) - 1), min_size=1, max_size=16, unique=True),
       st.lists(st.integers(0, len(_MS) - 1), max_size=6, unique=True))
def test_unit_products_are_the_scans_they_replace(ids: list[int], prev: list[int]) -> None:
    ids = sorted(ids)
    prev = sorted(k for k in prev if k not in ids)
    products = UnitProducts(_MS, ids, prev)
    for t in ids:
        dims = _MS[t].unit.dims
        assert (products.pairs(dims, t) or products.cross(dims, t)) == _scan_pairs(_MS, ids, prev, t)
        assert products.triples(dims, t) == _scan_triples(_MS, ids, t)


def test_unit_products_of_a_unit_no_combination_gives() -> None:
    ids = list(range(len(_MS)))[:6]
    products = UnitProducts(_MS, ids)
    nothing = Dims.of({"[no such dimension]": 1})
    assert products.pairs(nothing, ids[0]) == [] and products.cross(nothing, ids[0]) == []
    assert products.triples(nothing, ids[0]) == []


def test_unit_products_value_is_the_product_of_base_values() -> None:
    finder = relation_model.FinderBase(analyse(_UNITS_TEXT, "u.md"), _MS)
    products = UnitProducts(_MS, list(range(len(_MS))))
    for combo in ((0, 1), (0, 1, 2), (3, 5)):
        assert products.value(combo, finder.base) == math.prod(finder.base(k) for k in combo)
        assert products.value(combo, finder.base) is products.value(combo, finder.base)     # computed once


def _found(text: str, kind: str) -> list[tuple[str, list[str]]]:
    """(target, parts) as printed, of each relation of ``kind`` the finders draft for ``text``."""
    doc = analyse(text, "p.md")
    ms = extract_mentions(doc, lang="en")
    return [(ms[r.target].printed, [ms[k].printed for k in r.parts]) for r in find_relations(doc, ms)
            if r.kind == kind and r.target is not None]


def _products(text: str) -> list[tuple[str, list[str]]]:
    return _found(text, "product")


def test_a_product_in_a_sentence_of_many_values() -> None:
    # the pair alone, and with a dozen values of other units around it (the index groups them all)
    want = ("180K GPU hours", ["2048 GPUs", "3.7 days"])
    assert _products("Training used 2048 GPUs for 3.7 days, i.e. 180K GPU hours.") == [want]
    # (values of other units only: another count and time in the sentence would be another pairing)
    assert want in _products("Training used 2048 GPUs for 3.7 days, i.e. 180K GPU hours, with 14.8T tokens, 5 GB, "
                             "300 W, 14 GB, 2 bytes, 40 °C, 3 m, 12 kg and 5 MB/s.")


def test_of_several_pairs_the_one_within_one_percent() -> None:
    # 2048 × 3.66 days = 179,896 GPU hours; 512 × 2 days and the crossed pairs are far off
    assert _products("Training used 2048 GPUs for 3.66 days and 512 GPUs for 2 days, i.e. 180K GPU hours.") == [
        ("180K GPU hours", ["2048 GPUs", "3.66 days"])]
    # near miss: no pair within 1% (2048 × 3.7 days = 181,862), so no one pair is meant
    assert _products("Training used 2048 GPUs for 3.7 days and 512 GPUs for 2 days, i.e. 180K GPU hours.") == []


def _scan_quotients(ms: list, ids: list[int], r: int) -> list[tuple[int, int]]:
    """The scan as rates ran it for the rate ``r`` (before UnitQuotients)."""
    parts = [a for a in ids if a != r and not ms[a].unit.dims.dimensionless and relation_model._usable(ms[a])]
    return [(a, b) for a in parts for b in parts if a != b and ms[a].unit.dims / ms[b].unit.dims == ms[r].unit.dims]


def test_the_units_text_has_rates() -> None:
    assert sum("/" in m.unit.canonical for m in _MS) >= 4


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, len(_MS) - 1), min_size=1, max_size=20, unique=True))
def test_unit_quotients_are_the_scan_they_replace(ids: list[int]) -> None:
    ids = sorted(ids)
    usable = [a for a in ids if not _MS[a].unit.dims.dimensionless and relation_model._usable(_MS[a])]
    quotients = UnitQuotients(_MS, usable)
    for r in ids:
        assert quotients.pairs(_MS[r].unit.dims, r) == _scan_quotients(_MS, ids, r)


def _rates(text: str) -> list[tuple[str, list[str]]]:
    return _found(text, "rate")


def test_a_rate_with_its_only_numerator_and_denominator() -> None:
    assert _rates("The run processed 1.2B tokens in 10 hours, about 120M tokens per hour.") == [
        ("about 120M tokens per hour", ["1.2B tokens", "10 hours"])]
    # near miss: two times, so two pairs give a rate's units and neither is the one meant
    assert _rates("The run processed 1.2B tokens in 10 hours after 2 hours of warm-up, about 120M tokens per "
                  "hour.") == []


# -- _evaluate: a finder run's formulas evaluated once ----------------------------------------------------
_TOTALS_TABLE = "| Stage | Hours | Cost |\n|---|---|---|\n| Pre | 2664K | $5.328M |\n| Context | 119K | $0.238M |\n" \
                "| Post | 5K | $0.01M |\n| Total | 2788K | $5.576M |\n"


def test_evaluations_remembered_for_the_finders_mentions_only() -> None:
    doc = analyse(_TOTALS_TABLE, "t.md")
    ms = extract_mentions(doc, lang="en")
    formulas = ["{0} + {2} + {4}", "{1} + {3} + {5}", "{0} * {1}", "{0} + {1}", "{0} / {6}"]
    fresh = {(f, u): relation_model._evaluate(f, ms, u) for f in formulas for u in (False, True)}
    relation_model.FinderBase(doc, ms)
    for _ in range(2):      # remembered, then read from the memo: the same values
        assert {(f, u): relation_model._evaluate(f, ms, u) for f in formulas for u in (False, True)} == fresh
    assert fresh[("{0} + {2} + {4}", False)] is not None and fresh[("{0} + {1}", False)] is None   # hours + dollars
    # another list of mentions (another document's) is never answered from the memo
    other = extract_mentions(analyse(_TOTALS_TABLE.replace("2664K", "2000K"), "u.md"), lang="en")
    assert relation_model._evaluate("{0} + {2} + {4}", other) != fresh[("{0} + {2} + {4}", False)]
    assert relation_model._evaluate("{0} + {2} + {4}", ms) == fresh[("{0} + {2} + {4}", False)]


# -- cheap tests before the extractor's and the finders' patterns ------------------------------------------
BEFORE_MONEY = st.text(alphabet=st.sampled_from(list(" \n\t$€£¥￥USDHKRMBA.元币人民港 from→->=⟶FROM由从x")),
                       max_size=10)


@settings(max_examples=800, deadline=None)
@given(BEFORE_MONEY)
def test_currency_before_as_the_pattern_alone(before: str) -> None:
    from claimaudit.extract.number_affixes import CURRENCY_BEFORE, currency_before

    f = before + "5 GPUs"
    start = len(before)
    want = CURRENCY_BEFORE.search(f, max(0, start - 7), start)
    got = currency_before(f, start)
    assert (got and got.span()) == (want and want.span()), repr(before)


def test_currency_before_cases() -> None:
    from claimaudit.extract.number_affixes import currency_before

    for before, want in [("about $", "$"), ("US$ ", "US$ "), ("HK$\n", "HK$\n"), ("costs ", None), ("￥", "￥"),
                         ("€ ", "€ "), ("1,", None), ("RMB", "RMB")]:
        got = currency_before(before + "5", len(before))
        assert (got.group(0) if got else None) == want, before


@settings(max_examples=800, deadline=None)
@given(BEFORE_MONEY, BEFORE_MONEY)
def test_the_change_gate_passes_every_gap_the_patterns_read(before: str, gap: str) -> None:
    from claimaudit.extract import relations_prose as p

    text = before + "5" + gap + "7"
    if p._CHANGE_FROM.search(before) or p._CHANGE_FROM_ZH.search(before) \
            or p._ARROW.fullmatch(text, len(before) + 1, len(text) - 1):
        assert "从" in before or "由" in before or "from" in before.lower() or p._ARROW_CHARS.intersection(gap)


def test_changes_from_to_still_found() -> None:
    want = [("1.6x", ["49 ms", "30 ms"])]
    assert _found("Latency fell from 49 ms to 30 ms, a 1.6x speed-up.", "change") == want
    assert _found("Latency went 49 ms -> 30 ms, a 1.6x speed-up.", "change") == want
    assert _found("推理延迟从 49 ms 降到 30 ms，提速 1.6 倍。", "change") == [("1.6 倍", ["49 ms", "30 ms"])]
    # near miss: no "from" and no arrow between the values: no change is read
    assert _found("Latency was 49 ms and 30 ms, a 1.6x speed-up.", "change") == []


AFTER_VALUE = st.text(alphabet=st.sampled_from(list(" ,，;；(（)）其中包括of which including x7\n。A-对對pairPAİıRsS/")
                                               ), max_size=30)


@settings(max_examples=800, deadline=None)
@given(AFTER_VALUE)
def test_gates_after_a_value_are_necessary(after: str) -> None:
    from claimaudit.extract import relations_breakdowns as b
    from claimaudit.extract import relations_prose as p
    from claimaudit.extract import relations_sizes as z

    text = "5" + after
    if b._PAREN_AFTER.match(after[:40]):
        assert not b._OPENINGS.isdisjoint(after[:25])
    if b._OF_WHICH.match(text, 1):
        assert not b._LIST_COMMAS.isdisjoint(after[:13])
    if p._SUM_OPEN.match(text, 1):
        assert not p._PARENS_OPEN.isdisjoint(text[1:14])
    if z._PAIRS.search(text):
        assert z._prints_pairs(text)


def test_pairs_gate_reads_words_as_the_pattern_does() -> None:
    from claimaudit.extract.relations_sizes import _PAIRS, _prints_pairs

    for text in ("(1024 prompt-response pairs)", "(1024 PROMPT-RESPONSE PAİRS)", "(1024 prompt-response paırs)",
                 "（1024 个查询-答案对）", "（1024 個查詢-答案對）"):
        assert _PAIRS.search(text) and _prints_pairs(text), text
    assert not _prints_pairs("2048 GPUs for 3.7 days (1024 prompts each)")


SENTENCE_WORDS = st.lists(st.sampled_from(["makes", "MAKE", "up", "made", "accounts", "for", "share", "ſhare", "of",
                                           "the", "占", "GPU", "25%", "tokens", "Code", "maKe"]), max_size=8)


@settings(max_examples=600, deadline=None)
@given(SENTENCE_WORDS)
def test_share_gate_passes_every_sentence_the_pattern_reads(words: list[str]) -> None:
    from claimaudit.extract.relations_table_shares import _SHARE_WORDS, _may_share

    sentence = " ".join(words)
    if _SHARE_WORDS.search(sentence):
        assert _may_share(sentence)


def test_table_shares_and_gains_still_found() -> None:
    table = "| Source | Tokens |\n|---|---|\n| Web | 1.5T |\n| Code | 0.5T |\n| Total | 2.0T |\n\n"
    found = _found("Code makes up 25% of the tokens.\n\n" + table, "percent-of")
    assert [t for t, _ps in found] == ["25%"]
    # near miss: no share words, no relation
    assert _found("Code is 25% better.\n\n" + table, "percent-of") == []


CLAUSE_TEXT = st.text(alphabet=st.sampled_from(list("，,；;：:。！？!?ab 5中")), max_size=30)


@settings(max_examples=600, deadline=None)
@given(CLAUSE_TEXT, st.integers(0, 32), st.integers(0, 32))
def test_clause_as_the_pattern_found_it(text: str, s: int, at: int) -> None:
    from claimaudit.extract.relations_differences import _clause

    old = re.compile(r"[，,；;：:。！？!?]")
    k = max((m.end() for m in old.finditer(text, s, at)), default=s)
    assert _clause(text, s, at) == text[k:at]


GAP_TEXT = st.text(alphabet=st.sampled_from(list(" (（)）a-zA Z\n。.ofthan THAN higher每个each")), max_size=24)


@settings(max_examples=600, deadline=None)
@given(GAP_TEXT)
def test_factor_and_than_gates_are_necessary(gap: str) -> None:
    from claimaudit.extract.relations_differences import _D_THAN_B
    from claimaudit.extract.relations_prose import _BEFORE_FACTORS

    if _BEFORE_FACTORS.fullmatch(gap):
        assert gap.rstrip().endswith(("(", "（"))
    if _D_THAN_B.fullmatch(gap):
        assert "than" in gap.lower()


def test_products_and_differences_still_found() -> None:
    assert _found("共 4096 条（1024 个查询，每个 4 条回答）。", "product") == [("4096", ["1024", "4"])]
    assert _found("The Amazon, at 6,400 km, is 250 km shorter than the 6,650 km Nile.", "difference") == [
        ("250 km", ["6,400 km", "6,650 km"])]
    # near miss: no "than" after the difference, no difference read
    assert _found("The Amazon, at 6,400 km, is 250 km long and the Nile 6,650 km.", "difference") == []


_AFTER_DIGITS_CHARS = " \t\u3000%‰pPbBkKmMGTixX×-个個百倍基点點折万亿億千兆元以上左右多余+" \
    "lakhcrore thousandmillionbillionperc entagepointsabout"
AFTER_DIGITS = st.text(alphabet=st.sampled_from(list(_AFTER_DIGITS_CHARS)), max_size=14)


@settings(max_examples=1500, deadline=None)
@given(AFTER_DIGITS)
def test_scale_percent_and_qualifier_gates_as_the_patterns(after: str) -> None:
    from claimaudit.extract import number_affixes as n

    f = "25" + after
    got, want = n.scale_after(f, 2), n.MULT_RE.match(f, 2)
    assert (got and got.span()) == (want and want.span()), repr(after)
    got, want = n.percent_after(f, 2), n.PCT_RE.match(f, 2)
    assert (got and got.span()) == (want and want.span()), repr(after)
    if n._POST_QUALIFIER.match(f[2:2 + n._POST_WINDOW]):
        assert not n._POST_FIRST.isdisjoint(f[2:4]), repr(after)


def test_scales_and_percents_after_a_number() -> None:
    from claimaudit.extract.number_affixes import percent_after, scale_after

    for after, scale in [("K GPU", "K"), (" million", " million"), ("  万元", "  万"), ("-billion deal", "-billion"),
                         (" GPUs", None), ("%", None), (" lakh crore", " lakh crore")]:
        got = scale_after("25" + after, 2)
        assert (got.group(0) if got else None) == scale, after
    for after, pct in [("%", "%"), (" percent", " percent"), ("个百分点", "个百分点"), ("x faster", "x"), ("xyz", None),
                       (" bps", " bps"), (" GPUs", None), ("K", None), ("倍", "倍")]:
        got = percent_after("25" + after, 2)
        assert (got.group(0) if got else None) == pct, after


@settings(max_examples=600, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("contexSEQUENCEſsq上下文窗口序列 K4")), max_size=16))
def test_context_length_words_as_the_pattern(window: str) -> None:
    from claimaudit.extract.extractor import _CONTEXT_LENGTH, _names_a_length

    assert _names_a_length(window) == (_CONTEXT_LENGTH.search(window) is not None), repr(window)


@settings(max_examples=600, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("0123456789٣०²½a,")), max_size=4))
def test_one_or_two_digits_as_the_pattern(norm: str) -> None:
    assert (len(norm) <= 2 and norm.isdecimal()) == (re.fullmatch(r"\d{1,2}", norm) is not None)


@settings(max_examples=600, deadline=None)
@given(st.characters())
def test_cjk_range_test_as_the_pattern(ch: str) -> None:
    from claimaudit.extract.chinese_counts import CJK

    assert ("\u3400" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff") == (CJK.match(ch) is not None)


def test_temperature_words_and_their_units() -> None:
    from claimaudit.extract.unit_words import _temperature_word

    for text, want in [("°C", True), ("degrees Fahrenheit", True), ("℃", True), ("C", False), ("GPU hours", False),
                       ("deg C", True), ("F", False)]:
        assert _temperature_word(text) is want, text
    ms = extract_mentions(analyse("It reached 35 °C, ran 3 GPU hours, and a 128K context.\n", "t.md"), lang="en")
    want = [("35 °C", "Celsius_reading"), ("3 GPU hours", "GPU * hour")]
    assert [(m.printed, m.unit.canonical) for m in ms][:2] == want
    assert any("context lengths often mean 1024" in c for m in ms for c in m.candidates)


# -- the HTML and Markdown renderers' substitutions, skipped where they change nothing ------------------------
CELL_TEXT = st.text(alphabet=st.sampled_from(list(" \t\r\n\f\v\u00a0a5.*†‡§¶x")), max_size=10)


@settings(max_examples=1000, deadline=None)
@given(CELL_TEXT)
def test_collapse_spaces_and_drop_marker_as_the_patterns(text: str) -> None:
    from claimaudit.sources.load_html import _WS, MARKER, collapse_spaces, drop_marker

    assert collapse_spaces(text) == _WS.sub(" ", text)
    assert drop_marker(text) == MARKER.sub("", text)


def test_html_cells_keep_their_markers_dropped_and_spaces_collapsed() -> None:
    html = ('Intro.\n\n<table>\n<tr><th>Model</th><th>Score</th></tr>\n<tr><td>A</td><td>65.2<sup>+</sup></td></tr>\n'
            '<tr><td>B  C</td><td>852*</td></tr>\n<tr><td>D\tE</td><td>\n 7.5†\n</td></tr>\n</table>\n')
    doc = analyse(html, "t.md")
    cells = [(c.text, c.label) for row in doc.tables[0].rows for c in row]
    assert cells == [("A", "A"), ("65.2", "A"), ("B C", "B C"), ("852", "B C"), ("D E", "D E"), ("7.5", "D E")]
