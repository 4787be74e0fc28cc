"""The cyclic GC is off while a run allocates and back on after it, also when the run fails."""

from __future__ import annotations

import gc

import pytest
from support import REPO

import claimaudit.engine.run as engine
from claimaudit.engine.records import as_report
from claimaudit.engine.run import RunOptions, paused_gc, run_claims


def test_gc_is_paused_during_the_run_and_restored(monkeypatch):
    seen = []
    real = engine.evaluate_files

    def spy(*a, **k):
        seen.append(gc.isenabled())
        return real(*a, **k)

    monkeypatch.setattr(engine, "evaluate_files", spy)
    assert gc.isenabled()
    run = run_claims([REPO / "claims"], REPO, RunOptions())
    assert seen == [False] and gc.isenabled()
    assert as_report(run)["summary"]["collected"] == len(run.results) and gc.isenabled()


def test_gc_is_restored_after_an_error(monkeypatch):
    def boom(*a, **k):
        raise RuntimeError("broken")

    monkeypatch.setattr(engine, "evaluate_files", boom)
    with pytest.raises(RuntimeError):
        run_claims([REPO / "claims"], REPO, RunOptions())
    assert gc.isenabled()


def test_nested_pauses_and_a_disabled_gc_stay_as_they_were():
    with paused_gc():
        with paused_gc():
            assert not gc.isenabled()
        assert not gc.isenabled()          # the outer pause still holds
    assert gc.isenabled()
    gc.disable()
    try:
        with paused_gc():
            pass
        assert not gc.isenabled()          # a caller who turned it off keeps it off
    finally:
        gc.enable()


def test_what_a_run_made_leaves_the_pause_in_the_oldest_generation():
    """Else the first collection after the pause walks every object the run made (0.3 s per 20,000
    claims, in a report's time): they go to generation 2, where only a full collection looks."""
    with paused_gc():
        made = [[i] for i in range(2000)]
        assert any(x is made[-1] for x in gc.get_objects(generation=0))
    assert not any(x is made[-1] for x in gc.get_objects(generation=0))
    assert any(x is made[-1] for x in gc.get_objects(generation=2))
    gc.collect()
    assert made[-1] == [1999]          # still reachable, still collected normally


def test_the_command_line_pauses_it_for_its_imports_and_restores_it(monkeypatch, capsys):
    import claimaudit.cli.main as cli_main
    import claimaudit.cli.run as cli_run

    seen = []
    build, once = cli_main.build_parser, cli_run._run_once

    def spy_build(only=None):
        seen.append(("parser", gc.isenabled()))
        return build(only)

    def spy_once(args):
        seen.append(("run", gc.isenabled()))
        return once(args)

    monkeypatch.setattr(cli_main, "build_parser", spy_build)
    monkeypatch.setattr(cli_run, "_run_once", spy_once)
    assert cli_main.main(["run", "--root", str(REPO), "--no-report", "-q"]) == 0
    assert seen == [("parser", False), ("run", False)] and gc.isenabled()
    # A usage error (argparse exits) restores it too.
    assert cli_main.main(["run", "--no-such-option"]) == 2 and gc.isenabled()
    capsys.readouterr()
