"""``claimaudit run DOC.md``: a document given to ``run`` is extracted, then audited in one step.

A path is a *document* when it is text, HTML or PDF, or Markdown without ```` ```claimaudit ````
blocks (Markdown with such blocks carries its own claims and is collected as it is). Its draft is
written under the project's ``reports/extract/`` folder (a temporary folder when that cannot be
written) and audited in its place.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from ..errors import InputError
from ..model.markdown_claims import has_claim_blocks
from ..safeio import MAX_DOC_BYTES, read_bytes

DOCUMENT_SUFFIXES = (".txt", ".text", ".html", ".htm", ".pdf", ".markdown", ".md")


def is_document(path: Path) -> bool:
    """True for a file to extract claims from (not a claim file, not Markdown with claim blocks)."""
    if not path.is_file() or path.suffix.lower() not in DOCUMENT_SUFFIXES:
        return False
    if path.suffix.lower() in (".md", ".markdown"):
        try:
            # The same fence rules as collection, so a file is either collected or extracted.
            return not has_claim_blocks(read_bytes(path, max_bytes=MAX_DOC_BYTES, what="document")
                                        .decode("utf-8", errors="replace"))
        except InputError:
            return False
    return True


def _draft_folder(root: Path) -> Path:
    folder = root / "reports" / "extract"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / ".write-test"
        probe.write_text("")
        probe.unlink()
        return folder
    except OSError:
        return Path(tempfile.mkdtemp(prefix="claimaudit-extract-"))


def draft_documents(paths: list[str], root: Path, *, kilo: int = 1000) -> tuple[list[str], list[str]]:
    """Replace each document among ``paths`` by a draft claim file; notes say where drafts went."""
    out: list[str] = []
    notes: list[str] = []
    for p in paths:
        path = Path(p)
        if not is_document(path):
            out.append(p)
            continue
        # Imported only for a document: extraction compiles many patterns (~0.1 s of every run's start).
        from ..cli.extract import draft_name
        from .pipeline import draft_file, draft_yaml

        draft = draft_file(path, kilo=kilo)
        target = _draft_folder(root) / draft_name(path)
        target.write_text(draft_yaml(draft), encoding="utf-8")
        note = (f"{p} is a document: {len(draft.mentions)} numbers and {len(draft.relations)} relations "
                f"it states itself were extracted; the draft is {target}")
        print(f"claimaudit: {note}", file=sys.stderr)
        notes.append(note)
        out.append(str(target))
    return out, notes
