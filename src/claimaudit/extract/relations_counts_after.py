"""Counts printed after the list they count, in English: "Pre-training, supervised fine-tuning and
preference tuning are the three stages of training", "MMLU, GSM8K, HumanEval and MATH, the four
benchmarks we report, …": the stated count is the number of items before it (the Chinese shape, "A、B 和 C
三个阶段", is read by :mod:`.relations_lists`).

Precision first. The count follows "are / were / form / make up the" (or a comma and "the") right after the
list; the list is the whole clause before it (from the sentence start or a colon or semicolon), split as
:mod:`.relations_lists` splits a list ("and" before the last item; nothing partial such as "e.g." or
"including"), each item a name of at most five words with no number in it, the first no lead-in ("In
2023, …"), and the count noun follows the number. The relation is the count = the items (0.8; two items:
0.5, as "A and B" may be one name).
"""

from __future__ import annotations

import re

from .relation_model import FinderBase, Relation, _usable
from .relations_lists import _and_list

_LINK_BEFORE = re.compile(r"(?:\s+(?:are|were|form|formed|make\s+up|made\s+up|constitute)|\s*,)\s+(?:the|our|its|their|"
                          r"all)\s+$", re.I)
_NOUN_AFTER = re.compile(r"[ \t]+(?:main[ \t]+|key[ \t]+|core[ \t]+)?[A-Za-z][\w-]*")
_CLAUSE_START = re.compile(r"(?:^|\n|[.!?;:]\s)\s*(?:[-*+]\s+)?")
_MAX_WORDS = 5
# a clause that opens with a lead-in ("In 2023, A, B and C were …") is no list from its start
_LEAD_IN = re.compile(r"^(?:in|on|at|for|with|after|before|during|since|from|by|of|as|when|while|here|there|then|"
                      r"we|our|they|it|today|now|also|finally|together)\b|\d", re.I)


class CountAfterListRelations(FinderBase):
    def counts_after_lists(self, found: list[Relation]) -> list[Relation]:
        out: list[Relation] = []
        stated = {r.target for r in found}
        text, ms = self.text, self.ms
        for (s, e), idx in self.sentences().items():
            for i in idx:
                m = ms[i]
                if i in stated or m.number.kind != "number" or m.unit.dims.items or not _usable(m):
                    continue
                n = m.number.nominal
                if n.denominator != 1 or not 2 <= n <= 100 or not _NOUN_AFTER.match(text, m.number_end):
                    continue
                link = _LINK_BEFORE.search(text, s, m.start)
                if link is None:
                    continue
                lo = max((mo.end() for mo in _CLAUSE_START.finditer(text, s, link.start())), default=s)
                lo = max(lo, s)
                body = text[lo:link.start()].strip()
                if any(lo <= ms[k].start < link.start() for k in idx):
                    continue                    # a number inside the list: not a list of names
                items = _and_list(body)
                if items is None or _LEAD_IN.match(items[0]) or any(len(x.split()) > _MAX_WORDS for x in items):
                    continue
                noun = _NOUN_AFTER.match(text, m.number_end)
                assert noun is not None  # noqa: S101 - matched above
                out.append(Relation(
                    "count", i, str(len(items)), [], quote=text[s:e].strip(), at=m.start,
                    confidence=0.8 if len(items) > 2 else 0.5,
                    note=f"the{noun.group(0)} listed before {m.printed} number {len(items)}",
                    evidence=f"{m.printed!r} {noun.group(0).strip()!r} after the list {body[:80]!r} "
                             f"({len(items)} items, the last after 'and')"))
        return out
