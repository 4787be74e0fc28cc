"""``claimaudit run``: audit claim files and report."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..errors import UsageError


def add_parser(sub: argparse._SubParsersAction) -> None:
    from .main import EXIT_HELP
    from ..reporters import FORMATS

    p = sub.add_parser("run", help="audit claim files (default: claims/)", epilog=EXIT_HELP)
    p.add_argument("paths", nargs="*", help="claim files or folders (default: the configured paths, else claims/)")
    p.add_argument("-k", dest="keyword", metavar="EXPR",
                   help="only claims matching EXPR: words matched against file::id, module and tags, "
                        "combined with and/or/not")
    p.add_argument("-v", "--verbose", action="count", default=0, help="one line per claim; -vv shows expected findings too")
    p.add_argument("-q", "--quiet", action="count", default=0, help="less output")
    p.add_argument("--format", dest="formats", action="append", choices=sorted(FORMATS),
                   help="output format (repeatable; default text)")
    p.add_argument("-o", "--output", action="append", default=[], metavar="FILE",
                   help="write the matching --format to FILE (in order); default standard output")
    p.add_argument("--exit-zero", action="store_true", help="exit 0 even when claims fail (still 2 on input errors)")
    p.add_argument("--root", help="project root (default: nearest folder with claims/, claimaudit.toml or pyproject.toml)")
    p.add_argument("--kilo", choices=["1000", "1024"], help="what K means unless a claim says otherwise")
    p.add_argument("--rounding", choices=["auto", "exact", "digits"], help="rounding policy for printed numbers")
    p.add_argument("--approx", help="tolerance of 'about'/'约' claims, e.g. 5%%")
    p.add_argument("--select", default="", help="comma-separated checker codes (or prefixes) to run")
    p.add_argument("--ignore", default="", help="comma-separated checker codes (or prefixes) to skip")
    p.add_argument("--color", choices=["auto", "yes", "no"], default="auto")


def _codes(text: str, configured: list | None) -> tuple[str, ...]:
    items = [c.strip() for c in text.split(",") if c.strip()] if text else list(configured or [])
    return tuple(items)


def main(args: argparse.Namespace) -> int:
    from ..config import find_root, load_config
    from ..engine.records import as_report
    from ..engine.run import RunOptions, exit_code, run_claims
    from ..model.claims import Settings
    from ..reporters import render

    root = Path(args.root).resolve() if args.root else find_root()
    config = load_config(root)
    settings = Settings().merged({"kilo": args.kilo or config.get("kilo"),
                                  "rounding": args.rounding or config.get("rounding"),
                                  "approx": args.approx or config.get("approx")})
    paths = args.paths or [str(root / p) for p in config.get("paths", ["claims"])]
    if not args.paths and not any(Path(p).exists() for p in paths):
        raise UsageError(f"nothing to audit: no claims/ folder under {root} (give paths, or set paths in [tool.claimaudit])")
    options = RunOptions(keyword=args.keyword, settings=settings,
                         select=_codes(args.select, config.get("select")),
                         ignore=_codes(args.ignore, config.get("ignore")))
    run = run_claims(paths, root, options)
    report = as_report(run)
    formats = args.formats or ["text"]
    outputs = list(args.output)
    verbosity = args.verbose - args.quiet
    color = {"yes": True, "no": False}.get(args.color)
    for i, fmt in enumerate(formats):
        target = outputs[i] if i < len(outputs) else None
        opts = {"verbosity": verbosity, "color": color} if fmt == "text" else {}
        if target:
            with open(target, "w", encoding="utf-8") as fh:
                render(fmt, report, fh, **({**opts, "color": False} if fmt == "text" else opts))
        else:
            render(fmt, report, sys.stdout, **opts)
    code = exit_code(run)
    if args.exit_zero and code == 1:
        return 0
    return code
