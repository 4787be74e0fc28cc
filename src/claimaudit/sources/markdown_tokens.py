"""markdown-it tokens of a Markdown text, within the source limits.

A short text is parsed in the process (at most about 2 s even for the slowest shapes); a longer
one in a child process (:mod:`.markdown_worker`) killed at the ``timeout`` limit and capped in
memory, as PDFs are (:mod:`.load_pdf`). The tokens come back as JSON, never pickled.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .child import run_worker
from .limits import Limits

#: Texts up to this many characters are parsed in the process.
INLINE_MAX_CHARS = 200_000


def markdown_tokens(text: str, parser: Callable[[], Any], *, file: str, limits: Limits | None = None,
                    inline_max: int = INLINE_MAX_CHARS) -> list[Any]:
    """The tokens of ``text``: in the process when it is short, else in a bounded child process."""
    if len(text) <= inline_max:
        return list(parser().parse(text))
    from markdown_it.token import Token

    data = run_worker("markdown_worker.py", [], stdin=text.encode("utf-8"), limits=limits or Limits(), shown=file,
                      doing="parsing the Markdown")
    return [Token.from_dict(d) for d in data]
