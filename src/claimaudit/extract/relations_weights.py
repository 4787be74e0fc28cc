"""The memory a model's weights take: its parameter count times the bytes each parameter is stored in
("7.24B parameters × 2 bytes ≈ 14.5 GB", "13.2B 参数 × 2 字节 = 26.4 GB"), the bytes printed or named by
the precision ("in BF16 it needs 140 GB": 2 bytes; FP32 4, FP8 / INT8 1, INT4 half a byte).

Precision first. One parameter count in the sentence (a count of parameters, or a size before 参数 /
"-parameter" / "model"), the memory after it, and for each memory the bytes printed between them or the
precision word nearest before it. Written as a product ("× 2 bytes ≈", "= 26.4 GB") the memory is the
product (0.8, approximate when printed so); said to be needed ("needs", "requires", 需要, 占用) the memory
is at least the weights' (0.75): a run also holds activations and caches, so more is no error, less is.
"""

from __future__ import annotations

import re
from fractions import Fraction

from .relation_model import FinderBase, Relation, _ref, _usable

# the size of a model printed before what it counts: "13.2B 参数", "a 70B-parameter model", "34B model"
_SIZE_WORDS = re.compile(r"\s*(?:-?\s*(?:parameters?|params?)\b|个?参数|\s*(?:-\s*)?(?:model|模型))", re.I)
# bytes per parameter of each precision
_PRECISION: dict[str, int | Fraction] = {
              "fp32": 4, "float32": 4, "tf32": 4, "fp16": 2, "bf16": 2, "float16": 2, "bfloat16": 2,
              "half precision": 2, "half-precision": 2, "半精度": 2,
              "fp8": 1, "int8": 1, "8-bit": 1, "8 bit": 1, "8bit": 1,
              "int4": Fraction(1, 2), "4-bit": Fraction(1, 2), "4 bit": Fraction(1, 2), "4bit": Fraction(1, 2),
              "nf4": Fraction(1, 2)}
_PRECISION_WORD = re.compile(r"(?<![A-Za-z0-9])(" + "|".join(sorted(map(re.escape, _PRECISION), key=len,
                                                                    reverse=True)) + r")(?![A-Za-z0-9])", re.I)
_TIMES = re.compile(r"^\s*(?:个?参数|parameters?|params?)?\s*(?:[×x*]|times|乘以?)\s*$", re.I)
_EQUALS = re.compile(r"^\s*(?:(?P<approx>≈|~|约等于|约为|约|about|roughly|approximately)|=|is|equals|comes to|为)\s*"
                     r"(?:(?P<approx2>≈|约|about|roughly)\s*)?$", re.I)
_NEEDS = re.compile(r"(?:needs?|requires?|takes?|occupies|occupy|uses?|fits? (?:in|into|on)|footprint of|"
                    r"需要|需|占用|占|约需)\s*(?:about|roughly|约|大约)?\s*$", re.I)
_BYTE_UNITS = ("byte", "bit")
# the memory named as the weights' own: "权重约 68 GB", "the weights take about 14 GB", "weights: 26 GB"
_WEIGHTS_ARE = re.compile(r"(?:权重|\bweights?\b)\s*(?:约为|约|为|是|占|共|需|:|：|are|is|take|takes|occupy|of"
                          r"|come to)?\s*(?:about|roughly|约|大约|approximately)?\s*$", re.I)
_APPROX_BEFORE = re.compile(r"约|大约|about|roughly|approximately|~|≈", re.I)
# the memory of something else than the whole run or the weights: "its activations take 2 GB", "KV cache 缓存"
_OTHER_MEMORY = re.compile(r"activation|kv[- ]?cache|\bcache|optimi[sz]er|gradient|激活|缓存|优化器|梯度", re.I)


class WeightRelations(FinderBase):
    def weight_memory(self, found: list[Relation]) -> list[Relation]:
        out: list[Relation] = []
        ms, text = self.ms, self.text
        stated = {r.target for r in found}
        last: list[int] = []           # the parameter count of the clause before, when it ended with ";"
        for (s, _e), every in self.sentences().items():
            counts = [k for k in every if self._parameters(k)]
            carried = not counts and len(last) == 1 and text[ms[last[0]].end:s].rstrip().endswith((";", "；"))
            idx = (last + every) if carried else every
            last = counts or (last if carried else [])
            if len(idx) < 2 or len(idx) > 30 or len(counts if not carried else last) != 1:
                continue
            p = (counts or last)[0]
            if any(k != p and not ms[k].unit.dims.items and ms[k].number.nominal * ms[k].unit.factor >= 10**6
                   for k in every):
                continue        # "the 7B and 13B models": another size, whose memory is which?
            for m in idx:
                mm = ms[m]
                if m in stated or mm.start < ms[p].end or not _usable(mm) or mm.number.kind != "number" \
                        or mm.unit.dims.items != (("[information]", 1),) or mm.unit.factor < 8 * 10**6:
                    continue            # (a memory of a megabyte and more: "2 bytes" is the bytes each)
                rel = self._weights(idx, p, m, s)
                if rel is not None:
                    out.append(rel)
                    stated.add(m)
        return out

    def _parameters(self, k: int) -> bool:
        m = self.ms[k]
        if not _usable(m) or m.number.kind != "number" or m.number.nominal * m.unit.factor < 10**6:
            return False
        return m.unit.canonical == "parameter" or (not m.unit.dims.items and _SIZE_WORDS.match(self.text, m.end)
                                                   is not None)

    def _weights(self, idx: list[int], p: int, m: int, s: int) -> Relation | None:
        ms, text = self.ms, self.text
        between = [k for k in idx if ms[p].end <= ms[k].start and ms[k].end <= ms[m].start]
        per = [k for k in between if ms[k].unit.canonical in _BYTE_UNITS and _usable(ms[k])
               and ms[k].number.nominal * ms[k].unit.factor <= 8 * 32]
        before_m = text[(ms[per[-1]].end if per else ms[p].end):ms[m].start]
        if len(per) == 1:
            k = per[0]
            each = ms[k].number.nominal * ms[k].unit.factor / 8           # in bytes
            explicit = _TIMES.match(text[ms[p].end:ms[k].start]) is not None
            how = f"{ms[k].printed!r} per parameter"
        elif not per and all(ms[k].unit.dims == ms[m].unit.dims for k in between):
            # the precision named since the memory before it ("in FP8 needs 70 GB; in BF16 it needs 140 GB")
            words = _PRECISION_WORD.findall(text[ms[between[-1]].end if between else s:ms[m].start]) \
                or ([] if between else _PRECISION_WORD.findall(text[s:ms[m].start]))
            if not words:
                return None
            each = Fraction(_PRECISION[words[-1].lower()])
            explicit, how = False, f"{words[-1]} ({each} byte{'' if each == 1 else 's'} per parameter)"
        else:
            return None
        eq = _EQUALS.match(before_m)
        marked = ms[m].number.relation == "~"          # "≈ 14.5 GB": the mention holds its own ≈
        if explicit and (eq is not None or (marked and not before_m.strip())):
            approx = marked or (eq is not None and bool(eq.group("approx") or eq.group("approx2")))
            formula, value, confidence, said = f"{_ref(p)} * bpp", None, 0.8, "written as their product"
            note = f"{ms[m].printed} is {ms[p].printed} × {how}"
        elif _WEIGHTS_ARE.search(text, max(s, ms[m].start - 16), ms[m].start) and ms[m].number.nominal > 0:
            # "每个参数占 2 字节，权重约 68 GB", "the weights take about 14 GB": the weights themselves
            approx = bool(marked or _APPROX_BEFORE.search(text, max(s, ms[m].start - 8), ms[m].start))
            formula, value, confidence, said = f"{_ref(p)} * bpp", None, 0.8, "named as the weights'"
            note = f"{ms[m].printed} is the weights: {ms[p].printed} × {how}"
        elif _NEEDS.search(text, max(s, ms[m].start - 24), ms[m].start) \
                and not _OTHER_MEMORY.search(text, max(s, ms[m].start - 40), ms[m].start):
            approx, formula, value, confidence = False, f"{_ref(m)} / ({_ref(p)} * bpp)", ">= 1", 0.75
            said = "the sentence says it needs"
            note = f"{ms[m].printed} holds at least the weights: {ms[p].printed} × {how}"
        else:
            return None
        return Relation("product", None if value else m, formula, [p] if value is None else [m, p], value=value,
                        quote=self.doc.sentence(ms[m].start).strip(), at=ms[m].start, confidence=confidence,
                        given={"bpp": self._bytes_each(each, p)}, approx=approx, note=note,
                        evidence=f"a parameter count, the bytes each is stored in ({how}) and the memory "
                                 f"{said}: "
                                 f"{text[ms[p].start:ms[m].end + 1].strip()[:120]!r}")

    def _bytes_each(self, each: Fraction, p: int) -> str:
        """The bytes each parameter takes, as the claim's input: per parameter when the count is one of
        parameters ("7.24B parameters"); a bare size ("13.2B 参数") counts nothing, so plain bytes."""
        per = " per parameter" if self.ms[p].unit.canonical == "parameter" else ""
        return f"{each} byte{'' if each == 1 else 's'}{per}"
