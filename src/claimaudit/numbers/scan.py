"""Find where numbers stand in running text (a scanning helper for extraction).

:func:`parse_printed` reads one whole printed value; extraction first has to find the values in a
document. This module only *locates* number tokens and gives each the text to hand to
``parse_printed``: it never decides a value itself, except that English number words
(``twenty-one``, ``two-thirds``, ``a hundred and two``, ``three million, two hundred & forty``) and
products with a power of two (``8x2^10``), which the printed grammar does not read, are spelt out as
digits (``21``, ``2/3``, ``102``, ``3000240``, ``8192``) before they are parsed.

Offsets are kept exact: full-width forms are mapped one character to one character
(:data:`FULLWIDTH`), so a span found in the folded text is the same span in the original.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction

from ..errors import NumberSyntaxError
from ..lazy_pattern import LazyPattern
from .chinese import BIG_UNITS as CN_BIG_UNITS
from .chinese import DIGITS as CN_DIGITS
from .chinese import (
    MIXED_RUN,
    ChineseNumeral,
    is_numeral_start,
    mixed_value,
    numeral_run_end,
    scan_approximate,
    scan_chinese_numeral,
)
from .chinese import SMALL_UNITS as CN_SMALL_UNITS
from .chinese import TENS as CN_TENS
from .limits import MAX_DIGITS
from .reader import VULGAR_FRACTIONS
from .words import BIG_SCALES as _BIG_SCALES_EN
from .words import FRACTIONS as _FRACTIONS_EN
from .words import HALF_SCALES as _HALF_SCALES_EN
from .words import NUMBER_WORDS as _NUMBER_WORDS
from .words import PLURAL_SCALES as _PLURAL_SCALES_EN
from .words import SCALED_DENOMINATOR, SHARE_NUMERATOR, WORD_DENOMINATOR, read_words
from .words import SCALES as _SCALES_EN
from .words import TENS as _TENS_EN
from .words import UNIT_ORDINALS as _UNIT_ORDINALS_EN
from .words import UNITS as _UNITS_EN
from .words import english_value as _english_value


class _Lazy(LazyPattern):
    """A regular expression compiled when first used: importing this module (at a command's
    start-up) compiles none of its ~20 ms of patterns, and a run compiles only those its texts need
    (the demo's quotes need few of them: compiling all 45 at the first text was 9% of its start-up
    instructions)."""


#: Full-width ASCII (U+FF01–FF5E) to ASCII and the ideographic space to a space, one character to
#: one character. CJK punctuation that has no ASCII twin in meaning (，。、（）：；) is kept.
FULLWIDTH = {cp: cp - 0xFEE0 for cp in range(0xFF01, 0xFF5F)}
FULLWIDTH[0x3000] = 0x20
for _keep in "，。、（）：；":
    FULLWIDTH.pop(ord(_keep), None)
del _keep


#: "，" between full-width digits before groups of three (４，５６５, １，０００，０００) groups thousands;
#: elsewhere it is the clause comma (分别为1，2，3) and stays.
_FULLWIDTH_GROUPING = re.compile("，(?<=[０-９]，)(?=[０-９]{3}(?![０-９]))")


def fold(text: str) -> str:
    """Full-width forms as ASCII, same length and offsets as ``text``."""
    folded = text.translate(FULLWIDTH)
    if "，" in text and (spots := [m.start() for m in _FULLWIDTH_GROUPING.finditer(text)]):
        chars = list(folded)
        for i in spots:
            chars[i] = ","
        folded = "".join(chars)
    return folded


@dataclass(slots=True)     # not frozen: built for every number of a document, and a frozen init costs
class NumberToken:   # three times as much (never changed once built)
    start: int        # offset of the first character in the text
    end: int          # offset after the last character
    text: str         # the characters as printed
    norm: str         # what to hand to parse_printed ("2,788", "2/3" for "two-thirds")
    kind: str         # "digits" | "chinese" | "words" | "fraction"


# -- digits --------------------------------------------------------------------------------------

_SUP = "⁰¹²³⁴⁵⁶⁷⁸⁹"
#: Apostrophe-grouped digits (Swiss style: 1'000, 1’250’000) are one number; "5'10" (feet and inches) is not.
#: Space-grouped digits take a decimal part only where the grouping is unmistakable: two groups or
#: more ("1 234 567.89") or thin spaces; "3 123.4" may be two table cells.
_GROUPED = (r"\d{1,3}(?:,\d{3})+(?![\d])|\d{1,3}(?:['’]\d{3})+(?!\d|['’]\d)"
            r"|\d{1,3}(?:(?:[ \u2009\u202f]\d{3}){2,}|(?:[\u2009\u202f]\d{3})+)(?=\.\d)"
            r"|\d{1,3}(?:[ \u2009\u202f]\d{3})+(?![\d]|[.,]\d)|\d+")
#: A leading-dot decimal (".03", ".5 GB", "p = .001") stands after a space, an operator or an
#: opening bracket, never after a digit, a letter or a dot ("3.2.1", "file.5", "v.2").
_LEADING_DOT = r"(?<![\w.,])(?=\.\d)"
#: Where a number can start: every branch of _NUMBER_RE begins with a sign, a digit or (a leading-dot
#: decimal) a dot. Said first as a look-ahead it changes no match, but the engine rejects every other
#: position at once instead of trying each branch there (a third of the time on a 1 MB text).
_NUMBER_START = r"(?=[+\-−.\d])"
_NUMBER_RE = _Lazy(
    _NUMBER_START + rf"(?P<sign>[+\-−](?=\.?\d))?(?:(?P<int>{_GROUPED})|{_LEADING_DOT})(?P<frac>\.\d+)?"
    rf"(?P<exp>[eE][+\-−]?\d+(?![A-Za-z])|\s?[×xX]\s?10(?:\^[+\-−]?\d+|[⁻⁺]?[{_SUP}]+|[\-−]\d+))?"
)
#: Anchored at the start of a digit run ((?<!\d)): unanchored, a long run of digits is retried from
#: every position inside it (quadratic).
#: A whole number before the fraction is printed with one or two spaces or with "and" ("2 and 3/4 inches").
#: ("between 2 and 3/4" has two ends.)
_FRACTION_RE = _Lazy(r"(?<!\d)(?P<sign>[\-−](?=\d))?"
                     # (a whole before 又 too: 3又1/2 is three and a half, as 3又二分之一)
                     r"(?:(?P<whole>\d+)(?: {1,2}| ?又 ?|(?<![Bb]etween \d)(?<![Bb]etween \d\d) and ))?"
                     r"(?P<num>\d+)/(?P<den>\d+)(?!\d|\.\d)"
                     # "1/3rd", "2/3rds", "7/8ths": the denominator read aloud as an ordinal
                     r"(?:(?:(?<=1)st|(?<=2)nd|(?<=3)rd|(?<=[04-9])th)s?(?![A-Za-z]))?")
#: "1 234 567,89": space-grouped digits (two groups or more, or thin spaces, as for "1 234 567.89") and a
#: decimal comma, the SI and European style. Read whole: alone, the grouping stops at "1 234".
_SPACED_COMMA_DECIMAL = _Lazy(r"(?<![\d.,])(\d{1,3}(?:(?: \d{3}){2,}|(?:[\u2009\u202f]\d{3})+)),(\d{1,2})"
                              r"(?![\d]|[.,]\d)")
_TIMES_POWER_OF_TWO = _Lazy(r"(\d{1,6}) ?[x×*] ?2\^(\d{1,3})(?![\d^]|\.\d)")
_VULGAR = {c: f"{v.numerator}/{v.denominator}" for c, v in VULGAR_FRACTIONS.items()}
_VULGAR_RE = _Lazy("[" + "".join(_VULGAR) + "]")
#: The whole part of a mixed number printed before a vulgar fraction ("1½", "2 ¾"): up to three digits
#: that are no decimal's or list's end ("2.5 ½" and "3,4 ½" are not mixed numbers).
_VULGAR_WHOLE = _Lazy(r"(?<![\d.,/])(\d{1,3}) ?$")
_BINARY_POWER = _Lazy(rf"\^[+\-]?\d{{1,3}}(?!\d|\.\d)|[⁻]?[{_SUP}]{{1,3}}")

#: Where an English number can start (on the lower-cased text): a unit or tens word, or "a"/"an"
#: before a scale or a singular fraction word (``a hundred``, ``a third``; any other "a" is an
#: article). Searching for these skips every other word in one regex pass.
#: The first letters of _EN_START's branches (a unit or tens word, "a"/"an", "half", "quarter"), said
#: first as a look-ahead: no match changes, and every other position is rejected at once (a third of
#: the pattern's time on a 1 MB text).
_EN_FIRST = "(?=[" + "".join(sorted({w[0] for w in set(_UNITS_EN) | set(_TENS_EN)} | set("ahq"))) + "])"
_EN_START = _Lazy(
    _EN_FIRST + r"(?<![A-Za-z])(?:" + "|".join(sorted(set(_UNITS_EN) | set(_TENS_EN), key=len, reverse=True))
    + r"|an?(?=[ -](?:" + "|".join(sorted(set(_SCALES_EN) | {w for w in _FRACTIONS_EN if not w.endswith("s")},
                                          key=len, reverse=True))
    + r")(?![a-z]))"
    # "a twenty-first" (1/21): a compound ordinal as a denominator (words.english_value decides)
    + r"|an?(?=[ -](?:" + "|".join(sorted(_TENS_EN)) + r")[ -](?:" + "|".join(sorted(_UNIT_ORDINALS_EN))
    + r")(?![a-z]))"
    # "half a million", "quarter million": a fraction word before a scale
    + r"|(?:half|quarter)(?=[ -](?:of )?(?:an? )?(?:" + "|".join(sorted(_HALF_SCALES_EN)) + r")(?![a-z])))(?![a-z])")
_LOWER_WORD = _Lazy(r"[a-z]+")
#: (not "plus or minus 3 points": a margin either way, no negative value)
_WORD_SIGN = _Lazy(r"(?<![a-z])(?<!plus or )(?<!plus/)(?:minus|negative) $")
_NUMBER_BEFORE_SIGN = _Lazy(r"(?:\d|(?<![a-z])(?:" + "|".join(sorted(_NUMBER_WORDS | set(_SCALES_EN)))
                                 + r"))\s*$")

#: "point" before a digit word is a decimal point where a value is expected (at the start of a line, after a
#: sign, a verb of being or a preposition: "it fell by point two"); after a noun or a determiner it is
#: the noun ("at that point five people left", "a turning point five years ago").
#: "at one point" opening a clause is "once" ("At one point five people left", "and at one point twenty");
#: after a verb it is a value ("inflation stood at one point five percent").
_AT_ONE_POINT = _Lazy(r"(?:^|\n|[.,;:!?(] |(?<![a-z])(?:and|but|then|yet) )at $")
_BARE_POINT = _Lazy(r"(?:^|\n|(?<![a-z])(?:is|was|are|were|be|been|equals|of|by|to|at|from|about|around|roughly"
                    r"|approximately|nearly|almost|only|just|minus|negative|plus|than) )(point) $")

#: The same, on text in any case (for digits: "Minus 10 degrees"), without lower-casing the text.
_WORD_SIGN_ANY_CASE = _Lazy(_WORD_SIGN.pattern, re.I)
_NUMBER_BEFORE_SIGN_ANY_CASE = _Lazy(_NUMBER_BEFORE_SIGN.pattern, re.I)


#: The longest run of words read as one number ("one million two hundred and thirty four thousand five
#: hundred and sixty seven" has 15).
_MAX_NUMBER_WORDS = 24
#: What joins two number words: a hyphen, or one to three spaces ("fifty   two" in PDF text); a
#: spaced hyphen (on one side or both: "twenty - one", "twenty- one", "twenty -one") only inside a compound
#: (see _dash_compound).
_WORD_GAP = _Lazy(r" {1,3}(?=[a-z])|-(?=[a-z])| ?- ?(?=[a-z])")


def _dash_compound(left: str, lower: str, pos: int) -> bool:
    """A spaced hyphen joins ``ninety - five``, ``twenty - fifth`` and ``one - fourth`` (what an unspaced
    hyphen joins); anywhere else it is a dash between two numbers ("a hundred - two hundred")."""
    right = _LOWER_WORD.match(lower, pos)
    word = right.group(0) if right else ""
    return (left in _TENS_EN and (0 < _UNITS_EN.get(word, 0) < 10 or word in _UNIT_ORDINALS_EN
                                  or word[:-1] in _UNIT_ORDINALS_EN)) \
        or (left in _UNITS_EN and word in _FRACTIONS_EN)


#: Words before "two quarters" that make them periods of a year ("the last two quarters").
_PERIODS_BEFORE = _Lazy(r"(?<![a-z])(?:last|past|next|first|previous|recent|following|coming|prior|final|remaining) $")
_AFTER_ORDINAL = _Lazy(r" (?!of\b|or\b|and\b|to\b|more\b|less\b)[a-z]")


#: "the", or a possessive, before an ordinal ("the twenty-second", "its twenty-second season").
_DETERMINER_BEFORE = _Lazy(r"(?<![a-z])(?:the|its|his|her|their|our|my|your) $")
#: Nouns that a position counts and a duration never qualifies ("twenty-second place", "… anniversary").
_ORDINAL_NOUN_AFTER = _Lazy(r" (?:place|floor|anniversary|birthday|season|edition|round|century|amendment|"
                            r"consecutive|straight|annual|time|of (?:january|february|march|april|may|june|july|"
                            r"august|september|october|november|december))\b")


def _ordinal_after_the(words: list[str], used: int, lower: str, start: int, end: int) -> bool:
    """After "the", ``twenty-second`` and ``one hundredth`` before a noun are positions: "the
    twenty-second of May", "the one hundredth anniversary" ("a thirty-second ad" is 30 s, "one
    hundredth of a second" a fraction)."""
    second = used < len(words) and words[used] == "second" and words[used - 1] in _TENS_EN
    if second and _ORDINAL_NOUN_AFTER.match(lower, end + len(" second")):
        return True         # "twenty-second place", "its twenty-second season" (not "a twenty-second clip")
    if not _DETERMINER_BEFORE.search(lower, max(0, start - 7), start):
        return False
    if second:
        return True
    return used == 2 and words[0] == "one" and _FRACTIONS_EN.get(words[1], 0) > 10 and not words[1].endswith("s") \
        and _AFTER_ORDINAL.match(lower, end) is not None


#: The words a number's run may go on with; the first other word ends it (and is kept: "a third
#: party" needs the word after the fraction).
_RUN_WORDS = frozenset(_NUMBER_WORDS | set(_SCALES_EN) | set(_PLURAL_SCALES_EN) | set(_FRACTIONS_EN)
                       | set(_UNIT_ORDINALS_EN)
                       | {"and", "a", "an", "point", "of", "first", "second"})


def _word_run(lower: str, j: int, limit: int) -> list[tuple[str, int, int]]:
    """The run of words (and their spans) starting at ``j``, separated by spaces or hyphens (see
    _WORD_GAP), "&" for "and" and a comma after a big scale ("three million, two hundred"); at most
    ``limit`` words, ending after the first word that no number goes on with."""
    n = len(lower)
    spans: list[tuple[str, int, int]] = []
    while len(spans) < limit:
        wm = _LOWER_WORD.match(lower, j)
        if wm is None:
            break
        word, k = wm.group(0), wm.end()
        spans.append((word, wm.start(), k))
        if word not in _RUN_WORDS or k + 1 >= n:
            break
        c = lower[k]
        if (c == " " or c == "-") and lower[k + 1].isalpha():
            j = k + 1                       # the common case, without a regex call
            continue
        gap = _WORD_GAP.match(lower, k) if c in " -" else None
        if gap is not None and ("-" not in gap.group(0) or _dash_compound(word, lower, gap.end())):
            j = gap.end()
            continue
        if lower.startswith(" & ", k) and k + 3 < n and lower[k + 3].isalpha():
            spans.append(("&", k + 1, k + 2))
            j = k + 3
            continue
        if word in _BIG_SCALES_EN and lower.startswith(", ", k) and k + 2 < n \
                and (w2 := _LOWER_WORD.match(lower, k + 2)) is not None and w2.group(0) in _NUMBER_WORDS:
            j = k + 2
            continue
        break
    return spans


#: Digits after a number in words that ends in a scale, joined by "and" ("two thousand and 5"); not 0
#: ("4 thousand 3 hundred and 0" are two numbers), a decimal or a longer number.
_AND_DIGITS = _Lazy(r" and ([1-9]\d{0,2})(?![\w]|[.,]\d)")


def _english_tokens(folded: str, lower: str) -> Iterator[NumberToken]:
    pos, n = 0, len(lower)
    while pos < n:
        m = _EN_START.search(lower, pos)
        if m is None:
            return
        first = m.group(0)
        word = folded[m.start():m.end()]
        if not (word.islower() or word.istitle() or word.isupper()) or (
                m.start() > 0 and folded[m.start() - 1] in "-_@/" ):
            pos = m.end()   # ZeRO, R1-Zero: names, not numbers
            continue
        if first not in _UNITS_EN and first not in _TENS_EN and first not in ("a", "an", "half", "quarter"):
            pos = m.end()
            continue
        spans = _word_run(lower, m.start(), 12)
        words = [s[0] for s in spans]
        got = _english_value(words)
        if got is not None and len(spans) == 12 and got[1] + 3 > 12:
            spans = _word_run(lower, m.start(), _MAX_NUMBER_WORDS)    # a long number: read it whole
            words = [s[0] for s in spans]
            got = _english_value(words)
        if got is None:
            pos = m.end()
            continue
        value, used = got
        start, end = spans[0][1], spans[used - 1][2]
        if _ordinal_after_the(words, used, lower, start, end) or (
                words[used - 1] == "quarters" and _PERIODS_BEFORE.search(lower, max(0, start - 12), start)):
            pos = spans[min(used, len(spans) - 1)][2]    # "in the last two quarters": periods, not 1/2
            continue
        if words[:2] == ["one", "point"] and used > 2 and _AT_ONE_POINT.search(lower, max(0, start - 12), start):
            pos = spans[1][2]      # "At one point five people left": once, then five people (not 1.5)
            continue
        point = _BARE_POINT.search(lower, max(0, start - 24), start) \
            if words[0] in _UNITS_EN and _UNITS_EN[words[0]] < 10 else None
        if point is not None and (got := _english_value(["zero", "point", *words])) is not None and got[1] > 2 \
                and not lower.startswith(" of ", spans[got[1] - 3][2]):
            # "point five", "minus point two five": a decimal read without its zero (not the numbered
            # "point five of the treaty")
            value, used = got[0], got[1] - 2
            start, end = point.start(1), spans[used - 1][2]
        if words[used - 1] in _SCALES_EN and (tail := _AND_DIGITS.match(lower, end)) is not None \
                and value.denominator == 1 and int(tail.group(1)) < min(_SCALES_EN[words[used - 1]], 1000):
            value, end = value + int(tail.group(1)), tail.end()    # "three hundred and 31" (as "3 hundred and 21")
        norm = str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
        sign = _WORD_SIGN.search(lower, max(0, start - 24), start)
        if sign and not _NUMBER_BEFORE_SIGN.search(lower, max(0, sign.start() - 24), sign.start()):
            # "minus five", "negative one" (not "ten minus three": a subtraction, left to the reader)
            start, norm = sign.start(), "-" + norm
        yield NumberToken(start, end, folded[start:end], norm, "words")
        pos = end


#: Multiples that state an amount wherever they stand: "threefold", "a 3-fold rise", "twice as
#: fast", "one in five adults". A bare "twice" (he called twice) or "half" (the first half) is left out.
_MULTIPLE_RE = _Lazy(r"(?<![A-Za-z\d\-.,])(?:(?:[a-z]+|\d+)-?fold|twice(?= as\b)"
                          # "half of the users", "half the staff" (not "the first half of 2024")
                          r"|(?<!first )(?<!second )(?<!latter )(?<!other )(?<!the )"
                          r"half(?= of\b| the\b| an? (?:percentage )?point\b| a per ?cent\b)"
                          # "more than half", "nearly half said no": a share after a qualifier
                          r"|(?:(?<=than )|(?<=nearly )|(?<=almost )|(?<=roughly )|(?<=least )|(?<=around )"
                          r"|(?<=about ))half(?![\-'’])"
                          r"|(?:one|1) in (?:" + WORD_DENOMINATOR + "|" + SCALED_DENOMINATOR + r"|\d+)"
                          # "nine out of ten", "two in three" (words only: see numbers.words)
                          r"|" + SHARE_NUMERATOR + r" (?:in|out of) "
                          + WORD_DENOMINATOR + ")"
                          r"(?![A-Za-z\d])", re.I)
#: "1 over 3", "one over one hundred": a fraction read aloud. Only where nothing word-like follows the
#: denominator ("5 over 3 years" is five over a period, not 5/3).
#: A denominator in words may be a long number ("1 over one hundred and twenty one": five words).
_OVER_RE = _Lazy(r"(?<![\w.,$€£¥\-])(?P<num>\d{1,6}|[a-z]+(?:-[a-z]+)?)[ \t]+over[ \t]+"
                      r"(?P<den>\d{1,6}(?!\d|[.,]\d)|[a-z]+(?:[ -][a-z]+){0,7})(?![ \t]*[A-Za-z\d(%$])", re.I)
#: "3 hundred", "3 hundred and 21": digits before "hundred" (a bigger scale after it is the printed
#: grammar's: "3 hundred thousand"); "2.5 hundred" (250) as "2.5 thousand" is 2500.
_HUNDRED_RE = _Lazy(r"(?<![\w.,])(?P<n>\d{1,2}(?P<dec>\.\d{1,2})?) hundred"
                         r"(?:(?: and)? (?P<rest>[1-9]\d?(?!\w|[.,]\d)|(?<=and )[a-z]+(?:-[a-z]+)?(?![A-Za-z])))?"
                         r"(?![A-Za-z])"
                         r"(?!\s+(?:thousand|million|billion|trillion)\b)", re.I)
#: "2 and a half years", "3 and a quarter million": digits and a spoken half or quarter, written as the
#: exact decimal (2.5), so that a scale word after it applies as it does to "2.5 million".
_AND_A_FRACTION_RE = _Lazy(r"(?<![\w.,])(?P<n>\d{1,6})(?: (?P<scale>thousand|million|billion|trillion))?"
                           r" and (?P<f>a half|one half|a quarter|three quarters)(?![A-Za-z])", re.I)
_AND_A_DECIMAL = {"a half": ".5", "one half": ".5", "a quarter": ".25", "three quarters": ".75"}


def _signed(tokens: Iterable[NumberToken], folded: str, text: str) -> Iterator[NumberToken]:
    """``tokens`` with a sign printed before them taken in ("minus 3 hundred", "negative one over three",
    "minus 3 and a half"): the token then starts at the sign and wins over the signed digits alone
    ("minus 3"). A subtraction ("ten minus 3 hundred") keeps its operands (see _sign_before)."""
    for t in tokens:
        if t.norm[:1] != "-" and (signed := _sign_before(folded, t.start, t.end)) is not None:
            t = NumberToken(signed, t.end, text[signed:t.end], "-" + t.norm, t.kind)
        yield t


def _and_a_fraction(m: re.Match[str]) -> str:
    """"2.5" for "2 and a half"; "3500000" for "3 million and a half" (a half of the scale)."""
    norm = m.group("n") + _AND_A_DECIMAL[m.group("f").lower()]
    if m.group("scale"):
        value = Fraction(norm) * _SCALES_EN[m.group("scale").lower()]
        norm = str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    return norm
#: "4 thousand 3 hundred", "1 million 200 thousand and 5": digits, each with its scale word, the scales
#: falling (a scale no smaller than the one before starts a new number: "1 million 2 million").
_SCALE_NAMES = "thousand|million|billion|trillion|lakh|crore"
_SCALE_CHAIN_RE = _Lazy(rf"(?<![\w.,])\d{{1,3}} (?:{_SCALE_NAMES})(?:,? (?:and )?\d{{1,3}} (?:hundred|{_SCALE_NAMES}))+"
                        r"(?:,? and [1-9]\d?(?!\w|[.,]\d))?(?![A-Za-z])", re.I)
_SCALE_PART = _Lazy(rf"(\d+) ({_SCALE_NAMES}|hundred)|(\d+)$", re.I)


#: "6 crore and two hundred", "3 million and forty": digits with a scale word, and number words
#: smaller than the scale after "and" (one number, as "three million and forty" is).
_SCALE_AND_WORDS_RE = _Lazy(rf"(?<![\w.,])(\d{{1,3}}) ({_SCALE_NAMES}) and (?=[a-z])", re.I)


def _scale_and_words(folded: str, lower: str) -> Iterator[NumberToken]:
    for m in _SCALE_AND_WORDS_RE.finditer(folded):
        spans = _word_run(lower, m.end(), 8)
        got = _english_value([w for w, _, _ in spans])
        scale = _SCALES_EN[m.group(2).lower()]
        if got is None or got[0].denominator != 1 or not 0 < got[0] < scale:
            continue
        end = spans[got[1] - 1][2]
        yield NumberToken(m.start(), end, folded[m.start():end], str(int(m.group(1)) * scale + got[0]), "digits")


def _scale_chain(run: str) -> str | None:
    """The value of a _SCALE_CHAIN_RE match, or None when its scales do not fall."""
    total, last = 0, 0
    for m in _SCALE_PART.finditer(run):
        scale = _SCALES_EN[m.group(2).lower()] if m.group(2) else 1
        if last and scale >= last:
            return None
        total, last = total + int(m.group(1) or m.group(3)) * scale, scale
    return str(total)
#: "1.1^23", "2.5^-1", "10^-4": a power printed with a caret after a number.
#: (Signs may repeat, as a formula generator prints them: "1.1^--23" is 1.1^23.)
_CARET_POWER = _Lazy(r"\^([+\-−]{0,3})(\d{1,3})(?![\d^]|\.\d)")
_GROUPING = _Lazy(r"[, \u2009\u202f]")
#: A power of another base than 10 or 2 is spelt out only up to this many digits (prose never needs more).
_MAX_POWER_DIGITS = 64


def _word_number(text: str) -> Fraction | None:
    """Digits or English number words (the whole of ``text``), or None."""
    if text.isdigit():
        return Fraction(int(text))
    words = re.split(r"[ -]+", text.lower())
    got = _english_value(words)
    return got[0] if got is not None and got[1] == len(words) else None


def _spoken_tokens(folded: str, lower: str) -> Iterator[NumberToken]:
    """Fractions read aloud (``1 over 3``) and digits before ``hundred`` (``3 hundred and 21``)."""
    for m in _OVER_RE.finditer(folded) if "over" in lower else ():
        num, den = _word_number(m.group("num")), _word_number(m.group("den"))
        if num is None or den is None or den == 0:
            continue
        value = num / den
        yield NumberToken(m.start(), m.end(), folded[m.start():m.end()], f"{value.numerator}/{value.denominator}",
                          "fraction")
    for m in _HUNDRED_RE.finditer(folded) if "hundred" in lower else ():
        rest = _word_number(m.group("rest")) if m.group("rest") else Fraction(0)
        end = m.end()
        if rest is None or rest >= 100 or rest.denominator != 1 or m.group("dec"):
            # "3 hundred and negative one": the words after "and" are no part of it
            rest, end = Fraction(0), m.start() + len(m.group("n")) + len(" hundred")
        yield NumberToken(m.start(), end, folded[m.start():end], str(Fraction(m.group("n")) * 100 + rest), "digits")


#: A power read aloud: "10 to the power of 9", "ten to the power of twelve", "2 to the 64th power", "10 to the
#: sixth", "10 to the minus 3". The base and the exponent are digits or number words; the value is spelt out
#: as the caret form reads it (10^9) or exactly (2^64), within _MAX_POWER_DIGITS.
_POWER_WORDS_RE = _Lazy(r"(?P<base>\d{1,6}|[a-z]+(?:[ -][a-z]+){0,2}) to the (?:power of (?P<sign>minus |negative |-)?"
                        r"(?P<exp>\d{1,3}|[a-z]+(?:-[a-z]+)?)|(?P<osign>minus |negative )?"
                        r"(?P<ord>\d{1,3}(?:st|nd|rd|th)?|[a-z]+(?:-[a-z]+)?)(?P<power> power)?)(?![\w])", re.I)
#: Without "power" the ordinal form is a power only for 10 and 2 and at the end of the phrase ("10 to the sixth.");
#: "from 5 to the 10th place" is a rank.
_POWER_PHRASE_END = _Lazy(r"\s*(?:$|[,.;:!?)]|(?:and|or|but|which|that|is|was)\b)")


def _power_exponent(word: str, ordinal: bool) -> int | None:
    w = word.lower()
    if ordinal:
        if w[:-2].isdigit() and w[-2:] in ("st", "nd", "rd", "th"):
            return int(w[:-2])
        if "-" in w:                      # "twenty-first"
            tens, _, unit = w.partition("-")
            return _TENS_EN[tens] + _UNIT_ORDINALS_EN[unit] if tens in _TENS_EN and unit in _UNIT_ORDINALS_EN else None
        if w in _UNIT_ORDINALS_EN and w != "first":
            return _UNIT_ORDINALS_EN[w]
        return _FRACTIONS_EN.get(w) if not w.endswith("s") and w not in ("half", "quarter") else None
    got = _word_number(w) if not w.isdigit() else Fraction(int(w))
    return int(got) if got is not None and got.denominator == 1 else None


#: The base before " to the ": digits, or one to three number words (tried longest first).
_POWER_BASE = _Lazy(r"(?<![\w.,])(?:\d{1,6}|[a-z]+)(?:[ -][a-z]+)*$", re.I)
_TO_THE = _Lazy(r" to the ", re.I)


def _power_word_tokens(folded: str) -> Iterator[NumberToken]:
    # Found from each " to the " (a literal search), the base read backwards: one pass of the whole
    # pattern over every position of a long text cost a third of the scan.
    for t in _TO_THE.finditer(folded):
        k = t.start()
        while k > 0 and k > t.start() - 12 and folded[k - 1].isalnum():
            k -= 1
        last = folded[k:t.start()].lower()
        if not (last.isdigit() or last in _NUMBER_WORDS or last in _SCALES_EN):
            continue       # "went to the market": no number before it (most of them, at a set lookup's cost)
        b = _POWER_BASE.search(folded, max(0, t.start() - 32), t.start())
        if b is None:
            continue
        starts = [b.start()] + [b.start() + k + 1 for k, c in enumerate(folded[b.start():t.start()]) if c in " -"]
        for st in starts[-3:]:
            m = _POWER_WORDS_RE.match(folded, st)
            if m is not None and _word_number(m.group("base")) is not None:
                tok = _power_token(folded, m)
                if tok is not None:
                    yield tok
                break


def _power_token(folded: str, m: re.Match[str]) -> NumberToken | None:
    """The token of a power read aloud (see _POWER_WORDS_RE), or None where it is none."""
    base = _word_number(m.group("base"))
    if base is None or base.denominator != 1 or base == 0:
        return None
    ordinal = m.group("ord") is not None
    if ordinal and not m.group("power") and (base not in (2, 10) or _POWER_PHRASE_END.match(folded, m.end()) is None):
        return None
    word = m.group("ord") if ordinal else m.group("exp")
    exp = _power_exponent(word, ordinal and not word.isdigit())
    if exp is None or exp > 999:
        return None
    if m.group("osign" if ordinal else "sign"):
        exp = -exp
    b = int(base)
    if b == 10:
        norm = f"10^{exp}"
    elif len(str(b)) * abs(exp) > _MAX_POWER_DIGITS:
        return None
    else:
        value = Fraction(b) ** exp
        norm = str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    return NumberToken(m.start(), m.end(), folded[m.start():m.end()], norm, "digits")


def _caret_power(folded: str, s: int, e: int, norm: str) -> tuple[int, str | None] | None:
    """(end, text to parse) of a number raised to a power printed with a caret: ``10^-4`` and
    ``2^64`` as printed (the grammar reads them), any other base spelt out exactly (``2.5^-1`` is
    ``2/5``); (end, None) where the value would be too long to spell out (neither the base nor the
    exponent is then a value); None where no power follows."""
    pw = _CARET_POWER.match(folded, e)
    if pw is None:
        return None
    base = norm.lstrip("+-")
    signs = pw.group(1)
    exp = int(pw.group(2)) * (-1 if (signs.count("-") + signs.count("−")) % 2 else 1)
    if base in ("10", "2") and len(signs) < 2:
        return pw.end(), folded[s:pw.end()].replace("−", "-")
    b = Fraction(_GROUPING.sub("", base))     # "1,000^2": the grouped digits' value (was a ValueError)
    if b == 0:
        return None
    if max(len(str(b.numerator)), len(str(b.denominator))) * abs(exp) > _MAX_POWER_DIGITS:
        return pw.end(), None
    value = b ** exp * (-1 if norm.startswith("-") else 1)
    return pw.end(), str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


#: A minus sign printed apart from its digits ("- 20"), where no operand or list can stand before it:
#: after a verb of being, a preposition or "=" ("convert - 20 degrees", "x = - 5"). (After a noun it is
#: a dash: "bf16 weights - 2 bytes per param"; after a number a subtraction or a range.)
_SPACED_SIGN = _Lazy(r"(?:(?<![A-Za-z])(?:is|was|are|were|be|equals|of|by|to|at|from|than|convert|converts|reads)"
                     r"|=) [\-−] $", re.I)
_LINE_BREAK_SIGN = _Lazy(r"(?:^|\n)[\-−] $")
_BULLET_LINE = _Lazy(r"[ \t]*[-*+•] ")
_SCALE_LETTER_REST = _Lazy(r" {1,2}[kKMB]\s*")


def _sign_before(folded: str, s: int, e: int) -> int | None:
    """Where the minus of the number at ``folded[s:e]`` starts, when a sign printed before it is one:
    a word ("minus 10", not the subtraction "20 minus 10") or a spaced "- " (see _SPACED_SIGN), also on
    a line holding nothing but the number ("- 1 4/5", when no list item stands beside it)."""
    if s < 2 or folded[s - 1] != " ":
        return None
    sign = _WORD_SIGN_ANY_CASE.search(folded, max(0, s - 10), s)      # "minus " ends at s
    if sign:
        return sign.start() if not _NUMBER_BEFORE_SIGN_ANY_CASE.search(folded, max(0, sign.start() - 24),
                                                                         sign.start()) else None
    if folded[s - 2] not in "-−":
        return None
    if _SPACED_SIGN.search(folded, max(0, s - 12), s):
        return s - 2
    if _LINE_BREAK_SIGN.search(folded, max(0, s - 3), s) is None:
        return None
    line_end = folded.find("\n", e)
    line_end = len(folded) if line_end < 0 else line_end
    if folded[e:line_end].strip() and not _SCALE_LETTER_REST.fullmatch(folded, e, line_end):
        return None          # "- 5 GPUs per node": a list item's text ("- 10  k" is the number and its scale)
    prev_start = folded.rfind("\n", 0, max(0, s - 3)) + 1
    beside = [folded[prev_start:max(prev_start, s - 3)] if s - 2 > 0 else "", folded[line_end + 1:line_end + 8]]
    return None if any(_BULLET_LINE.match(line) for line in beside if line) else s - 2


def _multiple_tokens(folded: str) -> Iterator[NumberToken]:
    for m in _MULTIPLE_RE.finditer(folded):
        got = read_words(folded, m.start())
        if got is None or got[1] > m.end() or not got[2]:
            continue
        value, end = got[0], got[1]       # (a denominator in words ends where its number does)
        norm = f"{value.numerator}x" if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
        yield NumberToken(m.start(), end, folded[m.start():end], norm, "words")


# -- Chinese numerals -------------------------------------------------------------------------------

_CN_START = set(CN_DIGITS) | set(CN_TENS) | {"十", "拾"}
#: Every character a Chinese token can start with: the scan jumps from one to the next.
_CN_CANDIDATE = _Lazy("[" + re.escape("".join(sorted(_CN_START | set("万亿百千")))) + "]")


#: Multipliers printed without a digit (万卡集群, 百万 token, 千万美元): an implied 一, spelt out for
#: parse_printed, which refuses a bare multiplier. Whether a unit follows is the caller's test.
#: (百亿, 千亿: 近百亿元, 逾千亿元, hundreds of 亿 written without a leading 一, as news does)
_BARE_MULT = ("万亿", "百万", "千万", "百亿", "千亿", "百億", "千億", "万", "亿")
_BARE_NOT_AFTER = set("0123456789.,") | set(CN_DIGITS) | set(CN_TENS) | set("十拾百千万亿萬億")


#: 千 and 百 alone are an amount only with 余/多 after them or 近/逾/约 before them: 千余人, 近千人, 约百人
#: (千方百计, 百姓, 千万不要 are words).
_BARE_SMALL_AFTER = frozenset("余餘多")
_BARE_SMALL_BEFORE = frozenset("近逾约約")


def _bare_multiplier(text: str, i: int) -> str | None:
    if text[i] in "千百" and not text.startswith(_BARE_MULT, i):
        end = i + 1
        if (end < len(text) and text[end] in _BARE_SMALL_AFTER) or (i > 0 and text[i - 1] in _BARE_SMALL_BEFORE):
            return text[i] if not (i > 0 and text[i - 1] in _BARE_NOT_AFTER) and not (
                end < len(text) and (text[end] in CN_DIGITS or text[end] in _BARE_NOT_AFTER)) else None
        return None
    for form in _BARE_MULT:
        if text.startswith(form, i):
            j = i - 1
            while j >= 0 and text[j] in " \t":
                j -= 1
            end = i + len(form)
            if (j >= 0 and text[j] in _BARE_NOT_AFTER) or (end < len(text) and (
                    text[end] in CN_DIGITS or text[end] in _BARE_NOT_AFTER)):
                return None      # part of a written number (3 万, 万一, 亿万)
            return form
    return None


#: A malformed Chinese numeral run up to this length is retried from its next character (百十一 -> 十一).
_RETRY_RUN = 32


#: A numeral printed with spaces between its places: ``一百 五 十 二``, ``三千 八百 九十六 萬``.
_CN_PLACE_CHARS = frozenset(CN_SMALL_UNITS) | frozenset(CN_BIG_UNITS)
_CN_SPACED_NEXT = _Lazy("[ ]{1,2}(?=[" + re.escape("".join(sorted(set(CN_DIGITS) | set(CN_TENS)
                                                                       | _CN_PLACE_CHARS | set("点點")))) + "])")


def _joins(piece: str) -> bool:
    """A piece after a space that goes on with the numeral before it: one with a place (五 十), or one
    that opens with 零 or a decimal point (零 五, 点 五)."""
    return piece[:1] in "零〇点點" or any(c in _CN_PLACE_CHARS for c in piece)


def _spaced_numeral(text: str, start: int, end: int) -> tuple[int, str] | None:
    """(end, numeral without its spaces) where the numeral at ``text[start:end]`` goes on after one
    or two spaces, or None. The joined numeral must read whole and have a place (十 百 千 万 亿) in a
    piece after a space: digits alone (``一 二 三``, a list) are never joined."""
    pieces: list[tuple[int, str]] = []       # (end, piece) after each gap, at most 16
    pos = end
    first_placed = text[end - 1] in _CN_PLACE_CHARS or text[end - 1] in "点點"
    if text[end:end + 1] in ("点", "點") and _CN_SPACED_NEXT.match(text, end + 1):
        pieces.append((end + 1, text[end]))      # 五点 五: the point glued, its digits after a space
        pos = end + 1
    while len(pieces) < 16 and (gap := _CN_SPACED_NEXT.match(text, pos)) is not None:
        piece_end = numeral_run_end(text, gap.end())
        if text[gap.end()] in "点點":
            piece_end = gap.end() + 1
            while piece_end < len(text) and text[piece_end] in CN_DIGITS:
                piece_end += 1
        elif piece_end == gap.end():
            piece_end = gap.end() + 1          # a place alone (万, 百) after a space
        pieces.append((piece_end, text[gap.end():piece_end]))
        pos = piece_end
        if len(pieces) == 1 and not first_placed and not _joins(pieces[0][1]):
            return None      # two digits in a row (一 二): a list, never one numeral
    # A place after a space joins (一百 五 十 二), so do 零 and 点 (一百 零 五, 五 点 五), and a digit
    # after a place (十 五, 三千 五): digits alone after digits (一 二 三, a list) never do.
    placed = [k for k, (_, piece) in enumerate(pieces) if _joins(piece) or (k == 0 and first_placed)]
    if not placed:
        return None          # checked first: a spaced list of digits costs no parse
    best = None
    joined = text[start:end]
    for k, (piece_end, piece) in enumerate(pieces):
        joined += piece
        try:
            num = scan_chinese_numeral(joined, 0)
        except NumberSyntaxError:
            break            # the error lies in this prefix: every longer one has it too
        if num is not None and num.end == len(joined) and k >= placed[0]:
            best = (piece_end, joined)
    return best


#: What follows 来 in 十来个, 二十来岁, 百来人 (a measure word or a unit; not 了, 说, 自 …).
#: After 多: the words 多少 (how many), 多么 (how) and 多数 (most), not "more than".
_NOT_MORE_THAN = frozenset("少么麼数數")
#: The digits 一 … 九 (the units place of 二十有五).
_CN_UNIT_DIGITS = {c: v for c, v in CN_DIGITS.items() if 1 <= v <= 9 and c not in "两兩俩倆仨"}
_LAI_BEFORE = frozenset("个個岁歲年天人名次位家件只隻块塊元米斤里公分秒周週月条條本张張台臺辆輛")
_CN_RUN_CHARS = frozenset(CN_DIGITS) | frozenset(CN_TENS) | _CN_PLACE_CHARS


def _valid_prefix(text: str, start: int, bad: int | None) -> ChineseNumeral | None:
    """The numeral read from ``start`` up to the character where reading it failed (``五十千`` -> 五十),
    or None; the prefix must itself read whole (``一百二三`` stops before 三, ``百十一`` has none)."""
    if bad is None or not start < bad <= start + _RETRY_RUN:
        return None
    try:
        num = scan_chinese_numeral(text[start:bad], 0)
    except NumberSyntaxError:
        return None
    if num is None or num.end != bad - start:
        return None
    return dataclasses.replace(num, start=start, end=bad)


def _chinese_tokens(text: str) -> Iterator[NumberToken]:
    i, n = 0, len(text)
    while i < n:
        cand = _CN_CANDIDATE.search(text, i)
        if cand is None:
            return
        i = cand.start()
        c = text[i]
        if c in "万亿百千":
            form = _bare_multiplier(text, i)
            if form is not None:
                yield NumberToken(i, i + len(form), form, "一" + form, "chinese")
                i += len(form)
                continue
        if (c in _CN_START or c in "百千") and is_numeral_start(text, i):
            approx = scan_approximate(text, i) if i == 0 or text[i - 1] not in _CN_RUN_CHARS else None
            if approx is not None:
                # 八九个, 三四十人, 十七八岁: an approximate range (not 89, nor 40); 五六月 no amount
                if approx[1]:
                    yield NumberToken(i, approx[0], text[i:approx[0]], approx[1], "chinese")
                i = approx[0]
                continue
            try:
                num = scan_chinese_numeral(text, i)
            except NumberSyntaxError as err:
                num = None
                run_end = numeral_run_end(text, i)
                if run_end - i > _RETRY_RUN:
                    i = run_end       # a long bad run is skipped whole (retrying each start is quadratic)
                    continue
                num = _valid_prefix(text, i, err.column)     # 五十千: 五十, where the numeral goes wrong
            if num is not None and num.end > i and text.startswith(("个半", "個半"), num.end) and not num.multiplier \
                    and num.decimals == 0 and num.value < 10**6:
                # 两个半小时, 一个半月: N and a half (the unit follows)
                half = num.value + Fraction(1, 2)
                yield NumberToken(i, num.end + 2, text[i:num.end + 2], f"{half.numerator // 2}.5", "chinese")
                i = num.end + 2
                continue
            if num is not None and text.startswith(("有余", "有餘"), num.end) and text[num.end - 1] in _CN_PLACE_CHARS \
                    and not num.multiplier and num.decimals == 0:
                # 三十有余, 百有余: "thirty and more", read as 三十余 (more than thirty)
                yield NumberToken(i, num.end + 2, text[i:num.end + 2], text[i:num.end] + "余", "chinese")
                i = num.end + 2
                continue
            if num is not None and num.end + 1 < n and text[num.end] == "有" and text[num.end - 1] in "十拾" \
                    and not num.multiplier and num.decimals == 0 and text[num.end + 1] in _CN_UNIT_DIGITS \
                    and text[num.end + 2:num.end + 3] not in _CN_RUN_CHARS:
                # 二十有五, 年三十有二: the written "twenty and five" of biographies (25), not 20 and a stray 五
                value = num.value + _CN_UNIT_DIGITS[text[num.end + 1]]
                yield NumberToken(i, num.end + 2, text[i:num.end + 2], str(value), "chinese")
                i = num.end + 2
                continue
            if num is not None and num.end + 1 < n and text[num.end] == "来" and text[num.end - 1] in _CN_PLACE_CHARS \
                    and (text[num.end + 1] in _LAI_BEFORE or text[num.end + 1] in CN_BIG_UNITS) and not num.multiplier:
                # 十来个, 二十来岁, 百来人, 十来万: "about ten" (来 after a round number), never exactly ten
                scale = text[num.end + 1] if text[num.end + 1] in CN_BIG_UNITS else ""
                end = num.end + 1 + len(scale)
                yield NumberToken(i, end, text[i:end], "约" + text[i:num.end] + scale, "chinese")
                i = end
                continue
            if num is not None and num.end + 1 < n and text[num.end] in "点點" and text[num.end + 1] in "几幾" \
                    and not num.multiplier and num.decimals == 0 and num.value < 10**6:
                # 三点几, 零点几: "three point something", between 3 and 4 (not exactly 3)
                yield NumberToken(i, num.end + 2, text[i:num.end + 2], f"{num.value}-{num.value + 1}", "chinese")
                i = num.end + 2
                continue
            if num is not None and num.end > i and num.end < n and text[num.end] in "几幾" \
                    and text[num.end - 1] in _CN_PLACE_CHARS and not num.multiplier \
                    and text[num.end + 1:num.end + 2] not in _CN_PLACE_CHARS:      # 二十几万: the extractor's
                # 十几公里, 二十几个, 一百几十: "ten-odd", read as 十多 (more than ten), as the grammar reads 多
                yield NumberToken(i, num.end + 1, text[i:num.end + 1], text[i:num.end] + "多", "chinese")
                i = num.end + 1
                continue
            if num is not None and num.end < n and text[num.end] in "多余餘" \
                    and (num.end - i > 1 or text[i] in "十拾") and text[num.end - 1] in _CN_PLACE_CHARS \
                    and not num.multiplier and not _CN_PLACE_CHARS.intersection(text[num.end + 1:num.end + 2]) \
                    and not _NOT_MORE_THAN.intersection(text[num.end + 1:num.end + 2]):
                # 一百多人, 三千多元, 二十余个: "more than" (the grammar reads 多/余 after a round number so);
                # left out, 多 began a noun of its own ("a count of 多人"). 多万 is the extractor's (a scale
                # follows); 多少, 多么 and 多数 are words of their own.
                more = text[num.end].replace("餘", "余")
                yield NumberToken(i, num.end + 1, text[i:num.end + 1], text[i:num.end] + more, "chinese")
                i = num.end + 1
                continue
            if num is not None and num.end > i:
                spaced = _spaced_numeral(text, i, num.end)
                if spaced is not None:
                    yield NumberToken(i, spaced[0], text[i:spaced[0]], spaced[1], "chinese")
                    i = spaced[0]
                    continue
                yield NumberToken(i, num.end, text[i:num.end], text[i:num.end], "chinese")
                i = num.end
                continue
        i += 1


#: A Chinese fraction or share: ``三分之一``, ``六十四分之一``, ``3分之1``, ``十一又十四分之一`` (a whole
#: and a fraction), and the percent forms ``百分之五十``, ``千分之三``, ``万分之五``. Each side is digits
#: or a Chinese numeral; whether a side reads is checked below (never a guess from the characters).
_CN_NUM = "[" + "".join(sorted(set(CN_DIGITS) | set(CN_TENS) | set(CN_SMALL_UNITS) | set(CN_BIG_UNITS))) + "]"
_CN_FRACTION = _Lazy(
    # Anchored where a run of digits or numerals starts: unanchored, a long run is retried from
    # every position inside it (quadratic).
    # A side may be spaced between its places (三 百 五 又 三 分之 一); the spaces are dropped below.
    # (at most 6 spaced pieces: bounded, so a long spaced run costs linear time, not quadratic)
    rf"(?<![0-9.]|{_CN_NUM})(?:(?P<whole>[0-9]+|{_CN_NUM}+(?: {_CN_NUM}+){{0,6}})\s?又\s?)?"
    rf"(?P<den>[0-9]+|{_CN_NUM}+(?: {_CN_NUM}+){{0,6}})\s{{0,2}}分\s{{0,2}}之\s{{0,2}}"
    rf"(?P<nsign>[负負]\s{{0,2}})?"      # 三分之负一: a negative numerator
    rf"(?P<num>[0-9]+(?:\.[0-9]+)?|{_CN_NUM}+(?: {_CN_NUM}+){{0,6}}(?:[点點]{_CN_NUM}+)?)")
_CN_SHARE_DENOMINATORS = {"百": "百", "千": "千", "万": "万", "萬": "万"}
#: A place that starts a denominator of several places without its 一 (百万分之一 is one in a million).
_BARE_PLACE_DENOMINATOR = frozenset("百千万萬亿億")


def _side_value(text: str) -> Fraction | None:
    """The value of one side of a Chinese fraction (digits or a whole Chinese numeral), or None.
    A side printed with spaces reads only when it has a place (``三 百 五``, not the list ``一 二``)."""
    if " " in text:
        if not any(c in _CN_PLACE_CHARS for c in text):
            return None
        text = text.replace(" ", "")
    if text[0].isascii():
        return Fraction(text) if len(text) <= MAX_DIGITS else None
    try:
        num = scan_chinese_numeral(text, 0)
    except NumberSyntaxError:
        return None
    return num.value if num is not None and num.end == len(text) else None


def _chinese_fractions(folded: str) -> Iterator[NumberToken]:
    pos = 0
    while (m := _CN_FRACTION.search(folded, pos)) is not None:
        pos = m.end()
        tok = _fraction_token(folded, m)
        first = m.group("whole") or m.group("den")
        if tok is None and " " in first:
            # "一 二 三分之一": the spaced run does not read; the fraction starts after its last space.
            again = _CN_FRACTION.match(folded, m.start() + first.rindex(" ") + 1)
            tok = _fraction_token(folded, again) if again is not None else None
        if tok is not None:
            yield tok


def _fraction_token(folded: str, m: re.Match[str]) -> NumberToken | None:
    den_text, num_text, whole_text = m.group("den"), m.group("num"), m.group("whole")
    if den_text in _CN_SHARE_DENOMINATORS and whole_text is None:
        # 百分之五十, 千分之三: a percent or permille form, read as printed by parse_printed.
        if " " in num_text and _side_value(num_text) is None:
            return None
        num_text = num_text.replace(" ", "")
        if num_text in CN_SMALL_UNITS or num_text in CN_BIG_UNITS:
            num_text = "一" + num_text       # 百分之百: a hundred per cent
        norm = ("负" if m.group("nsign") else "") + _CN_SHARE_DENOMINATORS[den_text] + "分之" + num_text
        return NumberToken(m.start(), m.end(), folded[m.start():m.end()], norm, "fraction")
    if (den_text[0] in _BARE_PLACE_DENOMINATOR and len(den_text) > 1) or den_text in ("亿", "億"):
        den_text = "一" + den_text           # 百万分之一, 千万分之三, 亿分之一: one million, ten million, 10^8
    den, num = _side_value(den_text), _side_value(num_text)
    whole = _side_value(whole_text) if whole_text is not None else Fraction(0)
    if den is None or num is None or whole is None or den == 0:
        return None
    value, start = whole + num / den, m.start()
    if m.group("nsign"):
        value = -value
        if whole_text is None and start > 0 and folded[start - 1] in "负負":
            value, start = -value, start - 1      # 负三分之负一: both sides negative, a positive share
    norm = str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    return NumberToken(start, m.end(), folded[start:m.end()], norm, "fraction")


#: 半 before a unit of time, a length or a dozen: 半小时, 半个月, 半年, 半公里, 半打 (exactly one half).
#: Not 上半年 / 下半年 / 前半 (a period's half, a name), 多半 / 大半 / 过半 (most, more than half),
#: N个半 / 一半 (read elsewhere), 半月刊, 半年报 / 半年度 (names), 半天 (also "for ages").
_CN_HALF = _Lazy(r"(?<![上下前后後多大过過一二两兩三四五六七八九十个個])半"
                 r"(?=[个個](?:小时|小時|钟头|鐘頭|月)|小时|小時|钟头|鐘頭|年(?![报報度])|分钟|分鐘"
                 r"|秒(?!表)|公里|打(?![开開折]))")


#: 半价: half the price, a discount to 50% (as 五折 is); not 半价格 ("half the price level" is rare, 价格 a noun).
_CN_HALF_PRICE = _Lazy(r"(?<![上下前后後多大过過])半价(?![格值位])")


#: 半百, 半千, 半万: half of a place (年过半百 is past fifty); not 多半百姓 (mostly), 半百分点, 半千克, 半万一
#: (words that go on).
_CN_HALF_PLACE = _Lazy(r"(?<![上下前后後多大一二两兩三四五六七八九十个個半])半([百千万萬亿億])"
                       r"(?![分米克瓦年一二两兩三四五六七八九十百千万萬亿億])")
_HALF_PLACE = {"百": "50", "千": "500", "万": "5000", "萬": "5000", "亿": "50000000", "億": "50000000"}


def _half_tokens(text: str) -> Iterator[NumberToken]:
    for m in _CN_HALF.finditer(text):
        yield NumberToken(m.start(), m.end(), "半", "1/2", "chinese")
    for m in _CN_HALF_PLACE.finditer(text):
        yield NumberToken(m.start(), m.end(), m.group(0), _HALF_PLACE[m.group(1)], "chinese")
    for m in _CN_HALF_PRICE.finditer(text):
        yield NumberToken(m.start(), m.end(), "半价", "50%", "chinese")


#: 翻一番 (doubled), 翻了两番 (quadrupled): each 番 is a doubling, 翻N番 is 2^N times.
_CN_FAN = _Lazy(r"翻(?:了)?([一二两兩三四1-4])番")
_FAN_COUNT = {"一": 1, "1": 1, "二": 2, "两": 2, "兩": 2, "2": 2, "三": 3, "3": 3, "四": 4, "4": 4}


def _fan_tokens(text: str) -> Iterator[NumberToken]:
    for m in _CN_FAN.finditer(text):
        yield NumberToken(m.start(), m.end(), m.group(0), f"{2 ** _FAN_COUNT[m.group(1)]}x", "chinese")


def _mixed_tokens(folded: str, text: str) -> Iterator[NumberToken]:
    for m in MIXED_RUN.finditer(folded):
        norm = mixed_value(m.group(0))
        if norm is not None:
            yield NumberToken(m.start(), m.end(), text[m.start():m.end()], norm, "digits")


# -- public -----------------------------------------------------------------------------------------------

def scan_numbers(text: str, *, words: bool = True, chinese: bool = True) -> list[NumberToken]:
    """Every number token in ``text`` in order, without overlaps.

    Digits (ASCII or full-width, thousands separators, decimals, ``e``/``×10^`` exponents, a sign
    glued to the digits), fractions (``1/64``, ``2 1/2``, ``½``), Chinese numerals, and English
    number words. Whether a token is a quantity (or a section number, a year, a model name) is
    for the caller to decide.
    """
    folded = fold(text)
    found: list[NumberToken] = []
    # Each pass below runs only where its pattern's literal part occurs (most sentences have no
    # "/", "^", CJK character or number word): the same tokens, a third of the time.
    for m in _FRACTION_RE.finditer(folded) if "/" in folded else ():
        whole, num, den = m.group("whole"), m.group("num"), m.group("den")
        # "640/410 TFLOPS" and "37B/671B" are two values, not a fraction.
        if int(den) == 0 or int(num) >= int(den) or len(den) > 4:
            continue
        if len(num) > MAX_DIGITS or len(whole or "") > MAX_DIGITS:
            continue
        norm = f"{num}/{den}" if whole is None else str(int(whole) * int(den) + int(num)) + f"/{den}"
        start = m.start()
        if m.group("sign"):
            norm = "-" + norm       # "-4/5", "−1 1/2": the sign glued to the fraction
        elif (signed := _sign_before(folded, start, m.end())) is not None:
            start, norm = signed, "-" + norm      # "minus 1 1/2", "- 1 4/5"
        found.append(NumberToken(start, m.end(), text[start:m.end()], norm, "fraction"))
    for m in _TIMES_POWER_OF_TWO.finditer(folded) if "^" in folded else ():
        # "8x2^10 bits": parse_printed reads 2^10 alone, not a product; the exact product is spelt
        # out (the only value this module computes besides English number words).
        if m.start() > 0 and (folded[m.start() - 1].isalnum() or folded[m.start() - 1] in "._"):
            continue
        norm = str(int(m.group(1)) * 2 ** int(m.group(2)))
        found.append(NumberToken(m.start(), m.end(), text[m.start():m.end()], norm, "digits"))
    for m in _SPACED_COMMA_DECIMAL.finditer(folded) if "," in folded else ():
        norm = _GROUPING.sub("", m.group(1)) + "." + m.group(2)
        found.append(NumberToken(m.start(), m.end(), text[m.start():m.end()], norm, "digits"))
    taken = sorted((t.start, t.end) for t in found)
    k = 0     # both lists are in text order: one pass over the taken spans (linear, not n * m)
    power_end = 0
    for m in _NUMBER_RE.finditer(folded):
        s, e = m.start(), m.end()
        while k < len(taken) and taken[k][1] <= s:
            k += 1
        if k < len(taken) and taken[k][0] < e:
            continue
        norm = folded[s:e].replace("−", "-")
        if s < power_end:
            continue          # the exponent of a power read (or refused) just before
        power = _caret_power(folded, s, e, norm) if folded.startswith("^", e) else None
        if power is not None:
            if power[1] is None:
                power_end = power[0]
                continue
            e, norm = power[0], power[1]
        elif norm == "2":
            # A binary power: 2⁵⁰ / 2^64 (parse_printed reads both exactly).
            pw = _BINARY_POWER.match(folded[e:e + 5])
            if pw:
                e = e + pw.end()
                norm = folded[s:e]
        if norm[:1] not in "+-" and (signed := _sign_before(folded, s, e)) is not None:
            s, norm = signed, "-" + norm      # "minus 10 degrees", "convert - 20 degrees"
        found.append(NumberToken(s, e, text[s:e], norm, "digits"))
    ascii_only = folded.isascii()     # no vulgar fraction, no CJK character
    for m in _VULGAR_RE.finditer(text) if not ascii_only else ():
        s = m.start()
        whole = _VULGAR_WHOLE.search(folded, max(0, s - 5), s)
        if whole is not None:
            # "1½ cups", "2 ¾ cups": a mixed number, as "2 3/4" is (the whole part alone is no quantity)
            num, den = _VULGAR[m.group(0)].split("/")
            norm = f"{int(whole.group(1)) * int(den) + int(num)}/{den}"
            found.append(NumberToken(whole.start(), s + 1, text[whole.start():s + 1], norm, "fraction"))
            continue
        if s > 0 and folded[s - 1].isdigit():
            continue  # "2.5½": no mixed number
        found.append(NumberToken(s, s + 1, m.group(0), _VULGAR[m.group(0)], "fraction"))
    if chinese and not ascii_only:
        found.extend(_chinese_tokens(text))
        if "分" in folded:
            found.extend(_chinese_fractions(folded))
        if "半" in folded:
            found.extend(_half_tokens(folded))
        if "番" in folded:
            found.extend(_fan_tokens(folded))
        found.extend(_mixed_tokens(folded, text))
    if words:
        lower = folded.lower()
        # re.I also matches "i" to U+0130 and U+0131, which lower() does not make "i"
        dotted = not ascii_only and ("\u0130" in folded or "\u0131" in folded)
        # every word _MULTIPLE_RE can start a match with ("half" for "half of the users")
        if dotted or "fold" in lower or "twice" in lower or " in " in lower or "half" in lower or " out of " in lower:
            found.extend(_multiple_tokens(folded))
        if dotted or " to the " in lower:
            found.extend(_signed(_power_word_tokens(folded), folded, text))
        if dotted or "over" in lower or "hundred" in lower:
            found.extend(_signed(_spoken_tokens(folded, lower), folded, text))
        if dotted or "thousand" in lower or "million" in lower or "billion" in lower or "crore" in lower \
                or "lakh" in lower:
            found.extend(_signed((NumberToken(m.start(), m.end(), text[m.start():m.end()], chain, "digits")
                                  for m in _SCALE_CHAIN_RE.finditer(folded)
                                  if (chain := _scale_chain(m.group(0))) is not None), folded, text))
            if " and " in lower:
                found.extend(_signed(_scale_and_words(folded, lower), folded, text))
        if dotted or (" and " in lower and ("half" in lower or "quarter" in lower)):
            found.extend(_signed((NumberToken(m.start(), m.end(), text[m.start():m.end()], _and_a_fraction(m),
                                              "digits") for m in _AND_A_FRACTION_RE.finditer(folded)), folded, text))
        found.extend(_english_tokens(folded, lower))
    found.sort(key=lambda t: (t.start, -(t.end - t.start)))
    out: list[NumberToken] = []
    last_end = -1
    for t in found:
        if t.start >= last_end:
            out.append(t)
            last_end = t.end
    return out
