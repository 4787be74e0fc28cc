"""Limits that keep one hostile or broken source text from hanging or exhausting a run.

Each limit hit is a :class:`SourceTextError` for that source only: the quote checker turns it
into a CA204 finding and goes on with the other sources.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any


@dataclass(frozen=True)
class Limits:
    max_bytes: int = 50_000_000      # size of one source file (any format)
    max_pages: int = 2_000           # pages of one PDF
    timeout: float = 30.0            # seconds to extract one PDF or parse one HTML or large Markdown file
    max_chars: int = 20_000_000      # characters of text extracted from one file
    # markdown-it-py costs 1-2 µs and ~70 bytes of tokens a character of ordinary Markdown, and up to
    # 20 µs / 270 bytes for runs of '[' or '*': a larger Markdown text is refused before parsing.
    max_markdown_chars: int = 2_000_000

    @classmethod
    def from_config(cls, config: Mapping[str, Any]) -> Limits:
        kw = {f.name: config[f.name] for f in fields(cls) if config.get(f.name) is not None}
        return cls(**kw)


#: The limits when a caller gives none (a frozen instance, shared safely as a default argument).
DEFAULT_LIMITS = Limits()


class SourceTextError(Exception):
    """A source text that cannot be used. ``kind`` says why, for the finding's severity:

    ``missing`` (no such file, not fetched yet), ``refused`` (outside the allowed folders, not a
    regular file), ``limit`` (size, pages, time), ``unreadable`` (corrupt, wrong encoding, no
    PDF support), ``hash`` (a cached download whose sha256 no longer matches).
    """

    def __init__(self, message: str, kind: str = "unreadable") -> None:
        super().__init__(message)
        self.message = message
        self.kind = kind
