"""Relations the document states itself, and the draft that checks them (extract → run)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from support import DEMO_TEXTS, SRC, write
from support import audit as support_audit

from claimaudit.engine.results import ClaimResult
from claimaudit.extract.draft import render
from claimaudit.extract.pipeline import draft_file, draft_text, draft_yaml
from claimaudit.extract.relations import CONFIDENT
from claimaudit.model.load import load_claim_text

FIXTURES = Path(__file__).parent / "fixtures" / "extract"


def kinds(text: str) -> list[str]:
    return [r.kind for r in draft_text(text).relations]


def audit(tmp_path: Path, yaml_text: str) -> dict[str, ClaimResult]:
    """The core audit of a draft claim file, written as extraction writes it."""
    path = write(tmp_path, "draft.claims.yaml", yaml_text, dedent=False)
    return support_audit(tmp_path, [path], errors_ok=False, checkers=False)


def test_table_with_total_row():
    text = "| Stage | Hours |\n|---|---|\n| A | 10 |\n| B | 20 |\n| Total | 31 |\n"
    d = draft_text(text)
    [r] = d.relations
    assert r.kind == "table-total" and r.formula == "{0} + {1}" and r.target == 2
    text = "| 阶段 | 卡时 |\n|---|---|\n| 甲 | 1K |\n| 乙 | 2K |\n| 合计 | 3K |\n"
    assert kinds(text) == ["table-total"]


def test_shares_that_should_add_to_100_percent():
    text = "| Part | Share |\n|---|---|\n| a | 61% |\n| b | 27% |\n| c | 15% |\n"
    assert kinds(text) == ["shares"]
    # Shares that are a part of the whole (42.57% + 33.48% + 2.14%) are left alone.
    text = "- NVLink 42.57%\n- other 33.48%\n- ECC 2.14%\n"
    assert kinds(text) == []
    text = "- NVLink 50%\n- other 30%\n- ECC 20.5%\n"
    assert kinds(text) == ["shares"]


@pytest.mark.parametrize("text, kind", [
    ("Of the prompts, 82% (41 out of 50) were right.", "percent-of"),
    ("41 of 50 (82%) prompts were right.", "percent-of"),
    ("The bill is 2,788K × $2 = $5.576M.", "equation"),
    ("2,664K + 119K + 5K = 2,788K ✓", "equation"),
    ("180K GPU-hours ≈ 2048 GPUs × 3.7 days", "equation"),
    ("Step time fell from 64 s to 16 s, a 4× speed-up.", "change"),
    ("KV cache 从 MHA 的 64 KiB 压到 1.12 KiB（约 56.9×）", "change"),
    ("Latency dropped from 200 ms to 150 ms, 25% less.", "change"),
    ("Throughput is 20 tokens/s per GPU: 1,000 tokens/s on 50 GPUs.", "rate"),
])
def test_prose_relations(text, kind):
    assert kind in kinds(text)


def test_parallel_efficiency_from_two_changes():
    text = ("Going from 64 to 512 GPUs, the step time went from 64.118 s to 9.717 s, "
            "a parallel efficiency of 91%.")
    rels = [r for r in draft_text(text).relations if r.kind == "change"]
    assert rels and rels[0].formula.startswith("(")


def test_same_quantity_printed_twice():
    text = "The training run took 54.2 days.\nLater: the training run took 57.3 days.\n"
    assert kinds(text) == ["same"]
    # The same value twice is no finding.
    assert kinds("The training run took 54.2 days.\nAgain, the training run took 54.2 days.\n") == []


def test_ids_are_readable_and_stable():
    a = draft_file(FIXTURES / "inconsistent_report.md")
    b = draft_file(FIXTURES / "inconsistent_report.md")
    assert a.ids == b.ids and len(set(a.ids)) == len(a.ids)
    assert "total_gpu_hour_2798k" in a.ids and "pre_training_usd_5_328m" in a.ids
    assert draft_yaml(a) == draft_yaml(b)


def test_draft_loads_without_errors():
    d = draft_file(FIXTURES / "handbook_zh.md")
    cf, errors = load_claim_text(draft_yaml(d), "handbook_zh.claims.yaml")
    assert not errors and cf is not None
    assert len(cf.claims) >= len(d.mentions)
    # Quotes are the document's own words.
    text = (FIXTURES / "handbook_zh.md").read_text("utf-8")
    assert all(c.quote and c.quote.replace("…", "") in " ".join(text.split()) for c in cf.claims if c.quote)


def test_hostile_text_cannot_change_the_yaml(tmp_path):
    text = 'Injected: "\n- id: evil\n  formula: x" costs $5 and ]]} {{ 3 GPUs & *alias !!python/object'
    results = audit(tmp_path, draft_yaml(draft_text(text)))
    assert "evil" not in results and len(results) == 2


def test_round_trip_finds_the_inconsistencies(tmp_path):
    """extract → run: every deliberate inconsistency of the fixture is found, nothing else is."""
    results = audit(tmp_path, draft_yaml(draft_file(FIXTURES / "inconsistent_report.md")))
    bad = {cid for cid, r in results.items() if r.verdict == "inconsistent"}
    assert bad == {
        "total_gpu_hour_2798k",                 # 2,664K + 119K + 5K is not 2,798K
        "total_shares",                  # 61% + 27% + 15% is not 100%
        "usd_5_876m",                    # 2,788K × $2 is not $5.876M
        "x_5",                           # 64 s → 16 s is 4×, not 5×
        "throughput_token_per_second_per_20",   # 1,000 tokens/s over 40 GPUs is 25, not 20
    }, bad
    assert results["pct_82"].verdict == "consistent"                # 41 out of 50 is 82%
    assert results["total_usd_5_576m"].verdict == "consistent"      # the cost column adds up


def test_prose_repetition_is_a_suggestion_audited_only_with_all(tmp_path):
    """A value printed again after the same words is a low-confidence suggestion: commented out in the
    default draft, audited with relations="all"."""
    draft = draft_file(FIXTURES / "inconsistent_report.md")
    same = [r for r in draft.relations if r.kind == "same"]
    assert same and all(r.confidence < CONFIDENT and r.evidence for r in same)
    assert "# Suggested relations" in draft_yaml(draft)
    results = audit(tmp_path, render(draft, relations="all"))
    assert results["run_took_day_57_3"].verdict == "inconsistent"   # 54.2 days, then 57.3 days


def test_round_trip_consistent_document(tmp_path):
    results = audit(tmp_path, draft_yaml(draft_file(FIXTURES / "consistent_report.md")))
    assert {r.verdict for r in results.values()} <= {"stated", "consistent"}
    assert sum(r.verdict == "consistent" for r in results.values()) == 3


def test_html_table_total(tmp_path):
    results = audit(tmp_path, draft_yaml(draft_file(FIXTURES / "table.html")))
    assert results["total_usd_1_9m"].verdict == "inconsistent"      # $1.2M + $0.3M is not $1.9M
    assert not any("2023" in r.claim.value for r in results.values())


def test_seed_cost_table_round_trip(tmp_path):
    """The handbook's V3 cost table and its written-out sums check out."""
    results = audit(tmp_path, draft_yaml(draft_file(DEMO_TEXTS / "004_19076b57cd7d3139.txt")))
    checked = {cid: r.verdict for cid, r in results.items() if r.claim.formula}
    assert checked.get("合计_gpu_hour_2788k") == "consistent"          # 合计 row of the cost table
    assert checked.get("合计_usd_5_576m") == "consistent"
    assert "consistent" in checked.values() and "error" not in checked.values()


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin", "CLAIMAUDIT_PINT_CACHE": "off"}
    return subprocess.run([sys.executable, "-m", "claimaudit", *args], cwd=cwd, capture_output=True,
                          text=True, env=env, timeout=120)


def test_cli_extract_writes_a_draft(tmp_path):
    out = tmp_path / "d.claims.yaml"
    p = _cli("extract", str(FIXTURES / "handbook_zh.md"), "--lang", "zh", "-o", str(out), cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    assert "mentions" in p.stderr and out.read_text("utf-8").count("  - id: ") >= 10
    p = _cli("extract", str(tmp_path / "missing.md"), cwd=tmp_path)
    assert p.returncode == 2 and "no such document" in p.stderr


def test_cli_run_on_a_document(tmp_path):
    doc = tmp_path / "report.md"
    doc.write_text((FIXTURES / "inconsistent_report.md").read_text("utf-8"), encoding="utf-8")
    p = _cli("run", str(doc), "--root", str(tmp_path), "--no-report", "--color", "no", cwd=tmp_path)
    assert p.returncode == 1, p.stdout + p.stderr
    assert "is a document" in p.stderr and "reports/extract/report.claims.yaml" in p.stderr
    assert "total_gpu_hour_2798k" in p.stdout
    assert (tmp_path / "reports" / "extract" / "report.claims.yaml").is_file()


def test_ids_never_collide_and_chinese_ids_carry_the_context_word():
    # a fifth bare 2 would be n_2_5, the value 2.5's own id
    text = "\n".join(["2;"] * 5 + ["2.5;"]) + "\n"
    d = draft_text(text)
    assert len(d.ids) == 6 and len(set(d.ids)) == 6, d.ids
    assert "n_2_5" in d.ids and d.ids[d.mentions.index(next(m for m in d.mentions if m.value == "2.5"))] == "n_2_5"
    cf, errors = load_claim_text(draft_yaml(d), "ids.claims.yaml")
    assert not errors and cf is not None
    zh = draft_text("训练成本 557.6 万美元。推理成本 87 万美元。")
    assert zh.ids[0].startswith("训练成本") and zh.ids[1].startswith("推理成本"), zh.ids
    assert draft_text("训练成本 557.6 万美元。推理成本 87 万美元。").ids == zh.ids      # stable


def test_caption_naming_another_tables_column_with_minimum(tmp_path):
    text = ("## Memory\n\n| Model | Minimum memory | GPUs |\n|---|---|---|\n"
            "| Small | 12 GB | 1 |\n| Large | 70 GB | 4 |\n\n"
            "The minimum memory by batch size:\n\n| Model | batch=1 | batch=8 |\n|---|---|---|\n"
            "| Small | 12 GB | 15 GB |\n| Large | 65 GB | 80 GB |\n")
    d = draft_text(text, "mem.md")
    cross = [r for r in d.relations if r.kind == "cross-table"]
    assert len(cross) == 2 and all("minimum" in r.evidence and r.confidence >= CONFIDENT for r in cross)
    results = audit(tmp_path, draft_yaml(d))
    verdicts = sorted(r.verdict for r in results.values() if "cross-table" in r.claim.tags)
    assert verdicts == ["consistent", "inconsistent"]          # 12 = min(12, 15); 70 is not min(65, 80)
