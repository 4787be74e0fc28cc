"""Formula trees back to text, with names (and inline units) replaced.

Two styles, both walking the parser's node tree (never the formula text):

* ``board``: for people — ``2,664,000 / 2048``, ``(512 + 64) × 2``, minimal parentheses;
* ``exact``: for the parser again — every operation parenthesised, numbers as exact
  fractions, so substituting ``(x * 3600)`` for a name cannot change the meaning.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from ..formulas.evaluate import Call, Name, Neg, Node, Num, Pow, Product, Qty, Sum


def exact_number(x: Fraction) -> str:
    x = Fraction(x)
    text = str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
    return f"({text})" if x < 0 or x.denominator != 1 else text


def exact(node: Node, name: Callable[[str], str | None] = lambda n: None,
          qty: Callable[[Qty], str] | None = None) -> str:
    """Parseable text of ``node`` with ``name(n)`` (when not None) in place of each name and
    ``qty(node)`` in place of each inline quantity (default: kept as written)."""

    def go(n: Node) -> str:
        if isinstance(n, Num):
            return exact_number(n.value)
        if isinstance(n, Name):
            sub = name(n.name)
            return f"({sub})" if sub is not None else n.name
        if isinstance(n, Qty):
            return f"({qty(n)})" if qty is not None else f"({n.num_text} [{n.unit}])"
        if isinstance(n, Sum):
            parts = [go(n.first)] + [("-" if sub else "+") + " " + go(t) for sub, t in n.rest]
            return "(" + " ".join(parts) + ")"
        if isinstance(n, Product):
            parts = [go(n.first)] + [("/" if div else "*") + " " + go(f) for div, f in n.rest]
            return "(" + " ".join(parts) + ")"
        if isinstance(n, Neg):
            return f"(-{go(n.operand)})"
        if isinstance(n, Pow):
            return f"({go(n.base)}^{go(n.exp)})"
        if isinstance(n, Call):
            return f"{n.fn}(" + ", ".join(go(a) for a in n.args) + ")"
        raise TypeError(f"unknown formula node {type(n).__name__}")  # pragma: no cover

    return go(node)


def board(node: Node, name: Callable[[str], str]) -> str:
    """Readable text of ``node`` with ``name(n)`` in place of each name (× and / as on a board)."""

    def wrap(child: Node, below: int) -> str:
        text = go(child)
        return f"({text})" if child.prec <= below else text

    def go(n: Node) -> str:
        if isinstance(n, Num):
            return n.text
        if isinstance(n, Name):
            return name(n.name)
        if isinstance(n, Qty):
            return n.show()
        if isinstance(n, Sum):
            return wrap(n.first, 0) + "".join((" − " if sub else " + ") + wrap(t, 1) for sub, t in n.rest)
        if isinstance(n, Product):
            items = [(False, n.first)] + list(n.rest)
            out = []
            for i, (div, f) in enumerate(items):
                text = go(f)
                if f.prec <= 2 or isinstance(f, Qty) or (div and isinstance(f, (Product, Sum))):
                    text = f"({text})"
                out.append(((" / " if div else " × ") + text) if i else text)
            return "".join(out)
        if isinstance(n, Neg):
            return "−" + wrap(n.operand, 2)
        if isinstance(n, Pow):
            return wrap(n.base, 4) + "^" + wrap(n.exp, 4)
        if isinstance(n, Call):
            return f"{n.fn}(" + ", ".join(go(a) for a in n.args) + ")"
        raise TypeError(f"unknown formula node {type(n).__name__}")  # pragma: no cover

    return go(node)
