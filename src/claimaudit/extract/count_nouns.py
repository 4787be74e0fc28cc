"""The noun a count stands before, for relations that pair counts by what they count: "256 台服务器" and
"每台服务器" count servers, "64 nodes" and "each node" nodes."""

from __future__ import annotations

import re

from .chinese_counts import COUNT_STOP
from .mention import Mention
from .unit_words import MEASURE_WORDS

# the classifiers a count of things stands before (the measure words, and those of people, vehicles, nodes,
# containers and pages)
ITEM_CLASSIFIERS = "".join(sorted(MEASURE_WORDS | set("人辆輛只节節栋棟座所瓶箱包袋盒罐桶杯本页頁")))
ZH_NOUN = r"[\u4e00-\u9fffA-Za-z0-9]"
_ZH_COUNTED = re.compile(rf"\s*(?P<cl>[{ITEM_CLASSIFIERS}])(?P<noun>{ZH_NOUN}{{0,8}})")
_EN_NOUN_AFTER = re.compile(r"\s+[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*)?")


def nouns_after(text: str, end: int, zh: bool) -> tuple[str, ...]:
    """The noun a count ending at ``end`` stands before: 张加速卡 (classifier and noun); in English the
    next word or the one after it ("8 GPUs", "8 H100 GPUs": an adjective may stand between)."""
    if zh:
        got = _ZH_COUNTED.match(text, end)
        if got is None:
            return ()
        noun = got.group("noun")
        cut = next((k for k, ch in enumerate(noun) if ch in COUNT_STOP), len(noun))   # 张图像的速度: 张图像
        return (got.group("cl") + noun[:cut],)
    got = _EN_NOUN_AFTER.match(text, end)
    return () if got is None else tuple(re.findall(r"[A-Za-z][\w-]*", got.group(0))[:2])


def nouns_of(text: str, m: Mention, zh: bool) -> tuple[str, ...]:
    """The noun mention ``m`` counts: after its number ("8 张加速卡", whose unit the classifier gave), else
    after the whole mention ("96万张图像": the scale word stands between)."""
    first = nouns_after(text, m.number_end, zh)
    if m.end == m.number_end or (zh and first):
        return first
    later = nouns_after(text, m.end, zh)       # "1.4 million registered cars": after the scale word too
    return first + tuple(w for w in later if w not in first)


def _singular(word: str) -> str:
    w = word.lower()
    for end, repl in (("ies", "y"), ("ches", "ch"), ("shes", "sh"), ("xes", "x"), ("sses", "ss"), ("s", "")):
        if w.endswith(end) and len(w) > len(end) + 1:
            return w[: -len(end)] + repl
    return w


def same_noun(a: str, b: str, zh: bool) -> bool:
    """Two nouns after numbers name the same things: 台服务器 / 台服务器 (one a prefix of the other in
    Chinese, where a noun runs on into its verb), "node" / "nodes"."""
    if zh:
        return bool(a) and bool(b) and (a.startswith(b) or b.startswith(a))
    return _singular(a) == _singular(b)



def any_same(a: tuple[str, ...], b: tuple[str, ...], zh: bool) -> bool:
    """Any noun of ``a`` names the things a noun of ``b`` names."""
    return any(same_noun(x, y, zh) for x in a for y in b)
