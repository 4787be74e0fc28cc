"""The one record list every output format reads (documented in docs/records.md).

``as_report(run)`` returns a plain, JSON-ready dict::

    {"schema": "claimaudit.report", "version": 1, "claimaudit": "0.1.0", "created": ISO-8601,
     "root", "paths", "options", "duration",
     "summary": {"collected", "selected", "consistent", "inconsistent", "underdetermined", "error",
                 "stated", "passed", "failed", "expected", "errors" (file-level), "findings"},
     "sources": [source records],
     "errors": [{"code", "message", "file", "line", "col", "suggestions"}],
     "records": [claim records, below]}

Each claim record: id, qualname, module, file, line, col, end_line, end_col, title, source, at,
quote, also_in, value (as printed), relation, qualifier, kind, claimed {lo, hi, text, unit},
recomputed {lo, hi, text, unit} | null, formula, formula_display, inputs [{name, printed, lo, hi,
text, unit, ref, recomputed, free}], free, verdict, expected, outcome, boundary, because, tags,
findings [{code, severity, message, checker, working, file, line, col, data}], ignored, miss,
duration, settings {kilo, rounding, approx}. Numbers are exact decimal strings (``lo``/``hi``) plus a readable ``text``.

``as_report(run, formats=...)`` builds what those formats read: for the terminal alone (``text``),
a claim that passed with no warning shows as one character of progress, so its record is *brief*
(``"brief": true`` and only :data:`BRIEF_KEYS`: no formatted amounts, no working); every other
record, and every record for any other format, is complete.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Collection
from fractions import Fraction
from typing import Any

from .. import __version__
from ..errors import Location
from ..numbers.format import to_float
from ..numbers.interval import Interval, show
from ..units.quantity import Dims
from .evaluate import fmt_amount, fmt_interval
from .results import Amount, ClaimResult, Finding, InputValue, RunResult

SCHEMA = "claimaudit.report"
VERSION = 1
#: Formats that read no more of a plain pass than its id, file, outcome, verdict and findings.
BRIEF_FORMATS = frozenset({"text"})
#: The keys a brief record keeps: what the terminal shows of a plain pass (its progress character)
#: and what the run's summary lines read (findings, the sources and quotes cited).
BRIEF_KEYS = ("id", "qualname", "module", "file", "line", "col", "title", "source", "at", "quote", "also_in",
              "value", "verdict", "expected", "outcome", "because", "findings", "ignored", "duration")


def _num(x: Fraction) -> str:
    return show(x)


def _amount(a: Amount | None, memo: dict[int, tuple[Amount, dict[str, Any]]] | None = None) -> dict[str, Any] | None:
    """An amount's record; ``memo`` (one report's) formats each Amount object once: a claim's value
    is shown again in every claim that uses it as an input."""
    if a is None:
        return None
    hit = memo.get(id(a)) if memo is not None else None
    if hit is not None and hit[0] is a:
        return dict(hit[1])
    rec = {"lo": _num(a.interval.lo), "hi": _num(a.interval.hi), "text": fmt_amount(a), "unit": a.unit,
           "dims": a.dims.describe(), "interval": fmt_interval(a.interval)}
    if memo is not None:
        memo[id(a)] = (a, rec)       # the Amount is kept too, so its id cannot be reused meanwhile
        return dict(rec)
    return rec


def _loc(loc: Location | None) -> dict[str, Any]:
    if loc is None:
        return {"file": None, "line": None, "col": None}
    return {"file": loc.file, "line": loc.line, "col": loc.col, "end_line": loc.end_line, "end_col": loc.end_col}


def _jsonable(v: Any) -> Any:
    if isinstance(v, Fraction):
        return to_float(v)
    if isinstance(v, Interval):
        return [to_float(v.lo), to_float(v.hi)]
    if isinstance(v, dict):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_jsonable(x) for x in v]
    return v


def finding_record(f: Finding, res: ClaimResult) -> dict[str, Any]:
    loc = f.location or res.claim.location
    return {"code": f.code, "severity": f.severity, "message": f.message, "checker": f.checker,
            "working": list(f.working), **_loc(loc), "data": _jsonable(f.data)}


def shown_in_full(res: ClaimResult) -> bool:
    """Whether the terminal shows this claim beyond its progress character (a failure, an error,
    an expected verdict, a warning)."""
    return res.outcome != "passed" or any(f.severity in ("error", "warning") for f in res.findings)


def _amounts(res: ClaimResult, memo: dict[int, tuple[Amount, dict[str, Any]]] | None) -> dict[str, Any]:
    """The formatted amounts of a record: the claimed and recomputed values and the inputs."""
    return {
        "claimed": _amount(res.claimed, memo),
        "recomputed": _amount(res.recomputed, memo),
        "inputs": [{"name": i.name, "printed": i.printed, "ref": i.ref, "recomputed": i.recomputed,
                    "free": i.amount is None, **(_amount(i.amount, memo) or {}),
                    **({"line": i.location.line, "col": i.location.col} if i.location else {})}
                   for i in res.inputs],
    }


def _shown(shown: dict[str, Any]) -> dict[str, Any]:
    """A slim result's amounts (see :func:`slim_result`), copied: a reader may change its report."""
    return {"claimed": _copied(shown["claimed"]), "recomputed": _copied(shown["recomputed"]),
            "inputs": [dict(i) for i in shown["inputs"]]}


def _copied(d: dict[str, Any] | None) -> dict[str, Any] | None:
    return None if d is None else dict(d)


def slim_result(res: ClaimResult) -> None:
    """Drop what a ``-n`` worker's result needs no more once its complete record is built: the amounts
    (their formatted records stay in ``res.shown``, so that the record can be built again, as it is if
    its findings or outcome change later) and the value as read (the checkers' only). What the parent
    still reads stays: the claim, verdict, outcome, findings, free names, step, extra.

    A brief record (a plain pass) shows no amount, but a complete one built later would: its amounts
    go packed in ``res.shown`` (flat tuples of numbers and strings, :func:`_packed`), unpacked only then
    (:func:`_unpack`). As objects (intervals, exact fractions, dimensions) they were half of what a
    worker spent pickling its results at 100,000 claims and a third of what the parent spent reading
    them back: each is rebuilt by a Python call."""
    pre = res.record
    if pre is None:
        return
    if pre[2].get("brief"):
        res.shown = _packed(res)
        res.claimed = res.recomputed = None
        res.inputs, res.step, res.reading = (), _NO_STEP, None
        return
    rec = pre[2]
    res.shown = {"claimed": rec["claimed"], "recomputed": rec["recomputed"], "inputs": rec["inputs"]}
    res.claimed = res.recomputed = None
    res.inputs = []
    res.reading = None


_NO_STEP = Fraction(0)


def _flat(a: Amount | None) -> tuple[Any, ...] | None:
    if a is None:
        return None
    lo, hi, f = a.interval.lo, a.interval.hi, a.factor
    return (lo.numerator, lo.denominator, hi.numerator, hi.denominator, a.unit, a.dims.items,
            f.numerator, f.denominator)


def _amount_of(t: tuple[Any, ...] | None) -> Amount | None:
    if t is None:
        return None
    lo_n, lo_d, hi_n, hi_d, unit, dims, f_n, f_d = t
    return Amount(Interval(Fraction(lo_n, lo_d), Fraction(hi_n, hi_d)), unit, Dims(dims), Fraction(f_n, f_d))


def _packed(res: ClaimResult) -> tuple[Any, ...]:
    """A result's amounts and step as flat tuples (see :func:`slim_result`)."""
    return ("packed", _flat(res.claimed), _flat(res.recomputed),
            tuple((i.name, i.printed, _flat(i.amount), i.ref, i.place, i.recomputed) for i in res.inputs),
            res.step.numerator, res.step.denominator)


def _unpack(res: ClaimResult) -> None:
    """The amounts :func:`_packed` packed, back in ``res`` (a complete record is to be built)."""
    _tag, claimed, recomputed, inputs, step_n, step_d = res.shown
    res.claimed, res.recomputed = _amount_of(claimed), _amount_of(recomputed)
    res.inputs = tuple(InputValue(name, printed, _amount_of(a), ref, place, again)
                       for name, printed, a, ref, place, again in inputs)
    res.step, res.shown = Fraction(step_n, step_d), None


def claim_record(res: ClaimResult, memo: dict[int, tuple[Amount, dict[str, Any]]] | None = None,
                 *, brief: bool = False) -> dict[str, Any]:
    """The record of one claim; ``brief`` keeps only :data:`BRIEF_KEYS` (see the module docstring)."""
    if brief:
        return brief_record(res)
    if type(res.shown) is tuple:
        _unpack(res)
    c = res.claim
    shown = _shown(res.shown) if res.shown is not None else _amounts(res, memo)
    formula_display = None
    if c.formula:
        formula_display = c.formula
    rec = {
        "id": c.id, "qualname": c.qualname, "module": c.module, **_loc(c.location), "title": c.title,
        "source": c.source, "at": c.at, "quote": c.quote,
        "also_in": [{"source": a.source, "quote": a.quote, "at": a.at, "value": a.value} for a in c.also_in],
        "value": c.value, "relation": res.relation, "qualifier": res.qualifier, "kind": res.printed_kind,
        "step": _num(res.step) if res.step else None,
        "claimed": shown["claimed"], "recomputed": shown["recomputed"],
        "formula": c.formula, "formula_display": formula_display, "inputs": shown["inputs"],
        "free": list(res.free), "verdict": res.verdict, "expected": c.expect, "outcome": res.outcome,
        "boundary": res.boundary, "because": c.because, "tags": list(c.tags),
        "findings": [finding_record(f, res) for f in res.findings],
        "ignored": res.extra.get("ignored", []),
        "miss": _jsonable(res.extra.get("miss")) if res.extra.get("miss") else None,
        "scope": c.get("scope"), "as_of": c.get("as_of"),
        "extra": _jsonable({k: v for k, v in res.extra.items() if k not in ("miss", "ignored")}),
        "duration": round(res.duration, 6),
        # The reading policy in force for this claim (the HTML number line draws the "about" band).
        "settings": {"kilo": c.settings.kilo, "rounding": c.settings.rounding, "approx": c.settings.approx},
    }
    return rec


#: What a brief record holds for no citations, findings or ignored findings: one shared empty tuple
#: (a brief record is read by the terminal only; a fresh list in each was a tenth of a run's memory).
_NONE: tuple[()] = ()


def brief_record(res: ClaimResult) -> dict[str, Any]:
    """A brief record (:data:`BRIEF_KEYS`, in that order, and ``"brief": True``), built directly: the
    complete record's amounts and working are what a brief one leaves out."""
    return _Brief(res).__dict__


class _Brief:
    """Builds a brief record as the attribute dict of an instance (which is then dropped): CPython
    shares one table of keys among the attribute dicts of a class's instances when ``__init__`` sets
    the same attributes in the same order (PEP 412), so each record stores only its values (about
    290 bytes instead of 470, and faster to build). It is a plain dict in every other respect."""

    def __init__(self, res: ClaimResult) -> None:
        c = res.claim
        loc = c.location
        self.id = c.id
        self.qualname = c.qualname
        self.module = c.module
        self.file = loc.file if loc else None
        self.line = loc.line if loc else None
        self.col = loc.col if loc else None
        self.title = c.title
        self.source = c.source
        self.at = c.at
        self.quote = c.quote
        self.also_in = [{"source": a.source, "quote": a.quote, "at": a.at, "value": a.value}
                        for a in c.also_in] if c.also_in else _NONE
        self.value = c.value
        self.verdict = res.verdict
        self.expected = c.expect
        self.outcome = res.outcome
        self.because = c.because
        self.findings = [finding_record(f, res) for f in res.findings] if res.findings else _NONE
        self.ignored = (res.extra.get("ignored") if res.has_extra else None) or _NONE
        self.duration = round(res.duration, 6)
        self.brief = True


def error_record(e: Any) -> dict[str, Any]:
    loc = getattr(e, "location", None)
    return {"code": getattr(e, "code", "CA001"), "message": getattr(e, "message", str(e)), **_loc(loc),
            "suggestions": list(getattr(e, "suggestions", ())), "text": str(e)}


def summarize(run: RunResult) -> dict[str, int]:
    s = {k: 0 for k in ("consistent", "inconsistent", "underdetermined", "error", "stated",
                        "passed", "failed", "expected")}
    for r in run.results:
        s[r.verdict] += 1
        if r.outcome in s and r.outcome != "error":
            s[r.outcome] += 1
    s["collected"] = run.collected
    s["selected"] = len(run.results)
    s["errors"] = len(run.errors)
    s["findings"] = sum(1 for r in run.results for f in r.findings if f.severity != "info")
    return s


def _brief(formats: Collection[str] | None) -> bool:
    return formats is not None and all(f in BRIEF_FORMATS for f in formats)


def _state(res: ClaimResult) -> tuple[Any, ...]:
    """What a record is built from that may change after the audit: the claim (``point_at_documents``
    replaces it), the findings (dropped or added), verdict, outcome (``--baseline``) and extra's keys
    (the checklist, the baseline's mark; asked without making ``extra``)."""
    return res.claim, res.findings, res.verdict, res.outcome, len(res.findings), _extra_keys(res)


def _extra_keys(res: ClaimResult) -> int:
    extra = res._extra     # (read without making it: most results have none)
    return len(extra) if extra else 0


def prebuild_records(results: list[ClaimResult], formats: Collection[str] | None = None) -> None:
    """Build each result's record for ``formats`` now, where it was audited (a ``-n`` worker, so that
    the parent only merges them): :func:`as_report` takes it over (once) if nothing it is built from
    changed since, else builds it again."""
    from .run import paused_gc

    brief = _brief(formats)
    memo: dict[int, tuple[Amount, dict[str, Any]]] = {}
    with paused_gc():
        for r in results:
            r.record = (brief, _state(r), claim_record(r, memo, brief=brief and not shown_in_full(r)))


def _prebuilt(res: ClaimResult, brief: bool) -> dict[str, Any] | None:
    pre, res.record = res.record, None     # taken once: a second report builds its own records
    if pre is None or pre[0] != brief:
        return None
    # _state(res) against the state kept, compared field by field (no tuple built: once per record
    # of a -n run, in the parent alone after the merge)
    then, findings = pre[1], res.findings
    if then[0] is not res.claim or then[1] is not findings or then[2] != res.verdict or \
            then[3] != res.outcome or then[4] != len(findings) or then[5] != _extra_keys(res):
        return None
    return pre[2]


def as_report(run: RunResult, formats: Collection[str] | None = None) -> dict[str, Any]:
    """The report of ``run`` for ``formats`` (None: every format, complete records)."""
    from .run import exit_code, paused_gc

    with paused_gc():   # a record per claim: many small dicts, no garbage cycles to find
        return _report(run, exit_code(run), _brief(formats))


def _report(run: RunResult, code: int, brief: bool = False) -> dict[str, Any]:
    memo: dict[int, tuple[Amount, dict[str, Any]]] = {}
    records: list[dict[str, Any]] = []
    for r in run.results:   # (a loop, not a call per record: a -n parent's tail takes 100,000 over here)
        pre = _prebuilt(r, brief) if r.record is not None else None
        records.append(pre if pre is not None else claim_record(r, memo, brief=brief and not shown_in_full(r)))
    return {
        "schema": SCHEMA, "version": VERSION, "claimaudit": __version__,
        "created": _dt.datetime.now(_dt.UTC).replace(microsecond=0).isoformat(),
        "root": run.root, "paths": run.paths, "options": run.options, "duration": round(run.duration, 4),
        "exit_code": code,
        "summary": summarize(run),
        "sources": [s.as_dict() if hasattr(s, "as_dict") else s for s in run.sources.values()],
        "errors": [error_record(e) for e in run.errors],
        "records": records,
    }
