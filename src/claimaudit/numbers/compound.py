"""Printed values in several parts: ``8 minutes 20 seconds``, ``1 h 30 min``, ``3天5小时``, ``5′11″``,
``3 dollars 50 cents``, ``五元三毛``, and ranges whose ends both carry the unit (``5 GB to 10 GB``).

Each is rewritten into one value the printed grammar reads (``500 seconds``, ``90 min``, ``77 小时``,
``71 inch``, ``3.50 USD``, ``5 to 10 GB``) and read by it; the result keeps the text as printed. The
sum is exact; it is expressed in the smallest unit printed (money: in the main unit), and it is
rounded only where a part has decimals (at the last part's decimal place). Parts must descend
(``20 seconds 8 minutes`` is not read) and belong to one family of units.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from ..errors import NumberSyntaxError
from . import chinese, vocabulary

if TYPE_CHECKING:
    from .printed import PrintedNumber

#: Families of units that are printed in parts: unit word -> (family, size in the family's base,
#: the text the sum is printed in).
_PARTS: dict[str, tuple[str, int, str]] = {}
for _words, _family, _size, _out in [
    ("d day days", "time", 86400, "day"), ("h hr hrs hour hours", "time", 3600, "hour"),
    ("min mins minute minutes", "time", 60, "minute"), ("s sec secs second seconds", "time", 1, "second"),
    ("天 日", "time", 86400, "天"), ("小时 小時 个小时 個小時", "time", 3600, "小时"),
    ("分钟 分鐘 分", "time", 60, "分钟"),
    ("秒", "time", 1, "秒"),
    # years and months (两年零三个月, 一岁零三个月, 2 years 3 months): months are a twelfth of a year
    # (not a number of days); 月 alone is a month's name (2024年3月 is a date), so only 个月 is a part
    ("年 岁 歲", "calendar", 12, "年"), ("个月 個月", "calendar", 1, "个月"),
    ("year years yr yrs", "calendar", 12, "year"), ("month months", "calendar", 1, "month"),
    ("ft foot feet ′ '", "imperial length", 12, "foot"), ("in inch inches ″ \"", "imperial length", 1, "inch"),
    ("lb lbs pound pounds", "imperial mass", 16, "lb"), ("oz ounce ounces", "imperial mass", 1, "oz"),
    ("dollar dollars", "USD", 100, "USD"), ("cent cents", "USD", 1, "USD"),
    ("元 圆 圓 块 塊", "CNY", 100, "CNY"), ("角 毛", "CNY", 10, "CNY"),
]:
    for _w in _words.split():
        _PARTS[_w] = (_family, _size, _out)
del _words, _family, _size, _out, _w

#: Money is summed in its main unit; the other families in their smallest printed unit.
_MONEY = {"USD", "CNY"}
#: A part's number: digits, or a Chinese numeral (the financial forms too: 壹佰捌拾壹圆柒角).
_NUM = r"(?:\d+(?:\.\d+)?|[" + "".join(sorted({*chinese.DIGITS, *chinese.SMALL_UNITS, *chinese.BIG_UNITS})) + "]+)"
_UNIT = "|".join(re.escape(w) for w in sorted(_PARTS, key=len, reverse=True))
#: Parts are joined by nothing, "and", a comma, or 零 / 又 (两年零三个月, 三小时零五分, 一年又两个月).
_PART = re.compile(rf"\s*({_NUM})\s*({_UNIT})(?![A-Za-z])\s*(?:and\s+|,\s*|[零又]\s*)?", re.IGNORECASE)
#: Years of a calendar (2020年三个月内): a date before a span, no duration of 2020 years.
_YEAR_NUMBER = 1000
_RANGE_BOTH = re.compile(r"^(?P<a>.*?[\d%])\s*(?P<u>[^\d\s%][^\d]*?)\s*(?P<sep>to|-|–|—|~|至|到)\s*"
                         r"(?P<b>[-+]?[$€£¥]?[\d.,]+)\s*(?P=u)\s*$")


#: A Chinese currency's name before parts in yuan and jiao: the parts are that currency's (元 is also the
#: dollar of Hong Kong and Taiwan); other parts after a name are not read here.
_CURRENCY_NAME_FIRST = re.compile("(" + "|".join(sorted(vocabulary.NAMES_BEFORE_BARE_AMOUNT, key=len, reverse=True))
                                  + r")\s?")


def _value(text: str) -> tuple[Fraction, int]:
    """(value, decimals) of one part's number."""
    if text[0].isdigit():
        whole, _, frac = text.partition(".")
        return Fraction(int(whole + frac), 10 ** len(frac)), len(frac)
    return chinese.parse_chinese_numeral(text), 0


def _decimal(value: Fraction, places: int) -> str:
    scaled = value * 10**places
    if scaled.denominator != 1:
        return ""
    digits = str(abs(scaled.numerator)).rjust(places + 1, "0")
    return digits if not places else f"{digits[:-places]}.{digits[-places:]}"


def read_parts(text: str, parse: Callable[..., PrintedNumber], **options: object) -> PrintedNumber | None:
    """The value of ``text`` if it is printed in parts (``1 h 30 min``), else None.

    ``parse`` is the printed grammar's own reader (so both share one set of rules).
    """
    s = text.strip()
    # 人民币壹万贰仟叁佰肆拾伍元陆角柒分, 港币5元3角: the currency named before yuan and jiao (see _money_name)
    name = _CURRENCY_NAME_FIRST.match(s) if len(s) <= 200 else None
    start = name.end() if name else 0
    if len(s) > 200 or not _PART.match(s, start):
        return None
    parts: list[tuple[Fraction, int, str, int, str]] = []
    pos = start
    while pos < len(s):
        m = _PART.match(s, pos)
        if m is None or m.end() == pos:
            return None
        unit = m.group(2).lower() if m.group(2).isascii() else m.group(2)
        family, size, out = _PARTS[unit] if unit in _PARTS else _PARTS[m.group(2)]
        if unit == "分" and parts and parts[-1][2] == "CNY":
            family, size, out = "CNY", 1, "CNY"      # 五元三角二分: 分 after 元 or 角 is the fen (a cent)
        if name and family == "CNY":
            out = vocabulary.CHINESE_CURRENCY_NAMES[name.group(1)]
        try:
            value, decimals = _value(m.group(1))
        except (ValueError, NumberSyntaxError):
            return None
        parts.append((value, decimals, family, size, out))
        pos = m.end()
    return _sum(text, parts, parse, options) if len(parts) >= 2 else None


def read_unit_range(text: str, parse: Callable[..., PrintedNumber], **options: object) -> PrintedNumber | None:
    """``5 GB to 10 GB``, ``44 mg – 50 mg``: a range whose ends both print the same unit, else None."""
    s = text.strip()
    m = _RANGE_BOTH.match(s) if len(s) <= 200 else None
    if m is None or m.group("u").startswith(("-", "–")):
        return None
    try:
        read = parse(f"{m.group('a')} {m.group('sep')} {m.group('b')} {m.group('u')}", **options)
    except (ValueError, NumberSyntaxError):
        return None
    return replace(read, text=text) if read.is_range else None


def _sum(text: str, parts: list[tuple[Fraction, int, str, int, str]], parse: Callable[..., PrintedNumber],
         options: dict[str, object]) -> PrintedNumber | None:
    families = {p[2] for p in parts}
    sizes = [p[3] for p in parts]
    if len(families) != 1 or any(a <= b for a, b in itertools.pairwise(sizes)):
        return None
    if any(p[1] for p in parts[:-1]):
        return None                     # "1.5 h 30 min": only the last part may have decimals
    family = parts[0][2]
    if family == "calendar" and parts[0][3] == 12 and parts[0][0] >= _YEAR_NUMBER:
        return None
    total = sum((p[0] * p[3] for p in parts), Fraction(0))
    last_decimals = parts[-1][1]
    if family in _MONEY:
        main = max(sizes)
        places = last_decimals + len(str(main)) - 1
        number, unit = _decimal(total / main, places), parts[0][4]
    else:
        number, unit = _decimal(total / sizes[-1], last_decimals), parts[-1][4]
    if not number:
        return None
    exact = not last_decimals and options.get("rounding", "auto") == "auto"
    try:
        rounding = "exact" if exact else options.get("rounding", "auto")
        read = parse(f"{number} {unit}", **{**options, "rounding": rounding})
    except (ValueError, NumberSyntaxError):
        return None
    return replace(read, text=text)
