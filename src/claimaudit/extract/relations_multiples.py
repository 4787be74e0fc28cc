"""A multiple a sentence states between its value and another: "2,450 tokens per second, 3.1x the 790
tokens per second of our previous model", "40 ms, 2.5 times faster than the 100 ms of the baseline",
"达到 2450 tokens/s，是上一代（790 tokens/s）的 3.1 倍": the multiple is the first value over the one it
names.

Precision first. The multiple's other value is the one its words point at: right after "R× the" / "R
times that of" / "R× faster than the" (English), or right before "的 R 倍" after 是 / 为 / 达到 (Chinese).
Its first value is the nearest one before it of the same unit. Both carry a unit (two bare numbers
beside a multiple are as often a count and a score): audited (0.75). "R times faster than" over a first
value smaller than the second (a latency) is the second over the first.
"""

from __future__ import annotations

import re

from .change_words import COMPARATIVE, DOWN, direction_of, words
from .chinese_counts import CJK
from .count_nouns import ITEM_CLASSIFIERS, any_same, nouns_of
from .relation_model import FinderBase, Relation, _ref, _usable

# between the multiple and the value it names: "3.1x the 790 …", "3 times that of the 7B model (12 GB)"
_THE_AFTER = re.compile(r"\s*(?:the|its|their|our|his|her|that\s+of|those\s+of"
                        r"|as\s+(?:much|many|fast|large|high|often|long|big|heavy|expensive|likely)\s+as)"
                        r"\b[^,;.!?\d]{0,40}", re.I)       # "30 times its annual revenue of $80m"
_THAN_AFTER = re.compile(r"\s*(?:" + words(None, (COMPARATIVE,), lang="en") + r")\s+than\b[^,;.!?\d]{0,40}", re.I)
# what may stand between the words and the value they name: "the 7B model (8 GB)", "its rival, at 120 million"
_TO_VALUE = re.compile(r"[\s(（]*|,\s*(?:at|with)\s+", re.I)
# "2.5 times faster than", "3 times that of": a bare number the word times makes a multiple (here only)
_TIMES = re.compile(r"\s*times\b", re.I)
# "the 7B model (8 GB)": a name, then its value in parentheses
_NAMED_THEN_VALUE = re.compile(r"[^,;.!?\d()（）]{0,24}[(（]\s*")
# "是上一代（790 tokens/s）的 3.1 倍": 是 … the value … 的, then the multiple
# (the name before the value may print digits: "是凌云-7B（52.1 tokens/s）的 0.74 倍")
# (只有 / 仅为: "只有旗舰（1,000 TOPS）的四分之一", a fraction of it)
_ZH_BEFORE_VALUE = re.compile(r"(?:是|为|達到|达到|相当于|相當於|只有|只是|仅为|仅有|仅是|僅為)"
                              r"(?:[^，。；,;\d]{0,16}|[^，。；,;（(]{0,16}[（(])\s*$")
_ZH_OF = re.compile(rf"\s*[{ITEM_CLASSIFIERS}]?\s*[）)]?\s*的\s*")      # "（0.9亿次）的 5 倍": a count's classifier


class MultipleRelations(FinderBase):
    def multiples_of(self, found: list[Relation]) -> list[Relation]:
        """"A, R× the B": R = A / B, A and B of one unit (see the module's docstring)."""
        out: list[Relation] = []
        ms, text = self.ms, self.text
        stated = {r.target for r in found}
        for idx in self.sentences().values():
            if len(idx) > 40:
                continue
            for n, z in enumerate(idx):
                if not _usable(ms[z]) or z in stated:
                    continue
                end = ms[z].end
                if ms[z].number.kind != "ratio":
                    times = _TIMES.match(text, end)
                    if times is None or ms[z].number.kind != "number" or ms[z].unit.dims.items:
                        continue
                    end = times.end()
                b, how = None, ""
                nxt = idx[n + 1] if n + 1 < len(idx) else None
                prv = idx[n - 1] if n else None
                if nxt is not None and ((mo := _THE_AFTER.match(text, end)) or (mo := _THAN_AFTER.match(text, end))) \
                        and (mo.end() >= ms[nxt].start or _TO_VALUE.fullmatch(text, mo.end(), ms[nxt].start)):
                    b, how = nxt, mo.group(0).strip()
                    after = idx[n + 2] if n + 2 < len(idx) else None
                    if not ms[b].unit.dims.items and after is not None and _NAMED_THEN_VALUE.fullmatch(
                            text, ms[b].end, ms[after].start):
                        b = after       # "3 times that of the 7B model (8 GB)": the value after the name
                elif prv is not None and ms[z].number.kind == "ratio" \
                        and _ZH_OF.fullmatch(text, ms[prv].end, ms[z].start) \
                        and _ZH_BEFORE_VALUE.search(text, max(0, ms[prv].start - 24), ms[prv].start):
                    b, how = prv, "是 … 的"
                if b is None or not _usable(ms[b]):
                    continue
                # two bare values are a multiple's only when a Chinese classifier says they count the same
                # things ("4.5亿次 … 0.9亿次"); an English noun after a bare number is as often a name's
                # ("the 70B model … the 7B model's 57.4")
                zh = bool(CJK.search(text, ms[b].end, ms[b].end + 2))
                counted = () if ms[b].unit.dims.items or not zh else nouns_of(text, ms[b], zh)
                if not ms[b].unit.dims.items and not counted:
                    continue
                dims = ms[b].unit.dims
                before = [k for k in idx if ms[k].end <= min(ms[z].start, ms[b].start) and ms[k].unit.dims == dims
                          and (not counted or any_same(nouns_of(text, ms[k], zh), counted[:1], zh))]
                if not before or not _usable(ms[a := before[-1]]):
                    continue
                va, vb = self.base(a), self.base(b)
                if va <= 0 or vb <= 0 or va == vb:
                    continue
                # "2.5 times faster than the 100 ms": of two times, the faster is the smaller; "3x smaller
                # (cheaper, fewer) than B": the smaller value is B over the multiple
                word = how.split()[0] if how else ""
                inverse = va < vb and (word.lower() in ("faster", "quicker") or direction_of(word) == DOWN)
                formula = f"{_ref(b)} / {_ref(a)}" if inverse else f"{_ref(a)} / {_ref(b)}"
                fit = self._formula_fits(z, formula)
                if fit is None:
                    continue
                out.append(self._stated(
                    "ratio", z, formula, [a, b], unitless=fit[1], confidence=0.75,
                    note=f"{ms[z].printed} is {ms[a].printed} over {ms[b].printed}" if not inverse
                    else f"{ms[z].printed} is {ms[b].printed} over {ms[a].printed} "
                         + ("(less is faster)" if word.lower() in ("faster", "quicker", "cheaper") else f"({word})"),
                    evidence=f"the multiple with {how!r} before the value it names, and the value of its unit "
                             "before it: "))
        return out
