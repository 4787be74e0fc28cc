"""A mention: where a value stands in a document, the value text as a claim would print it, its
reading by the printed grammar and the unit registry."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from ..errors import InputError
from ..numbers.printed import PrintedNumber, parse_printed
from ..units.registry import UnitInfo
from .unit_words import unit_or_none


@dataclass
class Mention:
    start: int                    # span of the printed value in the document (qualifier to unit)
    end: int
    printed: str                  # the document's characters in that span
    value: str                    # what a claim's `value:` says (readable by parse_printed)
    number: PrintedNumber
    unit: UnitInfo
    qualifier: str = ""
    relation: str | None = None   # a relation the printed grammar did not read (将近, 40+, 左右)
    candidates: list[str] = field(default_factory=list)   # other readings of an ambiguous unit/multiplier
    kind: str = "digits"
    line: int = 0
    col: int = 0
    number_start: int = 0         # the number token itself (without qualifier and unit)
    number_end: int = 0
    unit_start: int = -1          # where the unit words stand (-1: no unit)
    cell: tuple[int, int, int] | None = None   # (table, row, column) when in a table cell
    counted: str = ""             # a count's noun (三个问题 -> 问题): kept in the quote, never a unit

    @property
    def printed_number(self) -> str:
        """The number token alone, as printed ("2,788", "两", "twenty-one")."""
        return self.printed[self.number_start - self.start:self.number_end - self.start] \
            if self.start <= self.number_start else ""

    @property
    def interval(self):
        return self.number.interval

    @property
    def dims(self):
        return self.unit.dims


@dataclass(frozen=True, slots=True)
class Reading:
    """A value text as a claim would print it, read by the grammar, with its unit resolved."""

    value: str
    number: PrintedNumber
    unit: UnitInfo



@lru_cache(maxsize=65536)
def parse_value(text: str, kilo: int) -> PrintedNumber | None:
    try:
        return parse_printed(text, kilo=kilo)
    except InputError:
        return None
    except (ValueError, ArithmeticError, OverflowError):
        return None



@lru_cache(maxsize=65536)
def read_value(kilo: int, value: str) -> Reading | None:
    """``value`` read by the grammar with its unit resolved, or None where either refuses it. Cached
    (a Reading is frozen): a document prints the same value text many times ("8 GPUs", "85%")."""
    p = parse_value(value, kilo)
    info = unit_or_none(p.unit) if p is not None else None
    return Reading(value, p, info) if p is not None and info is not None else None
