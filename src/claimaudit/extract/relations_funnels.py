"""A funnel table: a column of counts that each step narrows, and beside it a column of percentages, each
row's share against the row before — removed ("| 质量过滤 | 8,820 | 40.0% |" after "| 去重 | 14,700 |": 1 −
8,820 / 14,700) or kept ("| Signed up | 1,200 | 30% |" after 4,000 visits: 1,200 / 4,000).

Found, not stated: taken when one reading (removed or kept, against one column) gives every such cell of
three rows or more; under a header naming it (过滤, 去除, filtered, removed, dropped; 保留, 留存, kept,
retained, conversion) one cell of three may miss it, and is then the finding (0.75).
"""

from __future__ import annotations

import re
from fractions import Fraction

from .document import Table
from .relation_model import FinderBase, Relation, _ref, _usable, _where

_REMOVED = re.compile(r"过滤|去除|剔除|删除|淘汰|流失|filter|remov|dropp?ed|discard|pruned|churn", re.I)
_KEPT = re.compile(r"保留|留存|转化|通过|kept|retain|conversion|pass(?:ed)?\b|surviv", re.I)


class FunnelRelations(FinderBase):
    def funnel_columns(self, found: list[Relation]) -> list[Relation]:
        out: list[Relation] = []
        stated = {r.target for r in found}
        for t in self.doc.tables:
            if len(t.rows) < 4 or t.ncols < 3 or t.ncols > 40:
                continue
            for p in range(1, t.ncols):
                shares = {r: k for r in range(1, len(t.rows)) if (k := self.value(t, r, p)) is not None
                          and self.ms[k].number.kind == "percent" and k not in stated}
                if len(shares) < 3:
                    continue
                head = self._header(t, p)
                for v in range(1, t.ncols):
                    if v == p:
                        continue
                    got = self._funnel(t, p, v, shares, head)
                    if got:
                        out += got
                        break
        return out

    def _funnel(self, t: Table, p: int, v: int, shares: dict[int, int], head: str) -> list[Relation]:
        ms = self.ms
        steps = []
        for r, k in shares.items():
            cur, prev = self.value(t, r, v), self.value(t, r - 1, v)
            if cur is None or prev is None or ms[cur].number.kind != "number" or ms[prev].number.kind != "number" \
                    or ms[prev].number.nominal <= 0 or not (_usable(ms[cur]) and _usable(ms[prev])):
                return []
            steps.append((r, k, cur, prev))
        for how, named in (("removed", bool(_REMOVED.search(head))), ("kept", bool(_KEPT.search(head)))):
            fits = [self._fits(k, cur, prev, how) for _r, k, cur, prev in steps]
            if all(fits) or (named and len(steps) >= 3 and fits.count(False) == 1):
                return [self._relation(t, p, v, r, k, cur, prev, how, len(steps) - fits.count(False), len(steps))
                        for r, k, cur, prev in steps]
        return []

    def _fits(self, k: int, cur: int, prev: int, how: str) -> bool:
        ms = self.ms
        a, b = Fraction(ms[cur].number.nominal), Fraction(ms[prev].number.nominal)
        got = (b - a) / b * 100 if how == "removed" else a / b * 100
        half = Fraction(ms[k].number.step) / 2 + Fraction(ms[cur].number.step or 0) / b * 100
        return abs(got - ms[k].number.nominal) <= half + Fraction(1, 10**6)

    def _relation(self, t: Table, p: int, v: int, r: int, k: int, cur: int, prev: int, how: str, held: int,
                  steps: int) -> Relation:
        formula = f"({_ref(prev)} - {_ref(cur)}) / {_ref(prev)}" if how == "removed" else f"{_ref(cur)} / {_ref(prev)}"
        word = "removed from" if how == "removed" else "kept of"
        return Relation("change", k, formula, [prev, cur], quote=self.doc.line_text(self.ms[k].start).strip(),
                        at=self.ms[k].start, unitless=True, confidence=0.75,
                        note=f"{self.ms[k].printed} is the share {word} the row before's {self._header(t, v)!r} "
                             f"({t.label(r - 1)!r} to {t.label(r)!r}, {_where(t)})",
                        evidence=f"{_where(t)}: column {self._header(t, p)!r} against the row before in column "
                                 f"{self._header(t, v)!r} ({how}) gives {held} of its {steps} cells")
