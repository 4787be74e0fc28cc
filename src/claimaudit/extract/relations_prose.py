"""Relations the words of a sentence state: "X% (A of B)", calculations written out, "T (N x, each M)",
written sums, "from X to Y … Z×", and rates printed with their numerator and denominator."""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import replace
from fractions import Fraction

from .change_words import ADVERB, CHANGE, COMPARATIVE, DOWN, RELATIVE_AFTER, RELATIVE_BEFORE, UP, words
from .chinese_counts import CJK
from .count_nouns import any_same, nouns_of
from .mentions import Mention
from .relation_model import (
    FinderBase,
    Relation,
    _evaluate,
    _fits,
    _magnitudes_compare,
    _placeholder_formula,
    _recomputes,
    _ref,
    _usable,
    _whole,
)
from .unit_products import UnitProducts, UnitQuotients
from .word_screen import may_print

_OPS = {"+": "+", "-": "-", "−": "-", "–": "-", "×": "*", "x": "*", "X": "*", "*": "*", "·": "*",
        "/": "/", "÷": "/"}
_EQ = re.compile(r"^\s*(?:[✓✔]\s*)?(=|≈|≒|~=|约等于|等于)\s*$")
_PAREN_NOTE = r"(?:\s*[（(][^()（）\n]{1,40}[)）])?"
_GAP_OP = re.compile(r"^" + _PAREN_NOTE + r"\s*([+\-−–×xX*·/÷])\s*$")
_GAP_EQ = re.compile(r"^" + _PAREN_NOTE + r"\s*(=|≈|≒|~=)\s*$")
# the words between a total and its "(N x, each M)": a few, with an English gloss at most ("个查询（query）字符")
_BEFORE_FACTORS = re.compile(r"(?:[^\n（(）)。.]|[（(][A-Za-z][A-Za-z \-]{0,20}[)）]){0,16}?[（(]\s*")
_CHANGE_FROM = re.compile(r"(?:\bfrom\b|从|由)\s*$", re.I)
_ARROW = re.compile(r"\s*(?:→|->|⟶|=>)\s*")
_ARROW_CHARS = frozenset("→>⟶")      # one of them is in every gap _ARROW matches
_PARENS_OPEN = frozenset("(（")        # one of them is in the first 13 characters _SUM_OPEN matches
# gaps between two values that the rules over every pair of neighbours test (compiled once, not
# looked up in re's cache for each of a large document's mentions)
_OPEN_GAP = re.compile(r"\s*[（(]\s*")
_LINE_OPEN_GAP = re.compile(r"[^\S\n]*[(（]\s*")
_OF_GAP = re.compile(r"\s*(?:out of|of|in|/|／|之中的|中的)\s*")
# "47% of new hires — 329 of 700 —", "47% of new hires (329 of 700)": the whole's noun, then the aside
_OF_NOUN_ASIDE = re.compile(r"\s+of\s+(?:the\s+|all\s+)?(?:[A-Za-z][\w'’-]*\s+){0,3}?[A-Za-z][\w'’-]*\s*[—–(（]\s*",
                            re.I)
_ASIDE_CLOSE = re.compile(r"(?:\s+[A-Za-z][\w-]*){0,2}\s*[—–)）]")
# (the whole's noun may run to a few words: "8,571 of 9,630 held-out Weather-DE points (89.0%)")
# "约两成的 token（": a share, the noun of its whole, the parenthesis with the part and the whole
_ZH_NOUN_OPEN_GAP = re.compile(r"\s*的\s*[A-Za-z\u4e00-\u9fff]{1,8}\s*[（(]\s*")
_WORDS_OPEN_GAP = re.compile(r"\s*(?:[A-Za-z\u4e00-\u9fff\s'’-]{0,32})?[,，]?\s*[（(]\s*")
# (the whole's noun may close the parenthesis: "91% (2,788 of 3,064 cases)")
_CLOSE_AHEAD = re.compile(r"(?:\s+[A-Za-z][\w-]*){0,2}\s*[)）]|\s*[\u4e00-\u9fff]{0,4}[)）]")
# "to", or a verb of at most four characters ending in 到 / 至 (扩展到了, 缩短至, 一路降到), before the second value;
# a rate's 每秒 / 每 GPU may stand between the word and the number ("从每秒 20 个 token 提升到每秒 28.4 个")
_PER_WORD = r"(?:每\s*[\u4e00-\u9fffA-Za-z]{1,6}(?:\s+[A-Za-z]{1,10})?\s*)?"     # ("从每百万 token 4.00 元")
# "从 X", "由上一代模型的 X", "从每秒 X"
_CHANGE_FROM_ZH = re.compile(r"[从由]\s*(?:[^\s，。]{0,12}\s*的|(?:19|20)\d\d\s*年(?:底|末)?的)?\s*" + _PER_WORD + "$")
# "29 GB 的 25%", "（11.6万亿元）的比重为 28%"
_OF_ZH = re.compile(r"\s*[)）]?\s*(?:[\u4e00-\u9fff]{0,6}\s*)?的\s*(?:比重|比例|份额)?(?:为|是|达)?"
                    r"\s*(?:约|大约|仅)?\s*")
_RESTATES_EN = re.compile(r"[,，(（]|\bwhich is\b|\bi\.e\.|\bor\b|\bthat is\b", re.I)
_RESTATES_ZH = re.compile(r"(?:为|是|相当于|占|达到)")
_VERSUS = re.compile(r"\s*(?:vs\.?|versus|对比)\s*", re.I)
_COMPARING = re.compile(r"speed-?up|times|加速|倍|" + words(None, (COMPARATIVE,), bare="plain"), re.I)
# from the second value of a change to its signed gap in parentheses: "59.6 (+4.6)", "59.6 points (+4.6)"
_SIGNED_ASIDE = re.compile(r"(?:\s*(?:points?|pts?|分))?\s*[(（]\s*")
_CHANGE_TO = re.compile(r"^\s*(?:[(（][^\d()（）\n]{0,3}\d[\w.]{0,8}[)）]\s*)?"   # "0.184 (v1.5) to 0.171 (v1.6)"
                        r"(?:\bto\b|[\u4e00-\u9fff]{0,6}?(?:到|至|(?:调整|变|升|降|提高|增加|减少|下调|上调)为)了?"
                        r"|→|->)\s*" + _PER_WORD + "$"
                        # the years of the two values between them: "From 2,150 in 2019, the number of chargers
                        # grew to 9,460 by 2024", "由 2020 年的 1.2 万个增至 2024 年的 5.4 万个"
                        r"|^\s*in\s+(?:19|20)\d\d\s*,?[^\d;.]{0,50}?(?:\bwent|\breached|"
                        + words(None, (CHANGE,), lang="en") + r")\s+to\s*$"
                        r"|^\s*[个個台家辆人]?\s*(?:增至|增加到|增长到|增长至|升至|提升至|降至|下降到|下降至|减少到|减少至)\s*"
                        r"(?:19|20)\d\d\s*年(?:底|末)?的\s*$", re.I)
# a word before a value saying it is the result: "takes 47 s", "so … needs", "i.e.", 约需, 耗时
_RESULT_WORD = re.compile(r"(?:\b(?:takes?|took|needs?|needed|requires?|required|lasts?|gives?|giving|i\.e\.|that is)"
                          r"|约需|需要|需|耗时|用时|即)[^\d;；。.]{0,16}$", re.I)
# "即原始语料的 1%", "约为原始数据的 11.3%": a percentage of a whole the sentence named by its noun
_NAMED_WHOLE_ZH = re.compile(r"(?:即|为|约为|是|相当于|仅为|占)\s*(?P<noun>[\u4e00-\u9fff]{2,8}?)\s*的\s*(?:约\s*)?$")
# "增长了 1.5 倍", "提高了 2 倍": an increase by N times (to N + 1 times the first value)
_GREW_BY_ZH = re.compile(r"(?:增长|增加|提高|提升|上涨|上升|扩大|翻)了\s*(?:约|近)?\s*$")
# a word of change or comparison that says which way: "cut", "fewer", "down", 降低, 少了 20% (change_words)
_LESS_WORDS = re.compile(words(DOWN, (CHANGE, ADVERB, COMPARATIVE), bare="anchored"), re.I)
_MORE_WORDS = re.compile(words(UP, (CHANGE, ADVERB, COMPARATIVE), bare="anchored"), re.I)
# The clause after a change's last value names a subject of its own before its change verb ("从 55.1 到
# 63.3），推理速度提升了 42%", "from 55.1 to 63.3, and inference speed improved by 42%"): its figure sums
# up that other change, not this one ("，提升了 15%", ", a 15% gain", ", up 15%" name none).
_CHANGE_VERBS_ZH = words(None, (CHANGE,), lang="zh")
_OWN_SUBJECT_ZH = re.compile(r"[，,；;]\s*(?!(?:相对|相比|相较|整体|总共|共|约|大约|即|也就是|幅度|分别|同比|环比|累计)"
                             r"(?:" + _CHANGE_VERBS_ZH + r"))[\u4e00-\u9fffA-Za-z][\u4e00-\u9fffA-Za-z0-9 \-]{1,15}?"
                             r"(?:" + _CHANGE_VERBS_ZH + r")[^，,；;]*$")
_OWN_SUBJECT_EN = re.compile(r"[,;]\s*(?:and\s+|while\s+|whereas\s+)?(?:the\s+|its\s+|their\s+)?"
                             r"(?!(?:a|an|up|down|or|which|that|this|i\.e\.|by)\b)[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?\s+"
                             r"(?:sped|went|" + words(None, (CHANGE,), lang="en") + r")[^,;]*$", re.I)
_OF_ORIGINAL_ZH = re.compile(r"(?:原来|原先|之前|此前|以前|原始|原模型)的\s*(?:约|大约)?\s*$")
_OF_ORIGINAL_EN = re.compile(r"\s*of\s+(?:the\s+|its\s+|their\s+)?(?:original|previous|baseline|before|what it was)\b",
                             re.I)
_EFFICIENCY = re.compile(r"efficien|效率", re.I)
_SPEEDUP = re.compile(r"speed-?up|faster|加速|倍", re.I)
_SUM_OPEN = re.compile(r"[^\n（()）。.]{0,12}?[（(]\s*"
                       r"(?:其中|包括|包含|含|including|incl\.|of which|comprising)[\s:：,，]*", re.I)
_GROUP_COLON = re.compile(r"\s*[)）]?\s*[:：]")
_RESPECTIVELY = re.compile(r"\brespectively\b|分别", re.I)
_UP_TO = re.compile(r"up to|as much as|高达|最高|最多", re.I)
# (共 alone too, "共招聘 120 人", but not in 公共, 共享, 共同 …)
_TOTAL_BEFORE = re.compile(r"(?:总共|总计|共计|合计|一共|(?<![公总一])共(?![享识同产建创性])|\bin total\b"
                           r"|\ba total of\b|\baltogether\b"
                           # "brought the annual total to 1,120", "the total came to", "the sum is"
                           r"|\btotal\s+(?:to|was|is|of|came\s+to|reached|stood\s+at)\b|\bsum\s+(?:to|was|is)\b)"
                           r"[^\d\n]{0,6}$", re.I)
#: A word every match of _TOTAL_BEFORE holds (a document printing none of them states no such total).
# a count of the parts right before a total word: "两步合计", "三项合计", "the two steps together removed"
_COUNTED_TOTAL = re.compile(r"(?:(?P<zh>两|二|三|四|五|六)(?:步|项|类|种|者|部分|个阶段|阶段|次)(?:的)?"
                            r"|\b(?:the\s+)?(?P<en>two|three|four|five|six|both)(?:\s+[a-z]+)?)\s*$", re.I)
_COUNT_WORDS = {"两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6,
                "two": 2, "both": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_TOTAL_WORDS = ("共", "总计", "合计", "in total", "altogether", "total of", "total to", "total was", "total is",
                "total came", "total reached", "total stood", "sum to", "sum was", "sum is")
# right after a total, the words that open its parts: a colon, comprising, made up of, 分别为 …
_BREAKDOWN_AFTER = re.compile(r"(?:\s+(?!comprising|consisting|made|split|broken|includ)[A-Za-z][\w-]*){0,4}\s*"
                              r"(?::|：|,?\s*(?:comprising|consisting of|made up of|split into|broken down into"
                              r"|includes|including|include)\s)"
                              r"|[^\d，。；]{0,8}?[，,]?\s*(?:包括|包含|其中包括)[\u4e00-\u9fffA-Za-z]{0,8}"
                              r"|[^\d，。；]{0,8}?[，,]\s*(?:其中|分别为)"
                              # "，由 A、B 和 C 组成"
                              r"|[^\d，。；]{0,8}?[，,]\s*由(?=[^，。；]{0,60}?(?:组成|构成))[\u4e00-\u9fffA-Za-z]{0,8}",
                              re.I)
_BREAKDOWN_WORDS = (":", "：", "comprising", "consisting of", "made up of", "split into", "broken down into", "其中",
                    "分别为", "组成", "构成", "includ", "包括", "包含")
# a list that may name only some of the parts ("includes", 包括): its sum may fall short of the total,
# never exceed it
_PARTIAL_LIST = re.compile(r"includ|包括|包含", re.I)
_AND = re.compile(r"和|与|以及|及|\band\b|\bas well as\b", re.I)
_OPENS_WITH_OF_WHICH = re.compile(r"\s*其中\s*[，,：:]?")
# an average word right before the mean ("an average of", "averaging", "平均为"), "the mean of" before a list,
# and the "is" / 为 before the mean that follows the list
_MEAN_BEFORE = re.compile(r"(?:\b(?:an?\s+|the\s+)?(?:average|mean)\s+(?:of\s+)?|\baverag(?:ing|es|ed|e)\s+(?:of\s+)?"
                          r"|平均[\u4e00-\u9fff]{0,3}?(?:为|是|达)?|均值(?:为|是)?|场均|(?:平均)?每场(?:平均)?)\s*$",
                          re.I)   # 平均耗时, 平均续航为, 场均 24 分
_MEAN_OF = re.compile(r"(?:\b(?:average|mean)\s+of(?:\s+the)?|平均(?:值)?)\s*$", re.I)
_IS_BEFORE = re.compile(r"(?:\bis|\bwas|=|为|是)\s*$", re.I)
_MEAN_WORDS = ("average", "mean", "averag", "平均", "均值", "场均", "每场")
# between two values of a list before its total ("$1.2 billion, $0.8 billion and"), and after its last one
_LISTED = re.compile(r"[^\d.;；。()（）]{0,16}?(?:,|，|、|和|与|及|\band\b)[^\d.;；。()（）]{0,16}", re.I)
_LIST_THEN_TOTAL = re.compile(r"[^\d;；。]{0,32}", re.I)     # "305 units brought the annual total to"
_COMMA = re.compile(r"[,，]")
_NAMES_WITH_DIGITS = re.compile(r"[A-Za-z][A-Za-z-]*\d[\w-]*")
_CODE_CALC = re.compile(r"[ \t]*[（(]( {3,80})[)）]")
_THOUSANDS_COMMA = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
_LITERAL_ARITHMETIC = re.compile(r"[\d+\-*/()]+")
_PRODUCT_LITERALS = re.compile(r"(?<![\w.])[\d_]+(?:\.\d+)?(?:\s*[*/]\s*[\d_]+(?:\.\d+)?)+(?![\w.])")
_PRINTED_RESULT = re.compile(r"\s*(\d[\d_]*(?:\.\d+)?)\s*([A-Za-z]{1,8})\s*")
# what before a calculation's first literal says it started earlier: a thousands comma, an operator, a digit
_MORE_BEFORE = re.compile(r"(?:\d,|[\d*/+\-×])[ \t]*$")
_CODE_EQUATION = re.compile(r"(?<![\w.,])([\d_][\d_, +\-*/()]{2,80}?)[ \t]*(?:=>|→|->|=)[ \t]*"
                            r"(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d[\d_]*(?:\.\d+)?)(?![\w.]|,\d)")


def _same_scale(a: Mention, b: Mention) -> bool:
    """Two percentages, or two bare numbers (scores): values a gap in points can be between."""
    if a.number.kind == b.number.kind == "percent":
        return True
    return a.number.kind == b.number.kind == "number" and not a.unit.dims.items and not b.unit.dims.items


# "of the", and a few words naming the whole before its value: "of GDP of", "of the company's", "of its total"
_OF_NAMED = re.compile(r"\s*,?\s*of\s+(?:the\s+|a\s+|an\s+|its\s+|their\s+)?(?:(?!of\b)[A-Za-z][\w'’-]*\s+){0,3}?"
                       r"(?:of\s+(?:the\s+|a\s+|an\s+)?)?", re.I)


# an operator in the words before a chain's first value ("× 8 KV heads × 128 dims …"): the chain began earlier
_OPERATOR_BEFORE = re.compile(r"[×*·÷+]|\s[x−-]\s")


def _one_sided(m: Mention) -> bool:
    """A one-sided bound the engine checks as such ("不足 15%", "over 20%"): no range, no relation of its own."""
    return not m.number.is_range and m.number.relation in ("<", "<=", ">", ">=") and m.relation is None



def _approximate_input(ms: list[Mention], target: int, parts: list[int]) -> bool:
    """A part printed "about" (约, ~) for a target printed plainly: "300B tokens at 593,920 tokens/s takes
    about 140 hours" states the hours as the result; read as an input, "about 140" would be an exact 140
    (qualifiers widen a claimed value, not an input) and the plain values a false alarm."""
    return ms[target].number.relation != "~" and any(ms[k].number.relation == "~" for k in parts)


def _one_a_target(rels: list[Relation]) -> list[Relation]:
    """Of relations checking one value (products solved for the same approximate factor: "1 GB = 1,000 MB，
    50GB 拷贝 21.4 秒，平均速度约 2,336 MB/s"), the first of the most confident."""
    best: dict[int | None, Relation] = {}
    for r in rels:
        if r.target not in best or r.confidence > best[r.target].confidence:
            best[r.target] = r
    return [r for r in rels if best[r.target] is r]


def _solved_for_approximate(ms: list[Mention], rel: Relation) -> Relation | None:
    """``rel`` (a product of its parts, or a rate: part over part) solved for its one part printed "about",
    which becomes the value checked, with its approximate tolerance ("about 140 hours" = 300B tokens /
    593,920 tokens/s); ``rel`` as it is when several parts are approximate ("≈ 16.1M tokens per hour … about
    $0.15 per million": their rounding covers the target), None when the solved formula does not compare."""
    approx = [k for k in rel.parts if ms[k].number.relation == "~"]
    if rel.target is None or len(approx) != 1 or ms[rel.target].number.relation == "~":
        return rel      # (a result printed "about" too: "约 76.6 万 tokens/s … 约需 18.1 天" stays as printed)
    return _solved_for(ms, rel, approx[0], "printed as approximate")


def _solved_for(ms: list[Mention], rel: Relation, k: int, why: str) -> Relation | None:
    """``rel`` solved for its part ``k`` (see :func:`_solved_for_approximate`); ``why`` says why that part
    is the one checked."""
    t = rel.target
    assert t is not None  # noqa: S101 - a rate's or a product's target is a mention
    others = [p for p in rel.parts if p != k]
    if rel.formula == " / ".join(_ref(p) for p in rel.parts):          # t = a / b
        a, b = rel.parts
        order = [t, b] if k == a else [a, t]
        formula = f"{_ref(t)} * {_ref(b)}" if k == a else f"{_ref(a)} / {_ref(t)}"
        divisors = [] if k == a else [t]
    elif rel.formula == " * ".join(_ref(p) for p in rel.parts):        # t = a * b (* c)
        order = [t, *others]
        formula = f"{_ref(t)} / " + (_ref(others[0]) if len(others) == 1 else
                                     "(" + " * ".join(_ref(p) for p in others) + ")")
        divisors = others
    else:
        return None
    # (the units compose as they did: solving keeps them; a divisor whose rounding reaches 0 does not divide)
    if any(ms[d].number.interval.lo <= 0 <= ms[d].number.interval.hi for d in divisors):
        return None
    return replace(rel, target=k, formula=formula, parts=order, at=ms[k].start,
                   note=f"{ms[k].printed}, {why}, solved from " + rel.note,
                   evidence=f"the value {why} is the one checked; " + rel.evidence)


class ProseRelations(FinderBase):
    def percent_of(self) -> list[Relation]:
        out = []
        ms = self.ms
        for i in range(len(ms) - 2):
            a, c = ms[i], ms[i + 2]
            # X% (A out of B); "约两成的 token（150.0 / 737.5）": the whole's noun may stand before the parenthesis
            if a.number.kind == "percent" and (_OPEN_GAP.fullmatch(self._gap(i, i + 1))
                                               or _ZH_NOUN_OPEN_GAP.fullmatch(self._gap(i, i + 1))) \
                    and _OF_GAP.fullmatch(self._gap(i + 1, i + 2)) and _CLOSE_AHEAD.match(self.text, c.end, c.end + 32):
                target, num, den = i, i + 1, i + 2
            # X% of the whole's noun — A of B — / X% of new hires (A of B)
            elif a.number.kind == "percent" and _OF_NOUN_ASIDE.fullmatch(self._gap(i, i + 1)) \
                    and _OF_GAP.fullmatch(self._gap(i + 1, i + 2)) \
                    and _ASIDE_CLOSE.match(self.text, c.end, c.end + 32) \
                    and (("(" in self._gap(i, i + 1) or "（" in self._gap(i, i + 1))
                         == bool(re.match(r"[^—–]*[)）]", self.text[c.end:c.end + 32]))):
                target, num, den = i, i + 1, i + 2
            # A out of B (X%)
            elif c.number.kind == "percent" and _OF_GAP.fullmatch(self._gap(i, i + 1)) \
                    and _WORDS_OPEN_GAP.fullmatch(self._gap(i + 1, i + 2)):
                target, num, den = i + 2, i, i + 1
            else:
                continue
            # (the share may be a bound: "token 占比不足 15%（108.0 / 737.5）" is checked as at most 15%)
            if not (_usable(ms[num]) and _usable(ms[den]) and (_usable(ms[target]) or _one_sided(ms[target]))):
                continue
            formula = f"{_ref(num)} / {_ref(den)}"
            if not _fits(ms[target], _evaluate(formula, ms)):
                continue
            out.append(self._stated("percent-of", target, formula, [num, den], confidence=0.9,
                                    note="the percentage is the part over the whole", evidence="the words "))
        return out

    def share_of_words(self) -> list[Relation]:
        """"7.2 GB of memory, about 25% of the 29 GB the bf16 model needs" / "显存为 7.2 GB，约为原模型 29 GB 的
        25%": a percentage of a value B named right after "of" (before "的" in Chinese) is the sentence's
        one other value A of B's kind over B (0.75). Not when the words say a change (less, saves,
        降低 …): "saves 75% of the 29 GB" is not 7.2 / 29."""
        out = []
        ms = self.ms
        for ids in self.sentences().values():
            if len(ids) > 200:          # not a prose sentence (a run of numbers): bounded time
                continue
            for p, x in enumerate(ids):
                if ms[x].number.kind != "percent" or not _usable(ms[x]):
                    continue
                if p + 1 < len(ids) and _OF_NAMED.fullmatch(self._gap(x, ids[p + 1])):
                    b = ids[p + 1]          # "25% of the 29 GB", "18% of GDP of $1.7 trillion"
                elif p and _OF_ZH.fullmatch(self._gap(ids[p - 1], x)):
                    b = ids[p - 1]          # "原模型 29 GB 的 25%"
                else:
                    continue
                # a whole of no unit is a count of things its Chinese classifier names: "女生 1,848 人，占毕业生总数
                # 3,520 人的 52.5%" (人 both); an English noun after a bare number is as often a name's ("70B model")
                zh = bool(CJK.search(self.text, ms[b].number_end, ms[b].number_end + 2))
                counted = () if ms[b].unit.dims.items or not zh else nouns_of(self.text, ms[b], zh)
                kin = [k for k in ids if k not in (x, b) and k < max(x, b) and ms[k].unit.dims == ms[b].unit.dims
                       and ms[k].number.kind == ms[b].number.kind
                       and (not counted or (any_same(nouns_of(self.text, ms[k], zh), counted[:1], zh)
                                            and ms[k].printed != ms[b].printed))]      # the whole named twice
                if len(kin) > 1:        # "4-bit … 7.2 GB … 29 GB": the value printed in B's own unit
                    kin = [k for k in kin if ms[k].unit.canonical == ms[b].unit.canonical]
                if len(kin) != 1 or not _usable(ms[b]) or not _usable(ms[kin[0]]) \
                        or not (ms[b].unit.dims.items or counted):
                    continue
                a = kin[0]
                # the share restates A: "A, about X% of B", "A (X% of B)", "A, i.e. X% of B"; "A 约为 … B 的
                # X%", "A 占 B 的 X%" — not a share of B in another clause ("2T tokens; 10% of the 1T …")
                gap = self.text[ms[a].end:ms[x].start if b > x else ms[b].start]
                if not (_RESTATES_EN.search(gap) if b > x else _RESTATES_ZH.search(gap)) or len(gap) > 40 \
                        or re.search(r"[;；。]", gap):
                    continue
                lo, hi = min(ms[a].start, ms[x].start), max(ms[b].end, ms[x].end)
                if _LESS_WORDS.search(self.text[lo:hi]) or _MORE_WORDS.search(self.text[lo:hi]):
                    continue
                formula = f"{_ref(a)} / {_ref(b)}"
                if not _fits(ms[x], _evaluate(formula, ms)):
                    continue
                out.append(self._stated("percent-of", x, formula, [a, b], confidence=0.75,
                                        note="the percentage is the sentence's other value over the value it is of",
                                        evidence=f"'{ms[x].printed} of {ms[b].printed}' and the sentence's one other "
                                                 "value of that kind: "))
        return out

    def shares_of_named_wholes(self, found: list[Relation]) -> list[Relation]:
        """"用了 1.2 TB 原始语料，…保留 120 GB，即原始语料的 1%": a percentage after "即 / 为 / 约为 / 相当于 NOUN 的",
        where NOUN stands right after a value earlier in the sentence (the whole, "1.2 TB 原始语料"), is the
        sentence's one other value of the whole's unit between them over the whole (0.75)."""
        out: list[Relation] = []
        ms, text = self.ms, self.text
        if "的" not in text:
            return out
        stated = {r.target for r in found}
        for ids in self.sentences().values():
            if len(ids) > 40:
                continue
            for p, x in enumerate(ids):
                if x in stated or ms[x].number.kind != "percent" or not _usable(ms[x]):
                    continue
                mo = _NAMED_WHOLE_ZH.search(text, max(0, ms[x].start - 16), ms[x].start)
                if mo is None:
                    continue
                noun = mo.group("noun")
                wholes = [k for k in ids[:p] if text.startswith(noun, ms[k].end + (text[ms[k].end] == " "))
                          and ms[k].unit.dims.items and _usable(ms[k])] if ms[x].start > 0 else []
                if len(wholes) != 1:
                    continue
                b = wholes[0]
                kin = [k for k in ids[:p] if k != b and ms[b].end <= ms[k].start and ms[k].unit.dims == ms[b].unit.dims
                       and ms[k].number.kind == "number" and _usable(ms[k])]
                if len(kin) != 1:
                    continue
                a = kin[0]
                formula = f"{_ref(a)} / {_ref(b)}"
                if not _fits(ms[x], _evaluate(formula, ms)):
                    continue
                out.append(self._stated("percent-of", x, formula, [a, b], confidence=0.75,
                                        note=f"the percentage is {ms[a].printed} over the {noun} ({ms[b].printed})",
                                        evidence=f"'{mo.group(0).strip()}' naming the whole printed as "
                                                 f"'{ms[b].printed} {noun}' and the one value of its unit between: "))
        return out

    def equations(self) -> list[Relation]:
        """Chains of mentions joined by operators, with = or ≈ before or after a single mention."""
        out = []
        ms = self.ms
        n = len(ms)
        i = 0
        while i < n:
            # Gather a chain i..j where consecutive gaps are an operator or an equals sign.
            chain = [i]
            links: list[tuple[str, str]] = []     # (kind 'op'|'eq', symbol)
            j = i
            while j + 1 < n and ms[j + 1].line == ms[i].line:
                gap = self._gap(j, j + 1)
                q = ms[j + 1].qualifier
                if q in ("≈", "~", "约") and ms[j + 1].printed.startswith(q) and not gap.strip():
                    gap = " ≈ "     # "C ≈ A × B": the qualifier is the equals sign
                mo = _GAP_OP.match(gap)
                me = _GAP_EQ.match(gap) if not mo else None
                if mo:
                    links.append(("op", _OPS[mo.group(1)]))
                elif me:
                    links.append(("eq", me.group(1)))
                else:
                    break
                j += 1
                chain.append(j)
            eqs = [k for k, (kind, _s) in enumerate(links) if kind == "eq"]
            # "2 × 32 layers × 8 KV heads × 128 dims × 2 bytes = 131,072 bytes": words between factors end the
            # chain read here; an operator before its first value means the product is longer than read
            before = self._gap(i - 1, i) if i > 0 and ms[i - 1].line == ms[i].line else ""
            if len(chain) >= 3 and len(eqs) >= 1 and not _OPERATOR_BEFORE.search(before):
                out.extend(self._equation(chain, links, eqs))
            i = j + 1 if j > i else i + 1
        return out

    def _equation(self, chain: list[int], links: list[tuple[str, str]], eqs: list[int]) -> list[Relation]:
        out = []
        ms = self.ms
        # Split into sides at the equals signs: [side0] = [side1] = [side2] …
        sides: list[list[int]] = [[chain[0]]]
        ops: list[list[str]] = [[]]
        for k, (kind, sym) in enumerate(links):
            if kind == "eq":
                sides.append([chain[k + 1]])
                ops.append([])
            else:
                sides[-1].append(chain[k + 1])
                ops[-1].append(sym)
        approx = any(links[k][1] in ("≈", "≒", "~=") for k in eqs)
        # Each single-mention side is checked against each multi-mention side.
        exprs = [(s, o) for s, o in zip(sides, ops, strict=True) if len(s) > 1]
        singles = [s[0] for s in sides if len(s) == 1]
        for target in singles:
            for side, sops in exprs:
                formula = _ref(side[0])
                for op, idx in zip(sops, side[1:], strict=True):
                    formula += f" {op} " + _ref(idx)
                if not all(_usable(ms[k]) for k in side + [target]):
                    continue
                unitless = not _fits(ms[target], _evaluate(formula, ms))
                if unitless and not (_fits(ms[target], _evaluate(formula, ms, True), True)
                                     and _magnitudes_compare(formula, ms, target)):
                    continue
                out.append(self._stated("equation", target, formula, side, unitless=unitless, confidence=0.9,
                                        note="the document writes this calculation out" + (" (≈)" if approx else ""),
                                        evidence="the calculation written out: "))
        return out

    def bracket_calculations(self) -> list[Relation]:
        """"4M tokens (2048 × 2048)", "10B tokens (6B + 4B)", "400 万个 token（2048×2048）": a value followed
        by a parenthesis holding only a product (or only a sum) of numbers is that calculation."""
        out = []
        ms = self.ms
        n = len(ms)
        for i in range(n - 2):
            if not _LINE_OPEN_GAP.fullmatch(self._gap(i, i + 1)):
                continue
            chain, ops = [i + 1], []
            while chain[-1] + 1 < n and (mo := _GAP_OP.match(self._gap(chain[-1], chain[-1] + 1))) \
                    and "\n" not in self._gap(chain[-1], chain[-1] + 1):
                ops.append(_OPS[mo.group(1)])
                chain.append(chain[-1] + 1)
            after = self.text[ms[chain[-1]].end:ms[chain[-1]].end + 3]
            if len(chain) < 2 or len(set(ops)) != 1 or ops[0] not in "*+" or not re.match(r"\s*[)）]", after) \
                    or not all(_usable(ms[k]) for k in [i, *chain]):
                continue
            formula = f" {ops[0]} ".join(_ref(k) for k in chain)
            fit = self._formula_fits(i, formula)
            q = _evaluate(formula, ms, bool(fit and fit[1]))
            if fit is None or q is None:
                continue
            want = ms[i].number.nominal * (1 if fit[1] else ms[i].unit.factor)
            mid = (q.mag.lo + q.mag.hi) / 2
            off = max(mid / want, want / mid) if want > 0 and mid > 0 else math.inf
            # Audited when it holds, or when it is off by more than a binary-vs-decimal scale reading
            # ("400 万个 token（2048 × 2048）" is 2^22, the "4M" of binary prefixes, 5% off) and less than a
            # factor of 4 (beyond that the parenthesis names something else: a square's sides).
            sure = _recomputes(ms[i], formula, ms) or Fraction(11, 10) <= off <= 4
            out.append(self._stated("equation", i, formula, chain, unitless=fit[1], confidence=0.8 if sure else 0.4,
                                    note="the value and its calculation in parentheses",
                                    evidence="the value followed by its calculation in parentheses: "))
        return out

    def versus(self) -> list[Relation]:
        """"2.5 倍（250 vs 100 tokens/s）", "30 ms vs 49 ms for the baseline, a 1.6× speed-up": two values of
        one kind joined by vs / versus / 对比 and the sentence's one multiple, printed within a few words of
        them beside a word of comparison (faster, larger, speed-up, 倍 …): the multiple is the larger value
        over the smaller (0.75)."""
        out = []
        ms = self.ms
        for ids in self.sentences().values():
            multiples = [k for k in ids if ms[k].number.kind == "ratio" and _usable(ms[k])]
            if len(multiples) != 1 or len(ids) > 60:
                continue
            z = multiples[0]
            for a, b in itertools.pairwise(ids):
                if z in (a, b) or not _VERSUS.fullmatch(self._gap(a, b)) or not (_usable(ms[a]) and _usable(ms[b])):
                    continue
                if ms[a].unit.dims != ms[b].unit.dims and ms[a].unit.dims.items and ms[b].unit.dims.items:
                    continue
                between = self.text[ms[z].end:ms[a].start] if z < a else self.text[ms[b].end:ms[z].start]
                near = self.text[max(0, ms[z].start - 12):ms[z].end + 16]
                if len(between) > 40 or not _COMPARING.search(near) or any(
                        ms[k].start >= min(ms[z].end, ms[b].end) and ms[k].end <= max(ms[z].start, ms[a].start)
                        for k in ids if k not in (a, b, z)):
                    continue
                va, vb = self.base(a), self.base(b)
                if va <= 0 or vb <= 0 or va == vb:
                    continue
                formula = f"{_ref(a)} / {_ref(b)}" if va > vb else f"{_ref(b)} / {_ref(a)}"
                fit = self._formula_fits(z, formula)
                if fit is None:
                    continue
                out.append(self._stated("ratio", z, formula, [a, b], unitless=fit[1], confidence=0.75,
                                        note="the multiple is the larger of the two compared values over the smaller",
                                        evidence="two values joined by 'vs' and the sentence's one multiple: "))
        return out

    def changes(self) -> list[Relation]:
        """"from A to B … Z×" (ratio), "… Z% less/more", and parallel efficiency from two changes."""
        out = []
        ms = self.ms
        n = len(ms)
        pairs: list[tuple[int, int]] = []
        for i in range(n - 1):
            before = self.text[max(0, ms[i].start - 16):ms[i].start]
            if "从" not in before and "由" not in before and "from" not in before.lower() \
                    and not _ARROW_CHARS.intersection(self._gap(i, i + 1)):
                continue      # what each pattern below needs (the patterns, on 30,000 mentions of 1 MB, cost more)
            # (an arrow between two values is the change itself, "from" or not: "(7.6 -> 12.5 ms)")
            if _CHANGE_FROM.search(before) or _CHANGE_FROM_ZH.search(before) \
                    or _ARROW.fullmatch(self.text, ms[i].end, ms[i + 1].start):
                same = ms[i].unit.dims == ms[i + 1].unit.dims or not ms[i].unit.canonical
                if _CHANGE_TO.match(self._gap(i, i + 1)) and same and _usable(ms[i]) and _usable(ms[i + 1]):
                    pairs.append((i, i + 1))
        used: set[int] = set()
        for pi, (a, b) in enumerate(pairs):
            s, e = self.statement_span(ms[a].start)      # (joined across a wrapped line, "i.e.")
            # The figure that sums up the change: the next ratio/percent in the same sentence.
            # (a gap in points, "up 8.2 percentage points", between two percentages or two bare scores)
            kinds = ("ratio", "percent", "points") if _same_scale(ms[a], ms[b]) else ("ratio", "percent")
            z = next((k for k in range(b + 1, n) if (ms[k].start < e and ms[k].number.kind in kinds
                      and _usable(ms[k])) or False), None)
            if a and ms[a - 1].start >= s and ms[a - 1].number.kind in kinds and _usable(ms[a - 1]) \
                    and _OPEN_GAP.fullmatch(self.text, ms[a - 1].end, ms[a].start):
                z = a - 1               # "by 15.5% (1,480 → 1,710), and … 1.40× (…)": the figure the pair explains
            if b + 1 < n and ms[b + 1].number.kind == "number" \
                    and (_same_scale(ms[a], ms[b]) or ms[a].unit.canonical == ms[b].unit.canonical) \
                    and _SIGNED_ASIDE.fullmatch(self.text, ms[b].end, ms[b + 1].start) \
                    and re.match(r"[+\-−]", ms[b + 1].printed) and re.match(r"\s*[)）]", self.text[ms[b + 1].end:]) \
                    and _usable(ms[b + 1]) and ms[b + 1].unit.dims == ms[b].unit.dims:
                z = b + 1               # "from 55.2 to 59.6 (+4.6)": the gap, signed, in a parenthesis
            if z is None:
                # "增强了 10.5%, 从 89.3% 提升到了 99.8%": the figure may come first in the sentence
                z = next((k for k in range(a - 1, -1, -1) if ms[k].start >= s and ms[k].number.kind in
                          kinds and _usable(ms[k])), None)
            if z is None or z in used:
                continue
            if z > b and (_OWN_SUBJECT_ZH.search(self.text, ms[b].end, ms[z].start)
                          or _OWN_SUBJECT_EN.search(self.text, ms[b].end, ms[z].start)):
                continue
            # (a figure before the pair: its verb may stand a few words before it, "reduces peak memory by 43% (")
            window = self.text[ms[b].end:ms[z].end + 12] if z > b else self.text[max(s, ms[z].start - 40):ms[a].start]
            va, vb = ms[a].number.nominal, ms[b].number.nominal
            if va == 0 or vb == 0:
                continue
            quote = self.text[s:e].strip()
            # Parallel efficiency: two changes (devices, then time) and an efficiency percentage.
            nxt = pairs[pi + 1] if pi + 1 < len(pairs) else None
            if ms[z].number.kind == "percent" and _EFFICIENCY.search(self.text[s:e]) and nxt \
                    and ms[nxt[1]].start < ms[z].start:
                c, d = nxt
                formula = f"({_ref(a)} * {_ref(c)}) / ({_ref(b)} * {_ref(d)})"
                unitless = not _fits(ms[z], _evaluate(formula, ms))
                if not unitless or _fits(ms[z], _evaluate(formula, ms, True), True):
                    out.append(Relation("change", z, formula, [a, b, c, d], quote=quote, unitless=unitless,
                                        note="parallel efficiency: (n0 × t0) / (n1 × t1)", at=ms[z].start,
                                        evidence="two 'from … to …' changes and an efficiency in one sentence",
                                        confidence=0.7))
                    used.add(z)
                continue
            points = f"({_ref(b)} - {_ref(a)})" if vb > va else f"({_ref(a)} - {_ref(b)})"
            if ms[z].number.kind == "points":
                # "提升了 8.2 个百分点（从 55.1 到 63.3）", "from 55.1% to 63.3%, up 8.2 points": the gap itself
                formula, note = points, "the gap in points between the two values"
            elif z == b + 1 and ms[z].number.kind == "number":
                formula, note = f"{_ref(b)} - {_ref(a)}", "the signed gap from the first value to the second"
            elif ms[z].number.kind == "percent" and ms[a].number.kind == ms[b].number.kind == "percent" \
                    and _recomputes(ms[z], points, ms):
                # from one percentage to another: a change "by Z%" read in percentage points holds
                formula, note = points, "the change in percentage points between the two percentages"
            elif ms[z].number.kind == "ratio" and ms[z].number.nominal < 1:
                # "fell by a third, from $9 to $6", "rose by a half": a fraction of the first value, the change
                formula = f"({_ref(a)} - {_ref(b)}) / {_ref(a)}" if va > vb else f"({_ref(b)} - {_ref(a)}) / {_ref(a)}"
                note = "the change as a fraction of the first value"
            elif ms[z].number.kind == "ratio":
                formula = f"{_ref(a)} / {_ref(b)}" if va > vb else f"{_ref(b)} / {_ref(a)}"
                note = "the ratio of the two values"
                if vb > va and _GREW_BY_ZH.search(self.text, max(0, ms[z].start - 8), ms[z].start) \
                        and not _recomputes(ms[z], formula, ms):
                    # "增长了 1.5 倍，由 1.24 万到 3.1 万": grew by 1.5 times (to 2.5 times), as the standard reads
                    # 增加了 N 倍; the ratio reading is kept where it is the one that holds (loose usage)
                    formula, note = f"{_ref(b)} / {_ref(a)} - 1", "the increase as a multiple of the first value"
            elif ms[z].number.kind == "percent" and z > b and (
                    _OF_ORIGINAL_ZH.search(self.text, max(0, ms[z].start - 12), ms[z].start)
                    or _OF_ORIGINAL_EN.match(self.text, ms[z].end)):
                # "由 15.6 GB 降至 5.4 GB，约为原来的 35%", "… about 35% of the original": the second over the first
                formula, note = f"{_ref(b)} / {_ref(a)}", "the second value as a share of the first"
            elif ms[z].number.kind == "percent" and z == b + 1 and re.match(r"[+\-−]", ms[z].printed) \
                    and _SIGNED_ASIDE.fullmatch(self.text, ms[b].end, ms[z].start) \
                    and (ms[z].printed[0] == "+") == (vb > va):
                # "from 55.2 to 61.6 (+11.6%)": the signed relative change in a parenthesis
                formula = f"({_ref(b)} - {_ref(a)}) / {_ref(a)}"
                note = "the signed relative change from the first value to the second"
            elif _LESS_WORDS.search(window) and va > vb:
                formula = f"({_ref(a)} - {_ref(b)}) / {_ref(a)}"
                note = "the relative reduction from the first value to the second"
            elif _MORE_WORDS.search(window) and vb > va:
                formula = f"({_ref(b)} - {_ref(a)}) / {_ref(a)}"
                note = "the relative increase from the first value to the second"
            else:
                continue
            # (bare scores differ in points, not in hundreds of percentage points: magnitudes compare)
            unitless = (ms[z].number.kind == "points" and ms[a].number.kind == "number") \
                or not _fits(ms[z], _evaluate(formula, ms))
            if not unitless or _fits(ms[z], _evaluate(formula, ms, True), True):
                rel = Relation("change", z, formula, [a, b], quote=quote, note=note, at=ms[z].start,
                               unitless=unitless, confidence=0.8,
                               evidence=f"'from {ms[a].printed} to {ms[b].printed}' and {ms[z].printed} "
                                        "in one sentence")
                if unitless and ms[z].number.kind == "points" and ms[z].printed_number:
                    # the gap as the bare number it is ("5.5"): "5.5pp" would read as 0.055
                    q = ms[z].number.qualifier
                    rel.value = f"{q} {ms[z].printed_number}" if q else ms[z].printed_number
                out.append(rel)
                used.add(z)
                if ms[z].number.kind == "points":
                    out += self._relative_too(a, b, z, e, quote, used)
        return out

    def _relative_too(self, a: int, b: int, z: int, e: int, quote: str, used: set[int]) -> list[Relation]:
        """After a gap in points, the same change stated relative ("从 21.6% 降至 15.4%，下降 6.2 个百分点，相对下降
        28.7%", "… down 6.2 points, a 28.7% relative drop"): the next percentage of the sentence that the word
        "relative" names, the gap over the first value (0.8)."""
        ms = self.ms
        k = z + 1
        if k >= len(ms) or ms[k].start >= e or ms[k].number.kind != "percent" or not _usable(ms[k]) or k in used:
            return []
        if not (RELATIVE_BEFORE.search(self.text, max(ms[z].end, ms[k].start - 16), ms[k].start)
                or RELATIVE_AFTER.match(self.text, ms[k].end)):
            return []
        va, vb = ms[a].number.nominal, ms[b].number.nominal
        formula = f"({_ref(a)} - {_ref(b)}) / {_ref(a)}" if va > vb else f"({_ref(b)} - {_ref(a)}) / {_ref(a)}"
        if not _fits(ms[k], _evaluate(formula, ms)):
            return []
        used.add(k)
        return [Relation("change", k, formula, [a, b], quote=quote, at=ms[k].start, confidence=0.8,
                         note="the relative change from the first value to the second",
                         evidence=f"'from {ms[a].printed} to {ms[b].printed}', its gap {ms[z].printed} and "
                                  f"{ms[k].printed} named relative in one sentence")]

    def rates(self) -> list[Relation]:
        """A rate (unit with a per) printed in the same sentence as one numerator and one denominator."""
        out = []
        ms = self.ms
        # Only the sentences of rates can hold one: their mentions are those starting inside the span
        # (a mention's sentence holds its start) whose own sentence it is; taken in the order of their
        # first mention, as when every mention of the document is grouped by its sentence.
        spans = {self.doc.sentence_span(m.start) for m in ms if "/" in m.unit.canonical and _usable(m)}
        groups = [[k for k in self._within(s, e) if self.doc.sentence_span(ms[k].start) == (s, e)] for s, e in spans]
        for ids in sorted(groups, key=lambda ids: ids[0]):
            if len(ids) < 3:
                continue
            # The numerators and denominators: usable values with a dimension (not the rate), their pairs
            # grouped by the quotient of their units once a sentence.
            quotients = UnitQuotients(ms, [a for a in ids if not ms[a].unit.dims.dimensionless and _usable(ms[a])])
            for r in ids:
                rm = ms[r]
                if "/" not in rm.unit.canonical or not _usable(rm):
                    continue
                found = quotients.pairs(rm.unit.dims, r)
                if len(found) == 1:
                    a, b = found[0]
                    formula = f"{_ref(a)} / {_ref(b)}"
                    want, got = self.base(r), self.base(b) and self.base(a) / self.base(b)
                    if want <= 0 or got <= 0 or not Fraction(1, 50) <= got / want <= 50:
                        continue    # "$3,143 at $14 per hour" beside "4.5 s per box": another pairing, not a slip
                    if _fits(rm, _evaluate(formula, ms)):
                        s, e = self.doc.sentence_span(rm.start)
                        rel: Relation | None = Relation(
                            "rate", r, formula, [a, b], quote=self.text[s:e].strip(),
                            note="the rate is the total over what it is per", at=rm.start,
                            evidence="a rate and the only numerator and denominator of its units in one sentence",
                            confidence=0.7)
                        if _approximate_input(ms, r, [a, b]):
                            rel = _solved_for_approximate(ms, rel)      # type: ignore[arg-type]
                        elif max(ms[a].start, ms[b].start) > rm.start and rm.number.relation != "~" \
                                and _RESULT_WORD.search(self.text, max(0, max(ms[a].start, ms[b].start) - 24),
                                                        max(ms[a].start, ms[b].start)):
                            # "At 38 MB/s, the 1,800 MB set takes 47 s": the value printed last, after a word of
                            # result, is the result ("20 tokens/s per GPU: 1,000 tokens/s on 40 GPUs" explains
                            # the rate)
                            last = a if ms[a].start > ms[b].start else b
                            rel = _solved_for(ms, rel, last, "printed last")      # type: ignore[arg-type]
                            if rel is not None and _whole(ms[last]):
                                rel.rounding = "digits"     # (47 s for 47.4: a whole number rounded, not exact)
                        if rel is not None:
                            out.append(rel)
        return out

    def sentence_products(self, found: list[Relation]) -> list[Relation]:
        """A value whose unit is the product of the units of exactly one pair of other values in its
        sentence ("2048 GPUs for 3.7 days, i.e. 180K GPU hours"; "2.788M GPU hours at $2 per GPU hour,
        $5.576M"), else of one pair with one value in the sentence before, else of exactly one triple in
        its sentence (a rate × a count × a time): it is their product — audited (0.7) when it holds
        within 10%, else a suggestion."""
        out = []
        ms = self.ms
        stated = {r.target for r in found}
        rated: dict[int, list[set[int | None]]] = {}    # each value -> the value sets of the rates it is in
        for r in found:
            if r.kind == "rate":
                values = {r.target, *r.parts}
                for k in r.parts:
                    rated.setdefault(k, []).append(values)
        spans = list(self.sentences())
        usable = {span: [i for i in every if _usable(m := ms[i]) and m.unit.dims.items and m.number.kind == "number"]
                  for span, every in self.sentences().items()}
        for j, span in enumerate(spans):
            ids = usable[span]
            # "Training took 1.2M GPU hours. At $2 per GPU hour, the cost is $2.4M.": one factor may be in
            # the sentence before, in the same paragraph, when the pair is still the only one
            prev = usable[spans[j - 1]] if j and "\n\n" not in self.text[spans[j - 1][1]:span[0]] else []
            if len(ids) > 60:           # a run of numbers, not a sentence stating a product: bounded time
                continue
            products = UnitProducts(ms, ids, prev)     # each pair's units multiplied once, not once a value
            for t in ids:
                if t in stated:
                    continue
                dims = ms[t].unit.dims
                factors: list[tuple[int, ...]] = list(products.pairs(dims, t) or products.cross(dims, t))
                if not factors and len(ids) - 1 <= 12:
                    # "3,000 tokens per second per GPU on 512 GPUs for 30 days, about 4T tokens": a rate, a
                    # count and a time, when no pair composes and exactly one triple does
                    factors = list(products.triples(dims, t))
                one = "only"
                if len(factors) > 1:
                    # "512 GPUs (64 nodes with 8 GPUs each) for 21 days, i.e. 258,048 GPU-hours": of several
                    # pairs whose units compose, the one whose product is the value within 1% (and no other)
                    want = self.base(t)
                    factors = [f for f in factors
                               if want > 0 and abs(products.value(f, self.base) - want) <= want / 100]
                    one = "one"
                if len(factors) != 1:
                    continue
                parts = list(factors[0])
                if any({t, *parts} <= values for values in rated.get(t, ())):
                    continue    # "2M tokens per step, 500B tokens in all": the rate read over the same values
                formula = " * ".join(_ref(k) for k in parts)
                q = _evaluate(formula, ms)
                if not _fits(ms[t], q) or q is None:
                    continue
                want = self.base(t)
                # the product of the values as printed (not the interval's end: "$2" alone spans 1.5–2.5)
                got = math.prod(self.base(k) for k in parts)
                near = want > 0 and abs(got - want) <= want / 10
                if not near and one == "only" and parts[0] in ids and want > 0 and got > 0:
                    # the sentence's only values whose units compose, in the sentence itself ("1,024 GPUs for
                    # 30 days, a total of about 370,000 GPU-hours"): a product off by up to 2.5× is the
                    # document's error (a day of 12 hours, a halved count), not another pairing
                    near = Fraction(2, 5) <= got / want <= Fraction(5, 2)
                where = "sentence" if parts[0] in ids else "sentence and the one before it"
                what = "pair of values" if len(parts) == 2 else "three values"
                rel: Relation | None = self._stated(
                    "product", t, formula, parts, confidence=0.7 if near else 0.4,
                    note=f"{ms[t].printed} is " + " × ".join(ms[k].printed for k in parts),
                    evidence=f"the {one} {what} in the {where} whose units multiply to its unit"
                             + (" and whose product is it within 1%" if one == "one" else "") + ": ")
                if _approximate_input(ms, t, parts):
                    rel = _solved_for_approximate(ms, rel)      # type: ignore[arg-type]
                if rel is not None:
                    out.append(rel)
        return _one_a_target(out)

    # -- "T（N 个 query，每个 … M）": a total and its two factors -----------------------------------------
    def products(self) -> list[Relation]:
        out = []
        ms = self.ms
        for i in range(len(ms) - 2):
            t, a, b = ms[i], ms[i + 1], ms[i + 2]
            gap1 = self.text[t.end:a.start]
            gap2 = self.text[a.end:b.start]
            if not gap1.rstrip().endswith(("(", "（")) or not _BEFORE_FACTORS.fullmatch(gap1):   # (its end first)
                continue
            if not re.fullmatch(r"[^\n（(）)。]{0,30}?(?:每个|每|each|per)[^\n（(）)。]{0,20}", gap2, re.I) \
                    or not re.match(r"[^\n（(]{0,12}[）)]", self.text[b.end:b.end + 14]):
                continue
            if not all(_usable(m) for m in (t, a, b)):
                continue
            formula = f"{_ref(i + 1)} * {_ref(i + 2)}"
            fit = self._formula_fits(i, formula)
            if fit is None:
                continue
            s, e = self.doc.sentence_span(t.start)
            out.append(Relation("product", i, formula, [i + 1, i + 2], quote=self.text[s:e].strip(),
                                note="the total is the count times what each one has", unitless=fit[1], at=t.start,
                                evidence=f"the words {self.text[t.start:b.end + 1].strip()[:120]!r}",
                                confidence=0.8))
        return out

    def written_sums(self) -> list[Relation]:
        """"T（其中 A …，B …）" / "T (of which A … and B …)": the parts listed after the total add up to it."""
        out = []
        ms = self.ms
        for i, t in enumerate(ms):
            mo = _SUM_OPEN.match(self.text, t.end) if not _PARENS_OPEN.isdisjoint(self.text[t.end:t.end + 13]) else None
            if mo is None or not _usable(t):
                continue
            close = re.compile(r"[)）]").search(self.text, mo.end(), mo.end() + 200)
            if close is None:
                continue
            parts = [k for k in range(i + 1, len(ms)) if mo.end() <= ms[k].start < close.start()]
            parts = [k for k in parts if ms[k].unit.dims == t.unit.dims and _usable(ms[k])]
            if len(parts) < 2:
                continue
            formula = _placeholder_formula(parts, "+")
            fit = self._formula_fits(i, formula)
            if fit is None:
                continue
            s, e = self.doc.sentence_span(t.start)
            out.append(Relation("written-sum", i, formula, parts, quote=self.text[s:e].strip(),
                                note="the parts listed after the total add up to it", unitless=fit[1], at=t.start,
                                evidence=f"the words {self.text[t.start:close.end()].strip()[:120]!r}",
                                confidence=0.8))
        return out


    # -- "Group (T%): a (x%), b (y%), …": a group's share and the shares of what it lists -------------
    def group_shares(self) -> list[Relation]:
        """A percentage followed by a colon and a list of percentages on its line is the group's share,
        the list its members' shares: T = x + y + …. Audited when the members add up to within 10%
        of T (a list that is meant as the group's parts), else only suggested ("Accuracy 85%: recall
        80%, precision 70%" lists measures, not parts)."""
        out = []
        ms = self.ms
        for i, t in enumerate(ms):
            if t.number.kind != "percent" or t.cell is not None or not _usable(t):
                continue
            colon = _GROUP_COLON.match(self.text, t.end)
            if colon is None:
                continue
            eol = self.text.find("\n", colon.end())
            eol = len(self.text) if eol < 0 else eol
            after = [k for k in self._within(t.end, eol) if k > i]
            if len(after) < 2 or any(ms[k].number.kind != "percent" or not _usable(ms[k]) for k in after):
                continue
            if any(ms[k].number.nominal > t.number.nominal for k in after):
                continue
            total = sum(ms[k].number.nominal for k in after)
            close = abs(total - t.number.nominal) <= t.number.nominal / 10
            name = self.text[self.text.rfind("\n", 0, t.start) + 1:t.start].strip(" *-•([（")
            out.append(Relation("shares", i, _placeholder_formula(after, "+"), after,
                                quote=self.doc.line_text(t.start).strip(),
                                note=f"the share of {name[:40]!r} is the sum of the {len(after)} shares after it",
                                at=t.start, confidence=0.8 if close else 0.4,
                                evidence=f"{t.printed!r} before a colon and {len(after)} percentages listed after it "
                                         f"(they sum to {float(total):g}%)"))
        return out

    # -- "416 GPUs (52 nodes)" with "8 GPUs per node"; "384 GPUs (48 nodes of 8)" -----------------------
    def per_unit_counts(self) -> list[Relation]:
        """A count with its count in a larger unit in parentheses ("416 GPUs (52 nodes)") is that count
        times the document's one rate between the two units ("8 GPUs per node", within the section);
        "(48 nodes of 8)" states the factor itself."""
        out = []
        ms = self.ms
        for i in range(len(ms) - 1):
            x, y = ms[i], ms[i + 1]
            if not (_usable(x) and _usable(y)) or x.cell is not None or not x.unit.canonical \
                    or not y.unit.canonical or x.unit.dims == y.unit.dims \
                    or x.number.kind != "number" or y.number.kind != "number":
                continue        # (a count in another unit: "570 ms（69.5%）" is a change and its percentage)
            if not _OPEN_GAP.fullmatch(self._gap(i, i + 1)):
                continue
            of = re.match(r"\s*(?:of|with|[x×])\s*$", self.text[y.end:ms[i + 2].start]) if i + 2 < len(ms) else None
            if of and re.match(r"\s*(?:each\s*|apiece\s*)?[)）]", self.text[ms[i + 2].end:ms[i + 2].end + 9]) \
                    and _usable(ms[i + 2]) \
                    and ms[i + 2].unit.dims in (x.unit.dims, type(x.unit.dims)()):
                k = i + 2
                how = f"the words {self.text[x.start:ms[k].end + 1]!r}"
            elif re.match(r"\s*[)）]", self.text[y.end:y.end + 3]):
                rates = [k for k in self._section_mentions(x.start) if k not in (i, i + 1) and _usable(ms[k])
                         and ms[k].cell is None
                         and ms[k].unit.dims.items and ms[k].unit.dims == x.unit.dims / y.unit.dims]
                if len({ms[k].number.nominal for k in rates}) != 1:
                    continue
                k = min(rates, key=lambda r: abs(ms[r].start - x.start))
                how = f"{self.text[x.start:y.end + 1]!r} and {ms[k].printed!r} (line {ms[k].line})"
            else:
                continue
            formula = f"{_ref(i + 1)} * {_ref(k)}"
            fit = self._formula_fits(i, formula)
            if fit is None:
                continue
            out.append(Relation("product", i, formula, [i + 1, k], quote=self.doc.sentence(x.start),
                                note=f"{x.printed} is {y.printed} times {ms[k].printed}", unitless=fit[1],
                                at=x.start, evidence=how, confidence=0.75))
        return out

    def _section_mentions(self, offset: int) -> list[int]:
        """Mentions under the same heading as ``offset`` (grouped once)."""
        if self._heads is None:
            self._heads = {}
            for k, m in enumerate(self.ms):
                self._heads.setdefault(self.doc.heading_at(m.start), []).append(k)
        return self._heads.get(self.doc.heading_at(offset), [])

    # -- "A ran X1 and X2, B respectively Y1 and Y2: up to Z×" ----------------------------------------
    def respectively(self) -> list[Relation]:
        """Two values, then "respectively" (分别) and two more of the same kind, and an "up to Z×"
        (高达 Z 倍): Z is the larger of the two ratios Y1/X1, Y2/X2."""
        out = []
        ms = self.ms
        for mo in _RESPECTIVELY.finditer(self.text) if may_print(self.text, ("respectively", "分别")) else ():
            s, e = self.doc.sentence_span(mo.start())
            idx = [k for k in self._within(s, e) if ms[k].cell is None]
            before = [k for k in idx if ms[k].end <= mo.start()]
            after = [k for k in idx if ms[k].start >= mo.end()]
            z = next((k for k in after if ms[k].number.kind == "ratio" and _UP_TO.search(ms[k].qualifier or "")), None)
            if z is None:
                continue
            ys = [k for k in after if k < z]
            if not ys:
                # English puts the word after its pair: "… fits 8B and 60B respectively, up to 6×"
                ys, before = before[-2:], before[:-2]
            if len(ys) != 2:
                continue
            xs = [k for k in before if ms[k].unit.dims == ms[ys[0]].unit.dims][-2:]
            if len(xs) != 2:
                continue
            if not all(_usable(ms[k]) and ms[k].number.nominal > 0 for k in xs + ys) \
                    or ms[ys[0]].number.nominal <= ms[xs[0]].number.nominal:
                continue
            formula = f"max({_ref(ys[0])} / {_ref(xs[0])}, {_ref(ys[1])} / {_ref(xs[1])})"
            # "up to Z×" names the largest ratio: Z itself is checked, not only a bound
            out.append(Relation("ratio", z, formula, [ys[0], xs[0], ys[1], xs[1]], quote=self.text[s:e].strip(),
                                value=f"{ms[z].printed_number}×",
                                note="'up to' is the larger of the two ratios the sentence pairs 'respectively'",
                                at=ms[z].start, unitless=True, confidence=0.75,
                                evidence=f"{ms[xs[0]].printed!r}, {ms[xs[1]].printed!r}, then {mo.group(0)!r} "
                                         f"{ms[ys[0]].printed!r} and {ms[ys[1]].printed!r}, and {ms[z].printed!r}"))
        return out


    # -- "GDP 5,862.4 亿元。其中，第一产业 234.5 亿元，第二产业 2,180.7 亿元，…": the parts in the next sentence
    def parts_next_sentence(self, found: list[Relation]) -> list[Relation]:
        """A sentence opening with 其中 ("of which") lists parts of the previous sentence's one value of
        their unit: that value is their sum. 其中 may list only some parts, so the sum is audited only
        when it reaches the total (0.75; parts adding to more than their whole are wrong, listed in full
        or not), else left out."""
        out: list[Relation] = []
        ms, text = self.ms, self.text
        if "其中" not in text:
            return out
        stated = {r.target for r in found}
        spans = sorted(self.sentences().items())
        for (prev_span, prev), ((s, _e), idx) in itertools.pairwise(spans):
            if not _OPENS_WITH_OF_WHICH.match(text, s) or len(idx) < 2 or len(prev) > 12:
                continue
            parts = [k for k in idx if _usable(ms[k]) and ms[k].number.kind == "number" and ms[k].unit.dims.items]
            if len(parts) < 2 or len({ms[k].unit.dims for k in parts}) != 1 \
                    or len(parts) != len([k for k in idx if ms[k].number.kind == "number"]):
                continue
            whole = [k for k in prev if _usable(ms[k]) and ms[k].unit.dims == ms[parts[0]].unit.dims
                     and ms[k].number.kind == "number"]
            if len(whole) != 1 or whole[0] in stated:
                continue
            t = whole[0]
            total, want = sum(self.base(k) for k in parts), self.base(t)
            if want <= 0 or any(self.base(k) >= want for k in parts) or total < want * 99 / 100:
                continue
            formula = _placeholder_formula(parts, "+")
            fit = self._formula_fits(t, formula)
            if fit is None:
                continue
            out.append(Relation("written-sum", t, formula, parts, quote=text[prev_span[0]:_e].strip(),
                                unitless=fit[1], at=ms[t].start, confidence=0.75,
                                note=f"the {len(parts)} values the next sentence lists after 其中 add up to "
                                     f"{ms[t].printed}",
                                evidence=f"{ms[t].printed!r}, then a sentence opening with 其中 listing "
                                         + ", ".join(repr(ms[k].printed) for k in parts)))
        return out

    # -- "In total 1.35 亿 tokens. … 6750 万 query tokens and 6750 万 answer tokens": a total, then its parts
    def sentence_sums(self) -> list[Relation]:
        """A value after a total word (总共, 共计, in total, a total of) and, in the same or the next
        sentence, two or more values of its kind joined by 和 / and (outside parentheses): the total
        is their sum. Audited when they add up to within 10% of the total, else a suggestion."""
        out: list[Relation] = []
        ms = self.ms
        totals, breakdowns = may_print(self.text, _TOTAL_WORDS), may_print(self.text, _BREAKDOWN_WORDS)
        if not totals and not breakdowns:
            return out
        for i, t in enumerate(ms):
            if t.cell is not None or not _usable(t):
                continue
            counted = False
            word = _TOTAL_BEFORE.search(self.text, max(0, t.start - 12), t.start) if totals else None
            if word is None:
                # "1.46 million vehicles in the year: 1.12 million in China, …", "reached 18,450, comprising
                # 11,200 engineers, …": the parts listed right after the total, in its sentence
                word = _BREAKDOWN_AFTER.match(self.text, t.end) if breakdowns else None
                if word is None:
                    continue
                s, e = self.doc.sentence_span(t.start)
                chain, e2 = self._and_chain(i, e), e
                if not chain or ms[chain[0]].start > word.end() + 2:
                    continue
            else:
                s, e = self.doc.sentence_span(t.start)
                _s2, e2 = self.doc.sentence_span(e + 1) if e < len(self.text) else (s, e)
                chain = self._and_chain(i, e2)
            if len(chain) < 2 and word.start() < t.start:
                # "$1.2 billion, $0.8 billion and $0.5 billion, for a total of $2.5 billion", "12 亿元、8 亿元和
                # 5 亿元，合计 25 亿元": the parts listed right before the total word, in its sentence
                chain, e2 = self._chain_before(i, s, word.start()), e
                if len(chain) < 2:
                    # "精确去重删除 5.1 亿篇；模糊去重删除 7.6 亿篇；两步合计删除 12.7 亿篇": the words count the parts
                    chain = self._counted_parts(i, word.start())
                    s, counted = (ms[chain[0]].start, True) if chain else (s, False)
            if len(chain) < 2:
                continue
            joined = "the values its count word names" if counted else "joined by 'and'"
            total = sum(self.base(k) for k in chain)
            want = t.number.nominal * t.unit.factor
            if want <= 0 or any(self.base(k) >= want for k in chain):
                continue
            if _PARTIAL_LIST.search(word.group(0)) and total < want * 99 / 100:
                continue        # "includes $550 billion and …": some of the parts, the sum short of the total
            fit = self._formula_fits(i, _placeholder_formula(chain, "+"))
            if fit is None:
                continue
            close = abs(total - want) <= want / 10
            out.append(Relation("written-sum", i, _placeholder_formula(chain, "+"), chain,
                                quote=self.text[s:e2].strip(), unitless=fit[1], at=t.start,
                                note=f"the total {t.printed} is the sum of the {len(chain)} values joined by 'and'",
                                confidence=0.75 if close else 0.4,
                                evidence=f"{word.group(0).strip()!r} {'before' if word.start() < t.start else 'after'} "
                                         f"{t.printed!r}; "
                                         + " and ".join(repr(ms[k].printed) for k in chain) + f" {joined}"))
        return out

    def _counted_parts(self, i: int, word_start: int) -> list[int]:
        """The parts a total word's count names ("两步合计", "三项合计", "the two steps together", "both"): the
        last N values of the total's kind before it in its section (200 characters at most), none of them
        in a table."""
        ms, text = self.ms, self.text
        got = _COUNTED_TOTAL.search(text, max(0, word_start - 16), word_start)
        if got is None:
            return []
        count = _COUNT_WORDS.get((got.group("zh") or got.group("en") or "").lower())
        if count is None:
            return []
        # (list items are paragraphs of their own: the parts are in the 200 characters before, in its section)
        lo, heading = ms[i].start - 200, self.doc.heading_at(ms[i].start)
        kin = [k for k in range(i - 1, -1, -1) if ms[k].start >= lo and self.doc.heading_at(ms[k].start) == heading]
        kin = kin[::-1]
        kin = [k for k in kin if ms[k].unit.dims == ms[i].unit.dims and ms[k].number.kind == ms[i].number.kind
               and ms[k].cell is None and _usable(ms[k])]
        if not ms[i].unit.dims.items:
            # bare counts count one thing: "5.1 亿篇 … 7.6 亿篇 … 合计删除 12.7 亿篇" (not "128 个哈希" between)
            zh = bool(CJK.search(text, ms[i].start, ms[i].end + 2))
            noun = nouns_of(text, ms[i], zh)
            kin = [k for k in kin if noun and any_same(nouns_of(text, ms[k], zh), noun[:1], zh)]
        return kin[-count:] if len(kin) >= count else []

    def sentence_means(self, found: list[Relation]) -> list[Relation]:
        """A value after an average word ("an average of 59.9", "averaging 59.9", "平均为 59.9") right after
        a list of values of its kind ("61.2, 58.4 and 60.1, an average of 59.9"), or the value after "is" /
        为 following "the mean (average) of" and its list: the mean of the list. The list is every value of
        that kind the sentence prints but the mean. Audited (0.75) within 10%, else a suggestion."""
        out: list[Relation] = []
        ms = self.ms
        if not may_print(self.text, _MEAN_WORDS):
            return out
        stated = {r.target for r in found}
        for (s, e), idx in self.sentences().items():
            if len(idx) < 3 or len(idx) > 40 or not any(w in self.text[s:e].lower() for w in _MEAN_WORDS):
                continue
            for n, t in enumerate(idx):
                m = ms[t]
                if t in stated or not _usable(m) or n < 2:
                    continue
                word = _MEAN_BEFORE.search(self.text, max(s, m.start - 24), m.start)
                chain = self._chain_before(t, s, word.start()) if word is not None else []
                if len(chain) < 2:
                    # "the mean of 61.2, 58.4 and 60.1 is 59.9": the list after the word, the mean after is / 为
                    is_word = _IS_BEFORE.search(self.text, max(s, m.start - 8), m.start)
                    if is_word is None:
                        continue
                    chain = self._chain_before(t, s, is_word.start())
                    if len(chain) < 2 or not _MEAN_OF.search(self.text, max(s, ms[chain[0]].start - 24),
                                                             ms[chain[0]].start):
                        continue
                # every other value of the kind (a count in words, "the three runs", "三次", is no value listed)
                kin = [k for k in idx if k != t and ms[k].unit.dims == m.unit.dims
                       and ms[k].number.kind == m.number.kind and ms[k].kind == "digits"]
                if kin != chain:
                    continue        # other values of the kind in the sentence: which are averaged is not said
                formula = "(" + _placeholder_formula(chain, "+") + f") / {len(chain)}"
                fit = self._formula_fits(t, formula)
                if fit is None:
                    continue
                mean = sum((self.base(k) for k in chain), Fraction(0)) / len(chain)
                want = self.base(t)
                close = want != 0 and abs(mean - want) <= abs(want) / 10
                out.append(self._stated("average", t, formula, chain, unitless=fit[1],
                                        confidence=0.75 if close else 0.4,
                                        note=f"{m.printed} is the mean of the {len(chain)} values listed",
                                        evidence="an average word before the value and the list of every other "
                                                 "value of its kind in the sentence: "))
        return out

    def _chain_before(self, i: int, start: int, word_at: int) -> list[int]:
        """The values of mention ``i``'s kind listed right before its total word (from ``start``, the
        sentence's), joined by commas, 、 and a last and / 和; none may stand between the list and the word."""
        ms, t = self.ms, self.ms[i]
        before = [k for k in self._within(start, t.start) if k < i]
        if not before or word_at - ms[before[-1]].end > 32 or not _LIST_THEN_TOTAL.fullmatch(
                _NAMES_WITH_DIGITS.sub("x", self.text[ms[before[-1]].end:word_at])):
            return []
        chain: list[int] = []
        for k in reversed(before):
            m = ms[k]
            if not (m.unit.dims == t.unit.dims and m.number.kind == t.number.kind and _usable(m)):
                break
            if chain and not _LISTED.fullmatch(_NAMES_WITH_DIGITS.sub("x", self.text[m.end:ms[chain[-1]].start])):
                break           # ("58.4 on GSM8K and": a name with digits between two items is a word)
            chain.append(k)
        chain.reverse()
        # a list ends in and / 和 ("A, B and C"): else the values may be a series of another kind
        if len(chain) >= 2 and _AND.search(self.text, ms[chain[-2]].end, ms[chain[-1]].start):
            return chain
        return []

    def _and_chain(self, i: int, end: int) -> list[int]:
        """The values after mention ``i`` (up to ``end``) of its kind, outside parentheses, that follow
        one another joined by 和 / and / as well as (each may carry a parenthesised note)."""
        ms, t = self.ms, self.ms[i]
        top = [k for k in self._within(ms[i].end, end) if k > i and not self._in_parens(ms[k].start, ms[i].end)]
        chain: list[int] = []
        closed = False      # a comma joins items only in a list closed by and / 和 ("A, B and C")
        for k in top:
            m = ms[k]
            same = m.unit.dims == t.unit.dims and m.number.kind == t.number.kind and _usable(m)
            if not chain:
                if same:
                    chain, closed = [k], False
                continue
            gap = re.sub(r"[（(][^()（）]*[)）]", "", self.text[ms[chain[-1]].end:m.start])
            joined = _AND.search(_NAMES_WITH_DIGITS.sub("x", gap)) is not None
            if same and (joined or "、" in gap or (not closed and _COMMA.search(gap))) and len(gap) <= 30:
                chain.append(k)
                closed = closed or joined
            elif len(chain) >= 2:
                break
            else:
                chain, closed = ([k] if same else []), False
        if chain and not closed and not any("、" in self.text[ms[a].end:ms[b].start]
                                            for a, b in itertools.pairwise(chain)):
            # commas alone ("A, B, C"): a series, not the parts of a total
            return chain[:1]
        if closed and not _AND.search(_NAMES_WITH_DIGITS.sub("x", self.text[ms[chain[-2]].end:ms[chain[-1]].start])):
            k = max(n for n in range(1, len(chain)) if _AND.search(self.text[ms[chain[n - 1]].end:ms[chain[n]].start]))
            chain = chain[:k + 1]       # the list ends at its and; a comma after it starts something else
        return chain

    # -- "76894 (`9_765_625/127`)": a value with its calculation in code beside it ---------------------
    def code_calculations(self) -> list[Relation]:
        """A value followed by a parenthesised inline-code calculation on literal whole numbers
        ("127 (`(2048-16)/16`) intervals", "48 GPUs (`TP*PP=4*12`)"): the value is that calculation,
        rounded, or truncated when only the truncated reading gives the whole number printed."""
        out: list[Relation] = []
        raw = self.doc.unblanked
        if raw is None:
            return out
        for i, m in enumerate(self.ms):
            # parentheses whose whole content was blanked as code
            mo = _CODE_CALC.match(self.text, m.end)
            if mo is None or m.cell is not None or not _usable(m):
                continue
            code = raw[mo.start(1):mo.end(1)]
            expr = _literal_calculation(code.rsplit("=", 1)[-1])
            exact = _evaluate(expr, self.ms, True) if expr else None
            if expr is None or exact is None:
                continue
            v, lo, hi = m.number.nominal, exact.mag.lo, exact.mag.hi
            truncated = v.denominator == 1 and lo == hi and lo.denominator != 1 and int(lo) == v \
                and abs(lo - v) >= m.number.step / 2
            formula = f"floor({expr})" if truncated else expr
            out.append(Relation("equation", i, formula, [], quote=self.doc.sentence(m.start),
                                note="the calculation printed in code beside the value"
                                     + (" (truncated to a whole number)" if truncated else ""),
                                unitless=True, at=m.start, confidence=0.8,
                                evidence=f"{m.printed!r} followed by the code {code.strip()!r}"))
        return out

    def code_equations(self) -> list[Relation]:
        """A calculation on literal numbers in code, then "=>" / "=" / "→" and a number in code
        ("`250880*14336` => `3_596_615_680`"): the number is the calculation. Both sides must be
        code (blanked in the prose) so that no prose arithmetic is read twice."""
        out: list[Relation] = []
        raw = self.doc.unblanked
        if raw is None:
            return out
        for mo in _CODE_EQUATION.finditer(raw):
            a, b = mo.span(1), mo.span(2)
            if self.text[a[0]:a[1]].strip() or self.text[b[0]:b[1]].strip():
                continue
            if _MORE_BEFORE.search(raw, max(0, a[0] - 8), a[0]):
                continue        # "2,664,000 / 2048 = …": the calculation starts before ("000 / 2048" is its tail)
            expr = _literal_calculation(mo.group(1))
            if expr is None or _evaluate(expr, self.ms, True) is None:
                continue
            lo, hi = raw.rfind("\n", 0, a[0]) + 1, raw.find("\n", a[0])
            quote = raw[lo:hi if hi >= 0 else len(raw)].strip()      # the line with its code, as written
            out.append(Relation("equation", None, expr, [], value=mo.group(2), quote=quote,
                                note="the calculation the document writes out in code", unitless=True, at=a[0],
                                confidence=0.8, evidence=f"the code {mo.group(0).strip()[:120]!r}"))
        return out


    # -- code that prints a result with a unit, its inputs given with units in the sentence before ---
    def code_outputs(self) -> list[Relation]:
        """A code line computing a product or quotient of literals, and the next code line printing a
        number with a unit ("4805*15/3660" then "19.69h"), after a sentence that gives those literals
        with units ("4805 steps, with 15 sec/step"): the bare literals left over are a unit conversion
        (seconds to hours). Drafted only when they are within 5% of the conversion the units imply,
        and checked with the registry's conversion, so a wrong constant (3660 s/h) is the finding."""
        out: list[Relation] = []
        raw = self.doc.unblanked
        if raw is None:
            return out
        lines = raw.split("\n")
        starts = [0]
        for ln in lines:
            starts.append(starts[-1] + len(ln) + 1)
        for n in range(len(lines) - 1):
            a, b = starts[n], starts[n + 1]
            if self.text[a:b].strip() or not lines[n].strip():
                continue          # prose, or an empty line: only code lines are read here
            expr = _PRODUCT_LITERALS.search(lines[n])
            shown = _PRINTED_RESULT.fullmatch(lines[n + 1])
            if expr is None or shown is None or self.text[b:starts[n + 2] - 1].strip():
                continue
            rel = self._code_output(a + expr.start(), expr.group(0), shown.group(1), shown.group(2))
            if rel is not None:
                out.append(rel)
        return out

    def _code_output(self, at: int, expr: str, number: str, unit_text: str) -> Relation | None:
        from .mentions import unit_or_none

        ms = self.ms
        unit = unit_or_none(unit_text)
        before = self.text[:at].rstrip()       # the prose before the code (its fence line is blanked)
        if unit is None or not unit.dims.items or not before:
            return None
        s, e = self.doc.sentence_span(len(before) - 1)
        near = {ms[k].number.nominal: k for k in self._within(s, e) if _usable(ms[k]) and ms[k].unit.dims.items}
        ops = re.findall(r"([*/]?)\s*([\d_]+(?:\.\d+)?)", expr)
        used: list[int] = []
        dropped = Fraction(1)
        names: dict[str, str] = {}
        for op, lit in ops:
            v = Fraction(lit.replace("_", ""))
            k = near.get(v)
            if k is not None and op != "/":
                used.append(k)
                names[f"x{len(names) + 1}"] = ms[k].value
            else:
                dropped = dropped / v if op == "/" else dropped * v
        if len(used) < 2 or dropped == 1:
            return None
        q = _evaluate(" * ".join(_ref(k) for k in used), ms)
        if q is None or q.dims != unit.dims:
            return None
        nominal = Fraction(1)
        for k in used:
            nominal *= ms[k].number.nominal
        conversion = q.mag.lo / (nominal * unit.factor)      # what the units say the leftover should be
        if conversion <= 0 or abs(dropped / conversion - 1) > Fraction(5, 100):
            return None
        line_no = self.doc.position(at)[0]
        return Relation("equation", None, " * ".join(names), [], value=f"{number} {unit_text}",
                        quote=f"{expr.strip()} -> {number}{unit_text}", at=at, confidence=0.7, given=names,
                        note=f"the printed {number}{unit_text} recomputed from "
                             + " and ".join(repr(ms[k].printed) for k in used)
                             + " with the units' own conversion (the code's constant is read as one)",
                        evidence=f"the code {expr.strip()!r} prints {number}{unit_text!r} (line {line_no + 1}); "
                                 + ", ".join(repr(ms[k].printed) for k in used) + " in the sentence before")

def _literal_calculation(code: str) -> str | None:
    """``code`` as a formula when it is arithmetic on whole-number literals ("9_765_625/127"), else None."""
    # thousands commas ("2,664,000 / 2048") are digits; any other comma is no arithmetic (a tuple, a list)
    expr = _THOUSANDS_COMMA.sub("", code.replace("_", "").replace(" ", "").strip("`"))
    if not _LITERAL_ARITHMETIC.fullmatch(expr) or not re.search(r"\d[+\-*/]", expr) or "**" in expr:
        return None
    return expr
