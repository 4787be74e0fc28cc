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
