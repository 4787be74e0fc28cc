"""Baselines for gradual adoption: accept today's findings, fail only on new ones.

``claimaudit baseline`` writes the findings that make today's run fail; ``claimaudit run --baseline
FILE`` then accepts those (their claims count as expected, like an xfail) and fails only on findings
not in the file, and lists the baseline entries that no longer occur so they can be removed.

Fingerprint of a finding (documented in docs/ci.md)::

    sha256( "claimaudit-baseline/1" NUL qualname NUL code NUL normalised message )[:16 bytes, hex]

* ``qualname`` is ``module.id``: the claim file's stem and the claim's id — it survives lines moving
  and the file moving to another folder, and changes when the claim is renamed;
* ``code`` is the checker code (CA101 …);
* the message is normalised by dropping the places it names (``path:line:col``, ``line 12``) and
  collapsing whitespace, so an edit elsewhere in the file does not make a known finding new, while a
  changed number in the message (the doc now says something else) does.

Only claims whose outcome is ``failed`` are baselined (their error and warning findings); claims that
cannot be audited at all (outcome ``error``: a bad number, unit or formula) and file-level input
errors are never accepted — they must be fixed.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..atomic import write_text
from ..engine.results import ClaimResult, RunResult
from ..errors import UsageError
from . import DEFAULT_BASELINE

SCHEMA = "claimaudit.baseline"
VERSION = 1
#: Where ``claimaudit baseline`` writes unless told otherwise.
DEFAULT_FILE = DEFAULT_BASELINE

_PLACE = re.compile(r"(?:[\w./\\-]+\.(?:ya?ml|md|txt|json|toml)|<[^>]+>):\d+(?::\d+)?")
_LINE = re.compile(r"\b(?:line|lines|行)\s*\d+(?:\s*[-–]\s*\d+)?", re.IGNORECASE)
_SPACE = re.compile(r"\s+")


def normalise_message(message: str) -> str:
    """The message without the places it names, whitespace collapsed."""
    text = _PLACE.sub("<place>", message)
    text = _LINE.sub("<line>", text)
    return _SPACE.sub(" ", text).strip()


def fingerprint(qualname: str, code: str, message: str) -> str:
    key = "\0".join(("claimaudit-baseline/1", qualname, code, normalise_message(message)))
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]


@dataclass(frozen=True)
class Entry:
    """One accepted finding; everything but ``fingerprint`` is for the reader of the file."""

    fingerprint: str
    claim: str          # qualname
    code: str
    message: str
    file: str = ""
    line: int | None = None


def failure_entries(res: ClaimResult) -> list[Entry]:
    """The findings that make a failed claim fail (error and warning severities)."""
    c = res.claim
    found = [(f.code, f.message) for f in res.findings if f.severity in ("error", "warning")]
    if not found:  # a failing verdict with no finding to name: the verdict is the finding
        found = [("verdict", res.verdict)]
    return [Entry(fingerprint(c.qualname, code, msg), c.qualname, code, msg, c.file, c.location.line)
            for code, msg in found]


def entries_of(run: RunResult) -> list[Entry]:
    return [e for r in run.results if r.outcome == "failed" for e in failure_entries(r)]


def dump(entries: Iterable[Entry]) -> str:
    items = sorted((asdict(e) for e in entries), key=lambda d: (d["file"], d["line"] or 0, d["claim"], d["code"]))
    doc = {"schema": SCHEMA, "version": VERSION,
           "note": "Findings accepted by `claimaudit run --baseline`; regenerate with `claimaudit baseline`.",
           "findings": items}
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"


def write_baseline(run: RunResult, path: str | Path, *, partial: bool = False) -> list[Entry]:
    """Write the run's failing findings to ``path``. A ``partial`` run (``-k``, ``--changed-since``)
    keeps the file's entries of the claims it did not audit."""
    entries = entries_of(run)
    if partial and Path(path).is_file():
        audited = {r.claim.qualname for r in run.results}
        entries = [e for e in load_baseline(path) if e.claim not in audited] + entries
    try:
        write_text(path, dump(entries))  # atomic: a full disk leaves the previous baseline whole
    except OSError as exc:
        raise UsageError(f"{path}: cannot write baseline: {exc.strerror}") from None
    return entries


def load_baseline(path: str | Path) -> list[Entry]:
    """Read a baseline file; a missing or malformed file is a usage error at ``file:line:col``."""
    p = Path(path)
    try:
        text = p.read_text("utf-8")
    except OSError as exc:
        raise UsageError(f"{path}: cannot read baseline: {exc.strerror} "
                         "(write one with `claimaudit baseline`)") from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(f"{path}:{exc.lineno}:{exc.colno}: baseline is not valid JSON: {exc.msg}") from None
    if not isinstance(doc, dict) or doc.get("schema") != SCHEMA or not isinstance(doc.get("findings"), list):
        raise UsageError(f"{path}: not a claimaudit baseline "
                         f"(expected {{\"schema\": \"{SCHEMA}\", \"findings\": [...]}})")
    if doc.get("version") != VERSION:
        raise UsageError(f"{path}: baseline version {doc.get('version')!r} is not supported "
                         f"(this claimaudit writes {VERSION})")
    out = []
    for i, item in enumerate(doc["findings"]):
        if not isinstance(item, dict) or not isinstance(item.get("fingerprint"), str):
            raise UsageError(f"{path}: findings[{i}] has no fingerprint")
        out.append(Entry(item["fingerprint"], str(item.get("claim", "")), str(item.get("code", "")),
                         str(item.get("message", "")), str(item.get("file", "")), item.get("line")))
    return out


@dataclass
class BaselineOutcome:
    file: str
    accepted: list[Entry] = field(default_factory=list)   # known findings seen again
    new: list[Entry] = field(default_factory=list)        # findings not in the baseline
    stale: list[Entry] = field(default_factory=list)      # baseline entries that no longer occur

    def as_dict(self) -> dict[str, Any]:
        return {"file": self.file, "accepted": len(self.accepted), "new": [asdict(e) for e in self.new],
                "stale": [asdict(e) for e in self.stale]}

    def notes(self) -> list[str]:
        lines = [f"baseline {self.file}: {len(self.accepted)} known finding{'s' if len(self.accepted) != 1 else ''}"
                 f" accepted, {len(self.new)} new"]
        if self.stale:
            many = len(self.stale) != 1
            lines.append(f"baseline: {len(self.stale)} {'entries' if many else 'entry'} no longer "
                         f"occur{'' if many else 's'}; remove {'them' if many else 'it'} "
                         "(re-run `claimaudit baseline`):")
            lines += [f"  {e.file}::{e.claim.rpartition('.')[2]} {e.code} {e.message}" for e in self.stale]
        return lines


def apply_baseline(run: RunResult, entries: list[Entry], file: str = DEFAULT_FILE, *,
                   partial: bool = False) -> BaselineOutcome:
    """Accept the baselined findings of ``run`` in place.

    A failed claim all of whose failing findings are in the baseline becomes ``expected``. Entries
    not seen again are stale; when the run audited only part of the claims (``partial``: ``-k`` or
    ``--changed-since``), only entries of the audited claims can be stale.
    """
    outcome = BaselineOutcome(file)
    known = Counter(e.fingerprint for e in entries)
    audited = {r.claim.qualname for r in run.results}
    for res in run.results:
        if res.outcome != "failed":
            continue
        mine = failure_entries(res)
        new = []
        for e in mine:
            if known[e.fingerprint] > 0:
                known[e.fingerprint] -= 1
                outcome.accepted.append(e)
            else:
                new.append(e)
        outcome.new.extend(new)
        if not new:
            res.outcome = "expected"
            res.extra["baseline"] = "accepted"
    left = Counter(known)
    for e in entries:
        if (not partial or e.claim in audited) and left[e.fingerprint] > 0:
            left[e.fingerprint] -= 1
            outcome.stale.append(e)
    return outcome
