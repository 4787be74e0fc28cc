"""``claimaudit explain CLAIM_ID``: the working of one claim, step by step (English or Chinese)."""

from __future__ import annotations

import argparse
import sys

from ..reporters.escape import escape_controls


def add_parser(sub: argparse._SubParsersAction) -> None:
    from .run import add_audit_arguments

    p = sub.add_parser("explain", help="the working of one claim in plain steps, as a teacher would write it",
                       description="Explain one claim: its inputs and where they are printed, the units and "
                                   "conversions, the recomputation, the rounding interval, the verdict and why, "
                                   "and the careful reader's checklist.")
    p.add_argument("claim_id", metavar="CLAIM_ID", help="the claim: id, module.id or file::id")
    add_audit_arguments(p)
    p.add_argument("--lang", choices=["en", "zh"], default="en", help="language of the explanation (default en)")


def main(args: argparse.Namespace) -> int:
    from ..classroom.explain import explain_claim
    from .run import audit_from_args

    args.keyword = None   # the whole corpus is audited: the claim's inputs may live in other files
    run, _notes = audit_from_args(args)
    for err in run.errors:
        print(escape_controls(f"claimaudit: warning: {err}"), file=sys.stderr)
    sys.stdout.write(explain_claim(run, args.claim_id, args.lang))
    return 0
