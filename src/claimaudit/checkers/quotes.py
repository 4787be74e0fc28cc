"""Quote fidelity: every claim is tied to the words its source really prints (CA201–CA207).

For each claim with a quote, the quote is located in the source's text (exactly, after
normalisation, then fuzzily) and the claimed value must be printed in the located passage.
Citations in ``also_in`` (and ``given`` inputs with a quote) are checked against their own
texts, and a figure the primary source prints differently from the secondary is reported.

Codes:

* **CA201** (warning) quote not found; the best near match and its score are given.
* **CA202** (error) number drift: the passage is found, but it now prints another number where
  the claim quotes its value ("the source now says 557.7 万美元 where the claim quotes 557.6 万美元").
* **CA203** (error) sources disagree: a cited source prints the figure differently.
* **CA204** (info / warning) a source's text is not available (info: no local copy, e.g. an
  arXiv paper cited by URL) or could not be read (warning: missing file, outside the allowed
  folders, a size/page/time limit hit, a changed download).
* **CA205** (warning) the quote is not verbatim any more: found fuzzily, its words changed.
* **CA206** (info) the claimed value is not printed in the quoted words (a derived value, or a
  reading such as ``64 GPU`` for ``8 节点 × 8 卡``).
* **CA207** (info) the quote was found, but not under the section the claim's ``at`` names.

Where each quote was found goes into ``result.extra["quote"]`` (and citations into
``result.extra["quote_citations"]``) for the reporters: source, file, line/page, section,
table row and column, match kind, score, the matched passage and its context.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import asdict
from pathlib import Path
from typing import Any, ClassVar

from ..engine.results import ClaimResult, Finding, RunResult
from ..errors import Location
from ..sources.limits import DEFAULT_LIMITS
from .base import Checker

NAME = "quotes"


def _where(d: dict[str, Any]) -> str:
    s = f"{d.get('file')}"
    if d.get("page"):
        s += f" p. {d['page']}"
    if d.get("line"):
        s += f":{d['line']}"
    if d.get("section"):
        s += f" ({d['section']})"
    return s


#: Below this score a near match is not shown: it is no evidence about the quote, and would only
#: echo source text the quote does not contain (a stranger may name any allowed file as a source).
NEAR_MIN_SCORE = 50.0


def _near_dict(near: Any, quote: str) -> dict[str, Any]:
    """A near match as reported: where it is, its score, and the aligned passage cut to the quote's
    length (plus a little) — never the surrounding context of text the quote did not name."""
    nd = near.as_dict()
    nd.pop("context", None)
    limit = len(quote) + 20
    if len(nd.get("passage") or "") > limit:
        nd["passage"] = nd["passage"][:limit] + "…"
    return nd


def _short(text: str, n: int = 90) -> str:
    t = " ".join(text.split())
    return t if len(t) <= n else t[:n - 1] + "…"


class QuoteChecker(Checker):
    """Quotes are found in their sources and print the claimed number (CA201-CA207).

    Anti-pattern: a claim file that quotes words its source never printed, or a source edited
    after the claim was written (the handbook now says 557.7万美元 where the claim audits
    557.6万美元), or a secondary source that restates the primary's figure differently.
    Fix: copy the quote and value from the source as printed, point `files:` (or url + sha256)
    at its text, and re-check after the source changes.
    """

    code = "CA200"
    name = NAME
    scope = "claim"     # per claim, so claim checkers after it (CA301 doc drift) see its findings
    # The source limits are configured here, under their own names and defaults (sources/limits.py).
    config_keys: ClassVar[dict[str, Any]] = {"min_score": 80.0, **asdict(DEFAULT_LIMITS), "cache_dir": ""}

    def check(self, result: ClaimResult, run: RunResult) -> Iterator[Finding]:
        return check_claim(result, library_for(run, self.config), float(self.config.get("min_score", 80.0)))


def library_for(run: RunResult, config: dict[str, Any]) -> Any:
    """The run's source texts, loaded lazily and shared by every claim of the run (kept on the
    run object, as :func:`.reevaluate.namespace` keeps its namespace)."""
    lib = getattr(run, "_claimaudit_sources", None)
    if lib is not None:
        return lib
    from ..config import allowed_source_dirs, load_config
    from ..sources.library import SourceLibrary
    from ..sources.limits import Limits

    root = Path(run.root)
    allow = allowed_source_dirs(load_config(root))
    lib = SourceLibrary(root, run.sources, allow_dirs=allow, limits=Limits.from_config(config),
                        cache=config.get("cache_dir") or None)
    run._claimaudit_sources = lib  # type: ignore[attr-defined]
    return lib


class _Ctx:
    """Per-claim bookkeeping: findings, and which sources were already reported unavailable."""

    def __init__(self, res: ClaimResult, lib: Any, min_score: float) -> None:
        self.res, self.lib, self.min_score = res, lib, min_score
        self.findings: list[Finding] = []
        # A missing text is said once per source for the whole run, not once per claim citing it.
        self.unavailable: set[str] = _said_unavailable(lib)

    def add(self, code: str, severity: str, message: str, location: Location | None, **data: Any) -> None:
        self.findings.append(Finding(code, severity, message, NAME, location=location, data=data))

    def docs(self, source: str, location: Location | None) -> list[Any] | None:
        if source not in self.lib.records:
            return None   # no record at all: the engine reports unknown sources (CA010), not us
        st = self.lib.text(source)
        if st.available:
            return st.documents
        if source not in self.unavailable:
            self.unavailable.add(source)
            if st.errors:
                for err in st.errors:
                    self.add("CA204", "warning", f"text of {source} cannot be used: {err.message}", location,
                             source=source, reason=err.kind)
            else:
                self.add("CA204", "info", f"text of {source} is not available locally, so it is not checked "
                         f"here: {st.no_text}", location, source=source, reason="no-text")
        return None


def _said_unavailable(lib: Any) -> set[str]:
    said = getattr(lib, "_claimaudit_unavailable", None)
    if said is None:
        said = set()
        try:
            lib._claimaudit_unavailable = said
        except AttributeError:  # a library that takes no attributes: said once per claim
            pass
    return said


def check_claim(res: ClaimResult, lib: Any, min_score: float = 80.0) -> Iterator[Finding]:
    c = res.claim
    ctx = _Ctx(res, lib, min_score)
    value = c.value if c.value is not None else c.get("words")
    qloc = c.quote_location or c.location
    if c.quote and c.source:
        docs = ctx.docs(c.source, qloc)
        if docs is not None:
            info = _check_quote(ctx, source=c.source, docs=docs, quote=c.quote, at=c.at, value=value,
                                location=qloc, role="quote")
            res.extra["quote"] = info
        elif c.source in lib.records:
            res.extra["quote"] = {"source": c.source, "match": "unavailable"}
    elif c.source and value is not None:
        ctx.docs(c.source, c.loc_of("source") if "source" in c.raw else c.location)
    cites: list[dict[str, Any]] = []
    raw_cites = c.raw.get("also_in") or []
    for i, a in enumerate(c.also_in):
        aloc = _item_location(raw_cites, i) or c.loc_of("also_in")
        cites.append(_check_citation(ctx, c, a.source, a.quote, a.at, a.value, aloc, role="also_in"))
    for g in c.given:
        src = g.source or (c.source if g.quote else None)
        if not src:
            continue
        cites.append(_check_citation(ctx, c, src, g.quote, g.at, g.value, g.location,
                                     role=f"given {g.name}", compare=False))
    cites = [x for x in cites if x]
    if cites:
        res.extra["quote_citations"] = cites
    yield from ctx.findings


def _item_location(items: Any, i: int) -> Location | None:
    try:
        return getattr(items[i], "location", None)
    except (IndexError, KeyError, TypeError):
        return None


def _check_quote(ctx: _Ctx, *, source: str, docs: list[Any], quote: str, at: str | None, value: str | None,
                 location: Location | None, role: str, label: str = "",
                 against: str | None = None) -> dict[str, Any]:
    """Locate ``quote`` in ``docs`` and check that ``value`` is printed there.

    ``against`` names the source that printed ``value`` when it is another text's figure (a
    citation checked against the claim's own value): then a passage printing something else
    is a disagreement between sources (CA203), not a note.
    """
    from ..sources.document import section_matches
    from ..sources.locate import find_quote
    from ..sources.passage_numbers import PrintedIn, drift, find_value, nearest, numbers_in, read_value, shown

    who = f"{label}: " if label else ""
    search = find_quote(quote, docs, at=at, min_score=ctx.min_score)
    if search.found is None:
        near = search.near
        msg = f"{who}quote not found in {source}"
        data: dict[str, Any] = {"source": source, "quote": quote}
        info: dict[str, Any] = {"source": source, "match": "not found"}
        if near is not None and near.score < NEAR_MIN_SCORE:
            near = None   # an unrelated passage: nothing of the source is echoed
        if near is not None:
            nd = _near_dict(near, quote)
            msg += f"; best near match (score {near.score:.0f}) at {_where(nd)}: “{_short(nd['passage'])}”"
            data["near"] = nd
            info["near"] = nd
            if value is not None and find_value(value, near.passage) is None:
                d = drift(value, quote, near.passage)
                if d is not None and d.now is not None:
                    # The nearest passage prints another number where the quote has the value: the
                    # source changed under the claim. That is a failure, not a note (a short quote
                    # whose number was edited can fall just below the fuzzy threshold).
                    now = shown(d.now, value, near.passage)
                    info["drift"] = {"quoted": value, "now": now}
                    ctx.add("CA202", "error", f"{who}quote not found in {source}, and its nearest passage "
                            f"(score {near.score:.0f}, {_where(nd)}) now says {now} where the claim quotes {value}: "
                            f"“{_short(nd['passage'])}”", location, source=source, quoted=value, now=now,
                            passage=nd["passage"], **{k: nd.get(k) for k in ("file", "line", "page")})
                    return info
        else:
            msg += " (no near match)"
        ctx.add("CA201", "warning", msg, location, **data)
        return info
    m = search.found
    info = m.as_dict()
    drifted = False
    if value is not None:
        fv = find_value(value, m.passage)
        if fv is None:
            d = drift(value, quote, m.passage)
            if d is not None:
                drifted = True
                now_shown = shown(d.now, value, m.passage) if d.now is not None else None
                if now_shown:
                    msg = f"{who}the source now says {now_shown} where the claim quotes {value}"
                else:
                    msg = f"{who}the source no longer prints {value} in the quoted passage"
                msg += f" ({_where(info)}: “{_short(m.passage)}”)"
                info["drift"] = {"quoted": value, "now": now_shown}
                ctx.add("CA202", "error", msg, location, source=source, quoted=value, now=now_shown,
                        passage=m.passage, **{k: info.get(k) for k in ("file", "line", "page")})
            elif against:
                w = read_value(value)
                other = nearest(w, numbers_in(m.passage)) if w is not None else None
                ctx.add("CA203", "error", f"sources disagree: {source} prints "
                        f"{other.text if other else 'no such figure'} ({_where(info)}) where {against} "
                        f"prints {value}", location, source=source, cited=other.text if other else None,
                        claimed=value, against=against)
                info["disagrees"] = True
            else:
                ctx.add("CA206", "info", f"{who}the quoted words do not print the value {value} "
                        f"(a derived value or a reading of the words)", location, source=source, value=value)
                info["value_printed"] = False
        elif isinstance(fv, PrintedIn):
            info["value_printed"] = True
            info["value_text"] = fv.text
            col = _column(m, fv)
            if col:
                info["column"] = col
        else:
            info["value_printed"] = True
    if m.kind == "fuzzy" and not drifted:
        ctx.add("CA205", "warning", f"{who}the quote is no longer verbatim in {source} (score {m.score:.0f}); "
                f"at {_where(info)} it reads “{_short(m.passage)}”", location, source=source, score=m.score,
                passage=m.passage)
    if at:
        ok = section_matches(at, m.doc.section_path(m.start))
        if ok is False:
            ctx.add("CA207", "info", f"{who}quote found under “{info.get('section')}”, not under “{at}” "
                    f"as the claim says", location, source=source, at=at, section=info.get("section"))
    return info


def _column(m: Any, fv: Any) -> str | None:
    """The header of the table column holding the value, when the passage is a table row."""
    hit = m.doc.cell_at(min(m.start + fv.start, max(m.end - 1, m.start)))
    if hit is None:
        return None
    _table, cell = hit
    return cell.header or None


def _check_citation(ctx: _Ctx, c: Any, source: str, quote: str | None, at: str | None, value: str | None,
                    location: Location | None, *, role: str, compare: bool = True) -> dict[str, Any]:
    """One more text a claim names: ``also_in`` citations and ``given`` inputs with a source."""
    entry: dict[str, Any] = {"role": role, "source": source}
    if at:
        entry["at"] = at
    label = f"{role} {source}" if role == "also_in" else role
    if compare and value and c.value:
        from ..sources.passage_numbers import agree

        ok = agree(c.value, value, c.settings.kilo)
        if ok is False:
            ctx.add("CA203", "error", f"sources disagree: {c.source} prints {c.value} but {source} prints {value}",
                    location, source=source, cited=value, claimed=c.value, against=c.source)
            entry["disagrees"] = True
    docs = ctx.docs(source, location)
    if docs is None:
        entry["match"] = "unavailable"
        return entry
    want = value or (c.value if compare else None)
    if quote:
        info = _check_quote(ctx, source=source, docs=docs, quote=quote, at=at, value=want, location=location,
                            role=role, label=label, against=c.source if (value is None and compare) else None)
        entry.update(info)
        return entry
    if want:
        hit = _find_value_in_docs(want, docs, at)
        if hit is None:
            ctx.add("CA206", "info", f"{label}: {want} is not printed in {source}'s text as far as can be "
                    "seen (add the citation's quote to pin the passage)", location, source=source, value=want)
            entry["match"] = "value not found"
        else:
            entry.update(hit)
    return entry


def _find_value_in_docs(value: str, docs: list[Any], at: str | None) -> dict[str, Any] | None:
    """Where a cited value is printed, without a quote: its number text through the index,
    confirmed by reading the number around each hit; the section ``at`` names is preferred."""
    from ..sources.document import section_matches
    from ..sources.locate import corpus
    from ..sources.normalize import normalize
    from ..sources.passage_numbers import numbers_in, read_value

    want = read_value(value)
    if want is None:
        return None
    first = numbers_in(value)
    needles = {normalize(first[0].text)} if first else set()
    needles |= {n.replace(",", "") for n in needles}
    corp = corpus(docs)
    best: dict[str, Any] | None = None
    for needle in sorted(n for n in needles if n):
        for hit_at in corp.index.find_all(needle, limit=50):
            doc, s = corp.split(hit_at)
            o = doc.norm.to_orig(s)
            a, b = max(0, o - 12), min(len(doc.text), o + len(needle) + 16)
            if not any(p.key == want.key for p in numbers_in(doc.text[a:b])):
                continue
            hit = {**doc.locate(o), "match": "value", "passage": doc.text[a:b].strip()}
            if at and section_matches(at, doc.section_path(o)):
                return hit
            best = best or hit
    return best


def claimaudit_checkers() -> list[type[Checker]]:
    return [QuoteChecker]
