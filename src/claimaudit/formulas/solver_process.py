"""The condition search (:func:`.symbolic.find_condition`) in a child process with hard limits.

sympy can run for minutes and take gigabytes on an adversarial formula. A SIGALRM timer inside
the run's own process is no bound: it switches itself off when another interval timer is running
(one underdetermined claim then cost 64 s and 5.7 GB), and it never acts outside the main thread.
Here one child process per run imports sympy once and solves one condition at a time, under an
address-space limit; the parent waits at most the time budget (plus a small grace) for each
answer, and kills the child when it is late (the next condition starts a fresh one).
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Mapping
from typing import Any

#: Memory the child may add to what it inherits, in bytes.
MEMORY_LIMIT = 2 * 1024 ** 3
#: Seconds the child may take to start (import sympy) before its first problem.
START_TIMEOUT = 60.0
#: Seconds allowed past the time budget for pickling and the child's own cleanup.
GRACE = 1.0
#: The budget is CPU time in the child (the same answer on a busy machine as on an idle one); the
#: parent waits this many times the budget in wall-clock time before it kills a child that is
#: starved of CPU or stuck outside sympy.
WALL_FACTOR = 5.0


class _TimedOut:
    """What :meth:`SolverProcess.solve` returns when the search ran out of time: unlike "no
    condition" (None), it is not an answer about the formula, so it is never cached."""

    def __repr__(self) -> str:
        return "TIMED_OUT"


TIMED_OUT = _TimedOut()


def _limit_memory(extra: int) -> None:
    try:
        import resource

        with open("/proc/self/statm") as fh:
            current = int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        limit = current + extra
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ImportError, OSError, ValueError):  # pragma: no cover - not Linux: the time limit remains
        pass


def _serve(conn: Any, memory: int) -> None:
    """The child: import sympy, then answer (formula, target, fixed, budget) requests until EOF."""
    _limit_memory(memory)
    try:
        from fractions import Fraction

        from ..numbers.interval import Interval
        from . import symbolic
        from .parse import parse_formula

        # Paid once, before the first deadline starts: sympy and the solver modules it imports
        # lazily on first use.
        symbolic.find_condition(parse_formula("a / (a + b)"), Interval(Fraction(1, 3), Fraction(1, 2)), {},
                                time_budget=START_TIMEOUT)
    except Exception as exc:  # noqa: BLE001
        conn.send(("error", f"{type(exc).__name__}: {exc}"))
        return
    conn.send(("ready", None))
    while True:
        try:
            formula, target, fixed, budget = conn.recv()
        except (EOFError, OSError):
            return
        try:
            started = time.process_time()
            found = symbolic.find_condition(formula, target, fixed, time_budget=budget)
            # find_condition answers None both for "no condition" and for "out of time".
            late = found is None and time.process_time() - started >= budget
            conn.send(("timeout", None) if late else ("ok", found))
        except MemoryError:
            conn.send(("error", "out of memory"))
        except Exception as exc:  # noqa: BLE001 - sympy failing on an odd formula is "no condition"
            conn.send(("error", f"{type(exc).__name__}: {exc}"))


class SolverProcess:
    """A child process that answers condition searches, each within its time budget."""

    def __init__(self, memory: int = MEMORY_LIMIT) -> None:
        import threading

        self.memory = memory
        self._proc: Any = None
        self._conn: Any = None
        self._owner = os.getpid()
        self._lock = threading.Lock()   # one request at a time on the pipe
        self.killed = 0   # how many searches ran out of time (for tests and benchmarks)

    def _adopt(self) -> None:
        """In a forked worker (a parallel run), forget the parent's child: it is not ours to use."""
        if self._owner != os.getpid():
            self._proc = self._conn = None
            self._owner = os.getpid()

    def _start(self) -> bool:
        import multiprocessing as mp

        # fork shares the parent's imports (the units registry, the parser) and starts in ms;
        # where there is no fork, spawn imports them again.
        ctx = mp.get_context("fork") if sys.platform != "win32" and hasattr(os, "fork") else mp.get_context("spawn")
        parent, child = ctx.Pipe()
        proc = ctx.Process(target=_serve, args=(child, self.memory), daemon=True, name="claimaudit-solver")
        proc.start()
        child.close()
        if not parent.poll(START_TIMEOUT):
            proc.kill()
            proc.join()
            return False
        try:
            kind, _ = parent.recv()
        except (EOFError, OSError):
            kind = "error"
        if kind != "ready":
            proc.join(1)
            return False
        self._proc, self._conn = proc, parent
        return True

    def solve(self, formula: Any, target: Any, fixed: Mapping[str, Any], time_budget: float) -> Any:
        """The condition; None when there is none or the search failed; :data:`TIMED_OUT` when
        it ran out of time."""
        with self._lock:
            self._adopt()
            return self._solve(formula, target, fixed, time_budget)

    def _solve(self, formula: Any, target: Any, fixed: Mapping[str, Any], time_budget: float) -> Any:
        if self._proc is None or not self._proc.is_alive():
            self.close()
            if not self._start():
                return None
        try:
            self._conn.send((formula, target, dict(fixed), time_budget))
            if self._conn.poll(time_budget * WALL_FACTOR + GRACE):
                kind, value = self._conn.recv()
                if kind == "timeout":
                    return TIMED_OUT
                return value if kind == "ok" else None
        except (EOFError, OSError, BrokenPipeError):
            pass
        self.killed += 1
        self.close()
        return TIMED_OUT

    def close(self) -> None:
        self._adopt()
        if self._conn is not None:
            self._conn.close()
        if self._proc is not None:
            if self._proc.is_alive():
                self._proc.kill()
            self._proc.join()
        self._proc = self._conn = None

    def __del__(self) -> None:  # pragma: no cover - interpreter shutdown order
        try:
            self.close()
        except Exception:  # noqa: BLE001, S110 - nothing to do about it at shutdown
            pass
