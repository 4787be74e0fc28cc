"""The one number formatter (claimaudit.numbers.format): records, reports and the classroom."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from claimaudit.classroom.lang import amount, num
from claimaudit.engine.evaluate import fmt_amount, fmt_number
from claimaudit.engine.results import Amount
from claimaudit.numbers.format import delta, exact, interval_text, readable, with_unit
from claimaudit.numbers.interval import Interval, show
from claimaudit.units.quantity import Dims


@pytest.mark.parametrize(("x", "text"), [
    (F(5576000), "5576000"), (F(1, 8), "0.125"), (F(15, 11), "1.36363636364"), (F(-7, 4), "-1.75"),
    (F(1, 2**70), format(float(F(1, 2**70)), ".12g")),   # terminating, but too long to print exactly
])
def test_exact_is_the_records_text(x: F, text: str) -> None:
    assert exact(x) == show(x) == text


@pytest.mark.parametrize(("x", "sig", "text"), [
    (F(56175298, 1000000), 6, "56.175298"),    # exact when short
    (F(5617529881, 10**8), 6, "56.1753"), (F(2048), 6, "2048"), (F(5575000), 6, "5575000"),
    (F(1, 3), 3, "0.333"), (F(12345678901), 6, "1.23457e10"),
])
def test_readable(x: F, sig: int, text: str) -> None:
    assert readable(x, sig) == fmt_number(x, sig) == text


def test_grouping_is_an_option_the_classroom_takes() -> None:
    assert readable(F(12970), group_from=5) == num(F(12970)) == "12,970"
    assert readable(F(2048), group_from=5) == num(F(2048)) == "2048"     # four digits stay plain
    iv = Interval(F(5000), F(15000))
    assert interval_text(iv) == "[5000, 15000]"                           # records and reports
    assert interval_text(iv, group=True) == "[5,000, 15,000]"             # both ends alike


def test_units_join_the_same_way_everywhere() -> None:
    assert with_unit("91", "%") == "91%" and with_unit("56.9", "×") == "56.9×" and with_unit("7.1", "GB") == "7.1 GB"
    iv = Interval(F(705, 100), F(715, 100))
    assert fmt_amount(Amount(iv, "GB", Dims())) == "[7.05, 7.15] GB"
    assert amount(iv, "GB") == "[7.05, 7.15] GB"
    assert fmt_amount(Amount(iv, "%", Dims())) == "[7.05, 7.15]%"


def test_delta_keeps_three_digits() -> None:
    assert delta(F(12, 10)) == "1.2" and delta(F(1234567890)) == "1.23e9" and delta(F(0)) == "0"
    # thousands as digits (a difference of 9,000 GPU-hours is not "9e3"), a million and up as powers
    assert delta(F(9000)) == "9,000" and delta(F(-11500)) == "-11,500" and delta(F(999999)) == "1e6"
