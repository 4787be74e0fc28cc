"""Find claim files under the given paths and load them (and the source records beside them)."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from ..errors import InputError, UsageError
from ..model.claims import ClaimFile, Settings
from ..model.load import load_claim_file
from ..model.sources import SourceRecord, load_sources

CLAIM_SUFFIXES = (".yaml", ".yml")
#: Markdown docs: collected for their fenced ```claimaudit blocks (a doc without any adds nothing).
DOC_SUFFIXES = (".md",)


def display_path(path: Path, root: Path) -> str:
    """Path relative to the project root when inside it (stable in reports), else as given."""
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def find_claim_files(paths: Iterable[str | Path], root: Path) -> list[Path]:
    """Claim files named directly, and ``*.yaml``/``*.yml`` below named folders (sorted, no hidden)."""
    found: list[Path] = []
    for p in paths:
        path = Path(p)
        if not path.is_absolute():
            path = (Path.cwd() / path)
        if path.is_dir():
            for dirpath, dirnames, filenames in os.walk(path):
                dirnames[:] = sorted(d for d in dirnames if not d.startswith((".", "__")))
                for name in sorted(filenames):
                    if name.endswith(CLAIM_SUFFIXES + DOC_SUFFIXES) and not name.startswith("."):
                        found.append(Path(dirpath) / name)
        elif path.is_file():
            found.append(path)
        else:
            raise UsageError(f"no such file or folder: {p}")
    return unique_paths(found)


def unique_paths(paths: list[Path]) -> list[Path]:
    """``paths`` without repeats of one file (by its resolved path), in their first order."""
    seen: set[Path] = set()
    unique = []
    for f in paths:
        r = f.resolve()
        if r not in seen:
            seen.add(r)
            unique.append(f)
    return unique


def collect(paths: Iterable[str | Path], root: Path,
            base: Settings = Settings()) -> tuple[list[ClaimFile], list[InputError]]:
    files: list[ClaimFile] = []
    errors: list[InputError] = []
    for path in find_claim_files(paths, root):
        load = load_doc_claims if path.name.endswith(DOC_SUFFIXES) else load_claim_file
        cf, errs = load(path, display=display_path(path, root), base=base)
        errors.extend(errs)
        if cf is not None:
            files.append(cf)
    return files, errors


def load_doc_claims(path: Path, *, display: str,
                    base: Settings = Settings()) -> tuple[ClaimFile | None, list[InputError]]:
    """The claims embedded in a Markdown doc (see model/markdown_claims.py); its source is the doc."""
    from ..model.markdown_claims import load_markdown_claims

    return load_markdown_claims(path, display=display, base=base)


def doc_sources(files: Iterable[ClaimFile]) -> dict[str, SourceRecord]:
    """Source records of the Markdown docs among ``files`` (each is its claims' default source): the
    engine adds them to the run's sources."""
    docs = (getattr(cf, "doc_source", None) for cf in files)
    return {rec.id: rec for rec in docs if rec is not None}


def collect_sources(root: Path) -> tuple[dict[str, SourceRecord], list[InputError]]:
    folder = root / "sources"
    if not folder.is_dir():
        return {}, []
    return load_sources(folder, root)

