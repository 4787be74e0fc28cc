"""``claimaudit extract DOC…``: draft a claim file from a report's numbers."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..atomic import write_text
from ..errors import UsageError
from ..reporters.escape import escape_controls


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("extract", help="draft claims from a document (Markdown, text, HTML, PDF)",
                       description="Find every number a document prints, draft a claim file that "
                                   "`claimaudit run` can audit, with the relations the document states "
                                   "itself (totals, shares, equations, speed-ups) as formulas.")
    p.add_argument("docs", nargs="+", metavar="DOC", help="documents to read")
    p.add_argument("--lang", choices=["auto", "en", "zh"], default="auto",
                   help="language of the numbers (auto: decided from the text)")
    p.add_argument("-o", "--output", metavar="FILE",
                   help="write the draft here (one DOC), or into this folder (several); default standard output")
    p.add_argument("--kilo", choices=["1000", "1024"], default="1000", help="what K means (default 1000)")
    p.add_argument("--source", help="source id to put in the draft (a record in sources/)")
    p.add_argument("--relations", choices=["confident", "all"], default="confident",
                   help="relations written as claims: those with confidence >= 0.7 (default; the others are "
                        "commented suggestions), or all")
    p.add_argument("--mentions", action="store_true",
                   help="list the mentions found (value, interval, unit, qualifier, where) instead of YAML")


def main(args: argparse.Namespace) -> int:
    from ..extract.draft import render
    from ..extract.pipeline import draft_file
    from ..extract.rundoc import draft_name

    docs = [Path(d) for d in args.docs]
    for d in docs:
        if not d.is_file():
            raise UsageError(f"no such document: {d}")
    out = Path(args.output) if args.output else None
    if out is not None and len(docs) > 1:
        out.mkdir(parents=True, exist_ok=True)
    for d in docs:
        draft = draft_file(d, lang=args.lang, kilo=int(args.kilo), source=args.source)
        if args.mentions:
            for m in draft.mentions:
                iv = m.number.interval
                print(escape_controls(f"{d}:{m.line}:{m.col}\t{m.printed}\t[{iv.lo}, {iv.hi}]\t{m.unit.canonical}\t"
                                      f"{m.qualifier}\t{'; '.join(m.candidates)}"))
            for st in draft.statistics:     # test results, drafted as statistic: claims (CA110)
                spec = "; ".join(f"{k}: {v}" for k, v in st.spec().items())
                print(escape_controls(f"{d}:{st.line}:{st.col}\t{' '.join(st.text.split())}\tstatistic\t{spec}"))
            continue
        text = render(draft, relations=args.relations)
        if out is None:
            sys.stdout.write(text)
            continue
        target = out / draft_name(d) if out.is_dir() or len(docs) > 1 else out
        target.parent.mkdir(parents=True, exist_ok=True)
        write_text(target, text)  # atomic: an interrupted run leaves the previous draft
        audited = len(draft.audited(args.relations))
        tests = f", {len(draft.statistics)} test results" if draft.statistics else ""
        print(escape_controls(f"{d}: {len(draft.mentions)} mentions{tests}, {audited} relations "
                              f"({len(draft.relations) - audited} suggested) -> {target}"), file=sys.stderr)
    return 0
