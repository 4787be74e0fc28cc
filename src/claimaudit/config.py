"""Project configuration: ``[tool.claimaudit]`` in ``pyproject.toml`` or a ``claimaudit.toml``.

Command-line options override the file; the file overrides the defaults. ``--config FILE`` names
the file explicitly (:func:`config_file`): every reader of the configuration in that run (the
checkers, the quote checker's allowed folders) then reads that file instead of searching the root.
"""

from __future__ import annotations

import tomllib
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from .errors import UsageError

KEYS = {"paths": list, "kilo": int, "rounding": str, "approx": str, "select": list, "ignore": list,
        "report_dir": str, "checkers": dict, "allow_source_dirs": list}


@dataclass
class Config:
    root: Path
    file: Path | None = None
    values: dict[str, Any] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        return self.values.get(key, default)


def find_root(start: Path | None = None) -> Path:
    """The nearest folder upwards holding claimaudit.toml, a pyproject.toml or a claims/ folder."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / "claimaudit.toml").is_file() or (folder / "claims").is_dir() or (folder / "pyproject.toml").is_file():
            return folder
    return here


#: The configuration file named by ``--config`` for the run in progress (None: search the root).
_EXPLICIT: ContextVar[Path | None] = ContextVar("claimaudit_config_file", default=None)


@contextmanager
def config_file(path: str | Path | None) -> Iterator[None]:
    """Within the block, :func:`load_config` reads ``path`` (``--config FILE``) whatever the root."""
    if path is None:
        yield
        return
    file = Path(path).resolve()
    if not file.is_file():
        raise UsageError(f"--config {path}: no such file")
    token = _EXPLICIT.set(file)
    try:
        yield
    finally:
        _EXPLICIT.reset(token)


def load_config(root: Path) -> Config:
    explicit = _EXPLICIT.get()
    candidates = [explicit] if explicit is not None else [root / n for n in ("claimaudit.toml", "pyproject.toml")]
    for path in candidates:
        name = "pyproject.toml" if path.name == "pyproject.toml" else "claimaudit.toml"
        if not path.is_file():
            continue
        try:
            data = tomllib.loads(path.read_text("utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise UsageError(f"{path}: {exc}") from None
        section = data if name == "claimaudit.toml" else data.get("tool", {}).get("claimaudit")
        if section is None:
            continue
        if name == "claimaudit.toml" and "tool" in section:
            section = section["tool"].get("claimaudit", section)
        for key, value in section.items():
            want = KEYS.get(key)
            if want is None:
                raise UsageError(f"{path}: unknown setting {key!r} in [tool.claimaudit] "
                                 f"(known: {', '.join(sorted(KEYS))})")
            if not isinstance(value, want):
                raise UsageError(f"{path}: setting {key!r} should be a {want.__name__}")
        return Config(root, path, dict(section))
    return Config(root)
