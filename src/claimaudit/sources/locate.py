"""Find a quote in a source's documents: exactly, after normalisation, then fuzzily.

Tiers, first hit wins:

1. ``exact``: the quote occurs character for character;
2. ``normalised``: it occurs after :mod:`.normalize` (width, case, quotes, dashes, whitespace…);
3. ``fuzzy``: the best inexact passage found through the q-gram index and aligned with rapidfuzz,
   accepted when its score reaches ``min_score``; below that the best passage is still returned
   as the *near match* of a quote that was not found.

When a quote occurs more than once, the occurrence under the section the claim's ``at`` names
is preferred.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .document import Document, section_matches
from .index import align_in
from .normalize import normalize

#: Default acceptance score for a fuzzy match (rapidfuzz ratio, 0-100).
MIN_SCORE = 80.0
#: Documents shorter than this (normalised characters) are aligned whole when the index finds
#: no candidate, so a short, heavily edited quote still gets a near match.
SMALL_DOC = 200_000


@dataclass
class QuoteMatch:
    doc: Document
    start: int                 # offsets in doc.text
    end: int
    kind: str                  # exact | normalised | fuzzy
    score: float               # 100 for exact and normalised
    occurrences: int = 1

    @property
    def passage(self) -> str:
        return self.doc.text[self.start:self.end]

    def context(self, width: int = 60) -> str:
        """The passage with some text either side, on one line (for reports)."""
        text = self.doc.text
        a = max(0, self.start - width)
        b = min(len(text), self.end + width)
        nl = text.rfind("\n", a, self.start)
        a = nl + 1 if nl != -1 else a
        nl = text.find("\n", self.end, b)
        b = nl if nl != -1 else b
        return " ".join(text[a:b].split())

    def as_dict(self) -> dict[str, Any]:
        out = {"source": self.doc.source, **self.doc.locate(self.start, self.end), "match": self.kind,
               "score": self.score, "passage": self.passage, "context": self.context()}
        if self.occurrences > 1:
            out["occurrences"] = self.occurrences
        return out


@dataclass
class QuoteSearch:
    found: QuoteMatch | None          # the located passage (exact, normalised or fuzzy ≥ min_score)
    near: QuoteMatch | None = None    # when not found: the best passage below min_score


class Corpus:
    """All documents of a source behind one index: their normalised texts joined by a separator
    no text contains, so a quote is looked up once per source, not once per file."""

    SEP = "\x00\x00"

    def __init__(self, docs: Sequence[Document]) -> None:
        from .index import QGramIndex

        self.docs = list(docs)
        self.starts: list[int] = []
        parts, pos = [], 0
        for d in self.docs:
            self.starts.append(pos)
            parts.append(d.norm.norm)
            pos += len(d.norm.norm) + len(self.SEP)
        self.norm = self.SEP.join(parts)
        self.index = QGramIndex(self.norm)

    def split(self, pos: int) -> tuple[Document, int]:
        """The document holding combined offset ``pos``, and the offset in its normalised text."""
        i = bisect_right(self.starts, pos) - 1
        return self.docs[i], pos - self.starts[i]


#: Recent corpora by the identity of their documents (the checker passes the same list of
#: documents for every claim of a source).
_CORPORA: dict[tuple[int, ...], Corpus] = {}


def corpus(docs: Sequence[Document]) -> Corpus:
    key = tuple(id(d) for d in docs)
    c = _CORPORA.get(key)
    if c is None or any(a is not b for a, b in zip(c.docs, docs, strict=True)):
        if len(_CORPORA) >= 16:
            _CORPORA.clear()
        c = _CORPORA[key] = Corpus(docs)
    return c


def find_quote(quote: str, docs: Sequence[Document], *, at: str | None = None,
               min_score: float = MIN_SCORE) -> QuoteSearch:
    qn = normalize(quote)
    if not qn or not docs:
        return QuoteSearch(None)
    corp = corpus(docs)
    hits = [corp.split(s) for s in corp.index.find_all(qn)]
    if hits:
        chosen = hits[0]
        if at:
            for doc, s in hits:
                o = doc.norm.to_orig(s)
                if section_matches(at, doc.section_path(o)):
                    chosen = (doc, s)
                    break
        doc, s = chosen
        start, end = doc.norm.span_to_orig(s, s + len(qn))
        kind = "exact" if doc.text[start:end] == quote else "normalised"
        if kind == "normalised":
            # The verbatim quote may still be there (it normalised differently only around it).
            pos = doc.text.find(quote, max(0, start - 8), end + 8)
            if pos != -1:
                start, end, kind = pos, pos + len(quote), "exact"
        return QuoteSearch(QuoteMatch(doc, start, end, kind, 100.0, len(hits)))
    a = corp.index.align(qn)
    if (a is None or a.score < min_score) and len(corp.norm) <= SMALL_DOC:
        whole = align_in(qn, corp.norm, 0, len(corp.norm))
        if whole is not None and (a is None or whole.score > a.score):
            a = whole
    if a is None:
        return QuoteSearch(None)
    doc, s = corp.split(a.start)
    e = min(s + (a.end - a.start), len(doc.norm.norm))
    start, end = doc.norm.span_to_orig(s, e)
    match = QuoteMatch(doc, start, end, "fuzzy", a.score)
    if a.score >= min_score:
        return QuoteSearch(match)
    return QuoteSearch(None, match)
