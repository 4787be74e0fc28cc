"""The one call into the audit front end: a path in, a :class:`RunResult` out.

A document (Markdown, HTML, text, PDF) is extracted and its draft audited, as ``claimaudit run
DOC.md`` does; a claim file (or Markdown with claim blocks) is audited as ``claimaudit run`` would.
Kept to one narrow function so that a change in how ``run`` drives extraction lands here only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.results import RunResult


@dataclass(frozen=True)
class AuditSettings:
    """What a scan passes to every document's audit (plain values: they cross process borders)."""

    root: str = "."
    kilo: int | None = None
    rounding: str | None = None
    approx: str | None = None
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"root": self.root, "kilo": self.kilo, "rounding": self.rounding, "approx": self.approx,
                "select": list(self.select), "ignore": list(self.ignore), "extra": dict(self.extra)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> AuditSettings:
        return cls(root=d.get("root", "."), kilo=d.get("kilo"), rounding=d.get("rounding"),
                   approx=d.get("approx"), select=tuple(d.get("select", ())), ignore=tuple(d.get("ignore", ())),
                   extra=dict(d.get("extra", {})))


def audit_path(path: Path, display: str, settings: AuditSettings) -> tuple[str, RunResult]:
    """Audit one file; returns its kind ("document" or "claims") and the run result."""
    from ..engine.run import RunOptions, audit, run_claims
    from ..extract.rundoc import is_document
    from ..model.claims import Settings

    reading = Settings().merged({"kilo": settings.kilo, "rounding": settings.rounding, "approx": settings.approx})
    options = RunOptions(settings=reading, select=settings.select, ignore=settings.ignore)
    root = Path(settings.root)
    if not is_document(path):
        return "claims", run_claims([path], root, options)
    from ..extract.pipeline import draft_file, draft_yaml
    from ..model.load import load_claim_text

    draft = draft_file(path, display=display, kilo=reading.kilo)
    claim_file, errors = load_claim_text(draft_yaml(draft), display, base=reading)
    files = [claim_file] if claim_file is not None else []
    return "document", audit(files, errors, root, options, {}, paths=[display])
