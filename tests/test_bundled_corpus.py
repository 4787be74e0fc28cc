"""The bundled claims audit the seeds with the verdicts the core issue requires."""

from __future__ import annotations

from fractions import Fraction

import pytest
from support import REPO

from claimaudit.engine.run import RunOptions, exit_code, run_claims


@pytest.fixture(scope="module")
def corpus():
    run = run_claims([REPO / "claims"], REPO, RunOptions())
    return run, {r.claim.qualname: r for r in run.results}


EXPECTED = {
    # V3 training cost table
    "v3_training_cost.total_hours": "consistent",
    "v3_training_cost.pretrain_cost": "consistent",
    "v3_training_cost.context_cost": "consistent",
    "v3_training_cost.posttrain_cost": "consistent",
    "v3_training_cost.total_cost": "consistent",
    "v3_training_cost.sum_of_costs": "consistent",
    "v3_training_cost.total_cost_from_hours": "consistent",
    "v3_training_cost.pretrain_days": "consistent",
    "v3_training_cost.days_per_trillion": "consistent",
    "v3_training_cost.pretrain_hours_from_rate": "consistent",
    # MLA
    "mla_kv_cache.mha_bytes": "consistent",
    "mla_kv_cache.mla_bytes": "consistent",
    "mla_kv_cache.compression": "consistent",
    "mla_kv_cache.reduction": "consistent",
    # DSA
    "dsa_sparse_attention.fraction": "consistent",
    "dsa_sparse_attention.sparse_training_tokens": "consistent",
    # Day-6 inference margin
    "inference_margin.daily_cost": "consistent",
    "inference_margin.margin": "consistent",
    # Fire-Flyer CPERF and energy
    "fire_flyer_cost.cperf": "consistent",
    "fire_flyer_cost.cperf_recomputed": "consistent",
    "fire_flyer_cost.energy_saved": "consistent",
    # Fire-Flyer parallel efficiency
    "fire_flyer_scaling.efficiency_64_512": "inconsistent",
    "fire_flyer_scaling.efficiency_64_512_recomputed": "consistent",
    "fire_flyer_scaling.efficiency_40_640": "consistent",
    "fire_flyer_scaling.efficiency_40_320": "consistent",
    # Storage
    "storage_3fs.usable_capacity_claim": "inconsistent",
    "storage_3fs.usable_capacity_pib": "consistent",
    # DualPipe
    "dualpipe.bubble_reduction_pp16": "underdetermined",
    # Failure statistics (found by this audit)
    "cluster_failures.nvlink_vs_ecc": "inconsistent",
}


@pytest.mark.parametrize("qualname, verdict", sorted(EXPECTED.items()))
def test_required_verdicts(corpus, qualname, verdict):
    _run, by_name = corpus
    res = by_name[qualname]
    assert res.verdict == verdict, [f.message for f in res.findings]


def test_known_errors_are_expected_and_the_run_is_green(corpus):
    run, by_name = corpus
    assert by_name["fire_flyer_scaling.efficiency_64_512"].outcome == "expected"
    assert by_name["storage_3fs.usable_capacity_claim"].outcome == "expected"
    assert by_name["dualpipe.bubble_reduction_pp16"].outcome == "expected"
    bad = [(r.claim.qualname, r.outcome, [f.message for f in r.findings]) for r in run.results
           if r.outcome in ("failed", "error")]
    assert bad == []
    assert run.errors == []
    assert exit_code(run) == 0


def test_mla_is_a_boundary_case(corpus):
    _run, by_name = corpus
    res = by_name["mla_kv_cache.mla_bytes"]
    assert res.boundary
    assert res.recomputed.interval.lo == Fraction(1125, 1000)


def test_efficiency_recomputes_to_82_5(corpus):
    _run, by_name = corpus
    rec = by_name["fire_flyer_scaling.efficiency_64_512"].recomputed.interval
    assert Fraction("82.47") < rec.lo <= rec.hi < Fraction("82.49")


def test_storage_recomputes_to_19_65_pib(corpus):
    _run, by_name = corpus
    rec = by_name["storage_3fs.usable_capacity_claim"].recomputed
    assert rec.unit == "PiB"
    assert Fraction("19.63") < rec.interval.lo <= rec.interval.hi < Fraction("19.66")


def test_margin_recomputes_to_545_percent(corpus):
    _run, by_name = corpus
    rec = by_name["inference_margin.margin"].recomputed.interval
    exact = Fraction(562027 - 87072, 87072) * 100
    assert rec.contains(exact) and Fraction("544.5") <= exact <= Fraction("545.5")


def test_keyword_selection_still_sees_deselected_inputs():
    # -k narrows what is reported, not what checkers may look up (the table's parts, here).
    run = run_claims([REPO / "claims"], REPO, RunOptions(keyword="total_cost and not hours"))
    (res,) = run.results
    assert res.claim.id == "total_cost" and res.verdict == "consistent"
    assert [f.message for f in res.findings if f.severity != "info"] == []
    assert res.extra["totals"]["sum"]


def test_table_parts_add_up_to_the_total(corpus):
    _run, by_name = corpus
    res = by_name["v3_training_cost.total_cost"]
    lo, hi = res.extra["totals"]["sum"]
    assert lo <= 5_576_000 <= hi


def test_routing_bound_is_checked_and_cleared(corpus):
    _run, by_name = corpus
    res = by_name["ep_routing.nodes_per_token"]
    # The passing bound is the claim's verdict, with its working (issue #12 §2).
    assert res.relation == "<=" and res.verdict == "consistent"
    (bound,) = res.extra["bounds"]
    assert bound["key"] == "at_most" and not bound["beyond"]
    (note,) = [f for f in res.findings if f.code == "CA108"]
    assert note.severity == "info" and note.data["passed"] and "is at most its limit" in note.message
