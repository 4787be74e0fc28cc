"""``claimaudit checkers``: list the available checkers (built-in, installed, local)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("checkers", help="list the available checkers with their codes and descriptions")
    p.add_argument("codes", nargs="*", metavar="CODE", help="show the full description of these checkers")
    p.add_argument("--root",
                   help="project root (default: nearest folder with claims/, claimaudit.toml or pyproject.toml)")
    p.add_argument("--format", choices=["text", "json"], default="text")


def main(args: argparse.Namespace) -> int:
    from ..checkers.manager import config_file, get_manager, project_checker_config, validate_config
    from ..config import find_root
    from ..errors import UsageError

    root = Path(args.root).resolve() if args.root else find_root()
    classes = get_manager(root).checker_classes()
    configured = project_checker_config(root)
    validate_config(configured, classes, config_file(root))
    if args.codes:
        wanted = {c.upper() for c in args.codes}
        chosen = [c for c in classes if c.code in wanted or any(c.code.startswith(w) for w in wanted)]
        if not chosen:
            raise UsageError(f"no checker matches {', '.join(args.codes)} (see `claimaudit checkers`)")
    else:
        chosen = classes
    rows: list[dict[str, Any]] = [
        {"code": c.code, "name": c.name, "summary": c.summary(), "origin": c.origin, "scope": c.scope,
         "config": {k: configured.get(c.code, {}).get(k, v) for k, v in c.config_keys.items()},
         "description": c.description()} for c in chosen]
    if args.format == "json":
        json.dump(rows, sys.stdout, indent=2, ensure_ascii=False, default=str)
        sys.stdout.write("\n")
        return 0
    out = sys.stdout
    if args.codes:
        for r in rows:
            out.write(f"{r['code']} {r['name']}  ({r['origin']})\n\n{r['description']}\n")
            if r["config"]:
                out.write("\nsettings ([tool.claimaudit.checkers." + r["code"] + "]):\n")
                for k, v in r["config"].items():
                    out.write(f"  {k} = {json.dumps(v, ensure_ascii=False)}\n")
            out.write("\n")
        return 0
    width = max((len(r["name"]) for r in rows), default=4)
    for r in rows:
        origin = "" if r["origin"] == "builtin" else f"  [{r['origin']}]"
        out.write(f"{r['code']}  {r['name']:<{width}}  {r['summary']}{origin}\n")
    out.write(f"\n{len(rows)} checkers; `claimaudit checkers CODE` shows one in full. "
              "Select with --select/--ignore CODES or `ignore:` in a claim file.\n")
    return 0
