"""Find a printed number inside its quote, so the HTML report can highlight it.

The value is written in the claim file the way the document prints it ("2,788K GPU-hours",
"≈ 3.7 天", "超过 20 PiB") while the quote is the document's own sentence, which may spell the
unit differently ("2,788K GPU 小时"). We try the whole value, then without its qualifier, then the
number with its multiplier, then the bare number, and accept a match only at number boundaries
(so "8" is never found inside "128K").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

#: The numeric core of a printed value: optional currency, digits with separators, a multiplier.
_CORE = re.compile(
    r"[$¥€£]?\d(?:[\d,，]*\d)?(?:\.\d+)?\s?(?:[KMGTPkmb]i?(?![A-Za-z])|万亿|亿|万|千|百|billion|million|trillion|thousand)?")
_BARE = re.compile(r"\d(?:[\d,，]*\d)?(?:\.\d+)?")
_QUALIFIER = re.compile(r"^[^\d$¥€£]+")
_DIGITISH = re.compile(r"[\d.,，]")

Segment = tuple[str, str]   # (text, kind): kind "" plain, "c" the claimed value, "i" an input's value


def candidates(value: str) -> list[str]:
    """Texts to look for, most specific first."""
    value = value.strip()
    out = [value]
    no_qual = _QUALIFIER.sub("", value).strip()
    if no_qual:
        out.append(no_qual)
    m = _CORE.search(value)
    if m:
        core = m.group(0).strip()
        out += [core, core.replace(",", "").replace("，", "")]
    m = _BARE.search(value)
    if m:
        out += [m.group(0), m.group(0).replace(",", "").replace("，", "")]
    seen: list[str] = []
    for c in out:
        if c and c not in seen:
            seen.append(c)
    return seen


def _at_boundary(text: str, start: int, end: int, needle: str) -> bool:
    """A match must not sit inside a longer number on either side."""
    if needle[:1].isdigit() and start > 0 and _DIGITISH.match(text[start - 1]) and text[start - 1] not in "，,":
        return False
    if needle[:1].isdigit() and start > 1 and text[start - 1] in ",，." and text[start - 2].isdigit():
        return False
    if needle[-1:].isdigit() and end < len(text):
        nxt = text[end]
        if nxt.isdigit():
            return False
        if nxt in ".,，" and end + 1 < len(text) and text[end + 1].isdigit():
            return False
    return True


def find_value(quote: str, value: str, taken: Iterable[tuple[int, int]] = ()) -> tuple[int, int] | None:
    """(start, end) of ``value``'s best match in ``quote`` that overlaps nothing in ``taken``."""
    taken = list(taken)
    for needle in candidates(value):
        start = 0
        while True:
            i = quote.find(needle, start)
            if i < 0:
                break
            j = i + len(needle)
            if _at_boundary(quote, i, j, needle) and not any(i < b and a < j for a, b in taken):
                return i, j
            start = i + 1
    return None


def highlight(quote: str, value: str | None, inputs: Iterable[str] = ()) -> list[Segment]:
    """Split ``quote`` into segments, marking the claimed value and any input values it quotes."""
    spans: list[tuple[int, int, str]] = []
    if value:
        hit = find_value(quote, value)
        if hit:
            spans.append((*hit, "c"))
    for printed in inputs:
        if not printed:
            continue
        hit = find_value(quote, printed, [(a, b) for a, b, _ in spans])
        if hit:
            spans.append((*hit, "i"))
    spans.sort()
    out: list[Segment] = []
    pos = 0
    for a, b, kind in spans:
        if a > pos:
            out.append((quote[pos:a], ""))
        out.append((quote[a:b], kind))
        pos = b
    if pos < len(quote):
        out.append((quote[pos:], ""))
    return out


def _cjk(c: str) -> bool:
    """Kana, CJK ideographs (extension A, unified, compatibility) and half/full-width forms."""
    return ("\u3040" <= c <= "\u30ff" or "\u3400" <= c <= "\u4dbf" or "\u4e00" <= c <= "\u9fff"
            or "\uf900" <= c <= "\ufaff" or "\uff00" <= c <= "\uffef")


def language(text: str | None) -> str | None:
    """``zh`` for text with CJK characters, so the browser picks a Chinese font (not a Japanese one).

    Not a character-class regex: compiling that class (tens of thousands of code points) cost
    ~10 ms of every start. Text with no character from kana up is answered by ``max`` alone."""
    if not text or max(text) < "\u3040":
        return None
    return "zh" if any(_cjk(c) for c in text if c >= "\u3040") else None
