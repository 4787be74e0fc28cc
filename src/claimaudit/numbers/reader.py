"""Reading the characters of one written number: normalisation, word tables, digits and exponents.

The base of the printed-value grammar (:mod:`claimaudit.numbers.printed`): a :class:`Reader` holds
the text (normalised character for character, so error columns are those of the original), finds
table entries at a position and reads Arabic digits with their separators, decimals and exponents
into an :class:`End`. Everything the grammar adds (qualifiers, currencies, multipliers, kinds,
ranges, units, rounding) is in ``printed.py``. Limits are checked while scanning (bounded time).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache

from ..errors import NumberSyntaxError
from ..lazy_pattern import LazyPattern
from . import vocabulary
from .limits import MAX_DIGITS, MAX_EXPONENT

# -- character tables ---------------------------------------------------------------------------

_DIGIT = frozenset("0123456789")
_ASCII_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_CHAR_MAP = {
    "\u2212": "-", "\u2012": "-", "\ufe63": "-", "\u2010": "-", "\u2011": "-",  # minus, hyphens
    "\uffe5": "¥", "\uffe1": "£",
    "\u223c": "~", "\u301c": "~",                                               # ∼ 〜
    "\u2a7d": "≤", "\u2a7e": "≥",
    "\u2044": "/", "\u2215": "/",                                               # fraction slashes
}
#: The vulgar fraction characters (one table: the printed grammar and the scanner read the same ones).
VULGAR_FRACTIONS = {
    "½": Fraction(1, 2), "⅓": Fraction(1, 3), "⅔": Fraction(2, 3), "¼": Fraction(1, 4),
    "¾": Fraction(3, 4), "⅕": Fraction(1, 5), "⅖": Fraction(2, 5), "⅗": Fraction(3, 5),
    "⅘": Fraction(4, 5), "⅙": Fraction(1, 6), "⅚": Fraction(5, 6), "⅐": Fraction(1, 7),
    "⅛": Fraction(1, 8), "⅜": Fraction(3, 8), "⅝": Fraction(5, 8), "⅞": Fraction(7, 8),
    "⅑": Fraction(1, 9), "⅒": Fraction(1, 10),
}
_VULGAR = VULGAR_FRACTIONS
_SUPERSCRIPT = {"⁰": "0", "¹": "1", "²": "2", "³": "3", "⁴": "4", "⁵": "5", "⁶": "6", "⁷": "7",
                "⁸": "8", "⁹": "9"}
_MEASURE_WORDS = frozenset("个張张条條台块塊位名颗顆枚")
#: Characters that may not appear in unit / trailing text (they mean a number was misread).
_BAD_IN_UNIT = frozenset("%‰=<>≈≤≥~±×,，;；:：。!?|@{}\\`–—")
_UNIT_FIRST_EXTRA = frozenset("/([°µμ$€£¥'\"#")


#: ASCII whitespace other than the space, as a space (all :func:`_normalize` does to ASCII text).
_ASCII_SPACES = str.maketrans("\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f", " " * 9)


def _normalize(text: str) -> str:
    """Character-for-character normalisation (so columns stay those of the original text)."""
    if text.isascii():          # most printed values: one translate instead of a loop in Python
        return text.translate(_ASCII_SPACES)
    out = []
    for ch in text:
        o = ord(ch)
        if 0xFF01 <= o <= 0xFF5E:          # full-width ASCII (２，７８８ ％ ～ ＄)
            out.append(chr(o - 0xFEE0))
        elif ch in _CHAR_MAP:
            out.append(_CHAR_MAP[ch])
        elif ch.isspace():                 # thin, narrow no-break, ideographic spaces, tabs
            out.append(" ")
        elif not ch.isascii() and ch.isdecimal():
            out.append(str(int(ch)))       # other scripts' decimal digits
        else:
            out.append(ch)
    return "".join(out)


@cache
def _phrase(words: str) -> re.Pattern[str]:
    """A case-insensitive phrase with flexible spaces, ending at a word boundary.

    Compiled on first use (cached) so that importing this module stays cheap."""
    body = r"\s+".join(re.escape(w) for w in words.split())
    tail = r"(?![A-Za-z])" if words[-1].isalpha() else ""
    return re.compile(body + tail, re.IGNORECASE)


#: Characters other than ASCII letters that a case-insensitive regex matches to an ASCII letter
#: (``re.fullmatch("k", "\u212a", re.I)``): the word tables match as such a regex would.
_FOLDS = {"\u0130": "i", "\u0131": "i", "\u212a": "k", "\u017f": "s"}


def _fold(c: str) -> str:
    """``c`` as the lower-case ASCII letter it matches case-insensitively, else itself."""
    if c.isascii():
        return c.lower()
    return _FOLDS.get(c) or c.lower()


def _letter_like(c: str) -> bool:
    """What ``[A-Za-z]`` matches case-insensitively (a word phrase may not end before one)."""
    return ("a" <= c <= "z") or ("A" <= c <= "Z") or c in _FOLDS


class _Table:
    """Entries (text -> value): signs and CJK matched with startswith, longest first; ASCII word
    phrases case-insensitively, with flexible spaces, the longest entry that ends at a word boundary.

    Word phrases are matched by walking the text against the set of the phrases' prefixes, not by
    one compiled alternation: compiling the vocabulary's case-insensitive alternations cost ~45 ms
    of every run's start (issue #14). The match is the one such a regex gives (``\\s+`` between
    words, ``(?![A-Za-z])`` after a final letter; tests/test_numbers_reader_tables.py checks it)."""

    def __init__(self, entries: list[tuple[str, str]]) -> None:
        rows = sorted(entries, key=lambda r: -len(r[0]))
        self.signs: dict[str, list[tuple[str, str]]] = {}
        for t, v in rows:
            if not vocabulary.is_word(t):
                self.signs.setdefault(t[0], []).append((t, v))
        self.words = {" ".join(t.lower().split()): v for t, v in rows if vocabulary.is_word(t)}
        self.initials = frozenset(w[0] for w in self.words) | frozenset(w[0].upper() for w in self.words)
        self.prefixes = frozenset(w[:i] for w in self.words for i in range(1, len(w) + 1))

    def match_word(self, s: str, pos: int) -> tuple[str, int] | None:
        """(phrase, end) of the longest word phrase at ``s[pos:]``."""
        n, j, key, best = len(s), pos, "", None
        while j < n:
            c = s[j]
            if c.isspace():
                while j < n and s[j].isspace():
                    j += 1
                key += " "
            else:
                key += _fold(c)
                j += 1
            if key not in self.prefixes:
                break
            if key in self.words and not (key[-1].isalpha() and j < n and _letter_like(s[j])):
                best = (key, j)
        return best


def _table(entries: list[tuple[str, str]]) -> _Table:
    return _Table(entries)


_DIGIT_RUN = re.compile(r"[0-9]+")
_E_EXP = re.compile(r"[eE]([+-]?)(\d+)")
_TIMES_TEN = re.compile(r"\s*[×xX*·⋅]\s*10(?=[\^⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺]|\*\*)")
_CARET_EXP = LazyPattern(r"(?:\^|\*\*)\{?([+-]?)(\d+)\}?")
_SUPER_EXP = LazyPattern(r"([⁺⁻]?)([⁰¹²³⁴⁵⁶⁷⁸⁹]+)")
#: "2.48×10−5": a typeset exponent that lost its superscript (the minus is folded to "-"). Only
#: glued to "×10", so "3 × 10-20" (a range after a product) is not read as an exponent.
_TIMES_TEN_SIGNED = re.compile(r"[×xX]10([+-])(\d{1,3})(?!\d|\.\d)")


@dataclass
class End:
    """One written number (a range has two) before kind and rounding are settled."""

    start: int
    negative: bool = False
    mantissa: Fraction = Fraction(0)   # unsigned, as written, without exponent or multiplier
    decimals: int = 0                  # digits after the point of the mantissa
    exp10: int = 0
    sci: bool = False
    exact_form: bool = False           # fractions and bare powers of ten: never rounded
    fraction: bool = False             # a written fraction (kind "ratio" unless a unit follows)
    mult_text: str = ""
    mult_scale: int = 1
    uses_kilo: bool = False
    kind: str = ""                     # "" until a % / pp / × … is seen
    currency: str = ""
    tenths: bool = False               # 八成, 八折: the percentage is in tenths (exp10 raised by one)
    relations: list[tuple[str, str, int]] = field(default_factory=list)
    end: int = 0


class Reader:
    """The text of one printed value and the small scanning steps every grammar rule uses."""

    def __init__(self, text: str, kilo: int) -> None:
        self.text = text
        self.s = _normalize(text)
        self.n = len(self.s)
        self.ascii = self.s.isascii()      # no Chinese numeral or place: their rules are skipped
        self.kilo = kilo
        self.number_start = 0

    # -- small helpers -------------------------------------------------------------------------
    def ws(self, pos: int) -> int:
        while pos < self.n and self.s[pos] == " ":
            pos += 1
        return pos

    def char(self, pos: int) -> str:
        return self.s[pos] if 0 <= pos < self.n else ""

    def error(self, message: str, column: int, suggestions: tuple[str, ...] = ()) -> NumberSyntaxError:
        return NumberSyntaxError(message, column=max(0, min(column, self.n)), suggestions=suggestions)

    def match_table(self, table: _Table, pos: int) -> tuple[str, str, int] | None:
        """(as written, value, end) of the longest table entry at ``pos``."""
        c = self.char(pos)
        if c in table.initials:
            m = table.match_word(self.s, pos)
            if m:
                return self.text[pos:m[1]], table.words[m[0]], m[1]
            return None
        for text, value in table.signs.get(c, ()):
            if self.s.startswith(text, pos):
                return self.text[pos:pos + len(text)], value, pos + len(text)
        return None

    def arabic(self, pos: int, e: End) -> int:
        s, start = self.s, pos
        self.number_start = start
        int_digits, first_sep = "", -1
        if self.char(pos) in _DIGIT:
            j = self.digits_end(pos, 0)
            int_digits, first_group, pos = s[pos:j], j - pos, j
            count = j - start
            sep = ""
            while self.char(pos) in (",", "_", " ", "'", "’"):
                c = s[pos]
                j = self.digits_end(pos + 1, count)
                k = j - pos - 1
                count += k
                if k == 0:
                    break
                if c in "'’" and (k != 3 or first_group > 3 or (sep and c != sep)):
                    break          # 5'10": feet and inches, no digit grouping (1'000 and 1’250’000 are)
                if sep and c != sep:
                    if c == " ":
                        break
                    if not (c == "," and k != 3):
                        raise self.error(f"mixed digit separators {sep!r} and {c!r} in one number", pos)
                if c == " " and (k != 3 or first_group > 3):
                    break          # not digit grouping: whatever follows is another number
                if c == ",":
                    if first_group > 3 and not sep:
                        raise self.error(f"',' after {first_group} digits is neither a thousands "
                                         "separator nor a decimal point we read", pos)
                    if k != 3:
                        written = s[start:j]
                        decimal = s[start:pos].replace(",", "").replace(" ", "").replace("_", "")
                        raise self.error(
                            f"ambiguous comma in {written!r}: decimal comma or thousands separator? "
                            "Write the decimal point as '.' and group digits in threes",
                            pos, suggestions=(decimal + "." + s[pos + 1:j],))
                if c == "_" and (k != 3 or first_group > 3):
                    raise self.error("'_' must separate groups of three digits", pos)
                if first_sep < 0:
                    first_sep = pos
                sep = c
                int_digits += s[pos + 1:j]
                pos = j
        else:
            int_digits = "0"
        frac_digits = ""
        if self.char(pos) == "." and self.char(pos + 1) in _DIGIT:
            point = pos
            j = self.digits_end(pos + 1, len(int_digits))
            frac_digits, pos = s[pos + 1:j], j
            if self.char(pos) in (",", ".") and self.char(pos + 1) in _DIGIT:
                j = pos + 1
                while self.char(j) in _DIGIT:
                    j += 1
                written = self.text[start:j]
                col = first_sep if first_sep >= 0 else point
                if s[pos] == ".":
                    raise self.error(f"two decimal points in {written!r} (European thousands "
                                     "separators such as 1.000.000 are not read)", col)
                raise self.error(
                    f"ambiguous separators in {written!r}: European style (',' as the decimal "
                    "point) is not guessed; write it with '.' as the decimal point",
                    col, suggestions=(written.replace(".", "").replace(",", "."),))
        if len(int_digits) + len(frac_digits) > MAX_DIGITS:
            raise self.error(f"number has more than {MAX_DIGITS} digits", start)
        e.decimals = len(frac_digits)
        e.mantissa = Fraction(int(int_digits + frac_digits), 10**e.decimals)

        c = self.char(pos)
        plain_int = not frac_digits and first_sep < 0
        if not frac_digits and c in _VULGAR:               # 1½
            e.mantissa += _VULGAR[c]
            e.exact_form = e.fraction = True
            return pos + 1
        if c == "/" and self.char(pos + 1) in _DIGIT:
            if not plain_int:
                raise self.error("a fraction needs whole numbers on both sides of '/'", pos)
            j = pos + 1
            while self.char(j) in _DIGIT:
                j += 1
            den = int(s[pos + 1:j])
            if den == 0:
                raise self.error("fraction with denominator zero", pos + 1)
            e.mantissa /= den
            e.exact_form = e.fraction = True
            return j
        if plain_int and int_digits == "10" and (c == "^" or c in _SUPERSCRIPT or s.startswith("**", pos)):
            exp, pos = self.exponent_after_ten(pos, pos)
            e.mantissa, e.exp10, e.exact_form = Fraction(1), exp, True
            return pos
        if plain_int and int_digits == "2" and ((c and c in "^⁻") or c in _SUPERSCRIPT or s.startswith("**", pos)) \
                and (c != "^" or self.char(pos + 1) in _DIGIT or self.char(pos + 1) in "+-"):
            # Binary powers (1 PiB = 2⁵⁰ bytes, 2^64) are exact; the exponent limit is the same as 10^n.
            exp, pos = self.exponent_after_ten(pos, pos)
            e.mantissa, e.exact_form = Fraction(2) ** exp, True
            return pos
        m = _E_EXP.match(s, pos)
        if m:
            e.sci, e.exp10 = True, self.check_exponent(m.group(1), m.group(2), pos)
            return m.end()
        m = _TIMES_TEN_SIGNED.match(s, pos)
        if m:
            e.sci, e.exp10 = True, self.check_exponent(m.group(1), m.group(2), pos)
            return m.end()
        m = _TIMES_TEN.match(s, pos)
        if m:
            exp, end = self.exponent_after_ten(m.end(), pos)
            e.sci, e.exp10 = True, exp
            return end
        return pos

    def digits_end(self, pos: int, before: int) -> int:
        """End of the digit run at ``pos``; refused as soon as ``before`` + its length passes the limit."""
        m = _DIGIT_RUN.match(self.s, pos)
        end = m.end() if m else pos
        if before + end - pos > MAX_DIGITS:
            raise self.error(f"number has more than {MAX_DIGITS} digits", self.number_start)
        return end

    def exponent_after_ten(self, pos: int, marker: int) -> tuple[int, int]:
        m = _CARET_EXP.match(self.s, pos)
        if m:
            return self.check_exponent(m.group(1), m.group(2), marker), m.end()
        m = _SUPER_EXP.match(self.s, pos)
        if m:
            digits = "".join(_SUPERSCRIPT[c] for c in m.group(2))
            return self.check_exponent("-" if m.group(1) == "⁻" else "", digits, marker), m.end()
        raise self.error("expected an exponent after '10^'", pos)

    def check_exponent(self, sign: str, digits: str, marker: int) -> int:
        if len(digits) > 6 or int(digits) > MAX_EXPONENT:
            raise self.error(f"exponent {sign}{digits[:12]}{'…' if len(digits) > 12 else ''} is too large "
                             f"(limit ±{MAX_EXPONENT}); refusing it so the run does not hang", marker)
        return -int(digits) if sign == "-" else int(digits)
