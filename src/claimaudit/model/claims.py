"""The claim model: what a claim file says, with locations, before anything is evaluated."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
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


@dataclass(frozen=True, slots=True)
class Given:
    """A local input of one claim: a printed value that is not a claim of its own."""

    name: str
    value: str
    location: Location
    quote: str | None = None
    at: str | None = None
    source: str | None = None
    settings: Settings = field(default_factory=Settings)


@dataclass(frozen=True, slots=True)
class Citation:
    source: str
    quote: str | None = None
    at: str | None = None
    value: str | None = None


@dataclass(frozen=True, slots=True)
class Ignore:
    code: str
    reason: str


@dataclass(frozen=True, slots=True)
class Claim:
    id: str
    module: str                       # the claim file's key (its stem), for dotted references
    file: str                         # path as given (relative to the project root when possible)
    # The places below: given, or (None) the place in ``raw``, the loaded mapping, when it has one
    # (see _Place: built when read, not kept as objects from loading on).
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
    #: ``module.id``: the name other files use to refer to this claim (one string per claim: the
    #: engine keys its tables by it).
    qualname: str = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "qualname", f"{self.module}.{self.id}")

    def get(self, key: str, default: Any = None) -> Any:
        """Any other key of the claim mapping (same_as, at_most, words, statistic, …)."""
        return self.raw.get(key, default)

    def loc_of(self, key: str) -> Location:
        loc_of = getattr(self.raw, "loc_of", None)
        return loc_of(key) if loc_of else self.location

    def __getstate__(self) -> list[Any]:
        # The stored places (None where ``raw`` holds them), not the built ones: a pickled claim
        # (a ``-n`` worker's) stays as small as the claim. Read and written through the slots' own
        # descriptors (C calls): a ``-n`` run's parent reads back tens of thousands of claims.
        return [get(self) for get in _GETTERS]

    def __setstate__(self, state: list[Any]) -> None:
        for put, v in zip(_SETTERS, state, strict=True):
            put(self, v)


class _Place:
    """A location field of :class:`Claim`: the location it was given, else the place of its key in
    the claim's loaded mapping (``raw``), built when read. Loaded claims store None: a Location
    object per place was a fifth of a loaded claim's memory, and most places are never shown.
    Value places are kept once built (every claim using this one as an input shows its place);
    the others are built afresh on each read: the mapping's own (every record reads it once), the
    formula's and the quote's (read for a finding, which keeps its own, or for nothing: the quote
    checker reads every quote's place before it knows whether a source text will need it)."""

    __slots__ = ("keep", "key", "slot")

    def __init__(self, slot: Any, key: str | None, keep: bool) -> None:
        self.slot, self.key, self.keep = slot, key, keep

    def __get__(self, obj: Any, owner: Any = None) -> Any:
        if obj is None:
            return self
        loc = self.slot.__get__(obj, owner)
        if loc is not None:
            return loc
        raw = obj.raw
        if not hasattr(raw, "loc_of"):
            return None
        if self.key is None:
            return raw.location
        if self.key not in raw:
            return None
        loc = raw.loc_of(self.key)
        if self.keep:
            self.slot.__set__(obj, loc)
        return loc

    def __set__(self, obj: Any, value: Any) -> None:
        self.slot.__set__(obj, value)


class _Raw:
    """``Claim.raw``: a claim whose loaded mapping is replaced by one that cannot place its keys (a
    ``-n`` worker sends plain dicts) first builds and keeps the places it still left to the old one."""

    __slots__ = ("slot",)

    def __init__(self, slot: Any) -> None:
        self.slot = slot

    def __get__(self, obj: Any, owner: Any = None) -> Any:
        return self if obj is None else self.slot.__get__(obj, owner)

    def __set__(self, obj: Any, value: Any) -> None:
        try:
            old = self.slot.__get__(obj)
        except AttributeError:       # being built
            old = None
        if old is not None and hasattr(old, "loc_of") and not hasattr(value, "loc_of"):
            for name, stored in _STORED.items():
                if stored.__get__(obj) is None:
                    stored.__set__(obj, getattr(obj, name))
        self.slot.__set__(obj, value)


_STORED: dict[str, Any] = {}
for _name, _key, _keep in (("location", None, False), ("value_location", "value", True),
                           ("formula_location", "formula", False), ("quote_location", "quote", False)):
    _STORED[_name] = Claim.__dict__[_name]
    setattr(Claim, _name, _Place(_STORED[_name], _key, _keep))
_STORED_RAW = Claim.__dict__["raw"]
setattr(Claim, "raw", _Raw(_STORED_RAW))  # noqa: B010 - as the places above
_FIELDS = tuple(Claim.__dataclass_fields__)
# Each field's slot: the places and ``raw`` as stored (the descriptors above are not in the way).
_SLOTS = [_STORED.get(f) or (_STORED_RAW if f == "raw" else Claim.__dict__[f]) for f in _FIELDS]
_GETTERS = tuple(s.__get__ for s in _SLOTS)
_SETTERS = tuple(s.__set__ for s in _SLOTS)


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
