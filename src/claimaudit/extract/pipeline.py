"""Document in, draft claim file out: the one function both front ends call."""

from __future__ import annotations

from pathlib import Path

from ..gcpause import paused_gc
from .document import Document, analyse, load_document
from .draft import Draft, make_ids, render
from .mentions import detect_lang, extract_mentions
from .relations import find_relations
from .statistics import outside, test_results


def draft_document(doc: Document, *, lang: str = "auto", kilo: int = 1000, source: str | None = None) -> Draft:
    """Mentions, relations and stable ids for ``doc``."""
    if lang == "auto":
        lang = detect_lang(doc.text)
    # what a draft allocates lives until it is rendered: no cycles for the collector to find
    with paused_gc():
        mentions = extract_mentions(doc, lang=lang, kilo=kilo)
        # Test results (t(28) = 2.20, p = .03) are claims for CA110; their numbers are not claims
        # of their own, nor parts of other relations.
        statistics = test_results(doc)
        mentions = outside(mentions, statistics)
        relations = find_relations(doc, mentions)
        return Draft(doc, mentions, relations, make_ids(doc, mentions), source=source, lang=lang,
                     statistics=statistics)


def draft_text(text: str, path: str = "<text>", **kw) -> Draft:
    return draft_document(analyse(text, path), **kw)


def draft_file(path: str | Path, *, display: str | None = None, **kw) -> Draft:
    return draft_document(load_document(path, display), **kw)


def draft_yaml(draft: Draft) -> str:
    with paused_gc():
        return render(draft)
