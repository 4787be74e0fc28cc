"""``claimaudit sources list|fetch|check``: the texts behind the claims.

* ``list``  each source record and where its text is (local files, a pinned download, none);
* ``fetch`` download the texts of records with ``url``/``text_url`` + ``sha256`` into the cache
  (the only command that uses the network; a run never does);
* ``check`` find every claim's quote in its source and show where, with the quote findings
  (CA201–CA207) only.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..errors import UsageError
from ..reporters.escape import escape_controls

#: Finding codes that make ``sources check`` exit 1 (info findings never do).
FAILING = ("CA201", "CA202", "CA203", "CA205")


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("sources", help="list, fetch and check the source texts claims quote")
    p.add_argument("--root",
                   help="project root (default: nearest folder with claims/, claimaudit.toml or pyproject.toml)")
    p.add_argument("--allow-source-dir", action="append", default=[], metavar="DIR",
                   help="also read source texts from DIR, outside the project (repeatable)")
    ss = p.add_subparsers(dest="sources_command", metavar="ACTION")
    ss.required = True
    ss.add_parser("list", help="each source record and where its text is")
    f = ss.add_parser("fetch", help="download url + sha256 texts into the cache folder")
    f.add_argument("ids", nargs="*", help="source ids (default: every record with a url to fetch)")
    f.add_argument("--accept-new", action="store_true",
                   help="also download records without sha256 and print the hash to pin")
    f.add_argument("--refresh", action="store_true", help="download again even when cached")
    f.add_argument("--timeout", type=float, default=60.0, help="seconds per download (default 60)")
    f.add_argument("--max-bytes", type=int, default=100_000_000, help="largest download (default 100 MB)")
    f.add_argument("--cache", help="cache folder (default .claimaudit/sources under the root)")
    c = ss.add_parser("check", help="find every claim's quote in its source and show where")
    c.add_argument("paths", nargs="*", help="claim files or folders (default: the configured paths, else claims/)")
    c.add_argument("-v", "--verbose", action="store_true", help="show the matched passage of every quote")
    c.add_argument("--min-score", type=float, help="fuzzy match acceptance score, 0-100 (default 80)")


def _root(args: argparse.Namespace) -> Path:
    from ..config import find_root

    return Path(args.root).resolve() if args.root else find_root()


def _records(root: Path) -> dict[str, Any]:
    from ..engine.collect import collect_sources

    records, errors = collect_sources(root)
    for e in errors:
        print(escape_controls(f"claimaudit: {e}"), file=sys.stderr)
    return records


def main(args: argparse.Namespace) -> int:
    root = _root(args)
    cmd = args.sources_command
    if cmd == "list":
        return _list(root)
    if cmd == "fetch":
        return _fetch(root, args)
    return _check(root, args)


def _checker_config(root: Path) -> dict[str, Any]:
    from ..checkers.manager import project_checker_config

    return dict(project_checker_config(root).get("CA200", {}))


def _list(root: Path) -> int:
    from ..config import allowed_source_dirs, load_config
    from ..sources.cache import cache_dir, cached_file
    from ..sources.confine import confine
    from ..sources.limits import SourceTextError

    records = _records(root)
    if not records:
        print(f"no source records under {root / 'sources'}")
        return 5
    allow = allowed_source_dirs(load_config(root))
    cache = cache_dir(root, _checker_config(root).get("cache_dir") or None)
    for rec in records.values():
        print(escape_controls(f"{rec.id}  [{rec.kind or '?'}]  {rec.title}"))
        if rec.files:
            for name in rec.files:
                try:
                    path = confine(name, root, allow)
                    state = f"{path.stat().st_size:,} bytes"
                except SourceTextError as exc:
                    state = f"{exc.kind}: {exc.message}"
                print(escape_controls(f"    file  {name}  ({state})"))
        elif (rec.text_url or rec.url) and rec.sha256:
            have = cached_file(cache, rec.sha256)
            state = f"cached as {have}" if have else "not fetched (claimaudit sources fetch)"
            print(escape_controls(f"    url   {rec.text_url or rec.url}  sha256 {rec.sha256[:12]}…  ({state})"))
        else:
            print(escape_controls(f"    no local text{' (' + rec.url + ')' if rec.url else ''}"))
    return 0


def _fetch(root: Path, args: argparse.Namespace) -> int:
    from ..sources.cache import cache_dir
    from ..sources.fetch import fetch_record

    records = _records(root)
    unknown = [i for i in args.ids if i not in records]
    if unknown:
        raise UsageError(f"unknown source id(s): {', '.join(unknown)} (known: {', '.join(records)})")
    chosen = [records[i] for i in args.ids] if args.ids else [r for r in records.values() if (r.url or r.text_url)]
    cache = cache_dir(root, args.cache or _checker_config(root).get("cache_dir") or None)
    bad = 0
    for rec in chosen:
        out = fetch_record(rec, cache, accept_new=args.accept_new, timeout=args.timeout,
                           max_bytes=args.max_bytes, refresh=args.refresh)
        print(escape_controls(f"{rec.id}: {out.status}: {out.message}"))
        if out.status in ("failed", "mismatch"):
            bad += 1
    return 1 if bad else 0


def _check(root: Path, args: argparse.Namespace) -> int:
    from ..config import command_line_source_dirs, load_config
    from ..engine.run import RunOptions, run_claims
    from ..model.claims import Settings

    config = load_config(root)
    paths = args.paths or [str(root / p) for p in config.get("paths", ["claims"])]
    if not args.paths and not any(Path(p).exists() for p in paths):
        raise UsageError(f"nothing to check: no claims/ folder under {root}")
    overrides = {"CA200": {"min_score": args.min_score}} if args.min_score is not None else None
    settings = Settings().merged({"kilo": config.get("kilo"), "rounding": config.get("rounding"),
                                  "approx": config.get("approx")})
    options = RunOptions(settings=settings, select=("CA200",))
    if overrides:
        options.checker_config = overrides
    with command_line_source_dirs(args.allow_source_dir):
        run = run_claims(paths, root, options)
    for e in run.errors:
        print(escape_controls(f"{e}"), file=sys.stderr)
    counts = {"found": 0, "fuzzy": 0, "not found": 0, "unavailable": 0}
    failing = 0
    for res in run.results:
        q = res.extra.get("quote")
        quote_findings = [f for f in res.findings if f.code.startswith("CA2")]
        failing += sum(1 for f in quote_findings if f.code in FAILING)
        if q is None and not quote_findings:
            continue
        mark = "."
        if q is not None:
            kind = q.get("match")
            counts["found" if kind in ("exact", "normalised") else kind if kind in counts else "fuzzy"] += 1
            mark = {"exact": ".", "normalised": ".", "fuzzy": "~", "not found": "F", "unavailable": "-"}.get(kind, "?")
        if any(f.code in FAILING for f in quote_findings):
            mark = "F"
        where = ""
        if q and q.get("file"):
            where = f"{q['file']}:{q.get('line')}" + (f" p.{q['page']}" if q.get("page") else "")
            if q.get("section"):
                where += f" § {q['section']}"
            if q.get("table_row"):
                where += f" row {q['table_row']}" + (f" [{q['column']}]" if q.get("column") else "")
            where += f"  {q.get('match')} {q.get('score', 0):.0f}"
        print(escape_controls(f"{mark} {res.claim.qualname:<45} {where}".rstrip()))
        if args.verbose and q and q.get("passage"):
            print(escape_controls(f"      “{' '.join(q['passage'].split())}”"))
        for f in quote_findings:
            if f.severity == "info" and not args.verbose:
                continue
            print(escape_controls(f"      {f.code} {f.severity}: {f.message}"))
    print(f"== {counts['found']} quotes found, {counts['fuzzy']} changed, {counts['not found']} not found, "
          f"{counts['unavailable']} without text; {failing} problems in {run.duration:.2f}s ==")
    if run.errors:
        return 2
    return 1 if failing else 0
