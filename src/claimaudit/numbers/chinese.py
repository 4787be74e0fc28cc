"""Chinese numerals: ``两千零四十八``, ``三千五百万``, ``十五``, ``零点五``, ``壹仟贰佰``.

Used by :mod:`claimaudit.numbers.printed`; exact arithmetic only (Fraction).

Grammar read here (a numeral is the longest run of numeral characters):

* digits ``〇 零 一 二 两 三 … 九`` plus the financial forms ``壹 贰 叁 肆 伍 陆 柒 捌 玖`` and the
  traditional ``兩 貳 參 陸``; small units ``十 百 千`` (``拾 佰 仟``); big units ``万 亿``
  (``萬 億``), which nest (``万亿`` = 10^12, ``一亿五千万``); ``廿 卅 卌`` = 20, 30, 40.
* ``十`` may stand without a digit (``十五``, ``一百十一``); ``百``/``千`` may not (``百十一`` is
  an error, as in cn2an's strict mode).
* ``零`` marks skipped places (``一百零五``); no elision happens after it.
* Colloquial elision: a final digit straight after a unit of 100 or more means one place lower
  (``三万五`` = 35000, ``两千六`` = 2600, ``一百二`` = 120).
* A run of plain digits with no unit is read digit by digit (``一七二零`` = 1720, ``二〇〇二``).
* Decimals: ``点`` + digits (``零点零一``), optionally followed by units (``三点五万``).
* ``兆`` is 10^12 inside a numeral that goes on below it (``五十五兆一十二亿``, as written in
  Taiwan and Japan) and before a currency (``15兆元``, ``三兆美元``, ``一千兆日元``: a trillion); at
  the end of a numeral it is left alone elsewhere (``兆瓦`` is a megawatt, ``100兆宽带`` megabits). ``万万`` is
  ``亿`` (``四万万``, ``一万万分之七``).
* ``百``/``千``/``万`` directly followed by ``分`` end the numeral (``百分点``, ``千分之``), and
  ``两`` right after a digit ends it (``三两`` is three *liang*).
* ``千`` before a metric unit (``米 克 瓦 …``) where it cannot be a place is the unit's prefix:
  ``五十千米`` is 50 km, ``一万千瓦`` 10 000 kW (``三千米`` stays 3000 m, the same length).
* Colloquial: ``百三`` = 130 and ``千五`` = 1500 (a place with one elided digit and no 一 before it);
  ``零百`` = ``零一百`` (cn2an); ``亿亿`` = 10^16 like ``万万`` = 10^8; ``俩`` (two of) alone is 2.
* A point after a big unit or an elided digit goes on with decimals: ``两千万点五`` = 20 000 000.5,
  ``一千六点五`` = 1600.5. ``两`` is no decimal digit: ``两百点两`` reads ``两百`` and stops.
* Approximations by two neighbouring digits (:func:`scan_approximate`): ``八九`` 8–9, ``三四十``
  30–40, ``十七八`` 17–18, ``两三百`` 200–300, ``三五`` 3–5, ``五六万`` 5万–6万.

Precision: a numeral ending in ``万``/``亿`` is reported as *mantissa × multiplier*, exactly as if
written with Arabic digits (``三千五百万`` ≡ ``3500万``, ``两亿`` ≡ ``2亿``), and so is an elided one
(``三万五`` ≡ ``3.5万``). Everything else is a plain number (``二十`` ≡ ``20``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from ..errors import NumberSyntaxError
from .limits import MAX_DIGITS
from .vocabulary import CHINESE_CURRENCY_NAMES, CURRENCY_CODES, YUAN_WORDS

DIGITS: dict[str, int] = {
    "〇": 0, "零": 0,
    "一": 1, "壹": 1,
    "二": 2, "两": 2, "兩": 2, "贰": 2, "貳": 2,
    "三": 3, "叁": 3, "參": 3,
    "四": 4, "肆": 4,
    "五": 5, "伍": 5,
    "六": 6, "陆": 6, "陸": 6,
    "七": 7, "柒": 7,
    "八": 8, "捌": 8,
    "九": 9, "玖": 9,
    "俩": 2, "倆": 2,      # 两个 in one character: a numeral alone (俩人), never inside one (see _run_end)
    "仨": 3,               # 三个 in one character, as 俩 is 两个 (他们仨, 仨人)
}
SMALL_UNITS: dict[str, int] = {"十": 10, "拾": 10, "百": 100, "佰": 100, "千": 1000, "仟": 1000}
BIG_UNITS: dict[str, int] = {"万": 10**4, "萬": 10**4, "亿": 10**8, "億": 10**8}
#: 廿 卅 卌 are contractions of 二十, 三十, 四十.
TENS: dict[str, int] = {"廿": 20, "卅": 30, "卌": 40}
POINTS = "点點"
NEGATIVE = "负負"
_LIANG = "两兩"
#: Characters that make 千 a metric prefix after Arabic digits (千米 km, 千克 kg, 千瓦 kW, 千字节 kB …).
_SI_AFTER_QIAN = frozenset("米克瓦焦帕赫伏卡字")
#: … and after a Chinese numeral (not 卡 or 字: 三千卡 are 3000 GPU cards, 三千字 3000 characters).
_SI_AFTER_NUMERAL_QIAN = frozenset("米克瓦焦帕赫伏")
_PAIR = "俩倆仨"   # numerals that hold their measure word: alone, never part of a longer numeral
_ZERO = "〇零"
_UNITS = {**SMALL_UNITS, **BIG_UNITS}
#: 兆 as a numeral's place (10^12): only where more of the numeral follows it (see the module doc).
ZHAO = "兆"
#: What makes a final 兆 a trillion: the currency after it (兆元, 兆美元, 兆日圓).
#: (and a currency's code: extraction hands the grammar 五兆 JPY for 五兆日圓)
_MONEY_AFTER_ZHAO = tuple(sorted({*YUAN_WORDS, *CHINESE_CURRENCY_NAMES}, key=len, reverse=True))
_CODE_AFTER_ZHAO = re.compile(r" ?(?:" + "|".join(CURRENCY_CODES) + r")(?![A-Za-z])")


def zhao_before_money(text: str, i: int) -> bool:
    """兆 at ``text[i]`` stands before a currency: the trillion (10^12), not the metric mega."""
    return text.startswith(ZHAO, i) and (text.startswith(_MONEY_AFTER_ZHAO, i + 1)
                                         or _CODE_AFTER_ZHAO.match(text, i + 1) is not None)
_WAN = "万萬"
_YI = "亿億"


@dataclass(frozen=True)
class ChineseNumeral:
    """An unsigned Chinese numeral found in a text.

    ``value == mantissa * scale``. ``multiplier`` is the trailing big unit (``"万"``, ``"亿"``,
    ``"万亿"``) or the unit an elided digit hangs on (``"千"`` in ``两千六``), "" for a plain number.
    ``decimals`` counts written (or elided) digits after the point of the mantissa.
    """

    mantissa: Fraction
    decimals: int
    multiplier: str
    scale: int
    start: int
    end: int

    @property
    def value(self) -> Fraction:
        return self.mantissa * self.scale


def is_numeral_start(text: str, pos: int) -> bool:
    """True when a Chinese numeral can start at ``text[pos]`` (a digit, 十/拾, or 廿/卅/卌)."""
    if pos >= len(text):
        return False
    c = text[pos]
    return c in DIGITS or c in TENS or c in "十拾" or _elided_place_start(text, pos)


def _elided_place_start(text: str, pos: int) -> bool:
    """百三 = 130, 千五 = 1500: 百/千 with no digit before it and one elided digit after it, which ends
    the numeral (百分, 千万, 百十一 and 千两 are no such numeral)."""
    if text[pos] not in "百佰千仟" or pos + 1 >= len(text):
        return False
    d = text[pos + 1]
    if d not in DIGITS or d in _ZERO or d in _LIANG or d in _PAIR:
        return False
    after = text[pos + 2:pos + 3]
    return not (after and (after in DIGITS or after in _UNITS or after in TENS or after in POINTS
                           or after == ZHAO or after == "分"))


def scan_multiplier(text: str, pos: int) -> tuple[str, int, int] | None:
    """Chinese multiplier characters after Arabic digits (``557.6万``, ``14.8万亿``, ``3千万``).

    Returns ``(as written, scale, end)`` or None. Values must increase (``百万``, ``千万``,
    ``万亿``); ``百分``/``千分`` and metric ``千米``/``千克``/``千瓦`` are left alone.
    """
    i, scale, last, n = pos, 1, 0, len(text)
    if zhao_before_money(text, pos):
        return text[pos], 10**12, pos + 1      # 15兆元, 2.5兆美元
    while i < n and text[i] in _UNITS:
        c = text[i]
        nxt = text[i + 1] if i + 1 < n else ""
        if nxt == "分" and c in "百佰千仟万萬" and (text.startswith("之", i + 2) or (
                c in "百佰" and text[i + 2:i + 3] in ("点", "點", "比", "率"))):
            break          # 千分之三, 百分点: a share; 5万分 (50,000 points) keeps its 万
        if c in "千仟" and nxt in _SI_AFTER_QIAN:
            break
        v = _UNITS[c]
        if c in _WAN and last == 10**4 and text[i - 1] in _WAN:
            v = 10**4      # 万万 = 亿: the second 万 multiplies the first
        elif c in _YI and last == 10**8 and text[i - 1] in _YI:
            v = 10**8      # 亿亿 = 10^16
        elif v <= last:
            break
        scale *= v
        last = v
        i += 1
    if i == pos:
        return None
    return text[pos:i], scale, i


def _zhao_is_place(text: str, i: int) -> bool:
    """兆 at ``text[i]`` is 10^12: a numeral stands before it and a numeral with 万 or 亿 after it."""
    if text[i - 1] not in DIGITS and text[i - 1] not in _UNITS and text[i - 1] not in TENS:
        return False
    if zhao_before_money(text, i):
        return True      # 三兆美元, 一千兆日元
    j, n = i + 1, len(text)
    while j < n and j - i <= 24 and (text[j] in DIGITS or text[j] in _UNITS or text[j] in TENS):
        if text[j] in BIG_UNITS:
            return True
        j += 1
    return False


def _run_end(text: str, pos: int) -> int:
    """End of the run of numeral characters starting at ``pos``."""
    i, n = pos, len(text)
    while i < n:
        c = text[i]
        if c == ZHAO:
            if i > pos and _zhao_is_place(text, i):
                i += 1     # 五十五兆一十二亿: 兆 is a place here
                continue
            break
        if not (c in DIGITS or c in _UNITS or c in TENS):
            break
        nxt = text[i + 1] if i + 1 < n else ""
        if nxt == "分" and c in "百佰千仟万萬":
            break
        if i == pos and (c in BIG_UNITS or c in "百佰千仟") and not _elided_place_start(text, pos):
            break
        if c in _PAIR:
            return i + 1 if i == pos else i     # 俩 stands alone: 俩人, never 三十俩
        if c in "千仟" and nxt in _SI_AFTER_NUMERAL_QIAN and i > pos and (
                text[i - 1] not in DIGITS or text[i - 1] in _ZERO):
            break      # 五十千米, 一万千瓦: 千 is the unit's prefix (千 cannot follow 十 or 万 as a place)
        # 两 after a digit is the weight unit (三两), not part of the number.
        if i > pos and c in _LIANG and text[i - 1] in DIGITS and DIGITS[text[i - 1]] != 0:
            break
        i += 1
    return i


def _digit_sequence(text: str, start: int, end: int) -> int:
    # One int() of the digit string: linear, where value * 10 + d per digit is quadratic.
    for i in range(start, end):
        if text[i] in _LIANG:
            raise NumberSyntaxError(f"'{text[i]}' cannot be part of a digit-by-digit numeral", column=i)
    return int("".join(str(DIGITS[text[i]]) for i in range(start, end)))


def _check_digit_count(text: str, start: int, end: int) -> None:
    """Every digit counts toward the limit, Chinese ones too (refused before any value is built)."""
    if end - start > MAX_DIGITS and sum(1 for i in range(start, end) if text[i] in DIGITS) > MAX_DIGITS:
        raise NumberSyntaxError(f"number has more than {MAX_DIGITS} digits", column=start)


def numeral_run_end(text: str, pos: int) -> int:
    """End of the run of numeral characters at ``pos`` (where a scanner resumes after a bad numeral)."""
    return _run_end(text, pos)


def _structured(text: str, start: int, end: int) -> tuple[int, str, int, bool]:
    """Read 十/百/千/万/亿 numerals. Returns (value, multiplier, scale, elided)."""
    groups: list[tuple[int, int]] = []   # (value, unit) of completed 万/亿 groups, descending units
    section = 0                          # the part below 万 being built
    last_small = 0                       # last small unit in this section (they must descend)
    pending: int | None = None           # a digit waiting for its unit
    after_zero = False
    prev_unit = 0                        # effective value of the unit char just before, 0 if none
    prev_unit_text = ""
    skip = -1
    for i in range(start, end):
        if i == skip:
            continue
        c = text[i]
        if c in DIGITS:
            d = DIGITS[c]
            if pending is not None:
                raise NumberSyntaxError(f"two digits in a row in the Chinese numeral at '{c}'", column=i)
            if d == 0:
                after_zero, prev_unit, prev_unit_text = True, 0, ""
                continue
            pending = d
            continue
        if c in TENS:
            if pending is not None or (last_small and last_small <= 10):
                raise NumberSyntaxError(f"'{c}' out of place in the Chinese numeral", column=i)
            section += TENS[c]
            last_small, after_zero, prev_unit, prev_unit_text = 10, False, 0, ""
            continue
        if c in SMALL_UNITS:
            u = SMALL_UNITS[c]
            if pending is None:
                if u != 10 and not (u in (100, 1000) and (after_zero or i == start)):
                    raise NumberSyntaxError(f"'{c}' needs a digit before it", column=i)
                pending = 1      # 十五; 一万零百一十一 (零百 = 零一百); 百三 (see _elided_place_start)
            if last_small and u >= last_small:
                raise NumberSyntaxError(f"units out of order at '{c}' in the Chinese numeral", column=i)
            section += pending * u
            pending, last_small, after_zero = None, u, False
            prev_unit, prev_unit_text = u, c
            continue
        # big unit
        b = 10**12 if c == ZHAO else BIG_UNITS[c]
        if c in _WAN and i + 1 < end and text[i + 1] in _WAN:
            b, skip = 10**8, i + 1     # 四万万 = 四亿
            c = text[i:i + 2]
        elif c in _YI and i + 1 < end and text[i + 1] in _YI:
            b, skip = 10**16, i + 1    # 一亿亿 = 10^16
            c = text[i:i + 2]
        # Digits written right before this unit (两万五千亿: 五千) make it the numeral's last place: 25000亿,
        # as 六十万 is 60万; a unit right after another (三万亿) is one compound unit, 3万亿.
        written = section > 0 or pending is not None
        if pending is not None:
            section += pending
            pending = None
        absorbed = [g for g in groups if g[1] < b]
        remaining = [g for g in groups if g[1] >= b]
        if section == 0 and not absorbed:
            raise NumberSyntaxError(f"'{c}' needs a number before it", column=i)
        unit = b * max((g[1] for g in absorbed), default=1)
        if any(g[1] <= unit for g in remaining):
            raise NumberSyntaxError(f"units out of order at '{c}' in the Chinese numeral", column=i)
        groups = remaining + [((section + sum(g[0] for g in absorbed)) * b, unit)]
        section, last_small, after_zero = 0, 0, False
        prev_unit_text = prev_unit_text + c if prev_unit_text and prev_unit_text[-1] in BIG_UNITS else c
        if c == ZHAO:
            # 兆 ends a numeral only before a currency (一兆元 ≡ 1兆元, a multiplier like 两亿); inside
            # one it is a place (see _run_end)
            prev_unit_text = ZHAO if i == end - 1 else ""
        prev_unit = b if written else unit
    total = sum(g[0] for g in groups) + section
    last = text[end - 1]
    if pending is not None:
        if last in DIGITS and prev_unit >= 100 and not after_zero and text[end - 2] in _UNITS:
            # 三万五 = 3.5万: the digit sits one place below the unit before it.
            total += pending * (prev_unit // 10)
            return total, prev_unit_text, prev_unit, True
        total += pending
        return total, "", 1, False
    if last in BIG_UNITS or last == ZHAO:
        return total, prev_unit_text, prev_unit, False
    return total, "", 1, False


def scan_chinese_numeral(text: str, pos: int = 0) -> ChineseNumeral | None:
    """Read the Chinese numeral starting at ``text[pos]`` (no sign); None if there is none.

    Raises :class:`NumberSyntaxError` (column = offset in ``text``) for a malformed numeral.
    """
    if not is_numeral_start(text, pos):
        return None
    end = _run_end(text, pos)
    if end == pos:
        return None
    _check_digit_count(text, pos, end)
    run = text[pos:end]
    if not any(c in _UNITS or c in TENS or c == ZHAO for c in run) and len(run) >= 2:
        value, multiplier, scale, elided = _digit_sequence(text, pos, end), "", 1, False
    else:
        value, multiplier, scale, elided = _structured(text, pos, end)
    n = len(text)
    j = end + 1
    if end < n and text[end] in POINTS:
        while j < n and text[j] in DIGITS and text[j] not in _LIANG and text[j] not in _PAIR:
            j += 1
        if j < n and text[j] in _LIANG:
            j = end + 1    # 两百点两: 两 is no decimal digit; the numeral ends before the point
    point = j > end + 1
    if elided and not point:
        return ChineseNumeral(Fraction(value, scale), 1, multiplier, scale, pos, end)
    if multiplier and not point:
        return ChineseNumeral(Fraction(value, scale), 0, multiplier, scale, pos, end)
    mantissa, decimals = Fraction(value), 0
    if point:
        # 零点五; 两千万点五五四四 and 一千六点五 go on below the units place (RT's reading)
        multiplier = ""
        _check_digit_count(text, pos, j)
        decimals = j - end - 1
        frac = int("".join(str(DIGITS[c]) for c in text[end + 1:j]))
        mantissa += Fraction(frac, 10**decimals)
        end = j
        mult = scan_multiplier(text, end)
        if mult is not None:
            return ChineseNumeral(mantissa, decimals, mult[0], mult[1], pos, mult[2])
    return ChineseNumeral(mantissa, decimals, "", 1, pos, end)


_APPROX_DIGIT = {"一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
#: What ends an approximation's reading: a month or day (五六月 is May–June), a clock hour (八九点),
#: a decade (七八十年代) — names and times, not amounts.
_APPROX_NOT_BEFORE = frozenset("月日号號点點时時")
#: After 十四五 / 十三五: the five-year plan's name.
_PLAN_WORDS = ("规划", "規劃", "计划", "計劃", "期间", "期間", "时期", "時期", "末", "初", "以来", "開局", "开局",
               "收官")
_CLOSING_QUOTES = frozenset("\"”’」』》")
#: 一两 is "one or two" only before a measure or time word (一两个, 一两天); 一两黄金 is a *liang*.
_ONE_OR_TWO_BEFORE = frozenset("个個天年次周週回位名家条條件本张張台臺句步月遍种種")


def scan_approximate(text: str, pos: int) -> tuple[int, str] | None:
    """(end, range as digits) of an approximation by two neighbouring digits at ``text[pos]``, or None;
    (end, "") where the pair names months, days, hours or decades (五六月, 八九点, 七八十年代: no amount).

    ``八九`` -> "8-9", ``三四十`` -> "30-40", ``十七八`` -> "17-18", ``二十七八万`` -> "27-28万",
    ``两三百`` -> "200-300", ``三五`` -> "3-5", ``一两`` (before 个/天/年 …) -> "1-2". Read digit by
    digit (89) or as its last part (40) such a numeral would be a wrong value. The second digit is
    the first plus one (or 三五); ``一二`` (略知一二) and longer digit runs (一九八九, years) are no
    approximation, nor what stands before a month, a day or a clock hour.
    """
    n, i, prefix = len(text), pos, 0
    if text[i:i + 1] in "十拾":
        prefix, i = 10, i + 1
    elif i + 1 < n and text[i] in _APPROX_DIGIT and text[i + 1] in "十拾" and text[i] not in "两兩":
        prefix, i = 10 * _APPROX_DIGIT[text[i]], i + 2
    if i + 1 >= n or text[i] not in _APPROX_DIGIT or text[i + 1] not in _APPROX_DIGIT:
        return None
    a, b = _APPROX_DIGIT[text[i]], _APPROX_DIGIT[text[i + 1]]
    if (a, b) == (3, 2) and text[i + 1] in "两兩" and not prefix:
        # 三两天, 三两个: "two or three" before a measure or time word (三两酒 is three liang)
        return (i + 2, "2-3") if text[i + 2:i + 3] in _ONE_OR_TWO_BEFORE else None
    if not (b == a + 1 or ((a, b) == (3, 5) and not prefix)) or ((a, b) == (1, 2) and text[i + 1] not in "两兩"
                                                                  and text[i + 2:i + 3] not in SMALL_UNITS):
        return None      # 一二十 is ten to twenty; 一二 alone (略知一二) is no amount
    j = i + 2
    place = 1
    if not prefix and j < n and text[j] in SMALL_UNITS and not (j + 1 < n and text[j + 1] == "分"):
        place, j = SMALL_UNITS[text[j]], j + 1
    if j < n and (text[j] in DIGITS or text[j] in SMALL_UNITS or text[j] in TENS):
        return None      # more numeral follows (一二三, 三四十五): not this form
    big = ""
    if j < n and text[j] in BIG_UNITS and not (j + 1 < n and text[j + 1] == "分"):
        mult = scan_multiplier(text, j)
        if mult is None:
            return None
        big, j = mult[0], mult[2]
    nxt = text[j:j + 1]
    quoted = j + 1 if nxt in _CLOSING_QUOTES else j      # “十四五”期间: the plan's name in quotes
    if nxt in _APPROX_NOT_BEFORE or text.startswith("年代", j) or (prefix and text.startswith(_PLAN_WORDS, quoted)):
        return j, ""     # 十四五规划: the 14th five-year plan, not 14–15
    if a == 1 and not big and place == 1 and nxt not in _ONE_OR_TWO_BEFORE:
        return None
    return j, f"{prefix + a * place}-{prefix + b * place}{big}"


#: Digits with Chinese places between them: ``5万4千6百`` (54 600), ``2千零30万`` (20 300 000),
#: ``3亿5千万``, ``1千零1``. parse_printed reads one number per value, so the value is spelt out.
MIXED_RUN = re.compile(r"(?<![\d.,])\d{1,4}\s?(?:[千百十]?[万萬亿億]|[千百十])"
                        r"(?:\s?零?\s?\d{1,4}\s?(?:[千百十]?[万萬亿億]|[千百十])?){1,7}")   # bounded: linear time
_MIXED_PART = re.compile(r"\s?(零?)\s?(\d{1,4})\s?([千百十]?)([万萬亿億]?)")


def mixed_value(run: str) -> str | None:
    """The value of a run of digits and Chinese places, written as parse_printed reads it with the
    precision printed (``5万4千`` -> ``5.4万``: to the thousand), or None where the places are out
    of order (a digit above 9 before 千/百/十, 千 after 百, digits after the units place)."""
    groups: list[tuple[int, int]] = []      # (value, scale) of the parts under 万 / 亿 so far
    section, last_small, ended = 0, 10**9, False
    places: list[int] = []                  # the place of the last digit of each part
    section_places: list[int] = []
    top, last_place = 1, 1                  # last_place: the place of the part before (3千5: 1000)
    for m in _MIXED_PART.finditer(run):
        if ended:
            return None
        n, small, big = int(m.group(2)), m.group(3), m.group(4)
        if not small and not big and not m.group(1) and len(m.group(2)) == 1 and last_place >= 100:
            # 3千5 = 3500, 3万5 = 35000: one digit after a place stands one place lower (as in 三千五)
            section_places.append(last_place // 10)
            section, ended = section + n * (last_place // 10), True
            continue
        last_place = BIG_UNITS[big] if big else SMALL_UNITS[small] if small else 1
        if small:
            u = SMALL_UNITS[small]
            if n > 9 or u >= last_small:
                return None
            section, last_small = section + n * u, u
            section_places.append(u)
            n = 0
        if big:
            b = BIG_UNITS[big]
            below = sum(v for v, g in groups if g < b)
            groups = [(v, g) for v, g in groups if g >= b] + [((below + section + n) * b, b)]
            # the parts below b are now counted in b (126万0582亿: the 126万 are 126万亿)
            places = [p * b if p < b else p for p in places] + [p * b for p in section_places + ([1] if n else [])]
            section, last_small, section_places, top = 0, 10**9, [], max(top, b)
        elif not small:
            section += n
            section_places.append(1)
            ended = True          # bare digits are the units place: nothing may follow
    value = sum(v for v, _ in groups) + section
    place = min(places + section_places)
    if top == 1 or place >= top:
        return str(value // top) + ("" if top == 1 else "万" if top == 10**4 else "亿")
    decimals = len(str(top // place)) - 1
    return f"{Decimal(value) / Decimal(top):.{decimals}f}" + ("万" if top == 10**4 else "亿")


def read_mixed(text: str, pos: int) -> tuple[Fraction, int, str, int, int] | None:
    """(mantissa, decimals, multiplier, scale, end) of digits with Chinese places at ``text[pos]``
    (``1万600``, ``5万4千``, ``3千5``), as :func:`mixed_value` spells them, or None where no such run
    (of two parts or more) starts there."""
    m = MIXED_RUN.match(text, pos)
    norm = mixed_value(m.group(0)) if m is not None else None
    if m is None or norm is None:
        return None
    mult = norm[-1] if norm[-1] in BIG_UNITS else ""
    digits = norm[:-1] if mult else norm
    whole, _, frac = digits.partition(".")
    return (Fraction(int(whole + frac), 10 ** len(frac)), len(frac), mult, BIG_UNITS.get(mult, 1), m.end())


def parse_chinese_numeral(text: str) -> Fraction:
    """The exact value of a whole string that is one numeral.

    Accepts a sign (``负``/``-``), pure Chinese numerals and Arabic digits with Chinese
    multipliers (``10.1万``, ``-16.4亿``). Raises :class:`NumberSyntaxError` otherwise.
    """
    s = text.strip()
    offset = len(text) - len(text.lstrip())
    if not s:
        raise NumberSyntaxError("empty Chinese numeral", column=0)
    pos, sign = 0, 1
    if s[0] in NEGATIVE or s[0] == "-":
        pos, sign = 1, -1
    if pos < len(s) and s[pos] in "0123456789":
        j = pos
        while j < len(s) and s[j] in "0123456789":
            j += 1
        digits, decimals = s[pos:j], 0
        if j + 1 < len(s) and s[j] == "." and s[j + 1] in "0123456789":
            k = j + 1
            while k < len(s) and s[k] in "0123456789":
                k += 1
            decimals = k - j - 1
            digits += s[j + 1:k]
            j = k
        if len(digits) > MAX_DIGITS:
            raise NumberSyntaxError(f"number has more than {MAX_DIGITS} digits", column=offset + pos)
        value = Fraction(int(digits), 10**decimals)
        mult = scan_multiplier(s, j)
        if mult is not None:
            value *= mult[1]
            j = mult[2]
        end = j
    else:
        num = scan_chinese_numeral(s, pos)
        if num is None:
            raise NumberSyntaxError(f"not a Chinese numeral: {text!r}", column=offset + pos)
        value, end = num.value, num.end
    if end != len(s):
        raise NumberSyntaxError(f"unexpected {s[end]!r} in Chinese numeral {text!r}", column=offset + end)
    return sign * value
