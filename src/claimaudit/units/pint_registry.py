"""The shared pint registry, built lazily from the shipped ``definitions.txt``.

Importing this module does not import pint: :func:`registry` builds the registry on first use, and
only for a unit name the precomputed table (:mod:`.table`) lacks.
"""

from __future__ import annotations

import _thread
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .pint_import import import_pint

if TYPE_CHECKING:  # pragma: no cover
    import pint

__all__ = ["build_registry", "definitions_path", "registry"]

_LOCK = _thread.allocate_lock()   # threading.Lock, without importing threading at start-up
_REGISTRY: Any = None


def definitions_path() -> Path:
    """The definitions file shipped in the package."""
    return Path(__file__).with_name("definitions.txt")


def build_registry() -> pint.UnitRegistry:
    """Build a new registry from the shipped definitions (not memoised; see :func:`registry`)."""
    pint = import_pint()  # deferred: importing this module must not import pint (nor Dask)

    return pint.UnitRegistry(str(definitions_path()), cache_folder=None, non_int_type=Fraction,
                             on_redefinition="raise", autoconvert_offset_to_baseunit=False)


def registry() -> pint.UnitRegistry:
    """The shared registry, built on first use (thread-safe)."""
    global _REGISTRY
    reg = _REGISTRY
    if reg is None:
        with _LOCK:
            if _REGISTRY is None:
                _REGISTRY = build_registry()
            reg = _REGISTRY
    return reg
