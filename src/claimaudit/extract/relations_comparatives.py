"""Comparatives a sentence states between two rows of the table beside it: "Tern-7B generates 2.1× more
tokens per second than Base-7B", "uses 40% less memory than Base-7B", "Tern-7B 的显存比 Base-7B 低 40%": the
multiple is the larger of the two rows' cells over the smaller, the percentage the first row's cell against
the second's (less / fewer / lower / smaller / 低 / 少: (Y − X) / Y; more / higher / larger / 高 / 多: (X − Y) / Y).

Precision first. The sentence names exactly two rows of the table right after (or before) it in the same
section, by labels printed whole, the second after "than" / "over" / "compared with" / "vs" / 比 / 相比; the
value is a multiple (2.1×, 3 times, 2 倍) or a percentage right before (or, in Chinese, right after) a
comparative word; the first row is the one named last before the value, the second the one named first
after it behind a comparison word; the column is the one whose header's words are printed between the value
and the second row ("2.1× more tokens per second than": 'Tokens/s') (0.75), else the table's only column
of numbers (0.7). "N% faster / slower" over a column of times reads two ways (time saved, or
speed gained) and stays a suggestion (0.5); a sentence naming another setting (a batch size, a context
length) than the table's is not read when the table has more than one numeric column.
"""

from __future__ import annotations

import re

from .change_words import COMPARATIVE, DOWN, SCORE, UP, direction_of, words
from .relation_model import Relation, _ref, _usable, _where
from .relations_near import NearTableRelations
from .relations_points import _positions
from .relations_table import AVERAGE_LABEL, TOTAL_LABEL

# the comparative beside the value (change_words; its one-character words anchored by the patterns here)
_LESS = words(DOWN, (COMPARATIVE, SCORE), bare="plain")
_MORE = words(UP, (COMPARATIVE, SCORE), bare="plain")
_AFTER_VALUE = re.compile(rf"\s*(?:(?:as\s+)?(?:much\s+|many\s+)?)?(?P<w>{_LESS}|{_MORE})\b", re.I)
_ZH_BEFORE_VALUE = re.compile(rf"(?P<w>{_LESS}|{_MORE})了?\s*(?:约|大约)?\s*$")
_TIMES = re.compile(r"\s*(?:times\b|倍)", re.I)
_BASE_BEFORE = re.compile(r"(?:\bthan|\bover|compared\s+(?:with|to)|relative\s+to|\bvs\.?|\bversus|相比于?|相较于?"
                          r"|比|较)\s*(?:the\s+)?$", re.I)
_FASTER = re.compile(r"^(?:faster|quicker|slower|快|慢)$", re.I)
# "N% better / worse": higher is better for a score; over a column with units (a time, a memory) either
# way may be the better one, so that reading stays a suggestion
_BETTER = re.compile(r"^(?:better|worse)$", re.I)


class ComparativeRelations(NearTableRelations):
    def comparatives(self, found: list[Relation]) -> list[Relation]:
        out: list[Relation] = []
        if not self.doc.tables:
            return out
        taken = {r.target for r in found}
        starts = [t.start for t in self.doc.tables]
        text, ms = self.text, self.ms
        for (s, e), idx in self.sentences().items():
            for i in idx:
                m = ms[i]
                if i in taken or not _usable(m) or m.relation is not None:
                    continue
                multiple = m.number.kind == "ratio" or (m.number.kind == "number" and bool(_TIMES.match(text, m.end)))
                if not (multiple or m.number.kind == "percent"):
                    continue
                after = _TIMES.match(text, m.end)
                word = _AFTER_VALUE.match(text, after.end() if after else m.end)
                if word is None:
                    word = _ZH_BEFORE_VALUE.search(text, max(s, m.start - 8), m.start)
                if word is None:
                    continue
                t = self._near_table(s, e, starts)
                if t is not None:
                    rel = self._compare_rows(t, i, *self.statement_span(m.start), word.group("w"), multiple)
                    if rel is not None:
                        out.append(rel)
        return out

    def _compare_rows(self, t, i: int, s: int, e: int, word: str, multiple: bool) -> Relation | None:
        sentence = self.text[s:e]
        folded = sentence.casefold()
        at = self.ms[i].start - s
        labels = [(k, r) for r in range(len(t.rows)) if len(t.label(r)) >= 3
                  and not (TOTAL_LABEL.match(t.label(r)) or AVERAGE_LABEL.match(t.label(r)))
                  for k in _positions(folded, t.label(r).casefold())]
        # a label inside another ("Wren-7B" in "Wren-7B-int4") is the longer one there
        labels = [(k, r) for k, r in labels if not any(
            r != q and q_k <= k < q_k + len(t.label(q)) and len(t.label(q)) > len(t.label(r)) for q_k, q in labels)]
        labels.sort()
        if len({r for _k, r in labels}) != 2:
            return None
        # X: the row named last before the value; Y: the row named first after it, after a comparison word
        before = [(k, r) for k, r in labels if k < at]
        after = [(k, r) for k, r in labels if k > at and _BASE_BEFORE.search(sentence, 0, k)]
        if after:
            if not before or before[-1][1] == after[0][1]:
                return None
            xr, (ky, yr) = before[-1][1], after[0]
            clause = folded[at:ky]              # "1.9× more tokens per second than": what is compared
        else:
            # "X 的显存比 Y 低 40%": both rows before the value, the second after 比
            if len(before) < 2 or before[-2][1] == before[-1][1] or not _BASE_BEFORE.search(sentence, 0, before[-1][0]):
                return None
            (kx, xr), (_ky, yr) = before[-2], before[-1]
            clause = folded[kx:at]
        numeric = [c for c in range(1, t.ncols) if all(self.value(t, r, c) is not None for r in (xr, yr))]
        by_words = self.columns_named(t, numeric, clause)
        if len(by_words) == 1:
            c, confidence, how = by_words[0], 0.75, "the words compared print words of its header"
        elif not by_words and len(numeric) == 1:
            c, confidence, how = numeric[0], 0.7, "the table's only column of numbers"
        else:
            return None
        x, y = self.value(t, xr, c), self.value(t, yr, c)
        assert x is not None and y is not None  # noqa: S101 - numeric above
        mx, my = self.ms[x], self.ms[y]
        if mx.unit.dims != my.unit.dims or mx.number.nominal <= 0 or my.number.nominal <= 0:
            return None
        m = self.ms[i]
        if multiple:
            big, small = (x, y) if mx.number.nominal >= my.number.nominal else (y, x)
            formula, reading = f"{_ref(big)} / {_ref(small)}", "the larger cell over the smaller"
        else:
            if _FASTER.match(word) or (_BETTER.match(word) and (mx.unit.dims.items or my.unit.dims.items)):
                confidence = 0.5            # "N% faster": time saved or speed gained, two readings
            if direction_of(word) == DOWN:
                formula, reading = f"({_ref(y)} - {_ref(x)}) / {_ref(y)}", f"{word!r}: the gap over the second row's"
            else:
                formula, reading = f"({_ref(x)} - {_ref(y)}) / {_ref(y)}", f"{word!r}: the gap over the second row's"
        head = self._header(t, c)
        return Relation("comparison", i, formula, [x, y], quote=sentence.strip(), unitless=True, at=m.start,
                        confidence=confidence,
                        note=f"{t.label(xr)!r} against {t.label(yr)!r} on {head!r} ({_where(t)}): {reading}",
                        evidence=f"{m.printed!r} beside {word!r} in a sentence naming rows {t.label(xr)!r} and "
                                 f"{t.label(yr)!r} (after a comparison word) of {_where(t)}; column {head!r}: {how}")
