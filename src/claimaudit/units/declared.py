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
import functools
import re
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass

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


class using:
    """Read units with ``vocab`` inside the block (restored after, also on an error). A class rather
    than a generator context manager: the engine enters one per claim."""

    __slots__ = ("token", "vocab")

    def __init__(self, vocab: Vocabulary) -> None:
        self.vocab = vocab

    def __enter__(self) -> None:
        self.token = _VOCABULARY.set(self.vocab)

    def __exit__(self, *exc: object) -> None:
        _VOCABULARY.reset(self.token)


@functools.lru_cache(maxsize=256)
def _claim_vocabulary(declared: tuple[UnitDecl, ...]) -> Vocabulary:
    return Vocabulary(True, declared)


def claim_vocabulary(declared: tuple[UnitDecl, ...] = ()) -> AbstractContextManager[None]:
    """Read units as a claim's: declared units known, unknown plural nouns counting units. Already
    reading them so (the engine enters the run's vocabulary once around its claims), nothing to do."""
    vocab = _claim_vocabulary(tuple(declared))
    return _ALREADY if _VOCABULARY.get() is vocab else using(vocab)


def reading_as_claim(declared: tuple[UnitDecl, ...]) -> bool:
    """Whether units are read now as :func:`claim_vocabulary` ``(declared)`` would read them (the
    engine asks for each claim: entering nothing is cheaper still than the shared no-op block)."""
    return _VOCABULARY.get() is _claim_vocabulary(declared)


#: The block of a vocabulary already in use: nothing set, nothing to restore (stateless, so shared).
_ALREADY = nullcontext()


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
