"""Control characters escaped in text output, so that what a stranger wrote cannot drive a terminal
or a CI log.

A quote, an ``at:`` or a ``because:`` holding a newline followed by ``::error …`` or
``::add-mask::`` would otherwise become a GitHub Actions workflow command in the job's log, and
ESC/OSC sequences would reach the terminal (retitling it, hiding text, faking links). Every C0 and
C1 control except TAB, DEL, the Unicode line/paragraph separators and the bidirectional overrides
(the "Trojan Source" characters, which reorder what a reviewer sees) are shown as visible escapes:
``\\n``, ``\\x1b``, ``\\u202e``. Machine formats (JSON, SARIF, JUnit) keep the exact text; the
HTML report escapes with Jinja's autoescape.
"""

from __future__ import annotations

import re
from typing import Any

from ..lazy_pattern import LazyPattern

_CONTROL = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
#: The same without CR and LF, for formats that escape line breaks themselves (workflow commands).
_CONTROL_NOT_NEWLINES = LazyPattern(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\x1b": "\\x1b"}


def _escape_one(m: re.Match[str]) -> str:
    c = m.group()
    named = _NAMED.get(c)
    if named:
        return named
    return f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}"


def escape_controls(text: str, *, keep_newlines: bool = False) -> str:
    """``text`` with every control character shown as a visible escape (``\\n``, ``\\x1b``).

    ``keep_newlines``: leave CR and LF for a format that escapes them itself.
    """
    pattern = _CONTROL_NOT_NEWLINES if keep_newlines else _CONTROL
    return pattern.sub(_escape_one, text) if pattern.search(text) else text


def escape_tree(value: Any, *, keep_newlines: bool = False) -> Any:
    """A copy of a report (dicts, lists, strings) with :func:`escape_controls` applied to every string."""
    if isinstance(value, str):
        return escape_controls(value, keep_newlines=keep_newlines)
    if isinstance(value, dict):
        return {k: escape_tree(v, keep_newlines=keep_newlines) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [escape_tree(v, keep_newlines=keep_newlines) for v in value]
    return value
