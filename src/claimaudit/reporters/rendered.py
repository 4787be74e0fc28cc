"""A record written out ahead (see :mod:`.prerender`): the plain record dict with its pieces beside it.

Its own module, importing no reporter, so that the reporters that use the pieces (``jsonfmt``,
``html``) and the module that writes them (``prerender``, which imports those reporters) form no loop.
"""

from __future__ import annotations

from typing import Any


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
