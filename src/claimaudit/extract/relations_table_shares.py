"""Shares a sentence states of the table beside it: "Code makes up 25% of the training tokens, and web text
60%", "代码数据占 25%" above a table with a Total row: each named row's cell over the Total row's cell.

Precision first. The sentence says a share (makes up, accounts for, account for, share, of the, 占, 占比);
the table is the one right after (or before) it in the same section and has a row labelled Total / 合计 /
总计; the sentence names as many of its other rows (labels printed whole) as it prints percentages, which
pair in order; the column is the table's only numeric one (or the one whose header words the sentence
prints). The relation is the cell over the total (0.75; a suggestion when the figure is off by more than
half again, a share of something else: "25% of the English part").
"""

from __future__ import annotations

import re
from fractions import Fraction

from .relation_model import Relation, _ref, _usable, _where
from .relations_near import NearTableRelations
from .relations_points import _positions
from .relations_table import TOTAL_LABEL

_SHARE_WORDS = re.compile(r"\bmakes?\s+up\b|\bmade\s+up\b|\baccounts?\s+for\b|\bshare\b|\bof\s+the\b|占", re.I)
#: A word of each phrase _SHARE_WORDS reads: casefolded, as re.I reads them ("ſhare"), a sentence holding none is
#: skipped before the pattern (which costs 25 µs a sentence: no first character to look for).
_SHARE_KEYS = ("make", "made", "account", "share", "of", "占")


def _may_share(sentence: str) -> bool:
    folded = sentence.casefold()
    return any(k in folded for k in _SHARE_KEYS)


class TableShareRelations(NearTableRelations):
    def table_share_sentences(self, found: list[Relation]) -> list[Relation]:
        out: list[Relation] = []
        if not self.doc.tables:
            return out
        taken = {r.target for r in found}
        starts = [t.start for t in self.doc.tables]
        for (s, e), idx in self.sentences().items():
            pcts = [i for i in idx if self.ms[i].number.kind == "percent" and i not in taken and _usable(self.ms[i])
                    and self.ms[i].relation is None]
            if not pcts or not _may_share(self.text[s:e]) or not _SHARE_WORDS.search(self.text, s, e):
                continue
            t = self._near_table(s, e, starts)
            if t is not None:
                out += self._shares_of_total(t, pcts, s, e)
        return out

    def _shares_of_total(self, t, pcts: list[int], s: int, e: int) -> list[Relation]:
        totals = [r for r in range(len(t.rows)) if TOTAL_LABEL.match(t.label(r))]
        if len(totals) != 1:
            return []
        tr = totals[0]
        folded = self.text[s:e].casefold()
        named = sorted((k, r) for r in range(len(t.rows)) if r != tr and len(t.label(r)) >= 3
                       for k in _positions(folded, t.label(r).casefold()))
        if len({r for _k, r in named}) != len(named) or len(named) != len(pcts):
            return []
        numeric = [c for c in range(1, t.ncols) if self.value(t, tr, c) is not None]
        by_words = self.columns_named(t, numeric, folded)
        cols = by_words if len(by_words) == 1 else numeric if len(numeric) == 1 and not by_words else []
        if not cols:
            return []
        c = cols[0]
        total = self.value(t, tr, c)
        assert total is not None  # noqa: S101 - numeric above
        if self.ms[total].number.nominal <= 0:
            return []
        out = []
        for (_k, r), i in zip(named, pcts, strict=True):
            x = self.value(t, r, c)
            if x is None or self.ms[x].unit.dims != self.ms[total].unit.dims:
                return []
            share = self.ms[x].number.nominal * self.ms[x].unit.factor / (
                self.ms[total].number.nominal * self.ms[total].unit.factor) * 100
            stated = self.ms[i].number.nominal
            # off by more than half again: a share of something else ("25% of the English part")
            near = stated > 0 and share > 0 and max(share, stated) / min(share, stated) <= Fraction(3, 2)
            out.append(Relation(
                "percent-of", i, f"{_ref(x)} / {_ref(total)}", [x, total], quote=self.doc.sentence(self.ms[i].start),
                unitless=True, at=self.ms[i].start, confidence=0.75 if near else 0.5,
                note=f"{t.label(r)!r} over {t.label(tr)!r} in {self._header(t, c)!r} ({_where(t)})",
                evidence=f"{self.ms[i].printed!r} with a share word in a sentence naming row {t.label(r)!r} of "
                         f"{_where(t)}, which has a {t.label(tr)!r} row; column {self._header(t, c)!r}"))
        return out
