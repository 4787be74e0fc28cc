"""Timings for claimaudit.units: start-up (the module, the first resolution from the precomputed unit
table, the pint registry built only when needed) and unit resolution.

Run:  PYTHONPATH=src python benchmarks/bench_units.py [--repeat N]

Each cold sample runs in a fresh interpreter: import claimaudit.units.registry (pint must not load),
resolve "TiB/s" from the shipped table (pint still not loaded), then build the pint registry (what a
unit name missing from the table costs). Medians over --repeat samples. Then, in this process:
resolving a new unit string, and a memoised lookup of one already resolved. Data: the UNITS below.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"

COLD = r"""
import time, json, sys
t0 = time.perf_counter()
from claimaudit.units.registry import registry, resolve_unit
t1 = time.perf_counter()
resolve_unit("TiB/s")
t2 = time.perf_counter()
table_only = "pint" not in sys.modules
registry()
t3 = time.perf_counter()
print(json.dumps({"import_module": t1 - t0, "first_resolve": t2 - t1, "build": t3 - t2,
                  "total": t3 - t0, "pint_free": table_only}))
"""

UNITS = ["PiB", "TiB/s", "GB/s", "Gbps", "USD/GPU-hour", "tokens/s/node", "美元", "卡时", "KiB/token/layer",
         "TFLOPS", "Mtoken", "%", "USD per GPU-hour", "元/卡/小时", "KB"]


def cold() -> dict:
    out = subprocess.run([sys.executable, "-c", COLD], env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"},
                         check=True, capture_output=True, text=True)
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

    samples = [cold() for _ in range(args.repeat)]

    print(f"python {sys.version.split()[0]}, {args.repeat} fresh interpreters, medians in ms")
    print(f"  import pint alone: {statistics.median(pint_import) * 1e3:8.1f}")
    print(f"  {'import module':>14s} {'1st resolve (table)':>20s} {'build registry':>15s} {'total':>8s}")
    print(f"  {median(samples, 'import_module') * 1e3:14.1f} {median(samples, 'first_resolve') * 1e3:20.2f} "
          f"{median(samples, 'build') * 1e3:15.1f} {median(samples, 'total') * 1e3:8.1f}")
    print(f"  pint not loaded until the registry is built: {all(s['pint_free'] for s in samples)}")

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
