"""``claimaudit schema``: print the JSON Schema of claim files, for editors."""

from __future__ import annotations

import argparse
import json
import sys


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("schema", help="print the JSON Schema of claim files (for editor validation)")
    p.add_argument("-o", "--output", help="write to this file instead of standard output")


def main(args: argparse.Namespace) -> int:
    from ..model.load import claim_schema

    text = json.dumps(claim_schema(), indent=2, ensure_ascii=False) + "\n"
    if args.output:
        with open(args.output, "w", encoding="utf-8") as fh:
            fh.write(text)
    else:
        sys.stdout.write(text)
    return 0
