"""``claimaudit baseline``: record today's findings so that ``run --baseline`` fails only on new ones."""

from __future__ import annotations

import argparse
import sys

from ..reporters.escape import escape_controls


def add_parser(sub: argparse._SubParsersAction) -> None:
    from ..gate import DEFAULT_BASELINE as DEFAULT_FILE
    from .run import add_audit_arguments

    p = sub.add_parser("baseline", help="write the current findings to a baseline file (for run --baseline)",
                       description="Audit as `claimaudit run` does (same options) and write the findings that "
                                   "make the run fail to a baseline file. `claimaudit run --baseline FILE` then "
                                   "fails only on findings not in it.")
    add_audit_arguments(p)
    p.add_argument("-o", "--output", default=DEFAULT_FILE, metavar="FILE",
                   help=f"baseline file to write (default {DEFAULT_FILE})")


def main(args: argparse.Namespace) -> int:
    from ..engine.records import error_record
    from ..gate.baseline import write_baseline
    from .run import audit_from_args

    run, _notes = audit_from_args(args)
    entries = write_baseline(run, args.output, partial=bool(args.keyword or args.changed_since))
    claims = len({e.claim for e in entries})
    print(f"claimaudit: wrote {len(entries)} finding{'s' if len(entries) != 1 else ''} of {claims} "
          f"claim{'s' if claims != 1 else ''} to {args.output}")
    # Input errors are never baselined: say so, and fail like `run` does.
    broken = [r for r in run.results if r.outcome == "error"]
    for e in run.errors:
        print(escape_controls(error_record(e)["text"]), file=sys.stderr)
    for r in broken:
        reason = r.error or str(r.claim.location) + ": cannot be audited"
        print(escape_controls(f"{reason}  ({r.claim.id} is not baselined: fix it)"), file=sys.stderr)
    return 2 if run.errors or broken else 0
