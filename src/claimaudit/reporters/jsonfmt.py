"""JSON output: the report dict as it is (documented in docs/records.md)."""

from __future__ import annotations

import json
from typing import Any, TextIO


def render(report: dict[str, Any], out: TextIO, **_: Any) -> None:
    json.dump(report, out, ensure_ascii=False, indent=2)
    out.write("\n")
