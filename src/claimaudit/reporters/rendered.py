"""A record written out ahead (see :mod:`.prerender`): the plain record dict with its pieces beside it.

Its own module, importing no reporter, so that the reporters that use the pieces (``jsonfmt``,
``html``) and the module that writes them (``prerender``, which imports those reporters) form no loop.

A piece is its text (a JSON piece: its UTF-8 bytes, which a JSON report written to a binary stream
takes as they are), or (a ``-n`` worker's, when the record's ``stored`` is set) its place in the
worker's :class:`PieceFile`: the parent reads it only as it writes the report. A parent that took
100 MB of pieces in at once spent more CPU time taking them in than the worker writing them (#14).
"""

from __future__ import annotations

from typing import Any, BinaryIO

#: Bytes read at a time from a file of pieces: the report reads a part's pieces in the order written.
WINDOW = 1 << 20


class Rendered(dict):
    """A record (a plain dict to every reader) with ``parts``: format key -> its text for this record."""

    __slots__ = ("parts", "stored")

    def __init__(self, record: dict[str, Any], parts: dict[str, Any] | None = None) -> None:
        super().__init__(record)
        self.parts: dict[str, Any] = parts or {}
        # the file the pieces are in (their places are then in ``parts``), or None: they are texts
        self.stored: PieceFile | None = None

    def __reduce__(self) -> tuple[Any, ...]:
        # As a plain dict and its parts (C-speed on both sides; the dict's own items protocol would
        # call the overridden __setitem__ per key, which drops the parts).
        # Stored pieces go as their texts: the file they are in is this process's.
        parts = self.parts if self.stored is None else {k: _kept(k, self.stored.read_bytes(p))
                                                        for k, p in self.parts.items()}
        return Rendered, (dict(self), parts)

    # A changed record is written afresh: every mutator of the dict itself drops the pieces.
    def _changed(self) -> None:
        self.parts, self.stored = {}, None

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


#: The pieces kept as UTF-8 bytes (reporters/prerender.py); the others (HTML cards) are texts.
BYTES_KEYS = frozenset({"json"})


def _kept(key: str, data: bytes) -> str | bytes:
    """A piece read back from a file of pieces, as it was before it was written there."""
    return data if key in BYTES_KEYS else data.decode("utf-8")


def part(record: Any, key: str) -> str | None:
    """The piece ``key`` of a record written ahead, as text, or None (not a Rendered record, or changed)."""
    piece = part_bytes(record, key)
    return piece.decode("utf-8") if isinstance(piece, bytes) else piece


def part_bytes(record: Any, key: str) -> str | bytes | None:
    """The piece ``key`` as it is kept: its text, or its UTF-8 bytes (a JSON piece, or one read back
    from a worker's file of pieces, never decoded); None as :func:`part`."""
    if type(record) is Rendered:
        piece = record.parts.get(key)
        return piece if piece is None or record.stored is None else record.stored.read_bytes(piece)
    return None


class PieceFile:
    """A worker's file of pieces (UTF-8, one after another), read a window at a time.

    The file stays where the worker wrote it (its folder, held in ``keep``, is removed once no record
    reading from it is left); each window is read with the file opened and closed again, so that a
    run of many parts holds no file open."""

    __slots__ = ("_start", "_window", "keep", "path")

    def __init__(self, path: str, keep: Any = None) -> None:
        self.path, self.keep = path, keep
        self._start, self._window = 0, b""

    def read_bytes(self, place: tuple[int, int]) -> bytes:
        """The piece at ``place`` (offset, length in bytes), as written (UTF-8)."""
        offset, length = place
        start, window = self._start, self._window
        if offset < start or offset + length > start + len(window):
            with open(self.path, "rb") as f:
                f.seek(offset)
                start, window = offset, f.read(max(length, WINDOW))
            self._start, self._window = start, window
        return window[offset - start:offset - start + length]


def write_out(records: list[Any], out: BinaryIO) -> list[Any]:
    """Write the pieces of ``records`` (the Rendered ones) to ``out``; their places, record by record
    (format key -> (offset, length), or None), for :func:`read_back`. The records keep no pieces."""
    places: list[Any] = []
    offset = 0
    for r in records:
        if type(r) is not Rendered or not r.parts:
            places.append(None)
            continue
        where = {}
        for key, piece in r.parts.items():
            data = piece if type(piece) is bytes else piece.encode("utf-8")
            out.write(data)
            where[key] = (offset, len(data))
            offset += len(data)
        places.append(where)
        r.parts = {}
    return places


def read_back(records: list[Any], places: list[Any], path: str, keep: Any = None) -> None:
    """The inverse of :func:`write_out`: ``records`` get their pieces back, as places in ``path``
    (``keep``: what must live as long as they read from it: the file's folder)."""
    pieces = PieceFile(path, keep)
    for r, where in zip(records, places, strict=True):
        if where is not None:
            r.parts, r.stored = where, pieces


def html_key(audience: str) -> str:
    return "html:" + audience
