"""Relations across a document: prose naming a table's row and column (headlines, comparisons),
tables that state the minimum or maximum of another, and one quantity printed in two tables."""

from __future__ import annotations

import math
import re
from bisect import bisect_left, bisect_right
from fractions import Fraction
from functools import lru_cache

from ..units.quantity import Dims
from .change_words import CHANGE, NEWS, RANK, words
from .mentions import Mention
from .relation_model import FinderBase, Relation, _recomputes, _ref, _usable, _where
from .word_screen import may_print

#: Distinct row labels and headers beyond which prose is not matched against tables (time bound).
MAX_NAMES = 5000
#: The words prose names a change column by: its header's abbreviation spelled out.
_YEAR = ("year over year", "year-over-year", "year on year", "year-on-year", "from a year ago",
         "from a year earlier")
_QUARTER = ("sequentially", "quarter over quarter", "quarter-over-quarter", "quarter on quarter",
            "from the prior quarter", "from the previous quarter")
_PERIOD_ALIASES = {"yoy": _YEAR, "y/y": _YEAR, "yoy change": _YEAR, "year over year": _YEAR[1:],
                   "qoq": _QUARTER, "q/q": _QUARTER, "qoq change": _QUARTER, "sequential": _QUARTER,
                   "同比增长": ("同比",), "同比增减": ("同比",), "同比变化": ("同比",), "同比增幅": ("同比",),
                   "环比增长": ("环比",), "环比变化": ("环比",), "比上年增长": ("同比", "比上年增长")}
_MIN_WORDS = re.compile(r"最低|最少|最小|\bminimum\b|\bat least\b", re.I)
_MAX_WORDS = re.compile(r"最高|最多|最大|\bmaximum\b|\bpeak\b|\bat most\b", re.I)
_COMPARE = re.compile(r"\b(?:surpass(?:es|ed|ing)?|outperform(?:s|ed|ing)?|beat(?:s|ing)?|exceed(?:s|ed|ing)?|"
                      r"better than|higher than|lower\b[^.。]{0,40}?\bthan)\b|超越|超过了|优于|胜过|高于|低于", re.I)
# words that say the value is measured another way than the table's (another shot count, prompt, setting)
#: A word every match of _COMPARE holds (a document printing none of them compares nothing).
_COMPARE_WORDS = ("surpass", "outperform", "beat", "exceed", "better than", "higher than", "lower",
                  "超越", "超过了", "优于", "胜过", "高于", "低于")
_SETTING = re.compile(r"-?shot|\bcot\b|prompt|setting|\bwith\b|\bwithout\b|\busing\b|\bunder\b|\bvia\b|\bup to\b"
                      r"|\bas high as\b|不同|设置|提示|使用|采用|可达", re.I)
_LOWER = re.compile(r"\blower\b|低于|更低", re.I)


def _printed_as_name(name: str, sentence: str) -> bool:
    """``name`` printed in ``sentence`` as a whole name (not inside a longer word or version)."""
    i = sentence.find(name)
    while i >= 0:
        before = sentence[i - 1:i]
        after = sentence[i + len(name):i + len(name) + 1]
        word_before = before.isalnum() and before.isascii()
        word_after = after.isalnum() and after.isascii()
        if (not word_before and before != "-" and not word_after and after not in ("-", ".")) \
                or (after == "." and not sentence[i + len(name) + 1:i + len(name) + 2].isdigit()):
            return True
        i = sentence.find(name, i + 1)
    return False



def _which(values: int, sure: bool) -> str:
    """How the headline's value was chosen among the sentence's values of the cell's kind."""
    if values < 2:
        return "nearest the header"
    return "the value of its kind that gives the cell" if sure else "nearest the header, of several values of its kind"


# the words right before a row label that make it what the sentence compares with, not its subject (the
# baseline of a gap, relations_points): a comparison's connector, or a word of rank from the one vocabulary
# ("比玄鸟-2-13B", "ahead of X", "surpasses X")
COMPARED_BEFORE = re.compile(r"(?:\bthan|\bahead of|\bvs\.?|\bversus|\bagainst|\bcompared (?:with|to)|\brelative to"
                             r"|比|较|相比于?|相较于?|" + words(None, (RANK,)) + r")\s*(?:the\s+)?$", re.I)
# the row named as a multiple's or a share's base: "是 v3.0 的 4 倍", "9B 版本 91% 的", "4× that of v3.0"
_MULTIPLE_OF = re.compile(r"\s*(?:版本|模型|的版本)?\s*的?\s*(?:约\s*)?[\d.]+\s*(?:倍|%|成)|['’]s\s+[\d.]+\s*%", re.I)
_TIMES_BEFORE = re.compile(r"[\d.]+\s*(?:×|x|times)\s+(?:that\s+of\s+|those\s+of\s+)?(?:the\s+)?$", re.I)
# a model size printed as a name: "9B 版本", "the 70B model", "34B variant"
_SIZE_NAME = re.compile(r"\d+(?:\.\d+)?\s?[BMK]$")
_NAMES_AFTER = re.compile(r"\s*(?:版本|模型|的版本|版|参数版本|model|version|variant|checkpoint)", re.I)
# a value printed as a change, not as the cell: "adds 3.8 points of Recall@5", "提高 26.2 个百分点", "rose by 4%"
_CHANGED_BEFORE = re.compile(r"(?:" + words(None, (CHANGE, NEWS)) + r")\s*(?:by\s+|了\s*)?(?:about\s+|约\s*)?$", re.I)
# a sentence that is a table's footnote: it starts with a footnote mark ("* …", "† …", "¹ …")
_FOOTNOTE_START = re.compile(r"\s*\\?[*†‡§¹²³]")


class DocRelations(FinderBase):
    def _name_index(self) -> tuple[dict[str, list[tuple[int, int]]], dict[str, list[tuple[int, int]]]]:
        """Every table's row labels and column headers (each level of a two-row header), built once."""
        if self._index is None:
            rows: dict[str, list[tuple[int, int]]] = {}
            cols: dict[str, list[tuple[int, int]]] = {}
            for t in self.doc.tables:
                for r in range(len(t.rows)):
                    lab = t.label(r)
                    if len(lab) >= 3:
                        rows.setdefault(lab, []).append((t.index, r))
                for c in range(1, len(t.header)):
                    for head in t.header[c].split(" / "):
                        if len(head) >= 3:
                            cols.setdefault(head, []).append((t.index, c))
                        # a change column is named in prose by its spelled-out period ("up 21% year over year"
                        # for the column "YoY"; "sequentially" for "QoQ"); 同比 / 环比 are printed as they are
                        for alias in _PERIOD_ALIASES.get(head.strip().casefold(), ()):
                            cols.setdefault(alias, []).append((t.index, c))
            self._index = rows, cols
        return self._index

    def _names(self, sentence: str) -> tuple[dict[str, list[tuple[int, int]]], dict[str, list[tuple[int, int]]]]:
        """Row labels and column headers of the document's tables printed in ``sentence`` (remembered:
        the headline, gain, point and comparison rules ask for the same sentences)."""
        memo = self.__dict__.setdefault("_names_memo", {})
        got = memo.get(sentence)
        if got is None:
            got = memo[sentence] = self._find_names(sentence)
        return {k: list(v) for k, v in got[0].items()}, {k: list(v) for k, v in got[1].items()}

    def _find_names(self, sentence: str) -> tuple[dict[str, list[tuple[int, int]]], dict[str, list[tuple[int, int]]]]:
        all_rows, all_cols = self._name_index()
        if len(all_rows) + len(all_cols) > MAX_NAMES:
            return {}, {}
        rows = {k: v for k, v in all_rows.items() if k in sentence and _printed_as_name(k, sentence)}
        cols = {k: v for k, v in all_cols.items() if k in sentence and _printed_as_name(k, sentence)}
        return rows, cols

    def headlines(self) -> list[Relation]:
        """A prose value printed with one table row's label and one column's header: that cell.
        Of the sentence's values, only the one printed nearest the header is read as the cell's."""
        out: list[Relation] = []
        if not self.doc.tables:
            return out
        # sentences joined across wrapped lines (prose is often wrapped at 80-120 columns)
        by_sentence = {span: idx for span, every in self.sentences().items()
                       if (idx := [i for i in every if _usable(m := self.ms[i])
                                   and m.number.kind in ("number", "percent", "points")])}
        for (s, e), idx in by_sentence.items():
            sentence = self.text[s:e]
            rows, cols = self._names(sentence)
            # the longest label wins over its prefixes ("MiniCPM-V 2.6" over "MiniCPM-V")
            rows = {k: v for k, v in rows.items() if not any(k != o and k in o for o in rows)}
            # a name that is this row's label is no column here, though another table heads a column so
            # ("Operating margin": a row of the income statement, a column of the segment table)
            cols = {k: v for k, v in cols.items() if k not in rows}
            cells = {(t, r, c) for lab in rows.values() for t, r in lab
                     for hv in cols.values() for t2, c in hv if t2 == t}
            if len(rows) != 1:
                continue
            jobs = [(next(iter(cols)), next(iter(cells)), None)] if len(cols) == 1 and len(cells) == 1 \
                else self._headers_beside_values(s, sentence, idx, rows, cols)
            label = next(iter(rows))
            if not jobs or COMPARED_BEFORE.search(sentence, 0, max(0, sentence.find(label))) \
                    or _MULTIPLE_OF.match(sentence, sentence.find(label) + len(label)) \
                    or _TIMES_BEFORE.search(sentence, 0, max(0, sentence.find(label))):
                continue        # "青鸾-13B 取得 72.4 分，比玄鸟-2-13B 高 7.1", "扩展到 128K，是 v3.0 的 4 倍": the row
                                # is what it is compared with
            for head, (t, r, c), beside in jobs:
                rel = self._headline(s, sentence, idx, rows, head, (t, r, c), beside)
                if rel is not None:
                    out.append(rel)
        return out

    def _headers_beside_values(self, s: int, sentence: str, idx: list[int], rows: dict, cols: dict
                               ) -> list[tuple[str, tuple[int, int, int], int]]:
        """"Revenue of $4.91 billion, up 21% year over year and 7.5% sequentially": a sentence naming one row
        and several of its table's columns, each header printed right after its own value (spaces only
        between): each value is that column's cell. Every named column must have one."""
        (lab,) = rows.values()
        out = []
        for head, where in cols.items():
            cells = [(t, r, c) for t, r in lab for t2, c in where if t2 == t]
            at = s + sentence.find(head)
            beside = [i for i in idx if self.ms[i].end <= at and not self.text[self.ms[i].end:at].strip()]
            if len(cells) != 1 or len(beside) != 1:
                return []
            out.append((head, cells[0], beside[0]))
        return out

    def _headline(self, s: int, sentence: str, idx: list[int], rows: dict, head: str,
                  cell: tuple[int, int, int], beside: int | None) -> Relation | None:
        """The relation of the value nearest ``head`` (or ``beside``, the value printed right before it)
        and the cell the sentence names."""
        t, r, c = cell
        at = s + sentence.find(head)
        i = beside if beside is not None else min(
            idx, key=lambda k: min(abs(self.ms[k].start - at), abs(self.ms[k].end - at)))
        m = self.ms[i]
        j = self.value(self.doc.tables[t], r, c)
        if j is not None and (m.number.kind, m.unit.canonical) != (self.ms[j].number.kind, self.ms[j].unit.canonical) \
                and _CHANGED_BEFORE.search(self.text, max(0, m.start - 16), m.start):
            return None     # "Hybrid retrieval adds 3.8 points of Recall@5 over dense": a gap, not the cell (a
                            # change column's cell is printed as one: "net income rose 52% year over year")
        how = self.cell_formula(j, m) if j is not None else None
        if j is None or how is None:
            return None
        # "显存占用由 15.6 GB 降至 5.4 GB" under the INT4 row: of several values of the cell's kind, the
        # one that gives the cell is the cell's (the other is another row's); when none does, the
        # pairing is a guess, so only a suggestion
        kin = [k for k in idx if self.ms[k].unit.dims == m.unit.dims and self.ms[k].number.kind == m.number.kind]
        sure = True
        if not _recomputes(m, how[0], self.ms) and _SETTING.search(sentence):
            sure = False        # "在不同提示模板下 … 可达 64.0": measured another way than the table
        if len(kin) > 1 and beside is None:     # (a value right before its header is that column's)
            giving = [k for k in kin if (h := self.cell_formula(j, self.ms[k])) is not None
                      and _recomputes(self.ms[k], h[0], self.ms)]
            sure = sure and bool(giving)
            if giving and i not in giving:
                i = min(giving, key=lambda k: min(abs(self.ms[k].start - at), abs(self.ms[k].end - at)))
                m = self.ms[i]
                how = self.cell_formula(j, m)
                if how is None:
                    return None
        if _SIZE_NAME.match(m.printed) and _NAMES_AFTER.match(self.text, m.end):
            return None         # "9B 版本", "the 70B model": a model size naming a version, not a value of the cell
        table = self.doc.tables[t]
        if _FOOTNOTE_START.match(sentence):
            return None     # "\* 玄鸟-2-13B 的 GSM8K 为其官方报告值，我们复现得到 51.9": a note on a marked cell
                            # (the mark itself is markup, gone from the cell's text) says something else
        return Relation("headline", i, how[0], [j], quote=sentence.strip(), unitless=how[1],
                        note=f"the sentence names row {next(iter(rows))!r} and column "
                             f"{self._header(table, c)!r} of {_where(table)}",
                        at=m.start, confidence=0.75 if sure else 0.5,
                        evidence=f"{next(iter(rows))!r} and {head!r} in the sentence, {m.printed!r} "
                                 + ("printed right before the header" if beside is not None
                                    else _which(len(kin), sure))
                                 + f"; {_where(table)} cell ({next(iter(rows))!r}, {self._header(table, c)!r}){how[2]}")

    def _comparing(self) -> list[re.Match[str]]:
        """The document's words of comparison (surpasses, 优于 …), found once for the comparison rules."""
        memo = self.__dict__.get("_compare_memo")
        if memo is None:
            memo = self.__dict__["_compare_memo"] = list(_COMPARE.finditer(self.text)) \
                if may_print(self.text, _COMPARE_WORDS) else []
        return memo

    def comparisons(self) -> list[Relation]:
        """"X surpasses A, B and C on H": X's cell in column H is above each named row's cell."""
        out: list[Relation] = []
        if not self.doc.tables:
            return out
        seen: set[tuple[int, int]] = set()
        for m in self._comparing():
            s, e = self.statement_span(m.start())
            if (s, e) in seen:
                continue
            seen.add((s, e))
            sentence = self.text[s:e]
            k = m.start() - s
            before, after = sentence[:k], sentence[k:]
            lower = bool(_LOWER.search(after[:80]))
            rows_b, cols_b = self._names(before)
            rows_a, cols_a = self._names(after)
            back = s
            for _ in range(3):
                if (rows_b and (cols_a or cols_b)) or back <= 0:
                    break
                # "It surpasses …": the subject (and the measure) may be named up to three sentences before
                ps, _pe = self.doc.sentence_span(max(0, back - 2))
                if any(tb.start <= ps < tb.end for tb in self.doc.tables):
                    break       # a table's row names no subject of the sentence after the table
                prev_rows, prev_cols = self._names(self.text[ps:back])
                rows_b = rows_b or prev_rows
                cols_b = cols_b or prev_cols
                back = ps
            cols = cols_a or cols_b
            if len(cols) != 1:
                continue
            head = next(iter(cols))
            subject = [x for x in rows_b if not any(x != o and x in o for o in rows_b)]
            others = [x for x in rows_a if not any(x != o and x in o for o in rows_a)]
            if len(subject) != 1 or not others:
                continue
            for t_index, c in cols[head]:
                t = self.doc.tables[t_index]
                srow = next((r for ti, r in rows_b[subject[0]] if ti == t_index), None)
                if srow is None:
                    continue
                x = self.value(t, srow, c)
                if x is None:
                    continue
                for o in others:
                    orow = next((r for ti, r in rows_a[o] if ti == t_index), None)
                    y = self.value(t, orow, c) if orow is not None else None
                    if y is None or self.ms[y].unit.dims != self.ms[x].unit.dims:
                        continue
                    formula = f"{_ref(y)} - {_ref(x)}" if lower else f"{_ref(x)} - {_ref(y)}"
                    word = "below" if lower else "above"
                    out.append(Relation("compare", None, formula, [x, y], value="> 0", quote=sentence.strip(),
                                        note=f"the sentence says {subject[0]!r} is {word} {o!r} on {head!r} "
                                             f"({_where(t)})", at=s + k, unitless=True,
                                        evidence=f"{m.group(0)!r} with {subject[0]!r}, {o!r} and {head!r} in the "
                                                 f"sentence; cells of {_where(t)}", confidence=0.75))
        return out

    def cross_tables(self) -> list[Relation]:
        """A later table whose caption names a column of an earlier one with "minimum" / "maximum"
        ("以下是不同 batch 使用情况下的最低显存要求" under a table with a 最低显存 column): for each row
        label both tables share, the earlier cell is the minimum (maximum) of the later row."""
        out: list[Relation] = []
        tables = self.doc.tables
        for b in tables:
            extreme = "min" if _MIN_WORDS.search(b.caption) else "max" if _MAX_WORDS.search(b.caption) else ""
            if not extreme:
                continue
            for a in tables[:b.index]:
                if a.section != b.section:
                    continue
                cols = [c for c in range(1, len(a.header))
                        if len(a.header[c]) >= 2 and a.header[c].casefold() in b.caption.casefold()]
                labels_a = {a.label(r): r for r in range(len(a.rows))}
                shared = [(labels_a[b.label(r)], r) for r in range(len(b.rows)) if b.label(r) in labels_a]
                if len(cols) != 1 or len(shared) < 2:
                    continue
                c = cols[0]
                for ra, rb in shared:
                    x = self.value(a, ra, c)
                    if x is None:
                        continue
                    ys = [y for k in range(1, b.ncols) if (y := self.value(b, rb, k)) is not None
                          and self.ms[y].unit.dims == self.ms[x].unit.dims]
                    if len(ys) < 2:
                        continue
                    formula = f"{extreme}(" + ", ".join(_ref(y) for y in ys) + ")"
                    word = "minimum" if extreme == "min" else "maximum"
                    out.append(Relation("cross-table", x, formula, ys,
                                        quote=self.doc.line_text(self.ms[x].start).strip(),
                                        note=f"{a.header[c]!r} of {a.label(ra)!r} in {_where(a)} is the {word} of its "
                                             f"row in {_where(b)}", at=self.ms[x].start, confidence=0.7,
                                        evidence=f"the caption of {_where(b)} names column {a.header[c]!r} of "
                                                 f"{_where(a)} and says {word}; row {a.label(ra)!r} in both"))
        return out

    # -- one quantity printed twice -------------------------------------------------------------------
    def same_quantity(self, found: list[Relation]) -> list[Relation]:
        """Two cells that are one quantity: same row label, column header and unit, in tables of the same
        caption or section with the same columns. Never across columns; never a prose repetition."""
        out = []
        involved = {r.target for r in found} | {p for r in found for p in r.parts}
        first: dict[tuple, int] = {}
        prose: dict[tuple[str, Dims], int] = {}
        for i, m in enumerate(self.ms):
            if not _usable(m) or i in involved:
                continue
            if m.cell is None:
                rel = self._prose_same(i, prose)
                if rel is not None:
                    out.append(rel)
                continue
            t = self.doc.tables[m.cell[0]]
            label, head = t.label(m.cell[1]), self._header(t, m.cell[2])
            if not label or head.startswith("column ") or not t.header:
                continue
            group = t.groups[m.cell[1]] if m.cell[1] < len(t.groups) else ""
            key = (label, head, group, tuple(t.header), t.caption or t.section, m.unit.dims)
            j = first.setdefault(key, i)
            if j == i:
                continue
            other = self.ms[j]
            if other.cell is not None and other.cell[0] == m.cell[0]:
                continue       # one table: two rows with one label are two things
            if self.base(j) == self.base(i):
                continue
            t2 = self.doc.tables[other.cell[0]] if other.cell else t
            out.append(Relation("same", i, _ref(j), [j], quote=self.doc.line_text(m.start).strip(),
                                note=f"row {label!r}, column {head!r} of {_where(t)} and of {_where(t2)} "
                                     "should be the same value",
                                at=m.start, confidence=0.75,
                                evidence=f"{_where(t2)} and {_where(t)}: same columns, row label {label!r}, "
                                         f"column header {head!r}, unit"))
        return out


    def _prose_same(self, i: int, first: dict[tuple[str, Dims], int]) -> Relation | None:
        """The same words before two values in two sentences: only a suggestion (0.2), since prose
        repeats a subject for many quantities ("the model … 7B … the model … 65.2")."""
        m = self.ms[i]
        key = _words_before(self.text[max(0, m.start - 30):m.start])
        if key is None:
            return None
        j = first.setdefault((key, m.unit.dims), i)
        other = self.ms[j]
        if j == i or self.doc.sentence_span(m.start) == self.doc.sentence_span(other.start) \
                or self.base(j) == self.base(i):
            return None
        return Relation("same", i, _ref(j), [j], quote=self.doc.sentence(m.start),
                        note=f"printed again after {key!r}: should be the same value as line {other.line}",
                        at=m.start, confidence=0.2,
                        evidence=f"the words {key!r} before both values (prose: a suggestion only)")


    # -- a long exact number that is the product of two others ---------------------------------------
    def exact_products(self, found: list[Relation]) -> list[Relation]:
        """A whole number printed in full with six or more significant digits (299,892,736,000) that is
        exactly the product of two numbers the prose prints elsewhere (143000 steps, 2,097,152 tokens):
        a match of that many digits is no coincidence, so the document is taken to compute it so.
        Only when one pair of values gives it (powers of two factor many ways)."""
        out: list[Relation] = []
        ms = self.ms
        stated = {r.target for r in found}
        by_value: dict[int, list[int]] = {}
        for k, m in enumerate(ms):
            v = m.number.nominal
            if m.cell is None and _usable(m) and v.denominator == 1 and v > 1 and m.number.exact is not False:
                by_value.setdefault(int(v), []).append(k)
        targets = [i for i, t in enumerate(ms) if i not in stated and _usable(t) and not t.number.multiplier
                   and t.number.nominal.denominator == 1 and 10**5 <= t.number.nominal < 10**40
                   and len(str(int(t.number.nominal)).rstrip("0")) >= 6
                   and re.fullmatch(r"[\d,_ ]+", t.printed_number or "")]
        if len(targets) * len(by_value) > 4_000_000:      # time bound: a document of tens of thousands of numbers
            return out
        for i in targets:
            t = ms[i]
            n = int(t.number.nominal)
            pairs = [(a, n // a) for a in by_value if a * a < n and n % a == 0 and n // a in by_value and a != n]
            if len(pairs) != 1:
                continue
            a, b = pairs[0]
            x = min(by_value[a], key=lambda k: abs(ms[k].start - t.start))
            y = min(by_value[b], key=lambda k: abs(ms[k].start - t.start))
            formula = f"{_ref(x)} * {_ref(y)}"
            fit = self._formula_fits(i, formula)
            if fit is None:
                continue
            out.append(Relation("product", i, formula, [x, y], quote=self.doc.sentence(t.start),
                                note=f"{t.printed} is {ms[x].printed} × {ms[y].printed} (lines {ms[x].line}, "
                                     f"{ms[y].line})", unitless=fit[1], at=t.start, confidence=0.7,
                                evidence=f"{t.printed!r} ({len(str(n).rstrip('0'))} significant digits) is exactly "
                                         f"{ms[x].printed!r} × {ms[y].printed!r}, the only pair of the document's "
                                         "numbers that gives it"))
        return out

    # -- "a cumulative 3.3M GPU hours" restating the table's 3311616 ---------------------------------
    def rounded_restatements(self, found: list[Relation]) -> list[Relation]:
        """A scaled prose value (3.3M, 1.35 亿) whose rounding interval holds exactly one table cell
        printed more precisely, of its kind, in a sentence that names a word of that cell's column
        header or row label: the prose restates the cell."""
        out: list[Relation] = []
        ms = self.ms
        stated = {r.target for r in found}
        # cells by their printed magnitude (a unit-less cell is read in the prose value's unit below)
        cells = sorted((v, k) for k, m in enumerate(ms) if m.cell is not None and _usable(m)
                       and (v := _finite(m.number.nominal)) is not None)
        keys = [v for v, _k in cells]        # floats to find the few candidates; the check below is exact
        for i, m in enumerate(ms):
            if m.cell is not None or i in stated or not _usable(m) or not m.number.multiplier:
                continue
            iv = m.number.interval * m.unit.factor
            step = m.number.step * m.unit.factor
            near: list[int] = []
            ends = (_finite(iv.lo / m.unit.factor), _finite(iv.hi / m.unit.factor), _finite(iv.lo), _finite(iv.hi))
            if any(x is None for x in ends):
                continue          # beyond floats ("0E305万"): no table cell is that large
            for a, b in ((ends[0], ends[1]), (ends[2], ends[3])):   # the cell in the prose unit, or in its own
                assert a is not None and b is not None   # noqa: S101 - narrows for mypy: None skipped above
                lo, hi = bisect_left(keys, a - abs(a) * 1e-9), bisect_right(keys, b + abs(b) * 1e-9)
                near += [k for _v, k in cells[lo:hi]] if hi - lo <= 20 else []   # many: no one cell is meant
            inside = [k for k in dict.fromkeys(near) if ms[k].number.kind == m.number.kind
                      and ms[k].unit.dims in (m.unit.dims, Dims())
                      and iv.lo <= self._in_unit(k, m) <= iv.hi]
            # A cell printed no more precisely than the prose value ("3T" for "3 trillion") is the one it
            # restates, if any; and a cell on the rounding interval's edge ("2.5T" for "3 trillion")
            # rounds to the value only under one convention: neither is a restatement of a finer cell.
            if any(ms[k].number.step * ms[k].unit.factor >= step for k in inside):
                continue
            hits = [k for k in inside if iv.lo < self._in_unit(k, m) < iv.hi]
            if not hits:
                continue
            sentence = self.doc.sentence(m.start).casefold()
            named = [(k, w) for k in hits for w in self._cell_words(k) if w in sentence]
            if len({k for k, _w in named}) != 1:
                continue
            k, word = named[0]
            where = ms[k].cell
            if where is None:
                continue
            t, r, c = self.doc.tables[where[0]], where[1], where[2]
            out.append(Relation("headline", i, _ref(k), [k], quote=self.doc.sentence(m.start), at=m.start,
                                unitless=not ms[k].unit.dims.items, confidence=0.7,
                                note=f"{m.printed} restates cell ({t.label(r)!r}, {self._header(t, c)!r}) of "
                                     f"{_where(t)}",
                                evidence=f"{m.printed!r} rounds {ms[k].printed!r}, the only such cell, of row "
                                         f"{t.label(r)!r} and column {self._header(t, c)!r} in {_where(t)}; the "
                                         f"sentence names {word!r}"))
        return out

    def _in_unit(self, k: int, m: Mention) -> Fraction:
        """Cell ``k``'s value in base units; a unit-less cell read in the prose value ``m``'s unit."""
        c = self.ms[k]
        return c.number.nominal * (c.unit.factor if c.unit.dims.items else m.unit.factor)

    def _cell_words(self, k: int) -> list[str]:
        """The words a reader names a cell by: its column header and row label, once each in that order
        (a list, not a set: the evidence names the first, the same on every run)."""
        cell = self.ms[k].cell
        if cell is None:
            return []
        t = self.doc.tables[cell[0]]
        text = " ".join((self._header(t, cell[2]), t.label(cell[1]))).casefold()   # a caption may be the sentence
        return list(dict.fromkeys(w for w in re.findall(r"[a-z][a-z\-]{3,}|[\u4e00-\u9fff]{2,}", text)
                                  if w not in _NAME_FILLER))


@lru_cache(maxsize=1 << 14)
def _words_before(window: str) -> str | None:
    """The last words (two English, or four Chinese characters) before a prose value in ``window``, the
    30 characters before it, within its clause; None when too short or filler. Cached per window
    (documents repeat their phrases)."""
    before = _CLAUSE_STOP.split(window)[-1]
    words = _NAME_WORD.findall(before)
    if not words:
        return None
    last = words[-2:] if words[-1].isascii() else [words[-1][-4:]]
    key = " ".join(w.lower() for w in last)
    if len(key) < 3 or key in ("the", "of the", "is", "是", "为"):
        return None
    return key


_CLAUSE_STOP = re.compile(r"[。！？!?；;\n:：,，、(（)）|]")
_NAME_WORD = re.compile(r"[A-Za-z][A-Za-z\-]+|[\u4e00-\u9fff]+")


def _finite(x: Fraction) -> float | None:
    """``x`` as a float, or None beyond the float range."""
    try:
        f = float(x)
    except OverflowError:
        return None
    return f if math.isfinite(f) else None


_NAME_FILLER = {"with", "from", "that", "this", "model", "models", "table", "column"}
