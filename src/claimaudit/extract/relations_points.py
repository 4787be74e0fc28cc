"""A gap in points between two rows of a table, stated in prose: "X scores 68.4 on MMLU, 5.3 points above
Y", "X 在 C-Eval 上比 Y 高 5.9 个百分点", "X trails Y by 2 points on GSM8K": X's cell minus Y's cell in
the column the sentence names."""

from __future__ import annotations

import re

from .relation_model import Relation, _ref, _usable, _where
from .relations_doc import DocRelations

# the baseline row follows a word of comparison: "above Y", "than Y", "比 Y", "ahead of Y"
_BASE_BEFORE = re.compile(r"(?:\babove|\bover|\bthan|\bahead of|\bbehind|\bbelow|\bvs\.?|\bversus"
                          r"|\bcompared (?:with|to)|\brelative to|\bbeats?|\boutperforms?|\btrails?"
                          r"|比|较|相比于?|相较于?|领先|落后|超过|超出|高于|低于)"
                          r"\s*(?:the\s+)?$", re.I)
_HIGHER = re.compile(r"\babove\b|\bahead\b|higher|\bmore\b|better|\bbeats?\b|outperform|surpass|\bover\b|\bgains?\b"
                     r"|领先|高出|超过|超出|高于|提升|提高|高", re.I)
_LOWER = re.compile(r"\bbelow\b|\bbehind\b|lower|\bless\b|worse|\btrails?\b|\bdrops?\b|\bloses?\b"
                    r"|落后|低于|下降|降低|低", re.I)
_POINTS = ("percentage_point",)


class PointRelations(DocRelations):
    def point_gaps(self, found: list[Relation]) -> list[Relation]:
        """A value in points ("5.3 points", "5.9 个百分点", "+2.1 pp") in a sentence naming one column header
        and two row labels of one table, one of them after a word of comparison (above, than, 比, 领先):
        the gap is the other row's cell minus that row's (the reverse after lower, behind, 低于). Only
        when the words give the direction, and the table and cells are the only ones named (0.7)."""
        out: list[Relation] = []
        if not self.doc.tables:
            return out
        stated = {r.target for r in found}
        for (s, e), every in self.sentences().items():
            idx = [i for i in every if i not in stated and _usable(m := self.ms[i]) and m.unit.canonical in _POINTS]
            if not idx:
                continue
            sentence = self.text[s:e]
            rows, cols = self._names(sentence)
            rows = {k: v for k, v in rows.items() if not any(k != o and k in o for o in rows)}
            cols = {k: v for k, v in cols.items() if not any(k != o and k in o for o in cols)}
            if len(rows) < 2 or len(cols) != 1 or len(idx) != 1:
                continue
            rel = self._point_gap(idx[0], s, sentence, rows, cols)
            if rel is not None:
                out.append(rel)
        return out

    def _point_gap(self, i: int, s: int, sentence: str, rows: dict, cols: dict) -> Relation | None:
        m = self.ms[i]
        a, b = m.start - s, m.end - s
        named = sorted((k, lab) for lab in rows for k in _positions(sentence, lab))
        # "5.3 points above Y": the baseline within a few words after the value
        after = [(k, lab) for k, lab in named if b <= k <= b + 40 and _BASE_BEFORE.search(sentence[b:k])]
        # "比 Y 高 5.9 个百分点", "X beats Y by 5 points": the baseline just before the value, after a comparison word
        before = [(k, lab) for k, lab in named if a - 30 <= k < a and _BASE_BEFORE.search(sentence[:k])]
        if after:
            k0, base = after[0]
        elif before:
            k0, base = before[-1]
        else:
            return None
        # the subject: the row named last before the value (and before the baseline), other than it
        subjects = [lab for k, lab in named if k < min(a, k0) and lab != base]
        if not subjects:
            return None
        subject = subjects[-1]
        # the direction: the words from the subject's name to the baseline's (or the value's) end
        lo = sentence.rfind(subject, 0, min(a, k0)) + len(subject)
        words = sentence[lo:max(b, k0)]
        higher, lower = bool(_HIGHER.search(words)), bool(_LOWER.search(words))
        if higher == lower:
            return None
        rows = {subject: rows[subject], base: rows[base]}
        head = next(iter(cols))
        pairs = []
        for t_index, c in cols[head]:
            t = self.doc.tables[t_index]
            xr = next((r for ti, r in rows[subject] if ti == t_index), None)
            yr = next((r for ti, r in rows[base] if ti == t_index), None)
            if xr is None or yr is None:
                continue
            x, y = self.value(t, xr, c), self.value(t, yr, c)
            if x is not None and y is not None and self.ms[x].unit.dims == self.ms[y].unit.dims \
                    and self.ms[x].number.kind == self.ms[y].number.kind:
                pairs.append((t, x, y))
        if len(pairs) != 1:
            return None
        t, x, y = pairs[0]
        formula = f"{_ref(x)} - {_ref(y)}" if higher else f"{_ref(y)} - {_ref(x)}"
        if self.ms[x].number.kind == "percent":
            formula = f"({formula}) * 100"         # two percentages held as fractions: the gap in points
        return Relation("change", i, formula, [x, y], value=m.printed_number or None, quote=sentence.strip(),
                        unitless=True, at=m.start, confidence=0.7,
                        note=f"{subject!r} {'above' if higher else 'below'} {base!r} on {head!r} ({_where(t)}), "
                             "in points",
                        evidence=f"{m.printed!r} with {subject!r}, {base!r} after a comparison word and {head!r} "
                                 f"in the sentence; cells of {_where(t)}")


def _positions(sentence: str, name: str) -> list[int]:
    out, k = [], sentence.find(name)
    while k >= 0:
        out.append(k)
        k = sentence.find(name, k + 1)
    return out
