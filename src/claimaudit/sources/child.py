"""Run one of the loaders' worker scripts in a child process, bounded in time and memory.

PDF extraction (:mod:`.pdf_worker`) and the parsing of large Markdown texts
(:mod:`.markdown_worker`) run this way: a hostile file costs at most the ``timeout`` limit and
the memory cap, and is reported for its source only. Workers answer with one JSON value on
stdout (never a pickle).
"""

from __future__ import annotations

import functools
import io
import json
import math
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .limits import Limits, SourceTextError

#: Address-space cap of a worker process (bytes).
MEMORY_LIMIT = 2 * 1024 ** 3
#: The ``timeout`` limit is CPU time in the child (RLIMIT_CPU), so a busy machine (a shared CI
#: runner) does not fail a large but ordinary file; the parent kills a child that has not answered
#: after this many times the limit in wall-clock time (starved of CPU, or blocked).
WALL_FACTOR = 5.0


def _limit_child(cpu_seconds: int) -> None:  # pragma: no cover - runs in the child
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 1))
    except (ImportError, ValueError, OSError):
        pass


def run_worker(script: str, args: list[str], *, stdin: bytes | None, limits: Limits, shown: str,
               doing: str) -> Any:
    """The JSON a worker script beside this module prints; SourceTextError past the time limit or
    when it prints no JSON. ``doing`` names the work in messages ("extracting the PDF")."""
    proc = _run(script, args, stdin=stdin, limits=limits, shown=shown, doing=doing)
    try:
        return json.loads(proc.stdout.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        raise _failed(proc, shown, doing) from None


def run_worker_lines(script: str, args: list[str], *, stdin: bytes | None, limits: Limits, shown: str,
                     doing: str) -> Iterator[Any]:
    """The JSON values a worker prints one a line, decoded as they are asked for: a large answer
    (the tokens of a 5 MiB Markdown text) is never held as objects all at once. The worker ends
    with a line ``{"end": N}`` (N values before it), so a truncated answer is an error."""
    proc = _run(script, args, stdin=stdin, limits=limits, shown=shown, doing=doing)
    if proc.returncode != 0:
        raise _failed(proc, shown, doing)
    return _lines(proc, shown, doing)


def _lines(proc: subprocess.CompletedProcess[bytes], shown: str, doing: str) -> Iterator[Any]:
    n = 0
    for raw in io.BytesIO(proc.stdout):
        try:
            value = json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            raise _failed(proc, shown, doing) from None
        if isinstance(value, dict) and set(value) == {"end"}:
            if value["end"] != n:
                break
            return
        n += 1
        yield value
    raise _failed(proc, shown, doing)


def _failed(proc: subprocess.CompletedProcess[bytes], shown: str, doing: str) -> SourceTextError:
    err = proc.stderr.decode("utf-8", "replace").strip().splitlines()
    return SourceTextError(f"{shown}: {doing} failed" + (f": {err[-1]}" if err else
                           f" (exit code {proc.returncode})"), "unreadable")


def _run(script: str, args: list[str], *, stdin: bytes | None, limits: Limits, shown: str,
         doing: str) -> subprocess.CompletedProcess[bytes]:
    cmd = [sys.executable, "-I", str(Path(__file__).with_name(script)), *args]
    late = SourceTextError(f"{shown}: {doing} took longer than {limits.timeout:g} s (the timeout limit)", "limit")
    cpu = max(1, math.ceil(limits.timeout))
    try:
        proc = subprocess.run(cmd, capture_output=True, timeout=limits.timeout * WALL_FACTOR, input=stdin,
                              stdin=subprocess.DEVNULL if stdin is None else None,
                              preexec_fn=functools.partial(_limit_child, cpu) if sys.platform != "win32" else None)
    except subprocess.TimeoutExpired:
        raise late from None
    if sys.platform != "win32" and proc.returncode in (-signal.SIGXCPU, -signal.SIGKILL):
        raise late       # past its CPU time (SIGXCPU at the soft limit, SIGKILL at the hard one)
    return proc
