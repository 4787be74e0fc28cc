"""The pairs (and triples) of a sentence's values whose units multiply (or divide) to a unit, found once a sentence.

:meth:`.ProseRelations.sentence_products` asks, for each value of a sentence, which pairs of the
sentence's other values (else which triples) have units that multiply to the value's unit. Asked
value by value, every pair's units were multiplied again for every value: cubic in the values of a
sentence (the rule reads sentences of up to 60), so a list-like sentence of 30 values cost 11 ms and
a document of them 2.2 CPU s per 65,000 characters. :class:`UnitProducts` multiplies the units of
each pair (and each triple) once and groups the pairs by their product; a value's pairs are those of
its unit that leave it out, in the order the scan gave them (0.17 s for that document).
:class:`UnitQuotients` does the same for :meth:`.ProseRelations.rates`: the ordered pairs whose units
divide to a rate's unit.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TypeVar

from ..units.quantity import Dims
from .mention import Mention

Pair = tuple[int, int]
Triple = tuple[int, int, int]
T = TypeVar("T")


class UnitProducts:
    """For the values ``ids`` of one sentence (mention indices, in document order) and ``prev``, those
    of the sentence before it: the pairs and triples whose units multiply to a given unit.

    Each grouping is built on the first question that needs it (most sentences never ask for the
    triples, nor for the sentence before). A sentence has few distinct units: each value is read as
    the number of its unit here, and the units of each combination of those numbers are multiplied
    once (hashing a ``Dims`` runs Python code; a tuple of small ints does not)."""

    def __init__(self, ms: Sequence[Mention], ids: Sequence[int], prev: Sequence[int] = ()) -> None:
        units: dict[Dims, int] = {}
        self._unit = {k: units.setdefault(ms[k].unit.dims, len(units)) for k in (*ids, *prev)}
        self._units = list(units)
        self._ids, self._prev = list(ids), list(prev)
        self._product_ids: dict[Dims, int] = {}         # a product's unit -> its number
        self._of: dict[tuple[int, ...], int] = {}       # the units' numbers -> their product's number
        self._pairs: dict[int, list[Pair]] | None = None
        self._cross: dict[int, list[Pair]] | None = None
        self._triples: dict[int, list[Triple]] | None = None
        self._values: dict[tuple[int, ...], Fraction | int] = {}

    def _product(self, key: tuple[int, ...]) -> int:
        """The number of the product of the units numbered ``key``, multiplied left to right."""
        got = self._of.get(key)
        if got is None:
            dims = self._units[key[0]]
            for u in key[1:]:
                dims = dims * self._units[u]
            got = self._of[key] = self._product_ids.setdefault(dims, len(self._product_ids))
        return got

    def pairs(self, dims: Dims, without: int) -> list[Pair]:
        """``[(a, b) for a, b in combinations(ids without ``without``, 2) if dims(a) * dims(b) == dims]``."""
        if self._pairs is None:
            u, self._pairs = self._unit, {}
            for a, b in itertools.combinations(self._ids, 2):
                self._pairs.setdefault(self._product((u[a], u[b])), []).append((a, b))
        return [p for p in self._group(self._pairs, dims) if without not in p]

    def cross(self, dims: Dims, without: int) -> list[Pair]:
        """``[(a, b) for a in prev for b in ids if b != without and dims(a) * dims(b) == dims]``."""
        if self._cross is None:
            u, self._cross = self._unit, {}
            for a in self._prev:
                for b in self._ids:
                    self._cross.setdefault(self._product((u[a], u[b])), []).append((a, b))
        return [p for p in self._group(self._cross, dims) if p[1] != without]

    def triples(self, dims: Dims, without: int) -> list[Triple]:
        """``[f for f in combinations(ids without ``without``, 3) if dims(f[0]) * dims(f[1]) * dims(f[2]) == dims]``."""
        if self._triples is None:
            u, self._triples = self._unit, {}
            for f in itertools.combinations(self._ids, 3):
                self._triples.setdefault(self._product((u[f[0]], u[f[1]], u[f[2]])), []).append(f)
        return [f for f in self._group(self._triples, dims) if without not in f]

    def _group(self, groups: dict[int, list[T]], dims: Dims) -> list[T]:
        """The group of ``groups`` whose product is ``dims`` (none when no combination multiplies to it)."""
        number = self._product_ids.get(dims)
        return groups.get(number, []) if number is not None else []

    def value(self, combination: tuple[int, ...], base: Callable[[int], Fraction]) -> Fraction | int:
        """The product of the combination's values (``base``: a value in base units), once a combination:
        each value of the product's unit asks for it again."""
        got = self._values.get(combination)
        if got is None:
            got = self._values[combination] = math.prod(base(k) for k in combination)
        return got


class UnitQuotients:
    """For the values ``ids`` of one sentence (in document order): the ordered pairs ``(a, b)``, ``a != b``,
    whose units divide to a given unit (a rate's numerator and denominator, :meth:`.ProseRelations.rates`),
    grouped by their quotient once a sentence: asked rate by rate, every pair's units were divided again for
    every rate (cubic in a sentence of rates: a price list's "$0.50 per 1M tokens, …")."""

    def __init__(self, ms: Sequence[Mention], ids: Sequence[int]) -> None:
        units: dict[Dims, int] = {}
        unit = {k: units.setdefault(ms[k].unit.dims, len(units)) for k in ids}
        self._numbers: dict[Dims, int] = {}         # a quotient's unit -> its number
        # the quotient of each two of the sentence's (few) units, by their numbers
        quotient = [[self._numbers.setdefault(a / b, len(self._numbers)) for b in units] for a in units]
        self._groups: dict[int, list[Pair]] = {}
        for a in ids:
            for b in ids:
                if a != b:
                    self._groups.setdefault(quotient[unit[a]][unit[b]], []).append((a, b))

    def pairs(self, dims: Dims, without: int) -> list[Pair]:
        """``[(a, b) for a in ids for b in ids if a != b and without not in (a, b) and dims(a) / dims(b) == dims]``."""
        number = self._numbers.get(dims)
        return [p for p in self._groups.get(number, []) if without not in p] if number is not None else []
