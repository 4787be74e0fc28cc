"""CA110 test statistics (statcheck-style): does the reported p follow from t, F, r, χ² or z?

The reported statistic is rounded, so it stands for an interval (``t = 2.20`` is [2.195, 2.205]);
p is monotone in |statistic|, so the interval's ends give the exact range of p it allows. The
reported p is an interval too (``p = .03`` is [.025, .035]). Inconsistent means the two ranges
do not meet; a decision error means, in addition, that every recomputed p falls on the other side
of alpha. Distribution functions come from mpmath (shipped with sympy), imported only when a claim
has a ``statistic``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, ClassVar

from ..engine.results import ClaimResult, Finding, RunResult
from ..lazy_pattern import LazyPattern
from ..numbers.plain import decimal_with_step
from .base import Checker, checker_input
from .hookspecs import hookimpl

TESTS = ("t", "F", "r", "chi2", "z", "Q", "Qb", "Qw")
_ALIASES = {"t": "t", "f": "F", "r": "r", "chi2": "chi2", "chi²": "chi2", "χ2": "chi2", "χ²": "chi2",
            "x2": "chi2", "chisq": "chi2", "z": "z",
            # Cochran's Q (meta-analysis heterogeneity), within and between: χ² with df (statcheck).
            "q": "Q", "qb": "Qb", "qw": "Qw", "q-between": "Qb", "q-within": "Qw", "qbetween": "Qb",
            "qwithin": "Qw"}
_CHI2_LIKE = ("chi2", "Q", "Qb", "Qw")
_REL = r"(?P<rel><=|>=|≤|≥|<|>|=)?"
_NUMBER = r"[-−]?(?:\d{1,3}(?:,\d{3})+|\d*)\.?\d+"
_P = LazyPattern(rf"^\s*{_REL}\s*(?P<num>{_NUMBER})\s*$")
_VALUE = LazyPattern(rf"^\s*{_REL}\s*(?P<num>{_NUMBER})\s*$")
#: statcheck's clue that a test was one-tailed (its OneTailedTxt regex), looked for in the quote.
ONE_TAILED_TXT = LazyPattern(r"one.?sided|one.?tailed|directional", re.IGNORECASE)


class StatisticError(ValueError):
    """An impossible statistic (|r| > 1, p outside [0, 1]); ``unreadable`` marks input that
    cannot be read at all, which is an input error of the claim file (``key`` says where)."""

    def __init__(self, message: str, *, unreadable: bool = False, key: str | None = None) -> None:
        super().__init__(message)
        self.unreadable, self.key = unreadable, key


def decimal(text: str, key: str | None = None) -> tuple[Fraction, Fraction]:
    """A printed number (thousands separators allowed: ``2,000.20``) and the step of its last digit."""
    try:
        return decimal_with_step(text)
    except ValueError as exc:
        raise StatisticError(str(exc), unreadable=True, key=key) from None


@lru_cache(maxsize=4096)
def p_value(test: str, stat: float | Fraction, df1: float | None, df2: float | None, tails: int = 2):
    """The p-value of ``stat`` (an mpmath mpf): two-tailed for t, r and z unless ``tails`` is 1."""
    import mpmath

    mp = mpmath.mp

    def f(v):  # an exact Fraction as an mpf
        return mp.mpf(v.numerator) / v.denominator if isinstance(v, Fraction) else mp.mpf(v)

    x = abs(f(stat))
    if test == "t" or test == "r":
        df = f(df2 if df2 is not None else df1)
        if test == "r":
            if x >= 1:
                return mp.mpf(0)
            x = x * mp.sqrt(df / (1 - x * x))
        p = mp.betainc(df / 2, mp.mpf(1) / 2, 0, df / (df + x * x), regularized=True)
        return p / 2 if tails == 1 else p
    if test == "z":
        p = mp.erfc(x / mp.sqrt(2))
        return p / 2 if tails == 1 else p
    if test == "F":
        a, b = f(df1), f(df2)
        return mp.betainc(b / 2, a / 2, 0, b / (b + a * x), regularized=True)
    if test in _CHI2_LIKE:
        return mp.gammainc(f(df1) / 2, x / 2, mp.inf, regularized=True)
    raise StatisticError(f"unknown test {test!r}")


@dataclass
class Statistic:
    test: str
    value: Fraction
    step: Fraction
    df1: Fraction | None
    df2: Fraction | None
    p_rel: str            # "=", "<", ">", "<=", ">=" (ns is "> alpha")
    p: Fraction
    p_step: Fraction
    p_text: str
    tails: int
    alpha: Fraction
    stated_tails: bool
    value_rel: str = "="          # "=", or "<"/">" for an inexact statistic (t(28) > 2.2)
    p_zero_error: bool = True     # statcheck's pZeroError: p = 0 is an error, not a warning
    p_equal_alpha_sig: bool = True  # statcheck's pEqualAlphaSig: p = alpha counts as significant
    one_tailed_txt: bool = False  # statcheck's OneTailedTxt: a "one-sided" quote allows one tail

    def label(self) -> str:
        dfs = ", ".join(_num(d) for d in (self.df1, self.df2) if d is not None)
        name = {"chi2": "χ²"}.get(self.test, self.test)
        rel = {"<=": "≤", ">=": "≥"}.get(self.value_rel, self.value_rel)
        return f"{name}({dfs}) {rel} {_num(self.value, self.step)}, p {self.p_text}"

    def significant(self, p: Fraction) -> bool:
        return p <= self.alpha if self.p_equal_alpha_sig else p < self.alpha


def _num(x: Fraction | None, step: Fraction | None = None) -> str:
    if x is None:
        return "?"
    if step is not None:
        d = 0
        s = step
        while s.denominator != 1 and d < 20:
            s *= 10
            d += 1
        return f"{float(x):.{d}f}"
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


_TRUE = ("true", "yes", "1")


def _flag(spec: dict, key: str, default: object) -> bool:
    value = spec.get(key, default)
    return str(value).strip().lower() in _TRUE if not isinstance(value, bool) else value


def parse_statistic(spec: dict, alpha_default: str = ".05", settings: dict | None = None) -> Statistic:
    """Read a ``statistic:`` mapping; ``settings`` are the run's and file's statcheck settings
    (``alpha``, ``p_zero_error``, ``p_equal_alpha_sig``, ``one_tailed_txt``), which the claim's
    own keys override."""
    settings = {**(settings or {}), **{k: v for k, v in spec.items()
                                        if k in ("alpha", "p_zero_error", "p_equal_alpha_sig", "one_tailed_txt")}}
    test = _ALIASES.get(str(spec.get("test", spec.get("type", ""))).strip().lower() or "?")
    if test is None:
        raise StatisticError(f"unknown test {spec.get('test', spec.get('type'))!r} (use {', '.join(TESTS)})",
                             unreadable=True, key="test")
    if "value" not in spec or "p" not in spec:
        raise StatisticError("needs test, value, df and p", unreadable=True)
    vm = _VALUE.match(str(spec["value"]).replace("−", "-"))
    if not vm:
        raise StatisticError(f"cannot read the statistic {str(spec['value'])!r} (write '2.20', '> 2.2' or "
                             "'2,000.20')", unreadable=True, key="value")
    value_rel = {"≤": "<=", "≥": ">=", None: "="}.get(vm.group("rel"), vm.group("rel"))
    value, step = decimal(vm.group("num"), "value")
    df1 = df2 = None
    if "df" in spec:
        parts = [x.strip() for x in re.split(r",\s+|;", str(spec["df"]))] if "," in str(spec["df"]) else \
            [str(spec["df"]).strip()]
        if len(parts) == 1 and re.fullmatch(r"\d+,\d+", parts[0]) and test == "F":
            parts = parts[0].split(",")   # "2,28" for F: two degrees of freedom, not 228
        if len(parts) == 2:
            df1, df2 = (decimal(parts[0], "df")[0], decimal(parts[1], "df")[0])
        elif len(parts) == 1:
            df1 = decimal(parts[0], "df")[0]
        else:
            raise StatisticError(f"cannot read df {spec['df']!r}", unreadable=True, key="df")
    df1 = decimal(str(spec["df1"]), "df1")[0] if "df1" in spec else df1
    df2 = decimal(str(spec["df2"]), "df2")[0] if "df2" in spec else df2
    if test == "F" and (df1 is None or df2 is None):
        raise StatisticError("an F test needs two degrees of freedom (df: \"2, 28\")", unreadable=True, key="df")
    if test in ("t", "r", *_CHI2_LIKE) and df1 is None and df2 is None:
        raise StatisticError(f"a {test} test needs its degrees of freedom (df)", unreadable=True)
    if test in ("t", "r") and df2 is None:
        df1, df2 = None, df1
    for d in (df1, df2):
        if d is not None and d <= 0:
            raise StatisticError("degrees of freedom must be positive")
    if test == "r" and abs(value) > 1:
        raise StatisticError(f"r = {spec['value']} is impossible: a correlation lies in [-1, 1]")
    alpha = decimal(str(settings.get("alpha", alpha_default)), "alpha")[0]
    p_text = str(spec["p"]).strip()
    if p_text.lower() in ("ns", "n.s.", "n.s"):
        p_rel, p, p_step = ">", alpha, Fraction(0)
    else:
        m = _P.match(p_text.replace("−", "-"))
        if not m:
            raise StatisticError(f"cannot read p {p_text!r} (write '= .03', '< .001' or 'ns')", unreadable=True,
                                 key="p")
        p_rel = {"≤": "<=", "≥": ">="}.get(m.group("rel") or "=", m.group("rel") or "=")
        p, p_step = decimal(m.group("num"), "p")
        if p < 0 or p > 1:
            raise StatisticError(f"p {p_text} is impossible: a p-value lies in [0, 1]")
        p_text = f"{p_rel} {m.group('num')}"
    stated = "tails" in spec or "one_tailed" in spec
    tails = int(str(spec.get("tails", "2"))) if "tails" in spec else (
        1 if str(spec.get("one_tailed", "false")).lower() == "true" else 2)
    if tails not in (1, 2):
        raise StatisticError("tails must be 1 or 2", unreadable=True, key="tails")
    return Statistic(test, value, step, df1, df2, p_rel, p, p_step,
                     p_text if p_text.lower() not in ("ns", "n.s.", "n.s") else "ns",
                     tails, alpha, stated, value_rel, _flag(settings, "p_zero_error", True),
                     _flag(settings, "p_equal_alpha_sig", True), _flag(settings, "one_tailed_txt", False))


def p_range(s: Statistic, tails: int | None = None) -> tuple[Fraction, Fraction]:
    """[p_lo, p_hi] over every statistic the printed value allows."""
    tails = s.tails if tails is None else tails
    if s.value_rel != "=":
        # An inexact statistic bounds |statistic| at its printed value: "> 2.2" leaves p below
        # p(2.2), "< 2.2" above it (statcheck's inexact-statistic rules follow from this).
        edge = _frac(p_value(s.test, abs(s.value), s.df1, s.df2, tails))
        return (Fraction(0), edge) if s.value_rel in (">", ">=") else (edge, Fraction(1))
    h = s.step / 2
    lo, hi = s.value - h, s.value + h
    if lo <= 0 <= hi:
        a_lo, a_hi = Fraction(0), max(-lo, hi)
    else:
        a_lo, a_hi = min(abs(lo), abs(hi)), max(abs(lo), abs(hi))
    if s.test == "r":
        a_hi = min(a_hi, Fraction(1))
    p_small = p_value(s.test, a_hi, s.df1, s.df2, tails)
    p_big = p_value(s.test, a_lo, s.df1, s.df2, tails) if a_lo > 0 else None
    return _frac(p_small), (_frac(p_big) if p_big is not None else Fraction(1))


def _frac(x) -> Fraction:
    import mpmath

    return Fraction(mpmath.nstr(x, 30, min_fixed=-40, max_fixed=40)) if x != 0 else Fraction(0)


def reported_interval(s: Statistic) -> tuple[Fraction, Fraction]:
    """What the reported p allows: its rounding interval for '=', a half-line for '<'/'>'."""
    if s.p_rel == "=":
        return max(Fraction(0), s.p - s.p_step / 2), min(Fraction(1), s.p + s.p_step / 2)
    if s.p_rel in ("<", "<="):
        return Fraction(0), s.p
    return s.p, Fraction(1)


def consistent(s: Statistic, lo: Fraction, hi: Fraction) -> bool:
    if s.p_rel == "<":
        return lo < s.p
    if s.p_rel == "<=":
        return lo <= s.p
    if s.p_rel == ">":
        return hi > s.p
    if s.p_rel == ">=":
        return hi >= s.p
    a, b = reported_interval(s)
    return lo <= b and a <= hi


def reported_significant(s: Statistic) -> bool | None:
    """Significance as reported (None when the report does not say: 'p > .01' at alpha .05)."""
    if s.p_rel == "=":
        return s.significant(s.p)
    if s.p_rel in ("<", "<="):
        return True if s.p <= s.alpha else None
    return False if s.p >= s.alpha else None


def computed_significant(s: Statistic) -> bool | None:
    """Significance of the recomputed p at face value, as statcheck decides decision errors
    (an inexact statistic decides it only when its bound does)."""
    if s.value_rel == "=":
        return s.significant(_frac(p_value(s.test, s.value, s.df1, s.df2, s.tails)))
    lo, hi = p_range(s)
    if s.value_rel in (">", ">="):
        return True if s.significant(hi) else None
    return False if not s.significant(lo) else None


def fmt_p(x: Fraction) -> str:
    f = float(x)
    if f == 0:
        return "0"
    if f < 0.0001:
        return f"{f:.2e}"
    return f"{f:.4f}".rstrip("0").rstrip(".") if f >= 0.001 else f"{f:.5f}"


class Statcheck(Checker):
    """Recompute p from a reported t, F, r, χ² or z and its degrees of freedom (statcheck-style).

    Anti-patterns: a p-value that the reported statistic cannot produce (t(28) = 2.20, p = .03:
    t = 2.20 allows p = .0357–.0363), and the worse case where significance at alpha flips (a
    decision error: t(48) = 1.02, p < .05).
    Declare ``statistic: {test: t, value: "2.20", df: "28", p: "= .03"}`` (F takes ``df: "2, 28"``;
    p may be '< .001' or 'ns'; ``tails: 1`` for a one-tailed test, two-tailed by default; ``alpha``
    default .05). The statistic is read as rounded (±½ of its last digit) and so is the reported
    p; every finding states both ranges, so it is clear why a value passed or failed. A result
    that passes only because the statistic is rounded (at face value p would print differently)
    is noted, as is an inconsistent two-tailed result that would fit one-tailed. Inexact statistics
    (``value: "> 2.2"``), thousands separators and Q/Qb/Qw are read as statcheck reads them;
    statcheck's settings ``alpha``, ``p_zero_error``, ``p_equal_alpha_sig`` and ``one_tailed_txt``
    apply per claim, per file (``defaults: {statcheck: …}``) or per run. An input that cannot be
    read is an input error at its file:line:col (exit code 2), never a verdict.
    Fix: report the p the statistic gives (or the statistic the data give), or say the test was
    one-tailed.
    """

    code = "CA110"
    name = "statcheck"
    config_keys: ClassVar[dict[str, Any]] = {"alpha": ".05", "explain_pass": True, "p_zero_error": True,
                                             "p_equal_alpha_sig": True, "one_tailed_txt": False}

    def check(self, result: ClaimResult, run: RunResult) -> Iterable[Finding]:
        found = checker_input(result, "statistic")
        if found is None:
            return ()
        spec, loc = found
        # Settings: the run's ([checkers] CA110), then the file's (defaults: {statcheck: …}), then the claim's.
        settings = {k: self.config[k] for k in ("alpha", "p_zero_error", "p_equal_alpha_sig", "one_tailed_txt")}
        settings.update(dict(result.claim.settings.statcheck))
        try:
            s = parse_statistic(dict(spec), str(settings["alpha"]), settings)
            lo, hi = p_range(s)
        except StatisticError as exc:
            if exc.unreadable:
                # Not a finding about the paper: the claim file cannot be read (exit code 2).
                where = spec.loc_of(exc.key) if exc.key and hasattr(spec, "loc_of") and exc.key in spec else loc
                result.input_error("CA110", f"statistic: {exc}", where)
                return ()
            return [self.finding("error", f"statistic: {exc}", location=loc)]
        label = s.label()
        tail_word = "one-tailed" if s.tails == 1 else "two-tailed"
        span = (f"[{_num(s.value - s.step / 2)}, {_num(s.value + s.step / 2)}]" if s.value_rel == "=" else
                f"{'above' if s.value_rel in ('>', '>=') else 'below'} {_num(s.value, s.step)} (an inexact statistic)")
        working = [f"{label}: the statistic lies {'in ' if s.value_rel == '=' else ''}{span} "
                   f"→ {tail_word} p in [{fmt_p(lo)}, {fmt_p(hi)}]"]
        a, b = reported_interval(s)
        if s.p_rel == "=":
            working.append(f"reported p {s.p_text} allows [{fmt_p(a)}, {fmt_p(b)}]")
        result.extra["statcheck"] = {"p_range": [float(lo), float(hi)], "reported": s.p_text, "tails": s.tails}
        out: list[Finding] = []
        if (s.p_rel in ("=", "<=") and s.p == 0) or (s.p_rel == "<" and s.p == 0):
            # statcheck's pZeroError: a p of zero (p = .000, p < .000) cannot be; an error unless
            # the setting is off, then a warning.
            out.append(self.finding("error" if s.p_zero_error else "warning",
                                    f"{label}: p = 0 is impossible; report p < {fmt_p(s.p_step or Fraction(1, 1000))}",
                                    location=loc, data={"kind": "p-zero"}))
        if consistent(s, lo, hi):
            out.extend(self._passed(s, label, lo, hi, working, loc))
            return out
        if s.tails == 2 and not s.stated_tails and s.test in ("t", "r", "z"):
            lo1, hi1 = p_range(s, tails=1)
            if consistent(s, lo1, hi1):
                if s.one_tailed_txt and ONE_TAILED_TXT.search(result.claim.quote or ""):
                    # statcheck's OneTailedTxt, per claim: the quoted words say one-sided.
                    working.append(f"one-tailed: p in [{fmt_p(lo1)}, {fmt_p(hi1)}] (the quote says one-sided)")
                    result.extra["statcheck"]["tails"] = 1
                    return out + [self.finding("info", f"{label}: consistent as a one-tailed test, as the quote "
                                                       f"says — p in [{fmt_p(lo1)}, {fmt_p(hi1)}]",
                                               working=working, location=loc)]
                working.append(f"one-tailed it would fit: p in [{fmt_p(lo1)}, {fmt_p(hi1)}] (say tails: 1 if it was)")
        out.append(self.finding("error", f"{label}: inconsistent — the statistic gives p in "
                                         f"[{fmt_p(lo)}, {fmt_p(hi)}] ({tail_word})", working=working,
                                location=loc, data={"p_range": [float(lo), float(hi)], "kind": "inconsistency"}))
        said = reported_significant(s)
        # As statcheck decides it: only for an inconsistent result, at the face-value p.
        computed = computed_significant(s)
        if said is not None and computed is not None and said != computed:
            out.append(self.finding("error", f"{label}: decision error — reported "
                                             f"{'significant' if said else 'not significant'} at α = {_num(s.alpha)}, "
                                             f"but p is {fmt_p(lo)}–{fmt_p(hi)}",
                                    location=loc, data={"kind": "decision-error"}))
        return out

    def _passed(self, s: Statistic, label: str, lo: Fraction, hi: Fraction, working: list[str], loc) -> list[Finding]:
        a, b = reported_interval(s)
        # The face-value p lies in [lo, hi]; only when that range pokes out of the reported p's
        # interval can the face value print differently (saves a third evaluation most times).
        if s.p_rel == "=" and s.value_rel == "=" and not (a <= lo and hi <= b):
            face = _frac(p_value(s.test, s.value, s.df1, s.df2, s.tails))
            if not (a <= face <= b):
                return [self.finding("warning", f"{label}: consistent only because the statistic is rounded — at "
                                                f"face value p = {fmt_p(face)}, which does not print as {s.p_text}",
                                     working=working, location=loc, data={"face_p": float(face)})]
        if not self.config["explain_pass"]:
            return []
        return [self.finding("info", f"{label}: consistent — p in [{fmt_p(lo)}, {fmt_p(hi)}]", working=working,
                             location=loc)]


@hookimpl
def claimaudit_checkers() -> list:
    return [Statcheck]
