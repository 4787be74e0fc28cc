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

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Sequence

from ..engine.results import ClaimResult, Finding, RunResult
from .base import Checker, decided_by_checker
from .hookspecs import hookimpl
from .rounding import NEAREST, PROCEDURES, Span, join, meets, round_with, show_at, unround


class GranularityInputError(ValueError):
    pass


def decimal_text(text: str) -> tuple[Fraction, Fraction]:
    """A printed decimal ("5.19") as (value, step of its last digit)."""
    t = str(text).strip().replace("−", "-")
    try:
        value = Fraction(t)
    except (ValueError, ZeroDivisionError):
        raise GranularityInputError(f"not a decimal number: {text!r}") from None
    decimals = len(t.split(".")[1]) if "." in t else 0
    return value, Fraction(1, 10**decimals)


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
    for p in procedures:
        ks = [k for k in integers_in(unround(x, step, p), Fraction(g))]
        if ks:
            ok_procs.append(p)
            found.update(ks)
    exact = x * g
    nearest = sorted({math.floor(exact), math.ceil(exact)})
    return GrimResult(bool(found), ok_procs, sorted(found), [(k, Fraction(k, g)) for k in nearest],
                      Fraction(g) < 1 / step)


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
    return GrimmerResult(False, g, "parity" if any_integer else "sd-range", None, first_range)


def _procedures(value: object) -> list[str]:
    if value in (None, "", "nearest"):
        return list(NEAREST)
    if value == "any":
        return list(PROCEDURES)
    items = [value] if isinstance(value, str) else list(value)  # type: ignore[arg-type]
    bad = [p for p in items if p not in PROCEDURES]
    if bad:
        raise GranularityInputError(f"unknown rounding procedure {bad[0]!r} (use {', '.join(PROCEDURES)}, "
                                    "'nearest' or 'any')")
    return items


class Granularity(Checker):
    """GRIM/GRIMMER: a mean (and SD) of N integer-valued responses must be attainable.

    Anti-pattern: a mean of 5.19 from 28 people answering on an integer scale — no sum of 28
    integers divided by 28 rounds to 5.19 (145/28 = 5.179, 146/28 = 5.214); an SD that no
    integer sum of squares of the right parity can produce.
    Declare ``granularity: {mean: "5.19", n: "28"}`` (optionally ``sd``, ``items`` per person,
    ``percent: true`` for a percentage of n, ``rounding``: a procedure, a list, 'nearest' (half-up,
    half-even or half-down; the default) or 'any'). Exact fractions decide ties; each verdict
    names the sum (and sum of squares) that reproduces the figures, or the nearest ones.
    Fix: correct the mean, the SD or n (often n differs from what was reported: exclusions).
    """

    code = "CA109"
    name = "granularity"
    config_keys = {"rounding": "nearest"}

    def check(self, result: ClaimResult, run: RunResult) -> Iterable[Finding]:
        spec = result.claim.get("granularity")
        if not spec:
            return ()
        loc = result.claim.loc_of("granularity")
        decided_by_checker(result)
        try:
            mean = str(spec["mean"])
            n = int(str(spec["n"]).replace(",", ""))
            items = int(str(spec.get("items", "1")))
            percent = str(spec.get("percent", "false")).lower() in ("true", "yes", "1")
            procs = _procedures(spec.get("rounding", self.config["rounding"]))
        except (KeyError, ValueError, GranularityInputError) as exc:
            msg = f"missing key {exc}" if isinstance(exc, KeyError) else str(exc)
            return [self.finding("error", f"granularity: {msg} (needs mean and n; optional sd, items, percent, "
                                          "rounding)", location=loc)]
        try:
            if spec.get("sd") is not None and not percent:
                return self._grimmer(mean, str(spec["sd"]), n, items, procs, loc, result)
            return self._grim(mean, n, items, percent, procs, loc, result)
        except GranularityInputError as exc:
            return [self.finding("error", f"granularity: {exc}", location=loc)]

    def _grim(self, mean: str, n: int, items: int, percent: bool, procs: list[str], loc,
              result: ClaimResult) -> list[Finding]:
        g = grim(mean, n, items, percent=percent, procedures=procs)
        unit = "%" if percent else ""
        _, step = decimal_text(mean)
        scale = 100 if percent else 1
        what = f"a {'percentage' if percent else 'mean'} of {mean}{unit} from n = {n}" + (f" × {items} items" if items > 1 else "")
        near = ", ".join(f"{k}/{n * items} = {show_at(m * scale, step / 1000)}{unit} → {show_at(round_with(m * scale, step, 'half-up'), step)}{unit}"
                         for k, m in g.nearest)
        result.extra["grim"] = {"consistent": g.consistent, "procedures": g.procedures, "sums": g.sums[:10]}
        if not g.testable:
            return [self.finding("info", f"GRIM cannot test {what}: n·items = {n * items} ≥ 10^{_decimals(step)}, "
                                         "so every mean at this precision is possible", location=loc)]
        if g.consistent:
            k = g.sums[0]
            return [self.finding("info", f"GRIM: {what} is possible: {k}/{n * items} = "
                                         f"{show_at(Fraction(k, n * items) * scale, step / 1000)}{unit} rounds to {mean}{unit} "
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
