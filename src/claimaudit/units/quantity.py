"""Interval quantities: an exact interval magnitude in base units plus a dimension.

The hot path never builds pint objects: units are resolved once (see :mod:`.registry`) into an
exact factor to base units and a :class:`Dims`, and arithmetic runs on this small class.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from ..numbers.interval import Interval


class DimensionMismatch(ArithmeticError):
    """Two quantities of different dimensions were added, subtracted or compared."""

    def __init__(self, op: str, left: Dims, right: Dims) -> None:
        self.op, self.left, self.right = op, left, right
        super().__init__(f"cannot {op} {left.describe()} and {right.describe()}")


@dataclass(frozen=True, slots=True)
class Dims:
    """A dimension as sorted ``(base dimension, exponent)`` pairs; ``Dims(())`` is dimensionless."""

    items: tuple[tuple[str, int], ...] = ()

    @classmethod
    def of(cls, mapping: Mapping[str, int] | Iterable[tuple[str, int]]) -> Dims:
        pairs = mapping.items() if isinstance(mapping, Mapping) else mapping
        acc: dict[str, int] = {}
        for k, v in pairs:
            acc[k] = acc.get(k, 0) + int(v)
        return cls(tuple(sorted((k, v) for k, v in acc.items() if v)))

    @property
    def dimensionless(self) -> bool:
        return not self.items

    # Products and quotients are cached: a run or a draft combines the same few dimensions again
    # and again (every claim's formula, every pair of mentions in a sentence).
    def __mul__(self, other: Dims) -> Dims:
        return _product(self, other)

    def __truediv__(self, other: Dims) -> Dims:
        return _quotient(self, other)

    def __pow__(self, n: int) -> Dims:
        return Dims.of([(k, v * n) for k, v in self.items])

    def describe(self) -> str:
        """Readable text such as ``information/time`` or ``dimensionless``."""
        if not self.items:
            return "dimensionless"
        num = [(k.strip("[]"), v) for k, v in self.items if v > 0]
        den = [(k.strip("[]"), -v) for k, v in self.items if v < 0]

        def part(xs: list[tuple[str, int]]) -> str:
            return "*".join(k if v == 1 else f"{k}^{v}" for k, v in xs)

        if not num:
            return "1/" + (part(den) if len(den) == 1 else f"({part(den)})")
        if not den:
            return part(num)
        return part(num) + "/" + (part(den) if len(den) == 1 else f"({part(den)})")

    def __str__(self) -> str:
        return self.describe()


@lru_cache(maxsize=4096)
def _product(a: Dims, b: Dims) -> Dims:
    return Dims.of(list(a.items) + list(b.items))


@lru_cache(maxsize=4096)
def _quotient(a: Dims, b: Dims) -> Dims:
    return Dims.of(list(a.items) + [(k, -v) for k, v in b.items])


DIMENSIONLESS = Dims()


@dataclass(frozen=True, slots=True, init=False)
class Quantity:
    """An interval magnitude expressed in base units, with its dimension."""

    mag: Interval
    dims: Dims

    def __init__(self, mag: Interval, dims: Dims = DIMENSIONLESS) -> None:
        # The slots set directly (a frozen dataclass's own __init__ goes through object.__setattr__):
        # formulas build one Quantity per operation.
        _set_mag(self, mag)
        _set_dims(self, dims)

    @classmethod
    def dimensionless(cls, mag: Interval) -> Quantity:
        return cls(mag, DIMENSIONLESS)

    def _same(self, op: str, other: Quantity) -> None:
        if self.dims != other.dims:
            raise DimensionMismatch(op, self.dims, other.dims)

    @staticmethod
    def _lift(x: object) -> Quantity:
        if isinstance(x, Quantity):
            return x
        if isinstance(x, Interval):
            return Quantity(x)
        if isinstance(x, (int, Fraction)):
            return Quantity(Interval(x))
        raise TypeError(f"not a quantity: {x!r}")

    def __add__(self, other: object) -> Quantity:
        o = self._lift(other)
        self._same("add", o)
        return Quantity(self.mag + o.mag, self.dims)

    __radd__ = __add__

    def __sub__(self, other: object) -> Quantity:
        o = self._lift(other)
        self._same("subtract", o)
        return Quantity(self.mag - o.mag, self.dims)

    def __rsub__(self, other: object) -> Quantity:
        return self._lift(other) - self

    def __mul__(self, other: object) -> Quantity:
        o = self._lift(other)
        return Quantity(self.mag * o.mag, self.dims * o.dims)

    __rmul__ = __mul__

    def __truediv__(self, other: object) -> Quantity:
        o = self._lift(other)
        return Quantity(self.mag / o.mag, self.dims / o.dims)

    def __rtruediv__(self, other: object) -> Quantity:
        return self._lift(other) / self

    def __neg__(self) -> Quantity:
        return Quantity(-self.mag, self.dims)

    def __pow__(self, n: object) -> Quantity:
        if isinstance(n, Quantity):
            if not n.dims.dimensionless:
                raise DimensionMismatch("raise to the power of", DIMENSIONLESS, n.dims)
            n = n.mag
        if isinstance(n, Interval) and n.is_point:
            n = n.lo
        if isinstance(n, Fraction) and n.denominator == 1:
            n = n.numerator
        if isinstance(n, int):
            return Quantity(self.mag**n, self.dims**n)
        if not self.dims.dimensionless:
            raise DimensionMismatch("raise to a non-integer power", DIMENSIONLESS, self.dims)
        return Quantity(self.mag ** (n if isinstance(n, Interval) else Interval(n)), DIMENSIONLESS)  # type: ignore[arg-type]

    def __abs__(self) -> Quantity:
        return Quantity(abs(self.mag), self.dims)

    def in_unit(self, factor: Fraction) -> Interval:
        """The magnitude expressed in a unit whose factor to base units is ``factor``."""
        return self.mag / factor   # dividing by one gives the magnitude itself


_set_mag = Quantity.__dict__["mag"].__set__
_set_dims = Quantity.__dict__["dims"].__set__
