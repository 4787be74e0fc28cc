"""Differences a sentence states between two values of one kind: "Q3 costs of $7.8bn were $1.3bn higher
than Q2's $6.5bn", "The Amazon, at 6,400 km, is 250 km shorter than the 6,650 km Nile", "Imports of
$3.12 trillion exceeded exports of $2.06 trillion by $1.06 trillion", "营业成本 92 亿元，较二季度的 84.5 亿元
增加 7.5 亿元": the difference is the larger minus the smaller.

Precision first. The three values are read in the order the words put them, each of one unit (or all
bare), none a percentage (a change in percent is relations_to_from's): "A … D higher / lower / more /
shorter … than B", "A … exceeded / topped B by D", "A，较 (比) … B 增加 (减少) D". The comparative word
says which is larger, and must agree with the values. Audited (0.75): the words pair the three values.
"""

from __future__ import annotations

import re

from .change_words import CHANGE, COMPARATIVE, DOWN, RANK, UP, direction_of, words
from .relation_model import FinderBase, Relation, _ref, _usable
from .relations_to_from import ZH_THAN  # "A，较二季度的 B 增加 D"

# the comparatives of one value against another ("higher", "shorter", 多, 减少): the one vocabulary's
_COMPARATIVE_EN = words(None, (COMPARATIVE,), lang="en")
_CHANGE_ZH = words(None, (CHANGE, COMPARATIVE), lang="zh", bare="plain")
# "A were D higher than B": between A and D a few words with no number; between D and B the comparative
_A_THEN_D = re.compile(r"[^\d;:.()\n]{0,30}")
_D_THAN_B = re.compile(rf"\s*({_COMPARATIVE_EN})\s+than\s+(?:the\s+|that\s+of\s+|those\s+of\s+)?"
                       r"(?:[A-Za-z][\w'’-]*\s+){0,3}?", re.I)
# "A exceeded B by D", "A fell short of B by D"
_SHORT_OF = r"fell\s+short\s+of|falls?\s+short\s+of"
_RANK_EN = words(None, (RANK,), lang="en")
_EXCEEDS = re.compile(rf"[^\d;:.()\n]{{0,24}}?({_RANK_EN}|\btop(?:s|ped|ping)?\b|\b(?:{_SHORT_OF}))"
                      r"\s+(?:[A-Za-z][\w'’-]*\s+){0,3}?$", re.I)
_BY = re.compile(r"\s+by\s+(?:about\s+|some\s+|roughly\s+|nearly\s+)?", re.I)
# the clause of a difference between two named things: "一班比二班多", "甲仓库比乙仓库少了"
_NAME = r"[\u4e00-\u9fffA-Za-z0-9]{2,10}?"
_ZH_NAMED_THAN = re.compile(rf"\s*(?P<x>{_NAME})\s*(?:比|较)\s*(?P<y>{_NAME})"
                            r"\s*(?P<w>多|少|高|低|大|小|重|轻|长|短)了?\s*(?:约\s*)?")
_CLAUSE_END = "，,；;：:。！？!?"


def _clause(text: str, s: int, at: int) -> str:
    """The text of the clause ``at`` stands in, from the clause's start (``s``: the sentence's) to ``at``
    (after the last mark that ends a clause: each mark looked for from the end, not every match read)."""
    k = max(s, max(text.rfind(c, s, at) for c in _CLAUSE_END) + 1)
    return text[k:at]


_ZH_CHANGE = re.compile(rf"\s*({_CHANGE_ZH})了?\s*(?:约\s*)?")


class DifferenceRelations(FinderBase):
    def differences(self, found: list[Relation]) -> list[Relation]:
        """"A … D higher than B", "A exceeded B by D", "A，较 … B 增加 D": D = |A − B| (see the module's docstring)."""
        out: list[Relation] = []
        ms = self.ms
        stated = {r.target for r in found}
        for idx in self.sentences().values():
            if len(idx) < 3 or len(idx) > 40:
                continue
            for n in range(len(idx) - 2):
                i, j, k = idx[n], idx[n + 1], idx[n + 2]
                got = self._read(i, j, k)
                if got is None:
                    continue
                a, b, d, more = got
                trio = (ms[a], ms[b], ms[d])
                if d in stated or not all(_usable(m) and m.number.kind == "number" for m in trio) \
                        or not trio[0].unit.dims == trio[1].unit.dims == trio[2].unit.dims:
                    continue
                va, vb = self.base(a), self.base(b)
                if va == vb or (va > vb) != more:
                    continue            # the word and the values disagree: another pairing than read
                rel = self._stated_difference(a, b, d, more, f"{ms[a].printed} and {ms[b].printed}",
                                       "two values of one kind and their difference, paired by the words: ")
                if rel is not None:
                    out.append(rel)
                    stated.add(d)
        return out

    def named_differences(self, found: list[Relation]) -> list[Relation]:
        """"三年级一班有 48 人，二班有 42 人，一班比二班多 6 人", "甲仓库存粮 120 吨，乙仓库存粮 95 吨，甲仓库比乙仓库多
        25 吨": the clause of the difference names X 比 Y and the word (多 / 少 / 高 …); the values are the
        sentence's two earlier ones whose clauses name X and Y (each one, not the other); D = X − Y (多) or
        Y − X (少), one unit for all three (0.75)."""
        out: list[Relation] = []
        ms, text = self.ms, self.text
        stated = {r.target for r in found}
        for (s, _e), idx in self.sentences().items():
            if len(idx) < 3 or len(idx) > 12:
                continue
            for n, d in enumerate(idx[2:], start=2):
                if d in stated or not _usable(ms[d]) or ms[d].number.kind != "number":
                    continue
                mo = _ZH_NAMED_THAN.fullmatch(_clause(text, s, ms[d].start))
                if mo is None:
                    continue
                x, y = mo.group("x").strip(), mo.group("y").strip()
                if len(x) < 2 or len(y) < 2 or x in y or y in x:
                    continue
                named = {k: _clause(text, s, ms[k].start) for k in idx[:n]}
                xs = [k for k, c in named.items() if x in c and y not in c]
                ys = [k for k, c in named.items() if y in c and x not in c]
                if len(xs) != 1 or len(ys) != 1:
                    continue
                a, b = xs[0], ys[0]
                if not all(_usable(ms[k]) and ms[k].number.kind == "number" and ms[k].unit.dims == ms[d].unit.dims
                           for k in (a, b)):
                    continue
                rel = self._stated_difference(a, b, d, direction_of(mo.group("w")) == UP,
                                       f"{x}'s {ms[a].printed} and {y}'s {ms[b].printed}",
                                       f"'{x}比{y}{mo.group('w')}' before the difference, and the values the clauses "
                                       "before name each by: ")
                if rel is not None:
                    out.append(rel)
                    stated.add(d)
        return out

    def _stated_difference(self, a: int, b: int, d: int, more: bool, between: str, evidence: str) -> Relation | None:
        """D = A − B (``more``) or B − A, when the formula compares with D; ``between`` names the two."""
        formula = f"{_ref(a)} - {_ref(b)}" if more else f"{_ref(b)} - {_ref(a)}"
        fit = self._formula_fits(d, formula)
        if fit is None:
            return None
        return self._stated("difference", d, formula, [a, b], unitless=fit[1], confidence=0.75,
                            note=f"{self.ms[d].printed} is the difference between {between}", evidence=evidence)

    def _read(self, i: int, j: int, k: int) -> tuple[int, int, int, bool] | None:
        """(A, B, D, A is the larger) when the words between three consecutive values state a difference."""
        g1, g2 = self._gap(i, j), self._gap(j, k)
        if _A_THEN_D.fullmatch(g1) and "than" in g2.lower() and (mo := _D_THAN_B.fullmatch(g2)) is not None:
            return i, k, j, direction_of(mo.group(1)) == UP
        if (mo := _EXCEEDS.fullmatch(g1)) is not None and _BY.fullmatch(g2):
            return i, j, k, direction_of(mo.group(1)) != DOWN and not re.fullmatch(_SHORT_OF, mo.group(1), re.I)
        if ZH_THAN.fullmatch(g1) and (mz := _ZH_CHANGE.fullmatch(g2)) is not None:
            return i, j, k, direction_of(mz.group(1)) == UP
        return None
