"""A count per unit of time, a time, and the count it makes: "打印机每分钟打印30页，打印450页需要15分钟", "The line
fills 120 bottles per minute, or 57,600 bottles in an 8-hour shift", "At 1,600 images per second, one
epoch of 960,000 images takes 10 minutes": the count is the rate times the time (or the time the count
over the rate).

Precision first. The rate is a bare count right after 每秒 / 每分钟 / 每小时 / 每天 (or before "<noun> per
second / a minute …"); the count it makes is the sentence's one other value counting the same things
(the same classifier and noun in Chinese, the same noun in English); the time is the sentence's one
duration. The later of the count and the time is the one recomputed. Audited (0.75).
"""

from __future__ import annotations

import re

from .count_nouns import any_same, nouns_of
from .relation_model import FinderBase, Relation, _ref, _usable
from .unit_words import unit_or_none

_ZH_TIMES = {"秒": "s", "秒钟": "s", "分钟": "min", "小时": "hour", "天": "day", "日": "day", "周": "week",
             "月": "month", "年": "year"}
_EN_TIMES = {"second": "s", "sec": "s", "minute": "min", "min": "min", "hour": "hour", "hr": "hour", "day": "day",
             "week": "week", "month": "month", "year": "year"}
# "每分钟打印30页", "以每秒1600张图像": the rate's time after 每, a verb may stand between
_ZH_PER_TIME = re.compile(r"每(秒钟|秒|分钟|小时|天|日|周|月|年)[\u4e00-\u9fff]{0,4}?(?:约|可)?\s*$")
# "120 bottles per minute", "1,600 images a second"
_EN_PER_TIME = re.compile(r"\s+((?:[A-Za-z][\w-]*\s+)?[A-Za-z][\w-]*)\s+(?:per|a|an|every|each)\s+"
                          r"(second|sec|minute|min|hour|hr|day|week|month|year)\b", re.I)


class RateTimeRelations(FinderBase):
    def rate_times(self, found: list[Relation]) -> list[Relation]:
        """Count = rate × time, or time = count / rate (see the module's docstring)."""
        out: list[Relation] = []
        ms, text = self.ms, self.text
        stated = {r.target for r in found}
        for idx in self.sentences().values():
            if len(idx) < 3 or len(idx) > 30:
                continue
            for v in idx:
                m = ms[v]
                if not _usable(m) or m.number.kind != "number" or m.unit.dims.items:
                    continue
                got = self._rate(v)
                if got is None:
                    continue
                per, nouns, zh = got
                made = [k for k in idx if k != v and _usable(ms[k]) and ms[k].number.kind == "number"
                        and not ms[k].unit.dims.items and any_same(nouns_of(text, ms[k], zh), nouns, zh)]
                times = [k for k in idx if k != v and _usable(ms[k]) and ms[k].number.kind == "number"
                         and _TIME is not None and ms[k].unit.dims == _TIME.dims]
                if len(made) != 1 or len(times) != 1:
                    continue
                c, t = made[0], times[0]
                target = max(c, t)
                if target in stated:
                    continue
                if target == c:
                    formula, parts = f"{_ref(v)} / (1 {per}) * {_ref(t)}", [v, t]
                    note = f"{ms[c].printed} is {m.printed} per {per} for {ms[t].printed}"
                else:
                    formula, parts = f"{_ref(c)} / ({_ref(v)} / (1 {per}))", [c, v]
                    note = f"{ms[t].printed} is {ms[c].printed} at {m.printed} per {per}"
                # (the formula's "1 min" is an exact quantity of the claim's formula language, which the
                # finders' placeholder formulas do not read: the time's dimension is checked above)
                out.append(self._stated("rate", target, formula, parts, confidence=0.75, note=note,
                                        evidence="a count per unit of time, the count of the same things and "
                                                 "the one time in the sentence: "))
                stated.add(target)
        return out

    def _rate(self, v: int) -> tuple[str, tuple[str, ...], bool] | None:
        """(the rate's unit of time, the nouns it counts, Chinese) when mention ``v`` is a count per unit
        of time."""
        m, text = self.ms[v], self.text
        zh = _ZH_PER_TIME.search(text, max(0, m.start - 10), m.start)
        if zh is not None:
            nouns = nouns_of(text, m, True)
            return (_ZH_TIMES[zh.group(1)], nouns, True) if nouns else None
        en = _EN_PER_TIME.match(text, m.number_end)
        if en is None:
            return None
        return _EN_TIMES[en.group(2).lower()], tuple(en.group(1).split())[-1:], False


_TIME = unit_or_none("s")
