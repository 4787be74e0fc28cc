"""Absolute vs relative change: the two readings of "by X%" when a formula compares two values.

A change between two percentages can be printed in percentage points (``a - b``) or as a
relative change (``(a - b) / b``); the same words "up 5%" are used for both. Given a claim whose
formula is one of these shapes over two names, return the other shape as formula text (built
only from the names matched, never from free text).
"""

from __future__ import annotations

import re

from ..model.claims import Claim

_NAME = r"([A-Za-z_][\w.]*)"
_ABS = re.compile(rf"^\s*\(?\s*{_NAME}\s*-\s*{_NAME}\s*\)?\s*$")
_REL = re.compile(rf"^\s*\(\s*{_NAME}\s*-\s*{_NAME}\s*\)\s*/\s*{_NAME}\s*$")
_RATIO = re.compile(rf"^\s*{_NAME}\s*/\s*{_NAME}\s*-\s*1\s*$")


def change_shape(formula: str | None) -> tuple[str, str, str] | None:
    """("absolute", a, b) for ``a - b``; ("relative", a, b) for ``(a - b)/b`` or ``a/b - 1``."""
    if not formula:
        return None
    if m := _ABS.match(formula):
        return "absolute", m.group(1), m.group(2)
    if (m := _REL.match(formula)) and m.group(3) in (m.group(2), m.group(1)):
        return "relative", m.group(1), m.group(2) if m.group(3) == m.group(2) else m.group(1)
    if m := _RATIO.match(formula):
        return "relative", m.group(1), m.group(2)
    return None


def change_alternatives(claim: Claim) -> list[tuple[str, str]]:
    """The other reading(s) of a change claim as (label, formula text)."""
    shape = change_shape(claim.formula)
    if shape is None:
        return []
    kind, a, b = shape
    if kind == "absolute":
        return [("a relative change", f"({a} - {b}) / {b}")]
    return [("percentage points", f"{a} - {b}")]
