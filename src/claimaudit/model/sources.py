"""Source records: the bibliographic facts of a document that claims quote (``sources/*.yaml``).

One file per source; its ``id`` defaults to the file stem. Where the text is (``file`` or ``url`` +
``sha256``) is used by the quote checker; the engine itself only needs the record to exist.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InputError, Location
from ..safeio import read_text
from ..suggest import did_you_mean
from .yamlmarks import MAX_FILE_BYTES, MarkedDict, load_yaml

SOURCE_KEYS = ("id", "title", "authors", "date", "url", "doi", "arxiv", "version", "licence", "license",
               "file", "files", "sha256", "kind", "language", "primary", "notes", "excerpt",
               "format", "text_url")
#: How a source's text is read (claimaudit.sources.loaders); by default from the file's suffix.
TEXT_FORMATS = ("text", "markdown", "html", "pdf")


@dataclass(frozen=True)
class SourceRecord:
    id: str
    title: str = ""
    authors: tuple[str, ...] = ()
    date: str = ""
    url: str = ""
    doi: str = ""
    version: str = ""
    licence: str = ""
    files: tuple[str, ...] = ()          # local text files, relative to the project root
    sha256: str = ""
    kind: str = ""                       # primary | secondary
    format: str = ""                     # text | markdown | html | pdf; "" = from the file suffix
    text_url: str = ""                   # where `claimaudit sources fetch` downloads the text
                                         # (default: url); checked against sha256
    location: Location | None = None
    raw: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "authors": list(self.authors), "date": self.date,
                "url": self.url, "doi": self.doi, "version": self.version, "licence": self.licence,
                "files": list(self.files), "kind": self.kind, "format": self.format,
                "text_url": self.text_url, "sha256": self.sha256}


def _strs(v: Any) -> tuple[str, ...]:
    if v is None:
        return ()
    if isinstance(v, list):
        return tuple(str(x) for x in v)
    return (str(v),)


def load_source_file(path: Path, shown: str) -> tuple[SourceRecord | None, list[InputError]]:
    try:
        doc = load_yaml(read_text(path, max_bytes=MAX_FILE_BYTES, what="source record", shown=shown), shown,
                        kind="source record")
    except InputError as exc:
        return None, [exc]
    except (OSError, UnicodeDecodeError) as exc:
        return None, [InputError(f"cannot read source record: {exc}", location=Location(shown))]
    if not isinstance(doc, MarkedDict):
        return None, [InputError("a source record is a mapping (id, title, authors, date, url …)",
                                 location=Location(shown))]
    errors: list[InputError] = []
    for key in doc:
        if key not in SOURCE_KEYS:
            errors.append(InputError(f"unknown key {key!r} in source record", location=doc.key_loc(key),
                                     suggestions=did_you_mean(key, SOURCE_KEYS)))
    rec = SourceRecord(
        id=str(doc.get("id") or path.stem), title=str(doc.get("title") or ""),
        authors=_strs(doc.get("authors")), date=str(doc.get("date") or ""), url=str(doc.get("url") or ""),
        doi=str(doc.get("doi") or ""), version=str(doc.get("version") or ""),
        licence=str(doc.get("licence") or doc.get("license") or ""),
        files=_strs(doc.get("files")) + _strs(doc.get("file")), sha256=str(doc.get("sha256") or ""),
        kind=str(doc.get("kind") or ""), format=str(doc.get("format") or ""),
        text_url=str(doc.get("text_url") or ""), location=doc.location, raw=dict(doc),
    )
    if rec.format and rec.format not in TEXT_FORMATS:
        errors.append(InputError(f"unknown format {rec.format!r} (formats: {', '.join(TEXT_FORMATS)})",
                                 location=doc.loc_of("format")))
    sha = rec.sha256.lower()
    if sha and (len(sha) != 64 or any(c not in "0123456789abcdef" for c in sha)):
        errors.append(InputError("sha256 should be 64 hexadecimal digits", location=doc.loc_of("sha256")))
    return rec, errors


def load_sources(folder: Path, root: Path) -> tuple[dict[str, SourceRecord], list[InputError]]:
    records: dict[str, SourceRecord] = {}
    errors: list[InputError] = []
    for path in sorted(list(folder.glob("*.yaml")) + list(folder.glob("*.yml"))):
        try:
            shown = path.resolve().relative_to(root.resolve()).as_posix()
        except ValueError:
            shown = str(path)
        rec, errs = load_source_file(path, shown)
        errors.extend(errs)
        if rec is None:
            continue
        if rec.id in records:
            errors.append(InputError(f"source id {rec.id!r} is defined twice", location=rec.location))
            continue
        records[rec.id] = rec
    return records, errors
