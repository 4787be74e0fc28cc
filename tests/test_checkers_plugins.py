"""The checker plugin system: discovery (built-ins, entry points, ``checkers/*.py``), loud failures,
selection, configuration, crash isolation and ``claimaudit checkers``."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from support import REPO, audit, write

from claimaudit.checkers import manager as manager_mod
from claimaudit.checkers.manager import BUILTIN_MODULES, get_manager
from claimaudit.cli.main import main as cli
from claimaudit.errors import UsageError

EXAMPLE = REPO / "examples" / "claimaudit-example-checker"

CLAIMS = """
claims:
  - {id: shares, value: 42.57%}
  - {id: ecc, value: 2.14%}
  - {id: ratio, formula: shares / ecc, words: several orders of magnitude}
  - {id: total, value: 100 GPU}
"""

LOCAL_CHECKER = '''
from claimaudit.checkers import Checker, Finding, hookimpl


class BigTotal(Checker):
    """Totals of 100 or more GPUs need a source.

    Fix: cite where the count comes from.
    """

    code = "LC901"
    name = "big-total"
    config_keys = {"limit": 100}

    def check(self, result, run):
        if result.claimed is not None and result.claimed.interval.lo >= self.config["limit"]:
            yield self.finding("warning", f"{result.claim.id}: {result.claim.value} at or over the limit")


@hookimpl
def claimaudit_checkers():
    return [BigTotal]
'''


@pytest.fixture(autouse=True)
def _fresh_managers():
    manager_mod.clear_cache()
    yield
    manager_mod.clear_cache()


def project(tmp_path: Path, claims: str = CLAIMS, checkers: dict[str, str] | None = None,
            config: str | None = None) -> Path:
    write(tmp_path / "claims", "c.yaml", claims)
    for name, text in (checkers or {}).items():
        write(tmp_path / "checkers", name, text)
    if config is not None:
        write(tmp_path, "claimaudit.toml", config)
    return tmp_path


def codes(res) -> list[str]:
    """Codes of the findings, leaving out the notes of passing checks (data.passed)."""
    return [f.code for f in res.findings if not f.data.get("passed")]


# -- built-ins -------------------------------------------------------------------------------------

def test_builtins_are_registered_with_codes_names_and_docstrings():
    classes = get_manager(None).checker_classes()
    by_code = {c.code: c for c in classes}
    expected = {"CA101": "arithmetic", "CA102": "dimensions", "CA103": "unit-readings", "CA104": "rounding",
                "CA105": "qualifiers", "CA106": "totals", "CA107": "same-quantity", "CA108": "bounds",
                "CA109": "granularity", "CA110": "statcheck", "CA111": "solve"}
    for code, name in expected.items():
        cls = by_code[code]
        assert cls.name == name and cls.origin == "builtin"
        doc = cls.description()
        # A docstring that explains the anti-pattern and the fix, first line a summary.
        assert "Anti-pattern" in doc and "Fix:" in doc, code
        assert len(cls.summary()) < 110
    assert len(BUILTIN_MODULES) >= 11


def test_claimaudit_checkers_lists_codes_and_descriptions(capsys):
    assert cli(["checkers", "--root", str(REPO)]) == 0
    out = capsys.readouterr().out
    assert "CA103  unit-readings" in out
    assert "CA110  statcheck" in out and "Recompute p from a reported t, F, r" in out
    assert cli(["checkers", "CA105", "--root", str(REPO)]) == 0
    out = capsys.readouterr().out
    assert "several orders of magnitude" in out and "several_orders = 2" in out


# -- local checkers/*.py ----------------------------------------------------------------------------

def test_local_checker_is_loaded_and_configured(tmp_path, capsys):
    root = project(tmp_path, checkers={"big.py": LOCAL_CHECKER})
    r = audit(root)
    assert [f.message for f in r["total"].findings if f.code == "LC901"] == ["total: 100 GPU at or over the limit"]
    assert cli(["checkers", "--root", str(root)]) == 0
    listing = capsys.readouterr().out
    assert "LC901  big-total" in listing and "[checkers/big.py]" in listing
    # The project's config reaches the checker (and its type is checked).
    (root / "claimaudit.toml").write_text("[checkers.LC901]\nlimit = 1000\n", "utf-8")
    manager_mod.clear_cache()
    assert "LC901" not in codes(audit(root)["total"])


def test_unmarked_hook_function_works(tmp_path):
    text = LOCAL_CHECKER.replace("@hookimpl\n", "").replace(", hookimpl", "")
    root = project(tmp_path, checkers={"plain.py": text})
    assert "LC901" in codes(audit(root)["total"])


def test_misspelt_hook_fails_loudly_naming_the_file(tmp_path):
    text = LOCAL_CHECKER.replace("def claimaudit_checkers", "def claimaudit_checker")
    root = project(tmp_path, checkers={"typo.py": text})
    with pytest.raises(UsageError) as exc:
        audit(root)
    msg = str(exc.value)
    assert "checkers/typo.py" in msg and "unknown hook 'claimaudit_checker'" in msg
    assert "did you mean 'claimaudit_checkers'" in msg


@pytest.mark.parametrize(("text", "line", "what"), [
    ("x = 1\ndef broken(:\n", 2, "SyntaxError"),
    ("import math\n\nraise RuntimeError('no database here')\n", 3, "RuntimeError: no database here"),
    ("import claimaudit_no_such_module\n", 1, "ModuleNotFoundError"),
])
def test_failing_import_is_a_usage_error_naming_file_and_line(tmp_path, capsys, text, line, what):
    root = project(tmp_path, checkers={"bad.py": text})
    with pytest.raises(UsageError) as exc:
        audit(root)
    assert f"checkers/bad.py:{line}: cannot import local checker module" in str(exc.value)
    assert what in str(exc.value)
    manager_mod.clear_cache()
    assert cli(["run", "--root", str(root), str(root / "claims")]) == 2
    assert "checkers/bad.py" in capsys.readouterr().err


@pytest.mark.parametrize(("body", "message"), [
    ("return [object]", "is not a checker"),
    ("return [type('NoCode', (Checker,), {'code': 'oops'})]", "has no valid code"),
    ("return [type('Dup', (Checker,), {'code': 'CA104', 'name': 'dup'})]", "CA104 is already used by rounding"),
])
def test_bad_checker_declarations_are_usage_errors(tmp_path, body, message):
    text = f"""
from claimaudit.checkers import Checker

def claimaudit_checkers():
    {body}
"""
    root = project(tmp_path, checkers={"decl.py": text})
    with pytest.raises(UsageError, match=message):
        audit(root)


def test_a_crashing_checker_is_recorded_and_the_run_goes_on(tmp_path):
    text = '''
from claimaudit.checkers import checker, Finding

@checker("LC902", "fragile")
def fragile(result, run, config):
    """Crashes on one claim."""
    if result.claim.id == "ecc":
        raise ZeroDivisionError("boom")
    yield Finding("LC902", "info", "seen " + result.claim.id)


def claimaudit_checkers():
    return [fragile]
'''
    root = project(tmp_path, checkers={"fragile.py": text})
    r = audit(root)
    crash = [f for f in r["ecc"].findings if f.code == "CA000"]
    assert len(crash) == 1 and "LC902 fragile crashed: ZeroDivisionError: boom" in crash[0].message
    assert crash[0].severity == "warning" and "Traceback" in crash[0].data["traceback"]
    assert any(f.message == "seen total" for f in r["total"].findings)   # later claims still checked
    assert "CA105" in codes(r["ratio"])                                     # other checkers still ran


# -- selection and configuration --------------------------------------------------------------------

def test_a_checker_without_hook_is_a_usage_error(tmp_path):
    text = LOCAL_CHECKER.split("@hookimpl")[0]
    root = project(tmp_path, checkers={"nohook.py": text})
    with pytest.raises(UsageError, match=r"checkers/nohook.py: defines checker LC901 but no claimaudit_checkers"):
        audit(root)


def test_select_and_ignore(tmp_path):
    root = project(tmp_path)
    assert "CA105" in codes(audit(root)["ratio"])
    assert "CA105" not in codes(audit(root, ignore=("CA105",))["ratio"])
    assert "CA105" not in codes(audit(root, ignore=("CA10",))["ratio"])
    assert "CA105" in codes(audit(root, select=("CA105",))["ratio"])
    assert "CA105" not in codes(audit(root, select=("CA104",))["ratio"])


def test_per_claim_ignore_drops_the_finding_with_its_reason(tmp_path):
    claims = CLAIMS.replace("words: several orders of magnitude}",
                            "words: several orders of magnitude, "
                            "ignore: [{code: CA105, reason: 'rhetoric, not a figure'}]}")
    root = project(tmp_path, claims=claims)
    r = audit(root)["ratio"]
    assert "CA105" not in codes(r) and r.outcome == "passed"
    assert r.extra["ignored"][0]["code"] == "CA105" and r.extra["ignored"][0]["reason"] == "rhetoric, not a figure"


def test_per_file_ignore_applies_to_every_claim_of_the_file(tmp_path):
    claims = "ignore:\n  - {code: CA105, reason: the whole chapter is rhetoric}\n" + textwrap.dedent(CLAIMS)
    root = project(tmp_path, claims=claims)
    r = audit(root)["ratio"]
    assert "CA105" not in codes(r) and r.extra["ignored"][0]["reason"] == "the whole chapter is rhetoric"


def test_checker_settings_from_the_config_file(tmp_path):
    # A stricter reading of "several": 1 order is enough -> 19.9x no longer overstates it.
    root = project(tmp_path, config="[checkers.CA105]\nseveral_orders = 1\n")
    assert "CA105" not in codes(audit(root)["ratio"])
    root2 = tmp_path / "p2"
    root2.mkdir()
    project(root2, config='[tool.claimaudit.checkers]\nCA105 = {several_orders = 3}\n')
    assert "CA105" in codes(audit(root2)["ratio"])


@pytest.mark.parametrize(("toml", "message"), [
    ("[checkers.CA1O5]\nseveral_orders = 1\n", "claimaudit.toml: settings for unknown checker 'CA1O5'"),
    ("[checkers.CA105]\nseveral = 1\n", "has no setting 'several'"),
    ('[checkers.CA105]\nseveral_orders = "many"\n', "should be a int"),
])
def test_bad_checker_settings_are_usage_errors(tmp_path, toml, message):
    root = project(tmp_path, config=toml)
    with pytest.raises(UsageError, match=message):
        audit(root)


# -- entry points -----------------------------------------------------------------------------------

def _fake_install(site: Path) -> None:
    """What an install leaves behind: the module and a dist-info with entry_points.txt."""
    pkg = site / "claimaudit_example_checker"
    pkg.mkdir(parents=True)
    pkg.joinpath("__init__.py").write_text(
        (EXAMPLE / "src" / "claimaudit_example_checker" / "__init__.py").read_text("utf-8"), "utf-8")
    info = site / "claimaudit_example_checker-0.1.0.dist-info"
    info.mkdir()
    info.joinpath("METADATA").write_text("Metadata-Version: 2.1\nName: claimaudit-example-checker\nVersion: 0.1.0\n")
    info.joinpath("entry_points.txt").write_text("[claimaudit]\nexample = claimaudit_example_checker\n")


def test_entry_point_plugins_are_discovered(tmp_path, monkeypatch):
    site = tmp_path / "site"
    _fake_install(site)
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.delitem(sys.modules, "claimaudit_example_checker", raising=False)
    root = project(tmp_path / "proj")
    classes = {c.code: c for c in get_manager(root).checker_classes()}
    assert classes["EX901"].origin == "package claimaudit-example-checker (entry point example)"
    r = audit(root)
    assert [f.message for f in r["total"].findings if f.code == "EX901"] == ["total = 100 GPU has no quote"]


def test_broken_entry_point_names_the_package(tmp_path, monkeypatch):
    site = tmp_path / "site"
    info = site / "broken_plugin-1.0.dist-info"
    info.mkdir(parents=True)
    info.joinpath("METADATA").write_text("Metadata-Version: 2.1\nName: broken-plugin\nVersion: 1.0\n")
    info.joinpath("entry_points.txt").write_text("[claimaudit]\nbroken = claimaudit_missing_module_xyz\n")
    monkeypatch.syspath_prepend(str(site))
    with pytest.raises(UsageError,
                       match=r"entry point broken = claimaudit_missing_module_xyz \(package broken-plugin\)"):
        get_manager(tmp_path)


@pytest.mark.slow
def test_installing_the_example_package_adds_its_checker(tmp_path):
    """A real ``pip install`` of examples/claimaudit-example-checker (into a target folder, so the
    test environment is untouched), then ``claimaudit checkers`` and ``run`` in a fresh process."""
    target = tmp_path / "site"
    source = tmp_path / "example"
    shutil.copytree(EXAMPLE, source, ignore=shutil.ignore_patterns("build", "*.egg-info"))  # keep the repo clean
    proc = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--disable-pip-version-check",
                           "--target", str(target), str(source)], capture_output=True, text=True, timeout=300)
    if proc.returncode != 0 and ("index" in proc.stderr.lower() or "connection" in proc.stderr.lower()):
        pytest.skip(f"pip cannot fetch the build backend here: {proc.stderr.strip()[-200:]}")
    assert proc.returncode == 0, proc.stderr
    root = project(tmp_path / "proj")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(target), str(REPO / "src")])}
    listed = subprocess.run([sys.executable, "-m", "claimaudit", "checkers", "--root", str(root)],
                            capture_output=True, text=True, env=env, timeout=120)
    assert listed.returncode == 0, listed.stderr
    assert "EX901  no-quote" in listed.stdout and "package claimaudit-example-checker" in listed.stdout
    ran = subprocess.run([sys.executable, "-m", "claimaudit", "run", "--root", str(root), "--select", "EX901",
                          "--format", "json", str(root / "claims")], capture_output=True, text=True, env=env,
                         timeout=120)
    assert '"code": "EX901"' in ran.stdout and "total = 100 GPU has no quote" in ran.stdout
