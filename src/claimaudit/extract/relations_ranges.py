"""Ranges a sentence states over the table beside it: "five models ranging from 160M to 6.9B parameters",
"context lengths range from 2K to 32K", "参数规模从 0.5B 到 14B 不等" above a table whose one column holds
those values: the range's low end is the column's smallest cell and its high end the largest.

Precision first. A range is read only after a range word (range / ranging / span / vary / scale, or
从 … 到 / 至 … 不等 / 范围), never from a bare "from X to Y" (that is mostly a change: "MMLU rises from 63.1
to 68.4"). The table is the one right after the sentence (or right before it) in the same section, as
for the other near-table rules, and the column is the only one whose smallest or largest cell is one of
the range's ends, of the range's kind (or bare under a header naming its unit), in three or more rows.
Both ends of the range are then checked: 0.75 when both ends are the column's ends, 0.7 when one is, the
column is the table's only column of the range's (dimensioned) kind and the other end is off by more than
10% (a wrong end, "up to 12B" over a largest cell of 6.9B), else a suggestion (0.5): an end within 10% is
a size named loosely ("from 160M" over a smallest cell of 162M whose row is "Wren-160M").
"""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import pairwise

from .relation_model import Relation, _ref, _usable, _where
from .relations_near import NearTableRelations

# the words before the low end: "ranging from", "range from 2K", "spanning", "in sizes from", "从"
_EN_BEFORE = re.compile(r"\b(?:rang(?:e|es|ed|ing)|span(?:s|ned|ning)?|var(?:y|ies|ied|ying)|scal(?:e|es|ed|ing))"
                        r"(?:\s+(?:in|of)\s+\w+)?\s+(?:from\s+|between\s+)?$", re.I)
_ZH_BEFORE = re.compile(r"(?:从|由|自)\s*$")
_EN_GAP = re.compile(r"\s*(?:to|and|-|–|—)\s*", re.I)
_ZH_GAP = re.compile(r"\s*(?:到|至|-|–|~|～)\s*")
# a Chinese range is read when its sentence says it is a range (不等, 范围, 覆盖) or a size (规模)
_ZH_RANGE_WORD = re.compile(r"不等|范围|覆盖|规模|分布")
# "from 2K to 32K, up from 4K": no clause of change may sit right before the range
_CHANGE_BEFORE = re.compile(r"\b(?:increas|decreas|grow|grew|ris|rose|drop|fell|fall|improv|reduc|cut|went|go)\w*"
                            r"\s*(?:\w+\s+){0,2}$", re.I)
_MIN_ROWS = 3


class RangeRelations(NearTableRelations):
    def table_ranges(self) -> list[Relation]:
        """Each "ranging from X to Y" beside a table: X is the smallest and Y the largest cell of the
        one column the range describes."""
        out: list[Relation] = []
        if not self.doc.tables:
            return out
        starts = [t.start for t in self.doc.tables]
        text, ms = self.text, self.ms
        for (s, e), idx in self.sentences().items():
            if len(idx) < 2:
                continue
            for a, b in pairwise(idx):
                lo_m, hi_m = ms[a], ms[b]
                if hi_m.start - lo_m.end > 6:
                    continue                    # "to", "到", "-" and spaces between the ends, nothing more
                if not (_usable(lo_m) and _usable(hi_m)) or lo_m.relation is not None or hi_m.relation is not None:
                    continue
                gap = self._gap(a, b)
                en_gap, zh_gap = _EN_GAP.fullmatch(gap), _ZH_GAP.fullmatch(gap)
                if not (en_gap or zh_gap):
                    continue
                before = text[max(s, lo_m.start - 40):lo_m.start]
                english = bool(en_gap and _EN_BEFORE.search(before))
                chinese = bool(zh_gap and _ZH_BEFORE.search(before) and _ZH_RANGE_WORD.search(text, s, e))
                if not (english or chinese) or _CHANGE_BEFORE.search(before):
                    continue
                t = self._near_table(s, e, starts)
                if t is None:
                    continue
                out += self._range_over(t, a, b)
        return out

    def _column_cells(self, t, c: int, dims) -> list[tuple[int, Fraction, Fraction]] | None:
        """(mention, low, high in base units) of each numeric body cell of column ``c``; None when fewer
        than three rows hold a number or any cell is of another kind than ``dims`` (a range printed without
        a unit, "从 160M 到 6.9B": of any one kind, compared on magnitudes)."""
        got: list[tuple[int, Fraction, Fraction]] = []
        for r in range(len(t.rows)):
            k = self.value(t, r, c)
            if k is None:
                continue
            m = self.ms[k]
            kind = dims if dims.items or not got else self.ms[got[0][0]].unit.dims
            if m.number.kind != "number" or (m.unit.dims != kind and (dims.items or got)):
                return None
            iv = m.number.interval
            got.append((k, iv.lo * m.unit.factor, iv.hi * m.unit.factor))
        return got if len(got) >= _MIN_ROWS else None

    def _range_over(self, t, a: int, b: int) -> list[Relation]:
        ms = self.ms
        lo_m, hi_m = ms[a], ms[b]
        dims = hi_m.unit.dims
        # the low end takes the high end's unit when it prints none ("from 160M to 6.9B parameters")
        borrowed = not lo_m.unit.dims.items and bool(dims.items)
        if not borrowed and lo_m.unit.dims != dims:
            return []
        lo_f = hi_m.unit.factor if borrowed else lo_m.unit.factor
        lo = (lo_m.number.interval.lo * lo_f, lo_m.number.interval.hi * lo_f)
        hi = (hi_m.number.interval.lo * hi_m.unit.factor, hi_m.number.interval.hi * hi_m.unit.factor)
        if not lo[1] < hi[0]:
            return []
        fits = []
        for c in range(1, t.ncols):
            cells = self._column_cells(t, c, dims)
            if cells is None:
                continue
            small = min(cells, key=lambda x: x[1] + x[2])
            large = max(cells, key=lambda x: x[1] + x[2])
            ends = (self._same(lo, small), self._same(hi, large))
            if any(ends):
                fits.append((c, cells, ends))
        if len(fits) != 1:
            return []
        c, cells, ends = fits[0]
        kind_columns = sum(1 for k in range(1, t.ncols) if any(
            ms[j].unit.dims == dims for r in range(len(t.rows)) for j in self.by_cell.get((t.index, r, k), [])))
        small = min(cells, key=lambda x: x[1] + x[2])
        large = max(cells, key=lambda x: x[1] + x[2])
        if all(ends):
            confidence = 0.75
        elif dims.items and kind_columns == 1 and not any(
                not ok and self._near(end, cell) for ok, end, cell in zip(ends, (lo, hi), (small, large), strict=True)):
            confidence = 0.7
        else:
            # an end within 10% of the cell is a size named loosely ("160M" for 162M, as in the
            # row label "Wren-160M"), not a wrong number: the reviewer's to judge
            confidence = 0.5
        head = self._header(t, c)
        parts = [k for k, _lo, _hi in cells]
        out = []
        for end, word, fn in ((a, "smallest", "min"), (b, "largest", "max")):
            out.append(Relation(
                "range", end, f"{fn}(" + ", ".join(_ref(k) for k in parts) + ")", parts,
                quote=self.doc.sentence(ms[end].start), unitless=ms[parts[0]].unit.dims != ms[end].unit.dims,
                at=ms[end].start,
                confidence=confidence,
                note=f"the range's {'low' if end == a else 'high'} end is the {word} {head!r} cell of {_where(t)}",
                evidence=f"the range {self.text[lo_m.start:hi_m.end]!r} in the sentence next to {_where(t)}, "
                         f"whose column {head!r} ({len(cells)} rows) has {'both ends' if all(ends) else 'one end'} "
                         f"of it"))
        return out

    @staticmethod
    def _near(end: tuple[Fraction, Fraction], cell: tuple[int, Fraction, Fraction]) -> bool:
        """Whether a range end is within 10% of a cell (a nominal size, not another number)."""
        return cell[1] * Fraction(9, 10) <= end[1] and end[0] <= cell[2] * Fraction(11, 10)

    @staticmethod
    def _same(end: tuple[Fraction, Fraction], cell: tuple[int, Fraction, Fraction]) -> bool:
        """Whether a range end (its interval in base units) meets a cell's."""
        return cell[1] <= end[1] and end[0] <= cell[2]
