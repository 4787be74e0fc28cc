"""A sampled q-gram index over a normalised text: exact and fuzzy quote lookups without scans.

Every ``Q``-th position of the text is indexed by the ``Q`` characters starting there. Any
occurrence of a quote at least ``2Q - 1`` characters long covers exactly one indexed position,
so looking up the quote's ``Q`` grams at offsets ``0 … Q-1`` finds every exact occurrence. For a
quote with edits, each edit-free stretch of ``2Q - 1`` characters still hits the index; the hits
vote for a start position, and only the best few windows are aligned with rapidfuzz
(``fuzz.partial_ratio_alignment``, then each end of the passage is moved to where the
ratio of quote and passage is best).

Build cost is one dictionary insert per ``Q`` characters (about 0.3 s for 10 MB of Chinese
text); each lookup is a few dictionary reads.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

#: Gram length and sampling step, in normalised characters.
Q = 6
#: A gram seen more often than this says nothing about where a quote is (``|---|---|``).
MAX_POSTINGS = 2000
#: Most occurrences of one quote reported (a quote found 1,000 times locates nothing).
MAX_OCCURRENCES = 200


@dataclass(frozen=True)
class Alignment:
    """A fuzzy match: ``[start, end)`` in the indexed text, and how well the quote matched it."""

    start: int
    end: int
    score: float          # rapidfuzz ratio of quote and passage, 0-100


class QGramIndex:
    def __init__(self, text: str, q: int = Q) -> None:
        self.text = text
        self.q = q
        # A gram seen once maps to its position, a repeated one to a list (most grams of a real
        # text are unique: no list is built for them).
        postings: dict[str, int | list[int]] = {}
        get = postings.get
        for i in range(0, len(text) - q + 1, q):
            g = text[i:i + q]
            v = get(g)
            if v is None:
                postings[g] = i
            elif isinstance(v, list):
                v.append(i)
            else:
                postings[g] = [v, i]
        self._postings = postings

    def postings(self, gram: str) -> list[int] | tuple[int, ...] | None:
        """Sampled positions where ``gram`` starts (None when it never does)."""
        v = self._postings.get(gram)
        if v is None or isinstance(v, list):
            return v
        return (v,)

    # -- exact -----------------------------------------------------------------------------------
    def find_all(self, needle: str, limit: int = MAX_OCCURRENCES) -> list[int]:
        """Every start of ``needle`` in the text (sorted, at most ``limit``)."""
        text, q = self.text, self.q
        if not needle:
            return []
        if len(needle) < 2 * q - 1:
            out: list[int] = []
            pos = text.find(needle)
            while pos != -1 and len(out) < limit:
                out.append(pos)
                pos = text.find(needle, pos + 1)
            return out
        starts: set[int] = set()
        get = self.postings
        for j in range(q):
            # An occurrence starting at s - j covers sampled positions s, s + q, s + 2q …: every
            # gram of this chain must be indexed, and the rarest one gives the fewest candidates.
            rarest: list[int] | tuple[int, ...] | None = None
            shift = 0
            for k in range((len(needle) - j) // q):
                lst = get(needle[j + k * q:j + (k + 1) * q])
                if lst is None:
                    rarest = None
                    break
                if rarest is None or len(lst) < len(rarest):
                    rarest, shift = lst, j + k * q
                    if len(lst) == 1:
                        break
            for p in rarest or ():
                s = p - shift
                if s >= 0 and s not in starts and text.startswith(needle, s):
                    starts.add(s)
                    if len(starts) >= limit:
                        return sorted(starts)
        return sorted(starts)

    # -- fuzzy -----------------------------------------------------------------------------------
    def candidates(self, needle: str, limit: int = 6) -> list[int]:
        """Likely start positions of an inexact occurrence of ``needle``, best first."""
        q = self.q
        n = len(needle)
        if n < q:
            return []
        bucket = max(8, n // 4)
        votes: Counter[int] = Counter()
        for j in range(n - q + 1):
            posts = self.postings(needle[j:j + q])
            if not posts or len(posts) > MAX_POSTINGS:
                continue
            for p in posts:
                votes[max(p - j, 0) // bucket] += 1
        if not votes:
            return []
        # Neighbouring buckets belong to one occurrence shifted by insertions or deletions.
        merged: Counter[int] = Counter()
        for b, v in votes.items():
            merged[b] += v + votes.get(b - 1, 0) // 2 + votes.get(b + 1, 0) // 2
        return [b * bucket for b, _ in merged.most_common(limit)]

    def align(self, needle: str, limit: int = 6) -> Alignment | None:
        """The best inexact occurrence of ``needle`` among the index's candidates."""
        best: Alignment | None = None
        for start in self.candidates(needle, limit):
            a = align_in(needle, self.text, start - len(needle) // 2, start + len(needle) * 3 // 2 + self.q)
            if a is not None and (best is None or a.score > best.score):
                best = a
        return best


def align_in(needle: str, text: str, lo: int, hi: int) -> Alignment | None:
    """Align ``needle`` inside ``text[lo:hi]``: the passage that best matches it, with exact ends."""
    from rapidfuzz import fuzz

    lo, hi = max(lo, 0), min(hi, len(text))
    window = text[lo:hi]
    if not window or not needle:
        return None
    if len(window) <= len(needle):
        s, e = 0, len(window)
    else:
        r = fuzz.partial_ratio_alignment(needle, window)
        if r is None:
            return None
        s, e = r.dest_start, r.dest_end
    # partial_ratio compares equal-length windows; with insertions or deletions the true passage
    # is a little longer or shorter. Move each end within a small slack to the best ratio.
    slack = min(12, max(3, len(needle) // 5))
    s, e = lo + s, lo + e
    best = fuzz.ratio(needle, text[s:e])
    for _ in range(2):
        moved = False
        for cand in range(max(lo, s - slack), min(e, s + slack + 1)):
            ratio = fuzz.ratio(needle, text[cand:e])
            if ratio > best:
                best, s, moved = ratio, cand, True
        for cand in range(max(s + 1, e - slack), min(hi, e + slack) + 1):
            ratio = fuzz.ratio(needle, text[s:cand])
            if ratio > best:
                best, e, moved = ratio, cand, True
        if not moved:
            break
    start, end, score = s, e, best
    return Alignment(start, end, round(score, 1))
