"""The ``claimaudit`` command: subcommands are small modules in this folder, each with
``add_parser(subparsers)`` and ``main(args) -> int``."""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import sys
from collections.abc import Sequence
from typing import Any

from .. import __version__
from ..errors import ClaimAuditError, UsageError
from ..gcpause import paused_gc
from ..reporters.escape import escape_controls
from ..terminal import terminal_columns

#: Subcommand name -> module in claimaudit.cli.
COMMANDS = {
    "run": "run",
    "schema": "schema",
    "baseline": "baseline",
    "extract": "extract",
    "sources": "sources",
    "checkers": "checkers",
    "explain": "explain",
    "exercise": "exercise",
    "demo": "demo",
    "completion": "completion",
    "scan": "scan",   # corpus scans (Dask and pyarrow, imported only when a scan runs)
}

EXIT_HELP = "exit codes: 0 all claims as expected, 1 findings, 2 usage or input error, 5 nothing collected"


class _Formatter(argparse.HelpFormatter):
    """argparse's help formatter, given the terminal's width: left to itself it imports shutil for it."""

    def __init__(self, prog: str, *args: Any, **kwargs: Any) -> None:
        if len(args) < 3 and kwargs.get("width") is None:   # (indent_increment, max_help_position, width)
            kwargs["width"] = terminal_columns() - 2           # what HelpFormatter computes with shutil
        super().__init__(prog, *args, **kwargs)


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose help formatter is :class:`_Formatter` (its subcommands' parsers too)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line, or with ``only`` just that subcommand: each subcommand's module is
    imported to describe its options, and a run need not pay for the other ten (``extract`` alone
    brings in the extraction pipeline)."""
    parser = _Parser(prog="claimaudit", description="Audit published numeric claims: "
                                     "do the numbers add up?", epilog=EXIT_HELP)
    parser.add_argument("--version", action="version", version=f"claimaudit {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, module in COMMANDS.items():
        if only is None or name == only:
            mod = importlib.import_module(f"claimaudit.cli.{module}")
            mod.add_parser(sub)
    return parser


def entry() -> int:
    """The ``claimaudit`` command (and ``python -m claimaudit``): :func:`main`, then the process ends.

    Nothing the command made is collected any more: the cyclic collector's last pass at interpreter
    exit walked every object still alive (the memos, the registry, a run's caches), 0.9 s after a
    100,000-claim run. Frozen, they are left to the process's end. Not in :func:`main`, which tests
    and embedding programs call in a process that goes on."""
    try:
        code = main()
    except BrokenPipeError:
        # `claimaudit extract --mentions DOC | head`: the reader closed the pipe, which is no error of
        # the command's to report with a traceback; stdout goes to devnull so that the flush at exit does
        # not fail again. The output was cut short, so the exit code is not 0 (a gate must not pass on it).
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        code = 1
    gc.freeze()
    return code


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv:
        argv = ["run"]
    # `claimaudit run ...`: the first word names the subcommand, so only its parser is built; anything
    # else (--help, --version, a misspelt command) gets the whole parser and its usual messages.
    # Building it imports the subcommand's modules: objects that live as long as the process and no
    # garbage cycles, which the collector would walk some 30 times (~4 ms of the demo's start).
    with paused_gc():
        parser = build_parser(argv[0] if argv[0] in COMMANDS else None)
        try:
            args = parser.parse_args(argv)
        except SystemExit as exc:  # argparse exits 2 on usage errors, 0 on --help
            return int(exc.code or 0)
    if not getattr(args, "command", None):
        parser.print_help()
        return 2
    mod = importlib.import_module(f"claimaudit.cli.{COMMANDS[args.command]}")
    try:
        return int(mod.main(args))
    except UsageError as exc:
        print(escape_controls(f"claimaudit: error: {exc}"), file=sys.stderr)
        return 2
    except ClaimAuditError as exc:
        print(escape_controls(f"claimaudit: error: {exc}"), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("claimaudit: interrupted", file=sys.stderr)
        return 2
