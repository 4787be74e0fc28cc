"""Find every numeric mention in a document: value as printed, interval, unit, qualifier, where.

The value grammar is the core's: each candidate string is read by
:func:`claimaudit.numbers.printed.parse_printed` and its unit by
:func:`claimaudit.units.registry.resolve_unit`. This module only decides *which characters* around a
number token (from :mod:`claimaudit.numbers.scan`) belong to the printed value: a qualifier and a
currency sign before it, a multiplier, a percent or ratio sign, a range's second end and the longest
run of words after it that the unit registry accepts.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from functools import lru_cache

from ..errors import InputError
from ..numbers import vocabulary
from ..numbers.printed import CHENG_WORD_STARTS, PrintedNumber, parse_printed
from ..numbers.scan import NumberToken, fold, scan_numbers
from ..units.registry import UnitInfo, resolve_unit
from .document import Document
from .falsepos import false_positive

LANGS = ("auto", "en", "zh")

# Qualifiers come from the one vocabulary; the printed grammar reads every one of them, so the
# whole phrase ("no less than", "不超过") is handed to it and the relation is the grammar's.
_POST_QUALIFIERS = {**{k: v for k, v in vocabulary.SUFFIX_QUALIFIERS.items() if not k.isascii()},
                    "多": ">", "余": ">", "+": ">="}
_EN_QUALS = [q for q in vocabulary.PREFIX_QUALIFIERS if q.isascii() and q[0].isalpha()]
_ZH_QUALS = [q for q in vocabulary.PREFIX_QUALIFIERS if not q.isascii()]
_QUAL_RE = re.compile(
    r"(?:(?<![A-Za-z])(?P<en>" + vocabulary.alternation(_EN_QUALS) + r")\s+"
    r"|(?P<sym>>=|<=|[~≈≥≤><]|&gt;|&lt;)\s?"
    r"|(?P<zh>" + vocabulary.alternation(_ZH_QUALS) + r")\s?)$", re.I)
#: A currency sign or code right before the number ("US$5", "HK$ 3", "USD 200", "RM120").
_CURRENCY_BEFORE = re.compile(
    r"(?<![A-Za-z])(?:" + vocabulary.alternation(k for k in vocabulary.CURRENCY_PREFIXES if not k.isalpha())
    + r")\s?$|(?<![A-Za-z])(?:" + vocabulary.alternation(k for k in vocabulary.CURRENCY_PREFIXES if k.isalpha())
    + r")\s?$|￥\s?$")
_MULT_RE = re.compile(r"(?:[KkMBT](?![A-Za-z0-9])|[KMGT]i(?![A-Za-z])|\s?(?:" + vocabulary.alternation(
    w for w in vocabulary.WORD_MULTIPLIERS if w != "hundred") + r"|hundred\s+(?:million|billion|thousand))(?![A-Za-z])"
    r"|\s?[多余餘]?(?:万亿|萬億|千万|千萬|百万|百萬|万|萬|亿|億))")
#: After money, lower-case scale letters: "£35m", "$4.2b" (35m alone is metres).
_MONEY_MULT_RE = re.compile(r"(?:" + vocabulary.alternation(vocabulary.MONEY_LETTER_MULTIPLIERS) + r")(?![A-Za-z0-9])")
_PCT_RE = re.compile(r"\s?(?:%|‰|pp(?![A-Za-z])|个百分点|百分点|倍|percentage points?(?![A-Za-z])"
                     r"|percent(?![A-Za-z])|per ?cent(?![A-Za-z])"
                     r"|(?<=[\d.KkMBT%])[×xX](?![A-Za-z0-9]|\s*[\d$¥€£(])| [×xX](?=\s*(?:[,.;:)、，。；）]|$)))")
_RANGE_SEP = re.compile(r"\s?(?:-|–|—|~|～|至|到)\s?|-?\s(?:to|and)\s")   # "8- to 16-meter"
#: Between two mentions with the same unit: "44 mg to 50 mg", "between 44 mg and 50 mg".
_UNIT_RANGE_GAP = re.compile(r"\s*(?:to|–|—|-|~|～|至|到)\s*|\s+and\s+", re.I)
#: "from A to B" is a change (relations.py) unless the verb says the values span a range.
_RANGE_FROM = re.compile(r"(?:\brang(?:e|es|ed|ing)|\bvar(?:y|ies|ied|ying))\s+from\s*$", re.I)
_MEASURE = set("个张条台块位名项次份套家篇道款颗枚支部件")
_MODEL = re.compile(r"[A-Z]{1,4}\d{2,4}[A-Za-z]?$")
#: A form factor printed between a count and a GPU model ("1 万 PCIe A100").
_FORM_FACTOR = {"PCIe", "SXM", "SXM4", "SXM5", "NVL", "OAM"}
_GPU_MODEL = re.compile(r"(?:[AHBLV]|GB|MI|RTX|TPU)\d{2,4}[A-Za-z]?$")
_COUNT_NOUN = re.compile(r"\s*(?:parameters?|params?|tokens?|GPUs?|nodes?|users?|requests?|words?|images?|"
                         r"samples?|sequences?|steps?|documents?|pages?|people|dollars?|参数|个?参数|token)", re.I)
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
#: Units that count things: the only ones read past Chinese adjectives ("14.8T 高质量多语 tokens").
_COUNT_DIMS = {"[token]", "[gpu]", "[parameter]", "[node]", "[request]", "[sequence]", "[step]", "[ssd]", "[layer]"}
_ASCII_WORD = re.compile(r"[A-Za-zµμΩ°℃℉][A-Za-z0-9_µμ]*(?:\^[+\-]?\d+|[²³¹⁻]+|[-−][123](?![\d.]))?")
_STOP_UNIT = {"and", "or", "to", "of", "in", "the", "a", "an", "at", "on", "for", "with", "by", "from", "is",
              "are", "was", "were", "vs", "than", "as", "into", "per", "unit", "units"}
#: "in" is the inch only where a length reading ends: "2 in.", "2 1/2 in thick" (not "2 in 1979").
_INCH_AFTER = re.compile(r"in(?:\.?\s*$|\.?(?=[,;)])|\.\s+[A-Z]"
                         r"|\s+(?:thick|thin|long|wide|tall|high|deep|across|diameter|"
                         r"in diameter|of rain|of snow)\b)")
_MAX_UNIT_TOKENS = 7
#: "a gallon", "A kibibyte": an article read as one before a unit's full name (see _article_units).
_ARTICLE_UNIT = re.compile(r"(?<![A-Za-z'’])(a|an|A|An) ([a-z]{4,})(?![A-Za-z\-])")
_ARTICLE_DIMS = {"[length]", "[mass]", "[information]"}
_ARTICLE_NOT_UNIT = {"second", "minute", "bit", "bits", "foot", "point", "ton", "tons", "pound", "bar", "stone",
                     "grain", "line", "hand", "mark", "degree", "pica", "rod", "chain", "link", "league", "block",
                     "drop", "cord", "barrel", "perch", "span", "fathom", "knot", "pole", "nail", "mile"}
#: "a dozen eggs", "a penny", "a square dozen": an article before a count or coin word. The words
#: are spelt out in full and mean nothing else after "a"; "gross" is also an adjective ("a gross
#: error"), so it counts only where no noun follows ("a gross of pencils", "a gross is 144").
_ARTICLE_COUNT = re.compile(r"(?<![A-Za-z'’])(a|an|A|An) (baker['’]s dozen|square dozen|dozen|penny|cent|dime|"
                            r"gross(?=\s+(?:of|is|was)\b|\s*[.,;:!?)]|\s*$))(?![A-Za-z\-'’])")
#: The value each of those words stands for, as a claim's `value:` would print it.
_ARTICLE_COUNT_VALUE = {"square dozen": "1 dozen^2", "baker's dozen": "1 bakers_dozen",
                        "baker’s dozen": "1 bakers_dozen"}
#: "absolute zero" is a temperature, 0 kelvin (a point on the kelvin scale, no offset involved).
_ABSOLUTE_ZERO = re.compile(r"(?<![A-Za-z])(absolute zero)(?![A-Za-z])", re.I)
#: Single characters that are units in claims but mostly other words in prose (时 "when", 分 "part").
_CJK_AMBIGUOUS = {"时", "分", "日", "周"}
#: Words that start with a unit character but are no units (元素 element, 时间 time, 周期 period).
_CJK_NOT_UNIT = ("元素", "元数据", "时间", "时代", "时刻", "时候", "分布", "分片", "分组", "分离", "分析", "周期",
                 "日志", "步骤", "天然", "年代", "卡顿", "秒级", "节点数", "元组", "天花板", "年度", "小时级")


@dataclass
class Mention:
    start: int                    # span of the printed value in the document (qualifier to unit)
    end: int
    printed: str                  # the document's characters in that span
    value: str                    # what a claim's `value:` says (readable by parse_printed)
    number: PrintedNumber
    unit: UnitInfo
    qualifier: str = ""
    relation: str | None = None   # a relation the printed grammar did not read (将近, 40+, 左右)
    candidates: list[str] = field(default_factory=list)   # other readings of an ambiguous unit/multiplier
    kind: str = "digits"
    line: int = 0
    col: int = 0
    number_start: int = 0         # the number token itself (without qualifier and unit)
    number_end: int = 0
    unit_start: int = -1          # where the unit words stand (-1: no unit)
    cell: tuple[int, int, int] | None = None   # (table, row, column) when in a table cell
    counted: str = ""             # a count's noun (三个问题 -> 问题): kept in the quote, never a unit

    @property
    def printed_number(self) -> str:
        """The number token alone, as printed ("2,788", "两", "twenty-one")."""
        return self.printed[self.number_start - self.start:self.number_end - self.start] \
            if self.start <= self.number_start else ""

    @property
    def interval(self):
        return self.number.interval

    @property
    def dims(self):
        return self.unit.dims


@dataclass(frozen=True, slots=True)
class _Reading:
    """A value text as a claim would print it, read by the grammar, with its unit resolved."""

    value: str
    number: PrintedNumber
    unit: UnitInfo


@dataclass(frozen=True, slots=True)
class _Tok:
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


def _splits_word(f: str, unit_text: str, end: int) -> bool:
    """True when the unit's last characters begin a longer word (元 in 元素, 时 in 时间)."""
    for w in _CJK_NOT_UNIT:
        for k in range(1, len(w)):
            if unit_text.endswith(w[:k]) and f.startswith(w, end - k):
                return True
    return False


#: Chinese counts of discourse things (三个问题, 两阶段, 零回滚): dimensionless, the noun kept as
#: ``Mention.counted``. A noun the registry does not know must not become a unit error in the draft.
_COUNT_MEASURE = re.compile(r"阶段|方面|[个条件类级档步层次节组道项种位名家篇款套行轮块张台部支份批]")
#: Characters that end a count's noun (particles, conjunctions, verbs of being).
_COUNT_STOP = set("的了是在和与或及也都就还而但把被对从到让为着过这那其之很更最又再已所于以、，。；：！？"
                  "一二三四五六七八九十零两百千万亿")
_COUNT_IDIOMS = ("四舍五入", "三心二意", "七上八下", "五花八门", "千方百计", "三番五次", "九牛一毛", "五湖四海",
                 "四面八方", "一来一回", "独一无二", "万无一失", "一五一十", "乱七八糟", "十全十美", "三言两语",
                 "一清二楚", "接二连三", "举一反三", "一举两得", "两全其美", "说三道四", "不三不四", "丢三落四",
                 "七嘴八舌", "十字", "三角", "八卦", "四川", "三星", "五金", "十分", "十足", "两者", "两边", "两端",
                 "二进制", "十进制", "八进制", "十六进制", "零件", "零部件", "零售", "零星", "零散", "零碎", "零钱",
                 "零食", "零和", "零下", "零点", "零头", "零花", "零用", "一些", "一切", "一样", "一致", "一起", "一般")
#: 一 counts only where the text insists on the number (只做一个，不止一个，一个数量级), not as an article.
_ONE_BEFORE = re.compile(r"(?:不止|只有|只做|只|仅有|仅|至少|超过)\s*$")


def _in_idiom(f: str, start: int, end: int) -> bool:
    """The numeral at ``f[start:end]`` is part of a set phrase (四舍五入, 十分, 一致)."""
    window = f[max(0, start - 4):end + 6]
    off = start - max(0, start - 4)
    for idiom in _COUNT_IDIOMS:
        i = window.find(idiom)
        while i >= 0:
            if i < off + end - start and off < i + len(idiom):
                return True
            i = window.find(idiom, i + 1)
    return False


_CN_PLACE = re.compile(r"[十百千万亿拾佰仟萬億]")
_CN_DIGIT = re.compile(r"[一二两三四五六七八九壹贰貳叁參肆伍陆陸柒捌玖兩]")
#: Words after a numeral that make it a date or an ordinal-like name (二十世纪 is the 20th century).
_CN_NOT_AMOUNT_AFTER = re.compile(r"\s*(?:世纪|世紀|周年|届|屆|号|號|楼|樓|路|期)")


def standalone_numeral(f: str, start: int, end: int) -> bool:
    """A structured Chinese numeral (二百五十, 一千零五, 十五) is an amount even without a unit or a
    count word: unlike 一 or 两 alone it is no article, and digit-by-digit runs (二〇二四) are
    left out because they are mostly years and codes."""
    tok = f[start:end]
    return len(tok) >= 2 and bool(_CN_PLACE.search(tok)) and bool(_CN_DIGIT.search(tok) or tok[0] in "十拾") \
        and not _in_idiom(f, start, end) and not _CN_NOT_AMOUNT_AFTER.match(f, end)


def count_span(f: str, start: int, end: int) -> tuple[int, str] | None:
    """(end, noun) of a Chinese count at ``f[start:end]`` (a numeral token), or None.

    ``三个问题`` -> (…, "问题"), ``两阶段`` -> (…, "阶段"), ``零回滚`` -> (…, "回滚"). Headings (``三、``),
    idioms (``四舍五入``, ``十分``), articles (``一个 micro-batch``) and pronouns (``两者``) are no counts.
    """
    tok = f[start:end]
    if _in_idiom(f, start, end):
        return None
    pos = end
    while pos < len(f) and f[pos] == " " and pos - end < 1:
        pos += 1
    if f.startswith(("成", "半", "番"), pos):
        return None                      # 三成本 / 一半径 (percent readings); 翻两番 is ×4, not 2 of anything
    m = _COUNT_MEASURE.match(f, pos)
    measure_end = m.end() if m else pos
    j = measure_end
    # The noun: two characters (问题, 阶段), four after 不 (零不可恢复); only kept for the reader.
    cap = 4 if f.startswith("不", measure_end) else 3 if f.startswith("数量级", measure_end) else 2
    while j < len(f) and j - measure_end < cap and _CJK.match(f[j]) and f[j] not in _COUNT_STOP \
            and not (f[j] == "不" and tok != "零"):
        j += 1
    noun = f[measure_end:j]
    if tok == "一":
        # Only where the text insists on the number: 不止一个, 只做一个, 一个数量级 (otherwise an article).
        if not m or not (_ONE_BEFORE.search(f[max(0, start - 4):start]) or f.startswith("数量级", measure_end)):
            return None
        return (j, m.group(0) + noun) if f.startswith("数量级", measure_end) else (measure_end, m.group(0))
    if tok == "零" and re.search(r"(?:近|接近|趋近|趋于)\s*$", f[max(0, start - 3):start]):
        return end, ""                   # 气泡近零: a value (about zero), not a count
    if tok in ("二",) and not m:
        return None                      # 二 is 二进制, 不二; only "二个/二级" counts
    if noun:
        return j, noun
    if not m:
        return None                      # 三、 (a heading), 三。
    return j, m.group(0)


#: "每 token 229 KB", "每 GPU 小时 2 美元", "每台 …": the per-word printed before the number.
_PER_BEFORE = re.compile(r"每\s?([A-Za-z][\w\-]*(?:\s?[\u4e00-\u9fff]{1,2})?|[\u4e00-\u9fff]{1,2})\s?$")
#: Where "points" are percentage points: near a percentage or a score.
_SCORE_CONTEXT = re.compile(r"%|percent|per cent|\bscor|accuracy|benchmark|\bpoll|approval|rating|\bF1\b|BLEU|MMLU|"
                            r"百分|分数|得分|准确率|评分", re.I)
_TYPE_CONTEXT = re.compile(r"\bfont|typeface|\btype\b|字号|字体", re.I)
#: Symbols whose registry reading is rarely what prose means: the other reading, named.
_AMBIGUOUS_SYMBOLS = {"pc": "pc read as parsec; in prose 'pc' is often per cent",
                      "mb": "mb read as millibit; MB (megabyte) or Mb (megabit) is more likely meant",
                      "PS": "PS read as petasiemens; in specifications 'PS' is often horsepower (metric)"}
_RATE_ARTICLE = re.compile(r" (an?) ([A-Za-z]+)(?![A-Za-z\-])")
_PLURAL_NOUN = re.compile(r" ([a-z]{3,}s)(?![A-Za-z\-])")


def _million_m(f: str, pos: int) -> bool:
    """``35m devices``, ``10m users``: a glued ``m`` before a plural noun that is no unit is million."""
    if not f.startswith("m", pos) or pos + 1 >= len(f) or f[pos - 1:pos] == " ":
        return False
    m = _PLURAL_NOUN.match(f, pos + 1)
    return m is not None and unit_or_none(m.group(1)) is None and unit_or_none(m.group(1)[:-1]) is None


def _is_unit(text: str) -> bool:
    return unit_or_none(text) is not None


_SQUARE_CUBIC = re.compile(r"(square|sq\.?|cubic|cu\.?)\s+(\S.*)", re.I)
_SQUARED_CUBED = re.compile(r"(.*\S)\s+(squared|cubed)", re.I)
#: Temperature readings: the registry refuses offset units (degC), so a printed reading gets the
#: registry's explicit reading units, which never convert (units/definitions.txt).
_TEMPERATURE = re.compile(r"(?:(?:degrees?|deg\.?)\s*|°\s?)?"
                          r"(?:(C|Celsius|Celcius|centigrade)|(F|Fahrenheit|Farenheit|Fahrenhiet))|(℃)|(℉)", re.I)
#: The scale's full name is a temperature even without "degrees" ("40 celsius"); C and F alone are not.
_TEMPERATURE_NAME = re.compile(r"(?:celsius|celcius|centigrade|fahrenheit|farenheit|fahrenhiet)", re.I)
#: Chinese unit words the registry does not hold, read in running text: ages and temperature scales.
_CJK_RESPELL = {"岁": "year", "周岁": "year", "歲": "year", "週歲": "year", "摄氏度": "Celsius_reading",
                "攝氏度": "Celsius_reading", "华氏度": "Fahrenheit_reading", "華氏度": "Fahrenheit_reading"}
#: Single letters that are units in pint but mostly names or forms in prose (13F, F-Series, 11c, 14.7C/).
_LETTER_NOT_UNIT = {"C", "F", "c", "f"}
_TIMES_PER = re.compile(r"times?\s+(?:per|/)\s*(\S.*)", re.I)
_GLUED_EXP = re.compile(r"(?<=[A-Za-z])(?:([23])|[-−]([123]))(?![\d^])")
#: Dimensions an exponent written without ^ (km2, m3, s-1) may apply to; nobody writes bytes squared.
_PLAIN_EXP_DIMS = {"[length]", "[time]", "[mass]"}
#: Integrated luminosity (fb−1, pb-1): the inverse barn. The registry reads "fb" as the femtobit
#: (barn lost its symbol b to the bit), so these are spelt out.
_INVERSE_BARN = re.compile(r"([fpan])b(?:\^|)[-−]1")
_BARN_PREFIX = {"f": "femto", "p": "pico", "a": "atto", "n": "nano"}


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
    if text in _CJK_RESPELL:
        alt = _CJK_RESPELL[text]
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


@lru_cache(maxsize=65536)
def _parse(text: str, kilo: int) -> PrintedNumber | None:
    try:
        return parse_printed(text, kilo=kilo)
    except InputError:
        return None
    except (ValueError, ArithmeticError, OverflowError):
        return None


def _unit_tokens(f: str, pos: int, limit: int) -> list[_Tok]:
    """Words after a number that could be its unit, up to punctuation or another number."""
    toks: list[_Tok] = []
    i, n = pos, min(len(f), limit)
    if i < n - 1 and f[i] == "-" and f[i + 1].isalpha() and f[i + 1].isascii():
        i += 1       # a hyphenated adjective: "a 27-kilometer ring", "a two-year period", "8-bit"
    while i < n and len(toks) < _MAX_UNIT_TOKENS:
        ch = f[i]
        if ch == " " or ch == "\t":
            j = i
            while j < n and f[j] in " \t":
                j += 1
            if j - i > 2 or (not toks and j - i > 1):
                break
            i = j
            continue
        if _CJK.match(ch):
            if ch in "的和与或及为是在从到至把被比而且等、，。；：":
                break
            toks.append(_Tok(i, i + 1, ch, "cjk"))
            i += 1
            continue
        m = _ASCII_WORD.match(f, i)
        if m:
            w = m.group(0)
            if w.lower() in _STOP_UNIT and w.lower() != "per" \
                    and not (w == "in" and not toks and _INCH_AFTER.match(f, i)):
                break
            kind = "model" if _MODEL.match(w) else "word"
            toks.append(_Tok(i, m.end(), w, kind))
            i = m.end()
            continue
        if ch in "/·*-$€£¥":
            if ch == "-" and not (toks and i + 1 < n and f[i + 1].isalpha()):
                break
            toks.append(_Tok(i, i + 1, ch, "op"))
            i += 1
            continue
        break
    return toks


def _best_unit(f: str, toks: list[_Tok]) -> tuple[str, int, int, UnitInfo] | None:
    """The longest run of tokens (from the first) that the registry reads as a unit."""
    for k in range(len(toks), 0, -1):
        last = toks[k - 1]
        if (last.kind == "op" and not (k == 1 and last.text in "$€£¥")) or last.text.lower() in ("per",) \
                or last.text == "每":
            continue
        if any(t.kind == "model" for t in toks[:k]):
            continue
        if k == 1 and last.text.lower() in ("shot", "shots") and f[last.start - 1] == "-":
            continue     # "5-shot", "zero-shot": examples in a prompt, not pint's shot (a jigger)
        if k > 1 and last.text == "l" and f[last.start - 1] in " \t":
            continue     # a lone "l" after a space is a letter ("45 Js l"); litre products write "/l"
        text = f[toks[0].start:last.end]
        if (text.lower() in _STOP_UNIT and not (text == "in" and _INCH_AFTER.match(f, toks[0].start))) \
                or text in _CJK_AMBIGUOUS:
            continue
        if _CJK.match(text[-1]) and _splits_word(f, text, last.end):
            continue
        if text in _LETTER_NOT_UNIT and (f[last.start - 1:last.start].isdigit() or f.startswith("-", last.end)):
            continue     # glued (13F, 14.7C, 11c) or a name's first part (F-Series); "5 F capacitor" is farads
        info = unit_or_none(text) if not (_TEMPERATURE.fullmatch(text) and (text[0] in "°℃℉dD"
                                          or _TEMPERATURE_NAME.fullmatch(text))) else None
        if info is None and (not _CJK.search(text) or text in _CJK_RESPELL):
            alt = _respell(text)
            if alt is not None:
                text, info = alt
        if info is not None and info.canonical not in ("×",) and "constant" not in info.canonical:
            return text, toks[0].start, last.end, info
    return None


def _join(*parts: str) -> str:
    out = ""
    for p in parts:
        if not p:
            continue
        if (out and ((out[-1].isascii() and out[-1].isalnum()) or out[-1] in "%×)")
                and (p[0].isascii() and p[0].isalpha())) \
                or (out and out[-1].isascii() and out[-1].isalpha() and (p[0].isdigit() or p[0] in "$€£¥-+")):
            out += " "
        elif out and out[-1].isascii() and out[-1].isalnum() and _CJK.match(p[0]):
            out += " "
        out += p
    return out


def _qualifier_before(f: str, start: int) -> tuple[int, str, str | None] | None:
    """(start, qualifier text, relation override) of a qualifier right before ``start``."""
    m = _QUAL_RE.search(f[max(0, start - 16):start])
    if not m:
        return None
    q = (m.group("en") or m.group("sym") or m.group("zh") or "").strip()
    if q in ("&gt;",):
        q = ">"
    if q in ("&lt;",):
        q = "<"
    return start - (len(m.group(0))), q, None


class Extractor:
    """Finds mentions in one document. ``lang``: "auto", "en" (no Chinese numerals) or "zh"."""

    def __init__(self, doc: Document, *, lang: str = "auto", kilo: int = 1000) -> None:
        self.doc = doc
        self.lang = lang
        self.kilo = kilo
        self.folded = fold(doc.text)
        self.skipped: list[tuple[NumberToken, str]] = []

    def mentions(self) -> list[Mention]:
        f = self.folded
        tokens = scan_numbers(self.doc.text, words=self.lang != "zh", chinese=self.lang != "en")
        out: list[Mention] = []
        skip_until = -1
        for idx, tok in enumerate(tokens):
            if tok.start < skip_until:
                continue
            reason = false_positive(f, tok.start, tok.end, tok.kind, _is_unit)
            if reason in ("zero word", "article or idiom", "idiom") and count_span(f, tok.start, tok.end):
                reason = None            # 零回滚, 两阶段, 这三条: a count, not an article or idiom
            if reason:
                self.skipped.append((tok, reason))
                continue
            nxt = tokens[idx + 1] if idx + 1 < len(tokens) else None
            m = self._mention(tok, nxt)
            if m is None:
                continue
            if m.end > tok.end and nxt is not None and nxt.start < m.end:
                skip_until = m.end
            out.append(m)
        if self.lang != "zh":
            out = self._article_units(out)
            out = self._absolute_zero(out)
        self._ambiguous_units(out)
        self._accounting_negatives(out)
        self._share_units(out)
        out = self._unit_ranges(out)
        for m in out:
            m.line, m.col = self.doc.position(m.start)
            hit = self.doc.cell_at(m.number_start)
            if hit is not None:
                table, cell = hit
                m.cell = (table.index, cell.row, cell.col)
        return out

    # -- one token ---------------------------------------------------------------------------------
    def _mention(self, tok: NumberToken, nxt: NumberToken | None) -> Mention | None:
        f = self.folded
        line_end = f.find("\n", tok.end)
        limit = len(f) if line_end < 0 else line_end
        cell_end = f.find("|", tok.end, limit)
        if cell_end >= 0:
            limit = cell_end
        pos = tok.end
        mult, million_m = "", False
        cur = _CURRENCY_BEFORE.search(f, max(0, tok.start - 7), tok.start) if tok.start > 0 else None
        if tok.kind in ("digits",):
            mm = _MULT_RE.match(f, pos) or (_MONEY_MULT_RE.match(f, pos) if cur else None)
            if mm and not (mm.group(0).strip() in "万亿" and tok.kind != "digits"):
                mult = f[pos:mm.end()]
                pos = mm.end()
            elif _million_m(f, pos):
                mult, million_m = "M", True      # "35m devices": read as 35M, the choice noted
                pos += 1
        pct = ""
        pm = _PCT_RE.match(f, pos)
        if tok.kind == "chinese" and f.startswith("成", pos) and f[pos + 1:pos + 2] not in CHENG_WORD_STARTS:
            pct = "成"    # 八成 = 80%: parse_printed decides whether 成 is a tenth here (not in 成本)
            pos += 1
        elif tok.kind == "chinese" and tok.text == "一" and f.startswith("半", pos) and not f.startswith("半径", pos):
            pct = "半"    # 一半: one half
            pos += 1
        elif pm:
            pct = f[pos:pm.end()]
            pos = pm.end()
        start = tok.start
        number_text = tok.norm
        if start > 0 and f[start - 1] in "负負" and tok.norm[:1] not in "+-−":
            start, number_text = start - 1, "负" + number_text     # 负10000, 負三十二: a Chinese minus
        # A range: "5–35%", "3 to 4 L", "3至5".
        range_end = None
        if nxt is not None and nxt.start == pos and nxt.norm[:1] in "-−" and tok.kind == "digits":
            # "5-35%": the scanner read the dash as the second number's sign.
            nxt = NumberToken(nxt.start + 1, nxt.end, nxt.text[1:], nxt.norm[1:], nxt.kind)
            dash_range = True
        else:
            dash_range = False
        if nxt is not None and tok.kind in ("digits", "chinese") and nxt.kind == tok.kind and not mult + pct:
            sep = _RANGE_SEP.fullmatch(f, pos, nxt.start)
            if sep and not re.search(r"(?:\bfrom|从|由|\bbetween)\s*\S*\s*$", f[max(0, tok.start - 14):tok.start],
                                     re.I) \
                    and (dash_range or not false_positive(f, nxt.start, nxt.end, nxt.kind)):
                range_end = nxt
        if range_end is not None and "and" in f[pos:range_end.start] \
                and not re.search(r"between\s+$", f[max(0, tok.start - 9):tok.start], re.I):
            range_end = None
        if range_end is None and nxt is not None \
                and re.search(r"\bbetween\s+$", f[max(0, tok.start - 9):tok.start], re.I) \
                and re.fullmatch(r"\s(?:[A-Za-z]+\s)?and\s", f[pos:nxt.start] if nxt.start > pos else " "):
            range_end = nxt
        tolerance = False
        if range_end is None and nxt is not None and tok.kind == "digits" and nxt.kind == "digits" \
                and re.fullmatch(r"\s*(?:±|\+/-|\+-)\s*", f[pos:nxt.start]):
            range_end, tolerance = nxt, True      # "9.83e-3 +/- 1e-5 km/s2": one value with its tolerance
        qual = _qualifier_before(f, start)
        cur_text = ""
        if cur:
            cur_text = f[cur.start():start].strip()
            qual = _qualifier_before(f, cur.start())
        base_start = cur.start() if cur else start
        # Post parts for the range or the single number.
        if range_end is not None:
            rpos = range_end.end
            rmult = ""
            mm = _MULT_RE.match(f, rpos) if range_end.kind == "digits" else None
            if mm:
                rmult = f[rpos:mm.end()]
                rpos = mm.end()
            rpm = _PCT_RE.match(f, rpos)
            rpct = f[rpos:rpm.end()] if rpm else ""
            rpos += len(rpct)
            sep_text = "±" if tolerance else f[pos:range_end.start].strip() or "-"
            if sep_text.lstrip("-").strip() in ("to", "and"):
                sep_text = "to"     # "44 and 50 mg" after "between", "8- to 16-meter"
            num_text = f"{number_text}{mult}{pct} {sep_text} {range_end.norm}{rmult}{rpct}" if sep_text.isalpha() \
                else f"{number_text}{mult}{pct}{sep_text}{range_end.norm}{rmult}{rpct}"
            found = self._with_unit(tok, base_start, qual, cur_text, num_text, rpos, limit, range_end.end)
            if found is not None and (found.number.is_range or (tolerance and found.number.tolerance is not None)):
                return found
        found = self._with_unit(tok, base_start, qual, cur_text,
                               number_text + mult.strip() if _CJK.match(mult.strip()[:1]) else number_text + mult,
                               pos, limit, tok.end, pct=pct)
        if found is not None and million_m:
            found.candidates.append("m read as million (a count of the noun after it); it could be metres")
        return found

    def _with_unit(self, tok: NumberToken, start: int, qual: tuple[int, str, str | None] | None, cur_text: str,
                   num_text: str, pos: int, limit: int, num_end: int, pct: str = "") -> Mention | None:
        """The mention of ``tok`` (already joined with its multiplier, percent sign and range end
        in ``num_text``), with the unit words after ``pos`` and the qualifier before ``start``."""
        f = self.folded
        num_text = num_text + pct.strip() if pct else num_text
        plus = re.match(r"\+(?=\s?[A-Za-z\u4e00-\u9fff])", f[pos:pos + 3])
        if plus:
            pos += 1     # "40+ GiB/s": at least 40
        candidates: list[str] = []
        unit, uend = self._unit_after(tok, pos, limit, candidates)
        unit_text, ustart = (unit[0], unit[1]) if unit else ("", -1)
        post_rel, post_word, post = self._post_qualifier(uend, bool(plus), unit_text)
        qtext, qstart, qrel = (qual[1], qual[0], qual[2]) if qual else ("", start, None)
        chosen = self._first_reading(_join(cur_text, num_text) if cur_text else num_text, qtext, qrel, unit_text)
        if chosen is None:
            self.skipped.append((tok, "unreadable"))
            return None
        reading, use_q, use_u = chosen
        if not use_u and not reading.number.unit and reading.number.kind == "number" and tok.kind == "digits":
            # A bare number in a table column whose header names the unit ("| H800 卡时 |").
            head = self._header_unit(tok.start)
            better = self._read(_join(reading.value, head)) if head is not None else None
            if better is not None:
                reading = better
                candidates.append(f"unit {head!r} taken from the column header")
        keep, counted = self._count_or_skip(tok, reading.number)
        if not keep:
            return None
        if use_u and reading.unit.dims.items and not cur_text:
            # "每 token 229 KB": the per-word printed right before the number divides its unit.
            per = _PER_BEFORE.search(f[max(0, start - 16):start])
            per_unit = unit_or_none(per.group(1)) if per else None
            if per and per_unit is not None and per_unit.dims.items and per.group(1) not in _CJK_AMBIGUOUS:
                better = self._read(f"{reading.value}/{per.group(1)}")
                if better is not None:
                    reading = better
                    candidates.append(f"per {per.group(1)} taken from 每 {per.group(1)} before the number")
        end = uend if use_u else max(num_end, pos)
        rate = _RATE_ARTICLE.match(f, end) if (use_u or cur_text) and reading.number.kind == "number" else None
        rate_unit = unit_or_none(rate.group(2)) if rate else None
        if rate and rate_unit is not None and rate_unit.dims.items and "/" not in reading.number.unit:
            # "$1,271.2 an ounce", "188 miles an hour": the article is "per"; the rate keeps its denominator.
            better = self._read(f"{reading.value} per {rate.group(2)}")
            if better is not None:
                reading, end, use_u = better, rate.end(), True
                ustart = ustart if ustart >= 0 else rate.start(2)
        if post_rel and (use_u or not unit_text):
            end = f.find(post_word, end) + len(post_word) if post else end
        begin = qstart if (use_q or qrel) and qtext else start
        if counted is not None:
            end = max(end, counted[0])
        self._notes(reading, candidates, counted, unit_text if not use_u else "", begin, end, num_end)
        p = reading.number
        return Mention(start=begin, end=max(end, num_end), printed=self.doc.text[begin:max(end, num_end)],
                       value=reading.value, number=p, unit=reading.unit,
                       qualifier=p.qualifier or (qtext if qrel else ""),
                       relation=(qrel or post_rel) if not p.qualifier or p.relation == "=" else None,
                       candidates=candidates, kind=tok.kind, number_start=tok.start, number_end=tok.end,
                       unit_start=ustart if use_u else -1, counted=counted[1] if counted else "")

    def _unit_after(self, tok: NumberToken, pos: int, limit: int,
                    candidates: list[str]) -> tuple[tuple[str, int, int, UnitInfo] | None, int]:
        """(unit text, start, end, info) of the unit words after ``pos`` (or None) and where they end."""
        f = self.folded
        toks = _unit_tokens(f, pos, limit)
        lead_skip = 0
        # A measure word (张, 个) and a model name (H800) before the unit are kept in the quote only.
        while lead_skip < len(toks) and lead_skip < 3 and (toks[lead_skip].kind == "model" or (
                toks[lead_skip].kind == "cjk" and toks[lead_skip].text in _MEASURE) or (
                toks[lead_skip].text in _FORM_FACTOR and lead_skip + 1 < len(toks)
                and toks[lead_skip + 1].kind == "model")):
            if toks[lead_skip].kind == "model" and _GPU_MODEL.match(toks[lead_skip].text):
                candidates.append("GPU")
            lead_skip += 1
        unit = _best_unit(f, toks) if toks and toks[0].kind != "model" else None
        if unit is None and lead_skip:
            unit = _best_unit(f, toks[lead_skip:])
        if unit is None and toks and toks[0].kind == "cjk" and tok.kind == "digits":
            unit = self._count_unit_after_words(f, toks, candidates)
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
            return unit, unit[2]
        return None, toks[lead_skip - 1].end if lead_skip else pos

    def _post_qualifier(self, uend: int, plus: bool, unit_text: str) -> tuple[str | None, str, re.Match[str] | None]:
        """(relation, word, match) of a qualifier after the value: 以上 / 左右 / 多 / +."""
        f = self.folded
        post = re.match(r"\s?(以上|以内|以下|左右|多|余)|(\+)(?!\s*[\d$¥€£(])", f[uend:uend + 4]) \
            if uend < len(f) else None
        if post and post.group(2) and uend > 0 and f[uend - 1] == " ":
            post = None
        if plus:
            # "40+ GiB/s": the "+" before the unit is the qualifier; what follows the unit is not read
            # as a second one ("91%+B+千" crashed here on an empty word).
            return ">=", "", None
        post_word = (post.group(1) or post.group(2)) if post else ""
        post_rel = None
        if post and (post_word != "多" or not unit_text):
            post_rel = _POST_QUALIFIERS[post_word]
        return post_rel, post_word, post

    def _first_reading(self, number_part: str, qtext: str, qrel: str | None,
                       unit_text: str) -> tuple[_Reading, bool, bool] | None:
        """The first of (with qualifier, with unit) … (without either) that the grammar and the
        registry read: (reading, qualifier used, unit used)."""
        for use_q in ((True, False) if qtext and not qrel else (False,)):
            for use_u in ((True, False) if unit_text else (False,)):
                reading = self._read(_join(qtext if use_q else "", number_part, unit_text if use_u else ""))
                if reading is not None:
                    return reading, use_q, use_u
        return None

    def _read(self, value: str) -> _Reading | None:
        p = _parse(value, self.kilo)
        info = unit_or_none(p.unit) if p is not None else None
        return _Reading(value, p, info) if p is not None and info is not None else None

    def _count_or_skip(self, tok: NumberToken, p: PrintedNumber) -> tuple[bool, tuple[int, str] | None]:
        """(whether the token is a mention, a Chinese count's (end, noun) or None)."""
        f = self.folded
        counted = None
        if tok.kind == "chinese" and not (p.unit or p.kind != "number" or p.multiplier):
            counted = count_span(f, tok.start, tok.end)
            if counted is None and standalone_numeral(f, tok.start, tok.end):
                counted = (tok.end, "")
            if counted is None:
                self.skipped.append((tok, "count word without a unit"))
                return False, None
        if tok.kind == "chinese" and tok.norm != tok.text and not p.unit:
            self.skipped.append((tok, "bare multiplier without a unit"))   # 千万不要, 万众
            return False, None
        if tok.kind == "words" and tok.norm in ("1",) and not p.unit:
            self.skipped.append((tok, "article"))
            return False, None
        return True, counted

    def _notes(self, reading: _Reading, candidates: list[str], counted: tuple[int, str] | None,
               unread_unit: str, begin: int, end: int, num_end: int) -> None:
        """Ambiguities worth a reader's decision, added to ``candidates``."""
        f, p = self.folded, reading.number
        if reading.unit.note:
            candidates.append(reading.unit.note)
        if p.multiplier == "B" and not _COUNT_NOUN.match(f, num_end + 1) and not p.unit:
            candidates.append("B read as billion (a count); it could be bytes")
        if p.uses_kilo and re.search(r"(?:context|上下文|窗口|序列|sequence)", f[max(0, begin - 12):end + 12], re.I):
            candidates.append("K read as 1000; context lengths often mean 1024 (kilo: \"1024\")")
        if not p.unit and unread_unit:
            candidates.append(f"unit words {unread_unit!r} not read")
        if counted and counted[1]:
            candidates.append(f"a count of {counted[1]} (dimensionless; the noun is kept in the quote, not as a unit)")

    @staticmethod
    def _count_unit_after_words(f: str, toks: list[_Tok], candidates: list[str]):
        """"14.8T 高质量多语 tokens": a count unit (token, GPU, parameter …) after a few Chinese
        adjectives, read with a note naming the words it reads past."""
        k = 0
        while k < len(toks) and toks[k].kind == "cjk" and k < 6:
            k += 1
        if k == len(toks) or toks[k].kind != "word" or toks[k].start == toks[k - 1].end:
            return None
        words = f[toks[0].start:toks[k - 1].end]
        if any(ch in _MEASURE or ch in _COUNT_STOP for ch in words):
            return None
        info = unit_or_none(toks[k].text)
        if info is None or len(info.dims.items) != 1 or info.dims.items[0][0] not in _COUNT_DIMS:
            return None
        candidates.append(f"unit {toks[k].text!r} read past the words {words!r}")
        return toks[k].text, toks[k].start, toks[k].end, info

    def _header_unit(self, offset: int) -> str | None:
        hit = self.doc.cell_at(offset)
        if hit is None:
            return None
        table, cell = hit
        if cell.col >= len(table.header) or cell.col == 0:
            return None
        head = fold(table.header[cell.col])
        toks = _unit_tokens(head, 0, len(head))
        while toks and toks[0].kind == "model":
            toks = toks[1:]
        found = _best_unit(head, toks) if toks else None
        if found is None or (found[2] != toks[-1].end and head[found[2]:].strip()):
            return None
        return found[0]

    # -- ranges whose ends both carry the unit: "44 mg to 50 mg" ---------------------------------------
    def _unit_ranges(self, ms: list[Mention]) -> list[Mention]:
        f = self.folded
        out: list[Mention] = []
        i = 0
        while i < len(ms):
            a = ms[i]
            b = ms[i + 1] if i + 1 < len(ms) else None
            merged = None
            if b is not None and a.unit_start >= 0 and b.unit_start >= 0 and a.unit == b.unit \
                    and not a.number.is_range and not b.number.is_range and not b.qualifier:
                gap = _UNIT_RANGE_GAP.fullmatch(f, a.end, b.start)
                before = f[max(0, a.start - 24):a.start]
                between = re.search(r"\bbetween\s*$", before, re.I)
                from_ = re.search(r"(?:\bfrom|从|由)\s*$", before, re.I)
                if gap and (between or "and" not in gap.group(0)) \
                        and (between or not from_ or _RANGE_FROM.search(before)):
                    v = _join(self.doc.text[a.start:a.unit_start].strip(), "to", b.value)
                    p = _parse(v, self.kilo)
                    if p is not None and p.is_range and unit_or_none(p.unit) == a.unit:
                        merged = Mention(start=a.start, end=b.end, printed=self.doc.text[a.start:b.end], value=v,
                                         number=p, unit=a.unit, qualifier=a.qualifier, relation=a.relation,
                                         candidates=a.candidates + [c for c in b.candidates if c not in a.candidates],
                                         kind=a.kind, number_start=a.number_start, number_end=b.number_end,
                                         unit_start=b.unit_start, cell=a.cell)
            if merged is not None:
                out.append(merged)
                i += 2
            else:
                out.append(a)
                i += 1
        return out

    # -- "a gallon of beer", "A kibibyte is …": an article before a unit word -------------------------
    def _article_units(self, ms: list[Mention]) -> list[Mention]:
        """``a``/``an`` read as one where a measurement unit's own name follows (``a gallon``).

        Only units of length, area, volume, mass and information, spelt out in full, and none whose
        name is also a common word (``a second look``, ``a bit more``, ``a foot``, ``a point``, ``a ton
        of``, ``a bar``): the reading is kept visible as a candidate note.
        """
        f = self.folded
        taken = [(m.start, m.end) for m in ms]
        added: list[Mention] = []
        for am in _ARTICLE_UNIT.finditer(f):
            word = am.group(2)
            if word.lower() in _ARTICLE_NOT_UNIT or any(a < am.end() and am.start() < b for a, b in taken):
                continue
            info = unit_or_none(word.lower())
            if info is None or not info.dims.items or any(d not in _ARTICLE_DIMS for d, _ in info.dims.items):
                continue
            if word.lower().rstrip("s") not in info.canonical.replace(" ", ""):
                continue         # only the unit's own name ("gallon"), never a symbol or an alias
            v = f"1 {word.lower()}"
            p = _parse(v, self.kilo)
            if p is None or unit_or_none(p.unit) != info:
                continue
            added.append(Mention(start=am.start(), end=am.end(), printed=self.doc.text[am.start():am.end()], value=v,
                                 number=p, unit=info, candidates=[f"'{am.group(1)}' read as one {word.lower()}"],
                                 kind="words", number_start=am.start(), number_end=am.start() + len(am.group(1)),
                                 unit_start=am.start(2)))
        for am in _ARTICLE_COUNT.finditer(f):
            if any(a < am.end() and am.start() < b for a, b in taken + [(m.start, m.end) for m in added]):
                continue
            word = am.group(2).lower()
            v = _ARTICLE_COUNT_VALUE.get(word, f"1 {word}")
            p = _parse(v, self.kilo)
            info = unit_or_none(p.unit) if p is not None else None
            if p is None or info is None:
                continue
            added.append(Mention(start=am.start(), end=am.end(), printed=self.doc.text[am.start():am.end()], value=v,
                                 number=p, unit=info, candidates=[f"'{am.group(1)}' read as one {word}"],
                                 kind="words", number_start=am.start(), number_end=am.start() + len(am.group(1)),
                                 unit_start=am.start(2)))
        return sorted(ms + added, key=lambda m: m.start) if added else ms

    # -- "absolute zero": 0 kelvin -----------------------------------------------------------------------
    def _absolute_zero(self, ms: list[Mention]) -> list[Mention]:
        """``absolute zero`` is 0 kelvin: the phrase replaces the bare ``zero`` read inside it."""
        added: list[Mention] = []
        for am in _ABSOLUTE_ZERO.finditer(self.folded):
            p = _parse("0 kelvin", self.kilo)
            info = unit_or_none("kelvin")
            if p is None or info is None:
                continue
            ms = [m for m in ms if not (m.start < am.end() and am.start() < m.end)]
            added.append(Mention(start=am.start(), end=am.end(), printed=self.doc.text[am.start():am.end()],
                                 value="0 kelvin", number=p, unit=info, kind="words",
                                 candidates=["'absolute zero' read as 0 kelvin"],
                                 number_start=am.start(), number_end=am.end(), unit_start=am.start()))
        return sorted(ms + added, key=lambda m: m.start) if added else ms

    # -- units that real text means otherwise: points, pc, mb ------------------------------------------
    def _ambiguous_units(self, ms: list[Mention]) -> None:
        """``points`` in a percentage or score context are percentage points (never printer's points);
        ``pc``, ``mb``, ``pts`` keep the registry's reading with the other one named as a candidate."""
        f = self.folded
        for m in ms:
            if m.unit_start < 0:
                continue
            word = f[m.unit_start:m.end].strip()
            low = word.lower()
            if low in ("point", "points", "pts", "pt"):
                line_start = f.rfind("\n", 0, m.start) + 1
                line_end = f.find("\n", m.end)
                around = f[max(line_start, m.start - 60):m.end + 60 if line_end < 0 else min(line_end, m.end + 60)]
                if _SCORE_CONTEXT.search(around) and not _TYPE_CONTEXT.search(around):
                    v = m.value[:len(m.value) - len(word)].rstrip() + " pp" if m.value.endswith(word) else ""
                    p = _parse(v, self.kilo) if v else None
                    info = unit_or_none(p.unit) if p is not None else None
                    if p is not None and info is not None:
                        m.value, m.number, m.unit = v, p, info
                        m.candidates.append(f"{word!r} read as percentage points (a percentage or score "
                                            "context); printer's points would be 'pt'")
                        continue
                if _TYPE_CONTEXT.search(around):
                    # Type sizes: the registry reads bare points as percentage points (claims mean
                    # scores); next to a font they are printer's points.
                    info = unit_or_none("printers_point")
                    if info is not None:
                        m.unit = info
                    m.candidates.append(f"{word!r} read as printer's points (a type-size context); after a "
                                        "percentage or a score it would be percentage points")
                    continue
                m.candidates.append(f"{word!r} read as {m.unit.canonical}; in a type-size context it would be "
                                    "printer's points, after a percentage or a score percentage points")
            elif word in _AMBIGUOUS_SYMBOLS:
                m.candidates.append(_AMBIGUOUS_SYMBOLS[word])
        for m in ms:
            if m.unit_start < 0 and m.number.kind == "number" and not m.number.unit and f.startswith("度", m.end):
                self._du(m)

    def _du(self, m: Mention) -> None:
        """``85度``: a degree Celsius where the sentence speaks of temperature, a kilowatt-hour where
        it speaks of electricity (1 度电 = 1 kWh); elsewhere (angles, 程度) it stays unread."""
        f = self.folded
        a = max(f.rfind(stop, 0, m.start) for stop in "。！？\n")
        b = min((i for i in (f.find(stop, m.end) for stop in "。！？\n") if i >= 0), default=len(f))
        sentence = f[a + 1:b]
        if "华氏" in sentence or "華氏" in sentence:
            unit, note = "Fahrenheit_reading", "度 read as degrees Fahrenheit (华氏 in the sentence)"
        elif re.search(r"温|溫|摄氏|攝氏|发烧|發燒|烧到", sentence):
            unit, note = "Celsius_reading", "度 read as degrees Celsius (a temperature context)"
        elif re.search(r"电|電", sentence):
            unit, note = "kWh", "度 read as kilowatt-hours (1 度电 = 1 kWh)"
        else:
            return
        reading = self._read(f"{m.value} {unit}")
        if reading is None:
            return
        m.value, m.number, m.unit = reading.value, reading.number, reading.unit
        m.unit_start, m.end = m.end, m.end + 1
        m.printed = self.doc.text[m.start:m.end]
        m.candidates.append(note)

    # -- accounting negatives: "($99.99)" --------------------------------------------------------------
    def _accounting_negatives(self, ms: list[Mention]) -> None:
        """An amount of money wrapped in parentheses is negative in accounts: ``($99.99)`` = -$99.99.

        Only an amount of money alone in its parentheses, sign first: ``(3)`` is a list number, ``(3 GB)``
        and ``($5 per kg)`` are asides.
        """
        f = self.folded
        for m in ms:
            money = len(m.unit.dims.items) == 1 and m.unit.dims.items[0][0].startswith("[currency")
            if m.start < 1 or m.end >= len(f) or f[m.start - 1] != "(" or f[m.end] != ")" or not money \
                    or not re.match(r"(?:US\$|\$|€|£|¥)", f[m.start:m.number_start]) \
                    or m.number.is_range or m.number.nominal <= 0:
                continue
            p = _parse("-" + m.value, self.kilo)
            if p is None or p.nominal >= 0:
                continue
            m.value, m.number = "-" + m.value, p
            m.start, m.end = m.start - 1, m.end + 1
            m.printed = self.doc.text[m.start:m.end]
            m.candidates.append("parentheses read as an accounting negative")

    # -- units shared by "73.7K/14.8K tokens/s", "640/410 TFLOPS" -------------------------------------
    def _share_units(self, ms: list[Mention]) -> None:
        f = self.folded
        for a, b in itertools.pairwise(ms):
            if a.unit.canonical or not b.unit.canonical or a.number.kind != "number" or b.number.kind != "number" \
                    or a.counted:
                continue
            gap = f[a.end:b.start]
            if gap.strip() in ("/", "、", "，", ",", "and", "or", "和", "与", "或") and b.start - a.end <= 5:
                v = _join(a.value, f[b.unit_start:b.end] if b.unit_start >= 0 else b.unit.text)
                p = _parse(v, self.kilo)
                info = unit_or_none(p.unit) if p else None
                if p is not None and info is not None and info.dims == b.unit.dims:
                    a.value, a.number, a.unit = v, p, info
                    a.candidates.append(f"unit shared with the next value ({b.printed})")


def extract_mentions(doc: Document, *, lang: str = "auto", kilo: int = 1000) -> list[Mention]:
    """Every numeric mention of ``doc`` in document order."""
    return Extractor(doc, lang=lang, kilo=kilo).mentions()


def detect_lang(text: str) -> str:
    """"zh" when CJK characters make up a noticeable part of the letters, else "en"."""
    sample = text[:20000]
    cjk = len(_CJK.findall(sample))
    latin = len(re.findall(r"[A-Za-z]", sample))
    return "zh" if cjk > 0.2 * (cjk + latin) and cjk > 5 else ("en" if cjk == 0 else "auto")
