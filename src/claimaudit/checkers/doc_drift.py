"""Doc drift: an embedded claim's quote no longer matches the prose of its own Markdown doc.

When a docs team edits a number in a page, the ```` ```claimaudit ```` block beside it still quotes
the old text. This checker finds the quote in the doc's prose (the doc without its claim blocks),
and when the words are there but a number changed, says which claim, what the doc says now, and
what the claim recomputes — reading the doc's new number with the claim's unit and comparing it with
the recomputed interval, so the message tells whether the edit still adds up.

The quote checker (``checkers/quotes.py``, CA201/CA202) checks every source, docs included; when it
has already reported the claim's quote as missing or drifted (it runs first: checkers run in code
order), this checker completes that finding — the recomputation appended to its message and working
— instead of reporting the same drift twice.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ..engine.results import ClaimResult, Finding, RunResult
from ..errors import InputError, Location
from .base import Checker

#: The quote checker's codes for "quote not found" and "number drift": when present, enrich them.
QUOTE_CODES = ("CA201", "CA202")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_SPACE = re.compile(r"\s+")
#: Below this alignment score the doc no longer holds anything like the quote.
NEAR_SCORE = 70.0


@dataclass
class Flat:
    """Text with whitespace runs collapsed, mapped back to 1-based lines of the original."""

    text: str
    offsets: list[int]          # flat index -> offset in the original
    line_starts: list[int]
    source_lines: list[str]

    @classmethod
    def of(cls, original: str) -> Flat:
        out: list[str] = []
        offsets: list[int] = []
        for m in re.finditer(r"\s+|\S+", original):
            if m.group().isspace():
                if out and out[-1] != " ":
                    out.append(" ")
                    offsets.append(m.start())
            else:
                out.extend(m.group())
                offsets.extend(range(m.start(), m.end()))
        starts = [0] + [m.end() for m in re.finditer("\n", original)]
        return cls("".join(out), offsets, starts, original.split("\n"))

    def line_of(self, flat_index: int) -> int:
        return self.place_of(flat_index)[0]

    def place_of(self, flat_index: int) -> tuple[int, int]:
        """1-based (line, column) in the original text of a flat index."""
        off = self.offsets[min(flat_index, len(self.offsets) - 1)] if self.offsets else 0
        line = bisect.bisect_right(self.line_starts, off)
        return line, off - self.line_starts[line - 1] + 1


@dataclass
class QuoteMatch:
    status: str                       # "exact" | "drift" | "changed" | "missing"
    line: int = 0                     # 1-based line of the passage in the doc
    passage: str = ""                 # what the doc says now
    score: float = 100.0
    changed: list[tuple[str, str]] = field(default_factory=list)   # (quoted number, number now)
    col: int = 1


def _flat_quote(quote: str) -> str:
    return _SPACE.sub(" ", quote).strip()


def locate(quote: str, flat: Flat) -> QuoteMatch:
    """Find ``quote`` in the doc: exactly, with its numbers changed, or only approximately."""
    q = _flat_quote(quote)
    if not q:
        return QuoteMatch("exact")
    i = flat.text.find(q)
    if i >= 0:
        return QuoteMatch("exact", flat.line_of(i), q)
    # The same words around different numbers: drift.
    parts = _NUMBER.split(q)
    numbers = _NUMBER.findall(q)
    if numbers:
        pattern = "".join(re.escape(p) + (f"({_NUMBER.pattern})" if k < len(numbers) else "")
                          for k, p in enumerate(parts))
        m = re.search(pattern, flat.text)
        if m:
            now = list(m.groups())
            changed = [(a, b) for a, b in zip(numbers, now, strict=True) if a != b]
            line, col = flat.place_of(m.start())
            return QuoteMatch("drift", line, m.group(), 100.0, changed, col)
    return _nearest(q, numbers, flat)


def _nearest(q: str, numbers: list[str], flat: Flat) -> QuoteMatch:
    """The prose window (one to three lines) most like the quote, and the passage in it."""
    from rapidfuzz import fuzz, process

    lines = [_SPACE.sub(" ", ln).strip() for ln in flat.source_lines]
    windows: list[tuple[str, int]] = []
    for i in range(len(lines)):
        if not lines[i]:
            continue
        for span in (1, 2, 3):   # a quote may run over the lines of a wrapped paragraph
            if i + span <= len(lines):
                windows.append((" ".join(ln for ln in lines[i:i + span] if ln), i + 1))
    if not windows:
        return QuoteMatch("missing", score=0.0)
    best = process.extractOne(q, [w for w, _ in windows], scorer=fuzz.partial_ratio)
    text, line = windows[best[2]]
    # A long paragraph: show the aligned part, whole words (no alignment only below a score cutoff).
    if len(text) > 2 * len(q) + 40 and (al := fuzz.partial_ratio_alignment(q, text)) is not None:
        start = text.rfind(" ", 0, al.dest_start) + 1
        end = text.find(" ", al.dest_end)
        text = text[start:end if end >= 0 else len(text)]
    now = _NUMBER.findall(text)
    changed = [(a, b) for a, b in zip(numbers, now, strict=True) if a != b] if len(now) == len(numbers) else []
    status = "changed" if best[1] >= NEAR_SCORE else "missing"
    return QuoteMatch(status, line, text, round(best[1], 1), changed)


@functools.lru_cache(maxsize=64)
def _doc_flat(path: str, mtime_ns: int, size: int) -> Flat | None:
    from ..errors import InputError
    from ..model.markdown_claims import prose_text
    from ..safeio import MAX_DOC_BYTES, read_text

    try:
        text = read_text(path, max_bytes=MAX_DOC_BYTES, what="Markdown doc")
    except InputError:
        return None
    return Flat.of(prose_text(text))


def doc_flat(doc: str, root: str) -> Flat | None:
    """The prose of a doc (path relative to the project root), cached while the file is unchanged."""
    p = Path(doc)
    if not p.is_absolute():
        p = Path(root) / p
    try:
        st = p.stat()
    except OSError:
        return None
    return _doc_flat(str(p.resolve()), st.st_mtime_ns, st.st_size)


def new_value(value: str, changed: list[tuple[str, str]]) -> str | None:
    """The claim's value with the changed quoted number put in (``2,788K GPU-hours`` → ``2,790K …``)."""
    def digits(s: str) -> str:
        return s.replace(",", "")

    for old, now in changed:
        for m in _NUMBER.finditer(value):
            if digits(m.group()) == digits(old):
                return value[:m.start()] + now + value[m.end():]
    return None


def recompute_lines(result: ClaimResult, run: RunResult, value_now: str | None) -> tuple[list[str], str]:
    """Working lines comparing the doc's number now with what the claim recomputes, and a verdict phrase."""
    from ..engine.evaluate import compare, fmt_amount, read_value, relation_of

    claim = result.claim
    lines: list[str] = []
    phrase = ""
    reading = None
    if value_now is not None:
        try:
            reading = read_value(value_now, claim.settings)
            lines.append(f"doc's value  {value_now}  →  {fmt_amount(reading.amount)}")
        except InputError as exc:
            lines.append(f"doc's value  {value_now} (cannot be read: {exc.message})")
    rec = result.recomputed
    if claim.formula and rec is not None and not result.extra.get("derived"):
        if reading is not None and reading.unit.dims == rec.dims:
            ok, _boundary = compare(rec.interval, reading, relation_of(claim, reading.printed), claim.settings)
            phrase = (f"the claim recomputes {fmt_amount(rec)}, so the doc's {value_now} "
                      + ("still adds up: update the claim's quote and value" if ok else "does not add up"))
            lines.append(f"recomputed   {fmt_amount(rec)}  →  the doc's number is "
                         + ("consistent" if ok else "inconsistent"))
        else:
            phrase = f"the claim recomputes {fmt_amount(rec)}"
            lines.append(f"recomputed   {fmt_amount(rec)}")
    elif claim.value:
        users = [r.claim.id for r in run.universe if any(i.ref == claim.qualname for i in r.inputs)]
        phrase = f"the claim still records {claim.value}" + (f" (used by {', '.join(users)})" if users else "")
        lines.append(f"claim value  {claim.value}" + (f"  (used by {', '.join(users)})" if users else ""))
    return lines, phrase


class DocDriftChecker(Checker):
    """An embedded claim's quote no longer matches its Markdown doc (the doc was edited).

    Anti-pattern: a figure in a doc is edited, but the ```claimaudit block beside it still quotes
    and audits the old number, so the gate checks a number the page no longer prints.
    Fix: update the claim's quote and value to what the doc says now; if the recomputation no
    longer agrees with the new number, fix the doc instead.
    """

    code = "CA301"
    name = "doc-drift"
    scope = "claim"

    def check(self, result: ClaimResult, run: RunResult) -> Iterable[Finding]:
        claim = result.claim
        rec = run.sources.get(claim.source or "")
        if not claim.quote or rec is None or not rec.raw.get("embedded_claims") or not rec.files:
            return ()
        flat = doc_flat(rec.files[0], run.root)
        if flat is None:
            return ()
        m = locate(claim.quote, flat)
        if m.status == "exact":
            return ()
        doc_file = rec.files[0]
        value_now = new_value(claim.value, m.changed) if claim.value and m.changed else None
        lines, phrase = recompute_lines(result, run, value_now)
        existing = next((f for f in result.findings if f.code in QUOTE_CODES), None)
        if existing is not None:  # the quote checker said it already: complete its finding, no second one
            if phrase and phrase not in existing.message:
                existing.message += f"; {phrase}"
            existing.working.extend(ln for ln in lines if ln not in existing.working)
            return ()
        where = f"{doc_file}:{m.line}" if m.line else doc_file
        head = [f"doc now      “{m.passage}”  ({where})" if m.passage else f"doc          {doc_file}",
                f"claim quotes “{_flat_quote(claim.quote)}”"]
        if m.changed:
            head.append("changed      " + ", ".join(f"{a} → {b}" for a, b in m.changed))
        if m.status == "drift":
            msg = (f"the doc now says “{m.passage}” ({where}) where the claim quotes “{_flat_quote(claim.quote)}”"
                   + (f"; {phrase}" if phrase else ""))
        elif m.status == "changed":
            msg = (f"the doc no longer prints the quote; nearest passage ({where}, {m.score:.0f}%): “{m.passage}”"
                   + (f"; {phrase}" if phrase else ""))
        else:
            msg = f"the quote is not in {doc_file}" + (
                f" (best match {where}, {m.score:.0f}%: “{m.passage}”)" if m.passage else "")
        # Located where the doc was edited (the line a pull request's diff shows), else at the quote.
        where_loc = (Location(doc_file, m.line, m.col) if m.status != "missing" and m.line
                     else claim.quote_location or claim.location)
        return [self.finding("error", msg, working=head + lines, location=where_loc,
                             data={"doc": doc_file, "doc_line": m.line, "doc_now": m.passage, "status": m.status,
                                   "score": m.score, "changed": [list(p) for p in m.changed],
                                   "value_now": value_now})]


def claimaudit_checkers() -> list[type[Checker]]:
    """Plugin hook: the gate's checker (see checkers/hookspecs.py)."""
    return [DocDriftChecker]
