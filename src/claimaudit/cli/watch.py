"""``claimaudit run --watch``: re-run the audit whenever a claim file, source or setting changes.

For people writing claims: save the file, see the verdict. Changes are found by polling file
modification times (no extra dependency, works on every file system); the poll is bounded: at most
:data:`MAX_FILES` files are watched, and ``--max-iterations`` stops after that many polls (tests,
scripts). Ctrl-C ends it with the last run's exit code.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path

#: Folders and files a project's audit reads; the claim paths given on the command line are added.
WATCHED = ("claims", "sources", "docs", "claimaudit.toml", "pyproject.toml")
#: Suffixes that can change a verdict (claim files, documents, source texts, settings).
SUFFIXES = {".yaml", ".yml", ".md", ".markdown", ".txt", ".html", ".htm", ".pdf", ".toml"}
#: No more files than this are stat'ed per poll, so a watch on a huge tree stays cheap.
MAX_FILES = 20_000
SKIP_DIRS = {".git", "reports", "__pycache__", ".claimaudit", "node_modules", ".venv"}


def add_watch_arguments(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("watch")
    g.add_argument("--watch", action="store_true", help="re-run whenever a claim file, source or setting changes")
    g.add_argument("--watch-interval", type=float, default=1.0, metavar="SECONDS",
                   help="how often to look for changes (default 1 s)")
    g.add_argument("--max-iterations", type=int, default=None, metavar="N",
                   help="with --watch, stop after N polls (default: until Ctrl-C)")


def _files(paths: Iterable[Path]) -> Iterable[Path]:
    for p in paths:
        if p.is_file():
            yield p
        elif p.is_dir():
            for folder, dirs, names in os.walk(p):
                dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not d.startswith("."))
                for n in sorted(names):
                    if Path(n).suffix.lower() in SUFFIXES:
                        yield Path(folder) / n


def snapshot(paths: Iterable[Path]) -> dict[str, float]:
    """Modification time (and size) of every watched file, at most MAX_FILES of them."""
    out: dict[str, float] = {}
    for f in _files(paths):
        if len(out) >= MAX_FILES:
            break
        try:
            st = f.stat()
        except OSError:
            continue
        out[str(f)] = st.st_mtime_ns + st.st_size * 1e-3
    return out


def watched_paths(args: argparse.Namespace) -> list[Path]:
    from ..config import find_root

    root = Path(args.root).resolve() if args.root else (
        Path(args.config).resolve().parent if getattr(args, "config", None) else find_root())
    paths = [root / w for w in WATCHED] + [Path(p) for p in args.paths or ()]
    if getattr(args, "config", None):
        paths.append(Path(args.config))
    return paths


def watch(args: argparse.Namespace, run_once: Callable[[argparse.Namespace], int], *,
          sleep: Callable[[float], None] = time.sleep) -> int:
    """Run once, then again after every change, until Ctrl-C or ``--max-iterations`` polls."""
    from ..errors import ClaimAuditError

    def attempt() -> int:
        try:
            return run_once(args)
        except ClaimAuditError as exc:   # a broken file mid-edit: say so and keep watching
            print(f"claimaudit: error: {exc}", file=sys.stderr)
            return 2

    paths = watched_paths(args)
    before = snapshot(paths)
    code = attempt()
    polls = 0
    try:
        while args.max_iterations is None or polls < args.max_iterations:
            sleep(max(0.05, args.watch_interval))
            polls += 1
            now = snapshot(paths)
            if now != before:
                changed = sorted(set(now) ^ set(before) | {k for k in now if before.get(k) != now[k]})
                before = now
                shown = ", ".join(os.path.relpath(c) for c in changed[:3]) + (" …" if len(changed) > 3 else "")
                print(f"\nclaimaudit: {shown} changed; running again", flush=True)
                code = attempt()
            sys.stdout.flush()
    except KeyboardInterrupt:
        pass
    return code
