"""One task: audit a batch of files (each in the sandbox), write its parts, return a small summary.

Runs the same inline (``--workers 1``) and on a Dask worker. The files are read here, not on the
client, and only the summary travels back.
"""

from __future__ import annotations

import hashlib
import time
from pathlib import Path
from typing import Any

from .sandbox import Limits, peak_mb, sandbox_for
from .store import document_row, has_part, is_current, read_table, write_part
from .tasks import Batch

STATUSES = ("ok", "error", "timeout", "skipped", "failed")


def summary_of(part: str, documents: list[dict[str, Any]], seconds: float) -> dict[str, Any]:
    """What a batch sends back: counts only."""
    by = {s: 0 for s in STATUSES}
    for d in documents:
        by[d["status"]] = by.get(d["status"], 0) + 1
    return {"part": part, "documents": len(documents), "status": by,
            "claims": sum(d["claims"] or 0 for d in documents),
            "with_findings": sum(1 for d in documents if (d["inconsistent"] or 0) > 0),
            "seconds": seconds, "cpu_seconds": sum(d.get("cpu_seconds") or 0.0 for d in documents),
            # peak resident memory: of the sandbox children (the audit) and of this worker process
            "peak_mb_sandbox": max((d["peak_mb"] or 0.0 for d in documents), default=0.0),
            "peak_mb_worker": peak_mb() or 0.0}


def _sha256(path: str) -> str:
    try:
        with open(path, "rb") as fh:
            return hashlib.file_digest(fh, "sha256").hexdigest()
    except OSError:
        return ""


def run_batch(batch: Batch, out: str, settings: dict[str, Any], limits: Limits, attempts: int = 1) -> dict[str, Any]:
    """Audit every item of ``batch``; idempotent (a batch already written is not redone)."""
    outp = Path(out)
    t0 = time.perf_counter()
    if has_part(outp, batch.part):   # a retry after the worker died past the last rename
        docs = read_table(outp, "documents").to_pylist()
        mine = [d for d in docs if d["part"] == batch.part]
        return summary_of(batch.part, mine, time.perf_counter() - t0)
    box = sandbox_for(settings, limits)
    documents: list[dict[str, Any]] = []
    claims: list[dict[str, Any]] = []
    findings: list[dict[str, Any]] = []
    for item, request in zip(batch.items, batch.as_requests(), strict=True):
        answer = box.audit(request)
        # The hash of the bytes audited; a file changed since the client hashed it keeps the new one.
        digest = _sha256(item.path) or item.sha256
        documents.append(document_row(item.id, item.path, digest, item.size, item.meta, batch.part, answer,
                                      attempts))
        if answer.get("status") == "ok":
            claims.extend(answer.get("claims") or ())
            findings.extend(answer.get("findings") or ())
    if not is_current(outp, batch.part):
        raise RuntimeError(f"batch {batch.part} belongs to a scan that was stopped; its results are dropped")
    write_part(outp, batch.part, documents, claims, findings)
    return summary_of(batch.part, documents, time.perf_counter() - t0)


def write_failed(batch: Batch, out: str, message: str, attempts: int) -> dict[str, Any]:
    """Record every item of a batch whose worker kept dying as ``failed`` (written by the client)."""
    documents = [document_row(i.id, i.path, i.sha256, i.size, i.meta, batch.part,
                              {"status": "failed", "message": message}, attempts) for i in batch.items]
    write_part(Path(out), batch.part, documents, [], [])
    return summary_of(batch.part, documents, 0.0)
