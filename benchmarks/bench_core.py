"""Core benchmarks: cold start on the bundled corpus, and claims per second / peak memory at 10,000.

    python benchmarks/bench_core.py [N]

Prints figures; it asserts nothing (targets: cold start < 0.6 s, 10,000 claims < 3 s, < 400 MB).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))


def cold_start(reps: int = 7) -> list[float]:
    times = []
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    for _ in range(reps):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "claimaudit", "run", "-q", "--root", str(ROOT)], cwd=ROOT,
                       env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - t0)
    return times


def import_time() -> float:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    out = subprocess.run([sys.executable, "-c", "import time; t=time.perf_counter(); import claimaudit.cli.main; "
                          "print(time.perf_counter()-t)"], env=env, capture_output=True, text=True)
    return float(out.stdout.strip() or "nan")


def big_run(n: int, checkers: bool = True) -> tuple[float, float, int]:
    from gen_claims import make

    code = (
        "import sys, time, resource\n"
        "from claimaudit.engine.run import run_claims, RunOptions\n"
        "from claimaudit.engine.records import as_report\n"
        "t=time.perf_counter()\n"
        f"run=run_claims([sys.argv[1]+'/claims'], sys.argv[1], RunOptions(checkers={checkers!r}))\n"
        "as_report(run)\n"
        "el=time.perf_counter()-t\n"
        "print(el, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss/1024, len(run.results))\n"
    )
    with tempfile.TemporaryDirectory() as tmp:
        make(n, Path(tmp))
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        out = subprocess.run([sys.executable, "-c", code, tmp], env=env, capture_output=True, text=True)
        if out.returncode:
            raise SystemExit(out.stderr)
        el, mem, count = out.stdout.split()
        return float(el), float(mem), int(count)


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    print(f"import claimaudit.cli.main: {import_time():.3f} s")
    cs = cold_start()
    print(f"cold start `claimaudit run -q` on the bundled corpus: median {statistics.median(cs):.3f} s "
          f"(min {min(cs):.3f}, max {max(cs):.3f}, {len(cs)} runs)")
    el, mem, count = big_run(n, checkers=False)
    print(f"{count} claims, core only: {el:.2f} s ({count / el:,.0f} claims/s), peak RSS {mem:.0f} MB")
    el2, mem2, count2 = big_run(n, checkers=True)
    print(f"{count2} claims, with checkers: {el2:.2f} s ({count2 / el2:,.0f} claims/s), peak RSS {mem2:.0f} MB"
          f" — checker overhead {100 * (el2 / el - 1):+.0f}%")
