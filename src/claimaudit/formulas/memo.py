"""Parsed formulas by text, shared by the engine and the checkers that evaluate formulas again.

A :class:`~claimaudit.formulas.parse.Formula` is immutable once parsed (its inline quantities are
cached inside it per unit vocabulary), so one parse serves every claim and every checker with the
same formula text: the engine's dependency pass, its evaluation, and the face-value and
re-reading checkers. Bounded in entries and in the length of a text (hostile input cannot grow
it), like the printed-number memo; a formula that does not parse is never remembered (each caller
locates its own error). Importing this module does not import the parser.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .parse import Formula

#: Formula texts longer than this are parsed each time, never kept.
MEMO_TEXT = 500
#: At most this many formulas are kept (the memo starts afresh when full).
MEMO_ENTRIES = 4096

#: text -> its parsed Formula (default unit resolver).
FORMULAS: dict[str, Formula] = {}


def parsed_formula(text: str) -> Formula:
    """``parse_formula(text)``, parsed once per text; raises its FormulaError (never remembered)."""
    f = FORMULAS.get(text) if isinstance(text, str) else None
    if f is None:
        from .parse import parse_formula

        f = parse_formula(text)
        if len(text) <= MEMO_TEXT:
            if len(FORMULAS) >= MEMO_ENTRIES:
                FORMULAS.clear()
            FORMULAS[text] = f
    return f
