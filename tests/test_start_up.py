"""What a plain ``claimaudit run`` of claim files imports (issue #14, cold start): not sympy (the demo's
condition is solved without it), not the extraction pipeline, not the other subcommands, not
importlib.metadata when no installed package declares a claimaudit plugin; a terminal-only run not the
careful reader's checklist (no output of it shows the checklist) nor what -n workers need. The figures
are in benchmarks/bench_start.py; these tests only check the modules, which do not depend on the machine."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from claimaudit.checkers.manager import _may_declare_entry_points

ROOT = Path(__file__).resolve().parents[1]

PROBE = r"""
import io, json, sys, contextlib
before = sorted(sys.modules)   # what the interpreter's start-up imported (site hooks included)
sys.argv = ["claimaudit", "run", "--report-dir", sys.argv[1], *sys.argv[2:]]
from claimaudit.cli.main import main
with contextlib.redirect_stdout(io.StringIO()):
    code = main()
print(json.dumps({"code": code, "modules": sorted(sys.modules), "before": before}))
"""


def _probe(tmp_path: Path, *args: str) -> dict:
    """The exit code and the modules imported by ``claimaudit run ARGS`` on the demo, in a new process
    with empty caches."""
    env = {**os.environ, "HOME": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path / "cache"),
           "PYTHONPATH": str(ROOT / "src")}
    env.pop("CLAIMAUDIT_SOLVE_CACHE", None)
    out = subprocess.run([sys.executable, "-c", PROBE, str(tmp_path / "reports"), *args], cwd=ROOT, env=env,
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout.splitlines()[-1])


def test_the_demo_run_imports_only_what_it_uses(tmp_path):
    probe = _probe(tmp_path)
    modules = set(probe["modules"])
    assert probe["code"] == 0
    assert (tmp_path / "reports" / "index.html").is_file()          # the default HTML report is written
    assert "claimaudit.formulas.solver_fast" in modules               # the DualPipe condition was solved here
    assert not {m for m in modules if m.split(".")[0] in ("sympy", "mpmath")}
    assert not {m for m in modules if m.startswith(("claimaudit.extract.draft", "claimaudit.extract.pipeline",
                                                    "claimaudit.extract.mentions"))}
    assert not {"claimaudit.cli.extract", "claimaudit.cli.scan", "claimaudit.cli.sources"} & modules
    assert "importlib.metadata" not in modules                        # no package here declares a plugin
    assert "claimaudit.classroom.checklist" in modules                # the HTML report shows the checklist
    assert "pickle" not in modules                                    # -n 1: no worker to send results to


#: Standard library modules a serial run of claim files has no use for, each ~1-4 ms of start-up with
#: what it brings: the workers' machinery (-n 1 starts none), importlib.resources and zipfile (the
#: package's files are read from its folder), tempfile, shutil and random (atomic writes open their
#: own temporary file; argparse and the terminal reporter are given the width), html's entity table,
#: difflib (only for a quote whose numbers drift from the text).
NOT_AT_START_UP = {"concurrent.futures", "multiprocessing", "logging", "traceback", "threading", "importlib.resources",
                   "importlib.metadata", "zipfile", "tempfile", "shutil", "random", "secrets", "html", "difflib"}


def test_the_demo_run_leaves_out_libraries_it_does_not_use(tmp_path):
    probe = _probe(tmp_path)
    imported = set(probe["modules"]) - set(probe["before"])
    # Units come from the shipped table (no pint), the schema from the structural check (no
    # jsonschema), the condition from the fast solver (no sympy); no Markdown, no templates, no Dask.
    assert not {m for m in imported if m.split(".")[0] in ("pint", "jsonschema", "sympy", "markdown_it", "jinja2",
                                                              "dask", "pyarrow")}
    assert not NOT_AT_START_UP & imported
    assert not {m for m in imported if m.startswith("claimaudit.extract")}   # folders only: no document to extract
    assert {"yaml", "tomllib", "pluggy", "markupsafe"} <= imported    # what it does use, so the probe is real


def test_a_terminal_only_run_does_not_answer_the_checklist(tmp_path):
    probe = _probe(tmp_path, "-q", "--no-report")
    assert probe["code"] == 0
    assert not (tmp_path / "reports").exists()
    assert not {m for m in probe["modules"] if m.startswith("claimaudit.classroom")}
    # Shown (JSON records carry it; the terminal at -vv: below), it is answered.
    assert "claimaudit.classroom.checklist" in _probe(tmp_path, "--format", "json", "--no-report")["modules"]


def _terminal(capsys, *args: str) -> str:
    from claimaudit.cli.main import main

    code = main(["run", "--root", str(ROOT), "--no-report", "--color", "no", *args])
    assert code == 0
    return re.sub(r" in \d+\.\d+s ", " in Xs ", capsys.readouterr().out)


def test_the_terminal_shows_the_same_with_or_without_the_checklist(capsys):
    for verbosity in ((), ("-q",), ("-v",)):
        assert _terminal(capsys, *verbosity) == _terminal(capsys, *verbosity, "--checklist", "yes"), verbosity
    shown = _terminal(capsys, "-vv")
    assert "\nchecklist\n  [?] As of which date and price? not stated" in shown
    assert shown == _terminal(capsys, "-vv", "--checklist", "yes")
    assert _terminal(capsys, "-vv", "--checklist", "no") != shown


def test_a_declared_plugin_group_is_found_before_importlib_metadata(tmp_path, monkeypatch):
    site = tmp_path / "site"
    other = site / "other-1.0.dist-info"
    other.mkdir(parents=True)
    other.joinpath("entry_points.txt").write_text("[console_scripts]\nother = other:main\n", "utf-8")
    # Only this folder on the path, and only the standard finders (other tests may leave theirs).
    monkeypatch.setattr(sys, "path", [str(site)])
    monkeypatch.setattr(sys, "meta_path", [f for f in sys.meta_path
                                           if getattr(f, "__name__", "") in ("BuiltinImporter", "FrozenImporter",
                                                                             "PathFinder")])
    assert not _may_declare_entry_points("claimaudit-test-group")
    mine = site / "plugin-1.0.dist-info"
    mine.mkdir()
    mine.joinpath("entry_points.txt").write_text("[claimaudit-test-group]\nx = plugin\n", "utf-8")
    assert _may_declare_entry_points("claimaudit-test-group")


def test_a_zip_on_the_path_is_left_to_importlib_metadata(tmp_path, monkeypatch):
    archive = tmp_path / "plugins.zip"
    archive.write_bytes(b"PK\x05\x06" + bytes(18))   # an empty zip archive
    monkeypatch.setattr(sys, "path", [str(archive)])
    assert _may_declare_entry_points("claimaudit-test-group")


def test_the_terminal_width_is_shutils(monkeypatch):
    import shutil

    from claimaudit.terminal import terminal_columns

    for columns in ("123", "0", "-5", "wide", None):
        if columns is None:
            monkeypatch.delenv("COLUMNS", raising=False)
        else:
            monkeypatch.setenv("COLUMNS", columns)
        assert terminal_columns() == shutil.get_terminal_size((80, 24)).columns, columns


def test_shipped_files_are_importlib_resources_files():
    from importlib import resources

    from claimaudit.shipped import shipped_text

    for package, name in (("claimaudit", "schemas/claims.schema.json"), ("claimaudit.reporters", "assets/report.css")):
        assert shipped_text(package, name) == resources.files(package).joinpath(name).read_text("utf-8")


def test_a_lazy_pattern_compiles_on_first_use_into_the_compiled_pattern():
    from claimaudit.lazy_pattern import LazyPattern

    lazy = LazyPattern(r"(?P<n>\d+)\s*-?fold", re.IGNORECASE)
    assert "search" not in vars(lazy) and lazy.pattern == r"(?P<n>\d+)\s*-?fold"    # nothing compiled yet
    assert lazy.search("a 3-FOLD rise").group("n") == "3"
    assert vars(lazy)["search"].__self__ is re.compile(r"(?P<n>\d+)\s*-?fold", re.IGNORECASE)
    assert lazy.groupindex == {"n": 1}
    assert lazy.sub("x", "rose 2fold") == "rose x" and lazy.match("fold") is None
