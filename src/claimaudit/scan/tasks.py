"""Work shape: a task carries a batch of paths (not parsed claims); workers read the files."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .inputs import Item

#: Documents per task: large enough that scheduling costs little, small enough to spread the work.
BATCH_SIZE = 100


@dataclass(frozen=True)
class Batch:
    part: str                 # name of the result parts it writes (the same on a retry: no duplicates)
    items: tuple[Item, ...]

    def as_requests(self) -> list[dict[str, Any]]:
        return [{"id": i.id, "path": i.path, "display": i.path} for i in self.items]


def make_batches(items: Sequence[Item], token: str, size: int = BATCH_SIZE) -> list[Batch]:
    """Consecutive batches of about ``size`` items, named ``<token>-<n>``."""
    size = max(1, size)
    return [Batch(f"{token}-{n:06d}", tuple(items[k:k + size])) for n, k in enumerate(range(0, len(items), size))]


def split(batch: Batch) -> list[Batch]:
    """A batch whose worker died, as one batch per item (so one poison document cannot sink the others)."""
    return [Batch(f"{batch.part}-{k:03d}", (item,)) for k, item in enumerate(batch.items)]
