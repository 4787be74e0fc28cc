"""Difference columns and rows of a table: a column headed Δ / Gain / Improvement / 提升 (or of signed cells,
"+2.3") that is one other column minus another in every row, in points or relative; a row labelled so
under the rows it compares."""

from __future__ import annotations

import itertools
import re

from .document import Table
from .relation_model import FinderBase, Relation, _ref, _where

# (YoY / QoQ / 同比 / 环比: a results table's change over the period, "| +21.2% |")
_DELTA = re.compile(r"^\W*(?:Δ|∆|delta|diff\.?|difference|gain|improvement|change|提升|差值|差异|变化|增益|涨幅"
                    r"|yoy|qoq|y/y|q/q|year[- ]over[- ]year|同比\w*|环比\w*)\b", re.I)
# a column of the share saved: "Reduction", "Saving (%)", "Memory saved", 节省, 降幅 (the gap over the first)
_SAVING = re.compile(r"^\W*(?:[\w ]{0,24}\b)?(?:reduction|savings?|saved|节省|节约|降幅|降低比例|减少比例)\b", re.I)
# how a reading is named in the note ("points" is the plain difference)
_READING_NOTE = {"relative": ", relative", "saving": ", over the first",
                 "by row": ", in points for rates, else relative"}
_SIGNED = re.compile(r"^\s*[+\-−]\s*\d")
# a growth rate column anywhere in its header, in percent: "现价增长（%）", "比上年增长（%）", "Growth (%)"
_GROWTH = re.compile(r"(?:增长|增速|增幅|增长率|growth(?:\s+rate)?)\s*[（(]\s*%\s*[)）]", re.I)


class DeltaRelations(FinderBase):
    def delta_columns(self) -> list[Relation]:
        """A column headed Δ / Gain / Improvement / 提升 (or whose cells are all printed signed, "+2.3") that
        is column A minus column B in every row (two rows or more; three when only the signs say it),
        read in points, or relative to B when only that reading holds (0.75). Exactly one pair and one
        reading may hold, so a coincidence is not taken for the table's meaning; under a Δ header one
        cell of four or more may miss it, and is then the finding."""
        out: list[Relation] = []
        for t in self.doc.tables:
            # (three columns: a Δ against a baseline row, "| Variant | Success rate | Δ |")
            if len(t.rows) < 2 or t.ncols < 3 or t.ncols > 40:
                continue
            for c in range(1, t.ncols):
                saving = bool(_SAVING.match(self._header(t, c)))
                named = bool(_DELTA.match(self._header(t, c)) or _GROWTH.search(self._header(t, c))) or saving
                cells = [self.value(t, r, c) for r in range(len(t.rows))]
                rows = [r for r, k in enumerate(cells) if k is not None]
                signed = rows and all(_SIGNED.match(self.ms[k].printed) for k in cells if k is not None)
                if not (named or signed) or len(rows) < (2 if named else 3):
                    continue
                out += self._delta(t, c, rows, cells, named, saving)
        return out

    def _delta(self, t: Table, c: int, rows: list[int], cells: list[int | None], named: bool,
               saving: bool = False) -> list[Relation]:
        readings = []
        for a, b in itertools.permutations([k for k in range(1, t.ncols) if k != c], 2):
            pairs = [(cells[r], self.value(t, r, a), self.value(t, r, b)) for r in rows]
            if any(x is None or y is None for _d, x, y in pairs):
                continue
            # a statement's change column mixes readings: rates change in points ("Gross margin | 60.0% |
            # 59.0% | +1.0 pts"), amounts relatively ("Revenue | 4,905 | 4,562 | +7.5%"); by row, when mixed
            by_row = ["points" if self.ms[x].number.kind == "percent" and self.ms[d].number.kind != "percent"
                      else "relative" for d, x, _y in pairs if d is not None and x is not None]
            readings_here: tuple[str, ...] = ("points", "relative", "by row") if len(set(by_row)) == 2 \
                else ("points", "relative")
            if saving:
                readings_here = ("saving",)     # "Reduction", "Saving", 节省: the gap over the first, only
            for how in readings_here:
                hows = by_row if how == "by row" else [how] * len(pairs)
                formulas = [self._difference(d, x, y, h) for (d, x, y), h in zip(pairs, hows, strict=True)]
                missed = [k for k, f in enumerate(formulas) if f is None]
                # under a Δ header, one cell of four or more that does not hold is the finding
                # (a header naming the saving says the reading: one cell of three may then miss it)
                if not missed or (named and len(missed) == 1 and len(pairs) >= (3 if saving else 4)):
                    for k in missed:
                        formulas[k] = self._difference(*pairs[k], hows[k], check=False)
                    if all(f is not None for f in formulas):
                        readings.append((a, b, how, pairs, formulas))
        if not readings and named:
            return self._delta_to_row(t, c, rows, cells)
        if len(readings) != 1:
            return []
        a, b, how, pairs, formulas = readings[0]
        why = f"header {self._header(t, c)!r}" if named else "cells printed with a sign"
        return self._cell_changes(
            pairs, formulas,
            f"column {self._header(t, c)!r} of {_where(t)} is {self._header(t, a)!r} minus {self._header(t, b)!r}"
            + _READING_NOTE.get(how, ""),
            f"{_where(t)}: {why}; {self._header(t, a)!r} − {self._header(t, b)!r} ({how}) is the only reading "
            f"that gives all {len(pairs)} cells")

    def delta_rows(self) -> list[Relation]:
        """A row labelled Δ / Change / Difference / Gain / 提升 / 变化 ("Change from baseline") that is one row
        above it minus another in every column of numbers (two columns or more), in points, or relative to
        the second when only that reading holds: exactly one pair and one reading (0.75), as for columns."""
        out: list[Relation] = []
        for t in self.doc.tables:
            if len(t.rows) < 3 or t.ncols < 3 or t.ncols > 40:
                continue
            for r in range(2, len(t.rows)):
                if not _DELTA.match(t.label(r)):
                    continue
                cols = [c for c in range(1, t.ncols) if self.value(t, r, c) is not None]
                if len(cols) < 2:
                    continue
                readings = []
                for a, b in itertools.permutations(range(r), 2):
                    triples = [(self.value(t, r, c), self.value(t, a, c), self.value(t, b, c)) for c in cols]
                    for how in ("points", "relative"):
                        formulas = [self._difference(d, x, y, how) for d, x, y in triples]
                        if all(f is not None for f in formulas):
                            readings.append((a, b, how, triples, formulas))
                if len(readings) != 1:
                    continue
                a, b, how, triples, formulas = readings[0]
                out += self._cell_changes(
                    triples, formulas,
                    f"row {t.label(r)!r} of {_where(t)} is row {t.label(a)!r} minus row {t.label(b)!r}"
                    + _READING_NOTE.get(how, ""),
                    f"{_where(t)}: row label {t.label(r)!r}; {t.label(a)!r} − {t.label(b)!r} ({how}) is the only "
                    f"reading that gives all {len(triples)} cells")
        return out

    def _delta_to_row(self, t: Table, c: int, rows: list[int], cells: list[int | None]) -> list[Relation]:
        """"| Variant | … | 5-task avg. | Δ avg. vs baseline |" over a Baseline row whose Δ cell is empty:
        each Δ is the row's value in one other column minus the baseline row's there (in points). The
        baseline is the one row with no Δ; when the header names it ("vs baseline"), one cell of three or
        more may miss the reading (and is the finding), else none may."""
        header = self._header(t, c).casefold()
        empty = [r for r in range(len(t.rows)) if r not in rows]
        if len(empty) != 1 or len(rows) < 3:
            return []
        base = empty[0]
        names_base = (len(t.label(base)) >= 3 and t.label(base).casefold() in header) or self._intro_names(t, base)
        readings = []
        for a in range(1, t.ncols):
            if a == c or self.value(t, base, a) is None:
                continue
            pairs = [(cells[r], self.value(t, r, a), self.value(t, base, a)) for r in rows]
            if any(x is None for _d, x, _y in pairs):
                continue
            formulas = [self._difference(d, x, y, "points") for d, x, y in pairs]
            missed = [k for k, f in enumerate(formulas) if f is None]
            if not missed or (names_base and len(missed) == 1):
                for k in missed:
                    formulas[k] = self._difference(*pairs[k], "points", check=False)
                if all(f is not None for f in formulas):
                    readings.append((len(missed), a, pairs, formulas))
        # the reading that gives the most cells, when only one does
        best = [r for r in readings if r[0] == min((r[0] for r in readings), default=0)]
        if len(best) != 1:
            return []
        _missed, a, pairs, formulas = best[0]
        return self._cell_changes(
            pairs, formulas,
            f"column {self._header(t, c)!r} of {_where(t)} is {self._header(t, a)!r} minus row {t.label(base)!r}'s",
            f"{_where(t)}: header {self._header(t, c)!r} and row {t.label(base)!r} with no Δ; "
            f"{self._header(t, a)!r} minus that row's is the only reading that gives the {len(pairs)} cells")

    def _intro_names(self, t: Table, base: int) -> bool:
        """The words right above the table name the baseline row after a word of comparison: "(Δ in points
        against the full agent)" over a row "Pathfinder-2 (full)", "（相对基线的变化）" over "基线"."""
        words = [w.casefold() for w in re.findall(r"[A-Za-z][\w-]{3,}|[\u4e00-\u9fff]{2,}", t.label(base))]
        if not words:
            return False
        intro = self.text[max(0, t.start - 240):t.start].rstrip()
        intro = intro[intro.rfind("\n\n") + 1:]          # (the paragraph right above)
        return any(re.search(rf"(?:against|vs\.?|versus|relative to|compared (?:with|to)|相对于?|相比|对比|较)\s*"
                             rf"(?:the\s+)?(?:\w+\s+)?{re.escape(w)}", intro, re.I) for w in words)

    def _cell_changes(self, triples: list, formulas: list, note: str, evidence: str) -> list[Relation]:
        """One "change" relation a cell: each Δ cell d against its (x, y) by its formula, audited (0.75)."""
        out = []
        for (d, x, y), formula in zip(triples, formulas, strict=True):
            assert d is not None and x is not None and y is not None and formula is not None  # noqa: S101
            m = self.ms[d]
            out.append(Relation("change", d, formula, [x, y], quote=self.doc.line_text(m.start).strip(),
                                unitless=True, at=m.start, confidence=0.75, note=note, evidence=evidence))
        return out

    def _difference(self, d: int | None, x: int | None, y: int | None, how: str, check: bool = True) -> str | None:
        """The engine's formula for cell ``d`` as ``x`` minus ``y`` (in points, or relative to ``y``) when
        the printed numbers give it (screened on the printed scale: a percentage's number is in percent;
        the engine reads percentages as fractions, so the formula scales them)."""
        if d is None or x is None or y is None:
            return None
        mx, my, md = self.ms[x], self.ms[y], self.ms[d]
        if mx.unit.dims != my.unit.dims or mx.number.kind != my.number.kind or md.unit.dims.items:
            return None
        ix, iy, idd = mx.number.interval, my.number.interval, md.number.interval
        lo, hi = ix.lo - iy.hi, ix.hi - iy.lo
        percent = mx.number.kind == "percent"
        if how == "points":
            # (a bare cell of points is a number of percent; a cell printed in points, "+1.0 pts", a percentage)
            formula = f"({_ref(x)} - {_ref(y)})" + (" * 100" if percent and md.number.kind not in ("percent", "points")
                                                    else "")
        elif how == "saving":
            # "| Baseline | Tern | Saving |": the first less the second, over the first
            if ix.lo <= 0 or md.number.kind != "percent":
                return None
            lo, hi = min(lo / ix.lo, lo / ix.hi) * 100, max(hi / ix.lo, hi / ix.hi) * 100
            formula = f"({_ref(x)} - {_ref(y)}) / {_ref(x)}"
        else:
            if iy.lo <= 0 or md.number.kind != "percent":
                return None
            lo, hi = min(lo / iy.lo, lo / iy.hi) * 100, max(hi / iy.lo, hi / iy.hi) * 100
            formula = f"({_ref(x)} - {_ref(y)}) / {_ref(y)}"
        step = md.number.step
        return formula if (lo <= idd.hi + step and idd.lo - step <= hi) or not check else None
