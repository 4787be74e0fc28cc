"""Changes news and financial text states with the new value first: "Revenue rose 12% to $4.2 billion
from $3.75 billion", "12,400 employees, up from 10,800 a year ago, an increase of 14.8%", "营收同比增长 12%
至 42 亿元，上年同期为 37.5 亿元", "营业收入为 42 亿元，较上年同期的 37.5 亿元增长 12%": the percentage is the
relative change from the old value to the new (the "from A to B" order is read by relations_prose).

Precision first. The pair is read from its words only: "to A from B" / "A, up (down) from B" in English;
"A, compared with B"; "至 (为, 达) A，上年同期为 B" / "A，较 (比) 上年同期的 B" in Chinese; both values of one unit
(or bare), neither a percentage (a change between percentages may be in points). The figure is the
sentence's one other percentage or multiple ("increased 3.1x to 2,450 from 790": A / B), next to a word of
rise or fall (rose, up, an increase of, 增长, 下降 …), and that word and the two values must agree on the
direction. Audited (0.75) when the change recomputes within half of it (or 3 points: the words pair the
values tightly, and a change misreported by a few points is the error news makes), else a suggestion: the
words may pair the values otherwise than read here.
"""

from __future__ import annotations

import re
from fractions import Fraction

from .change_words import ADVERB, CHANGE, COMPARATIVE, DOWN, UP, direction_of, words
from .relation_model import FinderBase, Relation, _ref, _usable
from .relations_prose import _OWN_SUBJECT_EN, _OWN_SUBJECT_ZH

_TO_BEFORE = re.compile(r"\bto\s*(?:a\s+record\s+|an?\s+all-time\s+high\s+of\s+)?$", re.I)
# (the counted noun may stand between: "5.6 million units from 4.8 million", "12,400 employees, up from")
_NOUN = r"(?:\s+(?!from\b|up\b|down\b)[A-Za-z][\w-]*){0,2}"
_FROM_GAP = re.compile(_NOUN + r"\s*,?\s*from\s*(?:a\s+revised\s+|an?\s+)?", re.I)
_UP_DOWN_GAP = re.compile(_NOUN + r"\s*,?\s*(up|down)\s+from\s*", re.I)
# "$3.2 billion, compared with $2.9 billion a year earlier": the new value, then the old after its word
# ("needs 7.0 GB instead of 13.5 GB, 48% less": the one taken, then the one it replaces)
_COMPARED_GAP = re.compile(_NOUN + r"\s*,?\s*(?:compared (?:with|to)|versus|vs\.?|against|instead of|rather than)"
                           r"\s+(?:the\s+|a\s+)?", re.I)
# (收盘报 23.46 元: the new price)
# (two things set side by side, never one thing over time: "compared with" also reads "… a year earlier")
_SIDE_BY_SIDE_GAP = re.compile(_NOUN + r"\s*,?\s*(?:versus|vs\.?|instead of|rather than)\s+(?:the\s+|a\s+)?", re.I)
_ZH_TO_BEFORE = re.compile(r"(?:至|到|为|為|达|達|达到|達到|报|報|收于|收於|收报|收報)\s*$")
_ZH_LAST_YEAR = re.compile(r"\s*[，,（(]?\s*(?:上年|去年|上一年|前一年|上年度|上季度|上季|上月|上年同期|去年同期"
                           r"|前一交易日|上一交易日|前一日|昨日)"
                           r"[^，。；\d]{0,6}?(?:为|為|是|：|:)?\s*")
# "，较上年同期的", "，比2022年的": the comparison word and what it names (a year may be printed in it)
ZH_THAN = re.compile(r"\s*[，,]?\s*(?:较|較|比|相比|相较于?|相較於?)(?:[^，。；\d]|(?:19|20)\d\d\s*年){0,8}?的?\s*")
# the word of rise or fall beside the percentage (change_words): "rose 12%", "up 14.8%", "12% higher", 下降
_UP_WORDS = re.compile(words(UP, (CHANGE, ADVERB, COMPARATIVE)), re.I)
_DOWN_WORDS = re.compile(words(DOWN, (CHANGE, ADVERB, COMPARATIVE)), re.I)


# -- "A, up Z% from B", "A，同比增长 Z%，上年同期为 B": the change between the two values it stands between --
# before the change: a few words and its verb ("$4.2 billion, up", "5.6 million units were", "86.4 亿元，同比增长")
_BETWEEN_BEFORE = re.compile(r"[^\d;；。:：()（）]{0,32}")
# after it, the word that names the old value: "from", "over the", "higher than the", "上年同期为"
_BETWEEN_AFTER_EN = re.compile(r"\s*(?:(?:year[- ]on[- ]year|year[- ]over[- ]year|y/y)\s+)?"
                               r"(?:(?:relative\s+)?(?:increase|decrease|rise|drop|decline|gain|jump|fall|improvement"
                               r"|reduction|higher|lower|more|less)\s+)?"
                               r"(?:from|over|on|than|above|below|compared (?:with|to)|versus|vs\.?)\s+"
                               r"(?:the\s+|a\s+|an\s+)?",
                               re.I)


# -- "A, Z% higher than NAME (B)", "A 比 NAME（B）高 Z%": one value against another the sentence names --
_COMPARED_UP = words(UP, (COMPARATIVE,), lang="en")
_COMPARED_DOWN = words(DOWN, (COMPARATIVE,), lang="en")
# after the percentage: its comparative, "than", the other's name (a few words, none a number of the
# values' unit: checked apart), then the value, in parentheses or after "'s" / "of" / "at"
_THAN_NAME_EN = re.compile(rf"\s*(?P<w>{_COMPARED_UP}|{_COMPARED_DOWN})\s+than\s+(?!expected\b|planned\b|forecast\b)"
                           r"(?P<name>(?:[\w.+/-]+\s+){0,5}?[\w.+/-]*?)\s*(?:(?P<open>\()\s*|['’]s\s+|\s+of\s+|\s+at\s+|,\s*)",
                           re.I)
# Chinese: the comparison word and the other's name between the two values ("，比磐石 S90 2TB（", "）比 P5（",
# "，与 S90（ … ）相比"), the comparative right after the second value and right before the percentage
_ZH_AGAINST = re.compile(r"\s*[）)]?\s*[，,]?\s*(?P<cmp>较|比|与|和|同|相比于?|相较于?)"
                         r"(?P<name>[^，,。；;：:]{0,16}?)\s*(?P<open>（|\(|的)\s*")
_ZH_WORDS = words(None, (COMPARATIVE,), lang="zh", bare="plain")
_ZH_COMPARATIVE = re.compile(rf"\s*[）)]?\s*(?P<with>相比|相较)?\s*[，,]?\s*(?P<w>{_ZH_WORDS})了?\s*(?:约|大约)?\s*")
# "faster" / 快 over two times reads two ways (time saved, or speed gained): not audited for durations
_EITHER_WAY = re.compile(r"^(?:faster|quicker|slower|快|慢|短|长|缩短)$", re.I)


class ToFromRelations(FinderBase):
    def changes_between(self, found: list[Relation]) -> list[Relation]:
        """"Revenue was $4.2 billion, up 12% from $3.75 billion", "sales of 5.6 million units were 16.7% higher
        than the 4.8 million", "营业收入 86.4 亿元，同比增长 20%，上年同期为 72 亿元": Z = (A − B) / B, the
        percentage standing between the new value and the old, a word of rise or fall beside it. Audited
        as the changes above (near: within half of Z or 3 points)."""
        out: list[Relation] = []
        ms, text = self.ms, self.text
        stated = {r.target for r in found}
        for idx in self.sentences().values():
            if len(idx) < 3 or len(idx) > 40:
                continue
            for n in range(len(idx) - 2):
                a, z, b = idx[n], idx[n + 1], idx[n + 2]
                ma, mz, mb = ms[a], ms[z], ms[b]
                if z in stated or mz.number.kind != "percent" or not all(_usable(m) for m in (ma, mz, mb)) \
                        or ma.number.kind != "number" or mb.number.kind != "number" \
                        or ma.unit.dims != mb.unit.dims or (ma.unit.dims.items and not mb.unit.dims.items):
                    continue
                before, after = text[ma.end:mz.start], text[mz.end:mb.start]
                if not _BETWEEN_BEFORE.fullmatch(before):
                    continue
                zh = _ZH_LAST_YEAR.fullmatch(after) is not None
                if not zh and not _BETWEEN_AFTER_EN.fullmatch(after):
                    continue
                said = before + " " + after
                up, down = bool(_UP_WORDS.search(said)), bool(_DOWN_WORDS.search(said))   # (more, fewer too)
                rank = re.search(r"\b(above|below)\s+(?:the\s+|a\s+|an\s+)?$", after, re.I)
                if rank is not None:        # "28% above the $2.5 billion": the connector says which way
                    way = direction_of(rank.group(1).lower())
                    up, down = up or way == UP, down or way == DOWN
                if up == down:
                    continue
                va, vb = self.base(a), self.base(b)
                if va <= 0 or vb <= 0 or va == vb or (va > vb) != up:
                    continue
                formula = f"({_ref(a)} - {_ref(b)}) / {_ref(b)}" if up else f"({_ref(b)} - {_ref(a)}) / {_ref(b)}"
                got, want = abs(va - vb) / vb * 100, mz.number.nominal
                fit = self._formula_fits(z, formula)
                if fit is None:
                    continue
                out.append(self._stated(
                    "change", z, formula, [a, b], unitless=fit[1],
                    confidence=0.75 if abs(got - want) <= max(want / 2, Fraction(3)) else 0.4,
                    note=f"{mz.printed} is the relative change from {mb.printed} to {ma.printed}",
                    evidence=f"the new value, the change ({(before + mz.printed + after).strip()!r}) and the old "
                             "value in one sentence: "))
                stated.add(z)
        return out

    def changes_compared(self, found: list[Relation]) -> list[Relation]:
        """"The Pro model scores 3,850, 12.6% higher than the Base model (3,420)", "售价 1,199 元，比磐石 S90
        2TB（999 元）贵 20%", "P7 Pro 得分（3,850）比 S90 2TB（3,420）高 12.6%": Z = (A − B) / B (higher) or
        (B − A) / B (lower), A the value the sentence gives first, B the one it names after "than" / 比.
        Audited (0.75) when Z recomputes within half of it (or 3 points), or when Z is the change taken
        against the wrong value, |A − B| / A (the slip such sentences make, and a sign the pairing is
        right); else a suggestion. Between the two values only other units' numbers ("S90 2TB" in a name)."""
        out: list[Relation] = []
        ms = self.ms
        stated = {r.target for r in found}
        for idx in self.sentences().values():
            if len(idx) < 3 or len(idx) > 40:
                continue
            for n, a in enumerate(idx):
                ma = ms[a]
                if ma.number.kind != "number" or not _usable(ma):
                    continue
                pick = self._compared_en(idx, n) or self._compared_zh(idx, n)
                if pick is None:
                    continue
                b, z, word = pick
                if z in stated:
                    continue
                mb, mz = ms[b], ms[z]
                way = direction_of(word.lower())
                if way is None or (_EITHER_WAY.match(word) and ma.unit.dims.items == (("time", 1),)):
                    continue
                up = way == UP
                # a bare B in parentheses is printed in A's unit: compare the printed magnitudes
                va, vb = (self.base(a), self.base(b)) if mb.unit.dims == ma.unit.dims \
                    else (ma.number.nominal, mb.number.nominal)
                if va <= 0 or vb <= 0 or va == vb or (va > vb) != up:
                    continue        # the words and the values disagree on the direction: another pairing
                want = mz.number.nominal
                gap = mz.number.kind not in ("percent", "ratio")
                if gap:
                    # "27.6 points per game, 3.1 more than Kevin Liang (24.8)", "比 Y（51.3）高 14.9 分": the gap
                    formula = f"{_ref(a)} - {_ref(b)}" if up else f"{_ref(b)} - {_ref(a)}"
                    step = max(ma.number.step, mb.number.step, mz.number.step)
                    near, wrong_base = abs(abs(va - vb) - self.base(z)) <= max(self.base(z) / 2, step), False
                    if mb.unit.dims != ma.unit.dims or mz.unit.dims != ma.unit.dims:
                        near = abs(abs(ma.number.nominal - mb.number.nominal) - want) <= max(want / 2, step)
                elif mz.number.kind == "ratio":
                    # "1.9M parameters, 12× fewer than SeasonNet (23.4M)": the larger over the smaller
                    formula = f"{_ref(a)} / {_ref(b)}" if up else f"{_ref(b)} / {_ref(a)}"
                    near, wrong_base = abs(max(va, vb) / min(va, vb) - want) <= want / 2, False
                else:
                    formula = f"({_ref(a)} - {_ref(b)}) / {_ref(b)}" if up else f"({_ref(b)} - {_ref(a)}) / {_ref(b)}"
                    got, other = abs(va - vb) / vb * 100, abs(va - vb) / va * 100
                    near = abs(got - want) <= max(want / 2, Fraction(3))
                    wrong_base = abs(other - want) <= max(Fraction(mz.number.step), want / 100)
                fit = self._formula_fits(z, formula)
                if fit is None:
                    continue
                multiple = mz.number.kind == "ratio"
                what = "gap" if gap else "multiple" if multiple else "relative difference"
                out.append(self._stated(
                    "ratio" if multiple else "difference" if gap else "change", z, formula, [a, b], unitless=fit[1],
                    confidence=0.75 if near or wrong_base else 0.4,
                    note=f"{mz.printed} is the {what} of {ma.printed} against {mb.printed}"
                         + (f" (as printed it is taken against {ma.printed})" if wrong_base and not near else ""),
                    evidence=f"a value, then a {'figure' if gap else 'multiple' if multiple else 'percentage'} with "
                             f"{word!r} against the value the sentence names after it: "))
                stated.add(z)
        return out

    def _compared_en(self, idx: list[int], n: int) -> tuple[int, int, str] | None:
        """(B, Z, comparative) for "A, Z% higher than NAME (B)" starting at idx[n] = A."""
        ms, text = self.ms, self.text
        if n + 2 >= len(idx):
            return None
        a, z = idx[n], idx[n + 1]
        ma, mz = ms[a], ms[z]
        if not (mz.number.kind in ("percent", "ratio") or self._gap_figure(a, z)) or not _usable(mz) \
                or not _BETWEEN_BEFORE.fullmatch(text[ma.end:mz.start]):
            return None
        mo = _THAN_NAME_EN.match(text, mz.end)
        if mo is None:
            return None
        return self._other_value(idx, n + 2, mo.end(), a, z, mo.group("w"), bare=mo.group("open") is not None)

    def _compared_zh(self, idx: list[int], n: int) -> tuple[int, int, str] | None:
        """(B, Z, comparative) for "A，比 NAME（B）高 Z%" (or "NAME（A）比 NAME（B）高 Z%") at idx[n] = A."""
        ms, text = self.ms, self.text
        a = idx[n]
        mo = _ZH_AGAINST.match(text, ms[a].end)
        if mo is None:
            return None
        for k in range(n + 1, min(n + 4, len(idx) - 1)):
            b, z = idx[k], idx[k + 1]
            mb, mz = ms[b], ms[z]
            if mb.start < mo.end():
                continue
            if mb.start != mo.end() or not self._same_or_bare(a, b, mo.group("open") in "（(") \
                    or any(ms[j].unit.dims == ms[a].unit.dims for j in idx[n + 1:k]):
                return None
            after = _ZH_COMPARATIVE.match(text, mb.end)
            if after is None or after.end() != mz.start or not _usable(mz) \
                    or not (mz.number.kind == "percent" or self._gap_figure(a, z)):
                return None
            if mo.group("cmp") in ("与", "和", "同") and after.group("with") is None:
                return None     # "与 B" without 相比 joins two things ("A 与 B 高 5%" is no comparison)
            return b, z, after.group("w")
        return None

    def _other_value(self, idx: list[int], start: int, at: int, a: int, z: int, word: str, *,
                     bare: bool) -> tuple[int, int, str] | None:
        """The value right at ``at`` (the first of idx[start:] of A's unit; others between are names' numbers)."""
        ms = self.ms
        for b in idx[start:]:
            if ms[b].start < at:
                if ms[b].unit.dims == ms[a].unit.dims:
                    return None          # a value of the unit inside the name: not one other value
                continue
            if ms[b].start != at or not self._same_or_bare(a, b, bare):
                return None
            return b, z, word
        return None

    def _gap_figure(self, a: int, z: int) -> bool:
        """``z`` may be a gap of ``a``: a plain number of A's unit, or bare ("3.1 more than"), or points after a
        percentage or a score ("高 14.9 分")."""
        ma, mz = self.ms[a], self.ms[z]
        if mz.number.kind == "points":
            return ma.number.kind == "number" and (ma.unit.dims.dimensionless or ma.unit.factor == Fraction(1, 100))
        if mz.number.kind != "number":
            return False
        return mz.unit.dims == ma.unit.dims if mz.unit.dims.items else mz.unit.factor == 1

    def _same_or_bare(self, a: int, b: int, bare: bool) -> bool:
        """B is a plain value of A's unit, or (``bare``: in parentheses after the name) a bare number
        ("比 P5（980）高 54%" after "2,150 MB/s")."""
        mb = self.ms[b]
        if mb.number.kind != "number" or not _usable(mb):
            return False
        return mb.unit.dims == self.ms[a].unit.dims or (bare and not mb.unit.dims.items and mb.unit.factor == 1)

    def changes_to_from(self, found: list[Relation]) -> list[Relation]:
        """"rose Z% to A from B": Z = (A − B) / B (see the module's docstring)."""
        out: list[Relation] = []
        ms = self.ms
        stated = {r.target for r in found}
        for (s, e), idx in self.sentences().items():
            if len(idx) < 3 or len(idx) > 40:
                continue
            for n in range(len(idx) - 1):
                a, b = idx[n], idx[n + 1]
                ma, mb = ms[a], ms[b]
                if not (_usable(ma) and _usable(mb)) or "percent" in (ma.number.kind, mb.number.kind) \
                        or ma.number.kind != "number" or mb.number.kind != "number":
                    continue
                if ma.unit.dims != mb.unit.dims and ma.unit.dims.items and mb.unit.dims.items:
                    continue
                direction = self._new_and_old(a, b)
                if direction is None:
                    continue
                va, vb = self.base(a), self.base(b)
                if va <= 0 or vb <= 0 or va == vb:
                    continue
                z, word = self._change_figure(idx, n, s, e)
                if z is None or z in stated:
                    continue
                up = word == "up" if direction == "" else direction == "up"
                if (va > vb) != up:
                    continue            # the words and the values disagree on the direction: another pairing
                if ms[z].number.kind == "ratio":
                    # "increased 3.1x to 2,450 from 790": the multiple is the larger over the smaller
                    formula = f"{_ref(a)} / {_ref(b)}" if up else f"{_ref(b)} / {_ref(a)}"
                    got, want = max(va, vb) / min(va, vb), ms[z].number.nominal
                    near = abs(got - want) <= want / 2
                else:
                    formula = f"({_ref(a)} - {_ref(b)}) / {_ref(b)}" if up else f"({_ref(b)} - {_ref(a)}) / {_ref(b)}"
                    got, want = abs(va - vb) / vb * 100, ms[z].number.nominal
                    near = abs(got - want) <= max(want / 2, Fraction(3))
                fit = self._formula_fits(z, formula)
                if fit is None:
                    continue
                # "7.0 GB instead of 13.5 GB, 48% less": two things compared, no change over time
                compared = bool(_SIDE_BY_SIDE_GAP.fullmatch(self.text, ma.end, mb.start))
                out.append(self._stated(
                    "comparison" if compared else "change", z, formula, [a, b], unitless=fit[1],
                    confidence=0.75 if near else 0.4,
                    note=f"{ms[z].printed} is the {'multiple' if ms[z].number.kind == 'ratio' else 'relative change'} "
                         f"from {mb.printed} to {ma.printed}",
                    evidence=f"the new value, then the old ({self.text[ma.end:mb.start].strip()!r}), and a "
                             "percentage of change in one sentence: "))
        return out

    def _new_and_old(self, a: int, b: int) -> str | None:
        """"up" / "down" when the gap says so ("A, up from B"), "" when the words pair A (new) with B (old)
        but leave the direction to the percentage's word, None when they do not pair them."""
        ms, text = self.ms, self.text
        ma, mb = ms[a], ms[b]
        gap = text[ma.end:mb.start]
        if (mo := _UP_DOWN_GAP.fullmatch(gap)) is not None:
            return mo.group(1).lower()
        before = text[max(0, ma.start - 40):ma.start]
        if (_FROM_GAP.fullmatch(gap) and _TO_BEFORE.search(before)) or _COMPARED_GAP.fullmatch(gap):
            return ""
        if _ZH_LAST_YEAR.fullmatch(gap) or (ZH_THAN.fullmatch(gap) and _ZH_TO_BEFORE.search(before)):
            return ""       # (上年同期 pairs the two values itself: "每股收益 1.38 元，上年同期为 1.20 元")
        return None

    def _change_figure(self, idx: list[int], n: int, s: int, e: int) -> tuple[int | None, str]:
        """The sentence's one other percentage or multiple, with the rise or fall word beside it ("up", "down")."""
        ms, text = self.ms, self.text
        pair = (idx[n], idx[n + 1])
        others = [k for k in idx if k not in pair and ms[k].number.kind in ("percent", "ratio") and _usable(ms[k])]
        if len(others) > 1:
            # "at 50% sparsity the weights take 7.0 GB instead of 13.5 GB, 48% less": the one right after the pair
            others = [k for k in others if ms[k].start > ms[pair[1]].end
                      and re.fullmatch(r"\s*[,，]?\s*(?:or\s+|i\.e\.\s*|即\s*)?(?:about\s+|约\s*)?",
                                       text[ms[pair[1]].end:ms[k].start])]
        if len(others) != 1:
            return None, ""
        z = others[0]
        if ms[z].start > ms[pair[1]].end and (_OWN_SUBJECT_EN.search(text, ms[pair[1]].end, ms[z].start)
                                              or _OWN_SUBJECT_ZH.search(text, ms[pair[1]].end, ms[z].start)):
            return None, ""     # "grew to 40 from 25, and costs rose 12%": another subject's change
        near = text[max(s, ms[z].start - 24):min(e, ms[z].end + 16)]
        up, down = bool(_UP_WORDS.search(near)), bool(_DOWN_WORDS.search(near))
        if up == down:
            return None, ""
        return z, "up" if up else "down"
