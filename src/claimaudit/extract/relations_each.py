"""Totals a sentence states from a count and an amount each: "The 12 GPUs cost $30,000 each, $360,000 in
total", "12 servers at $30,000 each for $360,000", "64 nodes with 8 GPUs each, 512 GPUs in total": the
total is the count times the amount each.

Precision first. The amount each is the value right before "each" / "apiece" / "a piece", after 每台 /
单价 / 人均, or the value after "each of the N …"; the count is the nearest value before it not of its unit
(a bare number or a count of things, never a measure); the total is the next value of the amount's unit
after it named a total by its words (in total, a total outlay of, for, 总金额为, 共计), or, when the amount
each is an average ("an average of $8,000 each", 人均), the one value of its unit before it. Audited
(0.75) when the product is the total within 10%, else a suggestion.
"""

from __future__ import annotations

import math
import re

from .relation_model import FinderBase, Relation, _ref, _usable

# (a counted noun may stand between: "3 epochs each")
_EACH_AFTER = re.compile(r"(?:\s+(?!each\b)[A-Za-z][\w-]*)?\s*(?:each|apiece|a piece|per (?:unit|piece|item|one))\b",
                         re.I)
# "Each of the 24 layers has 16 heads": the count after "each of the", the amount each the next value
_EACH_OF_BEFORE = re.compile(r"\beach of (?:the |its |our |these )?$", re.I)
# the total's words: after it ("$360,000 in total") or before it ("for $360,000", "a total of 512")
_NAMED_TOTAL_AFTER = re.compile(r"\s*(?:[A-Za-z]+\s+)?(?:in total|in all|altogether|total)\b", re.I)
_NAMED_TOTAL_BEFORE = re.compile(r"(?:\bfor|\ba total(?:\s+[a-z]+)? of|\btotal(?:l?ing)?|\bin all|\baltogether|,\s*or"
                           r"|(?:总金额|总额|总价|总成本|总投资|总计|合计|共计|总共|一共)(?:为|达|约)?)\s*(?:about\s+|~|约\s*)?$",
                           re.I)
# the amount each in Chinese, before it: "每台单价 2.4 万元", "人均 3 万元", "每人 500 元"
_EACH_BEFORE_ZH = re.compile(r"(?:每(?:台|个|人|张|辆|家|名|套|件|位|户)(?:单价|价格|售价|平均)?|单价|人均)"
                             r"(?:为|约|达)?\s*$")
# an amount each that is the total's average: "an average of $8,000 each", "人均 3 万元"
_AVERAGE_EACH = re.compile(r"(?:\ban average of|\bon average|\baveraging|人均|平均每人|平均每)\s*(?:about\s+)?$", re.I)
_COUNT_UNITS = frozenset({"GPU", "node", "server", "card", "layer", "head", "request", "sequence", "token", "step",
                          "parameter", "SSD", "dozen"})


class EachRelations(FinderBase):
    def each_totals(self, found: list[Relation]) -> list[Relation]:
        """"N … V each, T in total": T = N × V (see the module's docstring)."""
        out: list[Relation] = []
        ms, text = self.ms, self.text
        stated = {r.target for r in found}
        for idx in self.sentences().values():
            if len(idx) < 3 or len(idx) > 40:
                continue
            for n, v in enumerate(idx):
                if n == 0 or not _usable(ms[v]):
                    continue
                each_of = _EACH_OF_BEFORE.search(text, max(0, ms[idx[n - 1]].start - 16), ms[idx[n - 1]].start)
                if not (each_of or _EACH_AFTER.match(text, ms[v].end)
                        or _EACH_BEFORE_ZH.search(text, max(0, ms[v].start - 8), ms[v].start)):
                    continue
                # the count: the nearest value before of no unit or a count's ("1,500 台，每台单价 2.4 万元"; "发放
                # … 共计 2.4 亿元，人均 3 万元" passes over the total)
                c = next((k for k in reversed(idx[:n])
                          if ms[k].unit.dims != ms[v].unit.dims or not ms[v].unit.dims.items), None) \
                    if not each_of else idx[n - 1]
                if c is None:
                    continue
                count = ms[c]
                if not _usable(count) or count.number.kind != "number" or count.number.nominal <= 1 \
                        or (count.unit.dims.items and count.unit.canonical not in _COUNT_UNITS):
                    continue
                # the total: named so after the amount each, else (an average each) the one value of its unit before
                t = next((k for k in idx[n + 1:] if ms[k].unit.dims == ms[v].unit.dims
                          and (_NAMED_TOTAL_AFTER.match(text, ms[k].end)
                               or _NAMED_TOTAL_BEFORE.search(text, max(0, ms[k].start - 24), ms[k].start))), None)
                if t is None and _AVERAGE_EACH.search(text, max(0, ms[v].start - 16), ms[v].start):
                    before = [k for k in idx[:n] if k != c and ms[k].unit.dims == ms[v].unit.dims]
                    t = before[0] if len(before) == 1 else None
                if t is None or t in stated or not _usable(ms[t]) or t == c:
                    continue
                formula = f"{_ref(c)} * {_ref(v)}"
                fit = self._formula_fits(t, formula)
                if fit is None:
                    continue
                got, want = math.prod((self.base(c) if not fit[1] else count.number.nominal,
                                       self.base(v) if not fit[1] else ms[v].number.nominal)), \
                    self.base(t) if not fit[1] else ms[t].number.nominal
                near = want > 0 and abs(got - want) <= want / 10
                out.append(self._stated(
                    "product", t, formula, [c, v], unitless=fit[1], confidence=0.75 if near else 0.4,
                    note=f"{ms[t].printed} is {count.printed} × {ms[v].printed} each",
                    evidence="a count, an amount each and the total the words name, in one sentence: "))
        return out
