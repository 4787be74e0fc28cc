"""Source texts a run could not check quotes against, once per source (not once per claim).

The quote checker reports an unavailable text (CA204) once, on the first claim that cites the
source; the claims it left unchecked are every claim quoting that source. A reader of the run's summary, a SARIF
upload or a CI log wants the fact once: "the text of X is missing, 12 claims' quotes unchecked".
Everything here reads the plain report dict of ``engine.records.as_report``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .common import Record, qualname

CODE = "CA204"

#: Severities from least to most severe; ``--min-severity`` keeps a finding at or above it.
SEVERITIES = ("info", "warning", "error")
#: What CI outputs (SARIF, GitHub annotations) carry unless asked for more: no informational notes.
DEFAULT_MIN_SEVERITY = "warning"


def at_least(severity: str | None, minimum: str) -> bool:
    """Whether a finding of ``severity`` is shown when ``minimum`` is the least severity asked for."""
    rank = {s: i for i, s in enumerate(SEVERITIES)}
    return rank.get(str(severity), 1) >= rank.get(minimum, 1)


@dataclass
class MissingText:
    """A source whose text is missing or unreadable, and the claims whose quotes it left unchecked."""

    source: str
    severity: str          # info: no local copy by design (cited by URL); warning: a text that cannot be read
    reason: str
    messages: list[str]    # distinct messages (one per unreadable file; the same on every claim)
    claims: list[str] = field(default_factory=list)
    first: Record | None = None


def missing_texts(records: Iterable[Record]) -> list[MissingText]:
    """One entry per source whose text was not available, with the claims it left unchecked: the
    claims reported (CA204 is said on the first claim citing the source) and every other claim
    that quotes that source."""
    records = list(records)
    out: dict[str, MissingText] = {}
    listed: dict[str, set[str]] = {}     # each entry's claims as a set: a list's `in` is quadratic
    for r in records:
        findings = r.get("findings", ())
        if not findings:     # most records (a pass over every record of the run, in the -n parent alone)
            continue
        for f in findings:
            if f.get("code") != CODE:
                continue
            data = f.get("data") or {}
            source = str(data.get("source") or r.get("source") or "?")
            entry = out.get(source)
            if entry is None:
                entry = out[source] = MissingText(source, str(f.get("severity")), str(data.get("reason") or ""),
                                                  [], first=r)
                listed[source] = set()
            if str(f.get("message")) not in entry.messages:
                entry.messages.append(str(f.get("message")))
            if f.get("severity") == "warning":
                entry.severity = "warning"
            _list_claim(entry, listed[source], qualname(r))
    if not out:
        return []     # no text missing: no claim to list under one
    for r in records:
        cited = [(r.get("source"), r.get("quote"))] + [(c.get("source"), c.get("quote"))
                                                        for c in r.get("also_in") or () if isinstance(c, dict)]
        for cited_source, quote in cited:
            entry = out.get(str(cited_source)) if cited_source and quote else None
            if entry is not None:
                _list_claim(entry, listed[entry.source], qualname(r))
    return list(out.values())


def _list_claim(entry: MissingText, listed: set[str], name: str) -> None:
    if name not in listed:
        listed.add(name)
        entry.claims.append(name)


def is_repeat(r: Record, f: dict[str, Any], seen: set[str]) -> bool:
    """A CA204 finding on a source already reported (machine formats report each source once)."""
    if f.get("code") != CODE:
        return False
    source = str((f.get("data") or {}).get("source") or r.get("source") or "?")
    if source in seen:
        return True
    seen.add(source)
    return False


def _count(n: int) -> str:
    return f"{n} claim{'s' if n != 1 else ''}"


def summary_notes(records: Iterable[Record]) -> list[str]:
    """The run summary's lines about source texts: each unreadable text on its own line, and one
    line for the sources that have no local text at all (a paper cited by URL only)."""
    missing = missing_texts(records)
    lines = []
    for m in missing:
        if m.severity == "warning":
            more = f" (and {len(m.messages) - 1} more)" if len(m.messages) > 1 else ""
            lines.append(f"quotes not checked: {m.messages[0]}{more}; {_count(len(m.claims))}")
    absent = [m for m in missing if m.severity != "warning"]
    if absent:
        names = ", ".join(f"{m.source} ({len(m.claims)})" for m in absent)
        lines.append(f"quotes not checked for {_count(sum(len(m.claims) for m in absent))}: no local text of "
                     f"{names}; give a record `files:` or run `claimaudit sources fetch`")
    return lines
