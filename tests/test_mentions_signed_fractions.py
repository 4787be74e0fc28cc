"""A sign glued to a fraction belongs to it (issue #11 §2): "-4/5" is -0.8, not 0.8."""

from __future__ import annotations

from fractions import Fraction

import pytest

from claimaudit.extract.document import analyse
from claimaudit.extract.mentions import extract_mentions


@pytest.mark.parametrize(("text", "value"), [("-4/5", Fraction(-4, 5)), ("x = -3/4 m", Fraction(-3, 4)),
                                             ("a change of −1 1/2 points", Fraction(-3, 2)),
                                             ("the ratio 3/4", Fraction(3, 4))])
def test_signed_fraction(text: str, value: Fraction) -> None:
    assert [m.number.nominal for m in extract_mentions(analyse(text))] == [value]


def test_dash_between_numbers_is_no_sign() -> None:
    assert [m.number.nominal for m in extract_mentions(analyse("1 - 4/5"))] == [1, Fraction(4, 5)]
