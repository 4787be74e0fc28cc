"""The bundled demo project: the repository's own claims/, sources/ and source texts, as package data.

``claimaudit demo DIR`` writes these files into a folder and audits them, so the demo runs from an
installed wheel with no checkout. They are copies of the repository's ``claims/``, ``sources/``
and ``claimaudit.toml`` (one source of truth): ``python tools/sync_demo.py`` refreshes them and
``tests/test_demo.py`` fails when they differ.
"""

from __future__ import annotations

from collections.abc import Iterator
from importlib import resources
from importlib.resources.abc import Traversable

#: What the demo project holds, relative to the repository root (and to the demo folder).
PATTERNS = ("claimaudit.toml", "claims/*.yaml", "sources/*.yaml", "sources/texts/*.txt", "sources/texts/README.md")
#: The folder (inside this package) the files are kept in.
FOLDER = "project"


def _walk(node: Traversable, prefix: str = "") -> Iterator[tuple[str, Traversable]]:
    for child in sorted(node.iterdir(), key=lambda c: c.name):
        rel = f"{prefix}{child.name}"
        if child.is_dir():
            yield from _walk(child, rel + "/")
        elif child.is_file():
            yield rel, child


def bundled_files() -> dict[str, bytes]:
    """Relative path -> content of every file of the bundled demo project."""
    base = resources.files(__name__).joinpath(FOLDER)
    return {rel: node.read_bytes() for rel, node in _walk(base)}
