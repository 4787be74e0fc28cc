"""Cells that print a count and its percentage of the column's group, "92 (43.0%)", under a header naming the
group's size ("50 mg (n = 214)", "Placebo, N=213", "对照组（n=120）"): the percentage is the count over n.

This is how trial reports and surveys print their tables (CONSORT's "n (%)"). Precision first: the
header names n (one n per column), the cell holds exactly a count and a percentage in parentheses, and at
least two of the column's such cells — and most of them — recompute; the others are then the findings
(a percentage taken over another base). A column whose cells mostly miss is not read so: its percentages
are of something else (responders, a subgroup).
"""

from __future__ import annotations

import re
from fractions import Fraction

from .document import Table
from .relation_model import FinderBase, Relation, _ref, _usable, _where
from .relations_percent import SLASHED

# "(n = 214)", "n=214", "N = 1,024", "（n=120）"; the group's size, printed in the header
_N_IN_HEADER = re.compile(r"(?<![A-Za-z])[nN]\s*[=＝]\s*(\d{1,3}(?:,\d{3})+|\d+)(?![\d.,]*\d)")
# the cell: a count, then its percentage in parentheses
_COUNT_PERCENT = re.compile(r"\s*\d[\d,]*\s*[(（]\s*\d+(?:\.\d+)?\s*%\s*[)）]\s*")


class CountCellRelations(FinderBase):
    def count_percent_cells(self) -> list[Relation]:
        out: list[Relation] = []
        for t in self.doc.tables:
            # the table's columns that name their n, and their cells of a count and a percentage; read when
            # at least two of those cells, and most, recompute over their column's n
            cells = []
            for c in range(1, t.ncols):
                sizes = set(_N_IN_HEADER.findall(self._header(t, c)))
                if len(sizes) == 1 and (n := int(sizes.pop().replace(",", ""))) > 0:
                    cells += [(r, c, k, p, n) for r, k, p in self._column(t, c, n)]
            near = [x for x in cells if self._holds(x[2], x[3], x[4])]
            if len(near) < 2 or 2 * len(near) <= len(cells):
                continue
            for r, c, k, p, n in cells:
                head = self._header(t, c)
                out.append(Relation(
                    "percent-of", p, f"{_ref(k)} / n", [k], given={"n": str(n)},
                    quote=self.doc.line_text(self.ms[p].start).strip(), at=self.ms[p].start, confidence=0.8,
                    note=f"{self.ms[p].printed} is {self.ms[k].printed} of the {n} in column {head!r} "
                         f"({t.label(r)!r}, {_where(t)})",
                    evidence=f"{_where(t)}: header {head!r} names n = {n}; the cell prints a count and its "
                             f"percentage, as {len(near)} of the table's {len(cells)} such cells recompute"))
        return out

    def ratio_percent_cells(self) -> list[Relation]:
        """"| Pick cube | 41/50 | 82% |": a column of percentages right after a column of fractions (a part
        over its whole, "41/50"): each percentage is its row's fraction (0.8), when at least two rows and
        most of them recompute within the percentage's rounding; the others are the findings."""
        out: list[Relation] = []
        # (only the tables with a fraction in a cell: one pass over the mentions)
        with_fractions = {m.cell[0] for m in self.ms if m.cell is not None and m.number.kind == "ratio"
                          and "/" in m.printed}
        for t in self.doc.tables:
            if t.index not in with_fractions:
                continue
            for c in range(2, t.ncols):
                pairs = []
                for r in range(len(t.rows)):
                    f, p = self.value(t, r, c - 1), self.value(t, r, c)
                    if f is None or p is None:
                        continue
                    mf, mp = self.ms[f], self.ms[p]
                    if mf.number.kind == "ratio" and SLASHED.fullmatch(mf.printed) and mp.number.kind == "percent" \
                            and _usable(mf) and _usable(mp):
                        pairs.append((r, f, p))
                near = [x for x in pairs if abs(self.ms[x[1]].number.nominal * 100 - self.ms[x[2]].number.nominal)
                        <= max(self.ms[x[2]].number.step, Fraction(1, 2))]
                if len(near) < 2 or 2 * len(near) <= len(pairs):
                    continue
                for r, f, p in pairs:
                    out.append(Relation(
                        "percent-of", p, _ref(f), [f], quote=self.doc.line_text(self.ms[p].start).strip(),
                        at=self.ms[p].start, confidence=0.8, unitless=True,
                        note=f"{self.ms[p].printed} is {self.ms[f].printed} ({t.label(r)!r}, {_where(t)})",
                        evidence=f"{_where(t)}: column {self._header(t, c)!r} of percentages right after column "
                                 f"{self._header(t, c - 1)!r} of fractions, {len(near)} of {len(pairs)} rows "
                                 "recompute"))
        return out

    def _column(self, t: Table, c: int, n: int) -> list[tuple[int, int, int]]:
        """(row, count, percentage) of the column's cells printing a count no larger than n and its percentage."""
        pairs = []
        for r in range(len(t.rows)):
            cell = t.cell(r, c)
            got = self.by_cell.get((t.index, r, c), [])
            if cell is None or cell.col != c or len(got) != 2 or not _COUNT_PERCENT.fullmatch(cell.text):
                continue
            k, p = got
            mk, mp = self.ms[k], self.ms[p]
            if mk.number.kind != "number" or mp.number.kind != "percent" or not (_usable(mk) and _usable(mp)) \
                    or mk.unit.dims.items or mk.number.nominal.denominator != 1 or mk.number.nominal > n:
                continue
            pairs.append((r, k, p))
        return pairs

    def _holds(self, k: int, p: int, n: int) -> bool:
        """Whether count / n lies within the percentage's printed rounding (half a step either way)."""
        mp = self.ms[p]
        got = Fraction(self.ms[k].number.nominal) / n * 100
        return mp.number.interval.lo - mp.number.step / 2 <= got <= mp.number.interval.hi + mp.number.step / 2
