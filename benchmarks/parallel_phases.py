"""Where a ``claimaudit run -n 2`` spends its time: each part audited, pickled, read back, and the parent's tail.

    python benchmarks/parallel_phases.py 100000 --files 100 [--format json]

Runs the CLI's parallel path once (``run_claims_in_workers`` with the records built and prerendered in
the workers, the report rendered to /dev/null, the cyclic collector paused, as ``claimaudit run`` runs
it) on ``gen_claims.py`` claims, and prints a line per phase of each process as it ends, then the
totals: CPU seconds audited by each process, what moving the workers' results cost (pickled in the
worker, read back in the parent), the parent's CPU before the worker has a part (it works alone then:
the files, their groups, the checkers), the parent's wait for the last result and its tail after it
(merge, records, report). It prints figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))


def _instrument(par: Any, log: str, t0: list[float]) -> None:
    """Each phase of ``claimaudit.engine.parallel`` notes (process, phase, CPU, wall) in ``log`` as it
    ends (the workers are forked, so they note theirs in the same file); ``t0``: the run's start (process
    and wall time), from which the parent's part before the worker has anything to do is noted."""

    def note(what: str, cpu: float, wall: float, n: int | None = None) -> None:
        with open(log, "a", encoding="utf-8") as f:
            f.write(json.dumps({"pid": os.getpid(), "what": what, "cpu": cpu, "wall": wall, "n": n,
                                "t": time.perf_counter()}) + "\n")

    def timed(name: str, label: str, count: Any) -> None:
        real = getattr(par, name)

        def wrapper(*a: Any, **k: Any) -> Any:
            c, t = time.process_time(), time.perf_counter()
            out = real(*a, **k)
            note(label, time.process_time() - c, time.perf_counter() - t, count(a, out))
            return out

        setattr(par, name, wrapper)

    def results(_a: Any, out: Any) -> int:
        return len(out["results"])

    timed("_audit_bucket", "audit", results)
    timed("_unspool", "read back", results)
    timed("_dump", "pickle", lambda a, out: len(a[0]["results"]))
    take = par._Feeder.take

    def _take(self: Any, wait: bool) -> Any:
        c, t = time.process_time(), time.perf_counter()
        out = take(self, wait)
        if wait:
            note("wait for the last", time.process_time() - c, time.perf_counter() - t)
        return out

    par._Feeder.take = _take
    feed = par._Feeder.feed

    def _feed(self: Any) -> None:
        if not getattr(par, "_fed", False):    # the parent alone until the first part goes to the worker
            par._fed = True
            note("alone before the worker", time.process_time() - t0[0], time.perf_counter() - t0[1])
        feed(self)

    par._Feeder.feed = _feed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("claims", type=int, nargs="?", default=100_000)
    ap.add_argument("--files", type=int, default=100)
    ap.add_argument("--format", default="json")
    a = ap.parse_args()

    from gen_claims import make

    import claimaudit.engine.parallel as par
    from claimaudit.engine.records import as_report
    from claimaudit.engine.run import RunOptions, paused_gc
    from claimaudit.reporters import render
    from claimaudit.reporters.prerender import prerenderer

    with tempfile.TemporaryDirectory() as tmp:
        count = make(a.claims, Path(tmp), per_file=max(14, a.claims // a.files))
        log = str(Path(tmp) / "phases.jsonl")
        start = [0.0, 0.0]
        _instrument(par, log, start)
        t0c, t0 = time.process_time(), time.perf_counter()
        start[:] = [t0c, t0]
        with paused_gc():
            run = par.run_claims_in_workers([tmp + "/claims"], tmp, RunOptions(workers=2, checklist="no"),
                                            formats={a.format}, slim=True, prerender=prerenderer({a.format}))
            merged = time.process_time()
            # as the CLI writes it to standard output: as bytes where it writes the format so (outputs.py)
            import claimaudit.reporters.outputs as outputs
            raw = a.format in getattr(outputs, "BYTES_FORMATS", ())
            with open(os.devnull, "wb" if raw else "w", **({} if raw else {"encoding": "utf-8"})) as out:
                render(a.format, as_report(run, formats={a.format}), out)
        cpu, wall = time.process_time() - t0c, time.perf_counter() - t0
        rows = [json.loads(line) for line in Path(log).read_text("utf-8").splitlines()]
    me = os.getpid()
    print(f"-n 2 on {count} claims in {a.files} files, --format {a.format}; load average {os.getloadavg()[0]:.1f}")
    sums: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0.0, 0.0, 0])
    last_wait = 0.0
    for r in rows:
        who = "parent" if r["pid"] == me else "worker"
        print(f"  {r['t'] - t0:7.2f} s  {who:6} {r['what']:<18} CPU {r['cpu']:6.2f} s  wall {r['wall']:6.2f} s"
              + (f"  {r['n']} claims" if r["n"] is not None else ""))
        s = sums[(who, r["what"])]
        s[0], s[1], s[2] = s[0] + r["cpu"], s[1] + r["wall"], s[2] + (r["n"] or 0)
        if r["what"] == "wait for the last":
            last_wait = r["wall"]
    audited = sums[("parent", "audit")][0] + sums[("worker", "audit")][0]
    moved = sums[("worker", "pickle")][0] + sums[("parent", "read back")][0]
    tail = cpu - (merged - t0c)        # the parent after the merge: the records and the report
    print(f"  audited: parent {sums[('parent', 'audit')][0]:.2f} s CPU ({sums[('parent', 'audit')][2]} claims), "
          f"worker {sums[('worker', 'audit')][0]:.2f} s CPU ({sums[('worker', 'audit')][2]} claims)")
    print(f"  results moved: pickled {sums[('worker', 'pickle')][0]:.2f} s + read back "
          f"{sums[('parent', 'read back')][0]:.2f} s CPU = {100 * moved / audited:.1f}% of the audit CPU")
    alone = sums[("parent", "alone before the worker")][0]
    print(f"  the parent alone before the first part goes to the worker (files, groups, checkers): {alone:.2f} s CPU")
    print(f"  parent's wait for the last result {last_wait:.2f} s wall; after the merge (records, report) "
          f"{tail:.2f} s CPU; whole run: parent CPU {cpu:.2f} s, wall {wall:.2f} s")


if __name__ == "__main__":
    main()
