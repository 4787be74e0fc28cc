"""``claimaudit demo``: the bundled project is the repository's demo, and it runs from anywhere."""

from __future__ import annotations

import json
import subprocess
import sys

from support import REPO

from claimaudit.cli.main import main
from claimaudit.demo import PATTERNS, bundled_files


def test_package_data_is_the_repositorys_demo_project():
    """One source of truth: src/claimaudit/demo/project/ is a copy of claims/, sources/, claimaudit.toml."""
    out = subprocess.run([sys.executable, str(REPO / "tools" / "sync_demo.py"), "--check"],
                         capture_output=True, text=True, check=False)
    assert out.returncode == 0, f"run `python tools/sync_demo.py`:\n{out.stdout}{out.stderr}"
    want = {p.relative_to(REPO).as_posix(): p.read_bytes() for pat in PATTERNS for p in REPO.glob(pat)}
    assert bundled_files() == want
    assert {"claims/storage_3fs.yaml", "sources/texts/004_19076b57cd7d3139.txt"} <= set(want)


def test_demo_writes_the_project_and_audits_it(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["demo", "here"]) == 0
    out = capsys.readouterr().out
    assert "wrote the demo project (22 files) to here" in out
    assert "4 inconsistent (4 expected), 1 underdetermined (1 expected)" in out
    assert (tmp_path / "here" / "reports" / "index.html").is_file()
    # the quotes were checked against the shipped texts, not skipped
    assert main(["run", "--root", "here", "--format", "json", "--no-report", "-k", "usable_capacity_claim"]) == 0
    rec = json.loads(capsys.readouterr().out)["records"][0]
    assert rec["extra"]["quote"]["file"] == "sources/texts/004_19076b57cd7d3139.txt"
    assert rec["extra"]["quote"]["match"] == "exact"


def test_demo_never_overwrites_an_edited_file_without_force(tmp_path, capsys):
    target = tmp_path / "d"
    assert main(["demo", str(target), "--no-run"]) == 0
    edited = target / "claims" / "dualpipe.yaml"
    edited.write_text(edited.read_text("utf-8") + "# mine\n", "utf-8")
    capsys.readouterr()
    assert main(["demo", str(target), "--no-run"]) == 2
    assert "already holds other versions of claims/dualpipe.yaml" in capsys.readouterr().err
    assert edited.read_text("utf-8").endswith("# mine\n")
    assert main(["demo", str(target), "--no-run", "--force"]) == 0
    assert not edited.read_text("utf-8").endswith("# mine\n")
