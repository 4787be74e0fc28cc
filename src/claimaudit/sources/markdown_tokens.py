"""markdown-it tokens of a Markdown text, within the source limits.

A short text is parsed in the process (at most about 2 s even for the slowest shapes); a longer
one in a child process (:mod:`.markdown_worker`) killed at the ``timeout`` limit and capped in
memory, as PDFs are (:mod:`.load_pdf`). The tokens come back as JSON lines, never pickled, and
are rebuilt a line (a few thousand tokens) at a time as the caller reads them (a 5 MiB text has
about 800,000 tokens), as :class:`WorkerToken`: the fields the loader reads, under
``markdown_it.token.Token``'s names (a plain text child, sent as its content alone, as
:class:`TextToken`).
"""

from __future__ import annotations

import functools
import importlib.util
import os
from collections.abc import Callable, Collection, Iterable, Iterator
from typing import Any

from .child import run_worker_lines
from .limits import Limits, SourceTextError

#: Texts up to this many characters are parsed in the process.
INLINE_MAX_CHARS = 200_000


def markdown_tokens(text: str, parser: Callable[[], Any], *, file: str, limits: Limits | None = None,
                    inline_max: int | None = None, types: Collection[str] | None = None,
                    fast: bool = False) -> Iterable[Any]:
    """The tokens of ``text``: in the process when it is short, else in a bounded child process.
    With ``types``, only the top-level tokens of those types (what the caller reads: the worker
    then sends half the tokens of a document of tables). With ``fast``, the child parses with
    markdown-it-pyrs when it is installed (:func:`.markdown_worker.fast_records`: the tokens as
    far as :mod:`.load_markdown` reads them, inline children of other types left out)."""
    if len(text) <= (INLINE_MAX_CHARS if inline_max is None else inline_max):
        tokens = parser().parse(text)
        return list(tokens) if types is None else [t for t in tokens if t.type in types]
    args = list(types or ())
    data = text.encode("utf-8")
    lim = limits or Limits()
    if fast and fast_parser():
        try:
            return _tokens(run_worker_lines("markdown_worker.py", ["--fast", *args], stdin=data, limits=lim,
                                            shown=file, doing="parsing the Markdown"))
        except SourceTextError as exc:
            if exc.kind == "limit":
                raise
            # markdown-it-pyrs overflows its stack on some deep nestings (200,000 ">"): markdown-it-py
            # parses it instead
    return _tokens(run_worker_lines("markdown_worker.py", args, stdin=data, limits=lim, shown=file,
                                    doing="parsing the Markdown"))


def fast_parser() -> bool:
    """Whether the worker may parse with markdown-it-pyrs: it is installed (the ``[fast]`` extra),
    markdown-it-py is of the major version the conversion copies (4: it joins the texts of an
    image's alt text), and ``CLAIMAUDIT_MARKDOWN=py`` does not turn it off."""
    return os.environ.get("CLAIMAUDIT_MARKDOWN") != "py" and _fast_installed()


@functools.cache
def _fast_installed() -> bool:
    if importlib.util.find_spec("markdown_it_pyrs") is None:
        return False
    from importlib.metadata import version

    return version("markdown-it-py").split(".")[0] == "4"


class WorkerToken:
    """A token as the worker sends it (:data:`.markdown_worker.FIELDS`): ``type``, ``tag``,
    ``map``, ``content``, ``info`` and ``children``, read like a markdown-it ``Token``."""

    __slots__ = ("children", "content", "info", "map", "tag", "type")

    def __init__(self, rec: list[Any]) -> None:
        self.type, self.tag, self.map, self.content, self.info, ch = rec
        # (a plain text child comes as its content alone)
        self.children = [TextToken(c) if c.__class__ is str else WorkerToken(c) for c in ch] if ch else None


class TextToken:
    """A plain text child (``type`` "text", no tag, map, info or children), which the worker sends
    as its content alone: the fields of a :class:`WorkerToken`, without a record to read."""

    __slots__ = ("content",)
    type, tag, map, info, children = "text", "", None, "", None

    def __init__(self, content: str) -> None:
        self.content = content


def _tokens(data: Iterator[Any]) -> Iterator[Any]:
    for chunk in data:
        yield from map(WorkerToken, chunk)
