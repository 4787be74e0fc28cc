"""Records written out ahead: a ``-n`` worker writes each record's JSON and HTML card where it built
the record, so that the parent, which writes the report alone after every part is merged, only
joins the pieces (issue #14: at 20,000 claims the JSON records took 2.1 s and the cards 2.9 s of
the parent's CPU, the longest serial part of a parallel run).

A :class:`Rendered` record is the plain record dict (every reader sees the same keys and values)
with its pieces beside it; the reporters use a piece only if the record has not been changed since
(any change through the dict's own methods drops them; records are read-only for reporters). The
pieces are exactly what the reporter writes for the record itself: ``jsonfmt`` at the indent of a
report's records (it re-indents one written elsewhere: a JSON text has no raw newline inside a
string), ``card_html`` for each audience asked.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from functools import partial
from typing import Any

#: The formats whose per-record text can be written ahead.
PRERENDERED = frozenset({"json", "html"})


class Rendered(dict):
    """A record (a plain dict to every reader) with ``parts``: format key -> its text for this record."""

    __slots__ = ("parts",)

    def __init__(self, record: dict[str, Any], parts: dict[str, str] | None = None) -> None:
        super().__init__(record)
        self.parts: dict[str, str] = parts or {}

    def __reduce__(self) -> tuple[Any, ...]:
        # As a plain dict and its parts (C-speed on both sides; the dict's own items protocol would
        # call the overridden __setitem__ per key, which drops the parts).
        return Rendered, (dict(self), self.parts)

    # A changed record is written afresh: every mutator of the dict itself drops the pieces.
    def _changed(self) -> None:
        self.parts = {}

    def __setitem__(self, key: Any, value: Any) -> None:
        self._changed()
        super().__setitem__(key, value)

    def __delitem__(self, key: Any) -> None:
        self._changed()
        super().__delitem__(key)

    def __ior__(self, other: Any) -> Rendered:  # type: ignore[misc]
        self._changed()
        super().update(other)
        return self

    def update(self, *args: Any, **kwargs: Any) -> None:
        self._changed()
        super().update(*args, **kwargs)

    def pop(self, *args: Any) -> Any:
        self._changed()
        return super().pop(*args)

    def popitem(self) -> tuple[Any, Any]:
        self._changed()
        return super().popitem()

    def setdefault(self, key: Any, default: Any = None) -> Any:
        self._changed()
        return super().setdefault(key, default)

    def clear(self) -> None:
        self._changed()
        super().clear()


def part(record: Any, key: str) -> str | None:
    """The piece ``key`` of a record written ahead, or None (not a Rendered record, or changed)."""
    if type(record) is Rendered:
        return record.parts.get(key)
    return None


def html_key(audience: str) -> str:
    return "html:" + audience


def prerendered(record: dict[str, Any], formats: Collection[str], audience: str = "maintainers") -> Rendered:
    """``record`` with its JSON (if ``json`` is in ``formats``) and its card for ``audience`` (if ``html``)."""
    parts: dict[str, str] = {}
    if "json" in formats:
        from .jsonfmt import RECORD_INDENT, dumps

        parts["json"] = dumps(record, RECORD_INDENT)
    if "html" in formats:
        from .card_html import card_html

        parts[html_key(audience)] = str(card_html(record, audience))
    return Rendered(record, parts)


def prerenderer(formats: Collection[str] | None, audience: str = "maintainers") -> Callable[[Any], Any] | None:
    """What a ``-n`` worker applies to each record it builds for a report in ``formats`` (None: no
    format it can write ahead). Picklable: it is sent to the workers."""
    if not formats:
        return None
    kinds = frozenset(formats) & PRERENDERED
    if not kinds:
        return None
    return partial(prerendered, formats=kinds, audience=audience)
