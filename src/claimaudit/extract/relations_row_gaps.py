"""A gap in points to a model (or any row) the document's table holds, named without its value: "Corvid-7B
scores 64.8 on MMLU, 1.3 points below Kestrel-3-8B and 2.3 points above Osprey-7B-v0.3" (the highlights
above a results table), "平均分 59.2，仅比白泽-14B-v1.5 低 0.8 分", "CMMLU 73.9，领先白泽-14B-v1.5 2.7 分".

Precision first. The gap's words name a row label printed whole, right after the word of rank (below, above,
ahead of, 比 … 低, 领先 …); the value it is measured from is the sentence's last value before the gap, a
score that is exactly one cell of that row's table (in another row), whose column header's first word the
sentence prints: the named row's cell in that column is the other value (0.75).
"""

from __future__ import annotations

import re

from .relation_model import Relation, _ref, _usable, _where
from .relations_doc import DocRelations
from .relations_prose_points import _goes_down

_EN_RANK = re.compile(r"\s*(above|below|ahead\s+of|behind|higher\s+than|lower\s+than|more\s+than|less\s+than"
                      r"|over|under)\s+(?:the\s+)?", re.I)
# "比白泽-14B-v1.5 低 ", "领先白泽-14B-v1.5 ": the word, the name (captured by the caller), the gap's word
_ZH_RANK = re.compile(r"(?P<w>比|较|领先|落后于?|超过|高于|低于)\s*$")
_ZH_AFTER_NAME = re.compile(r"\s*(?P<w>高出|高了|高|多|低了|低|少|落后|领先)?了?\s*(?:约\s*)?$")
# "2.7 分" after a gap's word: points of a score (分钟, 分之, 分别 are other words)
_FEN = re.compile(r"\s*分(?![钟鐘之别別析布配])")
_FIRST_WORD = re.compile(r"[A-Za-z][A-Za-z0-9-]{1,}|[\u4e00-\u9fff]{2,}")


class RowGapRelations(DocRelations):
    def named_row_gaps(self, found: list[Relation]) -> list[Relation]:
        out: list[Relation] = []
        if not self.doc.tables:
            return out
        ms, text = self.ms, self.text
        stated = {r.target for r in found}
        for (s, e), idx in self.sentences().items():
            if len(idx) < 2 or len(idx) > 16:
                continue
            rows, _cols = self._names(text[s:e])
            if not rows:
                continue
            for n, z in enumerate(idx):
                points = ms[z].number.kind == "points" or (ms[z].number.kind == "number" and not ms[z].unit.dims.items
                                                            and _FEN.match(text, ms[z].end) is not None)
                if z in stated or n == 0 or not _usable(ms[z]) or not points or ms[z].number.nominal <= 0:
                    continue
                got = self._named_row(s, e, z, rows)
                if got is None:
                    continue
                label, down = got
                kin = [k for k in idx[:n] if _usable(ms[k]) and ms[k].number.kind in ("number", "percent")
                       and not ms[k].unit.dims.items and ms[k].cell is None]
                if not kin:
                    continue
                rel = self._gap_to_row(s, e, z, kin[-1], label, rows[label], down)
                if rel is not None:
                    out.append(rel)
                    stated.add(z)
        return out

    def _named_row(self, s: int, e: int, z: int, rows: dict) -> tuple[str, bool] | None:
        """The row label the gap's words name, and whether the gap goes down to it."""
        ms, text = self.ms, self.text
        mo = _EN_RANK.match(text, ms[z].end)
        if mo is not None:
            rest = text[mo.end():e]
            names = [lab for lab in rows if rest.startswith(lab)]
            if names:
                return max(names, key=len), _goes_down(mo.group(1))
        before = text[s:ms[z].start]
        for lab in sorted(rows, key=len, reverse=True):
            k = before.rfind(lab)
            if k < 0:
                continue
            word = _ZH_RANK.search(before, 0, k)
            after = _ZH_AFTER_NAME.fullmatch(before, k + len(lab))
            if word is not None and after is not None and (after.group("w") or word.group("w") in ("领先", "落后",
                                                                                                  "落后于")):
                return lab, _goes_down(after.group("w") or word.group("w"))
        return None

    def _gap_to_row(self, s: int, e: int, z: int, a: int, label: str, where: list[tuple[int, int]],
                    down: bool) -> Relation | None:
        ms = self.ms
        sentence = self.text[s:e].casefold()
        if len({t for t, _r in where}) != 1:
            return None
        t_index, row = where[0]
        t = self.doc.tables[t_index]
        # the value's own cell: exactly one cell of the table (in another row) printing it, under a header
        # whose first word the sentence names ("MMLU" of "MMLU (5-shot)")
        va = ms[a].number.nominal
        same = [(r, c) for (ti, r, c), ks in self.by_cell.items() if ti == t_index and r != row and len(ks) == 1
                and ms[ks[0]].number.kind == ms[a].number.kind and ms[ks[0]].number.nominal == va]
        if len(same) != 1:
            return None
        c = same[0][1]
        head = _FIRST_WORD.search(self._header(t, c))
        b = self.value(t, row, c)
        if head is None or head.group(0).casefold() not in sentence or b is None \
                or ms[b].number.kind != ms[a].number.kind:
            return None
        big, small = (b, a) if down else (a, b)
        rel = self._stated("change", z, f"{_ref(big)} - {_ref(small)}", [big, small], unitless=True, confidence=0.75,
                           note=f"{ms[z].printed} is the gap between {ms[a].printed} and {label!r}'s "
                                f"{self._header(t, c)!r} cell ({ms[b].printed}, {_where(t)})",
                           evidence=f"a gap in points to {label!r}, a row of {_where(t)}, from {ms[a].printed!r}, the "
                                    f"table's only {self._header(t, c)!r} cell of that value: ")
        if ms[z].printed_number:
            q = ms[z].number.qualifier
            rel.value = f"{q} {ms[z].printed_number}" if q else ms[z].printed_number   # "1.3 points": 1.3
        return rel
