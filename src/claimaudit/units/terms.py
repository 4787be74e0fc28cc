"""Terms, the partial results of reading a unit string (exact factor, dimensions, canonical parts,
notes), and the unit names they are built from: the precomputed table (:mod:`.table`), else pint.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from .dimensions import dims_from_pint
from .pint_registry import registry
from .quantity import Dims
from .spellings import UNIT_NOTES, Parts
from .table import load_table


@dataclass(frozen=True, slots=True)
class Term:
    """A unit read so far: its exact factor, dimensions, canonical parts (name, exponent) and notes."""

    factor: Fraction
    dims: Dims
    parts: Parts
    notes: tuple[str, ...] = ()

    def __mul__(self, other: Term) -> Term:
        return Term(self.factor * other.factor, self.dims * other.dims,
                    _merge(self.parts, other.parts), _merge_notes(self.notes, other.notes))

    def __truediv__(self, other: Term) -> Term:
        return self * other ** -1

    def __pow__(self, n: int) -> Term:
        return Term(self.factor ** n, self.dims ** n,
                    tuple((k, e * n) for k, e in self.parts), self.notes)

    def with_note(self, note: str) -> Term:
        return Term(self.factor, self.dims, self.parts, _merge_notes(self.notes, (note,))) if note else self


ONE = Term(Fraction(1), Dims(), ())


def _merge(a: Parts, b: Parts) -> Parts:
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


def canonical(parts: Parts) -> str:
    """Readable canonical text of the parts: "USD / GPU / hour"."""
    def one(name: str, e: int) -> str:
        return name if e == 1 else f"{name} ** {e}"

    num = [one(k, e) for k, e in parts if e > 0]
    den = [one(k, -e) for k, e in parts if e < 0]
    text = " * ".join(num) if num else ("1" if den else "")
    for d in den:
        text += " / " + d
    return text


@functools.cache
def pint_term(name: str) -> Term:
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
    notes: tuple[str, ...] = (UNIT_NOTES[name],) if name in UNIT_NOTES else ()
    if approx:
        notes += (f"{name}: conversion factor is a float approximation",)
    return Term(factor, dims, ((name, 1),), notes)


@functools.lru_cache(maxsize=1)
def unit_names() -> tuple[dict[str, str], dict[str, str]]:
    """(unit name, symbol or alias -> canonical unit name; prefix ... -> prefix name): from the
    shipped table, else from pint's registry as first built."""
    table = load_table()
    if table is not None:
        return table.units, table.prefixes
    reg = registry()
    return {k: d.name for k, d in reg._units.items()}, {k: d.name for k, d in reg._prefixes.items()}


def is_multiplicative(name: str) -> bool:
    """False for offset and logarithmic units (degC, dB), which claimaudit refuses."""
    table = load_table()
    if table is not None and name in table.units:
        return table.is_multiplicative(name)
    return bool(registry()._units[name].is_multiplicative)


def parts_term(parts: Parts, note: str = "") -> Term:
    """The product of pint units with exponents, with ``note`` attached."""
    term = ONE
    for name, e in parts:
        term = term * pint_term(name) ** e
    return term.with_note(note)


def pint_lookup(word: str) -> tuple[str, str] | None:
    """``(prefix name, unit name)`` for ``word`` (prefix + unit, plural 's' allowed), or None.

    Preference, unlike pint's unordered candidates: the exact name; a prefix + a unit; the plural
    of a unit; a prefix + a plural. Single-letter units take no plural ('PiBs' is refused), as in
    pint.
    """
    units, prefixes = unit_names()
    if word in units:
        return "", units[word]
    ordered = _sorted_prefixes(tuple(prefixes))

    def with_prefix(w: str, min_len: int, plural: bool = False) -> tuple[str, str] | None:
        for p in ordered:
            if w.startswith(p) and len(w) - len(p) >= min_len and w[len(p):] in units \
                    and not _mixed_forms(p, w[len(p):], plural, units, prefixes):
                return prefixes[p], units[w[len(p):]]
        return None

    if word.endswith("s") and word[:-1] in _PLURAL_SYMBOLS and word[:-1] in units:
        return "", units[word[:-1]]      # "amps" is amperes (not atto-metres per second), "hrs" hours
    found = with_prefix(word, 1)
    if found:
        return found
    if word.endswith("s") and len(word) > 2:
        stem = word[:-1]
        if stem in units and (len(stem) > 3 or stem in _PLURAL_SYMBOLS):
            return "", units[stem]
        return with_prefix(stem, 2, plural=True)
    return None


#: Short names and symbols written with a plural 's' ("3 hrs", "5 lbs", "2 cups"); other short ones are
#: words with an 's' ("has" is no hectares, "mass" no milliarcseconds).
_PLURAL_SYMBOLS = frozenset({"hr", "yr", "yd", "lb", "oz", "qt", "pt", "cup", "day", "cal", "deg", "gal", "min",
                             "sec", "mol", "ohm", "ton", "rad", "rem", "nit", "amp", "mil", "bar", "kip", "dot",
                             "pel", "erg", "lux", "tsp"})
#: Units no metric prefix is put before (customary and clock units): "kin" is no kilo-inch, "cat" no
#: centi-(technical atmosphere), "fare" no femto-are.
_NO_PREFIX = frozenset({"inch", "foot", "yard", "mile", "pound", "ounce", "gallon", "pint", "quart", "cup",
                        "teaspoon", "tablespoon", "fluid_ounce", "technical_atmosphere", "are", "acre", "hour",
                        "minute", "day", "week", "horsepower", "knot", "nautical_mile", "mile_per_hour", "rod",
                        "furlong", "fathom", "league"})
#: The prefixes of 2022 (ronto, quecto, ronna, quetta): no text of the kind audited uses them ("rm", "re").
_UNUSED_PREFIXES = frozenset({"ronto", "quecto", "ronna", "quetta"})
#: deci-, centi-, hecto- and deca- go before these only (cm, dL, hPa, dag): "das" is no deca-second.
_SMALL_PREFIX_UNITS = frozenset({"meter", "liter", "gram", "pascal", "bar", "newton"})


def _mixed_forms(prefix: str, unit: str, plural: bool, units: dict[str, str], prefixes: dict[str, str]) -> bool:
    """A prefix and a unit that no one writes together, and that are English words instead: a prefix
    symbol before a unit's name where the unit has a symbol of its own ("pinch" is no pico-inch:
    pin), a prefix name before a one-letter symbol ("kilos", "gigas": no kilo-seconds), a plural 's'
    after a prefixed symbol ("pins"), a prefix before a customary unit ("kin", "cat", "fare"),
    deci/centi/hecto/deca before anything but the metre, litre, gram, pascal, bar and newton ("das"),
    or the alias "mu" for micro ("mug" is no microgram; µg and mcg are)."""
    if units[unit] in _NO_PREFIX or prefix == "mu" or prefixes[prefix] in _UNUSED_PREFIXES \
            or (prefixes[prefix] in ("deci", "centi", "hecto", "deca") and units[unit] not in _SMALL_PREFIX_UNITS):
        return True
    symbol_prefix = prefixes[prefix] != prefix
    short_key = len(unit) <= 2 and unit != units[unit]
    if plural and symbol_prefix and short_key:
        return True
    if not symbol_prefix and len(unit) <= 2 and unit != units[unit]:
        return True       # "kilos", "exact" (exa-carat): a prefix's name and a unit's symbol
    return symbol_prefix and len(unit) >= 4 and unit.isalpha() and unit.islower() \
        and units[unit] in _with_symbol()


@functools.lru_cache(maxsize=1)
def _with_symbol() -> frozenset[str]:
    """The units a symbol of one or two characters names (inch: in; not pixel)."""
    units, _ = unit_names()
    return frozenset(v for k, v in units.items() if len(k) <= 2 and k != v)


@functools.lru_cache(maxsize=4)
def _sorted_prefixes(prefixes: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted((p for p in prefixes if p), key=len, reverse=True))


def counting_term(key: str, note: str) -> Term:
    """A counting unit of its own: dimension ``#key`` (``experts`` and ``expert`` are one unit)."""
    return Term(Fraction(1), Dims.of({f"[#{key}]": 1}), ((key, 1),), (note,))
