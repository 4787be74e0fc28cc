"""Find every numeric mention in a document: value as printed, interval, unit, qualifier, where.

The value grammar is the core's: each candidate string is read by
:func:`claimaudit.numbers.printed.parse_printed` and its unit by
:func:`claimaudit.units.registry.resolve_unit`. Extraction only decides *which characters* around a
number token (from :mod:`claimaudit.numbers.scan`) belong to the printed value. The work is split
along its seams: :mod:`.extractor` (token to mention), :mod:`.number_affixes` (qualifiers, currency,
multipliers, percent signs, ranges), :mod:`.unit_words` (the unit after a number),
:mod:`.chinese_counts` (三个问题), :mod:`.context_readings` and :mod:`.article_readings` (readings that
depend on the neighbours). This module is the public entry point; the names other modules import
(``Mention``, ``unit_or_none``, ``count_span``, ``standalone_numeral``) stay importable from here.
"""

from __future__ import annotations

import re

from .chinese_counts import CJK, count_span, standalone_numeral
from .document import Document
from .extractor import Extractor
from .mention import Mention
from .unit_words import unit_or_none

__all__ = ["LANGS", "Extractor", "Mention", "count_span", "detect_lang", "extract_mentions", "standalone_numeral",
           "unit_or_none"]

LANGS = ("auto", "en", "zh")
_LATIN = re.compile(r"[A-Za-z]")


def extract_mentions(doc: Document, *, lang: str = "auto", kilo: int = 1000) -> list[Mention]:
    """Every numeric mention of ``doc`` in document order."""
    return Extractor(doc, lang=lang, kilo=kilo).mentions()


def detect_lang(text: str) -> str:
    """"zh" when CJK characters make up a noticeable part of the letters, else "en"."""
    sample = text[:20000]
    cjk = len(CJK.findall(sample))
    latin = len(_LATIN.findall(sample))
    return "zh" if cjk > 0.2 * (cjk + latin) and cjk > 5 else ("en" if cjk == 0 else "auto")
