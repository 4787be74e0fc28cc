"""Cold start of the bundled demo run, and the sympy-free condition search against sympy.

    python benchmarks/bench_start.py                  # 7 interleaved rounds
    python benchmarks/bench_start.py --reps 11
    python benchmarks/bench_start.py --check-solver 2000 --reps 0
    python benchmarks/bench_start.py --src ../main/src  # another checkout's code on this corpus
    python benchmarks/bench_start.py --src ../main/src --src src --reps 5   # before/after, interleaved
    python benchmarks/bench_start.py --src ../main/src --src src --reps 0 --instructions   # callgrind counts

Cold start (issue #14: ≤ 0.3 s with empty caches): the demo run exactly as a new user types it,
``claimaudit run`` in the repository root (terminal output and the default HTML report, written here
to a temporary --report-dir so that the checkout is not touched), in a fresh HOME and XDG_CACHE_HOME
each time (no ~/.cache/claimaudit, no signing key), against ``python -c "import yaml"`` as the floor.
Also ``claimaudit run -q --no-report`` (what bench_core.py times) and a warm-cache run for reference.
Two ways the modules are found:

- byte-compiled: as a pip install leaves them (here every module's bytecode in a PYTHONPYCACHEPREFIX
  folder filled by a first run);
- claimaudit from source: a copy of src/claimaudit with no __pycache__ and PYTHONDONTWRITEBYTECODE=1
  (an editable install in a fresh clone, as on this machine); the standard library and the
  dependencies keep their installed bytecode.

Figures are process CPU time (user + system, from wait4, children included) and wall time, medians of
interleaved rounds; on a shared machine the wall time mostly measures the other load, so the load
average is printed before and after.

--instructions counts the instructions of the same byte-compiled, empty-cache runs under callgrind
(PYTHONHASHSEED=0), once per tree: unlike CPU time on a shared machine, a figure the other load does not
move (a run's count varies by about 0.1% from run to run: its caches' random key, file timestamps).

--check-solver N compares formulas/solver_fast.py with sympy (formulas/symbolic.py) on N random
formulas of three kinds (any shape; ratios of linear forms; ratios over sums of names, as DualPipe's):
wherever the fast path answers, the Condition must be sympy's, and the count of disagreements is printed
(0 is the only acceptable figure).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"


def _timed(cmd: list[str], env: dict, cwd: Path = ROOT) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one child process and its children."""
    t = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} exited {proc.returncode}")
    return usage.ru_utime + usage.ru_stime, time.perf_counter() - t


def _home(folder: Path) -> dict[str, str]:
    """HOME and XDG_CACHE_HOME in ``folder`` (empty until a run fills its caches)."""
    return {"HOME": str(folder), "XDG_CACHE_HOME": str(folder / ".cache")}


def _clean_env() -> dict[str, str]:
    """This environment without claimaudit's settings, XDG folders and Python's bytecode and path settings."""
    return {k: v for k, v in os.environ.items()
            if not k.startswith(("CLAIMAUDIT_", "XDG_")) and k not in ("PYTHONDONTWRITEBYTECODE",
                                                                       "PYTHONPYCACHEPREFIX", "PYTHONPATH")}


def cold_start(reps: int, srcs: list[Path]) -> None:
    """The runs of the module docstring for each source tree in ``srcs``, interleaved round by round
    (several trees: a before/after comparison in one run of this script, on the same demo)."""
    m = statistics.median
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        base = _clean_env()
        python = sys.executable
        run = [python, "-m", "claimaudit", "run", "--report-dir", str(t / "reports")]
        quiet = [python, "-m", "claimaudit", "run", "-q", "--no-report"]
        trees: dict[str, dict[str, dict[str, str]]] = {}
        for n, src in enumerate(srcs):
            name = f"{src.parent.name}/{src.name}: " if len(srcs) > 1 else ""
            copy = t / f"copy{n}"
            shutil.copytree(src / "claimaudit", copy / "claimaudit", ignore=shutil.ignore_patterns("__pycache__"))
            modes = trees[name] = {
                "byte-compiled": {**base, "PYTHONPATH": str(src), "PYTHONPYCACHEPREFIX": str(t / f"pyc{n}")},
                "claimaudit from source": {**base, "PYTHONPATH": str(copy), "PYTHONDONTWRITEBYTECODE": "1"}}
            check = subprocess.run([python, "-c", "import claimaudit, sys; print(claimaudit.__file__)"],
                                   env=modes["claimaudit from source"], capture_output=True, text=True, check=True)
            if not check.stdout.startswith(str(copy)):
                raise SystemExit(f"the source copy is not the one imported: {check.stdout.strip()}")
            _timed(run, {**modes["byte-compiled"], **_home(t / f"warm{n}")})   # fills the bytecode and warm caches
        runs: dict[str, list[tuple[float, float]]] = {}
        load = os.getloadavg()[0]
        for i in range(reps):
            first = next(iter(trees.values()))
            runs.setdefault("floor: python -c 'import yaml'", []).append(
                _timed([python, "-c", "import yaml"], first["byte-compiled"]))
            for n, (name, modes) in enumerate(trees.items()):
                for label, env in modes.items():
                    for what, cmd in (("claimaudit run", run), ("run -q --no-report", quiet)):
                        empty = _home(t / f"home{i}-{n}-{label[:4]}-{what[:5]}")
                        runs.setdefault(f"{name}{label}, {what}, empty caches", []).append(
                            _timed(cmd, {**env, **empty}))
                runs.setdefault(f"{name}byte-compiled, claimaudit run, warm caches", []).append(
                    _timed(run, {**modes["byte-compiled"], **_home(t / f"warm{n}")}))
    print(f"cold start of the demo ({reps} interleaved rounds; CPU s [wall s], medians); "
          f"load average {load:.1f} before, {os.getloadavg()[0]:.1f} after:")
    width = max(len(label) for label in runs) + 2
    for label, v in runs.items():
        cpu = sorted(c for c, _w in v)
        print(f"  {label:<{width}} {m(cpu):.3f} [{m(w for _c, w in v):.3f}]  (CPU min {cpu[0]:.3f}, max {cpu[-1]:.3f})",
              flush=True)


def _callgrind(cmd: list[str], env: dict[str, str], folder: Path) -> int:
    """Instructions ``cmd`` executes (callgrind's total; children are not followed: a run starts none)."""
    out = folder / "callgrind.out"
    valgrind = shutil.which("valgrind") or "valgrind"
    proc = subprocess.run([valgrind, "--tool=callgrind", f"--callgrind-out-file={out}", *cmd], cwd=ROOT, env=env,
                          capture_output=True, text=True, check=False)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} exited {proc.returncode} under callgrind:\n{proc.stderr[-2000:]}")
    for line in out.read_text("utf-8", "replace").splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    raise SystemExit(f"no total in {out}")


def instruction_counts(srcs: list[Path]) -> None:
    """The cold-start runs of the module docstring (byte-compiled, empty caches) under callgrind, once per
    tree, and the floor: a count of instructions, not a time (see the module docstring)."""
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    python = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        base = _clean_env()
        base["PYTHONHASHSEED"] = "0"
        cmds = {"claimaudit run": [python, "-m", "claimaudit", "run", "--report-dir", str(t / "reports")],
                "run -q --no-report": [python, "-m", "claimaudit", "run", "-q", "--no-report"]}
        rows: list[tuple[str, int]] = []
        for n, src in enumerate(srcs):
            env = {**base, "PYTHONPATH": str(src), "PYTHONPYCACHEPREFIX": str(t / f"pyc{n}")}
            _timed(cmds["claimaudit run"], {**env, **_home(t / f"warm{n}")})   # fills the bytecode
            if n == 0:
                rows.append(("floor: python -c 'import yaml'", _callgrind([python, "-c", "import yaml"], env, t)))
            name = f"{src.parent.name}/{src.name}: " if len(srcs) > 1 else ""
            for what, cmd in cmds.items():
                rows.append((f"{name}byte-compiled, {what}, empty caches",
                             _callgrind(cmd, {**env, **_home(t / f"home{n}-{what[:5]}")}, t)))
    print("instructions of the demo's cold start (callgrind, PYTHONHASHSEED=0):")
    width = max(len(label) for label, _c in rows) + 2
    first: dict[str, int] = {}
    for label, count in rows:
        what = label.split(": ", 1)[-1]
        ref = first.setdefault(what, count)
        change = f"  ({(count - ref) / ref:+.2%})" if count != ref else ""
        print(f"  {label:<{width}} {count / 1e6:9.1f} M{change}", flush=True)


# -- the condition search without sympy, against sympy -----------------------------------------------

def _any_shape(rng: random.Random, depth: int = 0) -> str:
    if depth > 3 or rng.random() < 0.3:
        return rng.choice(["a", "b", "c", "d", "k", "a", "b"]) if rng.random() < 0.7 else \
            rng.choice(["2", "3", "1", "0.5", "10", "7", "100", "1.5"])
    op = rng.random()
    if op < 0.3:
        out = _any_shape(rng, depth + 1)
        for _ in range(rng.randint(1, 2)):
            out += rng.choice([" + ", " - "]) + _any_shape(rng, depth + 1)
        return f"({out})" if rng.random() < 0.7 else out
    if op < 0.65:
        out = _any_shape(rng, depth + 1)
        for _ in range(rng.randint(1, 2)):
            out += rng.choice(["*", "/"]) + _any_shape(rng, depth + 1)
        return f"({out})" if rng.random() < 0.5 else out
    if op < 0.75:
        return "-" + _any_shape(rng, depth + 1)
    if op < 0.85:
        return f"({_any_shape(rng, depth + 1)})^" + rng.choice(["2", "-1", "-2", "3", "1", "0", "13"])
    return f"({_any_shape(rng, depth + 1)})"


def _linear_form(rng: random.Random, names: list[str]) -> str:
    parts = []
    for _ in range(rng.randint(1, 3)):
        r = rng.random()
        if r < 0.35:
            group = rng.sample(names, rng.randint(2, min(3, len(names))))
            text = rng.choice([" + ", " - "]).join(group)
            parts.append(f"({text})" if rng.random() < 0.8 else text)
        elif r < 0.6:
            parts.append(rng.choice(["2", "3", "PP", "0.5", "(PP - 1)", "(PP/2 - 1)"]) + "*" + rng.choice(names))
        elif r < 0.8:
            parts.append(rng.choice(["3", "PP", "(PP - 1)", "k"]) + "*(" + " + ".join(rng.sample(names, 2)) + ")")
        else:
            parts.append(rng.choice(names))
    out = parts[0]
    for p in parts[1:]:
        out += rng.choice([" + ", " - "]) + p
    return out


def _ratio_shape(rng: random.Random) -> str:
    names = rng.sample(["F", "B", "W", "a", "b"], rng.randint(2, 4))
    num, den = _linear_form(rng, names), _linear_form(rng, names)
    return rng.choice([f"1 - ({num}) / ({den})", f"((PP - 1) * ({num})) / ((PP/2 - 1) * ({den}))",
                       f"({num}) / ({den})", f"100 * ({num}) / ({den}) + 1", f"({num}) / ({den}) / k"])


def _sum_shape(rng: random.Random) -> str:
    pool = ["F", "B", "W", "x", "y", "z"]
    rng.shuffle(pool)
    s, group = pool[0], pool[1:1 + rng.randint(2, 3)]
    d = "(" + rng.choice([" + ", " + ", " - "]).join(group) + ")"

    def coef() -> str:
        return rng.choice(["2", "3", "PP", "(PP - 1)", "k", "0.5", "(PP/2 - 1)", "7"])

    def term(x: str) -> str:
        return rng.choice([x, f"{coef()}*{x}", f"{x}*{coef()}", f"{x}/{coef()}", f"-{x}", f"({coef()}*{x})",
                           f"{coef()}*{coef()}*{x}"])

    def form() -> str:
        picks = rng.choice([[s], [d], [s, d], [d, s]])
        out = term(picks[0])
        for p in picks[1:]:
            out += rng.choice([" + ", " - "]) + term(p)
        return out

    num, den = form(), form()
    return rng.choice([f"1 - ({num}) / ({den})", f"(({coef()}) * ({num})) / (({coef()}) * ({den}))",
                       f"({num}) / ({den})", f"({num}) / ({den}) * {coef()} + 1", f"1/(({num}) / ({den}))"])


def check_solver(n: int, seed: int = 1) -> None:
    sys.path.insert(0, str(SRC))
    from claimaudit.errors import InputError
    from claimaudit.formulas.parse import parse_formula
    from claimaudit.formulas.solver_fast import fast_condition
    from claimaudit.formulas.symbolic import find_condition
    from claimaudit.numbers.interval import Interval

    rng = random.Random(seed)
    F = Fraction
    for label, make in (("any shape", _any_shape), ("ratios of linear forms", _ratio_shape),
                        ("ratios over sums of names", _sum_shape)):
        answered = disagree = sympy_found = 0
        t_fast = t_sympy = 0.0
        for _ in range(n):
            try:
                f = parse_formula(make(rng))
            except InputError:
                continue
            fixed = {name: rng.choice([F(16), F(2), F(3, 4), F(0), F(-1), F(5)]) for name in f.names
                     if name in ("PP", "k") or rng.random() < 0.3}
            lo = F(rng.randint(-20, 40), rng.choice([1, 2, 10, 100]))
            target = Interval(lo, lo if rng.random() < 0.3 else lo + F(rng.randint(1, 30), rng.choice([1, 10, 100])))
            t = time.process_time()
            fast = fast_condition(f, target, fixed)
            t_fast += time.process_time() - t
            if fast is None:
                continue
            answered += 1
            t = time.process_time()
            slow = find_condition(f, target, fixed, time_budget=30)
            t_sympy += time.process_time() - t
            sympy_found += slow is not None
            if fast != slow:
                disagree += 1
                print(f"  DISAGREE {f.text!r} {fixed} {target}: fast {fast}, sympy {slow}", flush=True)
        print(f"solver fast path on {n} random formulas ({label}): answered {answered}, "
              f"disagreements with sympy {disagree}; {1e3 * t_fast / max(n, 1):.2f} ms per formula "
              f"(sympy {1e3 * t_sympy / max(answered, 1):.0f} ms per answered one, after its import)", flush=True)


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description="claimaudit cold-start benchmark (prints figures)")
    ap.add_argument("--reps", type=int, default=7, help="interleaved rounds of the cold-start runs (0: none)")
    ap.add_argument("--src", type=Path, action="append", default=None,
                    help="measure the claimaudit sources in this folder (default: this checkout's src); "
                    "repeat it to interleave several trees, e.g. main's and a branch's for a before/after comparison")
    ap.add_argument("--instructions", action="store_true",
                    help="count the instructions of the byte-compiled, empty-cache runs under callgrind, per tree")
    ap.add_argument("--check-solver", type=int, default=0, metavar="N",
                    help="compare the sympy-free condition search with sympy on N random formulas of each kind")
    a = ap.parse_args()
    srcs = [p.resolve() for p in a.src] if a.src else [SRC]
    SRC = srcs[0]
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    if a.reps:
        cold_start(a.reps, srcs)
    if a.instructions:
        instruction_counts(srcs)
    if a.check_solver:
        check_solver(a.check_solver)
