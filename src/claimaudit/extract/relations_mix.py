"""Shares a sentence lists as the parts of one whole: "The data mix is 67% web, 15% code, 10% books and 8%
papers", "预训练数据中，网页占 67%，代码占 15%，书籍占 10%，论文占 8%": they add up to 100%.

Precision first. Three or more percentages in a row, nothing but a few words and a separator (a comma,
"and", 、, ，, 和) between them, in a sentence that says it lists the parts of something (mix, consists
of, made up of, split, breakdown, distribution, composed; 占, 构成, 组成, 分别为, 比例) and no other value
between them, and no word saying the list is not the whole (such as, including, the rest, 其余, 等); they
must sum to 90–110% as printed (a list of gains or of unrelated rates seldom does, and then names no whole).
"""

from __future__ import annotations

import re
from fractions import Fraction

from .relation_model import FinderBase, Relation, _placeholder_formula, _usable

_MIX_WORDS = re.compile(r"\bmix|\bmixture|consist|compris|composed|made up of|\bsplit\b|breakdown|distribution|"
                        r"\bshares?\b|proportion|\bratio\b|占|构成|構成|组成|組成|分别为|分別為|比例|配比|分布", re.I)
# between two shares: a few words and one separator, no digits ("% code, ", "%，代码占 ")
_BETWEEN = re.compile(r"[^\d.;；。!?]{0,30}?(?:,|，|、|\band\b|\bor\b|和|及|以及|与|與)[^\d.;；。!?]{0,30}")
# the list names only some of the parts: "… and 8% other sources" is a part, "among others" is not the whole
_PART_ONLY = re.compile(r"\bamong others\b|\betc\b|\bsuch as\b|\bincluding\b|\bthe rest\b|\bremaining\b"
                        r"|其余|其他|等|包括", re.I)
_MIN_SHARES = 3


class MixRelations(FinderBase):
    def sentence_shares(self, found: list[Relation]) -> list[Relation]:
        """Each run of three or more percentages a composition sentence lists: they add up to 100% (0.75)."""
        out: list[Relation] = []
        ms, text = self.ms, self.text
        taken = {p for r in found if r.kind == "shares" for p in r.parts}
        for (s, e), idx in self.sentences().items():
            if len(idx) < _MIN_SHARES or len(idx) > 40 \
                    or sum(ms[k].number.kind == "percent" for k in idx) < _MIN_SHARES:
                continue        # (counted first: the word searches below cost more)
            if not _MIX_WORDS.search(text, s, e) or _PART_ONLY.search(text, s, e):
                continue
            run: list[int] = []
            for i in [*idx, -1]:
                share = i >= 0 and ms[i].number.kind == "percent" and _usable(ms[i]) and i not in taken
                if share and (not run or _BETWEEN.fullmatch(text, ms[run[-1]].end, ms[i].start)):
                    run.append(i)
                    continue
                if len(run) >= _MIN_SHARES:
                    total = sum((ms[k].number.nominal for k in run), Fraction(0))
                    if Fraction(90) <= total <= Fraction(110):
                        out.append(Relation(
                            "shares", None, _placeholder_formula(run, "+"), list(run), value="100%",
                            quote=text[s:e].strip(), note="the shares the sentence lists should add up to 100%",
                            at=ms[run[0]].start, confidence=0.75,
                            evidence=f"{len(run)} percentages listed in a sentence of parts of a whole "
                                     f"summing to {float(total):g}%: {text[ms[run[0]].start:ms[run[-1]].end][:120]!r}"))
                run = [i] if share else []
        return out
