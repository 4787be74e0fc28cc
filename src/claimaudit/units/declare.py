"""Reading a project's unit declarations (``units:`` in claim files, ``[units]`` in claimaudit.toml).

The declarations come from strangers: every name, alias and size is validated here, and each
definition is read by the registry's own unit grammar so that a bad one is reported where it is
declared. (The types and the reading context are in :mod:`.declared`, which the registry imports;
this module imports the registry, so it is a module of its own.)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import Location, UnitError
from .declared import (
    _KEYS,
    _NAME,
    MAX_ALIASES,
    MAX_DECLARATIONS,
    MAX_DEFINITION,
    MAX_NAME,
    UnitDecl,
    Vocabulary,
    merge_declarations,
    using,
)
from .registry import resolve_unit


def _where(mapping: Any, key: str | None, fallback: Location | None) -> Location | None:
    loc_of = getattr(mapping, "loc_of", None)
    if key is not None and loc_of is not None and key in mapping:
        return loc_of(key)
    return getattr(mapping, "location", None) or fallback


def _word(value: Any, what: str, location: Location | None) -> str:
    text = str(value).strip() if isinstance(value, (str, int, float)) else None
    if not text or len(text) > MAX_NAME or not _NAME.match(text):
        raise UnitError(f"unit declaration: {what} {value!r} must be one word of letters, digits and '_' "
                        f"(not starting with a digit, at most {MAX_NAME} characters)", location=location)
    return text


def parse_declarations(items: Any, location: Location | None = None) -> tuple[UnitDecl, ...]:
    """Validate ``units:`` (a list of ``{name, definition, aliases}``, or a mapping name → the rest,
    as TOML writes it). Raises :class:`UnitError` located at the offending entry."""
    if items is None:
        return ()
    if isinstance(items, Mapping):
        entries = []
        for name, body in items.items():
            body = body if isinstance(body, Mapping) else ({} if body is None else {"definition": body})
            entries.append(({"name": name, **body}, _where(items, name, location)))
    elif isinstance(items, list):
        base = getattr(items, "location", None) or location
        entries = [(e, getattr(e, "location", None) or base) for e in items]
    else:
        raise UnitError("units: expected a list of {name, definition, aliases}", location=location)
    if len(entries) > MAX_DECLARATIONS:
        raise UnitError(f"units: more than {MAX_DECLARATIONS} declarations", location=location)
    out: list[UnitDecl] = []
    for entry, loc in entries:
        if not isinstance(entry, Mapping):
            raise UnitError("unit declaration: expected a mapping with a 'name'", location=loc)
        unknown = [k for k in entry if k not in _KEYS]
        if unknown:
            raise UnitError(f"unit declaration: unknown key {unknown[0]!r} (known: {', '.join(_KEYS)})",
                            location=_where(entry, unknown[0], loc))
        if "name" not in entry:
            raise UnitError("unit declaration: 'name' is required", location=loc)
        name = _word(entry["name"], "name", _where(entry, "name", loc))
        aliases = entry.get("aliases") or ()
        if isinstance(aliases, str):
            aliases = [aliases]
        if not isinstance(aliases, (list, tuple)) or len(aliases) > MAX_ALIASES:
            raise UnitError(f"unit declaration {name!r}: aliases must be a list of at most {MAX_ALIASES} words",
                            location=_where(entry, "aliases", loc))
        alias_words = tuple(_word(a, "alias", _where(entry, "aliases", loc)) for a in aliases)
        definition = entry.get("definition")
        if definition is not None:
            definition = str(definition).strip()
            if not definition or len(definition) > MAX_DEFINITION:
                raise UnitError(f"unit declaration {name!r}: a definition is a unit expression of at most "
                                f"{MAX_DEFINITION} characters", location=_where(entry, "definition", loc))
        out.append(UnitDecl(name, definition, alias_words, loc))
    decls = merge_declarations((), tuple(out))
    _check_definitions(decls)
    return decls


def _check_definitions(decls: tuple[UnitDecl, ...]) -> None:
    """Read every definition now, so that a bad one is reported where it is declared."""
    for i, decl in enumerate(decls):
        if decl.definition is None:
            continue
        with using(Vocabulary(True, decls[:i] + decls[i + 1:])):
            try:
                resolve_unit(decl.definition)
            except UnitError as exc:
                raise UnitError(f"unit {decl.name!r} is declared as {decl.definition!r}, which cannot be read: "
                                f"{exc.message}", location=decl.location, suggestions=exc.suggestions) from None
