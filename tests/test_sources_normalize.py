"""Normalisation for quote matching, its offset map, and the q-gram index built on it."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimaudit.sources.index import QGramIndex, align_in
from claimaudit.sources.normalize import NormText, fold, normalize


@pytest.mark.parametrize("a, b", [
    ("２，７８８Ｋ", "2,788K"),                                  # full-width digits and comma
    ("（约 56.9×）", "(约56.9×)"),                                # full-width parentheses, CJK spacing
    ("557.6 万美元", "557.6万美元"),                              # the handbook writes both
    ("“fire-Flyer”", '"fire-flyer"'),                            # curly quotes, case
    ("「数量级」", '"数量级"'),                                    # corner brackets as quotes
    ("1 − 59.5%", "1 - 59.5%"),                                  # minus sign
    ("8 節點 ✕ 8", "8節點×8"),                                    # multiplication signs
    ("e\u0301t\u00e9", "\u00e9te\u0301"),                       # precomposed vs combining accents
    ("ﬁne ﬂow", "fine flow"),                                    # ligatures
    ("soft\u00adhyphen", "softhyphen"),
    ("zero\u200bwidth", "zerowidth"),
    ("hyphen-\nation", "hyphenation"),                           # a word broken across lines
    ("| 合计 |  2,788K   | $5.576M |", "| 合计 | 2,788K | $5.576M |"),   # table padding
    ("line\r\nbreak\u3000here", "line break here"),
])
def test_equivalent_spellings_normalise_alike(a, b):
    assert normalize(a) == normalize(b)


@pytest.mark.parametrize("a, b", [
    ("557.6 万美元", "557.7 万美元"),
    ("2,788K", "2,789K"),
    ("PiB", "PB"),
    ("12-3", "123"),          # a hyphen between digits is not hyphenation
])
def test_different_words_stay_different(a, b):
    assert normalize(a) != normalize(b)


def test_fold_keeps_case_and_spaces():
    assert fold("２，７８８Ｋ GPU 小时") == "2,788K GPU 小时"


def _check_map(text: str, exact: bool = False) -> None:
    nt = NormText(text)
    assert nt.norm == normalize(text)
    for i, ch in enumerate(nt.norm):
        o = nt.to_orig(i)
        assert 0 <= o < len(text)
        # (or the hyphen of a word broken across lines, which the join removed: "-", "−", "–" …)
        assert ch in normalize(text[o]) or normalize(text[o]) == "-", (i, ch, text[o])
    # round trip of spans: the original slice normalises to the normalised slice
    for _ in range(20):
        if not nt.norm:
            break
        a = random.randrange(len(nt.norm))
        b = random.randrange(a, len(nt.norm)) + 1
        s, e = nt.span_to_orig(a, b)
        # A span may start or end inside a ligature (ﬁ → fi): then the original covers more.
        assert nt.norm[a:b] in normalize(text[s:e])
        if exact:
            assert normalize(text[s:e]) == nt.norm[a:b]


def test_offset_map_on_the_seed_like_text():
    text = ("| 阶段 | H800 卡时 | 金额 |\n|---|---|---|\n| 合计 | ２，７８８Ｋ | $5.576M |\n"
            "这张表可以自己验算：2,664K + 119K + 5K = 2,788K ✓；三个金额相加也是 557.6 万美元 ✓\n") * 40
    _check_map(text, exact=True)


_ALPHABET = st.sampled_from(list("ab AZ9,.-\n\t　（）２Ｋ万元“”ﬁ\u00ad\u0301é×−|"))


@settings(max_examples=150, deadline=None)
@given(st.lists(_ALPHABET, max_size=300).map("".join))
def test_offset_map_property(text):
    _check_map(text)


def test_long_line_without_newlines_is_split_into_blocks():
    text = "数" * 5000 + " 2,788K " + "字" * 5000
    nt = NormText(text)
    i = nt.norm.find("2,788k")
    s, e = nt.span_to_orig(i, i + 6)
    assert text[s:e] == "2,788K"


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="abc万元12", min_size=0, max_size=400), st.text(alphabet="abc万元12", min_size=1, max_size=20))
def test_index_finds_every_occurrence(text, needle):
    idx = QGramIndex(text)
    want = [i for i in range(len(text)) if text.startswith(needle, i)][:200]
    assert idx.find_all(needle) == want


def test_fuzzy_alignment_recovers_an_edited_passage_in_a_large_text():
    rnd = random.Random(7)
    common = (  # the most frequent Chinese characters, for a text that looks like prose
        "的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种"
        "面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本"
        "去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比"
        "或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总"
        "次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做"
        "必战先回则任取据处队南给色光门即保治北造百规热领七海口东导器压志世金增争济阶油思术极交受联什认六共权"
        "收证改清己美再采转更单风切打白教速花带安场身车例真务具万每目至达走积示议声报斗完类八离华名确才科张信"
        "马节话米整空元况今集温传土许步群广石记需段研界拉林律叫且究观越织装影算低持音众书布复容儿须际商非验连"
        "断深难近矿千周委素技备半办青省列习响约支般史感劳便团往酸历市克何除消构府称太准精值号率族维划选标写存"
        "候毛亲快效斯院查江型眼王按格养易置派层片始却专状育厂京识适属圆包火住调满县局照参红细引听该铁价严"
    )
    filler = "".join(rnd.choice(common)
               for _ in range(300_000))
    passage = "这张表可以自己验算：2,664K + 119K + 5K = 2,788K；三个金额相加也是 557.6 万美元"
    edited = passage.replace("557.6", "557.7").replace("这张表", "这一张表")
    text = filler[:150_000] + edited + filler[150_000:]
    nt = NormText(text)
    idx = QGramIndex(nt.norm)
    assert idx.find_all(normalize(passage)) == []
    a = idx.align(normalize(passage))
    assert a is not None and a.score > 90
    s, e = nt.span_to_orig(a.start, a.end)
    assert text[s:e] == edited


def test_align_in_trims_to_the_passage():
    text = "xxxxxxxxxx the source now says 557.7 万美元 here yyyyyyyyyy"
    a = align_in(normalize("now says 557.6 万美元"), normalize(text), 0, len(normalize(text)))
    assert a is not None
    assert normalize(text)[a.start:a.end] == normalize("now says 557.7 万美元")
    assert 90 < a.score < 100


@pytest.mark.parametrize("text", ["a-\na", "a−\na", "hyphen-\nation", "ab- \n  cd"])
def test_the_letters_after_a_word_broken_across_lines_map_to_themselves(text):
    """The join removes the hyphen and the line break; the letters after them map back to themselves,
    not to the hyphen (found by the property test below on "a−\\na")."""
    nt = NormText(text)
    assert "-" not in nt.norm and "−" not in nt.norm
    assert "".join(text[nt.to_orig(i)] for i in range(len(nt.norm))) == nt.norm
    _check_map(text, exact=True)
