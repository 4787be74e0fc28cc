"""claimaudit scan: inputs, the Parquet store, inline and Dask (threads) scans, resume, the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from scan_support import make_corpus

from claimaudit.cli.main import main
from claimaudit.errors import UsageError
from claimaudit.scan.adapter import AuditSettings
from claimaudit.scan.inputs import collect_items
from claimaudit.scan.runner import ScanConfig, scan
from claimaudit.scan.sandbox import Limits
from claimaudit.scan.store import clean_orphans, part_files, read_table, write_part

WRONG = {1, 4}


def _config(tmp_path: Path, **kw) -> ScanConfig:
    kw.setdefault("workers", 1)
    kw.setdefault("progress", False)
    return ScanConfig(out=str(tmp_path / "out"), settings=AuditSettings(root=str(tmp_path)).as_dict(),
                      limits=kw.pop("limits", Limits(seconds=60, memory_mb=2048)), **kw)


def _docs(out: Path) -> list[dict]:
    return read_table(out, "documents").to_pylist()


def test_core_run_imports_neither_dask_nor_pyarrow(tmp_path):
    """`claimaudit run` (a document, extracted then audited) loads none of the scan's dependencies."""
    make_corpus(tmp_path, 1, wrong={0})
    code = ("import sys, claimaudit.cli.main as m, claimaudit.engine.run, claimaudit.extract.rundoc;"
            "code = m.main(['run', '-q', '--no-report', '--root', sys.argv[1], sys.argv[2]]);"
            "print(code, sorted(x for x in ('dask', 'distributed', 'pyarrow', 'duckdb', 'pandas')"
            " if x in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path), str(tmp_path / "doc000.md")],
                         capture_output=True, text=True, check=True, cwd=tmp_path).stdout
    assert out.strip().splitlines()[-1] == "1 []"     # the planted wrong total is found; nothing imported


def test_inline_scan_finds_the_planted_totals(tmp_path):
    make_corpus(tmp_path / "docs", 6, wrong=WRONG)
    items = collect_items([str(tmp_path / "docs")])
    totals = scan(items, _config(tmp_path, batch_size=4))
    out = tmp_path / "out"
    docs = {Path(d["path"]).name: d for d in _docs(out)}
    assert len(docs) == 6 and totals["documents"] == 6
    assert all(d["status"] == "ok" for d in docs.values())
    flagged = {int(name[3:6]) for name, d in docs.items() if d["inconsistent"]}
    assert flagged == WRONG
    assert all(d["sha256"] == i.sha256 for d in docs.values() for i in items if i.path == d["path"])
    findings = read_table(out, "findings").to_pylist()
    wrong_total = [f for f in findings if f["severity"] == "error"]
    assert {f["code"] for f in wrong_total} == {"CA101"}
    assert all(f["relation_kind"] == "table-total" and f["line"] == 8 for f in wrong_total)
    claims = read_table(out, "claims").to_pylist()
    assert sum(d["claims"] for d in docs.values()) == len(claims)
    assert Counter(c["verdict"] for c in claims if c["relation_kind"])["consistent"] == 4
    # two batches (4 + 2), each part written whole; no temporary file left behind
    assert len(part_files(out, "documents")) == 2
    assert not [p for p in out.rglob("*.tmp")]


def test_an_existing_cluster_by_scheduler_address(tmp_path):
    """--scheduler: a cluster someone else started (here a LocalCluster of threads)."""
    from distributed import LocalCluster

    make_corpus(tmp_path / "docs", 5, wrong={2})
    items = collect_items([str(tmp_path / "docs")])
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        scan(items, _config(tmp_path, workers=None, scheduler=cluster.scheduler_address, batch_size=2))
        assert len(cluster.scheduler.workers) == 2     # left running: it is not the scan's to stop
    docs = _docs(tmp_path / "out")
    assert sorted(d["id"] for d in docs) == sorted(i.id for i in items)
    assert [d["id"].endswith("doc002.md") for d in docs if d["inconsistent"]] == [True]


def test_resume_skips_what_is_recorded_and_audits_a_changed_file(tmp_path):
    paths = make_corpus(tmp_path / "docs", 4)
    scan(collect_items([str(tmp_path / "docs")]), _config(tmp_path))
    with pytest.raises(UsageError, match="--resume"):
        scan(collect_items([str(tmp_path / "docs")]), _config(tmp_path))
    paths[0].write_text(paths[0].read_text("utf-8").replace("| Total |", "| Sum |"), encoding="utf-8")
    totals = scan(collect_items([str(tmp_path / "docs")]), _config(tmp_path, resume=True))
    assert totals["skipped"] == 3 and totals["documents"] == 1
    ids = Counter((d["id"], d["sha256"]) for d in _docs(tmp_path / "out"))
    assert len(ids) == 5 and set(ids.values()) == {1}


def test_orphan_parts_are_ignored_and_removed(tmp_path):
    out = tmp_path / "out"
    write_part(out, "x-000000", [], [{"doc_id": "a", "claim_id": "c"}], [])
    (out / "claims" / "part-y-000001.parquet").write_bytes(b"half")   # no documents part: a crash
    assert read_table(out, "claims").num_rows == 1
    assert [p.name for p in part_files(out, "claims")] == ["part-x-000000.parquet"]
    assert clean_orphans(out) == 1
    assert not (out / "claims" / "part-y-000001.parquet").exists()


def test_manifest_metadata_and_ids(tmp_path):
    make_corpus(tmp_path / "docs", 3, wrong={0})
    m = tmp_path / "m.jsonl"
    m.write_text("\n".join(json.dumps({"path": f"docs/doc{k:03d}.md", "id": f"paper-{k}", "venue": v, "year": 2020 + k})
                           for k, v in enumerate(["A", "B", "A"])) + "\n", encoding="utf-8")
    scan(collect_items([], str(m)), _config(tmp_path))
    docs = {d["id"]: d for d in _docs(tmp_path / "out")}
    assert set(docs) == {"paper-0", "paper-1", "paper-2"}
    assert json.loads(docs["paper-1"]["meta"]) == {"venue": "B", "year": "2021"}
    csvm = tmp_path / "m.csv"
    csvm.write_text("path,venue\ndocs/nope.md,A\n", encoding="utf-8")
    with pytest.raises(UsageError, match=r"nope\.md"):
        collect_items([], str(csvm))
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"path": "docs/doc000.md"}\n{oops\n', encoding="utf-8")
    with pytest.raises(UsageError, match=r"bad.jsonl:2:2"):
        collect_items([], str(bad))


def test_claim_files_are_audited_as_run_would(tmp_path):
    (tmp_path / "claims").mkdir()
    (tmp_path / "claims" / "c.yaml").write_text(
        "claims:\n  - id: total\n    value: '2,788K GPU-hours'\n    formula: 'a + b + c'\n"
        "    given: {a: '2,664K GPU-hours', b: '119K GPU-hours', c: '5K GPU-hours'}\n"
        "  - id: bad\n    value: '3,000K GPU-hours'\n    formula: 'a + b'\n"
        "    given: {a: '2,664K GPU-hours', b: '119K GPU-hours'}\n", encoding="utf-8")
    scan(collect_items([str(tmp_path / "claims")]), _config(tmp_path))
    [doc] = _docs(tmp_path / "out")
    assert (doc["kind"], doc["status"], doc["consistent"], doc["inconsistent"]) == ("claims", "ok", 1, 1)


def test_cli_scan_and_report(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    make_corpus(tmp_path / "docs", 3, wrong={1})
    assert main(["scan", "docs", "--out", "out", "--workers", "1", "-q"]) == 0
    assert main(["scan", "docs", "--out", "out", "--workers", "1", "--resume"]) == 0
    assert "0 documents audited (3 already done)" in capsys.readouterr().err
    assert main(["scan", "report", "out"]) == 0
    html = (tmp_path / "out" / "report.html").read_text("utf-8")
    md = (tmp_path / "out" / "report.md").read_text("utf-8")
    assert "<svg" in html and "docs/doc001.md" in html
    assert "1 of 3 documents (33.3%)" in md
    assert main(["scan", "docs"]) == 2                       # no --out
    assert main(["scan", "missing", "--out", "o2"]) == 2    # no such path


def test_progress_line_on_a_terminal_and_quiet_in_ci(monkeypatch):
    import io

    from claimaudit.scan.progress import Progress, wanted

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    stream = Tty()
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv("CLAIMAUDIT_NO_PROGRESS", raising=False)
    assert wanted(stream) and not wanted(io.StringIO())
    p = Progress(10, skipped=2, stream=stream, every=0)
    p.update({"documents": 4, "claims": 40, "status": {"ok": 3, "timeout": 1}})
    assert "scan: 4/10 documents" in stream.getvalue() and "ETA" in stream.getvalue()
    assert "1 failed, 2 already done" in p.line()
    monkeypatch.setenv("CI", "true")
    assert not wanted(stream)
