"""Regular expressions compiled on first use, for module-level patterns that a run may never need.

Compiling a pattern costs 0.05–0.7 ms (a word list with IGNORECASE costs the most); a module-level
``re.compile`` pays it at every start-up, even in a run that never reads such text.
"""

from __future__ import annotations

import re
from typing import Any


class LazyPattern:
    """``re.compile(pattern, flags)`` when an attribute other than ``pattern`` and ``flags`` is first
    read; after that its methods (search, match, finditer …) are the compiled pattern's own."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern, self.flags = pattern, flags

    def __getattr__(self, name: str) -> Any:
        compiled = re.compile(self.pattern, self.flags)
        for attr in ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split"):
            setattr(self, attr, getattr(compiled, attr))
        return getattr(compiled, name)
