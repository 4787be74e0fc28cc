"""What stands around a number token and belongs to its printed value: a qualifier or currency
before it, a multiplier, a percent sign or a range's second end after it, a qualifier after the
unit. The phrases are handed whole to the printed grammar, which reads them; this module only finds
where they stand."""

from __future__ import annotations

import re
from functools import lru_cache

from ..numbers import vocabulary
from .chinese_counts import CJK
from .unit_words import unit_or_none

# Qualifiers come from the one vocabulary; the printed grammar reads every one of them, so the
# whole phrase ("no less than", "不超过") is handed to it and the relation is the grammar's.
POST_QUALIFIERS = {**vocabulary.SUFFIX_QUALIFIERS, "多": ">", "余": ">", "+": ">=", "-plus": ">="}
#: After the value: 以上 / 左右 / 多 / a glued +, or an English phrase after a space ("30 or more").
_POST_QUALIFIER = re.compile(r"\s?(以上|以内|以下|左右|多|余)|(\+|-plus(?![A-Za-z\-]))(?!\s*[\d$¥€£(])|\s("
                             + vocabulary.alternation(
    k for k in vocabulary.SUFFIX_QUALIFIERS if k.isascii()) + r")(?![A-Za-z])")
_POST_WINDOW = max(map(len, vocabulary.SUFFIX_QUALIFIERS)) + 2
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
    + r")\s?$|(?<![A-Za-z])(?:" + vocabulary.alternation(k for k in vocabulary.CURRENCY_PREFIXES if k.isalpha())
    + r")\s?$|￥\s?$")
MULT_RE = re.compile(r"(?:[KkMBT](?![A-Za-z0-9])|[KMGT]i(?![A-Za-z])|\s?lakh\s+crores?(?![A-Za-z])"
                     # "a $3-billion deal", "a 40-million-dollar contract": the scale word as an adjective
                     r"|-(?:thousand|million|billion|trillion)(?![A-Za-z])"
                     r"|\s?(?:" + vocabulary.alternation(
    w for w in vocabulary.WORD_MULTIPLIERS if w != "hundred") + r"|hundred\s+(?:million|billion|thousand))(?![A-Za-z])"
    r"|\s{0,2}[多余餘]?(?:万亿|萬億|千万|千萬|百万|百萬|万万|萬萬|万|萬|亿|億)"
    # 5百元, 2千人: a hundred or thousand after digits (not 百分点, 千分之, nor the metric 千米 千克 千瓦)
    r"|[百千佰仟](?![分米克瓦焦帕赫伏卡字百千万萬亿億]))")
#: "1.5 lakh crore" is 1.5 × 10^5 × 10^7 = 1.5 trillion (the grammar reads one scale word).
LAKH_CRORE = re.compile(r"lakh\s+crores?", re.I)
#: After money, lower-case scale letters: "£35m", "$4.2b" (35m alone is metres).
MONEY_MULT_RE = re.compile(r"(?:" + vocabulary.alternation(vocabulary.MONEY_LETTER_MULTIPLIERS) + r")(?![A-Za-z0-9])")
PCT_RE = re.compile(r"-(?:percentage-points?|basis-points?|per-cent|bps?)(?![A-Za-z])"   # "a 50-basis-point cut"
                    r"|\s?(?:%|‰|pp(?![A-Za-z])|[个個]百分[点點]|百分[点點]|倍|percentage points?(?![A-Za-z])"
                    # 25 basis points, 25bp, 25 bps (the extractor checks the sentence: bits/s, base pairs)
                    r"|basis points?(?![A-Za-z])|bps?(?![A-Za-z/])"
                    # 八折, 9.5折: a discount to that share of the price (折合 converts, 折旧 depreciates)
                    r"|(?<=[\d一二三四五六七八九两])折(?![合算旧叠腾射磨服断返回线纸])"
                     r"|percent(?![A-Za-z])|per ?cent(?![A-Za-z])"
                     r"|(?<=[\d.KkMBT%])[×xX](?![A-Za-z0-9]|\s*[\d$¥€£(])| [×xX](?=\s*(?:[,.;:)、，。；）]|$)))")
RANGE_SEP = re.compile(r"\s?(?:-|–|—|~|～|至|到)\s?|-?\s(?:to|and)\s")   # "8- to 16-meter"
#: Between two mentions with the same unit: "44 mg to 50 mg", "between 44 mg and 50 mg".
UNIT_RANGE_GAP = re.compile(r"\s*(?:to|–|—|-|~|～|至|到)\s*|\s+and\s+", re.I)
#: "from A to B" is a change (relations.py) unless the verb says the values span a range.
RANGE_FROM = re.compile(r"(?:\brang(?:e|es|ed|ing)|\bvar(?:y|ies|ied|ying))\s+from\s*$", re.I)

#: A verb of change right before "A to B": "fell 0.2% to 4.5%" goes to B, it spans no range.
CHANGE_BEFORE = re.compile(
    r"\b(?:rose|ris(?:e|es|en|ing)|fell|fall(?:s|en|ing)?|increas\w*|decreas\w*|grew|grow\w*|climb\w*|drop\w*|"
    r"jump\w*|slip\w*|slid(?:e|es|ing)?|gain\w*|lost|los(?:e|es|ing)|declin\w*|surg\w*|soar\w*|plung\w*|"
    r"tumbl\w*|cut(?:s|ting)?|rais\w*|lower\w*|up|down|add\w*|shed\w*|edg\w*|widen\w*|narrow\w*|sank|sink\w*|"
    r"rebound\w*|advanc\w*|retreat\w*|boost\w*|reduc\w*|expand\w*|shr[iu]nk\w*|slump\w*|rall\w*|"
    r"revis\w*|trim\w*|hik\w*)(?:\s+[a-z]+){0,2}\s+(?:by\s+)?$", re.I)
#: "每 token 229 KB", "每 GPU 小时 2 美元", "每台 …": the per-word printed before the number.
PER_BEFORE = re.compile(r"每\s?([A-Za-z][\w\-]*(?:\s?[\u4e00-\u9fff]{1,2})?|[\u4e00-\u9fff]{1,4})\s?$")
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


def million_m(f: str, pos: int) -> bool:
    """``35m devices``, ``10m users``: a glued ``m`` before a plural noun that is no unit is million;
    so is one at the end of a phrase in a sentence that counts people or money (``the population grew
    by 1.5m to 67.2m``) and measures no length."""
    if not f.startswith("m", pos) or f[pos - 1:pos] == " ":
        return False
    if pos + 1 == len(f):
        return _counted(f, pos)
    m = _PLURAL_NOUN.match(f, pos + 1)
    if m is not None:
        # "35m devices", "1.5m units", "3m tokens", "2m barrels": metres of a counted or measured thing
        # make no sense; a length unit after it (10m feet) or a race (the 110m hurdles) keeps the metres
        noun = m.group(1)
        unit = unit_or_none(noun) or unit_or_none(noun[:-1])
        return (unit is None or unit.dims.items != (("[length]", 1),)) and _LENGTH_CONTEXT.match(noun) is None
    return not (f[pos + 1].isalnum() or f[pos + 1] in "²³^/-") and _counted(f, pos)


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


def qualifier_before(f: str, start: int) -> tuple[int, str, str | None] | None:
    """(start, qualifier text, relation override) of a qualifier right before ``start``."""
    lo, j = max(0, start - _QUAL_WINDOW), start - 1
    while j >= lo and f[j].isspace():
        j -= 1
    if j < lo or f[j] not in _QUAL_LAST:
        return None
    found = _qualifier_at_end(f[max(0, start - _QUAL_WINDOW):start])
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
        if uend < len(f) else None
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

