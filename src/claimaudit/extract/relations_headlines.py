"""Headline claims against the table that shows them, in sentences that name several rows: "X scores 68.4
on MMLU, 5.3 points above Y" (68.4 is X's MMLU cell), "X 在 C-Eval 上取得 66.3 分" and "X surpasses Y on every
benchmark" (X's cell above Y's in each score column)."""

from __future__ import annotations

import re

from .relation_model import Relation, _recomputes, _ref, _usable, _where
from .relations_doc import _LOWER, _SETTING, DocRelations, _printed_as_name

# the value's header right after it ("68.4 on MMLU", "72.1% in GSM8K") or right before it ("MMLU: 68.4",
# "MMLU of 68.4", "在 C-Eval 上取得 66.3", "C-Eval 得分 66.3")
_HEAD_AFTER = re.compile(r"^\s*(?:points?\s+|分\s*)?(?:on|in|at|for)\s+(?:the\s+)?$", re.I)
_HEAD_BEFORE = re.compile(r"^\s*(?:[:：]|of|score of|上(?:取得|达到|获得|拿到)了?|上的?(?:得分|成绩)(?:为|是|达到)?|"
                          r"(?:得分|成绩)(?:为|是|达到)?|达到了?|取得了?)?\s*$", re.I)
_EVERY = re.compile(r"\b(?:every|all|each)(?:\s+\w+)?\s+(?:benchmarks?|tasks?|datasets?|evaluations?|metrics?)\b"
                    r"|所有|全部|各项|每[个项](?:评测|基准|任务|榜单)", re.I)
_EXCEPT = re.compile(r"\bexcept\b|\bbut\b|\bapart from\b|\bother than\b|\bsave for\b|除了|除.{0,20}?外|之外|以外", re.I)
# columns that are not scores, where more is not better
_NOT_SCORE = re.compile(r"latenc|time|memory|\bmem\b|size|param|cost|price|\bms\b|\bgb\b|token|speed|速度|时间|显存|"
                        r"参数|大小|价格|延迟", re.I)


class HeadlineRelations(DocRelations):
    def named_values(self, found: list[Relation]) -> list[Relation]:
        """A prose value printed beside one column's header ("68.4 on MMLU", "MMLU：68.4") in a sentence
        naming several rows: the row named last before the value is the value's, and the value is that
        cell (0.7). When it is not the cell and the sentence names a setting (5-shot, with CoT, 使用),
        the value may be measured another way, so only a suggestion."""
        out: list[Relation] = []
        if not self.doc.tables:
            return out
        taken = {r.target for r in found}
        for (s, e), every in self.sentences().items():
            idx = [i for i in every if i not in taken and _usable(m := self.ms[i])
                   and m.number.kind in ("number", "percent")]
            if not idx or len(every) > 40:
                continue
            sentence = self.text[s:e]
            rows, cols = self._names(sentence)
            rows = {k: v for k, v in rows.items() if not any(k != o and k in o for o in rows)}
            cols = {k: v for k, v in cols.items() if not any(k != o and k in o for o in cols)}
            if len(rows) < 2 or not cols:
                continue        # one row and one column: the headline rule's
            for i in idx:
                rel = self._named_value(i, s, sentence, rows, cols)
                if rel is not None:
                    out.append(rel)
        return out

    def _named_value(self, i: int, s: int, sentence: str, rows: dict, cols: dict) -> Relation | None:
        m = self.ms[i]
        a, b = m.start - s, m.end - s
        heads = [h for h in cols if ((k := sentence.find(h, b)) >= 0 and _HEAD_AFTER.match(sentence[b:k]))
                 or ((k := sentence.rfind(h, 0, a)) >= 0 and _HEAD_BEFORE.match(sentence[k + len(h):a]))]
        if len(heads) != 1:
            return None
        head = heads[0]
        first = min(sentence.find(head, b) if sentence.find(head, b) >= 0 else a, sentence.rfind(head, 0, a)
                    if sentence.rfind(head, 0, a) >= 0 else a)
        named = [(sentence.rfind(lab, 0, min(a, first)), lab) for lab in rows]
        named = [(k, lab) for k, lab in named if k >= 0 and _printed_as_name(lab, sentence[k:])]
        if not named:
            return None
        subject = max(named)[1]
        cells = [(t, r, c) for t, r in rows[subject] for t2, c in cols[head] if t2 == t]
        if len(cells) != 1:
            return None
        t_index, r, c = cells[0]
        table = self.doc.tables[t_index]
        j = self.value(table, r, c)
        how = self.cell_formula(j, m) if j is not None else None
        if j is None or how is None:
            return None
        holds = _recomputes(m, how[0], self.ms) if not how[1] else \
            self.ms[j].number.interval.lo <= m.number.interval.hi + m.number.step and \
            m.number.interval.lo <= self.ms[j].number.interval.hi + self.ms[j].number.step
        sure = holds or not _SETTING.search(sentence)
        return Relation("headline", i, how[0], [j], quote=sentence.strip(), unitless=how[1], at=m.start,
                        confidence=0.7 if sure else 0.5,
                        note=f"the sentence gives {subject!r}'s {head!r} ({_where(table)})",
                        evidence=f"{m.printed!r} beside {head!r}, {subject!r} the row named last before it; "
                                 f"{_where(table)} cell ({table.label(r)!r}, {self._header(table, c)!r}){how[2]}")

    def every_column(self) -> list[Relation]:
        """"X surpasses / outperforms Y on every benchmark" (所有, 全部, 各项): X's cell above Y's in each
        score column of the one table naming both (0.7); columns of times, sizes, memory or costs,
        where more is not better, are left out, and "lower than" reverses it."""
        out: list[Relation] = []
        if not self.doc.tables:
            return out
        seen: set[tuple[int, int]] = set()
        for mo in self._comparing():
            s, e = self.statement_span(mo.start())
            if (s, e) in seen:
                continue
            seen.add((s, e))
            sentence = self.text[s:e]
            k = mo.start() - s
            every = _EVERY.search(sentence, k)
            if every is None or _EXCEPT.search(sentence):
                continue        # "on all benchmarks except GSM8K": not every column
            rows_b, _cols = self._names(sentence[:k])
            rows_a, cols_a = self._names(sentence[k:every.start()])
            if cols_a:
                continue        # a named column: the comparison rule's
            # the subject: the row the sentence names first ("X scores …, 5 points above Y, and surpasses Z …")
            named = [x for x in rows_b if not any(x != o and x in o for o in rows_b)]
            subject = sorted(named, key=lambda x: sentence.find(x))[:1]
            others = [x for x in rows_a if not any(x != o and x in o for o in rows_a)]
            if not subject or not others or subject[0] in others:
                continue
            lower = bool(_LOWER.search(sentence[k:k + 80]))
            tables = {t for t, _r in rows_b[subject[0]]} & {t for o in others for t, _r in rows_a[o]}
            if len(tables) != 1:
                continue
            t = self.doc.tables[next(iter(tables))]
            srow = next(r for ti, r in rows_b[subject[0]] if ti == t.index)
            for o in others:
                orow = next((r for ti, r in rows_a[o] if ti == t.index), None)
                if orow is None:
                    continue
                for c in range(1, t.ncols):
                    x, y = self.value(t, srow, c), self.value(t, orow, c)
                    if x is None or y is None or _NOT_SCORE.search(self._header(t, c)) \
                            or self.ms[x].unit.dims.items or self.ms[x].number.kind != self.ms[y].number.kind:
                        continue
                    formula = f"{_ref(y)} - {_ref(x)}" if lower else f"{_ref(x)} - {_ref(y)}"
                    out.append(Relation("compare", None, formula, [x, y], value="> 0", quote=sentence.strip(),
                                        note=f"the sentence says {subject[0]!r} is {'below' if lower else 'above'} "
                                             f"{o!r} on every benchmark: {self._header(t, c)!r} ({_where(t)})",
                                        at=s + k, unitless=True, confidence=0.7,
                                        evidence=f"{mo.group(0)!r} with {subject[0]!r}, {o!r} and "
                                                 f"{every.group(0)!r} in the sentence; cells of {_where(t)}"))
        return out
