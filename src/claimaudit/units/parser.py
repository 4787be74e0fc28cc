"""The parser of unit expressions: tokens (:mod:`.lexer`) to one :class:`.terms.Term`.

The grammar, loosest first (see :mod:`.registry` for what it reads)::

    expr  := [ "/" ] prod (("*" | "/" | "×" | "per" | "每") prod)*     left to right
    prod  := tight tight*                  juxtaposition ("GPU hours")
    tight := power (("-" | "·") power)*    hyphenated compound ("GPU-hour")
    power := atom [("^" | "**") int | superscripts]
    atom  := word | symbol | "(" expr ")" | "1"

A word is read by the ``word`` function the caller passes (:func:`.words.word_term`, or a
declared unit), so the grammar knows nothing of vocabularies.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..errors import UnitError
from .lexer import Tok, unit_error
from .spellings import DOMAIN, NOTE_DIV_MUL, NUMBER_PREFIX, NUMBER_SCALE
from .terms import ONE, Term, parts_term

MAX_EXPONENT = 12       # |n| in s^n, so that no exponent can blow up a Fraction
MAX_NESTING = 16        # parentheses

class Parser:
    """A recursive-descent parser over one unit string's tokens; ``word`` reads each word."""

    def __init__(self, text: str, toks: list[Tok], word: Callable[[str, Tok], Term]) -> None:
        self.text, self.toks, self.i, self.word = text, toks, 0, word

    def peek(self) -> Tok | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self) -> Tok:
        tok = self.toks[self.i]
        self.i += 1
        return tok

    def error(self, message: str, tok: Tok | None, suggestions: Iterable[str] = ()) -> UnitError:
        col = tok.col if tok is not None else len(self.text)
        return unit_error(self.text, message, col, suggestions)

    def parse(self) -> Term:
        term = self.expr(0)
        tok = self.peek()
        if tok is not None:
            raise self.error(f"unexpected {tok.text!r}", tok)
        return term

    def expr(self, depth: int) -> Term:
        tok = self.peek()
        left = ONE if tok is not None and tok.kind == "DIV" else self.prod(depth)
        divided = False
        while (tok := self.peek()) is not None and tok.kind in ("MUL", "DIV"):
            self.take()
            right = self.prod(depth)
            if tok.kind == "DIV":
                left, divided = left / right, True
            else:
                left = left * right
                if divided:
                    left = left.with_note(NOTE_DIV_MUL)
        return left

    def starts_atom(self, tok: Tok | None) -> bool:
        return tok is not None and tok.kind in ("NAME", "ATOM", "LP", "NUM")

    def prod(self, depth: int) -> Term:
        left = self.tight(depth)
        while self.starts_atom(self.peek()):
            left = left * self.tight(depth)
        return left

    def tight(self, depth: int) -> Term:
        left = self.power(depth)
        while (tok := self.peek()) is not None and tok.kind in ("HYPH", "DOT"):
            self.take()
            nxt = self.peek()
            if nxt is not None and nxt.kind == "NUM":
                raise self.error(f"write a negative exponent as ^-{nxt.text}", tok)
            left = left * self.power(depth)
        return left

    def power(self, depth: int) -> Term:
        base = self.atom(depth)
        tok = self.peek()
        if tok is not None and tok.kind == "POW":
            self.take()
            return base ** self.exponent(tok)
        if tok is not None and tok.kind == "SUP":
            self.take()
            return base ** self.check_exponent(tok.value, tok)
        return base

    def check_exponent(self, n: int, tok: Tok) -> int:
        if n == 0 or abs(n) > MAX_EXPONENT:
            raise self.error(f"exponent {n} out of range (1..{MAX_EXPONENT} in size)", tok)
        return n

    def exponent(self, pow_tok: Tok) -> int:
        paren = False
        tok = self.peek()
        if tok is not None and tok.kind == "LP":
            self.take()
            paren = True
        sign = 1
        tok = self.peek()
        if tok is not None and tok.kind == "HYPH":
            self.take()
            sign = -1
        tok = self.peek()
        if tok is None or tok.kind != "NUM" or not tok.text.isdigit():
            raise self.error("expected a whole-number exponent", tok or pow_tok)
        self.take()
        n = self.check_exponent(sign * int(tok.text), tok)
        if paren:
            close = self.peek()
            if close is None or close.kind != "RP":
                raise self.error("missing ')'", close)
            self.take()
        return n

    def atom(self, depth: int) -> Term:
        tok = self.peek()
        if tok is None:
            raise self.error("a unit is missing at the end", None)
        self.take()
        if tok.kind == "NAME":
            return self.word(self.text, tok)
        if tok.kind == "ATOM":
            parts, note = tok.value
            return parts_term(parts, note)
        if tok.kind == "LP":
            if depth >= MAX_NESTING:
                raise self.error("too many nested parentheses", tok)
            inner = self.expr(depth + 1)
            close = self.peek()
            if close is None or close.kind != "RP":
                raise self.error("missing ')'", close)
            self.take()
            return inner
        if tok.kind == "NUM":
            nxt = self.peek()
            if tok.text == "1" and nxt is not None and nxt.kind == "DIV":
                return ONE     # "1/s"
            message, suggestions = self.number_message(tok)
            raise self.error(message, tok, suggestions)
        raise self.error(f"expected a unit, found {tok.text!r}", tok)

    def number_message(self, tok: Tok) -> tuple[str, tuple[str, ...]]:
        digits, scale = tok.text, 1
        if digits[-1] in NUMBER_SCALE:
            digits, scale = digits[:-1], NUMBER_SCALE[digits[-1]]
        value = int(digits) * scale
        suggestions: tuple[str, ...] = ()
        nxt = self.peek()
        prefix = NUMBER_PREFIX.get(value)
        if prefix and nxt is not None and nxt.kind == "NAME" and nxt.text.lower() in DOMAIN:
            unit = DOMAIN[nxt.text.lower()]
            end = nxt.col + len(nxt.text)
            suggestions = (self.text[:tok.col] + prefix + unit + self.text[end:],)
        message = (f"a number ({tok.text}) inside a unit is not supported; put the scale in a "
                   "prefix (USD/Mtoken for USD per 1M tokens) or in the number")
        return message, suggestions
