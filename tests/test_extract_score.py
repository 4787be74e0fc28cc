"""benchmarks/extraction/score.py: how a from-to pair is scored against a gold range item."""

from __future__ import annotations

import importlib.util
from fractions import Fraction

from support import REPO


def _score_module():
    spec = importlib.util.spec_from_file_location("extraction_score", REPO / "benchmarks" / "extraction" / "score.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def item(start, end, value, unit="mg", qual=""):
    v = Fraction(value)
    return dict(start=start, end=end, value=v, lo=v, hi=v, unit=unit, qual=qual)


TEXT = "Treatment was reduced from 44 mg to 50 mg ethanol."


def test_from_to_pair_scores_as_the_gold_range():
    score = _score_module()
    gold = [item(27, 41, 47)]                             # '44 mg to 50 mg', value = midpoint
    pred = [item(27, 32, 44), item(36, 41, 50)]
    assert score.match(gold, pred)["vu"] == 0             # two values: neither is the range
    merged = score.pair_from_to(gold, pred)
    assert len(merged) == 1 and merged[0]["value"] == 47
    c = score.match(gold, merged)
    assert (c["vu"], c["p"], c["g"]) == (1, 1, 1)         # one match, counted as one prediction


def test_pair_needs_same_unit_midpoint_and_both_ends_inside():
    score = _score_module()
    gold = [item(27, 41, 47)]
    assert len(score.pair_from_to(gold, [item(27, 32, 44), item(36, 41, 50, unit="g")])) == 2
    assert len(score.pair_from_to(gold, [item(27, 32, 44), item(36, 41, 52)])) == 2
    assert len(score.pair_from_to(gold, [item(27, 32, 44), item(36, 45, 50)])) == 2   # sticks out
    # a qualifier before the gold span may stick out: "from about $350 per kg to $680 per kg"
    assert len(score.pair_from_to([item(30, 60, 515, "usd/kg")],
                                  [item(24, 41, 350, "usd/kg"), item(45, 60, 680, "usd/kg")])) == 1
