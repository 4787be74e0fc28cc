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
from .relations_table import TOTAL_LABEL, WEIGHTED_LABEL

_SHARE_WORDS = re.compile(r"\bmakes?\s+up\b|\bmade\s+up\b|\baccounts?\s+for\b|\bshare\b|\bof\s+the\b|占", re.I)
#: A word of each phrase _SHARE_WORDS reads: casefolded, as re.I reads them ("ſhare"), a sentence holding none is
#: skipped before the pattern (which costs 25 µs a sentence: no first character to look for).
_SHARE_KEYS = ("make", "made", "account", "share", "of", "占")


def _may_share(sentence: str) -> bool:
    folded = sentence.casefold()
    return any(k in folded for k in _SHARE_KEYS)


class TableShareRelations(NearTableRelations):
    def share_columns(self) -> list[Relation]:
        """A column of percentages in a table with a Total row (合计) whose cells are the row's count in
        another column over the Total row's count ("| 违法犯罪 | 6 | 1,200 | 24.0% |" over "| 合计 | 25 |
        5,000 | 100% |"): each share is a relation (0.75). The column of counts is the one column whose
        cells give every share (all but one of five rows or more: that one is the finding); the Total
        row's own share is its sum's (``table_totals``)."""
        out: list[Relation] = []
        # (only the tables with a percentage in a cell: one pass over the mentions)
        with_shares = {m.cell[0] for m in self.ms if m.cell is not None and m.number.kind == "percent"}
        for t in self.doc.tables:
            if t.index not in with_shares:
                continue
            # (a weighted mean's row, "加权平均", holds the counts' sum too)
            totals = [r for r in range(len(t.rows))
                      if TOTAL_LABEL.match(lab := t.label(r)) or WEIGHTED_LABEL.match(lab)]
            if len(totals) != 1 or len(t.rows) < 4 or t.ncols > 40:
                continue
            tr = totals[0]
            body = [r for r in range(len(t.rows)) if r != tr]
            for c in range(1, t.ncols):
                first = self.value(t, body[0], c)
                if first is None or self.ms[first].number.kind != "percent":
                    continue            # (the cheap test first: most columns hold no percentages)
                shares = [self.value(t, r, c) for r in body]
                if any(k is None or self.ms[k].number.kind != "percent" for k in shares):
                    continue
                fits = [(a, missed) for a in range(1, t.ncols)
                        if a != c and (missed := self._shares_missed(t, a, tr, body, shares)) is not None]
                if len(fits) != 1:
                    continue
                a, missed = fits[0]
                total = self.value(t, tr, a)
                assert total is not None  # noqa: S101 - _shares_missed read it
                for r, k in zip(body, shares, strict=True):
                    x = self.value(t, r, a)
                    assert k is not None and x is not None  # noqa: S101 - _shares_missed read them
                    out.append(Relation(
                        "percent-of", k, f"{_ref(x)} / {_ref(total)}", [x, total], quote=self.doc.line_text(
                            self.ms[k].start).strip(), unitless=True, at=self.ms[k].start, confidence=0.75,
                        note=f"row {t.label(r)!r} over row {t.label(tr)!r} in {self._header(t, a)!r} ({_where(t)})",
                        evidence=f"{_where(t)}: column {self._header(t, c)!r} of percentages is column "
                                 f"{self._header(t, a)!r} over row {t.label(tr)!r}'s cell in every row"
                                 + (" but one" if missed else "")))
        return out

    def _shares_missed(self, t, a: int, tr: int, body: list[int], shares: list[int | None]) -> int | None:
        """How many printed shares column ``a``'s cells over its Total-row cell miss (within a step), when
        none or one of five rows or more; else None."""
        total = self.value(t, tr, a)
        if total is None or self.ms[total].number.kind != "number" or self.ms[total].number.nominal <= 0:
            return None
        whole = self.ms[total].number.nominal
        missed = 0
        for r, k in zip(body, shares, strict=True):
            x = self.value(t, r, a)
            if x is None or k is None or self.ms[x].number.kind != "number" or self.ms[x].unit.dims != \
                    self.ms[total].unit.dims:
                return None
            share, m = self.ms[x].number.nominal / whole * 100, self.ms[k]
            missed += not (m.number.interval.lo - m.number.step <= share <= m.number.interval.hi + m.number.step)
        return missed if missed == 0 or (missed == 1 and len(body) >= 5) else None

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
