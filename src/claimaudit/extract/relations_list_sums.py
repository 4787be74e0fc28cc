"""A total that opens a bullet list of its parts: "The run was interrupted 78 times:" over "- GPU faults: 41",
"- NIC or link flaps: 32", …; "训练数据共 1.2T token：" over "- 网页：0.8T", "- 代码：0.3T", …: the total is the
sum of the one value of each item.

Precision first. The line before the list ends with a colon and holds exactly one value of the items'
kind (the same unit, plain numbers); the list is a top-level bullet or numbered list starting on the next
line, of two items or more, each holding exactly one value, none a bound or a range. Not a count of the
items (":" after "4 benchmarks" lists the benchmarks, :mod:`.relations_lists`), not percentages (a list of
shares is :meth:`.TableRelations.list_shares`), not a list of some of the parts ("including:", "the main
causes:", 主要, 其中), and only when the items add up to within a factor of 2.5 of the total (a list of sizes
or scores under a count adds up to something else entirely). Audited (0.75): the structure states it; an
item left out or a miscount is the finding.

A list written in a sentence, then its total (:class:`ListedTotalRelations`): "splits of 10.8, 9.9, 10.1 and
9.6 seconds gave a team time of 40.4 seconds".
"""

from __future__ import annotations

import re

from .relation_model import FinderBase, Relation, _ref, _usable
from .relations_lists import PARTIAL

_OPENS_LIST = re.compile(r"[:：]\s*$")
# a list of only some of the parts: "the main causes", "top 3", "largest", 主要, 其中
_SOME = re.compile(r"\b(?:main|major|top|largest|biggest|leading|notable|most common|selected|some)\b"
                   r"|主要|其中|部分|前\s*\d", re.I)


class ListSumRelations(FinderBase):
    def list_sums(self, found: list[Relation]) -> list[Relation]:
        """Each line ending in a colon over a bullet list whose items hold one value each (see the module)."""
        out: list[Relation] = []
        text = self.text
        if "• " not in text:
            return out
        stated = {r.target for r in found}
        pos = text.find("• ")
        while pos >= 0:
            start = text.rfind("\n", 0, pos) + 1
            if start != pos:                        # a bullet character inside a line: not an item
                pos = text.find("• ", pos + 2)
                continue
            items, end = self._items(pos)
            pos = text.find("• ", end) if end > pos else text.find("• ", pos + 2)
            e = start - 1                           # the end of the line before the list (a blank line between)
            while e > 0 and text[e - 1] == "\n":
                e -= 1
            if len(items) < 2 or e <= 0 or not _OPENS_LIST.search(text, text.rfind("\n", 0, e) + 1, e):
                continue
            rel = self._list_total((text.rfind("\n", 0, e) + 1, e), items, stated)
            if rel is not None:
                out.append(rel)
                stated.add(rel.target)
        return out

    def _items(self, pos: int) -> tuple[list[int], int]:
        """The one value of each top-level item of the list whose first item starts at ``pos``, and where
        the list ends; [] when an item holds none or several, or the list nests."""
        text, doc = self.text, self.doc
        values: list[int] = []
        col = doc.position(pos + 2)[1]
        while pos < len(text) and text.startswith("• ", pos):
            eol = text.find("\n", pos)
            eol = len(text) if eol < 0 else eol
            if doc.position(pos + 2)[1] != col:
                return [], eol
            inside = [k for k in self._within(pos, eol) if self.ms[k].cell is None]
            if len(inside) != 1 or not _usable(self.ms[inside[0]]):
                return [], eol
            values.append(inside[0])
            pos = eol + 1
            while pos < len(text) and text[pos] == "\n":    # (a loose list: blank lines between items)
                pos += 1
        return values, pos

    def _list_total(self, intro: tuple[int, int], items: list[int], stated: set[int | None]) -> Relation | None:
        ms = self.ms
        first = ms[items[0]]
        if first.number.kind != "number" or any(
                ms[k].number.kind != "number" or ms[k].unit.dims != first.unit.dims for k in items):
            return None
        heads = [k for k in self._within(*intro) if ms[k].cell is None and _usable(ms[k])
                 and ms[k].number.kind == "number" and ms[k].unit.dims == first.unit.dims]
        if len(heads) != 1 or heads[0] in stated:
            return None
        t = heads[0]
        if PARTIAL.search(self.text, intro[0], intro[1]) or _SOME.search(self.text, intro[0], intro[1]):
            return None     # "including:", "the main causes:": some of the parts, not all
        want = self.base(t)
        got = sum(self.base(k) for k in items)
        if ms[t].number.nominal == len(items) or want <= 0 or not want * 2 / 5 <= got <= want * 5 / 2:
            return None
        formula = " + ".join(_ref(k) for k in items)
        fit = self._formula_fits(t, formula)
        if fit is None:
            return None
        return Relation("written-sum", t, formula, list(items), quote=self.text[intro[0]:intro[1]].strip(),
                        at=ms[t].start, unitless=fit[1], confidence=0.75,
                        note=f"{ms[t].printed} is the sum of the {len(items)} items listed after it",
                        evidence=f"the line ending in a colon before a list of {len(items)} items, each holding one "
                                 f"value of its kind: {self.text[intro[0]:intro[1]].strip()[:100]!r}")


# a list of values: joined by commas (、，) with "and" / 和 / 及 / 与 before the last
_LIST_GAP = re.compile(r"\s*(?:[A-Za-z]+\s+)?(?:,|，|、)\s*(?:and\s+|和\s*|及\s*|与\s*)?|\s+and\s+"
                       r"|\s*(?:和|及|与)\s*", re.I)
# the words between a list and its total: "gave a team time of", "for a total of", "add up to", 合计, 共
_TOTAL_BETWEEN = re.compile(r"\b(?:gave|give|giving|total(?:l?ing|s|ed)?|sum(?:s|med)?|add(?:s|ed)? up|in all|together"
                            r"|combined|altogether|overall)\b|合计|共计|总计|共|加起来|总共|累计", re.I)


class ListedTotalRelations(FinderBase):
    def listed_totals(self, found: list[Relation]) -> list[Relation]:
        """"Splits of 10.8, 9.9, 10.1 and 9.6 seconds gave a team time of 40.4 seconds", "三个阶段分别用时 12、8 和 5
        天，合计 25 天": a list of three values or more of one unit (commas, "and" / 和 before the last), then in
        the sentence a value of that unit after a total word (gave, total, in all, 合计, 共): the list's sum
        (0.75 within a factor of 2: farther off, the value is another total)."""
        out: list[Relation] = []
        ms, text = self.ms, self.text
        stated = {r.target for r in found}
        for idx in self.sentences().values():
            if not 4 <= len(idx) <= 40:
                continue
            n = 0
            while n < len(idx) - 1:
                run = [idx[n]]
                while n + len(run) < len(idx) and self._listed_next(run[-1], idx[n + len(run)]):
                    run.append(idx[n + len(run)])
                n += len(run)
                if len(run) < 3 or n >= len(idx):
                    continue
                t = idx[n]
                mt = ms[t]
                if t in stated or not _usable(mt) or mt.number.kind != "number" \
                        or mt.unit.dims != ms[run[0]].unit.dims \
                        or not _TOTAL_BETWEEN.search(text, ms[run[-1]].end, mt.start):
                    continue
                want, got = self.base(t), sum(self.base(k) for k in run)
                if want <= 0 or not want / 2 <= got <= want * 2:
                    continue
                formula = " + ".join(_ref(k) for k in run)
                fit = self._formula_fits(t, formula)
                if fit is None:
                    continue
                out.append(self._stated("written-sum", t, formula, run, confidence=0.75, unitless=fit[1],
                                        note=f"{mt.printed} is the sum of the {len(run)} values listed before it",
                                        evidence=f"a list of {len(run)} values, then a total word and the total: "))
                stated.add(t)
        return out

    def _listed_next(self, a: int, b: int) -> bool:
        """``b`` goes on the list ``a`` is in: a usable plain value of its unit (a unit printed only on the
        last value of the list is the list's), joined by a comma or "and"."""
        ms = self.ms
        ma, mb = ms[a], ms[b]
        if not (_usable(ma) and _usable(mb)) or ma.number.kind != "number" or mb.number.kind != "number":
            return False
        return ma.unit.dims == mb.unit.dims and bool(_LIST_GAP.fullmatch(self.text, ma.end, mb.start))
