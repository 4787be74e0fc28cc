"""``claimaudit scan``: audit a corpus into a Parquet results store; ``claimaudit scan report DIR``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..errors import UsageError

SCAN_EPILOG = ("`claimaudit scan report DIR [--html FILE] [--markdown FILE]` writes corpus statistics "
               "from a results store. Exit codes: 0 scan complete, 1 some documents could not be audited "
               "(error, timeout, failed), 2 usage or input error. See docs/scan.md.")


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("scan", help="audit a whole corpus (inline or on a Dask cluster) into Parquet tables",
                       epilog=SCAN_EPILOG)
    p.add_argument("paths", nargs="*", help="folders, globs or files: documents (Markdown, HTML, text, PDF) and "
                                            "claim files; or `report DIR`")
    p.add_argument("--manifest", metavar="FILE", help="JSONL or CSV with a path column, optional id and metadata")
    p.add_argument("--out", metavar="DIR", help="results store (Parquet tables documents/, claims/, findings/)")
    p.add_argument("--workers", type=int, metavar="N", help="worker processes of the local cluster (default: one "
                                                            "per core); 1 runs inline, with no cluster")
    p.add_argument("--scheduler", metavar="ADDRESS", help="use an existing Dask cluster, e.g. tcp://host:8786")
    p.add_argument("--resume", action="store_true", help="skip documents already recorded with the same sha256")
    p.add_argument("--batch-size", type=int, default=None, metavar="N", help="documents per task (default 100)")
    p.add_argument("--timeout", type=float, default=60.0, metavar="SECONDS", help="time limit per document (60)")
    p.add_argument("--memory-limit", type=int, default=2048, metavar="MB",
                   help="address-space limit of the process auditing a document (2048)")
    p.add_argument("--root", help="project root for claim files' sources (default: nearest project folder)")
    p.add_argument("--kilo", choices=["1000", "1024"], help="what K means unless a claim says otherwise")
    p.add_argument("--select", default="", help="comma-separated checker codes (or prefixes) to run")
    p.add_argument("--ignore", default="", help="comma-separated checker codes (or prefixes) to skip")
    p.add_argument("--html", metavar="FILE", help="(report) HTML page to write (default DIR/report.html)")
    p.add_argument("--markdown", metavar="FILE", help="(report) Markdown to write (default DIR/report.md)")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress and no summary line")


def _codes(text: str) -> tuple[str, ...]:
    return tuple(c.strip() for c in text.split(",") if c.strip())


def _report(args: argparse.Namespace) -> int:
    if len(args.paths) != 2:
        raise UsageError("usage: claimaudit scan report DIR")
    from ..scan.report import write_report

    out = Path(args.paths[1])
    if not (out / "documents").is_dir():
        raise UsageError(f"{out}: not a scan results folder (no documents/ in it)")
    html, md = write_report(out, html=Path(args.html) if args.html else None,
                            markdown=Path(args.markdown) if args.markdown else None)
    print(f"claimaudit: scan report written to {html} and {md}")
    return 0


def main(args: argparse.Namespace) -> int:
    if args.paths and args.paths[0] == "report" and not Path("report").exists():
        return _report(args)
    if not args.out:
        raise UsageError("scan needs --out DIR (where the results are stored)")
    if not args.paths and not args.manifest:
        raise UsageError("scan needs PATHS or --manifest FILE")
    if args.workers is not None and args.workers < 1:
        raise UsageError("--workers must be at least 1")
    from ..config import find_root
    from ..scan.adapter import AuditSettings
    from ..scan.inputs import collect_items
    from ..scan.runner import ScanConfig, ScanStopped, scan
    from ..scan.sandbox import Limits
    from ..scan.tasks import BATCH_SIZE

    root = Path(args.root).resolve() if args.root else find_root()
    settings = AuditSettings(root=str(root), kilo=int(args.kilo) if args.kilo else None,
                             select=_codes(args.select), ignore=_codes(args.ignore))
    items = collect_items(args.paths, args.manifest)
    if not items:
        raise UsageError("nothing to scan: no documents or claim files under the paths given")
    config = ScanConfig(out=args.out, settings=settings.as_dict(),
                        limits=Limits(seconds=args.timeout, memory_mb=args.memory_limit),
                        workers=args.workers, scheduler=args.scheduler, resume=args.resume,
                        batch_size=args.batch_size or BATCH_SIZE, progress=False if args.quiet else None)
    try:
        totals = scan(items, config)
    except ScanStopped as exc:   # not the documents' fault: say so, exit 1 (not all were audited)
        print(f"claimaudit scan: stopped: {exc}", file=sys.stderr)
        return 1
    st = totals["status"]
    bad = st.get("error", 0) + st.get("timeout", 0) + st.get("failed", 0)
    if not args.quiet:
        print(f"claimaudit scan: {totals['documents']} documents audited ({totals['skipped']} already done), "
              f"{st.get('ok', 0)} ok, {st.get('error', 0)} error, {st.get('timeout', 0)} timeout, "
              f"{st.get('failed', 0)} failed; {totals['claims']} claims, {totals['with_findings']} documents "
              f"with inconsistencies; {totals['seconds']:.1f} s; results in {args.out}", file=sys.stderr)
    return 1 if bad else 0
