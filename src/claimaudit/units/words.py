"""One word of a unit string as a term: refused ambiguous words, the grammar's own words, FLOP
counts and rates, domain words, pint's names with prefixes and plurals, byte names in any case,
counting units of their own; and the located error, with suggestions, for a word that is none of them.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from ..errors import UnitError
from ..suggest import did_you_mean
from .declared import singulars
from .lexer import Tok, unit_error
from .spellings import (
    BYTE_WORDS,
    COUNT_WORDS,
    DOMAIN,
    DOMAIN_COMPOUND,
    FLOPS_WORD,
    METRIC,
    NOT_COUNT_NOUNS,
    NOTE_POINTS,
    POINTS,
    REFUSED,
    SUGGESTABLE,
    WORDS,
    p,
)
from .terms import Term, counting_term, is_multiplicative, parts_term, pint_lookup, pint_term, unit_names


def word_term(text: str, tok: Tok, count_nouns: bool = False) -> Term:
    """The word ``tok`` of ``text`` (not a declared unit: the caller looks those up first). With
    ``count_nouns`` an unknown noun becomes a counting unit of its own instead of an error."""
    word = tok.text
    if word in REFUSED:
        what, readings = REFUSED[word]
        raise unit_error(text, f"{word!r} alone is ambiguous: {what}", tok.col,
                         (_replace(text, tok, s) for s in readings))
    if word in WORDS:
        parts, note = WORDS[word]
        return parts_term(parts, note)
    m = FLOPS_WORD.match(word)
    if m:
        pre = m.group(1) or ""
        unit = (METRIC[pre] if pre else "") + "FLOP"
        if m.group(2) == "FLOPs":
            return parts_term(p(unit), f"{word} read as a count of {unit} (plural); {pre}FLOPS, {pre}Flops or "
                                       f"{pre}FLOP/s would be per second")
        return parts_term(p(unit + "S"), f"{word} read as {unit} per second (a rate); {pre}FLOPs would be a "
                                         "count")
    if word in COUNT_WORDS:
        return _count_term(COUNT_WORDS[word], word)
    if word in POINTS:
        return parts_term(p("percentage_point"), NOTE_POINTS)
    low = word.lower()
    if low in DOMAIN:
        return pint_term(DOMAIN[low])
    if low in DOMAIN_COMPOUND:
        return parts_term(DOMAIN_COMPOUND[low])
    found = pint_lookup(word)
    if found is not None:
        prefix, unit = found
        if not is_multiplicative(unit):
            raise unit_error(text, f"{word!r} ({unit}) is an offset or logarithmic unit, which claimaudit "
                                   "does not support", tok.col)
        return pint_term(prefix + unit)
    for pre in sorted(METRIC, key=len, reverse=True):
        rest = word[len(pre):].lower()
        if word.startswith(pre) and rest in DOMAIN:
            note = f"{word} read with prefix k (1000)" if pre == "K" else ""
            return pint_term(METRIC[pre] + DOMAIN[rest]).with_note(note)
    bytes_term = _byte_term(word)
    if bytes_term is not None:
        return bytes_term
    if any(c.isdigit() for c in word):
        raise _digits_error(text, tok)

    def suggestions() -> list[str]:   # asked only when needed: most refused words are never shown
        return list(did_you_mean(word, choices()))

    if count_nouns and _count_noun(word, suggestions):
        stem = (singulars(word) or (word,))[0]
        return _count_term(stem if stem.isupper() else stem.lower(), word)
    raise unit_error(text, f"unknown unit {word!r}", tok.col,
                     lambda: [_replace(text, tok, s) for s in suggestions()])


def _byte_term(word: str) -> Term | None:
    """Byte and bit names in any case where that is unambiguous: ``Bytes``, ``GBytes``, ``Gbits``,
    ``KiBytes``, ``Gigabytes`` (the symbols B and b stay case-sensitive)."""
    for pre in sorted(METRIC, key=len, reverse=True) + [""]:
        if word.startswith(pre) and word[len(pre):].lower() in BYTE_WORDS:
            base = BYTE_WORDS[word[len(pre):].lower()]
            note = f"{word} read with prefix k (1000)" if pre == "K" else ""
            return pint_term((METRIC[pre] if pre else "") + base).with_note(note)
    low = word.lower()
    if low != word and re.fullmatch(r"[a-z]+(?:byte|bit)s?", low):
        found = pint_lookup(low)
        if found is not None:
            return pint_term(found[0] + found[1])
    return None


def _count_noun(word: str, suggestions: Callable[[], list[str]]) -> bool:
    """May an unknown word be a counting unit of its own? A word of letters (``experts``,
    ``SMs``, ``replicas``), not grammar ("of", "times"), and not one edit away from a known unit
    of four letters or more, which is likelier a typo ("secnods" → seconds) than a new noun."""
    if not word.isalpha() or len(word) < 2 or word.lower() in NOT_COUNT_NOUNS:
        return False
    if len(word) >= 4:
        from rapidfuzz.distance import OSA

        for s in suggestions():
            if len(s) >= 4 and OSA.distance(word.lower(), s.lower()) <= 1:
                return False
    return True


def _count_term(key: str, word: str) -> Term:
    """An unknown noun read as a counting unit of its own."""
    return counting_term(key, f"{word} read as a count of {key} (a counting unit of its own)")


def _replace(text: str, tok: Tok, new: str) -> str:
    return text[:tok.col] + new + text[tok.col + len(tok.text):]


def _digits_error(text: str, tok: Tok) -> UnitError:
    word = tok.text
    m = re.fullmatch(r"([^\W\d_]+)([23])", word)
    if m and pint_lookup(m.group(1)) is not None:
        return unit_error(text, f"{word!r}: write exponents as {m.group(1)}^{m.group(2)} or "
                                f"{m.group(1)}{'²' if m.group(2) == '2' else '³'}", tok.col,
                          (_replace(text, tok, f"{m.group(1)}^{m.group(2)}"),))
    after = text[tok.col + len(word):]
    if after.lstrip(" -·").lower().startswith("gpu") or after.lstrip(" -·").startswith("卡"):
        suggestion = (text[:tok.col] + after.lstrip(" -·")).strip()
    else:
        suggestion = _replace(text, tok, "GPU")
    return unit_error(text, f"{word!r} looks like a model or product name, not a unit; keep it in the "
                            "claim's wording and use a generic unit", tok.col, (suggestion,))


@functools.lru_cache(maxsize=1)
def choices() -> tuple[str, ...]:
    """The unit names a "did you mean" suggestion is drawn from."""
    names: set[str] = set()
    for key in unit_names()[0]:
        if key.isascii() and key.isidentifier():
            names.add(key)
            if len(key) > 2 and key.isalpha() and key.islower():
                names.add(key + "s")
    names.update(DOMAIN, WORDS, SUGGESTABLE)
    names.update(v for v in DOMAIN.values())
    # pint adds prefixed names to its table only once they are looked up; list the common ones
    # so suggestions do not depend on what a run happened to read before.
    for prefix in ("kilo", "mega", "giga", "tera", "peta", "exa", "kibi", "mebi", "gibi", "tebi", "pebi", "exbi"):
        for unit in ("byte", "bit"):
            names.update((prefix + unit, prefix + unit + "s"))
    return tuple(sorted(names))
