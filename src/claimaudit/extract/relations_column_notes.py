"""A note by a table saying how one of its columns is made from others: "注：满意率为“非常满意”与“比较满意”之和",
"Total is the sum of Input and Output", "Satisfied = Very + Fairly": in every row, that column's cell is the
sum of the named columns' cells (the rows where it is not are the findings).

Precision first. Every name is a column header of the table right before the note (the same section, at
most 12 lines between) printed whole, the summed column distinct from the parts; each row with a number
in every one of those columns is read (0.85).
"""

from __future__ import annotations

import re

from .relation_model import Relation, _placeholder_formula, _usable, _where
from .relations_near import NearTableRelations

_Q = r"[“”\"'‘’「」『』]?"
# "满意率为“非常满意”与“比较满意”之和", "合计为 A、B 和 C 之和"
# (a name holds no separator: an unambiguous split keeps the match linear on any text)
_ZH_NAME = rf"{_Q}[^，。；：“”\"、与和及加\s]{{1,16}}{_Q}"
_ZH_SUM = re.compile(rf"{_Q}(?P<x>[^\s，。；：“”\"]{{1,16}}?){_Q}\s*(?:为|是|等于)\s*"
                     rf"(?P<parts>(?:{_ZH_NAME}\s*(?:、|与|和|及|加)\s*)+{_ZH_NAME})\s*(?:之和|的和|相加)")
# "Total is the sum of Input and Output", "Satisfied = Very + Fairly"
_EN_NAME = rf"{_Q}[A-Za-z](?:(?!\s+(?:and|plus)\b)[\w ./%-]){{0,30}}?{_Q}"
_EN_SUM = re.compile(rf"(?P<x>{_EN_NAME})\s+(?:is|equals|=)\s+(?:the\s+sum\s+of\s+)?"
                     rf"(?P<parts>(?:{_EN_NAME}\s*(?:,|\+|and|plus)\s*)+{_EN_NAME})(?=\s*[.;,)]|\s*$)", re.I)
# "加速比 = 疾风-Infer 吞吐 / 基线吞吐", "Speed-up = Ours / Baseline", "Cost = Hours × Rate": a column defined
# by a formula of two others (a name holds no operator, separator or digit: linear on any text)
_FORMULA_NAME = r"[^\s=＝/÷×*+−\-，。；;：:、\d()（）]" + r"[^=＝/÷×*+−，。；;：:、\d\n]{0,24}?"
_FORMULA_NOTE = re.compile(rf"(?P<x>{_FORMULA_NAME})\s*[=＝]\s*(?P<a>{_FORMULA_NAME})\s*(?P<op>[/÷×*])\s*"
                           rf"(?P<b>{_FORMULA_NAME})\s*(?=[。；;，,.)）\n]|$)")
_OPS = {"/": "/", "÷": "/", "×": "*", "*": "*"}
_SPLIT = re.compile(r"\s*(?:、|与|和|及|加|,|\+|\band\b|\bplus\b)\s*", re.I)
_WORDS = ("之和", "的和", "相加", "sum", "+")


class ColumnNoteRelations(NearTableRelations):
    def column_notes(self, found: list[Relation]) -> list[Relation]:
        out: list[Relation] = []
        stated = {r.target for r in found}
        if not self.doc.tables or not any(w in self.text for w in _WORDS):
            return out
        for k, t in enumerate(self.doc.tables):
            # the text after the table up to 12 lines, the next table or the next heading (a note has no
            # number of its own, so it is no sentence the mention index holds)
            end = self.doc.tables[k + 1].start if k + 1 < len(self.doc.tables) else len(self.text)
            cut = t.end
            for _ in range(12):
                nl = self.text.find("\n", cut + 1, end)
                cut = end if nl < 0 else nl
            after = self.text[t.end:cut]
            heading = self.doc.heading_at(t.start)
            for mo in list(_ZH_SUM.finditer(after)) + list(_EN_SUM.finditer(after)):
                at = t.end + mo.start()
                if self.doc.heading_at(at) == heading:
                    out += [r for r in self._sums(t, mo.group("x"), _SPLIT.split(mo.group("parts")),
                                                  self.doc.sentence(at)) if r.target not in stated]
        return out

    def column_formulas(self, found: list[Relation]) -> list[Relation]:
        """"加速比 = 疾风-Infer 吞吐 / 基线吞吐" above or below a table whose headers are 基线（tokens/s）,
        疾风-Infer（tokens/s）, 加速比: in every row the defined column's cell is the formula of the two named
        columns' (0.85; the rows where it is not are the findings). Each name is one header's name (its
        words without the unit in parentheses) printed within it, or it within the name, one column each.
        A column product found over the same cells gives way (removed from ``found``)."""
        out: list[Relation] = []
        if not self.doc.tables or ("=" not in self.text and "＝" not in self.text):
            return out
        stated = {r.target for r in found if r.kind != "column-product"}
        for k, t in enumerate(self.doc.tables):
            lo = max(self.doc.tables[k - 1].end if k else 0, self.text.rfind("\n", 0, max(0, t.start - 400)))
            hi = min(self.doc.tables[k + 1].start if k + 1 < len(self.doc.tables) else len(self.text), t.end + 600)
            heading = self.doc.heading_at(t.start)
            for part, base in ((self.text[lo:t.start], lo), (self.text[t.end:hi], t.end)):
                for mo in _FORMULA_NOTE.finditer(part):
                    if self.doc.heading_at(base + mo.start()) != heading or self.doc.cell_at(base + mo.start()):
                        continue
                    cols = [self._named_column(t, mo.group(g)) for g in ("x", "a", "b")]
                    if any(c is None for c in cols) or len(set(cols)) != 3:
                        continue
                    x, a, b = (c for c in cols if c is not None)
                    rows = self._formula_rows(t, x, a, b, _OPS[mo.group("op")], self.doc.sentence(base + mo.start()))
                    out += [r for r in rows if r.target not in stated]
        # the note says which column is made from which: a column product the numbers showed over the same
        # cells the other way round ("疾风 = 基线 × 加速比") gives way to it
        cells = {frozenset([r.target, *r.parts]) for r in out}
        found[:] = [r for r in found if not (r.kind == "column-product" and frozenset([r.target, *r.parts]) in cells)]
        return out

    def _named_column(self, t, name: str) -> int | None:
        """The one column whose header's name (without its unit in parentheses) the note's name prints, or
        that prints it; the longest such name wins."""
        want = _bare_name(name)
        if len(want) < 2:
            return None
        best: list[tuple[int, int]] = []
        for c in range(1, t.ncols):
            for level in self._header(t, c).split(" / "):
                head = _bare_name(level)
                if len(head) >= 2 and (head == want or head in want or want in head):
                    best.append((len(head), c))
        if not best:
            return None
        top = max(n for n, _c in best)
        cols = {c for n, c in best if n == top}
        return cols.pop() if len(cols) == 1 else None

    def _formula_rows(self, t, x: int, a: int, b: int, op: str, sentence: str) -> list[Relation]:
        out = []
        sym = "÷" if op == "/" else "×"
        for r in range(len(t.rows)):
            cell, ca, cb = self.value(t, r, x), self.value(t, r, a), self.value(t, r, b)
            if cell is None or ca is None or cb is None or not _usable(self.ms[cell]):
                continue
            rel = self._table_relation(
                "column-product", cell, f"{{{ca}}} {op} {{{cb}}}", [ca, cb],
                note=f"column {self._header(t, x)!r} of {_where(t)} is {self._header(t, a)!r} {sym} "
                     f"{self._header(t, b)!r} (row {t.label(r)!r})",
                evidence=f"the note {sentence.strip()[:80]!r} by {_where(t)} defines the column", confidence=0.85)
            if rel is not None:
                out.append(rel)
        return out

    def _sums(self, t, x: str, parts: list[str], sentence: str) -> list[Relation]:
        heads = {self._header(t, c).strip().casefold(): c for c in range(1, t.ncols)}

        def column(name: str) -> int | None:
            return heads.get(name.strip(" “”\"'‘’「」『』").casefold())

        target, cols = column(x), [column(p) for p in parts]
        if target is None or any(c is None for c in cols) or target in cols or len(set(cols)) != len(cols):
            return []
        out = []
        for r in range(len(t.rows)):
            cell = self.value(t, r, target)
            idx = [self.value(t, r, c) for c in cols if c is not None]
            if cell is None or any(i is None for i in idx) or not _usable(self.ms[cell]):
                continue
            parts_ = [i for i in idx if i is not None]
            rel = self._table_relation(
                "row-total", cell, _placeholder_formula(parts_, "+"), parts_,
                note=f"column {self._header(t, target)!r} of {_where(t)} is the sum of "
                     + " and ".join(repr(self._header(t, c)) for c in cols if c is not None) + f" (row {t.label(r)!r})",
                evidence=f"the note {sentence.strip()[:80]!r} under {_where(t)} names the columns", confidence=0.85)
            if rel is not None:
                out.append(rel)
        return out


def _bare_name(name: str) -> str:
    """A column's or a note's name without quotes, markup, a unit in parentheses or spaces, casefolded."""
    name = re.sub(r"[(（][^()（）]*[)）]", "", name)
    return re.sub(r"[\s“”\"'‘’「」『』*_`]", "", name).casefold()
