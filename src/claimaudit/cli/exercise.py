"""``claimaudit exercise make|grade``: "check the numbers" exercises from claims, and grading."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TextIO, cast

from ..atomic import atomic_open
from ..errors import UsageError
from ..reporters.escape import escape_controls


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("exercise", help="make exercise sets from claims and grade students' answers",
                       description="Turn claims into 'check the numbers' exercises and grade the answers.")
    actions = p.add_subparsers(dest="exercise_command", metavar="ACTION")
    actions.required = True

    m = actions.add_parser("make", help="write a student sheet, answer templates and a teacher key",
                           description="Make an exercise set from claims (tagged 'exercise' unless --all).")
    m.add_argument("paths", nargs="*", help="claim files or folders (default: the configured paths, else claims/)")
    m.add_argument("-o", "--output", required=True, metavar="DIR", help="folder to write the set to")
    m.add_argument("--tag", default="exercise", help="make exercises of the claims with this tag (default: exercise)")
    m.add_argument("--all", dest="all_claims", action="store_true",
                   help="every claim with a printed value and a formula, tagged or not")
    m.add_argument("--lang", default="en,zh", help="languages of the sheets and keys, comma-separated (default en,zh)")
    m.add_argument("--hide-values", action="store_true",
                   help="leave the inputs' values off the sheet: students find them in the sources")
    m.add_argument("--title", default="", help="a title for the sheets")
    m.add_argument("--root",
                   help="project root (default: nearest folder with claims/, claimaudit.toml or pyproject.toml)")

    g = actions.add_parser("grade", help="grade answer files against a key",
                           description="Grade answer files (or folders of them, one per student) against the "
                                       "key of an exercise set.")
    g.add_argument("answers", nargs="+", metavar="ANSWERS", help="answer files or folders")
    g.add_argument("--key", required=True, metavar="DIR", help="the exercise set (its key.yaml)")
    g.add_argument("--lang", choices=["en", "zh"], default="en", help="language of the feedback (default en)")
    g.add_argument("--csv", metavar="FILE", help="write one row per student and exercise to FILE")
    g.add_argument("--html", metavar="FILE", help="write a page per student (and the class summary) to FILE")
    g.add_argument("-q", "--quiet", action="store_true", help="only each student's total and the class summary")


def _make(args: argparse.Namespace) -> int:
    from ..classroom.exercises import make_set
    from ..config import find_root, load_config
    from ..engine.run import RunOptions, run_claims
    from ..model.claims import Settings

    root = Path(args.root).resolve() if args.root else find_root()
    config = load_config(root)
    settings = Settings().merged({k: config.get(k) for k in ("kilo", "rounding", "approx")})
    paths = args.paths or [str(root / p) for p in config.get("paths", ["claims"])]
    langs = [x.strip() for x in args.lang.split(",") if x.strip()]
    # The key's verdict is the core recomputation's: what a student can work out by hand.
    run = run_claims(paths, root, RunOptions(settings=settings, checkers=False))
    for err in run.errors:
        print(escape_controls(f"claimaudit: warning: {err}"), file=sys.stderr)
    out = Path(args.output)
    # The set's README names its folder relative to the root (or the working folder), never
    # absolutely: a set is copied to students and other machines.
    shown = out.name or "."
    for base in (root, Path.cwd()):
        try:
            rel = os.path.relpath(out.resolve(), base)
        except ValueError:   # another drive
            continue
        if not rel.startswith(".."):
            shown = rel
            break
    made = make_set(run.results, out, tag=args.tag, all_claims=args.all_claims, langs=langs,
                    show_values=not args.hide_values, title=args.title, sources=run.sources,
                    shown_path=shown.replace(os.sep, "/"))
    for note in made.skipped:
        print(escape_controls(f"claimaudit: skipped {note}"), file=sys.stderr)
    if not made.exercises:
        raise UsageError("no exercises: no claim " + ("has a printed value and a formula" if args.all_claims
                                                      else f"tagged {args.tag!r} can be an exercise"))
    print(f"{len(made.exercises)} exercises, {len(made.files)} files in {out}")
    return 0


def _grade(args: argparse.Namespace) -> int:
    from ..classroom.answers import read_answers
    from ..classroom.grade import Grader
    from ..classroom.gradereport import render_csv, render_html, render_text
    from ..classroom.keyfile import load_key

    key = load_key(args.key)
    answers = read_answers(args.answers)
    if not answers:
        raise UsageError("no answer files (*.yaml) found in " + ", ".join(args.answers))
    grades = Grader(key, args.lang).grade(answers)
    render_text(grades, sys.stdout, verbose=not args.quiet)
    for target, render in ((args.csv, render_csv), (args.html, render_html)):
        if target:
            with atomic_open(target, "w", encoding="utf-8", newline="") as fh:
                render(grades, cast(TextIO, fh))   # opened in text mode ("w")
    return 0


def main(args: argparse.Namespace) -> int:
    if args.exercise_command == "make":
        return _make(args)
    return _grade(args)
