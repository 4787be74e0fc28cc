"""Doc drift (CA301): an edited number in a page is reported with what the page says now and what the
claim recomputes; the example docs project's deliberate drift fails with that message."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

from gate_support import apply_drift, example_repo, run_cli

from claimaudit.checkers.doc_drift import Flat, locate, new_value
from claimaudit.engine.run import RunOptions, run_claims

TABLE = textwrap.dedent("""\
    # Bill

    | Stage | GPU-hours |
    |---|---|
    | Pre-training | 2,664K |
    | Context extension | 119K |
    | Post-training | 5K |
    | Total | {total} |

    ```claimaudit
    claims:
      - id: pretrain
        quote: "| Pre-training | 2,664K |"
        value: 2,664K GPU-hours
      - id: context
        quote: "| Context extension | 119K |"
        value: 119K GPU-hours
      - id: post
        quote: "| Post-training | 5K |"
        value: 5K GPU-hours
      - id: total
        quote: "| Total | 2,788K |"
        value: 2,788K GPU-hours
        formula: pretrain + context + post
    ```
    """)


def audit_page(tmp_path: Path, total: str) -> dict:
    (tmp_path / "docs").mkdir(exist_ok=True)
    (tmp_path / "docs" / "bill.md").write_text(TABLE.format(total=total), "utf-8")
    run = run_claims([tmp_path / "docs"], tmp_path, RunOptions(select=("CA301",)))
    return {r.claim.id: r for r in run.results}


def test_locate_exact_drift_changed_and_missing() -> None:
    flat = Flat.of("line one\n| Total | 2,798K | $5.576M |\nthe price is\n$2 per GPU-hour, said the report\n")
    assert locate("the price is $2 per   GPU-hour", flat).status == "exact"   # whitespace and line breaks
    m = locate("| Total | 2,788K | $5.576M |", flat)
    assert (m.status, m.line, m.changed) == ("drift", 2, [("2,788", "2,798")])
    assert m.passage == "| Total | 2,798K | $5.576M |"
    m = locate("| Grand total | 2,788K | $5.576M |", flat)
    assert m.status == "changed" and m.line == 2 and m.score >= 70
    assert locate("a sentence that is nowhere at all in it", flat).status == "missing"


def test_new_value_puts_the_docs_number_into_the_claims_value() -> None:
    assert new_value("2,788K GPU-hours", [("2,788", "2,798")]) == "2,798K GPU-hours"
    assert new_value("2788K GPU-hours", [("2,788", "2,798")]) == "2,798K GPU-hours"
    assert new_value("$5.576M", [("2,788", "2,798")]) is None


def test_unchanged_page_has_no_drift(tmp_path: Path) -> None:
    results = audit_page(tmp_path, "2,788K")
    assert all(not r.findings for r in results.values())


def test_edit_that_no_longer_adds_up_says_claim_doc_now_and_recomputation(tmp_path: Path) -> None:
    results = audit_page(tmp_path, "2,798K")
    total = results["total"]
    [f] = [f for f in total.findings if f.code == "CA301"]
    assert f.severity == "error"
    assert f.message.startswith("the doc now says “| Total | 2,798K |” (docs/bill.md:8) where the claim quotes "
                                "“| Total | 2,788K |”; the claim recomputes")
    assert f.message.endswith("so the doc's 2,798K GPU-hours does not add up")
    assert "changed      2,788 → 2,798" in f.working
    assert f.data["value_now"] == "2,798K GPU-hours" and f.data["doc_line"] == 8
    assert (f.location.file, f.location.line, f.location.col) == ("docs/bill.md", 8, 1)  # the edited line
    assert all(not r.findings for k, r in results.items() if k != "total")


def test_edit_that_still_adds_up_asks_to_update_the_claim(tmp_path: Path) -> None:
    # 2,787K lies within the recomputed interval [2,786.5K, 2,789.5K]: the page is right, the claim stale.
    [f] = audit_page(tmp_path, "2,787K")["total"].findings
    assert "so the doc's 2,787K GPU-hours still adds up: update the claim's quote and value" in f.message


def test_stated_input_drift_names_the_claims_that_use_it(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    page = TABLE.format(total="2,788K").replace("| Post-training | 5K |\n", "| Post-training | 6K |\n", 1)
    (tmp_path / "docs" / "bill.md").write_text(page, "utf-8")
    run = run_claims([tmp_path / "docs"], tmp_path, RunOptions(select=("CA301",)))
    post = next(r for r in run.results if r.claim.id == "post")
    [f] = post.findings
    assert "the claim still records 5K GPU-hours (used by total)" in f.message


def test_example_drift_fails_with_the_right_message(tmp_path: Path) -> None:
    project = example_repo(tmp_path)
    assert run_cli("run", "--no-report", cwd=project).returncode == 0
    apply_drift(project)
    done = run_cli("run", "--no-report", "--format", "json", cwd=project)
    assert done.returncode == 1, done.stderr
    report = json.loads(done.stdout)
    failed = {r["id"]: r for r in report["records"] if r["outcome"] == "failed"}
    assert set(failed) == {"total_hours", "total_cost"}
    # One drift finding: the quote checker's CA202 (the page is the claim's source), completed by
    # CA301 with the recomputation, not a second finding.
    [f] = [f for f in failed["total_hours"]["findings"] if f["code"] in ("CA301", "CA202")]
    assert f["code"] == "CA202"
    assert f["data"]["now"] == "2,798K" and (f["data"]["file"], f["data"]["line"]) == ("docs/training-cost.md", 11)
    assert failed["total_hours"]["line"] == 28
    assert "2,798K" in f["message"] and "2,788K" in f["message"]
    assert f["message"].endswith("the claim recomputes [2786500, 2789500] GPU-hours, so the doc's 2,798K GPU-hours "
                                 "does not add up")
    text = run_cli("run", "--no-report", cwd=project).stdout
    assert "FAILED docs/training-cost.md::total_hours - " in text and "does not add up" in text


def test_quote_checkers_drift_finding_is_completed_not_repeated(tmp_path: Path) -> None:
    from claimaudit.checkers.doc_drift import DocDriftChecker
    from claimaudit.engine.results import Finding

    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "bill.md").write_text(TABLE.format(total="2,798K"), "utf-8")
    run = run_claims([tmp_path / "docs"], tmp_path, RunOptions(checkers=False))
    total = next(r for r in run.results if r.claim.id == "total")
    theirs = Finding("CA202", "error", "the source now says 2,798K where the claim quotes 2,788K", "quotes")
    total.add(theirs)
    assert list(DocDriftChecker().check(total, run)) == []
    assert theirs.message.endswith("; the claim recomputes [2786500, 2789500] GPU-hours, so the doc's 2,798K "
                                   "GPU-hours does not add up")
    assert "changed      2,788 → 2,798" not in theirs.working  # theirs says what changed; we add the recomputation
    assert any(w.startswith("recomputed   [2786500, 2789500] GPU-hours") for w in theirs.working)
