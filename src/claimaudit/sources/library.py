"""The texts of a project's sources, loaded once per run: records → confined, limited Documents.

A source's text is its local ``files`` (confined to the project root and the allowed folders),
else the cached download of its ``url``/``text_url`` pinned by ``sha256``. A source with neither
(an arXiv paper cited by URL only) simply has no text: the quote checker says so in an info
finding and checks what it can without it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ..model.sources import SourceRecord
from .cache import cache_dir, cached_file, file_sha256, valid_sha256
from .confine import confine
from .document import Document
from .limits import DEFAULT_LIMITS, Limits, SourceTextError
from .loaders import load_document


@dataclass
class SourceText:
    """What could be loaded of one source: its documents and what went wrong."""

    source: str
    documents: list[Document] = field(default_factory=list)
    errors: list[SourceTextError] = field(default_factory=list)
    no_text: str = ""          # why there is no text at all (no files, not fetched …), "" if some

    @property
    def available(self) -> bool:
        return bool(self.documents)


class SourceLibrary:
    def __init__(self, root: Path, records: Mapping[str, SourceRecord], *, allow_dirs: Iterable[str] = (),
                 limits: Limits = DEFAULT_LIMITS, cache: str | Path | None = None) -> None:
        self.root = Path(root)
        self.records = dict(records)
        self.allow_dirs = tuple(allow_dirs)
        self.limits = limits
        self.cache = cache_dir(self.root, str(cache) if cache else None)
        self._texts: dict[str, SourceText] = {}
        self._files: dict[tuple[str, str, str], Document | SourceTextError] = {}

    def text(self, source_id: str) -> SourceText:
        got = self._texts.get(source_id)
        if got is None:
            got = self._texts[source_id] = self._load(source_id)
        return got

    def _load(self, source_id: str) -> SourceText:
        rec = self.records.get(source_id)
        out = SourceText(source_id)
        if rec is None:
            out.no_text = f"no source record {source_id!r}"
            return out
        if rec.files:
            for name in rec.files:
                got = self._file(rec, name)
                if isinstance(got, Document):
                    out.documents.append(got)
                else:
                    out.errors.append(got)
            if not out.documents and not out.errors:
                out.no_text = "no files"
            return out
        url = rec.text_url or rec.url
        if url and rec.sha256:
            if not valid_sha256(rec.sha256):
                out.errors.append(SourceTextError(f"sha256 {rec.sha256[:80]!r} is not 64 hexadecimal digits",
                                                  "refused"))
                return out
            path = cached_file(self.cache, rec.sha256)
            if path is None:
                out.no_text = f"its text ({url}) has not been fetched yet: run `claimaudit sources fetch {source_id}`"
                return out
            if file_sha256(path) != rec.sha256.lower():
                out.errors.append(SourceTextError(f"the cached copy {path.name} no longer has sha256 "
                                                  f"{rec.sha256.lower()}; fetch it again", "hash"))
                return out
            try:
                out.documents.append(load_document(path, source=source_id, shown=url, fmt=rec.format or None,
                                                   limits=self.limits))
            except SourceTextError as exc:
                out.errors.append(exc)
            return out
        where = f" ({url})" if url else ""
        out.no_text = (f"no local text{where}: give the record `files:` (a local copy) or "
                       "`sha256:` and fetch it")
        return out

    def _file(self, rec: SourceRecord, name: str) -> Document | SourceTextError:
        key = (rec.id, rec.format, name)
        got = self._files.get(key)
        if got is None:
            try:
                path = confine(name, self.root, self.allow_dirs)
                got = load_document(path, source=rec.id, shown=name, fmt=rec.format or None, limits=self.limits)
            except SourceTextError as exc:
                got = exc
            self._files[key] = got
        return got
