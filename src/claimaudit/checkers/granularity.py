"""CA109 granularity: GRIM and GRIMMER, exactly.

GRIM (Brown & Heathers 2016): the mean of ``n`` integer responses (``items`` per respondent) is
a multiple of 1 / (n·items); a printed mean is possible only if some such multiple rounds to it.
GRIMMER (Anaya 2016; Allard's A-GRIMMER as scrutiny implements it): for each possible sum ``K``,
the printed SD must come from an integer sum of squares ``Q = (n−1)·SD² + K²/n`` (in item units)
with the same parity as ``K`` (because x² ≡ x mod 2 for integers).

Both are computed with exact fractions and the rounding procedures of :mod:`.rounding` (closed
or open ends per procedure, no 1e-12 "dust"), so ties are decided exactly, and every verdict
comes with the sum (and sum of squares) that makes it possible, or the nearest ones that do not.
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from ..engine.results import ClaimResult, Finding, RunResult
from ..numbers.plain import decimal_with_step
from .base import Checker, checker_input
from .hookspecs import hookimpl
from .rounding import (
    NEAREST,
    PROCEDURES,
    Span,
    is_procedure,
    join,
    round_with,
    show_at,
    unround,
)


class GranularityInputError(ValueError):
    """Input the claim file gives but that cannot be read (``key`` says where): an input error."""

    def __init__(self, message: str, key: str | None = None) -> None:
        super().__init__(message)
        self.key = key


def decimal_text(text: str, key: str | None = None) -> tuple[Fraction, Fraction]:
    """A printed decimal ("5.19", "2,000.20") as (value, step of its last digit)."""
    try:
        return decimal_with_step(text)
    except ValueError as exc:
        raise GranularityInputError(str(exc), key) from None


def integers_in(span: Span, scale: Fraction) -> range:
    """The integers K with K/scale inside ``span`` (open or closed ends)."""
    a, a_closed, b, b_closed = span
    lo, hi = a * scale, b * scale
    first = math.ceil(lo) if a_closed or lo.denominator != 1 else int(lo) + 1
    last = math.floor(hi) if b_closed or hi.denominator != 1 else int(hi) - 1
    return range(first, last + 1)


@dataclass
class GrimResult:
    consistent: bool
    procedures: list[str]          # procedures under which some sum gives the mean
    sums: list[int]                # sums K (in item units) that print as the mean
    nearest: list[tuple[int, Fraction]]  # the sums just below/above mean·n·items, with their means
    testable: bool                 # n·items < 10^decimals (otherwise every mean is possible)
    partial: bool = False          # more than MAX_SUMS sums print as the mean: only the first are kept


#: At most this many candidate sums are kept (and searched by GRIMMER, DEBIT and the scale SD), so a
#: huge n from a stranger's file cannot exhaust time or memory; beyond it a test says it cannot decide.
MAX_SUMS = 10_000


def grim(mean: str, n: int, items: int = 1, *, percent: bool = False,
         procedures: Sequence[str] = NEAREST) -> GrimResult:
    """Is the printed ``mean`` of ``n`` integer responses (``items`` each) possible?"""
    x, step = decimal_text(mean)
    if percent:
        x, step = x / 100, step / 100
    if n <= 0 or items <= 0:
        raise GranularityInputError("n and items must be positive")
    g = n * items
    found: set[int] = set()
    ok_procs = []
    partial = False
    for p in procedures:
        ks = integers_in(unround(x, step, p), Fraction(g))
        if len(ks):
            ok_procs.append(p)
            partial = partial or len(ks) > MAX_SUMS
            found.update(ks[:MAX_SUMS])
    exact = x * g
    nearest = sorted({math.floor(exact), math.ceil(exact)})
    return GrimResult(bool(found), ok_procs, sorted(found)[:MAX_SUMS], [(k, Fraction(k, g)) for k in nearest],
                      Fraction(g) < 1 / step, partial)


@dataclass
class GrimmerResult:
    consistent: bool
    grim: GrimResult
    test: str                      # "passed" | "grim" | "sd-range" | "parity"
    witness: tuple[int, int] | None  # (sum K, sum of squares Q) that reproduces mean and SD
    sd_range: tuple[Fraction, Fraction] | None  # Q bounds for the first K (for the working)


def grimmer(mean: str, sd: str, n: int, items: int = 1, *,
            procedures: Sequence[str] = NEAREST) -> GrimmerResult:
    """Are the printed ``mean`` and ``sd`` (sample SD) of ``n`` integer responses possible?"""
    g = grim(mean, n, items, procedures=procedures)
    if not g.consistent:
        return GrimmerResult(False, g, "grim", None, None)
    if n < 2:
        return GrimmerResult(True, g, "passed", None, None)
    s, s_step = decimal_text(sd)
    first_range = None
    any_integer = False
    for k in g.sums:
        for p in procedures:
            a, a_closed, b, b_closed = unround(s, s_step, p)
            if b < 0:
                continue
            if a < 0:
                a, a_closed = Fraction(0), True
            base = Fraction(k * k, n)
            # Q (item units) = (n-1)·(items·SD)² + K²/n, monotone in SD >= 0.
            span = ((n - 1) * (items * a) ** 2 + base, a_closed, (n - 1) * (items * b) ** 2 + base, b_closed)
            qs = integers_in(span, Fraction(1))
            if first_range is None:
                first_range = (span[0], span[2])
            if len(qs):
                any_integer = True
            for q in qs:
                if q % 2 == k % 2:
                    return GrimmerResult(True, g, "passed", (k, q), (span[0], span[2]))
    if g.partial:
        return GrimmerResult(True, g, "too-many", None, first_range)
    return GrimmerResult(False, g, "parity" if any_integer else "sd-range", None, first_range)


#: scrutiny's rounding vocabulary (``rounding =`` of grim_map and friends) as claimaudit's procedures;
#: "up_from"/"down_from" take scrutiny's ``threshold`` (default 5).
SCRUTINY = {"up_or_down": ("half-up", "half-down"), "up": ("half-up",), "down": ("half-down",),
            "even": ("half-even",), "ceiling_or_floor": ("ceiling", "floor"), "ceiling": ("ceiling",),
            "floor": ("floor",), "trunc": ("truncation",), "anti_trunc": ("anti-truncation",),
            "up_from": ("up-from-{t}",), "down_from": ("down-from-{t}",),
            "up_from_or_down_from": ("up-from-{t}", "down-from-{t}")}


def _procedures(value: object, threshold: object = None) -> list[str]:
    if value in (None, "", "nearest"):
        return list(NEAREST)
    if value == "any":
        return list(PROCEDURES)
    t = str(threshold if threshold is not None else "5").strip()
    if not re.fullmatch(r"[1-9]", t):
        raise GranularityInputError(f"threshold {threshold!r} must be a digit 1-9", "threshold")
    items = [value] if isinstance(value, str) else list(value)  # type: ignore[call-overload]  # a YAML list
    out: list[str] = []
    for item in items:
        name = str(item).strip()
        for p in SCRUTINY.get(name, (name,)):
            p = p.format(t=t)
            if not is_procedure(p):
                raise GranularityInputError(f"unknown rounding procedure {name!r} (use {', '.join(PROCEDURES)}, "
                                            f"'nearest', 'any', or scrutiny's {', '.join(SCRUTINY)})", "rounding")
            if p not in out:
                out.append(p)
    return out


def rounds_to(x: Fraction, step: Fraction, procedures: Sequence[str]) -> str:
    """What ``x`` prints as under the claim's procedures ("5.23", or "5.22 (half-down) / 5.23 (half-up)")."""
    shown: dict[str, list[str]] = {}
    for p in procedures:
        shown.setdefault(show_at(round_with(x, step, p), step), []).append(p)
    if len(shown) == 1:
        return next(iter(shown))
    return " / ".join(f"{v} ({join(ps)})" for v, ps in shown.items())


@dataclass
class DebitResult:
    consistent: bool
    grim: GrimResult
    witness: int | None            # the count of ones that reproduces mean and SD
    sd_at: list[tuple[int, float]]  # (count, SD it gives) for the mean's possible counts
    undecided: bool = False        # too many counts give the mean to search them all (MAX_SUMS)


def debit(mean: str, sd: str, n: int, *, procedures: Sequence[str] = NEAREST) -> DebitResult:
    """DEBIT (Heathers & Brown 2019): a mean and sample SD of ``n`` binary (0/1) values. The mean
    must be k/n for an integer k (GRIM) and the SD sqrt(n/(n−1)·p·(1−p)) at p = k/n, checked
    exactly (squares compared as fractions) under each rounding procedure."""
    x, _ = decimal_text(mean, "mean")
    if not 0 <= x <= 1:
        raise GranularityInputError(f"DEBIT: a mean of binary data lies in [0, 1], not {mean}", "mean")
    if n < 2:
        raise GranularityInputError("DEBIT needs n of 2 or more", "n")
    g = grim(mean, n, 1, procedures=procedures)
    s, s_step = decimal_text(sd, "sd")
    sd_at = []
    for k in g.sums:
        p = Fraction(k, n)
        var = Fraction(n, n - 1) * p * (1 - p)
        sd_at.append((k, math.sqrt(var)))
        for proc in procedures:
            a, a_closed, b, b_closed = unround(s, s_step, proc)
            a2 = max(a, Fraction(0)) ** 2
            lo_ok = var > a2 or (var == a2 and (a_closed or a < 0))
            hi_ok = b >= 0 and (var < b * b or (var == b * b and b_closed))
            if lo_ok and hi_ok:
                return DebitResult(True, g, k, sd_at)
    return DebitResult(False, g, None, sd_at, undecided=g.partial)


def sd_limits(total: int, n: int, lo: int, hi: int) -> tuple[Fraction, Fraction]:
    """The least and greatest sample variance of ``n`` integers in [lo, hi] summing to ``total``
    (rsprite2's .sd_limits, exactly): as equal as possible, and as many at the ends as possible."""
    q, r = divmod(total, n)
    q_min = r * (q + 1) ** 2 + (n - r) * q * q
    excess = total - n * lo
    at_top, rest = divmod(excess, hi - lo) if hi > lo else (0, 0)
    middle = 1 if rest else 0
    q_max = at_top * hi * hi + middle * (lo + rest) ** 2 + (n - at_top - middle) * lo * lo
    base = Fraction(total * total, n)
    return (q_min - base) / (n - 1), (q_max - base) / (n - 1)


def read_table(text: str) -> list[dict[str, str]]:
    """A Markdown pipe table or CSV as rows of {lower-case header: cell}."""
    lines = [ln.strip() for ln in str(text).strip().splitlines() if ln.strip()]
    if not lines:
        raise GranularityInputError("the table is empty", "table")
    if len(lines) > 10_000:
        raise GranularityInputError("the table has more than 10,000 rows", "table")
    if lines[0].startswith("|") or "|" in lines[0]:
        rows = [[c.strip() for c in ln.strip("|").split("|")] for ln in lines
                if not re.fullmatch(r"\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?", ln)]
    else:
        import csv

        rows = [[c.strip() for c in r] for r in csv.reader(io.StringIO("\n".join(lines)))]
    header = [h.lower() for h in rows[0]]
    out = []
    for i, r in enumerate(rows[1:], start=1):
        if len(r) != len(header):
            raise GranularityInputError(f"table row {i} has {len(r)} cells, the header {len(header)}", "table")
        out.append(dict(zip(header, r, strict=True)))
    return out


_COLUMNS = {"mean": ("mean", "m", "x̄", "avg", "average"), "sd": ("sd", "s", "std", "stdev", "std. dev."),
            "n": ("n", "count", "size")}


def _column(row: dict[str, str], key: str) -> str | None:
    for name in _COLUMNS[key]:
        if name in row and row[name] != "":
            return row[name]
    return None


class Granularity(Checker):
    """GRIM/GRIMMER: a mean (and SD) of N integer-valued responses must be attainable.

    Anti-pattern: a mean of 5.19 from 28 people answering on an integer scale — no sum of 28
    integers divided by 28 rounds to 5.19 (145/28 = 5.179, 146/28 = 5.214); an SD that no
    integer sum of squares of the right parity can produce.
    Declare ``granularity: {mean: "5.19", n: "28"}`` (optionally ``sd``, ``items`` per person,
    ``percent: true`` for a percentage of n, ``rounding``: a procedure, a list, 'nearest' (half-up,
    half-even or half-down; the default), 'any', or scrutiny's names such as ``up_or_down``,
    ``trunc``, ``anti_trunc``, ``up_from`` with ``threshold``). ``test: debit`` checks a mean and
    SD of binary data (DEBIT); ``scale: "1, 7"`` bounds the SD on an integer scale; ``table:`` (a
    Markdown or CSV table of means, SDs and Ns) checks every row. Exact fractions decide ties; each
    verdict names the sum (and sum of squares) that reproduces the figures, or the nearest ones.
    Fix: correct the mean, the SD or n (often n differs from what was reported: exclusions).
    """

    code = "CA109"
    name = "granularity"
    config_keys: ClassVar[dict[str, Any]] = {"rounding": "nearest"}

    def check(self, result: ClaimResult, run: RunResult) -> Iterable[Finding]:
        found = checker_input(result, "granularity")
        if found is None:
            return ()
        spec, loc = found
        try:
            procs = _procedures(spec.get("rounding", self.config["rounding"]), spec.get("threshold"))
            items = _integer(spec.get("items", "1"), "items")
            percent = str(spec.get("percent", "false")).lower() in ("true", "yes", "1")
            test = str(spec.get("test", "")).strip().lower()
            scale = _scale(spec.get("scale"))
            if spec.get("table") is not None:
                return self._table(read_table(str(spec["table"])), test, items, percent, procs, scale, loc, result)
            if "mean" not in spec or "n" not in spec:
                raise GranularityInputError(f"missing key {'mean' if 'mean' not in spec else 'n'} (needs mean and n, "
                                            "or a table; optional sd, items, percent, rounding, test, scale)")
            return self._one(str(spec["mean"]), spec.get("sd"), _integer(spec["n"], "n"), items, percent, test,
                             procs, scale, loc, result)
        except GranularityInputError as exc:
            # The claim file cannot be read: an input error at the key (exit code 2), never a verdict.
            where = spec.loc_of(exc.key) if exc.key and hasattr(spec, "loc_of") and exc.key in spec else loc
            result.input_error("CA109", f"granularity: {exc}", where)
            return ()

    def _one(self, mean: str, sd: object, n: int, items: int, percent: bool, test: str, procs: list[str],
             scale: tuple[int, int] | None, loc, result: ClaimResult) -> list[Finding]:
        if test == "debit":
            if sd is None:
                raise GranularityInputError("DEBIT needs an sd", "test")
            return self._debit(mean, str(sd), n, procs, loc, result)
        if sd is not None and not percent and test != "grim":
            out = self._grimmer(mean, str(sd), n, items, procs, loc, result)
            if scale is not None and not any(f.severity == "error" for f in out):
                out += self._scale(mean, str(sd), n, items, procs, scale, loc)
            return out
        return self._grim(mean, n, items, percent, procs, loc, result)

    def _table(self, rows: list[dict[str, str]], test: str, items: int, percent: bool, procs: list[str],
               scale, loc, result: ClaimResult) -> list[Finding]:
        """Every row of a table of means (SDs) and Ns, as scrutiny's *_map checks a data frame."""
        out: list[Finding] = []
        passed = 0
        for i, row in enumerate(rows, start=1):
            mean, sd, n_text = _column(row, "mean"), _column(row, "sd"), _column(row, "n")
            if mean is None or n_text is None:
                raise GranularityInputError(f"table row {i} needs a mean and an n column (have: {', '.join(row)})",
                                            "table")
            try:
                found = self._one(mean, sd, _integer(n_text, "table"), items, percent, test, procs, scale, loc,
                                  result)
            except GranularityInputError as exc:
                raise GranularityInputError(f"table row {i}: {exc}", "table") from None
            bad = [f for f in found if f.severity in ("error", "warning")]
            if not bad:
                passed += 1
            for f in bad:
                f.message = f"row {i}: {f.message}"
                out.append(f)
        result.extra["granularity_table"] = {"rows": len(rows), "possible": passed}
        out.append(self.finding("info", f"{passed} of {len(rows)} table rows are possible", location=loc))
        return out

    def _debit(self, mean: str, sd: str, n: int, procs: list[str], loc, result: ClaimResult) -> list[Finding]:
        r = debit(mean, sd, n, procedures=procs)
        result.extra["debit"] = {"consistent": r.consistent, "witness": r.witness}
        what = f"binary data with mean {mean}, SD {sd}, n = {n}"
        if not r.grim.consistent:
            return [self.finding("error", f"DEBIT: {what} is impossible: no count of ones k gives k/{n} that rounds "
                                          f"to {mean} ({join(procs)})", location=loc, data={"test": "debit-grim"})]
        if r.undecided:
            return [self.finding("warning", f"DEBIT cannot decide {what}: more than {MAX_SUMS:,} counts give the "
                                            "mean, and none of those searched reproduces the SD", location=loc)]
        if r.consistent:
            k = r.witness
            assert k is not None  # noqa: S101 - invariant: a consistent result has its witness
            return [self.finding("info", f"DEBIT: {what} is possible: {k} ones of {n} give mean "
                                         f"{show_at(Fraction(k, n), Fraction(1, 10**6))} and SD "
                                         f"{dict(r.sd_at)[k]:.4f}", location=loc)]
        near = ", ".join(f"{k} ones give SD {v:.4f}" for k, v in r.sd_at[:4])
        return [self.finding("error", f"DEBIT: {what} is impossible: the SD of binary data with that mean is not "
                                      f"{sd} ({join(procs)})", working=[near], location=loc, data={"test": "debit"})]

    def _scale(self, mean: str, sd: str, n: int, items: int, procs: list[str], scale: tuple[int, int],
               loc) -> list[Finding]:
        """The SD must be possible for integers on the bounded scale (rsprite2's SD limits)."""
        lo, hi = scale
        g = grim(mean, n, items, procedures=procs)
        s, s_step = decimal_text(sd, "sd")
        ranges = []
        for k in g.sums:
            if not lo * items * n <= k <= hi * items * n:
                continue
            vmin, vmax = sd_limits(k, n, lo * items, hi * items)
            ranges.append((k, vmin, vmax))
            for p in procs:
                a, a_closed, b, b_closed = unround(s * items, s_step * items, p)
                a2, b2 = max(a, Fraction(0)) ** 2, b * b
                if (vmax > a2 or (vmax == a2 and a_closed)) and (vmin < b2 or (vmin == b2 and b_closed)):
                    return []
        if g.partial:
            return [self.finding("warning", f"the SD on the scale [{lo}, {hi}] cannot be decided: more than "
                                            f"{MAX_SUMS:,} sums give the mean", location=loc)]
        if not ranges:
            return [self.finding("error", f"mean {mean} lies outside the scale [{lo}, {hi}]", location=loc,
                                 data={"test": "scale"})]
        k, vmin, vmax = ranges[0]
        return [self.finding("error", f"SD {sd} is impossible for n = {n} integers on [{lo}, {hi}] with mean {mean}: "
                                      f"the SD can only be {math.sqrt(vmin) / items:.4f}–{math.sqrt(vmax) / items:.4f}",
                             location=loc, data={"test": "scale-sd"})]

    def _grim(self, mean: str, n: int, items: int, percent: bool, procs: list[str], loc,
              result: ClaimResult) -> list[Finding]:
        g = grim(mean, n, items, percent=percent, procedures=procs)
        unit = "%" if percent else ""
        _, step = decimal_text(mean)
        scale = 100 if percent else 1
        what = (f"a {'percentage' if percent else 'mean'} of {mean}{unit} from n = {n}"
                + (f" × {items} items" if items > 1 else ""))
        # The nearest sums, rounded as the claim asks (not always half-up).
        near = ", ".join(f"{k}/{n * items} = {show_at(m * scale, step / 1000)}{unit} → "
                         f"{rounds_to(m * scale, step, procs)}{unit}" for k, m in g.nearest)
        result.extra["grim"] = {"consistent": g.consistent, "procedures": g.procedures, "sums": g.sums[:10]}
        if not g.testable:
            return [self.finding("info", f"GRIM cannot test {what}: n·items = {n * items} ≥ 10^{_decimals(step)}, "
                                         "so every mean at this precision is possible", location=loc)]
        if g.consistent:
            k = g.sums[0]
            return [self.finding("info", f"GRIM: {what} is possible: {k}/{n * items} = "
                                         f"{show_at(Fraction(k, n * items) * scale, step / 1000)}{unit} "
                                         f"rounds to {mean}{unit} "
                                         f"({join(g.procedures)})", location=loc)]
        return [self.finding("error", f"GRIM: {what} is impossible: no sum of {n * items} integer responses "
                                      f"rounds to it ({join(procs)})", working=[near], location=loc,
                             data={"test": "grim"})]

    def _grimmer(self, mean: str, sd: str, n: int, items: int, procs: list[str], loc,
                 result: ClaimResult) -> list[Finding]:
        r = grimmer(mean, sd, n, items, procedures=procs)
        result.extra["grimmer"] = {"consistent": r.consistent, "test": r.test,
                                   "witness": list(r.witness) if r.witness else None}
        what = f"mean {mean}, SD {sd}, n = {n}" + (f" × {items} items" if items > 1 else "")
        if r.test == "grim":
            return self._grim(mean, n, items, False, procs, loc, result)
        if r.test == "too-many":
            return [self.finding("warning", f"GRIMMER cannot decide {what}: more than {MAX_SUMS:,} sums give the "
                                            "mean, and none of those searched reproduces the SD", location=loc)]
        if r.consistent:
            if r.witness is None:
                return []
            k, q = r.witness
            return [self.finding("info", f"GRIMMER: {what} is possible: sum {k}, sum of squares {q} "
                                         f"(mean {show_at(Fraction(k, n * items), Fraction(1, 10**6))}, "
                                         f"SD {_sd_text(k, q, n, items)})", location=loc)]
        lo, hi = r.sd_range if r.sd_range else (Fraction(0), Fraction(0))
        if r.test == "sd-range":
            why = (f"the sum of squares would have to lie in [{float(lo):.4f}, {float(hi):.4f}], "
                   "which holds no integer")
        else:
            why = ("the only integer sums of squares in range have the wrong parity "
                   "(a sum of squares of integers is even exactly when their sum is)")
        return [self.finding("error", f"GRIMMER: {what} is impossible: {why}", location=loc,
                             data={"test": r.test})]


def _integer(value: object, key: str) -> int:
    text = str(value).strip().replace(",", "")
    if not re.fullmatch(r"\d+", text):
        raise GranularityInputError(f"{key} must be a whole number, not {value!r}", key)
    return int(text)


def _scale(value: object) -> tuple[int, int] | None:
    if value is None:
        return None
    m = re.fullmatch(r"\s*(-?\d+)\s*[,–-]\s*(-?\d+)\s*", str(value))
    if not m or int(m.group(1)) >= int(m.group(2)):
        raise GranularityInputError(f"scale {value!r} must be 'min, max' with min < max (e.g. '1, 7')", "scale")
    return int(m.group(1)), int(m.group(2))


def _decimals(step: Fraction) -> int:
    d = 0
    while step.denominator != 1 and d < 30:
        step *= 10
        d += 1
    return d


def _sd_text(k: int, q: int, n: int, items: int) -> str:
    var = (Fraction(q) - Fraction(k * k, n)) / (n - 1) / (items * items)
    return f"{math.sqrt(var):.4f}"


@hookimpl
def claimaudit_checkers() -> list:
    return [Granularity]
