"""For the ``-n 2`` benchmarks' child processes: when the parent has the last worker result in hand.

``mark(par, marks)`` makes ``marks["last"]`` the parent's CPU time (``time.process_time()``) at that
moment: everything after it the parent does alone. ``par`` is ``claimaudit.engine.parallel``: with
groups handed out one at a time, when its feeder has every result; older sources (``--src``, one
worker with a fixed bucket), when the parent starts reading the worker's one result back.
"""

from __future__ import annotations

import time
from typing import Any


def mark(par: Any, marks: dict[str, float]) -> None:
    if hasattr(par, "_Feeder"):
        take = par._Feeder.take

        def _take(self: Any, wait: bool) -> Any:
            out = take(self, wait)
            if wait:
                marks["last"] = time.process_time()
            return out

        par._Feeder.take = _take
        return
    loads = par.pickle.loads

    class _Pickle:
        HIGHEST_PROTOCOL, Pickler = par.pickle.HIGHEST_PROTOCOL, par.pickle.Pickler

        @staticmethod
        def loads(data: bytes) -> Any:
            marks["last"] = time.process_time()
            return loads(data)

    par.pickle = _Pickle
