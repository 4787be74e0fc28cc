"""``claimaudit run``: audit claim files and report."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from ..engine.options import CHECKLIST_AUTO_LIMIT
from ..errors import InputError, UsageError
from ..gcpause import paused_gc

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.results import RunResult
    from ..reporters.outputs import OutputPlan


def add_parser(sub: argparse._SubParsersAction) -> None:
    from ..reporters import FORMATS
    from .main import EXIT_HELP

    p = sub.add_parser("run", help="audit claim files (default: claims/)", epilog=EXIT_HELP)
    add_audit_arguments(p)
    p.add_argument("--baseline", metavar="FILE",
                   help="fail only on findings not in FILE (written by `claimaudit baseline`); "
                        "list entries that no longer occur")
    p.add_argument("-v", "--verbose", action="count", default=0,
                   help="one line per claim; -vv shows expected findings too")
    p.add_argument("-q", "--quiet", action="count", default=0, help="less output")
    p.add_argument("--format", "--output-format", dest="formats", action="append", choices=sorted(FORMATS),
                   help="output format (repeatable; default text)")
    p.add_argument("-o", "--output", action="append", default=[], metavar="FILE",
                   help="write the matching --format to FILE (in order); default standard output")
    p.add_argument("--exit-zero", action="store_true", help="exit 0 even when claims fail (still 2 on input errors)")
    p.add_argument("--color", choices=["auto", "yes", "no"], default="auto",
                   help="colour the terminal output "
                        "(auto: on a terminal, unless NO_COLOR is set; FORCE_COLOR forces it)")
    p.add_argument("--statistics", action="store_true", help="after the report, count the findings per checker code")
    p.add_argument("--for", dest="audience", choices=["authors", "maintainers"],
                   help="who the report is for: authors (the document's authors: problems first and open, no "
                        "test-suite words; the default for `run DOC`) or maintainers (the claim files' test view)")
    from .watch import add_watch_arguments

    add_watch_arguments(p)
    p.add_argument("--checklist", choices=["auto", "yes", "no"], default="auto",
                   help="answer the careful reader's checklist for each claim in the reports (auto: runs of up to "
                        f"{CHECKLIST_AUTO_LIMIT} claims whose outputs show it: JSON, HTML, the terminal at -vv; "
                        "it costs ~0.2 ms a claim)")
    add_report_arguments(p)


def add_report_arguments(p: argparse.ArgumentParser) -> None:
    """Report files besides standard output (docs/reports.md); several may be given at once."""
    g = p.add_argument_group("reports")
    g.add_argument("--html", metavar="PATH", help="write the HTML report to PATH (default: reports/index.html "
                                                  "under the root on a plain text run)")
    g.add_argument("--junit", metavar="PATH", help="write JUnit XML (pytest's shape) to PATH")
    g.add_argument("--sarif", metavar="PATH", help="write SARIF 2.1.0 (code scanning) to PATH")
    g.add_argument("--markdown", metavar="PATH", help="write a Markdown summary (pull-request comment) to PATH")
    g.add_argument("--github", action="store_true", help="print GitHub Actions annotations; append the Markdown "
                                                         "summary to $GITHUB_STEP_SUMMARY when set")
    g.add_argument("--report-dir", metavar="DIR", help="folder of the default HTML report (default: reports)")
    g.add_argument("--report-url", metavar="URL", help="where the HTML report will be published; Markdown "
                                                       "links each claim there")
    g.add_argument("--no-report", action="store_true", help="do not write the default HTML report")
    g.add_argument("--min-severity", choices=["info", "warning", "error"], default="warning",
                   help="least severe finding in SARIF and GitHub annotations (default warning: informational "
                        "notes stay in the text and HTML reports)")


def add_audit_arguments(p: argparse.ArgumentParser) -> None:
    """What to audit and how: shared by ``run`` and ``baseline`` (same options, same audit)."""
    p.add_argument("paths", nargs="*", help="claim files, Markdown docs with ```claimaudit blocks, or folders "
                                            "(default: the configured paths, else claims/)")
    p.add_argument("-k", dest="keyword", metavar="EXPR",
                   help="only claims matching EXPR: words matched against file::id, module and tags, "
                        "combined with and/or/not")
    p.add_argument("--changed-since", metavar="REF",
                   help="only claims whose claim file or source changed since git REF, and the claims using them")
    p.add_argument("--root",
                   help="project root (default: nearest folder with claims/, claimaudit.toml or pyproject.toml; "
                        "with --config, the config file's folder)")
    p.add_argument("--config", metavar="FILE", help="read settings from FILE (a claimaudit.toml, or a pyproject.toml's "
                                                    "[tool.claimaudit]) instead of the root's")
    p.add_argument("--kilo", choices=["1000", "1024"], help="what K means unless a claim says otherwise")
    p.add_argument("--rounding", choices=["auto", "exact", "digits"], help="rounding policy for printed numbers")
    p.add_argument("--approx", help="tolerance of 'about'/'约' claims, e.g. 5%%")
    p.add_argument("--select", default="", help="comma-separated checker codes (or prefixes) to run")
    p.add_argument("--ignore", default="", help="comma-separated checker codes (or prefixes) to skip")
    p.add_argument("--allow-source-dir", action="append", default=[], metavar="DIR",
                   help="also read source texts from DIR, outside the project (repeatable; the project's "
                        "configuration can only allow folders inside it)")
    p.add_argument("-n", dest="workers", default="1", metavar="N|auto",
                   help="audit independent groups of files (files that do not refer to each other) in N worker "
                        "processes, auto: one per CPU; same records and order as a serial run (default 1)")
    p.add_argument("--relations", choices=["confident", "all"], default="confident",
                   help="for a document (not a claim file): audit the relations it states with confidence "
                        ">= 0.7 (default) or every drafted one")


def _progress_printer():
    """On a terminal, a long run says how far it is (on stderr, erased after); piped output stays plain."""
    import sys

    if not sys.stderr.isatty():
        return None

    def show(done: int, total: int) -> None:
        if total < 2000:
            return
        end = "\r" + " " * 40 + "\r" if done + 500 >= total else "\r"
        sys.stderr.write(f"\revaluating claims {done}/{total}{end}")
        sys.stderr.flush()

    return show


def _workers(text: str) -> int:
    if text == "1":   # the default: a serial run need not import the workers' machinery (concurrent.futures)
        return 1
    from ..engine.parallel import worker_count

    try:
        return worker_count(str(text))
    except ValueError:
        raise UsageError(f"-n takes a number of worker processes (1 or more) or auto, not {text!r}") from None


def _codes(text: str, configured: list | None) -> tuple[str, ...]:
    items = [c.strip() for c in text.split(",") if c.strip()] if text else list(configured or [])
    return tuple(items)


def audit_from_args(args: argparse.Namespace) -> tuple[RunResult, list[str]]:
    """Run the audit the options of :func:`add_audit_arguments` describe; notes for the report."""
    from ..config import config_file

    with config_file(getattr(args, "config", None)):
        return _audit(args)


def _audit(args: argparse.Namespace) -> tuple[RunResult, list[str]]:
    from ..config import find_root, load_config
    from ..engine.run import RunOptions, run_claims
    from ..model.claims import Settings

    if args.root:
        root = Path(args.root).resolve()
    elif getattr(args, "config", None):
        root = Path(args.config).resolve().parent   # settings are relative to their file, as ruff's are
    else:
        root = find_root()
    config = load_config(root)
    try:
        settings = Settings().merged({"kilo": args.kilo or config.get("kilo"),
                                      "rounding": args.rounding or config.get("rounding"),
                                      "approx": args.approx or config.get("approx"),
                                      "units": config.get("units")})   # [units] declarations
    except InputError as exc:
        raise UsageError(f"{config.file}: {exc.message}") from None
    paths = args.paths or [str(root / p) for p in config.get("paths", ["claims"])]
    if not args.paths and not any(Path(p).exists() for p in paths):
        raise UsageError(f"nothing to audit: no claims/ folder under {root} "
                         "(give paths, or set paths in [tool.claimaudit])")
    options = RunOptions(keyword=args.keyword, settings=settings,
                         select=_codes(args.select, config.get("select")),
                         ignore=_codes(args.ignore, config.get("ignore")),
                         progress=_progress_printer(), checklist=_checklist(args, root),
                         workers=_workers(getattr(args, "workers", "1")))
    docs = None   # claim files and folders only: the extraction pipeline is not even imported
    # Only a file can be a document: folders alone (the default run) need no extraction module at all.
    if any(Path(p).is_file() for p in paths):
        from ..extract.rundoc import draft_documents, is_document

        if any(is_document(Path(p)) for p in paths):   # a document is extracted first
            docs = draft_documents(paths, root, kilo=settings.kilo, relations=getattr(args, "relations", "confident"))
    notes: list[str] = []
    if docs is not None:
        paths, notes = docs.paths, list(docs.notes)
    for note in notes:
        print(f"claimaudit: {note}", file=sys.stderr)
    from ..config import command_line_source_dirs

    with command_line_source_dirs(getattr(args, "allow_source_dir", None)):
        if options.workers > 1:
            from ..engine.parallel import run_claims_in_workers
            from ..reporters.prerender import prerenderer

            formats = _record_formats(args, root)
            # What follows reads records, not amounts (slim); each worker writes its records' JSON and
            # HTML cards, so that the report written after the merge only joins them.
            audience = _audience(args) if hasattr(args, "audience") else "maintainers"
            run = run_claims_in_workers(list(paths), root, options, formats=formats, slim=True,
                                        prerender=prerenderer(formats, audience))
        else:
            run = run_claims(paths, root, options)
    if docs is not None:
        from ..extract.rundoc import point_at_documents

        point_at_documents(run, docs)
    if args.changed_since:
        from ..gate.changed import select_changed

        notes += select_changed(run, args.changed_since, root).notes()
    return run, notes


def _checklist(args: argparse.Namespace, root: Path) -> Literal["auto", "yes", "no"]:
    """``--checklist auto`` answers the checklist only for outputs that show it: JSON and HTML records
    carry it, the terminal prints it at -vv. A plain terminal run does not pay for it (about a tenth
    of the demo's CPU time: the classroom modules and the working of every claim)."""
    choice: Literal["auto", "yes", "no"] = getattr(args, "checklist", "auto")
    if choice == "auto":
        formats = _record_formats(args, root)
        if formats is not None and formats <= {"text"} and args.verbose - args.quiet < 2:
            return "no"
    return choice


def _plan(args: argparse.Namespace, root: Path) -> OutputPlan:
    from ..reporters.outputs import plan_outputs

    return plan_outputs(formats=args.formats, outputs=list(args.output), root=root, html=args.html,
                        junit=args.junit, sarif=args.sarif, markdown=args.markdown, github=args.github,
                        report_dir=args.report_dir, no_report=args.no_report)


def _record_formats(args: argparse.Namespace, root: Path) -> set[str] | None:
    """The formats this command's report is built for (None, complete records: a command that writes
    no outputs of its own, as ``baseline``)."""
    if not hasattr(args, "no_report"):
        return None
    return {o.fmt for o in _plan(args, root).outputs}


def write_reports(args: argparse.Namespace, report: dict) -> None:
    """Write the report files asked for (and the default HTML report), then standard output."""
    from ..reporters.outputs import github_context, write_outputs

    root = Path(report.get("root") or ".")
    plan = _plan(args, root)
    context: dict = {**github_context(root), "min_severity": args.min_severity,
                     "audience": getattr(args, "audience", None) or "maintainers"}
    if args.report_url:
        context["html_url"] = args.report_url
    text_options = {"verbosity": args.verbose - args.quiet, "color": {"yes": True, "no": False}.get(args.color)}
    try:
        write_outputs(report, plan, text_options=text_options, options=context)
    except OSError as exc:
        raise UsageError(f"cannot write a report: {exc}") from None


def main(args: argparse.Namespace) -> int:
    if getattr(args, "watch", False):
        from .watch import watch

        return watch(args, run_once)
    return run_once(args)


def _audience(args: argparse.Namespace) -> str:
    """``--for``, else authors when a document (not a claim file) is audited, else maintainers."""
    if args.audience:
        return args.audience
    if not args.paths:
        return "maintainers"
    from ..extract.rundoc import is_document

    return "authors" if any(is_document(Path(p)) for p in args.paths) else "maintainers"


def run_once(args: argparse.Namespace) -> int:
    """One audit and its reports. The engine pauses the cyclic collector for its phases; paused here
    too, the imports before them (the engine's modules, the checkers) are not walked either."""
    with paused_gc():
        return _run_once(args)


def _run_once(args: argparse.Namespace) -> int:
    from ..engine.records import as_report
    from ..engine.run import exit_code
    from ..reporters.sourcetexts import summary_notes

    known = None
    if args.baseline:
        from ..gate.baseline import apply_baseline, load_baseline

        known = load_baseline(args.baseline)   # a bad baseline stops before the audit
    run, notes = audit_from_args(args)
    baseline = None
    if known is not None:
        baseline = apply_baseline(run, known, args.baseline, partial=bool(args.keyword or args.changed_since))
        notes += baseline.notes()
    # Records as complete as the outputs asked for need (the terminal alone: brief plain passes).
    report = as_report(run, formats=_record_formats(args, Path(run.root or ".")))
    if baseline is not None:
        report["baseline"] = baseline.as_dict()
    notes += summary_notes(report["records"])
    if notes:
        report["notes"] = report.get("notes", []) + notes
    args.audience = _audience(args)
    write_reports(args, report)
    if args.statistics:
        from .statistics import print_statistics

        print_statistics(report)
    code = exit_code(run)
    if code == 5 and args.changed_since and run.collected:
        return 0  # nothing this change can affect: the gate passes
    if args.exit_zero and code == 1:
        return 0
    return code
