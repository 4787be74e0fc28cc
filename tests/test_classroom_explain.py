"""claimaudit explain: the working of one claim, step by step, in English and Chinese.

Golden texts live in tests/fixtures/classroom/explain/; after an intended change, regenerate them
with ``CLAIMAUDIT_UPDATE_GOLDEN=1 pytest tests/test_classroom_explain.py`` and review the diff.
The audit runs on the bundled claims without the checkers, so the goldens pin the core working
(the checkers' findings are tested separately below).
"""

from __future__ import annotations

import os

import pytest
from support import REPO

from claimaudit.classroom.checklist import QUESTIONS, answer_checklist
from claimaudit.classroom.explain import explain_claim, explain_work, find_result
from claimaudit.classroom.working import by_qualname, work_of
from claimaudit.engine.results import Finding
from claimaudit.engine.run import RunOptions, run_claims
from claimaudit.errors import UsageError

GOLDEN = REPO / "tests" / "fixtures" / "classroom" / "explain"
UPDATE = os.environ.get("CLAIMAUDIT_UPDATE_GOLDEN") == "1"

#: Claims whose working covers the cases: a time conversion, a computed input with PB vs PiB and
#: "over", percentages that must be converted first with "about", a rounding boundary in KiB, a
#: ratio shown as a percentage with a scope note, and a dated price.
GOLDEN_CLAIMS = (
    "v3_training_cost.pretrain_days",
    "storage_3fs.usable_capacity_claim",
    "fire_flyer_cost.energy_saved",
    "mla_kv_cache.mla_bytes",
    "inference_margin.margin",
    "fire_flyer_cost.cperf",
)


@pytest.fixture(scope="module")
def run():
    return run_claims([REPO / "claims"], REPO, RunOptions(checkers=False))


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("claim", GOLDEN_CLAIMS)
def test_explanation_matches_golden_text(run, claim, lang):
    text = explain_claim(run, claim, lang)
    path = GOLDEN / f"{claim}.{lang}.txt"
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"missing golden {path}; run with CLAIMAUDIT_UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8")


def test_time_conversion_is_spelled_out(run):
    text = explain_claim(run, "pretrain_days", "en")
    assert "GPU-hours / GPU gives hours; the claim is in 天: 1 天 = 24 hours, so divide by 24." in text
    assert "At the printed values: 2,664,000 / 2048 = 1300.78 hours = 54.1992 天" in text
    assert "54.2 天: rounded to its last digit (0.1), so it stands for anything in [54.15, 54.25] 天" in text
    assert "Verdict: consistent" in text
    zh = explain_claim(run, "pretrain_days", "zh")
    assert "1 天 = 24 小时，所以除以 24" in zh
    assert "结论：成立" in zh


def test_computed_input_and_binary_prefix(run):
    text = explain_claim(run, "storage_3fs.usable_capacity_claim", "en")
    # The computed input is worked out from its own printed inputs, with where each is printed.
    assert "raw_capacity is not printed; it is computed (storage_3fs.raw_capacity):" in text
    assert "ssd_size = 15.36 TB/SSD" in text and "printed in fire-flyer-ai-hpc, 3FS deployment" in text
    assert "1 PiB = 2^50 B, 1 PB = 10^15 B" in text
    assert "no value in [19.6387, 19.6515] PiB is more than 20 PiB" in text
    assert "Known error, confirmed (180 × 16 × 15.36 TB / 2" in text
    assert "xfail" not in text and "expects" not in text
    # The checklist flags the decimal/binary mix and the bound the words set.
    assert "[•] Which units?" in text and "1 PiB = 2^50 B ≈ 1.126 PB" in text
    assert "[✗] Do the words overstate? '超过' means more than" in text


def test_percentages_are_converted_before_a_sum(run):
    text = explain_claim(run, "energy_saved", "en")
    assert "power_ratio = 59.5% = [0.5945, 0.5955]" in text
    assert "1 − 0.595 = 0.405 = 40.5%" in text
    assert "'约' means about: 5% either way of 40%" in text and "[38, 42]%" in text


def test_rounding_boundary_is_named(run):
    text = explain_claim(run, "mla_bytes", "en")
    assert "(512 + 64) × 2 = 1152 B = 1.125 KiB" in text
    assert "only just: the two intervals touch at a rounding boundary" in text
    assert "[•] Does the rounding hold? holds only at a rounding boundary" in text


def test_missing_miss_is_quantified(run):
    text = explain_claim(run, "efficiency_64_512", "en")
    assert "[82.4768, 82.4866]% and [90.5, 91.5]% do not overlap" in text
    assert "it is 8.518 pp too high (+10.3%)" in text
    assert "the formula gives a plain number; the claim is a percentage: multiply by 100." in text


def test_kilo_1024_is_explained(run):
    text = explain_claim(run, "dsa_sparse_attention.fraction", "en")
    assert "K means 1024 here, so 128K tokens is 131,072 tokens" in text
    assert "K means 1024 here (binary), not 1000" in text


def test_checklist_reads_the_claims_notes(run):
    results = by_qualname(run.results)
    margin = work_of(results["inference_margin.margin"], results)
    answers = {a.question.key: a for a in answer_checklist(margin, "en")}
    assert [a.question.key for a in answer_checklist(margin)] == [q.key for q in QUESTIONS]
    assert answers["scope"].status == "note" and "billed at R1 prices" in answers["scope"].text
    # A figure built on prices with no date: a question to ask.
    assert answers["as_of"].status == "ask" and "price" in answers["as_of"].text
    # A dated price on an input shows on the claims built from it.
    cost = work_of(results["v3_training_cost.total_cost_from_hours"], results)
    as_of = answer_checklist(cost, "zh")[0]
    assert as_of.status == "note" and "price: the report's assumed H800 rental price (2024-12)" in as_of.text
    arithmetic = {a.question.key: a for a in answer_checklist(cost, "en")}["arithmetic"]
    assert arithmetic.status == "ok"


def test_underdetermined_claim_names_the_missing_inputs(run):
    text = explain_claim(run, "bubble_reduction_pp16", "en")
    assert "Verdict: underdetermined" in text
    assert "the formula needs F, B, W, which the document does not give" in text
    assert "[?] Does the arithmetic hold? cannot be checked" in text


def test_checker_findings_are_shown_and_answer_the_checklist(run):
    res = find_result(run.results, "perf_about_80")
    work = work_of(res, by_qualname(run.results))
    before = res.findings
    note = Finding("CA105", "warning", "'约八成' for 83.0%: nearer 'over eighty percent'", "qualifiers")
    res.findings = [*before, note]
    try:
        text = explain_work(work, "en")
    finally:
        res.findings = before
    assert "Other checks\n  CA105 warning: '约八成' for 83.0%" in text
    assert "[✗] Do the words overstate?" in text and "CA105: '约八成'" in text


def test_find_result_by_id_qualname_and_file():
    run = run_claims([REPO / "claims"], REPO, RunOptions(checkers=False))
    assert find_result(run.results, "total_hours").claim.qualname == "v3_training_cost.total_hours"
    assert find_result(run.results, "v3_training_cost.total_hours").claim.id == "total_hours"
    assert find_result(run.results, "claims/v3_training_cost.yaml::total_hours").claim.id == "total_hours"
    with pytest.raises(UsageError, match=r"no claim 'totl_hours'.*did you mean 'total_hours'"):
        find_result(run.results, "totl_hours")


def test_ambiguous_id_lists_the_candidates(tmp_path):
    (tmp_path / "claims").mkdir()
    for name in ("a", "b"):
        (tmp_path / "claims" / f"{name}.yaml").write_text(
            "claims:\n  - id: total\n    value: '3'\n    formula: x + y\n    given: {x: '1', y: '2'}\n", "utf-8")
    run = run_claims([tmp_path / "claims"], tmp_path, RunOptions(checkers=False))
    with pytest.raises(UsageError, match=r"ambiguous: a\.total, b\.total"):
        find_result(run.results, "total")
    assert "a.total" in explain_claim(run, "a.total")


def test_cli_explain(capsys):
    from claimaudit.cli.main import main

    assert main(["explain", "pretrain_days", "--lang", "zh", "--root", str(REPO)]) == 0
    out = capsys.readouterr().out
    assert "第1步　输入数据及其出处" in out and "细心读者的核对清单" in out
    assert main(["explain", "no_such_claim", "--root", str(REPO)]) == 2
    assert "no claim 'no_such_claim'" in capsys.readouterr().err
