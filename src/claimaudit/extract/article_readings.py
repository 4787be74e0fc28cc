"""Mentions without digits: an article before a unit's name (``a gallon``), a count or coin word
(``a dozen``, ``a penny``), ``absolute zero`` (0 kelvin)."""

from __future__ import annotations

import re

from ..numbers.printed import PrintedNumber
from ..numbers.words import FRACTIONS
from ..units.registry import UnitInfo
from .mention import Mention, parse_value
from .unit_words import unit_or_none
from .word_screen import may_print

#: Every match of the article patterns starts with "a" or "A": said first as a look-ahead, it changes no
#: match and rejects every other position of the text at once (a third of each pattern's time).
_ARTICLE_FIRST = "(?=[aA])"
#: "a gallon", "A kibibyte": an article read as one before a unit's full name (see _article_units).
_ARTICLE_UNIT = re.compile(_ARTICLE_FIRST + r"(?<![A-Za-z'’])(a|an|A|An) ([a-z]{4,})(?![A-Za-z\-])")
_ARTICLE_DIMS = {"[length]", "[mass]", "[information]"}
_ARTICLE_NOT_UNIT = {"second", "minute", "bit", "bits", "foot", "point", "ton", "tons", "pound", "bar", "stone",
                     "grain", "line", "hand", "mark", "degree", "pica", "rod", "chain", "link", "league", "block",
                     "drop", "cord", "barrel", "perch", "span", "fathom", "knot", "pole", "nail", "mile",
                     # fraction and ordinal words: "a fifth season" is no fifth of a gallon (numbers.words reads them)
                     *FRACTIONS}
#: "a dozen eggs", "a penny", "a square dozen", "half a dozen": an article before a count or coin word. The words
#: are spelt out in full and mean nothing else after "a"; "gross" is also an adjective ("a gross
#: error"), so it counts only where no noun follows ("a gross of pencils", "a gross is 144").
_ARTICLE_COUNT = re.compile(r"(?<![A-Za-z'’])((?:[Hh]alf )?(?:a|an|A|An)) "
                            r"(baker['’]s dozen|square dozen|dozen|penny|cent|dime|"
                            r"gross(?=\s+(?:of|is|was)\b|\s*[.,;:!?)]|\s*$))(?![A-Za-z\-'’])")
#: A word every match of _ARTICLE_COUNT holds (the pattern is case-sensitive: ``in`` on the text says it).
_ARTICLE_COUNT_WORDS = ("dozen", "penny", "cent", "dime", "gross")
#: The value each of those words stands for, as a claim's `value:` would print it.
_ARTICLE_COUNT_VALUE = {"square dozen": "1 dozen^2", "baker's dozen": "1 bakers_dozen",
                        "baker’s dozen": "1 bakers_dozen"}
#: "an hour and a half", "a mile and a half": one unit and a half (the "a half" alone would be 1/2).
_UNIT_AND_A_HALF = re.compile(_ARTICLE_FIRST
                              + r"(?<![A-Za-z'’])(a|an|A|An) ([a-z]{3,}) and a (half|quarter)(?![A-Za-z\-])")
#: "rates rose a percentage point", "yields moved a basis point": one of them.
_ARTICLE_POINT = re.compile(r"(?<![A-Za-z'’])(a|A|one|One|a full) (percentage point|basis point)(?![A-Za-z\-])")
#: "the puppy is a year old", "a day-old chick", "an hour old": an age of one unit of time (the "a" is one;
#: "a year older", "a year ago" are no ages).
_ARTICLE_AGE = re.compile(_ARTICLE_FIRST + r"(?<![A-Za-z'’])(a|an|A|An) (year|month|week|day|hour)"
                          r"(?=[- ]old(?![A-Za-z]))")
_FRACTION_BEFORE = re.compile(r"(?:half|quarters?|thirds?|fifths?|tenths?)(?:\s+of)?\s+$", re.I)
#: "half a mile", "half an hour", "a quarter of a cup", "two thirds of a teaspoon": a share of one unit.
_FRACTION_OF_UNIT = re.compile(r"(?<![A-Za-z'’-])(half|(?:a |one[ -])?quarter of|three[ -]quarters of|"
                               r"(?:a |one[ -])?third of|two[ -]thirds of|(?:a |one[ -])?fifth of|"
                               r"(?:a |one[ -])?tenth of)"
                               r" (a|an) ([a-z]{3,})(?![A-Za-z\-])", re.I)
_FRACTION_DIMS = {"[length]", "[mass]", "[time]", "[information]"}
_FRACTION_VALUE = {"half": "1/2", "quarter": "1/4", "three": "3/4", "third": "1/3", "two": "2/3", "fifth": "1/5",
                   "tenth": "1/10"}
#: Unit names that are mostly other words after "half a" ("half a point" is read beside a score).
_FRACTION_NOT_UNIT = _ARTICLE_NOT_UNIT - {"second", "minute", "foot", "ton", "tons", "pound", "degree", "barrel",
                                          "mile"}
#: "absolute zero" is a temperature, 0 kelvin (a point on the kelvin scale, no offset involved).
_ABSOLUTE_ZERO = re.compile(r"(?<![A-Za-z])(absolute zero)(?![A-Za-z])", re.I)

def _article_mention(am: re.Match[str], text: str, v: str, p: PrintedNumber, info: UnitInfo, note: str) -> Mention:
    """The mention of an article read as one (group 1) before its unit or count word (group 2)."""
    return Mention(start=am.start(), end=am.end(), printed=text[am.start():am.end()], value=v, number=p, unit=info,
                   candidates=[note], kind="words", number_start=am.start(), number_end=am.start() + len(am.group(1)),
                   unit_start=am.start(2))


# -- "a gallon of beer", "A kibibyte is …": an article before a unit word -------------------------
def article_units(f: str, text: str, kilo: int, ms: list[Mention]) -> list[Mention]:
    """``a``/``an`` read as one where a measurement unit's own name follows (``a gallon``).

    Only units of length, area, volume, mass and information, spelt out in full, and none whose
    name is also a common word (``a second look``, ``a bit more``, ``a foot``, ``a point``, ``a ton
    of``, ``a bar``): the reading is kept visible as a candidate note.
    """
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
        p = parse_value(v, kilo)
        if p is None or unit_or_none(p.unit) != info:
            continue
        added.append(_article_mention(am, text, v, p, info, f"'{am.group(1)}' read as one {word.lower()}"))
    for am in _ARTICLE_COUNT.finditer(f) if any(w in f for w in _ARTICLE_COUNT_WORDS) else ():
        if any(a < am.end() and am.start() < b for a, b in taken + [(m.start, m.end) for m in added]):
            continue
        word = am.group(2).lower()
        v = _ARTICLE_COUNT_VALUE.get(word, f"1 {word}")
        if am.group(1)[0] in "Hh":
            v = "1/2" + v[1:]        # "half a dozen": 1/2 dozen (6)
        p = parse_value(v, kilo)
        info = unit_or_none(p.unit) if p is not None else None
        if p is None or info is None:
            continue
        added.append(_article_mention(am, text, v, p, info, f"'{am.group(1)}' read as one {word}"))
    for am in _ARTICLE_POINT.finditer(f) if may_print(f, ("percentage point", "basis point")) else ():
        if _FRACTION_BEFORE.search(f, max(0, am.start() - 16), am.start()) \
                or any(a < am.end() and am.start() < b for a, b in taken):
            continue      # "half a percentage point" is fraction_of_a_point's
        v = "1 percentage point" if am.group(2).lower().startswith("percentage") else "1 basis point"
        p = parse_value(v, kilo)
        info = unit_or_none(p.unit) if p is not None else None
        if p is None or info is None:
            continue
        added.append(_article_mention(am, text, v, p, info, f"'{am.group(1)}' read as one {am.group(2).lower()}"))
    for am in _ARTICLE_AGE.finditer(f) if "old" in f else ():
        if any(a < am.end() and am.start() < b for a, b in taken):
            continue
        v = f"1 {am.group(2)}"
        p = parse_value(v, kilo)
        info = unit_or_none(p.unit) if p is not None else None
        if p is None or info is None:
            continue
        added.append(_article_mention(am, text, v, p, info, f"'{am.group(1)}' read as one {am.group(2)} (an age)"))
    if " and a " in f:
        ms = _unit_and_a_half(f, text, kilo, ms, added)
    if may_print(f, ("half", "quarter", "third", "fifth", "tenth")):
        ms = _fraction_of_unit(f, text, kilo, ms, added)
    return sorted(ms + added, key=lambda m: m.start) if added else ms


def _fraction_of_unit(f: str, text: str, kilo: int, ms: list[Mention], added: list[Mention]) -> list[Mention]:
    """``half a teaspoon`` (1/2 teaspoon, not "a teaspoon"), ``half an hour``, ``a quarter of a
    mile``: the fraction is of the unit after it; replaces the bare ``a teaspoon`` or ``a quarter``
    read inside it. Units with a dimension only, by their own name."""
    for am in _FRACTION_OF_UNIT.finditer(f):
        word = am.group(3).lower()
        info = unit_or_none(word)
        if word in _FRACTION_NOT_UNIT or info is None or not info.dims.items \
                or any(d not in _FRACTION_DIMS and not d.startswith("[currency") for d, _ in info.dims.items) \
                or word.replace("tre", "ter").rstrip("s") not in info.canonical.replace(" ", ""):
            continue      # a measure by its own name ("half a step" is an idiom, "half a point" fraction_of_a_point's)
        head = am.group(1).lower().replace("-", " ").split()
        v = f"{_FRACTION_VALUE[head[1] if head[0] in ('a', 'one') else head[0]]} {word}"
        p = parse_value(v, kilo)
        if p is None or unit_or_none(p.unit) != info:
            continue
        ms = [m for m in ms if not (m.start < am.end() and am.start() < m.end)]
        added[:] = [a for a in added if not (a.start < am.end() and am.start() < a.end)]    # "a teaspoon" in it
        added.append(Mention(start=am.start(), end=am.end(), printed=text[am.start():am.end()], value=v,
                             number=p, unit=info, candidates=[f"'{text[am.start():am.end()]}' read as {v}"],
                             kind="words", number_start=am.start(), number_end=am.start(2) - 1,
                             unit_start=am.start(3)))
    return ms


def _unit_and_a_half(f: str, text: str, kilo: int, ms: list[Mention], added: list[Mention]) -> list[Mention]:
    """``a year and a half`` (1.5 year), ``an hour and a quarter``, ``a dozen and a half``: replaces the
    bare ``a half`` (and ``a gallon``) read inside it. Any unit with a dimension that the registry reads
    by that word, and the dozen (a mile too: "a mile" alone is an idiom, "a mile and a half" is not)."""
    for am in _UNIT_AND_A_HALF.finditer(f):
        info = unit_or_none(am.group(2))
        if info is None or not (info.dims.items or info.canonical == "dozen"):
            continue
        v = f"{'1.5' if am.group(3) == 'half' else '1.25'} {am.group(2)}"
        p = parse_value(v, kilo)
        if p is None or unit_or_none(p.unit) != info:
            continue
        ms = [m for m in ms if not (m.start < am.end() and am.start() < m.end)]
        added[:] = [a for a in added if not (a.start < am.end() and am.start() < a.end)]    # "a gallon" in it
        added.append(Mention(start=am.start(), end=am.end(), printed=text[am.start():am.end()], value=v,
                             number=p, unit=info, candidates=[f"'{am.group(0)}' read as {v}"],
                             kind="words", number_start=am.start(), number_end=am.start() + len(am.group(1)),
                             unit_start=am.start(2)))
    return ms

# -- "absolute zero": 0 kelvin -----------------------------------------------------------------------
def absolute_zero(f: str, text: str, kilo: int, ms: list[Mention]) -> list[Mention]:
    """``absolute zero`` is 0 kelvin: the phrase replaces the bare ``zero`` read inside it."""
    added: list[Mention] = []
    for am in _ABSOLUTE_ZERO.finditer(f) if may_print(f, ("absolute zero",)) else ():
        p = parse_value("0 kelvin", kilo)
        info = unit_or_none("kelvin")
        if p is None or info is None:
            continue
        ms = [m for m in ms if not (m.start < am.end() and am.start() < m.end)]
        added.append(Mention(start=am.start(), end=am.end(), printed=text[am.start():am.end()],
                             value="0 kelvin", number=p, unit=info, kind="words",
                             candidates=["'absolute zero' read as 0 kelvin"],
                             number_start=am.start(), number_end=am.end(), unit_start=am.start()))
    return sorted(ms + added, key=lambda m: m.start) if added else ms

