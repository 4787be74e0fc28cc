"""PDF: text per page with pypdf (the optional ``pdf`` extra), pages as locators.

Extraction runs in a child process (:mod:`.pdf_worker`) under the ``timeout`` limit and a memory
cap, so a hostile PDF costs at most that long and is reported for that source only. Numbered
headings (``4.2 Hyper-Parameters``) in the extracted text become sections; unnumbered short
lines do not (PDF text is full of short lines: table cells, equations, running heads).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from .document import Document, Section, TableRow, text_sections
from .limits import DEFAULT_LIMITS, Limits, SourceTextError

#: Address-space cap of the extraction process (bytes).
MEMORY_LIMIT = 2 * 1024 ** 3


def _cap_memory() -> None:  # pragma: no cover - runs in the child
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    except (ImportError, ValueError, OSError):
        pass


def extract_pages(path: Path, limits: Limits, shown: str) -> list[str]:
    worker = Path(__file__).with_name("pdf_worker.py")
    cmd = [sys.executable, "-I", str(worker), str(path), str(limits.max_pages), str(limits.max_chars)]
    try:
        proc = subprocess.run(cmd, capture_output=True, timeout=limits.timeout, stdin=subprocess.DEVNULL,
                              preexec_fn=_cap_memory if sys.platform != "win32" else None)
    except subprocess.TimeoutExpired:
        raise SourceTextError(f"{shown}: extracting the PDF took longer than {limits.timeout:g} s "
                              "(the timeout limit)", "limit") from None
    try:
        data = json.loads(proc.stdout.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        err = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        raise SourceTextError(f"{shown}: PDF extraction failed" + (f": {err[-1]}" if err else
                              f" (exit code {proc.returncode})"), "unreadable") from None
    if "error" in data:
        raise SourceTextError(f"{shown}: {data['error']}", data.get("kind", "unreadable"))
    return [str(p) for p in data["pages"]]


def load_pdf(path: Path, *, source: str, file: str, limits: Limits = DEFAULT_LIMITS) -> Document:
    pages = extract_pages(path, limits, file)
    starts, parts, pos = [], [], 0
    for p in pages:
        starts.append(pos)
        parts.append(p + "\n\f\n")
        pos += len(p) + 3
    text = "".join(parts)
    return Document(source, file, "pdf", text, structure=_structure, pages=starts)


def _structure(text: str) -> tuple[list[Section], list[TableRow]]:
    return text_sections(text, unnumbered=False), []
