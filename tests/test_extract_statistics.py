"""APA-style test statistics found in running text (statcheck's forms and PDF quirks) for CA110."""

from __future__ import annotations

import pytest

from claimaudit.checkers.statcheck import parse_statistic
from claimaudit.extract.statistics import find_statistics


def one(text):
    found = find_statistics(text)
    assert len(found) == 1, found
    return found[0]


@pytest.mark.parametrize("text, spec", [
    ("The effect was significant, t(28) = 2.20, p = .03.", {"test": "t", "value": "2.20", "df": "28", "p": "= .03"}),
    ("a main effect of condition, F(1, 76) = 4.5, p < .05", {"test": "F", "value": "4.5", "df": "1, 76", "p": "< .05"}),
    ("χ2(2, N = 100) = 6.1, p = .047", {"test": "chi2", "value": "6.1", "df": "2", "p": "= .047"}),
    ("r(48) = .30, p < .01", {"test": "r", "value": ".30", "df": "48", "p": "< .01"}),
    ("z = 1.96, p = .05", {"test": "z", "value": "1.96", "p": "= .05"}),
    ("t(40) = 1.02, ns", {"test": "t", "value": "1.02", "df": "40", "p": "ns"}),
    ("t(28) = −2.20, p = .03", {"test": "t", "value": "-2.20", "df": "28", "p": "= .03"}),
    ("t(28)=2.20,p=.03", {"test": "t", "value": "2.20", "df": "28", "p": "= .03"}),
    ("χ²(1) = 3.84, p = .05", {"test": "chi2", "value": "3.84", "df": "1", "p": "= .05"}),
    ("X2(3, N = 1,204) = 12.5, p = .006", {"test": "chi2", "value": "12.5", "df": "3", "p": "= .006"}),
    ("F(2,\n57) = 3.1,\np = .052", {"test": "F", "value": "3.1", "df": "2, 57", "p": "= .052"}),
])
def test_reads_the_forms(text, spec):
    m = one(text)
    assert m.spec() == spec
    assert text[m.start:m.end] == m.text and m.text.startswith(m.text[0])
    parse_statistic(m.spec())          # CA110 reads every spec we emit


def test_pdf_letter_l_for_one():
    m = one("a main effect, F(l, 76) = 4.5, p < .05, and")
    assert m.df == "1, 76" and any("read as the digit 1" in n for n in m.notes)


def test_p_zero_kept_as_printed_with_a_note():
    m = one("t(120) = 8.4, p = .000")
    assert m.p == "= .000" and any("zero" in n for n in m.notes)


def test_sample_size_and_location():
    text = "Intro.\nAs expected, χ2(2, N = 100) = 6.1, p = .047."
    m = one(text)
    assert m.n == "100" and (m.line, m.col) == (2, 14)


def test_one_tailed_sentence():
    assert one("A one-tailed test gave t(20) = 1.80, p = .04.").tails == 1
    assert one("The test gave t(20) = 1.80, p = .09.").tails is None


def test_inexact_statistic_is_marked():
    assert one("t(28) > 2.2, p < .05").exact is False


@pytest.mark.parametrize("text", [
    "We used r = .5 as a threshold.",            # no degrees of freedom
    "Part(2) = 3.1, p = .04",                    # a word, not a test name
    "Figure 3 (t = 2 s) shows p = .5 of",        # no result
    "F = 3.2, p < .05",                          # F without its two df
    "ratio(3) = 5, p = .2",
    "r(30) = 1.5, p = .01",                      # impossible as a correlation
    "t(28) = 2.20",                              # no p
])
def test_not_results(text):
    assert find_statistics(text) == []


def test_a_paragraph_with_two_inconsistent_results():
    # statcheck's kind of paragraph: four results, two of which the statistic cannot give.
    text = ("Participants in the gain frame were faster, t(38) = 2.10, p = .04. The interaction was "
            "significant, F(2, 114) = 1.20, p < .05, as was the correlation, r(58) = .35, p = .006. "
            "Finally, χ2(1, N = 60) = 2.10, p = .03.")
    found = find_statistics(text)
    assert [m.test for m in found] == ["t", "F", "r", "chi2"]
    from claimaudit.checkers.statcheck import p_value
    bad = []
    for m in found:
        st = parse_statistic(m.spec())
        p = float(p_value(st.test, st.value, st.df1, st.df2))
        ok = {"=": abs(p - float(st.p)) <= float(st.p_step) / 2 + 0.005, "<": p < float(st.p)}[st.p_rel]
        if not ok:
            bad.append(m.test)
    assert bad == ["F", "chi2"]
