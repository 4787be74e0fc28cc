"""Totals stated as a count of items whose size the document gives elsewhere: a batch of T tokens
"(N query-answer pairs)" after each query and each answer was given a length, and E epochs of a
dataset of D tokens for a run that saw T tokens."""

from __future__ import annotations

import re

from .relation_model import FinderBase, Relation, _ref, _usable
from .relations_prose import _BEFORE_FACTORS

# "（1024 个查询-答案对）", "(1024 prompt-response pairs)": a count of pairs, its two halves named
_PAIRS = re.compile(r"\s*(?:个|對|对)?\s*([^\s\d（）()，,。/\-–]{1,16}?)\s*[-–/]\s*([^\s\d（）()，,。/\-–]{1,16}?)\s*"
                    r"(?:对|對|pairs?\b)\s*[)）]", re.I)


def _prints_pairs(text: str) -> bool:
    """Whether ``text`` holds a word _PAIRS needs (对, 對, "pair" as re.I reads it: İ and ı are i), so that a
    document without one is not matched at each of its values."""
    if "对" in text or "對" in text:
        return True
    low = text.lower()
    return "pair" in low or "pa\u0131r" in low or "pai\u0307r" in low


_EPOCHS = re.compile(r"\s*(?:个\s*)?(?:epochs?\b|轮)", re.I)
_PER_EPOCH = re.compile(r"\s*(?:in\s+(?:1|one)\s+epoch|per\s+epoch|each\s+epoch|an\s+epoch"
                        r"|每\s*(?:个\s*)?(?:epoch|轮))", re.I)
_APPROX = re.compile(r"(?:~=|≈|~|\babout|\baround|\broughly|\bapproximately|约|大约)\s*$", re.I)


class SizeRelations(FinderBase):
    def pair_products(self, found: list[Relation]) -> list[Relation]:
        """"T（N 个 X-Y 对）" where two products of the paragraph gave the size of each X and each Y
        ("N X，每个 … L"): T = N × (L_X + L_Y), a pair holding one of each (0.7)."""
        out: list[Relation] = []
        ms = self.ms
        each = [r for r in found if r.kind == "product" and r.target is not None and len(r.parts) == 2
                and r.note.startswith("the total is the count times")]
        if not _prints_pairs(self.text):
            return out
        for i in range(1, len(ms)):
            mo = _PAIRS.match(self.text, ms[i].end)
            t = i - 1
            if mo is None or not _BEFORE_FACTORS.fullmatch(self._gap(t, i)) or not (_usable(ms[t]) and _usable(ms[i])):
                continue
            line = self.doc.line_text(ms[i].start)
            halves = []
            for word in (mo.group(1), mo.group(2)):
                hits = [r for r in each if r.target is not None and self.doc.line_text(ms[r.target].start) == line
                        and word.casefold() in self._item_words(r).casefold()]
                if len({r.parts[1] for r in hits}) != 1:
                    break
                halves.append(hits[0])
            if len(halves) != 2 or halves[0] is halves[1]:
                continue
            la, lb = halves[0].parts[1], halves[1].parts[1]
            formula = f"{_ref(i)} * ({_ref(la)} + {_ref(lb)})"
            fit = self._formula_fits(t, formula)
            if fit is None:
                continue
            out.append(self._stated(
                "product", t, formula, [i, la, lb], unitless=fit[1], confidence=0.7,
                note=f"{ms[t].printed} is {ms[i].printed} pairs, each one {mo.group(1)} ({ms[la].printed}) and one "
                     f"{mo.group(2)} ({ms[lb].printed})",
                evidence=f"'{mo.group(0).strip()}' after {ms[t].printed!r}; the sizes of each {mo.group(1)!r} and "
                         f"each {mo.group(2)!r} given on the same line: "))
        return out

    def _item_words(self, r: Relation) -> str:
        """What a "T（N items, each L）" product counts: the words after its total and after its count."""
        assert r.target is not None  # noqa: S101 - selected above
        t, n = self.ms[r.target], self.ms[r.parts[0]]
        return self.text[t.end:t.end + 16].split("（")[0].split("(")[0] + " " + re.split(r"[，,;；]", self.text[
            n.end:n.end + 24])[0]

    def epochs(self) -> list[Relation]:
        """"E epochs on a dataset of D tokens in one epoch", after the paragraph said the run saw T
        tokens: E = T / D (0.7), approximate when E is printed so (~=, about, 约). Only when every
        other token count of the paragraph before E agrees (within 5%) on T."""
        out: list[Relation] = []
        ms = self.ms
        tokens = [k for k, m in enumerate(ms) if m.cell is None and _usable(m) and m.unit.canonical == "token"]
        for i, m in enumerate(ms):
            if m.cell is not None or m.unit.dims.items or not _usable(m) or not _EPOCHS.match(self.text, m.end):
                continue
            s, e = self.doc.sentence_span(m.start)
            dataset = [k for k in tokens if s <= ms[k].start < e and _PER_EPOCH.match(self.text, ms[k].end)]
            if len(dataset) != 1:
                continue
            d = dataset[0]
            if ms[d].end <= m.start < ms[d].end + 16:
                continue          # the "1" of "207B tokens in 1 epoch" is the dataset's own epoch
            line_start = self.text.rfind("\n", 0, m.start) + 1       # the paragraph (one line) up to E
            seen = [k for k in tokens if k != d and line_start <= ms[k].start < m.start]
            if not seen:
                continue
            values = [self.base(k) for k in seen]
            if max(values) > min(values) * 105 / 100:
                continue
            total = min(seen, key=lambda k: ms[k].number.step * ms[k].unit.factor)
            approx = bool(m.qualifier) or bool(_APPROX.search(self.text[max(0, m.start - 16):m.start]))
            value = ("~" if approx else "") + (m.printed_number or m.value)
            rel = self._stated("ratio", i, f"{_ref(total)} / {_ref(d)}", [total, d], confidence=0.7,
                               note=f"{m.printed} epochs: the {ms[total].printed} seen over the {ms[d].printed} "
                                    "of one epoch" + (" (approximate)" if approx else ""),
                               evidence=f"{ms[d].printed!r} in one epoch, {m.printed!r} epochs and "
                                        f"{ms[total].printed!r} seen in the paragraph: ")
            rel.target, rel.value, rel.unitless = None, value, False
            out.append(rel)
        return out
