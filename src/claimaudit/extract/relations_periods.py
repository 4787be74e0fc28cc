"""An amount a period and the same amount over a longer period, in one sentence: "月均交通支出 412 元，年均交通
支出约 4,940 元", "每天 1.2 亿次调用，每年约 438 亿次": the longer period's value is the shorter's times the
periods in it (12 months, 365 days or 52 weeks a year, 24 hours a day, 7 days a week).

The registry reads "a day" and "per year" as units, and :meth:`.ConversionRelations.conversions` converts
them; Chinese prints the period as a word before the value (每月, 月均, 全年, 年均) and the value as a plain
amount, so nothing converts it. Here the words are the evidence: the first value after a word of one period
(每月 / 月均 / 平均每月 / monthly …), the second after a word of a longer one (全年 / 每年 / 年均 / 一年 /
annually …), both of one unit (or both bare counts), the second after the first in one sentence with no
other value of their unit between, or in the sentence after it with the same noun after both words
("月均交通支出 …；…，年均交通支出约 5,400 元"), and the product within a factor of 2 of the printed value
(farther off, the second is another amount: a fee, a cap). Audited (0.75); a year of 365 days (a leap
year's 366 is within the rounding such figures are printed with). A value the reader already reads as a
rate ("每月 24,300 元" as 元/月) is left to the units.
"""

from __future__ import annotations

import re
from fractions import Fraction

from .relation_model import FinderBase, Relation, _ref, _usable
from .word_screen import may_print

#: Period words right before a value, by period; the words between (a noun: "月均交通支出 412 元") in ``noun``.
_TAIL = r"(?P<noun>[\u4e00-\u9fff]{0,8}?)(?:约|为|为约|达|合计|共)?\s*$"
_PERIOD_BEFORE = {
    "hour": re.compile(r"(?:每小时|每个小时|平均每小时|hourly|per hour|an hour)" + _TAIL, re.I),
    "day": re.compile(r"(?:每天|每日|日均|平均每天|平均每日|一天|单日|daily)" + _TAIL, re.I),
    "week": re.compile(r"(?:每周|周均|平均每周|一周|weekly)" + _TAIL, re.I),
    "month": re.compile(r"(?:每月|每个月|月均|平均每月|一个月|单月|monthly)" + _TAIL, re.I),
    "year": re.compile(r"(?:全年|每年|年均|一年|整年|annually|yearly|per year|a year)" + _TAIL, re.I),
}
#: A word every period pattern holds (the word screen: none, no period total).
_WORDS = ("每小时", "每个小时", "hourly", "per hour", "an hour", "每天", "每日", "日均", "一天", "单日",
          "daily", "每周", "周均", "一周", "weekly", "每月", "每个月", "月均", "一个月", "单月",
          "monthly", "全年", "每年", "年均", "一年", "整年", "annually", "yearly", "per year", "a year")
#: How many of the shorter period the longer holds.
_IN = {("hour", "day"): 24, ("day", "week"): 7, ("day", "year"): 365, ("week", "year"): 52, ("month", "year"): 12}


class PeriodRelations(FinderBase):
    def period_totals(self, found: list[Relation]) -> list[Relation]:
        """See the module: the second value is the first times the periods the longer period holds."""
        out: list[Relation] = []
        if not may_print(self.text, _WORDS):
            return out
        ms, text = self.ms, self.text
        stated = {r.target for r in found}
        spans = list(self.sentences().items())
        for j, (_span, idx) in enumerate(spans):
            if len(idx) > 20:
                continue
            # the sentence before, in the same paragraph ("月均交通支出 412 元，占…；据此推算，年均交通支出约 5,400 元")
            prev = spans[j - 1][1] if j and len(spans[j - 1][1]) <= 20 and "\n\n" not in \
                text[ms[spans[j - 1][1][-1]].end:ms[idx[0]].start] else []
            periods = {k: p for k in (*prev, *idx) if (p := self._period_of(k)) is not None}
            for a, (pa, noun_a) in periods.items():
                for b, (pb, noun_b) in periods.items():
                    n = _IN.get((pa, pb))
                    if n is None or b <= a or b not in idx or b in stated or ms[a].unit.dims != ms[b].unit.dims:
                        continue
                    # next to each other, or the same noun after both period words ("月均交通支出 / 年均交通支出")
                    if not ((a in idx and self._period_pair(idx, a, b)) or (len(noun_a) >= 2 and noun_a == noun_b)):
                        continue
                    want, got = self.base(b), self.base(a) * n
                    if want <= 0 or not Fraction(1, 2) <= got / want <= 2:
                        continue
                    formula = f"{_ref(a)} * {n}"
                    fit = self._formula_fits(b, formula)
                    if fit is None:
                        continue
                    out.append(self._stated(
                        "product", b, formula, [a], unitless=fit[1], confidence=0.75,
                        note=f"{ms[b].printed} a {pb} is {ms[a].printed} a {pa} × {n}",
                        evidence=f"an amount a {pa} and, after it, the same amount a {pb}: "))
                    stated.add(b)
        return out

    def _period_of(self, k: int) -> tuple[str, str] | None:
        """The period the words right before value ``k`` name and the noun between (a plain amount: no unit
        of time in it)."""
        m = self.ms[k]
        if not _usable(m) or m.number.kind != "number" or m.cell is not None \
                or any(name.strip("[]") == "time" for name, _ in m.unit.dims.items):
            return None
        before = self.text[max(0, m.start - 20):m.start]
        got = [(p, mo.group("noun")) for p, rx in _PERIOD_BEFORE.items() if (mo := rx.search(before))]
        return got[-1] if len(got) == 1 else None

    def _period_pair(self, idx: list[int], a: int, b: int) -> bool:
        """No value of the unit of ``a`` and ``b`` stands between them."""
        return not any(self.ms[k].unit.dims == self.ms[a].unit.dims for k in idx if a < k < b)
