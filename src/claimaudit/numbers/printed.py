"""Numbers as printed become intervals.

INTERFACE (implemented by the numbers work; the engine and extraction rely on exactly this):

    parse_printed(text, *, kilo=1000, rounding="auto") -> PrintedNumber

raises NumberSyntaxError(message, column=<0-based offset in text>) on anything it cannot read.

A published number is a rounded string; its meaning is the closed interval of values that print
that way (``1.38`` -> [1.375, 1.385]). Everything is exact (Fraction), never float.

Reading order
-------------
``[qualifier] [from|between] [sign] [currency] [sign] NUMBER [multiplier] [kind] [range] [± tol] [unit]
[suffix qualifier]``

Normalisation is character for character (full-width ASCII -> ASCII, ``−`` -> ``-``, odd spaces
-> space, other Unicode decimal digits -> ASCII), so error columns are columns of the original text.

Rules for ambiguous input (documented choices)
----------------------------------------------
* Thousands separators: ``,`` ``_``, a space (incl. thin / no-break spaces) or an apostrophe (Swiss
  ``1'000``) between groups of exactly three digits after a first group of one to three (``2,788``,
  ``2 788``, ``2_788``).
  ``1,5``/``1,50``/``1,5000`` (decimal comma or grouping?) and ``1.000,5``/``1.000.000`` (European
  style) are refused, never guessed. ``1.000`` alone is the decimal 1.000. A space followed by
  something other than three digits ends the number (``1 2 3`` is then "a second number").
* Letter multipliers ``K k M B T`` and binary ``Ki Mi Gi Ti Pi Ei`` must be *attached* to the digits
  and *not followed by an ASCII letter*: ``2,664K``, ``$5.576M``, ``14.8T tokens``, ``671B params``,
  ``128Ki tokens`` are multipliers, while ``64 KiB``, ``229KB``, ``15.36TB``, ``6.6TiB/s``,
  ``5 B`` and ``1.2 M`` leave the letters to the unit (``5 B`` is five *bytes* for the units
  module, not five billion). ``bn``, the words ``thousand million billion trillion`` (any case)
  and the Chinese ``十 百 千 万 亿`` (sequences of increasing value: ``百万``, ``千万``, ``万亿``)
  may be separated by spaces. ``千`` followed by ``米 克 瓦 焦 帕 赫 伏 卡 字`` is the metric prefix of
  the unit (``5千瓦`` is 5 kW), and ``百分…`` is never a multiplier.
* ``K``/``k`` are the ``kilo`` argument (1000, or 1024) and set ``uses_kilo``; ``M B T`` and the
  words are always powers of 1000; ``Ki`` etc. are always powers of 1024.
* ``x``/``X`` is a ratio sign only when attached and not followed by a letter or digit (``56.9x``,
  ``3x faster``); ``×`` and ``倍`` may follow a space. ``2 x 10^9`` is scientific notation.
* ``-`` between two numbers is a range (``5-35%``), a leading ``-5`` is negative; ``-`` followed by
  a word is a compound hyphen and dropped (``128K-token`` -> unit ``token``). ``– — ~ to 至 到`` must
  be followed by a number. The multiplier, percent/ratio sign and currency printed once apply to
  both ends (``1.2-1.5M``, ``5-35%``, ``$5-10M``); a range's ``nominal`` is the midpoint of its ends
  (both kept in ``ends``), ``step`` the coarser step, ``digits_after_point`` the larger count.
* Qualifiers set ``relation`` and keep the words in ``qualifier``: prefixes (``≈ ~ about approx.
  around roughly nearly almost circa 约 大约 近 将近 接近`` -> "~"; ``> over more than above exceeding
  超过 逾 多于 大于 高于`` -> ">"; ``≥ >= at least no less than 不少于 不低于 至少 最少`` -> ">=";
  ``< under less than below fewer than 不到 不足 少于 低于 小于`` -> "<"; ``≤ <= up to at most no
  more than 不超过 不多于 最多`` -> "<="), suffixes (``左右 上下 or so`` -> "~"; ``以上 or more and
  above`` -> ">="; ``以内 以下 之内 or less or fewer`` -> "<="; ``多``/``余`` after the number
  (``20多万``, ``两个多月``) -> ">"; an attached ``+`` (``100+``) -> ">="). "nearly"/"近"/"almost"
  give "~" with the word kept so a checker can be stricter. A prefix and a suffix with different
  relations are an error. Relations never change the interval.
* ``±``/``+/-``/``+-``: ``1.38 ± 0.05`` is absolute in the number's unit (and scale: ``5M ± 0.2``
  is ±200000); ``100 ± 5%`` is 5 percent of the value; ``91% ± 2%`` is ±2 (same unit, percent).
  The interval is then [nominal - tol, nominal + tol], not widened by rounding; not allowed with a
  range.
* Currency: prefixes ``$ US$ USD ¥ ￥ RMB CNY € EUR £ GBP HK$`` and suffixes ``美元 元 人民币 欧元 英镑
  港元 日元 USD dollars yuan …`` give unit ``USD``/``CNY``/``EUR``/``GBP``/``HKD``/``JPY`` (``¥`` is
  read as CNY). A following ``/x`` or ``per x`` gives ``"USD / x"``; other words after a currency go
  to ``trailing``. Elsewhere a standalone word ``per`` in the unit becomes ``/``.
* Percent (``% ％ percent per cent pct 百分之…``), permille (``‰ 千分之…``), percentage points (``pp
  p.p. percentage points 个百分点 百分点``) and ratios (``× x 倍 times``) fix the unit
  (``percent``, ``permille``, ``percentage_point``, ``""``); words after them go to ``trailing``.
  Fractions (``1/64``, ``½``, ``1½``, ``三分之一``) are exact and of kind "ratio" unless a unit follows.
* A Chinese measure word (个 张 条 台 块 位 名 颗 枚) right after the number is dropped
  (``两个月`` -> unit ``月``). The remaining unit text is returned stripped and otherwise as written;
  resolving it is the units module's job. It may not start with a digit (``1 2 3``) and may not
  contain ``% ‰ = < > ≈ ~ ± × , ; :`` and the like (``12abc%%`` is an error).
* Rounding (``rounding="auto"``): decimals round at their last written digit; numbers with a
  multiplier or in scientific notation round at the last written digit *at that scale*
  (``2,664K`` -> ±500, ``1.2e9`` -> ±5e7); percent/permille/points/ratio numbers round even when
  integer (they are computed results); plain integers, with or without a unit, are exact; fractions
  and bare powers ``10^9`` are always exact. Chinese numerals: ``三千五百万`` reads as ``3500万`` and
  ``三万五`` as ``3.5万`` (rounded), ``两千零四十八``/``二十`` as plain integers (exact).
  ``"exact"`` rounds nothing; ``"digits"`` rounds integers too (``2048`` -> [2047.5, 2048.5]).
* Words, tables and limits come from :mod:`claimaudit.numbers.vocabulary` (the one home of
  qualifiers, scale words and currencies; the lists above are examples, the tables are complete:
  ``a maximum of``, ``no less than``, ``不超过``, ``约为``, ``高达`` …; ``C$ A$ NT$ S$ $US RM`` and ISO codes
  before or after the amount; ``£35m``/``$4.2b`` take lower-case scale letters only after money;
  ``hundred million``). ``Up to 1350+`` is ">=" (the peak is at least 1350).
* Multiples and spelt numbers (:mod:`claimaudit.numbers.words`): ``twice``, ``threefold``/``3-fold``,
  ``three times`` (ratios, rounded like ``3×``), ``half``/``halved``, ``a third``, ``one in five``
  (exact fractions). ``N成``/``N折`` (also ``９成``, ``7.2成``, ``打八折``) are tenths read as a percentage,
  ``万分之N`` a percentage (N/100 %), ``N basis points`` hundredths of a percentage point.
* Rates keep their denominator: ``$1,271.2 an ounce`` -> ``USD / ounce``, ``188 miles an hour`` ->
  ``miles / hour``, ``2 美元每 GPU 小时`` -> ``USD / GPU 小时``.
* Values in parts and ranges with the unit on both ends (:mod:`claimaudit.numbers.compound`):
  ``8 minutes 20 seconds`` = 500 second, ``1 h 30 min``, ``3天5小时``, ``5′11″`` = 71 inch,
  ``3 dollars 50 cents`` = 3.50 USD, ``五元三毛``; ``5 GB to 10 GB`` = ``5 to 10 GB``.
* Refused with a column: empty text, no digits, garbage, the separator ambiguities above, two
  numbers that are not a range, a multiplier with no digits (``K``), exponents beyond ±400
  (``1e999999`` would hang the run), more than 1000 digits (every digit counts, Chinese ones too;
  checked while scanning, so a 1 MB number is refused in linear time).
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from dataclasses import dataclass, fields
from fractions import Fraction
from typing import Any

from ..errors import NumberSyntaxError
from . import chinese, compound, vocabulary, words
from .interval import Interval
from .limits import MAX_DIGITS, MAX_EXPONENT  # noqa: F401  (the documented limits, re-exported)
from .rational import add, coprime, half, le, ratio
from .reader import (
    _ASCII_LETTERS,
    _BAD_IN_UNIT,
    _DIGIT,
    _MEASURE_WORDS,
    _UNIT_FIRST_EXTRA,
    _VULGAR,
    End,
    Reader,
    _normalize,
    _phrase,
    _table,
)

#: Relations a qualifier can express. "=" plain; "~" approximately; ">", ">=", "<", "<=".
RELATIONS = vocabulary.RELATIONS
#: Kinds of printed number.
KINDS = ("number", "percent", "permille", "points", "ratio")
#: Rounding policies: "auto" (decimals and multiplied/percent/ratio numbers rounded to the last
#: written digit, plain integers exact), "exact" (nothing rounded), "digits" (integers too are
#: rounded to their last digit).
ROUNDING_POLICIES = ("auto", "exact", "digits")


@dataclass(frozen=True, slots=True)
class PrintedNumber:
    text: str                 # the whole string as given, e.g. "over 20 PiB"
    interval: Interval        # values that print this way, multipliers applied, in the unit below
                              # e.g. "557.6万美元" -> [5575500, 5576500]; "91%" -> [90.5, 91.5] (unit percent)
    unit: str                 # unit text for the units registry, "" for a plain number;
                              # "percent", "permille", "percentage_point" for % ‰ pp/个百分点;
                              # ratios (×, x, 倍) give "" with kind "ratio"; "$5.576M" -> "USD",
                              # "$2 per GPU-hour" -> "USD / GPU-hour"; Chinese measure words (个, 张, 条) dropped
    kind: str = "number"      # one of KINDS
    relation: str = "="       # one of RELATIONS, from the qualifier
    qualifier: str = ""       # the qualifier as written ("over", "约", "≈", "不到", …), "" if none
    nominal: Fraction = Fraction(0)   # the value as written (scaled), e.g. 5576000 for 557.6万
    step: Fraction = Fraction(0)      # place value of the last written digit at its scale
                                      # (0.01 for 1.38; 1000 for 2,664K; 100 for 557.6万); 0 if exact
    exact: bool = True        # True when interval is a point (no rounding applied)
    tolerance: Fraction | None = None # explicit "± 0.05" (already folded into interval)
    is_range: bool = False    # "5-35%": interval is [low end, high end] (hull of both ends' intervals)
    multiplier: str = ""      # the multiplier word as written: "K", "万", "billion", "Ki", …
    uses_kilo: bool = False   # True when a K/k multiplier was read with the `kilo` setting
    digits_after_point: int = 0       # written decimals (15.70 -> 2): precision the text claims
    # -- added fields ------------------------------------------------------------------------
    ends: tuple[Fraction, Fraction] | None = None  # a range's two nominal values as written
    trailing: str = ""        # words after a unit that is fixed by the number itself: "accuracy"
                              # in "91% accuracy", "faster" in "3x faster", "total" in "$5M total"


# -- word tables (compiled once) --------------------------------------------------------------

_PREFIX_QUALIFIERS = _table(list(vocabulary.PREFIX_QUALIFIERS.items()))
_SUFFIX_QUALIFIERS = sorted(vocabulary.SUFFIX_QUALIFIERS.items(), key=lambda r: -len(r[0]))
_RANGE_WORDS = _table([("from", "from"), ("between", "between")])

_KIND_SUFFIXES = _table([
    ("percentage points", "points"), ("percentage point", "points"), ("个百分点", "points"),
    ("個百分點", "points"), ("百分点", "points"), ("p.p.", "points"), ("pp", "points"),
    ("%", "percent"), ("percent", "percent"), ("per cent", "percent"), ("pct", "percent"),
    ("‰", "permille"), ("×", "ratio"), ("倍", "ratio"), ("times", "ratio"), ("-fold", "ratio"),
    ("fold", "ratio"),
])
_KIND_UNIT = {"number": "", "percent": "percent", "permille": "permille",
              "points": "percentage_point", "ratio": ""}

_CURRENCY_PREFIXES = _table(list(vocabulary.CURRENCY_PREFIXES.items()))
_CURRENCY_SUFFIXES = _table(list(vocabulary.CURRENCY_SUFFIXES.items()))

_BINARY = vocabulary.BINARY_MULTIPLIERS
_LETTER_MULT = {k: v for k, v in vocabulary.LETTER_MULTIPLIERS.items() if k not in "Kk"}
_MONEY_LETTER_MULT = vocabulary.MONEY_LETTER_MULTIPLIERS
#: "1.5 million", "4bn", "hundred million" (a word scale may follow "hundred": 10^2 * 10^6).
_WORD_MULT = re.compile(r"\s*((?:hundred\s+)?(?:" + vocabulary.alternation(vocabulary.WORD_MULTIPLIERS)
                        + r"))(?![A-Za-z])", re.IGNORECASE)
_WORD_SCALE = vocabulary.WORD_MULTIPLIERS
#: Only the words: "bps" is bits per second to the unit registry and "bp" base pairs in biology.
_BASIS_POINTS = re.compile(r"\s*basis\s+points?(?![A-Za-z])", re.IGNORECASE)
#: 成 is a tenth (八成 = 80%) except where it starts a word (成本 cost, 成为 become, 成功 success).
CHENG_WORD_STARTS = _NOT_CHENG = frozenset("本功为為立果员員熟长長都就绩績品型交年人形分语語像效败敗真群批不")
_TOLERANCE = re.compile(r"\s*(±|\+/-|\+-|\+ / -)\s*")
_PER = re.compile(r"\s*(?:(?<![A-Za-z])per(?![A-Za-z])|每)\s*", re.IGNORECASE)
#: "$1,271.2 an ounce", "$5 a share": an article before one final word is "per" after money…
_PER_ARTICLE = re.compile(r"(?:an?|each)\s+(?=[A-Za-z][\w-]*$)", re.IGNORECASE)
#: … and after a unit ("188 miles an hour", "3 times a week" stays with the ratio).
_PER_ARTICLE_INSIDE = re.compile(r"(?<=[A-Za-z])\s+(?:an?)\s+(?=[A-Za-z][\w-]*$)")
_NUMBER_TOKEN = re.compile(r"(?<![^ ])[0-9][0-9.,]*(?![^ ])")
_NOT_MULTIPLIER_START = re.compile(r"(Ki|Mi|Gi|Ti|K|k|M|B|T|" + vocabulary.alternation(vocabulary.WORD_MULTIPLIERS)
                                   + r")(?![A-Za-z])"
                                   r"|[万萬亿億百千]+", re.IGNORECASE)


class _Parser(Reader):
    """The printed-value grammar (see the module docstring) over a :class:`Reader`."""

    def starts_number(self, pos: int) -> bool:
        """Whether a number (possibly signed or with a currency prefix) starts at ``pos``."""
        if self.char(pos) in ("-", "+") or self.char(pos) in chinese.NEGATIVE:
            pos += 1
        cur = self.match_table(_CURRENCY_PREFIXES, pos)
        if cur is not None:
            pos = self.ws(cur[2])
            if self.char(pos) in ("-", "+"):
                pos += 1
        c = self.char(pos)
        return (c in _DIGIT or c in _VULGAR or (c == "." and self.char(pos + 1) in _DIGIT)
                or chinese.is_numeral_start(self.s, pos)
                or (c in _ASCII_LETTERS and words.read_words(self.s, pos) is not None)
                or self.s.startswith(("百分之", "千分之", "万分之", "萬分之"), pos))

    # -- the whole text ------------------------------------------------------------------------
    def parse(self, rounding: str) -> PrintedNumber:
        s = self.s
        pos = self.ws(0)
        if pos == self.n:
            raise self.error("empty number: nothing to read", 0)
        relations: list[tuple[str, str, int]] = []
        context = ""
        q = self.match_table(_PREFIX_QUALIFIERS, pos)
        if q is not None:
            relations.append((q[1], q[0], pos))
            context, pos = q[0], self.ws(q[2])
        if s.startswith("打", pos) and self.starts_number(pos + 1) and "折" in s[pos:]:
            pos += 1          # 打八折: "give a discount to eight tenths"; the price is at 80%
        range_word = ""
        rw = self.match_table(_RANGE_WORDS, pos)
        if rw is not None:
            range_word, context, pos = rw[1], rw[0], self.ws(rw[2])

        first = self.parse_end(pos, context)
        ends = [first]
        pos = first.end
        sep = self.range_separator(pos, range_word)
        if sep is not None:
            sep_text, sep_end = sep
            second = self.parse_end(self.ws(sep_end), sep_text)
            ends.append(second)
            self.share(first, second)
            pos = second.end
        elif range_word:
            want = "'and'" if range_word == "between" else "'to' or '-'"
            raise self.error(f"{context!r} needs a range: expected {want} and a second number", self.ws(pos))

        tolerance_end: End | None = None
        m = _TOLERANCE.match(s, pos)
        if m:
            if len(ends) > 1:
                raise self.error("a range cannot also have a ± tolerance", m.start(1))
            if not self.starts_number(m.end()):
                raise self.error(f"expected a number after {m.group(1)!r}", m.end())
            tolerance_end = self.parse_end(m.end(), m.group(1))
            pos = tolerance_end.end

        unit, trailing, currency = self.rest(pos, ends, relations)

        kind = ends[0].kind or "number"
        if kind == "number" and ends[0].fraction and not unit and not currency:
            kind = "ratio"
        if currency and kind != "number":
            raise self.error(f"a currency ({currency}) cannot go with a {kind} number", ends[0].start)
        if kind != "number":
            unit = _KIND_UNIT[kind]

        relation, qualifier = self.combine_relations(relations + [r for e in ends for r in e.relations])

        values = [self.evaluate(e, kind, rounding) for e in ends]
        if len(ends) == 1:
            nominal, step, interval = values[0]
            range_ends = None
        else:
            nominal = (values[0][0] + values[1][0]) / 2
            step = max(values[0][1], values[1][1])
            interval = Interval.hull(values[0][2], values[1][2])
            range_ends = (values[0][0], values[1][0])

        tolerance = None
        if tolerance_end is not None:
            tolerance = self.tolerance_value(first, tolerance_end, kind, nominal)
            interval = Interval(nominal - tolerance, nominal + tolerance)

        return PrintedNumber(
            text=self.text,
            interval=interval,
            unit=unit,
            kind=kind,
            relation=relation,
            qualifier=qualifier,
            nominal=nominal,
            step=step,
            exact=interval.is_point,
            tolerance=tolerance,
            is_range=len(ends) > 1,
            multiplier=next((e.mult_text for e in ends if e.mult_text), ""),
            uses_kilo=any(e.uses_kilo for e in ends),
            digits_after_point=max(e.decimals for e in ends),
            ends=range_ends,
            trailing=trailing,
        )

    # -- one number --------------------------------------------------------------------------------
    def parse_end(self, pos: int, context: str) -> End:
        s = self.s
        e = End(start=pos)
        pos = self.sign(pos, e)
        signed = pos != e.start
        cur = self.match_table(_CURRENCY_PREFIXES, pos)
        if cur is not None:
            e.currency = cur[1]
            pos = self.ws(cur[2])
            if self.char(pos) in ("-", "+"):          # $-5M as well as -$5M
                if signed:
                    raise self.error("a number can have only one sign", pos)
                pos = self.sign(pos, e)
        per_myriad = s.startswith("万分之", pos) or s.startswith("萬分之", pos)
        if s.startswith("百分之", pos) or s.startswith("千分之", pos) or per_myriad:
            # 百分之五 = 5%, 千分之三 = 3‰, 万分之五 = 0.05% (read as a percentage)
            e.kind = "permille" if s[pos] == "千" else "percent"
            context, pos = s[pos:pos + 3], self.ws(pos + 3)
        pos = self.core(pos, e, context)
        if per_myriad:
            e.exp10 -= 2
        e.end = pos
        return e

    def sign(self, pos: int, e: End) -> int:
        c = self.char(pos)
        if c and (c == "-" or c in chinese.NEGATIVE):
            e.negative = True
            return pos + 1
        if c == "+" and self.char(pos + 1) not in ("/", "-"):
            return pos + 1
        return pos

    def core(self, pos: int, e: End, context: str) -> int:
        s, c = self.s, self.char(pos)
        arabic = False
        if c in _VULGAR:
            e.mantissa, e.exact_form, e.fraction = _VULGAR[c], True, True
            pos += 1
        elif c in _DIGIT and not self.ascii and (mixed := chinese.read_mixed(s, pos)) is not None:
            # 1万600, 5万4千, 3千5: digits with Chinese places between them (one value)
            e.mantissa, e.decimals, e.mult_text, e.mult_scale, pos = mixed
        elif c in _DIGIT or (c == "." and self.char(pos + 1) in _DIGIT):
            pos = self.arabic(pos, e)
            arabic = not e.exact_form
        elif c in _ASCII_LETTERS and (spelt := words.read_words(s, pos)) is not None:
            # "three times", "threefold", "twice", "half", "halved", "a third", "one in five".
            value, pos, multiple = spelt
            e.mantissa = value
            if value.denominator != 1:
                e.exact_form = e.fraction = True
            if multiple and value.denominator == 1:
                e.kind = "ratio"
            elif multiple:
                e.kind = ""       # half, one in five: an exact fraction (kind ratio unless a unit follows)
        elif chinese.is_numeral_start(s, pos):
            num = chinese.scan_chinese_numeral(s, pos)
            if num is None:
                raise self.no_number(pos, context)
            e.mantissa, e.decimals = num.mantissa, num.decimals
            e.mult_text, e.mult_scale = num.multiplier, num.scale
            pos = num.end
        else:
            raise self.no_number(pos, context)

        # 一半 is one half, read as exactly 50% like 八成 is 80% (成本约为一半: about 50%).
        if s.startswith("半", pos) and s[e.start:pos] == "一" and not s.startswith("半径", pos):
            e.mantissa, e.exact_form, e.kind = Fraction(50), True, "percent"
            pos += 1

        # Chinese fraction N分之M = M/N
        if s.startswith("分之", pos) and e.decimals == 0 and not e.mult_text and not e.exact_form:
            den = e.mantissa
            num_start = pos + 2
            numerator = End(start=num_start)
            if not self.starts_number(num_start):
                raise self.error("expected a numerator after '分之'", num_start)
            pos = self.core(num_start, numerator, "分之")
            if den == 0:
                raise self.error("fraction with denominator zero", e.start)
            e.mantissa = numerator.mantissa * Fraction(10) ** numerator.exp10 * numerator.mult_scale / den
            e.exact_form = e.fraction = True
            e.decimals, e.mult_text, e.mult_scale = 0, "", 1
            e.relations += numerator.relations
            if numerator.kind:
                e.kind = numerator.kind
            return pos

        before = pos
        pos = self.more_than(pos, e)
        if pos != before:
            # 二十多万 / 20多万: only 万/亿 may follow 多 (the place it rounds at is then 万/亿)
            cm = chinese.scan_multiplier(s, pos) if self.char(pos) in chinese.BIG_UNITS else None
            if cm is not None and not e.mult_text and not e.exact_form:
                e.mult_text, e.mult_scale, pos = cm[0], cm[1], cm[2]
        elif arabic:
            pos = self.multiplier(pos, e)
            pos = self.more_than(pos, e)
        pos = self.kind_suffix(pos, e)
        if self.char(pos) == "+" and self.char(pos + 1) not in ("/", "-") and (
                pos + 1 == self.n or self.char(pos + 1) == " " or self.char(pos + 1).isalpha()):
            e.relations.append((">=", "+", pos))
            pos += 1
        return pos

    def no_number(self, pos: int, context: str) -> NumberSyntaxError:
        after = f" after {context!r}" if context else ""
        if pos >= self.n:
            return self.error(f"expected a number{after}, found the end of the text", pos)
        m = _NOT_MULTIPLIER_START.match(self.s, pos)
        if m:
            return self.error(f"multiplier {m.group(0)!r} has no digits before it", pos)
        shown = self.text[pos:pos + 12]
        return self.error(f"expected a number{after}, found {shown!r}", pos)

    def more_than(self, pos: int, e: End) -> int:
        # 20多 / 1000余 mean "more than"
        c = self.char(pos)
        if c in ("多", "余", "餘") and not any(r[1] in "多余餘" for r in e.relations):
            e.relations.append((">", c, pos))
            return pos + 1
        return pos

    def multiplier(self, pos: int, e: End) -> int:
        s, c = self.s, self.char(pos)
        two = s[pos:pos + 2]
        if two in _BINARY and self.char(pos + 2) not in _ASCII_LETTERS:
            e.mult_text, e.mult_scale = two, _BINARY[two]
            return pos + 2
        if c in ("K", "k") and self.char(pos + 1) not in _ASCII_LETTERS:
            e.mult_text, e.mult_scale, e.uses_kilo = c, self.kilo, True
            return pos + 1
        if two == "MM" and self.char(pos - 1).isdigit() and self.char(pos + 2) not in _ASCII_LETTERS:
            # "1.2MM", "5MM users": the finance trade's million glued to the digits (never megamolar)
            e.mult_text, e.mult_scale = two, 10**6
            return pos + 2
        if c in _LETTER_MULT and self.char(pos + 1) not in _ASCII_LETTERS:
            e.mult_text, e.mult_scale = c, _LETTER_MULT[c]
            return pos + 1
        if e.currency:
            # "£35m", "$4.2b", "$1.2tn": lower-case scale letters after money (35m alone is metres).
            for letters, scale in sorted(_MONEY_LETTER_MULT.items(), key=lambda r: -len(r[0])):
                if s.startswith(letters, pos) and self.char(pos + len(letters)) not in _ASCII_LETTERS:
                    e.mult_text, e.mult_scale = letters, scale
                    return pos + len(letters)
        m = _WORD_MULT.match(s, pos)
        if m:
            words = m.group(1).lower().split()
            scale = 1
            for w in words:
                scale *= _WORD_SCALE[w]
            e.mult_text, e.mult_scale = self.text[m.start(1):m.end(1)], scale
            return m.end()
        j = self.ws(pos)
        cm = chinese.scan_multiplier(s, j)
        if cm is not None:
            e.mult_text, e.mult_scale = cm[0], cm[1]
            return cm[2]
        return pos

    def kind_suffix(self, pos: int, e: End) -> int:
        j = self.ws(pos)
        k = self.match_table(_KIND_SUFFIXES, j)
        found = None
        if k is not None:
            found = (k[1], k[2])
        elif j == pos and self.char(pos) in ("x", "X") and self.char(pos + 1) not in _ASCII_LETTERS \
                and self.char(pos + 1) not in _DIGIT:
            found = ("ratio", pos + 1)
        elif j == pos and self.char(pos) in ("成", "折") and self.char(pos + 1) not in _NOT_CHENG and not e.kind \
                and 0 < e.mantissa <= 10 and not e.exp10 and not e.mult_text and not e.exact_form:
            # 八成 / ９成 / 7.2成: tenths, read as a percentage (八成 = 80%, rounded to the tenth:
            # 75–85%); 八折 / 8.5折 is a price at that many tenths (八折 = 80% of it).
            e.exp10, e.tenths = 1, True
            found = ("percent", pos + 1)
        elif self.char(pos) == " " and not e.kind and (bp := _BASIS_POINTS.match(self.s, pos)) is not None:
            # 50 basis points = 0.5 percentage points (a basis point is a hundredth of a point).
            e.exp10 -= 2
            found = ("points", bp.end())
        if found is None:
            return pos
        if e.kind and e.kind != found[0]:
            raise self.error(f"a {e.kind} number cannot also be a {found[0]}", j)
        e.kind = found[0]
        return found[1]

    # -- ranges, tolerance, the rest ------------------------------------------------------------------
    def range_separator(self, pos: int, range_word: str) -> tuple[str, int] | None:
        j = self.ws(pos)
        c = self.char(j)
        if range_word == "between":
            m = _phrase("and").match(self.s, j)
            if m is None:
                return None
            text, end = self.text[j:m.end()], m.end()
        elif c in ("-", "–", "—", "~", "至", "到"):
            text, end = self.text[j], j + 1
        else:
            m = _phrase("to").match(self.s, j)
            if m is None:
                return None
            text, end = self.text[j:m.end()], m.end()
        if self.starts_number(self.ws(end)):
            return text, end
        if c == "-":
            return None        # "5-fold", "128K-token": a hyphen, not a range
        raise self.error(f"expected a number after {text!r}", self.ws(end))

    def share(self, a: End, b: End) -> None:
        """What is printed once applies to both ends: ``1.2-1.5M``, ``5-35%``, ``$5-10M``."""
        if not a.mult_text and b.mult_text and not a.exact_form:
            a.mult_text, a.mult_scale, a.uses_kilo = b.mult_text, b.mult_scale, b.uses_kilo
        if a.kind and b.kind and a.kind != b.kind:
            raise self.error(f"range ends differ: {a.kind} and {b.kind}", b.start)
        if b.tenths and not a.kind and 0 < a.mantissa <= 10 and not a.exp10 and not a.mult_text and not a.exact_form:
            a.exp10, a.tenths = 1, True      # 三至五成, 3-4成: both ends are tenths (30% to 50%)
        a.kind = b.kind = a.kind or b.kind
        if a.currency and b.currency and a.currency != b.currency:
            raise self.error(f"range ends in different currencies: {a.currency} and {b.currency}", b.start)
        a.currency = b.currency = a.currency or b.currency

    def rest(self, pos: int, ends: list[End], relations: list[tuple[str, str, int]]) -> tuple[str, str, str]:
        """Split the text after the number into (unit, trailing, currency)."""
        s = self.s
        a, b = self.ws(pos), self.n
        while b > a and s[b - 1] == " ":
            b -= 1
        low = s[a:b].lower()
        for suffix, rel in _SUFFIX_QUALIFIERS:
            if low.endswith(suffix):
                st = b - len(suffix)
                if suffix[0].isascii() and st > a and s[st - 1] != " ":
                    continue
                relations.append((rel, self.text[st:b], st))
                b = st
                while b > a and s[b - 1] == " ":
                    b -= 1
                break
        if a < b and s[a] in _MEASURE_WORDS and self.match_table(_CURRENCY_SUFFIXES, a) is None:   # 5台币 is money
            a = self.ws(a + 1)
            if self.char(a) in ("多", "余", "餘") and a < b:     # 两个多月
                relations.append((">", s[a], a))
                a = self.ws(a + 1)
        if a < b and s[a] == "-" and s[a + 1:a + 2].isalpha():  # compound hyphen: 128K-token
            a += 1

        currency = ends[0].currency
        cur = self.match_table(_CURRENCY_SUFFIXES, a) if a < b else None
        if cur is not None and cur[2] <= b:
            # 港币3000万元, 新臺幣120元: the 元 after a currency's Chinese name is that currency's unit word
            unit_word = currency and s[a:cur[2]] in vocabulary.YUAN_WORDS and self._chinese_name_before(ends[0])
            if currency and currency != cur[1] and not unit_word:
                raise self.error(f"two currencies: {currency} and {cur[1]}", a)
            currency = currency if unit_word else cur[1]
            a = self.ws(cur[2])
        self.check_unit_text(a, b)
        words = self.text[a:b].strip() if a < b else ""
        words = _normalize(words)
        if not currency and not ends[0].kind:
            # A bare number inside the unit ("5 GPU-hours to 10") means a second, unread number.
            stray = _NUMBER_TOKEN.search(s, a, b)
            if stray:
                raise self.error(f"unexpected second number {stray.group(0)!r} in the unit text", stray.start())
        if currency:
            if words.startswith("/"):
                return f"{currency} / {words[1:].strip()}", "", currency
            m = _PER.match(words) or _PER_ARTICLE.match(words)
            if m:
                return f"{currency} / {words[m.end():].strip()}", "", currency
            return currency, words, currency
        kind = ends[0].kind
        if kind:
            return _KIND_UNIT[kind], words, ""
        # "188 miles an hour": the article before the last word is "per" (the rate keeps its denominator).
        words = _PER_ARTICLE_INSIDE.sub(" per ", words)
        return _PER.sub(" / ", words).strip(), "", ""

    def _chinese_name_before(self, e: End) -> bool:
        """Whether ``e``'s currency was named before it in Chinese (港币, 新臺幣, 人民币)."""
        pos = e.start + (1 if self.char(e.start) in ("-", "+") or self.char(e.start) in chinese.NEGATIVE else 0)
        cur = self.match_table(_CURRENCY_PREFIXES, pos)
        return cur is not None and cur[0] in vocabulary.CHINESE_CURRENCY_NAMES

    def check_unit_text(self, a: int, b: int) -> None:
        if a >= b:
            return
        s, c = self.s, self.s[a]
        if c in _DIGIT or c in "〇零一二三四五六七八九":
            raise self.error(f"unexpected second number at {self.text[a:b]!r} "
                             "(two numbers that are not a range)", a)
        if not (c.isalpha() or c in _UNIT_FIRST_EXTRA):
            raise self.error(f"unexpected {self.text[a]!r} after the number", a)
        for i in range(a, b):
            if s[i] in _BAD_IN_UNIT:
                raise self.error(f"unexpected {self.text[i]!r} in the unit text {self.text[a:b]!r}", i)

    def combine_relations(self, relations: list[tuple[str, str, int]]) -> tuple[str, str]:
        if not relations:
            return "=", ""
        relations = sorted(relations, key=lambda r: r[2])
        if len(relations) == 2 and relations[0][0] == "<=" and relations[1][1] == "+":
            # "Up to 1350+": the peak is at least 1350 (the "+" bounds the peak the words name).
            return ">=", " ".join(r[1] for r in relations)
        first = relations[0]
        for rel, qual, col in relations[1:]:
            if rel != first[0]:
                raise self.error(f"conflicting qualifiers {first[1]!r} ({first[0]}) and {qual!r} ({rel})", col)
        return first[0], " ".join(r[1] for r in relations)

    # -- values ---------------------------------------------------------------------------------------
    @staticmethod
    def evaluate(e: End, kind: str, rounding: str) -> tuple[Fraction, Fraction, Interval]:
        scale = Fraction(10) ** e.exp10 * e.mult_scale
        nominal = e.mantissa * scale
        if e.negative:
            nominal = -nominal
        if e.exact_form or rounding == "exact":
            rounded = False
        elif rounding == "digits":
            rounded = True
        else:
            rounded = (e.decimals > 0 or e.sci or bool(e.mult_text)
                       or kind in ("percent", "permille", "points", "ratio"))
        if not rounded:
            return nominal, Fraction(0), Interval(nominal)
        step = scale / 10**e.decimals
        return nominal, step, Interval(nominal - step / 2, nominal + step / 2)

    def tolerance_value(self, main: End, tol: End, kind: str, nominal: Fraction) -> Fraction:
        value = tol.mantissa * Fraction(10) ** tol.exp10 * tol.mult_scale
        if tol.negative:
            raise self.error("a ± tolerance cannot be negative", tol.start)
        if tol.kind == "percent" and kind != "percent":
            return abs(nominal) * value / 100      # 100 ± 5% is relative
        if tol.kind and tol.kind != kind:
            raise self.error(f"a {tol.kind} tolerance does not fit a {kind} number", tol.start)
        if not tol.mult_text and main.mult_text:
            value *= main.mult_scale               # 5M ± 0.2 means ± 0.2M
        return value


def parse_printed(text: str, *, kilo: int = 1000, rounding: str = "auto") -> PrintedNumber:
    """Read a printed number into the exact interval of values that print that way.

    ``kilo`` is the value of ``K``/``k`` (1000 or 1024); ``rounding`` is one of
    :data:`ROUNDING_POLICIES`. Raises :class:`NumberSyntaxError` with the 0-based column of the
    problem in ``text``. See the module docstring for the rules.
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_printed needs a str, not {type(text).__name__}")
    if kilo not in (1000, 1024):
        raise ValueError(f"kilo must be 1000 or 1024, not {kilo!r}")
    if rounding not in ROUNDING_POLICIES:
        raise ValueError(f"rounding must be one of {ROUNDING_POLICIES}, not {rounding!r}")
    if len(text) <= MEMO_TEXT:
        return _memo(text, kilo, rounding)
    return _read(text, kilo, rounding)


#: Documents repeat their figures (prices, counts, a total quoted twice) and the checkers re-read
#: values: short texts are read once (a PrintedNumber is immutable, so it is safe to share). The
#: memo is bounded in entries and in the length of a text, so hostile input cannot grow it.
MEMO_TEXT = 200
MEMO_ENTRIES = 16384
#: Most reading policies a memo keeps a table for (see :func:`remember`).
MEMO_POLICIES = 64
#: The memo: a table per reading policy (kilo, rounding), keyed by the text.
_MEMO: dict[tuple[int, str], dict[str, PrintedNumber]] = {}


def _memo(text: str, kilo: int, rounding: str) -> PrintedNumber:
    table = _MEMO.get((kilo, rounding))
    p = table.get(text) if table is not None else None
    if p is None:
        p = _read(text, kilo, rounding)
        remember(_MEMO, (kilo, rounding), text, p)
    return p


def remember(memo: dict[Any, dict[str, Any]], policy: Hashable, text: str, value: Any) -> None:
    """Keep ``value``, read from ``text`` under ``policy``, in ``memo``: a table per policy keyed by the
    text alone (a key tuple and an LRU link per entry were five sixths of a memo's memory). Bounded:
    texts of at most MEMO_TEXT characters, MEMO_POLICIES tables and MEMO_ENTRIES values in all; a
    memo that is full starts again empty."""
    if len(text) > MEMO_TEXT:
        return
    table = memo.get(policy)
    if table is not None and len(memo) == 1 and len(table) < MEMO_ENTRIES:
        table[text] = value       # one policy's table, not full (a run mostly reads under one policy)
        return
    full = memo_entries(memo) >= MEMO_ENTRIES
    if full or table is None:
        if full or len(memo) >= MEMO_POLICIES:
            memo.clear()
        table = memo[policy] = {}
    table[text] = value


def memo_entries(memo: dict[Any, dict[str, Any]]) -> int:
    """How many values ``memo`` (see :func:`remember`) holds."""
    return sum(map(len, memo.values()))


def forget_printed() -> None:
    """Empty the memo (the engine does as a run ends: what it read is in its results)."""
    _MEMO.clear()


def _read(text: str, kilo: int, rounding: str) -> PrintedNumber:
    fast = _fast(text, kilo, rounding)
    return fast if fast is not None else _full(text, kilo, rounding)


def _full(text: str, kilo: int, rounding: str) -> PrintedNumber:
    """The whole grammar (compound values, ranges with the unit twice, everything else)."""
    _check_digit_count(text)
    parts = compound.read_parts(text, _parse_one, kilo=kilo, rounding=rounding)
    if parts is not None:
        return parts
    try:
        return _parse_one(text, kilo=kilo, rounding=rounding)
    except NumberSyntaxError:
        both = compound.read_unit_range(text, _parse_one, kilo=kilo, rounding=rounding)
        if both is None:
            raise
        return both


# -- the fast path: one plain Arabic number or a plain range ------------------------------------
#
# Most printed values are one Arabic number with at most an attached multiplier or kind sign and a
# few words around it ("12.5", "1,234", "$5.576M", "56.9×", "91%", "约 45%", "2,788K GPU-hours",
# "557.6万美元"), or a range of two such numbers sharing them ("12.1-14.9%", "1.2-1.5M").
# The words around the number are read by the full grammar once per shape, on a template with the
# number 1 in its place ("约 1", "1 GPU-hours", "1美元"), and reused when that template reads as a
# plain 1 (no multiplier, kind, range, tolerance, compound parts or sign of its own). Nothing the
# grammar decides from the digits can then differ: the words hold no digit of any script, the
# character after the digits is a point, a multiplier, a kind sign or the first character of those
# words (as in the template), and the numbers are valued exactly as :meth:`_Parser.evaluate` and
# :meth:`_Parser.parse` value them (a range: midpoint, coarser step, hull, the multiplier and sign
# printed once applying to both ends), here in integers. Anything else takes the full grammar;
# ``tests/test_printed_fast.py`` checks the two agree on many thousands of texts.

_NUM = r"[1-9][0-9]{0,2}(?:,[0-9]{3})+|0|[1-9][0-9]{0,17}"
_FAST = re.compile(
    r"(?P<head>[^0-9]{0,24}?)"
    r"(?P<int>" + _NUM + r")(?:\.(?P<dec>[0-9]{1,15}))?"
    r"(?:-(?P<int2>" + _NUM + r")(?:\.(?P<dec2>[0-9]{1,15}))?)?"
    r"(?:(?P<mult>[KkMBT])(?![A-Za-z])|(?P<cmult>[万萬亿億]))?"
    r"(?:(?P<kind>[%×倍])|(?P<x>[xX])(?![A-Za-z0-9]))?"
    r"(?P<tail>[^0-9]{0,40})"
)
_FAST_KIND = {"%": "percent", "×": "ratio", "倍": "ratio", "x": "ratio", "X": "ratio"}
_FAST_SCALE = {**_LETTER_MULT, **chinese.BIG_UNITS}
_ZERO = Fraction(0)
_TEMPLATE_ENTRIES = 4096
#: (head, tail) -> (relation, qualifier, unit, trailing) of the words around a plain number,
#: or None when they are not plain words (the full grammar reads such texts).
_templates: dict[tuple[str, str], tuple[str, str, str, str] | None] = {}


def _words_around(head: str, tail: str) -> tuple[str, str, str, str] | None:
    key = (head, tail)
    if key in _templates:
        return _templates[key]
    found: tuple[str, str, str, str] | None = None
    if not any(ch.isnumeric() or ch in "两兩" for ch in head + tail):
        template = f"{head}1{tail}"
        try:
            p = _parse_one(template, kilo=1000, rounding="auto") \
                if compound.read_parts(template, _parse_one, kilo=1000, rounding="auto") is None else None
        except NumberSyntaxError:
            p = None
        if (p is not None and p.kind == "number" and p.nominal == 1 and p.interval.is_point
                and not p.is_range and p.tolerance is None and not p.multiplier and not p.uses_kilo
                and not p.digits_after_point):
            found = (p.relation, p.qualifier, p.unit, p.trailing)
    if len(_templates) >= _TEMPLATE_ENTRIES:
        _templates.clear()
    _templates[key] = found
    return found


def _value(digits: str, dec: str | None, scale: int, rounded: bool) -> tuple[Fraction, Fraction, Interval]:
    """(nominal, step, interval) of one written number, as :meth:`_Parser.evaluate` gives them."""
    n = int(digits.replace(",", "") + dec) if dec else int(digits.replace(",", ""))
    d = 10 ** len(dec) if dec else 1
    nominal = ratio(n * scale, d) if d != 1 else coprime(n * scale, 1)
    if not rounded:
        return nominal, _ZERO, Interval._make(nominal, nominal)
    # nominal ∓ step/2 with step = scale/d: ((2n ∓ 1)·scale) / 2d
    return (nominal, ratio(scale, d),
            Interval._make(ratio((2 * n - 1) * scale, 2 * d), ratio((2 * n + 1) * scale, 2 * d)))


def _fast(text: str, kilo: int, rounding: str) -> PrintedNumber | None:
    m = _FAST.fullmatch(text) if len(text) <= MEMO_TEXT else None
    if m is None:
        return None
    head, _int, dec, int2, dec2, mult, cmult, ksign, xsign, tail = m.groups()
    sign = ksign or xsign
    if sign and tail:
        return None              # "91% accuracy", "3x faster": the full grammar splits the words
    around = _words_around(head, tail)
    if around is None:
        return None
    relation, qualifier, unit, trailing = around
    kind = _FAST_KIND[sign] if sign else "number"
    if kind != "number":
        if unit or trailing:
            return None          # "$5%" (money is never unit "") is refused by the full grammar
        unit = _KIND_UNIT[kind]
    mult = mult or cmult or ""
    scale = kilo if mult in ("K", "k") else _FAST_SCALE[mult] if mult else 1
    if rounding == "exact":
        rounded = rounded2 = False
    elif rounding == "digits":
        rounded = rounded2 = True
    else:
        rounded2 = bool(dec2) or bool(mult) or kind != "number"
        rounded = bool(dec) or bool(mult) or kind != "number"
    nominal, step, interval = _value(_int, dec, scale, rounded)
    ends = None
    if int2 is not None:
        # A range: each end valued as written (the multiplier and sign printed once apply to both).
        lo_end, hi_end = (nominal, step, interval), _value(int2, dec2, scale, rounded2)
        ends = (lo_end[0], hi_end[0])
        nominal = half(add(lo_end[0], hi_end[0]))
        step = max(lo_end[1], hi_end[1])
        a, b = lo_end[2], hi_end[2]
        interval = Interval._make(a.lo if le(a.lo, b.lo) else b.lo, b.hi if le(a.hi, b.hi) else a.hi)
    return _printed(text, interval, unit, kind, relation, qualifier, nominal, step, interval.is_point, None,
                    ends is not None, mult, mult in ("K", "k"), max(len(dec or ""), len(dec2 or "")), ends,
                    trailing)


_new = object.__new__
#: PrintedNumber's slots in field order, set directly: its frozen dataclass __init__ goes through
#: object.__setattr__ for each of its 16 fields, which is most of the fast path's cost.
(_text, _interval, _unit, _kind, _relation, _qualifier, _nominal, _step, _exact, _tolerance, _is_range,
 _multiplier, _uses_kilo, _digits, _ends, _trailing) = (PrintedNumber.__dict__[f.name].__set__
                                                       for f in fields(PrintedNumber))


def _printed(text: str, interval: Interval, unit: str, kind: str, relation: str, qualifier: str,
             nominal: Fraction, step: Fraction, exact: bool, tolerance: Fraction | None, is_range: bool,
             multiplier: str, uses_kilo: bool, digits: int, ends: tuple[Fraction, Fraction] | None,
             trailing: str) -> PrintedNumber:
    """PrintedNumber(...) with every field given, in field order."""
    p = _new(PrintedNumber)
    _text(p, text)
    _interval(p, interval)
    _unit(p, unit)
    _kind(p, kind)
    _relation(p, relation)
    _qualifier(p, qualifier)
    _nominal(p, nominal)
    _step(p, step)
    _exact(p, exact)
    _tolerance(p, tolerance)
    _is_range(p, is_range)
    _multiplier(p, multiplier)
    _uses_kilo(p, uses_kilo)
    _digits(p, digits)
    _ends(p, ends)
    _trailing(p, trailing)
    return p


def _parse_one(text: str, *, kilo: int, rounding: str) -> PrintedNumber:
    return _Parser(text, kilo).parse(rounding)


def _check_digit_count(text: str) -> None:
    """Refuse texts with more than :data:`MAX_DIGITS` digits, ASCII and Chinese alike.

    Counted on the whole text before parsing, so no part of it (a fraction's denominator, a
    digit-by-digit Chinese numeral) can reach ``int()`` with more digits than Python converts.
    """
    if len(text) <= MAX_DIGITS:
        return
    from .chinese import DIGITS as CN_DIGITS

    count, first = 0, 0
    for i, ch in enumerate(text):
        if "0" <= ch <= "9" or ch in CN_DIGITS:
            if not count:
                first = i
            count += 1
            if count > MAX_DIGITS:
                raise NumberSyntaxError(f"number has more than {MAX_DIGITS} digits", column=first)
