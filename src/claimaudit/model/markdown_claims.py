"""Claims embedded in Markdown docs: fenced ```` ```claimaudit ```` blocks holding the same YAML as a
claim file, so a docs team keeps its claims beside the prose they check.

* Every block of a doc is read with the doc's real line numbers: the block's YAML is loaded alone
  and its locations are moved down to the block's lines afterwards (never padded with the lines
  before it, which cost memory in blocks × lines), so a YAML or schema error in a block is located
  at ``doc.md:line:col``. A doc larger than :data:`MAX_DOC_BYTES` is refused with an error naming it.
* A doc's blocks form one claim file: its module is the doc's stem, its claims keep their order.
* The doc is the default source of its claims (a :class:`SourceRecord` whose id is the doc's path and
  whose ``files`` is the doc itself); their quotes refer to the doc's prose — the doc with its claim
  blocks blanked out (:func:`prose_text`), so a quote never "matches" its own claim block.

Fences follow CommonMark: three or more backticks or tildes, closed by a fence of the same character
at least as long; a ```` ```claimaudit ```` shown inside a longer (```` ```` ````) fence is an
example, not a claim block. Fences may be indented (inside list items); the YAML keeps that
indentation, so columns are right too. Blocks inside block quotes (``> ```claimaudit``) are not read.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError, Location
from ..safeio import MAX_DOC_BYTES
from .claims import Claim, ClaimFile, Settings
from .load import build_claims, read_claims
from .sources import SourceRecord
from .yamlmarks import MarkedDict, MarkedList, YamlError, load_yaml

#: The info word that marks a fenced block as claims.
FENCE_WORD = "claimaudit"
#: Cheap pre-check: a doc without this text has no claim blocks and is not parsed further.
_MARKERS = ("```" + FENCE_WORD, "~~~" + FENCE_WORD)
#: Errors reported from one doc before its remaining blocks are left unread (said in one more
#: error, so nothing is dropped silently): a doc of 40,000 broken blocks helps no reader, and
#: parsing and reporting each cost seconds and memory.
MAX_DOC_ERRORS = 100

_FENCE = re.compile(r"^(?P<indent> *)(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
_HEADING = re.compile(r"^#{1,6}[ \t]+(?P<title>.+?)[ \t#]*$")
# The same lines found in the whole text at once (a line's own "\r" is dropped before matching):
# a per-line loop over a 5 MiB doc cost seconds, while the lines that matter are few.
_FENCE_LINES = re.compile(r"^ *(?:`{3,}|~{3,})[^\n]*", re.M)
_FENCE_OR_HEADING = re.compile(r"^(?: *(?:`{3,}|~{3,})|#{1,6}[ \t])[^\n]*", re.M)




class MarkdownClaimsError(InputError):
    code = "CA001"


@dataclass(frozen=True)
class Block:
    """One fenced claim block: ``fence_line`` is the opening fence (1-based); content starts below."""

    fence_line: int
    end_line: int          # the closing fence's line (the last line of the doc if never closed)
    indent: int            # columns before the opening fence
    lines: tuple[str, ...]
    closed: bool = True

    @property
    def first_line(self) -> int:
        return self.fence_line + 1


@dataclass
class DocClaimFile(ClaimFile):
    """A claim file read from a Markdown doc; ``doc_source`` is the doc as a source record."""

    doc_source: SourceRecord | None = None


def split_lines(text: str) -> list[str]:
    """Lines as editors and the YAML loader count them (``\\n`` or ``\\r\\n``)."""
    return [ln[:-1] if ln.endswith("\r") else ln for ln in text.split("\n")]


def has_claim_blocks(text: str) -> bool:
    return any(m in text for m in _MARKERS) and next(iter_blocks(text), None) is not None


def _line_matches(pattern: re.Pattern[str], text: str) -> Iterator[tuple[int, int, int, str]]:
    """(1-based line number, start, end, line without its "\\r") of each line ``pattern`` finds."""
    line, pos = 1, 0
    for m in pattern.finditer(text):
        line += text.count("\n", pos, m.start())
        pos = m.start()
        found = m.group()
        yield line, m.start(), m.end(), found[:-1] if found.endswith("\r") else found


def find_blocks(text: str) -> list[Block]:
    """The ``claimaudit`` fenced blocks of a Markdown text, in order."""
    return list(iter_blocks(text))


def iter_blocks(text: str) -> Iterator[Block]:
    """The ``claimaudit`` fenced blocks of a Markdown text, found as they are asked for."""
    opened: tuple[str, int, bool, int, int, int] | None = None   # char, length, is claims, line, indent, body start
    for n, start, end, line in _line_matches(_FENCE_LINES, text):
        m = _FENCE.match(line)
        if m is None:  # pragma: no cover - _FENCE_LINES finds only what _FENCE matches
            continue
        if opened is None:
            fence, info = m["fence"], m["info"].strip()
            if fence[0] == "`" and "`" in info:
                continue  # inline code such as ```a``` is not a fence (CommonMark)
            word = info.split()[0].lower() if info else ""
            opened = (fence[0], len(fence), word == FENCE_WORD, n, len(m["indent"]), end + 1)
            continue
        char, length, is_claims, first, indent, body = opened
        if m["fence"][0] == char and len(m["fence"]) >= length and not m["info"].strip():
            if is_claims:
                yield Block(first, n, indent, tuple(split_lines(text[body:start - 1])) if start > body else ())
            opened = None
    if opened is not None and opened[2]:
        rest = text[opened[5]:] if opened[5] <= len(text) else None
        yield Block(opened[3], text.count("\n") + 1, opened[4], tuple(split_lines(rest)) if rest is not None else (),
                    closed=False)


def prose_text(text: str) -> str:
    """The doc with its claim blocks (fences included) blanked out, line numbers unchanged.

    This is the text an embedded claim's quote must be found in.
    """
    lines = split_lines(text)
    for b in find_blocks(text):
        for i in range(b.fence_line - 1, min(b.end_line, len(lines))):
            lines[i] = ""
    return "\n".join(lines)


def doc_title(text: str) -> str:
    """The doc's first heading (outside fences), for the source record's title."""
    fenced = False
    for _n, _start, _end, line in _line_matches(_FENCE_OR_HEADING, text):
        if _FENCE.match(line):
            fenced = not fenced
            continue
        m = None if fenced else _HEADING.match(line)
        if m:
            return m["title"]
    return ""


def doc_source(display: str, text: str) -> SourceRecord:
    """The doc as the source record its embedded claims cite by default."""
    return SourceRecord(id=display, title=doc_title(text) or display, files=(display,), kind="doc",
                        location=Location(display), raw={"embedded_claims": True})


def claims_from_markdown(text: str, display: str, *, module: str,
                         base: Settings = Settings()) -> tuple[DocClaimFile | None, list[InputError]]:
    """The claims of a Markdown text's ``claimaudit`` blocks (None when it has none)."""
    blocks = iter_blocks(text) if any(m in text for m in _MARKERS) else iter(())
    first = next(blocks, None)
    if first is None:
        return None, []
    source = doc_source(display, text)
    errors: list[InputError] = []
    claims: list[Claim] = []
    seen: dict[str, Location] = {}
    title = None
    for b in itertools.chain((first,), blocks):
        fence = Location(display, b.fence_line, b.indent + 1)
        if len(errors) >= MAX_DOC_ERRORS:
            errors.append(MarkdownClaimsError(f"{len(errors)} errors in this doc: its ```claimaudit blocks from "
                                              "here on were not read", location=fence))
            break
        if not b.closed:
            errors.append(MarkdownClaimsError("```claimaudit block is never closed (add a closing ``` line)",
                                              location=fence))
            continue
        try:
            doc = load_yaml("\n".join(b.lines) + "\n", display)
        except YamlError as exc:
            _shift(exc.location, b.fence_line)
            # Without its traceback: the frames hold the block's whole YAML parser (a 1 MiB doc of
            # 40,000 bad blocks kept 600 MB alive).
            errors.append(exc.with_traceback(None))
            continue
        _shift_tree(doc, b.fence_line)
        if doc is None:
            errors.append(MarkdownClaimsError("empty ```claimaudit block: expected a mapping with a 'claims' list",
                                              location=fence))
            continue
        cf, errs = build_claims(doc, path=display, module=module, base=base, default_source=source.id)
        errors.extend(errs)
        if cf is None:
            continue
        title = title or cf.title
        for c in cf.claims:
            where = c.loc_of("id")
            if c.id in seen:
                errors.append(InputError(f"duplicate claim id {c.id!r} (first defined at {seen[c.id]})",
                                         location=where))
                continue
            seen[c.id] = where
            claims.append(c)
    return DocClaimFile(path=display, module=module, source=source.id, settings=base, claims=claims,
                        title=title or source.title, doc_source=source), errors


def _shift(loc: Location | None, lines: int) -> None:
    """Move an error's location inside a block's YAML to the doc's line."""
    if loc is None or lines == 0:
        return
    loc.line += lines
    if loc.end_line is not None:
        loc.end_line += lines


def _shift_tree(node: object, lines: int) -> None:
    """Every location of a loaded block (its mappings' and lists' places), moved down by ``lines``."""
    todo = [node]
    while todo:
        n = todo.pop()
        if isinstance(n, (MarkedDict, MarkedList)):
            n.shift_lines(lines)
        if isinstance(n, dict):
            todo.extend(n.values())
        elif isinstance(n, list):
            todo.extend(n)


def load_markdown_claims(path: Path, *, display: str | None = None,
                         base: Settings = Settings()) -> tuple[DocClaimFile | None, list[InputError]]:
    """Read a Markdown doc from disk and return its embedded claims (None when it has none)."""
    return read_claims(path, display, MAX_DOC_BYTES, "Markdown doc", claims_from_markdown, base)
