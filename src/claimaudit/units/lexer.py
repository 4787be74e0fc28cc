"""The lexer of unit strings: characters to tokens (words, numbers, superscripts, operators, symbols).

Chinese unit words are matched greedily inside a run of CJK characters; a character that is not
allowed in a unit is a located :class:`UnitError`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..errors import UnitError
from .spellings import CJK, CJK_MAXLEN, CJK_NUMBER_WORDS, DIV_WORD, NUMBER_SCALE, SYMBOLS

_OPS = {"*": "MUL", "×": "MUL", "/": "DIV", "^": "POW", "(": "LP", ")": "RP", "-": "HYPH", "·": "DOT"}
_SUPERSCRIPTS = {"¹": "1", "²": "2", "³": "3", "⁻": "-"}


@dataclass(frozen=True, slots=True)
class Tok:
    """One token of a unit string, at its column."""

    kind: str      # NAME NUM SUP ATOM MUL DIV POW LP RP HYPH DOT
    text: str
    col: int
    value: Any = None


def _is_cjk(ch: str) -> bool:
    o = ord(ch)
    return 0x3400 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0x20000 <= o <= 0x2FFFF


def unit_error(text: str, message: str, col: int | None = None,
               suggestions: Iterable[str] | Callable[[], Iterable[str]] = ()) -> UnitError:
    """A UnitError about ``text`` at column ``col``; ``suggestions`` may be a function, asked only
    when the error is shown (most refused words never are)."""
    def sugg() -> tuple[str, ...]:
        found = suggestions() if callable(suggestions) else suggestions
        return tuple(dict.fromkeys(s for s in found if s and s != text))

    return UnitError(f"unit {text!r}: {message}", column=col, suggestions=sugg if callable(suggestions) else sugg())


def lex(text: str) -> list[Tok]:
    """The tokens of a unit string; a character no unit may hold is a located UnitError."""
    toks: list[Tok] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
        elif _is_cjk(ch):
            start = i
            while i < n and _is_cjk(text[i]):
                for size in range(min(CJK_MAXLEN, n - i), 0, -1):
                    word = text[i:i + size]
                    if word in CJK:
                        spec = CJK[word]
                        toks.append(Tok("DIV", word, i) if spec is DIV_WORD else Tok("ATOM", word, i, spec))
                        i += size
                        break
                else:
                    c = text[i]
                    if c in CJK_NUMBER_WORDS:
                        raise unit_error(text, f"{c!r} is a number word ({CJK_NUMBER_WORDS[c]}), not a unit; "
                                               "the number parser reads it as part of the number", i)
                    raise unit_error(text, f"unknown unit word starting at {text[i:start + 8]!r}", i)
        elif ch.isalpha() or ch == "_":
            start = i
            while i < n and (text[i] == "_" or (text[i].isalnum() and text[i].isascii())
                             or (text[i].isalpha() and not _is_cjk(text[i]))):
                i += 1
            word = text[start:i]
            if word == "US" and i < n and text[i] == "$":
                i += 1
                word = "US$"
            if word.lower() == "per":
                toks.append(Tok("DIV", word, start))
            else:
                toks.append(Tok("NAME", word, start))
        elif "0" <= ch <= "9":
            start = i
            while i < n and "0" <= text[i] <= "9":
                i += 1
            if i < n and text[i] in NUMBER_SCALE and (i + 1 == n or not text[i + 1].isalpha()):
                i += 1
            toks.append(Tok("NUM", text[start:i], start))
        elif ch in _SUPERSCRIPTS:
            start = i
            while i < n and text[i] in _SUPERSCRIPTS:
                i += 1
            digits = "".join(_SUPERSCRIPTS[c] for c in text[start:i])
            if not re.fullmatch(r"-?[1-9]\d*", digits):
                raise unit_error(text, f"bad superscript exponent {text[start:i]!r}", start)
            toks.append(Tok("SUP", text[start:i], start, int(digits)))
        elif ch == "*" and text[i:i + 2] == "**":
            toks.append(Tok("POW", "**", i))
            i += 2
        elif ch in _OPS:
            toks.append(Tok(_OPS[ch], ch, i))
            i += 1
        elif ch in SYMBOLS:
            toks.append(Tok("ATOM", ch, i, SYMBOLS[ch]))
            i += 1
        else:
            raise unit_error(text, f"character {ch!r} is not allowed in a unit", i)
    return toks
