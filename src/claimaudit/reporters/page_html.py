"""The HTML report's page around the cards, as HTML text (the header, the filters, the footer).

Written in Python rather than as a Jinja2 template: importing Jinja2 and compiling the template cost
~0.08 s of CPU, an eighth of a cold ``claimaudit run`` of the demo (issue #14), to lay out a page whose
only loops are over lists the view already holds. The text it writes is what the former template wrote, byte for
byte (tests/test_reporters_golden.py). Every value from the report goes through :func:`esc`
(MarkupSafe's ``escape``, what autoescaping used) exactly once; the cards (:mod:`.card_html`), the
CSS, the script and its hash are inserted as they are.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from markupsafe import escape


def esc(value: Any) -> str:
    """``value`` as text in HTML content or a quoted attribute, escaped as Jinja2's autoescaping does
    (MarkupSafe; None is ``None``, as a template shows it)."""
    return str(escape(value))


class _Missing:
    """A key a record lacks: empty and false, as a template's undefined value."""

    def __bool__(self) -> bool:
        return False

    def __str__(self) -> str:
        return ""


MISSING = _Missing()


def _get(d: Any, key: str) -> Any:
    return d.get(key, MISSING) if isinstance(d, dict) else MISSING


def _joined(values: Any, sep: str) -> str:
    return esc(sep.join(str(v) for v in values))


def _option(v: Any) -> str:
    if isinstance(v, str):
        return esc(v)
    try:
        iter(v)
    except TypeError:
        return esc(v)
    return _joined(v, ",")


def _choices(name: str, label: str, items: Iterable[tuple[Any, Any]]) -> str:
    options = "".join(f'<option value="{esc(v)}">{esc(v)} ({esc(n)})</option>' for v, n in items)
    return f'<label>{label} <select name="{name}"><option value="">all</option>{options}</select></label>\n'


def _meta(ctx: dict[str, Any]) -> str:
    report = ctx["report"]
    out = [f'<p class="meta">Audited {esc(_get(report, "created"))} with claimaudit {esc(_get(report, "claimaudit"))}']
    if _get(report, "root"):
        out.append(f' · project <code>{esc(ctx["root_name"])}</code>')
    paths = _get(report, "paths")
    if paths:
        out.append(" · paths " + ", ".join(f"<code>{esc(p)}</code>" for p in paths))
    duration = _get(report, "duration")
    if duration is not None and duration is not MISSING:
        out.append(f" · {duration:.2f} s")
    code = _get(report, "exit_code")
    if code is not None and code is not MISSING:
        out.append(f" · exit code {esc(code)}")
    out.append("</p>\n")
    if ctx["options"]:
        out.append('<p class="meta">Options: ' + " ".join(f"<code>{esc(k)}={_option(v)}</code>"
                                                          for k, v in ctx["options"].items()) + "</p>\n")
    return "".join(out)


def _verdicts(ctx: dict[str, Any]) -> str:
    summary, cards, text = ctx["summary"], ctx["cards"], esc(ctx["summary_text"])
    selected, collected = _get(summary, "selected"), _get(summary, "collected")
    out = [f'<p class="verdicts"><strong>{text}</strong> — '
           f'{len(cards) if selected is MISSING else esc(selected)} of '
           f'{len(cards) if collected is MISSING else esc(collected)} claims']
    findings = _get(summary, "findings")
    if findings:
        out.append(f", {esc(findings)} finding{'s' if findings != 1 else ''}")
    out.append(".</p>\n")
    bar = ctx["bar"]
    if bar:
        segs = "".join(f'<a class="seg v-{esc(v)}" style="flex-grow:{esc(pct)}" href="#" data-verdict="{esc(v)}" '
                       f'title="{esc(n)} {esc(v)}">{esc(n)}</a>' for v, n, pct in bar)
        keys = "".join(f'<li><a class="key v-{esc(v)}" href="#" data-verdict="{esc(v)}"><span class="sw"></span>'
                       f"{esc(n)} {esc(v)}</a></li>" for v, n, _pct in bar)
        out.append(f'<div class="bar" role="img" aria-label="{text}">{segs}</div>\n<ul class="legend">{keys}</ul>\n')
    return "".join(out)


def _source_row(s: dict[str, Any]) -> str:
    sid, title = _get(s, "id"), _get(s, "title")
    shown = esc(title or sid)
    lang = _get(s, "lang")
    link = _get(s, "link")
    cell = f'<a href="{esc(link)}" rel="noopener noreferrer">{shown}</a>' if link else shown
    authors = _get(s, "authors")
    if authors:
        cell += f"<br><small>{_joined(authors, ', ')}</small>"
    lang_attr = f' lang="{esc(lang)}"' if lang else ""
    return (f'<tr id="src-{esc(sid)}"><td><code>{esc(sid)}</code></td><td{lang_attr}>'
            f"{cell}</td><td>{esc(_get(s, 'date'))}</td><td>{esc(_get(s, 'version'))}</td>"
            f"<td>{esc(_get(s, 'cited'))}</td></tr>\n")


def _sources(sources: list[dict[str, Any]]) -> str:
    if not sources:
        return ""
    return (f'<details class="sources"{" open" if len(sources) <= 6 else ""}><summary>Sources ({len(sources)})'
            "</summary>\n<table><thead><tr><th>id</th><th>title</th><th>date</th><th>version</th><th>claims</th>"
            "</tr></thead><tbody>\n" + "".join(_source_row(s) for s in sources) + "</tbody></table></details>\n")


def _error(e: Any) -> str:
    where = esc(_get(e, "file") or "")
    if _get(e, "line"):
        where += f":{esc(_get(e, 'line'))}:{esc(_get(e, 'col'))}"
    suggestions = _get(e, "suggestions")
    hint = f" <em>(did you mean {_joined(suggestions, ' or ')}?)</em>" if suggestions else ""
    return (f'<li><code>{esc(_get(e, "code"))}</code> <span class="loc">{where}</span> '
            f'{esc(_get(e, "message"))}{hint}</li>')


def _cards(ctx: dict[str, Any]) -> str:
    def each(cards: list[Any]) -> str:
        return "".join(f"{c}\n" for c in cards)

    if ctx["audience"] != "authors":
        return each(ctx["cards"])
    problems, others = ctx["problem_cards"], ctx["other_cards"]
    head = f"Problems in the document ({len(problems)})" if problems else "No problems found in the document"
    out = f'<section id="problems"><h2>{head}</h2>\n{each(problems)}</section>\n'
    if others:
        out += f'<h2 id="other-claims">The other claims ({len(others)})</h2>'
    return out + each(others)


def page_html(ctx: dict[str, Any], *, css: str, js: str, script_hash: str) -> str:
    """The whole page for the view ``ctx`` (:func:`claimaudit.reporters.html.view`)."""
    report, title = ctx["report"], esc(ctx["title"])
    errors = ctx["errors"]
    error_list = ""
    if errors:
        error_list = (f'<section class="errors" id="input-errors"><h2>Input errors ({len(errors)})</h2><ul>\n'
                      + "".join(_error(e) for e in errors) + "</ul></section>\n")
    authors = ctx["audience"] == "authors"
    return "".join([
        '<!DOCTYPE html>\n<html lang="en" class="no-js">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; img-src data:; '
        f"style-src 'unsafe-inline'; script-src {script_hash}; base-uri 'none'; form-action 'none'\">\n"
        f'<meta name="generator" content="claimaudit {esc(_get(report, "claimaudit"))}">\n'
        f"<title>{title}</title>\n<style>{css}</style>\n</head>\n<body>\n<header class=\"top\">\n<h1>{title}</h1>\n",
        _meta(ctx), _verdicts(ctx), _sources(ctx["sources"]),
        "</header>\n<main>\n"
        '<svg class="defs" aria-hidden="true"><symbol id="nl-frame"><text x="0" y="15">claimed</text>'
        '<text x="0" y="31">recomputed</text><line x1="74" y1="40" x2="352" y2="40"/></symbol></svg>\n',
        error_list,
        '<form id="filters" class="filters" role="search" hidden>\n',
        _choices("verdict", "Verdict", ctx["verdicts"]), _choices("code", "Checker", ctx["codes"]),
        _choices("source", "Source", ctx["source_choices"]), _choices("file", "File", ctx["files"]),
        '<label class="q">Text <input type="search" name="q" placeholder="id, quote, message…"></label>\n'
        '<label class="chk"><input type="checkbox" name="problems"> problems only</label>\n'
        f'<output id="shown" aria-live="polite">{len(ctx["cards"])} claims</output>\n</form>\n'
        '<p id="none" hidden>No claim matches these filters.</p>\n',
        _cards(ctx),
        "</main>\n<footer><p>Generated by claimaudit "
        f"{esc(_get(report, 'claimaudit'))} from report schema {esc(_get(report, 'schema'))} "
        f"v{esc(_get(report, 'version'))}. "
        + ("Written for the document's authors: its problems first, then every other claim checked" if authors
           else "Problems first")
        + "; link to a claim with <code>#module.id</code>.</p></footer>\n"
        f"<script>{js}</script>\n</body>\n</html>",
    ])
