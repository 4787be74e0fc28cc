"""Checker overhead: 10,000 synthetic claims with and without the checkers, and time per checker.

    python benchmarks/bench_checkers.py [N] [REPEATS]

Uses the core benchmark's generator (benchmarks/gen_claims.py) plus, for every 50 claims, a few
that exercise the checkers beyond the core: a ``words`` ratio, a ``same_as`` pair, an ``at_most``
bound, a GRIMMER and a statcheck claim. Times are CPU seconds of one process (best of REPEATS
passes), so other work on a shared machine does not blur them; the target is checkers at most
+30% over the core alone. Prints figures; asserts nothing.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

EXTRA = """  - {{id: w{i}, formula: r{k}_0 / r{k}_2, words: an order of magnitude}}
  - {{id: same{i}, value: "{total}K GPU-hours", same_as: t{k}}}
  - {{id: bound{i}, value: {share}%, at_most: 100%}}
  - {{id: grim{i}, granularity: {{mean: "{mean}", sd: "1.{sd:02d}", n: "{n}"}}}}
  - {{id: stat{i}, statistic: {{test: t, value: "2.{sd:02d}", df: "{n}", p: "= .03"}}}}
"""

CODE = """
import json, sys, time
from claimaudit.checkers.step import run_checkers
from claimaudit.checkers.manager import get_manager
from claimaudit.engine.records import as_report
from claimaudit.engine.run import RunOptions, run_claims

folder, reps = sys.argv[1], int(sys.argv[2])
get_manager(folder)  # plugin discovery, once per process (measured by the cold-start figure)
best = {}
timings = {}


def timed(cls):
    fn = cls.check

    def wrapper(self, *a, **k):
        t = time.process_time()
        try:
            out = fn(self, *a, **k)
            return list(out) if out else out
        finally:
            timings[cls.code] = timings.get(cls.code, 0.0) + time.process_time() - t
    cls.check = wrapper


for rep in range(reps + 1):
    # CPU time of this process: other processes on a shared machine do not count.
    t = time.process_time()
    run = run_claims([folder + "/claims"], folder, RunOptions(checkers=False))
    core = time.process_time() - t
    figures = {"core": core}
    for label, ignore in (("ca1", ("CA2", "CA3")), ("all", ())):
        t = time.process_time()
        run = run_claims([folder + "/claims"], folder, RunOptions(checkers=False))
        mid = time.process_time()
        run_checkers(run, RunOptions(ignore=ignore))
        figures[label] = time.process_time() - mid
        figures[label + "_total"] = time.process_time() - t
    t = time.process_time()
    as_report(run)
    figures["report"] = time.process_time() - t
    for k, v in figures.items():
        best[k] = min(best.get(k, v), v)
    if rep == reps:  # one more pass with a timer around each checker
        for cls in get_manager(folder).checker_classes():
            timed(cls)
        run = run_claims([folder + "/claims"], folder, RunOptions(checkers=False))
        run_checkers(run, RunOptions(ignore=("CA2", "CA3")))
import resource
print(json.dumps({"best": best, "claims": len(run.results), "timings": timings,
                  "findings": sum(len(r.findings) for r in run.results),
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def corpus(n: int, out: Path) -> int:
    from gen_claims import make

    count = make(n - n // 10, out)
    # Append checker-specific claims to each generated file (they reference its rows and totals).
    i = 0
    for path in sorted((out / "claims").glob("*.yaml")):
        text = path.read_text("utf-8")
        extra = []
        for k in range(0, 50, 8):
            if f"id: t{k}\n" not in text:
                continue
            total = text.split(f"id: t{k}\n    value: ")[1].split("K GPU-hours")[0]
            extra.append(EXTRA.format(i=i, k=k, total=total, share=40 + i % 50, mean=f"{3 + (i % 97) / 100:.2f}",
                                      sd=i % 100, n=20 + i % 30))
            i += 1
            count += 5
            if count >= n:
                break
        path.write_text(text + "".join(extra), "utf-8")
        if count >= n:
            break
    return count


def measure(folder: str, repeats: int) -> dict:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "CLAIMAUDIT_SOLVE_CACHE": "off"}
    out = subprocess.run([sys.executable, "-c", CODE, folder, str(repeats)], env=env, capture_output=True, text=True)
    if out.returncode:
        raise SystemExit(out.stderr)
    return json.loads(out.stdout.strip().splitlines()[-1])


def report(title: str, d: dict, repeats: int) -> None:
    b = d["best"]
    print(f"{title}: {d['claims']} claims; CPU seconds of one process, best of {repeats} passes")
    print(f"core (collect, evaluate):  {b['core']:.2f} s  ({d['claims'] / b['core']:,.0f} claims/s)")
    print(f"CA1xx checkers:            {b['ca1']:.2f} s  — overhead {100 * b['ca1'] / b['core']:+.0f}% of the core")
    print(f"every checker (with CA2xx, CA3xx): {b['all']:.2f} s  — overhead {100 * b['all'] / b['core']:+.0f}%")
    print(f"JSON records for the report: {b['report']:.2f} s; peak RSS {d['rss_mb']:.0f} MB; "
          f"{d['findings']} findings")
    print("CPU time per checker: " + ", ".join(f"{code} {secs * 1000:.0f} ms" for code, secs in
                                            sorted(d["timings"].items(), key=lambda kv: -kv[1])))
    print()


if __name__ == "__main__":
    from gen_claims import make

    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    with tempfile.TemporaryDirectory() as plain, tempfile.TemporaryDirectory() as rich:
        make(n, Path(plain))
        corpus(n, Path(rich))
        report("the core benchmark's corpus (benchmarks/gen_claims.py)", measure(plain, repeats), repeats)
        report("with checker-specific claims (words, same_as, bounds, GRIMMER, statcheck)", measure(rich, repeats),
               repeats)
