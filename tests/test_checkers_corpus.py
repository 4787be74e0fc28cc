"""The checkers on the bundled corpus (claims/ from the seeds): what each one fires on or clears."""

from __future__ import annotations

import pytest
import yaml
from support import REPO, by_qualname, messages, run_audit

from claimaudit.engine.run import RunOptions, exit_code, run_claims


@pytest.fixture(scope="module")
def bundled():
    run = run_audit(REPO, ignore=("CA2", "CA3"))
    return run, by_qualname(run)


def test_bundled_run_is_as_expected_and_no_checker_crashes(bundled):
    run, _results = bundled
    assert exit_code(run) == 0
    assert not [f.message for r in run.results for f in r.findings if f.code == "CA000"]


def test_storage_20_pib_reading(bundled):
    _, r = bundled
    assert messages(r["storage_3fs.usable_capacity_claim"], "CA103") == [
        "consistent only if 20 PiB is read as 20 PB (decimal prefix, powers of 1000)"]
    assert not messages(r["storage_3fs.usable_capacity_pib"], "CA103")


def test_several_orders_of_magnitude_overstated(bundled):
    _, r = bundled
    (msg,) = messages(r["cluster_failures.orders_of_magnitude"], "CA105")
    assert "好几个数量级" in msg and "about 1.3 orders of magnitude" in msg
    assert r["cluster_failures.orders_of_magnitude"].verdict == "inconsistent"


def test_mla_tie_and_its_procedures(bundled):
    _, r = bundled
    res = r["mla_kv_cache.mla_bytes"]
    (msg,) = messages(res, "CA104")
    assert msg.startswith("1.125 KiB is a tie printed as 1.12 KiB")
    assert res.extra["rounding"] == {"consistent_with": ["half-even", "half-down", "floor", "truncation"], "tie": True}
    assert res.verdict == "consistent"


def test_same_cluster_printed_two_ways_is_cleared(bundled):
    _, r = bundled
    res = r["fire_flyer_cluster.a100_count_timeline"]
    # The agreement is the claim's verdict, with its working (issue #12 §2).
    assert messages(res, "CA107") == ["a100_count_timeline = 1 万 GPU agrees with a100_count = 10,000 GPU"]
    assert res.verdict == "consistent"
    assert res.extra["same_quantity"] == [
        {"pair": ["a100_count_timeline = 1 万 GPU", "a100_count = 10,000 GPU"], "agree": True}]


def test_dualpipe_condition(bundled):
    _, r = bundled
    res = r["dualpipe.bubble_reduction_pp16"]
    assert messages(res, "CA111") == ["holds iff W/(F + B) ≈ 0.0669 (between 0.0665 and 0.0673)"]
    assert res.verdict == "underdetermined"


def test_dsa_tokens_with_kilo_1000_finds_the_1024_reading(tmp_path):
    doc = yaml.safe_load((REPO / "claims" / "dsa_sparse_attention.yaml").read_text("utf-8"))
    doc["defaults"]["kilo"] = "1000"
    (tmp_path / "claims").mkdir()
    (tmp_path / "claims" / "dsa_sparse_attention.yaml").write_text(yaml.safe_dump(doc, allow_unicode=True), "utf-8")
    run = run_claims([tmp_path / "claims"], tmp_path, RunOptions(select=("CA103",)))
    res = {r.claim.id: r for r in run.results}["sparse_training_tokens"]
    assert res.verdict == "inconsistent"
    (finding,) = [f for f in res.findings if f.code == "CA103"]
    assert finding.message == "consistent only if K is read as 1024, not 1000"
    assert "128K tokens = 131072 tokens (context_len)" in finding.working
