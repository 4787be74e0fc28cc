"""``claimaudit demo [DIR]``: write the bundled demo project into a folder and audit it.

The demo is the repository's own corpus (claims on a Chinese study guide on DeepSeek's
infrastructure, its source records and texts), shipped as package data, so it runs from an
installed wheel without a checkout: a student or a reviewer starts here.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..errors import UsageError

DEFAULT_DIR = "claimaudit-demo"


def add_parser(sub: argparse._SubParsersAction) -> None:
    from .main import EXIT_HELP

    p = sub.add_parser("demo", help="write the bundled demo project into DIR and audit it", epilog=EXIT_HELP,
                       description="Write the bundled demo (claim files, source records and the handbook's text) "
                                   f"into DIR (default ./{DEFAULT_DIR}) and run `claimaudit run` there.")
    p.add_argument("dir", nargs="?", default=DEFAULT_DIR, metavar="DIR",
                   help=f"folder to write (default {DEFAULT_DIR})")
    p.add_argument("--force", action="store_true", help="overwrite files in DIR that differ from the demo's")
    p.add_argument("--no-run", action="store_true", help="only write the files")
    p.add_argument("--for", dest="audience", choices=["authors", "maintainers"],
                   help="who the report is for (as `claimaudit run --for`)")


def write_demo(target: Path, *, force: bool = False) -> list[str]:
    """Write the demo's files under ``target``; the relative paths written. A file already there
    with other content is a usage error unless ``force`` (a user's edits are never lost silently)."""
    from ..demo import bundled_files

    files = bundled_files()
    clashes = [rel for rel, data in files.items() if (target / rel).is_file() and (target / rel).read_bytes() != data]
    if clashes and not force:
        raise UsageError(f"{target} already holds other versions of {', '.join(clashes[:3])}"
                         f"{' …' if len(clashes) > 3 else ''}; use another folder or --force")
    if target.exists() and not target.is_dir():
        raise UsageError(f"{target} is not a folder")
    for rel, data in files.items():
        out = target / rel
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(data)
    return sorted(files)


def main(args: argparse.Namespace) -> int:
    target = Path(args.dir)
    written = write_demo(target, force=args.force)
    print(f"claimaudit: wrote the demo project ({len(written)} files) to {target}")
    if args.no_run:
        return 0
    from .main import main as cli

    argv = ["run", "--root", str(target)] + (["--for", args.audience] if args.audience else [])
    return cli(argv)
