"""Shared wording for the classroom in English and Chinese: numbers, amounts, verdicts, relations."""

from __future__ import annotations

from fractions import Fraction

from ..errors import UsageError
from ..numbers import format as numfmt
from ..numbers.interval import Interval

LANGS = ("en", "zh")



def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise UsageError(f"unknown language {lang!r} (languages: {', '.join(LANGS)})")
    return lang


def num(x: Fraction, sig: int = 6, group_from: int = 5) -> str:
    """A readable decimal: exact when short, else ``sig`` significant digits; thousands grouped
    when the integer part has ``group_from`` digits or more (2048 stays 2048)."""
    return numfmt.readable(Fraction(x), sig, group_from=group_from)


with_unit = numfmt.with_unit


def interval_text(iv: Interval, sig: int = 6) -> str:
    return numfmt.interval_text(iv, sig, group=True)   # the classroom groups thousands


def amount(iv: Interval, unit: str, sig: int = 6) -> str:
    return with_unit(interval_text(iv, sig), unit)


def point(x: Fraction, unit: str, sig: int = 6) -> str:
    return with_unit(num(x, sig), unit)


def frac_text(x: Fraction) -> str:
    """Exact text for a Fraction that :class:`fractions.Fraction` reads back: a terminating
    decimal when there is one, else ``p/q``."""
    x = Fraction(x)
    text = numfmt.exact(x)
    return text if Fraction(text) == x else str(x)


VERDICTS = {
    "en": {"consistent": "consistent", "inconsistent": "inconsistent", "underdetermined": "underdetermined",
           "error": "error", "stated": "stated"},
    "zh": {"consistent": "成立（一致）", "inconsistent": "不成立（不一致）", "underdetermined": "无法确定（缺少输入）",
           "error": "出错", "stated": "陈述（无公式）"},
}

#: What a student may write for a verdict, mapped to the engine's verdicts.
VERDICT_WORDS = {
    "consistent": "consistent", "holds": "consistent", "成立": "consistent", "一致": "consistent",
    "inconsistent": "inconsistent", "does not hold": "inconsistent", "不成立": "inconsistent",
    "不一致": "inconsistent",
    "underdetermined": "underdetermined", "无法确定": "underdetermined",
}

RELATIONS = {
    "en": {"=": "equal to", "~": "about", ">": "more than", ">=": "at least", "<": "less than", "<=": "at most"},
    "zh": {"=": "等于", "~": "大约", ">": "大于", ">=": "不小于", "<": "小于", "<=": "不大于"},
}


def verdict_word(verdict: str, lang: str) -> str:
    return VERDICTS[lang].get(verdict, verdict)


def relation_word(relation: str, lang: str) -> str:
    return RELATIONS[lang].get(relation, relation)
