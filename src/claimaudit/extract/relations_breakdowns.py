"""A total and its breakdown written beside it: "2.4T tokens (1.8T web, 0.4T code and 0.2T math)",
"3.2 万亿 token，其中中文 1.2 万亿、英文 1.6 万亿、代码 0.4 万亿", "12 GB of memory, of which 8 GB weights
and 4 GB cache": the parts add up to the total."""

from __future__ import annotations

import itertools
import re

from .relation_model import FinderBase, Relation, _placeholder_formula, _recomputes, _usable

# a list that names its last item after "and" (和 / 及 / 与 / 以及, or 、 joining Chinese items) is complete
_LAST_AND = re.compile(r"\band\b|\bplus\b|和|及|与|以及|、", re.I)
# words that say the list gives examples or part of the whole only
_PARTIAL = re.compile(r"e\.g\.|for example|such as|including|incl\.|among them|mainly|mostly|at least|up to|"
                      r"例如|比如|如|包括|主要|等", re.I)
# "T ，其中 A …": the breakdown after the total in the same sentence (no parenthesis)
_OF_WHICH = re.compile(r"[^\n\d,，。;；()（）]{0,12}?[,，;；]\s*"
                       r"(?:其中|of which|of these|of them|split into|divided into|分别为|分为)[\s:：,，]*", re.I)

#: A parenthesis opening within a few words after a value (compiled once: every prose value asks).
_PAREN_AFTER = re.compile(r"[^\n()（）\d,，。;；]{0,24}?[(（]")
_OPENINGS = frozenset("(（")
_LIST_COMMAS = frozenset(",，;；")


class BreakdownRelations(FinderBase):
    def breakdowns(self, found: list[Relation]) -> list[Relation]:
        """A value followed by a parenthesis of two or more values of its kind (and nothing else numeric),
        or by ", of which" / "，其中" and such values to the end of the sentence: their sum. Audited (0.75)
        when the list ends with "and" (和, 、) and adds up to within 10% of the total, or recomputes it
        exactly; else, or when the words say it lists examples (e.g., such as, 等), a suggestion (0.4)."""
        out: list[Relation] = []
        ms = self.ms
        stated = {r.target for r in found}
        for i, t in enumerate(ms):
            if t.cell is not None or i in stated or not _usable(t) or t.number.nominal <= 0:
                continue
            after = self.text[t.end:t.end + 40]
            # (each pattern's opening or comma falls within its first 25 or 13 characters: tested first)
            paren = _PAREN_AFTER.match(after) if not _OPENINGS.isdisjoint(after[:25]) else None
            which = _OF_WHICH.match(self.text, t.end) if not _LIST_COMMAS.isdisjoint(after[:13]) else None
            if paren is not None:
                start = t.end + paren.end()
                close = re.compile(r"[)）]").search(self.text, start, start + 200)
                if close is None:
                    continue
                end = close.start()
            elif which is not None:
                start = which.end()
                end = self.doc.sentence_span(t.start)[1]
            else:
                continue
            inside = [k for k in self._within(start, end) if k > i]
            rel = self._breakdown(i, inside, start, end, which is not None)
            if rel is not None:
                out.append(rel)
        return out

    def _breakdown(self, i: int, inside: list[int], start: int, end: int, which: bool) -> Relation | None:
        ms, t = self.ms, self.ms[i]
        if len(inside) < 2 or len(inside) > 12:
            return None
        # every value inside is a part: of the total's kind (a bare number when the total has a unit,
        # "2.4T tokens (1.8T web …)") and each smaller than the total
        kind = [k for k in inside if _usable(ms[k]) and ms[k].number.kind == t.number.kind
                and ms[k].unit.dims in (t.unit.dims, type(t.unit.dims)())]
        if len(kind) != len(inside):
            return None
        want = t.number.nominal * t.unit.factor
        values = [ms[k].number.nominal * (ms[k].unit.factor if ms[k].unit.dims == t.unit.dims else 1)
                  for k in inside]
        if any(v <= 0 or v >= want for v in values):
            return None
        # the parts are listed one after another: only names and separators between them
        gaps = [self.text[ms[a].end:ms[b].start] for a, b in itertools.pairwise(inside)]
        if any(re.search(r"[()（）\d]", g) or len(g) > 40 for g in gaps):
            return None
        words = self.text[start:end]
        formula = _placeholder_formula(inside, "+")
        fit = self._formula_fits(i, formula)
        if fit is None:
            return None
        complete = bool(_LAST_AND.search(gaps[-1])) or which
        close = abs(sum(values) - want) <= want / 10
        sure = not _PARTIAL.search(words) and (_recomputes(t, formula, ms) or (complete and close))
        s, e = self.doc.sentence_span(t.start)
        return Relation("written-sum", i, formula, inside, quote=self.text[s:e].strip(), unitless=fit[1],
                        at=t.start, confidence=0.75 if sure else 0.4,
                        note=f"the {len(inside)} values listed after {t.printed} add up to it",
                        evidence=f"{t.printed!r} and, "
                                 + ("after 'of which', " if which else "in the parenthesis after it, ")
                                 + " + ".join(repr(ms[k].printed) for k in inside)
                                 + (" (the list ends with 'and')" if complete else ""))
