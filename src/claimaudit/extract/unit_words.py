"""The unit words after a number: tokens up to punctuation or another number, the longest run the
unit registry reads (:func:`best_unit`), English spellings it refuses rewritten into its grammar
(:func:`respell`), a unit taken from a table's column header. Registry look-ups are memoised
(:func:`unit_or_none`): the same words are tried again and again."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..errors import InputError
from ..numbers import vocabulary
from ..numbers.scan import fold
from ..units.registry import UnitInfo, resolve_unit
from .chinese_counts import CJK, COUNT_STOP

MEASURE_WORDS = set("个张条台块位名项次份套家篇道款颗枚支部件")
_MODEL = re.compile(r"[A-Z]{1,4}\d{2,4}[A-Za-z]?$")
#: A form factor printed between a count and a GPU model ("1 万 PCIe A100").
_FORM_FACTOR = {"PCIe", "SXM", "SXM4", "SXM5", "NVL", "OAM"}
_GPU_MODEL = re.compile(r"(?:[AHBLV]|GB|MI|RTX|TPU)\d{2,4}[A-Za-z]?$")
COUNT_NOUN = re.compile(r"\s*(?:parameters?|params?|tokens?|GPUs?|nodes?|users?|requests?|words?|images?|"
                         r"samples?|sequences?|steps?|documents?|pages?|people|dollars?|参数|个?参数|token)", re.I)
#: Units that count things: the only ones read past Chinese adjectives ("14.8T 高质量多语 tokens").
_COUNT_DIMS = {"[token]", "[gpu]", "[parameter]", "[node]", "[request]", "[sequence]", "[step]", "[ssd]", "[layer]"}
_ASCII_WORD = re.compile(r"[A-Za-zµμΩ°℃℉][A-Za-z0-9_µμ]*(?:\^[+\-]?\d+|[²³¹⁻]+|[-−][123](?![\d.]))?")
_STOP_UNIT = {"and", "or", "to", "of", "in", "the", "a", "an", "at", "on", "for", "with", "by", "from", "is",
              "are", "was", "were", "vs", "than", "as", "into", "per", "unit", "units",
              # pronouns the registry reads as prefixed units ("age of 30 he left": no hecto-charge)
              "he", "me",
              # a verb the registry reads as a plural ("the team of 12 has won", "24 layers has": no hectares)
              "has"}
#: "in" is the inch only where a length reading ends: "2 in.", "2 1/2 in thick" (not "2 in 1979").
_INCH_AFTER = re.compile(r"in(?:\.?\s*$|\.?(?=[,;)])|\.\s+[A-Z]|(?=\s+(?:x|×|by)\s+\d)"
                         r"|\s+(?:thick|thin|long|wide|tall|high|deep|across|diameter|"
                         r"in diameter|of rain|of snow)\b)")
_MAX_UNIT_TOKENS = 7
#: "year on year", "month-on-month", "year over year": the period a change compares, never a unit.
_PERIOD_WORDS = {"year", "month", "quarter", "week", "day"}
_PERIOD_ON_PERIOD = re.compile(r"(year|month|quarter|week|day)(?:\s+|-)(?:(?:on|over)(?:\s+|-)\1|to(?:\s+|-)date)"
                               r"(?![A-Za-z])", re.I)   # and "up 40% year to date"
#: Unit names that are mostly common nouns: after another unit and a space they are the noun the
#: measure describes ("a 90 degree turn"), never the second factor of a product.
_NOUN_AFTER_UNIT = {"turn", "turns", "pole", "poles", "rod", "rods", "stone", "line", "lines", "hand", "mark", "block",
                    "chain", "link", "league", "span", "knot", "nail", "cord", "drop", "perch", "fathom", "grain",
                    "bar", "point", "shot", "shots", "cup", "sheet", "ream", "bolt", "barrel"}
#: Single characters that are units in claims but mostly other words in prose (时 "when", 分 "part").
CJK_AMBIGUOUS = {"时", "分", "日"}
#: Words that start with a unit character but are no units (元素 element, 时间 time, 周期 period).
_CJK_NOT_UNIT = ("元素", "元数据", "时间", "时代", "时刻", "时候", "分布", "分片", "分组", "分离", "分析", "周期",
                 "日志", "步骤", "天然", "年代", "卡顿", "秒级", "节点数", "元组", "天花板", "年度", "小时级",
                 # 周 after a number is a week (三周, 两周后) except in these words (三周年 is an anniversary)
                 "周年", "周围", "周边", "周刊", "周报", "周末",
                 # 升, 克, 米 start verbs and nouns too (升级 upgrade, 克服 overcome, 米饭 rice)
                 "升级", "升值", "升温", "升高", "升至", "克服", "克隆", "米饭")


@dataclass(slots=True)     # not frozen: built for every word after a number, and a frozen init costs
class UnitTok:       # three times as much (never changed once built)
    start: int
    end: int
    text: str
    kind: str    # word | cjk | op | model | space


_UNIT_CACHE: dict[str, UnitInfo | None] = {}


def unit_or_none(text: str) -> UnitInfo | None:
    """resolve_unit, remembering refusals too (refused strings are tried again and again)."""
    if text in _UNIT_CACHE:
        return _UNIT_CACHE[text]
    try:
        info: UnitInfo | None = resolve_unit(text)
    except InputError:
        info = None
    except Exception:   # noqa: BLE001 - a registry bug must not stop extraction
        info = None
    if len(_UNIT_CACHE) < 100_000:
        _UNIT_CACHE[text] = info
    return info


def _word_starts(words: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """Each proper beginning of the words (元 of 元素, 元 and 元数 of 元数据) and the words it begins."""
    out: dict[str, list[str]] = {}
    for w in words:
        for k in range(1, len(w)):
            out.setdefault(w[:k], []).append(w)
    return {k: tuple(v) for k, v in out.items()}


_NOT_UNIT_STARTS = _word_starts(_CJK_NOT_UNIT)
_NOT_UNIT_LONGEST = max(map(len, _CJK_NOT_UNIT))


def _splits_word(f: str, unit_text: str, end: int) -> bool:
    """True when the unit's last characters begin a longer word (元 in 元素, 时 in 时间): only the
    words that the unit's last 1, 2 … characters begin are tried."""
    for k in range(1, min(len(unit_text), _NOT_UNIT_LONGEST - 1) + 1):
        for w in _NOT_UNIT_STARTS.get(unit_text[-k:], ()):
            if f.startswith(w, end - k) and not f.startswith(_SPLIT_AGAIN.get(w, "\0"), end - k):
                return True
    return False


#: A not-unit word that is itself split by the next word: 元组成 is 元 + 组成 (yuan, then "made up of"),
#: not 元组 (tuple) + 成.
_SPLIT_AGAIN = {"元组": "元组成"}


def is_unit(text: str) -> bool:
    return unit_or_none(text) is not None


_CN_NUMERALS = frozenset("〇零一二三四五六七八九十百千万两")
_SQUARE_CUBIC = re.compile(r"(square|sq\.?|cubic|cu\.?)(?:\s+|-|(?<=\.))(\S.*)", re.I)   # "a 3,000-square-foot home"
#: What may follow "sq." or "cu.": the unit it squares or cubes ("sq. ft", "sq.m").
_ABBREVIATED_SIDE = re.compile(r" ?[a-zA-Z]")
_SQUARE_CUBIC_AFTER = re.compile(r"(per|/)\s*(square|sq\.?|cubic|cu\.?)\s+([A-Za-z]+)", re.I)
_SQUARED_CUBED = re.compile(r"(.*\S)\s+(squared|cubed)", re.I)
#: Temperature readings: the registry refuses offset units (degC), so a printed reading gets the
#: registry's explicit reading units, which never convert (units/definitions.txt).
#: The scales' names as printed, with the misspellings common in web text (celcius, centigrate,
#: farenheit, fahrenhiet, farenhiet): one list for the unit reader and for falsepos.
CELSIUS_NAMES = ("celsius", "celcius", "centigrade", "centigrate")
FAHRENHEIT_NAMES = ("fahrenheit", "farenheit", "fahrenhiet", "farenhiet")
_TEMPERATURE = re.compile(r"(?:(?:degrees?|deg\.?)\s*|°\s?)?"
                          r"(?:(C|" + "|".join(CELSIUS_NAMES) + r")|(F|" + "|".join(FAHRENHEIT_NAMES) + r"))|(℃)|(℉)",
                          re.I)
#: A sentence about the weather or heat: a glued C or F there is a temperature ("reach 35C").
TEMPERATURE_CONTEXT = re.compile(r"temperat|\bdegrees?\b|\bheat|\bwarm|\bhot(?:ter|test)?\b|\bcold|\bcool|"
                                 r"\bhighs? of|\blows? of|thermomet|forecast|weather|heatwave|\bfreez|\bboil|°", re.I)
#: A sentence about prices, where a glued "c" is cents ("a stamp costs 50c"; falsepos and best_unit).
CENT_CONTEXT = re.compile(r"[$€]|\bcents?\b|dollars?|\beuros?\b|\bshares?\b|price|\bcosts?\b|stamp|\bfares?\b|"
                          r"\bpaid\b|\bpay|\btax|gallon|litre|\bcoins?\b|\bcheap", re.I)
#: The scale's full name is a temperature even without "degrees" ("40 celsius"); C and F alone are not.
_TEMPERATURE_NAME = re.compile(r"(?:" + "|".join(CELSIUS_NAMES + FAHRENHEIT_NAMES) + ")", re.I)
#: Chinese unit words the registry does not hold, read in running text: ages, temperature scales and
#: the metric and imperial measures of news and reports (公里, 千克, 平方米, 千瓦时 …), and 斤 (the
#: mainland jin, noted). 度 (a degree, a kilowatt-hour or a temperature), 两 (also "two") and 码 are
#: left out: ambiguous, or no unit the registry holds.
_CJK_RESPELL = {"岁": "year", "周岁": "year", "歲": "year", "週歲": "year", "摄氏度": "Celsius_reading",
                "攝氏度": "Celsius_reading", "华氏度": "Fahrenheit_reading", "華氏度": "Fahrenheit_reading",
                **dict.fromkeys(("米", "公尺"), "m"), **dict.fromkeys(("公里", "千米", "公裡"), "km"),
                "厘米": "cm", "公分": "cm", "釐米": "cm", "毫米": "mm", "分米": "dm", "微米": "um", "纳米": "nm",
                "納米": "nm", "英里": "mi", "英尺": "ft", "英寸": "inch", "海里": "nmi",
                "克": "g", **dict.fromkeys(("千克", "公斤"), "kg"), "毫克": "mg",
                **dict.fromkeys(("吨", "噸", "公吨"), "t"), "磅": "lb", "盎司": "oz",
                **dict.fromkeys(("平方米", "平米", "平方公尺"), "m^2"),
                **dict.fromkeys(("平方公里", "平方千米"), "km^2"),
                "平方厘米": "cm^2", **dict.fromkeys(("平方英尺", "平方英呎", "平方呎"), "ft^2"), "平方英里": "mi^2",
                "公顷": "ha", "公頃": "ha",
                # chip areas, volumes, land, data and the Taiwanese and Hong Kong spellings (英吋, 英呎)
                "平方毫米": "mm^2", "平方分米": "dm^2", "平方英寸": "in^2", "立方厘米": "cm^3",
                **dict.fromkeys(("立方千米", "立方公里"), "km^3"), "立方英尺": "ft^3",
                **dict.fromkeys(("英亩", "英畝"), "acre"), **dict.fromkeys(("公亩", "公畝"), "are"),
                **dict.fromkeys(("英吋", "吋"), "inch"), "英呎": "ft", "公噸": "t", "公克": "g", "微克": "ug",
                "纳秒": "ns", "納秒": "ns", "克拉": "carat",
                "吉字节": "GB", "太字节": "TB", "拍字节": "PB",
                "亩": "Chinese_mu", "畝": "Chinese_mu", **dict.fromkeys(("斤", "市斤"), "Chinese_jin"),
                # 十打苹果: dozens (参数 stays a counted noun: relations_near reads it after the count)
                "打": "dozen",
                "立方米": "m^3", **dict.fromkeys(("升", "公升"), "L"), "毫升": "mL",
                "瓦": "W", "瓦特": "W", "瓦时": "Wh", "瓦時": "Wh",
                "千瓦": "kW", "兆瓦": "MW", "吉瓦": "GW", "千瓦时": "kWh", "千瓦時": "kWh",
                "兆瓦时": "MWh", "兆瓦時": "MWh", "伏": "V", "伏特": "V", "毫安": "mA", "毫安时": "mAh",
                "千伏": "kV", "毫伏": "mV", "安培": "A", "千安": "kA", "牛顿": "N", "牛頓": "N",
                **dict.fromkeys(("牛·米", "牛米", "牛顿米", "牛·m"), "N*m"), "千帕": "kPa", "兆帕": "MPa",
                **dict.fromkeys(("毫米汞柱", "毫米水银柱"), "mmHg"),
                "焦耳": "J", "千焦": "kJ", "卡路里": "cal", "千卡": "kcal", "大卡": "kcal",
                "赫兹": "Hz", "千赫": "kHz", "兆赫": "MHz", "吉赫": "GHz", "千字节": "kB", "兆字节": "MB",
                # 1200 万像素, 180 万像素: a count of pixels (the scale word is the number's)
                "像素": "pixel",
                "公里每小时": "km/h", "公里/小时": "km/h", "千米每小时": "km/h",
                # 三块钱: 块 alone is a measure word (三块蛋糕); with 钱 it is the yuan
                "块钱": "CNY", "塊錢": "CNY"}
#: English unit words of news and recipes that the registry misreads or lacks, read first: "kilos"
#: (kilograms, not kilo-seconds), "fl oz" (no femtolitre-ounce), "light years" (two words), "kmph",
#: and spoken money ("50 quid"; "5 bucks" only about money: best_unit).
_EN_RESPELL = {**dict.fromkeys(("kilo", "kilos"), "kg"),
               **dict.fromkeys(("fl oz", "fl. oz", "fl. oz.", "fl oz.", "fluid ounce", "fluid ounces"), "floz"),
               **dict.fromkeys(("light year", "light years", "light-year", "light-years"), "light_year"),
               **dict.fromkeys(("kmph", "kmh", "km/hr", "kms/hr"), "km/h"),
               "bpd": "oil_barrel/day", "sqft": "ft^2", "sqm": "m^2", "quid": "GBP"}
#: Recipe abbreviations printed with a capital (the registry's names are lower case): "2 Tbsp. of butter".
_CAPITAL_RESPELL = {"Tbsp": "tbsp", "Tbs": "tbsp", "Tsp": "tsp"}
_SPOKEN_MONEY = re.compile(r"\bcosts?\b|\bcosting\b|\bpa(?:y|id|ys)\b|\bowe|\bprice|\bworth\b|\bspen[dt]|\bcharg|"
                           r"\bearn|\bmake|\bmade\b|\bbet\b|\bsav(?:e|ed|ing)|\bfees?\b|\bcheap|\bbucks? a\b|"
                           r"\btip|\bsell|\bsold\b|\bbuy|\bbought\b", re.I)
#: "won" is the Korean currency after a scale word or in a sentence about Korea (elsewhere the verb).
_SCALE_BEFORE = re.compile(r"(?:thousand|million|billion|trillion|\d[bmt]n?)\s$", re.I)
_KOREA = re.compile(r"Korea|Seoul|Busan|Samsung|Hyundai|\bKia\b|\bKRW\b|\bKOSPI\b")
#: Currency words after an amount (5港元, 3美金, 两美刀, 5 Canadian dollars), from the one vocabulary
#: of currencies; the registry reads the codes.
_CJK_CURRENCIES = {w: code for w, code in vocabulary.CURRENCY_SUFFIXES.items() if CJK.match(w[0])}
#: ("won" alone stays unread: after a number it is mostly the verb.)
_WORD_CURRENCIES = {w: code for w, code in vocabulary.CURRENCY_SUFFIXES.items()
                    if " " in w or (w.isascii() and w.isalpha() and w.islower() and w != "won")}
#: Currency words that name more than one currency: the reading taken, named.
_CURRENCY_NOTES = {"franc": "francs read as Swiss francs (CHF); other francs (CFA, French) are not CHF",
                   "francs": "francs read as Swiss francs (CHF); other francs (CFA, French) are not CHF"}
#: Single letters that are units in pint but mostly names or forms in prose (13F, F-Series, 11c, 14.7C/).
_LETTER_NOT_UNIT = {"C", "F", "c", "f"}
#: Abbreviations of "dozen" (a count; the registry reads "doz" as a deci-ounce, which nobody writes).
_DOZEN_ABBREVIATIONS = frozenset({"doz", "dozs", "dz", "dzs", "Doz", "Dz"})
#: Megapixels as cameras print them (the registry reads MP as megapoise, Mpx as mega CSS pixels).
_MEGAPIXEL_ABBREVIATIONS = frozenset({"MP", "Mpx", "MPx", "MPix", "Mpix"})
# words naming what a mass is of, inside a rate ("kg CO2e per kWh", "g CO2 per km"): no unit of their own
_SUBSTANCES = frozenset({"CO2", "CO2e", "CO2eq"})
_TIMES_PER = re.compile(r"times?\s+(?:per|/)\s*(\S.*)", re.I)
_GLUED_EXP = re.compile(r"(?<=[A-Za-z])(?:([23])|[-−]([123]))(?![\d^])")
#: Dimensions an exponent written without ^ (km2, m3, s-1) may apply to; nobody writes bytes squared.
_PLAIN_EXP_DIMS = {"[length]", "[time]", "[mass]"}
#: Integrated luminosity (fb−1, pb-1): the inverse barn. The registry reads "fb" as the femtobit
#: (barn lost its symbol b to the bit), so these are spelt out.
_INVERSE_BARN = re.compile(r"([fpan])b(?:\^|)[-−]1")
_BARN_PREFIX = {"f": "femto", "p": "pico", "a": "atto", "n": "nano"}


@lru_cache(maxsize=16384)
def _respell(text: str) -> tuple[str, UnitInfo | None] | None:
    """English spellings the registry refuses, rewritten into its grammar, with the unit read
    (None where the registry refuses the rewritten spelling too).

    ``square kilometers`` / ``sq mi`` / ``km squared`` -> ``(…)^2``, ``cubic`` / ``cubed`` -> ``^3``,
    ``km2`` / ``km/s2`` -> ``km^2`` / ``km/s^2``, ``s-1`` / ``fb−1`` -> ``s^-1``, ``times per week`` ->
    ``1/week``. The registry keeps refusing these itself (its grammar stays strict); extraction
    only reads them in running text.
    """
    alt = None
    b = _INVERSE_BARN.fullmatch(text)
    if b:
        alt = f"{_BARN_PREFIX[b.group(1)]}barn^-1"
        return alt, unit_or_none(alt)
    if text in _WORD_CURRENCIES:
        info = unit_or_none(_WORD_CURRENCIES[text])
        return (_WORD_CURRENCIES[text], info) if info is not None else None
    if text in _CJK_RESPELL or text in _CJK_CURRENCIES:
        alt = _CJK_RESPELL.get(text) or _CJK_CURRENCIES[text]
        info = unit_or_none(alt)
        return (alt, info) if info is not None else None
    if "/" in text and CJK.match(text[0]):
        # 瓦时/公斤: Wh/kg; 米/秒, 千米/小时: a unit the registry reads itself (秒, 小时) may stand in it
        parts = [_CJK_RESPELL.get(x) or _CJK_CURRENCIES.get(x) or (x if x and unit_or_none(x) is not None else None)
                 for x in text.split("/")]
        if all(parts) and len(parts) == 2:
            alt = f"{parts[0]}/{parts[1]}"
            info = unit_or_none(alt)
            return (alt, info) if info is not None else None
    t = _TEMPERATURE.fullmatch(text)
    if t and (text[0] in "°℃℉" or text[:3].lower() == "deg" or _TEMPERATURE_NAME.fullmatch(text)):
        # never a bare C or F (coulomb, farad)
        alt = "Celsius_reading" if t.group(1) or t.group(3) else "Fahrenheit_reading"
        return alt, unit_or_none(alt)
    m = _SQUARE_CUBIC.fullmatch(text)
    if m:
        alt = f"({m.group(2)})^{2 if m.group(1)[:2].lower() in ('sq', 'sq.') else 3}"
    m = _SQUARE_CUBIC_AFTER.search(text) if alt is None else None
    if m:    # "per sq m", "USD per square foot": the square or cube after the division
        alt = _SQUARE_CUBIC_AFTER.sub(
            lambda g: f"{g.group(1)} {g.group(3)}^{3 if g.group(2)[:2].lower() == 'cu' else 2}", text)
    m = _SQUARED_CUBED.fullmatch(text) if alt is None else None
    if m:
        alt = f"({m.group(1)})^{2 if m.group(2).lower() == 'squared' else 3}"
    m = _TIMES_PER.fullmatch(text) if alt is None else None
    if m:
        alt = f"per {m.group(1)}"
    if alt is None and _GLUED_EXP.search(text):
        alt = _GLUED_EXP.sub(lambda g: "^" + (g.group(1) or "-" + g.group(2)), text)
        info = unit_or_none(alt)
        if info is None or not info.dims.items or any(d not in _PLAIN_EXP_DIMS for d, _ in info.dims.items):
            return None
        return alt, info
    if alt is None:
        return None
    info = unit_or_none(alt)
    return (alt, info) if info is not None else None


def unit_name(text: str) -> str | None:
    """The registry's spelling of a unit word (公斤 -> kg, km -> km), or None when it is no unit."""
    if unit_or_none(text) is not None:
        return text
    alt = _respell(text)
    return alt[0] if alt is not None else None


def unit_tokens(f: str, pos: int, limit: int) -> list[UnitTok]:
    """Words after a number that could be its unit, up to punctuation or another number."""
    toks: list[UnitTok] = []
    i, n = pos, min(len(f), limit)
    adjective = i < n - 1 and f[i] == "-" and f[i + 1].isalpha() and f[i + 1].isascii()
    if adjective:
        i += 1       # a hyphenated adjective: "a 27-kilometer ring", "a two-year period", "8-bit"
    while i < n and len(toks) < _MAX_UNIT_TOKENS:
        if adjective and toks and f[i] in " \t":
            break    # the noun after it is no part of the unit ("a 10-foot pole" is no foot·rod)
        ch = f[i]
        if ch == " " or ch == "\t":
            j = i
            while j < n and f[j] in " \t":
                j += 1
            if j - i > 2 or (not toks and j - i > 1):
                break
            i = j
            continue
        if "\u3400" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff":      # CJK.match(ch), without the call
            if ch in "的和与或及为是在从到至把被比而且等、，。；：":
                break
            toks.append(UnitTok(i, i + 1, ch, "cjk"))
            i += 1
            continue
        m = _ASCII_WORD.match(f, i)
        if m and m.group(0).lower() in _PERIOD_WORDS and _PERIOD_ON_PERIOD.match(f, i):
            break        # "rose 7% year on year": the comparison, no per-year rate
        if m:
            w = m.group(0)
            if w.lower() in _STOP_UNIT and w.lower() != "per" \
                    and not (w == "in" and not toks and _INCH_AFTER.match(f, i)):
                break
            kind = "model" if _MODEL.match(w) else "word"
            end = m.end()
            if w.lower() in ("sq", "cu") and f.startswith(".", end) and _ABBREVIATED_SIDE.match(f, end + 1):
                w, end = w + ".", end + 1     # "850 sq. ft.", "80 sq.m": the abbreviation's dot
            toks.append(UnitTok(i, end, w, kind))
            i = end
            continue
        if ch in "/·*-$€£¥":
            if ch == "-" and not (toks and i + 1 < n and f[i + 1].isalpha()):
                break
            toks.append(UnitTok(i, i + 1, ch, "op"))
            i += 1
            continue
        break
    return toks


def best_unit(f: str, toks: list[UnitTok]) -> tuple[str, int, int, UnitInfo] | None:
    """The longest run of tokens (from the first) that the registry reads as a unit."""
    if toks and toks[0].text in ("MT", "GT"):
        return None      # "6400 MT/s" (transfers), "5,000 MT of wheat" (metric tons): never megateslas
    # no run holding a model name ("H800") is a unit: runs longer than the first one's index are out
    first_model = next((i for i, t in enumerate(toks) if t.kind == "model"), len(toks))
    for k in range(len(toks), 0, -1):
        last = toks[k - 1]
        if (last.kind == "op" and not (k == 1 and last.text in "$€£¥")) or last.text.lower() in ("per",) \
                or last.text == "每":
            continue
        if k > first_model:
            continue
        if k == 1 and last.text.lower() in ("shot", "shots") and f[last.start - 1] == "-":
            continue     # "5-shot", "zero-shot": examples in a prompt, not pint's shot (a jigger)
        if k > 1 and last.text == "l" and f[last.start - 1] in " \t":
            continue     # a lone "l" after a space is a letter ("45 Js l"); litre products write "/l"
        if k > 1 and last.text.lower() in _NOUN_AFTER_UNIT and f[last.start - 1] in " \t":
            continue     # "a 90 degree turn", "a 10 foot pole": the noun the unit describes, no product
        if k > 1 and last.text.lower() in _STOP_UNIT:
            continue     # "24 layers has", "5 GPUs in": a product ends in a unit, not in a verb or a preposition
        text = f[toks[0].start:last.end]
        if (text.lower() in _STOP_UNIT and not (text == "in" and _INCH_AFTER.match(f, toks[0].start))) \
                or text in CJK_AMBIGUOUS or text in _CJK_NOT_UNIT:
            continue
        if CJK.match(text[-1]) and _splits_word(f, text, last.end):
            continue
        if text == "打" and (f[last.end:last.end + 1] in _CN_NUMERALS or f[last.end:last.end + 1].isdigit()):
            continue     # 三打一: three against one, no dozen
        if text == "p" and k == 1 and f[last.start - 1:last.start].isdigit():
            info = unit_or_none("pence")     # "50p" (the falsepos rules let it through in a money sentence)
            if info is not None:
                return "pence", last.start, last.end, info
        if text in ("C", "F") and k == 1 and f[last.start - 1:last.start].isdigit() \
                and not f[last.end:last.end + 1].isalnum() and TEMPERATURE_CONTEXT.search(f, max(0, last.start - 60),
                                                                                         last.end + 40):
            scale = "Celsius_reading" if text == "C" else "Fahrenheit_reading"    # "will reach 35C on Friday"
            info = unit_or_none(scale)
            if info is not None:
                return scale, toks[0].start, last.end, info
        if text == "c" and k == 1 and f[last.start - 1:last.start].isdigit() \
                and not f[last.end:last.end + 1].isalnum() \
                and CENT_CONTEXT.search(f, max(0, last.start - 60), last.end + 40) \
                and not TEMPERATURE_CONTEXT.search(f, max(0, last.start - 60), last.end + 40):
            info = unit_or_none("cent")     # "50c" (falsepos lets it through in a sentence about prices)
            if info is not None:
                return "cent", last.start, last.end, info
        if text in _LETTER_NOT_UNIT and (f[last.start - 1:last.start].isdigit() or f.startswith("-", last.end)):
            continue     # glued (13F, 14.7C, 11c) or a name's first part (F-Series); "5 F capacitor" is farads
        if text == "won" and k == 1 and (_SCALE_BEFORE.search(f, max(0, toks[0].start - 12), toks[0].start)
                                         or _KOREA.search(f, max(0, toks[0].start - 120), toks[0].end + 120)):
            info = unit_or_none("KRW")     # "30 million won", "a 1,500 won fare in Seoul" (no verb after a scale)
            if info is not None:
                return "KRW", toks[0].start, last.end, info
        if text == "bucks" and k == 1 and _SPOKEN_MONEY.search(f, max(0, toks[0].start - 60), toks[0].end + 40):
            info = unit_or_none("USD")     # "he owes 5 bucks" (hunters shoot bucks too)
            if info is not None:
                return "USD", toks[0].start, last.end, info
        if k > 2 and any(t.text in _SUBSTANCES for t in toks[1:k - 1]):
            # "0.21 kg CO2e per kWh": the substance a mass counts stands inside the rate; the unit is kg/kWh
            text = " ".join(t.text for t in toks[:k] if t.text not in _SUBSTANCES)
        if text in _DOZEN_ABBREVIATIONS:
            text = "dozen"       # "3 dzs", "five doz. eggs": the registry would read a deci-ounce
        elif text in _MEGAPIXEL_ABBREVIATIONS:
            text = "megapixel"   # "a 12MP camera", "48 MP": the registry would read megapoise
        elif text.lower() in _EN_RESPELL and text[0].islower():
            text = _EN_RESPELL[text.lower()]
        elif text in _CAPITAL_RESPELL:
            text = _CAPITAL_RESPELL[text]
        info = unit_or_none(text) if not _temperature_word(text) else None
        if info is None and (not CJK.search(text) or text in _CJK_RESPELL or text in _CJK_CURRENCIES
                             or "/" in text):
            alt = _respell(text)
            if alt is not None:
                text, info = alt
        if info is not None and len(info.dims.items) == 1 and info.dims.items[0][0] in _COUNT_DIMS and info.factor < 1:
            continue     # "one player" is no pico-layer: a count has no fractional prefix
        if info is not None and info.canonical not in ("×",) and "constant" not in info.canonical:
            return text, toks[0].start, last.end, info
    return None



@lru_cache(maxsize=4096)
def _temperature_word(text: str) -> bool:
    """A temperature's words ("°C", "degrees Fahrenheit"), left to the readings of temperature; cached (every
    run of words after a number is asked, and a document repeats its units)."""
    return bool(_TEMPERATURE.fullmatch(text) and (text[0] in "°℃℉dD" or _TEMPERATURE_NAME.fullmatch(text)))


def unit_after(f: str, tok_kind: str, pos: int, limit: int,
               candidates: list[str]) -> tuple[tuple[str, int, int, UnitInfo] | None, int]:
    """(unit text, start, end, info) of the unit words after ``pos`` (or None) and where they end."""
    toks = unit_tokens(f, pos, limit)
    lead_skip = 0
    # A measure word (张, 个) and a model name (H800) before the unit are kept in the quote only.
    while lead_skip < len(toks) and lead_skip < 3 and (toks[lead_skip].kind == "model" or (
            toks[lead_skip].kind == "cjk" and toks[lead_skip].text in MEASURE_WORDS) or (
            toks[lead_skip].text in _FORM_FACTOR and lead_skip + 1 < len(toks)
            and toks[lead_skip + 1].kind == "model")):
        if toks[lead_skip].kind == "model" and _GPU_MODEL.match(toks[lead_skip].text):
            candidates.append("GPU")
        lead_skip += 1
    unit = best_unit(f, toks) if toks and toks[0].kind != "model" else None
    if unit is None and lead_skip:
        unit = best_unit(f, toks[lead_skip:])
    if unit is None and toks and toks[0].kind == "cjk" and tok_kind == "digits":
        unit = _count_unit_after_words(f, toks, candidates)
    if unit is None and len(toks) >= 2 and toks[0].kind == "word" and toks[0].text.lower() in _EN_MODIFIERS:
        # "16.1M output tokens per hour", "2T training tokens": one modifier before a count unit
        got = best_unit(f, toks[1:])
        if got is not None and any(d in _MODIFIED_DIMS and e > 0 for d, e in got[3].dims.items):
            unit = got
            candidates.append(f"unit {f[got[1]:got[2]]!r} read past the word {toks[0].text!r}")
    if unit is not None and "GPU" in candidates and unit[3].dims.describe() != "dimensionless":
        candidates.remove("GPU")
    if unit is None and "GPU" in candidates:
        # "2048 张 H800": a GPU model name counts GPUs; the reading is kept visible as a note.
        model = next(t for t in toks[:lead_skip] if t.kind == "model")
        gpu = unit_or_none("GPU")
        if gpu is not None:
            unit = ("GPU", model.start, model.end, gpu)
            candidates.remove("GPU")
            candidates.append(f"{model.text} read as GPU (a GPU model name stands where the unit would be)")
    if unit is not None:
        note = _CURRENCY_NOTES.get(f[unit[1]:unit[2]].lower())
        if note:
            candidates.append(note)
        return unit, unit[2]
    return None, toks[lead_skip - 1].end if lead_skip else pos


#: English words that may stand between a number and its count unit ("output tokens", "training steps"),
#: for the units of data a model reads or writes ("the 7B output layer" is no count of layers).
_MODIFIED_DIMS = frozenset({"[token]", "[sequence]", "[request]", "[step]"})
_EN_MODIFIERS = frozenset({"input", "output", "prompt", "completion", "generated", "cached", "training",
                           "unique", "valid", "new", "additional", "extra", "synthetic", "labeled", "labelled",
                           "annotated", "pretraining", "evaluation", "test", "validation"})


def _count_unit_after_words(f: str, toks: list[UnitTok],
                            candidates: list[str]) -> tuple[str, int, int, UnitInfo] | None:
    """"14.8T 高质量多语 tokens": a count unit (token, GPU, parameter …) after a few Chinese
    adjectives, read with a note naming the words it reads past."""
    k = 0
    while k < len(toks) and toks[k].kind == "cjk" and k < 6:
        k += 1
    if k == len(toks) or toks[k].kind != "word" or toks[k].start == toks[k - 1].end:
        return None
    words = f[toks[0].start:toks[k - 1].end]
    if any(ch in MEASURE_WORDS or ch in COUNT_STOP for ch in words):
        return None
    info = unit_or_none(toks[k].text)
    if info is None or len(info.dims.items) != 1 or info.dims.items[0][0] not in _COUNT_DIMS:
        return None
    candidates.append(f"unit {toks[k].text!r} read past the words {words!r}")
    return toks[k].text, toks[k].start, toks[k].end, info


@lru_cache(maxsize=4096)
def header_text_unit(header: str) -> str | None:
    """The unit a column header's words name (the whole header after a model name), or None."""
    head = fold(header)
    toks = unit_tokens(head, 0, len(head))
    while toks and toks[0].kind == "model":
        toks = toks[1:]
    found = best_unit(head, toks) if toks else None
    if found is None or (found[2] != toks[-1].end and head[found[2]:].strip()):
        return None
    return found[0]
