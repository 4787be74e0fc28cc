"""Scan benchmark: throughput inline and on a LocalCluster with 1 and 2 worker processes, the
cluster's overhead against the inline loop, peak memory per worker, and recall / precision on a
generated corpus with planted inconsistencies (benchmarks/gen_corpus.py).

    python benchmarks/bench_scan.py [--docs 400] [--speed-docs 200] [--corpus DIR] [--skip-speed]

``--docs 10000`` scores the full generated corpus (run inline by default; ``--score-workers 2``
uses the cluster). Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from claimaudit.scan.adapter import AuditSettings
from claimaudit.scan.inputs import collect_items
from claimaudit.scan.runner import ScanConfig, scan
from claimaudit.scan.store import read_table

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from gen_corpus import generate  # noqa: E402 - a sibling script, importable only after the path insert above


def run_scan(items, out: Path, workers: int, root: Path, inline: bool | None = None) -> tuple[dict, list[dict]]:
    shutil.rmtree(out, ignore_errors=True)
    summaries: list[dict] = []

    def arrived(summary: dict) -> None:
        summary["at"] = time.perf_counter()
        summaries.append(summary)

    config = ScanConfig(out=str(out), settings=AuditSettings(root=str(root)).as_dict(), workers=workers,
                        processes=True, batch_size=50, progress=False, on_summary=arrived, inline=inline)
    return scan(items, config), summaries


def speed(corpus: Path, n: int, tmp: Path) -> None:
    print(f"load average before the runs: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    items = collect_items([], str(corpus / "manifest.jsonl"))[:n]
    print(f"## throughput on {len(items)} generated documents ({sum(i.size for i in items) / len(items):,.0f} "
          f"bytes each on average), batches of 50, {os.cpu_count()} cores on this machine")
    rows = {}
    for label, workers, inline in (("inline", 1, True), ("cluster, 1 worker", 1, False),
                                   ("cluster, 2 workers", 2, False)):
        t0 = time.perf_counter()
        totals, sums = run_scan(items, tmp / f"speed-{label[:9]}-{workers}", workers, tmp, inline)
        wall = time.perf_counter() - t0      # including the cluster's start-up and shutdown
        rows[label] = wall
        sandbox = max((s.get("peak_mb_sandbox", 0) for s in sums), default=0)
        worker = max((s.get("peak_mb_worker", 0) for s in sums), default=0)
        cpu = sum(s.get("cpu_seconds", 0.0) for s in sums)
        print(f"{label:20s} {totals['documents'] / wall:8.2f} docs/s {totals['claims'] / wall:9.1f} claims/s  "
              f"wall {wall:6.1f} s  peak RSS: audit process {sandbox:.0f} MB, worker process {worker:.0f} MB")
        start = sums[0]["at"] - t0 - sums[0]["seconds"] if sums else 0.0
        steady = totals["documents"] / (sums[-1]["at"] - t0 - start) if sums else 0.0
        print(f"{'':20s} start-up (cluster, first audit process) {start:.1f} s; "
              f"shutdown {t0 + wall - sums[-1]['at'] if sums else 0.0:.1f} s; without them {steady:.2f} docs/s")
        print(f"{'':20s} audit CPU {1000 * cpu / max(1, totals['documents']):.0f} ms/document, "
              f"{1e6 * cpu / max(1, totals['claims']):.0f} µs/claim (what a free core would take)")
    base = rows["inline"]
    print(f"cluster overhead against inline: 1 worker {100 * (rows['cluster, 1 worker'] / base - 1):+.0f}% wall "
          f"time; speed-up with 2 workers over inline: {base / rows['cluster, 2 workers']:.2f}x")


def score(corpus: Path, n: int, tmp: Path, workers: int) -> None:
    truth = [json.loads(line) for line in (corpus / "truth.jsonl").read_text("utf-8").splitlines()][:n]
    items = collect_items([], str(corpus / "manifest.jsonl"))[:n]
    t0 = time.perf_counter()
    totals, _ = run_scan(items, tmp / "score", workers, tmp)
    wall = time.perf_counter() - t0
    out = tmp / "score"
    findings = [f for f in read_table(out, "findings").to_pylist() if f["severity"] == "error"]
    flagged = {(f["doc_id"], f["line"]) for f in findings}
    wrong = {(t["id"], p["line"]): p["kind"] for t in truth for p in t["planted"] if not p["holds"]}
    right = {(t["id"], p["line"]): p["kind"] for t in truth for p in t["planted"] if p["holds"]}
    hit = wrong.keys() & flagged
    print(f"\n## recall / precision on {len(items)} generated documents (seed 13, "
          f"{sum(len(t['planted']) for t in truth)} relations planted, {len(wrong)} of them wrong); "
          f"scan {wall:.1f} s with {'inline' if workers == 1 else f'{workers} workers'}; statuses {totals['status']}")
    print(f"relation level: recall {len(hit) / len(wrong):.3f} ({len(hit)}/{len(wrong)} wrong relations flagged), "
          f"precision {len(hit) / len(flagged):.3f} ({len(hit)}/{len(flagged)} flagged lines are planted errors); "
          f"{len(right.keys() & flagged)} correct relations flagged (false alarms on planted relations)")
    for kind in sorted(set(wrong.values())):
        w = [k for k, v in wrong.items() if v == kind]
        r = [k for k, v in right.items() if v == kind]
        print(f"  {kind:12s} recall {sum(k in flagged for k in w) / len(w):.3f} of {len(w):5d}; "
              f"false alarms {sum(k in flagged for k in r)} of {len(r)} correct")
    other = flagged - wrong.keys() - right.keys()
    if other:
        codes = Counter(f["code"] for f in findings if (f["doc_id"], f["line"]) in other)
        print(f"  flagged lines with no planted relation: {len(other)} ({dict(codes)})")
    docs_wrong = {t["id"] for t in truth if any(not p["holds"] for p in t["planted"])}
    docs_flagged = {f["doc_id"] for f in findings}
    print(f"document level: recall {len(docs_wrong & docs_flagged) / len(docs_wrong):.3f}, precision "
          f"{len(docs_wrong & docs_flagged) / max(1, len(docs_flagged)):.3f} "
          f"({len(docs_flagged)} documents flagged, {len(docs_wrong)} have a planted error)")


def main() -> None:
    ap = argparse.ArgumentParser(description="claimaudit scan benchmark")
    ap.add_argument("--docs", type=int, default=400, help="documents to score (10000 for the full corpus)")
    ap.add_argument("--speed-docs", type=int, default=200, help="documents for the throughput runs")
    ap.add_argument("--score-workers", type=int, default=1, help="1 inline (default), N a cluster of N")
    ap.add_argument("--corpus", help="an existing gen_corpus.py folder (default: generated in a temporary folder)")
    ap.add_argument("--skip-speed", action="store_true")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-scan-") as t:
        tmp = Path(t)
        corpus = Path(a.corpus) if a.corpus else generate(tmp / "corpus", max(a.docs, a.speed_docs))
        os.environ.setdefault("CLAIMAUDIT_NO_PROGRESS", "1")
        if not a.skip_speed:
            speed(corpus, a.speed_docs, tmp)
        score(corpus, a.docs, tmp, a.score_workers)


if __name__ == "__main__":
    main()
