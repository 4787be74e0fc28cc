"""Headline gains against the table that shows them: "X 在 MMLU（+23%）上… 相比 Y", "X improves on Y by
+12% on GSM8K": the gain is X's cell over Y's in that column, relative (or in points, when only
that reading gives the printed figure)."""

from __future__ import annotations

import re

from .change_words import CHANGE, RANK, SCORE, UP, words
from .relation_model import Relation, _recomputes, _ref, _usable, _where
from .relations_doc import DocRelations
from .relations_table import body_rows

# a word of gain in the sentence (change_words): improves, higher, outperforms, 提升, 领先
_GAIN_WORDS = re.compile(words(UP, (CHANGE, SCORE, RANK)), re.I)
_BASELINE_BEFORE = re.compile(r"(?:相比于?|相较于?|对比|比|较|compared\s+(?:with|to)|relative\s+to|over|than|versus"
                              r"|vs\.?)\s*(?:the\s+|初代的?\s*)?$", re.I)
_HEAD_BEFORE = re.compile(r"^\s*[（(:：]?\s*$")           # "MMLU（+23%）", "MMLU: +23%"
_HEAD_AFTER = re.compile(r"^\s*(?:on|in|at|for)\s+(?:the\s+)?$", re.I)       # "+23% on MMLU"

# a word of gain upward in the sentence, and none comparing with a named baseline
_UP_WORDS = re.compile(words(UP, (CHANGE, SCORE)), re.I)
_COMPARED = re.compile(r"相比|相较|对比|较之|比(?!例|重|率)"
                       r"|\b(?:compared|relative to (?:the\s+)?[A-Z]|over|than|versus|vs\.?|against)\b")
# between a header and its gain: a word of gain and fillers ("平均提升", "多文档问答提升了", "MMLU improves by")
_GAIN_BETWEEN = re.compile(r"\s*(?:上|的|方面)?\s*(?:" + words(UP, (CHANGE, SCORE)) + r")\s*(?:了|约|by|of|about)?\s*"
                           r"(?:约|about\s+)?", re.I)
_RELATIVE_BEFORE = re.compile(r"(?:相对|relative(?:ly)?)\s*(?:" + words(UP, (CHANGE, SCORE))
                              + r")?\s*(?:了|约|by|of)?\s*$", re.I)
_RELATIVE_AFTER = re.compile(r"\s*(?:relative|relatively|相对)\b", re.I)
# from a gain in points to its relative form: "6.9 分，相对提升 17.9%", "6.9 points, or 17.9% relative"
_THEN_RELATIVE = re.compile(r"\s*(?:分|个百分点|points?|pts?|pp)?\s*[,，、(（]?\s*(?:or\s+|即\s*)?(?:相对\s*(?:"
                            + words(UP, (CHANGE, SCORE)) + r")?\s*(?:了|约)?)?\s*", re.I)


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
            body = body_rows(t)
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

    def two_row_gains(self, found: list[Relation]) -> list[Relation]:
        """"长文本评测平均提升 6.9 分，相对提升 17.9%，其中多文档问答提升了 9.8 分", "MMLU improves by 6.9 points,
        or 17.9% relative": a gain printed right after a column's header (or before "on" it), naming no row,
        against a table of two rows compared in that column (a model and its predecessor): the gain is the
        larger cell minus the smaller, in points (a number, 分, points), or relative to the smaller when
        the words say so (相对, relative). Not when the sentence names a baseline by a word of comparison
        (the existing ``gains`` reads named rows), and only when one such table has the header (0.7)."""
        out: list[Relation] = []
        # (only a document with a table of two rows, once a summary row is left out, has such gains)
        if not any(len(body_rows(t)) == 2 for t in self.doc.tables):
            return out
        stated = {r.target for r in found}
        for (s, e), every in self.sentences().items():
            idx = [i for i in every if i not in stated and _usable(m := self.ms[i])
                   and m.number.kind in ("number", "points", "percent") and not m.number.is_range]
            if not idx or len(every) > 12:
                continue
            sentence = self.text[s:e]
            if not _UP_WORDS.search(sentence) or _COMPARED.search(sentence):
                continue
            rows, cols = self._names(sentence)
            # (two-character Chinese headers too, 平均 / 摘要 / 数学: the words between header and gain are strict)
            cols.update({h: w for h, w in self._short_heads().items() if h in sentence})
            if rows or not cols:
                continue
            head_of: dict[int, str] = {}
            for i in idx:
                m = self.ms[i]
                a, b = m.start - s, m.end - s
                heads = [h for h in cols if ((k := sentence.rfind(h, 0, a)) >= 0 and _GAIN_BETWEEN.fullmatch(
                    sentence, k + len(h), a)) or ((k := sentence.find(h, b)) >= 0 and _HEAD_AFTER.match(sentence[b:k]))]
                heads = [h for h in heads if not any(h != o and h in o for o in heads)]
                relative = m.number.kind == "percent" and bool(
                    _RELATIVE_BEFORE.search(sentence, max(0, a - 8), a) or _RELATIVE_AFTER.match(sentence, b))
                if not heads and relative and head_of:
                    # "提升 6.9 分，相对提升 17.9%": the relative gain of the value before it, on its header
                    prev = max(k for k in head_of if k < i) if any(k < i for k in head_of) else None
                    if prev is not None and _THEN_RELATIVE.fullmatch(self.text, self.ms[prev].end, m.start):
                        heads = [head_of[prev]]
                if len(heads) != 1 or (m.number.kind == "percent" and not relative):
                    continue
                head_of[i] = heads[0]
                rel = self._two_row_gain(i, heads[0], cols[heads[0]], relative, sentence)
                if rel is not None:
                    out.append(rel)
        return out

    def _short_heads(self) -> dict[str, list[tuple[int, int]]]:
        """The tables' two-character Chinese column headers (the name index keeps three characters or more)."""
        got = self.__dict__.get("_short_heads_memo")
        if got is None:
            got = self.__dict__["_short_heads_memo"] = {}
            for t in self.doc.tables:
                for c in range(1, len(t.header)):
                    for head in t.header[c].split(" / "):
                        if re.fullmatch(r"[\u4e00-\u9fff]{2}", head.strip()):
                            got.setdefault(head.strip(), []).append((t.index, c))
        return got

    def _two_row_gain(self, i: int, head: str, where: list[tuple[int, int]], relative: bool,
                      sentence: str) -> Relation | None:
        pairs = []
        for t_index, c in where:
            t = self.doc.tables[t_index]
            body = body_rows(t)
            cells = [(r, k) for r in body if (k := self.value(t, r, c)) is not None]
            if len(body) == 2 and len(cells) == 2:
                pairs.append((t, cells))
        if len(pairs) != 1:
            return None
        t, cells = pairs[0]
        ms = self.ms
        (rx, x), (_ry, y) = sorted(cells, key=lambda rk: -ms[rk[1]].number.nominal)
        if ms[x].unit.dims != ms[y].unit.dims or ms[y].number.nominal <= 0 \
                or ms[x].number.nominal == ms[y].number.nominal:
            return None
        if relative:
            formula = f"({_ref(x)} - {_ref(y)}) / {_ref(y)}"
        else:
            formula = f"({_ref(x)} - {_ref(y)}) * 100" if ms[x].number.kind == "percent" else f"{_ref(x)} - {_ref(y)}"
        m = ms[i]
        return Relation("change", i, formula, [x, y], quote=sentence.strip(),
                        value=None if relative else (m.printed_number or None), unitless=True,
                        note=f"the gain on {head!r} of {_where(t)}: {t.label(rx)!r} over the other row"
                             + (", relative" if relative else ", in points"),
                        at=m.start, confidence=0.7,
                        evidence=f"{m.printed!r} after a word of gain beside {head!r}, naming no row; the two rows of "
                                 f"{_where(t)} in that column")


def _recomputes_points(finder: GainRelations, m, x: int, y: int) -> bool:
    """Whether the printed figure, read as a number of points, is X's cell minus Y's."""
    ms = finder.ms
    diff = ms[x].number.nominal - ms[y].number.nominal       # a percentage's nominal is in percent already
    step = max(ms[x].number.step, ms[y].number.step, m.number.step)
    return abs(abs(diff) - m.number.nominal) <= step
