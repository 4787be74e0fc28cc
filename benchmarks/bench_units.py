"""Timings for claimaudit.units.registry: cold registry builds and unit resolution.

Run:  PYTHONPATH=src python benchmarks/bench_units.py [--repeat N]

Each cold sample runs in a fresh interpreter (so ``import pint`` is included), with
CLAIMAUDIT_PINT_CACHE pointing at a private temporary folder:
  * no disk cache            CLAIMAUDIT_PINT_CACHE=off
  * cache, first build       an empty folder (the build also writes the cache)
  * cache, warm              the folder filled by the previous build
Medians over --repeat samples. Then, in this process: resolving a new unit string, and a
memoised lookup of one already resolved.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"

COLD = r"""
import time, json
t0 = time.perf_counter()
from claimaudit.units.registry import registry, resolve_unit, cache_folder
t1 = time.perf_counter()
registry()
t2 = time.perf_counter()
resolve_unit("TiB/s")
t3 = time.perf_counter()
print(json.dumps({"import_module": t1 - t0, "build": t2 - t1, "first_resolve": t3 - t2,
                  "total": t3 - t0, "cache": str(cache_folder())}))
"""

UNITS = ["PiB", "TiB/s", "GB/s", "Gbps", "USD/GPU-hour", "tokens/s/node", "美元", "卡时", "KiB/token/layer",
         "TFLOPS", "Mtoken", "%", "USD per GPU-hour", "元/卡/小时", "KB"]


def cold(env_cache: str) -> dict:
    env = dict(os.environ, PYTHONPATH=str(SRC), CLAIMAUDIT_PINT_CACHE=env_cache)
    out = subprocess.run([sys.executable, "-c", COLD], env=env, check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def median(samples: list[dict], key: str) -> float:
    return statistics.median(s[key] for s in samples)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()

    # a plain `import pint`, for reference
    pint_import = []
    for _ in range(args.repeat):
        out = subprocess.run([sys.executable, "-c", "import time;t=time.perf_counter();import pint;"
                              "print(time.perf_counter()-t)"], check=True, capture_output=True, text=True)
        pint_import.append(float(out.stdout))

    rows = {"no cache": [], "cache, first build": [], "cache, warm": []}
    for _ in range(args.repeat):
        rows["no cache"].append(cold("off"))
        with tempfile.TemporaryDirectory() as tmp:
            rows["cache, first build"].append(cold(tmp))
            rows["cache, warm"].append(cold(tmp))

    print(f"python {sys.version.split()[0]}, {args.repeat} fresh interpreters per row, medians in ms")
    print(f"  import pint alone: {statistics.median(pint_import) * 1e3:8.1f}")
    print(f"  {'':20s} {'import module':>14s} {'build registry':>15s} {'1st resolve':>12s} {'total':>8s}")
    for name, samples in rows.items():
        print(f"  {name:20s} {median(samples, 'import_module') * 1e3:14.1f} "
              f"{median(samples, 'build') * 1e3:15.1f} {median(samples, 'first_resolve') * 1e3:12.2f} "
              f"{median(samples, 'total') * 1e3:8.1f}")

    sys.path.insert(0, str(SRC))
    from claimaudit.units import registry as R

    R.registry()
    t = time.perf_counter()
    for u in UNITS:
        R.resolve_unit(u)
    first = (time.perf_counter() - t) / len(UNITS)
    n = 100_000
    t = time.perf_counter()
    for _ in range(n // len(UNITS)):
        for u in UNITS:
            R.resolve_unit(u)
    memo = (time.perf_counter() - t) / (n // len(UNITS) * len(UNITS))
    print(f"  resolve a new unit string (registry built): {first * 1e6:8.1f} µs")
    print(f"  resolve a memoised unit string:             {memo * 1e6:8.2f} µs")


if __name__ == "__main__":
    main()
