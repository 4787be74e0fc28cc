"""Baselines: fingerprints that survive line moves; run --baseline fails only on new findings and
lists the entries that no longer occur."""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path

import pytest
from gate_support import apply_drift, example_repo, run_cli
from support import run_audit, write

from claimaudit.errors import UsageError
from claimaudit.gate.baseline import (
    DEFAULT_FILE,
    apply_baseline,
    entries_of,
    fingerprint,
    load_baseline,
    normalise_message,
)

# The handbook's failure table (cluster_failures in the bundled corpus): NVLink 42.57% vs ECC 2.14%
# is 19.9×, but the handbook prints 22.5倍 — a real published inconsistency.
CLAIMS = """\
claims:
  - id: nvlink_share
    value: 42.57%
  - id: ecc_share
    value: 2.14%
  - id: ratio
    quote: "按自家表格复算，相对 ECC 是 22.5 倍"
    value: 22.5倍
    formula: nvlink_share / ecc_share
  - id: ok_ratio
    value: 19.9倍
    formula: nvlink_share / ecc_share
"""


def project(tmp_path: Path, text: str = CLAIMS) -> Path:
    write(tmp_path / "claims", "failures.yaml", text, dedent=False)
    return tmp_path


audit = partial(run_audit, select=("CA1",))   # the core checkers: what a baseline records here


def test_message_normalisation_drops_places_keeps_numbers() -> None:
    a = normalise_message("claim 'x' is defined twice (also at claims/a.yaml:12:5)")
    b = normalise_message("claim 'x'  is defined twice (also at claims/sub/a.yaml:40:3)")
    assert a == b == "claim 'x' is defined twice (also at <place>)"
    assert normalise_message("the doc now says 2,798K (docs/x.md:11)") != normalise_message(
        "the doc now says 2,799K (docs/x.md:11)")
    assert fingerprint("m.a", "CA101", "off at line 3") == fingerprint("m.a", "CA101", "off at line 90")
    assert fingerprint("m.a", "CA101", "x") != fingerprint("m.b", "CA101", "x")
    assert fingerprint("m.a", "CA101", "x") != fingerprint("m.a", "CA105", "x")


def test_fingerprints_survive_line_moves_and_file_moves(tmp_path: Path) -> None:
    root = project(tmp_path)
    before = {e.fingerprint for e in entries_of(audit(root))}
    assert before and {e.claim for e in entries_of(audit(root))} == {"failures.ratio"}
    # Ten comment lines above, the claims reordered, the file moved to a subfolder: same fingerprints.
    moved = "# notes\n" * 10 + CLAIMS.replace("claims:\n", "claims:\n  - id: zzz\n    value: 1 GPU\n")
    (root / "claims" / "failures.yaml").unlink()
    (root / "claims" / "sub").mkdir()
    (root / "claims" / "sub" / "failures.yaml").write_text(moved, "utf-8")
    after = entries_of(audit(root))
    assert {e.fingerprint for e in after} == before
    assert after[0].file == "claims/sub/failures.yaml" and after[0].line > 10


def test_apply_accepts_known_fails_new_and_reports_stale(tmp_path: Path) -> None:
    root = project(tmp_path)
    known = entries_of(audit(root))
    run = audit(root)
    out = apply_baseline(run, known, "b.json")
    assert [r.outcome for r in run.results if r.claim.id == "ratio"] == ["expected"]
    assert len(out.accepted) == len(known) and out.new == [] and out.stale == []
    # The printed ratio corrected; another claim broken: one new finding, the old entry stale.
    fixed = CLAIMS.replace("value: 22.5倍", "value: 19.9倍").replace(
        "  - id: ok_ratio\n    value: 19.9倍", "  - id: ok_ratio\n    value: 18.9倍")
    project(tmp_path, fixed)
    run = audit(root)
    out = apply_baseline(run, known, "b.json")
    assert {r.claim.id: r.outcome for r in run.results}["ok_ratio"] == "failed"
    assert [e.claim for e in out.new] == ["failures.ok_ratio"]
    assert [e.claim for e in out.stale] == ["failures.ratio"]
    assert "baseline: 1 entry no longer occurs; remove it" in "\n".join(out.notes())
    # Partial runs (-k, --changed-since) cannot tell that an unaudited claim's entry is stale.
    run = audit(root)
    run.results = [r for r in run.results if r.claim.id == "ok_ratio"]
    assert apply_baseline(run, known, partial=True).stale == []


def test_bad_baseline_files_are_usage_errors(tmp_path: Path) -> None:
    bad = tmp_path / "b.json"
    bad.write_text('{"schema": "claimaudit.baseline",\n "findings": [}', "utf-8")
    with pytest.raises(UsageError, match=r"b\.json:2:15: baseline is not valid JSON"):
        load_baseline(bad)
    bad.write_text('{"schema": "other", "findings": []}', "utf-8")
    with pytest.raises(UsageError, match="not a claimaudit baseline"):
        load_baseline(bad)
    with pytest.raises(UsageError, match="cannot read baseline"):
        load_baseline(tmp_path / "missing.json")


def test_cli_baseline_then_run(tmp_path: Path) -> None:
    root = project(tmp_path)
    assert run_cli("run", "--no-report", cwd=root).returncode == 1
    done = run_cli("baseline", cwd=root)
    assert done.returncode == 0, done.stderr
    assert f"wrote 1 finding of 1 claim to {DEFAULT_FILE}" in done.stdout
    doc = json.loads((root / DEFAULT_FILE).read_text("utf-8"))
    assert doc["schema"] == "claimaudit.baseline" and doc["findings"][0]["claim"] == "failures.ratio"
    done = run_cli("run", "--no-report", "--baseline", DEFAULT_FILE, cwd=root)
    assert done.returncode == 0, done.stdout
    assert f"baseline {DEFAULT_FILE}: 1 known finding accepted, 0 new" in done.stdout
    report = json.loads(run_cli("run", "--baseline", DEFAULT_FILE, "--format", "json", cwd=root).stdout)
    assert report["baseline"]["accepted"] == 1 and report["exit_code"] == 0
    # A new inconsistency fails despite the baseline.
    project(tmp_path, CLAIMS.replace("value: 19.9倍", "value: 18.9倍"))
    done = run_cli("run", "--no-report", "--baseline", DEFAULT_FILE, cwd=root)
    assert done.returncode == 1
    assert "1 known finding accepted, 1 new" in done.stdout


def test_cli_bad_baseline_exits_2_with_location(tmp_path: Path) -> None:
    root = project(tmp_path)
    done = run_cli("baseline", "-o", "no/such/folder/b.json", cwd=root)
    assert done.returncode == 2 and "no/such/folder/b.json: cannot write baseline" in done.stderr
    (root / "b.json").write_text("{\n  oops\n}", "utf-8")
    done = run_cli("run", "--baseline", "b.json", cwd=root)
    assert done.returncode == 2
    assert "b.json:2:3: baseline is not valid JSON" in done.stderr


def test_broken_claims_are_never_baselined(tmp_path: Path) -> None:
    # A typo of a known unit stays an input error (an unknown plural noun would be a count).
    root = project(tmp_path, CLAIMS + "  - id: broken\n    value: 12 secnods\n")
    done = run_cli("baseline", cwd=root)
    assert done.returncode == 2
    assert "broken is not baselined" in done.stderr
    assert run_cli("run", "--no-report", "--baseline", DEFAULT_FILE, cwd=root).returncode == 2


def test_example_drift_is_accepted_by_a_baseline(tmp_path: Path) -> None:
    proj = example_repo(tmp_path)
    apply_drift(proj)
    assert run_cli("run", "--no-report", cwd=proj).returncode == 1
    assert run_cli("baseline", cwd=proj).returncode == 0
    done = run_cli("run", "--no-report", "--baseline", DEFAULT_FILE, cwd=proj)
    assert done.returncode == 0, done.stdout
    assert "accepted, 0 new" in done.stdout
    # Restoring the page leaves the baseline's entries stale, and the run says so.
    (proj / "docs" / "training-cost.md").write_text(
        (proj / "docs" / "training-cost.md").read_text("utf-8").replace("| Total | 2,798K |", "| Total | 2,788K |"),
        "utf-8")
    done = run_cli("run", "--no-report", "--baseline", DEFAULT_FILE, cwd=proj)
    assert done.returncode == 0
    assert "no longer occur" in done.stdout and "docs/training-cost.md::total_hours CA" in done.stdout


def test_partial_baseline_keeps_the_entries_of_claims_it_did_not_audit(tmp_path: Path) -> None:
    root = project(tmp_path, CLAIMS.replace("value: 19.9倍", "value: 18.9倍"))
    assert run_cli("baseline", cwd=root).returncode == 0
    assert {e.claim for e in load_baseline(root / DEFAULT_FILE)} == {"failures.ratio", "failures.ok_ratio"}
    # Re-baselining only ok_ratio (now fixed) drops its entry and keeps ratio's.
    project(tmp_path, CLAIMS)
    assert run_cli("baseline", "-k", "ok_ratio", cwd=root).returncode == 0
    assert {e.claim for e in load_baseline(root / DEFAULT_FILE)} == {"failures.ratio"}
