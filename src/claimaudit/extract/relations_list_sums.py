"""A total that opens a bullet list of its parts: "The run was interrupted 78 times:" over "- GPU faults: 41",
"- NIC or link flaps: 32", …; "训练数据共 1.2T token：" over "- 网页：0.8T", "- 代码：0.3T", …: the total is the
sum of the one value of each item.

Precision first. The line before the list ends with a colon and holds exactly one value of the items'
kind (the same unit, plain numbers); the list is a top-level bullet or numbered list starting on the next
line, of two items or more, each holding exactly one value, none a bound or a range. Not a count of the
items (":" after "4 benchmarks" lists the benchmarks, :mod:`.relations_lists`), not percentages (a list of
shares is :meth:`.TableRelations.list_shares`'), and only when the items add up to within a factor of 2.5
of the total (a list of sizes or scores under a count adds up to something else entirely). Audited (0.75):
the structure states it; an item left out or a miscount is the finding.
"""

from __future__ import annotations

import re

from .relation_model import FinderBase, Relation, _ref, _usable

_OPENS_LIST = re.compile(r"[:：]\s*$")


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
