"""Plain helpers the tests share: the checkout's paths, writing a small project, auditing its claims,
running the CLI in-process, and a hang detector.

Fixtures live in ``tests/conftest.py``; helpers for one family of tests stay beside them
(``security_support``, ``verdict_support``, ``gate_support``, ``scan_support``, ``fuzz_support``).
"""

from __future__ import annotations

import shutil
import signal
import sys
import textwrap
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from claimaudit.engine.results import ClaimResult
from claimaudit.engine.run import RunOptions, RunResult, run_claims
from claimaudit.numbers.interval import Interval

#: The checkout's root folder.
REPO = Path(__file__).resolve().parent.parent
#: The package's sources (for a child process's PYTHONPATH).
SRC = REPO / "src"
#: The demo corpus's source texts, in the repo (not the shared seeds beside the checkout).
DEMO_TEXTS = REPO / "sources" / "texts"
#: Small test data kept in the repo.
FIXTURES = REPO / "tests" / "fixtures"


def copy_demo(target: Path) -> Path:
    """A copy of the bundled demo project (claims/, sources/ and claimaudit.toml) at ``target``."""
    for name in ("claims", "sources"):
        shutil.copytree(REPO / name, target / name)
    shutil.copyfile(REPO / "claimaudit.toml", target / "claimaudit.toml")
    return target


def write(folder: Path, name: str, text: str, *, dedent: bool = True) -> Path:
    """Write ``text`` (dedented, unless ``dedent=False``) to ``folder/name``, making the folders it needs."""
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text) if dedent else text, encoding="utf-8")
    return path


def run_audit(root: Path, paths: list[Path] | None = None, *, errors_ok: bool = True,
              **options: Any) -> RunResult:
    """The audit of ``paths`` (default ``root/claims``) under ``root``, with ``RunOptions(**options)``.

    With ``errors_ok=False`` an input error fails the test, saying what it was.
    """
    run = run_claims(paths if paths is not None else [root / "claims"], root, RunOptions(**options))
    if not errors_ok:
        assert not run.errors, [str(e) for e in run.errors]
    return run


def by_id(run: RunResult) -> dict[str, ClaimResult]:
    """A run's results by claim id."""
    return {r.claim.id: r for r in run.results}


def by_qualname(run: RunResult) -> dict[str, ClaimResult]:
    """A run's results by qualified name (``module.id``)."""
    return {r.claim.qualname: r for r in run.results}


def messages(result: ClaimResult, code: str) -> list[str]:
    """The messages of a result's findings with ``code``."""
    return [f.message for f in result.findings if f.code == code]


def audit(root: Path, paths: list[Path] | None = None, *, errors_ok: bool = True,
          **options: Any) -> dict[str, ClaimResult]:
    """:func:`run_audit`'s results by claim id."""
    return by_id(run_audit(root, paths, errors_ok=errors_ok, **options))


def audit_run(root: Path, paths: list[Path] | None = None, *, errors_ok: bool = True,
              **options: Any) -> tuple[RunResult, dict[str, ClaimResult]]:
    """:func:`run_audit`'s run and its results by claim id."""
    run = run_audit(root, paths, errors_ok=errors_ok, **options)
    return run, by_id(run)


def audit_text(root: Path, text: str, *, errors_ok: bool = True,
               **options: Any) -> tuple[RunResult, dict[str, ClaimResult]]:
    """Audit ``text`` (dedented) as ``claims/c.yaml`` under ``root``: the run and its results by claim id."""
    write(root / "claims", "c.yaml", text)
    return audit_run(root, errors_ok=errors_ok, **options)


def make_project(root: Path, *, claims: dict[str, str], sources: dict[str, str] | None = None,
                 texts: dict[str, Path | str | bytes] | None = None, toml: str = "") -> Path:
    """A project under ``root``: ``claimaudit.toml`` (paths = claims, then ``toml``), claim files
    ``claims/NAME.yaml``, source records ``sources/NAME.yaml`` and source texts at their relative
    paths (a Path is copied, bytes written as they are). Texts are written as given (no dedent)."""
    (root / "claims").mkdir(parents=True, exist_ok=True)
    (root / "sources").mkdir(exist_ok=True)
    (root / "claimaudit.toml").write_text('[tool.claimaudit]\npaths = ["claims"]\n' + toml, "utf-8")
    for name, text in (sources or {}).items():
        (root / "sources" / f"{name}.yaml").write_text(text, "utf-8")
    for name, text in claims.items():
        (root / "claims" / f"{name}.yaml").write_text(text, "utf-8")
    for rel, content in (texts or {}).items():
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, Path):
            shutil.copyfile(content, target)
        elif isinstance(content, bytes):
            target.write_bytes(content)
        else:
            target.write_text(content, "utf-8")
    return root


def iv(lo: object, hi: object = None) -> Interval:
    """The exact interval [lo, hi] (a point without ``hi``), each end read as written: ``iv("0.5")``,
    ``iv(5575500, 5576500)``, ``iv(F(1, 64))``."""
    return Interval(Fraction(str(lo)), Fraction(str(lo if hi is None else hi)))


def mentions(text: str) -> list[tuple[str, Fraction, str]]:
    """Each number-and-unit mention extraction finds in ``text``: (as printed, nominal value, canonical unit)."""
    from claimaudit.extract.document import analyse
    from claimaudit.extract.mentions import extract_mentions

    return [(m.printed, m.number.nominal, m.unit.canonical) for m in extract_mentions(analyse(text))]


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``claimaudit ARGS`` in this process: exit code, stdout, stderr."""
    from claimaudit.cli.main import main

    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def count_steps(fn: Callable[..., object], *args: object) -> int:
    """How many Python-level steps (calls and lines, as ``sys.settrace`` reports them) ``fn(*args)``
    takes: a measure of work that does not depend on the machine's speed. C code (regex matching,
    libyaml) counts only through the Python lines around it. An exception from ``fn`` propagates."""
    steps = 0

    def tracer(frame: Any, event: str, arg: Any) -> Any:
        nonlocal steps
        steps += 1
        return tracer

    previous = sys.gettrace()
    sys.settrace(tracer)
    try:
        fn(*args)
    finally:
        sys.settrace(previous)
    return steps


class Hang(Exception):
    """Raised by :func:`hang_guard` when the guarded block runs past its wall-clock budget."""


@contextmanager
def hang_guard(seconds: float = 60.0) -> Iterator[None]:
    """Fail, instead of hanging the suite, if the block takes more than ``seconds`` of wall-clock time.

    A hang detector only, never a speed assertion: keep ``seconds`` in the tens, far above any
    normal run on a busy machine; speed figures belong in ``benchmarks/``. Uses SIGALRM (the
    solver's own limit uses SIGPROF, so the two do not interfere); outside the main thread, or where
    there is no ``setitimer``, the block just runs.
    """
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def on_alarm(signum: int, frame: Any) -> None:
        raise Hang(f"still running after {seconds:g} s: a hang, not a slow machine")

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous if previous is not None else signal.SIG_DFL)
