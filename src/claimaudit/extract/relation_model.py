"""A relation between a document's mentions, its formula evaluated on their intervals, and the
finder's base (cells, gaps, quotes) that the table, prose and document relation rules share.

Formulas use placeholders ``{0}``, ``{1}`` … for mention indices; the draft puts claim ids there.
"""

from __future__ import annotations

import operator
import re
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from ..numbers.interval import Interval
from ..units.quantity import DimensionMismatch, Dims, Quantity
from ..units.registry import UnitInfo
from .column_units import column_unit as unit_words
from .document import Document, Table
from .mentions import Mention

#: Relations at or above this confidence are audited by ``claimaudit run DOC`` by default.
CONFIDENT = 0.7


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
    #: Inputs that are not mentions (read from code), name -> value text; the formula names them.
    given: dict[str, str] = field(default_factory=dict)
    #: "digits" when the checked value is a whole number restating a value printed more precisely
    #: ("539 tCO2eq" for the cell "539.00"): read as rounded, not as exact.
    rounding: str = ""
    #: 1024 when the relation holds only with K read as 1024 ("128K tokens" of a context length):
    #: the claim says so (``kilo: 1024``), its inputs given as printed so that they are read so too.
    kilo: int = 1000
    #: True when the relation is approximate by nature (a conversion printed beside its value: "1,500,000
    #: kilometres (930,000 mi)"): the claim is written with ``relation: "~"`` (the approx tolerance).
    approx: bool = False

    def lines(self, mentions: list[Mention]) -> list[int]:
        """The document lines of the target and the parts (for reviewers and benchmarks)."""
        idx = ([self.target] if self.target is not None else []) + list(self.parts)
        return sorted({mentions[i].line for i in idx})


_FORMULA_TOKEN = re.compile(r"\{\d+\}|\d+|[+\-*/()]")
#: What follows a number read short (``~200_000_000`` read as 200): a digit group goes on.
#: A header's words (three letters or two CJK characters) and its unit part in brackets.
_HEADER_WORD = re.compile(r"[A-Za-z]{3,}|[\u4e00-\u9fff]{2,}")
_HEADER_UNIT_PART = re.compile(r"\s*[(（][^)）]*[)）]\s*")
_MORE_DIGITS = re.compile(r"[_\d]|[.,]\d")


def _q(m: Mention) -> Quantity:
    return Quantity(_scaled(m.number.interval, m.unit.factor), m.unit.dims)


_SCALED: dict[tuple[int, int, int, int, int, int], Interval] = {}
_SCALED_MAX = 1 << 14


def _scaled(interval: Interval, factor: Fraction) -> Interval:
    """The interval in base units; cached (exact Fraction products are costly, and finders ask for
    the same mention's quantity many times). The key is the endpoints' and factor's integers:
    hashing a Fraction computes a modular inverse, several times the cost of the lookup."""
    if factor == 1:
        return interval
    lo, hi = interval.lo, interval.hi
    key = (lo.numerator, lo.denominator, hi.numerator, hi.denominator, factor.numerator, factor.denominator)
    got = _SCALED.get(key)
    if got is None:
        if len(_SCALED) >= _SCALED_MAX:
            _SCALED.clear()
        got = _SCALED[key] = interval * factor
    return got


def _usable(m: Mention) -> bool:
    return not m.number.is_range and m.number.relation in ("=", "~") and m.relation is None


def _whole(m: Mention) -> bool:
    """A plain whole number, read as exact unless the claim says it is rounded ("47 s", "165 人")."""
    return m.number.interval.lo == m.number.interval.hi and m.number.nominal.denominator == 1


_APPLY: dict[str, Callable[[Quantity, Quantity], Quantity]] = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv}


#: The formulas evaluated on one list of mentions (its finder's run), by (formula, unitless): a relation's
#: formula is evaluated by its finder's screen, then again by the fit check (4 in 10 evaluations repeat
#: one). A (list, memo) pair replaced as a whole, so a run on another list in another thread never reads it.
_EVALUATED: tuple[list[Mention] | None, dict[tuple[str, bool], Quantity | None]] = (None, {})


def _remember_evaluations(ms: list[Mention]) -> None:
    """Start the memo of :func:`_evaluate` for the mentions a finder reads (which it never changes)."""
    global _EVALUATED
    _EVALUATED = (ms, {})


def _evaluate(formula: str, ms: list[Mention], unitless: bool = False) -> Quantity | None:
    """Evaluate a placeholder formula on the mentions' intervals (to check dimensions here)."""
    held, memo = _EVALUATED
    key = (formula, unitless)
    if held is ms and key in memo:
        return memo[key]
    try:
        got = _Formula(_FORMULA_TOKEN.findall(formula), ms, unitless).value()
    except (DimensionMismatch, ZeroDivisionError, ArithmeticError, IndexError, ValueError):
        got = None
    if held is ms:
        memo[key] = got
    return got


class _Formula:
    """A recursive-descent reading of a formula's tokens (methods, not nested closures: closures
    that call each other form reference cycles, garbage only the cyclic collector frees, and the
    finders evaluate a formula for every candidate relation)."""

    __slots__ = ("ms", "pos", "tokens", "unitless")

    def __init__(self, tokens: list[str], ms: list[Mention], unitless: bool) -> None:
        self.tokens, self.ms, self.unitless, self.pos = tokens, ms, unitless, 0

    def value(self) -> Quantity | None:
        out = self.expr()
        return out if self.pos == len(self.tokens) else None

    def chain(self, operand: Callable[[], Quantity], ops: str) -> Quantity:
        """operand (op operand)*, left to right, for one precedence level."""
        tokens = self.tokens
        left = operand()
        while self.pos < len(tokens) and tokens[self.pos] in ops:
            op = tokens[self.pos]
            self.pos += 1
            left = _APPLY[op](left, operand())
        return left

    def expr(self) -> Quantity:
        return self.chain(self.term, "+-")

    def term(self) -> Quantity:
        return self.chain(self.atom, "*/")

    def atom(self) -> Quantity:
        t = self.tokens[self.pos]
        self.pos += 1
        if t == "(":
            v = self.expr()
            self.pos += 1
            return v
        if t == "-":
            return -self.atom()
        if t.isdigit():
            return Quantity(Interval(Fraction(int(t))), Dims())     # a count written in the formula
        m = self.ms[int(t[1:-1])]
        return Quantity(m.number.interval, Dims()) if self.unitless else _q(m)


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


def _magnitudes_compare(formula: str, ms: list[Mention], target: int) -> bool:
    """Whether printed magnitudes can stand for the values when the units do not compose: unless every
    value has a unit and their scale factors do not give the target's as the formula goes ("7.24B
    parameters × 2 bytes ≈ 14.5 GB": 14.5 is in units of 10^9 bytes). A bare value ("180 × 16 = 2,880
    SSDs", "2,664K + 119K + 5K = 2,788K GPU hours") is taken as printed in the scale the others imply."""
    tokens = _FORMULA_TOKEN.findall(formula)
    if not ms[target].unit.dims.items or any(not ms[int(t[1:-1])].unit.dims.items for t in tokens if t[:1] == "{"):
        return True     # a bare value is printed in the scale the others imply: nothing says otherwise
    scale = _Scale(tokens, ms).value()
    return scale is not None and scale == ms[target].unit.factor


class _Scale:
    """The scale factor a placeholder formula's result is printed in, from its mentions' unit factors:
    products and quotients multiply and divide them, sums need one factor (else None)."""

    def __init__(self, tokens: list[str], ms: list[Mention]) -> None:
        self.tokens, self.ms, self.pos = tokens, ms, 0

    def value(self) -> Fraction | None:
        try:
            out = self.chain(self.term, "+-")
        except (IndexError, ValueError, ZeroDivisionError):
            return None
        return out if self.pos == len(self.tokens) else None

    def chain(self, operand: Callable[[], Fraction | None], ops: str) -> Fraction | None:
        left = operand()
        while self.pos < len(self.tokens) and self.tokens[self.pos] in ops:
            op = self.tokens[self.pos]
            self.pos += 1
            right = operand()
            if left is None or right is None:
                left = None
            elif op in "+-":
                left = left if left == right else None
            else:
                left = left * right if op == "*" else left / right
        return left

    def term(self) -> Fraction | None:
        return self.chain(self.atom, "*/")

    def atom(self) -> Fraction | None:
        t = self.tokens[self.pos]
        self.pos += 1
        if t == "(":
            v = self.chain(self.term, "+-")
            self.pos += 1
            return v
        if t == "-":
            return self.atom()
        if t.isdigit():
            return Fraction(1)
        return Fraction(self.ms[int(t[1:-1])].unit.factor)


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


def _where(t: Table) -> str:
    name = f"table {t.index + 1}"
    if t.caption:
        name += f" ({t.caption[:60]!r})"
    elif t.section:
        name += f" under {t.section[:60]!r}"
    return name



_ABBREVIATION = re.compile(r"(?<![A-Za-z])(?:i\.e|e\.g|vs|cf|approx|incl|resp|ca|viz|est)\.\s*$", re.I)


class FinderBase:
    """What every relation rule reads: the document, its mentions and the mentions of each cell."""

    def __init__(self, doc: Document, mentions: list[Mention]) -> None:
        self.doc = doc
        self.ms = mentions
        self.text = doc.text
        self._index: tuple[dict[str, list[tuple[int, int]]], dict[str, list[tuple[int, int]]]] | None = None
        self._starts: list[int] | None = None
        self._heads: dict[str, list[int]] | None = None
        self.by_cell: dict[tuple[int, int, int], list[int]] = {}
        self._cell_units: dict[tuple[int, int], tuple[Fraction, UnitInfo, str] | None] = {}
        self._sentences: dict[tuple[int, int], list[int]] | None = None
        self._base: dict[int, Fraction] = {}
        _remember_evaluations(mentions)
        for i, m in enumerate(mentions):
            if m.cell is not None:
                self.by_cell.setdefault(m.cell, []).append(i)
        #: Each cell's one usable mention (what :meth:`value` answers), found once: the table finders ask
        #: for every cell of every table, several times each (mentions never change while finders run).
        self._cell_value = {cell: got[0] for cell, got in self.by_cell.items()
                            if len(got) == 1 and _usable(mentions[got[0]])}

    def base(self, i: int) -> Fraction:
        """Mention ``i``'s nominal value in base units (nominal × unit factor), computed once a mention:
        finders compare and multiply these for many pairs, and an exact Fraction product is costly."""
        got = self._base.get(i)
        if got is None:
            m = self.ms[i]
            factor = m.unit.factor
            got = self._base[i] = m.number.nominal if factor == 1 else m.number.nominal * factor
        return got

    def _cut(self, i: int) -> bool:
        """A number read short: more digits follow it (``~200_000_000`` read as 200)."""
        m = self.ms[i]
        return bool(_MORE_DIGITS.match(self.text, m.number_end, m.number_end + 2))

    # -- tables ---------------------------------------------------------------------------------------
    def inner_labels(self, t: Table) -> dict[int, str]:
        """A grouped table's own row names: when the first column groups rows under a rowspan ("7B" over
        白鹭-7B, 山雀-7B-v2 …; "先进制造业" over 电子信息 …), the second column names each row, if it holds
        words only (no number read in it); {} otherwise. Once a table."""
        memo = self.__dict__.setdefault("_inner_label_memo", {})
        got = memo.get(t.index)
        if got is None:
            labels = [t.label(r) for r in range(len(t.rows))]
            got = {}
            if len(set(labels)) < len(labels) and t.ncols >= 3:
                got = {r: cell.text.strip() for r in range(len(t.rows))
                       if (cell := t.cell(r, 1)) is not None and cell.col == 1 and cell.text.strip()
                       and not self.by_cell.get((t.index, r, 1))}
                # every row names itself so, but a row whose label spans the column ("合计（五大行业）")
                spanning = sum(1 for r in range(len(t.rows)) if (cell := t.cell(r, 1)) is None or cell.col != 1)
                if len(got) < len(labels) - spanning:
                    got = {}
            memo[t.index] = got
        return got

    def value(self, t: Table, r: int, c: int) -> int | None:
        """The one usable mention of a cell (None when the cell holds no number, or several)."""
        return self._cell_value.get((t.index, r, c))

    def cell_unit(self, t: Table, c: int) -> tuple[Fraction, UnitInfo, str] | None:
        """The scale and unit the column's header (else the table's caption) gives its bare cells."""
        key = (t.index, c)
        if key not in self._cell_units:
            head = t.header[c] if c < len(t.header) else ""
            self._cell_units[key] = unit_words(head) or unit_words(t.caption)
        return self._cell_units[key]

    def sentence_numbers(self, most: int, stated: set[int | None]) -> Iterator[tuple[list[int], int]]:
        """(sentence's mentions, mention) for each plain number of each sentence of three to ``most`` values
        not yet a relation's target: usable, a number, no unit (the loop the count finders share)."""
        for idx in self.sentences().values():
            if 3 <= len(idx) <= most:
                for v in idx:
                    m = self.ms[v]
                    if v not in stated and _usable(m) and m.number.kind == "number" and not m.unit.dims.items:
                        yield idx, v

    def sentences(self) -> dict[tuple[int, int], list[int]]:
        """The prose mentions (outside tables) of each sentence, in document order (computed once). A
        sentence the splitter cut after an abbreviation ("i.e. 258,048 GPU-hours") or at a line break
        inside a paragraph (wrapped prose) is read as one."""
        if self._sentences is None:
            self._sentences = {}
            last: tuple[int, int] | None = None
            for i, m in enumerate(self.ms):
                if m.cell is None:
                    # the whole statement, a wrapped line's pieces without values too ("OCRBench-X 上，映雪-VL-9B\n
                    # 比凌云-VL-8B 高 14 分": the names are on the line before the value)
                    span = self.statement_span(m.start)
                    if last is not None and span != last and span[0] >= last[1] and self._continues(last, span):
                        whole = (last[0], span[1])
                        self._sentences[whole] = self._sentences.pop(last)
                        span = whole
                    self._sentences.setdefault(span, []).append(i)
                    last = span
        return self._sentences

    def statement_span(self, offset: int) -> tuple[int, int]:
        """The sentence around ``offset``, joined across a wrapped line or an abbreviation as in
        :meth:`sentences` (at most four pieces either way)."""
        doc, n = self.doc, len(self.text)
        piece = doc.sentence_span(offset)
        memo = self.__dict__.setdefault("_statement_memo", {})
        if piece in memo:
            return memo[piece]
        s, e = piece
        for _ in range(4):
            prev = doc.sentence_span(s - 1) if s > 0 else None
            if prev is None or prev[1] > s or prev == (s, e) or not self._continues(prev, (s, e)):
                break
            s = prev[0]
        for _ in range(4):
            nxt = doc.sentence_span(e) if e < n else None
            if nxt is None or nxt[0] < e or nxt == (s, e) or not self._continues((s, e), nxt):
                break
            e = nxt[1]
        memo[piece] = s, e
        return s, e

    def _continues(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        """Whether sentence ``b`` goes on with sentence ``a``: ``a`` ends in an abbreviation (i.e., e.g.,
        vs.) and ``b`` starts with a lower-case word or a number, or ``a`` ends at a line break inside a
        paragraph (no stop before it) and the next line is no list item, heading, quote or table row."""
        text = self.text
        if "\n\n" in text[max(0, a[1] - 1):b[0] + 1] or text[a[1]:b[0]].strip() or not text[a[0]:a[1]].strip():
            return False
        if _ABBREVIATION.search(text, max(a[0], a[1] - 8), a[1]):
            return bool(re.match(r"[ \t]*(?:[a-z$€£¥~≈]|\d)", text[a[1]:b[1]]))
        if a[1] < 1 or text[a[1] - 1] != "\n" or re.search(r"[.。!?！？:：;；]\s*$", text[a[0]:a[1]]):
            return False
        line = text[text.rfind("\n", 0, a[1] - 1) + 1:a[1]]
        return not re.match(r"\s*(?:#|\||>)", line) and bool(
            re.match(r"[ \t]*(?![-*+>#|]\s|\d+[.)]\s)[\w(（$€£¥~≈\u4e00-\u9fff]", text[b[0]:b[1]]))

    def bare_in(self, j: int, target: Mention) -> Fraction | None:
        """For a bare table cell ``j`` whose header or caption names a unit of ``target``'s kind: the
        factor from the cell's number to ``target``'s magnitude (cell × factor, in target's unit)."""
        m = self.ms[j]
        if m.cell is None or m.unit.dims.items or m.number.kind != "number" or target.number.kind != "number":
            return None
        got = self.cell_unit(self.doc.tables[m.cell[0]], m.cell[2])
        if got is None or got[1].dims != target.unit.dims:
            return None
        return got[0] * got[1].factor / target.unit.factor

    def cell_formula(self, j: int, target: Mention) -> tuple[str, bool, str] | None:
        """How cell ``j`` gives ``target``'s value: (formula, unitless, why) — the cell itself when
        their units agree, else the bare cell in the unit its header or caption names (magnitudes)."""
        m = self.ms[j]
        if m.unit.dims == target.unit.dims and m.number.kind == target.number.kind:
            return _ref(j), False, ""
        factor = self.bare_in(j, target)
        if factor is None or m.cell is None:
            return None
        got = self.cell_unit(self.doc.tables[m.cell[0]], m.cell[2])
        words = got[2] if got is not None else ""
        scaled = _ref(j) if factor == 1 else f"{_ref(j)} * {factor.numerator}" + (
            f" / {factor.denominator}" if factor.denominator != 1 else "")
        return scaled, True, f"; the cell is in {words!r} (its header or caption)"

    def _header(self, t: Table, c: int) -> str:
        return t.header[c] if c < len(t.header) and t.header[c] else f"column {c + 1}"

    def columns_named(self, t: Table, columns: list[int], folded: str) -> list[int]:
        """Those of ``columns`` whose header (its unit in brackets left out) prints a word of
        ``folded`` (casefolded text: "more tokens per second" names "Tokens/s (K)")."""
        return [c for c in columns if any(w.casefold() in folded for w in _HEADER_WORD.findall(
            _HEADER_UNIT_PART.sub(" ", self._header(t, c))))]

    def _in_parens(self, at: int, since: int) -> bool:
        """Whether ``at`` sits inside a parenthesis opened after ``since``."""
        depth = 0
        for ch in self.text[since:at]:
            depth += ch in "(（"
            depth -= ch in ")）" and depth > 0
        return depth > 0

    def _formula_fits(self, target: int, formula: str) -> tuple[bool, bool] | None:
        """(fits, unitless) or None when neither with units nor on magnitudes the formula compares."""
        if _fits(self.ms[target], _evaluate(formula, self.ms)):
            return True, False
        if _fits(self.ms[target], _evaluate(formula, self.ms, True), True) \
                and _magnitudes_compare(formula, self.ms, target):
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

    def _gap(self, a: int, b: int) -> str:
        return self.text[self.ms[a].end:self.ms[b].start]

    def _within(self, lo: int, hi: int) -> range:
        """Indices of the mentions starting in [lo, hi) (mentions are in document order)."""
        if self._starts is None:
            self._starts = [m.start for m in self.ms]
        return range(bisect_left(self._starts, lo), bisect_left(self._starts, hi))

    def _stated(self, kind: str, target: int, formula: str, parts: list[int], *, note: str, evidence: str,
                confidence: float, unitless: bool = False) -> Relation:
        """A relation the words of a sentence state: quoted by the target's sentence, its evidence the
        words from the first value read to the last (after ``evidence``)."""
        ms = self.ms
        s, e = self.doc.sentence_span(ms[target].start)
        lo = min(ms[k].start for k in [*parts, target])
        hi = max(ms[k].end for k in [*parts, target])
        return Relation(kind, target, formula, list(parts), quote=self.text[s:e].strip(), note=note,
                        unitless=unitless, at=ms[target].start,
                        evidence=f"{evidence}{self.text[lo:hi + 1].strip()[:120]!r}", confidence=confidence)
