"""Conventions people expect from ruff and pytest: --version, --statistics, --config, colour
variables, shell completion, --output-format, --watch."""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from support import FIXTURES, cli

from claimaudit import __version__
from claimaudit.cli import watch as watch_mod
from claimaudit.cli.main import main

CORPUS = FIXTURES / "cli_corpus"
ANSI = re.compile(r"\x1b\[[0-9;]*m")


pytestmark = pytest.mark.usefixtures("plain_terminal")   # tests/conftest.py


def test_version(capsys):
    code, out, _ = cli(capsys, "--version")
    assert (code, out.strip()) == (0, f"claimaudit {__version__}")


def test_output_format_is_an_alias_of_format(capsys):
    code_a, a, _ = cli(capsys, "run", "--root", str(CORPUS), "--format", "json", "--no-report")
    code_b, b, _ = cli(capsys, "run", "--root", str(CORPUS), "--output-format", "json", "--no-report")

    def strip(s: str) -> dict:
        return {k: v for k, v in json.loads(s).items() if k not in ("created", "duration")}

    assert code_a == code_b == 1
    assert [r["qualname"] for r in strip(a)["records"]] == [r["qualname"] for r in strip(b)["records"]]
    assert strip(a)["summary"] == strip(b)["summary"]


def test_statistics_counts_findings_per_code(capsys):
    _, out, _ = cli(capsys, "run", "--root", str(CORPUS), "--format", "json", "--no-report")
    report = json.loads(out)
    want: dict[str, int] = {}
    for r in report["records"]:
        for f in r["findings"]:
            want[f["code"]] = want.get(f["code"], 0) + 1
    assert want, "the fixture corpus has findings"
    _, out, _ = cli(capsys, "run", "--root", str(CORPUS), "--statistics", "--no-report", "-q")
    rows = [ln.split("\t") for ln in out.splitlines() if "\t" in ln]
    assert {c: int(n) for n, c, *_ in rows} == want
    counts = [int(n) for n, *_ in rows]
    assert counts == sorted(counts, reverse=True), "most frequent first"
    assert any(name == "arithmetic" for *_, name in rows)


def test_config_file_elsewhere_is_read_and_its_folder_is_the_root(tmp_path, capsys):
    project = tmp_path / "p"
    (project / "audits").mkdir(parents=True)
    (project / "audits" / "k.yaml").write_text(
        "claims:\n  - id: mem\n    value: 2.00K bytes\n    formula: 2048 bytes\n", "utf-8")
    (project / "ci.toml").write_text('[tool.claimaudit]\npaths = ["audits"]\nkilo = 1024\n', "utf-8")
    code, out, _ = cli(capsys, "run", "--config", str(project / "ci.toml"), "--no-report", "--format", "json")
    report = json.loads(out)
    assert code == 0 and [r["verdict"] for r in report["records"]] == ["consistent"]   # K = 1024 from the file
    (project / "plain.toml").write_text('[tool.claimaudit]\npaths = ["audits"]\n', "utf-8")
    code, out, _ = cli(capsys, "run", "--config", str(project / "plain.toml"), "--no-report", "--format", "json")
    assert code == 1 and [r["verdict"] for r in json.loads(out)["records"]] == ["inconsistent"]
    code, _, err = cli(capsys, "run", "--config", str(project / "missing.toml"))
    assert code == 2 and "no such file" in err


def test_no_color_and_force_color(capsys, monkeypatch):
    args = ("run", "--root", str(CORPUS), "--no-report")
    _, out, _ = cli(capsys, *args)
    assert not ANSI.search(out), "not a terminal: no colour"
    monkeypatch.setenv("FORCE_COLOR", "1")
    _, out, _ = cli(capsys, *args)
    assert ANSI.search(out), "FORCE_COLOR colours a pipe"
    monkeypatch.setenv("NO_COLOR", "1")
    _, out, _ = cli(capsys, *args)
    assert not ANSI.search(out), "NO_COLOR wins"
    _, out, _ = cli(capsys, *args, "--color", "yes")
    assert ANSI.search(out), "an explicit --color yes wins over both"


def _bash_complete(script: Path, *words: str) -> list[str]:
    line = " ".join(f"'{w}'" for w in words)
    prog = (f"source {script}; COMP_WORDS=(claimaudit {line}); COMP_CWORD={len(words)}; _claimaudit; "
            'printf "%s\\n" "${COMPREPLY[@]}"')
    out = subprocess.run(["bash", "-c", prog], capture_output=True, text=True, check=True, cwd=script.parent)
    return out.stdout.split()


def test_bash_completion_completes_commands_options_and_choices(tmp_path, capsys):
    assert shutil.which("bash"), "bash is needed to try the completion script"
    code, script, _ = cli(capsys, "completion", "bash")
    assert code == 0
    path = tmp_path / "claimaudit.bash"
    path.write_text(script, "utf-8")
    assert {"run", "demo", "completion", "sources"} <= set(_bash_complete(path, ""))
    assert _bash_complete(path, "de") == ["demo"]
    assert {"--statistics", "--watch", "--output-format", "--min-severity", "--config"} <= set(
        _bash_complete(path, "run", "--"))
    assert _bash_complete(path, "run", "--for", "") == ["authors", "maintainers"]
    assert {"list", "fetch", "check"} <= set(_bash_complete(path, "sources", ""))


@pytest.mark.parametrize("shell, marker", [("zsh", "#compdef claimaudit"), ("fish", "complete -c claimaudit")])
def test_zsh_and_fish_scripts_name_every_command(capsys, shell, marker):
    code, script, _ = cli(capsys, "completion", shell)
    assert code == 0 and (script.startswith(marker) or marker in script)
    for name in ("run", "demo", "schema", "completion", "sources", "exercise"):
        assert re.search(rf"\b{name}\b", script), name
    assert "--min-severity" in script or "min-severity" in script
    if shell == "fish":
        assert "-l for -x -a 'authors maintainers'" in script


def test_watch_reruns_after_a_change_and_stops_after_max_iterations(tmp_path, capsys):
    (tmp_path / "claims").mkdir()
    claim = tmp_path / "claims" / "c.yaml"
    claim.write_text("claims:\n  - id: a\n    value: 4 GPU\n    formula: 2 GPU * 2\n", "utf-8")
    runs: list[int] = []

    def run_once(args: argparse.Namespace) -> int:
        runs.append(1)
        return main(["run", "--root", str(tmp_path), "--no-report", "-q"])

    polls = []

    def sleep(seconds: float) -> None:
        polls.append(seconds)
        if len(polls) == 2:   # the author saves a wrong number between the 1st and 2nd poll
            claim.write_text("claims:\n  - id: a\n    value: 5 GPU\n    formula: 2 GPU * 2\n", "utf-8")

    args = argparse.Namespace(root=str(tmp_path), config=None, paths=[], watch_interval=0.01, max_iterations=4)
    code = watch_mod.watch(args, run_once, sleep=sleep)
    out = capsys.readouterr().out
    assert len(polls) == 4 and len(runs) == 2, "one run at the start, one after the change, bounded polls"
    assert "c.yaml changed; running again" in out
    assert code == 1, "the last run's exit code: the saved number is wrong"


def test_watch_from_the_command_line_is_bounded(tmp_path, capsys):
    (tmp_path / "claims").mkdir()
    (tmp_path / "claims" / "c.yaml").write_text("claims:\n  - id: a\n    value: 4 GPU\n    formula: 2 GPU * 2\n")
    code, out, _ = cli(capsys, "run", "--root", str(tmp_path), "--no-report", "--watch", "--max-iterations", "1",
                       "--watch-interval", "0.05")
    assert code == 0 and out.count("1 consistent") == 1
