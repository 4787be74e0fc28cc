"""Comparatives a sentence states between two rows of the table beside it: "Tern-7B generates 2.1× more
tokens per second than Base-7B", "uses 40% less memory than Base-7B", "Tern-7B 的显存比 Base-7B 低 40%": the
multiple is the larger of the two rows' cells over the smaller, the percentage the first row's cell against
the second's (less / fewer / lower / smaller / 低 / 少: (Y − X) / Y; more / higher / larger / 高 / 多: (X − Y) / Y).

Precision first. The sentence names exactly two rows of the table right after (or before) it in the same
section, by labels printed whole, the second after "than" / "over" / "compared with" / "vs" / 比 / 相比; the
value is a multiple (2.1×, 3 times, 2 倍) or a percentage right before (or, in Chinese, right after) a
comparative word; the first row is the one named last before the value, the second the one named first
after it behind a comparison word; the column is the one whose header's words are printed between the value
and the second row ("2.1× more tokens per second than": 'Tokens/s') (0.75), else the table's only column
of numbers (0.7). "N% faster / slower" over a column of times reads two ways (time saved, or
speed gained) and stays a suggestion (0.5); a sentence naming another setting (a batch size, a context
length) than the table's is not read when the table has more than one numeric column.
"""

from __future__ import annotations

import re

from .change_words import COMPARATIVE, DOWN, SCORE, UP, direction_of, words
from .relation_model import _HEADER_UNIT_PART, _HEADER_WORD, Relation, _ref, _usable, _where
from .relations_near import NEAR_LINES, NearTableRelations
from .relations_points import _positions
from .relations_table import body_rows

# the comparative beside the value (change_words; its one-character words anchored by the patterns here)
_LESS = words(DOWN, (COMPARATIVE, SCORE), bare="plain")
_MORE = words(UP, (COMPARATIVE, SCORE), bare="plain")
_AFTER_VALUE = re.compile(rf"\s*(?:(?:as\s+)?(?:much\s+|many\s+)?)?(?P<w>{_LESS}|{_MORE})\b", re.I)
_ZH_BEFORE_VALUE = re.compile(rf"(?P<w>{_LESS}|{_MORE})了?\s*(?:约|大约)?\s*$")
_TIMES = re.compile(r"\s*(?:times\b|倍)", re.I)
# a multiple of the thing named before it: "是 Y 的 3.5 倍" (after 的), "3.5 times as large as Y" (as … as)
_OF_BEFORE = re.compile(r"(?P<w>的)\s*$")
_AS_AFTER = re.compile(r"\s+(?P<w>as)\s+(?:\w+\s+){1,2}?as\b", re.I)
_BASE_BEFORE = re.compile(r"(?:\bthan|\bover|compared\s+(?:with|to)|relative\s+to|\bvs\.?|\bversus|相比于?|相较于?"
                          r"|比|较)\s*(?:the\s+)?$", re.I)
# (the other of a multiple "of": "是 Y", "as large as Y", "that of Y")
_BASE_OF = re.compile(r"(?:是|為|为|\bas|\bthat\s+of|\bthose\s+of)\s*(?:the\s+)?$", re.I)
# a short model name ("P5", "S90", "X2"): letters and digits both
_MODEL_NAME = re.compile(r"(?=[^\W\d_]*\d)(?=\d*[^\W\d_])[^\W_]{2,}")
_FASTER = re.compile(r"^(?:faster|quicker|slower|快|慢)$", re.I)
# "N% better / worse": higher is better for a score; over a column with units (a time, a memory) either
# way may be the better one, so that reading stays a suggestion
_BETTER = re.compile(r"^(?:better|worse)$", re.I)


def _whole(text: str, k: int, n: int) -> bool:
    """Whether text[k:k+n] stands alone: no letter or digit glued on either side ("P5" is not in "P50")."""
    return (k == 0 or not text[k - 1].isascii() or not text[k - 1].isalnum()) \
        and (k + n >= len(text) or not text[k + n].isascii() or not text[k + n].isalnum())


class ComparativeRelations(NearTableRelations):
    def comparatives(self, found: list[Relation]) -> list[Relation]:
        out: list[Relation] = []
        if not self.doc.tables:
            return out
        taken = {r.target for r in found}
        starts = [t.start for t in self.doc.tables]
        text, ms = self.text, self.ms
        for (s, e), idx in self.sentences().items():
            for i in idx:
                m = ms[i]
                if i in taken or not _usable(m) or m.relation is not None:
                    continue
                multiple = m.number.kind == "ratio" or (m.number.kind == "number" and bool(_TIMES.match(text, m.end)))
                if not (multiple or m.number.kind == "percent"):
                    continue
                after = _TIMES.match(text, m.end)
                word = _AFTER_VALUE.match(text, after.end() if after else m.end)
                if word is None:
                    word = _ZH_BEFORE_VALUE.search(text, max(s, m.start - 8), m.start)
                if word is None and multiple:
                    # "X 的增加值是 Y 的 3.5 倍", "X is 3.5 times as large as Y": X over Y, the multiple's words
                    word = _OF_BEFORE.search(text, max(s, m.start - 8), m.start) or _AS_AFTER.match(
                        text, after.end() if after else m.end)
                if word is None:
                    continue
                # (two things named and what is compared: a table further up its section is meant too)
                t = self._near_table(s, e, starts, back=NEAR_LINES)
                if t is not None:
                    rel = self._compare_rows(t, i, *self.statement_span(m.start), word.group("w"), multiple)
                    if rel is not None:
                        out.append(rel)
        return out

    def _compare_rows(self, t, i: int, s: int, e: int, word: str, multiple: bool) -> Relation | None:
        """The two rows (or, in a table whose header names the things compared, two columns) the
        sentence names, and the column (row) of what it compares."""
        for axis in ("rows", "columns"):
            rel = self._compare_on(t, i, s, e, word, multiple, axis)
            if rel is not None:
                return rel
        return None

    def _entity_keys(self, t, axis: str) -> list[tuple[str, int, bool, str]]:
        """(casefolded name, row or column, shortened) of the things an axis holds: row labels (total and
        average rows left out) or column headers; each also by its name without the first word ("P7 Pro",
        "P5" for "极光 P7 Pro", "极光 P5": reviews drop the brand) when that shorter name is no other's and
        is a model name (letters and digits) or three characters long."""
        names = [(t.label(r), r) for r in body_rows(t)] if axis == "rows" \
            else [(self._header(t, c), c) for c in range(1, t.ncols)]
        if axis == "rows":
            names += self._inner_labels(t, [r for _n, r in names])
        keys = [(n.casefold(), k, False, n) for n, k in names if len(n) >= 3]
        tails = [(tail.casefold(), k, True, n) for n, k in names if len(parts := n.split(None, 1)) == 2
                 and (len(tail := parts[1]) >= 3 or _MODEL_NAME.fullmatch(tail))]
        every = [key for key, _k, _t, _n in keys + tails]
        return keys + [(key, k, short, n) for key, k, short, n in tails if every.count(key) == 1]

    def _inner_labels(self, t, rows: list[int]) -> list[tuple[str, int]]:
        """The grouped table's own row names (FinderBase.inner_labels) of ``rows``, when every one has one."""
        inner = self.inner_labels(t)
        return [(inner[r], r) for r in rows if r in inner]

    def _compare_on(self, t, i: int, s: int, e: int, word: str, multiple: bool, axis: str) -> Relation | None:
        sentence = self.text[s:e]
        folded = sentence.casefold()
        at = self.ms[i].start - s
        keys = self._entity_keys(t, axis)
        spans = [(k, r, len(key)) for key, r, short, _n in keys for k in _positions(folded, key)
                 if not short or _whole(folded, k, len(key))]
        shown = {r: n for key, r, _s, n in keys if key in folded}     # each thing by the name it was found by
        # a name inside another ("Wren-7B" in "Wren-7B-int4") is the longer one there
        labels = sorted({(k, r) for k, r, n in spans if not any(
            r != q and q_k <= k < q_k + q_n and q_n > n for q_k, q, q_n in spans)})
        if len({r for _k, r in labels}) != 2:
            return None
        # X: the row named last before the value; Y: the row named first after it, after a comparison word
        before = [(k, r) for k, r in labels if k < at]
        base = _BASE_OF if multiple and word.lower() in ("的", "as") else _BASE_BEFORE
        after = [(k, r) for k, r in labels if k > at and base.search(sentence, 0, k)]
        if after:
            if not before or before[-1][1] == after[0][1]:
                return None
            xr, (ky, yr) = before[-1][1], after[0]
            clause = folded[at:ky]              # "1.9× more tokens per second than": what is compared
        else:
            # "X 的显存比 Y 低 40%": both rows before the value, the second after 比
            if len(before) < 2 or before[-2][1] == before[-1][1] or not base.search(sentence, 0, before[-1][0]):
                return None
            (kx, xr), (_ky, yr) = before[-2], before[-1]
            clause = folded[kx:at]
        if axis == "rows":
            numeric = [c for c in range(1, t.ncols) if all(self.value(t, r, c) is not None for r in (xr, yr))]
            by_words = self.columns_named(t, numeric, clause)
        else:
            numeric = [r for r in range(len(t.rows)) if all(self.value(t, r, c) is not None for c in (xr, yr))]
            by_words = self._rows_named(t, numeric, clause)
        named_by = "the words compared print words of its header"
        if not by_words and axis == "columns":
            by_words, named_by = self._rows_stated(t, numeric, xr, s, e, i), "the sentence prints the first's cell"
            if len(by_words) != 1:      # the subject may be named before the clause ("缓外写入速度…：P7 Pro …")
                by_words, named_by = self._rows_named(t, numeric, folded[:at]), "the sentence prints words of its label"
        if len(by_words) == 1:
            c, confidence, how = by_words[0], 0.75, named_by
        elif not by_words and len(numeric) == 1:
            c, confidence, how = numeric[0], 0.7, "the table's only column of numbers"
        else:
            return None
        if axis == "columns":         # (the things compared are columns; what is compared, a row)
            return self._compared(t, i, sentence, word, multiple, confidence, how, self.value(t, c, xr),
                                  self.value(t, c, yr), shown[xr], shown[yr], t.label(c), "columns")
        return self._compared(t, i, sentence, word, multiple, confidence, how, self.value(t, xr, c),
                              self.value(t, yr, c), shown[xr], shown[yr], self._header(t, c), "rows")

    def _rows_named(self, t, rows: list[int], folded: str) -> list[int]:
        """Those of ``rows`` whose label prints a word of ``folded``; a Chinese word also by its last two
        characters ("得分" names "PCMark 10 存储得分")."""
        def words(r: int) -> list[str]:
            found = _HEADER_WORD.findall(_HEADER_UNIT_PART.sub(" ", t.label(r)))
            return [w.casefold() for w in found] + [w[-2:] for w in found if not w.isascii() and len(w) > 2]
        return [r for r in rows if any(w in folded for w in words(r))]

    def _rows_stated(self, t, rows: list[int], col: int, s: int, e: int, i: int) -> list[int]:
        """Those of ``rows`` whose cell in column ``col`` the clause prints ("P7 Pro 达到 2,150 MB/s，比 P5
        高 54%": the row whose P7 Pro cell is 2,150)."""
        printed = [k for k in self._within(s, e) if k != i and _usable(self.ms[k]) and self.ms[k].cell is None
                   and self.ms[k].number.kind == "number"]
        out = []
        for r in rows:
            cell = self.value(t, r, col)
            if cell is not None and any(self.ms[k].number.nominal == self.ms[cell].number.nominal for k in printed):
                out.append(r)
        return out

    def _compared(self, t, i: int, sentence: str, word: str, multiple: bool, confidence: float, how: str,
                  x: int | None, y: int | None, x_name: str, y_name: str, head: str, axis: str) -> Relation | None:
        """The relation between the cells x and y (of the things named x_name and y_name, on ``head``)."""
        assert x is not None and y is not None  # noqa: S101 - numeric above
        mx, my = self.ms[x], self.ms[y]
        if mx.unit.dims != my.unit.dims or mx.number.nominal <= 0 or my.number.nominal <= 0:
            return None
        m = self.ms[i]
        if multiple and word.lower() in ("的", "as"):
            formula, reading = f"{_ref(x)} / {_ref(y)}", "the first's cell over the second's (X is N times Y)"
        elif multiple:
            big, small = (x, y) if mx.number.nominal >= my.number.nominal else (y, x)
            formula, reading = f"{_ref(big)} / {_ref(small)}", "the larger cell over the smaller"
        else:
            if _FASTER.match(word) or (_BETTER.match(word) and (mx.unit.dims.items or my.unit.dims.items)):
                confidence = 0.5            # "N% faster": time saved or speed gained, two readings
            reading = f"{word!r}: the gap over the second {axis[:-1]}'s"
            if direction_of(word) == DOWN:
                formula = f"({_ref(y)} - {_ref(x)}) / {_ref(y)}"
            else:
                formula = f"({_ref(x)} - {_ref(y)}) / {_ref(y)}"
        other = "row" if axis == "columns" else "column"
        return Relation("comparison", i, formula, [x, y], quote=sentence.strip(), unitless=True, at=m.start,
                        confidence=confidence,
                        note=f"{x_name!r} against {y_name!r} on {head!r} ({_where(t)}): {reading}",
                        evidence=f"{m.printed!r} beside {word!r} in a sentence naming {axis} {x_name!r} and "
                                 f"{y_name!r} (after a comparison word) of {_where(t)}; {other} {head!r}: "
                                 + how.replace("column", other).replace("header", "label" if axis == "columns"
                                                                        else "header"))
