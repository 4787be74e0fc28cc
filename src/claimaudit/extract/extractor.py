"""The extractor: every number token of a document (:func:`claimaudit.numbers.scan.scan_numbers`)
not ruled out as an identifier, date or label (:mod:`.falsepos`), read with what stands around it
(:mod:`.number_affixes`) and the unit words after it (:mod:`.unit_words`), then the readings that
depend on the neighbours (:mod:`.context_readings`, :mod:`.article_readings`)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from ..gcpause import paused_gc
from ..numbers import vocabulary
from ..numbers.printed import CHENG_WORD_STARTS, PrintedNumber
from ..numbers.scan import NumberToken, fold, scan_numbers
from . import article_readings, context_readings
from .chinese_counts import CJK, count_span, lone_numeral, signed_numeral, standalone_numeral
from .column_units import column_reading
from .document import Document
from .falsepos import false_positive
from .mention import Mention, Reading, read_value
from .number_affixes import (
    CHANGE_BEFORE,
    LAKH_CRORE,
    MONEY_MULT_RE,
    MULT_RE,
    PCT_RE,
    PER_BEFORE,
    RANGE_SEP,
    RATE_ARTICLE,
    chinese_currency_before,
    count_scale_letter,
    currency_before,
    join_parts,
    memory_plus,
    percent_after,
    post_qualifier,
    qualifier_before,
    scale_after,
    storage_letter,
)
from .unit_words import (
    CJK_AMBIGUOUS,
    COUNT_NOUN,
    MEASURE_WORDS,
    TEMPERATURE_CONTEXT,
    is_unit,
    unit_after,
    unit_name,
    unit_or_none,
)

_BELOW_ZERO = re.compile(r"零下\s?$")
#: 个 between a number and 亿: 两个亿, 三个多亿, 5个亿 (2亿, more than 3亿, 5亿).
_GE_YI = re.compile(r"[个個]([多余餘]?)(亿|億)")
#: A Chinese numeral, 多/余/几 and a scale: 十多万, 二十几万, 三百余亿.
_CN_MORE_THAN_SCALE = re.compile(r"[多余餘几幾](万亿|萬億|千万|千萬|百万|百萬|万|萬|亿|億)")
_FROM_OR_BETWEEN = re.compile(r"(?:\bfrom|从|由|\bbetween)\s*\S*\s*$", re.I)
_BETWEEN = re.compile(r"between\s+$", re.I)
_BETWEEN_WORD = re.compile(r"\bbetween\s+$", re.I)
_AND_GAP = re.compile(r"\s(?:[A-Za-z]+\s)?and\s")
_PLUS_MINUS = re.compile(r"\s*(?:±|\+/-|\+-)\s*")
#: "40+ GiB/s": a "+" between the number and its unit.
_PLUS_BEFORE_UNIT = re.compile(r"\+(?=\s?[A-Za-z\u4e00-\u9fff])")
_CONTEXT_LENGTH = re.compile(r"(?:context|上下文|窗口|序列|sequence)", re.I)


#: The next line goes on with the paragraph (no list item, heading, quote, table row or number first).
_WRAP_GOES_ON = re.compile(r"[ \t]{0,3}(?![-*+>#|]\s|\d)[A-Za-z\u4e00-\u9fff$€£¥%/]")


def _unit_after_wrap(f: str, kind: str, pos: int, limit: int, candidates: list[str]) -> tuple[tuple | None, int]:
    """The unit of a value that ends a wrapped line, printed at the start of the next ("约 76.6 万\ntokens/s"):
    the paragraph's soft break read as a space (the words of the next line up to its end)."""
    nxt = f.find("\n", limit + 1)
    nxt = len(f) if nxt < 0 else nxt
    lo = max(0, pos - 16)
    window = f[lo:limit] + " " + f[limit + 1:nxt]
    got, end = unit_after(window, kind, pos - lo, len(window), candidates)
    if got is None:
        return None, pos
    text, ustart, uend, info = got
    return (text, ustart + lo, uend + lo, info), end + lo


def _names_a_length(window: str) -> bool:
    """_CONTEXT_LENGTH's search, after a test of its words in the casefolded window (as re.I reads "ſequence")."""
    folded = window.casefold()
    return any(w in folded for w in ("context", "sequence", "上下文", "窗口", "序列")) \
        and _CONTEXT_LENGTH.search(window) is not None
#: "one" before another number word of a list or a range ("one, two and three", "one or two", "from one
#: to ten") is the number, not the article ("one of the two", "one to one" stay out).
_ONE_BESIDE_NUMBER = re.compile(r"(?:,\s*|\s+(?:or|to)\s+)(?:two|three|four|five|six|seven|eight|nine|ten|eleven"
                                r"|twelve|twenty|thirty|forty|fifty|a hundred|a dozen)(?![A-Za-z])", re.I)
_NUMBER_WORD = (r"(?:zero|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\w+teen|twenty|thirty|forty|"
                r"fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion)")
#: "one" after another number of a pair ("three to one", "won two to one", "two or one") or of a list
#: ("5, one"): the number before stands alone (not the 16 of "BF16, one 80 GB GPU").
_ONE_AFTER_NUMBER = re.compile(r"(?:(?<![\w.])\d+|(?<![a-z])" + _NUMBER_WORD
                               + r")(?:\s+(?:to|or|versus|vs\.?)\s+|,\s*)$", re.I)
#: "one" as what a number's name is or equals ("The answer is one.", "the count was one", "x = one").
_ONE_AFTER_COPULA = re.compile(r"(?:(?<![A-Za-z])(?:answer|result|number|value|total|count|sum|score|difference"
                               r"|product|quotient|remainder|ratio|rank|[xynk])\s+(?:is|was|equals|becomes)"
                               r"|\bequals|=)\s+$", re.I)
#: "one" as an operand: "one plus one", "two times one", "divided by one", "one is 1".
_ONE_OPERAND_BEFORE = re.compile(r"(?<![A-Za-z])(?:plus|times|divided by|multiplied by)\s+$", re.I)
_ONE_OPERAND_AFTER = re.compile(r"\s+(?:plus|times|divided by|multiplied by|equals|is (?=\d))(?![A-Za-z])", re.I)
#: A determiner that makes "one" a pronoun ("this one is 3x faster", "each one equals", "the one").
_PRONOUN_ONE_BEFORE = re.compile(r"(?<![A-Za-z])(?:the|this|that|each|every|which|no|any|another|last|first|next"
                                 r"|other|new|old|same|only|big|small|good|best)\s+$", re.I)
#: What ends a lone "one": the end of its line or cell, or a final mark there.
_ONE_LINE_END = re.compile(r"[ \t]*(?:[.!?][ \t]*)?(?:$|\n|\|)")
_ONE_CLAUSE_END = re.compile(r"\s*(?:$|\n|\||[.;!?](?!\w)|,)")


#: Two scale characters without a digit (百万, 千万, 百亿, 千亿, 万亿): one of that size before what it counts.
_SCALE_PAIR = re.compile(r"[百千万萬亿億][万萬亿億]")
#: What a bare scale counts: a measure word (千万次, 上千家, 千亿级) or people, users and parameters. Other
#: nouns stay out: names of programmes (百亿补贴) and orders of magnitude (万亿市值) are no amounts.
_SCALE_COUNTED = re.compile(r"[个個条條件位名家台张張次级級]|参数|參數|用户|用戶|量级|量級"
                            r"|人(?![民们們工类類士物生才格气氣心性])")
#: What 千万 is followed by as the adverb "by all means" (千万别忘, 千万要小心, 千万记住): no count.
_ADVERB_AFTER_SCALE = frozenset("别別莫勿要记記注小当當保慎得可能会會该該应應必务務请請让讓把都就也还還")


def _scale_count(f: str, start: int, end: int) -> bool:
    """A bare pair of scales counts the people, users, parameters or measure word after it (千亿参数,
    百万用户, 千亿级, 千万次): one 10^11, 10^6, … of them; so does one scale after 上 (上亿用户, 上万人).
    Not the adverb 千万 (千万别忘), a name (百亿补贴, 百万富翁) nor a single scale elsewhere (万物, 万一)."""
    reaching = end - start == 1 and f[start] in "百千万萬亿億" and f[start - 1:start] == "上" \
        and f[start - 2:start - 1] not in _ON_PLACE_BEFORE      # 上亿用户, 上万人: reaching that size
    pair = end - start == 2 and _SCALE_PAIR.fullmatch(f, start, end) is not None
    if not (reaching or pair) or f[end:end + 1] in _ADVERB_AFTER_SCALE or f[start - 1:start] == "每":
        return False          # 每百万输出 token: the size a price is per
    return _SCALE_COUNTED.match(f, end) is not None


def one_is_number(f: str, start: int, end: int) -> bool:
    """A lone ``one`` that stands for the number, not the article or the pronoun: after another
    number of a pair or a list, alone in its line or table cell, what a number's name is at the end
    of its clause, or an operand ("one plus one"). "one of them", "one-off", "this one" stay out."""
    before = f[max(0, start - 16):start]
    if f.startswith((" of", "-"), end) or _PRONOUN_ONE_BEFORE.search(before):
        return False
    if _ONE_OPERAND_BEFORE.search(before) or _ONE_OPERAND_AFTER.match(f, end):
        return True
    if _ONE_AFTER_NUMBER.search(before):
        return "," not in before[-3:] or _ONE_CLAUSE_END.match(f, end) is not None
    if _ONE_CLAUSE_END.match(f, end) is None:
        return False
    i = start
    while i > 0 and f[i - 1] in " \t":
        i -= 1
    if (i == 0 or f[i - 1] in "\n|") and _ONE_LINE_END.match(f, end):
        return True
    return _ONE_AFTER_COPULA.search(f, max(0, start - 24), start) is not None


#: The tenth after 成 (三成五 = 35%), where no other word starts with it.
_CHENG_TENTHS = re.compile(r"([一二三四五六七八九1-9])(?=$|[\s的左以多，。、；：,.;:!?！？)）])")
_WHOLE = re.compile(r"\d+")
#: What may follow the 半 of 两倍半 (not 半年, 半径: a half of something else).
_HALF_AFTER_TIMES = re.compile(r"$|[\s的左以多，。、；：,.;:!?！？)）]")
_CN_DIGITS = "〇一二三四五六七八九"
_CN_NUMERAL_CHARS = frozenset(_CN_DIGITS + "零两兩十百千万萬亿億")
_MIL_BEFORE_MONEY = re.compile(r"\s?mil(?=\s?(?:" + vocabulary.alternation(
    w for w in vocabulary.CURRENCY_SUFFIXES if w.isascii() and w[0].isalpha()) + r")(?![A-Za-z]))")
_INDIAN_GROUPS = re.compile(r"(?:,\d{2})+,\d{3}(?:\.\d+)?(?![\d,])")
_SPACED_MONEY_SCALE = re.compile(r" [KMB](?![A-Za-z0-9/])(?!\s?(?:[A-Za-z]*[Bb]ytes?)\b)")
#: A scale letter printed apart from a plain number: "2.33 k", "-2.5 M", "1,674,200.5 M", "3 M tokens". Read as
#: the scale, the other reading kept as a candidate; only where the letter ends the phrase or a lower-case
#: word follows (not "5 K GPUs"-like names, "3 M Company"). K is kelvin where the sentence speaks of heat,
#: M molar where it speaks of solutions (see _spaced_scale).
_SPACED_SCALE = re.compile(r" {1,2}([kKM])(?=\s*$|[ \t]*\n|\s*[,;:)!?]|\.\s|\.$| [a-z])")
_MOLAR_CONTEXT = re.compile(r"solution|concentrat|molar|\bmol\b|buffer|\bacid|\bHCl\b|NaCl|dissolv|titrat", re.I)
_SPACED_SCALE_OTHER = {"k": "a variable k or the Boltzmann constant", "K": "kelvin", "M": "molar"}
#: "bps" means bits per second where the sentence speaks of a network or a data rate.
_NETWORK_CONTEXT = re.compile(r"modem|baud|bandwidth|network|\blink|throughput|\bbits?\b|data rate|serial|"
                              r"connection|download|upload|transfer|ethernet|wi-?fi|带宽|网络|速率", re.I)
_COUNTED_BEFORE_QUALIFIER = MEASURE_WORDS | {"人"}
#: 多/余 between digits and their unit (3000多元), or after the measure word (3个多小时).
_MORE_BEFORE_UNIT = re.compile(r"[个個]?(?:多(?![少么麼数數])|[余餘](?![额額]))")
#: Words ending in 上 before a bare scale (加上 plus, 马上 at once, 以上 above, 之上, 向上).
_SHANG_WORDS = frozenset("加马馬以之向再而早晚路身")
#: … and places that 上 is "on" (网上 online, 会上 at the meeting, 桌上): 网上万人围观 is no "reaching 10^4".
_ON_PLACE_BEFORE = _SHANG_WORDS | frozenset("网網线線桌会會手台场場街书書纸紙墙牆楼樓岸天面图圖世")
_TENTHS_OF_YUAN = ("毛钱", "毛錢", "角钱", "角錢")
#: "bp" means base pairs where the sentence speaks of DNA.
_BASE_PAIR_CONTEXT = re.compile(r"\bgen(?:e|es|ome|omic)|DNA|RNA|sequenc|primer|PCR|fragment|plasmid|nucleotide|"
                                r"chromosom|\breads?\b|amplicon|碱基|基因", re.I)
_SCALE_WORDS = {"thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12}


def _no_unit_words(f: str, pos: int, limit: int) -> bool:
    """Whether no unit word can start after ``pos``: only spaces or tabs, then the limit or an ASCII
    character that is no letter and no operator of a unit (a digit, punctuation, a table's "|"), where
    :func:`.unit_words.unit_tokens` finds no token, so :func:`.unit_words.unit_after` answers
    ``(None, pos)``; known here without reading the words (most table cells, most list items)."""
    n = min(len(f), limit)
    i = pos
    while i < n and f[i] in " \t":
        i += 1
    return i >= n or (f[i].isascii() and not f[i].isalpha() and f[i] not in "/*-$")


def _descending(first: str, second: str) -> bool:
    """The second end of a printed pair is below the first ("51 to 49"), read as plain numbers."""
    try:
        return Fraction(first.replace(",", "")) > Fraction(second.replace(",", "").lstrip("-−"))
    except (ValueError, ZeroDivisionError):
        return False


def _spaced_scale(f: str, start: int, pos: int) -> str | None:
    """The scale letter printed one or two spaces after the number ending at ``pos`` (see _SPACED_SCALE), or None."""
    m = _SPACED_SCALE.match(f, pos)
    if m is None:
        return None
    letter = m.group(1)
    window = f[max(0, start - 80):pos + 40]
    if (letter == "K" and TEMPERATURE_CONTEXT.search(window)) or (letter == "M" and _MOLAR_CONTEXT.search(window)):
        return None
    return letter


def _discount_tenths(tok: NumberToken) -> str:
    """八五折 / 85折 is 8.5 tenths of the price (85%); 八折 and 9.5折 are read as printed."""
    digits = tok.norm if _WHOLE.fullmatch(tok.norm) else "".join(
        str(_CN_DIGITS.index(c)) if c in _CN_DIGITS else "?" for c in tok.text)
    if len(digits) == 2 and digits.isdigit() and digits[0] != "0":
        return f"{digits[0]}.{digits[1]}"
    return tok.norm


#: 百分之五到百分之十, 百分之十至十五, 千分之一至千分之三: a range of shares, 百分之 printed once or twice.
_SHARE_FORMS = ("百分之", "千分之", "万分之", "萬分之")


def _shared_share(tok: NumberToken, nxt: NumberToken) -> bool:
    """Whether ``nxt`` can end a range that a Chinese percent form (百分之五) starts: the same form, or a
    bare Chinese numeral that shares it (百分之十至十五 is 10% to 15%)."""
    if tok.kind != "fraction" or not tok.norm.startswith(_SHARE_FORMS):
        return False
    if nxt.kind == "fraction":
        return nxt.norm[:3] == tok.norm[:3]
    return nxt.kind == "chinese" and not nxt.norm.endswith(("多", "余")) and nxt.norm[:1] != "约"


def _shared_word_scale(tok: NumberToken, nxt: NumberToken) -> tuple[str, str] | None:
    """("3", "million") for "two … three million": the second end's scale word, which English
    shares with a first end that has none, and its value without it."""
    words = nxt.text.lower().split()
    scale = _SCALE_WORDS.get(words[-1]) if words else None
    if scale is None or any(w in _SCALE_WORDS or w == "hundred" for w in tok.text.lower().replace("-", " ").split()):
        return None
    try:
        first, second = Fraction(tok.norm), Fraction(nxt.norm) / scale
    except (ValueError, ZeroDivisionError):
        return None
    if not 0 < first <= second or (second.denominator != 1 and second.denominator not in (2, 4, 5, 10)):
        return None
    shown = str(second.numerator) if second.denominator == 1 else str(float(second))
    return shown, words[-1]


@dataclass(slots=True)     # not frozen: built for every number token, and a frozen init costs twice
class _Before:
    """What stands before a number token, the same for each reading tried (a range, the number alone)."""

    tok: NumberToken
    start: int                                  # where the value starts: a currency sign or the number
    qual: tuple[int, str, str | None] | None    # (start, text, relation) of a qualifier before it
    cur_text: str                               # the currency sign or code before it ("US$")
    limit: int                                  # unit words end here (the end of the line or table cell)


class Extractor:
    """Finds mentions in one document. ``lang``: "auto", "en" (no Chinese numerals) or "zh"."""

    def __init__(self, doc: Document, *, lang: str = "auto", kilo: int = 1000) -> None:
        self.doc = doc
        self.lang = lang
        self.kilo = kilo
        self.folded = fold(doc.text)
        self.skipped: list[tuple[NumberToken, str]] = []

    def mentions(self) -> list[Mention]:
        with paused_gc():     # tokens and mentions live until the end: the collector would find no cycles
            return self._mentions()

    def _mentions(self) -> list[Mention]:
        f = self.folded
        tokens = scan_numbers(self.doc.text, words=self.lang != "zh", chinese=self.lang != "en")
        out: list[Mention] = []
        skip_until = -1
        for idx, tok in enumerate(tokens):
            if tok.start < skip_until:
                continue
            # (one or two digits: \d{1,2}, Unicode decimal digits as str.isdecimal reads them)
            indian = _INDIAN_GROUPS.match(f, tok.end) if tok.kind == "digits" and len(tok.norm) <= 2 \
                and tok.norm.isdecimal() and not (tok.start > 0 and f[tok.start - 1] in ",.") else None
            if indian:
                # 12,34,567.89: Indian digit grouping (lakhs and crores), one number
                text = f[tok.start:indian.end()]
                tok = NumberToken(tok.start, indian.end(), self.doc.text[tok.start:indian.end()],
                                  text.replace(",", ""), "digits")
                skip_until = tok.end
            if tok.kind == "digits" and tok.norm[:1] == "+" and memory_plus(f, tok.start, tok.end):
                # the 128GB of 8GB+128GB: a size, no sign
                tok = NumberToken(tok.start + 1, tok.end, tok.text[1:], tok.norm[1:], tok.kind)
            reason = false_positive(f, tok.start, tok.end, tok.kind, is_unit)
            if reason in ("zero word", "article or idiom", "idiom") and (
                    count_span(f, tok.start, tok.end) or lone_numeral(f, tok.start, tok.end)
                    or signed_numeral(f, tok.start, tok.end)):
                reason = None            # 零回滚, 两阶段, 这三条: a count; | 两 |, “一”: a numeral alone
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
            out = article_readings.article_units(f, self.doc.text, self.kilo, out)
            out = article_readings.absolute_zero(f, self.doc.text, self.kilo, out)
        context_readings.ambiguous_units(f, self.doc.text, self.kilo, out)
        context_readings.minutes_after_hours(f, self.kilo, out)
        if self.lang != "zh":
            out = context_readings.feet_and_inches(f, self.doc.text, self.kilo, out)
        context_readings.grew_by_multiples(f, out)
        if self.lang != "zh":
            out = context_readings.below_zero(f, self.doc.text, self.kilo, out)
        context_readings.yen_signs(f, self.doc.text, self.kilo, out)
        if self.lang != "zh":
            context_readings.pounds_sterling(f, self.doc.text, self.kilo, out)
            context_readings.oil_barrels(f, self.kilo, out)
            if "token" in f:
                out = context_readings.price_per_scaled_tokens(f, self.doc.text, self.kilo, out)
        context_readings.fraction_of_a_point(f, self.doc.text, self.kilo, out)
        if self.lang != "zh":
            context_readings.over_a_period(f, self.doc.text, self.kilo, out)
        context_readings.words_around(f, self.doc.text, self.kilo, out)
        if self.lang != "zh" and any(w in f for w in ("ies", "0s", "0's", "0’s", "teens")):
            out = context_readings.decades_of_life(f, self.doc.text, self.kilo, out)
        context_readings.accounting_negatives(f, self.doc.text, self.kilo, out)
        context_readings.share_units(f, out, self.kilo)
        if self.lang != "en" and ("强" in f or "強" in f or "弱" in f):
            context_readings.strong_weak_shares(f, out)
        context_readings.elided_nouns(f, self.doc.text, self.kilo, out)
        if self.lang != "zh":
            context_readings.from_to_shared(f, self.doc.text, self.kilo, out)
        context_readings.change_keeps_per(f, self.doc.text, self.kilo, out)
        out = context_readings.time_in_parts(f, self.doc.text, self.kilo, out)
        if self.lang != "en":
            out = context_readings.chinese_parts_with_ling(f, self.doc.text, self.kilo, out)
        out = context_readings.unit_ranges(f, self.doc.text, self.kilo, out)
        out = context_readings.compound_money(f, self.doc.text, self.kilo, out)
        places = self.doc.positions([m.start for m in out])
        cells = self.doc.cells_at([m.number_start for m in out])
        for m, place, hit in zip(out, places, cells, strict=True):
            m.line, m.col = place
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
        mult, letter_other, basis, spaced_letter = "", "", False, ""
        cur = currency_before(f, tok.start) if tok.start > 0 else None
        storage = storage_letter(f, tok.start, pos) if tok.kind == "digits" else ""
        if tok.kind in ("digits",) and not storage:
            mm = scale_after(f, pos) or (MONEY_MULT_RE.match(f, pos) if cur else None) \
                or (_SPACED_MONEY_SCALE.match(f, pos) if cur else None)     # "$5 M", "€2.5 B": money's scale
            if mm and not (mm.group(0).strip() in "万亿" and tok.kind != "digits"):
                mult = f[pos:mm.end()]
                pos = mm.end()
                if mult.startswith("-"):
                    mult = " " + mult[1:]      # "$3-billion": the grammar reads "3 billion"
                if LAKH_CRORE.search(mult):
                    mult = " trillion"     # 1.5 lakh crore = 1.5 × 10^12
            elif "mil" in f[pos:pos + 4] and (mil := _MIL_BEFORE_MONEY.match(f, pos)):     # cheap test first
                mult, pos = " million", mil.end()      # "2mil SEK": a million (not the thou), before money
            elif (letter := count_scale_letter(f, pos)) is not None:
                mult, letter_other = letter       # "35m devices", "7b parameters": 35M, 7B, the choice noted
                pos += 1
            elif f.startswith(" ", pos) and (spaced := _spaced_scale(f, tok.start, pos)) is not None:
                mult, spaced_letter, pos = spaced, spaced, f.index(spaced, pos) + 1     # "10 k", "10  k"
        if cur is None and tok.kind in ("chinese", "digits") and tok.start > 1:
            cur = chinese_currency_before(f, tok.start, pos)     # 港币3000万元: in Hong Kong dollars
        approx = None
        if tok.kind == "chinese":
            approx = _CN_MORE_THAN_SCALE.match(f, pos)
            if approx:
                # 十多万 is more than 100 000 (not "more than 10"), 二十几万 twenty-odd ten-thousands:
                # 几 is written as 多 for the grammar, which reads 多 before a scale as "more than".
                mult = ("多" if approx.group(0)[0] in "几幾" else approx.group(0)[0]) + approx.group(1)
                pos = approx.end()
            elif tok.norm == "一" + tok.text and f[pos:pos + 1] in ("多", "余", "餘"):
                mult, pos = f[pos], pos + 1      # 千余人, 万余元: more than a thousand (a bare place and 余)
        if not mult and tok.kind in ("chinese", "digits") and f.startswith(("个", "個"), pos) \
                and (ge := _GE_YI.match(f, pos)) is not None:
            # 两个亿, 5个多亿: 个 between a number and 亿 (spoken style) is 2亿, not a count of two
            mult, pos = ("" if tok.norm.endswith("多") else ge.group(1)) + ge.group(2), ge.end()
        pct = ""
        pm = percent_after(f, pos)
        number_text = tok.norm
        share_more = tok.kind == "fraction" and tok.norm.startswith(_SHARE_FORMS) and tok.norm[-1:] in "十百千" \
            and f[pos:pos + 1] in ("几", "幾", "多", "余", "餘")
        if share_more:
            number_text, pos = number_text + "多", pos + 1      # 百分之十几, 百分之二十多: more than 10%, 20%
        if tok.kind in ("chinese", "digits") and not mult and f.startswith("成", pos) \
                and f[pos + 1:pos + 2] not in CHENG_WORD_STARTS:
            pct = "成"    # 八成, ９成, 7.2成 = 80%, 90%, 72%: parse_printed decides whether 成 is a tenth here
            pos += 1
            tenths = _CHENG_TENTHS.match(f, pos) if _WHOLE.fullmatch(tok.norm) or tok.kind == "chinese" else None
            if tenths and "点" not in tok.norm and "點" not in tok.norm:
                # 三成五 = 3.5 tenths = 35%: the digit after 成 is the next tenth's share
                number_text = tok.norm + ("点" if tok.kind == "chinese" else ".") + tenths.group(1)
                pos = tenths.end()
        elif tok.kind == "chinese" and tok.text == "一" and f.startswith("半", pos) and not f.startswith("半径", pos):
            pct = "半"    # 一半: one half
            pos += 1
        elif pm:
            pct = f[pos:pm.end()]
            pos = pm.end()
            if pct.startswith("-"):
                pct = " " + pct[1:].replace("-", " ")    # "2.5-percentage-point": the grammar reads the words
            if "點" in pct:
                pct = pct.replace("個", "个").replace("點", "点")     # 2個百分點: the grammar reads 个百分点
            if pct.strip()[1:2] in ("多", "余", "餘") and not mult:
                # 1个多百分点: more than one point (the grammar reads 1多个百分点)
                number_text, pct = number_text + "多", pct.replace(pct.strip()[1], "", 1)
            if pct.strip() == "倍" and f.startswith("半", pos) \
                    and (_WHOLE.fullmatch(tok.norm) or tok.kind == "chinese") \
                    and "点" not in tok.norm and "點" not in tok.norm and not mult \
                    and _HALF_AFTER_TIMES.match(f, pos + 1):
                # 两倍半, 3倍半: two and a half times (not twice)
                number_text = tok.norm + ("点五" if tok.kind == "chinese" else ".5")
                pos += 1
            if pct.strip() == "折" and not mult:
                number_text = _discount_tenths(tok)     # 八五折, 85折: 85% of the price (8.5 tenths)
            elif pct.strip().lower() in ("bp", "bps", "basis point", "basis points") or "基" in pct:   # 25个基点
                ctx = _BASE_PAIR_CONTEXT if pct.strip() == "bp" else _NETWORK_CONTEXT
                if pct.strip() in ("bp", "bps") and ctx.search(f, max(0, tok.start - 60), pos + 60):
                    pct, pos = "", pm.start()      # "9600 bps modem": bits per second (the unit words read it)
                else:
                    # 25bp, 25 bps: hundredths of a percentage point (the grammar reads "basis points")
                    pct, number_text, basis = "", number_text + " basis points", True
        start = tok.start
        if start > 0 and f[start - 1] in "负負" and tok.norm[:1] not in "+-−":
            start, number_text = start - 1, "负" + number_text     # 负10000, 負三十二: a Chinese minus
        elif start > 1 and f[start - 1] == " " and f[start - 2] in "负負" and tok.norm[:1] not in "+-−" \
                and signed_numeral(f, tok.start, tok.end):
            start, number_text = start - 2, "负" + number_text     # 负 五, 负 3.5: the minus printed apart
        elif f.find("零下", max(0, start - 4), start) >= 0 and tok.norm[:1] not in "+-−" \
                and (below := _BELOW_ZERO.search(f, max(0, start - 4), start)) is not None:
            start, number_text = below.start(), "负" + number_text   # 零下五度, 零下10℃: below zero
        # A range: "5–35%", "3 to 4 L", "3至5".
        range_end = None
        if nxt is not None and nxt.start == pos and nxt.norm[:1] in "-−" and tok.kind == "digits":
            # "5-35%": the scanner read the dash as the second number's sign.
            nxt = NumberToken(nxt.start + 1, nxt.end, nxt.text[1:], nxt.norm[1:], nxt.kind)
            dash_range = True
        else:
            dash_range = False
        words_scale = None
        if nxt is not None and tok.kind == "words" and nxt.kind == "words":
            words_scale = _shared_word_scale(tok, nxt)
            if words_scale is not None:     # "between two and three million": both ends in millions
                nxt = NumberToken(nxt.start, nxt.end, nxt.text, words_scale[0], "words")
        if nxt is not None and ((tok.kind in ("digits", "chinese", "words") and nxt.kind == tok.kind
                                 and (not mult + pct or self._same_affix(mult, pct, nxt)))
                                or _shared_share(tok, nxt)) and not basis \
                and not (tok.kind == "words" and tok.norm == nxt.norm):
            sep = RANGE_SEP.fullmatch(f, pos, nxt.start)
            if sep and tok.kind == "words" and not re.search(r"\b(?:to|and)\b", sep.group(0)) \
                    and not (sep.group(0) == "-" and " " not in tok.text + nxt.text):
                sep = None    # "ninety - five": a number word spelt with a dash; "five-six people" is a range
            if sep and not _FROM_OR_BETWEEN.search(f[max(0, tok.start - 14):tok.start]) \
                    and (dash_range or not false_positive(f, nxt.start, nxt.end, nxt.kind)):
                range_end = nxt
        if range_end is not None and (mult + pct) and "to" in f[pos:range_end.start] \
                and CHANGE_BEFORE.search(f, max(0, tok.start - 40), tok.start):
            range_end = None      # "fell 0.2% to 4.5%": the value it fell to, no range
        if range_end is not None and tok.kind in ("digits", "words") and range_end.kind == tok.kind and not mult \
                and _descending(tok.norm, range_end.norm):
            range_end = None      # "the Senate voted 51 to 49", "won four to three", "ten to one": a range rises
        if range_end is not None and "and" in f[pos:range_end.start] \
                and not _BETWEEN.search(f[max(0, tok.start - 9):tok.start]):
            range_end = None
        if range_end is None and nxt is not None \
                and f[tok.start - 1:tok.start].isspace() and _BETWEEN_WORD.search(f[max(0, tok.start - 9):tok.start]) \
                and _AND_GAP.fullmatch(f[pos:nxt.start] if nxt.start > pos else " "):
            range_end = nxt
        tolerance = False
        if range_end is None and nxt is not None and tok.kind == "digits" and nxt.kind == "digits" \
                and (f.find("+", pos, nxt.start) >= 0 or f.find("±", pos, nxt.start) >= 0) \
                and _PLUS_MINUS.fullmatch(f[pos:nxt.start]):
            range_end, tolerance = nxt, True      # "9.83e-3 +/- 1e-5 km/s2": one value with its tolerance
        qual = qualifier_before(f, start)
        if qual is None and tok.kind == "chinese" and tok.norm == "一" + tok.text and f[start - 1:start] == "上" \
                and f[start - 2:start - 1] not in _SHANG_WORDS:
            qual = (start - 1, "上", ">=")     # 上亿元, 上百万: reaching a hundred million (加上百万 is "plus")
        cur_text = ""
        if cur:
            cur_text = f[cur.start():start].strip()
            qual = qualifier_before(f, cur.start())
        before = _Before(tok, cur.start() if cur else start, qual, cur_text, limit)
        # Post parts for the range or the single number.
        if range_end is not None:
            rpos = range_end.end
            rmult = ""
            mm = MULT_RE.match(f, rpos) if range_end.kind == "digits" else None
            if mm:
                rmult = f[rpos:mm.end()]
                rpos = mm.end()
            elif words_scale is not None and range_end.norm == words_scale[0]:
                rmult = " " + words_scale[1]
            rpm = PCT_RE.match(f, rpos)
            rpct = f[rpos:rpm.end()] if rpm else (
                "成" if pct in ("", "成") and not mult and f.startswith("成", rpos)
                and f[rpos + 1:rpos + 2] not in CHENG_WORD_STARTS else "")     # 一成到两成, 三至五成
            rpos += len(rpct)
            sep_text = "±" if tolerance else f[pos:range_end.start].strip() or "-"
            if sep_text.lstrip("-").strip() in ("to", "and"):
                sep_text = "to"     # "44 and 50 mg" after "between", "8- to 16-meter"
            num_text = f"{number_text}{mult}{pct} {sep_text} {range_end.norm}{rmult}{rpct}" if sep_text.isalpha() \
                else f"{number_text}{mult}{pct}{sep_text}{range_end.norm}{rmult}{rpct}"
            found = self._with_unit(before, num_text, rpos, range_end.end)
            if found is not None and found.number.is_range and tok.kind == "chinese" and found.number.ends \
                    and found.number.ends[0] >= found.number.ends[-1]:
                found = None     # 一米六到一米七: 六 到 一 is no range (a Chinese range rises), the 六 is 一米's tenths
            if found is not None and (found.number.is_range or (tolerance and found.number.tolerance is not None)):
                return found
        found = self._with_unit(before,
                                number_text + mult.strip() if CJK.match(mult.strip()[:1]) or len(mult.strip()) == 1
                                else number_text + mult,
                                pos, tok.end, pct=pct, letter_unit=storage)
        if found is not None and share_more and f[pos - 1] in "几幾":
            found.candidates.append(f"几 read as 多 (more than {tok.text})")
        if found is not None and approx is not None and approx.group(0)[0] in "几幾":
            found.candidates.append(f"{approx.group(0)[0]} read as 多 (more than {tok.text}{approx.group(1)})")
        if found is not None and basis and number_text.endswith(" basis points") and pm is not None \
                and pm.group(0).strip() in ("bp", "bps"):
            found.candidates.append(f"{pm.group(0).strip()} read as basis points (0.01 percentage point); "
                                    "it could be bits per second or base pairs")
        if found is not None and spaced_letter:
            found.candidates.append(f"{spaced_letter} printed apart from the number, read as its scale "
                                    f"({'million' if spaced_letter == 'M' else 'thousand'}); it could be "
                                    f"{_SPACED_SCALE_OTHER[spaced_letter]}")
        if found is not None and letter_other:
            found.candidates.append(f"{mult.lower()} read as {'million' if mult == 'M' else 'billion'} (a count of "
                                    f"the noun after it); it could be {letter_other}")
        return found

    def _same_affix(self, mult: str, pct: str, nxt: NumberToken) -> bool:
        """Both ends of a range carry the scale or percent sign the first has ("10%-20%", "5万至10万元")."""
        f = self.folded
        if pct:
            return not mult and pct.strip() in ("%", "‰", "成") and f.startswith(pct.strip(), nxt.end)
        m = MULT_RE.match(f, nxt.end)
        return m is not None and f[nxt.end:m.end()].strip() == mult.strip()

    def _with_unit(self, before: _Before, num_text: str, pos: int, num_end: int, pct: str = "",
                   letter_unit: str = "") -> Mention | None:
        """The mention of ``before.tok`` (already joined with its multiplier, percent sign and range
        end in ``num_text``), with the unit words after ``pos`` and what stands before it."""
        f = self.folded
        tok, start, qual, cur_text, limit = before.tok, before.start, before.qual, before.cur_text, before.limit
        num_text = num_text + pct.strip() if pct else num_text
        plus = _PLUS_BEFORE_UNIT.match(f[pos:pos + 3]) if f.startswith("+", pos) else None
        if plus:
            pos += 1     # "40+ GiB/s": at least 40
        candidates: list[str] = []
        unit, uend = (None, pos) if _no_unit_words(f, pos, limit) else unit_after(f, tok.kind, pos, limit, candidates)
        if unit is None and limit < len(f) and f[limit] == "\n" and not f[pos:limit].strip() \
                and _WRAP_GOES_ON.match(f, limit + 1):
            unit, uend = _unit_after_wrap(f, tok.kind, pos, limit, candidates)
        if letter_unit and (letter := unit_or_none(letter_unit)) is not None:
            unit, uend = (letter_unit, pos, pos + 1, letter), pos + 1      # 16G内存, 1T硬盘: GB, TB
            candidates.append(f"{f[pos]} read as {letter_unit} in words of storage")
        if unit is None and tok.kind == "digits" and (more := _MORE_BEFORE_UNIT.match(f, pos)) is not None:
            # 3000多元, 200多公斤, 1.2万余元, 3个多小时: "more than", then the unit (the grammar reads it so)
            more_unit, more_end = unit_after(f, tok.kind, more.end(), limit, candidates)
            if more_unit is not None:
                num_text, unit, uend = num_text + more.group(0), more_unit, more_end
        unit_text, ustart = (unit[0], unit[1]) if unit else ("", -1)
        post_rel, post_word, post = post_qualifier(f, uend, bool(plus), unit_text)
        if post_rel is None and not unit and f[uend:uend + 1] in _COUNTED_BEFORE_QUALIFIER:
            # "50人左右", "3台以上": the bound after the counted noun is the count's
            post_rel, post_word, post = post_qualifier(f, uend + 1, False, "人")
            if post_word not in ("左右", "以上", "以下", "以内"):
                post_rel, post_word, post = None, "", None
        qtext, qstart, qrel = (qual[1], qual[0], qual[2]) if qual else ("", start, None)
        chosen = self._first_reading(join_parts(cur_text, num_text) if cur_text else num_text, qtext, qrel, unit_text)
        if chosen is None:
            self.skipped.append((tok, "unreadable"))
            return None
        reading, use_q, use_u = chosen
        if not use_u and not reading.number.unit and reading.number.kind == "number" and tok.kind == "digits":
            # A bare number in a table column whose header (or caption) names the unit: "| H800 卡时 |",
            # "| Cost ($M) |".
            column = column_reading(self.doc, tok.start, reading.value, self.kilo)
            if column is not None:
                reading = column[0]
                candidates.append(column[1])
        keep, counted = self._count_or_skip(tok, reading.number, num_end)
        if not keep:
            return None
        if use_u and reading.unit.dims.items and not cur_text:
            # "每 token 229 KB": the per-word printed right before the number divides its unit.
            per = PER_BEFORE.search(f[max(0, start - 16):start]) if f.find("每", max(0, start - 16), start) >= 0 \
                else None
            per_name = unit_name(per.group(1)) if per else None      # 每公斤: per kg
            per_unit = unit_or_none(per_name) if per_name else None
            if per and per_unit is not None and per_unit.dims.items and per.group(1) not in CJK_AMBIGUOUS:
                better = read_value(self.kilo, f"{reading.value}/{per_name}")
                if better is not None:
                    reading = better
                    candidates.append(f"per {per.group(1)} taken from 每 {per.group(1)} before the number")
        end = uend if use_u else max(num_end, pos)
        rate = RATE_ARTICLE.match(f, end) if (use_u or cur_text) and reading.number.kind == "number" \
            and f.startswith(" a", end) else None
        rate_unit = unit_or_none(rate.group(2)) if rate else None
        if rate and rate_unit is not None and rate_unit.dims.items and "/" not in reading.number.unit:
            # "$1,271.2 an ounce", "188 miles an hour": the article is "per"; the rate keeps its denominator.
            better = read_value(self.kilo, f"{reading.value} per {rate.group(2)}")
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

    def _first_reading(self, number_part: str, qtext: str, qrel: str | None,
                       unit_text: str) -> tuple[Reading, bool, bool] | None:
        """The first of (with qualifier, with unit) … (without either) that the grammar and the
        registry read: (reading, qualifier used, unit used)."""
        for use_q in ((True, False) if qtext and not qrel else (False,)):
            for use_u in ((True, False) if unit_text else (False,)):
                text = join_parts(qtext if use_q else "", number_part, unit_text if use_u else "")
                reading = read_value(self.kilo, text)
                if reading is not None:
                    return reading, use_q, use_u
        return None

    def _count_or_skip(self, tok: NumberToken, p: PrintedNumber,
                       num_end: int = -1) -> tuple[bool, tuple[int, str] | None]:
        """(whether the token is a mention, a Chinese count's (end, noun) or None)."""
        f = self.folded
        counted = None
        if tok.kind == "chinese" and not (p.unit or p.kind != "number" or p.multiplier):
            counted = count_span(f, tok.start, tok.end)
            if counted is None and p.is_range and num_end > tok.end:
                # 三到五个工作日, 两至三人: the count's measure word follows the range's second end
                second = num_end
                while second > tok.end and f[second - 1] in _CN_NUMERAL_CHARS:
                    second -= 1
                counted = count_span(f, second, num_end) if second < num_end else None
            if counted is None and (standalone_numeral(f, tok.start, tok.end) or lone_numeral(f, tok.start, tok.end)
                                    or signed_numeral(f, tok.start, tok.end)
                                    or f.startswith(_TENTHS_OF_YUAN, tok.end)):     # 一毛钱 (compound_money reads it)
                counted = (tok.end, "")
            if counted is None:
                self.skipped.append((tok, "count word without a unit"))
                return False, None
        if tok.kind == "chinese" and tok.norm == "一" + tok.text and not p.unit and p.relation == "=" \
                and not _scale_count(f, tok.start, tok.end):
            self.skipped.append((tok, "bare multiplier without a unit"))   # 千万不要, 万众
            return False, None
        if tok.kind == "words" and tok.norm in ("1",) and not p.unit and not _ONE_BESIDE_NUMBER.match(f, tok.end) \
                and not one_is_number(f, tok.start, tok.end):
            self.skipped.append((tok, "article"))
            return False, None
        return True, counted

    def _notes(self, reading: Reading, candidates: list[str], counted: tuple[int, str] | None,
               unread_unit: str, begin: int, end: int, num_end: int) -> None:
        """Ambiguities worth a reader's decision, added to ``candidates``."""
        f, p = self.folded, reading.number
        if reading.unit.note:
            candidates.append(reading.unit.note)
        if p.multiplier == "B" and "b" not in f[num_end - 1:num_end + 1] and not COUNT_NOUN.match(f, num_end + 1) \
                and not p.unit:       # (a glued "b" read as billion has its own note: it could be bits)
            candidates.append("B read as billion (a count); it could be bytes")
        if p.uses_kilo and _names_a_length(f[max(0, begin - 12):end + 12]):
            candidates.append("K read as 1000; context lengths often mean 1024 (kilo: \"1024\")")
        if not p.unit and unread_unit:
            candidates.append(f"unit words {unread_unit!r} not read")
        if counted and counted[1]:
            candidates.append(f"a count of {counted[1]} (dimensionless; the noun is kept in the quote, not as a unit)")

