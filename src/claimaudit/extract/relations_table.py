"""Relations a table's structure states: Total and Average rows and columns, columns that are the
product or quotient of others in every row, and percentage columns that split a whole."""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache

from .document import Table
from .mentions import Mention
from .relation_model import (
    FinderBase,
    Relation,
    _evaluate,
    _placeholder_formula,
    _recomputes,
    _ref,
    _usable,
    _where,
    _whole,
    reaches,
)

# (a qualifier in parentheses may follow: "合计（五大行业）", "Total (all segments)")
TOTAL_LABEL = re.compile(r"^\W*(?:total|totals|sum|grand total|overall|合计|总计|总和|共计|小计|總計|合計)"
                         r"(?:\s*[（(][^（()）]{1,24}[)）])?\W*$", re.I)
AVERAGE_LABEL = re.compile(r"^\W*(?:weighted\s+)?(?:average|avg\.?|mean|(?:加权)?平均(?:值|分)?|均值)\W*$", re.I)
#: A weighted mean's row ("加权平均", "Weighted average"): its counts are sums, its rates weighted by them.
WEIGHTED_LABEL = re.compile(r"^\W*(?:weighted|加权)", re.I)


def body_rows(t: Table) -> list[int]:
    """The table's rows that are no summary of the others: not labelled Total / 合计 or Average / 平均."""
    return [r for r in range(len(t.rows)) if not (TOTAL_LABEL.match(lab := t.label(r)) or AVERAGE_LABEL.match(lab))]


def _float_bounds(m: Mention) -> tuple[float, float]:
    """The printed magnitude's interval as floats, widened by one step (a truncated reading). Units
    are left out: columns are screened on the numbers printed, the draft's formula then decides
    whether the units compose."""
    iv = m.number.interval
    if m.number.kind == "percent":      # (a share as the fraction it is: 71.2% is 712 / 1,000)
        return float(iv.lo) / 100, float(iv.hi + m.number.step) / 100
    return float(iv.lo), float(iv.hi + m.number.step)


def _whole_bounds(m: Mention, bounds: tuple[float, float] | None = None) -> tuple[float, float]:
    """A derived cell's bounds, where a whole number printed without a step ("3610" for 57754 / 16) may
    be the result rounded to a whole number as well as truncated (``bounds``: its float bounds, when
    already computed)."""
    lo, hi = _float_bounds(m) if bounds is None else bounds
    if m.number.step == 0 and m.number.kind == "number" and m.number.nominal.denominator == 1:
        return lo - 0.5, hi + 1
    return lo, hi


def _combine(op: str, a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    if op == "*":
        return a[0] * b[0], a[1] * b[1]
    return a[0] / b[1] if b[1] else 0.0, a[1] / b[0] if b[0] else float("inf")


def _best_column_relation(bounds: dict[int, list[tuple[float, float] | None]], c: int,
                          others: list[int], target: list[tuple[float, float] | None] | None = None,
                          summary_rows: frozenset[int] = frozenset()
                          ) -> tuple[float, list[int], str, list[int]] | None:
    """The factors (2 or 3 columns, a product; or a quotient of 2) that give column ``c`` in the
    most rows, when that is at least 95% of at least four rows, or all but one of six or more body rows
    (a table's one misprinted cell is the finding a reviewer wants; five rows holding by coincidence are
    not seen; the one row may not be a Total or Average row, whose cells are often pooled otherwise).
    Screening is on float bounds (the target's own may be widened: ``target``); the draft's formulas are
    then checked exactly by the engine."""
    target = bounds[c] if target is None else target

    def share(factors: list[int], op: str) -> tuple[float, list[int]] | None:
        rows, held, ones, missed_summary = [], 0, 0, False
        for r, tb in enumerate(target):
            fb = [bounds[k][r] for k in factors]
            if tb is None or any(b is None for b in fb):
                continue
            # a factor of one makes any column a "product": rows where it is one prove nothing
            ones += op == "*" and any(b is not None and b[0] <= 1 <= b[1] for b in fb)
            acc = fb[0]
            for b in fb[1:]:
                assert acc is not None and b is not None   # noqa: S101 - narrows for mypy: None rows skipped above
                acc = _combine(op, acc, b)
            rows.append(r)
            assert acc is not None   # noqa: S101 - narrows for mypy: None rows skipped above
            ok = acc[0] <= tb[1] and tb[0] <= acc[1]
            held += ok
            missed_summary = missed_summary or (not ok and r in summary_rows)
            if len(rows) - held > max(1, 0.05 * len(target)):
                return None
        # three rows are enough when every one holds (nothing is then reported; a coincidence in three
        # rows of a table is rare), four or more when all but 5% hold
        if len(rows) - ones < 3 or (len(rows) - ones < 4 and held < len(rows)):
            return None
        if held < 0.95 * len(rows) and not (held == len(rows) - 1 and len(rows) - ones >= 6 and not missed_summary):
            return None
        return held / len(rows), rows

    best: tuple[float, list[int], str, list[int]] | None = None
    for i, a in enumerate(others):
        for b in others[i:]:
            if a == b:
                continue
            got = share([a, b], "*")
            if got and (best is None or got[0] > best[0]):
                best = (got[0], [a, b], "*", got[1])
    if best is None:
        for a in others:
            for b in others:
                if a != b:
                    got = share([a, b], "/")
                    if got and (best is None or got[0] > best[0]):
                        best = (got[0], [a, b], "/", got[1])
    if best is None and len(others) <= 24:
        for i, a in enumerate(others):
            for j in range(i + 1, len(others)):
                for k in range(j + 1, len(others)):
                    got = share([a, others[j], others[k]], "*")
                    if got and (best is None or got[0] > best[0]):
                        best = (got[0], [a, others[j], others[k]], "*", got[1])
    return best



class TableRelations(FinderBase):
    def table_totals(self) -> list[Relation]:
        """Rows labelled Total (sum of the rows above) or Average (their mean)."""
        out = []
        for t in self.doc.tables:
            first = 0
            found, like = self._found_total_row(t)
            for r in range(len(t.rows)):
                label = t.label(r)
                average = bool(AVERAGE_LABEL.match(label))
                if not (TOTAL_LABEL.match(label) or average or r == found):
                    continue
                for c in range(1, t.ncols):
                    if r == found and c not in like:
                        continue
                    target = self.value(t, r, c)
                    idx = [self.value(t, k, c) for k in range(first, r)]
                    if target is None or len(idx) < 2 or any(i is None for i in idx):
                        continue
                    parts = [i for i in idx if i is not None]
                    formula = _placeholder_formula(parts, "+")
                    groups = [] if average or _recomputes(self.ms[target], formula, self.ms) \
                        else self._breakdowns(target, parts)
                    if groups:
                        out += self._breakdown_totals(t, r, c, label, target, groups)
                        continue
                    mean_here, unread = average, False
                    if average:
                        mean = f"({formula}) / {len(parts)}"
                        if WEIGHTED_LABEL.match(label):
                            # "| 加权平均 | 900 | … | 61.9 |": the count a sum, the score weighted by the counts
                            if _recomputes(self.ms[target], formula, self.ms):
                                mean_here = False
                            elif (got := self._weighted_mean(t, r, first, c, parts)) is not None:
                                mean, weights = got
                                parts = parts + weights
                            else:
                                unread = True       # (weighted by what is not said: a plain mean is a guess)
                        if mean_here:
                            formula = mean
                    kind = "row-average" if mean_here else "table-total"
                    word = "mean" if mean_here else "sum"
                    # the Total of a percentage or a rate column is mostly an overall (weighted) value,
                    # not a sum: there a sum that does not recompute is only a suggestion
                    pooled = _intensive(self.ms[target]) or _AVERAGE_HEADER.search(self._header(t, c)) \
                        or self._quotient_column(t, c, r) or self._within_parts(target, parts)
                    sure = (average and not unread) or not pooled or _recomputes(self.ms[target], formula, self.ms)
                    named = "" if r != found or TOTAL_LABEL.match(label) else \
                        " (no total word: its cells are the sums of the rows above in two columns or more)"
                    rel = self._table_relation(
                        kind, target, formula, parts,
                        note=f"the {label!r} row of {_where(t)} ({self._header(t, c)}) is the {word} "
                             "of the rows above it",
                        evidence=f"{_where(t)}: row label {label!r}{named} over {len(parts)} rows of column "
                                 f"{self._header(t, c)!r}", confidence=(0.9 if not named else 0.8) if sure else 0.4)
                    if rel is not None:
                        out.append(rel)
                first = r + 1
        return out

    def _weighted_mean(self, t: Table, r: int, first: int, c: int, parts: list[int]) -> tuple[str, list[int]] | None:
        """The mean of column ``c``'s rows ``first``..``r`` weighted by the one column of whole counts whose
        cell in the weighted row ``r`` is their sum (the formula, and the counts it reads); None when no such
        column, or several."""
        weights = []
        for k in range(1, t.ncols):
            cells = [self.value(t, q, k) for q in range(first, r)]
            total = self.value(t, r, k)
            if k == c or total is None or len(cells) != len(parts) or any(i is None for i in cells):
                continue
            counts = [i for i in cells if i is not None]
            if all(_whole(self.ms[i]) for i in counts) \
                    and _recomputes(self.ms[total], _placeholder_formula(counts, "+"), self.ms):
                weights.append(counts)
        if len(weights) != 1:
            return None
        w = weights[0]
        return "(" + " + ".join(f"{_ref(a)} * {_ref(b)}" for a, b in zip(w, parts, strict=True)) + ") / (" \
            + _placeholder_formula(w, "+") + ")", w

    def _within_parts(self, target: int, parts: list[int]) -> bool:
        """Whether a column of bare fractions (a κ, an F1, an AUC: all in (0, 1]) has a Total cell between its
        smallest and largest part: a pooled or mean value (κ 0.62 of rows 0.49–0.71), not a sum, which is at
        least its largest part. (Counts are summed whatever their Total says: a wrong Total is the finding.)"""
        ms = self.ms
        if any(ms[k].number.kind != "number" or ms[k].unit.dims.items for k in [*parts, target]):
            return False
        values = [self.base(k) for k in parts]
        return 0 < min(values) <= self.base(target) <= max(values) <= 1

    def _breakdowns(self, target: int, parts: list[int]) -> list[list[int]]:
        """The rows above a total split into runs each adding up to it ("| 男 | 3,075 | … | 女 | 3,175 |" then
        the age groups, under one "| 合计 | 6,250 |"): two breakdowns of one whole. Two runs or more, two
        rows or more each, every run recomputing the total; else none."""
        groups: list[list[int]] = []
        run: list[int] = []
        for k in parts:
            run.append(k)
            if len(run) >= 2 and _recomputes(self.ms[target], _placeholder_formula(run, "+"), self.ms):
                groups.append(run)
                run = []
        return groups if not run and len(groups) >= 2 else []

    def _breakdown_totals(self, t: Table, r: int, c: int, label: str, target: int,
                          groups: list[list[int]]) -> list[Relation]:
        out = []
        for run in groups:
            first, last = (self.ms[run[0]].cell or (0, 0))[1], (self.ms[run[-1]].cell or (0, 0))[1]
            rel = self._table_relation(
                "table-total", target, _placeholder_formula(run, "+"), run,
                note=f"the {label!r} row of {_where(t)} ({self._header(t, c)}) is the sum of rows "
                     f"{t.label(first)!r} to {t.label(last)!r}, one of {len(groups)} breakdowns above it",
                evidence=f"{_where(t)}: row label {label!r} over {len(groups)} runs of rows of column "
                         f"{self._header(t, c)!r}, each adding up to it (breakdowns of one whole)", confidence=0.85)
            if rel is not None:
                out.append(rel)
        return out

    def _found_total_row(self, t: Table) -> tuple[int, set[int]]:
        """The last row of a table whose label names no total ("地区生产总值", "All regions") but whose
        cells are the sums of all the rows above it in two columns or more (exactly, or to the
        printed rounding), with the columns audited as its totals; (-1, ∅) when there is none. Found by
        the arithmetic, so the columns like the summing ones are audited too: a total wrong in one of
        them is reported."""
        r = len(t.rows) - 1
        if r < 2 or TOTAL_LABEL.match(t.label(r)) or AVERAGE_LABEL.match(t.label(r)) \
                or any(TOTAL_LABEL.match(t.label(k)) for k in range(r)):
            return -1, set()
        sums: set[int] = set()
        for c in range(1, t.ncols):
            target = self.value(t, r, c)
            idx = [self.value(t, k, c) for k in range(r)]
            if target is None or any(i is None for i in idx) or _intensive(self.ms[target]):
                continue
            parts = [i for i in idx if i is not None]
            if self.ms[target].number.nominal != 0 and _recomputes(self.ms[target], _placeholder_formula(parts, "+"),
                                                                   self.ms):
                sums.add(c)
        if len(sums) < 2:
            return -1, set()
        # the other columns audited as totals: those of a summing column's header group or unit (a
        # growth or price column beside them holds the whole's rate, no sum)
        groups = {self._header(t, c).split(" / ")[0] for c in sums}
        units = {(m.unit.canonical, m.unit.factor) for c in sums if (k := self.value(t, r, c)) is not None
                 for m in (self.ms[k],) if m.unit.canonical}
        like = {c for c in range(1, t.ncols) if c in sums or self._header(t, c).split(" / ")[0] in groups
                or ((k := self.value(t, r, c)) is not None
                    and (self.ms[k].unit.canonical, self.ms[k].unit.factor) in units)}
        return r, like

    def row_aggregates(self) -> list[Relation]:
        """A column headed Total (the row's sum) or Average (its mean) over the row's other cells."""
        out = []
        for t in self.doc.tables:
            for c in range(1, t.ncols):
                head = t.header[c] if c < len(t.header) else ""
                last = head.split(" / ")[-1]
                average = bool(AVERAGE_LABEL.match(last))
                if not (average or TOTAL_LABEL.match(last)):
                    continue
                found: list[Relation] = []
                held = 0
                for r in range(len(t.rows)):
                    target = self.value(t, r, c)
                    if target is None:
                        continue
                    parts = []
                    for k in range(1, t.ncols):
                        if k == c:
                            continue
                        other = t.header[k] if k < len(t.header) else ""
                        if AVERAGE_LABEL.match(other.split(" / ")[-1]) or TOTAL_LABEL.match(other.split(" / ")[-1]):
                            continue
                        i = self.value(t, r, k)
                        if i is not None and (self.ms[i].unit.dims == self.ms[target].unit.dims):
                            parts.append(i)
                    # a row mixing scaled sizes and bare scores ("| 14.3B | 2.4B | 58.9 | 35.1 | 47.0 |": total and
                    # active parameters, then benchmark scores): the parts are the cells on the target's scale
                    # (the scores for "Avg."; for a "Total" of 14.3B only 2.4B, no sum)
                    scaled = bool(self.ms[target].number.multiplier)
                    parts = [i for i in parts if bool(self.ms[i].number.multiplier) == scaled]
                    if len(parts) < 2:
                        continue
                    formula = _placeholder_formula(parts, "+")
                    if average:
                        formula = f"({formula}) / {len(parts)}"
                    word = "mean" if average else "sum"
                    rel = self._table_relation(
                        "row-total" if not average else "row-average", target, formula, parts,
                        note=f"column {head!r} of {_where(t)} is the {word} of the row's other {len(parts)} cells "
                             f"({t.label(r)!r})",
                        evidence=f"{_where(t)}: column header {head!r}, row {t.label(r)!r}", confidence=0.0)
                    if rel is not None:
                        held += _recomputes(self.ms[target], formula, self.ms)
                        found.append(rel)
                if found and held * 2 < len(found):
                    # over a run of the columns only ("| Params | Dim | Retr. | … | Class. | Avg. |": the mean of
                    # the scores, not of the dimension): the one run of two or more columns that holds in most rows
                    found, held = self._aggregate_run(t, c, average, head, found, held)
                # A total or an average column may be over a subset of the columns, or weighted: trust
                # the reading only when it holds in most rows.
                conf = (0.9 if not average else 0.85) if found and held * 2 >= len(found) else 0.4
                for rel in found:
                    rel.confidence = conf
                out += found
        return out

    def _aggregate_run(self, t: Table, c: int, average: bool, head: str, found: list[Relation],
                       held: int) -> tuple[list[Relation], int]:
        """The relations of the aggregate column ``c`` over the contiguous run of the columns its readings
        took that holds in the most rows (all but one at most, and more than the whole row did); ``found`` as it
        is when no run does."""
        columns = sorted({cell[2] for rel in found for i in rel.parts if (cell := self.ms[i].cell) is not None})
        if len(columns) < 3 or len(columns) > 16:
            return found, held
        best: tuple[int, int, list[Relation]] | None = None
        for lo in range(len(columns)):
            for hi in range(lo + 2, len(columns) + 1):
                run = set(columns[lo:hi])
                rels, ok = [], 0
                for rel in found:
                    assert rel.target is not None  # noqa: S101 - a row aggregate's target is its cell
                    parts = [i for i in rel.parts if (cell := self.ms[i].cell) is not None and cell[2] in run]
                    if len(parts) < 2:
                        continue
                    formula = _placeholder_formula(parts, "+")
                    if average:
                        formula = f"({formula}) / {len(parts)}"
                    ok += _recomputes(self.ms[rel.target], formula, self.ms)
                    word = "mean" if average else "sum"
                    span = f"{self._header(t, columns[lo])!r} to {self._header(t, columns[hi - 1])!r}"
                    rels.append(replace(rel, formula=formula, parts=parts,
                                        note=f"column {head!r} of {_where(t)} is the {word} of columns {span}",
                                        evidence=rel.evidence + f"; columns {span} (the run that holds in most rows)"))
                if rels and ok >= max(2, len(rels) - 1) and ok > held and (best is None or (ok, hi - lo) > best[:2]):
                    best = (ok, hi - lo, rels)
        return (best[2], best[0]) if best is not None else (found, held)

    def column_products(self) -> list[Relation]:
        """One column is the product of two or three others, or the quotient of two, in (nearly) every
        row: a relation the table's numbers show rather than its words, so it is only taken when it
        holds in at least 95% of at least four rows, and the rows where it fails are the findings."""
        out = []
        for t in self.doc.tables:
            nrows = len(t.rows)
            if nrows < 3 or t.ncols < 3 or t.ncols > 40:
                continue
            cols: dict[int, list[int | None]] = {}
            bounds: dict[int, list[tuple[float, float] | None]] = {}
            for c in range(t.ncols):
                vals = [self.value(t, r, c) for r in range(nrows)]
                filled = [v for v in vals if v is not None]
                nominals = {self.ms[v].number.nominal for v in filled}
                # the first column is a factor only when every row's label is a number ("GPUs": 8, 16, 32)
                if c == 0 and len(filled) < nrows:
                    continue
                if len(filled) >= 3 and len(nominals) > 1 and all(self.ms[v].number.nominal > 0 for v in filled):
                    cols[c] = vals
                    bounds[c] = [_float_bounds(self.ms[v]) if v is not None else None for v in vals]
            targets = sorted(cols, key=lambda c: -max(b[1] for b in bounds[c] if b is not None))
            summary = frozenset(range(nrows)).difference(body_rows(t))
            uses: dict[int, list[int]] = {}       # column -> the columns its relation reads

            done: set[int] = set()                # the columns checked already (a rate checked first)
            for c in targets:
                if c == 0 or c in done:
                    continue
                # no column may be computed from a column computed from it (no reference cycle)
                whole = [_whole_bounds(self.ms[v], b) if v is not None else None for v, b in zip(cols[c], bounds[c],
                                                                                                  strict=True)]
                best = _best_column_relation(bounds, c, [k for k in cols if k != c and not reaches(uses, k, c)],
                                             whole, summary)
                if best is None:
                    continue
                share, factors, op, rows = best
                c, factors, op = self._rate_first(cols, c, factors, op)
                if c in done:
                    continue
                done.add(c)
                uses[c] = factors
                heads = [self._header(t, k) for k in factors]
                sym = " × " if op == "*" else " ÷ "
                for r in rows:
                    target = cols[c][r]
                    parts = [cols[k][r] for k in factors]
                    if target is None or any(p is None for p in parts):
                        continue
                    idx = [p for p in parts if p is not None]
                    formula = f" {op} ".join(_ref(p) for p in idx)
                    rel = self._table_relation(
                        "column-product", target, formula, idx,
                        note=f"column {self._header(t, c)!r} of {_where(t)} is {sym.join(repr(h) for h in heads)} "
                             f"(row {t.label(r)!r})",
                        evidence=f"{_where(t)}: {self._header(t, c)!r} = {sym.join(repr(h) for h in heads)} holds "
                                 f"in {share:.0%} of {len(rows)} rows", confidence=0.8)
                    if rel is not None:
                        out.append(self._whole_result(rel))
        return out

    def _quotient_column(self, t: Table, c: int, total: int) -> bool:
        """Whether column ``c``'s cells above the ``total`` row are each the quotient of two other columns'
        cells of their row ("Boxes / image" = Boxes ÷ Images, "v2 字/token" = 字符数 ÷ v2 token): a column of
        ratios, whose Total row is pooled, not a sum. Three rows or more, every one within its rounding (all
        but one of five or more)."""
        memo = self.__dict__.setdefault("_quotient_memo", {})
        key = (t.index, c, total)
        if key not in memo:
            rows = [r for r in range(total) if self.value(t, r, c) is not None]
            cols = [k for k in range(1, t.ncols) if k != c and all(self.value(t, r, k) is not None for r in rows)]
            # the divisor adds up in the Total row (Images): a column over a column of ratios ("Tokens" =
            # "Bytes" ÷ "Bytes / token") is a count, and its Total a sum
            divisors = [k for k in cols if self._sums_in(t, k, total, rows)]
            # (every row, or all but one of five or more: a column of ratios may hold the document's slip)
            misses = 1 if len(rows) >= 5 else 0
            memo[key] = len(rows) >= 3 and any(
                sum(not _quotient_near(self.ms[self.value(t, r, c)], self.ms[self.value(t, r, a)],  # type: ignore[index]
                                       self.ms[self.value(t, r, b)]) for r in rows) <= misses    # type: ignore[index]
                for a in cols for b in divisors if a != b)
        return memo[key]

    def _sums_in(self, t: Table, k: int, total: int, rows: list[int]) -> bool:
        """Column ``k``'s cell in the ``total`` row is the sum of its cells in ``rows``."""
        cell = self.value(t, total, k)
        parts = [self.value(t, r, k) for r in rows]
        return cell is not None and None not in parts and _recomputes(
            self.ms[cell], _placeholder_formula([p for p in parts if p is not None], "+"), self.ms)

    def _rate_first(self, cols: dict[int, list[int | None]], c: int, factors: list[int], op: str
                    ) -> tuple[int, list[int], str]:
        """A count that is another count times a column of percentages ("Successes" = "Episodes" × "Success
        rate") is checked the way the table computed it: the percentage is the count over the other, so a
        misprinted rate is reported on its own cell, not on the count's."""
        if len(factors) != 2:
            return c, factors, op
        percent = [k for k in factors if all(self.ms[v].number.kind == "percent" for v in cols[k] if v is not None)]
        if len(percent) != 1 or any(self.ms[v].number.kind == "percent" for v in cols[c] if v is not None):
            return c, factors, op
        rate = percent[0]
        other = factors[0] if factors[1] == rate else factors[1]
        if op == "*":               # count = other × rate: rate = count / other
            return rate, [c, other], "/"
        if factors == [other, rate]:    # count = other / rate ("Episodes" = "Successes" ÷ rate): rate = other / count
            return rate, [other, c], "/"
        return c, factors, op

    def _whole_result(self, rel: Relation) -> Relation:
        """A whole number printed for a result that is not whole ("3610" for 57754 / 16 = 3609.6): the
        column is rounded (or truncated) to whole numbers, so the formula says so. Where units are
        checked the engine cannot round, so the relation is only suggested."""
        assert rel.target is not None   # noqa: S101 - column relations always check a cell
        m = self.ms[rel.target]
        if m.number.step != 0 or m.number.nominal.denominator != 1 or _recomputes(m, rel.formula, self.ms):
            return rel
        q = _evaluate(rel.formula, self.ms, True)
        if q is None:
            return rel
        n = m.number.nominal
        for wrap, word in ((f"floor({rel.formula} + 1/2)", "rounded"), (f"floor({rel.formula})", "truncated")):
            shift = Fraction(1, 2) if word == "rounded" else Fraction(0)
            if math.floor(q.mag.lo + shift) <= n <= math.floor(q.mag.hi + shift):
                if not rel.unitless:
                    rel.confidence = 0.4
                    rel.note += f"; the whole number is the result {word}, which the units check cannot read"
                else:
                    rel.formula = wrap
                    rel.note += f"; the whole number is the result {word}"
                    rel.evidence += f", read {word} to a whole number"
                break
        return rel

    def _shares(self, idx: list[int], quote: str, at: int, where: str) -> Relation | None:
        ms = [self.ms[i] for i in idx]
        if len(ms) < 2 or not all(m.number.kind == "percent" and _usable(m) for m in ms):
            return None
        total = sum(m.number.nominal for m in ms)
        if not (Fraction(95) <= total <= Fraction(105)):
            return None
        return Relation("shares", None, _placeholder_formula(idx, "+"), idx, value="100%", quote=quote,
                        note=f"the shares in {where} should add up to 100%", at=at,
                        evidence=f"{len(idx)} percentages in {where} summing to {float(total):g}%",
                        confidence=0.75 if len(idx) >= 3 else 0.4)

    def table_shares(self) -> list[Relation]:
        out = []
        for t in self.doc.tables:
            if any(TOTAL_LABEL.match(t.label(r)) for r in range(len(t.rows))):
                continue
            for c in range(1, t.ncols):
                cells = [self.by_cell.get((t.index, r, c), []) for r in range(len(t.rows))]
                if any(len(x) != 1 for x in cells):
                    continue
                rel = self._shares([x[0] for x in cells], self.doc.line_text(t.start).strip(), t.start,
                                   f"column {self._header(t, c)!r} of {_where(t)}")
                if rel:
                    out.append(rel)
        return out

    def list_shares(self) -> list[Relation]:
        """Consecutive list items each printing one percentage ("- NVLink 42.57%")."""
        out = []
        run: list[int] = []
        last_line = -2
        lines_seen: dict[int, list[int]] = {}
        for i, m in enumerate(self.ms):
            if m.cell is None and _LIST_ITEM.match(self.doc.line_text(m.start)):
                lines_seen.setdefault(m.line, []).append(i)
        for line in sorted(lines_seen):
            ids = lines_seen[line]
            pct = [i for i in ids if self.ms[i].number.kind == "percent"]
            if len(pct) == 1 and line == last_line + 1:
                run.append(pct[0])
            else:
                if len(run) >= 2:
                    rel = self._shares(run, self.doc.line_text(self.ms[run[0]].start).strip(),
                                       self.ms[run[0]].start, "the list")
                    if rel:
                        out.append(rel)
                run = pct[:1] if len(pct) == 1 else []
            last_line = line
        if len(run) >= 2:
            rel = self._shares(run, self.doc.line_text(self.ms[run[0]].start).strip(), self.ms[run[0]].start,
                               "the list")
            if rel:
                out.append(rel)
        return out


    # -- "4.1 hours ($132) | 9 hours ($290) | …": one rate implied by every cell of a row ---------------
    def cell_rates(self) -> list[Relation]:
        """Cells of one row that each pair two quantities of two kinds (a time and a cost): the second
        over the first is one rate along the row. Not stated but shown, so taken only when one rate
        fits every pair of at least three (audited, 0.75), or all but one of at least four (the odd
        one is the finding, 0.7)."""
        out = []
        ms = self.ms
        for t in self.doc.tables:
            for r in range(len(t.rows)):
                pairs = []
                for c in range(1, t.ncols):
                    got = self.by_cell.get((t.index, r, c), [])
                    if len(got) == 2 and all(_usable(ms[k]) and ms[k].number.nominal != 0 and ms[k].unit.dims.items
                                             for k in got) and ms[got[0]].unit.dims != ms[got[1]].unit.dims:
                        pairs.append((c, got[0], got[1]))
                kinds = {(ms[a].unit.dims, ms[b].unit.dims) for _c, a, b in pairs}
                if len(pairs) < 3 or len(kinds) != 1:
                    continue
                rates = [_rate_bounds(ms[a], ms[b]) for _c, a, b in pairs]
                held = _sharing(rates)
                if len(held) < len(pairs) and (len(pairs) < 4 or len(held) < len(pairs) - 1):
                    continue
                conf = 0.75 if len(held) == len(pairs) else 0.7
                base = max(held, key=lambda k: abs(ms[pairs[k][2]].number.nominal))
                _c0, a0, b0 = pairs[base]
                dim_a, dim_b = ms[a0].unit.canonical, ms[b0].unit.canonical
                for k, (c, a, b) in enumerate(pairs):
                    if k == base:
                        continue
                    rel = self._table_relation(
                        "rate", b, f"{_ref(a)} * {_ref(b0)} / {_ref(a0)}", [a, b0, a0],
                        note=f"{_where(t)}, row {t.label(r)!r}: {ms[b].printed} for {ms[a].printed} at the rate "
                             f"of {ms[b0].printed} for {ms[a0].printed} ({self._header(t, c)!r})",
                        evidence=f"{_where(t)}: every cell of row {t.label(r)!r} pairs a {dim_a} with a {dim_b}; "
                                 f"one {dim_b}/{dim_a} rate fits {len(held)} of {len(pairs)}", confidence=conf)
                    if rel is not None:
                        out.append(rel)
        return out

    # -- a column proportional to another (times a constant column): an unprinted factor -----------
    def column_proportions(self, found: list[Relation]) -> list[Relation]:
        """One column is another times a factor the table does not print, the same in every row
        (GPU hours × a constant power column × a grid factor = tCO2eq), and likewise one row another
        row times a factor in every column (an "in USD" row that is the "in GPU hours" row × $2).
        Shown, not stated: taken only when the ratio agrees within 0.5% over at least three cells of
        three or more significant digits, one ratio fits every cell, and the series is not already
        computed by another relation."""
        out: list[Relation] = []
        # a column already computed (a column product), or read as shares of cells (of a Total row, fractions)
        shares = [r for r in found if r.kind == "percent-of" and r.parts and self.ms[r.parts[0]].cell is not None]
        taken = {r.target for r in found if r.kind == "column-product"} | {r.target for r in shares} \
            | {k for r in shares for k in r.parts if len(r.parts) == 1}
        for t in self.doc.tables:
            rows = body_rows(t)
            cols = list(range(1, t.ncols))
            down = {c: [self.value(t, r, c) for r in rows] for c in cols}
            along = {r: [self.value(t, r, c) for c in cols] for r in range(len(t.rows))}
            out += self._proportions(t, down, [f"row {t.label(r)!r}" for r in rows],
                                     [f"column {self._header(t, c)!r}" for c in range(t.ncols)], taken)
            out += self._proportions(t, along, [f"column {self._header(t, c)!r}" for c in cols],
                                     [f"row {t.label(r)!r}" for r in range(len(t.rows))], taken)
        return out

    def _proportions(self, t: Table, series: dict[int, list[int | None]], places: list[str], names: list[str],
                     taken: set[int | None]) -> list[Relation]:
        """Series (columns or rows, each a list of cell mentions over ``places``) that are another
        series (times a constant one) times one factor."""
        ms = self.ms
        full = {k: [v for v in vals if v is not None] for k, vals in series.items()
                if len(vals) >= 3 and all(v is not None and ms[v].number.nominal > 0 for v in vals)}
        if len(full) > 10:
            return []
        constant = [k for k, v in full.items() if len({ms[i].number.nominal for i in v}) == 1]
        varying = [k for k in full if k not in constant]
        out: list[Relation] = []
        based: set[int] = set()     # series already read as another's base: not computed from it in turn
        for c in varying:
            precise = [p for p, i in enumerate(full[c]) if _sig_digits(ms[i]) >= 3]
            if any(i in taken for i in full[c]) or len(precise) < 3 or c in based:
                continue
            for a in varying:
                pairs = list(zip(full[c], full[a], strict=True))
                ratios = [ms[pairs[p][0]].number.nominal / ms[pairs[p][1]].number.nominal for p in precise]
                if a == c or max(ratios) > min(ratios) * Fraction(1005, 1000) or max(ratios) == 1:
                    continue
                if _sharing([_rate_bounds(ms[y], ms[x]) for x, y in pairs]) != list(range(len(pairs))):
                    continue
                out += self._proportional(t, full, places, names, c, a, constant[:1])
                taken.update(full[c])
                based.add(a)
                break
        return out

    def _proportional(self, t: Table, full: dict[int, list[int]], places: list[str], names: list[str], c: int,
                      a: int, constant: list[int]) -> list[Relation]:
        ms = self.ms
        base = max(range(len(places)), key=lambda p: ms[full[c][p]].number.nominal)
        heads = " × ".join(names[k] for k in [a, *constant])
        den = [full[a][base]] + [full[b][base] for b in constant]

        def one(p: int) -> Relation | None:
            num = [full[a][p]] + [full[b][p] for b in constant]
            formula = " * ".join(_ref(i) for i in num) + f" * {_ref(full[c][base])} / (" \
                + " * ".join(_ref(i) for i in den) + ")"
            return self._table_relation(
                "column-product", full[c][p], formula, [*num, full[c][base], *den],
                note=f"{names[c]} of {_where(t)} is {heads} times one factor, as in {places[base]} ({places[p]})",
                evidence=f"{_where(t)}: {names[c]} / {heads} is one value within 0.5% in all {len(places)} "
                         f"cells", confidence=0.75)

        return [rel for p in range(len(places)) if p != base and (rel := one(p)) is not None]

    # -- quantisation tables: fewer bits, less memory ---------------------------------------------------
    def precision_order(self) -> list[Relation]:
        """A memory table whose rows are numeric precisions (bf16 / fp16, 8bits, INT4): in each column
        a row with more bits needs more memory than a row with fewer."""
        out = []
        for t in self.doc.tables:
            bits = {r: _bits(t.label(r)) for r in range(len(t.rows))}
            rows = sorted((r for r, b in bits.items() if b), key=lambda r: -(bits[r] or 0))
            if len({bits[r] for r in rows}) < 2:
                continue
            for c in range(1, t.ncols):
                head = self._header(t, c)
                if not _MEMORY.search(" ".join((t.caption, t.section, head))):
                    continue
                vals = [(r, v) for r in rows if (v := self.value(t, r, c)) is not None]
                for (r1, x), (r2, y) in itertools.pairwise(vals):
                    if bits[r1] == bits[r2]:
                        continue
                    out.append(Relation(
                        "compare", None, f"{_ref(x)} - {_ref(y)}", [x, y], value="> 0",
                        quote=self.doc.line_text(self.ms[y].start).strip(),
                        note=f"{t.label(r1)!r} ({bits[r1]} bits) needs more memory than {t.label(r2)!r} "
                             f"({bits[r2]} bits) in column {head!r} of {_where(t)}",
                        at=self.ms[y].start, unitless=True, confidence=0.75,
                        evidence=f"{_where(t)}: memory words in its caption or header; rows labelled by "
                                 f"precision {t.label(r1)!r} and {t.label(r2)!r}"))
        return out


    # -- "Speed-up" columns: "1.5x" against a baseline row, "36.0 (1.37x)" against a cell of its row ---------
    def speedups(self) -> list[Relation]:
        """A column of multiples ("1.5x", "2倍"), alone or after the cell's own value ("36.0 (1.37x)"),
        that is one other column's value over (or under) its baseline — the row printed "1.0x", or the
        same row's cell of another column. Found, not stated: taken only when one reading (one column,
        one direction) gives every multiple of three or more rows, or all but one of ten or more."""
        out: list[Relation] = []
        ms = self.ms
        for t in self.doc.tables:
            nrows = len(t.rows)
            if nrows < 3 or t.ncols < 2 or t.ncols > 40:
                continue
            for c in range(1, t.ncols):
                rows: dict[int, tuple[int, int | None]] = {}      # row -> (the multiple, the cell's own value)
                for r in range(nrows):
                    got = [i for i in self.by_cell.get((t.index, r, c), []) if _usable(ms[i])]
                    if got and ms[got[-1]].number.kind == "ratio" and len(got) <= 2 and (
                            len(got) == 1 or ms[got[0]].number.kind == "number"):
                        rows[r] = (got[-1], got[0] if len(got) == 2 else None)
                if len(rows) < 3:
                    continue
                readings = self._speedup_readings(t, c, rows)
                also = ""
                if len(readings) > 1 and all(holds == len(pairs) for pairs, holds in readings.values()):
                    # latency and throughput both give every multiple: whichever is meant, each holds
                    first, *rest = readings
                    also = f" (as does {', '.join(rest)})"
                    readings = {first: readings[first]}
                if len(readings) != 1:
                    continue                    # none, or several columns and directions fit: no one is meant
                (what, (pairs, holds)), = readings.items()
                head = self._header(t, c)
                drafted = (self._table_relation(
                    "ratio", x, formula, parts, confidence=0.75,
                    note=f"the multiple in column {head!r} of {_where(t)} is {what} (row {t.label(r)!r})",
                    evidence=f"{_where(t)}: column {head!r} is {what} in {holds} of {len(pairs)} rows, "
                             + (f"in every row{also}" if also else "the only reading that holds"))
                    for r, (x, formula, parts) in pairs.items())
                out += [rel for rel in drafted if rel is not None]
        return out

    def _speedup_readings(self, t: Table, c: int, rows: dict[int, tuple[int, int | None]]
                          ) -> dict[str, tuple[dict[int, tuple[int, str, list[int]]], int]]:
        """Each reading of column ``c``'s multiples that holds in enough rows: its description -> the
        rows' (multiple, formula, parts)."""
        ms = self.ms
        own = all(o is not None for _x, o in rows.values())
        ones = [r for r, (x, _o) in rows.items() if ms[x].number.nominal == 1]
        candidates: list[tuple[str, dict[int, tuple[int, int]]]] = []      # (what, row -> (numerator, denominator))
        plain = [r for r in range(len(t.rows)) if r not in rows and (v := self.value(t, r, c)) is not None
                 and ms[v].number.kind == "number" and ms[v].number.nominal > 0]
        if own and len(plain) == 1:     # "49.3" in the baseline's row, "36.0 (1.37x)" below it
            base, row = self.value(t, plain[0], c), repr(t.label(plain[0]))
            assert base is not None  # noqa: S101 - narrows for mypy: kept above only when it has one
            pairs = {r: (base, o) for r, (_x, o) in rows.items() if o is not None}
            candidates += [(f"row {row}'s value over the cell's value", pairs),
                           (f"the cell's value over row {row}'s", {r: (b, a) for r, (a, b) in pairs.items()})]
        for k in range(1, t.ncols):
            if k == c:
                continue
            col = {r: v for r in range(len(t.rows)) if (v := self.value(t, r, k)) is not None
                   and ms[v].number.kind == "number" and ms[v].number.nominal > 0}
            head = repr(self._header(t, k))
            if own:     # the cell's own value against another column of its row
                pairs = {r: (col[r], o) for r, (_x, o) in rows.items() if r in col and o is not None}
                candidates += [(f"{head} over the cell's value", pairs),
                               (f"the cell's value over {head}", {r: (b, a) for r, (a, b) in pairs.items()})]
            elif len(ones) == 1 and ones[0] in col:     # a column's value against the row printed 1x
                base = col[ones[0]]
                pairs = {r: (base, col[r]) for r in rows if r in col and r != ones[0]}
                row = repr(t.label(ones[0]))
                candidates += [(f"{head} of row {row} over the row's {head}", pairs),
                               (f"the row's {head} over that of row {row}", {r: (b, a) for r, (a, b) in pairs.items()})]
        found: dict[str, tuple[dict[int, tuple[int, str, list[int]]], int]] = {}
        for what, pairs in candidates:
            if len(pairs) < 3:
                continue
            checked = {r: (rows[r][0], f"{_ref(a)} / {_ref(b)}", [a, b]) for r, (a, b) in pairs.items()}
            holds = sum(_recomputes(ms[x], f, ms) for x, f, _p in checked.values())
            if holds == len(checked) or (len(checked) >= 10 and holds == len(checked) - 1):
                found[what] = (checked, holds)
        return found


_PRECISION = re.compile(r"^\W*(?:(?:b?fp?|int|q|w)\s*(\d+)|(\d+)\s*-?\s*bits?)\W*(?:[(（][A-Za-z\s\-]{1,12}[)）])?\W*$",
                        re.I)     # "Int4 (GPTQ)": a method name after the width
_SIZE_WORDS = re.compile(r"size|memory|\bmem\b|vram|大小|体积|显存|内存|占用|存储", re.I)
_MEMORY = re.compile(r"memory|\bmem\b|vram|显存|内存|占用", re.I)
#: A list item's marker at the start of its line ("- ", "* ", "1. ", "2、").
_LIST_ITEM = re.compile(r"\s*(?:[-*+•]|\d+[.)、])\s")
_NOT_DIGIT = re.compile(r"\D")


@lru_cache(maxsize=4096)
def _bits(label: str) -> int | None:
    """The bit width a row label names ("bf16 / fp16" -> 16, "8bits" -> 8, "INT4" -> 4, and in a
    closing parenthesis after the row's words: "原模型大小（FP16）", "Size (4-bit)"), else None."""
    mo = re.fullmatch(r"([^()（）]{1,16})[(（]([^()（）]{1,12})[)）]\W*", label.strip("*_ "))
    if mo is not None and _SIZE_WORDS.search(mo.group(1)) and _PRECISION.match(mo.group(2)):
        label = mo.group(2)         # the row's words say it is a size ("PPL（FP16）" is not)
    widths = set()
    for part in re.split(r"\s*/\s*", label.strip("*_ ")):
        mo = _PRECISION.match(part)
        if mo is None:
            return None
        widths.add(int(mo.group(1) or mo.group(2)))
    return widths.pop() if len(widths) == 1 else None


#: A column of averages, rates or shares by its header ("平均长度", "Avg. length", "Mean score",
#: "每 GPU", "占比", "Pass rate"): its Total row is an overall value, not the sum of the rows.
_AVERAGE_HEADER = re.compile(r"平均|均值|人均|每|率|占比|比例|比重"
                             r"|\b(?:avg|average|mean|median|per|rate|ratio|share)\b", re.I)


def _quotient_near(q: Mention, a: Mention, b: Mention) -> bool:
    """``q``'s printed magnitude is ``a``'s over ``b``'s within half of ``q``'s last digit (and 1%)."""
    if b.number.nominal == 0 or q.number.nominal <= 0:
        return False
    got = float(a.number.nominal) / float(b.number.nominal)
    want = float(q.number.nominal)
    half = float(q.number.interval.hi - q.number.interval.lo) / 2 or 0.5
    return abs(got - want) <= max(half, want / 100) * 1.0001


def _intensive(m: Mention) -> bool:
    """A percentage, a ratio or a rate: a value that does not add up across rows."""
    return m.number.kind in ("percent", "ratio", "points", "permille") or "/" in m.unit.canonical


def _sig_digits(m: Mention) -> int:
    """Significant digits printed ("31.22" 4, "400" 1, "0.035" 2)."""
    digits = _NOT_DIGIT.sub("", m.printed_number or "").lstrip("0")
    return len(digits.rstrip("0")) if "." not in (m.printed_number or "") else len(digits)


def _rate_bounds(a: Mention, b: Mention) -> tuple[float, float]:
    """|b| / |a| as a float interval, in the units' base scale (2.1 days and 9 hours compare)."""
    ia, ib = a.number.interval * a.unit.factor, b.number.interval * b.unit.factor
    try:
        alo, ahi = sorted((abs(float(ia.lo)), abs(float(ia.hi))))
        blo, bhi = sorted((abs(float(ib.lo)), abs(float(ib.hi))))
    except OverflowError:
        return math.nan, math.nan         # beyond floats: shares no rate with anything
    return (blo / ahi, bhi / alo) if alo > 0 else (0.0, float("inf"))


def _sharing(bounds: list[tuple[float, float]]) -> list[int]:
    """The largest set of intervals with a common point (the indices), found by sweeping the ends."""
    best: list[int] = []
    for lo, _hi in bounds:
        at = [k for k, (a, b) in enumerate(bounds) if a <= lo <= b]
        if len(at) > len(best):
            best = at
    return best
