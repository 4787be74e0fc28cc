"""Totals a sentence states from a count and an amount each: "The 12 GPUs cost $30,000 each, $360,000 in
total", "12 servers at $30,000 each for $360,000", "64 nodes with 8 GPUs each, 512 GPUs in total": the
total is the count times the amount each.

Precision first. The amount each is the value right before "each" / "apiece" / "a piece" (or the value
after "each of the N …"); the count is the nearest value before it (a bare number or a count of things,
never a measure); the total is the next value of the amount's unit after it, named a total by its words
(in total, in all, altogether, a total of, for, totalling). Audited (0.75) when the product is the total
within 10%, else a suggestion.
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
_TOTAL_AFTER = re.compile(r"\s*(?:[A-Za-z]+\s+)?(?:in total|in all|altogether|total)\b", re.I)
_TOTAL_BEFORE = re.compile(r"(?:\bfor|\ba total of|\btotal(?:l?ing)?|\bin all|\baltogether|,\s*or)\s*(?:about\s+|~)?$",
                           re.I)
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
                if n == 0 or n + 1 >= len(idx) or not _usable(ms[v]):
                    continue
                c = idx[n - 1]
                if not (_EACH_AFTER.match(text, ms[v].end)
                        or _EACH_OF_BEFORE.search(text, max(0, ms[c].start - 16), ms[c].start)):
                    continue
                count = ms[c]
                if not _usable(count) or count.number.kind != "number" or count.number.nominal <= 1 \
                        or (count.unit.dims.items and count.unit.canonical not in _COUNT_UNITS):
                    continue
                t = next((k for k in idx[n + 1:] if ms[k].unit.dims == ms[v].unit.dims), None)
                if t is None or t in stated or not _usable(ms[t]):
                    continue
                if not (_TOTAL_AFTER.match(text, ms[t].end)
                        or _TOTAL_BEFORE.search(text, max(0, ms[t].start - 24), ms[t].start)):
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
