"""``claimaudit scan report DIR``: corpus statistics from a results store, as HTML (inline SVG
charts, self-contained) and Markdown — the share of documents with at least one inconsistency,
by checker, by relation kind and by metadata column; the most common reasons; the worst
documents, each linked to a page of its inconsistent claims."""

from __future__ import annotations

import html
import json
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .store import read_table

WORST = 25
REASONS = 15
_NUM = re.compile(r"\d(?:[\d,.]*\d)?(?:e[+-]?\d+)?")


@dataclass
class Stats:
    documents: int = 0
    status: Counter = field(default_factory=Counter)
    audited: int = 0                    # status ok
    with_inconsistency: int = 0
    claims: int = 0
    relations: int = 0
    by_checker: list[tuple[str, int, int]] = field(default_factory=list)        # code, documents, findings
    by_kind: list[tuple[str, int, int, int]] = field(default_factory=list)      # kind, relations, inconsistent, docs
    by_meta: dict[str, list[tuple[str, int, int]]] = field(default_factory=dict)  # column -> (value, docs, with)
    reasons: list[tuple[str, str, int]] = field(default_factory=list)           # code, reason, count
    worst: list[dict[str, Any]] = field(default_factory=list)
    failures: list[dict[str, Any]] = field(default_factory=list)


def _share(n: int, of: int) -> str:
    return f"{n / of:.1%}" if of else "–"


def reason_of(message: str) -> str:
    """A finding's message with its numbers blanked, so that the same reason counts together."""
    return _NUM.sub("#", message)[:160]


def compute(out: Path) -> Stats:
    """The statistics of the store in ``out``."""
    import pyarrow.compute as pc  # type: ignore[import-untyped]

    s = Stats()
    docs = read_table(out, "documents").to_pylist()
    s.documents = len(docs)
    s.status = Counter(d["status"] for d in docs)
    ok = [d for d in docs if d["status"] == "ok"]
    s.audited = len(ok)
    s.with_inconsistency = sum(1 for d in ok if d["inconsistent"])
    s.claims = sum(d["claims"] or 0 for d in ok)
    s.relations = sum(d["relations"] or 0 for d in ok)

    findings = read_table(out, "findings", ["doc_id", "code", "severity", "message"])
    findings = findings.filter(pc.equal(findings.column("severity"), "error"))
    per_code: dict[str, set[str]] = defaultdict(set)
    counts: Counter = Counter()
    reasons: Counter = Counter()
    for doc_id, code, message in zip(findings.column("doc_id").to_pylist(), findings.column("code").to_pylist(),
                                     findings.column("message").to_pylist(), strict=True):
        per_code[code].add(doc_id)
        counts[code] += 1
        reasons[(code, reason_of(message or ""))] += 1
    s.by_checker = sorted(((c, len(per_code[c]), counts[c]) for c in per_code), key=lambda t: (-t[1], t[0]))
    s.reasons = [(c, r, n) for (c, r), n in reasons.most_common(REASONS)]

    claims = read_table(out, "claims", ["doc_id", "relation_kind", "verdict"])
    claims = claims.filter(pc.not_equal(claims.column("relation_kind"), ""))
    kinds: dict[str, list[Any]] = defaultdict(lambda: [0, 0, set()])
    for doc_id, kind, verdict in zip(claims.column("doc_id").to_pylist(), claims.column("relation_kind").to_pylist(),
                                     claims.column("verdict").to_pylist(), strict=True):
        k = kinds[kind]
        k[0] += 1
        if verdict == "inconsistent":
            k[1] += 1
            k[2].add(doc_id)
    s.by_kind = sorted(((k, v[0], v[1], len(v[2])) for k, v in kinds.items()), key=lambda t: (-t[2], t[0]))

    meta: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for d in ok:
        for key, value in (json.loads(d["meta"]) if d["meta"] else {}).items():
            cell = meta[key][value]
            cell[0] += 1
            cell[1] += 1 if d["inconsistent"] else 0
    s.by_meta = {k: sorted(((v, c[0], c[1]) for v, c in vals.items()), key=lambda t: t[0])
                 for k, vals in sorted(meta.items())}
    s.worst = sorted((d for d in ok if d["inconsistent"]), key=lambda d: (-d["inconsistent"], d["id"]))[:WORST]
    s.failures = [d for d in docs if d["status"] in ("error", "timeout", "failed")][:WORST]
    return s


# ---------------------------------------------------------------- charts and pages

def bar_chart(rows: list[tuple[str, float, str]], *, width: int = 640) -> str:
    """Horizontal bars (label, fraction 0..1, text at the bar's end) as inline SVG."""
    if not rows:
        return ""
    bar_h, gap, label_w = 18, 6, 220
    h = len(rows) * (bar_h + gap) + gap
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{h}" role="img" class="chart">']
    span = width - label_w - 90
    for n, (label, frac, text) in enumerate(rows):
        y = gap + n * (bar_h + gap)
        w = max(1.0, span * max(0.0, min(1.0, frac)))
        parts.append(f'<text x="{label_w - 6}" y="{y + 13}" text-anchor="end">{html.escape(label[:34])}</text>'
                     f'<rect x="{label_w}" y="{y}" width="{w:.1f}" height="{bar_h}" fill="#c0392b"/>'
                     f'<text x="{label_w + w + 5:.1f}" y="{y + 13}">{html.escape(text)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def doc_page_name(n: int) -> str:
    return f"report-docs/doc-{n:04d}.html"


CSS = ("body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:980px;color:#222}"
       "table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid #ddd;padding:3px 8px;text-align:left}"
       "th{background:#f4f4f4}.chart text{font:12px system-ui,sans-serif}code{background:#f6f6f6}")


def _table(head: list[str], rows: list[list[str]]) -> str:
    th = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><tr>{th}</tr>{body}</table>"


def render_html(s: Stats) -> str:
    e = html.escape
    out = [("<!doctype html><html><head><meta charset='utf-8'><title>claimaudit scan report</title>"
            f"<style>{CSS}</style></head><body><h1>claimaudit scan report</h1>"),
           f"<p><b>{s.with_inconsistency}</b> of {s.audited} audited documents "
           f"(<b>{_share(s.with_inconsistency, s.audited)}</b>) have at least one inconsistency. "
           f"{s.documents} documents in the store: "
           + ", ".join(f"{n} {e(k)}" for k, n in sorted(s.status.items()))
           + f"; {s.claims:,} claims, {s.relations:,} relations audited.</p>"]
    if s.by_checker:
        out.append("<h2>By checker</h2>")
        out.append(bar_chart([(c, d / s.audited if s.audited else 0, f"{d} docs ({_share(d, s.audited)})")
                              for c, d, _ in s.by_checker]))
        out.append(_table(["checker", "documents", "share", "findings"],
                          [[e(c), str(d), _share(d, s.audited), str(n)] for c, d, n in s.by_checker]))
    if s.by_kind:
        out.append("<h2>By relation kind</h2>")
        out.append(bar_chart([(k, i / r if r else 0, f"{i}/{r} inconsistent") for k, r, i, _ in s.by_kind]))
        out.append(_table(["relation kind", "relations", "inconsistent", "share", "documents"],
                          [[e(k), str(r), str(i), _share(i, r), str(d)] for k, r, i, d in s.by_kind]))
    for col, vals in s.by_meta.items():
        out.append(f"<h2>By {e(col)}</h2>")
        out.append(bar_chart([(v, w / n if n else 0, f"{w}/{n} ({_share(w, n)})") for v, n, w in vals]))
        out.append(_table([col, "documents", "with an inconsistency", "share"],
                          [[e(v), str(n), str(w), _share(w, n)] for v, n, w in vals]))
    if s.reasons:
        out.append("<h2>Most common reasons</h2>")
        out.append(_table(["checker", "reason (numbers as #)", "findings"],
                          [[e(c), e(r), str(n)] for c, r, n in s.reasons]))
    if s.worst:
        out.append("<h2>Documents with the most inconsistencies</h2>")
        out.append(_table(["document", "inconsistent", "relations", "claims"],
                          [[f'<a href="{doc_page_name(n)}">{e(d["id"])}</a>', str(d["inconsistent"]),
                            str(d["relations"]), str(d["claims"])] for n, d in enumerate(s.worst)]))
    if s.failures:
        out.append("<h2>Documents that could not be audited</h2>")
        out.append(_table(["document", "status", "message"],
                          [[e(d["id"]), e(d["status"]), e(d["message"] or "")] for d in s.failures]))
    out.append("</body></html>")
    return "\n".join(out)


def render_doc_page(doc: dict[str, Any], claims: list[dict[str, Any]], findings: list[dict[str, Any]]) -> str:
    e = html.escape
    by_claim: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for f in findings:
        by_claim[f["claim_id"]].append(f)
    rows = [[f'{e(str(c["line"] or ""))}', e(c["claim_id"]), e(c["relation_kind"]),
             f"<code>{e(c['quote'] or '')}</code>",
             "<br>".join(f"{e(f['code'])}: {e(f['message'])}" for f in by_claim.get(c["claim_id"], ()))]
            for c in claims if c["verdict"] == "inconsistent"]
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>{e(doc['id'])}</title><style>{CSS}</style>"
            f"</head><body><p><a href='../report.html'>← scan report</a></p><h1>{e(doc['id'])}</h1>"
            f"<p>{e(doc['path'])} · sha256 <code>{e(doc['sha256'][:16])}…</code> · {doc['claims']} claims, "
            f"{doc['relations']} relations, {doc['inconsistent']} inconsistent</p>"
            + _table(["line", "claim", "relation", "quote", "findings"], rows) + "</body></html>")


def render_markdown(s: Stats) -> str:
    lines = ["# claimaudit scan report", "",
             f"{s.with_inconsistency} of {s.audited} documents ({_share(s.with_inconsistency, s.audited)}) have at "
             f"least one inconsistency; {s.documents} in the store ("
             + ", ".join(f"{n} {k}" for k, n in sorted(s.status.items())) + f"), {s.claims:,} claims, "
             f"{s.relations:,} relations.", ""]

    def table(head: list[str], rows: list[list[Any]]) -> None:
        lines.extend(["| " + " | ".join(head) + " |", "|" + "---|" * len(head)])
        lines.extend("| " + " | ".join(str(c).replace("|", "\\|") for c in r) + " |" for r in rows)
        lines.append("")

    if s.by_checker:
        lines += ["## By checker", ""]
        table(["checker", "documents", "share", "findings"],
              [[c, d, _share(d, s.audited), n] for c, d, n in s.by_checker])
    if s.by_kind:
        lines += ["## By relation kind", ""]
        table(["relation kind", "relations", "inconsistent", "share", "documents"],
              [[k, r, i, _share(i, r), d] for k, r, i, d in s.by_kind])
    for col, vals in s.by_meta.items():
        lines += [f"## By {col}", ""]
        table([col, "documents", "with an inconsistency", "share"], [[v, n, w, _share(w, n)] for v, n, w in vals])
    if s.reasons:
        lines += ["## Most common reasons", ""]
        table(["checker", "reason", "findings"], [[c, r, n] for c, r, n in s.reasons])
    if s.worst:
        lines += ["## Documents with the most inconsistencies", ""]
        table(["document", "inconsistent", "relations", "claims"],
              [[f"[{d['id']}]({doc_page_name(n)})", d["inconsistent"], d["relations"], d["claims"]]
               for n, d in enumerate(s.worst)])
    if s.failures:
        lines += ["## Documents that could not be audited", ""]
        table(["document", "status", "message"], [[d["id"], d["status"], d["message"] or ""] for d in s.failures])
    return "\n".join(lines)


def write_report(out: Path, *, html: Path | None = None, markdown: Path | None = None) -> tuple[Path, Path]:
    """Write the HTML page (with a page per worst document beside it) and the Markdown."""
    import pyarrow as pa
    import pyarrow.compute as pc

    s = compute(out)
    html_path = html or out / "report.html"
    md_path = markdown or out / "report.md"
    html_path.parent.mkdir(parents=True, exist_ok=True)
    html_path.write_text(render_html(s), encoding="utf-8")
    md_path.write_text(render_markdown(s), encoding="utf-8")
    if s.worst:
        ids = [d["id"] for d in s.worst]
        claims = read_table(out, "claims")
        claims = claims.filter(pc.is_in(claims.column("doc_id"), value_set=pa.array(ids))).to_pylist()
        findings = read_table(out, "findings")
        findings = findings.filter(pc.is_in(findings.column("doc_id"), value_set=pa.array(ids))).to_pylist()
        for n, d in enumerate(s.worst):
            page = html_path.parent / doc_page_name(n)
            page.parent.mkdir(parents=True, exist_ok=True)
            page.write_text(render_doc_page(d, [c for c in claims if c["doc_id"] == d["id"]],
                                            [f for f in findings if f["doc_id"] == d["id"]]), encoding="utf-8")
    return html_path, md_path
