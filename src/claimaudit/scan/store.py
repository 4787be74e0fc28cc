"""The results store: Parquet parts in ``OUT/documents``, ``OUT/claims`` and ``OUT/findings``.

A batch writes one part per table, each to a hidden temporary name and then renamed, the
``documents`` part last: a documents part exists only once the batch's claims and findings are in
place, so a crash leaves no half-written part, and a claims or findings part without its documents
part (a crash between renames) is an orphan that :func:`clean_orphans` removes and readers skip.
A retried batch writes the same part names, so it replaces rather than duplicates.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

TABLES = ("documents", "claims", "findings")
SUFFIX = ".parquet"


def _schemas() -> dict[str, Any]:
    import pyarrow as pa  # type: ignore[import-untyped]

    s, i, f = pa.string(), pa.int64(), pa.float64()
    return {
        "documents": pa.schema([("id", s), ("path", s), ("sha256", s), ("bytes", i), ("kind", s), ("status", s),
                                ("claims", i), ("relations", i), ("consistent", i), ("inconsistent", i),
                                ("underdetermined", i), ("error", i), ("stated", i), ("findings", i),
                                ("input_errors", i), ("seconds", f), ("cpu_seconds", f), ("peak_mb", f),
                                ("attempts", i), ("message", s), ("meta", s), ("part", s)]),
        "claims": pa.schema([("doc_id", s), ("claim_id", s), ("relation_kind", s), ("value", s), ("formula", s),
                             ("verdict", s), ("outcome", s), ("line", i), ("col", i), ("quote", s)]),
        "findings": pa.schema([("doc_id", s), ("claim_id", s), ("code", s), ("severity", s), ("checker", s),
                               ("relation_kind", s), ("verdict", s), ("message", s), ("path", s), ("line", i),
                               ("col", i)]),
    }


def part_path(out: Path, table: str, part: str) -> Path:
    return out / table / f"part-{part}{SUFFIX}"


def has_part(out: Path, part: str) -> bool:
    return part_path(out, "documents", part).exists()


def _write_atomic(table: Any, target: Path) -> None:
    import pyarrow.parquet as pq  # type: ignore[import-untyped]

    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    pq.write_table(table, tmp)
    with open(tmp, "rb") as fh:   # on disk before it gets its real name
        os.fsync(fh.fileno())
    os.replace(tmp, target)


def write_part(out: Path, part: str, documents: list[dict], claims: list[dict], findings: list[dict]) -> None:
    """Write one batch's rows: claims and findings first, documents (the completion mark) last."""
    import pyarrow as pa

    schemas = _schemas()
    for name, rows in (("claims", claims), ("findings", findings), ("documents", documents)):
        schema = schemas[name]
        cols = {f.name: [r.get(f.name) for r in rows] for f in schema}
        _write_atomic(pa.table(cols, schema=schema), part_path(out, name, part))


def document_row(item_id: str, path: str, sha256: str, size: int, meta: dict[str, str], part: str,
                 answer: dict[str, Any], attempts: int = 1) -> dict[str, Any]:
    """The documents row of one audited (or failed) item from its sandbox answer."""
    counts = answer.get("counts") or {}
    return {"id": item_id, "path": path, "sha256": sha256, "bytes": size, "kind": answer.get("kind"),
            "status": answer.get("status", "error"), "claims": len(answer.get("claims") or ()),
            "relations": answer.get("relations", 0),
            **{k: counts.get(k, 0) for k in ("consistent", "inconsistent", "underdetermined", "error", "stated")},
            "findings": sum(1 for f in answer.get("findings") or () if f.get("severity") != "info"),
            "input_errors": answer.get("input_errors", 0), "seconds": round(float(answer.get("seconds", 0.0)), 6),
            "cpu_seconds": answer.get("cpu_seconds"), "peak_mb": answer.get("peak_mb"),
            "attempts": attempts, "message": answer.get("message"),
            "meta": json.dumps(meta, ensure_ascii=False, sort_keys=True) if meta else None, "part": part}


TOKEN_FILE = ".scan-token"   # noqa: S105 - a file name, not a secret


def set_token(out: Path, token: str) -> None:
    """Mark ``token`` as the scan now writing to ``out``."""
    tmp = out / f"{TOKEN_FILE}.tmp"
    tmp.write_text(token, encoding="utf-8")
    os.replace(tmp, out / TOKEN_FILE)


def is_current(out: Path, part: str) -> bool:
    """False for a batch of an earlier, interrupted scan still running somewhere: its parts would
    duplicate what the resumed scan writes, so they are not written."""
    try:
        token = (out / TOKEN_FILE).read_text(encoding="utf-8").strip()
    except OSError:
        return True
    return part.startswith(token + "-")


def complete_parts(out: Path) -> set[str]:
    folder = out / "documents"
    if not folder.is_dir():
        return set()
    return {p.name[len("part-"):-len(SUFFIX)] for p in folder.glob(f"part-*{SUFFIX}")}


def part_files(out: Path, table: str) -> list[Path]:
    """The complete parts of ``table`` (orphans and temporary files left out)."""
    done = complete_parts(out)
    folder = out / table
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob(f"part-*{SUFFIX}") if p.name[len("part-"):-len(SUFFIX)] in done)


def clean_orphans(out: Path) -> int:
    """Remove temporary files and parts whose batch never completed; how many were removed."""
    done = complete_parts(out)
    removed = 0
    for table in TABLES:
        folder = out / table
        if not folder.is_dir():
            continue
        for p in folder.iterdir():
            orphan = p.name.startswith("part-") and p.name.endswith(SUFFIX) \
                and p.name[len("part-"):-len(SUFFIX)] not in done
            if p.name.endswith(".tmp") or orphan:
                p.unlink(missing_ok=True)
                removed += 1
    return removed


def read_table(out: Path, table: str, columns: Iterable[str] | None = None) -> Any:
    """One table as a pyarrow Table (complete parts only); empty with its schema when nothing is there."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    files = part_files(out, table)
    schema = _schemas()[table]
    if not files:
        t = schema.empty_table()
    else:
        t = pa.concat_tables([pq.read_table(f, schema=schema) for f in files])
    return t.select(list(columns)) if columns else t
