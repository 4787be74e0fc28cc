"""Project configuration: ``[tool.claimaudit]`` in ``pyproject.toml`` or a ``claimaudit.toml``.

Command-line options override the file; the file overrides the defaults. ``--config FILE`` names
the file explicitly (:func:`config_file`): every reader of the configuration in that run (the
checkers, the quote checker's allowed folders) then reads that file instead of searching the root.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import InputError, UsageError
from .roots import find_root  # noqa: F401  (re-exported: front ends import it from here)
from .safeio import MAX_CONFIG_BYTES, inside, read_text

KEYS = {"paths": list, "kilo": int, "rounding": str, "approx": str, "select": list, "ignore": list,
        "report_dir": str, "checkers": dict, "allow_source_dirs": list, "units": dict}


@dataclass
class Config:
    """The settings read for a project root: its file (None when it has none) and the values in it."""

    root: Path
    file: Path | None = None
    values: dict[str, Any] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        return self.values.get(key, default)


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
            data = tomllib.loads(read_text(path, max_bytes=MAX_CONFIG_BYTES, what="configuration file"))
        except InputError as exc:
            raise UsageError(str(exc)) from None
        except tomllib.TOMLDecodeError as exc:
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
            if not isinstance(value, want) or isinstance(value, bool):
                raise UsageError(f"{path}: setting {key!r} should be a {want.__name__}")
        _check_values(path, root, section)
        return Config(root, path, dict(section))
    return Config(root)


def _check_values(path: Path, root: Path, section: dict[str, Any]) -> None:
    """Refuse settings a stranger's pull request could use against the run.

    The configuration is project content (a pull request can change it), so it may not point the
    run outside the project: ``paths`` must lie inside the root (a folder elsewhere is audited by
    naming it on the command line), and so must ``allow_source_dirs`` (never an absolute path, the
    home folder, ``/``, a folder beside the project or one that holds it, which would let a source
    record read ``.git/config``). Only the run's own command line widens the allowed folders
    (``--allow-source-dir DIR``, :func:`allowed_source_dirs`).
    """
    from .numbers.printed import ROUNDING_POLICIES

    if "kilo" in section and section["kilo"] not in (1000, 1024):
        raise UsageError(f"{path}: setting 'kilo' must be 1000 or 1024, not {section['kilo']!r}")
    if "rounding" in section and section["rounding"] not in ROUNDING_POLICIES:
        raise UsageError(f"{path}: setting 'rounding' must be one of {', '.join(ROUNDING_POLICIES)}, "
                         f"not {section['rounding']!r}")
    real_root = root.resolve()
    for key in ("paths", "allow_source_dirs"):
        for item in section.get(key, ()):
            if not isinstance(item, str) or "\x00" in item:
                raise UsageError(f"{path}: setting {key!r} holds folder names (text), not {item!r}")
    for item in section.get("paths", ()):
        if not inside((real_root / item).resolve(), real_root):
            raise UsageError(f"{path}: paths = [{item!r}] is outside the project ({real_root}); "
                             "name a folder outside it on the command line instead")
    for item in section.get("allow_source_dirs", ()):
        target = (real_root / item).resolve()
        if (Path(item).is_absolute() or item.startswith("~") or target == real_root
                or not inside(target, real_root)):
            raise UsageError(f"{path}: allow_source_dirs = [{item!r}] is refused: the configuration may only "
                             "allow folders inside the project; a folder outside it is allowed on the command "
                             "line (--allow-source-dir DIR)")


#: Folders the run's own command line allows source texts in (``--allow-source-dir``), beyond the
#: project and what its configuration allows inside it. A context, like ``--config``.
_CLI_SOURCE_DIRS: ContextVar[tuple[str, ...]] = ContextVar("claimaudit_cli_source_dirs", default=())


@contextmanager
def command_line_source_dirs(dirs: Sequence[str] | None) -> Iterator[None]:
    """Within the block, :func:`allowed_source_dirs` adds ``dirs`` (absolute, as the user named them)."""
    token = _CLI_SOURCE_DIRS.set(tuple(str(Path(d).expanduser().resolve()) for d in dirs or ()))
    try:
        yield
    finally:
        _CLI_SOURCE_DIRS.reset(token)


def allowed_source_dirs(config: Config) -> list[str]:
    """The folders outside ``sources/`` a source record may name: the configuration's (inside the
    project) and the command line's."""
    return [str(a) for a in config.get("allow_source_dirs", []) or []] + list(_CLI_SOURCE_DIRS.get())
