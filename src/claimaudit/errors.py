"""Errors raised on bad input, each able to say where it happened.

ClaimAuditError
├── InputError            bad claim/source file content; carries a code and a Location
│   ├── NumberSyntaxError  a printed number that cannot be read
│   ├── UnitError          an unknown or ambiguous unit string
│   └── FormulaError       a formula outside the safe grammar
└── UsageError            bad command-line options or configuration (exit code 2)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(slots=True, unsafe_hash=True)
class Location:
    """A place in a file. ``line`` and ``col`` are 1-based (converted once, from YAML marks).

    Treat it as immutable; it is not frozen only because frozen dataclasses cost ~5x more to
    build, and every YAML node of every claim file gets one.
    """

    file: str
    line: int = 1
    col: int = 1
    end_line: int | None = None
    end_col: int | None = None

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"

    def shifted(self, col_offset: int) -> Location:
        """The location ``col_offset`` characters further along the same line."""
        return Location(self.file, self.line, self.col + col_offset, self.end_line, self.end_col)


class ClaimAuditError(Exception):
    """Base of every error claimaudit raises on purpose."""


class InputError(ClaimAuditError):
    """Bad input in a claim or source file.

    ``column`` is a 0-based offset inside the offending text (a value or formula string);
    callers that know where the text sits in the file combine it with the text's Location.
    """

    code = "CA001"

    def __init__(self, message: str, *, column: int | None = None, location: Location | None = None,
                 suggestions: Iterable[str] | Callable[[], Iterable[str]] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.column = column
        self.location = location
        # A callable is asked only when the suggestions are shown: extraction refuses many words
        # whose "did you mean" nobody reads, and computing it costs more than the refusal.
        self._suggestions: tuple[str, ...] | Callable[[], Iterable[str]] = (
            suggestions if callable(suggestions) else tuple(suggestions))

    @property
    def suggestions(self) -> tuple[str, ...]:
        if callable(self._suggestions):
            self._suggestions = tuple(self._suggestions())
        return self._suggestions

    @suggestions.setter
    def suggestions(self, value: Iterable[str]) -> None:
        self._suggestions = tuple(value)

    def __reduce__(self) -> str | tuple[Any, ...]:
        self.suggestions  # noqa: B018 - resolved before pickling (a parallel run's worker sends errors back)
        return super().__reduce__()

    def located(self, location: Location) -> InputError:
        """Attach the location of the text the error was found in (adding the column offset)."""
        loc = location.shifted(self.column) if self.column else location
        self.location = loc
        return self

    def __str__(self) -> str:
        text = self.message
        if self.suggestions:
            text += " (did you mean " + " or ".join(repr(s) for s in self.suggestions) + "?)"
        return f"{self.location}: {text}" if self.location else text


class NumberSyntaxError(InputError):
    code = "CA003"


class UnitError(InputError):
    code = "CA004"


class FormulaError(InputError):
    code = "CA005"


class UsageError(ClaimAuditError):
    """Bad command line or configuration."""
