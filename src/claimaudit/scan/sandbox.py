"""Each document is audited in a child process with a time and a memory limit.

The child (``python -m claimaudit.scan.sandbox``) imports claimaudit once, caps its address space
(``RLIMIT_AS``), then answers one JSON line per request on its standard output. The parent
(:class:`Sandbox`) waits at most the time limit for each answer; a child that hangs is killed and
the document recorded as ``timeout``, one that dies (memory, a crash) as ``error``; a new child is
started for the next document. A worker thread keeps its child across batches.

``CLAIMAUDIT_SCAN_AUDITOR=module:function`` replaces the audit function in the child: a hook for
tests (fault injection) set by whoever starts the scan, never read from the documents scanned.
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

AUDITOR_ENV = "CLAIMAUDIT_SCAN_AUDITOR"
#: Seconds a new child may take to import claimaudit before it counts as broken.
START_TIMEOUT = 120.0
#: Exit code of a child that hit its memory limit (it answers, then leaves: its heap may be damaged).
EXIT_AFTER_MEMORY = 3


@dataclass(frozen=True)
class Limits:
    seconds: float = 60.0        # wall-clock time per document
    memory_mb: int = 2048        # address space of the child process


# ---------------------------------------------------------------- child side

def _auditor() -> Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]]:
    spec = os.environ.get(AUDITOR_ENV)
    if not spec:
        return audit_request
    import importlib

    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module), name)


def audit_request(request: dict[str, Any], settings: dict[str, Any]) -> dict[str, Any]:
    """Audit the file a request names; the rows and counts of its result."""
    from pathlib import Path

    from .adapter import AuditSettings, audit_path
    from .rows import run_rows

    kind, run = audit_path(Path(request["path"]), request["display"], AuditSettings.from_dict(settings))
    out = run_rows(run, request["id"])
    out["kind"] = kind
    return out


def peak_mb() -> float | None:
    """Peak resident memory of this process so far, in MB. VmHWM first: ``ru_maxrss`` survives
    ``exec`` and so would count the parent a child was forked from."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return round(int(line.split()[1]) / 1024, 1)
    except (OSError, ValueError, IndexError):
        pass
    try:
        import resource

        return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    except (ImportError, OSError):
        return None


def _set_memory_limit(mb: int) -> None:
    try:
        import resource

        limit = mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ImportError, ValueError, OSError):  # not on this platform: the time limit still holds
        pass


WARM_UP_TEXT = "# Warm-up\n\n| Part | Cost |\n|---|---|\n| A | $1.5M |\n| B | $2.5M |\n| Total | $4M |\n"


def _warm_up(settings: dict[str, Any]) -> None:
    """Import and build the unit registry once, before any document's clock starts."""
    import tempfile
    from pathlib import Path

    from .adapter import AuditSettings, audit_path

    with tempfile.TemporaryDirectory(prefix="claimaudit-scan-") as tmp:
        doc = Path(tmp) / "warm-up.md"
        doc.write_text(WARM_UP_TEXT, encoding="utf-8")
        try:
            audit_path(doc, doc.name, AuditSettings.from_dict(settings))
        except Exception:  # noqa: BLE001, S110  (a broken set-up shows on the first real document)
            pass


def child_main(argv: list[str]) -> int:
    config = json.loads(argv[0])
    settings = config["settings"]
    # The protocol owns the real stdout; anything the audit prints goes to stderr.
    proto = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8")
    sys.stdout = sys.stderr
    auditor = _auditor()
    _warm_up(settings)
    _set_memory_limit(int(config["memory_mb"]))
    proto.write('{"ready": true}\n')
    proto.flush()
    for line in sys.stdin:
        request = json.loads(line)
        t0, c0 = time.perf_counter(), time.process_time()
        leave = False
        try:
            answer = {"status": "ok", **auditor(request, settings)}
        except MemoryError:
            answer = {"status": "error", "message": f"memory limit exceeded ({config['memory_mb']} MB)"}
            leave = True
        except RecursionError:
            answer = {"status": "error", "message": "recursion too deep"}
        except Exception as exc:  # noqa: BLE001  (a document that breaks the audit is recorded, never fatal)
            answer = {"status": "error", "message": f"{type(exc).__name__}: {exc}"[:2000]}
        answer["seconds"] = time.perf_counter() - t0
        answer["cpu_seconds"] = time.process_time() - c0   # the cost on a free core
        answer["peak_mb"] = peak_mb()
        if leave:
            answer["restart"] = True
        try:
            text = json.dumps(answer, default=str)
        except MemoryError:
            text = json.dumps({"status": "error", "message": "memory limit exceeded while reporting",
                               "seconds": answer["seconds"], "restart": True})
            leave = True
        proto.write(text + "\n")
        proto.flush()
        if leave:
            return EXIT_AFTER_MEMORY
    return 0


# ---------------------------------------------------------------- parent side

class SandboxBroken(RuntimeError):
    """A child could not be started at all (not a document's fault)."""


class Sandbox:
    """One child process, restarted whenever a document kills or hangs it."""

    def __init__(self, settings: dict[str, Any], limits: Limits) -> None:
        self.settings = settings
        self.limits = limits
        self.proc: subprocess.Popen | None = None
        self._buf = b""
        self.eof = False          # the child closed its output (it died)
        self.started = 0          # children started (1 + restarts)

    def _start(self) -> None:
        config = json.dumps({"settings": self.settings, "memory_mb": self.limits.memory_mb})
        self.proc = subprocess.Popen([sys.executable, "-m", "claimaudit.scan.sandbox", config],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     close_fds=True)
        self._buf = b""
        self.eof = False
        self.started += 1
        with _lock:
            if self not in _all:
                _all.append(self)
        ready = self._read_line(START_TIMEOUT)
        if ready is None or not ready.get("ready"):
            self.close()
            raise SandboxBroken("the audit process did not start (is claimaudit importable by "
                                f"{sys.executable}?)")

    def _read_line(self, timeout: float) -> dict[str, Any] | None:
        """The next JSON line, or None on timeout or end of file."""
        assert self.proc is not None and self.proc.stdout is not None   # noqa: S101 - _start ran: narrows for mypy
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + timeout
        while b"\n" not in self._buf:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                return None
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                self.eof = True
                return None
            self._buf += chunk
        line, _, self._buf = self._buf.partition(b"\n")
        return json.loads(line)

    def audit(self, request: dict[str, Any]) -> dict[str, Any]:
        """Audit one file in the child; always returns an answer with a status."""
        if self.proc is None or self.proc.poll() is not None:
            self._start()
        assert self.proc is not None and self.proc.stdin is not None   # noqa: S101 - _start ran: narrows for mypy
        t0 = time.perf_counter()
        try:
            self.proc.stdin.write((json.dumps(request) + "\n").encode("utf-8"))
            self.proc.stdin.flush()
            answer = self._read_line(self.limits.seconds)
        except (BrokenPipeError, OSError):   # it died before reading the request
            self.eof = True
            answer = None
        if answer is not None:
            if answer.pop("restart", False):   # the child leaves after a memory error: start afresh
                self.close()
            return answer
        seconds = time.perf_counter() - t0
        code = self.proc.poll()
        if code is None and self.eof:   # it died: its output closed a moment before it can be reaped
            try:
                code = self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                code = None
        self.close()
        if code is None:
            return {"status": "timeout", "seconds": seconds,
                    "message": f"no result within the time limit ({self.limits.seconds:g} s)"}
        how = f"signal {-code}" if code < 0 else f"exit code {code}"
        hint = " (killed: memory?)" if code in (-9, 137) else ""
        return {"status": "error", "seconds": seconds, "message": f"the audit process died ({how}){hint}"}

    def close(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        if proc.poll() is None:
            proc.kill()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:  # pragma: no cover
            pass
        for stream in (proc.stdin, proc.stdout):
            try:
                if stream is not None:
                    stream.close()
            except OSError:  # pragma: no cover
                pass


_local = threading.local()
_all: list[Sandbox] = []
_lock = threading.Lock()


def sandbox_for(settings: dict[str, Any], limits: Limits) -> Sandbox:
    """This thread's sandbox (kept across batches: the child imports claimaudit once)."""
    box: Sandbox | None = getattr(_local, "box", None)
    if box is not None and (box.settings != settings or box.limits != limits):
        box.close()
        box = None
    if box is None:
        box = Sandbox(settings, limits)
        _local.box = box
    return box


def close_all() -> int:
    """Stop every child this process started (end of a scan); how many there were."""
    with _lock:
        boxes = list(_all)
        _all.clear()
    for box in boxes:
        box.close()
    _local.__dict__.clear()
    return len(boxes)


if __name__ == "__main__":
    sys.exit(child_main(sys.argv[1:]))
