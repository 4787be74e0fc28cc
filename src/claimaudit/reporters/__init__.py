"""Reporters: each turns the one report dict (engine.records.as_report) into a format.

A reporter module exposes ``render(report, out, **options)``; FORMATS maps format names to modules.
"""

from __future__ import annotations

import importlib
from typing import Any, TextIO

FORMATS = {
    "text": "text",
    "json": "jsonfmt",
    "html": "html",
    "junit": "junit",
    "sarif": "sarif",
    "github": "github",
    "markdown": "markdown",
}


def render(fmt: str, report: dict[str, Any], out: TextIO, **options: Any) -> None:
    from ..engine.run import paused_gc

    mod = importlib.import_module(f"claimaudit.reporters.{FORMATS[fmt]}")
    # Writing a report allocates many small strings and no cycles, next to a large run's millions of
    # live objects: a full collection then walks them all (0.7 of 0.8 s of text output at 20,000
    # claims after a -n 2 run, benchmarks/bench_parallel.py).
    with paused_gc():
        mod.render(report, out, **options)
