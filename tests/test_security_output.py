"""Hardening regressions (issue 17): escaped output (item 6), caches that cannot run code or change
findings (item 7), the solver's budget without SIGALRM (item 13), a fetch deadline (item 14)."""

from __future__ import annotations

import http.server
import json
import signal
import threading
import time
from fractions import Fraction
from pathlib import Path

import pytest
from support import write

from claimaudit.cli.main import main
from claimaudit.reporters.escape import escape_controls

EVIL = "x\n::add-mask::ghp_x\n::error file=a::pwned\x1b]0;owned\x07\x1b[8m\u202e"




def _evil_project(tmp_path: Path) -> None:
    claim = {"claims": [{"id": "a", "value": "3", "formula": "1 + 1", "quote": EVIL, "at": EVIL,
                         "because": EVIL, "expect": "inconsistent"},
                        {"id": "b", "value": "5", "formula": "2 + 2", "title": EVIL}]}
    write(tmp_path / "claims", "c.yaml", json.dumps(claim))   # JSON is YAML; escapes become the characters


@pytest.mark.parametrize("fmt", ["text", "github", "markdown"])
def test_no_control_character_reaches_the_log(tmp_path, capsys, fmt):
    _evil_project(tmp_path)
    main(["run", str(tmp_path / "claims"), "--root", str(tmp_path), "--no-report", "--format", fmt, "-vv",
          "--color", "no"])
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out
    commands = [ln for ln in out.splitlines() if ln.startswith("::")]
    assert not any(ln.startswith(("::add-mask::", "::error file=a::")) for ln in commands)
    if fmt == "text":
        assert "x\\n::add-mask::ghp_x\\n::error file=a::pwned\\x1b]0;owned\\x07" in out


def test_colour_still_works_with_escaping(tmp_path, capsys):
    _evil_project(tmp_path)
    main(["run", str(tmp_path / "claims"), "--root", str(tmp_path), "--no-report", "--color", "yes"])
    out = capsys.readouterr().out
    assert "\x1b[31;1m" in out and "\x1b]0;" not in out


def test_escape_controls():
    assert escape_controls("a\tb") == "a\tb"
    assert escape_controls("a\nb\r\x00\x9b\u2066") == "a\\nb\\r\\x00\\x9b\\u2066"
    assert escape_controls("a\nb\x1b", keep_newlines=True) == "a\nb\\x1b"


# -- item 7: caches -------------------------------------------------------------------------------------

@pytest.fixture
def private_cache(tmp_path, monkeypatch):
    from claimaudit import cachesign

    monkeypatch.setenv("CLAIMAUDIT_CACHE_KEY", str(tmp_path / "key" / "cache-key"))
    monkeypatch.setenv("CLAIMAUDIT_SOLVE_CACHE", str(tmp_path / "solve.json"))
    cachesign._key_at.cache_clear()
    yield tmp_path
    cachesign._key_at.cache_clear()


class _Poison:
    """Unpickling this creates a file: the proof that a cache ran code."""

    def __init__(self, marker: str) -> None:
        self.marker = marker

    def __reduce__(self):
        return (open, (self.marker, "w"))


def test_a_poisoned_solve_cache_does_not_change_findings(private_cache, tmp_path):
    from claimaudit.checkers import solve

    solve._DISK = None
    key = "a" * 64
    forged = {key: {"variable": "W", "lo": 0, "hi": 1, "satisfiable": False, "text": "forged"}}
    (tmp_path / "solve.json").write_text(json.dumps(forged), encoding="utf-8")
    assert solve._disk() == {}                   # unsigned: not trusted
    solve._DISK = None
    solve._disk_put(key, {})
    solve._DISK = None
    assert solve._disk() == {key: {}}           # our own signed entry is read back
    blob = (tmp_path / "solve.json").read_bytes()
    (tmp_path / "solve.json").write_bytes(blob[:32] + blob[32:].replace(b"{}", b"[]"))
    solve._DISK = None
    assert solve._disk() == {}                   # tampered after signing
    solve._DISK = None


def test_solve_cache_entries_are_validated():
    from claimaudit.checkers.solve import _valid_entry

    assert _valid_entry({}) and _valid_entry({"variable": "x", "lo": 1.0, "hi": None, "satisfiable": True,
                                              "text": "holds iff x ≈ 1"})
    assert not _valid_entry({"variable": "x", "lo": "1", "hi": None, "satisfiable": "yes", "text": ""})
    assert not _valid_entry({"variable": "x", "text": "t", "extra": 1})


# -- item 13: the solver's budget holds with another interval timer running ---------------------------------

def test_the_solver_budget_holds_without_sigalrm(monkeypatch):
    from claimaudit.formulas import symbolic
    from claimaudit.formulas.parse import parse_formula
    from claimaudit.formulas.solver_process import TIMED_OUT, SolverProcess
    from claimaudit.numbers.interval import Interval

    real = symbolic.find_condition

    def runaway(formula, target, fixed, *, time_budget):
        if formula.text == "slow * x":
            time.sleep(60)                   # sympy stuck: the child is killed, not waited for
        return real(formula, target, fixed, time_budget=time_budget)

    monkeypatch.setattr(symbolic, "find_condition", runaway)   # inherited by the forked child
    previous = signal.signal(signal.SIGALRM, lambda *a: None)
    signal.setitimer(signal.ITIMER_REAL, 1000)                 # the timer that switched SIGALRM off
    solver = SolverProcess()
    try:
        t = time.monotonic()
        late = solver.solve(parse_formula("slow * x"), Interval(Fraction(1), Fraction(2)), {}, 0.5)
        assert late is TIMED_OUT                                 # out of time: not "no condition"
        assert time.monotonic() - t < 20 and solver.killed == 1
        cond = solver.solve(parse_formula("2 * x"), Interval(Fraction(1), Fraction(2)), {}, 10)
        assert cond is not None and cond.variable == "x"       # a fresh child answers the next one
    finally:
        solver.close()
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# -- item 14: a download has a total deadline -------------------------------------------------------------

def test_a_dripping_server_hits_the_download_deadline():
    from claimaudit.sources.fetch import download
    from claimaudit.sources.limits import SourceTextError

    class Drip(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Length", "1000")
            self.end_headers()
            try:
                for _ in range(100):
                    self.wfile.write(b"x")
                    self.wfile.flush()
                    time.sleep(0.1)
            except OSError:
                pass

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Drip)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        t = time.monotonic()
        with pytest.raises(SourceTextError, match="download deadline"):
            download(f"http://127.0.0.1:{server.server_port}/x", timeout=5, deadline=1.0)
        assert time.monotonic() - t < 5
    finally:
        server.shutdown()
        server.server_close()


def test_a_forked_worker_does_not_use_its_parents_solver():
    import multiprocessing as mp

    from claimaudit.formulas.parse import parse_formula
    from claimaudit.formulas.solver_process import SolverProcess
    from claimaudit.numbers.interval import Interval

    solver = SolverProcess()
    target = Interval(Fraction(1), Fraction(2))
    try:
        assert solver.solve(parse_formula("2 * x"), target, {}, 10) is not None
        parent_child = solver._proc.pid

        def in_worker(q):
            cond = solver.solve(parse_formula("3 * x"), target, {}, 10)
            q.put((cond is not None, solver._proc.pid != parent_child))
            solver.close()

        q = mp.get_context("fork").Queue()
        p = mp.get_context("fork").Process(target=in_worker, args=(q,))
        p.start()
        assert q.get(timeout=60) == (True, True)     # answered by a child of its own
        p.join(30)
        assert solver._proc.is_alive() and solver._proc.pid == parent_child   # the parent's is untouched
    finally:
        solver.close()


def test_a_search_out_of_time_is_said_and_never_cached(tmp_path, monkeypatch):
    """A condition search that runs out of its budget is not "no condition": the finding says so,
    and the answer cache keeps nothing for it, so a later run (on a quieter machine) searches again."""
    import claimaudit.checkers.solve as solve_mod
    from claimaudit.engine.run import RunOptions, run_claims
    from claimaudit.formulas.solver_process import TIMED_OUT

    cache = tmp_path / "solve.json"
    monkeypatch.setenv("CLAIMAUDIT_SOLVE_CACHE", str(cache))
    monkeypatch.setattr(solve_mod, "_DISK", None, raising=False)
    monkeypatch.setattr(solve_mod, "find_condition", lambda *a, **k: TIMED_OUT)
    (tmp_path / "claims").mkdir()
    (tmp_path / "claims" / "u.yaml").write_text(
        "claims:\n  - id: share\n    value: 25%\n    formula: a / (a + b)\n    given: {a: '?', b: '?'}\n",
        "utf-8")
    run = run_claims([tmp_path / "claims"], tmp_path, RunOptions())
    (res,) = run.results
    said = [f.message for f in res.findings if f.code == "CA111"]
    assert said and "ran out of its time budget" in said[0] and "time_budget" in said[0]
    assert res.verdict == "underdetermined"
    assert solve_mod._disk() == {} and not cache.exists()


def test_a_solved_condition_is_shown_in_a_unit_a_reader_knows(tmp_path, monkeypatch):
    """Issue 16: "k ≈ 0.000000118" (base units, no unit) is no answer for a reader. A free input whose
    dimensions the formula fixes is solved in the claim's unit, or in a part of a printed unit."""
    from claimaudit.engine.run import RunOptions, run_claims

    monkeypatch.setenv("CLAIMAUDIT_SOLVE_CACHE", "off")
    (tmp_path / "claims").mkdir()
    (tmp_path / "claims" / "u.yaml").write_text(
        "claims:\n"
        "  - id: per_node\n    value: 20 PiB\n    formula: n * k\n    given: {n: '180', k: '?'}\n"
        "  - id: hours\n    value: $2 per GPU-hour\n    formula: cost / h\n    given: {cost: '$5.576M', h: '?'}\n",
        "utf-8")
    run = run_claims([tmp_path / "claims"], tmp_path, RunOptions())
    said = {r.claim.id: [f.message for f in r.findings if f.code == "CA111"] for r in run.results}
    assert said["per_node"] == ["holds iff k = 0.111, k in PiB"]          # 20/180 PiB, not 1.25e14 bytes
    assert said["hours"] == ["holds iff h = 2790000, h in GPU-hour"]      # 5.576M / 2, not 1.0e10 GPU·s
