"""Relations a document states itself, found among its mentions.

Each :class:`Relation` says: mention ``target`` should equal ``formula`` over other mentions. The
draft turns it into a claim with a formula, so ``claimaudit run`` on the draft checks it:

* ``table-total``   a table column with a total row (Total, Sum, 合计, 总计 …) is the sum of its rows;
* ``shares``        percentages that split a whole (a table column, or a list) add up to 100%;
* ``percent-of``    "X% (A out of B)", "X%（A/B）", "A of B (X%)";
* ``equation``      "A × B = C", "A + B + C = D", "C ≈ A × B" written out;
* ``change``        "from X to Y … a Z× speed-up / Z% less / Z% efficiency";
* ``rate``          "N per M" printed next to its numerator and denominator;
* ``same``          the same quantity printed twice with different values.

Formulas use placeholders ``{0}``, ``{1}`` … for mention indices; the draft puts claim ids there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Iterable

from ..numbers.interval import Interval
from ..units.quantity import DimensionMismatch, Dims, Quantity
from .document import Document
from .mentions import Mention

TOTAL_LABEL = re.compile(r"^\W*(?:total|totals|sum|grand total|overall|合计|总计|总和|共计|小计|總計|合計)\W*$", re.I)
_OPS = {"+": "+", "-": "-", "−": "-", "–": "-", "×": "*", "x": "*", "X": "*", "*": "*", "·": "*",
        "/": "/", "÷": "/"}
_EQ = re.compile(r"^\s*(?:[✓✔]\s*)?(=|≈|≒|~=|约等于|等于)\s*$")
_PAREN_NOTE = r"(?:\s*[（(][^()（）\n]{1,40}[)）])?"
_GAP_OP = re.compile(r"^" + _PAREN_NOTE + r"\s*([+\-−–×xX*·/÷])\s*$")
_GAP_EQ = re.compile(r"^" + _PAREN_NOTE + r"\s*(=|≈|≒|~=)\s*$")
_CHANGE_FROM = re.compile(r"(?:\bfrom\b|从|由)\s*$", re.I)
_CHANGE_TO = re.compile(r"^\s*(?:\bto\b|到|至|→|->|压到|降到|降至|减到|减少到|增至|增加到|涨到|提升到|提高到|升到|缩到|缩减到|下降到|一路涨到|一路降到)\s*$", re.I)
_LESS_WORDS = re.compile(r"reduc|less|lower|fewer|cut|sav|decreas|shrink|缩减|降低|减少|砍掉|节省|省|下降|压缩|少", re.I)
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


def _q(m: Mention) -> Quantity:
    return Quantity(m.number.interval * m.unit.factor, m.unit.dims)


def _usable(m: Mention) -> bool:
    return not m.number.is_range and m.number.relation in ("=", "~") and m.relation is None


def _evaluate(formula: str, ms: list[Mention], unitless: bool = False) -> Quantity | None:
    """Evaluate a placeholder formula on the mentions' intervals (to check dimensions here)."""
    tokens = re.findall(r"\{\d+\}|[+\-*/()]", formula)
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


def _placeholder_formula(ms: Iterable[int], op: str) -> str:
    return f" {op} ".join("{%d}" % i for i in ms)


class RelationFinder:
    def __init__(self, doc: Document, mentions: list[Mention]) -> None:
        self.doc = doc
        self.ms = mentions
        self.text = doc.text
        self.by_cell: dict[tuple[int, int, int], list[int]] = {}
        for i, m in enumerate(mentions):
            if m.cell is not None:
                self.by_cell.setdefault(m.cell, []).append(i)

    def find(self) -> list[Relation]:
        out: list[Relation] = []
        out += self.table_totals()
        out += self.table_shares()
        out += self.list_shares()
        out += self.percent_of()
        out += self.equations()
        out += self.changes()
        out += self.rates()
        out += self.same_quantity(out)
        return out

    # -- tables ---------------------------------------------------------------------------------------
    def table_totals(self) -> list[Relation]:
        out = []
        for t in self.doc.tables:
            first = 0
            for r in range(len(t.rows)):
                if not TOTAL_LABEL.match(t.label(r)):
                    continue
                ncols = max(len(row) for row in t.rows)
                for c in range(1, ncols):
                    total = self.by_cell.get((t.index, r, c), [])
                    parts = [self.by_cell.get((t.index, k, c), []) for k in range(first, r)]
                    if len(total) != 1 or len(parts) < 2 or any(len(p) != 1 for p in parts):
                        continue
                    idx = [p[0] for p in parts]
                    target = total[0]
                    if not all(_usable(self.ms[i]) for i in idx + [target]):
                        continue
                    formula = _placeholder_formula(idx, "+")
                    unitless = not _fits(self.ms[target], _evaluate(formula, self.ms))
                    if unitless and not _fits(self.ms[target], _evaluate(formula, self.ms, True), True):
                        continue
                    header = t.header[c] if c < len(t.header) else f"column {c + 1}"
                    out.append(Relation("table-total", target, formula, idx,
                                        quote=self.doc.line_text(t.rows[r][0].start).strip(),
                                        note=f"the {t.label(r)!r} row of table {t.index + 1} ({header}) "
                                             "is the sum of the rows above it",
                                        unitless=unitless, at=t.rows[r][c].start))
                first = r + 1
        return out

    def _shares(self, idx: list[int], quote: str, at: int, where: str) -> Relation | None:
        ms = [self.ms[i] for i in idx]
        if len(ms) < 2 or not all(m.number.kind == "percent" and _usable(m) for m in ms):
            return None
        total = sum(m.number.nominal for m in ms)
        if not (Fraction(95) <= total <= Fraction(105)):
            return None
        return Relation("shares", None, _placeholder_formula(idx, "+"), idx, value="100%", quote=quote,
                        note=f"the shares in {where} should add up to 100%", at=at)

    def table_shares(self) -> list[Relation]:
        out = []
        for t in self.doc.tables:
            if any(TOTAL_LABEL.match(t.label(r)) for r in range(len(t.rows))):
                continue
            ncols = max(len(row) for row in t.rows)
            for c in range(1, ncols):
                cells = [self.by_cell.get((t.index, r, c), []) for r in range(len(t.rows))]
                if any(len(x) != 1 for x in cells):
                    continue
                header = t.header[c] if c < len(t.header) else f"column {c + 1}"
                rel = self._shares([x[0] for x in cells], self.doc.line_text(t.start).strip(), t.start,
                                   f"column {header!r} of table {t.index + 1}")
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
            a, b, c = ms[i], ms[i + 1], ms[i + 2]
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
            formula = "{%d} / {%d}" % (num, den)
            if not _fits(ms[target], _evaluate(formula, ms)):
                continue
            s, e = self.doc.sentence_span(ms[target].start)
            out.append(Relation("percent-of", target, formula, [num, den], quote=self.text[s:e].strip(),
                                note="the percentage is the part over the whole", at=ms[target].start))
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
        exprs = [(s, o) for s, o in zip(sides, ops) if len(s) > 1]
        singles = [s[0] for s in sides if len(s) == 1]
        for target in singles:
            for side, sops in exprs:
                formula = "{%d}" % side[0]
                for op, idx in zip(sops, side[1:]):
                    formula += f" {op} " + "{%d}" % idx
                if not all(_usable(ms[k]) for k in side + [target]):
                    continue
                unitless = not _fits(ms[target], _evaluate(formula, ms))
                if unitless and not _fits(ms[target], _evaluate(formula, ms, True), True):
                    continue
                s, e = self.doc.sentence_span(ms[target].start)
                out.append(Relation("equation", target, formula, list(side), quote=self.text[s:e].strip(),
                                    note="the document writes this calculation out" + (" (≈)" if approx else ""),
                                    unitless=unitless, at=ms[target].start))
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
            z = next((k for k in range(b + 1, n) if ms[k].start < e and ms[k].number.kind in ("ratio", "percent")
                      and _usable(ms[k]) or False), None)
            if z is None or z in used:
                continue
            window = self.text[ms[b].end:ms[z].end + 12]
            va, vb = ms[a].number.nominal, ms[b].number.nominal
            if va == 0 or vb == 0:
                continue
            quote = self.text[s:e].strip()
            # Parallel efficiency: two changes (devices, then time) and an efficiency percentage.
            nxt = pairs[pi + 1] if pi + 1 < len(pairs) else None
            if ms[z].number.kind == "percent" and _EFFICIENCY.search(self.text[s:e]) and nxt and ms[nxt[1]].start < ms[z].start:
                c, d = nxt
                formula = "({%d} * {%d}) / ({%d} * {%d})" % (a, c, b, d)
                unitless = not _fits(ms[z], _evaluate(formula, ms))
                if not unitless or _fits(ms[z], _evaluate(formula, ms, True), True):
                    out.append(Relation("change", z, formula, [a, b, c, d], quote=quote, unitless=unitless,
                                        note="parallel efficiency: (n0 × t0) / (n1 × t1)", at=ms[z].start))
                    used.add(z)
                continue
            if ms[z].number.kind == "ratio":
                formula = "{%d} / {%d}" % ((a, b) if va > vb else (b, a))
                note = "the ratio of the two values"
            elif _LESS_WORDS.search(window) and va > vb:
                formula = "({%d} - {%d}) / {%d}" % (a, b, a)
                note = "the relative reduction from the first value to the second"
            elif _MORE_WORDS.search(window) and vb > va:
                formula = "({%d} - {%d}) / {%d}" % (b, a, a)
                note = "the relative increase from the first value to the second"
            else:
                continue
            unitless = not _fits(ms[z], _evaluate(formula, ms))
            if not unitless or _fits(ms[z], _evaluate(formula, ms, True), True):
                out.append(Relation("change", z, formula, [a, b], quote=quote, note=note, at=ms[z].start,
                                    unitless=unitless))
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
                    formula = "{%d} / {%d}" % (a, b)
                    if _fits(rm, _evaluate(formula, ms)):
                        s, e = self.doc.sentence_span(rm.start)
                        out.append(Relation("rate", r, formula, [a, b], quote=self.text[s:e].strip(),
                                            note="the rate is the total over what it is per", at=rm.start))
        return out

    def _subject(self, m: Mention) -> str:
        if m.cell is not None:
            t = self.doc.tables[m.cell[0]]
            head = t.header[m.cell[2]] if m.cell[2] < len(t.header) else ""
            return (t.label(m.cell[1]) + "|" + head).lower()
        before = self.text[max(0, m.start - 30):m.start]
        before = re.split(r"[。！？!?；;\n:：,，、(（)）|]", before)[-1]
        words = re.findall(r"[A-Za-z][A-Za-z\-]+|[\u4e00-\u9fff]+", before)
        if not words:
            return ""
        last = words[-2:] if words[-1].isascii() else [words[-1][-4:]]
        key = " ".join(w.lower() for w in last)
        return key if len(key) >= 3 and key not in ("the", "of the", "is", "是", "为") else ""

    def same_quantity(self, found: list[Relation]) -> list[Relation]:
        out = []
        involved = {r.target for r in found} | {p for r in found for p in r.parts}
        first_by_key: dict[tuple[str, Dims], int] = {}
        for i, m in enumerate(self.ms):
            if not _usable(m) or i in involved:
                continue
            key = self._subject(m)
            if not key:
                continue
            k = (key, m.unit.dims)
            if k not in first_by_key:
                first_by_key[k] = i
                continue
            j = first_by_key[k]
            other = self.ms[j]
            if (m.cell is not None and m.cell == other.cell) or (
                    m.cell is None and self.doc.sentence_span(m.start) == self.doc.sentence_span(other.start)):
                continue   # two figures of one cell or sentence are two quantities
            if other.number.nominal * other.unit.factor == m.number.nominal * m.unit.factor:
                continue
            out.append(Relation("same", i, "{%d}" % j, [j], quote=self.doc.sentence(m.start),
                                note=f"printed again after {key!r}: should be the same value as line {other.line}",
                                at=m.start))
        return out


def find_relations(doc: Document, mentions: list[Mention]) -> list[Relation]:
    return RelationFinder(doc, mentions).find()
