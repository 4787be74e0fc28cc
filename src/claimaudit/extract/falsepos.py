"""Numbers that are not quantities: section and list numbers, dates, years, versions, model names,
identifiers, arXiv ids, citations. Each rule returns a short reason (kept for debugging and tests).

Rules look at the *folded* text (full-width forms as ASCII, same offsets) around a number token.
"""

from __future__ import annotations

import re
from collections.abc import Callable

_LETTER = re.compile(r"[A-Za-z]")
_YEAR = re.compile(r"(?:19[5-9]\d|20[0-3]\d)$")
#: Words after which a number names a thing (Table 2, §5.3, 第 3 章, 场景 3/5) rather than counts it.
_LABEL_BEFORE = re.compile(
    r"(?:\b(?:Table|Tab\.|Figure|Fig\.|Section|Sec\.|Chapter|Appendix|Eq\.|Equation|Algorithm|Step|"
    r"Lemma|Theorem|Example|Exercise|Question|Version|version|Release|release|arXiv:?|No\.|no\.|"
    r"page|Page|p\.|pp\.|Ascend|Llama|Python|CUDA|iOS|Android|Windows)|§|表|图|附录|第|场景|章节|篇|题号|版本)\s*$"
)
#: A rating printed where a year could stand: "Codeforces 评分 2029", "Elo 2029".
_SCORE_BEFORE = re.compile(r"(?:评分|分数|得分|积分|\b(?:rating|score|Elo|rated))\s*(?:of\s*|为\s*|:\s*|：\s*)?$", re.I)
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_MONTH_BEFORE = re.compile(r"\b(?:January|February|March|April|May|June|July|August|September|October|"
                           r"November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.?\s*$")
_MONTH_DAY_BEFORE = re.compile(r"\b(?:January|February|March|April|May|June|July|August|September|October|"
                               r"November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.?\s+\d{1,2},\s*$")
_CN_DATE_AFTER = re.compile(r"\s*(?:年(?!代|薪|均|化|度)|月(?!\d*[日号])?\d*[日号]|月份|号|日(?![元本]))")
_TIME_AFTER = re.compile(r"\s*(?:[ap]\.?m\.?)(?![A-Za-z])", re.I)
_LIST_START = re.compile(r"(?:^|\n|。|[!?！？])[ \t]*(?:[-*+][ \t]+|#{1,6}[ \t]+)?(?:\(|（)?$")
_LIST_AFTER = re.compile(r"(?:\.(?!\d)|、|\)|）)(?=[ \t\u4e00-\u9fff\"'“「《A-Za-z])")


_GLUED_OK = {"K", "k", "M", "B", "T", "bn", "Ki", "Mi", "Gi", "Ti", "x", "X"}


_LOWER_WORD = re.compile(r"\s([a-z]+)(?![A-Za-z])")
_TEMPERATURE_WORD = re.compile(r"(?:celsius|celcius|centigrade|fahrenheit|farenheit)$")
#: Letters glued to a number, with "/letters" runs ("8tokens/s").
_LETTER_RUN = re.compile(r"[A-Za-z]+(?:/[A-Za-z]+)*")


def _unit_word_after(after: str, is_unit: Callable[[str], bool] | None) -> bool:
    """A lower-case unit word follows ("10.5 celsius", "2.5 hours"): a measurement, not a heading
    (headings go on with a capital: "3.2 Methods")."""
    m = _LOWER_WORD.match(after)
    return m is not None and (bool(_TEMPERATURE_WORD.match(m.group(1)))
                              or (is_unit is not None and is_unit(m.group(1))))


def false_positive(folded: str, start: int, end: int, kind: str = "digits",
                   is_unit: Callable[[str], bool] | None = None) -> str | None:
    """Why the number at ``folded[start:end]`` is not a quantity, or None when it may be one.

    ``is_unit`` tells whether a word glued to the number (``8GB``) is a unit; without it any glued
    word other than a multiplier makes the number an identifier (``3FS``, ``1F1B``).
    """
    tok = folded[start:end]
    before = folded[max(0, start - 24):start]
    after = folded[end:end + 16]
    prev = before[-1:] if before else ""
    prev2 = before[-2:-1] if len(before) >= 2 else ""
    nxt = after[:1]

    if kind == "digits" or kind == "fraction":
        # Glued to a word on the left: H800, V3.2, EP64, PP16, A100, R1, pass@1, SC'24, x128.
        if prev and (_LETTER.match(prev) or prev in "@#'’_"):
            return "identifier"
        if prev in ".-/" and prev2 and (_LETTER.match(prev2) or prev2 in "@#") and not (
                prev == "/" and prev2 in "KMBTk" and before[-3:-2].isdigit()):   # 73.7K/14.8K is a pair
            return "identifier"
        if re.match(r"/0+(?![\d.])", after) or (prev == "/" and re.fullmatch(r"0+", tok) and prev2.isdigit()):
            return "division by zero"         # "1/0 is not a valid value": neither end is a quantity
        if tok[0] in "+-−" and prev2 + prev and (prev.isalnum() or prev in ")]"):
            return "formula or range piece"
        if prev in "-." and prev2.isdigit():
            return "part of a date, version or range"
        # Glued to a word on the right that is no unit: 3FS, 1F1B, 06F6, 21st, 1x128.
        m = re.match(r"[A-Za-z]+\d", after)
        if m and not re.match(r"(?:[eE]\d|[xX×]\s?10)", after):
            return "identifier"
        if re.match(r"(?:st|nd|rd|th)\b", after):
            return "ordinal"
        if re.match(r"[CFc](?![A-Za-z°])", after):
            return "identifier"               # 13F (a form), 800C: a bare glued C or F is no unit
        g = re.match(r"[A-Za-z]+", after)
        if g and g.group(0) not in _GLUED_OK and not re.match(r"[eE][+\-]?\d", after) and not (
                is_unit is not None and (run := _LETTER_RUN.match(after)) is not None and is_unit(run.group(0))):
            return "identifier"
        coef = re.match(r"\s*[×*]\s*([\u4e00-\u9fff]{2})", after)
        if coef and re.fullmatch(r"\d{1,2}", tok) and is_unit is not None and not is_unit(coef.group(1)) \
                and not is_unit(coef.group(1)[:1]) and coef.group(1) not in ("以上", "以内", "以下", "左右"):
            return "formula coefficient"      # "2 × 头数 × 头维度": a factor of a formula, not an amount
        if re.match(r"\.\d", after):
            return "version string"           # 1.2.3: the scanner stops at the second dot
        if re.match(r"[xX×]\d", after) and "." not in tok:
            return "shape"
        # Dates and years.
        plain = tok.replace(",", "")
        if _YEAR.match(plain) and "," not in tok and not _SCORE_BEFORE.search(before):
            if re.match(r"[-/.](?:0?[1-9]|1[0-2])(?!\d)", after) or re.match(r"[-–]\d\d(?!\d)", after):
                return "date"
            if not re.match(r"\s*(?:[%‰×倍]|[A-Za-z]*[Bb]ytes?|[KMGTP]i?B\b|tokens?|GPUs?"
                            r"|张|卡|个|条|台|节点|万|亿)", after):
                return "year"
        if re.match(r"\s*年\s*(?:0?[1-9]|1[0-2])\s*月", after) and "." not in tok and len(plain) <= 4:
            return "date"             # 1945年5月8号: a year that a month follows, whatever the year
        if _CN_DATE_AFTER.match(after) and "." not in tok and len(plain) <= 4:
            if re.match(r"\s*年", after) and not _YEAR.match(plain):
                pass   # "3 年" is a duration
            else:
                return "date"
        if _MONTH_BEFORE.search(before) and len(plain) <= 4:
            return "date"
        if _MONTH_DAY_BEFORE.search(before) and re.fullmatch(r"\d{4}", plain):
            return "date"             # "May 8, 1945"
        if _TIME_AFTER.match(after) and (re.fullmatch(r"\d{1,2}", tok) or re.fullmatch(r"\d{1,2}\.[0-5]\d", tok)):
            return "time of day"
        if re.match(r"\d{4}\.\d{4,5}", folded[start:start + 11]) and re.search(r"arXiv:?\s*$", before, re.I):
            return "arXiv id"
        if re.fullmatch(r"\d{4}\.\d{5}", tok):
            return "arXiv id"
        # Section, list and footnote numbers.
        if _LABEL_BEFORE.search(before):
            return "label"
        if re.match(r"\s?[节章篇](?![点省约])", after) and re.fullmatch(r"\d+(?:\.\d+)*", tok):
            return "label"          # "3.6 节" is a section, "第 8 章" a chapter
        if prev == "[" and nxt == "]":
            return "citation"
        if _LIST_START.search(before) and (_LIST_AFTER.match(after) or
                                           (re.fullmatch(r"\d+(?:\.\d+)*", tok) and re.match(r"\s+\S", after)
                                            and ("." in tok or re.match(r"\.\s", after))
                                            and not re.match(r"\s*[%‰×倍]|\s*[KMBTkm]?\s*"
                                                             r"(?:[A-Za-z]*/|GPU|token|张|卡)", after)
                                            and not _unit_word_after(after, is_unit))):
            return "section or list number"
    if kind == "chinese":
        if tok == "零" or tok.startswith("零"):
            return "zero word"
        if prev == "第" or re.search(r"第\s*$", before):
            return "ordinal"
        if re.match(r"\s*(?:世纪|世紀)", after):
            return "date"             # 二十世纪: the 20th century
        if re.match(r"(?:[月日号]|年(?:代|级)?)", after) and prev in "0123456789年":
            return "date"
        # 一 as an article (一个, 一次, 一种 …) and set phrases (一致, 统一, 唯一) are no quantities.
        if tok in ("一", "两", "二") and not re.match(
                r"\s*(?:倍|半(?!径)|成(?![本功为立果员熟长都就绩品型交年人形分语像效败真群批不])"
                r"|个?百分点|%|万|亿|千|百|个?月|年|天|周|小时|分钟|秒|张卡|卡时|节点)", after):
            return "article or idiom"
        if (prev and prev in "统唯之万哪每这那某") or re.match(r"[致样起些般定直切体侧道同律]", nxt):
            return "idiom"
    return None
