"""Text normalisation for quote matching, with a map back to the original offsets.

Two texts that a reader would call "the same words" must normalise to the same string:

* compatibility folding, character by character (the K of NFKC): full-width digits and
  punctuation become ASCII (``２，７８８`` → ``2,788``, ``（`` → ``(``), ligatures are spelt out
  (``ﬁ`` → ``fi``). Each character is decomposed on its own (NFKD) rather than composed across
  characters, so precomposed and combining spellings agree and the offset map stays simple;
* lower case;
* curly and corner quotes become ``'`` / ``"``; the minus signs and dashes used as minus become
  ``-``; the multiplication signs become ``×``; the fraction slash becomes ``/``;
* soft hyphens and zero-width characters disappear, and so does a hyphen that breaks a word
  across lines (``hyphen-\\nation`` → ``hyphenation``);
* **all** whitespace disappears. Chinese text has no spaces between words, and the same handbook
  writes ``557.6 万美元`` and ``557.6万美元``; table padding and line breaks vary too. Dropping it
  costs nothing for matching: a quote is long enough that ``a b`` versus ``ab`` never decides it.

The normalised text of a document is built block by block (a few hundred characters, cut at line
ends) with C-speed string operations: a regular expression finds whether a block holds any
character that folds, ``str.translate`` folds them, ``str.lower`` and ``str.split`` do case and
whitespace. :meth:`NormText.to_orig` maps a normalised offset back to the original through the
per-character lengths of one block, built when first needed, so no table over the whole of a
10 MB document is ever built.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from collections.abc import Iterable
from itertools import accumulate

#: Characters mapped by hand before (and after) compatibility folding.
_CUSTOM: dict[str, str] = {}
for _chars, _to in (
    ("\u00ad\u200b\u200c\u200d\u2060\ufeff", ""),            # soft hyphen, zero-width characters
    ("\u2018\u2019\u201a\u201b\u2032\u2035", "'"),            # curly single quotes, prime
    ("\u201c\u201d\u201e\u201f\u2033\u2036\u300c\u300d\u300e\u300f\u301d\u301e", '"'),
    ("\u2212\u2010\u2011\u2012\u2013\ufe63\uff0d", "-"),     # minus sign, hyphens, en dash
    ("\u00d7\u2715\u2716\u2a09\u2a2f", "×"),                  # multiplication signs
    ("\u2044\u2215", "/"),                                     # fraction slash, division slash
    ("\u2217", "*"),
):
    for _c in _chars:
        _CUSTOM[_c] = _to
del _chars, _to, _c

#: ord(char) -> replacement for every character known to change beyond plain lower-casing
#: (compatibility folding, the hand map); whitespace is left to ``str.split``. It starts with the
#: hand map and learns a character with a decomposition when a block first holds it (such a block
#: is not NFKD after mapping), so no start-up pass over Unicode is needed.
_TABLE: dict[int, str] = {}
_SEEN: set[str] = set()
#: Normalised length of each character seen in an offset map (cleared when the table grows).
_SIZE: dict[str, int] = {}

# A hyphen at the end of a line between two letters: a word broken across lines.
_LINE_END_HYPHEN = re.compile(r"-[ \t]*\r?\n")
_HYPHEN_BREAK = re.compile(r"(?<=[^\W\d_])-[ \t]*\r?\n\s*(?=[^\W\d_])")

#: Blocks are cut at a line end once they are this long (characters); a line longer than
#: :data:`MAX_BLOCK` is cut anyway (inside one line only whitespace can be lost, never a match).
BLOCK = 256
MAX_BLOCK = 1024


def _char_map(c: str) -> str:
    if c in _CUSTOM:
        return _CUSTOM[c]
    out = []
    for d in unicodedata.normalize("NFKD", c):
        out.append(_CUSTOM.get(d, d))
    return "".join(out).lower()


def _learn(chars: Iterable[str]) -> None:
    """Add the characters that change to the table."""
    added = False
    for c in chars:
        if c in _SEEN:
            continue
        _SEEN.add(c)
        if c.isspace():
            continue
        m = _char_map(c)
        if m != c.lower():
            _TABLE[ord(c)] = m
            added = True
    if added:
        _SIZE.clear()


# The hand map's characters mostly have no decomposition (curly quotes, the minus sign), so the
# NFKD check below would not catch them: they are in the table from the start.
_learn(_CUSTOM)
_HAND_MAPPED = re.compile("[" + "".join(re.escape(c) for c in sorted(_CUSTOM)) + "]")


def _norm_block(s: str) -> str:
    if s.isascii() or (unicodedata.is_normalized("NFKD", s) and not _HAND_MAPPED.search(s)):
        t = s   # no character with a decomposition and none of the hand map's: nothing folds
    else:
        t = s.translate(_TABLE)
        if not unicodedata.is_normalized("NFKD", t):
            # A character with a decomposition the table has not learned yet (or one it maps to
            # a form that still decomposes): learn the block's characters and map it again.
            _learn(set(s))
            t = s.translate(_TABLE)
    if "-" in t and _LINE_END_HYPHEN.search(t):
        t = _HYPHEN_BREAK.sub("", t)
    return "".join(t.lower().split())


def normalize(text: str) -> str:
    """The normalised form of a short text (a quote, a value, a heading)."""
    return _norm_block(text)


def fold(text: str) -> str:
    """Compatibility folding and the sign/quote mapping only, whitespace and case kept.

    Used where numbers are read from a passage (``２，７８８Ｋ`` → ``2,788K``); the result may be
    longer than the input (ligatures), so offsets into it are not offsets into ``text``.
    """
    out = []
    for c in text:
        if c in _CUSTOM:
            out.append(_CUSTOM[c])
        elif c.isascii():
            out.append(c)
        else:
            out.append("".join(_CUSTOM.get(d, d) for d in unicodedata.normalize("NFKD", c)))
    return "".join(out)


class NormText:
    """A document's normalised text and the way back to the original offsets."""

    __slots__ = ("_maps", "_nstarts", "_ostarts", "norm", "orig")

    def __init__(self, text: str) -> None:
        self.orig = text
        ostarts: list[int] = []
        nstarts: list[int] = []
        parts: list[str] = []
        pos, n, total = 0, len(text), 0
        while pos < n:
            cut = text.find("\n", pos + BLOCK)
            # Never split a line-end hyphen from the line after it (hyphenation joins them).
            while cut != -1 and cut - pos < MAX_BLOCK and text[cut - 8:cut].rstrip(" \t\r").endswith("-"):
                cut = text.find("\n", cut + 1)
            end = n if cut == -1 else cut + 1
            if end - pos > MAX_BLOCK:
                end = pos + MAX_BLOCK
            part = _norm_block(text[pos:end])
            ostarts.append(pos)
            nstarts.append(total)
            parts.append(part)
            total += len(part)
            pos = end
        ostarts.append(n)
        nstarts.append(total)
        self.norm = "".join(parts)
        self._ostarts = ostarts
        self._nstarts = nstarts
        self._maps: dict[int, list[int] | None] = {}

    def to_orig(self, npos: int) -> int:
        """Original offset of the character that produced normalised character ``npos``."""
        npos = max(npos, 0)
        if npos >= len(self.norm):
            return len(self.orig)
        b = bisect_right(self._nstarts, npos) - 1   # rightmost: skips blocks that normalise to nothing
        local = npos - self._nstarts[b]
        start, end = self._ostarts[b], self._ostarts[b + 1]
        prefix = self._prefix_lengths(b)
        if prefix is not None:
            # prefix[k] = normalised length of block[:k]; block[k-1] produced character ``local``.
            return start + bisect_right(prefix, local) - 1
        block = self.orig[start:end]
        # Smallest k whose norm(block[:k]) starts with the block's first local + 1 normalised
        # characters, by re-normalising prefixes. (Not merely one that long: a prefix that ends in a
        # word broken across lines, "a-", keeps the hyphen the whole block's join removes.)
        target = self.norm[self._nstarts[b]:self._nstarts[b] + local + 1]
        lo, hi = 1, len(block)
        while lo < hi:
            mid = (lo + hi) // 2
            if _norm_block(block[:mid]).startswith(target):
                hi = mid
            else:
                lo = mid + 1
        return start + lo - 1

    def _prefix_lengths(self, b: int) -> list[int] | None:
        """Normalised length of each prefix of block ``b``, character by character; None when the
        per-character reading disagrees with the block's normalisation (then prefixes are
        re-normalised instead)."""
        if b in self._maps:
            return self._maps[b]
        block = self.orig[self._ostarts[b]:self._ostarts[b + 1]]
        size = _SIZE
        for c in set(block).difference(size):
            size[c] = 0 if c.isspace() else len(_TABLE[ord(c)]) if ord(c) in _TABLE else len(c.lower())
        sizes = list(map(size.__getitem__, block))
        if "-" in block:
            for m in _HYPHEN_BREAK.finditer(block):
                sizes[m.start()] = 0
        prefix = [0, *accumulate(sizes)]
        total = prefix[-1]
        got = prefix if total == self._nstarts[b + 1] - self._nstarts[b] else None
        if len(self._maps) > 512:
            self._maps.clear()
        self._maps[b] = got
        return got

    def span_to_orig(self, nstart: int, nend: int) -> tuple[int, int]:
        """Original ``[start, end)`` covering normalised ``[nstart, nend)``."""
        if nend <= nstart:
            o = self.to_orig(nstart)
            return o, o
        return self.to_orig(nstart), self.to_orig(nend - 1) + 1

    def to_norm(self, opos: int) -> int:
        """Normalised offset of original offset ``opos`` (of the first character at or after it)."""
        if opos <= 0:
            return 0
        if opos >= len(self.orig):
            return len(self.norm)
        b = bisect_right(self._ostarts, opos) - 1
        start = self._ostarts[b]
        return self._nstarts[b] + len(_norm_block(self.orig[start:opos]))
