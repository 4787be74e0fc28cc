"""Prose that sums up the table next to it: a sentence right before (or after) a table names one of
its columns or rows — by its header or label, or by the model size a header carries ("130 亿参数的模型"
for the column "OPT-13B", "our 7B model" for the row "Llama-7B") — and prints a value of a kind
that column (row) holds in exactly one cell: the value is that cell, or bounds it when printed as
a bound (不到一天, under $300, more than 40%).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from fractions import Fraction
from functools import cached_property, lru_cache

from .document import Table
from .relation_model import FinderBase, Relation, _usable, _where
from .relations_doc import _printed_as_name

#: The prose is at most this many lines from the table it sums up, with no heading or table between.
NEAR_LINES = 12
_SIZE_IN_NAME = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s?([BbMmKkTt])(?![A-Za-z\d])")
_SCALE = {"b": 10**9, "m": 10**6, "k": 10**3, "t": 10**12}
#: Words after a count that make it a model's size ("130 亿参数的模型", "13B parameters", "a 7B model").
_SIZE_WORDS = re.compile(r"\s*(?:个)?(?:参数|parameters?\b|params?\b|-parameter\b|(?:的)?模型|models?\b)", re.I)
_BOUNDS = ("<", "<=", ">", ">=")


@lru_cache(maxsize=4096)
def _sizes(name: str) -> frozenset[Fraction]:
    """The model sizes a header or row label names ("OPT-13B" -> 13e9, "Llama-2-70B" -> 70e9); cached
    (every size a sentence prints is looked for in every name of the table next to it)."""
    return frozenset({Fraction(mo.group(1)) * _SCALE[mo.group(2).lower()] for mo in _SIZE_IN_NAME.finditer(name)})


class NearTableRelations(FinderBase):
    def table_summaries(self, found: list[Relation]) -> list[Relation]:
        out: list[Relation] = []
        if not self.doc.tables:
            return out
        stated = {r.target for r in found if r.kind == "headline"}
        starts = [t.start for t in self.doc.tables]
        for (s, e), every in self.sentences().items():
            idx = [i for i in every if self.ms[i].relation is None]
            values = [i for i in idx if i not in stated and self.ms[i].unit.dims.items
                      and (_usable(self.ms[i]) or self.ms[i].number.relation in _BOUNDS)]
            t = self._near_table(s, e, starts) if values else None
            if t is None:
                continue
            names = self._entities(t, s, e, idx)
            values = [i for i in values if not any(i == k for _a, _c, _w, k in names)]
            if not names or not values:
                continue
            for i, (at, cells, word, _k) in self._pair(names, values, t):
                rel = self._summary(i, cells, t, word, at)
                if rel is not None:
                    out.append(rel)
        return out

    def _near_table(self, s: int, e: int, starts: list[int], *, back: int = 3) -> Table | None:
        """The table right after the sentence (or right before it: at most ``back`` lines), in the same
        section, with no heading or other table between."""
        tables = self.doc.tables
        k = bisect_left(starts, e)
        after = tables[k] if k < len(tables) else None
        before = tables[k - 1] if k > 0 and tables[k - 1].end <= s else None
        if after is None and before is None:
            return None
        line_s, line_e = self.doc.position(s)[0], self.doc.position(max(s, e - 1))[0]
        heading = self.doc.heading_at(s)
        for t, gap in ((after, "after"), (before, "before")):
            if t is None:
                continue
            t_heading, first, last = self._table_place(t)
            if t_heading != heading:
                continue
            if (gap == "after" and 0 < first - line_e <= NEAR_LINES) or (gap == "before" and 0 < line_s - last <= back):
                return t
        return None

    def _entities(self, t: Table, s: int, e: int, idx: list[int]) -> list[tuple[int, list[tuple[int, int]], str, int]]:
        """What of the table the sentence names: (offset, the (row, column) cells it covers, the words,
        the size mention or -1), by a header or row label printed whole, or by a model size."""
        sentence = self.text[s:e]
        out = []
        named = self._table_names(t)
        folded = sentence.casefold()       # "total emissions" names the row "Total"
        for name, key, cells in named:
            if len(name) >= 3 and key in folded and _printed_as_name(key, folded):
                out.append((s + folded.find(key), cells, repr(name), -1))
        for k in idx:
            m = self.ms[k]
            if not _usable(m) or m.unit.dims.items or not _SIZE_WORDS.match(self.text, m.end):
                continue
            size = m.number.nominal * m.unit.factor
            hits = [(name, cells) for name, _key, cells in named if size in _sizes(name)]
            if len(hits) == 1:
                out.append((m.start, hits[0][1], f"{m.printed!r} (the size in {hits[0][0]!r})", k))
        # one name, named twice ("OPT-13B" and "130 亿参数"), is one entity
        seen: dict[tuple, tuple] = {}
        for ent in sorted(out):
            seen.setdefault(tuple(ent[1]), ent)
        return sorted(seen.values())

    def _table_place(self, t: Table) -> tuple[str, int, int]:
        """(heading, first line, last line) of a table, once a table (every sentence near it asks)."""
        places = self.__dict__.setdefault("_table_places", {})
        got = places.get(t.index)
        if got is None:
            got = places[t.index] = (self.doc.heading_at(t.start), self.doc.position(t.start)[0],
                                     self.doc.position(max(t.start, t.end - 1))[0])
        return got

    @cached_property
    def _names_of_tables(self) -> dict[int, list[tuple[str, str, list[tuple[int, int]]]]]:
        return {}

    def _table_names(self, t: Table) -> list[tuple[str, str, list[tuple[int, int]]]]:
        """(name, casefolded name, the cells it covers) of each column header and row label, once a
        table (every sentence near the table asks; the lists are read, never changed)."""
        got = self._names_of_tables.get(t.index)
        if got is None:
            named = [(self._header(t, c), [(r, c) for r in range(len(t.rows))]) for c in range(1, t.ncols)] \
                + [(t.label(r), [(r, c) for c in range(1, t.ncols)]) for r in range(len(t.rows))]
            got = self._names_of_tables[t.index] = [(name, name.casefold(), cells) for name, cells in named]
        return got

    def _pair(self, names: list, values: list[int], t: Table) -> list[tuple[int, tuple]]:
        """Each value with the entity it is said of: the only one (the only value of its kind), or, when
        the sentence names several, the k-th value of a kind with the k-th entity (as many of each)."""
        kinds = {self.ms[i].unit.dims for i in values}
        if len(names) == 1:
            # of each kind, the one value the sentence prints: with two ("7.24B parameters × 2 bytes ≈ 14.5
            # GB" beside the bf16 row), which one restates the entity's cell is not said
            return [(i, names[0]) for i in values if sum(self.ms[k].unit.dims == self.ms[i].unit.dims
                                                         for k in values) == 1]
        out = []
        for dims in kinds:
            vs = [i for i in values if self.ms[i].unit.dims == dims]
            if len(vs) == len(names):
                out += list(zip(vs, names, strict=True))
        return out

    def _summary(self, i: int, cells: list[tuple[int, int]], t: Table, word: str, at: int) -> Relation | None:
        m = self.ms[i]
        hits = [k for r, c in cells for k in self.by_cell.get((t.index, r, c), [])
                if self.cell_formula(k, m) is not None]
        if len(hits) != 1 or not _usable(self.ms[hits[0]]):
            return None
        j = hits[0]
        how = self.cell_formula(j, m)
        assert how is not None  # noqa: S101 - selected above
        if (self.ms[j].number.nominal < 0) != (m.number.nominal < 0):
            return None       # a parenthesised cell read as negative is no value to bound
        where = self.ms[j].cell
        r, c = (where[1], where[2]) if where is not None else (0, 0)
        bound = m.number.relation in _BOUNDS
        cell = f"{_where(t)} cell ({t.label(r)!r}, {self._header(t, c)!r})"
        # a whole number restating a cell printed with decimals is rounded, not exact
        coarser = bool(m.number.exact) and m.number.nominal.denominator == 1 and self.ms[j].number.exact is False
        return Relation("headline", i, how[0], [j], quote=self.doc.sentence(m.start), unitless=how[1],
                        rounding="digits" if coarser else "",
                        note=f"the sentence {'bounds' if bound else 'restates'} {cell}", at=m.start,
                        confidence=0.7,
                        evidence=f"{word} in the sentence next to {_where(t)} names its only "
                                 f"{m.unit.canonical} cell {self.ms[j].printed!r}; "
                                 f"the sentence prints {m.printed!r}{how[2]}")
