"""Headline gains against the table that shows them: "X 在 MMLU（+23%）上… 相比 Y", "X improves on Y by
+12% on GSM8K": the gain is X's cell over Y's in that column, relative (or in points, when only
that reading gives the printed figure)."""

from __future__ import annotations

import re

from .change_words import CHANGE, RANK, SCORE, UP, words
from .relation_model import Relation, _recomputes, _ref, _usable, _where
from .relations_doc import DocRelations
from .relations_table import AVERAGE_LABEL, TOTAL_LABEL

# a word of gain in the sentence (change_words): improves, higher, outperforms, 提升, 领先
_GAIN_WORDS = re.compile(words(UP, (CHANGE, SCORE, RANK)), re.I)
_BASELINE_BEFORE = re.compile(r"(?:相比于?|相较于?|对比|比|较|compared\s+(?:with|to)|relative\s+to|over|than|versus"
                              r"|vs\.?)\s*(?:the\s+|初代的?\s*)?$", re.I)
_HEAD_BEFORE = re.compile(r"^\s*[（(:：]?\s*$")           # "MMLU（+23%）", "MMLU: +23%"
_HEAD_AFTER = re.compile(r"^\s*(?:on|in|at|for)\s+(?:the\s+)?$", re.I)       # "+23% on MMLU"


class GainRelations(DocRelations):
    def gains(self, found: list[Relation]) -> list[Relation]:
        out: list[Relation] = []
        if not self.doc.tables:
            return out
        stated = {r.target for r in found}
        for (s, e), every in self.sentences().items():
            idx = [i for i in every if _usable(m := self.ms[i]) and m.number.kind == "percent" and i not in stated]
            if not idx:
                continue
            sentence = self.text[s:e]
            # (the names first: remembered for each sentence, where the words' pattern costs 30 µs a sentence)
            rows, cols = self._names(sentence)
            rows = {k: v for k, v in rows.items() if not any(k != o and k in o for o in rows)}
            if not rows or not cols:
                continue
            if not _GAIN_WORDS.search(sentence) and not any(self.ms[i].printed.lstrip().startswith("+") for i in idx):
                continue
            for i in idx:
                rel = self._gain(i, s, sentence, rows, cols)
                if rel is not None:
                    out.append(rel)
        return out

    def _gain(self, i: int, s: int, sentence: str, rows: dict, cols: dict) -> Relation | None:
        m = self.ms[i]
        a, b = m.start - s, m.end - s
        heads = [h for h in cols if ((k := sentence.rfind(h, 0, a)) >= 0 and _HEAD_BEFORE.match(sentence[k + len(h):a]))
                 or ((k := sentence.find(h, b)) >= 0 and _HEAD_AFTER.match(sentence[b:k]))]
        heads = [h for h in heads if not any(h != o and h in o for o in heads)]
        if len(heads) != 1:
            return None
        head = heads[0]
        for t_index, c in cols[head]:
            t = self.doc.tables[t_index]
            named = {lab: r for lab, where in rows.items() for ti, r in where if ti == t_index}
            body = [r for r in range(len(t.rows))
                    if not (TOTAL_LABEL.match(lab := t.label(r)) or AVERAGE_LABEL.match(lab))]
            base = [lab for lab in named if _BASELINE_BEFORE.search(sentence[:sentence.find(lab)])]
            subject = [lab for lab in named if lab not in base]
            if len(subject) != 1 or len(base) > 1:
                continue
            xr = named[subject[0]]
            if base:
                yr = named[base[0]]
            elif len(body) == 2 and xr in body:
                yr = next(r for r in body if r != xr)        # the table's one other row is the baseline
            else:
                continue
            x, y = self.value(t, xr, c), self.value(t, yr, c)
            if x is None or y is None or self.ms[y].number.nominal <= 0 or self.ms[x].unit.dims != self.ms[y].unit.dims:
                continue
            relative = f"({_ref(x)} - {_ref(y)}) / {_ref(y)}"
            points = f"{_ref(x)} - {_ref(y)}"
            if self.ms[x].number.kind == "percent":
                points = f"({points}) * 100"        # two percentages given as fractions: the gap in points
            in_points = self.ms[x].number.kind == "percent" or not self.ms[x].unit.dims.items
            # "+5%" between two scores may be points: read so only when that alone gives the figure
            as_points = in_points and not _recomputes(m, relative, self.ms) and _recomputes_points(self, m, x, y)
            formula = points if as_points else relative
            value = (m.printed_number or "") if as_points else None
            return Relation("change", i, formula, [x, y], quote=sentence.strip(), value=value, unitless=True,
                            note=f"{t.label(xr)!r} over {t.label(yr)!r} on {head!r} ({_where(t)})"
                                 + (", in points" if as_points else ", relative"),
                            at=m.start, confidence=0.7,
                            evidence=f"{m.printed!r} beside {head!r}, {t.label(xr)!r} named"
                                     + (f" and {t.label(yr)!r} after a comparison word" if base
                                        else f"; {t.label(yr)!r} the table's one other row")
                                     + f"; cells of {_where(t)}")
        return None


def _recomputes_points(finder: GainRelations, m, x: int, y: int) -> bool:
    """Whether the printed figure, read as a number of points, is X's cell minus Y's."""
    ms = finder.ms
    diff = ms[x].number.nominal - ms[y].number.nominal       # a percentage's nominal is in percent already
    step = max(ms[x].number.step, ms[y].number.step, m.number.step)
    return abs(abs(diff) - m.number.nominal) <= step
