"""Progress on a terminal: documents done/total, docs/s, ETA, failures so far; quiet otherwise."""

from __future__ import annotations

import os
import sys
import time
from typing import IO


def wanted(stream: IO[str] | None = None) -> bool:
    """On an interactive terminal and not in CI."""
    stream = stream or sys.stderr
    if os.environ.get("CI") or os.environ.get("CLAIMAUDIT_NO_PROGRESS"):
        return False
    return hasattr(stream, "isatty") and stream.isatty()


class Progress:
    def __init__(self, total: int, *, skipped: int = 0, stream: IO[str] | None = None, enabled: bool | None = None,
                 every: float = 0.5) -> None:
        self.total = total
        self.done = 0
        self.failures = 0
        self.claims = 0
        self.skipped = skipped
        self.stream = stream or sys.stderr
        self.enabled = wanted(self.stream) if enabled is None else enabled
        self.t0 = time.monotonic()
        self._last = 0.0
        self.every = every

    def line(self) -> str:
        elapsed = max(time.monotonic() - self.t0, 1e-9)
        rate = self.done / elapsed
        left = self.total - self.done
        eta = f"{left / rate:,.0f} s" if rate > 0 else "?"
        skipped = f", {self.skipped} already done" if self.skipped else ""
        return (f"scan: {self.done}/{self.total} documents, {rate:,.1f} docs/s, ETA {eta}, "
                f"{self.failures} failed{skipped}")

    def update(self, summary: dict) -> None:
        self.done += summary["documents"]
        self.claims += summary["claims"]
        st = summary["status"]
        self.failures += st.get("error", 0) + st.get("timeout", 0) + st.get("failed", 0)
        now = time.monotonic()
        if self.enabled and (now - self._last >= self.every or self.done >= self.total):
            self._last = now
            self.stream.write("\r" + self.line() + "\x1b[K")
            self.stream.flush()

    def finish(self) -> None:
        if self.enabled:
            self.stream.write("\r" + self.line() + "\x1b[K\n")
            self.stream.flush()
