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

Where each part lives: this module holds the entry points (:func:`resolve_unit`,
:func:`convert_factor`, :class:`UnitInfo`) and declared units; :mod:`.lexer` and :mod:`.parser`
read a unit string by the grammar above; :mod:`.words` reads one word; :mod:`.terms` holds the
partial results and the unit-name lookups; :mod:`.pint_registry` builds pint's registry;
:mod:`.dimensions` formats dimensions; :mod:`.spellings` is the grammar's own words (data).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from fractions import Fraction

from ..errors import UnitError
from .declared import UnitDecl, Vocabulary, using, vocabulary
from .dimensions import dims_from_pint, format_dims
from .lexer import Tok, lex
from .parser import Parser
from .pint_registry import build_registry, definitions_path, registry
from .quantity import Dims
from .terms import Term, canonical, counting_term
from .words import word_term

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


@dataclass(frozen=True, slots=True)
class UnitInfo:
    """A unit string resolved: its canonical form, exact factor to base units and dimensions."""

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
# Words: a project's declared units first, then the grammar's and pint's


def _word(text: str, tok: Tok) -> Term:
    vocab = vocabulary()
    decl = vocab.lookup(tok.text) if vocab.declared else None
    if decl is not None:
        return _declared_term(text, tok, decl, vocab)
    return word_term(text, tok, vocab.count_nouns)


def _declared_term(text: str, tok: Tok, decl: UnitDecl, vocab: Vocabulary) -> Term:
    """A declared unit: its definition read by this module's grammar (never pint's parser), or a
    counting unit of its own."""
    if decl.definition is None:
        return counting_term(decl.name, f"{tok.text} is a declared counting unit")
    inner = Vocabulary(vocab.count_nouns, tuple(d for d in vocab.declared if d is not decl))
    try:
        info = _resolve(decl.definition, inner)
    except UnitError as exc:
        raise UnitError(f"unit {decl.name!r} is declared as {decl.definition!r}, which cannot be read: "
                        f"{exc.message}", location=decl.location, suggestions=exc.suggestions) from None
    return Term(info.factor, info.dims, ((decl.name, 1),),
                (f"{tok.text} declared as {decl.definition}",) + ((info.note,) if info.note else ()))


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
    toks = lex(lexed)
    term = Parser(lexed, toks, _word).parse()
    return UnitInfo(text, canonical(term.parts), term.factor, term.dims, "; ".join(term.notes))


def convert_factor(from_text: str, to_text: str) -> Fraction:
    """The exact factor f with ``1 from_text = f to_text``; IncompatibleUnitsError when the
    dimensions differ (USD → CNY, GB/s → Hz)."""
    source, target = resolve_unit(from_text), resolve_unit(to_text)
    if source.dims != target.dims:
        raise IncompatibleUnitsError(source, target)
    return source.factor / target.factor
