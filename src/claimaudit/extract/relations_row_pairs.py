"""Two rows of a table compared in prose on a column the sentence prints right beside the value: "Kite-DET-L
gains 2.2 mAP@50:95 over Kite-DET-M at 42% lower FPS", "Hybrid retrieval adds 3.8 points of Recall@5 over
dense retrieval", "INT4 的输出速度是 BF16 的 2.02 倍，权重显存降低 75%", "Tern-13B's EM rises by 58%".

Precision first. The sentence names exactly two body rows of one table of its section, by labels printed
whole (case aside, a label's trailing parenthesis left out: "dense retrieval" names "Dense (qm-embed-base)"),
one of them the base: after a word of comparison (over, than, against, 比, 相比) or before the 的 of a
multiple ("是 BF16 的 2.02 倍"); the other, the subject, is named before the value. Each value is read on the
one column whose header (its unit in brackets left out) stands right before it, behind a word of change
("权重显存降低 75%", "lifts nDCG@10 by 10.1%"), or right after it ("2.2 mAP@50:95", "42% lower FPS", "3.8
points of Recall@5"). The words say how: a multiple is one cell over the other; a percentage the change
relative to the base's cell; points or a bare number the gap, in the direction the word of change says —
and only when the cells go that way (else the sentence compares something else). Audited (0.7); a figure
more than three times off its reading is left (another comparison, not a slip).
"""

from __future__ import annotations

import re
from fractions import Fraction

from .change_words import CHANGE, COMPARATIVE, NEWS, RANK, SCORE, UP, direction_of, words
from .relation_model import _HEADER_UNIT_PART, Relation, _ref, _usable, _where
from .relations_doc import COMPARED_BEFORE, DocRelations, _printed_as_name
from .relations_table import body_rows

_DIR = words(None, (CHANGE, COMPARATIVE, SCORE, RANK, NEWS), bare="end")
_DIR_WORD = re.compile(_DIR, re.I)
# header, then the value: "权重显存降低 75%", "EM rises by 58%", "延迟降低了约 35.5%"
_HEAD_DIR_VALUE = re.compile(rf"\s*(?:上|的|方面)?\s*(?P<w>{_DIR})\s*(?:了|by|of|to)?\s*(?:约|about\s+)?$", re.I)
# "lifts nDCG@10 by 10.1%": the word of change before the header, "by" between it and the value
_HEAD_BY_VALUE = re.compile(r"\s+(?:by|of)\s+(?:about\s+)?$", re.I)
_DIR_BEFORE_HEAD = re.compile(rf"(?P<w>{_DIR})\s+(?:the\s+|its\s+)?$", re.I)
# the value, then the header: "2.2 mAP@50:95", "42% lower FPS", "3.8 points of Recall@5", "高 4.2 个百分点的准确率"
_COMPARATIVES = words(None, (COMPARATIVE, SCORE), lang="en")
_VALUE_HEAD = re.compile(rf"\s*(?:points?|pts?|pp|个百分点|分)?\s*(?:of\s+|的)?(?:(?P<w>{_COMPARATIVES})\s+)?"
                         r"(?:in\s+|on\s+)?(?:the\s+)?$", re.I)
# the word of change right before the value: "gains 2.2", "adds 3.8 points", "降低 75%", "beats … by 15.6"
_DIR_BEFORE_VALUE = re.compile(rf"(?P<w>{_DIR})\s*(?:了|by)?\s*(?:约|about\s+)?$", re.I)
# a multiple of the base: "是 BF16 的 2.02 倍" (the base right before 的, the value after it)
_OF_BEFORE_VALUE = re.compile(r"\s*的\s*(?:约\s*)?$")
_COPULA = re.compile(r"\s*(?:is|was|are|were|is\s+now|stands\s+at)?\s*(?:about\s+)?", re.I)
_VALUE_THEN_COMPARATIVE = re.compile(rf"\s*(?:points?\s+|pts?\s+|pp\s+)?(?P<w>{_COMPARATIVES})\b", re.I)
_IS = re.compile(r"\s*(?:是|为|為)\s*")
# a word that makes the name after it the object of a comparison, not its subject
_OBJECT_BEFORE = re.compile(r"(?:不及|不如|逊于|次于|落后于?|胜过|优于|好于|高于|低于|超过|领先|比|较|相比"
                            r"|\bthan|\bover|\bagainst|\bversus|\bvs\.?|\bbehind|\bbelow|\babove|\bbeats?|\btrails?)\s*(?:the\s+)?$")
_THAN_BEFORE = re.compile(r"(?:比|较|相比于?|相较于?)\s*$")
_THAN = re.compile(r"\s*(?:分|值)?\s*(?:比|较|相比于?|相较于?)\s*")
_THAN_BASE_DIR = re.compile(rf"\s*(?:的)?\s*(?P<w>{_DIR})\s*(?:了)?\s*(?:约)?\s*")
_MAX_VALUES = 12


def _key(name: str) -> str:
    """A name as prose prints it: spaces as one, case and emphasis ("**平均**") aside."""
    return re.sub(r"\s+", " ", name).strip().strip("*_`").strip().casefold()


# a header's abbreviations as prose spells them out ("Zero-shot avg" is "the zero-shot average")
_SPELLED = {"avg": "average", "acc": "accuracy", "ppl": "perplexity", "mem": "memory", "params": "parameters",
            "lat": "latency", "thpt": "throughput", "tput": "throughput", "perf": "performance"}
_ABBREVIATION = re.compile(r"\b(" + "|".join(_SPELLED) + r")\b")


def _keys(name: str) -> set[str]:
    """A row label or a header as prose prints it: whole, and without its trailing parenthesis ("Dense
    (qm-embed-base)" -> "dense", "权重显存（GB）" -> "权重显存"); names of fewer than two characters, or of two
    that are not Chinese, name nothing."""
    out = {_key(name), _key(_HEADER_UNIT_PART.sub(" ", name))}
    out |= {_ABBREVIATION.sub(lambda mo: _SPELLED[mo.group(1)], k) for k in out}
    return {k for k in out if len(k) >= 3 or (len(k) == 2 and all("\u4e00" <= ch <= "\u9fff" for ch in k))}


class RowPairRelations(DocRelations):
    def row_pairs(self, found: list[Relation]) -> list[Relation]:
        out: list[Relation] = []
        if not self.doc.tables:
            return out
        stated = {r.target for r in found}
        for (s, e), idx in self.sentences().items():
            if len(idx) > _MAX_VALUES:
                continue
            values = [i for i in idx if i not in stated and _usable(m := self.ms[i]) and not m.number.is_range
                      and m.number.kind in ("number", "percent", "points", "ratio") and m.number.nominal > 0]
            if not values:
                continue
            tables = self._pair_tables(s)
            if not tables:
                continue
            folded = self.text[s:e].casefold().replace("\n", " ")     # (a name wrapped over two lines)
            pairs = [(t, axis, got) for t in tables for axis in ("rows", "columns")
                     if (got := self._pair_rows(t, folded, axis)) is not None]
            if len(pairs) != 1:
                continue
            t, axis, named = pairs[0]
            for i in values:
                rel = self._pair_read(t, i, s, folded, axis, named)
                if rel is not None:
                    out.append(rel)
                    stated.add(i)
        return out

    # -- names ----------------------------------------------------------------------------------------
    def _pair_tables(self, s: int) -> list:
        memo = self.__dict__.setdefault("_pair_sections", {})
        heading = self.doc.heading_at(s)
        got = memo.get(heading)
        if got is None:
            got = memo[heading] = [t for t in self.doc.tables if self.doc.heading_at(t.start) == heading]
        return got

    def _pair_keys(self, t, axis: str) -> tuple[dict[str, int], dict[str, int]]:
        """(thing name -> its index, measure name -> its index) of a table, a name of two left out: the things
        compared are the body rows and the measures the columns (``axis="rows"``), or the other way round
        (``"columns"``: versions or years as columns, "v3.2 的平均分比 v3.0 高 5.0 分")."""
        memo = self.__dict__.setdefault("_pair_key_memo", {})
        got = memo.get((t.index, axis))
        if got is None:
            inner = self.inner_labels(t)
            rows: dict[str, set[int]] = {}
            # (a summary row is a measure of the things in the columns, never a thing compared: "平均分")
            for r in (body_rows(t) if axis == "rows" else range(len(t.rows))):
                for lab in {t.label(r), inner.get(r, "")} - {""}:
                    for k in _keys(lab):
                        rows.setdefault(k, set()).add(r)
            cols: dict[str, set[int]] = {}
            for c in range(1, t.ncols):
                head = self._header(t, c)
                leaf = head.split(" / ")[-1]
                for level in {head, leaf}:
                    for k in _keys(level):
                        cols.setdefault(k, set()).add(c)
                # "Latency p50 (ms)" named "latency": a header's first word of four letters or more (when no other
                # header starts with it)
                first = re.match(r"[A-Za-z]{4,}(?=\s)", leaf)
                if first:
                    cols.setdefault(first.group(0).casefold(), set()).add(c)
                # "Wiki-X PPL" named "perplexity": its last word, spelled out, of four letters or more
                last = re.search(r"(?<=\s)[A-Za-z]{3,}$", _HEADER_UNIT_PART.sub(" ", leaf).strip())
                if last:
                    word = _SPELLED.get(last.group(0).casefold(), last.group(0).casefold())
                    if len(word) >= 4:
                        cols.setdefault(word, set()).add(c)
            one_rows = {k: next(iter(v)) for k, v in rows.items() if len(v) == 1}
            one_cols = {k: next(iter(v)) for k, v in cols.items() if len(v) == 1}
            got = memo[(t.index, axis)] = (one_rows, one_cols) if axis == "rows" else (one_cols, one_rows)
        return got

    def _pair_spans(self, names: dict[str, int], folded: str) -> list[tuple[int, int, int]]:
        """(start, end, row or column) of each name printed whole; a name inside a longer one is the longer."""
        spans = []
        for k, r in names.items():
            at = folded.find(k)
            while at >= 0:
                if _printed_as_name(k, folded[max(0, at - 1):at + len(k) + 2]):
                    spans.append((at, at + len(k), r))
                at = folded.find(k, at + 1)
        return [(a, b, r) for a, b, r in spans
                if not any((a2 <= a and b <= b2) and (a2, b2) != (a, b) for a2, b2, _r in spans)]

    def _pair_rows(self, t, folded: str, axis: str) -> tuple[int, list[tuple[int, int, int]]] | None:
        """(subject, [(base, where its name starts, ends)]) when the sentence names one thing of ``t`` and,
        after a word of comparison, one other ("X … than Y", "X 比 Y") or several, each before its own value
        ("方案 B 的单卡吞吐最高，比方案 A 高 6.6%，比方案 C 高 12.4%")."""
        rows, _cols = self._pair_keys(t, axis)
        spans = self._pair_spans(rows, folded)
        if len({r for _a, _b, r in spans}) < 2:
            return None
        bases = [(a, b, r) for a, b, r in spans if COMPARED_BEFORE.search(folded, max(0, a - 24), a)
                 or (re.match(r"\s*(?:的|['’]s)?\s*(?:约\s*)?[\d.]+\s*(?:倍|×|x\b|times)", folded[b:b + 16])
                 and re.search(r"(?:是|为|為)\s*$", folded[max(0, a - 4):a]))]
        based = {r for _a, _b, r in bases}
        subjects = {r for _a, _b, r in spans} - based
        if not based or len(subjects) != 1:
            return None
        subject = next(iter(subjects))
        first = min(a for a, _b, r in spans if r == subject)
        if first > bases[0][0]:
            return None         # the subject is named first ("X … than Y", "X 比 Y")
        if _OBJECT_BEFORE.search(folded, max(0, first - 8), first):
            return None         # "不及竞品 A，但比竞品 B 高 3.7%": the one named is another comparison's object
        return subject, [(r, a, b) for a, b, r in bases]

    # -- one value ------------------------------------------------------------------------------------
    def _pair_column(self, t, i: int, s: int, folded: str, axis: str, base_at: int, base_end: int
                     ) -> tuple[int, str | None, bool] | None:
        """(measure, direction word or None, a multiple of the base) of value ``i``, by the name beside it."""
        _rows, cols = self._pair_keys(t, axis)
        m = self.ms[i]
        a, b = m.start - s, m.end - s
        got = []
        for ka, kb, c in self._pair_spans(cols, folded):
            if kb <= a and a - kb <= 24:
                between = folded[kb:a]
                mo = _HEAD_DIR_VALUE.fullmatch(between)
                if mo is not None:
                    got.append((c, mo.group("w"), False))
                    continue
                # "its perplexity is 9.5% lower", "zero-shot average is 1.6 points higher"
                after = _VALUE_THEN_COMPARATIVE.match(folded, b) if _COPULA.fullmatch(between) else None
                if after is not None:
                    got.append((c, after.group("w"), False))
                    continue
                mo = _DIR_BEFORE_HEAD.search(folded, max(0, ka - 16), ka) if _HEAD_BY_VALUE.fullmatch(between) else None
                if mo is not None:
                    got.append((c, mo.group("w"), False))
                    continue
                # "输出速度是 BF16 的 2.02 倍": the header, the base, the multiple
                if m.number.kind == "ratio" and kb <= base_at < a and _IS.fullmatch(folded, kb, base_at) \
                        and _OF_BEFORE_VALUE.search(folded, base_at, a):
                    got.append((c, None, True))
                    continue
                # "平均分比 v3.0 高 5.0 分", "显存比 BF16 低 40%": the measure, the base, the word of change
                mo = _THAN_BASE_DIR.fullmatch(folded, base_end, a) if kb <= base_at < a else None
                if mo is not None and _THAN.fullmatch(folded, kb, base_at):
                    got.append((c, mo.group("w"), False))
            elif ka >= b and ka - b <= 24:
                mo = _VALUE_HEAD.fullmatch(folded[b:ka])
                if mo is None:
                    continue
                word = mo.group("w")
                if word is None:
                    before = _DIR_BEFORE_VALUE.search(folded, max(0, a - 16), a)
                    word = before.group("w") if before is not None else None
                got.append((c, word, False))
        if not got and _THAN_BEFORE.search(folded, max(0, base_at - 6), base_at):
            # "方案 B 的单卡吞吐最高，比方案 A 高 6.6%": the value right after "比 BASE 高", the one measure the
            # sentence names before the base
            mo = _THAN_BASE_DIR.fullmatch(folded, base_end, a)
            named = {c for ka, kb, c in self._pair_spans(cols, folded) if kb <= base_at}
            way = direction_of(mo.group("w")) if mo is not None else None
            # (words of both directions before it, "训练数据减少，在 MMLU 上比 Y 高 5.3": which way is not said)
            if way is not None and any(direction_of(w.group(0)) not in (None, way)
                                       for w in _DIR_WORD.finditer(folded, 0, base_at)):
                mo = None
            if mo is not None and len(named) == 1:
                got.append((next(iter(named)), mo.group("w"), False))
        if len({c for c, _w, _o in got}) != 1:
            return None
        return got[0]

    def _pair_read(self, t, i: int, s: int, folded: str, axis: str, named: tuple[int, list[tuple[int, int, int]]]
                   ) -> Relation | None:
        ms = self.ms
        m = ms[i]
        subject, bases = named
        if len({r for r, _a, _b in bases}) == 1:
            base, base_at, base_end = bases[0]
        else:
            # several bases: each value's is the one named right before it ("比方案 A 高 6.6%")
            near = [bs for bs in bases if bs[2] <= m.start - s <= bs[2] + 12]
            if not near:
                return None
            base, base_at, base_end = near[-1]
        got = self._pair_column(t, i, s, folded, axis, base_at, base_end)
        if got is None:
            return None
        c, word, of_base = got
        x, y = (self.value(t, subject, c), self.value(t, base, c)) if axis == "rows" else \
            (self.value(t, c, subject), self.value(t, c, base))
        if x is None or y is None or ms[x].unit.dims != ms[y].unit.dims or ms[x].number.kind != ms[y].number.kind:
            return None
        vx, vy = self.base(x), self.base(y)
        if vx <= 0 or vy <= 0 or vx == vy:
            return None
        way = direction_of(word.lower()) if word else None
        if way is None and word:
            way = direction_of(word.lower().rstrip("s")) or (UP if _DIR_WORD.fullmatch(word) and "up" in word else None)
        kind, unitless, value = "change", True, None
        big, small = (x, y) if vx > vy else (y, x)
        if m.number.kind == "ratio":
            if of_base:
                formula, how, got_value = f"{_ref(x)} / {_ref(y)}", "the subject's cell over the base's", vx / vy
            elif way is not None:
                formula, how = f"{_ref(big)} / {_ref(small)}", "the larger cell over the smaller"
                got_value = max(vx, vy) / min(vx, vy)
            else:
                return None
            kind, want = "comparison", m.number.nominal
        else:
            if way is None or (way == UP) != (vx > vy):
                return None     # no direction, or the cells go the other way: the words compare something else
            gap = abs(vx - vy)
            if m.number.kind == "percent":
                formula, unitless = f"({_ref(big)} - {_ref(small)}) / {_ref(y)}", False
                how, kind = "relative to the base's cell", "comparison"       # (as the comparatives finder says)
                got_value, want = gap / vy, m.number.nominal / 100
                if ms[x].number.kind == "percent" and not _close(want, got_value) and _close(want, gap * 100):
                    # "+5%" between two percentages: points, when only that reading gives the figure
                    formula, how, unitless = f"({_ref(big)} - {_ref(small)}) * 100", "the gap in points", True
                    kind = "change"
                    got_value, want, value = gap * 100, m.number.nominal, m.printed_number or None
            else:
                points = m.number.kind == "points" or m.unit.canonical == "percentage_point"
                fractions = ms[x].number.kind == "number" and max(vx, vy) <= 1 and points
                if ms[x].number.kind == "percent" or fractions:
                    formula, how, got_value = f"({_ref(big)} - {_ref(small)}) * 100", "the gap in points", gap * 100
                else:
                    formula, how, got_value = f"{_ref(big)} - {_ref(small)}", "the gap", gap
                want, value = m.number.nominal, m.printed_number or None
        if got_value <= 0 or not Fraction(1, 3) <= want / got_value <= 3:
            return None         # far off: the sentence compares something else, not a slip
        side = "above" if vx > vy else "below"
        if axis == "rows":
            one, other, measure = t.label(subject), t.label(base), self._header(t, c)
        else:
            one, other, measure = self._header(t, subject), self._header(t, base), t.label(c)
        s0, e0 = self.doc.sentence_span(m.start)
        return Relation(kind, i, formula, [x, y], quote=self.text[s0:e0].strip(),
                        value=value, unitless=unitless, at=m.start, confidence=0.7,
                        note=f"{one!r} {side} {other!r} on {measure!r} ({_where(t)}): {how}",
                        evidence=f"{m.printed!r} beside {measure!r}" + (f" after {word!r}" if word else "")
                                 + f"; {axis} {one!r} and {other!r} (the base after a word of comparison) named in "
                                   f"the sentence; cells of {_where(t)}")


def _close(a: Fraction, b: Fraction) -> bool:
    """Within 2% of each other."""
    return b > 0 and abs(a - b) <= b / 50
