"""``claimaudit run -n 2`` against a serial run (issue #14: ≥ 1.7× faster on 2 cores, 100k claims in 100 files).

    python benchmarks/bench_parallel.py                         # 100k claims in 100 files, 3 rounds
    python benchmarks/bench_parallel.py --claims 20000 --reps 5

The claims come from ``gen_claims.py`` (its realistic shapes; the reference chains make groups of four
files that refer to each other). Each round runs a serial run and a ``-n 2`` run, interleaved, each in a
fresh process, and times its phases in process CPU time:

- run: ``run_claims`` / ``run_claims_in_workers`` (as a plain ``claimaudit run -n`` calls it: records for
  the terminal and the default HTML report built, and their cards written, in the workers; slim
  results) — the parent's CPU time, and the worker's (its children's) CPU time;
- after: what the parent does with the merged run (``as_report``: with ``-n`` the workers built the
  records, so the parent only takes them over), the text output and the HTML report.

The machine this runs on is shared, so wall time mostly measures the other load. Printed for each mode:
the medians of CPU and wall time, and the speed-up the CPU times give on 2 idle cores: serial CPU /
(the parallel phase + what the parent does alone after the last worker result is in), the parallel
phase being half the two processes' CPU until then when groups are handed out as processes free up (the
longer one's with fixed buckets), next to the speed-up observed in wall time. The JSON records of both
modes are compared once.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"

CHILD = r"""
import io, json, resource, sys, time
import claimaudit.engine.parallel as par
from claimaudit.engine.run import RunOptions, run_claims
from claimaudit.engine.records import as_report
from claimaudit.reporters import render
folder, workers = sys.argv[1], int(sys.argv[2])
formats = {"text", "html"}            # a plain `claimaudit run`: the terminal and the default HTML report
marks = {}
if workers > 1:
    from last_result import mark                # marks["last"]: the last worker result is in
    mark(par, marks)
def children():
    k = resource.getrusage(resource.RUSAGE_CHILDREN)
    return k.ru_utime + k.ru_stime
t0, w0 = time.process_time(), time.perf_counter()
options = RunOptions(workers=workers)
if workers > 1:   # as `claimaudit run -n` calls it: slim results, records (and their pieces) built in the workers
    try:
        from claimaudit.reporters.prerender import prerenderer
        extra = {"prerender": prerenderer(formats)}
    except ImportError:
        extra = {}
    run = par.run_claims_in_workers([folder + "/claims"], folder, options, formats, slim=True, **extra)
else:
    run = run_claims([folder + "/claims"], folder, options)
t1 = time.process_time()
report = as_report(run, formats)
t2 = time.process_time()
render("text", report, io.StringIO(), verbosity=0)
render("html", report, io.StringIO())
t3, w3 = time.process_time(), time.perf_counter()
out = {"run": t1 - t0, "worker": children(), "records": t2 - t1, "text": t3 - t2, "wall": w3 - w0,
       "n": len(run.results), "tail": t3 - marks["last"] if "last" in marks else None,
       "dynamic": hasattr(par, "_Feeder")}
if len(sys.argv) > 3:
    buf = io.StringIO()
    render("json", as_report(run), buf)
    rep = json.loads(buf.getvalue())
    for key in ("created", "duration"):
        rep.pop(key, None)
    for r in rep.get("records", []):
        r.pop("duration", None)
    out["json"] = rep
print(json.dumps(out))
"""


def child(folder: Path, workers: int, compare: bool = False) -> dict:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(SRC), str(ROOT / "benchmarks")]),
           "CLAIMAUDIT_SOLVE_CACHE": "off"}
    cmd = [sys.executable, "-c", CHILD, str(folder), str(workers)] + (["json"] if compare else [])
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    if out.returncode:
        raise SystemExit(out.stderr)
    return json.loads(out.stdout)


def main() -> None:
    ap = argparse.ArgumentParser(description="claimaudit -n 2 against serial (prints figures)")
    ap.add_argument("--claims", type=int, default=100_000)
    ap.add_argument("--files", type=int, default=100)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--src", type=Path, default=None, help="measure the claimaudit sources in this folder")
    a = ap.parse_args()
    if a.src:
        global SRC
        SRC = a.src.resolve()
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from gen_claims import make

    m = statistics.median
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        count = make(a.claims, folder, per_file=max(14, a.claims // a.files))
        files = len(list((folder / "claims").glob("*.yaml")))
        same = child(folder, 1, True)["json"] == child(folder, 2, True)["json"]
        rows: dict[int, list[dict]] = {1: [], 2: []}
        for _ in range(a.reps):
            for w in (1, 2):
                rows[w].append(child(folder, w))
    s, p = rows[1], rows[2]
    s_run, s_after = m(r["run"] for r in s), m(r["records"] + r["text"] for r in s)
    s_total = s_run + s_after
    p_run, p_worker = m(r["run"] for r in p), m(r["worker"] for r in p)
    p_after = m(r["records"] + r["text"] for r in p)
    p_tail = m(r["tail"] for r in p)
    s_wall, p_wall = m(r["wall"] for r in s), m(r["wall"] for r in p)

    def idle(r: dict) -> float:
        """The -n 2 run on 2 idle cores: the parallel phase (until the last worker result is in: half the
        two processes' CPU when groups are handed out as processes free up, the longer one's with fixed buckets),
        then the parent alone."""
        before = r["run"] + r["records"] + r["text"] - r["tail"]
        both = (before + r["worker"]) / 2 if r["dynamic"] else max(before, r["worker"])
        return both + r["tail"]

    estimates = sorted(s_total / idle(r) for r in p)
    how = "groups handed out as processes free up" if p[0]["dynamic"] else "fixed buckets"
    print(f"-n 2 against serial on {count} claims in {files} files ({a.reps} interleaved rounds, medians; "
          f"load average {os.getloadavg()[0]:.1f} after); JSON records identical: {same}")
    print(f"  serial: run CPU {s_run:.2f} s, records + text + HTML {s_after:.2f} s; wall {s_wall:.2f} s")
    print(f"  -n 2:   parent run CPU {p_run:.2f} s, worker CPU {p_worker:.2f} s (together "
          f"{100 * ((p_run + p_worker + p_after) / s_total - 1):+.0f}% over serial), records + text + HTML "
          f"{p_after:.2f} s; the parent alone after the last worker result: {p_tail:.2f} s; wall {p_wall:.2f} s")
    print(f"  speed-up on 2 idle cores from the CPU times, end to end: {m(estimates):.2f}× (rounds "
          f"{estimates[0]:.2f}–{estimates[-1]:.2f}×, {how}); "
          f"observed in wall time here {s_wall / p_wall:.2f}×")

if __name__ == "__main__":
    main()
