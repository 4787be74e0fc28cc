"""The unit and scale a table column's header (else the table's caption) closes with, for its bare
cells: "Time (GPU hours)", "Cost ($M)", "Tokens (K)", "(GPU Mem in GB)", "（单位：万元）".

Read by the mention reader (a bare cell takes them) and by the relation finders (a cell read before
a header named its unit). Its own module: it reads values (:mod:`.mention`), which the unit words
below it must not import.
"""

from __future__ import annotations

import re
from fractions import Fraction

from ..units.registry import UnitInfo
from .document import Document
from .mention import Reading, read_value
from .number_affixes import join_parts
from .unit_words import header_text_unit

#: How a bare cell's reading names where its unit came from (the accounting-negative reading looks for it).
COLUMN_NOTE = "taken from the column header or the table's caption"
# the unit words closing a header or caption: "Time (GPU hours)", "($M)", "(GPU Mem in GB)：", "（单位：万元）"
_HEAD_UNIT = re.compile(r"[(（]\s*(?:单位\s*[:：]\s*)?([^()（）]{1,24}?)\s*[)）]\s*[:：]?\s*$")
_SCALE_ONLY = re.compile(r"[KkMB万亿]|thousands?|millions?|billions?", re.I)
_PERCENT_WORDS = frozenset({"%", "％", "percent", "per cent", "pct"})
# a currency (symbol or code) and a scale: "US$ M", "US$ millions", "USD million", "€bn", "RMB bn"
_MONEY_SCALE = re.compile(r"((?:US|HK|NT|C|A|S|NZ)?\$|€|£|¥|USD|EUR|GBP|CNY|RMB|JPY|HKD)\s*"
                          r"(K|k|M|MM|mn|m|B|bn|b|thousands?|millions?|billions?)")
_SCALE_NAMES = {"k": "thousand", "m": "million", "mm": "million", "mn": "million", "b": "billion", "bn": "billion",
                "thousands": "thousand", "millions": "million", "billions": "billion"}


def column_unit(text: str) -> tuple[Fraction, UnitInfo, str] | None:
    """(scale, unit, the words) that a header's or caption's closing parenthesis says its bare
    cells are in: "Time (GPU hours)" -> 1 GPU·h, "Revenue ($M)" -> 10^6 USD, "Tokens (K)" -> 10^3,
    "(GPU Mem in GB)" -> 1 GB. None when it names nothing, or only an ambiguous letter ("(T)",
    "(B)": trillion or tokens, billion or bytes) or letters that read as an SI symbol ("(S/s)")."""
    mo = _HEAD_UNIT.search(text)
    if mo is None:
        return None
    words = re.split(r"\s+in\s+", mo.group(1).strip())[-1].strip()
    if words in _PERCENT_WORDS:
        # "YoY change (%)", "Share (%)": the bare cells are percentages
        got = read_value(1000, "1%")
        return (Fraction(1), got.unit, words) if got is not None else None
    if (money := _MONEY_SCALE.fullmatch(words)) is not None:
        # "(US$ M)", "(US$ millions)", "(USD million)", "(€bn)": a currency and its scale
        cur, scale = money.group(1), _SCALE_NAMES.get(money.group(2).lower(), money.group(2))
        for text_ in (f"{cur}1 {scale}", f"1 {scale} {cur}"):
            got = read_value(1000, text_)
            if got is not None and got.number.relation == "=" and got.unit.dims.items and got.number.nominal > 1:
                return got.number.nominal, got.unit, words
        return None
    letters = re.findall(r"[A-Za-z]+", words)
    if not words or words[0].isdigit() or words in ("T", "B", "t", "b") \
            or (len(letters) > 1 and any(len(w) == 1 for w in letters)):
        return None
    if len(letters) == 1 and len(letters[0]) == 1 and not _SCALE_ONLY.fullmatch(words.lstrip("$€£¥")) \
            and words not in ("W", "s", "h"):
        return None
    tries = ([words[0] + "1" + words[1:]] if words[0] in "$€£¥" else []) + ["1" + words, "1 " + words]
    if _SCALE_ONLY.fullmatch(words):
        # "Tokens (K)": the scale of the words before it, when they are a unit
        noun = re.findall(r"[A-Za-z]+|[\u4e00-\u9fff]+", text[:mo.start()])
        tries = [f"1{words} {noun[-1]}"] * bool(noun) + tries
    for text_ in tries:
        got = read_value(1000, text_)
        if got is not None and got.number.relation == "=" and not got.number.is_range \
                and (got.unit.dims.items or got.number.nominal != 1) and got.number.kind == "number":
            return got.number.nominal, got.unit, words
    return None


#: Scales a header names, as the printed grammar spells them.
_SCALE_WORDS = {10**3: "thousand", 10**6: "million", 10**9: "billion", 10**12: "trillion", 10**4: "万", 10**8: "亿"}


def column_reading(doc: Document, offset: int, value: str, kilo: int) -> tuple[Reading, str] | None:
    """A bare number in a table cell read in the unit its column gives its bare cells: the whole
    header as a unit ("| H800 卡时 |"), else the unit and scale the header closes with, else the
    table's caption's ("Time (GPU hours)", "Cost ($M)", "Tokens (K)", "（单位：万元）"). (The reading,
    the note saying where they came from), or None when nothing names one."""
    hit = doc.cell_at(offset)
    if hit is None:
        return None
    table, cell = hit
    if cell.col == 0:
        return None
    head = table.header[cell.col] if cell.col < len(table.header) else ""
    whole = header_text_unit(head) if head else None
    if whole is not None and (reading := read_value(kilo, join_parts(value, whole))) is not None:
        return reading, f"unit {whole!r} taken from the column header"
    got = column_unit(head) or column_unit(table.caption)
    if got is None:
        return None
    scale, unit, words = got
    scale_word = _SCALE_WORDS.get(int(scale), "") if scale.denominator == 1 else ""
    if scale != 1 and not scale_word:
        return None
    unit_text = unit.text if unit.dims.items else ""
    if words in _PERCENT_WORDS:
        reading = read_value(kilo, f"{value}%")
        return (reading, f"{words!r} {COLUMN_NOTE}") \
            if reading is not None and reading.number.kind == "percent" else None
    if scale_word in ("万", "亿"):
        text = f"{value}{scale_word} {unit_text}".strip()
    else:
        text = " ".join(p for p in (value, scale_word, unit_text) if p)
    reading = read_value(kilo, text)
    if reading is None or reading.unit.dims != unit.dims:
        return None
    return reading, f"{words!r} {COLUMN_NOTE}"
