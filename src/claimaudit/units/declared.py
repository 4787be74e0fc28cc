"""Units a project declares, and the vocabulary a claim's units are read with.

A claim file (``units:``) or ``claimaudit.toml`` (``[units]``) may declare units the registry does
not know::

    units:
      - {name: expert, aliases: [E]}                     # a counting unit of its own
      - {name: PF_day, definition: PFLOPS * day, aliases: [pfs_day]}

Declarations come from strangers, so they are validated here and never handed to pint's
definition parser: a name and its aliases are single words (letters, digits, ``_``; not starting
with a digit), a definition is read by the registry's own unit grammar (known units only, no
numbers but exponents), and the sizes are bounded. Singular and plural are the same unit
(``expert`` also reads ``experts``).

The vocabulary (declarations, and whether an unknown plural noun becomes a counting unit of its
own) is a context: the engine reads claims inside :func:`claim_vocabulary`; outside it (extraction
scanning prose, for instance) unknown words stay errors.
"""

from __future__ import annotations

import contextvars
import re
from collections.abc import Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from typing import Any

from ..errors import Location, UnitError

#: Limits on what a declaration may hold.
MAX_DECLARATIONS = 200
MAX_ALIASES = 20
MAX_NAME = 40
MAX_DEFINITION = 200
_NAME = re.compile(r"^[^\W\d]\w*$")
_KEYS = ("name", "definition", "aliases")


@dataclass(frozen=True)
class UnitDecl:
    """One declared unit: ``name`` (and its aliases) read as ``definition``, or as a count of its own."""

    name: str
    definition: str | None = None
    aliases: tuple[str, ...] = ()
    location: Location | None = None

    @property
    def words(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)

    def same(self, other: UnitDecl) -> bool:
        return (self.name, self.definition, self.aliases) == (other.name, other.definition, other.aliases)


@dataclass(frozen=True)
class Vocabulary:
    """What a unit string may use beyond the built-in registry."""

    count_nouns: bool = False
    declared: tuple[UnitDecl, ...] = ()

    def lookup(self, word: str) -> UnitDecl | None:
        """The declaration that names ``word`` (exactly, or as a plural of a declared word)."""
        for decl in self.declared:
            if word in decl.words:
                return decl
        for stem in singulars(word):
            for decl in self.declared:
                if stem in decl.words:
                    return decl
        return None


_VOCABULARY: contextvars.ContextVar[Vocabulary] = contextvars.ContextVar(
    "claimaudit_units", default=Vocabulary())  # noqa: B039 - a frozen dataclass, never mutated


def vocabulary() -> Vocabulary:
    return _VOCABULARY.get()


@contextmanager
def using(vocab: Vocabulary) -> Iterator[None]:
    token = _VOCABULARY.set(vocab)
    try:
        yield
    finally:
        _VOCABULARY.reset(token)


def claim_vocabulary(declared: tuple[UnitDecl, ...] = ()) -> AbstractContextManager[None]:
    """Read units as a claim's: declared units known, unknown plural nouns counting units."""
    return using(Vocabulary(True, tuple(declared)))


def singulars(word: str) -> tuple[str, ...]:
    """The singular forms a plural may have: ``experts`` → expert, ``switches`` → switch,
    ``replies`` → reply. A word not ending in ``s`` (or ending in ``ss``) has none."""
    if len(word) < 3 or not word.endswith("s") or word.endswith("ss"):
        return ()
    out = []
    if word.endswith("ies") and len(word) > 4:
        out.append(word[:-3] + "y")
    if re.search(r"(?:ch|sh|x|z|ss)es$", word):
        out.append(word[:-2])
    out.append(word[:-1])
    return tuple(out)


# -- parsing declarations -------------------------------------------------------------------------

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
    from .registry import resolve_unit  # the registry imports this module

    for i, decl in enumerate(decls):
        if decl.definition is None:
            continue
        with using(Vocabulary(True, decls[:i] + decls[i + 1:])):
            try:
                resolve_unit(decl.definition)
            except UnitError as exc:
                raise UnitError(f"unit {decl.name!r} is declared as {decl.definition!r}, which cannot be read: "
                                f"{exc.message}", location=decl.location, suggestions=exc.suggestions) from None


def merge_declarations(base: tuple[UnitDecl, ...], more: tuple[UnitDecl, ...]) -> tuple[UnitDecl, ...]:
    """``base`` plus ``more``; a word declared twice with different meanings is an error."""
    out = list(base)
    for decl in more:
        clash = next((d for d in out if set(d.words) & set(decl.words)), None)
        if clash is None:
            out.append(decl)
        elif not clash.same(decl):
            word = min(set(clash.words) & set(decl.words))
            where = f" (first declared at {clash.location})" if clash.location else ""
            raise UnitError(f"unit {word!r} is declared twice with different meanings{where}", location=decl.location)
    return tuple(out)
