"""One claim's card of the HTML report, as HTML text.

The page around the cards is written by :mod:`.page_html`; the cards are
written here because a report of ten thousand claims has to render in well under two seconds, and
Jinja's per-expression escaping costs about as much as everything else together. Every piece of
text from a record goes through :func:`esc` (``html.escape``, quotes included) exactly once; the
only markup that is not escaped here comes from the formula, quote and number-line helpers, which
escape their own text. tests/test_reporters_html.py holds the XSS cases.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from markupsafe import Markup

from .audience import is_problem, outcome_label, remedies
from .common import Record, anchor, location
from .formula_html import formula_html
from .highlight import highlight, language
from .numberline import number_line

#: What each outcome is called on a card (pytest's words, for readers who know them).
OUTCOME_LABEL = {"passed": "passed", "failed": "FAILED", "expected": "xfail", "error": "ERROR"}
#: How a relation reads in front of the claimed interval.
RELATION_WORDS = {"=": "", "~": "about ", ">": "more than ", ">=": "at least ", "<": "less than ", "<=": "at most "}
_SPACE = re.compile(r"\s")


def esc(value: Any) -> str:
    """Text for HTML content or a double-quoted attribute; None is empty."""
    if value is None:
        return ""
    # html.escape(text, quote=True), written out: importing html builds its entity table (~1.3 ms of start-up)
    return (str(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
            .replace("'", "&#x27;"))


def lang(text: str | None) -> str:
    """` lang="zh"` on text with CJK characters, so the browser picks a Chinese font."""
    return ' lang="zh"' if language(text) else ""


def quote_html(quote: str, value: str | None, inputs: Iterable[str]) -> str:
    """The quote with the claimed number (and any input value it quotes) marked."""
    return "".join(f'<mark class="{kind}">{esc(text)}</mark>' if kind else esc(text)
                   for text, kind in highlight(quote, value, inputs))


def _miss_note(r: Record) -> str:
    rel = (r.get("miss") or {}).get("relative")
    # How the printed value sits relative to the recomputed one ("claim −11.5%": printed too low).
    return f"claim {rel * 100:+.3g}%".replace("-", "−") if isinstance(rel, (int, float)) else ""


def _working(r: Record, links: dict[str, str | None]) -> str:
    rows = []
    claimed = r.get("claimed")
    if r.get("value") is not None:
        rel = RELATION_WORDS.get(r.get("relation") or "=", "")
        rows.append(f'<tr><th>claimed</th><td{lang(r["value"])}>{esc(r["value"])}</td>'
                    f'<td>{esc(rel)}{esc(claimed["text"]) if claimed else "?"}</td></tr>')
    if r.get("formula"):
        # Inputs are linked from their rows below; in the formula they are plain variables.
        names = dict.fromkeys(links)
        rows.append(f'<tr><th>formula</th><td colspan="2" class="fx">'
                    f'{formula_html(r.get("formula_display") or r["formula"], names)}</td></tr>')
    for i in r.get("inputs") or ():
        link = links.get(i["name"])
        name = f'<a href="#{esc(link)}">{esc(i["name"])}</a>' if link else esc(i["name"])
        if i.get("free"):
            shown, text = "? <em>free</em>", ""
        elif i.get("recomputed"):
            shown, text = "<em>recomputed</em>", esc(i.get("text"))
        else:
            shown, text = esc(i.get("printed")), esc(i.get("text"))
        rows.append(f"<tr><th>{name}</th><td{lang(i.get('printed'))}>{shown}</td><td>{text}</td></tr>")
    if r.get("recomputed"):
        rows.append(f'<tr><th>recomputed</th><td></td><td>{esc(r["recomputed"]["text"])}</td></tr>')
    if r.get("free"):
        rows.append(f'<tr><th>free</th><td colspan="2">{esc(", ".join(r["free"]))} (no value given)</td></tr>')
    for key, label in (("scope", "scope"), ("as_of", "as of")):
        if r.get(key):
            rows.append(f'<tr><th>{label}</th><td colspan="2"{lang(r[key])}>{esc(r[key])}</td></tr>')
    for a in r.get("also_in") or ():
        where = " · ".join(esc(x) for x in (a.get("source"), a.get("at"), a.get("value")) if x)
        rows.append(f'<tr><th>also in</th><td colspan="2">{where}</td></tr>')
    return '<table class="wk">' + "".join(rows) + "</table>"


def card_html(r: Record, audience: str = "maintainers") -> Markup:
    """The ``<article>`` of one claim record (engine.records.claim_record).

    ``audience="authors"``: the view for a document's authors — a problem of the document (known
    or not) is marked ``p`` and opens with its working and what would make it true, and outcomes
    are named in plain words ("known error, confirmed"), not pytest's."""
    authors = audience == "authors"
    problem = authors and is_problem(r)
    inputs = r.get("inputs") or []
    links = {i["name"]: (_SPACE.sub("_", i["ref"]) if i.get("ref") else None) for i in inputs}
    ident = anchor(r)
    verdict, outcome = esc(r.get("verdict")), esc(r.get("outcome"))
    codes = sorted({f["code"] for f in r.get("findings", ())} | {i["code"] for i in r.get("ignored") or ()})
    cited = [r.get("source")] + [a.get("source") for a in r.get("also_in") or ()]
    # Filter data: the verdict and outcome are in the class, the file in the location line and the
    # source in its link, so only what is not shown elsewhere gets a data attribute (size matters
    # at ten thousand cards).
    sources = [s for s in dict.fromkeys(cited) if s]
    data = ""
    if codes:
        data += f' data-codes="{esc(" ".join(codes))}"'
    if sources[1:]:
        data += f' data-src="{esc(" ".join(sources))}"'
    out = [f'<article id="{esc(ident)}" class="card v-{verdict} o-{outcome}{" p" if problem else ""}"{data}>\n']
    title = f' <span class="t"{lang(r["title"])}>{esc(r["title"])}</span>' if r.get("title") else ""
    out.append(f'<h3><span class="badge">{verdict}</span> '
               f'<a class="id" href="#{esc(ident)}">{esc(r.get("id"))}</a>{title}</h3>\n')
    facts = [f"<code>{esc(location(r))}</code>",
             f'<span class="out">'
             f'{esc(outcome_label(r, audience, OUTCOME_LABEL.get(r.get("outcome") or "", str(r.get("outcome")))))}'
             '</span>']
    if r.get("expected") and not authors:
        facts.append(f"expected {esc(r['expected'])}")
    if r.get("boundary"):
        facts.append("boundary case")
    tags = "".join(f' <span class="tag">{esc(t)}</span>' for t in r.get("tags") or ())
    out.append(f'<p class="loc">{" · ".join(facts)}{tags}</p>\n')
    if r.get("quote"):
        out.append(f'<blockquote{lang(r["quote"])}>'
                   f'{quote_html(r["quote"], r.get("value"), [i.get("printed") or "" for i in inputs])}</blockquote>\n')
    if r.get("source") or r.get("at"):
        src = f'<a class="sid" href="#src-{esc(r["source"])}">{esc(r["source"])}</a>' if r.get("source") else ""
        at = f' · <span{lang(r["at"])}>{esc(r["at"])}</span>' if r.get("at") else ""
        out.append(f'<p class="src">{src}{at}</p>\n')
    found = (r.get("extra") or {}).get("quote") or {}
    if found.get("file"):
        # Where the quote checker found the words in the source text, and how well they matched.
        where = f"{found['file']}:{found['line']}" if found.get("line") else str(found["file"])
        if found.get("page"):
            where += f" (page {found['page']})"
        how = found.get("match") or ""
        if how and how != "exact":
            how += f", {float(found.get('score') or 0):.0f}%"
        section = f' § <span{lang(found["section"])}>{esc(found["section"])}</span>' if found.get("section") else ""
        passage = (f'<br><span class="passage"{lang(found["passage"])}>{esc(found["passage"])}</span>'
                   if found.get("passage") and found.get("passage") != r.get("quote") else "")
        out.append(f'<p class="found">Found at <code>{esc(where)}</code>{section}'
                   f'{f" [{esc(how)}]" if how else ""}{passage}</p>\n')
    if r.get("findings"):
        finding_items = []
        for f in r["findings"]:
            working = f"<pre>{esc(chr(10).join(f['working']))}</pre>" if f.get("working") else ""
            finding_items.append(f'<li class="s-{esc(f["severity"])}"><code>{esc(f["code"])}</code> '
                                 f'<b>{esc(f["severity"])}</b> {esc(f["message"])}{working}</li>')
        out.append('<ul class="fs">' + "".join(finding_items) + "</ul>\n")
    if r.get("because"):
        out.append(f'<p class="because">Because: {esc(r["because"])}</p>\n')
    fixes = remedies(r) if problem else []
    if fixes:
        shown = "".join(f"<li{lang(x)}>{esc(x)}</li>" for x in fixes)
        out.append(f'<div class="fix"><b>What would make it true</b><ul>{shown}</ul></div>\n')
    for ig in r.get("ignored") or ():
        out.append(f'<p class="ign">Ignored <code>{esc(ig.get("code"))}</code>: {esc(ig.get("message"))} — '
                   f'{esc(ig.get("reason"))}</p>\n')
    settings = r.get("settings") or {}
    claimed, recomputed = r.get("claimed"), r.get("recomputed")
    svg = number_line(claimed, recomputed, r.get("relation") or "=", approx=settings.get("approx"),
                      consistent=r.get("verdict") != "inconsistent",
                      note=_miss_note(r)) if claimed and recomputed else ""
    is_open = " open" if r.get("outcome") in ("failed", "error") or problem else ""
    out.append(f'<details{is_open}><summary>Working</summary>\n{_working(r, links)}\n{svg or ""}</details>\n')
    # After the working: the card's first <details> is its working, which the page opens and deep links show.
    checklist = (r.get("extra") or {}).get("checklist")
    if checklist:
        items = "".join(f'<li class="c-{esc(a.get("status"))}"><b>{esc(a.get("mark"))}</b> {esc(a.get("question"))} '
                        f'<span{lang(a.get("text"))}>{esc(a.get("text"))}</span></li>' for a in checklist)
        out.append(f'<details class="checklist"><summary>Careful reader’s checklist</summary><ul>{items}</ul>'
                   f'</details>\n')
    out.append("</article>")
    return Markup("".join(out))  # noqa: S704 - every piece was escaped as it was built
