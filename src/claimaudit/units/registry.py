"""The one unit registry.

INTERFACE (the engine, formulas and checkers rely on exactly this):

    resolve_unit(text: str) -> UnitInfo      # memoised per distinct string; raises UnitError
    registry() -> pint.UnitRegistry          # the shared, lazily built registry (Fraction, no disk cache)
    format_dims(dims) -> str
    convert_factor(from_text, to_text) -> Fraction   # raises IncompatibleUnitsError (a UnitError)

How a unit string is read
-------------------------
pint is used as a *resolver* only. ``resolve_unit`` tokenises the string itself, reads it with a
small grammar (below), looks each word up in pint's tables, and combines the words' exact factors
and dimensions. No unit string is ever handed to pint's expression parser, nothing is ever passed
to ``eval``/``exec``, and the hot path (:mod:`.quantity`) never sees a pint object.

* Allowed characters: letters of any script (Latin, CJK, µ …), ASCII digits (exponents only),
  spaces and ``* / ^ ( ) - _ · × % ‰ $ ¥ ￥ € £ ¹ ² ³ ⁻``. Anything else, or more than
  :data:`MAX_UNIT_LENGTH` characters, is a :class:`UnitError`.
* Grammar, loosest first::

      expr  := [ "/" ] prod (("*" | "/" | "×" | "per" | "每") prod)*     left to right
      prod  := tight tight*                  juxtaposition ("GPU hours")
      tight := power (("-" | "·") power)*    hyphenated compound ("GPU-hour")
      power := atom [("^" | "**") int | superscripts]
      atom  := word | symbol | "(" expr ")" | "1"

  So ``tokens/s/node`` is token/(second·node), ``USD/GPU-hour``, ``USD per GPU hour`` and
  ``USD/(GPU*hour)`` all mean USD/(GPU·hour), and ``s^-1`` / ``m²`` are exponents.
  ``USD/GPU*hour`` is (USD/GPU)·hour, as in pint and Python, and says so in its note; ``·``
  binds like the hyphen (``USD/GPU·h`` is USD/(GPU·hour)).
* Base units (the ``factor`` of a :class:`UnitInfo` is relative to these, pint's *root* units):
  second, meter, gram, … for physics; **bit** for ``[information]`` (so 1 byte = 8, 1 PiB =
  2**53, 1 PB = 8·10**15); one unit per domain dimension: USD, CNY, EUR, GBP, JPY, GPU, node,
  token, parameter, FLOP, step, request, sequence, SSD, layer.
* Documented readings of ambiguous strings (each sets ``UnitInfo.note``):

  ========================  ================================================================
  ``KB``                    kB = 1000 B (KiB is 1024 B); likewise ``Kbit``, ``Kbps``, ``KBps``
  ``b``                     bit (pint: barn); ``B`` is the byte (pint's bel has no symbol)
  ``kb Kb Mb Gb Tb Pb Eb``  kilobit … exabit (pint: kilobarn, —, megabarn, gilbert, …)
  ``Kib Mib Gib …``         kibibit … (a note says KiB/GiB would be bytes)
  ``FLOPs``, ``TFLOPs``     a *count* of FLOP (plural); ``FLOPS``, ``TFLOPS``, ``TFlops``,
                            ``flops``, ``FLOP/s`` are per second (CA103 tries the other reading)
  ``cycle``, ``chain``,     counting units of their own (pint: a turn of 2π rad, surveying
  ``link``, ``shot``,       lengths, a volume, micro-nits)
  ``unit``
  ``point(s)``, ``pts``     percentage points (the engine reads score points between plain scores)
  ``Bytes``, ``GBytes``     byte and bit *names* in any case (the symbols B and b keep theirs)
  ``¥``, ``￥``             CNY (JPY also writes ¥; ``JPY``/``日元``/``yen`` are JPY)
  ``分``                    minute (not the fen, 0.01 元)
  ``month``, ``月``         1/12 Julian year = 30.4375 days (pint's month); ``year``, ``年``:
                            Julian year = 365.25 days
  ``penny``, ``pennies``    the US cent, USD/100 (``cent``; ``dime`` is USD/10): the British
                            penny would be GBP/100, a different dimension, so say it in GBP
  ``tpd``                   short tons (2000 lb) per day; tonnes per day would be ``t/d``
  ``Js``, ``cds``           joule-second, candela-second (``cds`` is not read as candelas)
  ``per cent``              percent (not 1/cent); ``USD/cent`` still divides
  ========================  ================================================================

  Refused outright (UnitError with suggestions): ``T``, ``M``, ``G``, ``K``, ``k``, ``P`` standing
  alone (a magnitude such as "1.2T" belongs to the number parser; pint would read tesla, molar,
  gauss, kelvin, the Boltzmann constant, poise), Chinese number words (万 亿 …), numbers other
  than exponents or a leading ``1`` (``USD/1M tokens`` → suggests ``USD/Mtoken``), model names
  (``H800 GPU hours`` → suggests ``GPU hours``), plurals of prefixed symbols (``PiBs`` → ``PiB``),
  offset and logarithmic units (degC, dB).
* ``d`` is the day (pint's symbol; deci is only a prefix), ``h`` the hour, ``min`` the minute,
  ``x``/``X``/``×`` written alone the dimensionless "times" factor 1.
* ``%`` / ``percent`` and ``pp`` / ``percentage_point`` are both 1/100 and dimensionless, so they
  share dimensions: whether a printed value is a percentage or a percentage-point difference is
  the number parser's ``kind``, not a unit matter. ``‰``/``permille`` is 1/1000.
* ``head`` and ``dim`` are plain dimensionless counts (factor 1); ``layer`` is a dimension.
  ``dozen`` (12), ``bakers_dozen`` (13; also written ``baker's dozen``) and ``gross`` (144) are
  dimensionless multiples; ``annum`` is the Julian year (``gigaannum`` = ``Ga``).
* Inside :func:`.declared.claim_vocabulary` (the engine reads every claim in it) a project's
  declared units are known, and an unknown noun (``experts``, ``SMs``) becomes a counting unit of
  its own (dimension ``#expert``), unless it is grammar or one edit from a known unit (a typo).
  Outside it (extraction scanning prose) unknown words stay errors.
* Domain words are accepted case-insensitively (``Tokens``, ``GPUS``, ``Params``), also after a
  metric prefix (``MTokens`` → Mtoken); pint names are case-sensitive.

Known units are read from a precomputed table (:mod:`.table`, ``unit_table.json``, rebuilt from the
definitions with ``python -m claimaudit.units.table_build``), so a run whose units are all known never imports
pint. The pint registry is built, lazily and only for a name the table lacks, from ``definitions.txt``
shipped beside this module (a modified copy of pint's default_en.txt) with ``non_int_type=Fraction`` and
no disk cache (pint's cache is a pickle under the user's home: nothing is unpickled). Importing this
module does not import pint.
"""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import UnitError
from ..suggest import did_you_mean
from .declared import UnitDecl, Vocabulary, singulars, using, vocabulary
from .pint_import import import_pint
from .quantity import Dims
from .spellings import (
    BYTE_WORDS as _BYTE_WORDS,
)
from .spellings import (
    CJK as _CJK,
)
from .spellings import (
    CJK_MAXLEN as _CJK_MAXLEN,
)
from .spellings import (
    CJK_NUMBER_WORDS as _CJK_NUMBER_WORDS,
)
from .spellings import (
    COUNT_WORDS as _COUNT_WORDS,
)
from .spellings import (
    DIV_WORD as _DIV_WORD,
)
from .spellings import (
    DOMAIN as _DOMAIN,
)
from .spellings import (
    DOMAIN_COMPOUND as _DOMAIN_COMPOUND,
)
from .spellings import (
    FLOPS_WORD as _FLOPS_WORD,
)
from .spellings import (
    METRIC as _METRIC,
)
from .spellings import (
    NOT_COUNT_NOUNS as _NOT_COUNT_NOUNS,
)
from .spellings import (
    NOTE_DIV_MUL as _NOTE_DIV_MUL,
)
from .spellings import (
    NOTE_POINTS as _NOTE_POINTS,
)
from .spellings import (
    NUMBER_PREFIX as _NUMBER_PREFIX,
)
from .spellings import (
    NUMBER_SCALE as _NUMBER_SCALE,
)
from .spellings import (
    POINTS as _POINTS,
)
from .spellings import (
    REFUSED as _REFUSED,
)
from .spellings import (
    SUGGESTABLE as _SUGGESTABLE,
)
from .spellings import (
    SYMBOLS as _SYMBOLS,
)
from .spellings import (
    UNIT_NOTES as _UNIT_NOTES,
)
from .spellings import (
    WORDS as _WORDS,
)
from .spellings import (
    Parts as _Parts,
)
from .spellings import (
    p as _p,
)
from .table import load_table

if TYPE_CHECKING:  # pragma: no cover
    import pint

__all__ = [
    "MAX_UNIT_LENGTH",
    "IncompatibleUnitsError",
    "UnitInfo",
    "build_registry",
    "convert_factor",
    "definitions_path",
    "dims_from_pint",
    "format_dims",
    "registry",
    "resolve_unit",
]

MAX_UNIT_LENGTH = 200   # characters; longer strings are refused before any parsing
MAX_EXPONENT = 12       # |n| in s^n, so that no exponent can blow up a Fraction
MAX_NESTING = 16        # parentheses


@dataclass(frozen=True, slots=True)
class UnitInfo:
    text: str            # as written ("GPU-hours", "美元", "PiB", "")
    canonical: str       # readable canonical form ("GPU * hour", "USD", "pebibyte", "")
    factor: Fraction     # exact factor: 1 <unit> = factor <base units>
    dims: Dims           # dimension in base dimensions ([information], [currency_USD], [gpu], [time] …)
    note: str = ""       # an explicit documented choice made for an ambiguous string ("KB read as kB = 1000 B")


class IncompatibleUnitsError(UnitError):
    """Two units of different dimensions in a conversion (``convert_factor``)."""

    def __init__(self, source: UnitInfo, target: UnitInfo) -> None:
        self.source, self.target = source, target
        super().__init__(
            f"cannot convert {source.text!r} ({format_dims(source.dims)}) to "
            f"{target.text!r} ({format_dims(target.dims)}): different dimensions"
        )


# ---------------------------------------------------------------------------------------------
# The registry


_LOCK = threading.Lock()
_REGISTRY: Any = None


def definitions_path() -> Path:
    """The definitions file shipped in the package."""
    return Path(__file__).with_name("definitions.txt")


def build_registry() -> pint.UnitRegistry:
    """Build a new registry from the shipped definitions (not memoised; see :func:`registry`)."""
    pint = import_pint()  # deferred: importing this module must not import pint (nor Dask)

    return pint.UnitRegistry(str(definitions_path()), cache_folder=None, non_int_type=Fraction,
                             on_redefinition="raise", autoconvert_offset_to_baseunit=False)


def registry() -> pint.UnitRegistry:
    """The shared registry, built on first use (thread-safe)."""
    global _REGISTRY
    reg = _REGISTRY
    if reg is None:
        with _LOCK:
            if _REGISTRY is None:
                _REGISTRY = build_registry()
            reg = _REGISTRY
    return reg


# ---------------------------------------------------------------------------------------------
# Dimensions


_NAMED_DIMS = {
    Dims.of({"[information]": 1, "[time]": -1}): "data rate",
    Dims.of({"[time]": -1}): "frequency",
    Dims.of({"[flop]": 1, "[time]": -1}): "compute rate",
    Dims.of({"[token]": 1, "[time]": -1}): "token rate",
    Dims.of({"[gpu]": 1, "[time]": 1}): "GPU time",
}


def format_dims(dims: Dims, *, named: bool = False) -> str:
    """Readable dimension text, the same as :meth:`Dims.describe` ("information/time",
    "currency_USD", "gpu*time", "dimensionless"). ``named=True`` appends a common name when
    there is one: "information/time (data rate)"."""
    text = dims.describe()
    if named and dims in _NAMED_DIMS:
        text += f" ({_NAMED_DIMS[dims]})"
    return text


def dims_from_pint(dimensionality: Mapping[str, Any]) -> Dims:
    """pint's dimensionality (``{'[information]': 1, '[time]': -1}``) as :class:`Dims`,
    keeping pint's bracketed names. Exponents must be whole numbers."""
    pairs = []
    for name, exp in dict(dimensionality).items():
        e = Fraction(exp)
        if e.denominator != 1:
            raise UnitError(f"fractional dimension exponent {name}^{e} is not supported")
        pairs.append((str(name), int(e)))
    return Dims.of(pairs)


# ---------------------------------------------------------------------------------------------
# Terms: a partial result (exact factor, dims, canonical parts, notes)


@dataclass(frozen=True, slots=True)
class _Term:
    factor: Fraction
    dims: Dims
    parts: _Parts
    notes: tuple[str, ...] = ()

    def __mul__(self, other: _Term) -> _Term:
        return _Term(self.factor * other.factor, self.dims * other.dims,
                     _merge(self.parts, other.parts), _merge_notes(self.notes, other.notes))

    def __truediv__(self, other: _Term) -> _Term:
        return self * other ** -1

    def __pow__(self, n: int) -> _Term:
        return _Term(self.factor ** n, self.dims ** n,
                     tuple((k, e * n) for k, e in self.parts), self.notes)

    def with_note(self, note: str) -> _Term:
        return _Term(self.factor, self.dims, self.parts, _merge_notes(self.notes, (note,))) if note else self


_ONE = _Term(Fraction(1), Dims(), ())


def _merge(a: _Parts, b: _Parts) -> _Parts:
    acc: dict[str, int] = dict(a)
    for k, e in b:
        acc[k] = acc.get(k, 0) + e
    return tuple((k, e) for k, e in acc.items() if e)


def _merge_notes(a: tuple[str, ...], b: Iterable[str]) -> tuple[str, ...]:
    out = list(a)
    for n in b:
        if n and n not in out:
            out.append(n)
    return tuple(out)


def _canonical(parts: _Parts) -> str:
    def one(name: str, e: int) -> str:
        return name if e == 1 else f"{name} ** {e}"

    num = [one(k, e) for k, e in parts if e > 0]
    den = [one(k, -e) for k, e in parts if e < 0]
    text = " * ".join(num) if num else ("1" if den else "")
    for d in den:
        text += " / " + d
    return text


@functools.cache
def _pint_term(name: str) -> _Term:
    """One pint unit (full canonical name such as 'pebibyte') as an exact term."""
    table = load_table()
    known = table.term(name) if table is not None else None
    if known is not None:
        factor, dims, approx = known
    else:
        reg = registry()
        pint_factor, _root = reg.get_root_units(name)
        # pint types a magnitude as any number, complex included; a root factor is int, float or Fraction.
        factor, approx = Fraction(pint_factor), isinstance(pint_factor, float)  # type: ignore[arg-type]
        dims = dims_from_pint(reg.get_dimensionality(name))
    notes: tuple[str, ...] = (_UNIT_NOTES[name],) if name in _UNIT_NOTES else ()
    if approx:
        notes += (f"{name}: conversion factor is a float approximation",)
    return _Term(factor, dims, ((name, 1),), notes)


@functools.lru_cache(maxsize=1)
def _names() -> tuple[dict[str, str], dict[str, str]]:
    """(unit name, symbol or alias -> canonical unit name; prefix ... -> prefix name): from the
    shipped table, else from pint's registry as first built."""
    table = load_table()
    if table is not None:
        return table.units, table.prefixes
    reg = registry()
    return {k: d.name for k, d in reg._units.items()}, {k: d.name for k, d in reg._prefixes.items()}


def _is_multiplicative(name: str) -> bool:
    table = load_table()
    if table is not None and name in table.units:
        return table.is_multiplicative(name)
    return bool(registry()._units[name].is_multiplicative)


def _parts_term(parts: _Parts, note: str = "") -> _Term:
    term = _ONE
    for name, e in parts:
        term = term * _pint_term(name) ** e
    return term.with_note(note)


def _pint_lookup(word: str) -> tuple[str, str] | None:
    """``(prefix name, unit name)`` for ``word`` (prefix + unit, plural 's' allowed), or None.

    Preference, unlike pint's unordered candidates: the exact name; a prefix + a unit; the plural
    of a unit; a prefix + a plural. Single-letter units take no plural ('PiBs' is refused), as in
    pint.
    """
    units, prefixes = _names()
    if word in units:
        return "", units[word]
    ordered = _sorted_prefixes(tuple(prefixes))

    def with_prefix(w: str, min_len: int) -> tuple[str, str] | None:
        for p in ordered:
            if w.startswith(p) and len(w) - len(p) >= min_len and w[len(p):] in units:
                return prefixes[p], units[w[len(p):]]
        return None

    found = with_prefix(word, 1)
    if found:
        return found
    if word.endswith("s") and len(word) > 2:
        stem = word[:-1]
        if stem in units and len(stem) > 1:
            return "", units[stem]
        return with_prefix(stem, 2)
    return None


@functools.lru_cache(maxsize=4)
def _sorted_prefixes(prefixes: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted((p for p in prefixes if p), key=len, reverse=True))


# ---------------------------------------------------------------------------------------------
# Lexer

_OPS = {"*": "MUL", "×": "MUL", "/": "DIV", "^": "POW", "(": "LP", ")": "RP", "-": "HYPH", "·": "DOT"}
_SUPERSCRIPTS = {"¹": "1", "²": "2", "³": "3", "⁻": "-"}


@dataclass(frozen=True, slots=True)
class _Tok:
    kind: str      # NAME NUM SUP ATOM MUL DIV POW LP RP HYPH DOT
    text: str
    col: int
    value: Any = None


def _is_cjk(ch: str) -> bool:
    o = ord(ch)
    return 0x3400 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0x20000 <= o <= 0x2FFFF


def _err(text: str, message: str, col: int | None = None,
         suggestions: Iterable[str] | Callable[[], Iterable[str]] = ()) -> UnitError:
    def sugg() -> tuple[str, ...]:
        found = suggestions() if callable(suggestions) else suggestions
        return tuple(dict.fromkeys(s for s in found if s and s != text))

    return UnitError(f"unit {text!r}: {message}", column=col, suggestions=sugg if callable(suggestions) else sugg())


def _lex(text: str) -> list[_Tok]:
    toks: list[_Tok] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
        elif _is_cjk(ch):
            start = i
            while i < n and _is_cjk(text[i]):
                for size in range(min(_CJK_MAXLEN, n - i), 0, -1):
                    word = text[i:i + size]
                    if word in _CJK:
                        spec = _CJK[word]
                        toks.append(_Tok("DIV", word, i) if spec is _DIV_WORD else _Tok("ATOM", word, i, spec))
                        i += size
                        break
                else:
                    c = text[i]
                    if c in _CJK_NUMBER_WORDS:
                        raise _err(text, f"{c!r} is a number word ({_CJK_NUMBER_WORDS[c]}), not a unit; "
                                         "the number parser reads it as part of the number", i)
                    raise _err(text, f"unknown unit word starting at {text[i:start + 8]!r}", i)
        elif ch.isalpha() or ch == "_":
            start = i
            while i < n and (text[i] == "_" or (text[i].isalnum() and text[i].isascii())
                             or (text[i].isalpha() and not _is_cjk(text[i]))):
                i += 1
            word = text[start:i]
            if word == "US" and i < n and text[i] == "$":
                i += 1
                word = "US$"
            if word.lower() == "per":
                toks.append(_Tok("DIV", word, start))
            else:
                toks.append(_Tok("NAME", word, start))
        elif "0" <= ch <= "9":
            start = i
            while i < n and "0" <= text[i] <= "9":
                i += 1
            if i < n and text[i] in _NUMBER_SCALE and (i + 1 == n or not text[i + 1].isalpha()):
                i += 1
            toks.append(_Tok("NUM", text[start:i], start))
        elif ch in _SUPERSCRIPTS:
            start = i
            while i < n and text[i] in _SUPERSCRIPTS:
                i += 1
            digits = "".join(_SUPERSCRIPTS[c] for c in text[start:i])
            if not re.fullmatch(r"-?[1-9]\d*", digits):
                raise _err(text, f"bad superscript exponent {text[start:i]!r}", start)
            toks.append(_Tok("SUP", text[start:i], start, int(digits)))
        elif ch == "*" and text[i:i + 2] == "**":
            toks.append(_Tok("POW", "**", i))
            i += 2
        elif ch in _OPS:
            toks.append(_Tok(_OPS[ch], ch, i))
            i += 1
        elif ch in _SYMBOLS:
            toks.append(_Tok("ATOM", ch, i, _SYMBOLS[ch]))
            i += 1
        else:
            raise _err(text, f"character {ch!r} is not allowed in a unit", i)
    return toks


# ---------------------------------------------------------------------------------------------
# Parser


class _Parser:
    def __init__(self, text: str, toks: list[_Tok]) -> None:
        self.text, self.toks, self.i = text, toks, 0

    def peek(self) -> _Tok | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self) -> _Tok:
        tok = self.toks[self.i]
        self.i += 1
        return tok

    def error(self, message: str, tok: _Tok | None, suggestions: Iterable[str] = ()) -> UnitError:
        col = tok.col if tok is not None else len(self.text)
        return _err(self.text, message, col, suggestions)

    def parse(self) -> _Term:
        term = self.expr(0)
        tok = self.peek()
        if tok is not None:
            raise self.error(f"unexpected {tok.text!r}", tok)
        return term

    def expr(self, depth: int) -> _Term:
        tok = self.peek()
        left = _ONE if tok is not None and tok.kind == "DIV" else self.prod(depth)
        divided = False
        while (tok := self.peek()) is not None and tok.kind in ("MUL", "DIV"):
            self.take()
            right = self.prod(depth)
            if tok.kind == "DIV":
                left, divided = left / right, True
            else:
                left = left * right
                if divided:
                    left = left.with_note(_NOTE_DIV_MUL)
        return left

    def starts_atom(self, tok: _Tok | None) -> bool:
        return tok is not None and tok.kind in ("NAME", "ATOM", "LP", "NUM")

    def prod(self, depth: int) -> _Term:
        left = self.tight(depth)
        while self.starts_atom(self.peek()):
            left = left * self.tight(depth)
        return left

    def tight(self, depth: int) -> _Term:
        left = self.power(depth)
        while (tok := self.peek()) is not None and tok.kind in ("HYPH", "DOT"):
            self.take()
            nxt = self.peek()
            if nxt is not None and nxt.kind == "NUM":
                raise self.error(f"write a negative exponent as ^-{nxt.text}", tok)
            left = left * self.power(depth)
        return left

    def power(self, depth: int) -> _Term:
        base = self.atom(depth)
        tok = self.peek()
        if tok is not None and tok.kind == "POW":
            self.take()
            return base ** self.exponent(tok)
        if tok is not None and tok.kind == "SUP":
            self.take()
            return base ** self.check_exponent(tok.value, tok)
        return base

    def check_exponent(self, n: int, tok: _Tok) -> int:
        if n == 0 or abs(n) > MAX_EXPONENT:
            raise self.error(f"exponent {n} out of range (1..{MAX_EXPONENT} in size)", tok)
        return n

    def exponent(self, pow_tok: _Tok) -> int:
        paren = False
        tok = self.peek()
        if tok is not None and tok.kind == "LP":
            self.take()
            paren = True
        sign = 1
        tok = self.peek()
        if tok is not None and tok.kind == "HYPH":
            self.take()
            sign = -1
        tok = self.peek()
        if tok is None or tok.kind != "NUM" or not tok.text.isdigit():
            raise self.error("expected a whole-number exponent", tok or pow_tok)
        self.take()
        n = self.check_exponent(sign * int(tok.text), tok)
        if paren:
            close = self.peek()
            if close is None or close.kind != "RP":
                raise self.error("missing ')'", close)
            self.take()
        return n

    def atom(self, depth: int) -> _Term:
        tok = self.peek()
        if tok is None:
            raise self.error("a unit is missing at the end", None)
        self.take()
        if tok.kind == "NAME":
            return _word_term(self.text, tok)
        if tok.kind == "ATOM":
            parts, note = tok.value
            return _parts_term(parts, note)
        if tok.kind == "LP":
            if depth >= MAX_NESTING:
                raise self.error("too many nested parentheses", tok)
            inner = self.expr(depth + 1)
            close = self.peek()
            if close is None or close.kind != "RP":
                raise self.error("missing ')'", close)
            self.take()
            return inner
        if tok.kind == "NUM":
            nxt = self.peek()
            if tok.text == "1" and nxt is not None and nxt.kind == "DIV":
                return _ONE     # "1/s"
            message, suggestions = self.number_message(tok)
            raise self.error(message, tok, suggestions)
        raise self.error(f"expected a unit, found {tok.text!r}", tok)

    def number_message(self, tok: _Tok) -> tuple[str, tuple[str, ...]]:
        digits, scale = tok.text, 1
        if digits[-1] in _NUMBER_SCALE:
            digits, scale = digits[:-1], _NUMBER_SCALE[digits[-1]]
        value = int(digits) * scale
        suggestions: tuple[str, ...] = ()
        nxt = self.peek()
        prefix = _NUMBER_PREFIX.get(value)
        if prefix and nxt is not None and nxt.kind == "NAME" and nxt.text.lower() in _DOMAIN:
            unit = _DOMAIN[nxt.text.lower()]
            end = nxt.col + len(nxt.text)
            suggestions = (self.text[:tok.col] + prefix + unit + self.text[end:],)
        message = (f"a number ({tok.text}) inside a unit is not supported; put the scale in a "
                   "prefix (USD/Mtoken for USD per 1M tokens) or in the number")
        return message, suggestions


# ---------------------------------------------------------------------------------------------
# Words


def _word_term(text: str, tok: _Tok) -> _Term:
    word = tok.text
    vocab = vocabulary()
    decl = vocab.lookup(word) if vocab.declared else None
    if decl is not None:
        return _declared_term(text, tok, decl, vocab)
    if word in _REFUSED:
        what, readings = _REFUSED[word]
        raise _err(text, f"{word!r} alone is ambiguous: {what}", tok.col,
                   (_replace(text, tok, s) for s in readings))
    if word in _WORDS:
        parts, note = _WORDS[word]
        return _parts_term(parts, note)
    m = _FLOPS_WORD.match(word)
    if m:
        pre = m.group(1) or ""
        unit = (_METRIC[pre] if pre else "") + "FLOP"
        if m.group(2) == "FLOPs":
            return _parts_term(_p(unit), f"{word} read as a count of {unit} (plural); {pre}FLOPS, {pre}Flops or "
                                         f"{pre}FLOP/s would be per second")
        return _parts_term(_p(unit + "S"), f"{word} read as {unit} per second (a rate); {pre}FLOPs would be a "
                                           "count")
    if word in _COUNT_WORDS:
        return _count_term(_COUNT_WORDS[word], word)
    if word in _POINTS:
        return _parts_term(_p("percentage_point"), _NOTE_POINTS)
    low = word.lower()
    if low in _DOMAIN:
        return _unit_term(_DOMAIN[low])
    if low in _DOMAIN_COMPOUND:
        return _parts_term(_DOMAIN_COMPOUND[low])
    found = _pint_lookup(word)
    if found is not None:
        prefix, unit = found
        if not _is_multiplicative(unit):
            raise _err(text, f"{word!r} ({unit}) is an offset or logarithmic unit, which claimaudit "
                             "does not support", tok.col)
        return _unit_term(prefix + unit)
    for pre in sorted(_METRIC, key=len, reverse=True):
        rest = word[len(pre):].lower()
        if word.startswith(pre) and rest in _DOMAIN:
            note = f"{word} read with prefix k (1000)" if pre == "K" else ""
            return _unit_term(_METRIC[pre] + _DOMAIN[rest]).with_note(note)
    bytes_term = _byte_term(word)
    if bytes_term is not None:
        return bytes_term
    if any(c.isdigit() for c in word):
        raise _digits_error(text, tok)
    def suggestions() -> list[str]:   # asked only when needed: most refused words are never shown
        return list(did_you_mean(word, _choices()))

    if vocab.count_nouns and _count_noun(word, suggestions):
        stem = (singulars(word) or (word,))[0]
        return _count_term(stem if stem.isupper() else stem.lower(), word)
    raise _err(text, f"unknown unit {word!r}", tok.col,
               lambda: [_replace(text, tok, s) for s in suggestions()])


def _byte_term(word: str) -> _Term | None:
    """Byte and bit names in any case where that is unambiguous: ``Bytes``, ``GBytes``, ``Gbits``,
    ``KiBytes``, ``Gigabytes`` (the symbols B and b stay case-sensitive)."""
    for pre in sorted(_METRIC, key=len, reverse=True) + [""]:
        if word.startswith(pre) and word[len(pre):].lower() in _BYTE_WORDS:
            base = _BYTE_WORDS[word[len(pre):].lower()]
            note = f"{word} read with prefix k (1000)" if pre == "K" else ""
            return _unit_term((_METRIC[pre] if pre else "") + base).with_note(note)
    low = word.lower()
    if low != word and re.fullmatch(r"[a-z]+(?:byte|bit)s?", low):
        found = _pint_lookup(low)
        if found is not None:
            return _unit_term(found[0] + found[1])
    return None


def _count_noun(word: str, suggestions: Callable[[], list[str]]) -> bool:
    """May an unknown word be a counting unit of its own? A word of letters (``experts``,
    ``SMs``, ``replicas``), not grammar ("of", "times"), and not one edit away from a known unit
    of four letters or more, which is likelier a typo ("secnods" → seconds) than a new noun."""
    if not word.isalpha() or len(word) < 2 or word.lower() in _NOT_COUNT_NOUNS:
        return False
    if len(word) >= 4:
        from rapidfuzz.distance import OSA

        for s in suggestions():
            if len(s) >= 4 and OSA.distance(word.lower(), s.lower()) <= 1:
                return False
    return True


def _count_term(key: str, word: str) -> _Term:
    """A counting unit of its own: ``experts`` and ``expert`` are one unit, dimension ``#expert``."""
    note = f"{word} read as a count of {key} (a counting unit of its own)"
    return _Term(Fraction(1), Dims.of({f"[#{key}]": 1}), ((key, 1),), (note,))


def _declared_term(text: str, tok: _Tok, decl: UnitDecl, vocab: Vocabulary) -> _Term:
    """A declared unit: its definition read by this module's grammar (never pint's parser), or a
    counting unit of its own."""
    if decl.definition is None:
        key = decl.name
        return _Term(Fraction(1), Dims.of({f"[#{key}]": 1}), ((key, 1),),
                     (f"{tok.text} is a declared counting unit",))
    inner = Vocabulary(vocab.count_nouns, tuple(d for d in vocab.declared if d is not decl))
    try:
        info = _resolve(decl.definition, inner)
    except UnitError as exc:
        raise UnitError(f"unit {decl.name!r} is declared as {decl.definition!r}, which cannot be read: "
                        f"{exc.message}", location=decl.location, suggestions=exc.suggestions) from None
    return _Term(info.factor, info.dims, ((decl.name, 1),),
                 (f"{tok.text} declared as {decl.definition}",) + ((info.note,) if info.note else ()))


def _unit_term(name: str) -> _Term:
    return _pint_term(name)


def _replace(text: str, tok: _Tok, new: str) -> str:
    return text[:tok.col] + new + text[tok.col + len(tok.text):]


def _digits_error(text: str, tok: _Tok) -> UnitError:
    word = tok.text
    m = re.fullmatch(r"([^\W\d_]+)([23])", word)
    if m and _pint_lookup(m.group(1)) is not None:
        return _err(text, f"{word!r}: write exponents as {m.group(1)}^{m.group(2)} or "
                          f"{m.group(1)}{'²' if m.group(2) == '2' else '³'}", tok.col,
                    (_replace(text, tok, f"{m.group(1)}^{m.group(2)}"),))
    after = text[tok.col + len(word):]
    if after.lstrip(" -·").lower().startswith("gpu") or after.lstrip(" -·").startswith("卡"):
        suggestion = (text[:tok.col] + after.lstrip(" -·")).strip()
    else:
        suggestion = _replace(text, tok, "GPU")
    return _err(text, f"{word!r} looks like a model or product name, not a unit; keep it in the "
                      "claim's wording and use a generic unit", tok.col, (suggestion,))


@functools.lru_cache(maxsize=1)
def _choices() -> tuple[str, ...]:
    names: set[str] = set()
    for key in _names()[0]:
        if key.isascii() and key.isidentifier():
            names.add(key)
            if len(key) > 2 and key.isalpha() and key.islower():
                names.add(key + "s")
    names.update(_DOMAIN, _WORDS, _SUGGESTABLE)
    names.update(v for v in _DOMAIN.values())
    # pint adds prefixed names to its table only once they are looked up; list the common ones
    # so suggestions do not depend on what a run happened to read before.
    for prefix in ("kilo", "mega", "giga", "tera", "peta", "exa", "kibi", "mebi", "gibi", "tebi", "pebi", "exbi"):
        for unit in ("byte", "bit"):
            names.update((prefix + unit, prefix + unit + "s"))
    return tuple(sorted(names))


# ---------------------------------------------------------------------------------------------
# Public entry points

_TIMES = {"x", "X", "×"}
_PER_CENT = re.compile(r"(?<![A-Za-z_])per[ _]cent(?![A-Za-z_])", re.IGNORECASE)
_BAKERS = re.compile(r"\bbaker['’]s[ _]dozen(s?)\b", re.IGNORECASE)


def resolve_unit(text: str) -> UnitInfo:
    """Resolve a unit string to an exact factor and dimensions; memoised per distinct string
    (the same :class:`UnitInfo` object comes back). Raises :class:`UnitError`."""
    if not isinstance(text, str):
        raise TypeError(f"unit text must be a str, not {type(text).__name__}")
    return _resolve(text, vocabulary())


@functools.cache
def _resolve(text: str, vocab: Vocabulary) -> UnitInfo:
    if vocab is not vocabulary():
        with using(vocab):   # the words below read the vocabulary they were resolved under
            return _resolve_text(text)
    return _resolve_text(text)


def _resolve_text(text: str) -> UnitInfo:
    if len(text) > MAX_UNIT_LENGTH:
        raise UnitError(f"unit string too long ({len(text)} > {MAX_UNIT_LENGTH} characters)",
                        column=MAX_UNIT_LENGTH)
    stripped = text.strip()
    if not stripped:
        return UnitInfo(text, "", Fraction(1), Dims(), "")
    if stripped in _TIMES:
        return UnitInfo(text, "×", Fraction(1), Dims(), "")
    # The one unit name with an apostrophe, spelled as its pint name before the lexer, which
    # refuses quotes; "per cent" is percent, never 1/cent = 100/USD. Same lengths, so error
    # columns still point into the text as written.
    lexed = _BAKERS.sub(lambda m: "bakers_dozen" + m.group(1) + " ", text) if "'" in text or "’" in text else text
    lexed = _PER_CENT.sub("percent ", lexed) if "cent" in lexed.lower() else lexed
    toks = _lex(lexed)
    term = _Parser(lexed, toks).parse()
    return UnitInfo(text, _canonical(term.parts), term.factor, term.dims, "; ".join(term.notes))


def convert_factor(from_text: str, to_text: str) -> Fraction:
    """The exact factor f with ``1 from_text = f to_text``; IncompatibleUnitsError when the
    dimensions differ (USD → CNY, GB/s → Hz)."""
    source, target = resolve_unit(from_text), resolve_unit(to_text)
    if source.dims != target.dims:
        raise IncompatibleUnitsError(source, target)
    return source.factor / target.factor
