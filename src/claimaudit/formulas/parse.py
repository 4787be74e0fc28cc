"""Safe formula parser: a hand-written tokenizer and precedence-climbing parser over a small
whitelisted grammar. Formula text is never handed to eval/exec/compile/sympify.

INTERFACE (the engine and checkers rely on exactly this):

    parse_formula(text: str, *, unit_resolver=None) -> Formula
        # raises FormulaError(message, column=0-based)
    Formula.text
    Formula.names -> tuple[str, ...]           # referenced names in order of first use,
                                               # dotted ones kept whole ("v3_cost.total_hours")
    Formula.units_used -> tuple[str, ...]      # inline unit strings, in order of first use
    Formula.evaluate(env: Mapping[str, Quantity]) -> Quantity
        # raises FormulaError (unknown name, unknown inline unit), DimensionMismatch,
        # IntervalError (division by an interval containing 0, overflow, domain)
    Formula.to_sympy() -> sympy.Expr           # lazily imports sympy; names become Symbols
    Formula.display() -> str                   # readable text (e.g. "(n0*t0)/(n1*t1)")
    Formula.resolve_units() -> tuple[UnitInfo, ...]   # resolve every inline unit now (lint)

GRAMMAR

    expr    := term (('+' | '-') term)*
    term    := unary (('*' | '/') unary)*
    unary   := ('+' | '-') unary | power
    power   := atom ('^' unary)?                     # right-associative: 2^3^2 = 2^9
    atom    := number | quantity | name | name '(' expr (',' expr)* ')' | '(' expr ')'

* Operators: ``+ - * / ^ **`` (``^`` and ``**`` both mean power) and the Unicode signs
  ``× · ⋅`` (times), ``÷`` (divide), ``−`` (U+2212 minus). ``-2^2`` is ``-(2^2)``; ``2^-1``
  is allowed. Implicit multiplication is not: ``2x``/``2(x)`` are errors.
* Numbers: ``12``, ``0.5``, ``.5``, ``1e12``, ``1.5E-3`` — exact rationals. A suffix written
  directly after the digits multiplies: ``K M B T`` (10^3, 10^6, 10^9, 10^12) and
  ``Ki Mi Gi Ti`` (2^10 … 2^40): ``128Ki`` = 131072, ``2.5K`` = 2500. ``%`` directly after the
  digits divides by 100: ``5%`` = 1/20. Note ``2B`` is two billion while ``2 B`` is two bytes.
* Names: Unicode identifiers, optionally dotted (``v3_cost.total_hours``; no spaces around
  the dots). Names starting with ``__`` and Python keywords are refused.
* Functions: sqrt, log (natural; ``log(x, base)``), ln, log10, log2, exp, min, max, sum
  (variadic), abs, floor, ceil. Nothing else can be called.

INLINE UNITS — where a unit starts and ends

    A number literal followed by whitespace and then a unit starts an inline quantity:

    1. Bracketed: ``2 [USD/(GPU*hour)]``, ``2 [GPU-hours]`` — everything inside the brackets
       is the unit (any unit text the registry understands).
    2. Unbracketed: ``24 hour``, ``128Ki tokens``, ``15.36 TB``, ``2 USD/(GPU*hour)``,
       ``1000 tokens/s``, ``3 m^2``, ``30 min``. The unit is a *unit word* (an identifier not
       followed by ``(`` — that is a call — or by ``.name``), extended by operators written
       *without spaces*: ``*``/``/`` (and ``· ⋅ × ÷``) followed directly by another unit word or
       by a parenthesised group of unit words, ``*``, ``/``, ``^`` and integers; and ``^int``
       or ``**int`` directly after a word or group. **A space ends the unit**:
       ``2 USD/GPU * n`` is (2 USD/GPU) times the name ``n``, while ``2 hour*x`` is two of the
       unit ``hour*x``. A unit word directly followed by ``-`` and a letter (``2 GPU-hours``)
       is refused as ambiguous — use brackets.

    Units are resolved (by ``unit_resolver``, default ``claimaudit.units.registry.resolve_unit``)
    on first evaluation, not while parsing, so parsing never loads the unit registry.

LIMITS (each violation is a FormulaError with the column): at most 2,000 characters; nesting
(parentheses, function arguments, unary signs, exponents) at most 100 deep; a constant
exponent with magnitude above 4096 is refused while parsing (``9**9**9``); strings, subscripts,
attribute access/calls, keyword arguments, lambdas, comprehensions, comparisons and
assignments are not part of the grammar.
"""

from __future__ import annotations

import itertools
import keyword
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from ..errors import FormulaError
from ..numbers.interval import MAX_BITS, MAX_DIGITS, MAX_EXPONENT, Interval, IntervalError
from ..numbers.rational import add, coprime, div, lt, mul, sub
from ..suggest import did_you_mean
from ..units.quantity import DimensionMismatch, Quantity
from .evaluate import FUNCTIONS, Call, Name, Neg, Node, Num, Pow, Product, Qty, Sum, UnitResolver, _lift

MAX_LENGTH = 2000
MAX_DEPTH = 100
#: Largest decimal exponent accepted in a literal (``1e4000``); beyond, numbers overflow anyway.
MAX_LITERAL_EXPONENT = 4000

SUFFIXES: dict[str, int] = {
    "K": 10**3, "M": 10**6, "B": 10**9, "T": 10**12,
    "Ki": 2**10, "Mi": 2**20, "Gi": 2**30, "Ti": 2**40,
}

_DIGITS = frozenset("0123456789")
_OPS = {"+": "+", "-": "-", "\u2212": "-", "*": "*", "\u00d7": "*", "\u00b7": "*",
        "\u22c5": "*", "/": "/", "\u00f7": "/", "^": "^"}
_UNIT_MUL = frozenset("*/\u00d7\u00b7\u22c5\u00f7")
_SUPERSCRIPTS = frozenset("\u00b2\u00b3\u00b9\u2070\u2074\u2075\u2076\u2077\u2078\u2079\u207b")
# Characters Python accepts inside identifiers that we read as operators.
_NOT_ID = frozenset("\u00b7\u0387\u30fb\uff65")
_QUOTES = frozenset("'\"\u2018\u2019\u201c\u201d`")


def _id_start(c: str) -> bool:
    return c == "_" or c.isidentifier()


def _id_cont(c: str) -> bool:
    return c not in _NOT_ID and ("a" + c).isidentifier()


# -- tokens -------------------------------------------------------------------------------------

class _Tok:
    __slots__ = ("col", "kind", "text", "val")

    def __init__(self, kind: str, text: str, col: int, val: Any = None) -> None:  # Fraction or a qty tuple
        self.kind, self.text, self.col, self.val = kind, text, col, val

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"_Tok({self.kind!r}, {self.text!r}, {self.col})"


def _err(message: str, col: int, suggestions: tuple[str, ...] = ()) -> FormulaError:
    return FormulaError(message, column=col, suggestions=suggestions)


def _check_name_word(word: str, col: int) -> None:
    if word.startswith("__"):
        raise _err(f"names starting with '__' are not allowed: {word!r}", col)


class _Lexer:
    def __init__(self, text: str) -> None:
        self.text = text
        self.n = len(text)
        self.toks: list[_Tok] = []

    # numbers ----------------------------------------------------------------------------
    def number(self, i: int) -> int:
        text, n = self.text, self.n
        j = i
        while j < n and text[j] in _DIGITS:
            j += 1
        if j < n and text[j] == ".":
            if j + 1 < n and text[j + 1] in _DIGITS:
                j += 1
                while j < n and text[j] in _DIGITS:
                    j += 1
            else:
                raise _err("a decimal point must be followed by digits", j)
        if j < n and text[j] in "eE":
            k = j + 1
            if k < n and text[k] in "+-":
                k += 1
            if k < n and text[k] in _DIGITS:
                m = k
                while m < n and text[m] in _DIGITS:
                    m += 1
                if int(text[k:m]) > MAX_LITERAL_EXPONENT:
                    raise _err(f"number out of range: exponent larger than {MAX_LITERAL_EXPONENT}", j)
                j = m
        value = Fraction(text[i:j])
        if j < n and text[j] == "%":
            value /= 100
            j += 1
        elif j < n and _id_cont(text[j]):
            k = j
            while k < n and _id_cont(text[k]):
                k += 1
            word = text[j:k]
            if word not in SUFFIXES:
                raise _err(f"a number cannot be directly followed by {word!r}: write "
                           f"'{text[i:j]} {word}' for a unit or '{text[i:j]}*{word}' for a product "
                           f"(number suffixes are {' '.join(SUFFIXES)})", j)
            value *= SUFFIXES[word]
            j = k
        lit = text[i:j]
        if max(value.numerator.bit_length(), value.denominator.bit_length()) > MAX_BITS:
            raise _err(f"number out of range: more than {MAX_DIGITS} digits", i)
        unit = self.unit(j)
        if unit is None:
            self.toks.append(_Tok("num", lit, i, value))
            return j
        unit_text, unit_col, end, bracketed = unit
        self.toks.append(_Tok("qty", text[i:end], i, (value, lit, unit_text, unit_col, bracketed)))
        return end

    # inline units -----------------------------------------------------------------------
    def _word_end(self, k: int) -> int:
        text, n = self.text, self.n
        while k < n and (_id_cont(text[k]) or text[k] in _SUPERSCRIPTS):
            k += 1
        return k

    def _exponent_end(self, p: int) -> int:
        """End of a tight '^int' / '**int' at p, or p if there is none."""
        text, n = self.text, self.n
        if text.startswith("**", p):
            q = p + 2
        elif p < n and text[p] == "^":
            q = p + 1
        else:
            return p
        if q < n and text[q] in "-\u2212":
            q += 1
        if q < n and text[q] in _DIGITS:
            while q < n and text[q] in _DIGITS:
                q += 1
            return q
        return p

    def _group_end(self, q: int) -> int | None:
        """End of a parenthesised group of unit words starting at text[q] == '(' or None."""
        text, n = self.text, self.n
        depth, r, has_word = 0, q, False
        while r < n:
            c = text[r]
            if c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
                if depth == 0:
                    return r + 1 if has_word else None
            elif c in "^" or text.startswith("**", r):
                e = self._exponent_end(r)
                if e == r:
                    return None
                r = e
                continue
            elif _id_start(c):
                e = self._word_end(r)
                if self._next_char(e) == "(":     # a function call, not a unit
                    return None
                _check_name_word(text[r:e], r)
                has_word, r = True, e
                continue
            elif not (c.isspace() or c in _UNIT_MUL or c in _DIGITS or c in _SUPERSCRIPTS):
                return None
            r += 1
        return None

    def _next_char(self, e: int) -> str:
        """The first non-space character at or after e ('' at the end)."""
        text, n = self.text, self.n
        while e < n and text[e].isspace():
            e += 1
        return text[e] if e < n else ""

    def _plain_word(self, k: int) -> int | None:
        """End of a unit word at k, or None when the identifier there is not a unit word
        (followed by '(' it is a call; followed by '.name' a dotted reference)."""
        text, n = self.text, self.n
        if k >= n or not _id_start(text[k]):
            return None
        e = self._word_end(k)
        if self._next_char(e) == "(" or (e < n and text[e] == "." and e + 1 < n and _id_start(text[e + 1])):
            return None
        _check_name_word(text[k:e], k)
        return e

    def unit(self, j: int) -> tuple[str, int, int, bool] | None:
        text, n = self.text, self.n
        k = j
        while k < n and text[k].isspace():
            k += 1
        if k == j or k >= n:
            return None
        if text[k] == "[":
            end = text.find("]", k + 1)
            if end < 0:
                raise _err("missing ']' closing the inline unit", k)
            inner = text[k + 1:end]
            unit = inner.strip()
            if not unit:
                raise _err("empty unit in brackets", k)
            for off, c in enumerate(inner):
                if c == "[" or c in _QUOTES or c == "\\" or (not c.isprintable() and not c.isspace()):
                    raise _err(f"unexpected character {c!r} in a bracketed unit", k + 1 + off)
            if "__" in unit:
                raise _err("names starting with '__' are not allowed in units", k + 1 + inner.index("__"))
            return unit, k + 1 + (len(inner) - len(inner.lstrip())), end + 1, True
        p = self._plain_word(k)
        if p is None:
            return None
        p = self._exponent_end(p)
        while p < n:
            c = text[p]
            if c == "-" and p + 1 < n and _id_start(text[p + 1]):
                raise _err(f"ambiguous '-' after the unit {text[k:p]!r}: write the unit in brackets "
                           f"('{text[j:p].strip()}' -> '[{text[k:self._word_end(p + 1)]}]') or put "
                           f"spaces around '-' for a subtraction", p)
            if c in _UNIT_MUL and not text.startswith("**", p):
                q = p + 1
                e = self._plain_word(q)
                if e is None and q < n and text[q] == "(":
                    e = self._group_end(q)
                if e is None:
                    break
                p = self._exponent_end(e)
                continue
            break
        return text[k:p], k, p, False

    # names --------------------------------------------------------------------------------
    def name(self, i: int) -> int:
        text, n = self.text, self.n
        j = i
        while True:
            seg = j
            j += 1
            while j < n and _id_cont(text[j]):
                j += 1
            _check_name_word(text[seg:j], seg)
            if j < n and text[j] == ".":
                if j + 1 < n and _id_start(text[j + 1]):
                    j += 1
                    continue
                raise _err("unexpected '.' after a name: attribute access is not allowed "
                           "(dotted references look like 'file.claim')", j)
            break
        word = text[i:j]
        if "." not in word and keyword.iskeyword(word):
            raise _err(f"{word!r} is a Python keyword and is not allowed in a formula", i)
        self.toks.append(_Tok("name", word, i))
        return j

    # main loop ----------------------------------------------------------------------------
    def run(self) -> list[_Tok]:
        text, n = self.text, self.n
        i = 0
        while i < n:
            c = text[i]
            if c.isspace():
                i += 1
            elif c in _DIGITS or (c == "." and i + 1 < n and text[i + 1] in _DIGITS):
                i = self.number(i)
            elif _id_start(c) and c not in _NOT_ID:
                i = self.name(i)
            elif c == "*" and text.startswith("**", i):
                self.toks.append(_Tok("op", "^", i))
                i += 2
            elif c == "/" and text.startswith("//", i):
                raise _err("'//' is not supported; use floor(a/b)", i)
            elif c in _OPS:
                self.toks.append(_Tok("op", _OPS[c], i))
                i += 1
            elif c in "(),":
                self.toks.append(_Tok(c, c, i))
                i += 1
            else:
                raise self.bad_char(c, i)
        self.toks.append(_Tok("end", "", n))
        return self.toks

    def bad_char(self, c: str, i: int) -> FormulaError:
        prev = self.toks[-1].kind if self.toks else None
        if c in _QUOTES:
            return _err("strings are not allowed in a formula", i)
        if c == "[":
            if prev in ("name", ")", "qty"):
                return _err("subscripts are not allowed", i)
            return _err("brackets are only allowed around an inline unit after a number, "
                        "e.g. '2 [USD/hour]'; lists and subscripts are not supported", i)
        if c == "]":
            return _err("unbalanced ']'", i)
        if c == ".":
            if prev in (")", "num", "qty"):
                return _err("attribute access is not allowed", i)
            return _err("unexpected '.'", i)
        if c == "=":
            return _err("'=' is not allowed (no assignments, comparisons or keyword arguments)", i)
        if c in "<>!\u2264\u2265\u2260":
            return _err("comparisons are not allowed in a formula", i)
        if c == "%":
            return _err("'%' must directly follow a number (5% = 0.05); modulo is not supported", i)
        if c in "{}":
            return _err("sets and dicts are not allowed in a formula", i)
        if c == ":":
            return _err("':' is not allowed (no slices, lambdas or annotations)", i)
        if c in "$\u20ac\u00a3\u00a5":
            return _err(f"write currency as an inline unit, e.g. '2 USD', not {c!r}", i)
        if c in "\u2013\u2014":
            return _err(f"unexpected dash {c!r}: use '-' for minus", i)
        if c.isprintable():
            return _err(f"unexpected character {c!r} (U+{ord(c):04X})", i)
        return _err(f"unexpected control character U+{ord(c):04X}", i)


# -- parser ---------------------------------------------------------------------------------

_DESCRIBE = {"num": "number", "qty": "quantity", "name": "name", "(": "'('", ")": "')'",
             ",": "','", "op": "operator", "end": "end of formula"}


class _Parser:
    def __init__(self, text: str, toks: list[_Tok], resolver: UnitResolver | None) -> None:
        self.text, self.toks, self.i, self.depth = text, toks, 0, 0
        self.resolver = resolver
        self.names: dict[str, int] = {}
        self.units: dict[str, int] = {}

    def peek(self) -> _Tok:
        return self.toks[self.i]

    def take(self) -> _Tok:
        t = self.toks[self.i]
        self.i += 1
        return t

    def enter(self, col: int) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise _err(f"formula nested too deeply (more than {MAX_DEPTH} levels)", col)

    def parse(self) -> Node:
        node = self.expr()
        t = self.peek()
        if t.kind != "end":
            raise self.unexpected(t)
        return node

    def unexpected(self, t: _Tok) -> FormulaError:
        """Error for a token found where an operator, ')' , ',' or the end was expected."""
        if t.kind in ("num", "qty", "name", "("):
            return _err(f"missing operator before {t.text!r} (implicit multiplication is not "
                        f"supported: write '*')", t.col)
        if t.kind == ")":
            return _err("unbalanced ')': no matching '('", t.col)
        if t.kind == ",":
            return _err("unexpected ',' outside a function call", t.col)
        return _err(f"unexpected {t.text!r}", t.col)

    def chain(self, ops: str, operand: Callable[[], Node]) -> tuple[Node, list[tuple[bool, Node]]]:
        """``operand (op operand)*`` with ``ops`` two operators ("+-", "*/"): the first operand, then
        each further one with whether the second operator (minus, divide) came before it."""
        first = operand()
        rest = []
        while (t := self.peek()).kind == "op" and t.text in ops:
            self.i += 1
            rest.append((t.text == ops[1], operand()))
        return first, rest

    def expr(self) -> Node:
        self.enter(self.peek().col)
        first, rest = self.chain("+-", self.term)
        self.depth -= 1
        return Sum(first, rest) if rest else first

    def term(self) -> Node:
        first, rest = self.chain("*/", self.unary)
        return Product(first, rest) if rest else first

    def unary(self) -> Node:
        t = self.peek()
        if t.kind == "op" and t.text in "+-":
            self.i += 1
            self.enter(t.col)
            operand = self.unary()
            self.depth -= 1
            return Neg(operand, t.col) if t.text == "-" else operand
        return self.power()

    def power(self) -> Node:
        base = self.atom()
        t = self.peek()
        if t.kind == "op" and t.text == "^":
            self.i += 1
            self.enter(t.col)
            exp = self.unary()
            self.depth -= 1
            return Pow(base, exp, t.col, self.const_exponent(exp))
        return base

    def const_exponent(self, exp: Node) -> Fraction | None:
        """The exponent's exact value when it is a cheap constant; refuse huge ones now."""
        if not exp.cheap:
            return None
        try:
            q = exp.ev({})
        except (IntervalError, DimensionMismatch, ArithmeticError) as exc:
            raise _err(f"invalid exponent '{exp.show()}': {exc}", exp.col) from None
        v = q.mag.lo
        if abs(v) > MAX_EXPONENT:
            raise _err(f"exponent {exp.show()!r} = {v} is too large (limit {MAX_EXPONENT}): "
                       f"refusing to compute it", exp.col)
        return v

    def atom(self) -> Node:
        t = self.take()
        kind = t.kind
        if kind == "num":
            return Num(t.val, t.text, t.col)
        if kind == "qty":
            value, lit, unit, unit_col, bracketed = t.val
            self.units.setdefault(unit, unit_col)
            return Qty(value, lit, unit, t.col, unit_col, bracketed, self.resolver)
        if kind == "name":
            if self.peek().kind == "(":
                return self.call(t)
            if t.text in FUNCTIONS:
                raise _err(f"{t.text!r} is a function: call it as {t.text}(...)", t.col)
            self.names.setdefault(t.text, t.col)
            return Name(t.text, t.col)
        if kind == "(":
            if self.peek().kind == ")":
                raise _err("empty parentheses", t.col)
            node = self.expr()
            self.close(t)
            return node
        if kind == "end":
            if not self.toks[:-1]:
                raise _err("empty formula", 0)
            raise _err("unexpected end of formula: expected a number, a name or '('", t.col)
        if kind == ")":
            raise _err("unexpected ')': expected a number, a name or '('", t.col)
        if kind == ",":
            raise _err("unexpected ',': expected a number, a name or '('", t.col)
        raise _err(f"unexpected operator {self.text[t.col]!r}: expected a number, a name or '('",
                   t.col)

    def close(self, opener: _Tok) -> None:
        t = self.peek()
        if t.kind == ")":
            self.i += 1
            return
        if t.kind == "end":
            raise _err(f"unbalanced '(': the '(' at column {opener.col} is never closed", opener.col)
        raise self.unexpected(t)

    def call(self, name: _Tok) -> Node:
        fn = name.text
        if "." in fn:
            raise _err(f"calling {fn!r} is not allowed: attribute and method calls are not part "
                       f"of the formula language (functions: {', '.join(FUNCTIONS)})", name.col)
        if fn not in FUNCTIONS:
            raise _err(f"unknown function {fn!r} (functions: {', '.join(FUNCTIONS)})", name.col,
                       did_you_mean(fn, FUNCTIONS))
        opener = self.take()
        args: list[Node] = []
        if self.peek().kind != ")":
            while True:
                args.append(self.expr())
                t = self.peek()
                if t.kind == ",":
                    self.i += 1
                    continue
                break
        self.close(opener)
        lo, hi = FUNCTIONS[fn]
        if len(args) < lo or (hi is not None and len(args) > hi):
            want = (f"{lo}" if lo == hi else f"{lo} or {hi}" if hi is not None else f"at least {lo}")
            raise _err(f"{fn}() takes {want} argument{'s' if (hi or lo) != 1 else ''}, "
                       f"got {len(args)}", name.col)
        return Call(fn, args, name.col)


# -- the Formula ----------------------------------------------------------------------------

class Formula:
    """A parsed formula: immutable text, a compiled node tree, the names it references."""

    __slots__ = ("_name_cols", "_repeated", "_resolver", "_unit_cols", "names", "root", "text", "units_used")

    def __init__(self, text: str, root: Node, names: dict[str, int], units: dict[str, int],
                 resolver: UnitResolver | None) -> None:
        self.text = text
        self.root = root
        self.names: tuple[str, ...] = tuple(names)
        self.units_used: tuple[str, ...] = tuple(units)
        self._name_cols = dict(names)
        self._unit_cols = dict(units)
        self._resolver = resolver
        self._repeated = _repeated_names(root)

    def evaluate(self, env: Mapping[str, Quantity]) -> Quantity:
        """The formula's value on interval quantities (magnitudes in base units).

        ``env`` maps every referenced name to a Quantity (an Interval or exact number is
        taken as dimensionless). Plain interval arithmetic: sound, and wider than the true range
        when a name is used more than once (see :meth:`narrowed`)."""
        try:
            return self.root.ev(env)
        except KeyError:
            missing = [n for n in self.names if n not in env]
            if not missing:
                raise
            raise self._unknown(missing, env) from None

    @property
    def repeats_names(self) -> bool:
        """Whether a name is used more than once (plain interval arithmetic is then too wide)."""
        return bool(self._repeated)

    def narrowed(self, env: Mapping[str, Quantity], plain: Quantity) -> Quantity:
        """``plain`` (this formula's :meth:`evaluate` on ``env``) narrowed for the names used more than
        once (``(new - old) / old``: each use ranged on its own), over a subdivision of their
        intervals (:func:`_tightened`); still sound. The engine asks for it only where the plain
        value could decide a verdict wrongly: narrowing costs up to 64 evaluations."""
        return _tightened(self.root, env, self._repeated, plain) if self._repeated else plain

    def _unknown(self, missing: list[str], env: Mapping[str, object]) -> FormulaError:
        shown = ", ".join(repr(m) for m in missing)
        msg = f"unknown name{'s' if len(missing) > 1 else ''} {shown} in formula {self.text!r}"
        first = missing[0]
        suggestions = did_you_mean(first, [k for k in env if isinstance(k, str)]) if env else ()
        if len(missing) > 1 and suggestions:
            msg += f" (for {first!r})"
        return FormulaError(msg, column=self._name_cols[first], suggestions=suggestions)

    def resolve_units(self) -> tuple:
        """Resolve every inline unit now; raises FormulaError (with the column) for the first
        unit that does not resolve. Returns the UnitInfo objects in order of first use."""
        infos = {}
        stack = [self.root]
        while stack:
            node = stack.pop()
            if isinstance(node, Qty) and node.unit not in infos:
                infos[node.unit] = node.info()
            stack.extend(node.children())
        return tuple(infos[u] for u in self.units_used)

    def to_sympy(self):
        from .symbolic import to_sympy

        return to_sympy(self)

    def display(self) -> str:
        return self.root.show()

    def __repr__(self) -> str:
        return f"Formula({self.text!r})"

    def __str__(self) -> str:
        return self.display()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Formula) and other.text == self.text

    def __hash__(self) -> int:
        return hash(("Formula", self.text))


def _repeated_names(root: Node) -> tuple[str, ...]:
    """The names the tree uses more than once, in first-use order."""
    seen: dict[str, int] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, Name):
            seen[node.name] = seen.get(node.name, 0) + 1
        stack.extend(node.children())
    return tuple(n for n, k in seen.items() if k > 1)


#: Sub-boxes evaluated to tighten a formula with repeated names (pieces per name: 8, 4, 3 for
#: one, two, three names; more names are left to plain interval arithmetic).
_PIECES = {1: 8, 2: 4, 3: 3}


def _tightened(root: Node, env: Mapping[str, Quantity], repeated: tuple[str, ...], whole: Quantity) -> Quantity:
    """The hull of the formula over a grid of sub-intervals of the repeated names: each piece is a
    sound enclosure of the formula on its part of the box, so their hull is one on the whole box,
    and it shrinks towards the true range as the pieces do (plain arithmetic on ``(b - a) / b``
    with b = 12 ± 0.5 is about 1.5× too wide; 8 pieces bring that down to a few per cent)."""
    lifted = {n: _lift(env[n], n) for n in repeated}
    wide = [n for n in repeated if not lifted[n].mag.is_point]
    pieces = _PIECES.get(len(wide))
    if pieces is None:
        return whole
    grids = [_pieces(lifted[n], pieces) for n in wide]
    names = dict(env)
    ev = root.ev
    boxes = itertools.product(*grids)
    names.update(zip(wide, next(boxes), strict=True))
    got = ev(names).mag
    low, high = got.lo, got.hi
    for box in boxes:
        names.update(zip(wide, box, strict=True))
        got = ev(names).mag
        if lt(got.lo, low):   # (the exact rational comparisons: up to 64 evaluations, two each)
            low = got.lo
        if lt(high, got.hi):
            high = got.hi
    # never wider than plain arithmetic (the pieces' endpoints are exact, the hull inside it)
    plain = whole.mag
    return Quantity(Interval._make(plain.lo if lt(low, plain.lo) else low, plain.hi if lt(plain.hi, high) else high),
                    whole.dims)


def _pieces(q: Quantity, pieces: int) -> list[Quantity]:
    """``q`` cut into ``pieces`` intervals of equal width (exact: the cuts are lo + k·width/pieces, the
    last one ``q``'s own hi), each with ``q``'s dimension."""
    lo, hi = q.mag.lo, q.mag.hi
    step = div(sub(hi, lo), coprime(pieces, 1))
    cuts = [lo] + [add(lo, mul(step, coprime(k, 1))) for k in range(1, pieces)] + [hi]
    return [Quantity(Interval._make(a, b), q.dims) for a, b in itertools.pairwise(cuts)]


def parse_formula(text: str, *, unit_resolver: Callable[[str], object] | None = None,
                  max_length: int = MAX_LENGTH) -> Formula:
    """Parse ``text`` into a :class:`Formula`; raises FormulaError with a 0-based column.

    ``unit_resolver(text) -> UnitInfo`` resolves inline units (default: the shared registry's
    ``resolve_unit``, imported on first use). ``max_length`` is for text the program built from
    an already checked formula (a student's formula with the key's names expanded)."""
    if not isinstance(text, str):
        raise FormulaError(f"a formula must be text, not {type(text).__name__}", column=0)
    if len(text) > max_length:
        raise FormulaError(f"formula too long: {len(text)} characters (limit {max_length})",
                           column=max_length)
    if not text.strip():
        raise FormulaError("empty formula", column=0)
    toks = _Lexer(text).run()
    parser = _Parser(text, toks, unit_resolver)
    root = parser.parse()
    return Formula(text, root, parser.names, parser.units, unit_resolver)
