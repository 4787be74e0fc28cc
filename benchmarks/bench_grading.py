"""Grading benchmark: a class of 200 students × 20 exercises, graded end to end.

    python benchmarks/bench_grading.py [STUDENTS]

Builds a 20-exercise key from the bundled corpus (the 19 claims tagged ``exercise`` plus
``inference_margin.daily_cost``), writes one answer file per student and exercise — a seeded mix
of right formulas, equivalent rewrites, numbers substituted by hand (some with a forgotten
conversion), wrong formulas, coarse or wrong values, wrong verdicts and malformed files — then
times ``claimaudit exercise grade`` in a fresh process (reading 4,000 files, grading, and writing
the text, CSV and HTML reports) and the grading alone in-process. Prints figures; asserts nothing
(target: < 10 s end to end).
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

EXTRA = "inference_margin.daily_cost"


def make_key(out: Path):
    from claimaudit.classroom.exercises import build_exercises, choose, write_set
    from claimaudit.engine.run import RunOptions, run_claims

    run = run_claims([ROOT / "claims"], ROOT, RunOptions(checkers=False))
    tagged, _ = choose(run.results)
    everything, _ = choose(run.results, all_claims=True)
    extra = [r for r in everything if r.claim.qualname == EXTRA]
    chosen = tagged + extra
    exercises = build_exercises(run.results, chosen)
    write_set(exercises, out, langs=["en"], sources=run.sources)
    return exercises


def _digits(x: Fraction, sig: int) -> str:
    return f"{float(x):.{sig}g}"


def _numbers(ex) -> str:
    """The key's formula with every printed input replaced by its printed number."""
    from claimaudit.classroom.formtext import exact
    from claimaudit.formulas.parse import parse_formula

    values = {i.name: _digits(i.nominal, 12) for i in ex.inputs}
    return exact(parse_formula(ex.expanded).root, lambda n: values.get(n))


def answer_text(ex, rng: random.Random) -> str:
    k = ex.key
    mid = (k.recomputed_lo + k.recomputed_hi) / 2
    roll = rng.random()
    if roll < 0.03:
        return f"exercise: {k.id}\nformula: [{k.formula}\n"                         # bad YAML
    if roll < 0.06:
        return f"exercise: {k.id}\nformla: {k.formula}\nverdict: consistent\n"      # wrong key
    if roll < 0.09:
        return f"exercise: {k.id}\nformula: ({k.formula}\nverdict: consistent\n"     # formula syntax
    choice = rng.random()
    if choice < 0.45:
        formula = k.formula                                         # the key as written
    elif choice < 0.60:
        formula = f"({k.formula}) * 1"                              # an equivalent rewrite
    elif choice < 0.70:
        formula = k.formula.replace("*", " * ").replace("/", " / ")  # spacing
    elif choice < 0.85:
        formula = _numbers(k)                                       # numbers by hand
    elif choice < 0.93:
        formula = f"({k.formula}) * 2"                              # a constant off
    else:
        formula = k.formula.replace("/", "*", 1) if "/" in k.formula else f"{k.formula} + {k.inputs[0].name}"
    value_roll = rng.random()
    if value_roll < 0.75:
        value = _digits(mid, 6) + (f" {k.unit}" if k.unit not in ("", "×", "%") else k.unit)
    elif value_roll < 0.85:
        value = _digits(mid, 2)
    else:
        value = _digits(mid * rng.choice([2, 3, Fraction(1, 2)]), 5)
    if rng.random() < 0.5:
        # Students space their formulas every which way: most texts differ, so the per-text
        # cache does not hide the cost of parsing, evaluating and proving each one.
        formula = "".join(c + " " * rng.randint(0, 2) if c in "*/+-()" else c for c in formula)
    verdict = k.verdict if rng.random() < 0.8 else ("consistent" if k.verdict == "inconsistent" else "inconsistent")
    return (f"exercise: {k.id}\nformula: \"{formula}\"\nvalue: \"{value}\"\nverdict: {verdict}\n"
            "why: the inputs give this within rounding\n")


def write_class(exercises, folder: Path, students: int, seed: int = 8) -> int:
    rng = random.Random(seed)
    n = 0
    for s in range(students):
        d = folder / f"s{s:03d}"
        d.mkdir(parents=True)
        for ex in exercises:
            (d / f"{ex.key.id}.yaml").write_text(answer_text(ex, rng), encoding="utf-8")
            n += 1
    return n


def main() -> None:
    students = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    with tempfile.TemporaryDirectory() as tmp:
        tmpd = Path(tmp)
        exercises = make_key(tmpd / "set")
        files = write_class(exercises, tmpd / "answers", students)
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        t0 = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "claimaudit", "exercise", "grade", str(tmpd / "answers"),
                               "--key", str(tmpd / "set"), "-q", "--csv", str(tmpd / "g.csv"),
                               "--html", str(tmpd / "g.html")], env=env, capture_output=True, text=True)
        end_to_end = time.perf_counter() - t0
        if proc.returncode:
            raise SystemExit(proc.stderr)
        summary = proc.stdout.splitlines()
        class_line = next(line for line in summary if line.startswith("Class:"))

        from claimaudit.classroom.answers import read_answers
        from claimaudit.classroom.grade import Grader
        from claimaudit.classroom.keyfile import load_key

        key = load_key(tmpd / "set")
        t1 = time.perf_counter()
        answers = read_answers([tmpd / "answers"])
        t2 = time.perf_counter()
        grades = Grader(key).grade(answers)
        t3 = time.perf_counter()
        statuses: dict[str, int] = {}
        for st in grades.students:
            for item in st.items:
                statuses[item.formula.status] = statuses.get(item.formula.status, 0) + 1
        grader = Grader(key)
        grader.grade(answers)
        distinct = sum(len(kf._checks) for kf in grader.formulas.by_id.values())
        print(f"class: {students} students × {len(exercises)} exercises = {files} answer files")
        print(f"end to end (fresh process, text + CSV + HTML): {end_to_end:.2f} s   target < 10 s")
        print(f"in process: read {t2 - t1:.2f} s, grade {t3 - t2:.2f} s "
              f"({1000 * (t3 - t2) / files:.2f} ms per answer)")
        print(f"formula parts: {dict(sorted(statuses.items()))}; {distinct} distinct formula texts")
        print(class_line)


if __name__ == "__main__":
    main()
