"""What a scan audits: folders, globs and files, or a manifest (JSONL or CSV), as :class:`Item` s.

An item's id is the manifest's ``id`` or else its path as shown (relative to the working folder
when below it); other manifest columns are metadata carried into the results.
"""

from __future__ import annotations

import csv
import glob
import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ..engine.collect import unique_paths
from ..errors import UsageError

#: Files a folder contributes: documents and claim files.
SCAN_SUFFIXES = (".md", ".markdown", ".txt", ".text", ".html", ".htm", ".pdf", ".yaml", ".yml")
#: Folders never entered when a folder is walked.
SKIP_DIRS = {".git", "node_modules", "__pycache__", ".venv", "venv", ".tox"}


@dataclass(frozen=True)
class Item:
    id: str
    path: str                           # as given or found; read by the worker
    sha256: str = ""
    size: int = 0
    meta: dict[str, str] = field(default_factory=dict, hash=False, compare=False)


def shown(path: Path) -> str:
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return path.resolve().as_posix()


def _walk(folder: Path) -> Iterable[Path]:
    for p in sorted(folder.rglob("*")):
        if p.is_file() and p.suffix.lower() in SCAN_SUFFIXES and not (SKIP_DIRS & set(p.parts)):
            yield p


def expand_paths(paths: Iterable[str]) -> list[Path]:
    """Folders (walked), globs (expanded) and files, in order, each once."""
    out: list[Path] = []
    for arg in paths:
        p = Path(arg)
        if p.is_dir():
            out.extend(_walk(p))
        elif p.is_file():
            out.append(p)
        elif glob.has_magic(arg):
            hits = [Path(h) for h in sorted(glob.glob(arg, recursive=True))]
            for h in hits:
                if h.is_dir():
                    out.extend(_walk(h))
                elif h.is_file():
                    out.append(h)
            if not hits:
                raise UsageError(f"{arg}: no file matches")
        else:
            raise UsageError(f"{arg}: no such file or folder")
    return unique_paths(out)


def read_manifest(path: str) -> list[tuple[Path, str | None, dict[str, str]]]:
    """Rows of a JSONL or CSV manifest: (path, id or None, metadata); paths relative to the manifest."""
    mpath = Path(path)
    try:
        text = mpath.read_text("utf-8-sig")
    except OSError as exc:
        raise UsageError(f"{path}: cannot read the manifest: {exc.strerror}") from None
    rows: list[tuple[int, dict]] = []
    if mpath.suffix.lower() in (".jsonl", ".ndjson", ".json"):
        for n, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                raise UsageError(f"{path}:{n}:{exc.colno}: not JSON: {exc.msg}") from None
            if not isinstance(row, dict):
                raise UsageError(f"{path}:{n}:1: each line must be a JSON object")
            rows.append((n, row))
    elif mpath.suffix.lower() in (".csv", ".tsv"):
        reader = csv.DictReader(text.splitlines(), delimiter="\t" if mpath.suffix.lower() == ".tsv" else ",")
        rows = [(n, row) for n, row in enumerate(reader, 2)]
    else:
        raise UsageError(f"{path}: a manifest is .jsonl or .csv")
    out = []
    for n, row in rows:
        p = row.get("path")
        if not p or not isinstance(p, str):
            raise UsageError(f"{path}:{n}:1: a manifest row needs a 'path'")
        full = Path(p) if Path(p).is_absolute() else mpath.parent / p
        ident = row.get("id")
        meta = {str(k): "" if v is None else str(v) for k, v in row.items() if k not in ("path", "id")}
        out.append((full, str(ident) if ident not in (None, "") else None, meta))
    return out


def sha256_of(path: Path) -> tuple[str, int]:
    h = hashlib.sha256()
    size = 0
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
            size += len(chunk)
    return h.hexdigest(), size


def collect_items(paths: Iterable[str], manifest: str | None = None) -> list[Item]:
    """Every item to scan, hashed; ids are unique (a repeated id is a usage error)."""
    entries: list[tuple[Path, str | None, dict[str, str]]] = [(p, None, {}) for p in expand_paths(paths)]
    if manifest:
        entries.extend(read_manifest(manifest))
    items: list[Item] = []
    ids: set[str] = set()
    for p, ident, meta in entries:
        try:
            digest, size = sha256_of(p)
        except OSError as exc:
            raise UsageError(f"{p}: cannot read: {exc.strerror}") from None
        iid = ident or shown(p)
        if iid in ids:
            raise UsageError(f"{p}: the id {iid!r} is given twice")
        ids.add(iid)
        items.append(Item(iid, str(p), digest, size, meta))
    return items
