"""Issue #12 §7: statcheck and scrutiny parity — input errors, inexact statistics, Q tests,
statcheck's settings, GRIM working in the claim's rounding, scrutiny's rounding names, DEBIT,
table-wide checks and bounded-scale SDs.

The statistics are statcheck's own test cases (MicheleNuijten/statcheck tests/testthat:
test-error.R, test-decisionerror.R, test-extract-Q.R) and the GRIM paper's example (Brown &
Heathers 2016: a mean of 5.19 from 28 people); the rounding vocabulary is scrutiny's
(lhdjung/scrutiny R/reround.R). The set-valued checks (DEBIT, SD limits) are also compared with a
brute-force enumeration, as a general rule rather than one example.
"""

from __future__ import annotations

import itertools
import math
import statistics
from fractions import Fraction
from functools import partial

import pytest
from support import audit_text

from claimaudit.checkers.granularity import debit, sd_limits
from claimaudit.engine.run import exit_code

audit = partial(audit_text, select=("CA1",))


def found(res, code: str) -> list[tuple[str, str]]:
    return [(f.severity, f.message) for f in res.findings if f.code == code]


# -- unreadable input is an input error ------------------------------------------------------------

@pytest.mark.parametrize("key, spec", [
    ("statistic", '{test: t, value: "5.3 (2.1)", df: "28", p: "= .03"}'),
    ("statistic", '{test: t, value: "2.20", df: "28", p: "about .03"}'),
    ("statistic", '{test: t, value: "2.20", df: "twenty", p: "= .03"}'),
    ("granularity", '{mean: "5.19", n: "28", rounding: banker}'),
    ("granularity", '{mean: "5.19", n: "twenty-eight"}'),
    ("granularity", '{mean: "5.19", n: "28", rounding: up_from, threshold: "0"}'),
    ("granularity", '{mean: "5.19", n: "28", scale: "7, 1"}'),
])
def test_unreadable_checker_input_is_a_located_input_error(tmp_path, key, spec):
    run, r = audit(tmp_path, f"""
        claims:
          - id: s
            {key}: {spec}
    """)
    res = r["s"]
    assert res.verdict == "error" and res.outcome == "error"
    (f,) = [f for f in res.findings if f.severity == "error"]
    assert f.location.file == "claims/c.yaml" and f.location.line == 4 and f.location.col > 12
    assert exit_code(run) == 2




# -- statcheck -----------------------------------------------------------------------------------------

def test_statcheck_examples(tmp_path):
    # statcheck test-error.R / test-decisionerror.R, and its thousands separators.
    _, r = audit(tmp_path, """
        claims:
          - {id: simple_error, statistic: {test: t, value: "2.20", df: "28", p: "= .03"}}
          - {id: decision, statistic: {test: t, value: "1.02", df: "48", p: "< .05"}}
          - {id: separators, statistic: {test: F, value: "2,000.20", df: "2, 1,000", p: "< .001"}}
          - {id: q, statistic: {test: Q, value: "2.7", df: "3", p: "= .44"}}
          - {id: qw, statistic: {test: Qw, value: "2.7", df: "3", p: "= .04"}}
          - {id: qb, statistic: {test: Qb, value: "13.5", df: "1", p: "< .001"}}
    """, select=("CA110",))
    assert r["simple_error"].verdict == "inconsistent"
    kinds = [f.data.get("kind") for f in r["decision"].findings if f.code == "CA110"]
    assert kinds == ["inconsistency", "decision-error"]
    assert r["separators"].verdict == "consistent"
    assert r["q"].verdict == "consistent" and "Q(3) = 2.7" in found(r["q"], "CA110")[0][1]
    assert r["qw"].verdict == "inconsistent"
    assert r["qb"].verdict == "consistent"


@pytest.mark.parametrize("value, p, verdict", [
    # statcheck's inexact-statistic rules: "t < v with p > x is never an error", nor t > v, p < x.
    ("> 2.2", "< .05", "consistent"),
    ("< 2.2", "> .05", "consistent"),
    ("> 2.2", "> .05", "inconsistent"),   # t > 2.2 leaves p below .036
    ("< 1.5", "< .01", "inconsistent"),   # t < 1.5 leaves p above .14
    ("> 2.2", "= .02", "consistent"),
    ("> 2.2", "= .05", "inconsistent"),   # p = .05 allows [.045, .055]; t > 2.2 gives p < .0362
])
def test_inexact_statistics(tmp_path, value, p, verdict):
    _, r = audit(tmp_path, f"""
        claims:
          - {{id: s, statistic: {{test: t, value: "{value}", df: "28", p: "{p}"}}}}
    """, select=("CA110",))
    assert r["s"].verdict == verdict, r["s"].findings


def test_p_equal_alpha_significance_setting(tmp_path):
    # statcheck test-decisionerror.R: reported p = .05 with a statistic giving p ≈ .10 is a
    # decision error when p = alpha counts as significant (pEqualAlphaSig = TRUE), not otherwise.
    _, r = audit(tmp_path, """
        claims:
          - {id: default, statistic: {test: t, value: "1.70", df: "28", p: "= .05"}}
          - {id: strict, statistic: {test: t, value: "1.70", df: "28", p: "= .05", p_equal_alpha_sig: false}}
    """, select=("CA110",))
    assert "decision-error" in [f.data.get("kind") for f in r["default"].findings]
    assert "decision-error" not in [f.data.get("kind") for f in r["strict"].findings]
    assert r["strict"].verdict == "inconsistent"


def test_statcheck_settings_per_file(tmp_path):
    _, r = audit(tmp_path, """
        defaults:
          statcheck: {alpha: ".01", p_zero_error: false}
        claims:
          - {id: zero, statistic: {test: t, value: "22.20", df: "28", p: "= .000"}}
          - {id: sig, statistic: {test: t, value: "2.20", df: "28", p: "= .03"}}
    """, select=("CA110",))
    assert [s for s, m in found(r["zero"], "CA110") if "p = 0" in m] == ["warning"]
    # At alpha .01, p = .03 (reported) and .036 (recomputed) are both not significant: no decision error.
    assert "decision-error" not in [f.data.get("kind") for f in r["sig"].findings]


def test_one_tailed_when_the_text_says_so(tmp_path):
    # t(28) = 1.80 gives two-tailed p = .083, one-tailed .041. With statcheck's OneTailedTxt on,
    # a quote that says "one-sided" makes p = .04 consistent; without it, only a hint.
    claims = """
        claims:
          - id: said
            quote: "a one-sided t-test showed the effect, t(28) = 1.80, p = .04"
            statistic: {test: t, value: "1.80", df: "28", p: "= .04", one_tailed_txt: true}
          - id: unsaid
            quote: "a t-test showed the effect, t(28) = 1.80, p = .04"
            statistic: {test: t, value: "1.80", df: "28", p: "= .04", one_tailed_txt: true}
          - id: off
            quote: "a one-sided t-test showed the effect, t(28) = 1.80, p = .04"
            statistic: {test: t, value: "1.80", df: "28", p: "= .04"}
    """
    _, r = audit(tmp_path, claims, select=("CA110",))
    assert r["said"].verdict == "consistent" and "one-tailed" in found(r["said"], "CA110")[0][1]
    assert r["unsaid"].verdict == "inconsistent"
    assert r["off"].verdict == "inconsistent"
    assert any("one-tailed it would fit" in w for f in r["off"].findings for w in f.working)


# -- GRIM working in the claim's rounding; scrutiny's names -------------------------------------------

def test_grim_working_uses_the_claims_rounding(tmp_path):
    # 209/40 = 5.225 exactly: half-even prints 5.22, so 5.23 is impossible under half-even — and the
    # working must say 5.225 → 5.22, not the half-up 5.23 beside "impossible".
    _, r = audit(tmp_path, """
        claims:
          - {id: even, granularity: {mean: "5.23", n: "40", rounding: [half-even]}}
          - {id: scrutiny_even, granularity: {mean: "5.23", n: "40", rounding: even}}
    """, select=("CA109",))
    for cid in ("even", "scrutiny_even"):
        (f,) = [f for f in r[cid].findings if f.code == "CA109"]
        assert f.severity == "error" and "impossible" in f.message
        assert "209/40 = 5.22500 → 5.22" in " ".join(f.working), f.working


@pytest.mark.parametrize("rounding, mean, verdict", [
    ("up_or_down", "5.19", "inconsistent"),       # the GRIM paper's 5.19 from 28
    ("up_or_down", "5.21", "consistent"),
    ("anti_trunc", "0.13", "consistent"),         # 5/40 = 0.125 rounded away from zero
    ("trunc", "0.13", "inconsistent"),
    ("ceiling_or_floor", "0.13", "consistent"),
    ("up_from", "0.13", "consistent"),            # threshold 5: half-up
    ("down", "0.13", "inconsistent"),             # 0.125 rounds down to 0.12
])
def test_scrutiny_rounding_names(tmp_path, rounding, mean, verdict):
    n = "28" if mean.startswith("5") else "40"
    _, r = audit(tmp_path, f"""
        claims:
          - {{id: g, granularity: {{mean: "{mean}", n: "{n}", rounding: {rounding}}}}}
    """, select=("CA109",))
    assert r["g"].verdict == verdict, r["g"].findings


def test_threshold_rounding(tmp_path):
    # scrutiny's round_up_from(threshold): the next digit at or above the threshold rounds up.
    # n = 40: 0.1250 (5/40) and 0.1500 (6/40) are the nearest means to 0.13 and 0.14.
    # 5/40 = 0.125 → 0.13 when rounding up from 5 or below, 0.12 when up from 6 or above.
    _, r = audit(tmp_path, """
        claims:
          - {id: t5, granularity: {mean: "0.13", n: "40", rounding: up_from, threshold: "5"}}
          - {id: t6, granularity: {mean: "0.13", n: "40", rounding: up_from, threshold: "6"}}
          - {id: d4, granularity: {mean: "0.13", n: "40", rounding: down_from, threshold: "4"}}
          - {id: d5, granularity: {mean: "0.13", n: "40", rounding: down_from, threshold: "5"}}
    """, select=("CA109",))
    assert r["t5"].verdict == "consistent" and r["t6"].verdict == "inconsistent"
    assert r["d4"].verdict == "consistent" and r["d5"].verdict == "inconsistent"


# -- DEBIT, tables, bounded scales -----------------------------------------------------------------

def _brute_debit(mean: Fraction, m_step: Fraction, sd: Fraction, s_step: Fraction, n: int) -> bool:
    for k in range(n + 1):
        p = Fraction(k, n)
        if not mean - m_step / 2 <= p <= mean + m_step / 2:
            continue
        value = math.sqrt(n / (n - 1) * float(p) * (1 - float(p)))
        if float(sd - s_step / 2) - 1e-12 <= value <= float(sd + s_step / 2) + 1e-12:
            return True
    return False


def test_debit_agrees_with_brute_force():
    disagreements = []
    for n in (10, 20, 37, 50):
        for m in range(0, 101, 3):
            mean = Fraction(m, 100)
            for sd_hundredths in range(0, 56, 4):
                sd = Fraction(sd_hundredths, 100)
                got = debit(f"{float(mean):.2f}", f"{float(sd):.2f}", n,
                            procedures=("half-up", "half-even", "half-down")).consistent
                if got != _brute_debit(mean, Fraction(1, 100), sd, Fraction(1, 100), n):
                    disagreements.append((n, mean, sd))
    assert not disagreements, disagreements[:5]


def test_debit_claims(tmp_path):
    # 11 of 20 participants: mean .55, sample SD sqrt(20/19 · .55 · .45) = .5104.
    _, r = audit(tmp_path, """
        claims:
          - {id: ok, granularity: {test: debit, mean: "0.55", sd: "0.51", n: "20"}}
          - {id: bad_sd, granularity: {test: debit, mean: "0.55", sd: "0.48", n: "20"}}
          - {id: bad_mean, granularity: {test: debit, mean: "0.57", sd: "0.51", n: "20"}}
    """, select=("CA109",))
    assert r["ok"].verdict == "consistent"
    assert r["bad_sd"].verdict == "inconsistent"
    assert r["bad_mean"].verdict == "inconsistent"
    assert "k/20" in found(r["bad_mean"], "CA109")[0][1]


def test_a_whole_table_in_one_claim(tmp_path):
    # The GRIM paper's kind of table: means (and SDs) of 28 respondents, one impossible row.
    _, r = audit(tmp_path, """
        claims:
          - id: markdown
            granularity:
              table: |
                | Condition | M | SD | N |
                |---|---|---|---|
                | control | 5.21 | 1.10 | 28 |
                | treated | 5.19 | 1.10 | 28 |
                | both | 5.25 | 1.00 | 28 |
          - id: csv
            granularity:
              table: |
                mean,n
                5.21,28
                5.25,28
    """, select=("CA109",))
    md = found(r["markdown"], "CA109")
    assert r["markdown"].verdict == "inconsistent"
    assert [m for s, m in md if s == "error"] and all(m.startswith("row 2:") for s, m in md if s == "error")
    assert ("info", "2 of 3 table rows are possible") in md
    assert r["csv"].verdict == "consistent"


def _brute_limits(total: int, n: int, lo: int, hi: int) -> tuple[float, float] | None:
    variances = [statistics.variance(v) for v in itertools.combinations_with_replacement(range(lo, hi + 1), n)
                 if sum(v) == total]
    return (min(variances), max(variances)) if variances else None


def test_sd_limits_agree_with_brute_force():
    for n, lo, hi in ((3, 1, 5), (5, 1, 7), (6, 0, 4)):
        for total in range(n * lo, n * hi + 1):
            vmin, vmax = sd_limits(total, n, lo, hi)
            want = _brute_limits(total, n, lo, hi)
            assert want is not None
            assert (float(vmin), float(vmax)) == pytest.approx(want), (n, lo, hi, total)


def test_bounded_scale_sd(tmp_path):
    # Five answers on a 1–7 scale with mean 1.20 sum to 6: {1, 1, 1, 1, 2} is the only way, SD .45.
    _, r = audit(tmp_path, """
        claims:
          - {id: possible, granularity: {mean: "1.20", sd: "0.45", n: "5", scale: "1, 7"}}
          - {id: too_wide, granularity: {mean: "1.20", sd: "2.50", n: "5", scale: "1, 7"}}
    """, select=("CA109",))
    assert r["possible"].verdict == "consistent"
    assert r["too_wide"].verdict == "inconsistent"


def test_a_huge_n_is_bounded_and_never_a_silent_pass(tmp_path):
    # n from a stranger's file: at most MAX_SUMS candidate sums are searched, and a test that
    # cannot decide says so (a warning), rather than hanging or passing silently.
    _, r = audit(tmp_path, """
        claims:
          - {id: grimmer, granularity: {mean: "5.19", sd: "9.99", n: "1000000000000"}}
          - {id: debit, granularity: {test: debit, mean: "0.55", sd: "0.51", n: "1000000000000"}}
    """, select=("CA109",))
    assert r["grimmer"].verdict == "consistent"   # a witness among the sums searched
    (f,) = [f for f in r["debit"].findings if f.code == "CA109"]
    assert f.severity == "warning" and "cannot decide" in f.message, f.message
