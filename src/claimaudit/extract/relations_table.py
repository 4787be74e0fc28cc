"""Relations a table's structure states: Total and Average rows and columns, columns that are the
product or quotient of others in every row, and percentage columns that split a whole."""

from __future__ import annotations

import re
from fractions import Fraction

from .mentions import Mention
from .relation_model import FinderBase, Relation, _placeholder_formula, _recomputes, _ref, _usable, _where, reaches

TOTAL_LABEL = re.compile(r"^\W*(?:total|totals|sum|grand total|overall|合计|总计|总和|共计|小计|總計|合計)\W*$", re.I)
AVERAGE_LABEL = re.compile(r"^\W*(?:average|avg\.?|mean|平均(?:值|分)?|均值)\W*$", re.I)


def _float_bounds(m: Mention) -> tuple[float, float]:
    """The printed magnitude's interval as floats, widened by one step (a truncated reading). Units
    are left out: columns are screened on the numbers printed, the draft's formula then decides
    whether the units compose."""
    iv = m.number.interval
    return float(iv.lo), float(iv.hi + m.number.step)


def _combine(op: str, a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    if op == "*":
        return a[0] * b[0], a[1] * b[1]
    return a[0] / b[1] if b[1] else 0.0, a[1] / b[0] if b[0] else float("inf")


def _best_column_relation(bounds: dict[int, list[tuple[float, float] | None]], c: int,
                          others: list[int]) -> tuple[float, list[int], str, list[int]] | None:
    """The factors (2 or 3 columns, a product; or a quotient of 2) that give column ``c`` in the
    most rows, when that is at least 95% of at least four rows. Screening is on float bounds; the
    draft's formulas are then checked exactly by the engine."""
    target = bounds[c]

    def share(factors: list[int], op: str) -> tuple[float, list[int]] | None:
        rows, held, ones = [], 0, 0
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
            held += acc[0] <= tb[1] and tb[0] <= acc[1]
            if len(rows) - held > max(1, 0.05 * len(target)):
                return None
        if len(rows) - ones < 4 or held < 0.95 * len(rows):
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
            for r in range(len(t.rows)):
                label = t.label(r)
                average = bool(AVERAGE_LABEL.match(label))
                if not (TOTAL_LABEL.match(label) or average):
                    continue
                for c in range(1, t.ncols):
                    target = self.value(t, r, c)
                    idx = [self.value(t, k, c) for k in range(first, r)]
                    if target is None or len(idx) < 2 or any(i is None for i in idx):
                        continue
                    parts = [i for i in idx if i is not None]
                    formula = _placeholder_formula(parts, "+")
                    if average:
                        formula = f"({formula}) / {len(parts)}"
                    word = "mean" if average else "sum"
                    rel = self._table_relation(
                        "table-total", target, formula, parts,
                        note=f"the {label!r} row of {_where(t)} ({self._header(t, c)}) is the {word} "
                             "of the rows above it",
                        evidence=f"{_where(t)}: row label {label!r} over {len(parts)} rows of column "
                                 f"{self._header(t, c)!r}", confidence=0.9)
                    if rel is not None:
                        out.append(rel)
                first = r + 1
        return out

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
                # A stated total is stated; an average may be over a subset of columns: trust the
                # reading only when it holds in most rows.
                conf = 0.9 if not average else (0.85 if found and held * 2 >= len(found) else 0.4)
                for rel in found:
                    rel.confidence = conf
                out += found
        return out

    def column_products(self) -> list[Relation]:
        """One column is the product of two or three others, or the quotient of two, in (nearly) every
        row: a relation the table's numbers show rather than its words, so it is only taken when it
        holds in at least 95% of at least four rows, and the rows where it fails are the findings."""
        out = []
        for t in self.doc.tables:
            nrows = len(t.rows)
            if nrows < 4 or t.ncols < 3 or t.ncols > 40:
                continue
            cols: dict[int, list[int | None]] = {}
            bounds: dict[int, list[tuple[float, float] | None]] = {}
            for c in range(1, t.ncols):
                vals = [self.value(t, r, c) for r in range(nrows)]
                filled = [v for v in vals if v is not None]
                nominals = {self.ms[v].number.nominal for v in filled}
                if len(filled) >= 4 and len(nominals) > 1 and all(self.ms[v].number.nominal > 0 for v in filled):
                    cols[c] = vals
                    bounds[c] = [_float_bounds(self.ms[v]) if v is not None else None for v in vals]
            targets = sorted(cols, key=lambda c: -max(b[1] for b in bounds[c] if b is not None))
            uses: dict[int, list[int]] = {}       # column -> the columns its relation reads

            for c in targets:
                # no column may be computed from a column computed from it (no reference cycle)
                best = _best_column_relation(bounds, c, [k for k in cols if k != c and not reaches(uses, k, c)])
                if best is None:
                    continue
                share, factors, op, rows = best
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
                        out.append(rel)
        return out

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
            if m.cell is None and re.match(r"\s*(?:[-*+•]|\d+[.)、])\s", self.doc.line_text(m.start)):
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

