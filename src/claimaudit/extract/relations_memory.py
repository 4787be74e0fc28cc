"""Memory a table states: a "N x GPU (M GB)" cell must hold the memory its row says it needs, and memory
grows with the batch size or the sequence length its columns (or rows) are headed by."""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Callable
from fractions import Fraction

from .document import Table
from .relation_model import FinderBase, Relation, _ref, _usable, _where

# "4 x RTX 4090 (24 GB)", "2×A100（80GB）", "1 x A10 (24 GB)": a count of cards of one memory size
_CARDS = re.compile(r"(?<![\w.])(\d{1,3})\s*[x×X*]\s*[^()（）\n|]{1,40}?[(（]\s*(\d{1,4}(?:\.\d+)?)\s*"
                    r"(?:GB|G|GiB)\s*[)）]")
_GPU_MEMORY = re.compile(r"memory|\bmem\b|vram|显存|占用", re.I)
_NOT_GPU = re.compile(r"\bcpu\b|\bram\b|disk|storage|download|file|内存|磁盘|硬盘|存储|文件", re.I)
# what a column (or row) of memory cells may be headed by: the batch size, the sequence or context length
_AXIS = re.compile(r"batch|\bbs\b|\bseq|context|length|\btokens?\b|批|序列|上下文|长度|并发|concurren", re.I)
_BARE = re.compile(r"\s*\d+(?:\.\d+)?\s*[KkM]?\s*")
_BYTES = ("megabyte", "gigabyte", "terabyte", "mebibyte", "gibibyte", "tebibyte")
_AXIS_NUMBER = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*([KkM]?)(?![\w.])")


def _skeleton(text: str) -> str:
    """A header without its number: columns are steps of one axis only when this is the same ("batch 1"
    and "batch 16"; "编码 2048 长度的最小显存" and "生成 8192 长度的最小显存" measure two operations)."""
    return " ".join(_AXIS_NUMBER.sub("#", text).casefold().split())


def _axis_value(text: str) -> Fraction | None:
    """The one number a header or a row label prints ("batch 16", "4K", "32k tokens"), scaled."""
    got = _AXIS_NUMBER.findall(text)
    if len(got) != 1:
        return None
    number, scale = got[0]
    return Fraction(number) * {"": 1, "k": 1000, "K": 1000, "M": 10**6}[scale]


class MemoryRelations(FinderBase):
    def card_memory(self) -> list[Relation]:
        """A cell "N x GPU (M GB)" beside the row's memory requirement (a column headed by memory words:
        VRAM, GPU memory, 显存): the N cards hold it, N × M ≥ the requirement (0.75). CPU memory,
        disk and file sizes are not what the cards hold."""
        out = []
        for t in self.doc.tables:
            needs = [c for c in range(1, t.ncols)
                     if _GPU_MEMORY.search(h := self._header(t, c)) and not _NOT_GPU.search(h)]
            if not needs:
                continue
            for r, row in enumerate(t.rows):
                for cell in row:
                    mo = _CARDS.search(cell.text)
                    if mo is None or cell.col in needs:
                        continue
                    cards = self._at(t, r, cell.col, cell.start + mo.start(1))
                    size = self._at(t, r, cell.col, cell.start + mo.start(2))
                    if cards is None or size is None or not self.ms[size].unit.dims.items:
                        continue
                    for c in needs:
                        need = self.value(t, r, c)
                        if need is None or self.ms[need].unit.canonical != self.ms[size].unit.canonical:
                            continue
                        out.append(Relation(
                            "compare", None, f"{_ref(cards)} * {_ref(size)} - {_ref(need)}", [cards, size, need],
                            value=">= 0", quote=self.doc.line_text(self.ms[need].start).strip(), unitless=True,
                            note=f"{mo.group(0)!r} holds the {self.ms[need].printed} of column "
                                 f"{self._header(t, c)!r} (row {t.label(r)!r} of {_where(t)})",
                            at=self.ms[need].start, confidence=0.75,
                            evidence=f"{_where(t)}: the cell {mo.group(0)!r} (cards × memory each) beside the row's "
                                     f"{self._header(t, c)!r}"))
        return out

    def _at(self, t: Table, r: int, c: int, offset: int) -> int | None:
        """The usable mention of cell (r, c) that starts at ``offset`` (its position in the cell's text)."""
        for k in self.by_cell.get((t.index, r, c), []):
            m = self.ms[k]
            if m.start <= offset < max(m.number_end, m.start + 1) and _usable(m):
                return k
        return None

    def memory_growth(self) -> list[Relation]:
        """Memory cells under columns (or in rows) headed by increasing batch sizes or sequence lengths
        ("batch 1 | batch 4 | batch 16", "4K | 32K"): each is at least the one before it (0.75).
        Bounds ("> 80 GB", OOM) are left out."""
        out = []
        for t in self.doc.tables:
            where = " ".join((t.caption, t.section, t.header[0] if t.header else ""))
            # columns headed by the axis: its word in the header ("batch 4"), or a bare number ("4", "32K")
            # under a caption or first header that names it ("1 GPU | 2 GPUs" under "batch 32" is not)
            heads = {c: v for c in range(1, t.ncols) if (v := _axis_value(h := self._header(t, c))) is not None
                     and (_AXIS.search(h) or (_BARE.fullmatch(h) and _AXIS.search(where)))}
            for order in _steps_of_one_axis(heads, functools.partial(self._header, t)):
                for r in range(len(t.rows)):
                    cells = [(c, k) for c in order if (k := self._memory(t, r, c)) is not None]
                    out += self._growth(t, cells, heads, [repr(self._header(t, c)) for c in range(t.ncols)],
                                        f"row {t.label(r)!r}")
            # rows labelled by the axis ("batch 4"), or bare numbers under a first header naming it (a
            # caption's "batch 32" over rows of GPU counts names no axis of the rows)
            first = t.header[0] if t.header else ""
            labels = {r: v for r in range(len(t.rows)) if (v := _axis_value(lab := t.label(r))) is not None
                      and (_AXIS.search(lab) or (_BARE.fullmatch(lab) and _AXIS.search(first)))}
            for order in _steps_of_one_axis(labels, t.label):
                for c in range(1, t.ncols):
                    cells = [(r, k) for r in order if (k := self._memory(t, r, c)) is not None]
                    out += self._growth(t, cells, labels, [repr(t.label(r)) for r in range(len(t.rows))],
                                        f"column {self._header(t, c)!r}")
        return out

    def _memory(self, t: Table, r: int, c: int) -> int | None:
        k = self.value(t, r, c)
        if k is None or self.ms[k].unit.canonical not in _BYTES:
            return None
        return k

    def _growth(self, t: Table, cells: list[tuple[int, int]], axis: dict[int, Fraction], names: list[str],
                along: str) -> list[Relation]:
        out = []
        for (a, x), (b, y) in itertools.pairwise(cells):
            if axis[a] == axis[b] or self.ms[x].unit.canonical != self.ms[y].unit.canonical:
                continue
            out.append(Relation(
                "compare", None, f"{_ref(y)} - {_ref(x)}", [y, x], value=">= 0",
                quote=self.doc.line_text(self.ms[y].start).strip(), unitless=True,
                note=f"memory under {names[b]} is at least that under {names[a]} ({along} of {_where(t)})",
                at=self.ms[y].start, confidence=0.75,
                evidence=f"{_where(t)}: memory cells of {along} under {names[a]} and {names[b]} "
                         "(a larger batch or sequence needs no less memory)"))
        return out


def _steps_of_one_axis(axis: dict[int, Fraction], name: Callable[[int], str]) -> list[list[int]]:
    """The columns (or rows) of ``axis`` in groups headed alike but for their number, each in axis order
    (groups of two or more)."""
    groups: dict[str, list[int]] = {}
    for k in axis:
        groups.setdefault(_skeleton(name(k)), []).append(k)
    return [sorted(g, key=lambda k: axis[k]) for g in groups.values() if len(g) >= 2]
