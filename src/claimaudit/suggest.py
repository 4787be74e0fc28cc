"""The one "did you mean": names close to a misspelt one, for every error message that offers them.

Closeness is the edit distance with a swap of two neighbouring letters counted as one edit
(optimal string alignment, so ``valeu`` is one edit from ``value``), ignoring case, at most a
third of the word's length (and at least one edit). Ties go to the same case, then to the
nearer length, then to alphabetical order, so suggestions never depend on the order of the
choices. rapidfuzz is imported on first use: only a run that hits an error pays for it.
"""

from __future__ import annotations

from collections.abc import Iterable


def did_you_mean(word: str, choices: Iterable[str], *, limit: int = 3) -> tuple[str, ...]:
    """Up to ``limit`` of ``choices`` closest to ``word`` (best first); empty when none is close."""
    from rapidfuzz import process
    from rapidfuzz.distance import OSA

    pool = list(dict.fromkeys(c for c in choices if c != word))
    if not word or not pool:
        return ()
    cutoff = max(1, len(word) // 3)
    found = process.extract(word, pool, scorer=OSA.distance, processor=str.lower, score_cutoff=cutoff,
                            limit=None)
    ranked = sorted(found, key=lambda r: (r[1], OSA.distance(word, r[0]), abs(len(r[0]) - len(word)), r[0]))
    return tuple(r[0] for r in ranked[:limit])


def hint(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'x' or 'y'?)`` for a message, or "" when nothing is close."""
    found = did_you_mean(word, choices)
    return " (did you mean " + " or ".join(repr(s) for s in found) + "?)" if found else ""
