"""A precomputed table of the unit registry, shipped as JSON package data (``unit_table.json``).

Building pint's registry from ``definitions.txt`` costs ~0.4 s, more than the rest of a small run. The
table holds what :mod:`.registry` asks pint for — every unit name, symbol and alias with its canonical
name, every prefix, and each canonical unit's exact factor to the root units, its dimensions and
whether it is multiplicative — so known units resolve without importing pint; pint loads only for a
name the table lacks. No disk cache is kept, so a fresh install starts as fast as a warm one, and
nothing is unpickled.

The table records the SHA-256 of the definitions it was built from. When ``definitions.txt``
changes and the table was not rebuilt, it is not used (every lookup goes to pint: correct, slower),
and ``tests/test_unit_table.py`` fails. Rebuild it with::

    python -m claimaudit.units.table_build          # rewrites src/claimaudit/units/unit_table.json
    python -m claimaudit.units.table_build --check  # exit 1 when the table is stale
"""

from __future__ import annotations

import functools
import hashlib
import json
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from .quantity import Dims

TABLE_FORMAT = 1
_FILE = "unit_table.json"


def table_path() -> Path:
    return Path(__file__).with_name(_FILE)


def _definitions() -> Path:
    return Path(__file__).with_name("definitions.txt")


def definitions_digest() -> str:
    return hashlib.sha256(_definitions().read_bytes()).hexdigest()


@dataclass(frozen=True)
class UnitTable:
    """The registry's names and exact root factors (see the module docstring)."""

    units: dict[str, str]                           # name, symbol or alias -> canonical unit name
    prefixes: dict[str, str]                        # prefix name, symbol or alias -> prefix name
    prefix_values: dict[str, str]                   # prefix name -> exact value "n/d"
    roots: dict[str, list[Any]]                     # canonical name -> ["n/d", [[dim, exp], ...], float?]
    offset: frozenset[str]                          # canonical names of non-multiplicative units

    def is_multiplicative(self, name: str) -> bool:
        return name not in self.offset

    def term(self, name: str) -> tuple[Fraction, Dims, bool] | None:
        """(exact factor to root units, dimensions, factor was a float in pint) of a canonical unit
        name, possibly with a prefix name in front (``kilobyte``); None when the table lacks it."""
        root = self.roots.get(name)
        prefix = Fraction(1)
        if root is None:
            for p in self._prefix_names():
                if name.startswith(p) and name[len(p):] in self.roots:
                    root, prefix = self.roots[name[len(p):]], Fraction(self.prefix_values[p])
                    break
            else:
                return None
            if root[2]:
                return None      # pint multiplies floats: let it, so the float matches exactly
        factor, dims, approx = root
        return prefix * Fraction(factor), Dims.of((d, e) for d, e in dims), bool(approx)

    @functools.cached_property
    def _sorted_prefixes(self) -> tuple[str, ...]:
        return tuple(sorted((p for p in self.prefix_values if p), key=len, reverse=True))

    def _prefix_names(self) -> tuple[str, ...]:
        return self._sorted_prefixes


def _valid(data: Any) -> bool:
    """A structural check of the JSON before it is trusted (a damaged file is ignored, not obeyed)."""
    if not isinstance(data, dict) or data.get("format") != TABLE_FORMAT:
        return False
    def strs(d: Any) -> bool:
        return isinstance(d, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in d.items())

    if not (strs(data.get("units")) and strs(data.get("prefixes")) and strs(data.get("prefix_values"))):
        return False
    roots, offset = data.get("roots"), data.get("offset")
    if not isinstance(roots, dict) or not isinstance(offset, list) or not all(isinstance(x, str) for x in offset):
        return False
    for v in roots.values():
        if not (isinstance(v, list) and len(v) == 3 and isinstance(v[0], str) and isinstance(v[1], list)
                and isinstance(v[2], bool) and all(isinstance(p, list) and len(p) == 2 and isinstance(p[0], str)
                                                   and type(p[1]) is int for p in v[1])):
            return False
    return True


@functools.lru_cache(maxsize=1)
def load_table() -> UnitTable | None:
    """The shipped table, or None when it is missing, damaged or built from other definitions."""
    try:
        data = json.loads(table_path().read_text("utf-8"))
        digest = definitions_digest()
    except (OSError, ValueError):
        return None
    if not _valid(data) or data.get("definitions_sha256") != digest:
        return None
    return UnitTable(units=data["units"], prefixes=data["prefixes"], prefix_values=data["prefix_values"],
                     roots=data["roots"], offset=frozenset(data["offset"]))
