"""English number words: ``twenty-one``, ``a hundred and two``, ``two-thirds``, and the multiples
``twice``, ``threefold``, ``half``, ``one in five`` (exact values, Fraction).

Used by :mod:`claimaudit.numbers.scan` (finding number words in running text) and
:mod:`claimaudit.numbers.printed` (a claim's printed value such as ``three times`` or ``halved``).
"""

from __future__ import annotations

import re
from fractions import Fraction

UNITS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen".split())}
UNITS["nought"] = 0      # British zero: "nought point five" is 0.5 (not 5)
TENS = {w: 10 * i for i, w in enumerate("_ _ twenty thirty forty fifty sixty seventy eighty ninety".split())
        if w != "_"}
SCALES = {"hundred": 100, "thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12,
          "quadrillion": 10**15, "lakh": 10**5, "crore": 10**7}
#: A scale in the plural after a number is that scale ("two thousands", "three hundreds"); alone it is
#: no number ("thousands of people").
PLURAL_SCALES = {w + "s": w for w in ("hundred", "thousand", "million", "billion", "trillion")}
#: Scales a fraction may stand before ("a quarter million", "one and a half billion", "half a million").
BIG_SCALES = frozenset(SCALES) - {"hundred"}
#: … and a half or a quarter before "hundred" too ("half a hundred" 50, "one and a half hundred" 150).
HALF_SCALES = frozenset(SCALES)
FRACTIONS = {"half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4,
                 "fourth": 4, "fourths": 4, "fifth": 5, "fifths": 5, "sixth": 6, "sixths": 6,
                 "seventh": 7, "sevenths": 7, "eighth": 8, "eighths": 8, "ninth": 9, "ninths": 9,
                 "tenth": 10, "tenths": 10, "nineth": 9, "nineths": 9}    # (nineth: a common misspelling)
# Larger denominators: "a hundredth", "three thousandths", "a trillionth", "two twentieths".
for _word, _den in (("eleventh", 11), ("twelfth", 12), ("thirteenth", 13), ("fourteenth", 14), ("fifteenth", 15),
                    ("sixteenth", 16), ("seventeenth", 17), ("eighteenth", 18), ("nineteenth", 19),
                    ("twentieth", 20), ("thirtieth", 30), ("fortieth", 40), ("fiftieth", 50), ("sixtieth", 60),
                    ("seventieth", 70), ("eightieth", 80), ("ninetieth", 90), ("hundredth", 100),
                    ("thousandth", 10**3), ("millionth", 10**6), ("billionth", 10**9), ("trillionth", 10**12)):
    FRACTIONS[_word] = FRACTIONS[_word + "s"] = _den
del _word, _den
#: Ordinal words that end a number phrase as an ordinal: "twenty-first", "two hundredth", "the
#: three trillionth visitor" are positions, not amounts ("second" is left out: "a two-second delay").
ORDINAL_WORDS = frozenset({"first", "third"} | {w for w in FRACTIONS if not w.endswith("s")} - {"half", "quarter"})
#: Ordinals of the units, the last part of a compound denominator ("one twenty-fifth" = 1/25).
UNIT_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
                 "eighth": 8, "ninth": 9}
#: Words that may follow "a third" as a fraction ("a third of", "a third more", "cut by a third last
#: year"). Any other word makes it an ordinal adjective: "a third party", "a fifth season".
_AFTER_FRACTION = frozenset(
    "of more less fewer as than and or to in on by from since this last that which per each every off up down "
    "over under the its their his her our was is are were be been has have had will would can could for at with "
    "higher lower faster slower cheaper larger smaller bigger greater longer shorter".split())
WORD_RE = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)*")
NUMBER_WORDS = set(UNITS) | set(TENS)


def english_value(words: list[str]) -> tuple[Fraction, int] | None:
    """Read number words from the front of ``words`` (lower case, hyphens split).

    Returns (value, words used) or None. ``a``/``an`` count as one only before a scale word or a
    fraction (``a hundred``, ``a half``); ``and`` joins inside a number (``a hundred and two``,
    ``two and a half``); a cardinal before a fraction word is its numerator (``two thirds``).
    """
    got = _fraction_phrase(words)
    if got is not None:
        return got
    if not PLURAL_SCALES.keys().isdisjoint(words):
        words = [PLURAL_SCALES[w] if w in PLURAL_SCALES and k and words[k - 1] in NUMBER_WORDS else w
                 for k, w in enumerate(words)]
    total, current, used, seen = Fraction(0), Fraction(0), 0, False
    i, n = 0, len(words)
    last_scale, group_start, groups = 0, 0, 0
    hundreds, hundred_end = Fraction(0), 0      # the value and the end of the last "N hundred"
    whole: Fraction | None = None               # the value before an "and" after a scale word
    while i < n:
        w = words[i]
        nxt = words[i + 1] if i + 1 < n else ""
        if w in BIG_SCALES and seen and current == 0 and groups == 1 and words[i - 1] in BIG_SCALES \
                and SCALES[w] > last_scale:
            # "three lakh crore", "two thousand million": a scale of a scale multiplies it.
            total *= SCALES[w]
            last_scale = SCALES[w] * last_scale
            i += 1
            used = i
            continue
        if w in SCALES and w != "hundred" and seen and last_scale and SCALES[w] >= last_scale:
            # "one thousand, two thousand" is a list: a scale no smaller than the last one starts a
            # new number, so stop before this group.
            return (total, group_start) if group_start else None
        if w in ("a", "an"):
            if seen and words[i - 1] == "and" and nxt in TENS and i + 2 < n and words[i + 2] in UNIT_ORDINALS \
                    and words[i + 2] != "second":
                # "twenty one and a twenty-first" (21 1/21): a compound ordinal as the fraction's denominator
                return total + current + Fraction(1, TENS[nxt] + UNIT_ORDINALS[words[i + 2]]), i + 3
            if nxt in SCALES:
                current += 1
                i, seen = i + 1, True
                continue
            if nxt in FRACTIONS and not nxt.endswith("s"):        # a half, a third, a fifth
                after = words[i + 2] if i + 2 < n else ""
                if seen and last_scale >= 10**6 and current == 0 and words[i - 1] == "and":
                    # "three million and a half" (of a million), "one billion and a quarter million"
                    if after in BIG_SCALES:
                        return total + Fraction(SCALES[after], FRACTIONS[nxt]), i + 3
                    return total + Fraction(last_scale, FRACTIONS[nxt]), i + 2
                if nxt not in ("half", "quarter") and after and after not in _AFTER_FRACTION \
                        and after not in BIG_SCALES:
                    break         # "a third party", "a fifth season": an ordinal adjective
                current += Fraction(1, FRACTIONS[nxt])
                i += 2
                used, seen = i, True
            break
        if (w in UNITS or w in TENS) and i > 0 and (words[i - 1] in UNITS or (w in TENS and words[i - 1] in TENS)):
            break     # "five six", "twenty thirty": two numbers (5 and 6, never 11), as in "five-six people"
        if w in UNITS:
            # "one fifth", "two thirds"; a singular fraction word after another digit word is an
            # ordinal ("two hundredth" is 200th, "three trillionth" 3 000 000 000 000th).
            if nxt in FRACTIONS and seen and i > 0 and words[i - 1] == "and" and w != "zero" \
                    and (w == "one" or nxt.endswith("s")):
                frac = Fraction(UNITS[w], FRACTIONS[nxt])
                after = words[i + 2] if i + 2 < n else ""
                if last_scale >= 10**6 and current == 0 and after in BIG_SCALES:
                    return total + frac * SCALES[after], i + 3   # "one billion and three quarters million"
                if last_scale >= 10**6 and current == 0:
                    return total + frac * last_scale, i + 2    # "two million and one half"
                if total == 0 and after in BIG_SCALES:
                    return (current + frac) * SCALES[after], i + 3   # "one and three quarters million"
                return total + current + frac, i + 2         # "one hundred and three and two thirds"
            if nxt in FRACTIONS and not seen and w != "zero" and (w == "one" or nxt.endswith("s")):
                current += Fraction(UNITS[w], FRACTIONS[nxt])
                i += 2
                used, seen = i, True
                break
            current += UNITS[w]
        elif w in TENS:
            current += TENS[w]
        elif w in SCALES and seen:
            scale = SCALES[w]
            if scale == 100:
                if current >= 100:
                    # "one hundred, two hundred", "two hundred three hundred": a list of two numbers
                    return (total + hundreds, hundred_end) if hundred_end else None
                current *= 100
                hundreds, hundred_end = current, i + 1
            else:
                total += current * scale
                current = Fraction(0)
                last_scale, group_start = scale, i + 1
                groups += 1
        elif w in ("and", "&") and seen and (nxt in UNITS or nxt in TENS) and words[i - 1] not in SCALES \
                and (part := _proper_fraction(words, i + 1)) is not None:
            # "one and twenty-five hundredths" (1.25), "seven and three twenty-fifths", "two and twenty-five
            # sixty-fourths": a whole and a fraction of any numerator and denominator the words read
            return total + current + part[0], part[1]
        elif w in ("and", "&") and seen and (nxt in ("a", "an") or (
                (nxt in UNITS or nxt in TENS) and (words[i - 1] in SCALES or _fraction_follows(words, i + 1)))):
            # "and" goes on with a number after a scale ("a hundred and two") or before a fraction
            # ("two and a half", "forty two and two thirds"); "twenty and thirty" are two numbers.
            if words[i - 1] in SCALES:
                whole = total + current      # "two hundred and fifty-four hundredths" = 200.54
            i += 1
            continue
        elif w == "point" and seen and used == i and (two := _two_digit_word(words, i + 1)) is not None:
            # "three point fourteen", "one point twenty-five": the digits after the point said as one
            # number of two digits (3.14, 1.25)
            tail, j = two
            value = total + current + Fraction(tail, 100)
            if total == 0 and j < n and words[j] in BIG_SCALES:
                return value * SCALES[words[j]], j + 1     # "one point twenty-five million"
            return value, j
        elif w == "point" and seen and used == i and nxt in UNITS and UNITS[nxt] < 10:
            # "five point five", "zero point three seven": spoken decimals, one digit word each.
            j = i + 1
            while j < n and words[j] in UNITS and UNITS[words[j]] < 10:
                j += 1
            digits = "".join(str(UNITS[d]) for d in words[i + 1:j])
            value = total + current + Fraction(int(digits), 10 ** len(digits))
            if total == 0 and j < n and words[j] in BIG_SCALES:
                return value * SCALES[words[j]], j + 1     # "two point five million"
            return value, j
        elif w in FRACTIONS and not w.endswith("s") and i > 0 and words[i - 1] in TENS:
            return None       # "the twenty-fifth day": an ordinal, no amount
        elif w in FRACTIONS and seen and used == i and w.endswith("s") and total + current > 1:
            # "twenty fifths", "one hundred thirty-two fifths": a cardinal over a plural fraction
            # word ("the twenty-fifth", singular, is an ordinal and stays out).
            if whole is not None and FRACTIONS[w] in (10, 100, 1000) and total + current - whole < FRACTIONS[w]:
                # "and" marks the decimal point before tenths, hundredths, thousandths (as on a cheque)
                return whole + (total + current - whole) / FRACTIONS[w], i + 1
            tens = TENS.get(words[i - 1], 0)
            if tens and w[:-1] in UNIT_ORDINALS and i > 1 and words[i - 2] in SCALES:
                # "one hundred thirty-fifths": the tens word is part of the denominator (100/35);
                # "one hundred and thirty fifths" (an "and") keeps it in the numerator (130/5)
                return (total + current - tens) / (tens + UNIT_ORDINALS[w[:-1]]), i + 1
            return (total + current) / FRACTIONS[w], i + 1
        else:
            break
        i += 1
        used, seen = i, True
    if not seen or used == 0:
        return None
    if used < n and (words[used] in ORDINAL_WORDS or (
            words[used] == "and" and used + 1 < n and words[used + 1] in ORDINAL_WORDS | {"second"})):
        return None           # "twenty-first", "one hundred fifth", "one hundred and fiftieth": an ordinal
    value = total + current
    if used + 1 < n and words[used] in TENS and words[used - 1] not in SCALES and value > 1 \
            and words[used + 1] != "seconds" and words[used + 1][:-1] in UNIT_ORDINALS \
            and words[used + 1].endswith("s"):
        # "twenty-five sixty-fourths" (25/64): after a whole cardinal a tens word cannot go on with it, so
        # it opens the compound denominator ("thirty-seconds" stays out: also a duration)
        return value / (TENS[words[used]] + UNIT_ORDINALS[words[used + 1][:-1]]), used + 2
    if used < n and total == 0 and value.denominator != 1 and _scale_of_fraction(words[used], value):
        return value * SCALES[words[used]], used + 1      # "one and a half million", "a quarter million"
    if used + 2 < n and words[used] == "of" and words[used + 1] in ("a", "an") \
            and _scale_of_fraction(words[used + 2], value) and total == 0 and value < 1:
        return value * SCALES[words[used + 2]], used + 3  # "three quarters of a million", "a third of a billion"
    return value, used


def _two_digit_word(words: list[str], i: int) -> tuple[int, int] | None:
    """A number from 10 to 99 said in words at ``words[i]`` ("fourteen", "twenty", "twenty five"),
    and the index after it; None for anything else (a unit word after "point" is one digit)."""
    w = words[i] if i < len(words) else ""
    if w in TENS:
        nxt = words[i + 1] if i + 1 < len(words) else ""
        if 0 < UNITS.get(nxt, 0) < 10:
            return TENS[w] + UNITS[nxt], i + 2
        return TENS[w], i + 1
    if 10 <= UNITS.get(w, 0) <= 19:
        return UNITS[w], i + 1
    return None


def _scale_of_fraction(word: str, value: Fraction) -> bool:
    """``word`` is a scale the fraction ``value`` may stand before: a big one ("a third of a billion"), or
    a hundred after a half or a quarter ("half a hundred", "one and a half hundred")."""
    return word in BIG_SCALES or (word == "hundred" and value.denominator in (2, 4))


def _proper_fraction(words: list[str], i: int) -> tuple[Fraction, int] | None:
    """A fraction below one read from ``words[i]`` that ends in a fraction word ("twenty-five hundredths",
    "three twenty-fifths", "one half"): (value, index after it), or None ("twenty people", "one second")."""
    got = english_value(words[i:])
    if got is None or not 0 < got[0] < 1:
        return None
    last = words[i + got[1] - 1]
    if last not in FRACTIONS and last not in UNIT_ORDINALS and last[:-1] not in UNIT_ORDINALS:
        return None
    return got[0], i + got[1]


def _fraction_follows(words: list[str], i: int) -> bool:
    """A numerator and a fraction word stand at ``words[i]`` ("two thirds", "one half")."""
    return i + 1 < len(words) and words[i] in UNITS and words[i + 1] in FRACTIONS


def _fraction_phrase(words: list[str]) -> tuple[Fraction, int] | None:
    """A fraction whose denominator is a compound ordinal or that stands before a scale, from the
    front of ``words``: ``one twenty-fifth`` (1/25), ``three twenty-fifths``, ``a twenty-first`` (1/21),
    ``half a million``, ``quarter million``. A singular compound ordinal is a fraction only at the end
    or before ``of`` ("a twenty-first century skill" is an ordinal)."""
    n = len(words)
    if n < 2:
        return None
    w, nxt = words[0], words[1]
    if w in UNITS and w != "zero" and nxt in UNITS:
        return _over_compound_ordinal(words)
    if w in ("half", "quarter"):
        k = 1 + (nxt == "of")      # "half of a million", "quarter of a million"
        k += k < n and words[k] in ("a", "an")
        if k < n and words[k] in HALF_SCALES:
            return Fraction(SCALES[words[k]], 2 if w == "half" else 4), k + 1
        return None
    if n < 3 or nxt not in TENS:
        return None
    last = words[2]
    plural = last.endswith("s") and last[:-1] in UNIT_ORDINALS
    if last not in UNIT_ORDINALS and not plural:
        # "one twenty-five thousandth": the tens word opens a longer cardinal before a scale's ordinal
        return _over_compound_ordinal(words) if w in UNITS and w != "zero" else None
    den = TENS[nxt] + UNIT_ORDINALS[last[:-1] if plural else last]
    if w in ("a", "an", "one") and not plural:
        if n == 3 or words[3] == "of":
            return Fraction(1, den), 3
        return None
    if w in UNITS and UNITS[w] > 1 and plural:
        return Fraction(UNITS[w], den), 3
    return None



def _over_compound_ordinal(words: list[str]) -> tuple[Fraction, int] | None:
    """``one one hundred fifth`` (1/105), ``three one hundred fifths`` (3/105): a one-word numerator
    over an ordinal with a scale in it (``one twenty-fifth`` is read by the caller)."""
    for j in range(2, min(len(words), 8)):
        last = words[j]
        if FRACTIONS.get(last, 0) >= 100:
            # "one two hundredth" (1/200), "three one-hundredths" (3/100): a cardinal over a scale's ordinal
            plural = last.endswith("s")
            got = english_value(words[1:j])
            if plural != (words[0] != "one") or got is None or got[1] != j - 1 or got[0].denominator != 1:
                return None
            return Fraction(UNITS[words[0]]) / (got[0] * FRACTIONS[last]), j + 1
        plural = last.endswith("s") and last[:-1] in UNIT_ORDINALS
        if last not in UNIT_ORDINALS and not plural:
            if last in UNITS or last in TENS or last in SCALES or last == "and":
                continue
            return None
        if plural != (words[0] != "one") or words[j - 1] not in SCALES:
            return None
        got = english_value(words[1:j])
        if got is None or got[1] != j - 1 or got[0].denominator != 1:
            return None
        return Fraction(UNITS[words[0]]) / (got[0] + UNIT_ORDINALS[last[:-1] if plural else last]), j + 1
    return None


#: The denominator of "one in …" with a scale word: "one in a hundred", "1 in ten thousand" ("one in a
#: million" is the idiom, not a rate).
SCALED_DENOMINATOR = r"(?!a million\b)(?:an?|[a-z]+(?:-[a-z]+)?)\s+(?:hundred|thousand|million)"
#: A denominator in words of up to six words ("one in twenty one", "one in one hundred and twenty five"):
#: the words after it are matched too and given back by read_words, which reads the longest number.
WORD_DENOMINATOR = r"(?!a million\b)[a-z]+(?:-[a-z]+)?(?: [a-z]+(?:-[a-z]+)?){0,5}"
_UNIT_AFTER_TENS = r"(?:-(?:one|two|three|four|five|six|seven|eight|nine))?"
#: The numerator of a share in words ("nine out of ten", "twelve out of twenty", "twenty-five out of a
#: hundred"): one to nineteen, a tens word, or a tens-and-unit compound with its hyphen. Branched by the
#: first letters: the scanner tries it at every word's start, and 27 flat alternatives cost a third more
#: time there than this (tests/test_number_families6.py checks every word it reads).
SHARE_NUMERATOR = ("(?:t(?:w(?:o|enty" + _UNIT_AFTER_TENS + "|elve)|h(?:ree|irt(?:y" + _UNIT_AFTER_TENS + "|een))|en)"
                   "|f(?:o(?:ur(?:teen)?|rty" + _UNIT_AFTER_TENS + ")|i(?:ve|ft(?:y" + _UNIT_AFTER_TENS + "|een)))"
                   "|s(?:ix(?:ty" + _UNIT_AFTER_TENS + "|teen)?|even(?:ty" + _UNIT_AFTER_TENS + "|teen)?)"
                   "|e(?:ight(?:y" + _UNIT_AFTER_TENS + "|een)?|leven)|n(?:ine(?:ty" + _UNIT_AFTER_TENS + "|teen)?)"
                   "|one)")
_MULTIPLE = re.compile(
    r"(?P<twice>twice|thrice)(?![A-Za-z])|(?P<half>half|halved)(?![A-Za-z])"
    r"|(?P<n>[a-z]+|\d+)[-\s]?fold(?![A-Za-z])"
    r"|(?P<one>one|1)\s+in\s+(?P<den>" + WORD_DENOMINATOR + "|" + SCALED_DENOMINATOR
    + r"|\d+)(?![A-Za-z\d])"
    # "nine out of ten", "two in three", "one out of four": a share in words (with digits, "2,788 out
    # of 3,064" stays two values: "X% (A out of B)" is a relation between them)
    r"|(?P<num>" + SHARE_NUMERATOR + r")\s+(?:in|out\s+of)\s+"
    r"(?P<wden>" + WORD_DENOMINATOR + r")(?![A-Za-z\d])", re.IGNORECASE)
#: A period after "N in M" ("five in ten minutes"): the count of a time, not a share.
_PERIOD_AFTER = re.compile(r"\s+(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|decades?|games?|matches"
                           r"|innings|laps?|attempts?|tries|shots?)\b", re.IGNORECASE)
_WORDS_AT = re.compile(r"[a-z]+(?:[-\s]+[a-z]+)*", re.IGNORECASE)


def _word_or_digits(text: str) -> Fraction | None:
    if text.isdigit():
        return Fraction(int(text)) if len(text) <= 6 else None
    words = re.split(r"[\s-]+", text.lower())      # "one in twenty-one", "one in a hundred"
    got = english_value(words)
    return got[0] if got and got[1] == len(words) else None


def _leading_number(text: str, start: int, end: int) -> tuple[Fraction | None, int]:
    """The number that ``text[start:end]`` begins with (digits, or the longest run of number words) and
    where it ends: "twenty one people" is 21, ending after "one"."""
    part = text[start:end]
    if part.isdigit():
        return _word_or_digits(part), end
    spans = list(re.finditer(r"[a-z]+", part, re.IGNORECASE))
    words = [sp.group(0).lower() for sp in spans]
    got = english_value(words)
    if got is not None and part[spans[got[1] - 1].end():][:1] == "-":
        got = english_value(words[:got[1] - 1])    # "one in twenty one-bedroom flats": "one" is the noun's
    if got is None or got[0].denominator != 1 or got[0] <= 0:
        return None, end
    return got[0], start + spans[got[1] - 1].end()


def read_words(text: str, pos: int) -> tuple[Fraction, int, bool] | None:
    """A number written in words at ``text[pos]``: (value, end, is a multiple).

    ``twice`` = 2, ``threefold``/``3-fold`` = 3, ``half``/``halved`` = 1/2 and ``one in five`` =
    1/5 are multiples (ratios); ``twenty-one``, ``a third``, ``two and a half`` are numbers.
    """
    m = _MULTIPLE.match(text, pos)
    if m:
        if m.group("twice"):
            return Fraction(2 if m.group("twice").lower() == "twice" else 3), m.end(), True
        if m.group("half"):
            return Fraction(1, 2), m.end(), True
        if m.group("n"):
            n = _word_or_digits(m.group("n"))
            return (n, m.end(), True) if n else None
        if m.group("num"):
            num, (den, end) = _word_or_digits(m.group("num")), _leading_number(text, m.start("wden"), m.end())
            if " in" in text[m.end("num"):m.start("wden")].lower() and _PERIOD_AFTER.match(text, end):
                return None       # "five in ten minutes": a count in a period, no share
            return (num / den, end, True) if num and den and num < den else None
        den, end = _leading_number(text, m.start("den"), m.end())
        return (1 / den, end, True) if den else None
    w = _WORDS_AT.match(text, pos)
    if not w:
        return None
    spans = [(x.group(0).lower(), x.start(), x.end()) for x in re.finditer(r"[a-z]+|&", w.group(0), re.I)]
    got = english_value([sp[0] for sp in spans])
    if got is None:
        return None
    value, used = got
    return value, pos + spans[used - 1][2], False
