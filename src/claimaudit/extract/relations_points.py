"""A gap in points between two rows of a table, stated in prose: "X scores 68.4 on MMLU, 5.3 points above
Y", "X 在 C-Eval 上比 Y 高 5.9 个百分点", "X trails Y by 2 points on GSM8K": X's cell minus Y's cell in
the column the sentence names."""

from __future__ import annotations

import re

from .change_words import CHANGE, DOWN, RANK, RELATIVE_AFTER, RELATIVE_BEFORE, SCORE, UP, words
from .relation_model import Relation, _evaluate, _fits, _ref, _usable, _where
from .relations_doc import _SETTING, COMPARED_BEFORE, DocRelations
from .relations_headlines import _NOT_SCORE
from .relations_table import AVERAGE_LABEL, TOTAL_LABEL

# the baseline row follows a word of comparison: "above Y", "than Y", "比 Y", "ahead of Y"
_BASE_BEFORE = COMPARED_BEFORE
# the direction of the gap (change_words): above, beats, higher, gains, 领先, 高 5.9 / below, trails, 低于
_HIGHER = re.compile(words(UP, (SCORE, RANK, CHANGE), bare="anchored"), re.I)
_LOWER = re.compile(words(DOWN, (SCORE, RANK, CHANGE), bare="anchored"), re.I)
_POINTS = ("percentage_point",)
_GAP_WORD = re.compile(r"(?:" + words(None, (SCORE, RANK), lang="zh", bare="plain") + r")了?\s*$")
_FEN = re.compile(r"\s*分(?!钟|之|析|布|配|别|数)")     # "领先 Owl-Large 64 分": a score gap in the table's own units


class PointRelations(DocRelations):
    def point_gaps(self, found: list[Relation]) -> list[Relation]:
        """A value in points ("5.3 points", "5.9 个百分点", "+2.1 pp", "64 分") in a sentence naming one column header
        and two row labels of one table, one of them after a word of comparison (above, than, 比, 领先):
        the gap is the other row's cell minus that row's (the reverse after lower, behind, 低于). Only
        when the words give the direction, and the table and cells are the only ones named (0.7)."""
        out: list[Relation] = []
        if not self.doc.tables:
            return out
        stated = {r.target for r in found}
        for (s, e), every in self.sentences().items():
            idx = [i for i in every if i not in stated and _usable(self.ms[i])
                   and self.ms[i].unit.canonical in _POINTS]
            # "领先 Owl-Large 64 分": a bare number before 分 is a gap only after the baseline and a word of
            # direction ("取得 66.3 分，超过 Y" is a score)
            fen = [] if idx else [i for i in every if i not in stated and _usable(m := self.ms[i])
                                  and m.number.kind == "number" and not m.unit.canonical
                                  and _FEN.match(self.text, m.end)]
            if len(fen) > 1:
                # "取得 72.4 分，比 Y 高 9.3 分": the gap is the one a word of direction stands right before
                fen = [i for i in fen if _GAP_WORD.search(self.text, max(0, self.ms[i].start - 6), self.ms[i].start)]
            if not idx and not fen:
                continue
            sentence = self.text[s:e]
            rows, cols = self._names(sentence)
            rows = {k: v for k, v in rows.items() if not any(k != o and k in o for o in rows)}
            cols = {k: v for k, v in cols.items() if not any(k != o and k in o for o in cols)}
            if len(rows) < 2 or len(cols) != 1:
                continue
            if len(idx) + len(fen) == 1:
                rel = self._point_gap((idx or fen)[0], s, sentence, rows, cols, after_base=bool(fen))
                if rel is not None:
                    out.append(rel)
                    out += self._relative_gap(rel, every, e)
            elif len(idx) >= 2 and not fen and len(rows) == len(idx) + 1:
                # "X scores 64.8 on MMLU, 1.3 points below Y and 2.3 points above Z": each gap with the row
                # named right after it, all from the row named before the first
                first = min(self.ms[i].start for i in idx) - s
                for i in idx:
                    rel = self._point_gap(i, s, sentence, rows, cols, subject_before=first)
                    if rel is not None:
                        out.append(rel)
        return out

    def _relative_gap(self, gap: Relation, every: list[int], e: int) -> list[Relation]:
        """After a gap in points between two rows, the same gap named relative ("比远山-7B-Chat 低 11.8 个百分点，
        相对降低 65%", "5.3 points above Y, a 7.9% relative gain"): the next value of the sentence, a
        percentage, over the baseline row's cell (0.7)."""
        ms, i = self.ms, gap.target
        assert i is not None  # noqa: S101 - a gap's target is its value
        later = [k for k in every if k > i]
        if not later or ms[later[0]].number.kind != "percent" or not _usable(ms[k := later[0]]) or ms[k].start >= e:
            return []
        if not (RELATIVE_BEFORE.search(self.text, max(ms[i].end, ms[k].start - 16), ms[k].start)
                or RELATIVE_AFTER.match(self.text, ms[k].end)):
            return []
        x, y = gap.parts
        higher = f"{_ref(x)} - {_ref(y)}" in gap.formula      # (_point_gap: x − y above, y − x below)
        formula = f"({_ref(x)} - {_ref(y)}) / {_ref(y)}" if higher else f"({_ref(y)} - {_ref(x)}) / {_ref(y)}"
        if not _fits(ms[k], _evaluate(formula, ms)):
            return []
        return [Relation("change", k, formula, [x, y], quote=gap.quote, at=ms[k].start, confidence=0.7,
                         note=gap.note.replace("in points", "relative to the baseline's cell"),
                         evidence=f"{ms[k].printed!r} named relative after the gap {ms[i].printed!r}; "
                                  + gap.evidence.split("; ", 1)[-1])]

    def _point_gap(self, i: int, s: int, sentence: str, rows: dict, cols: dict, after_base: bool = False,
                   subject_before: int | None = None) -> Relation | None:
        """The gap at mention ``i``; ``subject_before``: one of several gaps, each to the row named right
        after it, from the row named before that offset (the direction in the words between the two)."""
        m = self.ms[i]
        a, b = m.start - s, m.end - s
        named = sorted((k, lab) for lab in rows for k in _positions(sentence, lab))
        # "5.3 points above Y": the baseline within a few words after the value
        after = [(k, lab) for k, lab in named if b <= k <= b + 40 and _BASE_BEFORE.search(sentence[b:k])]
        # "比 Y 高 5.9 个百分点", "X beats Y by 5 points": the baseline just before the value, after a comparison word
        before = [(k, lab) for k, lab in named if a - 30 <= k < a and _BASE_BEFORE.search(sentence[:k])]
        if subject_before is not None:
            if not after:
                return None
            k0, base = after[0]
        elif after_base:
            near = sentence[max(0, before[-1][0] - 8):b] if before else ""     # (with the value: 高 9.3 分)
            if not (_HIGHER.search(near) or _LOWER.search(near)):
                return None
            k0, base = before[-1]
        elif after:
            k0, base = after[0]
        elif before:
            k0, base = before[-1]
        else:
            return None
        # the subject: the row named last before the value (and before the baseline), other than it
        subjects = [lab for k, lab in named if k < min(a, k0, subject_before if subject_before is not None else a)
                    and lab != base]
        if not subjects:
            return None
        subject = subjects[-1]
        # the direction: the words from the subject's name to the baseline's (or the value's) end; of one
        # gap of several, those from the gap to its baseline
        lo = sentence.rfind(subject, 0, min(a, k0)) + len(subject) if subject_before is None else a
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
        gap = self.ms[x].number.nominal - self.ms[y].number.nominal
        step = max(self.ms[x].number.step, self.ms[y].number.step, m.number.step)
        # a gap the cells do not give, in a sentence naming another setting (5-shot, with CoT): a suggestion
        sure = abs(abs(gap) - m.number.nominal) <= step or not _SETTING.search(sentence)
        if self.ms[x].number.kind == "percent":
            formula = f"({formula}) * 100"         # two percentages held as fractions: the gap in points
        return Relation("change", i, formula, [x, y], value=m.printed_number or None, quote=sentence.strip(),
                        unitless=True, at=m.start, confidence=0.7 if sure else 0.5,
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


# a quantised variant named in a row label or a sentence: "-4bits", "INT4", "8-bit", "AWQ"
_PRECISION = re.compile(r"(?<![A-Za-z0-9])(?:int[348]|[348][ -]?bits?|w[48]a(?:8|16)|fp8|nf4|awq|gptq)(?![A-Za-z0-9])",
                        re.I)
_RANGE = re.compile(r"(\d+(?:\.\d+)?)\s*(?:-|–|~|～|to|至|到)\s*(\d+(?:\.\d+)?)")
_LOSS = re.compile(r"损失|下降|降低|掉点|\bloss(?:es)?\b|\bloses?\b|\bdrops?\b|degrad|\blower\b", re.I)


def _plain(label: str) -> str:
    return re.sub(r"[\s\-_()（）]+", "", label).lower()


class QuantisedLossRelations(PointRelations):
    def quantised_losses(self, found: list[Relation]) -> list[Relation]:
        """"4bits 相对 bfloat16 精度损失在 1 - 2 个百分点左右", "INT4 loses about 1 point on average": a loss in
        points (a value or a range, plain or approximate) naming one precision, after a table whose rows
        pair a model with its variant at that precision ("X" and "X-4bits"): the mean over the table's
        score cells of X's minus the variant's (0.7). A bound ("under 1 point") is left to the reader."""
        out: list[Relation] = []
        stated = {r.target for r in found}
        for (s, e), every in self.sentences().items():
            idx = [i for i in every if i not in stated and self.ms[i].unit.canonical in _POINTS
                   and self.ms[i].relation in (None, "~") and self.ms[i].number.relation in ("=", "~")]
            if len(idx) != 1:
                continue
            sentence = self.text[s:e]
            words = {_plain(w) for w in _PRECISION.findall(sentence)}
            if len(words) != 1 or not _LOSS.search(sentence):
                continue
            table = self._table_before(s)
            if table is None:
                continue
            rel = self._loss(idx[0], table, next(iter(words)), sentence)
            if rel is not None:
                out.append(rel)
        return out

    def _table_before(self, s: int):
        """The table ending at most 15 lines before offset ``s``, under the same heading."""
        line = self.doc.position(s)[0]
        best = None
        for t in self.doc.tables:
            if t.rows and t.rows[-1] and t.end <= s:
                last = self.doc.position(t.rows[-1][0].start)[0]
                if line - last <= 15 and self.doc.heading_at(t.start) == self.doc.heading_at(s):
                    best = t
        return best

    def _loss(self, i: int, t, word: str, sentence: str) -> Relation | None:
        labels = {_plain(t.label(r)): r for r in range(len(t.rows))}
        pairs = []
        for r in range(len(t.rows)):
            lab = t.label(r)
            hit = [mo for mo in _PRECISION.finditer(lab) if _plain(mo.group(0)) == word]
            if len(hit) != 1:
                continue
            base = labels.get(_plain(lab[:hit[0].start()] + lab[hit[0].end():]))
            if base is not None and base != r:
                pairs.append((base, r))
        terms, parts = [], []
        for base, q in pairs:
            for c in range(1, t.ncols):
                x, y = self.value(t, base, c), self.value(t, q, c)
                if x is None or y is None or self.ms[x].unit.dims.items or self.ms[y].unit.dims.items \
                        or self.ms[x].number.kind != self.ms[y].number.kind or _NOT_SCORE.search(self._header(t, c)) \
                        or AVERAGE_LABEL.match(self._header(t, c)) or TOTAL_LABEL.match(self._header(t, c)):
                    continue
                scale = " * 100" if self.ms[x].number.kind == "percent" else ""
                terms.append(f"({_ref(x)} - {_ref(y)}){scale}")
                parts += [x, y]
        if len(terms) < 2:
            return None
        m = self.ms[i]
        # the number as printed, a range whole ("1-2" of "1 - 2 个百分点左右")
        span = _RANGE.search(m.printed) if m.number.is_range else None
        number = f"{span.group(1)}-{span.group(2)}" if span else (m.printed_number or "")
        about = "about " if "~" in (m.relation, m.number.relation) else ""
        return Relation("change", i, f"({' + '.join(terms)}) / {len(terms)}", parts, value=f"{about}{number}".strip(),
                        quote=sentence.strip(), unitless=True, at=m.start, confidence=0.7,
                        note=f"the mean loss in points of the {word!r} rows against the rows they quantise "
                             f"over {len(terms)} cells of {_where(t)}",
                        evidence=f"{m.printed!r} with a loss word and {word!r} in the sentence; {len(pairs)} rows of "
                                 f"{_where(t)} paired with their {word!r} variant, {len(terms)} score cells")
