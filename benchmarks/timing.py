"""Shared by the benchmark scripts: the best of several timed runs."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_of(fn: Callable[[], object], repeat: int, expected: tuple[type[BaseException], ...] = ()) -> float:
    """The fastest of ``repeat`` runs of ``fn``, in seconds; an ``expected`` exception ends a run
    normally (a refusal is the answer being timed)."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        try:
            fn()
        except expected:
            pass
        times.append(time.perf_counter() - t0)
    return min(times)
