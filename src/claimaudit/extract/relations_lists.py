"""Counts of listed items: "We evaluate on 4 benchmarks: A, B, C and D", "the following three stages:"
and a bullet or numbered list, "共 3 个阶段：预训练、微调和对齐", "supports 3 languages:" and the table
below whose first column names languages: the stated count is the number of items.

Precision first. Items are counted only where the list's structure is clear and the list belongs to
the count: the counted noun sits right before the colon that opens the list ("12 benchmarks:",
"3 个阶段：", "5 languages in total:"), and the list is

* the rest of the sentence, items split by , ， 、 ; ； with "and" / 和 / 及 / 与 / 以及 before the last;
* a Markdown bullet or numbered list starting on the next line (a blank line allowed), top level only;
* the body rows of a table starting on the next line, when its first column's header names the noun;
* a parenthesis right after the noun ("4 benchmarks (A, B, C and D)"), items split as in a sentence;
* for a Chinese count with its classifier and noun after the list ("在 A、B 和 C 三个基准上"), the
  clause before it, with no other number in it.

Nothing is drafted when the list is partial or unclear: "such as", "including", "e.g.", 包括, 等, "etc.",
an ellipsis, nested items, items that are themselves lists ("Group: a, b, c"), items that are numbers
("3 sizes: 7B, 13B and 70B" is a list a reader checks otherwise), empty items, or a number that is part of
a name ("Llama 2 models:", "第 3 个阶段"). The relation is the stated count = the items counted (0.8; two
items joined by "and" in the sentence: 0.5, a suggestion, as "A and B" may be one name).
"""

from __future__ import annotations

import re
from bisect import bisect_right

from .relation_model import FinderBase, Relation, _usable
from .relations_table import AVERAGE_LABEL, TOTAL_LABEL

# the counted noun (one to four words) right after the number, then the colon opening the list
_EN_NOUN = re.compile(r"[ \t]+((?:[A-Za-z][\w'-]*[ \t]+){0,3}?[A-Za-z][\w'-]*)[ \t]*"
                      r"(?:,?[ \t]*(?:in total|in all|as follows|listed below|below|namely))?[ \t]*([:：(（])")
_ZH_NOUN = re.compile(r"[ \t]*[个種种项項类類款家条條名位部支组組套大]?[ \t]*([\u4e00-\u9fffA-Za-z]{1,8}?)[ \t]*"
                      r"(?:[,，]?[ \t]*(?:分别是|分别为|分別為|即|如下))?[ \t]*([:：(（])")
# "预训练、微调和对齐三个阶段": a Chinese count after its list, a classifier and the noun
_ZH_AFTER_LIST = re.compile(r"[ \t]*[个種种项項类類款家条條名位部支组組套大][ \t]*([\u4e00-\u9fff]{1,2})")
_ZH_FUNCTION = re.compile(r"[在的是为将把被从到向了]")
_CLAUSE_START = re.compile(r"[，,。；;：:！？!?\n(（)）]")
# a noun phrase holds none of these: "2 models on the datasets:" lists datasets, not models
_NOT_IN_NOUN = re.compile(r"\b(?:on|of|in|for|from|to|at|by|with|per|each|the|a|an|and|or|over|across|into|"
                          r"are|is|was|were|we|our|its|their|which|that|using|used|trained|evaluated)\b", re.I)
# words before the number that make it part of a name or an ordinal, not a count
_NAME_BEFORE = re.compile(r"(?:第\s*|\b(?!(?:The|These|Those|All|Our|Its|Their|On|In|Over|With|Across|Using|For|Of|"
                          r"Only|Just|Here|We|It|They|There|From|At|By|To|And)\b)[A-Z][\w.-]*[ \t-]"
                          r"|\b(?:version|step|stage|phase|table|figure|fig\.|section|v)[ \t]*)$")
# the list names only some of the items
PARTIAL = re.compile(r"\be\.g\.|for example|for instance|such as|\bincluding\b|\bincludes?\b|\blike\b|\betc\b|"
                      r"and (?:more|others|so on)|among others|…|\.\.\.|包括|例如|比如|诸如|等等?\s*$|等[。，,]", re.I)
# an item that starts with a number splits the count ("4 for training and 4 for evaluation")
_SPLIT_OF_COUNT = re.compile(r"[\d一二两三四五六七八九十]|(?:one|two|three|four|five|six|seven|eight|nine|ten|half)\b",
                             re.I)
_SPLIT = re.compile(r"[,，、;；](?![^()（）]*[)）])")
_LAST_AND = re.compile(r"^(.*?)(?:,?\s+(?:and|&)\s+|和|及|与|以及)(.+)$", re.S)
_AND_INSIDE = re.compile(r"\s(?:and|&)\s|和|及|与|以及")
_NUMERIC_ITEM = re.compile(r"[~≈<>≤≥+\-−]?\s*\d[\d.,_]*\s*(?:[A-Za-z%]{0,3}|[万亿千百十]{0,2})\s*")
_SENTENCE_END = re.compile(r"。|[.!?](?=\s|$)|\n")


class ListCountRelations(FinderBase):
    def listed_counts(self, found: list[Relation]) -> list[Relation]:
        """Each whole-number prose mention followed by its counted noun and a colon, and a list there
        of structure clear enough to count: the number is the count of its items."""
        out: list[Relation] = []
        ms, text = self.ms, self.text
        stated = {r.target for r in found}
        for i, m in enumerate(ms):
            if m.cell is not None or i in stated or m.number.kind != "number" or m.unit.dims.items \
                    or not _usable(m):
                continue
            n = m.number.nominal
            if n.denominator != 1 or not 2 <= n <= 500 or m.number.interval.lo != m.number.interval.hi:
                continue
            after = m.number_end
            mo = _EN_NOUN.match(text, after) or _ZH_NOUN.match(text, after)
            # "Llama 2 models:" names; "… 和 CMMLU 三个基准" counts (a Chinese numeral is in no name)
            if _NAME_BEFORE.search(text, max(0, m.start - 12), m.start) and (mo is not None or text[m.start].isascii()):
                continue
            if mo is None:
                zh = _ZH_AFTER_LIST.match(text, after)
                got = self._before(i) if zh is not None else None
                noun = zh.group(1) if zh is not None else ""
            else:
                noun = mo.group(1)
                if PARTIAL.search(noun) or _NOT_IN_NOUN.search(noun) \
                        or PARTIAL.search(text, max(0, m.start - 20), m.start):
                    continue
                got = self._paren(mo.end()) if mo.group(2) in "(（" else \
                    self._inline(mo.end()) or self._bullets(mo.end()) or self._table_rows(mo.end(), noun)
            if got is None:
                continue
            count, where, lo, hi = got
            # "a `.bin` and `.idx` file", "question and answering": of two items joined by "and" the
            # split is least sure, so that count is a suggestion
            sure = count > 2 or "the last after" not in where
            s, e = self.doc.sentence_span(m.start)
            out.append(Relation(
                "count", i, str(count), [], quote=text[s:e].strip(), at=m.start, confidence=0.8 if sure else 0.5,
                note=f"the {noun} listed after {m.printed} number {count}",
                evidence=f"{m.printed!r} {noun!r}: {where} "
                         f"(lines {self.doc.position(lo)[0]}-{self.doc.position(max(lo, hi - 1))[0]})"))
        return out

    def _inline(self, start: int) -> tuple[int, str, int, int] | None:
        """Items to the end of the sentence after the colon, the last after "and" / 和."""
        text = self.text
        stop = _SENTENCE_END.search(text, start, start + 600)
        end = stop.start() if stop is not None else min(len(text), start + 600)
        items = _and_list(text[start:end].strip())
        if items is None:
            return None
        return len(items), f"the {len(items)} items listed after the colon, the last after 'and'", start, end

    def _paren(self, start: int) -> tuple[int, str, int, int] | None:
        """"4 benchmarks (A, B, C and D)": the items in the parenthesis after the noun."""
        close = re.compile(r"[)）]").search(self.text, start, start + 400)
        if close is None or re.search(r"[(（\n]", self.text[start:close.start()]):
            return None
        items = _and_list(self.text[start:close.start()].strip())
        if items is None:
            return None
        return len(items), f"the {len(items)} items in the parenthesis after it, the last after 'and'", \
            start, close.start()

    def _before(self, i: int) -> tuple[int, str, int, int] | None:
        """"在 MMLU、C-Eval 和 GSM8K 三个基准上": the items of the clause before a Chinese count, joined
        by 、 with 和 / 及 / 与 before the last; no other number in the clause."""
        m, text = self.ms[i], self.text
        lo = max(0, m.start - 200)
        starts = [mo.end() for mo in _CLAUSE_START.finditer(text, lo, m.start)]
        lo = starts[-1] if starts else lo
        if i > 0 and self.ms[i - 1].end > lo:
            return None
        body = text[lo:m.start].strip()
        if "、" not in body and not re.search(r"和|及|与", body):
            return None
        items = _and_list(body)
        # the clause's first item carries its lead-in ("我们在 MMLU"); the others are names, else the
        # list began earlier ("用 A、B 训练的模型在 C 和 D 两个基准上")
        if items is None or any(len(x) > 16 or _ZH_FUNCTION.search(x) for x in items[1:]):
            return None
        return len(items), f"the {len(items)} items listed before it, the last after 'and'", lo, m.start


    def _bullets(self, start: int) -> tuple[int, str, int, int] | None:
        """The top-level items of a bullet or numbered list starting on the next line. The document
        writes each item as "• …" on a line of its own; its level is read from the column its words
        start at in the file (a nested item's words start further right)."""
        text, doc = self.text, self.doc
        nl = text.find("\n", start)
        if nl < 0 or text[start:nl].strip():
            return None
        items: list[str] = []
        pos, col, lo, hi, last_line = nl + 1, 0, 0, 0, 0
        while pos < len(text) and len(items) <= 500:
            eol = text.find("\n", pos)
            eol = len(text) if eol < 0 else eol
            line = text[pos:eol]
            if line.strip():
                if not line.startswith("• "):
                    break
                here, at = doc.position(pos + 2)
                if not items:
                    col, lo = at, pos
                elif at != col or here > last_line + 2:
                    return None             # nested, or a list of its own further down
                items.append(line[2:].strip())
                hi, last_line = eol, here
            elif not items and pos > nl + 2:
                return None
            pos = eol + 1
        if not 2 <= len(items) <= 500 or not _countable(items, "\n".join(items), grouped=True):
            return None
        # an item's second paragraph (indented in the file) would be read as the end of the list
        nxt = re.compile(r"\S").search(text, hi)
        if nxt is not None and doc.position(nxt.start())[1] > 1 and not text.startswith("|", nxt.start()):
            return None
        return len(items), f"the {len(items)} items of the list after it", lo, hi

    def _table_rows(self, start: int, noun: str) -> tuple[int, str, int, int] | None:
        """The body rows of a table starting on the next lines whose first column header names the noun."""
        text = self.text
        nl = text.find("\n", start)
        if nl < 0 or text[start:nl].strip():
            return None
        tables = self.doc.tables
        if "_table_starts" not in self.__dict__:
            self.__dict__["_table_starts"] = [t.start for t in tables]
        k = bisect_right(self.__dict__["_table_starts"], nl)
        t = tables[k] if k < len(tables) else None
        if t is None or text[nl:t.start].strip() or text.count("\n", nl, t.start) > 2 \
                or not t.header or not _names(t.header[0], noun):
            return None
        labels = [t.label(r) for r in range(len(t.rows))]
        kept = [x for x in labels if not (TOTAL_LABEL.match(x) or AVERAGE_LABEL.match(x))]
        if len(kept) < 2 or any(not x for x in kept) or len(set(kept)) != len(kept) or any(t.groups):
            return None
        return len(kept), f"the {len(kept)} rows of the table after it (first column {t.header[0]!r})", \
            t.start, t.end

def _and_list(body: str) -> list[str] | None:
    """The items of "A, B and C" / "A、B 和 C" (None unless the last follows "and" and each is a name)."""
    if not body:
        return None
    items = [x.strip() for x in _SPLIT.split(body)]
    oxford = re.fullmatch(r"(?:and|&)\s+(.+)", items[-1], re.S) if len(items) > 2 else None
    if oxford is not None:                  # "A, B, and C"
        items[-1] = oxford.group(1)
        if _AND_INSIDE.search(items[-1]):
            return None
    else:
        last = _LAST_AND.match(items[-1])
        if last is None or _AND_INSIDE.search(last.group(1)) or _AND_INSIDE.search(last.group(2)):
            return None
        items[-1:] = [last.group(1).strip(), last.group(2).strip()]
    if not _countable(items, body) or any(_AND_INSIDE.search(x) for x in items[:-2]):
        return None
    return items


def _countable(items: list[str], body: str, grouped: bool = False) -> bool:
    """Every item is a name: not empty, not a number, not a list of its own; the list is not partial."""
    if len(items) < 2 or PARTIAL.search(body):
        return False
    for x in items:
        if not x or len(x) > 200 or _NUMERIC_ITEM.fullmatch(x):
            return False
        if _SPLIT_OF_COUNT.match(x):
            return False
        # "Indic languages (2%): a, b, c": a group whose members are the items
        if grouped and re.search(r"[:：]\s*\S[^\n]*[,，、]", x):
            return False
        if not grouped and len(x) > 60:
            return False
    return True


def _names(header: str, noun: str) -> bool:
    """Whether a column header names the counted noun ("Language" for "languages", "模型" for "个模型")."""
    h = header.lower()
    if re.search(r"[\u4e00-\u9fff]", noun):
        return bool(noun) and (noun in header or (header.strip() != "" and header.strip() in noun))
    words = [w.lower() for w in re.findall(r"[A-Za-z]{3,}", noun)]
    stems = [re.sub(r"(?:ies|es|s)$", "", w) for w in words]
    return any(s and s in h for s in stems[-1:])
