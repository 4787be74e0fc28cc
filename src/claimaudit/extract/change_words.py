"""The one vocabulary of the words that state a change or a comparison, and which way it goes.

rise / fall, more / less, above / below, 增长 / 下降, 高 / 低: every relation finder that reads a
direction (or only needs to know that a change is stated) takes its words from here. Before this module
nine finders kept lists of their own that disagreed (one knew "climbed", another "soared", a third
neither).

Each word has a direction (UP or DOWN) and one or more roles, only as many as the finders need:

* CHANGE       a change over time: verbs and their nouns (rose, an increase of, cut, 增长, 下降);
* ADVERB       "up" / "down": a change only beside its figure ("up 12%", "down from"), elsewhere a
               particle ("made up 45% of"), so a finder that searches a wide window leaves them out;
* COMPARATIVE  one measure against another (more, fewer, higher, cheaper, faster; 高, 少; 提升 and
               降低 in "X 比 Y 降低 40%");
* SCORE        the comparatives a score takes (higher, lower, better, worse, more, less; 高, 低, 多, 少):
               "better" says nothing of a time or a size, "smaller" nothing of a score;
* RANK         one thing standing above or behind another (above, ahead, beats, leads, trails, 领先, 低于);
* NEWS         the other verbs news prints for a moving price or rate (rebound, rally, shed, trim, hike,
               edged, revised): the mention reader takes them to see a change ("shed 2% to 4.5%" is no
               range); the relation finders have not been measured with them, so they do not ask for them.
               A word of this role may have no direction (None: "edged", "revised").

English forms are whole words (``\\b`` on both sides: "less" is not in "unless", "more" not in
"moreover"). A one-character Chinese adjective (高 低 多 少 大 小 长 短 快 慢, and 省) is *bare*: it
is inside other words (小时, 大约, 至少, 省份), so a finder takes it only where the value stands right
after it (``bare="anchored"``: 高 5.9, 少了 20%), at the end of a text that ends where the value starts
(``bare="end"``), or where its own pattern anchors it to the value (``bare="plain"``); by default it is
left out.

:func:`words` returns a regular-expression alternation (no capture groups) for the finders to compile
once, at import.
"""

from __future__ import annotations

import re

UP, DOWN = "up", "down"
CHANGE, ADVERB, COMPARATIVE, SCORE, RANK, NEWS = "change", "adverb", "comparative", "score", "rank", "news"

#: (forms, direction, roles): English forms as a regular expression of whole words.
_ENGLISH: tuple[tuple[str, str | None, frozenset[str]], ...] = tuple((f, d, frozenset(r)) for f, d, r in (
    # -- changes over time, up
    (r"rise[sn]?|rising|rose", UP, {CHANGE}),
    (r"increas(?:e[sd]?|ing)", UP, {CHANGE}),
    (r"grow(?:s|n|ing|th)?|grew", UP, {CHANGE}),
    (r"gain(?:s|ed|ing)?", UP, {CHANGE}),
    (r"jump(?:s|ed|ing)?", UP, {CHANGE}),
    (r"climb(?:s|ed|ing)?", UP, {CHANGE}),
    (r"surg(?:e[sd]?|ing)", UP, {CHANGE}),
    (r"soar(?:s|ed|ing)?", UP, {CHANGE}),
    (r"improv(?:e[sd]?|ing|ements?)", UP, {CHANGE}),
    (r"boost(?:s|ed|ing)?", UP, {CHANGE}),
    (r"rais(?:e[sd]?|ing)", UP, {CHANGE}),
    (r"up(?!\s+to\b)", UP, {ADVERB}),         # ("up to 20%": a bound)
    # -- changes over time, down
    (r"fall(?:s|en|ing)?|fell", DOWN, {CHANGE}),
    (r"decreas(?:e[sd]?|ing)", DOWN, {CHANGE}),
    (r"declin(?:e[sd]?|ing)", DOWN, {CHANGE}),
    (r"drop(?:s|ped|ping)?", DOWN, {CHANGE}),
    (r"reduc(?:e[sd]?|ing|tions?)", DOWN, {CHANGE}),
    (r"cut(?:s|ting)?", DOWN, {CHANGE}),
    (r"sav(?:e[sd]?|ing|ings)", DOWN, {CHANGE}),
    (r"shr(?:ink(?:s|ing)?|ank|unk)", DOWN, {CHANGE}),
    (r"slid(?:e[sd]?|ing)?", DOWN, {CHANGE}),
    (r"slump(?:s|ed|ing)?", DOWN, {CHANGE}),
    (r"plung(?:e[sd]?|ing)", DOWN, {CHANGE}),
    (r"tumbl(?:e[sd]?|ing)", DOWN, {CHANGE}),
    (r"los(?:e[sd]?|ing|t)", DOWN, {CHANGE}),
    (r"lower(?:s|ed|ing)", DOWN, {CHANGE}),
    (r"down", DOWN, {ADVERB}),
    # -- one value against another
    (r"more", UP, {COMPARATIVE, SCORE}),
    (r"higher", UP, {COMPARATIVE, SCORE}),
    (r"larger", UP, {COMPARATIVE}),
    (r"greater", UP, {COMPARATIVE}),
    (r"bigger", UP, {COMPARATIVE}),
    (r"longer", UP, {COMPARATIVE}),
    (r"faster", UP, {COMPARATIVE}),
    (r"quicker", UP, {COMPARATIVE}),
    (r"taller|heavier|wider|deeper|older|dearer|costlier", UP, {COMPARATIVE}),
    (r"better", UP, {SCORE}),
    (r"less", DOWN, {COMPARATIVE, SCORE}),
    (r"fewer", DOWN, {COMPARATIVE}),
    (r"lower", DOWN, {COMPARATIVE, SCORE}),
    (r"smaller", DOWN, {COMPARATIVE}),
    (r"shorter", DOWN, {COMPARATIVE}),
    (r"cheaper", DOWN, {COMPARATIVE}),
    (r"slower", DOWN, {COMPARATIVE}),
    (r"lighter|narrower|shallower|younger", DOWN, {COMPARATIVE}),
    (r"worse", DOWN, {SCORE}),
    # -- one standing against another
    (r"above", UP, {RANK}),
    (r"ahead", UP, {RANK}),
    (r"over", UP, {RANK}),
    (r"beat(?:s|ing)?", UP, {RANK}),
    (r"outperform(?:s|ed|ing)?", UP, {RANK}),
    (r"surpass(?:es|ed|ing)?", UP, {RANK}),
    (r"exceed(?:s|ed|ing)?|outstrip(?:s|ped|ping)?", UP, {RANK}),
    (r"lead(?:s|ing)?", UP, {RANK}),
    (r"below", DOWN, {RANK}),
    (r"behind", DOWN, {RANK}),
    (r"trail(?:s|ed|ing)?", DOWN, {RANK}),
    # -- the news verbs of a moving price or rate
    (r"add(?:s|ed|ing|itions?)?", UP, {NEWS}),
    (r"widen(?:s|ed|ing)?", UP, {NEWS}),
    (r"rebound(?:s|ed|ing)?", UP, {NEWS}),
    (r"advanc(?:e[sd]?|ing)", UP, {NEWS}),
    (r"expand(?:s|ed|ing)?", UP, {NEWS}),
    (r"rall(?:y|ies|ied|ying)", UP, {NEWS}),
    (r"hik(?:e[sd]?|ing)", UP, {NEWS}),
    (r"lower", DOWN, {NEWS}),      # (the verb: "yields lower 0.2% to 4.5%"; its other forms are CHANGE)
    (r"slip(?:s|ped|ping)?", DOWN, {NEWS}),
    (r"shed(?:s|ding)?", DOWN, {NEWS}),
    (r"narrow(?:s|ed|ing)?", DOWN, {NEWS}),
    (r"sank|sink(?:s|ing)?", DOWN, {NEWS}),
    (r"retreat(?:s|ed|ing)?", DOWN, {NEWS}),
    (r"trim(?:s|med|ming)?", DOWN, {NEWS}),
    (r"edg(?:e[sd]?|ing)", None, {NEWS}),
    (r"revis(?:e[sd]?|ing|ions?)", None, {NEWS}),
))

#: (word, direction, roles, bare): Chinese words (simplified; traditional where a finder met them).
_CHINESE: tuple[tuple[str, str, frozenset[str], bool], ...] = tuple((w, d, frozenset(r), b) for w, d, r, b in (
    ("提升", UP, {CHANGE, COMPARATIVE}, False),
    ("提高", UP, {CHANGE, COMPARATIVE}, False),
    ("增加", UP, {CHANGE, COMPARATIVE}, False),
    ("增长", UP, {CHANGE}, False),
    ("上升", UP, {CHANGE}, False),
    ("上涨", UP, {CHANGE}, False),
    ("增幅", UP, {CHANGE}, False),
    ("涨幅", UP, {CHANGE}, False),
    ("涨价", UP, {CHANGE}, False),
    ("提价", UP, {CHANGE}, False),
    ("上调", UP, {CHANGE}, False),
    ("涨", UP, {CHANGE}, False),          # (a verb only: 涨 5%, 上涨, 涨幅)
    ("加快", UP, {CHANGE}, False),
    ("改进", UP, {CHANGE}, False),
    ("扩大", UP, {CHANGE}, False),
    ("增長", UP, {CHANGE}, False),
    ("提昇", UP, {CHANGE}, False),
    ("擴大", UP, {CHANGE}, False),
    ("降低", DOWN, {CHANGE, COMPARATIVE}, False),
    ("减少", DOWN, {CHANGE, COMPARATIVE}, False),
    ("下降", DOWN, {CHANGE}, False),
    ("下滑", DOWN, {CHANGE}, False),
    ("下跌", DOWN, {CHANGE}, False),
    ("下挫", DOWN, {CHANGE}, False),
    ("降幅", DOWN, {CHANGE}, False),
    ("降价", DOWN, {CHANGE}, False),
    ("减价", DOWN, {CHANGE}, False),
    ("下调", DOWN, {CHANGE}, False),
    ("跌幅", DOWN, {CHANGE}, False),
    ("跌", DOWN, {CHANGE}, False),
    ("缩减", DOWN, {CHANGE}, False),
    ("缩短", DOWN, {CHANGE, COMPARATIVE}, False),     # ("耗时比 P5 缩短 44.6%")
    ("减小", DOWN, {CHANGE}, False),
    ("压缩", DOWN, {CHANGE}, False),
    ("砍掉", DOWN, {CHANGE}, False),
    ("节省", DOWN, {CHANGE}, False),
    ("省", DOWN, {CHANGE}, True),         # (省份, 省级: a province)
    ("高", UP, {COMPARATIVE, SCORE}, True),
    ("多", UP, {COMPARATIVE, SCORE}, True),
    ("大", UP, {COMPARATIVE}, True),
    ("长", UP, {COMPARATIVE}, True),
    ("快", UP, {COMPARATIVE}, True),
    ("贵", UP, {COMPARATIVE}, True),      # (贵州, 宝贵: a place, a word)
    ("低", DOWN, {COMPARATIVE, SCORE}, True),
    ("少", DOWN, {COMPARATIVE, SCORE}, True),
    ("小", DOWN, {COMPARATIVE}, True),
    ("短", DOWN, {COMPARATIVE}, True),
    ("慢", DOWN, {COMPARATIVE}, True),
    ("便宜", DOWN, {COMPARATIVE}, False),
    ("领先", UP, {RANK}, False),
    ("領先", UP, {RANK}, False),
    ("高出", UP, {RANK}, False),
    ("超过", UP, {RANK}, False),
    ("超出", UP, {RANK}, False),
    ("高于", UP, {RANK}, False),
    ("落后", DOWN, {RANK}, False),
    ("低于", DOWN, {RANK}, False),
))

#: After a bare character, what makes it a word of change: the value right after (高 5.9, 少了 20%,
#: 快了约 2 倍); not after 至 / 最 / 不 (至少 20%, 最高 50%, 不少: bounds and amounts, no change), nor 大约 30%.
_BARE_ANCHOR = r"(?<![至最不])(?!大约)(?:{})(?=了?\s*(?:约|大约)?\s*[\d.+])"
_BARE_END = r"(?<![至最不])(?:{})(?=了?\s*(?:约|大约)?\s*$)"


def words(direction: str | None = None, roles: tuple[str, ...] = (CHANGE,), *, lang: str | None = None,
          bare: str = "no", but: tuple[str, ...] = ()) -> str:
    """The alternation of the words of ``direction`` (UP, DOWN or None: any) having any of ``roles``,
    English (``lang="en"``), Chinese (``"zh"``) or both; one-character Chinese words left out
    (``bare="no"``), taken as they are (``"plain"``), only right before a value (``"anchored"``) or only
    at the end of the text searched (``"end"``); ``but`` names words whose families are left out
    ("save": "saves 20 to 30%" is a range of savings, not a change to 30%).
    Compile it with ``re.I``; longer Chinese words come first (降低 before 低)."""
    want = set(roles)
    out = []
    if lang in (None, "en"):
        forms = [f for f, d, r in _ENGLISH if (direction is None or d == direction) and r & want
                 and not any(re.fullmatch(f, w) for w in but)]
        if forms:
            out.append(r"\b(?:" + "|".join(forms) + r")\b")
    if lang in (None, "zh"):
        chosen = [(w, b) for w, d, r, b in _CHINESE if (direction is None or d == direction) and r & want
                  and (bare != "no" or not b)]
        out += sorted((w for w, b in chosen if not b or bare == "plain"), key=len, reverse=True)
        short = [w for w, b in chosen if b and bare in ("anchored", "end")]
        if short:
            out.append((_BARE_ANCHOR if bare == "anchored" else _BARE_END).format("|".join(short)))
    return "|".join(out)


_FORMS = tuple((re.compile(f, re.I), d) for f, d, _r in _ENGLISH)
_CHINESE_DIRECTION = {w: d for w, d, _r, _b in _CHINESE}


def direction_of(word: str) -> str | None:
    """UP or DOWN for one word as a finder matched it ("fewer" -> DOWN), None when it is none of these."""
    return next((d for f, d in _FORMS if f.fullmatch(word)), _CHINESE_DIRECTION.get(word))


#: A change named relative, after a gap in points (relations_prose, relations_points): "相对下降 28.7%",
#: "a relative drop of 28.7%", "28.7% relative".
RELATIVE_BEFORE = re.compile(r"(?:相对|相較|相对值)[\u4e00-\u9fff]{0,3}\s*$"
                             r"|\brelative(?:ly)?\s+(?:[a-z]+\s+){0,2}(?:of\s+)?$|\bor\s+$", re.I)
RELATIVE_AFTER = re.compile(r"\s*(?:relative|relatively|in relative terms)\b", re.I)
