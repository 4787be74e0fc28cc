"""``-k EXPR`` selection, as in pytest: substrings combined with ``and``, ``or``, ``not`` and parentheses.

A bare word matches (case-insensitively) any part of ``file::id``, the claim file's module name,
or one of the claim's tags.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..errors import UsageError
from ..model.claims import Claim

_TOKEN = re.compile(r"\s*(\(|\)|[^\s()]+)")


def _tokens(expr: str) -> list[str]:
    pos, out = 0, []
    expr = expr.strip()
    while pos < len(expr):
        m = _TOKEN.match(expr, pos)
        if not m:
            break
        out.append(m.group(1))
        pos = m.end()
    return out


def matches_keyword(expr: str, claim: Claim) -> bool:
    haystack = [f"{claim.file}::{claim.id}".lower(), claim.module.lower(), *(t.lower() for t in claim.tags)]
    toks = _tokens(expr)
    i = 0

    def peek() -> str | None:
        return toks[i] if i < len(toks) else None

    def take() -> str:
        nonlocal i
        i += 1
        return toks[i - 1]

    def chain(op: str, operand: Callable[[], bool]) -> bool:
        # ``operand (op operand)*``; every operand is parsed (no short cut), so the tokens are all read.
        values = [operand()]
        while peek() == op:
            take()
            values.append(operand())
        return any(values) if op == "or" else all(values)

    def or_expr() -> bool:
        return chain("or", and_expr)

    def and_expr() -> bool:
        return chain("and", not_expr)

    def not_expr() -> bool:
        if peek() == "not":
            take()
            return not not_expr()
        if peek() == "(":
            take()
            v = or_expr()
            if peek() != ")":
                raise UsageError(f"-k {expr!r}: missing ')'")
            take()
            return v
        tok = peek()
        if tok is None or tok in ("and", "or", ")"):
            raise UsageError(f"-k {expr!r}: expected a word at position {i + 1}")
        word = take().lower()
        return any(word in h for h in haystack)

    if not toks:
        return True
    result = or_expr()
    if i != len(toks):
        raise UsageError(f"-k {expr!r}: unexpected {toks[i]!r}")
    return result
