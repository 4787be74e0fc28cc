"""Averages a sentence states for one row of the table beside it: "Wren-7B averages 57.4 across the four
benchmarks", "with an average score of 57.43", "平均分为 57.43" next to a table with no Average column:
the value is the mean of the row's score cells.

Precision first. The value sits right after (or right before) an average word, the sentence names exactly
one row of the table (by its label printed whole) and no column (a column named would say which cells,
"average of MMLU and GSM8K"), the table is the one right after (or before) the sentence in the same
section, it has no Average / Total column (the table-structure rule reads that one), and the row's cells
are at least three scores of the value's kind. The mean of all of them is checked: 0.75 when it holds;
when it does not, the sentence may average a subset ("on the reasoning benchmarks"), so a suggestion
(0.5) unless the sentence says "all" / "every" / "across the N benchmarks" with N the row's cells (0.7).
"""

from __future__ import annotations

import re
from bisect import bisect_left

from .relation_model import Relation, _placeholder_formula, _recomputes, _usable, _where
from .relations_near import NearTableRelations
from .relations_points import _positions
from .relations_table import AVERAGE_LABEL, TOTAL_LABEL

_AVG_BEFORE = re.compile(r"(?:\baverag(?:e|es|ed|ing)(?:\s+(?:score|accuracy|of|at|to|is|was|=|:)){0,3}|\bmean"
                         r"(?:\s+(?:score|accuracy|of|is|=|:)){0,2}|平均(?:分|得分|成绩|准确率)?(?:为|是|达到|达|：|:)?)\s*$",
                         re.I)
_AVG_AFTER = re.compile(r"\s*(?:分)?\s*(?:on\s+)?(?:average\b|in\s+average\b|平均)", re.I)
# "across all / every / the N benchmarks", "所有 / 全部 / 各项": the average is over every column
_ALL = re.compile(r"\b(?:all|every)\b|所有|全部|各项|\bacross\s+the\s+(\d+|two|three|four|five|six|seven|eight|nine|"
                  r"ten)\s+\w+", re.I)
_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_MIN_CELLS = 3
# a sentence without any of these states no average: found once in the whole text (str.find is much
# faster than a regex per sentence), each sentence then asks by bisection
_AVG_STEMS = ("verag", "VERAG", "mean", "Mean", "平均")


class AverageRelations(NearTableRelations):
    def stated_averages(self, found: list[Relation]) -> list[Relation]:
        out: list[Relation] = []
        if not self.doc.tables:
            return out
        taken = {r.target for r in found if r.confidence >= 0.7}
        starts = [t.start for t in self.doc.tables]
        text, ms = self.text, self.ms
        hits = sorted(k for stem in _AVG_STEMS for k in _positions(text, stem))
        if not hits:
            return out
        for (s, e), idx in self.sentences().items():
            k = bisect_left(hits, s)
            if k == len(hits) or hits[k] >= e:
                continue
            for i in idx:
                m = ms[i]
                if i in taken or not _usable(m) or m.relation is not None or m.unit.dims.items:
                    continue
                if not (_AVG_BEFORE.search(text[max(s, m.start - 40):m.start]) or _AVG_AFTER.match(text, m.end)):
                    continue
                t = self._near_table(s, e, starts)
                if t is None or any(AVERAGE_LABEL.match(h.split(" / ")[-1]) or TOTAL_LABEL.match(h.split(" / ")[-1])
                                    for h in t.header[1:]):
                    continue
                rel = self._row_mean(t, i, s, e)
                if rel is not None:
                    out.append(rel)
        return out

    def _row_mean(self, t, i: int, s: int, e: int) -> Relation | None:
        sentence = self.text[s:e]
        folded = sentence.casefold()
        rows = [r for r in range(len(t.rows)) if len(t.label(r)) >= 3 and t.label(r).casefold() in folded]
        # a label inside another ("Wren-7B" in "Wren-7B-int4") names the longer one only
        rows = [r for r in rows if not any(r != q and t.label(r).casefold() in t.label(q).casefold() for q in rows)]
        heads = [c for c in range(1, t.ncols) if len(self._header(t, c)) >= 3
                 and self._header(t, c).casefold() in folded]
        if len(rows) != 1 or heads:
            return None
        r = rows[0]
        parts = []
        for c in range(1, t.ncols):
            k = self.value(t, r, c)
            if k is None:
                return None            # a blank or double cell: which cells count is unclear
            if self.ms[k].unit.dims.items or self.ms[k].number.kind != "number":
                return None
            parts.append(k)
        if len(parts) < _MIN_CELLS:
            return None
        formula = f"({_placeholder_formula(parts, '+')}) / {len(parts)}"
        holds = _recomputes(self.ms[i], formula, self.ms)
        said_all = _ALL.search(sentence)
        n = said_all.group(1) if said_all else None
        every = said_all is not None and (n is None or (int(n) if n.isdigit() else _WORDS[n.lower()]) == len(parts))
        confidence = 0.75 if holds else 0.7 if every else 0.5
        label = t.label(r)
        return Relation("average", i, formula, parts, quote=self.doc.sentence(self.ms[i].start),
                        at=self.ms[i].start, confidence=confidence,
                        note=f"the sentence's average for {label!r} is the mean of its {len(parts)} cells in "
                             f"{_where(t)}",
                        evidence=f"an average word beside {self.ms[i].printed!r} in a sentence naming row {label!r} "
                                 f"of {_where(t)} (no Average column, no column named)"
                                 + ("; the sentence says every column" if every else ""))
