"""markdown-it tokens of a Markdown text, within the source limits.

A short text is parsed in the process (at most about 2 s even for the slowest shapes); a longer
one in a child process (:mod:`.markdown_worker`) killed at the ``timeout`` limit and capped in
memory, as PDFs are (:mod:`.load_pdf`). The tokens come back as JSON lines, never pickled, and
are rebuilt a line (a few thousand tokens) at a time as the caller reads them (a 5 MiB text has
about 800,000 tokens), as :class:`WorkerToken`: the fields the loader reads, under
``markdown_it.token.Token``'s names.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator
from typing import Any

from .child import run_worker_lines
from .limits import Limits

#: Texts up to this many characters are parsed in the process.
INLINE_MAX_CHARS = 200_000


def markdown_tokens(text: str, parser: Callable[[], Any], *, file: str, limits: Limits | None = None,
                    inline_max: int = INLINE_MAX_CHARS, types: Collection[str] | None = None) -> Iterable[Any]:
    """The tokens of ``text``: in the process when it is short, else in a bounded child process.
    With ``types``, only the top-level tokens of those types (what the caller reads: the worker
    then sends half the tokens of a document of tables)."""
    if len(text) <= inline_max:
        tokens = parser().parse(text)
        return list(tokens) if types is None else [t for t in tokens if t.type in types]
    data = run_worker_lines("markdown_worker.py", list(types or ()), stdin=text.encode("utf-8"),
                            limits=limits or Limits(), shown=file, doing="parsing the Markdown")
    return _tokens(data)


class WorkerToken:
    """A token as the worker sends it (:data:`.markdown_worker.FIELDS`): ``type``, ``tag``,
    ``map``, ``content``, ``info`` and ``children``, read like a markdown-it ``Token``."""

    __slots__ = ("children", "content", "info", "map", "tag", "type")

    def __init__(self, rec: list[Any]) -> None:
        self.type, self.tag, self.map, self.content, self.info, ch = rec
        self.children = [WorkerToken(c) for c in ch] if ch else None


def _tokens(data: Iterator[Any]) -> Iterator[Any]:
    for chunk in data:
        yield from map(WorkerToken, chunk)
