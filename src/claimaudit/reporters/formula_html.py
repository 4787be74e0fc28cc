"""A formula as readable HTML: × for *, − for -, superscript powers, inputs linked to their claims.

This only re-spells tokens of the text the claim file gives (nothing is evaluated or parsed into an
expression), so it is fast enough for ten thousand cards and cannot fail on odd input: anything it
does not recognise is shown as it is, escaped.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from markupsafe import Markup, escape

_TOKEN = re.compile(
    r"(?P<sp>\s+)"
    r"|(?P<num>(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:[eE](?P<exp>[+-]?\d+))?)"
    r"|(?P<name>[^\W\d][\w.]*)"
    r"|(?P<pow>\*\*|\^)"
    r"|(?P<op>[-+*/×÷·(),%])"
    r"|(?P<other>.)", re.S)

_OPS = {"*": " × ", "×": " × ", "·": " × ", "/": " / ", "÷": " / ", "+": " + ", "-": " − ", ",": ", "}
_FUNCS = {"sqrt": "√"}


def _number(text: str, exp: str | None) -> str:
    if exp is None:
        return str(escape(text))
    mant = text[: text.lower().index("e")]
    power = int(exp)
    shown = str(power).replace("-", "−")
    if mant in ("1", "1.0", "1."):
        return f"10<sup>{shown}</sup>"
    return f"{escape(mant)}×10<sup>{shown}</sup>"


def formula_html(text: str, inputs: Mapping[str, str | None] | None = None) -> Markup:
    """``inputs`` maps a name to the HTML id of the claim it comes from (None for a local input)."""
    inputs = inputs or {}
    tokens = [(m.lastgroup, m) for m in _TOKEN.finditer(text)]
    out: list[str] = []
    i = 0
    sup_depth: list[int] = []   # paren depth at which an open superscript group closes
    depth = 0
    pending_sup = False
    prev_kind = ""
    while i < len(tokens):
        kind, m = tokens[i]
        tok = m.group(0)
        piece: str
        if kind == "sp":
            i += 1
            continue
        if kind == "pow":
            pending_sup = True
            i += 1
            continue
        if kind == "num":
            piece = _number(tok, m.group("exp"))
        elif kind == "name":
            nxt = next((t for t in tokens[i + 1:] if t[0] != "sp"), None)
            is_call = nxt is not None and nxt[1].group(0) == "("
            if is_call:
                piece = f'<span class="fn">{escape(_FUNCS.get(tok, tok))}</span>'
            elif tok in inputs:
                target = inputs[tok]
                piece = (f'<a class="var" href="#{escape(target)}">{escape(tok)}</a>' if target
                         else f'<var>{escape(tok)}</var>')
            else:
                piece = f'<span class="u">{escape(tok)}</span>'   # a unit word, e.g. "1e12 tokens"
        elif kind == "op":
            if tok == "(":
                depth += 1
            elif tok == ")":
                depth -= 1
            # A unary minus hugs its operand.
            prev = next((t for t in reversed(out) if t.strip()), "")
            if tok == "-" and (not prev or prev.endswith(("(", " × ", " / ", " + ", " − ", ", ", "<sup>"))):
                piece = "−"
            else:
                piece = _OPS.get(tok, str(escape(tok)))
        else:
            piece = str(escape(tok))
        # Juxtaposed operands ("1e12 tokens") keep a space between them.
        if (not pending_sup and kind in ("num", "name")
                and (prev_kind in ("num", "name") or (prev_kind == "op" and out and out[-1] == ")"))):
            out.append(" ")
        prev_kind = kind or ""
        i += 1
        if pending_sup:
            pending_sup = False
            out.append("<sup>")
            if tok == "(":
                sup_depth.append(depth - 1)   # the group's parentheses become the superscript
                continue
            out.append(piece)
            out.append("</sup>")
            continue
        if tok == ")" and sup_depth and sup_depth[-1] == depth:
            sup_depth.pop()
            out.append("</sup>")
            continue
        out.append(piece)
    out.extend("</sup>" for _ in sup_depth)   # unbalanced input: still well-formed HTML
    if pending_sup:
        out.append("<sup></sup>")
    return Markup("".join(out).strip())  # noqa: S704 - every piece was escaped as it was built
