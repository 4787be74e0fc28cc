"""The claim model: what a claim file says, with locations, before anything is evaluated."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ..errors import Location
from ..units.declare import parse_declarations
from ..units.declared import UnitDecl, merge_declarations


@dataclass(frozen=True)
class Settings:
    """Reading policy for printed numbers; claim settings override file defaults override global."""

    kilo: int = 1000
    rounding: str = "auto"
    approx: str = "5%"
    #: Units declared by the project (claimaudit.toml ``[units]``) and the file (``units:``).
    units: tuple[UnitDecl, ...] = ()
    #: statcheck settings of the file (``defaults: {statcheck: {alpha, p_zero_error, …}}``), as pairs.
    statcheck: tuple[tuple[str, Any], ...] = ()

    def merged(self, overrides: Mapping[str, Any]) -> Settings:
        kw: dict[str, Any] = {}
        if overrides.get("kilo") is not None:
            kw["kilo"] = int(overrides["kilo"])
        if overrides.get("rounding") is not None:
            kw["rounding"] = str(overrides["rounding"])
        if overrides.get("approx") is not None:
            kw["approx"] = str(overrides["approx"])
        if overrides.get("units") is not None:
            # Validated (UnitError at the entry's location), never handed to pint's parser.
            kw["units"] = merge_declarations(self.units, parse_declarations(
                overrides["units"], getattr(overrides, "location", None)))
        if isinstance(overrides.get("statcheck"), Mapping):
            kw["statcheck"] = tuple({**dict(self.statcheck), **{str(k): v for k, v in overrides["statcheck"].items()
                                                                 if not isinstance(v, (dict, list))}}.items())
        if not kw:
            return self
        return Settings(**{**self.__dict__, **kw})


@dataclass(frozen=True)
class Given:
    """A local input of one claim: a printed value that is not a claim of its own."""

    name: str
    value: str
    location: Location
    quote: str | None = None
    at: str | None = None
    source: str | None = None
    settings: Settings = field(default_factory=Settings)


@dataclass(frozen=True)
class Citation:
    source: str
    quote: str | None = None
    at: str | None = None
    value: str | None = None


@dataclass(frozen=True)
class Ignore:
    code: str
    reason: str


@dataclass(frozen=True)
class Claim:
    id: str
    module: str                       # the claim file's key (its stem), for dotted references
    file: str                         # path as given (relative to the project root when possible)
    location: Location                # the claim mapping
    settings: Settings
    value: str | None = None
    value_location: Location | None = None
    formula: str | None = None
    formula_location: Location | None = None
    quote: str | None = None
    quote_location: Location | None = None
    at: str | None = None
    source: str | None = None
    also_in: tuple[Citation, ...] = ()
    given: tuple[Given, ...] = ()
    relation: str | None = None
    expect: str | None = None
    because: str | None = None
    title: str | None = None
    tags: tuple[str, ...] = ()
    ignore: tuple[Ignore, ...] = ()
    raw: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @cached_property
    def qualname(self) -> str:
        """``module.id``: the name other files use to refer to this claim (one string per claim:
        the engine keys its tables by it)."""
        return f"{self.module}.{self.id}"

    def get(self, key: str, default: Any = None) -> Any:
        """Any other key of the claim mapping (same_as, at_most, words, statistic, …)."""
        return self.raw.get(key, default)

    def loc_of(self, key: str) -> Location:
        loc_of = getattr(self.raw, "loc_of", None)
        return loc_of(key) if loc_of else self.location


@dataclass
class ClaimFile:
    path: str
    module: str
    source: str | None
    settings: Settings
    claims: list[Claim]
    ignore: tuple[Ignore, ...] = ()
    tags: tuple[str, ...] = ()
    title: str | None = None
