"""Totals a sentence states from a count and an amount each: "The 12 GPUs cost $30,000 each, $360,000 in
total", "12 servers at $30,000 each for $360,000", "64 nodes with 8 GPUs each, 512 GPUs in total": the
total is the count times the amount each.

Precision first. The amount each is the value right before "each" / "apiece" / "a piece", after 每台 /
单价 / 人均, or the value after "each of the N …"; the count is the nearest value before it not of its unit
(a bare number or a count of things, never a measure); the total is the next value of the amount's unit
after it named a total by its words (in total, a total outlay of, for, 总金额为, 共计), or, when the amount
each is an average ("an average of $8,000 each", 人均), the one value of its unit before it. Audited
(0.75) when the product is the total within 30%, else a suggestion.

Items counted by their noun: "每台服务器配备 8 张加速卡，整个集群共有 256 台服务器、2,048 张加速卡", "Each node has
8 GPUs, and the cluster's 64 nodes hold 512 GPUs in total" (``item_counts``): the count is the value
before the item's noun, the total the value before the part's noun (:mod:`.count_nouns`).

A value per person ("output per person stands at $24,000", 人均, ``per_capita``) is the sentence's one
total of its unit over its one count of people; "one car for every four people" (``for_every``) is
the count of the second things over the count of the first.
"""

from __future__ import annotations

import math
import re

from .count_nouns import ITEM_CLASSIFIERS, ZH_NOUN, any_same, nouns_of
from .relation_model import FinderBase, Relation, _ref, _usable
from .word_screen import may_print

# (a counted noun may stand between: "3 epochs each")
_EACH_AFTER = re.compile(r"(?:\s+(?!each\b)[A-Za-z][\w-]*)?\s*(?:each|apiece|a piece|per (?:unit|piece|item|one))\b",
                         re.I)
# "Each of the 24 layers has 16 heads": the count after "each of the", the amount each the next value
_EACH_OF_BEFORE = re.compile(r"\beach of (?:the |its |our |these )?$", re.I)
# the total's words: after it ("$360,000 in total") or before it ("for $360,000", "a total of 512")
_NAMED_TOTAL_AFTER = re.compile(r"\s*(?:[A-Za-z]+\s+)?(?:in total|in all|altogether|total|combined)\b", re.I)
_NAMED_TOTAL_BEFORE = re.compile(r"(?:\bfor|\ba total(?:\s+[a-z]+)? of|\btotal(?:l?ing)?|\bin all|\baltogether|,\s*or"
                           r"|(?:总金额|总额|总价|总成本|总投资|总计|合计|共计|总共|一共)(?:为|达|约)?)\s*(?:about\s+|~|约\s*)?$",
                           re.I)
# a count of things per a noun: "4,690 episodes per environment", "30,000 per language" (the things may be
# left out)
_NOUN_PER = re.compile(r"\s+(?:(?P<num>[A-Za-z][\w-]*)\s+)?per\s+(?P<den>[A-Za-z][\w-]*)\b", re.I)
# the amount each in Chinese, before it: "每台单价 2.4 万元", "人均 3 万元", "每人 500 元"
_EACH_BEFORE_ZH = re.compile(r"(?:每(?:台|个|人|张|辆|家|名|套|件|位|户)(?:单价|价格|售价|平均)?|单价|人均"
                             # "单卡 376 TFLOPS", "每节点 8 张": one of a cluster's cards, machines, nodes
                             r"|单(?:卡|机|节点|台)(?:[^\d，。；、\n]{0,12}?(?:为|约|达)?\s*)?|每(?:卡|节点|机))"
                             r"(?:为|约|达)?\s*$")
# the whole a cluster's per-card amount adds up to: "全集群峰值算力约 385 PFLOPS", "整个集群共"
_WHOLE_CLUSTER_BEFORE = re.compile(r"(?:全集群|整个集群|集群总|全部节点|整机)[\u4e00-\u9fff]{0,6}?(?:为|达|约|共)?\s*$")
# an amount each that is the total's average: "an average of $8,000 each", "人均 3 万元"
_AVERAGE_EACH = re.compile(r"(?:\ban average of|\bon average|\baveraging|人均|平均每人|平均每)\s*(?:about\s+)?$", re.I)
_COUNT_UNITS = frozenset({"GPU", "node", "server", "card", "layer", "head", "request", "sequence", "token", "step",
                          "parameter", "SSD", "dozen"})


# -- "每台服务器配备 8 张加速卡，共有 256 台服务器、2,048 张加速卡": items, parts each, and both counted by noun --
# the amount each after 每 + the item's classifier and noun + a verb of having ("每个节点配有", "每辆车搭载")
_ZH_EACH_ITEM = re.compile(rf"(?:每|单)(?P<cl>[{ITEM_CLASSIFIERS}机])(?P<noun>{ZH_NOUN}{{0,8}}?)(?:都|均|各)?"
                           r"(?:配备|配有|配置|装有|装配|搭载|安装|拥有|设有|部署|包含|含有|容纳|可容纳|有|含|装)了?"
                           r"(?:约|大约)?\s*$")
# "一箱12瓶，每瓶550毫升": an amount each printed right after 每 and the item's classifier
_ZH_EACH_AMOUNT = re.compile(rf"每(?P<cl>[{ITEM_CLASSIFIERS}])(?P<noun>)\s*$")
# English: "each node has 8 GPUs", "every rack houses 16 servers", "…256 servers, each with 8 accelerators"
_EN_HAVE = (r"(?:has|have|holds?|carr(?:y|ies)|contains?|hosts?|houses?|packs?|features?|comes with|come with"
            r"|is equipped with|are equipped with|is fitted with|with|having|holding|carrying|containing)")
_EN_EACH_ITEM = re.compile(rf"\b(?:each|every)\s+(?:(?P<noun>[a-z][\w-]*)\s+)?{_EN_HAVE}\s+$", re.I)
# the total's words between the amount each and the total ("共有", "in all"): a total, not a part of one
_ITEM_TOTAL_WORDS = re.compile(r"共有|共计|总共|一共|合计|总计|共需|共|全部|整个|总数|总量"
                               r"|in total|in all|altogether|a total of"
                               r"|all told|overall|\btotal\b|\bthe\s+(?:whole|entire)\b", re.I)
_ITEM_PART_WORDS = re.compile(r"其中|仅|只有|用于|of which|of them|of these|including|only|reserved|\bbut\b", re.I)


# -- "output per person stands at $24,000", "人均地区生产总值14万元": a total over a population ----------------
_PEOPLE = (r"person|persons|people|capita|head|inhabitants?|residents?|citizens?|employees?|workers?|students?"
           r"|members?|households?")
_PER_PERSON_BEFORE = re.compile(rf"(?:\bper\s+(?:{_PEOPLE})\b[^\d;:.()\n]{{0,24}}?|人均[\u4e00-\u9fff]{{0,8}}?"
                                r"|每人(?:平均)?)\s*(?:stands?\s+at|is|was|of|at|came\s+to|reached|为|达|约|是)?"
                                r"\s*(?:about\s+|around\s+|roughly\s+|约\s*)?$", re.I)
#: A word every match of _PER_PERSON_BEFORE / _AFTER holds (the word screen: none, no value per person).
_PER_PERSON_WORDS = ("person", "people", "capita", "head", "inhabitant", "resident", "citizen", "employee", "worker",
                     "student", "member", "household", "人均", "每人")
_PER_PERSON_AFTER = re.compile(rf"\s*(?:a|per)\s+(?:{_PEOPLE})\b", re.I)
# the population: a count before or after its word ("3.5 million inhabitants", "常住人口450万人", "50万人")
_PEOPLE_AFTER = re.compile(rf"\s*(?:人|名|位|户)|\s+(?:[A-Za-z-]+\s+)?(?:{_PEOPLE})\b", re.I)
_PEOPLE_BEFORE = re.compile(r"(?:人口|居民|员工|学生|职工|人数|population\s+of|headcount\s+of)\s*(?:为|达|约|of)?\s*$",
                            re.I)


# -- "the region has one car for every four people": a ratio of two counts the sentence prints ------------------
_ONE_FOR_EVERY = re.compile(r"\b(?:one|an?|1)\s+((?:[A-Za-z][\w-]*\s+)?[A-Za-z][\w-]*)\s+(?:for|per|to)\s+"
                            r"(?:every|each)\s+$", re.I)


class EachRelations(FinderBase):
    def for_every(self, found: list[Relation]) -> list[Relation]:
        """"With 5.6 million residents and 1.4 million registered cars, the region has one car for every four
        people": N in "one X for every N Y" is the count of Y over the count of X, the counts the
        sentence's other two bare values, X's found by its noun. Approximate (such ratios are rounded to a
        whole N, 0.75)."""
        out: list[Relation] = []
        ms, text = self.ms, self.text
        if not may_print(text, ("every",)):
            return out
        stated = {r.target for r in found}
        for idx, n in self.sentence_numbers(20, stated):
            mn = ms[n]
            if mn.number.nominal <= 1:
                continue
            mo = _ONE_FOR_EVERY.search(text, max(0, mn.start - 48), mn.start)
            if mo is None:
                continue
            u = n       # ("one" is an article to the mention reader: no mention of its own)
            others = [k for k in idx if k not in (u, n) and _usable(ms[k]) and ms[k].number.kind == "number"
                      and not ms[k].unit.dims.items]
            counted = (mo.group(1).split()[-1],)
            xs = [k for k in others if any_same(nouns_of(text, ms[k], False), counted, False)]
            ys = [k for k in others if k not in xs]
            if len(xs) != 1 or len(ys) != 1:
                continue
            x, y = xs[0], ys[0]
            rel = self._stated("ratio", n, f"{_ref(y)} / {_ref(x)}", [y, x], confidence=0.75,
                               note=f"{mn.printed} is {ms[y].printed} over {ms[x].printed} ({mo.group(0).strip()})",
                               evidence="one thing for every N others, and the counts of both in the sentence: ")
            rel.approx = True
            out.append(rel)
            stated.add(n)
        return out


    def per_capita(self, found: list[Relation]) -> list[Relation]:
        """"With GDP of $84 billion and 3.5 million inhabitants, output per person stands at $24,000", "全市
        地区生产总值6300亿元，按常住人口450万人计算，人均地区生产总值14万元": the value per person is the
        sentence's one other value of its unit over its one count of people (a count before or after a
        word naming people). Audited (0.75): the words name the value per person and both operands."""
        out: list[Relation] = []
        ms, text = self.ms, self.text
        if not may_print(text, _PER_PERSON_WORDS):
            return out
        stated = {r.target for r in found}
        for idx in self.sentences().values():
            if len(idx) < 3 or len(idx) > 30:
                continue
            for v in idx:
                m = ms[v]
                if v in stated or not _usable(m) or m.number.kind != "number" or not m.unit.dims.items \
                        or not (_PER_PERSON_BEFORE.search(text, max(0, m.start - 40), m.start)
                                or _PER_PERSON_AFTER.match(text, m.end)):
                    continue
                totals = [k for k in idx if k != v and ms[k].unit.dims == m.unit.dims]
                people = [k for k in idx if k != v and not ms[k].unit.dims.items and ms[k].number.kind == "number"
                          and (_PEOPLE_AFTER.match(text, ms[k].number_end)
                               or _PEOPLE_BEFORE.search(text, max(0, ms[k].start - 12), ms[k].start))]
                if len(totals) != 1 or len(people) != 1 or not _usable(ms[totals[0]]) or not _usable(ms[people[0]]) \
                        or ms[people[0]].number.nominal < 2:
                    continue
                t, p = totals[0], people[0]
                formula = f"{_ref(t)} / {_ref(p)}"
                fit = self._formula_fits(v, formula)
                if fit is None:
                    continue
                out.append(self._stated(
                    "rate", v, formula, [t, p], unitless=fit[1], confidence=0.75,
                    note=f"{m.printed} is {ms[t].printed} over {ms[p].printed} people",
                    evidence="a value per person, the sentence's one total of its unit and its one count of people: "))
                stated.add(v)
        return out

    def noun_rates(self, found: list[Relation]) -> list[Relation]:
        """"2.4M episodes across 512 parallel environments, about 4,690 episodes per environment", "1.2M
        documents in 40 languages, about 30,000 per language": a bare count "per" a noun is the sentence's
        one count of its own noun (of the things counted; any other count when the noun is left out) over
        its one count of the noun after "per". Counts of units the registry knows (GPUs per node) are
        ``rates``'. Audited (0.75) when the quotient is the value within 30%, else a suggestion."""
        out: list[Relation] = []
        ms, text = self.ms, self.text
        if not may_print(text, (" per ",)):
            return out
        stated = {r.target for r in found}
        for idx, v in self.sentence_numbers(30, stated):
            m = ms[v]
            if not any(ch.isdigit() for ch in m.printed):
                continue
            per = _NOUN_PER.match(text, m.end)
            if per is None:
                continue
            num, den = per.group("num"), per.group("den")
            bare = [k for k in idx if k != v and _usable(ms[k]) and ms[k].number.kind == "number"
                    and not ms[k].unit.dims.items and not ms[k].number.is_range]
            nouns = {k: self._nouns_after(k, False) for k in bare}
            whole = [k for k in bare if (any_same(nouns[k], (num,), False) if num
                                         else nouns[k] and not any_same(nouns[k], (den,), False))]
            items = [k for k in bare if any_same(nouns[k], (den,), False)]
            if len(whole) != 1 or len(items) != 1 or whole[0] == items[0] or self.base(items[0]) < 2:
                continue
            a, b = whole[0], items[0]
            got, want = self.base(a) / self.base(b), self.base(v)
            near = want > 0 and abs(got - want) <= want * 3 / 10
            out.append(self._stated(
                "rate", v, f"{_ref(a)} / {_ref(b)}", [a, b], unitless=True, confidence=0.75 if near else 0.4,
                note=f"{m.printed} is {ms[a].printed} over {ms[b].printed}",
                evidence=f"a count per {den}, the sentence's one count of the things counted and its one count "
                         f"of {den}: "))
            stated.add(v)
        return out

    def _nouns_after(self, k: int, zh: bool) -> tuple[str, ...]:
        return nouns_of(self.text, self.ms[k], zh)

    def item_counts(self, found: list[Relation]) -> list[Relation]:
        """"每台服务器配备 8 张加速卡，整个集群共有 256 台服务器、2,048 张加速卡" / "Each node has 8 GPUs, and
        the cluster's 64 nodes hold 512 GPUs in total": the parts' total is the items' count times the
        parts each. Precision first: the count and the total are found by their nouns (the item's
        noun after the count, the part's noun after the total), the total named so by its words with
        no word of a part between (其中, of which); audited (0.75) then, else a suggestion."""
        out: list[Relation] = []
        ms, text = self.ms, self.text
        if not may_print(text, ("每", "单", "each", "every")):
            return out
        stated = {r.target for r in found}
        for idx in self.sentences().values():
            if len(idx) < 3 or len(idx) > 40:
                continue
            for n, v in enumerate(idx):
                m = ms[v]
                if not _usable(m) or m.number.kind != "number" or m.number.nominal <= 1:
                    continue
                lo = max(0, m.number_start - 40)
                near = text[lo:m.number_start]      # (cheap tests first: most values have no "each" before them)
                zh = _ZH_EACH_ITEM.search(text, max(0, m.number_start - 16), m.number_start) \
                    if "每" in near or "单" in near else None
                measure = zh is None and m.unit.dims.items and "每" in near \
                    and (zh := _ZH_EACH_AMOUNT.search(text, max(0, m.number_start - 4), m.number_start)) is not None
                low = near.lower()
                en = _EN_EACH_ITEM.search(text, lo, m.number_start) \
                    if zh is None and ("each" in low or "every" in low) else None
                if zh is None and en is None:
                    continue
                # the parts each: counted by their noun ("8 张加速卡"), or a measure ("每瓶 550 毫升": its unit)
                noun = {k: self._nouns_after(k, bool(zh)) for k in idx}     # (each value's, read once)
                part_nouns = noun[v] if not measure else ()
                if not part_nouns and not measure:
                    continue
                item_noun = (zh.group("cl") + zh.group("noun")) if zh else (en.group("noun") or "")  # type: ignore[union-attr]
                others = [k for k in idx if k != v and _usable(ms[k]) and ms[k].number.kind == "number"]
                if item_noun and item_noun != (zh.group("cl") if zh else ""):
                    items = [k for k in others if any_same(noun[k], (item_noun,), bool(zh))]
                else:
                    # "共有 256 台服务器，每台配备 8 张" / "256 servers, each with 8 accelerators": the item is
                    # the nearest count before whose noun is not the part's (its classifier, in Chinese)
                    items = [k for k in reversed(idx[:n]) if k in others and noun[k]
                             and not any_same(noun[k], part_nouns, bool(zh))
                             and (not zh or zh.group("cl") == "机"      # 单机: a machine, of any classifier
                                  or noun[k][0][:1] == zh.group("cl"))][:1]
                totals = [k for k in others if k not in items
                          and (any_same(noun[k], part_nouns, bool(zh)) if not measure
                               else ms[k].unit.dims == m.unit.dims)]
                if len(items) != 1 or len(totals) != 1 or totals[0] in stated:
                    continue
                c, t = items[0], totals[0]
                if ms[c].number.nominal <= 1:
                    continue
                between = text[m.end:ms[t].start] if t > v else text[ms[t].end:m.start]
                if _ITEM_PART_WORDS.search(between):
                    continue
                lo, hi = min(ms[c].start, m.start, ms[t].start), max(ms[c].end, m.end, ms[t].end)
                named = _ITEM_TOTAL_WORDS.search(text, lo, min(len(text), hi + 16)) is not None
                formula = f"{_ref(c)} * {_ref(v)}"
                fit = self._formula_fits(t, formula)
                if fit is None:
                    continue
                out.append(self._stated(
                    "product", t, formula, [c, v], unitless=fit[1], confidence=0.75 if named else 0.4,
                    note=f"{ms[t].printed} is {ms[c].printed} × {m.printed} each",
                    evidence="items counted by their noun, the parts each one has and the parts' total, "
                             "in one sentence: "))
                stated.add(t)
        return out


    def each_totals(self, found: list[Relation]) -> list[Relation]:
        """"N … V each, T in total": T = N × V (see the module's docstring)."""
        out: list[Relation] = []
        ms, text = self.ms, self.text
        stated = {r.target for r in found}
        for idx in self.sentences().values():
            if len(idx) < 3 or len(idx) > 40:
                continue
            for n, v in enumerate(idx):
                if n == 0 or not _usable(ms[v]):
                    continue
                each_of = _EACH_OF_BEFORE.search(text, max(0, ms[idx[n - 1]].start - 16), ms[idx[n - 1]].start)
                if not (each_of or _EACH_AFTER.match(text, ms[v].end)
                        or _EACH_BEFORE_ZH.search(text, max(0, ms[v].start - 20), ms[v].start)):
                    continue
                # the count: the nearest value before of no unit or a count's ("1,500 台，每台单价 2.4 万元"; "发放
                # … 共计 2.4 亿元，人均 3 万元" passes over the total)
                c = next((k for k in reversed(idx[:n])
                          if ms[k].unit.dims != ms[v].unit.dims or not ms[v].unit.dims.items), None) \
                    if not each_of else idx[n - 1]
                if c is None:
                    continue
                count = ms[c]
                if not _usable(count) or count.number.kind != "number" or count.number.nominal <= 1 \
                        or (count.unit.dims.items and count.unit.canonical not in _COUNT_UNITS):
                    continue
                # the total: named so after the amount each, else (an average each) the one value of its unit before
                t = next((k for k in idx[n + 1:] if ms[k].unit.dims == ms[v].unit.dims
                          and (_NAMED_TOTAL_AFTER.match(text, ms[k].end)
                               or _NAMED_TOTAL_BEFORE.search(text, max(0, ms[k].start - 24), ms[k].start)
                               or _WHOLE_CLUSTER_BEFORE.search(text, max(0, ms[k].start - 14), ms[k].start))), None)
                if t is None and _AVERAGE_EACH.search(text, max(0, ms[v].start - 16), ms[v].start):
                    before = [k for k in idx[:n] if k != c and ms[k].unit.dims == ms[v].unit.dims]
                    t = before[0] if len(before) == 1 else None
                if t is None or t in stated or not _usable(ms[t]) or t == c:
                    continue
                formula, given = f"{_ref(c)} * {_ref(v)}", {}
                fit = self._formula_fits(t, formula)
                if fit is None and count.unit.dims.items and count.unit.canonical in _COUNT_UNITS \
                        and ms[t].unit.dims == ms[v].unit.dims \
                        and re.fullmatch(r"\d[\d,]*", count.printed_number or ""):
                    # "1,024 张卡，单卡 376 TFLOPS": a count of cards times the amount each is the amount (the
                    # count's unit drops out), its number given as printed
                    formula, given, fit = f"n * {_ref(v)}", {"n": count.printed_number.replace(",", "")}, (True, False)
                if fit is None:
                    continue
                got, want = math.prod((self.base(c) if not fit[1] else count.number.nominal,
                                       self.base(v) if not fit[1] else ms[v].number.nominal)), \
                    self.base(t) if not fit[1] else ms[t].number.nominal
                # (within 30%: the words pair count, amount each and total tightly; a total misprinted by
                # a fifth is the error to report, a larger gap another total than this one)
                near = want > 0 and abs(got - want) <= want * 3 / 10
                rel = self._stated(
                    "product", t, formula, [c, v] if not given else [v], unitless=fit[1],
                    confidence=0.75 if near else 0.4, note=f"{ms[t].printed} is {count.printed} × {ms[v].printed} each",
                    evidence="a count, an amount each and the total the words name, in one sentence: ")
                rel.given = given
                out.append(rel)
        return out
