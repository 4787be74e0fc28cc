"""What one audit run is asked to do: the options every front end fills in.

Its own module so that the engine (which runs the steps) and the checkers (which read the
``select``/``ignore`` codes) both import it and neither imports the other's module.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from ..config import Config
from ..model.claims import Settings

#: Runs up to this many claims get the careful reader's checklist by default (~0.2 ms a claim).
CHECKLIST_AUTO_LIMIT = 2000


@dataclass
class RunOptions:
    """How a run audits: which claims (-k), reading settings, checkers, workers, the checklist."""

    keyword: str | None = None
    settings: Settings = field(default_factory=Settings)
    select: tuple[str, ...] = ()          # checker codes (prefixes) to run; empty = all
    ignore: tuple[str, ...] = ()          # checker codes (prefixes) to skip
    progress: Callable[[int, int], None] | None = None   # (claims evaluated, total), now and then
    checkers: bool = True                 # run the checkers beyond the core
    workers: int = 1                      # processes for independent groups of files (engine/parallel.py)
    # Answer the careful reader's checklist into each record: "auto" does so for runs of up to
    # CHECKLIST_AUTO_LIMIT claims. Every front end gets the same records from the same claims.
    checklist: Literal["auto", "yes", "no"] = "auto"
    # Per-checker settings over the project's [tool.claimaudit.checkers.<CODE>] tables.
    checker_config: dict[str, dict[str, Any]] = field(default_factory=dict)

    def wants_checklist(self, n_results: int) -> bool:
        return self.checklist == "yes" or (self.checklist == "auto" and n_results <= CHECKLIST_AUTO_LIMIT)


def options_from_config(config: Config, *, keyword: str | None = None, kilo: int | str | None = None,
                        rounding: str | None = None, approx: str | None = None,
                        select: Sequence[str] = (), ignore: Sequence[str] = (),
                        checkers: bool = True, checklist: Literal["auto", "yes", "no"] = "auto",
                        progress: Callable[[int, int], None] | None = None) -> RunOptions:
    """The options of a run in a project: each one given here, else ``[tool.claimaudit]``, else the default."""
    settings = Settings().merged({"kilo": kilo or config.get("kilo"),
                                  "rounding": rounding or config.get("rounding"),
                                  "approx": approx or config.get("approx")})
    return RunOptions(keyword=keyword, settings=settings,
                      select=tuple(select or config.get("select") or ()),
                      ignore=tuple(ignore or config.get("ignore") or ()),
                      progress=progress, checkers=checkers, checklist=checklist)
