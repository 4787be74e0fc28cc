"""Find and load checker plugins: one pluggy PluginManager for all three kinds.

1. the built-in checker modules (:data:`BUILTIN_MODULES`);
2. installed packages, through entry points in the ``claimaudit`` group;
3. ``checkers/*.py`` under the project root, imported the way pytest imports ``conftest.py``
   (the folder goes on ``sys.path`` so a checker file can import its helpers).

A module that fails to import, a hook name that does not exist (``check_pending``), a checker
without a valid code or a code used twice are usage errors that name the file.
"""

from __future__ import annotations

import importlib
import inspect
import sys
import types
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import pluggy

from ..errors import UsageError
from ..suggest import did_you_mean
from . import hookspecs
from .base import CODE_RE, Checker, selected

#: Built-in checker modules in ``claimaudit.checkers`` (each implements ``claimaudit_checkers``).
BUILTIN_MODULES = (
    "arithmetic", "dimensions", "unit_readings", "rounding", "qualifiers", "totals", "same_quantity",
    "bounds", "granularity", "statcheck", "solve", "quotes", "doc_drift",
)
ENTRY_POINT_GROUP = "claimaudit"
LOCAL_FOLDER = "checkers"



def _may_declare_entry_points(group: str) -> bool:
    """Whether an installed distribution may declare entry points in ``group``.

    Importing importlib.metadata costs more than the rest of plugin loading (it brings email, zipfile
    and socket: ~30 ms of every start), and most installs have no plugin. So the plain folders on
    ``sys.path`` are looked through first for a ``*.dist-info``/``*.egg-info`` whose entry_points.txt
    has the ``[group]`` section; anything else there (a zip, an egg, a finder with distributions of
    its own) is left to importlib.metadata."""
    import os

    standard = ("BuiltinImporter", "FrozenImporter", "PathFinder")
    if any(hasattr(f, "find_distributions") and getattr(f, "__name__", "") not in standard for f in sys.meta_path):
        return True
    header = f"[{group}]"
    for entry in sys.path:
        folder = entry or "."
        if not os.path.isdir(folder):
            if os.path.exists(folder):
                return True   # a zip file or an egg on the path
            continue
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in names:
            if name.endswith(".egg"):
                return True
            if not name.endswith((".dist-info", ".egg-info")):
                continue
            try:
                with open(os.path.join(folder, name, "entry_points.txt"), encoding="utf-8", errors="replace") as fh:
                    if any(line.replace(" ", "").strip() == header for line in fh):
                        return True
            except OSError:
                continue
    return False

#: What pluggy can take a hook implementation from: any other value of a module is none.
_HOOKABLE = (types.FunctionType, types.MethodType, staticmethod, classmethod)


class _PluginManager(pluggy.PluginManager):
    def parse_hookimpl_opts(self, plugin: Any, name: str) -> Any:
        if isinstance(plugin, types.ModuleType) and not name.startswith("claimaudit_"):
            value = plugin.__dict__.get(name)
            if not isinstance(value, _HOOKABLE) or (isinstance(value, types.FunctionType)
                                                    and not hasattr(value, f"{self.project_name}_impl")):
                # Neither hookable nor marked: pluggy answers None too, after an inspect.getattr_static
                # per name (every class, function and import of each checker module: ~3 ms of a start-up).
                return None
        opts = super().parse_hookimpl_opts(plugin, name)
        # Like pytest: an unmarked ``claimaudit_*`` function is a hook implementation too, so a
        # misspelt one is caught by check_pending() instead of being silently ignored.
        if opts is None and name.startswith("claimaudit_") and inspect.isroutine(getattr(plugin, name, None)):
            return {}
        return opts


@dataclass
class CheckerManager:
    root: Path | None
    pm: _PluginManager = field(default_factory=lambda: _PluginManager(hookspecs.PROJECT))
    where: dict[str, str] = field(default_factory=dict)   # plugin name -> file or package, for messages
    _classes: list[type[Checker]] | None = None

    def __post_init__(self) -> None:
        self.pm.add_hookspecs(hookspecs)

    # -- loading -----------------------------------------------------------------------------------
    def register(self, plugin: Any, name: str, where: str) -> None:
        self.where[name] = where
        try:
            self.pm.register(plugin, name=name)
        except pluggy.PluginValidationError as exc:
            raise UsageError(f"{where}: invalid claimaudit plugin: {exc}") from None
        except ValueError as exc:  # already registered under another name
            raise UsageError(f"{where}: {exc}") from None

    def load_builtins(self) -> None:
        for mod in BUILTIN_MODULES:
            module = importlib.import_module(f"claimaudit.checkers.{mod}")
            self.register(module, f"builtin:{mod}", f"claimaudit.checkers.{mod}")

    def load_entry_points(self) -> None:
        if not _may_declare_entry_points(ENTRY_POINT_GROUP):
            return
        from importlib.metadata import entry_points

        for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
            dist = getattr(getattr(ep, "dist", None), "name", None) or "?"
            where = f"entry point {ep.name} = {ep.value} (package {dist})"
            if self.pm.has_plugin(f"entrypoint:{dist}:{ep.name}"):
                continue
            try:
                plugin = ep.load()
            except Exception as exc:  # noqa: BLE001 - any import failure is the plugin's, name it
                raise UsageError(f"{where}: failed to load: {type(exc).__name__}: {exc}") from None
            self.register(plugin, f"entrypoint:{dist}:{ep.name}", where)

    def load_local(self) -> None:
        if self.root is None:
            return
        folder = self.root / LOCAL_FOLDER
        if not folder.is_dir():
            return
        for path in sorted(folder.glob("*.py")):
            if path.name.startswith(("_", ".")):
                continue
            module = import_local_module(path, self.root)
            where = display(path, self.root)
            if not any(n.startswith("claimaudit_") for n in dir(module)):
                # A checker defined but never handed over would silently not run.
                defined = [v.code for v in vars(module).values() if inspect.isclass(v) and issubclass(v, Checker)
                           and v is not Checker and v.__module__ == module.__name__]
                if defined:
                    raise UsageError(f"{where}: defines checker {', '.join(defined)} but no claimaudit_checkers() "
                                     "hook returns it")
            self.register(module, f"local:{path.name}", where)

    def check_pending(self) -> None:
        try:
            self.pm.check_pending()
        except pluggy.PluginValidationError as exc:
            plugin = getattr(exc, "plugin", None)
            where = self.origin(plugin) if plugin is not None else "a plugin"
            bad = [n for n in dir(plugin) if n.startswith("claimaudit_") and n not in _hook_names()]
            close = did_you_mean(bad[0], _hook_names()) if bad else ()
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise UsageError(f"{where}: unknown hook {', '.join(repr(b) for b in bad) or str(exc)}"
                             f" (hooks: {', '.join(_hook_names())}){hint}") from None

    def origin(self, plugin: Any) -> str:
        """"builtin", "package NAME (entry point EP)" or the local file relative to the root."""
        name = self.pm.get_name(plugin) or ""
        kind, _, rest = name.partition(":")
        if kind == "local":
            return self.where.get(name, rest)
        return plugin_origin(self.pm, plugin)

    # -- checkers ------------------------------------------------------------------------------------
    def checker_classes(self) -> list[type[Checker]]:
        """Every checker class from every plugin, sorted by code; duplicates are usage errors."""
        if self._classes is not None:
            return self._classes
        seen: dict[str, type[Checker]] = {}
        for impl in self.pm.hook.claimaudit_checkers.get_hookimpls():
            where = self.origin(impl.plugin)
            try:
                items = cast("Iterable[Any]", impl.function() or [])
            except Exception as exc:  # noqa: BLE001
                raise UsageError(f"{where}: claimaudit_checkers() raised {type(exc).__name__}: {exc}") from None
            for item in items:
                cls = _as_checker_class(item, where)
                cls.origin = where
                if cls.code in seen and seen[cls.code] is not cls:
                    raise UsageError(f"{where}: checker code {cls.code} is already used by "
                                     f"{seen[cls.code].name} ({seen[cls.code].origin})")
                seen[cls.code] = cls
        self._classes = sorted(seen.values(), key=lambda c: c.code)
        return self._classes

    def instantiate(self, *, select: tuple[str, ...] = (), ignore: tuple[str, ...] = (),
                    overrides: Mapping[str, Mapping[str, Any]] | None = None) -> list[Checker]:
        """The selected checkers, each configured from the project file (then ``overrides``)."""
        classes = self.checker_classes()
        configured = dict(project_checker_config(self.root))
        for code, values in (overrides or {}).items():
            configured[code] = {**configured.get(code, {}), **dict(values)}
        validate_config(configured, classes, config_file(self.root))
        return [cls(configured.get(cls.code)) for cls in classes if selected(cls.code, select, ignore)]


def _hook_names() -> list[str]:
    return sorted(n for n in dir(hookspecs) if n.startswith("claimaudit_"))


def _as_checker_class(item: Any, where: str) -> type[Checker]:
    cls = item if inspect.isclass(item) else type(item) if isinstance(item, Checker) else None
    if cls is None or not issubclass(cls, Checker):
        label = getattr(item, "__name__", repr(item))
        raise UsageError(f"{where}: {label} is not a checker: return Checker subclasses or functions "
                         "decorated with @checker(code, name)")
    if not isinstance(cls.code, str) or not CODE_RE.match(cls.code) or cls.code == "CA000":
        raise UsageError(f"{where}: checker {cls.__name__} has no valid code ({cls.code!r}); "
                         "codes are letters and three digits, e.g. XY901")
    if cls.scope not in ("claim", "run"):
        raise UsageError(f"{where}: checker {cls.code} has scope {cls.scope!r} (use 'claim' or 'run')")
    return cls


def plugin_origin(pm: pluggy.PluginManager, plugin: Any) -> str:
    name = pm.get_name(plugin) or ""
    kind, _, rest = name.partition(":")
    if kind == "builtin":
        return "builtin"
    if kind == "local":
        return display(Path(getattr(plugin, "__file__", rest)), None)
    if kind == "entrypoint":
        dist, _, ep = rest.partition(":")
        return f"package {dist} (entry point {ep})"
    return name or repr(plugin)


def display(path: Path, root: Path | None) -> str:
    if root is not None:
        try:
            return path.resolve().relative_to(root.resolve()).as_posix()
        except ValueError:
            pass
    return str(path)


def import_local_module(path: Path, root: Path) -> Any:
    """Import ``checkers/<name>.py`` like pytest imports a conftest: its folder on ``sys.path``,
    a module name of its own, and any failure reported as ``file:line: error``."""
    import importlib.util

    folder = str(path.parent.resolve())
    if folder not in sys.path:
        sys.path.insert(0, folder)
    modname = f"claimaudit_local_checkers.{path.stem}"
    spec = importlib.util.spec_from_file_location(modname, path)
    if spec is None or spec.loader is None:
        raise UsageError(f"{display(path, root)}: cannot import local checker module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[modname] = module
    try:
        spec.loader.exec_module(module)
    except BaseException as exc:  # noqa: BLE001 - SystemExit in a plugin is an import failure too
        sys.modules.pop(modname, None)
        line = _failing_line(exc, path)
        where = display(path, root) + (f":{line}" if line else "")
        raise UsageError(f"{where}: cannot import local checker module: {type(exc).__name__}: {exc}") from None
    return module


def _failing_line(exc: BaseException, path: Path) -> int | None:
    import traceback

    if isinstance(exc, SyntaxError) and exc.lineno:
        return exc.lineno
    target = str(path.resolve())
    line = None
    for frame in traceback.extract_tb(exc.__traceback__):
        if str(Path(frame.filename).resolve()) == target:
            line = frame.lineno
    return line


# -- configuration: [tool.claimaudit] checkers = {CA105 = {approx = "5%"}} -------------------------

def project_checker_config(root: Path | None) -> dict[str, dict[str, Any]]:
    if root is None:
        return {}
    from ..config import load_config

    cfg = load_config(root)
    table = cfg.get("checkers") or {}
    where = str(cfg.file) if cfg.file else str(root)
    out: dict[str, dict[str, Any]] = {}
    for code, values in table.items():
        if not isinstance(values, dict):
            raise UsageError(f"{where}: [tool.claimaudit.checkers] {code} should be a table of settings, "
                             f"e.g. {code} = {{key = value}}")
        out[str(code)] = dict(values)
    return out


def config_file(root: Path | None) -> str:
    """The file checker settings come from, for messages."""
    if root is None:
        return "checker settings"
    from ..config import load_config

    cfg = load_config(root)
    return str(cfg.file) if cfg.file else str(root)


def validate_config(configured: Mapping[str, Mapping[str, Any]], classes: Iterable[type[Checker]],
                    where: str | Path | None = None) -> None:
    by_code = {c.code: c for c in classes}
    at = f"{where}: " if where else ""
    for code, values in configured.items():
        cls = by_code.get(code)
        if cls is None:
            raise UsageError(f"{at}settings for unknown checker {code!r} (known: {', '.join(sorted(by_code))})")
        for key, value in values.items():
            if key not in cls.config_keys:
                known = ", ".join(sorted(cls.config_keys)) or "none"
                raise UsageError(f"{at}checker {code} ({cls.name}) has no setting {key!r} (settings: {known})")
            default = cls.config_keys[key]
            if default is not None and not _same_kind(default, value):
                raise UsageError(f"{at}checker {code} setting {key!r} should be a {type(default).__name__}, "
                                 f"not {value!r}")


def _same_kind(default: Any, value: Any) -> bool:
    if isinstance(default, bool) or isinstance(value, bool):
        return isinstance(default, bool) and isinstance(value, bool)
    if isinstance(default, (int, float)) and isinstance(value, (int, float)):
        return True
    return isinstance(value, type(default))


# -- one manager per project root (plugins are imported once per process) ---------------------------

_MANAGERS: dict[tuple[str, tuple[tuple[str, float], ...]], CheckerManager] = {}


def get_manager(root: str | Path | None = None) -> CheckerManager:
    """The manager for ``root``: built-ins + entry points + ``root/checkers/*.py`` (cached, and
    rebuilt when a local checker file changes)."""
    rootp = Path(root).resolve() if root is not None else None
    stamp: tuple[tuple[str, float], ...] = ()
    if rootp is not None and (rootp / LOCAL_FOLDER).is_dir():
        stamp = tuple((p.name, p.stat().st_mtime) for p in sorted((rootp / LOCAL_FOLDER).glob("*.py")))
    key = (str(rootp), stamp)
    manager = _MANAGERS.get(key)
    if manager is None:
        manager = CheckerManager(rootp)
        manager.load_builtins()
        manager.load_entry_points()
        manager.load_local()
        manager.check_pending()
        _MANAGERS[key] = manager
    return manager


def available_checkers(root: str | Path | None = None) -> list[type[Checker]]:
    """Every checker class: the built-ins, installed plugins and ``checkers/*.py`` under ``root``."""
    return get_manager(root).checker_classes()


def clear_cache() -> None:
    """Forget loaded managers (tests that install plugins or write local checkers)."""
    _MANAGERS.clear()
