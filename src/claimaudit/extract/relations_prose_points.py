"""A gap in points between the two values a sentence compares: "85.2% on MMLU, surpassing GPT-3.5 (70.0%)
by 15.2 points", "68.9 on MMLU versus 45.3 for the 7B model, a gap of 23.6 points", "准确率 85.2%，比基线的
70.0% 高 15.2 个百分点": the gap is the larger value minus the smaller.

Precision first. The sentence holds one value in points and exactly two other values of one kind (two
percentages, or two bare scores, not model sizes such as 70B), neither part of a relation already read, and
a word of comparison (surpassing, versus, than, ahead of, a gap of; 比, 高, 领先, 相比 …). Audited (0.75) when
the gap is the difference within half of it (or half a point), else a suggestion: the sentence may compare
other values.
"""

from __future__ import annotations

import re
from fractions import Fraction

from .change_words import ADVERB, CHANGE, DOWN, RANK, SCORE, direction_of, words
from .relation_model import FinderBase, Relation, _ref, _usable

_COMPARING = re.compile(r"\bversus\b|\bvs\b|\bthan\b|compared|\bgap\b|difference|margin|\bfrom\b|比|较|相比|相较|差距|"
                        + words(None, (RANK, SCORE, CHANGE, ADVERB)), re.I)


# -- "1.3 points below Kestrel-3-8B (66.1)", "比玄鸟-2-13B（65.3）高 7.1 个百分点": a gap to a named value ---------
# after the gap: the word of rank and the other value's name, its value in parentheses
_EN_GAP_TO_NAMED = re.compile(r"\s*(above|below|ahead\s+of|behind|higher\s+than|lower\s+than|more\s+than|less\s+than"
                              r"|over|under)\s+[^()（）;；。\n]{1,40}?\s*[(（]\s*", re.I)
# before the other value: 比 / 较 / 领先 and its name, then the value in parentheses; after it, the gap's word
# (a name may hold digits: 白泽-14B-v1.5)
_ZH_THAN_NAMED = re.compile(r"(比|较|领先|落后于?|超过|高于|低于)[^，。；()（）]{0,24}?[(（]\s*$")
_ZH_GAP_WORD = re.compile(r"\s*[)）]\s*(高出|高了|高|多|低了|低|少|落后|领先)?了?\s*(?:约\s*)?$")
def _goes_down(word: str) -> bool:
    """Whether a gap's word of rank says the value falls short of the other ("below", 低了, 落后)."""
    w = word.lower().split()[0].removesuffix("了").removesuffix("于")
    return direction_of(w) == DOWN or w == "under"


class ProsePointRelations(FinderBase):
    def named_point_gaps(self, found: list[Relation]) -> list[Relation]:
        """"Corvid-7B scores 64.8 on MMLU, 1.3 points below Kestrel-3-8B (66.1) and 2.3 points above
        Osprey-7B-v0.3 (62.5)", "取得 72.4 分，比玄鸟-2-13B（65.3）高 7.1 个百分点": each gap is between
        the value its words name in parentheses and the sentence's value of that kind before them (outside
        parentheses), in the direction the word says. Audited (0.75): the words pair the three values."""
        out: list[Relation] = []
        ms = self.ms
        stated = {r.target for r in found}
        for idx in self.sentences().values():
            if len(idx) < 3 or len(idx) > 16:
                continue
            for n, z in enumerate(idx):
                if z in stated or not _usable(ms[z]) or ms[z].number.kind not in ("points", "number") \
                        or ms[z].number.nominal <= 0:
                    continue
                got = self._named_gap(idx, n)
                if got is None:
                    continue
                b, down = got
                kin = [k for k in idx if k < b and k != z and ms[k].number.kind == ms[b].number.kind
                       and _usable(ms[k]) and not self._in_parens(ms[k].start, self._sentence_start(ms[k].start))
                       and ms[k].number.kind != "points"]
                if not kin:
                    continue
                a = kin[-1]
                # in the direction the words say: "1.3 points above X (66.1)" after 64.8 is wrong, and reported
                big, small = (b, a) if down else (a, b)
                bare = ms[a].number.kind == "number"
                rel = self._stated("change", z, f"{_ref(big)} - {_ref(small)}", [big, small], unitless=bare,
                                   confidence=0.75,
                                   note=f"{ms[z].printed} is the gap between {ms[big].printed} and {ms[small].printed}",
                                   evidence="a gap, the value its words name in parentheses, and the value before "
                                            "them: ")
                if bare and ms[z].printed_number:
                    q = ms[z].number.qualifier
                    rel.value = f"{q} {ms[z].printed_number}" if q else ms[z].printed_number
                out.append(rel)
                stated.add(z)
        return out

    def _named_gap(self, idx: list[int], n: int) -> tuple[int, bool] | None:
        """(the value the gap at ``idx[n]`` is measured to, whether the gap goes down to it)."""
        ms, text = self.ms, self.text
        z = idx[n]
        if ms[z].number.kind == "points" and n + 1 < len(idx):
            b = idx[n + 1]
            mo = _EN_GAP_TO_NAMED.fullmatch(text, ms[z].end, ms[b].start)
            if mo is not None and re.match(r"\s*[)）]", text[ms[b].end:ms[b].end + 3]):
                return b, _goes_down(mo.group(1))
        if n >= 1:
            b = idx[n - 1]
            word = _ZH_GAP_WORD.fullmatch(text, ms[b].end, ms[z].start)
            than = _ZH_THAN_NAMED.search(text, max(0, ms[b].start - 24), ms[b].start)
            if word is not None and than is not None and (word.group(1) or than.group(1) in ("领先", "落后", "落后于")):
                way = word.group(1) or than.group(1)
                return b, _goes_down(way)
        return None

    def _sentence_start(self, offset: int) -> int:
        return self.doc.sentence_span(offset)[0]


    def prose_point_gaps(self, found: list[Relation]) -> list[Relation]:
        """The gap in points between the sentence's two compared values (see the module's docstring)."""
        out: list[Relation] = []
        ms, text = self.ms, self.text
        used = {k for r in found for k in ([r.target] if r.target is not None else []) + r.parts}
        for (s, e), idx in self.sentences().items():
            if len(idx) < 3 or len(idx) > 12:
                continue
            gaps = [k for k in idx if ms[k].number.kind == "points" and _usable(ms[k])]
            if len(gaps) != 1 or gaps[0] in used or ms[gaps[0]].number.nominal <= 0:
                continue
            z = gaps[0]
            for kind in ("percent", "number"):
                pair = [k for k in idx if k != z and ms[k].number.kind == kind
                        and (kind == "percent" or not (ms[k].unit.dims.items or ms[k].number.multiplier))]
                if len(pair) == 2:
                    break
            else:
                continue
            a, b = pair
            if a in used or b in used or not (_usable(ms[a]) and _usable(ms[b])) or not _COMPARING.search(text, s, e):
                continue
            big, small = (a, b) if self.base(a) >= self.base(b) else (b, a)
            bare = kind == "number"
            got = ms[big].number.nominal - ms[small].number.nominal
            want = ms[z].number.nominal
            near = abs(got - want) <= max(Fraction(1, 2), want / 2)
            rel = self._stated("change", z, f"{_ref(big)} - {_ref(small)}", [big, small], unitless=bare,
                               confidence=0.75 if near else 0.4,
                               note=f"{ms[z].printed} is the gap between {ms[big].printed} and {ms[small].printed}",
                               evidence="one value in points, two compared values of one kind and a word of "
                                        "comparison in one sentence: ")
            if bare and ms[z].printed_number:
                q = ms[z].number.qualifier
                rel.value = f"{q} {ms[z].printed_number}" if q else ms[z].printed_number   # "5.5pp" reads 0.055
            out.append(rel)
        return out
