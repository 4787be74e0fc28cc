"""The fast path's wider shapes read exactly as the full grammar reads them.

The fast path (numbers/printed.py) also takes words attached to the number or its multiplier
("557.6万美元", "229KB", "5个") and plain ranges ("12.1-14.9%", "1.2-1.5M", "5-35"). Whatever it
accepts must equal the full grammar's reading, under every rounding policy and both kilo settings;
a text the full grammar refuses must not be accepted. Checked on the combinations below and on
random texts built by hypothesis from the characters that steer the grammar.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claimaudit.errors import NumberSyntaxError
from claimaudit.numbers import vocabulary
from claimaudit.numbers.printed import ROUNDING_POLICIES, _fast, _full, parse_printed

NUMBERS = ["0", "12", "12.5", "1,234", "2,788.50"]
MULTS = ["", "K", "k", "M", "B", "T", "万", "亿", "萬"]
SIGNS = ["", "%", "×", "倍", "x", "X"]
#: Words attached to the number (no space): units, currencies, measure words, Chinese words that are
#: digits or steer the grammar (成 折 多 余 分之 千), letters that could be multipliers or exponents.
ATTACHED = ["美元", "元", "人民币", "欧元", "亿美元", "GB", "KB", "kg", "m", "b", "bn", "mm", "Ki", "KiB",
            "thousand", "million", "e", "E", "s", "h", "st", "xy", "x faster", "年", "个", "个月", "天",
            "小时", "多", "余", "成", "折", "分之三", "分之", "千瓦", "千米", "百分点", "个百分点", "+", ".", ",",
            "-token", "-fold", "fold", "′", "″", "°C", "$", "/s", "/GPU-hour", "％", "‰", "pp", "半", "万",
            "多万", "左右", "以上", "以内", "余万", " GPU-hours", " 天", " per GPU-hour", " 美元"]
HEADS = ["", "$", "US$", "¥", "€", "-", "+", "~", "约 ", "约", "over ", "超过", "不到", "between ",
         "from ", "打", *vocabulary.CURRENCY_PREFIXES]


def _full_or_error(text: str, kilo: int, rounding: str) -> object:
    try:
        return _full(text, kilo, rounding)
    except NumberSyntaxError as exc:
        return ("error", exc.column)


def _agree(text: str) -> int:
    accepted = 0
    for kilo, rounding in itertools.product((1000, 1024), ROUNDING_POLICIES):
        fast = _fast(text, kilo, rounding)
        if fast is not None:
            accepted += 1
            assert fast == _full_or_error(text, kilo, rounding), (text, kilo, rounding)
    return accepted


def test_attached_words_read_as_the_full_grammar() -> None:
    texts = {f"{h}{n}{m}{w}" for h in HEADS for n in ("12.5", "1,234") for m in ("", "K", "万") for w in ATTACHED}
    texts |= {f"{n}{m}{s}{w}" for n in NUMBERS for m in MULTS for s in ("", "%", "x") for w in ATTACHED}
    accepted = sum(_agree(t) for t in sorted(texts))
    assert accepted > len(texts)       # many take the fast path (else this tests nothing)


def test_ranges_read_as_the_full_grammar() -> None:
    ends = ["0", "5", "12.1", "14.9", "1.50", "1,000"]
    texts = {f"{h}{a}-{b}{m}{s}{t}" for h in ("", "$", "约 ", "over ", "from ", "-") for a in ends for b in ends
             for m in ("", "K", "M", "万") for s in ("", "%", "x") for t in ("", " GPU-hours", "美元", " to 7")}
    accepted = sum(_agree(t) for t in sorted(texts))
    assert accepted > len(texts)


@pytest.mark.parametrize("text", ["557.6万美元", "12.1-14.9%", "1.2-1.5M", "5-35", "229KB", "5个", "$5-10M",
                                  "约 12.5-13%", "2,000-3,000 GPU-hours"])
def test_wider_shapes_take_the_fast_path(text: str) -> None:
    fast = _fast(text, 1000, "auto")
    assert fast is not None
    assert fast == _full(text, 1000, "auto")
    assert parse_printed(text) == fast


def test_a_range_is_read_at_its_ends() -> None:
    p = _fast("12.1-14.9%", 1000, "auto")
    assert p is not None and p.is_range and p.unit == "percent"
    assert (str(p.interval.lo), str(p.interval.hi)) == ("241/20", "299/20")   # 12.05 and 14.95
    assert p.ends is not None and (str(p.ends[0]), str(p.ends[1])) == ("121/10", "149/10")
    assert str(p.nominal) == "27/2" and str(p.step) == "1/10"


#: Characters that steer the grammar: digits, separators, signs, multipliers, kinds, CJK numerals.
_ALPHABET = "0123456789.,-+ %×xX倍KkMBTGibmn万萬亿億千百十两成折多余分之个美元$¥€约~≈>< e^/′a"


@settings(max_examples=600, deadline=None)
@given(st.text(alphabet=_ALPHABET, min_size=1, max_size=14))
def test_random_printed_texts_agree(text: str) -> None:
    _agree(text)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(HEADS), st.integers(0, 10**9), st.integers(0, 4), st.sampled_from(MULTS),
       st.sampled_from(SIGNS), st.sampled_from(["", *ATTACHED]), st.integers(0, 10**6), st.booleans())
def test_random_numbers_of_the_fast_shapes_agree(head: str, n: int, dec: int, mult: str, sign: str, tail: str,
                                                 n2: int, is_range: bool) -> None:
    digits = str(n)
    number = f"{digits[:-dec]}.{digits[-dec:]}" if dec and len(digits) > dec else digits
    if is_range:
        number += f"-{n2 / 10:g}"
    _agree(f"{head}{number}{mult}{sign}{tail}")


@pytest.mark.parametrize(("text", "nominal", "unit"), [
    ("5万分", 50_000, "分"), ("0万分", 0, "分"), ("1.5万分", 15_000, "分"),     # 万 scales the points
    ("3百分点", 3, "percentage_point"),                                         # 百分点 stays one word
])
def test_a_scale_before_fen_scales_unless_a_share_follows(text: str, nominal: int, unit: str) -> None:
    # Found by the random texts above: the full grammar read 5万分 as 5 of a unit 万分 where the
    # fast path read 50,000 分; 万分/千分 end the number only before 之 (万分之三 is a share).
    p = parse_printed(text)
    assert (p.nominal, p.unit) == (nominal, unit)
    _agree(text)
