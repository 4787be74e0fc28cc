"""APA-style test statistics in running text, as statcheck extracts them, for checker CA110.

    find_statistics(text) -> list[StatisticMention]

Each mention gives the ``statistic:`` claim data CA110 reads (:meth:`StatisticMention.spec`):
``t(28) = 2.20, p = .03`` -> ``{test: t, value: "2.20", df: "28", p: "= .03"}``. Read:

* t, F, r, z and χ² (``χ2``, ``χ²``, ``X2``, ``x2``, ``chi2``, ``chi-square``), degrees of freedom in
  parentheses (``F(1, 76)``; χ² with a sample size, ``χ2(2, N = 100)``; z without), the statistic
  (sign and Unicode minus kept), then ``p`` with its relation (``p = .03``, ``p < .001``, ``ps < .05``)
  or ``ns``.
* Text as PDFs give it: missing or extra spaces (``t(28)=2.20,p=.03``), a line break anywhere inside
  the result, a letter ``l`` or ``I`` for the digit one in the degrees of freedom (``F(l, 76)``, noted),
  ``p = .000`` kept as printed (CA110 decides what an impossible p of zero means), a semicolon
  instead of the comma.
* ``one-tailed``/``one-sided`` in the same sentence sets ``tails: 1``.

Only results with ``=`` before the statistic are claims CA110 can recompute; an inexact one
(``t(28) > 2.2``) is returned with ``exact=False`` and no spec is complete without the reader.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .document import Document

_REL = r"(?:<=|>=|=|<|>|≤|≥)"
_NUM = r"[-−–]?\s?(?:\d+(?:\.\d+)?|\.\d+)"
_DF = r"[\dlI]+(?:\.\d+)?"
#: The test name must stand alone: not inside a word ("Part(2)"), nor after a digit or a dot.
_TEST = r"(?P<test>χ\s?2|χ²|Χ2|Χ²|chi-square|chi2|chi²|[Xx]2|t|F|r|z|Z)"
_STAT_RE = re.compile(
    r"(?<![A-Za-z0-9_.\-])" + _TEST
    + r"(?:\s*\(\s*(?P<df1>" + _DF + r")\s*(?:[,;]\s*(?P<df2>" + _DF + r")\s*)?"
    r"(?:[,;]\s*N\s*=\s*(?P<n>\d[\d,]*)\s*)?\))?"
    r"\s*(?P<rel>" + _REL + r")\s*(?P<value>" + _NUM + r")"
    r"\s*[,;]?\s*(?:(?P<pword>ps?)\s*(?P<prel>" + _REL + r")\s*(?P<p>\d?\.\d+|[01](?![\d.]))"
    r"|(?P<ns>n\.?\s?s\.?)(?![A-Za-z]))",
)
_ONE_TAILED = re.compile(r"one[-\s]?(?:tailed|sided)|directional", re.I)
_SENTENCE_END = re.compile(r"[.!?]\s+(?=[A-Z])|\n\s*\n")
_CANON = {"t": "t", "F": "F", "r": "r", "z": "z", "Z": "z"}


@dataclass(frozen=True)
class StatisticMention:
    """One reported test result, where it stands and what CA110 needs from it."""

    start: int                 # offsets of the whole result in the text ("t(28) = 2.20, p = .03")
    end: int
    text: str                  # the characters as printed (line breaks included)
    test: str                  # "t", "F", "r", "z" or "chi2"
    value: str                 # the statistic as printed, normalised ("2.20", "-1.5")
    df: str | None             # "28", "1, 76" (F), None for z
    p: str                     # the reported p with its relation: "= .03", "< .001", "ns"
    n: str | None = None       # χ²'s sample size when printed ("100")
    exact: bool = True         # False for "t(28) > 2.2": not a value CA110 can recompute
    tails: int | None = None   # 1 when the sentence says one-tailed, else None (two-tailed default)
    line: int = 1              # 1-based line and column of ``start``
    col: int = 1
    notes: tuple[str, ...] = field(default=())   # readings taken (``l`` read as 1, …)

    def spec(self) -> dict[str, str | int]:
        """The ``statistic:`` claim data for CA110."""
        out: dict[str, str | int] = {"test": self.test, "value": self.value, "p": self.p}
        if self.df is not None:
            out["df"] = self.df
        if self.tails:
            out["tails"] = self.tails
        return out


def _position(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _df(raw: str | None, notes: list[str]) -> str | None:
    if raw is None:
        return None
    if any(c in raw for c in "lI"):
        notes.append(f"degrees of freedom {raw!r}: the letter read as the digit 1 (a PDF text quirk)")
        raw = raw.replace("l", "1").replace("I", "1")
    return raw


def _sentence(text: str, start: int, end: int) -> str:
    a = max(0, start - 300)
    before = [m.end() for m in _SENTENCE_END.finditer(text, a, start)]
    b = _SENTENCE_END.search(text, end, min(len(text), end + 300))
    return text[before[-1] if before else a:b.start() if b else min(len(text), end + 300)]


def find_statistics(text: str) -> list[StatisticMention]:
    """Every APA-style test result in ``text``, in order (see the module docstring)."""
    out: list[StatisticMention] = []
    for m in _STAT_RE.finditer(text):
        raw_test = m.group("test")
        test = _CANON.get(raw_test, "chi2")
        notes: list[str] = []
        df1, df2 = _df(m.group("df1"), notes), _df(m.group("df2"), notes)
        if (test == "F" and df2 is None) or (test in ("t", "r", "chi2") and df1 is None):
            continue        # "r = .5" alone, "F = 3": not a result CA110 can recompute
        if test == "z" and df1 is not None:
            continue        # "z(3) = …" is not a z test
        if test in ("t", "r", "z") and df2 is not None:
            continue
        if test == "chi2" and df2 is not None:
            continue
        df = f"{df1}, {df2}" if df2 is not None else df1
        value = re.sub(r"\s", "", m.group("value")).replace("−", "-").replace("–", "-")
        if test == "r" and abs(float(value)) > 1:
            continue        # not a correlation ("r(3) = 5" is something else)
        if m.group("ns"):
            p = "ns"
        else:
            rel = {"≤": "<=", "≥": ">="}.get(m.group("prel"), m.group("prel"))
            p = f"{rel} {m.group('p')}"
            if re.fullmatch(r"\.0+", m.group("p")) and rel == "=":
                notes.append(f"p = {m.group('p')} printed: an exact p of zero is impossible (reported as printed)")
        if m.group("pword") == "ps":
            notes.append("'ps' (several p values) read as this result's p")
        rel = m.group("rel")
        end = m.end()
        tails = 1 if _ONE_TAILED.search(_sentence(text, m.start(), end)) else None
        line, col = _position(text, m.start())
        out.append(StatisticMention(
            start=m.start(), end=end, text=text[m.start():end], test=test, value=value, df=df, p=p,
            n=m.group("n").replace(",", "") if m.group("n") else None, exact=rel == "=", tails=tails,
            line=line, col=col, notes=tuple(notes)))
    return out


def test_results(doc: Document) -> list[StatisticMention]:
    """The exact test results in ``doc``'s prose (not in code, URLs or tables: a table's cells are not
    APA sentences), with the document's own line and column. An inexact one (``t(28) > 2.2``) is
    left out: CA110 can bound it, but a draft audits only what the text states exactly."""
    if not any(c in doc.text for c in "=<>≤≥"):
        return []
    prose = doc.prose().text
    out = []
    for s in find_statistics(prose):
        if not s.exact or doc.cell_at(s.start) is not None:
            continue
        line, col = doc.position(s.start)
        out.append(StatisticMention(**{**vars(s), "line": line, "col": col}))
    return out


def outside(mentions: list[Any], results: list[StatisticMention]) -> list[Any]:
    """``mentions`` less those inside one of ``results`` (in order, by offset)."""
    if not results:
        return mentions
    starts = [r.start for r in results]
    keep = []
    for m in mentions:
        i = bisect_right(starts, m.start) - 1
        if i < 0 or m.start >= results[i].end:
            keep.append(m)
    return keep
