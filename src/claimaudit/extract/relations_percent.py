"""Percentages whose part and whole the sentence prints in other orders than "X% (A of B)": "Of the 2,400
prompts, 1,764 (73.5%) …", "在 2,400 条提示中，1,764 条（73.5%）…", "keeps 91% of the throughput (3379
against 3712 tokens/s)": the percentage is the part over the whole."""

from __future__ import annotations

import re

from .change_words import CHANGE, COMPARATIVE, words
from .relation_model import FinderBase, Relation, _evaluate, _fits, _ref, _usable

# "Of the B …, A (X%)": the whole after "Of", the part after a comma, its share in parentheses after it
# (a possessive may stand between: "Of the model's 70 billion parameters, 8.4 billion (12%)")
_OF_WHOLE = re.compile(r"(?:^|[.;:!?]\s+|\n)\s*(?:Of|Out of|Among)\s+(?:the\s+|all\s+|these\s+)?"
                       r"(?:[A-Za-z][\w-]*['’]s?\s+)?$")
_IN_WHOLE_ZH = re.compile(r"[在从]\s*(?:全部|所有|总共|受访的|参与的|参加的|调查的)?\s*$")
_ZH_AFTER_WHOLE = re.compile(r"^[^\d，。；\n]{0,16}?(?:中|之中|里)\s*[,，]\s*[^\d，。；\n]{0,8}$")
_EN_AFTER_WHOLE = re.compile(r"^[^\d.;\n]{0,40}?,\s*(?:only\s+|just\s+)?$")
# "1200 名受访者，其中 540 人（45%）", "1,200 respondents, of whom 540 (45%)": the whole, then its part
_PART_OF_IT = re.compile(r"^[^\d，。；\n]{0,16}?[,，]\s*其中\s*[^\d，。；\n]{0,6}$"
                         r"|^[^\d.;\n]{0,40}?,\s*of\s+(?:whom|which|them|these)\s*$", re.I)
# "…，其中城镇人口 960 万人，占 80%": the part's share after 占 (占比, 占总数的 …), not in parentheses
_ZH_SHARE_AFTER = re.compile(r"^[^\d，。；\n]{0,4}[,，]\s*(?:约占|占比为?|占(?:总数|总量|总收入|全部|总体|总人口)?的?)"
                             r"\s*(?:约\s*)?$")
_PAREN_SHARE = re.compile(r"^[^\d()（）\n]{0,12}?[(（]\s*(?:占|占比|约|約)?\s*$")     # "1,260 人（占 42%）"
# "X% (A against B)", "X% (A vs B)", "X% (A/B)": the share before a parenthesis holding the part and the whole
_AGAINST = re.compile(r"^\s*(?:against|vs\.?|versus|over|relative to|compared (?:with|to)|对比|相对于?)\s*$", re.I)
# a word of change right before the share: "drops by 9% (…)", "fewer 9%", "快 9%" (change_words)
_CHANGE_BEFORE = re.compile(r"\bby\s*$|" + words(None, (CHANGE, COMPARATIVE), bare="end"), re.I)


# the words before a margin: "a gross margin of", "operating margin", "净利率达", "毛利率为"
_MARGIN_BEFORE = re.compile(r"(?:\bmargins?(?:\s+(?:of|was|is|at))?|利润率|净利率|毛利率|营业利润率|净利润率)"
                            r"\s*(?:为|达|是|约|of|about)?\s*$", re.I)
_CURRENCY_CODES = frozenset({"USD", "CNY", "EUR", "GBP", "JPY", "HKD", "TWD", "KRW", "INR", "CHF", "CAD", "AUD"})


class PercentRelations(FinderBase):
    def percent_phrases(self, found: list[Relation]) -> list[Relation]:
        out: list[Relation] = []
        ms = self.ms
        stated = {r.target for r in found}
        for ids in self.sentences().values():
            if len(ids) > 60:
                continue
            for p, x in enumerate(ids):
                if ms[x].number.kind != "percent" or x in stated or not _usable(ms[x]):
                    continue
                rel = self._whole_first(ids, p) or self._share_first(ids, p)
                if rel is not None:
                    out.append(rel)
        return out

    def _whole_first(self, ids: list[int], p: int) -> Relation | None:
        """"Of the B …, A (X%)" / "在 B … 中，A …（X%）" / "B …，其中 A …（X%）" / "B …, of whom A (X%)"."""
        ms = self.ms
        if p < 2:
            return None
        x, a, b = ids[p], ids[p - 1], ids[p - 2]
        gap = self._gap(b, a)
        if _ZH_SHARE_AFTER.match(self._gap(a, x)) and _PART_OF_IT.match(gap):
            return self._share(x, a, b, "the whole, then its part after 其中 with its share after 占: ")
        if not _PAREN_SHARE.match(self._gap(a, x)) or not re.match(r"\s*[)）]", self.text[ms[x].end:ms[x].end + 3]):
            return None
        lo = max(0, ms[b].start - 30)
        if not ((_OF_WHOLE.search(self.text, lo, ms[b].start) and _EN_AFTER_WHOLE.match(gap)) or _PART_OF_IT.match(gap)
                or (_IN_WHOLE_ZH.search(self.text, lo, ms[b].start) and _ZH_AFTER_WHOLE.match(gap))):
            return None
        return self._share(x, a, b, "the whole (after 'of', 在 … 中, or before 其中 / of whom), then the part with its "
                                    "share in parentheses: ")

    def _share_first(self, ids: list[int], p: int) -> Relation | None:
        """"X% (A against B)": the share, then the part and the whole compared in a parenthesis."""
        ms = self.ms
        if p + 2 >= len(ids):
            return None
        x, a, b = ids[p], ids[p + 1], ids[p + 2]
        if not re.fullmatch(r"[^\S\n]*(?:of\s+[^\d()（）\n]{0,30}?)?[(（]\s*", self._gap(x, a)) \
                or not _AGAINST.match(self._gap(a, b)) or not re.match(r"\s*[)）]", self.text[ms[b].end:ms[b].end + 3]):
            return None
        if _CHANGE_BEFORE.search(self.text[max(0, ms[x].start - 20):ms[x].start]):
            return None             # "drops by 9% (3379 against 3712)": a change, not a share
        return self._share(x, a, b, "the share, then the part and the whole compared in parentheses: ")

    def _share(self, x: int, a: int, b: int, evidence: str) -> Relation | None:
        ms = self.ms
        if not (_usable(ms[a]) and _usable(ms[b])) or ms[b].number.nominal <= 0:
            return None
        if ms[a].unit.dims != ms[b].unit.dims and ms[a].unit.dims.items and ms[b].unit.dims.items:
            return None
        formula = f"{_ref(a)} / {_ref(b)}"
        unitless = not _fits(ms[x], _evaluate(formula, ms))
        if unitless and not _fits(ms[x], _evaluate(formula, ms, True), True):
            return None
        return self._stated("percent-of", x, formula, [a, b], confidence=0.8, unitless=unitless,
                            note="the percentage is the part over the whole", evidence=evidence)

    def margins(self, found: list[Relation]) -> list[Relation]:
        """"Gross profit of $1.84 billion on revenue of $4.6 billion, a gross margin of 40%", "营业收入 80 亿元，
        净利润 12 亿元，净利率达 15%": a margin is the smaller of the sentence's two amounts of one currency
        over the larger (0.75), when the percentage follows a margin word and the sentence prints no other
        amount of that currency."""
        out: list[Relation] = []
        ms = self.ms
        stated = {r.target for r in found}
        for (s, _e), idx in self.sentences().items():
            if len(idx) < 3 or len(idx) > 12:
                continue
            for x in idx:
                m = ms[x]
                if m.number.kind != "percent" or x in stated or not _usable(m) \
                        or not _MARGIN_BEFORE.search(self.text, max(s, m.start - 20), m.start):
                    continue
                money = [k for k in idx if k != x and ms[k].unit.canonical in _CURRENCY_CODES]
                amounts = [k for k in idx if k != x and ms[k].unit.dims.items]
                if len(money) != 2 or len(amounts) != 2 or ms[money[0]].unit.dims != ms[money[1]].unit.dims:
                    continue
                a, b = money
                part, whole = (a, b) if self.base(a) <= self.base(b) else (b, a)
                rel = self._share(x, part, whole, "a margin word before the percentage and the sentence's two "
                                                  "amounts of one currency: ")
                if rel is not None:
                    rel.confidence, rel.note = 0.75, "the margin is the smaller amount over the larger"
                    out.append(rel)
        return out
