"""A gap in points between the two values a sentence compares: "85.2% on MMLU, surpassing GPT-3.5 (70.0%)
by 15.2 points", "68.9 on MMLU versus 45.3 for the 7B model, a gap of 23.6 points", "准确率 85.2%，比基线的
70.0% 高 15.2 个百分点": the gap is the larger value minus the smaller.

Precision first. The sentence holds one value in points and exactly two other values of one kind (two
percentages, or two bare scores, not model sizes such as 70B), neither part of a relation already read, and
a word of comparison (surpassing, versus, than, ahead of, a gap of; 比, 高, 领先, 相比 …). Audited (0.75) when
the gap is the difference within half of it (or half a point), else a suggestion: the sentence may compare
other values.
"""

from __future__ import annotations

import re
from fractions import Fraction

from .change_words import ADVERB, CHANGE, RANK, SCORE, words
from .relation_model import FinderBase, Relation, _ref, _usable

_COMPARING = re.compile(r"\bversus\b|\bvs\b|\bthan\b|compared|\bgap\b|difference|margin|\bfrom\b|比|较|相比|相较|差距|"
                        + words(None, (RANK, SCORE, CHANGE, ADVERB)), re.I)


class ProsePointRelations(FinderBase):
    def prose_point_gaps(self, found: list[Relation]) -> list[Relation]:
        """The gap in points between the sentence's two compared values (see the module's docstring)."""
        out: list[Relation] = []
        ms, text = self.ms, self.text
        used = {k for r in found for k in ([r.target] if r.target is not None else []) + r.parts}
        for (s, e), idx in self.sentences().items():
            if len(idx) < 3 or len(idx) > 12:
                continue
            gaps = [k for k in idx if ms[k].number.kind == "points" and _usable(ms[k])]
            if len(gaps) != 1 or gaps[0] in used or ms[gaps[0]].number.nominal <= 0:
                continue
            z = gaps[0]
            for kind in ("percent", "number"):
                pair = [k for k in idx if k != z and ms[k].number.kind == kind
                        and (kind == "percent" or not (ms[k].unit.dims.items or ms[k].number.multiplier))]
                if len(pair) == 2:
                    break
            else:
                continue
            a, b = pair
            if a in used or b in used or not (_usable(ms[a]) and _usable(ms[b])) or not _COMPARING.search(text, s, e):
                continue
            big, small = (a, b) if self.base(a) >= self.base(b) else (b, a)
            bare = kind == "number"
            got = ms[big].number.nominal - ms[small].number.nominal
            want = ms[z].number.nominal
            near = abs(got - want) <= max(Fraction(1, 2), want / 2)
            rel = self._stated("change", z, f"{_ref(big)} - {_ref(small)}", [big, small], unitless=bare,
                               confidence=0.75 if near else 0.4,
                               note=f"{ms[z].printed} is the gap between {ms[big].printed} and {ms[small].printed}",
                               evidence="one value in points, two compared values of one kind and a word of "
                                        "comparison in one sentence: ")
            if bare and ms[z].printed_number:
                q = ms[z].number.qualifier
                rel.value = f"{q} {ms[z].printed_number}" if q else ms[z].printed_number   # "5.5pp" reads 0.055
            out.append(rel)
        return out
