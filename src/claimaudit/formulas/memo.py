"""Parsed formulas by text, shared by the engine and the checkers that evaluate formulas again.

A :class:`~claimaudit.formulas.parse.Formula` is immutable once parsed (its inline quantities are
cached inside it per unit vocabulary), so one parse serves every claim and every checker with the
same formula text: the engine's dependency pass, its evaluation, and the face-value and
re-reading checkers. Bounded in entries and in the length of a text (hostile input cannot grow
it), like the printed-number memo; a formula that does not parse is never remembered (each caller
locates its own error). Importing this module does not import the parser.
"""

from __future__ import annotations

from itertools import islice
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .parse import Formula

#: Formula texts longer than this are parsed each time, never kept.
MEMO_TEXT = 500
#: At most this many formulas are kept; when full, the older half is dropped (not all of them: a
#: large run with more distinct formulas than this, such as one reference chain per file, then
#: keeps the formulas its claims share instead of parsing them all again after each clear).
MEMO_ENTRIES = 4096

#: text -> its parsed Formula (default unit resolver).
FORMULAS: dict[str, Formula] = {}


def parsed_formula(text: str) -> Formula:
    """``parse_formula(text)``, parsed once per text; raises its FormulaError (never remembered)."""
    f = FORMULAS.pop(text, None) if isinstance(text, str) else None
    if f is not None:
        FORMULAS[text] = f            # the most recently used last: dropped last
    else:
        from .parse import parse_formula

        f = parse_formula(text)
        if len(text) <= MEMO_TEXT:
            if len(FORMULAS) >= MEMO_ENTRIES:
                _drop_older_half()
            FORMULAS[text] = f
    return f


def _drop_older_half() -> None:
    """Drop the older half of the memo's entries (a dict keeps them in the order they came; a
    formula found again moves to the end, so those that claims share stay)."""
    for text in list(islice(FORMULAS, MEMO_ENTRIES // 2)):
        del FORMULAS[text]
