"""Dimensions as text (``format_dims``) and from pint's dimensionality (``dims_from_pint``)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ..errors import UnitError
from .quantity import Dims

__all__ = ["dims_from_pint", "format_dims"]

_NAMED_DIMS = {
    Dims.of({"[information]": 1, "[time]": -1}): "data rate",
    Dims.of({"[time]": -1}): "frequency",
    Dims.of({"[flop]": 1, "[time]": -1}): "compute rate",
    Dims.of({"[token]": 1, "[time]": -1}): "token rate",
    Dims.of({"[gpu]": 1, "[time]": 1}): "GPU time",
}


def format_dims(dims: Dims, *, named: bool = False) -> str:
    """Readable dimension text, the same as :meth:`Dims.describe` ("information/time",
    "currency_USD", "gpu*time", "dimensionless"). ``named=True`` appends a common name when
    there is one: "information/time (data rate)"."""
    text = dims.describe()
    if named and dims in _NAMED_DIMS:
        text += f" ({_NAMED_DIMS[dims]})"
    return text


def dims_from_pint(dimensionality: Mapping[str, Any]) -> Dims:
    """pint's dimensionality (``{'[information]': 1, '[time]': -1}``) as :class:`Dims`,
    keeping pint's bracketed names. Exponents must be whole numbers."""
    pairs = []
    for name, exp in dict(dimensionality).items():
        e = Fraction(exp)
        if e.denominator != 1:
            raise UnitError(f"fractional dimension exponent {name}^{e} is not supported")
        pairs.append((str(name), int(e)))
    return Dims.of(pairs)
