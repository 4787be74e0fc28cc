"""Relations a document states itself, found among its mentions, each with its evidence and a confidence.

Each :class:`Relation` says: mention ``target`` should equal ``formula`` over other mentions, and
names the evidence (the table structure or the words that state it) and a confidence in [0, 1].
``claimaudit run DOC`` audits the relations at or above :data:`CONFIDENT` (``--relations all``:
every one); the others stay in the draft as suggestions for the reviewer. Precision first: a
relation is only drafted with high confidence when a reader would say the document states it.

From table structure (a cell knows its row label, column header, caption and section):

* ``table-total``   a row labelled Total / Sum / 合计 / 总计 is the sum of the rows above it (0.9);
* ``row-total``     a column headed Total / 合计 is the sum of the row's other cells (0.9);
* ``row-average``   a column headed Average / Avg / 平均 is the mean of the row's other cells, and a
                    row labelled Average the mean of the rows above (0.85 when that reading holds in
                    most rows, else a suggestion);
* ``column-product`` one column is the product or quotient of two others in every row — found,
                    not stated, so only when it holds in at least 90% of at least four rows (0.8);
* ``shares``        percentages of a column or a list that split a whole add up to 100% (0.75 with
                    three or more shares, else a suggestion);
* ``same``          two cells of two tables with the same caption or section, row label, column
                    header and unit (0.75). Never across columns, and never for rows that merely share
                    a label; prose repetitions are suggestions only (0.2).

From prose:

* ``percent-of``    "X% (A out of B)", "X%（A/B）", "A of B (X%)" (0.9);
* ``equation``      "A × B = C", "A + B + C = D", "C ≈ A × B" written out (0.9);
* ``product``       "T（N items, each M）" / "T (N x, each M)": T = N × M (0.8);
* ``written-sum``   "T（其中 A …，B …）" / "T (of which A and B)": T = A + B (0.8);
* ``change``        "from X to Y … a Z× speed-up / Z% less / Z% efficiency" (0.8); between two
                    percentages a change "by Z%" that holds in percentage points is read so;
* ``rate``          "N per M" printed next to a numerator and a denominator (0.5: a suggestion);
* ``cross-table``   a later table whose caption names a column of an earlier table of the same
                    section with "minimum"/"maximum" (最低, 最高): each shared row's cell is the minimum
                    (maximum) of the later table's row (0.7);
* ``headline``      a sentence naming one row label and one column header of a table, with a value
                    of the cell's kind: the value is that cell (0.75);
* ``compare``       "X surpasses / outperforms A, B and C on H": X's cell in column H against each
                    named row's (0.75); "lower … than" reverses it.

Formulas use placeholders ``{0}``, ``{1}`` … for mention indices; the draft puts claim ids there.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from ..numbers.interval import Interval
from ..units.quantity import DimensionMismatch, Dims, Quantity
from .document import Document, Table
from .mentions import Mention

TOTAL_LABEL = re.compile(r"^\W*(?:total|totals|sum|grand total|overall|合计|总计|总和|共计|小计|總計|合計)\W*$", re.I)
AVERAGE_LABEL = re.compile(r"^\W*(?:average|avg\.?|mean|平均(?:值|分)?|均值)\W*$", re.I)
#: Distinct row labels and headers beyond which prose is not matched against tables (time bound).
MAX_NAMES = 5000
#: Relations at or above this confidence are audited by ``claimaudit run DOC`` by default.
CONFIDENT = 0.7
_OPS = {"+": "+", "-": "-", "−": "-", "–": "-", "×": "*", "x": "*", "X": "*", "*": "*", "·": "*",
        "/": "/", "÷": "/"}
_EQ = re.compile(r"^\s*(?:[✓✔]\s*)?(=|≈|≒|~=|约等于|等于)\s*$")
_PAREN_NOTE = r"(?:\s*[（(][^()（）\n]{1,40}[)）])?"
_GAP_OP = re.compile(r"^" + _PAREN_NOTE + r"\s*([+\-−–×xX*·/÷])\s*$")
_GAP_EQ = re.compile(r"^" + _PAREN_NOTE + r"\s*(=|≈|≒|~=)\s*$")
_CHANGE_FROM = re.compile(r"(?:\bfrom\b|从|由)\s*$", re.I)
_CHANGE_TO = re.compile(r"^\s*(?:\bto\b|(?:到|至|压到|降到|降至|减到|减少到|增至|增加到|涨到|提升到|提高到|升到|缩到"
                        r"|缩减到|下降到|一路涨到|一路降到)了?|→|->)\s*$", re.I)
_LESS_WORDS = re.compile(r"reduc|less|lower|fewer|cut|sav|decreas|shrink"
                         r"|缩减|降低|减少|砍掉|节省|省|下降|压缩|少", re.I)
_MORE_WORDS = re.compile(r"increas|more|higher|faster|grow|gain|提升|提高|增长|增加|多|快", re.I)
_EFFICIENCY = re.compile(r"efficien|效率", re.I)
_SPEEDUP = re.compile(r"speed-?up|faster|加速|倍", re.I)


@dataclass
class Relation:
    kind: str
    target: int | None              # mention index whose value is checked; None: a derived value
    formula: str                    # over {i} placeholders
    parts: list[int]
    value: str | None = None        # value text when there is no target mention ("100%")
    quote: str = ""
    note: str = ""
    unitless: bool = False          # the document's units do not compose: compare magnitudes only
    at: int = 0                     # offset, for the locator
    evidence: str = ""              # what states it: the table structure or the words
    confidence: float = 0.5         # audited by default at or above CONFIDENT

    def lines(self, mentions: list[Mention]) -> list[int]:
        """The document lines of the target and the parts (for reviewers and benchmarks)."""
        idx = ([self.target] if self.target is not None else []) + list(self.parts)
        return sorted({mentions[i].line for i in idx})


def _q(m: Mention) -> Quantity:
    return Quantity(m.number.interval * m.unit.factor, m.unit.dims)


def _usable(m: Mention) -> bool:
    return not m.number.is_range and m.number.relation in ("=", "~") and m.relation is None


def _evaluate(formula: str, ms: list[Mention], unitless: bool = False) -> Quantity | None:
    """Evaluate a placeholder formula on the mentions' intervals (to check dimensions here)."""
    tokens = re.findall(r"\{\d+\}|\d+|[+\-*/()]", formula)
    pos = 0

    def val(i: int) -> Quantity:
        m = ms[i]
        if unitless:
            return Quantity(m.number.interval, Dims())
        return _q(m)

    def expr() -> Quantity:
        nonlocal pos
        left = term()
        while pos < len(tokens) and tokens[pos] in "+-":
            op = tokens[pos]
            pos += 1
            right = term()
            left = left + right if op == "+" else left - right
        return left

    def term() -> Quantity:
        nonlocal pos
        left = atom()
        while pos < len(tokens) and tokens[pos] in "*/":
            op = tokens[pos]
            pos += 1
            right = atom()
            left = left * right if op == "*" else left / right
        return left

    def atom() -> Quantity:
        nonlocal pos
        t = tokens[pos]
        pos += 1
        if t == "(":
            v = expr()
            pos += 1
            return v
        if t == "-":
            return -atom()
        if t.isdigit():
            return Quantity(Interval(Fraction(int(t))), Dims())     # a count written in the formula
        return val(int(t[1:-1]))

    try:
        out = expr()
        return out if pos == len(tokens) else None
    except (DimensionMismatch, ZeroDivisionError, ArithmeticError, IndexError, ValueError):
        return None


def _fits(target: Mention, q: Quantity | None, unitless: bool = False) -> bool:
    """Dimensions agree (so the engine can compare the claim at all)."""
    if q is None:
        return False
    dims = Dims() if unitless else target.unit.dims
    return q.dims == dims


def _ref(i: int) -> str:
    """The formula placeholder for mention i: `{i}`."""
    return "{" + str(i) + "}"


def _placeholder_formula(ms: Iterable[int], op: str) -> str:
    return f" {op} ".join(_ref(i) for i in ms)


def _holds(target: Mention, q: Quantity | None) -> bool:
    """Whether a recomputed interval meets the target's, read as rounded or as truncated."""
    if q is None or q.dims != target.unit.dims:
        return False
    iv = target.number.interval * target.unit.factor
    step = target.number.step * target.unit.factor
    return q.mag.lo <= iv.hi + step and iv.lo <= q.mag.hi


def _recomputes(target: Mention, formula: str, ms: list[Mention]) -> bool:
    """Whether ``formula`` gives the target's value, with units when they compose, else on magnitudes."""
    q = _evaluate(formula, ms)
    if q is not None and q.dims == target.unit.dims:
        return _holds(target, q)
    mag = _evaluate(formula, ms, True)
    if mag is None:
        return False
    iv, step = target.number.interval, target.number.step
    return mag.mag.lo <= iv.hi + step and iv.lo <= mag.mag.hi


def reaches(uses: Mapping[int, Iterable[int]], a: int, b: int) -> bool:
    """Whether ``a`` reads ``b`` through ``uses`` (what each computed thing is computed from):
    a new "b from a" would then be a reference cycle."""
    todo, seen = [a], set()
    while todo:
        x = todo.pop()
        if x == b:
            return True
        if x not in seen:
            seen.add(x)
            todo += list(uses.get(x, ()))
    return False


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


def _where(t: Table) -> str:
    name = f"table {t.index + 1}"
    if t.caption:
        name += f" ({t.caption[:60]!r})"
    elif t.section:
        name += f" under {t.section[:60]!r}"
    return name


class RelationFinder:
    def __init__(self, doc: Document, mentions: list[Mention]) -> None:
        self.doc = doc
        self.ms = mentions
        self.text = doc.text
        self._index: tuple[dict[str, list[tuple[int, int]]], dict[str, list[tuple[int, int]]]] | None = None
        self.by_cell: dict[tuple[int, int, int], list[int]] = {}
        for i, m in enumerate(mentions):
            if m.cell is not None:
                self.by_cell.setdefault(m.cell, []).append(i)

    def find(self) -> list[Relation]:
        out: list[Relation] = []
        out += self.table_totals()
        out += self.row_aggregates()
        out += self.column_products()
        out += self.table_shares()
        out += self.list_shares()
        out += self.percent_of()
        out += self.equations()
        out += self.products()
        out += self.written_sums()
        out += self.changes()
        out += self.rates()
        out += self.headlines()
        out += self.cross_tables()
        out += self.comparisons()
        out += self.same_quantity(out)
        return [r for r in out if not any(self._cut(i) for i in ([r.target] if r.target is not None else []) + r.parts)]

    def _cut(self, i: int) -> bool:
        """A number read short: more digits follow it (``~200_000_000`` read as 200)."""
        m = self.ms[i]
        return bool(re.match(r"[_\d]|[.,]\d", self.text[m.number_end:m.number_end + 2]))

    # -- tables ---------------------------------------------------------------------------------------
    def value(self, t: Table, r: int, c: int) -> int | None:
        """The one usable mention of a cell (None when the cell holds no number, or several)."""
        got = self.by_cell.get((t.index, r, c), [])
        if len(got) != 1 or not _usable(self.ms[got[0]]):
            return None
        return got[0]

    def _header(self, t: Table, c: int) -> str:
        return t.header[c] if c < len(t.header) and t.header[c] else f"column {c + 1}"

    def _formula_fits(self, target: int, formula: str) -> tuple[bool, bool] | None:
        """(fits, unitless) or None when neither with units nor on magnitudes the formula compares."""
        if _fits(self.ms[target], _evaluate(formula, self.ms)):
            return True, False
        if _fits(self.ms[target], _evaluate(formula, self.ms, True), True):
            return True, True
        return None

    def _table_relation(self, kind: str, target: int, formula: str, parts: list[int], *, note: str,
                        evidence: str, confidence: float) -> Relation | None:
        """A relation between cells, when its formula compares (with units, else on magnitudes)."""
        fit = self._formula_fits(target, formula)
        if fit is None:
            return None
        return Relation(kind, target, formula, parts, quote=self.doc.line_text(self.ms[target].start).strip(),
                        note=note, unitless=fit[1], at=self.ms[target].start, evidence=evidence,
                        confidence=confidence)

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

    # -- prose ------------------------------------------------------------------------------------------
    def _gap(self, a: int, b: int) -> str:
        return self.text[self.ms[a].end:self.ms[b].start]

    def percent_of(self) -> list[Relation]:
        out = []
        ms = self.ms
        of = r"\s*(?:out of|of|in|/|／|之中的|中的)\s*"
        for i in range(len(ms) - 2):
            a, c = ms[i], ms[i + 2]
            # X% (A out of B)
            if a.number.kind == "percent" and re.fullmatch(r"\s*[（(]\s*", self._gap(i, i + 1)) \
                    and re.fullmatch(of, self._gap(i + 1, i + 2)) and re.match(r"\s*[)）]", self.text[c.end:c.end + 3]):
                target, num, den = i, i + 1, i + 2
            # A out of B (X%)
            elif c.number.kind == "percent" and re.fullmatch(of, self._gap(i, i + 1)) \
                    and re.fullmatch(r"\s*(?:[A-Za-z\u4e00-\u9fff ]{0,20})?[,，]?\s*[（(]\s*", self._gap(i + 1, i + 2)):
                target, num, den = i + 2, i, i + 1
            else:
                continue
            if not all(_usable(ms[k]) for k in (target, num, den)):
                continue
            formula = f"{_ref(num)} / {_ref(den)}"
            if not _fits(ms[target], _evaluate(formula, ms)):
                continue
            s, e = self.doc.sentence_span(ms[target].start)
            words_start = min(ms[i].start for i in (target, num, den))
            words_end = max(ms[i].end for i in (target, num, den))
            out.append(Relation("percent-of", target, formula, [num, den], quote=self.text[s:e].strip(),
                                note="the percentage is the part over the whole", at=ms[target].start,
                                evidence=f"the words {self.text[words_start:words_end + 1].strip()!r}",
                                confidence=0.9))
        return out

    def equations(self) -> list[Relation]:
        """Chains of mentions joined by operators, with = or ≈ before or after a single mention."""
        out = []
        ms = self.ms
        n = len(ms)
        i = 0
        while i < n:
            # Gather a chain i..j where consecutive gaps are an operator or an equals sign.
            chain = [i]
            links: list[tuple[str, str]] = []     # (kind 'op'|'eq', symbol)
            j = i
            while j + 1 < n and ms[j + 1].line == ms[i].line:
                gap = self._gap(j, j + 1)
                q = ms[j + 1].qualifier
                if q in ("≈", "~", "约") and ms[j + 1].printed.startswith(q) and not gap.strip():
                    gap = " ≈ "     # "C ≈ A × B": the qualifier is the equals sign
                mo = _GAP_OP.match(gap)
                me = _GAP_EQ.match(gap) if not mo else None
                if mo:
                    links.append(("op", _OPS[mo.group(1)]))
                elif me:
                    links.append(("eq", me.group(1)))
                else:
                    break
                j += 1
                chain.append(j)
            eqs = [k for k, (kind, _s) in enumerate(links) if kind == "eq"]
            if len(chain) >= 3 and len(eqs) >= 1:
                out.extend(self._equation(chain, links, eqs))
            i = j + 1 if j > i else i + 1
        return out

    def _equation(self, chain: list[int], links: list[tuple[str, str]], eqs: list[int]) -> list[Relation]:
        out = []
        ms = self.ms
        # Split into sides at the equals signs: [side0] = [side1] = [side2] …
        sides: list[list[int]] = [[chain[0]]]
        ops: list[list[str]] = [[]]
        for k, (kind, sym) in enumerate(links):
            if kind == "eq":
                sides.append([chain[k + 1]])
                ops.append([])
            else:
                sides[-1].append(chain[k + 1])
                ops[-1].append(sym)
        approx = any(links[k][1] in ("≈", "≒", "~=") for k in eqs)
        # Each single-mention side is checked against each multi-mention side.
        exprs = [(s, o) for s, o in zip(sides, ops, strict=True) if len(s) > 1]
        singles = [s[0] for s in sides if len(s) == 1]
        for target in singles:
            for side, sops in exprs:
                formula = _ref(side[0])
                for op, idx in zip(sops, side[1:], strict=True):
                    formula += f" {op} " + _ref(idx)
                if not all(_usable(ms[k]) for k in side + [target]):
                    continue
                unitless = not _fits(ms[target], _evaluate(formula, ms))
                if unitless and not _fits(ms[target], _evaluate(formula, ms, True), True):
                    continue
                s, e = self.doc.sentence_span(ms[target].start)
                lo = min(ms[k].start for k in side + [target])
                hi = max(ms[k].end for k in side + [target])
                out.append(Relation("equation", target, formula, list(side), quote=self.text[s:e].strip(),
                                    note="the document writes this calculation out" + (" (≈)" if approx else ""),
                                    unitless=unitless, at=ms[target].start,
                                    evidence=f"the calculation written out: {self.text[lo:hi].strip()[:120]!r}",
                                    confidence=0.9))
        return out

    def changes(self) -> list[Relation]:
        """"from A to B … Z×" (ratio), "… Z% less/more", and parallel efficiency from two changes."""
        out = []
        ms = self.ms
        n = len(ms)
        pairs: list[tuple[int, int]] = []
        for i in range(n - 1):
            before = self.text[max(0, ms[i].start - 12):ms[i].start]
            if _CHANGE_FROM.search(before) or re.search(r"从\s*(?:[^\s，。]{0,8}\s*的)?\s*$", before):
                same = ms[i].unit.dims == ms[i + 1].unit.dims or not ms[i].unit.canonical
                if _CHANGE_TO.match(self._gap(i, i + 1)) and same and _usable(ms[i]) and _usable(ms[i + 1]):
                    pairs.append((i, i + 1))
        used: set[int] = set()
        for pi, (a, b) in enumerate(pairs):
            s, e = self.doc.sentence_span(ms[a].start)
            # The figure that sums up the change: the next ratio/percent in the same sentence.
            z = next((k for k in range(b + 1, n) if (ms[k].start < e and ms[k].number.kind in ("ratio", "percent")
                      and _usable(ms[k])) or False), None)
            if z is None:
                # "增强了 10.5%, 从 89.3% 提升到了 99.8%": the figure may come first in the sentence
                z = next((k for k in range(a - 1, -1, -1) if ms[k].start >= s and ms[k].number.kind in
                          ("ratio", "percent") and _usable(ms[k])), None)
            if z is None or z in used:
                continue
            window = self.text[ms[b].end:ms[z].end + 12] if z > b else self.text[ms[z].start - 12:ms[a].start]
            va, vb = ms[a].number.nominal, ms[b].number.nominal
            if va == 0 or vb == 0:
                continue
            quote = self.text[s:e].strip()
            # Parallel efficiency: two changes (devices, then time) and an efficiency percentage.
            nxt = pairs[pi + 1] if pi + 1 < len(pairs) else None
            if ms[z].number.kind == "percent" and _EFFICIENCY.search(self.text[s:e]) and nxt \
                    and ms[nxt[1]].start < ms[z].start:
                c, d = nxt
                formula = f"({_ref(a)} * {_ref(c)}) / ({_ref(b)} * {_ref(d)})"
                unitless = not _fits(ms[z], _evaluate(formula, ms))
                if not unitless or _fits(ms[z], _evaluate(formula, ms, True), True):
                    out.append(Relation("change", z, formula, [a, b, c, d], quote=quote, unitless=unitless,
                                        note="parallel efficiency: (n0 × t0) / (n1 × t1)", at=ms[z].start,
                                        evidence="two 'from … to …' changes and an efficiency in one sentence",
                                        confidence=0.7))
                    used.add(z)
                continue
            points = f"({_ref(b)} - {_ref(a)})" if vb > va else f"({_ref(a)} - {_ref(b)})"
            if ms[z].number.kind == "percent" and ms[a].number.kind == ms[b].number.kind == "percent" \
                    and _recomputes(ms[z], points, ms):
                # from one percentage to another: a change "by Z%" read in percentage points holds
                formula, note = points, "the change in percentage points between the two percentages"
            elif ms[z].number.kind == "ratio":
                formula = f"{_ref(a)} / {_ref(b)}" if va > vb else f"{_ref(b)} / {_ref(a)}"
                note = "the ratio of the two values"
            elif _LESS_WORDS.search(window) and va > vb:
                formula = f"({_ref(a)} - {_ref(b)}) / {_ref(a)}"
                note = "the relative reduction from the first value to the second"
            elif _MORE_WORDS.search(window) and vb > va:
                formula = f"({_ref(b)} - {_ref(a)}) / {_ref(a)}"
                note = "the relative increase from the first value to the second"
            else:
                continue
            unitless = not _fits(ms[z], _evaluate(formula, ms))
            if not unitless or _fits(ms[z], _evaluate(formula, ms, True), True):
                out.append(Relation("change", z, formula, [a, b], quote=quote, note=note, at=ms[z].start,
                                    unitless=unitless, confidence=0.8,
                                    evidence=f"'from {ms[a].printed} to {ms[b].printed}' and {ms[z].printed} "
                                             "in one sentence"))
                used.add(z)
        return out

    def rates(self) -> list[Relation]:
        """A rate (unit with a per) printed in the same sentence as one numerator and one denominator."""
        out = []
        ms = self.ms
        by_sentence: dict[tuple[int, int], list[int]] = {}
        for i, m in enumerate(ms):
            by_sentence.setdefault(self.doc.sentence_span(m.start), []).append(i)
        for ids in by_sentence.values():
            if len(ids) < 3:
                continue
            for r in ids:
                rm = ms[r]
                if "/" not in rm.unit.canonical or not _usable(rm):
                    continue
                found = []
                for a in ids:
                    for b in ids:
                        if len({a, b, r}) < 3 or ms[a].unit.dims.dimensionless or ms[b].unit.dims.dimensionless:
                            continue
                        if ms[a].unit.dims / ms[b].unit.dims == rm.unit.dims and _usable(ms[a]) and _usable(ms[b]):
                            found.append((a, b))
                if len(found) == 1:
                    a, b = found[0]
                    formula = f"{_ref(a)} / {_ref(b)}"
                    if _fits(rm, _evaluate(formula, ms)):
                        s, e = self.doc.sentence_span(rm.start)
                        out.append(Relation("rate", r, formula, [a, b], quote=self.text[s:e].strip(),
                                            note="the rate is the total over what it is per", at=rm.start,
                                            evidence="a rate and the only numerator and denominator of its units "
                                                     "in one sentence",
                                            confidence=0.7))
        return out

    # -- "T（N 个 query，每个 … M）": a total and its two factors -----------------------------------------
    def products(self) -> list[Relation]:
        out = []
        ms = self.ms
        for i in range(len(ms) - 2):
            t, a, b = ms[i], ms[i + 1], ms[i + 2]
            gap1 = self.text[t.end:a.start]
            gap2 = self.text[a.end:b.start]
            if not re.fullmatch(r"[^\n（(）)。.]{0,16}[（(]\s*", gap1):
                continue
            if not re.fullmatch(r"[^\n（(）)。]{0,30}?(?:每个|每|each|per)[^\n（(）)。]{0,20}", gap2, re.I) \
                    or not re.match(r"[^\n（(]{0,12}[）)]", self.text[b.end:b.end + 14]):
                continue
            if not all(_usable(m) for m in (t, a, b)):
                continue
            formula = f"{_ref(i + 1)} * {_ref(i + 2)}"
            fit = self._formula_fits(i, formula)
            if fit is None:
                continue
            s, e = self.doc.sentence_span(t.start)
            out.append(Relation("product", i, formula, [i + 1, i + 2], quote=self.text[s:e].strip(),
                                note="the total is the count times what each one has", unitless=fit[1], at=t.start,
                                evidence=f"the words {self.text[t.start:b.end + 1].strip()[:120]!r}",
                                confidence=0.8))
        return out

    def written_sums(self) -> list[Relation]:
        """"T（其中 A …，B …）" / "T (of which A … and B …)": the parts listed after the total add up to it."""
        out = []
        ms = self.ms
        for i, t in enumerate(ms):
            mo = _SUM_OPEN.match(self.text, t.end)
            if mo is None or not _usable(t):
                continue
            close = re.compile(r"[)）]").search(self.text, mo.end(), mo.end() + 200)
            if close is None:
                continue
            parts = [k for k in range(i + 1, len(ms)) if mo.end() <= ms[k].start < close.start()]
            parts = [k for k in parts if ms[k].unit.dims == t.unit.dims and _usable(ms[k])]
            if len(parts) < 2:
                continue
            formula = _placeholder_formula(parts, "+")
            fit = self._formula_fits(i, formula)
            if fit is None:
                continue
            s, e = self.doc.sentence_span(t.start)
            out.append(Relation("written-sum", i, formula, parts, quote=self.text[s:e].strip(),
                                note="the parts listed after the total add up to it", unitless=fit[1], at=t.start,
                                evidence=f"the words {self.text[t.start:close.end()].strip()[:120]!r}",
                                confidence=0.8))
        return out

    # -- prose against tables -------------------------------------------------------------------------
    def _name_index(self) -> tuple[dict[str, list[tuple[int, int]]], dict[str, list[tuple[int, int]]]]:
        """Every table's row labels and column headers (each level of a two-row header), built once."""
        if self._index is None:
            rows: dict[str, list[tuple[int, int]]] = {}
            cols: dict[str, list[tuple[int, int]]] = {}
            for t in self.doc.tables:
                for r in range(len(t.rows)):
                    lab = t.label(r)
                    if len(lab) >= 3:
                        rows.setdefault(lab, []).append((t.index, r))
                for c in range(1, len(t.header)):
                    for head in t.header[c].split(" / "):
                        if len(head) >= 3:
                            cols.setdefault(head, []).append((t.index, c))
            self._index = rows, cols
        return self._index

    def _names(self, sentence: str) -> tuple[dict[str, list[tuple[int, int]]], dict[str, list[tuple[int, int]]]]:
        """Row labels and column headers of the document's tables printed in ``sentence``."""
        all_rows, all_cols = self._name_index()
        if len(all_rows) + len(all_cols) > MAX_NAMES:
            return {}, {}
        rows = {k: v for k, v in all_rows.items() if k in sentence and _printed_as_name(k, sentence)}
        cols = {k: v for k, v in all_cols.items() if k in sentence and _printed_as_name(k, sentence)}
        return rows, cols

    def headlines(self) -> list[Relation]:
        """A prose value printed with one table row's label and one column's header: that cell.
        Of the sentence's values, only the one printed nearest the header is read as the cell's."""
        out: list[Relation] = []
        if not self.doc.tables:
            return out
        by_sentence: dict[tuple[int, int], list[int]] = {}
        for i, m in enumerate(self.ms):
            if m.cell is None and _usable(m) and m.number.kind in ("number", "percent"):
                by_sentence.setdefault(self.doc.sentence_span(m.start), []).append(i)
        for (s, e), idx in by_sentence.items():
            sentence = self.text[s:e]
            rows, cols = self._names(sentence)
            # the longest label wins over its prefixes ("MiniCPM-V 2.6" over "MiniCPM-V")
            rows = {k: v for k, v in rows.items() if not any(k != o and k in o for o in rows)}
            cells = {(t, r, c) for lab in rows.values() for t, r in lab
                     for hv in cols.values() for t2, c in hv if t2 == t}
            if len(rows) != 1 or len(cols) != 1 or len(cells) != 1:
                continue
            head = next(iter(cols))
            at = s + sentence.find(head)
            i = min(idx, key=lambda k: min(abs(self.ms[k].start - at), abs(self.ms[k].end - at)))
            m = self.ms[i]
            t, r, c = next(iter(cells))
            j = self.value(self.doc.tables[t], r, c)
            if j is None or self.ms[j].number.kind != m.number.kind or self.ms[j].unit.dims != m.unit.dims:
                continue
            table = self.doc.tables[t]
            out.append(Relation("headline", i, _ref(j), [j], quote=sentence.strip(),
                                note=f"the sentence names row {table.label(r)!r} and column "
                                     f"{self._header(table, c)!r} of {_where(table)}",
                                at=m.start, confidence=0.75,
                                evidence=f"{next(iter(rows))!r} and {head!r} in the sentence, {m.printed!r} "
                                         f"nearest the header; {_where(table)} cell ({table.label(r)!r}, "
                                         f"{self._header(table, c)!r})"))
        return out

    def comparisons(self) -> list[Relation]:
        """"X surpasses A, B and C on H": X's cell in column H is above each named row's cell."""
        out: list[Relation] = []
        if not self.doc.tables:
            return out
        seen: set[tuple[int, int]] = set()
        for m in _COMPARE.finditer(self.text):
            s, e = self.doc.sentence_span(m.start())
            if (s, e) in seen:
                continue
            seen.add((s, e))
            sentence = self.text[s:e]
            k = m.start() - s
            before, after = sentence[:k], sentence[k:]
            lower = bool(_LOWER.search(after[:80]))
            rows_b, cols_b = self._names(before)
            rows_a, cols_a = self._names(after)
            back = s
            for _ in range(3):
                if (rows_b and (cols_a or cols_b)) or back <= 0:
                    break
                # "It surpasses …": the subject (and the measure) may be named up to three sentences before
                ps, _pe = self.doc.sentence_span(max(0, back - 2))
                prev_rows, prev_cols = self._names(self.text[ps:back])
                rows_b = rows_b or prev_rows
                cols_b = cols_b or prev_cols
                back = ps
            cols = cols_a or cols_b
            if len(cols) != 1:
                continue
            head = next(iter(cols))
            subject = [x for x in rows_b if not any(x != o and x in o for o in rows_b)]
            others = [x for x in rows_a if not any(x != o and x in o for o in rows_a)]
            if len(subject) != 1 or not others:
                continue
            for t_index, c in cols[head]:
                t = self.doc.tables[t_index]
                srow = next((r for ti, r in rows_b[subject[0]] if ti == t_index), None)
                if srow is None:
                    continue
                x = self.value(t, srow, c)
                if x is None:
                    continue
                for o in others:
                    orow = next((r for ti, r in rows_a[o] if ti == t_index), None)
                    y = self.value(t, orow, c) if orow is not None else None
                    if y is None or self.ms[y].unit.dims != self.ms[x].unit.dims:
                        continue
                    formula = f"{_ref(y)} - {_ref(x)}" if lower else f"{_ref(x)} - {_ref(y)}"
                    word = "below" if lower else "above"
                    out.append(Relation("compare", None, formula, [x, y], value="> 0", quote=sentence.strip(),
                                        note=f"the sentence says {subject[0]!r} is {word} {o!r} on {head!r} "
                                             f"({_where(t)})", at=s + k, unitless=True,
                                        evidence=f"{m.group(0)!r} with {subject[0]!r}, {o!r} and {head!r} in the "
                                                 f"sentence; cells of {_where(t)}", confidence=0.75))
        return out

    def cross_tables(self) -> list[Relation]:
        """A later table whose caption names a column of an earlier one with "minimum" / "maximum"
        ("以下是不同 batch 使用情况下的最低显存要求" under a table with a 最低显存 column): for each row
        label both tables share, the earlier cell is the minimum (maximum) of the later row."""
        out: list[Relation] = []
        tables = self.doc.tables
        for b in tables:
            extreme = "min" if _MIN_WORDS.search(b.caption) else "max" if _MAX_WORDS.search(b.caption) else ""
            if not extreme:
                continue
            for a in tables[:b.index]:
                if a.section != b.section:
                    continue
                cols = [c for c in range(1, len(a.header))
                        if len(a.header[c]) >= 2 and a.header[c].casefold() in b.caption.casefold()]
                labels_a = {a.label(r): r for r in range(len(a.rows))}
                shared = [(labels_a[b.label(r)], r) for r in range(len(b.rows)) if b.label(r) in labels_a]
                if len(cols) != 1 or len(shared) < 2:
                    continue
                c = cols[0]
                for ra, rb in shared:
                    x = self.value(a, ra, c)
                    if x is None:
                        continue
                    ys = [y for k in range(1, b.ncols) if (y := self.value(b, rb, k)) is not None
                          and self.ms[y].unit.dims == self.ms[x].unit.dims]
                    if len(ys) < 2:
                        continue
                    formula = f"{extreme}(" + ", ".join(_ref(y) for y in ys) + ")"
                    word = "minimum" if extreme == "min" else "maximum"
                    out.append(Relation("cross-table", x, formula, ys,
                                        quote=self.doc.line_text(self.ms[x].start).strip(),
                                        note=f"{a.header[c]!r} of {a.label(ra)!r} in {_where(a)} is the {word} of its "
                                             f"row in {_where(b)}", at=self.ms[x].start, confidence=0.7,
                                        evidence=f"the caption of {_where(b)} names column {a.header[c]!r} of "
                                                 f"{_where(a)} and says {word}; row {a.label(ra)!r} in both"))
        return out

    # -- one quantity printed twice -------------------------------------------------------------------
    def same_quantity(self, found: list[Relation]) -> list[Relation]:
        """Two cells that are one quantity: same row label, column header and unit, in tables of the same
        caption or section with the same columns. Never across columns; never a prose repetition."""
        out = []
        involved = {r.target for r in found} | {p for r in found for p in r.parts}
        first: dict[tuple, int] = {}
        prose: dict[tuple[str, Dims], int] = {}
        for i, m in enumerate(self.ms):
            if not _usable(m) or i in involved:
                continue
            if m.cell is None:
                rel = self._prose_same(i, prose)
                if rel is not None:
                    out.append(rel)
                continue
            t = self.doc.tables[m.cell[0]]
            label, head = t.label(m.cell[1]), self._header(t, m.cell[2])
            if not label or head.startswith("column ") or not t.header:
                continue
            group = t.groups[m.cell[1]] if m.cell[1] < len(t.groups) else ""
            key = (label, head, group, tuple(t.header), t.caption or t.section, m.unit.dims)
            j = first.setdefault(key, i)
            if j == i:
                continue
            other = self.ms[j]
            if other.cell is not None and other.cell[0] == m.cell[0]:
                continue       # one table: two rows with one label are two things
            if other.number.nominal * other.unit.factor == m.number.nominal * m.unit.factor:
                continue
            t2 = self.doc.tables[other.cell[0]] if other.cell else t
            out.append(Relation("same", i, _ref(j), [j], quote=self.doc.line_text(m.start).strip(),
                                note=f"row {label!r}, column {head!r} of {_where(t)} and of {_where(t2)} "
                                     "should be the same value",
                                at=m.start, confidence=0.75,
                                evidence=f"{_where(t2)} and {_where(t)}: same columns, row label {label!r}, "
                                         f"column header {head!r}, unit"))
        return out


    def _prose_same(self, i: int, first: dict[tuple[str, Dims], int]) -> Relation | None:
        """The same words before two values in two sentences: only a suggestion (0.2), since prose
        repeats a subject for many quantities ("the model … 7B … the model … 65.2")."""
        m = self.ms[i]
        before = re.split(r"[。！？!?；;\n:：,，、(（)）|]", self.text[max(0, m.start - 30):m.start])[-1]
        words = re.findall(r"[A-Za-z][A-Za-z\-]+|[\u4e00-\u9fff]+", before)
        if not words:
            return None
        last = words[-2:] if words[-1].isascii() else [words[-1][-4:]]
        key = " ".join(w.lower() for w in last)
        if len(key) < 3 or key in ("the", "of the", "is", "是", "为"):
            return None
        j = first.setdefault((key, m.unit.dims), i)
        other = self.ms[j]
        if j == i or self.doc.sentence_span(m.start) == self.doc.sentence_span(other.start) \
                or other.number.nominal * other.unit.factor == m.number.nominal * m.unit.factor:
            return None
        return Relation("same", i, _ref(j), [j], quote=self.doc.sentence(m.start),
                        note=f"printed again after {key!r}: should be the same value as line {other.line}",
                        at=m.start, confidence=0.2,
                        evidence=f"the words {key!r} before both values (prose: a suggestion only)")


_SUM_OPEN = re.compile(r"[^\n（()）。.]{0,12}?[（(]\s*"
                       r"(?:其中|包括|包含|含|including|incl\.|of which|comprising)[\s:：,，]*", re.I)
_MIN_WORDS = re.compile(r"最低|最少|最小|\bminimum\b|\bat least\b", re.I)
_MAX_WORDS = re.compile(r"最高|最多|最大|\bmaximum\b|\bpeak\b|\bat most\b", re.I)
_COMPARE = re.compile(r"\b(?:surpass(?:es|ed|ing)?|outperform(?:s|ed|ing)?|beat(?:s|ing)?|exceed(?:s|ed|ing)?|"
                      r"better than|higher than|lower\b[^.。]{0,40}?\bthan)\b|超越|超过了|优于|胜过|高于|低于", re.I)
_LOWER = re.compile(r"\blower\b|低于|更低", re.I)


def _printed_as_name(name: str, sentence: str) -> bool:
    """``name`` printed in ``sentence`` as a whole name (not inside a longer word or version)."""
    i = sentence.find(name)
    while i >= 0:
        before = sentence[i - 1:i]
        after = sentence[i + len(name):i + len(name) + 1]
        word_before = before.isalnum() and before.isascii()
        word_after = after.isalnum() and after.isascii()
        if (not word_before and before != "-" and not word_after and after not in ("-", ".")) \
                or (after == "." and not sentence[i + len(name) + 1:i + len(name) + 2].isdigit()):
            return True
        i = sentence.find(name, i + 1)
    return False


def find_relations(doc: Document, mentions: list[Mention]) -> list[Relation]:
    return RelationFinder(doc, mentions).find()
