"""markdown-it tokens of a Markdown text, within the source limits.

A short text is parsed in the process (at most about 2 s even for the slowest shapes); a longer
one in a child process (:mod:`.markdown_worker`) killed at the ``timeout`` limit and capped in
memory, as PDFs are (:mod:`.load_pdf`). The tokens come back as JSON, never pickled.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .limits import Limits, SourceTextError

#: Texts up to this many characters are parsed in the process.
INLINE_MAX_CHARS = 200_000
#: Address-space cap of the parsing process (bytes).
MEMORY_LIMIT = 2 * 1024 ** 3


def _cap_memory() -> None:  # pragma: no cover - runs in the child
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    except (ImportError, ValueError, OSError):
        pass


def markdown_tokens(text: str, parser: Callable[[], Any], *, file: str, limits: Limits | None = None,
                    inline_max: int = INLINE_MAX_CHARS) -> list[Any]:
    """The tokens of ``text``: in the process when it is short, else in a bounded child process."""
    if len(text) <= inline_max:
        return list(parser().parse(text))
    from markdown_it.token import Token

    limits = limits or Limits()
    worker = Path(__file__).with_name("markdown_worker.py")
    try:
        proc = subprocess.run([sys.executable, "-I", str(worker)], input=text.encode("utf-8"),
                              capture_output=True, timeout=limits.timeout,
                              preexec_fn=_cap_memory if sys.platform != "win32" else None)
    except subprocess.TimeoutExpired:
        raise SourceTextError(f"{file}: parsing the Markdown took longer than {limits.timeout:g} s "
                              "(the timeout limit)", "limit") from None
    try:
        data = json.loads(proc.stdout.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        err = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        raise SourceTextError(f"{file}: Markdown parsing failed" + (f": {err[-1]}" if err else
                              f" (exit code {proc.returncode})"), "unreadable") from None
    return [Token.from_dict(d) for d in data]
