"""What stands around a number token and belongs to its printed value: a qualifier or currency
before it, a multiplier, a percent sign or a range's second end after it, a qualifier after the
unit. The phrases are handed whole to the printed grammar, which reads them; this module only finds
where they stand."""

from __future__ import annotations

import re
from functools import lru_cache

from ..numbers import vocabulary
from .change_words import ADVERB, CHANGE, NEWS, words
from .chinese_counts import CJK
from .unit_words import COUNT_NOUN, unit_or_none

# Qualifiers come from the one vocabulary; the printed grammar reads every one of them, so the
# whole phrase ("no less than", "不超过") is handed to it and the relation is the grammar's.
POST_QUALIFIERS = {**vocabulary.SUFFIX_QUALIFIERS, "多": ">", "余": ">", "+": ">=", "-plus": ">="}
#: After the value: 以上 / 左右 / 多 / 余 (not 余额, a balance) / a glued + or -plus, or an English phrase
#: after a space ("30 or more").
_POST_QUALIFIER = re.compile(r"\s?(以上|以内|以下|左右|多|余(?![额額]))|(\+|-plus(?![A-Za-z\-]))(?!\s*[\d$¥€£(])"
                             r"|\s(" + vocabulary.alternation(
    k for k in vocabulary.SUFFIX_QUALIFIERS if k.isascii()) + r")(?![A-Za-z])"
                             # not a preposition of the clause: "rose 5% and over the year", "3 or under a tenth"
                             r"(?!\s+(?:the|a|an|this|that|these|those|its|his|her|their|our|[\d$€£¥])(?![A-Za-z]))")
#: (the room to see the word after an English phrase too)
_POST_WINDOW = max(map(len, vocabulary.SUFFIX_QUALIFIERS)) + 10
_EN_QUALS = [q for q in vocabulary.PREFIX_QUALIFIERS if q.isascii() and q[0].isalpha()]
_ZH_QUALS = [q for q in vocabulary.PREFIX_QUALIFIERS if not q.isascii()]
_QUAL_RE = re.compile(
    r"(?:(?<![A-Za-z])(?P<en>" + vocabulary.alternation(_EN_QUALS) + r")\s+"
    r"|(?P<sym>>=|<=|[~≈≥≤><]|&gt;|&lt;)\s?"
    r"|(?P<zh>" + vocabulary.alternation(_ZH_QUALS) + r")\s?)$", re.I)
#: The last character of every qualifier _QUAL_RE reads: a cheap test before the search (most
#: numbers have none, and a search anchored at the end tries every position of the window).
_QUAL_LAST = frozenset(c for q in _EN_QUALS + _ZH_QUALS + [">=", "<=", "~≈≥≤><", ";"]
                       for c in (q[-1], q[-1].lower(), q[-1].upper())) | frozenset("~≈≥≤><")
#: How far before a number its qualifier may start: the longest ("greater than or equal to ") and a space.
_QUAL_WINDOW = max(map(len, vocabulary.PREFIX_QUALIFIERS)) + 2
#: A currency sign or code right before the number ("US$5", "HK$ 3", "USD 200", "RM120").
CURRENCY_BEFORE = re.compile(
    r"(?<![A-Za-z])(?:" + vocabulary.alternation(k for k in vocabulary.CURRENCY_PREFIXES if not k.isalpha())
    + r")\s?$|(?<![A-Za-z])(?:" + vocabulary.alternation(
        k for k in vocabulary.CURRENCY_PREFIXES if k.isalpha() and k not in vocabulary.CHINESE_CURRENCY_NAMES)
    + r")\s?$|￥\s?$")
#: The last characters of the signs and codes CURRENCY_BEFORE reads: one is in the last three characters
#: before any number it matches before (the sign, a space, a line break), so a cheap test comes first.
_CURRENCY_LAST = frozenset(k[-1] for k in vocabulary.CURRENCY_PREFIXES) | {"￥"}


def currency_before(f: str, start: int) -> re.Match[str] | None:
    """CURRENCY_BEFORE's match right before ``start`` (within 7 characters), or None."""
    if _CURRENCY_LAST.isdisjoint(f[max(0, start - 3):start]):
        return None
    return CURRENCY_BEFORE.search(f, max(0, start - 7), start)


#: A currency's Chinese name right before the number (港币3000万元, 新臺幣120元); see chinese_currency_before.
CHINESE_CURRENCY_BEFORE = re.compile(r"(?:" + vocabulary.alternation(vocabulary.CHINESE_CURRENCY_NAMES) + r")\s?$")
#: 美元兑人民币7.1, 人民币对美元6.9: the number after the second name is a rate, not an amount of it.
_EXCHANGE_BEFORE = re.compile(r"[兑兌对對换換]\s?$")
#: What may follow a bare amount after 港币 / 人民币 (港币3000万，人民币500的): no unit or counted noun.
_BARE_AMOUNT_END = re.compile(r"$|[\s，。、；：,.;:!?！？)）的左以多余|]")
MULT_RE = re.compile(r"(?:[KkMBT](?![A-Za-z0-9])|MM(?![A-Za-z0-9])|[KMGT]i(?![A-Za-z])|\s?lakh\s+crores?(?![A-Za-z])"
                     # "a $3-billion deal", "a 40-million-dollar contract": the scale word as an adjective
                     r"|-(?:thousand|million|billion|trillion)(?![A-Za-z])"
                     r"|\s?(?:" + vocabulary.alternation(
    w for w in vocabulary.WORD_MULTIPLIERS if w != "hundred") + r"|hundred\s+(?:million|billion|thousand))(?![A-Za-z])"
    r"|\s{0,2}[多余餘]?(?:万亿|萬億|千万|千萬|百万|百萬|万万|萬萬|万|萬|亿|億)"
    # 15兆元, 2.5兆美元: 兆 before a currency is the trillion (兆瓦 and 100兆宽带 stay a unit's prefix)
    r"|兆(?=" + vocabulary.alternation({*vocabulary.YUAN_WORDS, *vocabulary.CHINESE_CURRENCY_NAMES}) + r")"
    # 5百元, 2千人: a hundred or thousand after digits (not 百分点, 千分之, nor the metric 千米 千克 千瓦)
    r"|\s?[百千佰仟](?![分米克瓦焦帕赫伏卡字百千万萬亿億]))")
def chinese_currency_before(f: str, start: int, pos: int) -> re.Match[str] | None:
    """The Chinese currency name printed right before the number at ``start`` (its value and scale end
    at ``pos``): 港币3000万元 and 新臺幣120元 are in that currency (the 元 is its unit word, not the
    yuan), 港币3000万 and 人民币500 too for the names news prints before a bare amount. None for
    a rate (美元兑人民币7.1) and where something other than 元 follows a name usually printed after
    the amount (美元500台)."""
    if start < 2 or (not CJK.match(f[start - 1]) and f[start - 1] != " "):
        return None
    cur = CHINESE_CURRENCY_BEFORE.search(f, max(0, start - 6), start)
    if cur is None or _EXCHANGE_BEFORE.search(f, max(0, cur.start() - 2), cur.start()):
        return None
    if f.startswith(vocabulary.YUAN_WORDS, pos) or (
            cur.group(0).strip() in vocabulary.NAMES_BEFORE_BARE_AMOUNT and _BARE_AMOUNT_END.match(f, pos)):
        return cur
    return None


#: Where a glued G or T is gigabytes or terabytes (16G内存, 1T硬盘, 显存24G), not a scale (1T is no
#: trillion there) nor a name (5G网络).
_STORAGE_CONTEXT = re.compile(r"硬盘|硬碟|固态|固態|存储|存儲|内存|內存|显存|顯存|闪存|閃存|容量|空间|空間|网盘|網盤|"
                              r"云盘|雲盤|U盘|SSD|HDD|RAM|ROM")


def storage_letter(f: str, start: int, pos: int) -> str:
    """"GB" or "TB" for the G or T glued at ``f[pos]`` after the number starting at ``start`` in words
    of storage (16G内存, 1T硬盘, 存储扩展至2T), else ""."""
    if f[pos:pos + 1] not in ("G", "T") or (f[pos + 1:pos + 2].isascii() and f[pos + 1:pos + 2].isalnum()):
        return ""
    return f[pos] + "B" if _STORAGE_CONTEXT.search(f[max(0, start - 6):start] + " " + f[pos + 1:pos + 5]) else ""


#: 8GB+128GB, 12GB+512GB: a phone's memory and storage joined by a plus, two sizes (no sign, no sum).
_MEMORY_PLUS = re.compile(r"\d\s?[GT]B$")
_MEMORY_AFTER = re.compile(r"\s?[GT]B(?![A-Za-z])")


def memory_plus(f: str, start: int, end: int) -> bool:
    """Whether the "+" that starts the number at ``f[start:end]`` joins two sizes (8GB+128GB)."""
    return f.startswith("+", start) and _MEMORY_AFTER.match(f, end) is not None \
        and _MEMORY_PLUS.search(f, max(0, start - 8), start) is not None


#: "1.5 lakh crore" is 1.5 × 10^5 × 10^7 = 1.5 trillion (the grammar reads one scale word).
LAKH_CRORE = re.compile(r"lakh\s+crores?", re.I)
#: After money, lower-case scale letters: "£35m", "$4.2b" (35m alone is metres).
MONEY_MULT_RE = re.compile(r"(?:" + vocabulary.alternation(vocabulary.MONEY_LETTER_MULTIPLIERS) + r")(?![A-Za-z0-9])")
PCT_RE = re.compile(r"-(?:percentage-points?|basis-points?|per-cent|bps?)(?![A-Za-z])"   # "a 50-basis-point cut"
                    r"|\s?(?:%|‰|pp(?![A-Za-z])|[个個][多余餘]?百分[点點]|百分[点點]|倍|percentage points?(?![A-Za-z])"
                    # 25 basis points, 25bp, 25 bps (the extractor checks the sentence: bits/s, base pairs)
                    r"|basis points?(?![A-Za-z])|bps?(?![A-Za-z/])|[个個]?基[点點]"
                    # 八折, 9.5折: a discount to that share of the price (折合 converts, 折旧 depreciates)
                    r"|(?<=[\d一二三四五六七八九两])折(?![合算旧叠腾射磨服断返回线纸])"
                     r"|percent(?![A-Za-z])|per ?cent(?![A-Za-z])"
                     r"|(?<=[\d.KkMBT%])[×xX](?![A-Za-z0-9]|\s*[\d$¥€£(])| [×xX](?=\s*(?:[,.;:)、，。；）]|$)))")
#: The first characters (after at most two spaces) of what MULT_RE and PCT_RE match: a number followed by
#: none of them in its next three characters has no scale or percent sign, and neither pattern is tried
#: (their alternations have no first character re could look for: 2 µs a number).
_SCALE_FIRST = frozenset("KkMBTG-lh多余餘万萬亿億千百兆佰仟" + "".join({w[0] for w in vocabulary.WORD_MULTIPLIERS}))
_PERCENT_FIRST = frozenset("-%‰p个個百倍b基折×xX")
#: The first characters (after at most one space) of what _POST_QUALIFIER matches.
_POST_FIRST = frozenset("以左多余+-" + "".join({w[0] for w in vocabulary.SUFFIX_QUALIFIERS if w.isascii()}))


def scale_after(f: str, pos: int) -> re.Match[str] | None:
    """MULT_RE's match at ``pos`` (a scale word or letter after a number), or None."""
    return MULT_RE.match(f, pos) if not _SCALE_FIRST.isdisjoint(f[pos:pos + 3]) else None


def percent_after(f: str, pos: int) -> re.Match[str] | None:
    """PCT_RE's match at ``pos`` (a percent sign, points, 倍 … after a number), or None."""
    return PCT_RE.match(f, pos) if not _PERCENT_FIRST.isdisjoint(f[pos:pos + 3]) else None


RANGE_SEP = re.compile(r"\s?(?:-|–|—|~|～|至|到)\s?|-?\s(?:to|and)\s")   # "8- to 16-meter"
#: Between two mentions with the same unit: "44 mg to 50 mg", "between 44 mg and 50 mg".
UNIT_RANGE_GAP = re.compile(r"\s*(?:to|–|—|-|~|～|至|到)\s*|\s+and\s+", re.I)
#: "from A to B" is a change (relations.py) unless the verb says the values span a range.
RANGE_FROM = re.compile(r"(?:\brang(?:e|es|ed|ing)|\bvar(?:y|ies|ied|ying))\s+from\s*$", re.I)

#: A verb of change right before "A to B": "fell 0.2% to 4.5%" goes to B, it spans no range.
#: (the verbs of change_words; not save / improve: "saves 20 to 30%" is a range of savings)
CHANGE_BEFORE = re.compile(r"(?:" + words(None, (CHANGE, ADVERB, NEWS), lang="en", but=("save", "improve"))
                           + r")(?:\s+[a-z]+){0,2}\s+(?:by\s+)?$", re.I)
#: "每 token 229 KB", "每 GPU 小时 2 美元", "每台 …": the per-word printed before the number.
#: A price's verb may stand between (每盎司升至2050美元, 每桶跌至60美元, 每股收于45元).
PER_BEFORE = re.compile(r"每\s?([A-Za-z][\w\-]*(?:\s?[\u4e00-\u9fff]{1,2})?|[\u4e00-\u9fff]{1,4}?)"
                        r"(?:升至|涨至|漲至|跌至|降至|回落至|上涨至|上漲至|下跌至|收于|收於|收报|收報|报|報|约为|約為|约|約"
                        r"|仅为|僅為|仅|僅|高达|高達|达|達|为|為)?\s?$")
#: "a year earlier", "a day ago" name a time, not a denominator.
RATE_ARTICLE = re.compile(r" (an?) ([A-Za-z]+)(?![A-Za-z\-])"
                          r"(?! (?:earlier|ago|before|later|after|prior|previously|back)\b)")
_PLURAL_NOUN = re.compile(r" ([a-z]{3,}s)(?![A-Za-z\-])")


#: A sentence that counts people or money around a glued "m" ("the population grew by 1.5m"), and one
#: that measures lengths (where the m stays metres: "a 100m sprint", "1.8m tall").
_COUNT_CONTEXT = re.compile(r"\b(?:population|people|residents|inhabitants|users|customers|subscribers|viewers|"
                            r"visitors|voters|downloads|members|employees|workers|jobs|households|homes|copies|"
                            r"sales|revenue|raised|funding|profits?|budget|valued|worth)\b", re.I)
_LENGTH_CONTEXT = re.compile(r"\b(?:tall|high|height|long|length|deep|depth|wide|width|metres?|meters?|distance|"
                             r"altitude|elevation|sprint|race|swim|dash|jump|hurdles|relay|freestyle)\b", re.I)


#: Lower-case letters glued to a number that are a scale before a counted noun: the scale, the unit the
#: letter is elsewhere and that unit's dimension ("35m devices" are 35 million, not metres; "7b parameters"
#: 7 billion, not bits).
_COUNT_SCALE_LETTERS = {"m": ("M", "metres", "[length]"), "b": ("B", "bits", "[information]")}
#: A model's size before the singular noun ("the 7b model", "a 70b checkpoint"): billions of parameters.
_MODEL_AFTER = re.compile(r"[ -](?:model|checkpoint|LLM|base|instruct|chat)(?![A-Za-z])", re.I)


def count_scale_letter(f: str, pos: int) -> tuple[str, str] | None:
    """(scale, the letter's other reading) when the letter glued at ``f[pos]`` is a scale: ``35m devices``,
    ``10m users``, ``7b parameters`` before a plural noun that is no unit of the letter's kind (nor a race:
    the 110m hurdles); ``the 7b model``; at the end of a phrase in a sentence that counts people or money
    (``the population grew by 1.5m to 67.2m``) and measures no length. Else None."""
    letter = f[pos:pos + 1]
    if letter not in _COUNT_SCALE_LETTERS or f[pos - 1:pos] == " ":
        return None
    scale, other, dim = _COUNT_SCALE_LETTERS[letter]
    if pos + 1 == len(f):
        return (scale, other) if _counted(f, pos) else None
    m = _PLURAL_NOUN.match(f, pos + 1)
    if m is not None:
        # "35m devices", "1.5m units", "3m tokens", "7b parameters": metres or bits of a counted thing make
        # no sense; a unit of the letter's kind after it (10m feet) or a race (the 110m hurdles) keeps the unit
        noun = m.group(1)
        if letter == "b":
            # bits of words, integers, registers make sense ("32b words"): only nouns that are counted
            counted = (COUNT_NOUN.match(f, pos + 1) is not None and noun != "words") \
                or _COUNT_CONTEXT.fullmatch(noun) is not None
            return (scale, other) if counted else None
        unit = unit_or_none(noun) or unit_or_none(noun[:-1])
        if (unit is None or unit.dims.items != ((dim, 1),)) and _LENGTH_CONTEXT.match(noun) is None:
            return scale, other
        return None
    if letter == "b" and _MODEL_AFTER.match(f, pos + 1):
        return scale, other
    if not (f[pos + 1].isalnum() or f[pos + 1] in "²³^/-") and _counted(f, pos):
        return scale, other
    return None


def _counted(f: str, pos: int) -> bool:
    window = f[max(0, pos - 80):pos + 40]
    return _COUNT_CONTEXT.search(window) is not None and _LENGTH_CONTEXT.search(window) is None


def join_parts(*parts: str) -> str:
    out = ""
    for p in parts:
        if not p:
            continue
        if (out and ((out[-1].isascii() and out[-1].isalnum()) or out[-1] in "%×)")
                and (p[0].isascii() and p[0].isalpha())) \
                or (out and out[-1].isascii() and out[-1].isalpha() and (p[0].isdigit() or p[0] in "$€£¥-+")):
            out += " "
        elif out and out[-1].isascii() and out[-1].isalnum() and CJK.match(p[0]):
            out += " "
        out += p
    return out


#: "adds up to", "added up to", "adding up to": the sum a thing comes to, not "at most"
_ADDS_UP_BEFORE = re.compile(r"\badd(?:s|ed|ing)?\s*$", re.I)
#: A gain or lead before "over": "an 11% improvement over 33.5", "a 2.8-point lead over", "1.4x speed-up over"
_COMPARED_OVER = re.compile(r"\b(?:improvements?|gains?|increases?|leads?|advantages?|speed-?ups?|margins?|"
                            r"premiums?|edge|boost|uplift|wins?|improv(?:es|ed)|gain(?:s|ed)|leads?|led)\s*$", re.I)
#: Characters that make a verb with 超 (赶超 overtake, 反超 pull ahead, 高超 superb): no qualifier.
_CHAO_WORDS = frozenset("赶趕反高")


def qualifier_before(f: str, start: int) -> tuple[int, str, str | None] | None:
    """(start, qualifier text, relation override) of a qualifier right before ``start``."""
    lo, j = max(0, start - _QUAL_WINDOW), start - 1
    while j >= lo and f[j].isspace():
        j -= 1
    if j < lo or f[j] not in _QUAL_LAST:
        return None
    found = _qualifier_at_end(f[max(0, start - _QUAL_WINDOW):start])
    if found is not None and found[1] == "超" and f[start - found[0] - 1:start - found[0]] in _CHAO_WORDS:
        return None      # 赶超3家: "overtook three", no "more than"
    if found is not None and found[1] in (">", ">=") and f[start - found[0] - 1:start - found[0]] in ("-", "=", "—"):
        return None      # "7.6 -> 12.5 ms", "A => B": an arrow, no "more than"
    if found is not None and found[1].lower() == "up to" and _ADDS_UP_BEFORE.search(f, max(0, start - found[0] - 12),
                                                                                   start - found[0]):
        return None      # "adds up to 259.2 litres": a sum, no bound
    if found is not None and found[1].lower() == "over" and _COMPARED_OVER.search(f, max(0, start - found[0] - 24),
                                                                                  start - found[0]):
        return None      # "an 11% relative improvement over 33.5": the value compared with, no "more than"
    return (start - found[0], found[1], None) if found is not None else None


@lru_cache(maxsize=1 << 14)
def _qualifier_at_end(window: str) -> tuple[int, str] | None:
    """(length, qualifier text) of the qualifier ending ``window``; cached per window (the search
    anchored at the end tries every position, and documents repeat their phrases)."""
    m = _QUAL_RE.search(window)
    if not m:
        return None
    q = (m.group("en") or m.group("sym") or m.group("zh") or "").strip()
    if q in ("&gt;",):
        q = ">"
    if q in ("&lt;",):
        q = "<"
    return len(m.group(0)), q



def post_qualifier(f: str, uend: int, plus: bool, unit_text: str) -> tuple[str | None, str, re.Match[str] | None]:
    """(relation, word, match) of a qualifier after the value: 以上 / 左右 / 多 / +."""
    post = _POST_QUALIFIER.match(f[uend:uend + _POST_WINDOW]) \
        if uend < len(f) and not _POST_FIRST.isdisjoint(f[uend:uend + 2]) else None
    if post and post.group(2) and uend > 0 and f[uend - 1] == " ":
        post = None
    if plus:
        # "40+ GiB/s": the "+" before the unit is the qualifier; what follows the unit is not read
        # as a second one ("91%+B+千" crashed here on an empty word).
        return ">=", "", None
    post_word = (post.group(1) or post.group(2) or post.group(3)) if post else ""
    post_rel = None
    if post and (post_word != "多" or not unit_text):
        post_rel = POST_QUALIFIERS[post_word]
    return post_rel, post_word, post

