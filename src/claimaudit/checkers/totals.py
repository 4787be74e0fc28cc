"""CA106 totals and shares: parts add to their total, shares to 100%, "X% (A out of B)" to A/B."""

from __future__ import annotations

import re
from collections.abc import Iterable
from fractions import Fraction

from ..engine.evaluate import fmt_interval, fmt_number
from ..engine.results import ClaimResult, Finding, RunResult
from ..numbers.format import unit_sep
from ..numbers.interval import Interval
from .base import Checker, decided_by_checker
from .hookspecs import hookimpl
from .reevaluate import claim_reading, quantity_of

_NUM = r"\d{1,3}(?:,\d{3})+|\d+"
_PCT = r"\d+(?:\.\d+)?"
# "42% (21 out of 50)", "42%（21/50）" and "21 of 50 (42%)", "21/50 (42%)".
_OUT_OF = [
    re.compile(rf"(?P<pct>{_PCT})\s*%\s*[(（]\s*(?P<a>{_NUM})\s*(?:out of|of|/|／)\s*(?P<b>{_NUM})\s*[)）]", re.I),
    re.compile(rf"(?P<a>{_NUM})\s*(?:out of|of|/|／)\s*(?P<b>{_NUM})\s*[(（]\s*(?P<pct>{_PCT})\s*%\s*[)）]", re.I),
]


def percent_interval(text: str) -> Interval:
    """A printed percentage as the interval of proportions its digits allow (42.5 → [0.4245, 0.4255])."""
    decimals = len(text.split(".")[1]) if "." in text else 0
    step = Fraction(1, 10**decimals)
    x = Fraction(text)
    return Interval(x - step / 2, x + step / 2) / 100


class Totals(Checker):
    """A total must equal the sum of its listed parts; shares must add to 100%; "X (A out of B)" to A/B.

    Anti-patterns: a table whose rows do not add up to its total row; percentage shares that do
    not add to 100% beyond what the rounding of their printed digits explains (three shares of
    33.3%, 33.3%, 33.4% are fine; 100.03% from rounded shares is fine); "42% (21 out of 50)"
    where 21/50 is 42% but "44% (21 out of 50)" is not.
    Use ``parts: [a, b, c]`` on the total (names of claims or printed values); a claim with parts
    and no value is a set of shares that must add to 100%. Each part is read as its rounding
    interval, so the check fails only when no choice of true values adds up.
    Fix: correct the total or the part, or say that the parts are not exhaustive.
    """

    code = "CA106"
    name = "totals"

    def check(self, result: ClaimResult, run: RunResult) -> Iterable[Finding]:
        out: list[Finding] = []
        parts = result.claim.get("parts")
        if parts:
            f = self._parts(result, run, [str(p) for p in parts])
            if f is not None:
                out.append(f)
        for text in (result.claim.value, result.claim.quote):
            if text:
                failed, passed = self._out_of(str(text))
                out.extend(failed)
                for f in passed:
                    result.passed_check(f)
        return out

    def _parts(self, result: ClaimResult, run: RunResult, parts: list[str]) -> Finding | None:
        loc = result.claim.loc_of("parts")
        values = []
        for p in parts:
            q = quantity_of(p, result.claim, run)
            if q is None:
                return self.finding("warning", f"part {p!r} is neither a claim with a value nor a printed value",
                                    location=loc)
            values.append(q)
        dims = values[0][1]
        if any(v[1] != dims for v in values):
            kinds = ", ".join(f"{v[2]} ({v[1].describe()})" for v in values)
            return self.finding("error", f"the parts are not the same kind of quantity: {kinds}", location=loc)
        total = values[0][0]
        for v in values[1:]:
            total = total + v[0]
        r = claim_reading(result.claim, result) if result.claim.value is not None else None
        labels = " + ".join(v[2].split(" = ")[-1] for v in values)
        if r is None:
            decided_by_checker(result)  # a set of shares: its parts are its content
            if not dims.dimensionless:
                return self.finding("warning", "parts are listed but the claim has no total to add them to",
                                    location=loc)
            # Shares: they must be able to add to exactly 100%.
            if total.contains(Fraction(1)):
                result.extra["totals"] = {"sum": [float(total.lo), float(total.hi)], "target": 1.0}
                result.passed_check(self.finding("info", "the shares can add to exactly 100% within the rounding "
                                                         "of their digits",
                                                 working=[f"{labels} = {fmt_interval(total * 100)}%"], location=loc))
                return None
            printed = sum((_nominal(p, result, run) for p in parts), Fraction(0))
            return self.finding("error", f"the shares add to {fmt_number(printed * 100)}%, and within the rounding "
                                         f"of their digits to {fmt_interval(total * 100)}%, which excludes 100%",
                                working=[labels], location=loc)
        if r.unit.dims != dims:
            return self.finding("error", f"the parts are {dims.describe()}, the total is {r.unit.dims.describe()}",
                                location=loc)
        target = r.amount.base
        result.extra["totals"] = {"sum": [float(total.lo), float(total.hi)],
                                  "target": [float(target.lo), float(target.hi)]}
        unit = r.amount.unit
        sep = unit_sep(unit)
        shown = total / r.unit.factor
        if total.intersects(target):
            result.passed_check(self.finding(
                "info", f"the parts add up to the total {result.claim.value} within rounding",
                working=[f"{labels} = {fmt_interval(shown)}{sep}{unit}",
                         f"total {result.claim.value} = {fmt_interval(r.amount.interval)}{sep}{unit}"], location=loc))
            return None
        return self.finding("error", f"the parts add to {fmt_interval(shown)}{sep}{unit}, not the total "
                                     f"{result.claim.value}", working=[f"{labels} = {fmt_interval(shown)}{sep}{unit}",
                                                                      f"total {result.claim.value} = "
                                                                      f"{fmt_interval(r.amount.interval)}{sep}{unit}"],
                            location=loc, data={"sum": [float(shown.lo), float(shown.hi)]})

    def _out_of(self, text: str) -> tuple[list[Finding], list[Finding]]:
        """("X% (A out of B)" pairs that disagree, those that agree) in ``text``."""
        out: list[Finding] = []
        passed: list[Finding] = []
        if "%" not in text:
            return out, passed     # both patterns need a percent sign: most texts are skipped here
        for pattern in _OUT_OF:
            for m in pattern.finditer(text):
                a = int(m.group("a").replace(",", ""))
                b = int(m.group("b").replace(",", ""))
                if b == 0:
                    continue
                share = Fraction(a, b)
                printed = percent_interval(m.group("pct"))
                if printed.contains(share):
                    passed.append(self.finding("info", f"'{m.group(0)}': {a}/{b} = "
                                               f"{fmt_number(share * 100, 4)}% prints as {m.group('pct')}%"))
                    continue
                out.append(self.finding("error", f"'{m.group(0)}': {a}/{b} = {fmt_number(share * 100, 4)}%, "
                                                 f"which does not print as {m.group('pct')}%",
                                        data={"a": a, "b": b, "share": float(share)}))
        return out, passed


def _nominal(part: str, result: ClaimResult, run: RunResult) -> Fraction:
    q = quantity_of(part, result.claim, run)
    return q[0].mid if q else Fraction(0)


@hookimpl
def claimaudit_checkers() -> list:
    return [Totals]
