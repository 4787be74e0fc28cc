"""JSON output: the report dict as it is (documented in docs/records.md).

The text is exactly ``json.dump(report, ensure_ascii=False, indent=2)``'s. The standard library
indents in pure Python, one generator step per value (the C encoder cannot indent before Python
3.13); this writer escapes strings with the same C function and appends to a list, about twice as
fast, and hands the text to ``out`` in pieces so a large report is never one string in memory.

``out`` may be a binary stream: the text goes to it UTF-8 encoded, and records written ahead
(reporters/prerender.py) go as their bytes, never decoded and encoded again. In the parent of a
``-n 2`` run at 100,000 claims, writing a 210 MB JSON report alone, that round trip was most of it.
"""

from __future__ import annotations

import io
import math
from json.encoder import encode_basestring  # the C escaper when available
from typing import IO, Any

from .rendered import Rendered, part, part_bytes

#: Pieces collected before they are written out.
FLUSH_EVERY = 8192


def render(report: dict[str, Any], out: IO[Any], **_: Any) -> None:
    """``report`` as JSON text to ``out``, a text stream or a binary one (see the module docstring)."""
    parts: list[Any] = []
    sink = _Sink(out)
    _value(report, "", parts, sink)
    parts.append("\n")
    sink.write(parts)


class _Sink:
    """Where the pieces go: joined and written as text, or (a binary ``out``) as UTF-8 bytes, the bytes
    of records written ahead among them as they are."""

    __slots__ = ("binary", "out")

    def __init__(self, out: IO[Any]) -> None:
        self.out = out
        self.binary = isinstance(out, (io.BufferedIOBase, io.RawIOBase)) or (
            not isinstance(out, io.TextIOBase) and "b" in getattr(out, "mode", ""))

    def write(self, parts: list[Any]) -> None:
        if not self.binary:
            self.out.write("".join(parts))
            return
        try:     # no bytes among them (records built here, not written ahead): one join, at C speed
            self.out.write("".join(parts).encode("utf-8"))
            return
        except TypeError:
            pass
        chunks: list[bytes] = []
        run: list[str] = []
        for p in parts:
            if type(p) is bytes:
                if run:
                    chunks.append("".join(run).encode("utf-8"))
                    run.clear()
                chunks.append(p)
            else:
                run.append(p)
        if run:
            chunks.append("".join(run).encode("utf-8"))
        self.out.write(b"".join(chunks))


#: The indent of a report's records (``{"records": [{...}]}``: two levels in).
RECORD_INDENT = "    "


def dumps(value: Any, indent: str = "") -> str:
    """``value`` as :func:`render` writes it at ``indent`` (no final newline)."""
    parts: list[Any] = []
    _value(value, indent, parts, None)
    return "".join(parts)


def _float(x: float) -> str:
    if math.isfinite(x):
        return float.__repr__(x)
    return "NaN" if x != x else ("Infinity" if x > 0 else "-Infinity")


def _key(k: object) -> str:
    if isinstance(k, str):
        return encode_basestring(k)
    if k is True or k is False or k is None:
        return '"' + {True: "true", False: "false", None: "null"}[k] + '"'
    if isinstance(k, int):
        return '"' + int.__repr__(k) + '"'
    if isinstance(k, float):
        return '"' + _float(k) + '"'
    raise TypeError(f"keys must be str, int, float, bool or None, not {type(k).__name__}")


def _value(v: Any, indent: str, parts: list[Any], out: _Sink | None) -> None:
    t = type(v)
    if t is str:
        parts.append(encode_basestring(v))
    elif v is None:
        parts.append("null")
    elif v is True:
        parts.append("true")
    elif v is False:
        parts.append("false")
    elif t is int:
        parts.append(int.__repr__(v))
    elif t is float:
        parts.append(_float(v))
    elif t is Rendered and "json" in v.parts:
        # Written ahead at RECORD_INDENT (reporters/prerender.py), where a report's records are; a JSON text
        # has raw newlines only between items, each followed by at least that indent.
        # (a -n worker's is read from its file of pieces here). Bytes (UTF-8, as prerender wrote them)
        # only to a binary stream: else the text, so that the pieces joined are all text.
        piece = (part_bytes(v, "json") if out is not None and out.binary else part(v, "json")) or ""
        if indent != RECORD_INDENT:
            if isinstance(piece, bytes):
                piece = piece.replace(("\n" + RECORD_INDENT).encode(), ("\n" + indent).encode())
            else:
                piece = piece.replace("\n" + RECORD_INDENT, "\n" + indent)
        parts.append(piece)
    elif isinstance(v, dict):
        _items("{", "}", [(_key(k) + ": ", x) for k, x in v.items()], indent, parts, out)
    elif isinstance(v, (list, tuple)):
        _items("[", "]", [("", x) for x in v], indent, parts, out)
    elif isinstance(v, str):
        parts.append(encode_basestring(v))
    elif isinstance(v, int):
        parts.append(int.__repr__(v))
    elif isinstance(v, float):
        parts.append(_float(v))
    else:
        raise TypeError(f"Object of type {type(v).__name__} is not JSON serializable")


def _items(start: str, end: str, items: list[tuple[str, Any]], indent: str, parts: list[Any],
           out: _Sink | None) -> None:
    """A dict's ``"key": value`` pairs (``label`` the key) or a list's values, one per line."""
    if not items:
        parts.append(start + end)
        return
    inner = indent + "  "
    between = ",\n" + inner
    parts.append(start + "\n" + inner)
    for i, (label, x) in enumerate(items):
        if i:
            parts.append(between)
        if label:
            parts.append(label)
        _value(x, inner, parts, out)
        if out is not None and len(parts) > FLUSH_EVERY:
            out.write(parts)
            parts.clear()
    parts.append("\n" + indent + end)
