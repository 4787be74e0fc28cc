"""``claimaudit run DOC.md``: a document given to ``run`` is extracted, then audited in one step.

A path is a *document* when it is text, HTML or PDF, or Markdown without ```` ```claimaudit ````
blocks (Markdown with such blocks carries its own claims and is collected as it is). Its draft is
written under the project's ``reports/extract/`` folder (a temporary folder when that cannot be
written) and audited in its place: the relations at or above
:data:`~claimaudit.extract.relations.CONFIDENT` by default, every drafted relation with
``relations="all"``. After the run, :func:`point_at_documents` moves each drafted claim's location
(and its findings') from the generated draft to the document: ``report.md:49:17`` and the table cell.

Nothing here prints: the front end shows :attr:`DocumentRun.notes`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..atomic import write_text
from ..errors import InputError, Location, UsageError
from ..safeio import MAX_DOC_BYTES, read_bytes

DOCUMENT_SUFFIXES = (".txt", ".text", ".html", ".htm", ".pdf", ".markdown", ".md")


def draft_name(doc: Path) -> str:
    """The draft's file name for a document: ``report.md`` → ``report.claims.yaml``."""
    return doc.stem.replace(".", "_") + ".claims.yaml"


def is_document(path: Path) -> bool:
    """True for a file to extract claims from (not a claim file, not Markdown with claim blocks)."""
    if not path.is_file() or path.suffix.lower() not in DOCUMENT_SUFFIXES:
        return False
    if path.suffix.lower() in (".md", ".markdown"):
        from ..model.markdown_claims import has_claim_blocks

        try:
            # The same fence rules as collection, so a file is either collected or extracted.
            return not has_claim_blocks(read_bytes(path, max_bytes=MAX_DOC_BYTES, what="document")
                                        .decode("utf-8", errors="replace"))
        except InputError:
            return False
    return True


@dataclass
class DraftedDocument:
    document: str            # the document as given
    draft: str               # the generated claim file
    mentions: int
    relations: int           # audited
    suggested: int           # left in the draft as suggestions


@dataclass
class DocumentRun:
    paths: list[str]                                   # what to collect: drafts in place of documents
    notes: list[str] = field(default_factory=list)     # one line per document, for the front end
    drafted: list[DraftedDocument] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)    # documents that could not be read


def _draft_folder(root: Path) -> Path:
    folder = root / "reports" / "extract"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / ".write-test"
        probe.write_text("")
        probe.unlink()
        return folder
    except OSError:
        import tempfile  # not at start-up: it brings shutil and random

        return Path(tempfile.mkdtemp(prefix="claimaudit-extract-"))


def draft_documents(paths: list[str], root: Path, *, kilo: int = 1000, relations: str = "confident") -> DocumentRun:
    """Replace each document among ``paths`` by a draft claim file (written atomically).

    A document that cannot be read raises :class:`UsageError` naming it (exit 2 in the CLI).
    """
    from .draft import RELATION_CHOICES, render
    from .pipeline import draft_file

    if relations not in RELATION_CHOICES:
        raise UsageError(f"--relations must be one of {', '.join(RELATION_CHOICES)}, not {relations!r}")
    out = DocumentRun(paths=[])
    for p in paths:
        path = Path(p)
        if not is_document(path):
            out.paths.append(p)
            continue
        draft = draft_file(path, kilo=kilo)
        text = render(draft, relations=relations)
        target = _draft_folder(root) / draft_name(path)
        write_text(target, text)   # atomic: an interrupted run leaves the previous draft
        audited = len(draft.audited(relations))
        suggested = len(draft.relations) - audited
        out.drafted.append(DraftedDocument(p, str(target), len(draft.mentions), audited, suggested))
        tests = f", {len(draft.statistics)} test results" if draft.statistics else ""
        out.notes.append(f"{p} is a document: {len(draft.mentions)} numbers{tests} and {audited} relations it "
                         f"states itself were extracted ({suggested} more suggested in the draft); the draft is "
                         f"{target}")
        out.paths.append(str(target))
    return out


def _doc_location(claim: Any) -> Location | None:
    meta = claim.get("meta")
    ex = meta.get("extracted") if isinstance(meta, dict) else None
    if not isinstance(ex, dict) or not ex.get("doc"):
        return None
    try:
        return Location(str(ex["doc"]), int(ex.get("line") or 1), int(ex.get("col") or 1))
    except (TypeError, ValueError):
        return None


def point_at_documents(run: Any, docs: DocumentRun) -> None:
    """Make the drafted claims of ``run`` (and their findings) point at the document, not the draft."""
    drafts = {Path(d.draft).resolve() for d in docs.drafted}
    if not drafts:
        return
    seen: set[int] = set()
    for res in list(run.results) + list(getattr(run, "all_results", []) or []):
        if id(res) in seen:
            continue
        seen.add(id(res))
        claim = res.claim
        try:
            in_draft = Path(claim.location.file).resolve() in drafts \
                or Path(run.root, claim.location.file).resolve() in drafts
        except (OSError, ValueError):
            continue
        loc = _doc_location(claim) if in_draft else None
        if loc is None:
            continue
        old = claim.location.file
        res.extra["draft"] = f"{old}:{claim.location.line}"
        res.claim = replace(claim, file=loc.file, location=loc, value_location=loc, formula_location=loc,
                            quote_location=loc)
        for f in res.findings:
            if f.location is None or f.location.file == old:
                f.location = loc
