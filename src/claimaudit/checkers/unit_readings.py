"""CA103 unit readings: is an inconsistent claim consistent under a common misreading of a unit?"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, ClassVar

from ..engine.evaluate import compare, fmt_amount, fmt_number
from ..engine.results import ClaimResult, Finding, RunResult
from ..errors import InputError
from ..model.claims import Claim
from ..numbers.format import unit_sep
from ..units.declared import claim_vocabulary
from ..units.registry import resolve_unit
from .base import Checker
from .changes import change_alternatives
from .hookspecs import hookimpl
from .reevaluate import (
    claim_reading,
    closure,
    reading,
    reevaluate,
    with_settings,
    with_value,
)

# Information units with a decimal or binary prefix: PB / PiB, KB / KiB, Gb / Gib …
_PREFIXED = re.compile(r"(?<![A-Za-z])([kKMGTPEZY])(i?)(B|bit|b)(?![a-zA-Z])")
_BITS = re.compile(r"(?<![A-Za-z])([kKMGTPEZY]i?)?(bps|bit|b|B)(?![a-zA-Z])")
_TIME_WORDS = {
    "second": ("s", "sec", "secs", "second", "seconds", "秒"),
    "minute": ("min", "mins", "minute", "minutes", "分钟"),
    "hour": ("h", "hr", "hrs", "hour", "hours", "小时"),
    "day": ("d", "day", "days", "天", "日"),
    "week": ("wk", "week", "weeks", "周"),
    "month": ("month", "months", "月"),
    "year": ("yr", "year", "years", "年"),
}
_TIME_ALIASES = {alias: word for word, aliases in _TIME_WORDS.items() for alias in aliases}
_PER_TIME = re.compile(r"(/\s*|\bper\s+|每)(" + "|".join(sorted(map(re.escape, _TIME_ALIASES), key=len, reverse=True))
                       + r")(?![A-Za-z])")


@dataclass
class Alternative:
    kind: str            # prefix | kilo | bits | per-time | per-unit | percent-points
    message: str         # "consistent only if 20 PiB is read as 20 PB"
    working: list[str]


def swap_prefix(unit: str) -> str | None:
    """PB → PiB, PiB → PB, KiB → kB (decimal kilo is lower-case k)."""
    m = _PREFIXED.search(unit)
    if not m:
        return None
    p, i, base = m.groups()
    if i:
        new = ("k" if p in "kK" else p) + base
    else:
        new = ("K" if p in "kK" else p) + "i" + base
    return unit[: m.start()] + new + unit[m.end():]


def swap_bits(unit: str) -> str | None:
    """GB/s → Gbit/s, Gbps → GB/s, Gb → GB."""
    m = _BITS.search(unit)
    if not m:
        return None
    prefix, base = m.group(1) or "", m.group(2)
    if base == "B":
        new = prefix + "bit"
    elif base == "bps":
        new = prefix + "B/s"
    else:
        new = prefix + "B"
    return unit[: m.start()] + new + unit[m.end():]


_FLOPS = re.compile(r"(?<![A-Za-z])([kMGTPE]?)(FLOPs|FLOPS|Flops|flops|FLOP\s*/\s*s(?:ec)?)(?![A-Za-z])")


def swap_flops(unit: str) -> str | None:
    """TFLOPs (a count) → TFLOP/s (a rate), and TFLOPS, TFlops, TFLOP/s → TFLOPs: the two
    readings of FLOP spellings that papers and vendors mix."""
    m = _FLOPS.search(unit)
    if not m:
        return None
    new = m.group(1) + ("FLOP/s" if m.group(2) == "FLOPs" else "FLOPs")
    return unit[: m.start()] + new + unit[m.end():]


def swap_time(unit: str) -> list[str]:
    """USD / day → USD / hour, USD / week …: the other time units a per-time figure may mean."""
    m = _PER_TIME.search(unit)
    if not m:
        return []
    current = _TIME_ALIASES[m.group(2)]
    return [unit[: m.start(2)] + word + unit[m.end(2):] for word in _TIME_WORDS if word != current]


class UnitReadings(Checker):
    """An inconsistent claim becomes consistent under a common misreading of a unit.

    Anti-pattern: numbers published with an ambiguous or misread unit — decimal vs binary prefixes
    (PB/PiB, KB/KiB, GB/GiB), ``K`` as 1000 vs 1024 (``128K`` tokens), bits vs bytes, percent vs
    percentage points (relative vs absolute change), per-unit vs total (per node vs the whole
    cluster, per day vs per hour), a FLOP count vs a FLOP rate (TFLOPs vs TFLOP/s), whole numbers
    read as rounded to their last digit (measured values, table integers: ``rounding: digits``),
    a whole number that was cut, not rounded (a derived column computed with ``int()``). When the
    claim as printed does not add up, each reading is tried on the claim and on its inputs; one that
    makes it consistent is reported, with the setting that makes it hold:
    "consistent only if 20 PiB is read as 20 PB".
    Fix: print the unit the figure was computed in (20 PB), or correct the figure (19.65 PiB).
    """

    code = "CA103"
    name = "unit-readings"
    config_keys: ClassVar[dict[str, Any]] = {
        "readings": ["prefix", "kilo", "bits", "flops", "digits", "truncation", "percent-points",
                     "per-unit", "per-time"],
        "max_inputs": 8}

    def check(self, result: ClaimResult, run: RunResult) -> Iterable[Finding]:
        if result.verdict != "inconsistent" or result.claim.value is None:
            return ()
        if not any(f.code in ("CA101", "CA102") and f.severity == "error" for f in result.findings):
            return ()
        found = list(self.alternatives(result, run))
        if not found:
            return ()
        first = found[0]
        working = list(first.working)
        for alt in found[1:]:
            working.append("also: " + alt.message)
        return [self.finding("warning", first.message, working=working,
                             data={"readings": [{"kind": a.kind, "message": a.message} for a in found]})]

    # -- candidates --------------------------------------------------------------------------------
    def alternatives(self, result: ClaimResult, run: RunResult) -> Iterator[Alternative]:
        kinds = set(self.config["readings"])
        claim = result.claim
        r = claim_reading(claim, result)
        if r is None:
            return
        same_dims = result.recomputed is not None and result.recomputed.dims == r.unit.dims
        # 1. The claim's own unit read another way (claim side first: the printed figure is the
        #    one most likely misread).
        if same_dims:
            unit = r.printed.unit
            swaps: list[tuple[str, str]] = []
            if "prefix" in kinds and (u := swap_prefix(unit)):
                swaps.append(("prefix", u))
            if "bits" in kinds and (u := swap_bits(unit)):
                swaps.append(("bits", u))
            if "per-time" in kinds:
                swaps.extend(("per-time", u) for u in swap_time(unit))
            for kind, new_unit in swaps:
                alt = self._claim_unit(result, r, new_unit, kind)
                if alt:
                    yield alt
        # 1b. A FLOP count read as a rate or the reverse (the dimensions differ by a time).
        if "flops" in kinds and result.recomputed is not None and (u := swap_flops(r.printed.unit)):
            alt = self._claim_unit(result, r, u, "flops", any_dims=True)
            if alt:
                yield alt
        # 2. K read as 1024 instead of 1000 (or the reverse) throughout the claim and its inputs.
        if "kilo" in kinds:
            alt = self._kilo(result, run)
            if alt:
                yield alt
        # 2b. Whole numbers (measured values such as 3,475 km, table integers) read as rounded to
        #     their last digit instead of exact.
        if "digits" in kinds:
            alt = self._digits(result, run)
            if alt:
                yield alt
        # 2c. A whole number printed for a value that was cut, not rounded (a derived column
        #     computed with int() or floor): 9,765,625 / 127 = 76,894.69 printed as 76894.
        if "truncation" in kinds and same_dims:
            alt = self._truncated(result, r)
            if alt:
                yield alt
        # 3. An input's unit read another way.
        if kinds & {"prefix", "bits", "flops"}:
            yield from self._inputs(result, run, kinds)
        # 4. Per unit vs total: the two sides differ by exactly one input's dimension.
        if "per-unit" in kinds and result.recomputed is not None and not same_dims:
            yield from self._per_unit(result, r)
        # 5. Percent vs percentage points: relative vs absolute change.
        if "percent-points" in kinds and r.printed.kind in ("percent", "points"):
            yield from self._percent_points(result, run, r)

    def _claim_unit(self, result: ClaimResult, r, new_unit: str, kind: str,
                    any_dims: bool = False) -> Alternative | None:
        try:
            with claim_vocabulary(result.claim.settings.units):
                info = resolve_unit(new_unit)
        except InputError:
            return None
        if any_dims:
            if info.dims != result.recomputed.dims:  # type: ignore[union-attr]
                return None
        elif info.dims != r.unit.dims or info.factor == r.unit.factor:
            return None
        rec = result.recomputed.base / info.factor  # type: ignore[union-attr]
        ok, _ = compare(rec, r, result.relation, result.claim.settings)
        if not ok or not _tight(rec, r, result.relation):
            return None
        printed = f"{fmt_number(r.printed.nominal)} {r.printed.unit}".strip()
        shown = f"{fmt_number(r.printed.nominal)} {new_unit}".strip()
        what = {"prefix": _prefix_note(new_unit), "bits": "bits vs bytes",
                "per-time": "a different time base",
                "flops": "a rate, FLOP per second" if "/" in new_unit else "a count of FLOP"}[kind]
        rec_shown = f"{fmt_number(rec.mid, 6)} {new_unit}" if not rec.is_point else f"{fmt_number(rec.lo)} {new_unit}"
        message = f"consistent only if {printed} is read as {shown} ({what})"
        if kind == "per-time":
            m = _PER_TIME.search(new_unit)
            word = _TIME_ALIASES.get(m.group(2), m.group(2)) if m else new_unit
            message = f"consistent only if {result.claim.value} is read per {word}, not per {_time_word(unit_of(r))}"
        return Alternative(kind, message,
                           [f"recomputed {fmt_amount(result.recomputed)} = {rec_shown}",
                            f"as printed ({printed}) it does not hold; read as {shown} it does"])

    def _truncated(self, result: ClaimResult, r) -> Alternative | None:
        p = r.printed
        if not p.exact or p.is_range or p.nominal.denominator != 1 or result.relation != "=":
            return None
        rec = result.recomputed.interval  # type: ignore[union-attr]
        n, step = p.nominal, Fraction(1)
        lo, hi = (n, n + step) if n >= 0 else (n - step, n)
        # Truncation keeps [n, n + 1) (mirrored below zero): some recomputed value must lie there.
        if not (rec.lo < hi and rec.hi >= lo) or rec.intersects(p.interval):
            return None
        unit = r.amount.unit
        sep = unit_sep(unit)
        return Alternative("truncation", f"consistent only if {result.claim.value} is the value cut to a whole "
                                         "number (truncated, as int() or floor does), not rounded",
                           [f"recomputed {fmt_amount(result.recomputed)}; truncated it prints as "
                            f"{fmt_number(n)}{sep}{unit}".rstrip(),
                            "a derived column computed with int() or floor is truncated; say so, or print "
                            "the rounded value"])

    def _digits(self, result: ClaimResult, run: RunResult) -> Alternative | None:
        members = closure(result.claim, run)
        if not members or all(c.settings.rounding == "digits" for c in members):
            return None
        exact = []
        for c in members:
            texts = [(c.id, c.value, c.settings)] if c.value is not None else []
            texts += [(g.name, g.value, g.settings) for g in c.given]
            for name, text, settings in texts:
                rd = reading(text, settings)
                if rd is not None and rd.printed.exact and settings.rounding == "auto" \
                        and rd.printed.nominal.denominator == 1 and rd.printed.nominal:
                    exact.append(f"{text} ({name})")
        if not exact:
            return None
        alt = reevaluate(result.claim, run, with_settings(rounding="digits"))
        if alt is None or alt.verdict != "consistent":
            return None
        return Alternative("digits", "consistent only if the whole numbers are read as rounded to their last "
                                     f"digit, not exact: {', '.join(exact)}",
                           [f"recomputed {fmt_amount(alt.recomputed)} with rounding: digits",
                            "setting: rounding: digits (for measured values and table integers)"])

    def _kilo(self, result: ClaimResult, run: RunResult) -> Alternative | None:
        members = closure(result.claim, run)
        if not members:
            return None
        uses = []
        kilo = None
        for c in members:
            texts = [(c.id, c.value, c.settings)] if c.value is not None else []
            texts += [(g.name, g.value, g.settings) for g in c.given]
            for name, text, settings in texts:
                rd = reading(text, settings)
                if rd is not None and rd.printed.uses_kilo:
                    uses.append((name, text, settings.kilo))
                    kilo = settings.kilo
        if not uses or kilo is None:
            return None
        other = 1024 if kilo == 1000 else 1000
        alt = reevaluate(result.claim, run, with_settings(kilo=other))
        if alt is None or alt.verdict != "consistent":
            return None
        shown = []
        for name, text, _k in uses:
            rd = reading(text, replace(result.claim.settings, kilo=other))
            if rd is not None:
                unit = rd.amount.unit
                sep = unit_sep(unit)
                shown.append(f"{text} = {fmt_number(rd.printed.nominal)}{sep}{unit} ({name})")
        return Alternative("kilo", f"consistent only if K is read as {other}, not {kilo}",
                           shown + [f"recomputed {fmt_amount(alt.recomputed)} with K = {other}",
                                    f'setting: kilo: "{other}"'])

    def _inputs(self, result: ClaimResult, run: RunResult, kinds: set[str]) -> Iterator[Alternative]:
        members = closure(result.claim, run)
        if not members:
            return
        tried = 0
        for c in members:
            entries: list[tuple[str | None, str, str]] = []
            if c.qualname != result.claim.qualname and c.value is not None:
                entries.append((None, c.value, c.id))
            entries += [(g.name, g.value, g.name) for g in c.given]
            for given, text, label in entries:
                rd = reading(text, c.settings)
                if rd is None:
                    continue
                for kind, swap in (("prefix", swap_prefix), ("bits", swap_bits), ("flops", swap_flops)):
                    if kind not in kinds:
                        continue
                    new_unit = swap(rd.printed.unit)
                    if not new_unit or tried >= self.config["max_inputs"]:
                        continue
                    new_text = _replace_unit(text, rd.printed.unit, new_unit)
                    if new_text is None:
                        continue
                    tried += 1
                    alt = reevaluate(result.claim, run, with_value(c.qualname, new_text, given))
                    if alt is not None and alt.verdict == "consistent":
                        yield Alternative(kind, f"consistent only if {label} = {text} is read as {new_text}",
                                          [f"recomputed {fmt_amount(alt.recomputed)} with {label} = {new_text}"])

    def _per_unit(self, result: ClaimResult, r) -> Iterator[Alternative]:
        rec = result.recomputed
        assert rec is not None  # noqa: S101 - invariant: called only for a recomputed claim
        for i in result.inputs:
            if i.amount is None:
                continue
            for op, dims, mag in (("÷", rec.dims / i.amount.dims, rec.base / i.amount.base),
                                  ("×", rec.dims * i.amount.dims, rec.base * i.amount.base)):
                if dims != r.unit.dims:
                    continue
                alt = mag / r.unit.factor
                ok, _ = compare(alt, r, result.relation, result.claim.settings)
                if ok and _tight(alt, r, result.relation):
                    per = "per " + (i.printed or i.name) if op == "÷" else "a total over " + (i.printed or i.name)
                    yield Alternative("per-unit", f"consistent only if {result.claim.value} is read as {per} "
                                                  f"(formula {op} {i.name})",
                                      [f"recomputed {op} {i.name} = {fmt_number(alt.mid, 6)} "
                                       f"{r.printed.unit}".rstrip()])

    def _percent_points(self, result: ClaimResult, run: RunResult, r) -> Iterator[Alternative]:
        for label, formula in change_alternatives(result.claim):
            alt = reevaluate(result.claim, run, _with_formula(result.claim.qualname, formula))
            if alt is None or alt.verdict != "consistent":
                continue
            computes = "percentage points" if label == "a relative change" else "a relative change"
            yield Alternative("percent-points",
                              f"consistent only if {result.claim.value} is read as {label} ({formula}), "
                              f"not {computes} as the formula computes",
                              [f"{result.claim.formula} = {fmt_amount(result.recomputed)}",
                               f"{formula} = {fmt_amount(alt.recomputed)}"])


def unit_of(r) -> str:
    return r.printed.unit


def _time_word(unit: str) -> str:
    m = _PER_TIME.search(unit)
    return _TIME_ALIASES.get(m.group(2), m.group(2)) if m else unit


def _tight(rec, r, relation: str) -> bool:
    """For over/under claims any reading that shrinks the bound enough would "hold": accept a
    reading only when the bound lands near the value (within 1.5×), as a misread unit would."""
    if relation in ("=", "~"):
        return True
    bound = r.printed.nominal
    if bound == 0 or rec.mid == 0:
        return False
    ratio = abs(rec.mid / bound)
    return Fraction(2, 3) <= ratio <= Fraction(3, 2)


def _prefix_note(new: str) -> str:
    m = _PREFIXED.search(new)
    binary = bool(m and m.group(2))
    return "binary prefix, powers of 1024" if binary else "decimal prefix, powers of 1000"


def _replace_unit(text: str, old: str, new: str) -> str | None:
    idx = text.rfind(old)
    if idx < 0 or not old:
        return None
    return text[:idx] + new + text[idx + len(old):]


def _with_formula(qualname: str, formula: str) -> Callable[[Claim], Claim]:
    def apply(c: Claim) -> Claim:
        return replace(c, formula=formula) if c.qualname == qualname else c

    return apply


@hookimpl
def claimaudit_checkers() -> list:
    return [UnitReadings]
