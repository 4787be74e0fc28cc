"""`claimaudit run DOC` on real published documents (copies in tests/fixtures/real-docs, Apache-2.0):
the relations a reviewer checks are audited with their evidence, the ones that do not hold are
reported at the document's file:line, and nothing else is."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from claimaudit.cli.main import main
from claimaudit.extract.draft import render
from claimaudit.extract.pipeline import draft_file
from claimaudit.extract.relations import CONFIDENT
from claimaudit.model.load import load_claim_text

FIXTURES = Path(__file__).parent / "fixtures" / "real-docs"


def run_doc(tmp_path: Path, capsys, name: str, *extra: str) -> tuple[int, dict, str]:
    doc = tmp_path / name
    shutil.copy(FIXTURES / name, doc)
    out = tmp_path / "report.json"
    code = main(["run", str(doc), "--root", str(tmp_path), "--no-report", "--format", "json", "-o", str(out),
                 "--color", "no", *extra])
    _out, err = capsys.readouterr()
    return code, json.loads(out.read_text("utf-8")), err


def audited(report: dict) -> dict[str, dict]:
    return {r["id"]: r for r in report["records"] if r["formula"]}


def test_deepspeed_row_totals_hold_and_the_product_that_does_not_is_reported(tmp_path, capsys):
    code, report, err = run_doc(tmp_path, capsys, "deepspeed-chat-zh.md")
    assert code == 1 and "deepspeed-chat-zh.md is a document" in err
    rels = audited(report)
    totals = [r for r in rels.values() if "row-total" in r["tags"]]
    # D1-D3: Step 1 + Step 2 + Step 3 = Total, with hr, mins and secs mixed
    assert sorted(r["line"] for r in totals) == [108, 141, 157]
    assert all(r["verdict"] == "consistent" for r in totals)
    bad = [r for r in rels.values() if r["verdict"] == "inconsistent"]
    # D8: 6750 万 tokens is neither 131.9k queries × 256 nor 131.9k answers × 256; D9: 约 500 万 tokens is
    # not 1024 query-answer pairs × (256 + 256) — the only findings, and they point at the document
    assert len(bad) == 3 and all("product" in r["tags"] for r in bad)
    assert sorted(r["value"] for r in bad) == ["6750万", "6750万", "约为500万"]
    for r in bad:
        assert (Path(r["file"]).name, r["line"]) == ("deepspeed-chat-zh.md", 66)
        assert all(Path(f["file"]).name == "deepspeed-chat-zh.md" for f in r["findings"])


def test_minicpm_headline_and_the_comparison_that_does_not_hold(tmp_path, capsys):
    code, report, _err = run_doc(tmp_path, capsys, "minicpm_v2dot6_en.md")
    rels = audited(report)
    bad = [r for r in rels.values() if r["verdict"] == "inconsistent"]
    # M4: "surpasses … Claude 3.5 Sonnet" on OpenCompass, while the table shows 67.9 > 65.2
    assert code == 1 and len(bad) == 1 and "compare" in bad[0]["tags"]
    assert "Claude 3.5 Sonnet" in bad[0]["title"] and "OpenCompass" in bad[0]["title"]
    # M3: the prose 65.2 is the table's OpenCompass cell for MiniCPM-V 2.6
    assert any("headline" in r["tags"] and r["verdict"] == "consistent" and r["line"] == 8 for r in rels.values())


def test_every_relation_names_its_evidence_and_the_draft_loads(tmp_path):
    for name in ("deepspeed-chat-zh.md", "minicpm_v2dot6_en.md"):
        draft = draft_file(FIXTURES / name)
        assert draft.relations and all(r.evidence and 0 < r.confidence <= 1 for r in draft.relations)
        ids = draft.ids
        assert len(set(ids)) == len(ids)
        for mode in ("confident", "all"):
            _cf, errors = load_claim_text(render(draft, relations=mode), "d.claims.yaml")
            assert not errors, errors[:3]
        # a mention in an HTML cell is located at the cell in the .md file
        lines = (FIXTURES / name).read_text("utf-8").splitlines()
        for m in draft.mentions:
            if m.cell is not None:
                assert m.printed.split()[0][:3] in lines[m.line - 1][m.col - 1:], (m.printed, m.line, m.col)


def test_no_same_relation_between_rows_that_only_share_a_label():
    """Two Video-MME tables and the image table share model rows; their cells are other quantities."""
    draft = draft_file(FIXTURES / "minicpm_v2dot6_en.md")
    same = [r for r in draft.relations if r.kind == "same" and r.confidence >= CONFIDENT]
    assert same == []


def test_relations_all_audits_the_suggestions_too(tmp_path, capsys):
    _code, every, _err = run_doc(tmp_path, capsys, "deepspeed-chat-zh.md", "--relations", "all")
    _code, default, _err = run_doc(tmp_path, capsys, "deepspeed-chat-zh.md")
    assert len(audited(every)) > len(audited(default))
    draft = draft_file(FIXTURES / "deepspeed-chat-zh.md")
    assert len(draft.audited("all")) > len(draft.audited())


@pytest.mark.parametrize("name", ["deepspeed-chat-zh.md", "minicpm_v2dot6_en.md"])
def test_no_html_markup_read_as_numbers(name):
    draft = draft_file(FIXTURES / name)
    for m in draft.mentions:
        assert not m.printed.startswith((">", "<", "=")), m.printed
        assert "px" not in m.printed and "width" not in m.printed
