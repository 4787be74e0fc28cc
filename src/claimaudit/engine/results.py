"""What evaluating a claim produces: findings, the working, the verdict and the outcome.

These objects are what checkers read and write; :mod:`.records` turns them into the plain,
versioned records that every reporter reads.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..errors import Location
from ..model.claims import Claim
from ..numbers.interval import Interval
from ..units.quantity import Dims

#: Verdicts a claim can end with.
VERDICTS = ("consistent", "inconsistent", "underdetermined", "error", "stated")
#: Severities of findings. An ``error`` finding makes the claim inconsistent; a ``warning`` is shown
#: and counted but leaves the verdict; ``info`` is a note (a boundary case, a reading used).
SEVERITIES = ("error", "warning", "info")


@dataclass(slots=True)
class Finding:
    code: str                 # stable checker code, e.g. "CA101"
    severity: str             # one of SEVERITIES
    message: str              # one line
    checker: str = ""         # checker name, e.g. "arithmetic"
    working: list[str] = field(default_factory=list)   # extra lines of working, in the claim's terms
    location: Location | None = None                   # defaults to the claim's location
    data: dict[str, Any] = field(default_factory=dict)  # machine-readable details for reporters


@dataclass(slots=True)
class Amount:
    """An interval quantity shown in a unit: what a reader sees (``[54.15, 54.25] day``)."""

    interval: Interval        # in ``unit``
    unit: str                 # unit text as the claim prints it ("" for a plain number)
    dims: Dims
    factor: Fraction = Fraction(1)   # 1 unit = factor base units

    @property
    def base(self) -> Interval:
        return self.interval * self.factor


@dataclass(slots=True)
class InputValue:
    """One input of a formula, with where its value came from."""

    name: str
    printed: str | None       # the printed value ("2,664K GPU-hours"), None for a recomputed-only claim
    amount: Amount | None     # None when the input is free (underdetermined)
    ref: str | None = None    # "module.id" of the claim it came from, None for a local 'given'
    # Its place, or the claim whose value's place it is: built only when read (see ``location``;
    # most inputs are never shown, and a place kept per input claim was ~45 B a claim).
    place: Location | Claim | None = None
    recomputed: bool = False  # the input had no printed value: its recomputed value was used

    @property
    def location(self) -> Location | None:
        """Where the input's value is written (the given's place, or the input claim's value's)."""
        place = self.place
        return place.value_location if isinstance(place, Claim) else place


@dataclass(slots=True)
class ClaimResult:
    claim: Claim
    verdict: str = "stated"
    claimed: Amount | None = None
    relation: str = "="
    qualifier: str = ""
    printed_kind: str = "number"
    step: Fraction = Fraction(0)         # place value of the claim's last printed digit (in its unit)
    recomputed: Amount | None = None     # in the claim's unit when dimensions agree
    # The formula's inputs, an exact-size tuple set once evaluated (a list each, growing as inputs
    # came, was ~50 B a claim more; a claim without a formula shares the empty tuple).
    inputs: Sequence[InputValue] = ()
    # Names with no value (underdetermined) and the findings: an empty tuple (one, shared) until the
    # first one comes (findings through :meth:`add`); most claims have neither, and a fresh empty
    # list each was a twentieth of a run's memory.
    free: Sequence[str] = ()
    findings: Sequence[Finding] = ()
    boundary: bool = False               # consistent only at a rounding boundary
    error: str | None = None             # the input error that made the verdict "error"
    outcome: str = "passed"              # passed | failed | expected | error (set by the engine)
    duration: float = 0.0
    # ``extra``, the checkers' scratch space for reporters: made when first read or written (about half
    # the claims never have anything in it).
    _extra: dict[str, Any] | None = field(default=None, compare=False)
    reading: Any = None                  # the claim's value as read (engine.evaluate.Reading), for the checkers
    # Its report record, built where it was audited (a ``-n`` worker): see records.prebuild_records.
    record: Any = field(default=None, compare=False, repr=False)
    # Its amounts as its record shows them ({"claimed", "recomputed", "inputs"}), kept instead of the
    # amounts themselves when a ``-n`` worker sent it slim (records.slim_result): records read these.
    shown: Any = field(default=None, compare=False, repr=False)

    @property
    def id(self) -> str:
        return self.claim.id

    @property
    def extra(self) -> dict[str, Any]:
        """Checkers' data for reporters (``extra["rounding"]``, ``extra["quote"]`` …): a plain dict."""
        extra = self._extra
        if extra is None:
            extra = self._extra = {}
        return extra

    @extra.setter
    def extra(self, value: dict[str, Any]) -> None:
        self._extra = value

    @property
    def has_extra(self) -> bool:
        """Whether ``extra`` holds anything (asked without making it)."""
        return bool(self._extra)

    def add(self, finding: Finding) -> None:
        """Add ``finding`` (the one way to add one: ``findings`` is a shared empty tuple until then)."""
        if isinstance(self.findings, list):
            self.findings.append(finding)
        else:
            self.findings = [*self.findings, finding]

    def input_error(self, code: str, message: str, location: Location | None) -> None:
        """A checker input the claim file gives but that cannot be read (``statistic: {value: "5.3
        (2.1)"}``, an unknown rounding name): the claim is an input error (exit code 2), never an
        inconsistent finding about the document."""
        self.verdict = "error"
        self.error = message
        self.add(Finding(code, "error", message, "input", location=location or self.claim.location))

    def passed_check(self, finding: Finding) -> None:
        """A checker-input check (``parts``, ``at_most``, ``same_as``, ``words`` …) that passed.

        ``finding`` is an info note with the working. A claim whose only test is such a check is
        then *consistent*, not merely stated: the check is its verdict (a failing check makes it
        inconsistent in the same way). The codes that passed are kept in ``extra["checked"]``;
        ``data["caveat"]`` marks a pass worth reading ("agrees only within rounding").
        """
        finding.data.setdefault("passed", True)
        self.add(finding)
        self.extra.setdefault("checked", []).append(finding.code)
        if self.verdict == "stated":
            self.verdict = "consistent"


@dataclass
class RunResult:
    results: list[ClaimResult]
    errors: list[Any]                     # InputError instances not tied to one claim (file level)
    paths: list[str]
    root: str
    duration: float = 0.0
    options: dict[str, Any] = field(default_factory=dict)
    sources: dict[str, Any] = field(default_factory=dict)   # id -> source record (bibliographic)
    collected: int = 0
    #: Every evaluated result, also those ``-k`` deselected: checkers look inputs up here.
    all_results: list[ClaimResult] = field(default_factory=list)

    @property
    def universe(self) -> list[ClaimResult]:
        return self.all_results or self.results


#: How to empty the process's memos of values read from text (printed numbers, readings), registered
#: by the modules that keep them (:func:`forget_after_run`).
_RUN_MEMOS: list[Callable[[], None]] = []


def forget_after_run(clear: Callable[[], None]) -> Callable[[], None]:
    """Register ``clear``, which empties a memo that serves a run while it audits (its claims repeat
    their figures), to be called as each run ends (:func:`release_intermediates`)."""
    _RUN_MEMOS.append(clear)
    return clear


def release_intermediates(run: RunResult) -> None:
    """Drop what only the audit's own steps read, once every verdict and outcome is in: each result's
    value as read (``reading``, the checkers' own: they read a claim again when it is gone), the
    checkers' per-run caches, kept on the run under ``_claimaudit_`` names (face values, indexes,
    loaded source texts), and the memos of values read (:func:`forget_after_run`: the results keep
    the amounts they show). Records and reports read none of them; a fifth of a run's memory was in
    them, and the records are built in the memory they leave."""
    for r in run.universe:
        r.reading = None
    for name in [k for k in vars(run) if k.startswith("_claimaudit_")]:
        delattr(run, name)
    for clear in _RUN_MEMOS:
        clear()
