"""Percentages whose part and whole the sentence prints in other orders than "X% (A of B)": "Of the 2,400
prompts, 1,764 (73.5%) …", "在 2,400 条提示中，1,764 条（73.5%）…", "keeps 91% of the throughput (3379
against 3712 tokens/s)": the percentage is the part over the whole."""

from __future__ import annotations

import re

from .change_words import ADVERB, CHANGE, COMPARATIVE, words
from .relation_model import FinderBase, Relation, _evaluate, _fits, _ref, _usable

# "Of the B …, A (X%)": the whole after "Of", the part after a comma, its share in parentheses after it
# (a possessive may stand between: "Of the model's 70 billion parameters, 8.4 billion (12%)")
_OF_WHOLE = re.compile(r"(?:^|[.;:!?]\s+|\n)\s*(?:Of|Out of|Among)\s+(?:the\s+|all\s+|these\s+)?"
                       r"(?:[A-Za-z][\w-]*['’]s?\s+)?$")
_IN_WHOLE_ZH = re.compile(r"[在从]\s*(?:全部|所有|总共|受访的|参与的|参加的|调查的)?\s*$")
_ZH_AFTER_WHOLE = re.compile(r"^[^\d，。；\n]{0,16}?(?:中|之中|里)\s*[,，]\s*[^\d，。；\n]{0,8}$")
_EN_AFTER_WHOLE_WORDS = re.compile(r"^[^\d.;:()\n]{0,40}?,[^\d.;:()\n]{0,30}$")     # "seats, the coalition won"
_EN_AFTER_WHOLE = re.compile(r"^[^\d.;\n]{0,40}?,\s*(?:only\s+|just\s+)?$")
# "1200 名受访者，其中 540 人（45%）", "1,200 respondents, of whom 540 (45%)": the whole, then its part
_PART_OF_IT = re.compile(r"^[^\d，。；\n]{0,16}?[,，]\s*其中\s*[^\d，。；\n]{0,6}$"
                         # "80个在建项目中有14个", "500 道题中答对 430 道"
                         r"|^[^\d，。；\n]{0,16}?(?:中|之中|里)(?:有|共有|[\u4e00-\u9fff]{1,4})\s*$"
                         r"|^[^\d.;\n]{0,40}?,\s*of\s+(?:whom|which|them|these)\s*$"
                         # "共抽取 2,000 条回复，一致的有 1,872 条": those of them that are so, after 的有 / 的为
                         r"|^[^\d，。；\n]{0,8}?[,，]\s*[^\d，。；\n]{1,16}?的(?:有|为|共)\s*$", re.I)
# "…，其中城镇人口 960 万人，占 80%": the part's share after 占 (占比, 占总数的 …), not in parentheses
# (and "，占预算的 32%", "，满意率为 35%": 占 the whole's name 的, or a rate's name 率 / 比重 / 比例 and 为)
_ZH_SHARE_AFTER = re.compile(r"^[^\d，。；\n]{0,8}[,，]\s*(?:约占|占比(?:为|达)?"
                             r"|占[\u4e00-\u9fff]{0,8}?的?(?:比重|比例)?(?:为|达)?"
                             r"|(?![\u4e00-\u9fff]{0,4}(?:增长|增速|下降|利|税|汇|收益|回报|折现|通胀|毛利|净利|涨|降))"
                             r"[\u4e00-\u9fff]{0,6}?(?:率|比重|比例)(?:为|达|是)?)"
                             r"\s*(?:约\s*)?$")
_PAREN_SHARE = re.compile(r"^[^\d()（）\n]{0,12}?[(（]\s*(?:占|占比|约|約)?\s*$")     # "1,260 人（占 42%）"
# "X% (A against B)", "X% (A vs B)", "X% (A/B)": the share before a parenthesis holding the part and the whole
_AGAINST = re.compile(r"^\s*(?:against|vs\.?|versus|over|relative to|compared (?:with|to)|对比|相对于?)\s*$", re.I)
#: "220/250": a part over its whole as printed (never "1/2" of a fraction word, a date or a score: digits only)
SLASHED = re.compile(r"\d[\d,]*\s*/\s*\d[\d,]*")
# from a share to the parenthesis holding its fraction, in one clause: "92.0% on a 250-episode subset ("
_CLAUSE_TO_PAREN = re.compile(r"[^\S\n]*(?:[^;；。()（）\n%]{0,48}?\s)?[(（]\s*")
# a word of change right before the share: "drops by 9% (…)", "fewer 9%", "快 9%" (change_words)
_CHANGE_BEFORE = re.compile(r"\bby\s*$|" + words(None, (CHANGE, COMPARATIVE), bare="end"), re.I)


# the name of a rate that is a share of its whole, before its percentage: "有效回收率", "合格率为", "a response
# rate of", "completion rate was" (never a rate of change, interest or tax: 增长率, 利率, growth rate)
_SUCCESS = (r"回收|合格|通过|完成|出勤|覆盖|达标|优良|就业|入学|升学|录取|中标|成功|参与|响应|应答|接种|治愈|"
            r"命中|入住|上座|使用|普及|签约|到课|及格|满意|好评|接受|采纳|准确|正确|一致|召回|拒绝|误拒|拒答|违规|"
            r"失败|错误|留存|转化|点击")
_RATE_NAME = re.compile(rf"(?:(?:{_SUCCESS})率(?:为|达|达到|是)?"
                        r"|\b(?:response|completion|pass|attendance|success|participation|retention|occupancy"
                        r"|utili[sz]ation|coverage|uptake|approval|acceptance|hit|fill|win|enrol?lment|agreement"
                        r"|failure|error|refusal|violation|click-through|conversion)"
                        r"\s+rates?(?:\s+(?:of|was|is|at|stood at|reached))?)\s*(?:约|about|of\s+)?\s*$", re.I)

# the words before a margin: "a gross margin of", "operating margin", "净利率达", "毛利率为"
_MARGIN_BEFORE = re.compile(r"(?:\bmargins?(?:\s+(?:of|was|is|at))?|利润率|净利率|毛利率|营业利润率|净利润率)"
                            r"\s*(?:为|达|是|约|of|about)?\s*$", re.I)
_CURRENCY_CODES = frozenset({"USD", "CNY", "EUR", "GBP", "JPY", "HKD", "TWD", "KRW", "INR", "CHF", "CAD", "AUD"})


# -- English shares in words: "A account for X% of B", "X% of the B, or A", "Of B, … A, a X% share" --------
# the verb saying the part is the share: "1,200 engineers account for 40% of", "sales of $3.4bn represented 22% of"
_SHARE_VERB = re.compile(r"^[^\d;:.()\n]{0,30}?\b(?:account(?:s|ed)?\s+for|make(?:s)?\s+up|made\s+up|represent(?:s|ed)?"
                         r"|constitut(?:e|es|ed)|comprise[sd]?|(?:is|are|was|were)(?:\s+equal\s+to)?|amount(?:s|ed)?\s+to"
                         r"|equal(?:s|led|ed)?)\s+(?:about\s+|roughly\s+|nearly\s+|some\s+|just\s+)?$", re.I)
# (the whole may follow its name in parentheses: "23.0% of the team's total (9,361)")
_OF_THE_WHOLE = re.compile(r"^\s+of\s+(?:the\s+|its\s+|their\s+|all\s+|a\s+)?(?:(?!of\b)[A-Za-z][\w'’-]*\s+){0,3}?"
                           r"(?:of\s+(?:the\s+)?|(?:(?!of\b)[A-Za-z][\w'’-]*\s*)\(\s*)?$", re.I)
# "…, or 551 people": the part restated after the whole
_OR_PART = re.compile(r"^[^\d;:.()\n]{0,30}?,\s*(?:or|i\.e\.|that is|some|about)\s+(?:about\s+|some\s+|roughly\s+)?$",
                      re.I)
# "Of the 2,400 respondents, 1,020 said …, a 42.5% share": the share named after the percentage
_SHARE_NOUN_AFTER = re.compile(r"\s*(?:share|majority|minority|proportion|stake|portion|of (?:the )?(?:total|whole|all"
                               r"|them|those))\b", re.I)
_A_SHARE_BEFORE = re.compile(r"^[^\d;:.()\n]{0,40}?,\s*(?:a|an|or|about|roughly|nearly|some)\s+(?:about\s+)?$", re.I)
# "…, an accuracy of 86%", "…, a pass rate of 72%": the share named by a rate before the percentage
_RATE_OF_BEFORE = re.compile(r"^[^\d;:.()\n]{0,40}?,\s*(?:a|an|for|with)\s+(?:[a-z-]+\s+){0,2}?"
                             r"(?:accuracy|rate|share|proportion|percentage|yield|turnout)\s+of\s+(?:about\s+)?$", re.I)
# a word of change beside a share makes it no share ("rose 40% of …"); "made up" is a share's verb
_CHANGE_WORDS = re.compile(words(None, (CHANGE, ADVERB, COMPARATIVE), lang="en"), re.I)
_MADE_UP = re.compile(r"\b(?:made|make|makes|making)\s+up\b", re.I)


class PercentRelations(FinderBase):
    def share_words(self, found: list[Relation]) -> list[Relation]:
        """Shares stated in English words, each naming the part, the share and the whole (0.8): "The
        1,200 engineers account for 40% of its 3,600 staff", "Online sales of $3.4bn represented 22% of
        total sales of $12.5bn", "Women made up 38% of the 1,450 new hires, or 551 people", "Of 48 seats,
        the coalition won 27, a 56% majority". Never with a word of change beside the share ("rose 40%
        of …")."""
        out: list[Relation] = []
        ms, text = self.ms, self.text
        stated = {r.target for r in found}
        for ids in self.sentences().values():
            if len(ids) < 3 or len(ids) > 40:
                continue
            for p, x in enumerate(ids):
                if ms[x].number.kind != "percent" or x in stated or not _usable(ms[x]):
                    continue
                got = None
                if p < len(ids) - 1 and _OF_THE_WHOLE.match(self._gap(x, ids[p + 1])):
                    a, b = ids[p - 1] if p else -1, ids[p + 1]
                    gap = self._gap(a, x) if p else ""
                    if p and _SHARE_VERB.match(gap) and not _CHANGE_WORDS.search(_MADE_UP.sub(" ", gap)):
                        got = (a, b, "the part, a verb saying it is the share, and the whole after 'of': ")
                    elif p + 2 < len(ids) and _OR_PART.match(self._gap(ids[p + 1], ids[p + 2])) \
                            and not _CHANGE_WORDS.search(_MADE_UP.sub(" ", text[max(0, ms[x].start - 16):
                                                                                    ms[x].start])):
                        got = (ids[p + 2], b, "the share of the whole after 'of', then the part after ', or': ")
                if got is None and p >= 2 and ((_SHARE_NOUN_AFTER.match(text, ms[x].end)
                                                and _A_SHARE_BEFORE.match(self._gap(ids[p - 1], x)))
                                               or _RATE_OF_BEFORE.match(self._gap(ids[p - 1], x))):
                    a, b = ids[p - 1], ids[p - 2]
                    if _OF_WHOLE.search(text, max(0, ms[b].start - 30), ms[b].start) \
                            and _EN_AFTER_WHOLE_WORDS.match(self._gap(b, a)):
                        got = (a, b, "the whole after 'Of', the part, and the share named so after it: ")
                if got is None:
                    continue
                a, b, evidence = got
                if ms[a].unit.dims != ms[b].unit.dims or self.base(a) > self.base(b):
                    continue
                rel = self._share(x, a, b, evidence)
                if rel is not None:
                    out.append(rel)
                    stated.add(x)
        return out

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
                rel = self._whole_first(ids, p) or self._share_first(ids, p) or self._slash_share(ids, p)
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

    def _slash_share(self, ids: list[int], p: int) -> Relation | None:
        """"92.0% on a 250-episode subset (220/250)", "pass rate 88% (22/25)", "22/25 (88%)": the share and
        the part over the whole printed as a fraction in a parenthesis next to it (or the share in one after
        the fraction), in one clause: the percentage is that fraction."""
        ms, text = self.ms, self.text
        x = ids[p]
        after = next((k for k in ids[p + 1:] if ms[k].number.kind in ("ratio", "percent")), None)
        if after is not None and ms[after].number.kind == "ratio" and SLASHED.fullmatch(ms[after].printed) \
                and _CLAUSE_TO_PAREN.fullmatch(text, ms[x].end, ms[after].start) \
                and re.match(r"\s*[)）]", text[ms[after].end:ms[after].end + 3]):
            r = after
        elif p and ms[ids[p - 1]].number.kind == "ratio" and SLASHED.fullmatch(ms[ids[p - 1]].printed) \
                and re.fullmatch(r"\s*[(（]\s*", self._gap(ids[p - 1], x)) \
                and re.match(r"\s*[)）]", text[ms[x].end:ms[x].end + 3]):
            r = ids[p - 1]
        else:
            return None
        if not _usable(ms[r]) or _CHANGE_BEFORE.search(text[max(0, ms[x].start - 20):ms[x].start]):
            return None
        return self._stated("percent-of", x, _ref(r), [r], confidence=0.8, unitless=True,
                            note="the percentage is the part over the whole printed beside it",
                            evidence="a percentage and the part over the whole as a fraction in a parenthesis: ")

    def _share(self, x: int, a: int, b: int, evidence: str) -> Relation | None:
        ms = self.ms
        if not (_usable(ms[a]) and _usable(ms[b])) or ms[b].number.nominal <= 0:
            return None
        if ms[a].unit.dims != ms[b].unit.dims and ((ms[a].unit.dims.items and ms[b].unit.dims.items)
                                                   or (ms[b].cell is None and not ms[b].unit.dims.items)):
            # (a bare cell may be in its header's unit, a bare part elide the whole's: "70 billion parameters,
            # 8.4 billion (12%)"; but "1,310 ms" is no part of a bare count, "四类")
            return None
        formula = f"{_ref(a)} / {_ref(b)}"
        unitless = not _fits(ms[x], _evaluate(formula, ms))
        if unitless and not _fits(ms[x], _evaluate(formula, ms, True), True):
            return None
        return self._stated("percent-of", x, formula, [a, b], confidence=0.8, unitless=unitless,
                            note="the percentage is the part over the whole", evidence=evidence)

    def named_rates(self, found: list[Relation]) -> list[Relation]:
        """"发放问卷 6,800 份，回收有效问卷 6,250 份，有效回收率 91.9%", "sent 6,800 questionnaires and received 6,250
        valid responses, a response rate of 91.9%": a percentage after the name of a rate that is a share (回收率,
        合格率, response rate; never 增长率 or an interest rate) is the smaller of the two counts right before it
        over the larger, when they are the sentence's only other values and of one kind (0.75)."""
        out: list[Relation] = []
        ms = self.ms
        stated = {r.target for r in found}
        for (s, _e), idx in self.sentences().items():
            if len(idx) != 3:
                continue
            a, b, x = idx
            m = ms[x]
            if m.number.kind != "percent" or x in stated or not _usable(m) \
                    or not _RATE_NAME.search(self.text, max(s, m.start - 30), m.start):
                continue
            if any(ms[k].number.kind != "number" or ms[k].number.is_range for k in (a, b)) \
                    or ms[a].unit.dims != ms[b].unit.dims or self.base(a) == self.base(b):
                continue
            after = [self.text[ms[k].end:ms[k].end + 2].strip()[:1] for k in (a, b)]
            if all("\u4e00" <= w <= "\u9fff" for w in after) and after[0] != after[1]:
                continue        # "1.2 亿参数 … 4,000 篇样本上的准确率": counts of two things, no part of a whole
            rel = self._smaller_over_larger(x, a, b, "the rate is the smaller count over the larger",
                                            "the name of a rate that is a share before the percentage, and the "
                                            "sentence's two counts of one kind before it: ")
            if rel is not None:
                out.append(rel)
        return out

    def _smaller_over_larger(self, x: int, a: int, b: int, note: str, evidence: str) -> Relation | None:
        """The share ``x`` as the smaller of ``a`` and ``b`` over the larger (0.75)."""
        part, whole = (a, b) if self.base(a) <= self.base(b) else (b, a)
        rel = self._share(x, part, whole, evidence)
        if rel is not None:
            rel.confidence, rel.note = 0.75, note
        return rel

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
                rel = self._smaller_over_larger(x, money[0], money[1], "the margin is the smaller amount over the "
                                                "larger", "a margin word before the percentage and the sentence's "
                                                "two amounts of one currency: ")
                if rel is not None:
                    out.append(rel)
        return out
