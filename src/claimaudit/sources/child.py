"""Run one of the loaders' worker scripts in a child process, bounded in time and memory.

PDF extraction (:mod:`.pdf_worker`) and the parsing of large Markdown texts
(:mod:`.markdown_worker`) run this way: a hostile file costs at most the ``timeout`` limit and
the memory cap, and is reported for its source only. Workers answer with one JSON value on
stdout (never a pickle).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from .limits import Limits, SourceTextError

#: Address-space cap of a worker process (bytes).
MEMORY_LIMIT = 2 * 1024 ** 3


def _cap_memory() -> None:  # pragma: no cover - runs in the child
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    except (ImportError, ValueError, OSError):
        pass


def run_worker(script: str, args: list[str], *, stdin: bytes | None, limits: Limits, shown: str,
               doing: str) -> Any:
    """The JSON a worker script beside this module prints; SourceTextError past the time limit or
    when it prints no JSON. ``doing`` names the work in messages ("extracting the PDF")."""
    cmd = [sys.executable, "-I", str(Path(__file__).with_name(script)), *args]
    try:
        proc = subprocess.run(cmd, capture_output=True, timeout=limits.timeout, input=stdin,
                              stdin=subprocess.DEVNULL if stdin is None else None,
                              preexec_fn=_cap_memory if sys.platform != "win32" else None)
    except subprocess.TimeoutExpired:
        raise SourceTextError(f"{shown}: {doing} took longer than {limits.timeout:g} s (the timeout limit)",
                              "limit") from None
    try:
        return json.loads(proc.stdout.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        err = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        raise SourceTextError(f"{shown}: {doing} failed" + (f": {err[-1]}" if err else
                              f" (exit code {proc.returncode})"), "unreadable") from None
