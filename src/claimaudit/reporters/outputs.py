"""Which formats go where for one run, and writing them: what ``claimaudit run``'s output options mean.

Kept out of the CLI module so other front ends can write the same set of reports. Files are
written before anything goes to standard output, so the terminal summary can say where they are.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO, cast

from ..atomic import atomic_open
from . import render

#: The folder a plain run writes its HTML report to, under the project root.
DEFAULT_REPORT_DIR = "reports"
DEFAULT_HTML_NAME = "index.html"


@dataclass
class Output:
    """One report to write: a format, to a file or to standard output."""

    fmt: str
    path: Path | None = None          # None: standard output
    append: bool = False              # $GITHUB_STEP_SUMMARY is appended to, never replaced
    default: bool = False             # the HTML report a plain run writes on its own


@dataclass
class OutputPlan:
    """Every report a command writes, in order."""

    outputs: list[Output] = field(default_factory=list)

    @property
    def files(self) -> list[Output]:
        return [o for o in self.outputs if o.path is not None]

    @property
    def stdout(self) -> list[Output]:
        return [o for o in self.outputs if o.path is None]


def plan_outputs(*, formats: list[str] | None, outputs: list[str], root: Path, html: str | None = None,
                 junit: str | None = None, sarif: str | None = None, markdown: str | None = None,
                 github: bool = False, report_dir: str | None = None, no_report: bool = False,
                 environ: Mapping[str, str] = os.environ) -> OutputPlan:
    """``--format``/``-o`` pairs in order, then the per-format file options, then the default HTML."""
    plan = OutputPlan()
    fmts = list(formats or ["text"])
    for i, fmt in enumerate(fmts):
        plan.outputs.append(Output(fmt, Path(outputs[i]) if i < len(outputs) else None))
    summary = environ.get("GITHUB_STEP_SUMMARY")
    for fmt, path in (("html", html), ("junit", junit), ("sarif", sarif), ("markdown", markdown)):
        if path:
            # Other steps' summaries may share the file: append to it, never replace it.
            append = bool(fmt == "markdown" and summary and _same_file(path, summary))
            plan.outputs.append(Output(fmt, Path(path), append=append))
    if github:
        if not any(o.fmt == "github" for o in plan.stdout):
            plan.outputs.append(Output("github"))
        if summary and not markdown:
            plan.outputs.append(Output("markdown", Path(summary), append=True))
    # A run for people (the terminal, a CI log with annotations) also writes the HTML report.
    plain = all(o.fmt in ("text", "github") for o in plan.stdout) and not any(o.fmt == "html" for o in plan.outputs)
    if plain and not no_report:
        folder = Path(report_dir or DEFAULT_REPORT_DIR)
        plan.outputs.append(Output("html", (folder if folder.is_absolute() else root / folder) / DEFAULT_HTML_NAME,
                                   default=True))
    return plan


def _same_file(a: str, b: str) -> bool:
    try:
        return Path(a).resolve() == Path(b).resolve()
    except OSError:
        return a == b


def github_context(root: Path, environ: Mapping[str, str] = os.environ) -> dict[str, str]:
    """Inside GitHub Actions: the root's place in the repository and the blob URL of this commit."""
    out: dict[str, str] = {}
    workspace = environ.get("GITHUB_WORKSPACE")
    if workspace:
        try:
            rel = Path(root).resolve().relative_to(Path(workspace).resolve()).as_posix()
        except ValueError:
            rel = ""
        out["path_prefix"] = "" if rel in ("", ".") else rel + "/"
    if environ.get("GITHUB_REPOSITORY") and environ.get("GITHUB_SHA"):
        server = environ.get("GITHUB_SERVER_URL", "https://github.com").rstrip("/")
        out["link_base"] = (f"{server}/{environ['GITHUB_REPOSITORY']}/blob/{environ['GITHUB_SHA']}/"
                            + out.get("path_prefix", ""))
    return out


def shown_path(path: Path) -> str:
    """Relative to the working folder when the file is below it, else absolute."""
    try:
        rel = os.path.relpath(path)
    except ValueError:   # another drive on Windows
        return str(path)
    return str(Path(path).resolve()) if rel.startswith("..") else rel


def write_outputs(report: dict[str, Any], plan: OutputPlan, *, text_options: dict[str, Any] | None = None,
                  options: dict[str, Any] | None = None, stdout: TextIO | None = None,
                  stderr: TextIO | None = None) -> list[str]:
    """Write every planned output; returns the terminal notes that say where files went.

    A default report that cannot be written (read-only checkout) is a warning, not a failure; a
    file the user asked for that cannot be written raises OSError.
    """
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    text_options = text_options or {}
    options = options or {}
    notes: list[str] = []
    for o in plan.files:
        assert o.path is not None  # noqa: S101 - invariant: the plan gives every file output a path
        opts = {**text_options, "color": False} if o.fmt == "text" else options
        try:
            if o.default:
                o.path.parent.mkdir(parents=True, exist_ok=True)
            if o.append:  # a job summary file others append to as well
                with open(o.path, "a", encoding="utf-8", newline="\n") as fh:
                    render(o.fmt, report, fh, **opts)
            elif o.fmt in BYTES_FORMATS:   # whole or not at all, as below; written as UTF-8 bytes
                with atomic_open(o.path, "wb") as fh:
                    render(o.fmt, report, cast(TextIO, fh), **opts)
            else:  # whole or not at all: Ctrl-C or a full disk leaves the previous report
                with atomic_open(o.path, "w", encoding="utf-8", newline="\n") as fh:
                    render(o.fmt, report, cast(TextIO, fh), **opts)   # "w": a text file
        except OSError as exc:
            if not o.default:
                raise
            print(f"claimaudit: warning: cannot write the HTML report to {o.path}: {exc.strerror or exc}", file=stderr)
            continue
        if o.fmt == "html":
            notes.append(f"HTML report: {shown_path(o.path)}")
        elif not o.append:
            notes.append(f"{o.fmt} report: {shown_path(o.path)}")
    for o in plan.stdout:
        if o.fmt == "text":
            shown = {**report, "notes": list(report.get("notes", [])) + notes} if notes else report
            render("text", shown, stdout, **text_options)
        else:
            raw = _utf8_bytes(stdout) if o.fmt in BYTES_FORMATS else None
            render(o.fmt, report, cast(TextIO, raw) if raw is not None else stdout, **options)
            if raw is not None:
                raw.flush()
    return notes


#: Formats whose reporter writes UTF-8 bytes to a binary stream (its records' pieces as they are).
BYTES_FORMATS = frozenset({"json"})


def _utf8_bytes(out: TextIO) -> Any:
    """The binary stream below ``out`` (flushed first), when text written to ``out`` would reach it
    as UTF-8 unchanged: the interpreter's own standard output (which translates no newline but on
    Windows; another stream's newline setting cannot be asked), UTF-8, strict; else None."""
    import codecs

    if out is not sys.__stdout__ or os.linesep != "\n" or out.errors != "strict" or not hasattr(out, "buffer"):
        return None
    try:
        if codecs.lookup(out.encoding).name != "utf-8":
            return None
    except LookupError:
        return None
    out.flush()
    return out.buffer
