"""The HTML report: one self-contained file a reviewer opens, filters, prints and links into.

:mod:`.page_html` writes the page from :func:`view` (every value escaped); the CSS and JS in
``assets/`` are inlined, and a Content-Security-Policy allows nothing to load from anywhere and only our own
script (by hash) to run, so even a quote that smuggled markup past the escaping could not act.
The cards themselves are written by :mod:`.card_html` (fast enough for ten thousand claims).
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
from functools import lru_cache
from typing import Any, TextIO

from markupsafe import Markup

from ..shipped import shipped_text
from .audience import is_problem
from .card_html import card_html
from .common import expected_counts, sorted_records, summary_text, verdict_counts
from .highlight import language
from .page_html import page_html
from .rendered import html_key, part

_PACKAGE = "claimaudit.reporters"
_SAFE_URL = re.compile(r"^(https?://|mailto:)", re.I)


def _asset(name: str) -> str:
    return shipped_text(_PACKAGE, name)


@lru_cache(maxsize=1)
def _assets() -> tuple[str, str, str]:
    """(css, js, CSP hash of the js) — the hash is what lets exactly this script run."""
    css, js = _asset("assets/report.css"), _asset("assets/report.js")
    digest = base64.b64encode(hashlib.sha256(js.encode("utf-8")).digest()).decode("ascii")
    return css, js, f"'sha256-{digest}'"


def safe_url(url: str | None) -> str | None:
    """Only web and mail links become clickable: a ``javascript:`` URL in a source file stays text."""
    if url and _SAFE_URL.match(url.strip()):
        return url.strip()
    return None


def _source_url(src: dict[str, Any]) -> str | None:
    if safe_url(src.get("url")):
        return safe_url(src.get("url"))
    if src.get("doi"):
        return "https://doi.org/" + str(src["doi"]).removeprefix("https://doi.org/")
    return None


def _counted(values: list[str]) -> list[tuple[str, int]]:
    counts: dict[str, int] = {}
    for v in values:
        if v:
            counts[v] = counts.get(v, 0) + 1
    return sorted(counts.items())


def authors_summary(report: dict[str, Any]) -> str:
    """``4 inconsistent (4 known errors, confirmed), 29 consistent``: the summary without test words."""
    known = expected_counts(report.get("records", ()))
    parts = [f"{n} {v}" + (f" ({known[v]} known, confirmed)" if known.get(v) else "")
             for v, n in verdict_counts(report)]
    errors = report.get("summary", {}).get("errors")
    if errors:
        parts.append(f"{errors} input error{'s' if errors != 1 else ''}")
    return ", ".join(parts) or "no claims collected"


def view(report: dict[str, Any], *, title: str | None = None, audience: str = "maintainers") -> dict[str, Any]:
    """The page's context: header facts, filter choices and one card per claim, problems first.

    ``audience="authors"``: the document's problems (known errors included) come first, open, in
    their own section; the rest follow."""
    records = sorted_records(report.get("records", []))
    authors = audience == "authors"
    problems = [r for r in records if is_problem(r)] if authors else []
    if authors:
        records = problems + [r for r in records if not is_problem(r)]
    sources = {s["id"]: s for s in report.get("sources", []) if isinstance(s, dict) and s.get("id")}
    cited: dict[str, int] = {}
    for r in records:
        for sid in dict.fromkeys([r.get("source")] + [a.get("source") for a in r.get("also_in") or ()]):
            if sid:
                cited[sid] = cited.get(sid, 0) + 1
    codes = [c for r in records for c in sorted({f["code"] for f in r.get("findings", ())}
                                                | {i["code"] for i in r.get("ignored") or ()})]
    total = max(len(records), 1)
    counts = verdict_counts(report)
    options = {k: v for k, v in (report.get("options") or {}).items() if v not in (None, "", [], ())}
    root = (report.get("root") or "").rstrip("/\\")
    name = os.path.basename(root) if root not in ("", ".") else "claims"
    key = html_key(audience)
    cards = [Markup(ahead) if (ahead := part(r, key)) is not None else card_html(r, audience)  # noqa: S704
             for r in records]   # a -n worker's card was escaped as it was written (card_html)
    return {
        # The root's folder name only: an absolute path is the reviewer's machine, not the report's.
        "report": report, "root_name": name, "audience": audience,
        "cards": cards, "problem_cards": cards[:len(problems)], "other_cards": cards[len(problems):],
        "summary": report.get("summary", {}),
        "title": title or f"claimaudit report — {name or root}",
        "summary_text": authors_summary(report) if authors else summary_text(report),
        "bar": [(v, n, round(100 * n / total, 3)) for v, n in counts],
        "verdicts": counts,
        "codes": _counted(codes),
        "files": _counted([r.get("file") or "" for r in records]),
        "sources": [{**s, "link": _source_url(s), "cited": cited.get(s["id"], 0), "lang": language(s.get("title"))}
                    for s in sources.values()],
        "source_choices": sorted(cited.items()),
        "options": options, "errors": report.get("errors", []),
    }


def render_html(report: dict[str, Any], *, title: str | None = None, audience: str = "maintainers") -> str:
    css, js, script_hash = _assets()
    return page_html(view(report, title=title, audience=audience), css=css, js=js, script_hash=script_hash)


def render(report: dict[str, Any], out: TextIO, *, title: str | None = None, audience: str = "maintainers",
           **_: Any) -> None:
    out.write(render_html(report, title=title, audience=audience))
