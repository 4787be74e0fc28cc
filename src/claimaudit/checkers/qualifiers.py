"""CA105 qualifiers and magnitude words: "about", "nearly", "doubled", "several orders of magnitude"."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from ..engine.evaluate import approx_tolerance, compare, fmt_interval, fmt_number
from ..engine.results import ClaimResult, Finding, RunResult
from ..lazy_pattern import LazyPattern
from ..model.claims import Settings
from ..numbers.format import unit_sep
from ..numbers.interval import Interval
from .base import Checker
from .changes import change_shape
from .hookspecs import hookimpl
from .reevaluate import claim_reading, reading, reevaluate

_NUMBER_WORDS = {"one": 1, "an": 1, "a": 1, "single": 1, "一": 1, "1": 1, "two": 2, "两": 2, "二": 2,
                 "three": 3, "三": 3, "four": 4, "四": 4, "five": 5, "五": 5, "six": 6, "六": 6}
_ORDERS_EN = re.compile(r"(?:(?P<n>\ban\b|\bone\b|\bsingle\b|\btwo\b|\bthree\b|\bfour\b|\bfive\b|\bsix\b|\b\d+\b)"
                        r"|(?P<sev>several|a few|\bfew\b|many|multiple))?\s*\borders?\s+of\s+magnitude", re.I)
_ORDERS_ZH = re.compile(r"(?:(?P<n>[一两二三四五六\d])|(?P<sev>好几|几|数|多|若干))?个?数量级")
_FOLD_WORDS: dict[str, int | Fraction] = {
               "doubled": 2, "double": 2, "twice": 2, "two-fold": 2, "twofold": 2, "翻倍": 2, "翻了一番": 2,
               "翻一番": 2, "tripled": 3, "triple": 3, "three-fold": 3, "threefold": 3, "quadrupled": 4,
               "翻两番": 4, "翻了两番": 4, "halved": Fraction(1, 2), "减半": Fraction(1, 2)}
_FOLD_NUM = LazyPattern(r"^(?P<x>\d+(?:\.\d+)?)\s*(?:-?\s*fold|倍|×|x|times)$", re.I)
_BY_PERCENT = LazyPattern(r"(?:by|增长了?|下降了?|提高了?|降低了?|rose|fell|up|down)"
                         r"\s*(?P<x>\d+(?:\.\d+)?)\s*(?:%|percent\b)", re.I)
_BY_POINTS = LazyPattern(r"(?P<x>\d+(?:\.\d+)?)\s*(?:percentage\s+points?|points?|pp\b|个百分点)", re.I)
_NEARLY = ("nearly", "almost", "近", "将近", "接近", "近乎", "差不多", "just under")


@dataclass
class Wording:
    kind: str                     # orders | several | fold | by-percent | by-points | number
    target: Fraction | None = None
    text: str = ""


def parse_words(words: str) -> Wording | None:
    """What a phrase claims, or None when it is not one this checker knows."""
    w = words.strip()
    low = w.lower()
    for m in (_ORDERS_EN.search(low), _ORDERS_ZH.search(w)):
        if m:
            if m.group("sev") or (m.group("n") is None and "orders" in low):
                return Wording("several", None, w)
            n = m.group("n")
            return Wording("orders", Fraction(_NUMBER_WORDS.get(n, 1) if n and not n.isdigit() else int(n or 1)), w)
    for word, factor in _FOLD_WORDS.items():
        if word in low:
            return Wording("fold", Fraction(factor), w)
    if m := _FOLD_NUM.match(low):
        return Wording("fold", Fraction(m.group("x")), w)
    if m := _BY_POINTS.search(w):
        return Wording("by-points", Fraction(m.group("x")), w)
    if m := _BY_PERCENT.search(w):
        return Wording("by-percent", Fraction(m.group("x")), w)
    return Wording("number", None, w)


def orders_of(values: Interval) -> tuple[float, float] | None:
    """log10 of a ratio interval (a ratio below 1 is read as its reciprocal: "1000× lower")."""
    lo, hi = values.lo, values.hi
    if lo <= 0 <= hi:
        return None
    if hi < 0:
        lo, hi = -hi, -lo
    if hi < 1:
        lo, hi = 1 / hi, 1 / lo
    return math.log10(lo), math.log10(hi)


class Qualifiers(Checker):
    """Words that make a claim quantitative must fit the recomputed value.

    Anti-patterns: "several orders of magnitude" (好几个数量级) for a ratio of about 20×;
    "doubled" (翻倍) for ×1.4; "by 5%" when the change is 5 percentage points; "nearly 40%"
    for a value above 40%; "about" stretched beyond any reasonable tolerance.
    Rules: an order of magnitude claim of N holds when log10 of the ratio lies in
    [N − slack, N + 1) (below is an overstatement, an error; at N + 1 or more an understatement,
    a warning); "several"/"orders of magnitude" needs at least ``several_orders``; "X-fold",
    "doubled", "halved" need the ratio within ``approx`` of X; "by X%" is a relative change,
    "by X points" an absolute one. "about" (约, ~) uses the claim's ``approx`` tolerance (default
    5%); when a claim passes only thanks to that tolerance, the distance is reported (info).
    Fix: use words that fit the number ("about 20 times", "about 1.3 orders of magnitude").
    """

    code = "CA105"
    name = "qualifiers"
    config_keys: ClassVar[dict[str, Any]] = {"several_orders": 2, "order_slack": 0.5, "approx": ""}

    def check(self, result: ClaimResult, run: RunResult) -> Iterable[Finding]:
        out: list[Finding] = []
        words = result.claim.get("words")
        if words:
            f = self._words(result, run, str(words))
            if f is not None and f.data.get("passed"):
                result.passed_check(f)
            elif f is not None:
                out.append(f)
        if result.claim.value is not None and result.recomputed is not None:
            out.extend(self._qualifier(result))
        return out

    # -- value qualifiers: about / nearly ---------------------------------------------------------
    def _qualifier(self, result: ClaimResult) -> list[Finding]:
        r = claim_reading(result.claim, result)
        if r is None or result.recomputed is None or result.recomputed.dims != r.unit.dims:
            return []
        rec = result.recomputed.interval
        q = (result.qualifier or "").strip().lower()
        unit = r.amount.unit
        sep = unit_sep(unit)
        n = r.printed.nominal
        if q in _NEARLY and rec.lo > r.printed.interval.hi:
            return [self.finding("warning", f"'{result.claim.value}' says nearly {fmt_number(n)}{sep}{unit}, "
                                            f"but the value is above it: {fmt_interval(rec)}{sep}{unit}")]
        if result.relation != "~":
            return []
        exact_ok, _ = compare(rec, r, "=", result.claim.settings)
        off = _relative_distance(rec, n)
        tol = approx_tolerance(result.claim.settings)  # the tolerance the verdict used
        if exact_ok or off is None or result.verdict != "consistent":
            return []  # an inconsistent "about" claim is CA101's finding
        # Say why it passed: only thanks to the tolerance of "about", and by how much.
        return [self.finding("info", f"'{result.claim.value}': the value is {fmt_interval(_round_sig(rec, 4))}"
                                     f"{sep}{unit}, {_pct(off)} from {fmt_number(n)}{sep}{unit} — within the "
                                     f"{_pct(tol)} tolerance of 'about'",
                             data={"relative_distance": float(off), "tolerance": float(tol)})]

    def _approx(self, settings: Settings) -> Fraction:
        """Tolerance for "doubled", "X-fold": this checker's ``approx``, else the claim's."""
        text = self.config.get("approx")
        if text:
            return approx_tolerance(Settings(approx=str(text)))
        return approx_tolerance(settings)

    # -- words ----------------------------------------------------------------------------------------
    def _pass(self, message: str, loc, working: list[str] | None = None) -> Finding:
        """The words fit the value: an info note that makes a claim checked only by them consistent."""
        return self.finding("info", message, working=working or (), data={"passed": True}, location=loc)

    def _words(self, result: ClaimResult, run: RunResult, words: str) -> Finding | None:
        w = parse_words(words)
        values = self._values(result)
        if w is None or values is None:
            return None
        loc = result.claim.loc_of("words")
        if w.kind in ("orders", "several"):
            return self._orders(w, values, loc)
        if w.kind == "fold":
            return self._fold(w, values, result, loc)
        if w.kind in ("by-percent", "by-points"):
            return self._change(w, values, result, run, loc)
        return self._number(w, values, result, loc)

    def _values(self, result: ClaimResult) -> tuple[Interval, object] | None:
        """The value the words describe: the recomputed one, else the printed one (base units)."""
        if result.recomputed is not None:
            return result.recomputed.base, result.recomputed.dims
        if result.claimed is not None:
            return result.claimed.base, result.claimed.dims
        return None

    def _orders(self, w: Wording, values, loc) -> Finding | None:
        iv, dims = values
        if not dims.dimensionless:
            return self.finding("warning", f"'{w.text}' describes a ratio, but the value is {dims.describe()}",
                                location=loc)
        o = orders_of(iv)
        if o is None:
            return self.finding("warning", f"'{w.text}': the ratio {fmt_interval(iv)} spans zero", location=loc)
        slack = float(self.config["order_slack"])
        lo, hi = o
        about = f"about {_orders_text(lo, hi)} orders of magnitude"
        ratio = f"{fmt_interval(_round_sig(iv))}×"
        data = {"orders": [round(lo, 4), round(hi, 4)], "ratio": [float(iv.lo), float(iv.hi)]}
        if w.kind == "several":
            need = float(self.config["several_orders"])
            if hi < need - slack:
                return self.finding("error", f"'{w.text}' (several orders of magnitude, at least {need:g}) "
                                             f"overstates a ratio of {ratio}: {about}",
                                    working=[f"log10({ratio}) = {_orders_text(lo, hi)}"], data=data, location=loc)
            return self._pass(f"'{w.text}' (at least {need:g} orders of magnitude) fits a ratio of {ratio}: {about}",
                              loc, [f"log10({ratio}) = {_orders_text(lo, hi)}"])
        n = float(w.target)  # type: ignore[arg-type]
        if hi < n - slack:
            return self.finding("error", f"'{w.text}' ({n:g} order{'s' if n != 1 else ''} of magnitude) overstates "
                                         f"a ratio of {ratio}: {about}", data=data, location=loc)
        if lo >= n + 1:
            return self.finding("warning", f"'{w.text}' ({n:g} order{'s' if n != 1 else ''} of magnitude) understates "
                                           f"a ratio of {ratio}: {about}", data=data, location=loc)
        return self._pass(f"'{w.text}' ({n:g} order{'s' if n != 1 else ''} of magnitude) fits a ratio of {ratio}: "
                          f"{about}", loc, [f"log10({ratio}) = {_orders_text(lo, hi)}"])

    def _fold(self, w: Wording, values, result: ClaimResult, loc) -> Finding | None:
        iv, dims = values
        if not dims.dimensionless:
            return self.finding("warning", f"'{w.text}' describes a ratio, but the value is {dims.describe()}",
                                location=loc)
        x = w.target
        assert x is not None  # noqa: S101 - invariant: a ratio wording always carries its factor
        tol = self._approx(result.claim.settings)
        target = Interval(x * (1 - tol), x * (1 + tol))
        if iv.intersects(target):
            return self._pass(f"'{w.text}' means ×{fmt_number(x)}: the ratio is {fmt_interval(_round_sig(iv))}× "
                              f"(allowing {_pct(tol)})", loc)
        return self.finding("error", f"'{w.text}' means ×{fmt_number(x)}, but the ratio is "
                                     f"{fmt_interval(_round_sig(iv))}× (allowing {_pct(tol)})", location=loc,
                            data={"factor": float(x), "ratio": [float(iv.lo), float(iv.hi)]})

    def _change(self, w: Wording, values, result: ClaimResult, run: RunResult, loc) -> Finding | None:
        iv, _dims = values
        x = w.target
        assert x is not None  # noqa: S101 - invariant: a change wording always carries its amount
        digits = re.search(r"\d+(?:\.(\d+))?", w.text)
        step = Fraction(1, 10 ** len(digits.group(1) or "")) if digits else Fraction(1)
        words_iv = Interval(x - step / 2, x + step / 2) / 100  # the words' number is rounded too
        shape = change_shape(result.claim.formula)
        if shape is None:
            if iv.intersects(words_iv):
                return self._pass(f"'{w.text}': the change is {fmt_interval(_round_sig(iv * 100))}"
                                  f"{'%' if w.kind == 'by-percent' else ' points'}", loc)
            return self.finding("error", f"'{w.text}' but the change is {fmt_interval(_round_sig(iv * 100))}"
                                         f"{'%' if w.kind == 'by-percent' else ' points'}", location=loc)
        kind, a, b = shape
        other = f"({a} - {b}) / {b}" if kind == "absolute" else f"{a} - {b}"
        alt = reevaluate(result.claim, run, lambda c: c if c.qualname != result.claim.qualname
                         else _with_formula(c, other))
        if alt is None or alt.recomputed is None:
            return None
        absolute = iv if kind == "absolute" else alt.recomputed.base
        relative = alt.recomputed.base if kind == "absolute" else iv
        want, got_other = (relative, absolute) if w.kind == "by-percent" else (absolute, relative)
        said = "a relative change" if w.kind == "by-percent" else "percentage points"
        if want.intersects(words_iv):
            return self._pass(f"'{w.text}' reads as {said}: {fmt_interval(_round_sig(want * 100))}"
                              f"{'%' if w.kind == 'by-percent' else ' points'}", loc,
                              [f"{a} - {b} = {fmt_interval(_round_sig(absolute * 100))} points",
                               f"({a} - {b}) / {b} = {fmt_interval(_round_sig(relative * 100))}%"])
        if got_other.intersects(words_iv):
            return self.finding("error", f"'{w.text}' reads as {said}, but {fmt_number(x)} is the change in "
                                         f"{'percentage points' if w.kind == 'by-percent' else 'relative terms'}; "
                                         f"as {said} it is {fmt_interval(_round_sig(want * 100))}", location=loc,
                                working=[f"{a} - {b} = {fmt_interval(_round_sig(absolute * 100))} points",
                                         f"({a} - {b}) / {b} = {fmt_interval(_round_sig(relative * 100))}%"])
        return self.finding("error", f"'{w.text}' but the change is {fmt_interval(_round_sig(want * 100))} "
                                     f"({said})", location=loc)

    def _number(self, w: Wording, values, result: ClaimResult, loc) -> Finding | None:
        rd = reading(w.text, result.claim.settings)
        if rd is None:
            return self.finding("warning", f"cannot interpret the words {w.text!r}: no known qualifier or number",
                                location=loc)
        iv, dims = values
        if dims != rd.unit.dims:
            return self.finding("warning", f"'{w.text}' is {rd.unit.dims.describe()}, the value is {dims.describe()}",
                                location=loc)
        rel = {"≈": "~"}.get(rd.printed.relation, rd.printed.relation)
        ok, _ = compare(iv / rd.unit.factor, rd, rel, result.claim.settings)
        unit = rd.amount.unit
        if ok:
            return self._pass(f"'{w.text}' holds: the value is {fmt_interval(_round_sig(iv / rd.unit.factor))} "
                              f"{unit}".rstrip(), loc)
        return self.finding("error", f"'{w.text}' does not hold: the value is "
                                     f"{fmt_interval(_round_sig(iv / rd.unit.factor))} {unit}".rstrip(), location=loc)


def _with_formula(c, formula: str):
    from dataclasses import replace

    return replace(c, formula=formula)


def _relative_distance(rec: Interval, n: Fraction) -> Fraction | None:
    if n == 0:
        return None
    if rec.contains(n):
        return Fraction(0)
    nearest = rec.lo if rec.lo > n else rec.hi
    return abs(nearest - n) / abs(n)


def _pct(x: Fraction) -> str:
    return f"{float(x) * 100:.3g}%"


def _orders_text(lo: float, hi: float) -> str:
    a, b = f"{lo:.1f}", f"{hi:.1f}"
    return a if a == b else f"{a}–{b}"


def _round_sig(iv: Interval, sig: int = 3) -> Interval:
    """An interval shown to ``sig`` significant digits (for messages only)."""
    def r(x: Fraction) -> Fraction:
        if x == 0:
            return x
        e = math.floor(math.log10(abs(float(x)))) - sig + 1
        q = Fraction(10) ** e
        return Fraction(round(x / q)) * q

    lo, hi = r(iv.lo), r(iv.hi)
    return Interval(min(lo, hi), max(lo, hi))


@hookimpl
def claimaudit_checkers() -> list:
    return [Qualifiers]
