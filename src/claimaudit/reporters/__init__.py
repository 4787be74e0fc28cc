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
    mod = importlib.import_module(f"claimaudit.reporters.{FORMATS[fmt]}")
    mod.render(report, out, **options)
