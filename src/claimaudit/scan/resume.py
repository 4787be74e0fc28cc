"""``--resume``: which items already have a complete result (same id, same sha256)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from .inputs import Item
from .store import clean_orphans, read_table


def done_keys(out: Path) -> set[tuple[str, str]]:
    """(id, sha256) of every document recorded in a complete part."""
    t = read_table(out, "documents", ["id", "sha256"])
    return set(zip(t.column("id").to_pylist(), t.column("sha256").to_pylist(), strict=True))


def remaining(items: Sequence[Item], out: Path) -> tuple[list[Item], int]:
    """The items still to audit, and how many were already done; orphan parts are removed first."""
    clean_orphans(out)
    done = done_keys(out)
    todo = [i for i in items if (i.id, i.sha256) not in done]
    return todo, len(items) - len(todo)
