"""A relation that holds only with K read as 1024 is drafted with kilo: 1024 and a note, not reported
(extract.relations_kilo): "15,000 steps × 480 sequences × 128K tokens = 943.7B tokens" (the project's own
exercise key printed it, and the one-step run called it an error)."""

from __future__ import annotations

from test_relations_rules import rels, verdicts


def doc(line: str) -> str:
    return f"# Training\n\n{line}\n"


def test_a_calculation_that_holds_with_k_as_1024(tmp_path):
    text = doc("*15,000 steps × 480 sequences × 128K tokens = 943.7B tokens*")
    [r] = rels(text, "equation")
    assert r.kilo == 1024 and "1024" in r.note
    assert verdicts(tmp_path, text, kind="equation") == ["consistent"]


def test_a_calculation_that_holds_with_k_as_1000_is_unchanged(tmp_path):
    text = doc("*15,000 steps × 480 sequences × 128K tokens = 921.6B tokens*")
    [r] = rels(text, "equation")
    assert r.kilo == 1000
    assert verdicts(tmp_path, text, kind="equation") == ["consistent"]


def test_a_calculation_wrong_either_way_is_reported(tmp_path):
    text = doc("*15,000 steps × 480 sequences × 128K tokens = 980.0B tokens*")
    assert [r.kilo for r in rels(text, "equation")] == [1000]
    assert verdicts(tmp_path, text, kind="equation") == ["inconsistent"]


def test_a_product_with_units_that_holds_with_k_as_1024(tmp_path):
    # a relation with units: its inputs are given as printed, so that the claim's kilo reads them
    text = doc("We pack 4 contexts of 128K tokens each, 524,288 tokens in total.")
    [r] = [r for r in rels(text, "product") if "each" in r.note]
    assert r.kilo == 1024 and (r.given or r.unitless)    # inputs as printed either way
    assert verdicts(tmp_path, text, kind="product") == ["consistent"]


def test_k_that_counts_thousands_is_not_read_as_1024(tmp_path):
    # GPU hours in thousands: no reading of the K as 1024 offered, so a wrong sum stays wrong
    text = doc("*2,664K + 119K + 5K = 2,888K GPU hours*")
    assert [r.kilo for r in rels(text, "equation")] == [1000]
