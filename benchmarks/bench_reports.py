"""Rendering benchmark: every report format for a synthetic run of N claims (default 10,000).

    PYTHONPATH=src python benchmarks/bench_reports.py [N] [--keep DIR]

The synthetic report has the shape of the bundled corpus's records (engine.records): Chinese
quotes, formulas with two or three inputs, one claim in eight inconsistent with a finding, some
expected failures and stated values. Prints the time and size of each format; targets for the HTML
report at 10,000 claims: under 2 s and under 15 MB. It asserts nothing.
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from claimaudit.reporters import render  # noqa: E402

QUOTES = [
    "| 合计 | {a}K | ${b}M |",
    "{a}K × $2（论文假设的每卡时租金）= {b} 万美元",
    "整个预训练用了 {a} 张卡、{b} 天。",
    "论文声称某配置达到 {b}% 的并行效率，但用它自己给的每步耗时复算，得到约 {a}%",
    "按自家表格复算，相对 ECC 是 {b} 倍",
]


def _amount(lo: float, hi: float, unit: str, dims: str) -> dict[str, Any]:
    sep = "" if unit in ("%", "×") else " "
    return {"lo": f"{lo:.6g}", "hi": f"{hi:.6g}", "text": f"[{lo:.6g}, {hi:.6g}]{sep}{unit}", "unit": unit,
            "dims": dims, "interval": f"[{lo:.6g}, {hi:.6g}]"}


def synthetic_record(i: int, rng: random.Random) -> dict[str, Any]:
    module = f"part_{i // 100:03d}"
    cid = f"claim_{i:05d}"
    a, b = rng.randint(100, 9999), round(rng.uniform(1, 999), 1)
    kind = i % 8
    inconsistent = kind == 0
    expected = kind == 1
    stated = kind in (2, 3)
    claimed = _amount(b - 0.05, b + 0.05, "天", "time")
    rec_mid = b * (1.13 if inconsistent or expected else 1.0)
    inputs = [] if stated else [
        {"name": "hours", "printed": f"{a}K GPU-hours", "ref": f"{module}.hours_{i}", "recomputed": False,
         "free": False, **_amount(a * 1000 - 500, a * 1000 + 500, "GPU-hours", "time"), "line": 4, "col": 12},
        {"name": "gpus", "printed": "2048 GPU", "ref": f"{module}.gpus", "recomputed": False, "free": False,
         **_amount(2048, 2048, "GPU", "dimensionless"), "line": 8, "col": 12},
    ]
    findings = []
    verdict = "stated" if stated else "consistent"
    outcome = "passed"
    if inconsistent or expected:
        verdict = "inconsistent"
        outcome = "expected" if expected else "failed"
        findings.append({"code": "CA101", "severity": "error", "checker": "arithmetic", "working": [],
                         "message": f"recomputes to [{rec_mid - 0.01:.6g}, {rec_mid + 0.01:.6g}] 天, claimed {b} 天 "
                                    f"(off by {rec_mid - b:.3g} 天, +13% relative, "
                                    f"{abs(rec_mid - b) * 10:.3g} rounding units)",
                         "file": f"claims/{module}.yaml", "line": 10 + i % 100, "col": 5, "end_line": 20 + i % 100,
                         "end_col": 3, "data": {}})
    return {
        "id": cid, "qualname": f"{module}.{cid}", "module": module, "file": f"claims/{module}.yaml",
        "line": 10 + i % 100, "col": 5, "end_line": 20 + i % 100, "end_col": 3,
        "title": f"{a}K GPU-hours over 2048 GPUs is {b} days" if not stated else None,
        "source": "deepseek-infra-handbook", "at": "四、训练一次旗舰到底花多少钱 (cost table)",
        "quote": rng.choice(QUOTES).format(a=a, b=b), "also_in": [], "value": f"{b} 天", "relation": "=",
        "qualifier": "", "kind": "number", "step": "0.1", "claimed": claimed,
        "recomputed": None if stated else _amount(rec_mid - 0.01, rec_mid + 0.01, "天", "time"),
        "formula": None if stated else "hours / gpus", "formula_display": None if stated else "hours / gpus",
        "inputs": inputs, "free": [], "verdict": verdict, "expected": "inconsistent" if expected else None,
        "outcome": outcome, "boundary": False,
        "because": "the document's own inputs give 13% more" if expected else None,
        "tags": ["exercise"] if i % 5 == 0 else [],
        "findings": findings, "ignored": [],
        "miss": {"difference": b - rec_mid, "relative": (b - rec_mid) / rec_mid, "rounding_units": 10.0,
                 "recomputed_mid": rec_mid} if findings else None,
        "scope": None, "as_of": None, "extra": {}, "duration": 0.0002,
        "settings": {"kilo": 1000, "rounding": "auto", "approx": "5%"},
    }


def synthetic_report(n: int, seed: int = 4) -> dict[str, Any]:
    rng = random.Random(seed)
    records = [synthetic_record(i, rng) for i in range(n)]
    summary = {k: 0 for k in ("consistent", "inconsistent", "underdetermined", "error", "stated", "passed",
                              "failed", "expected")}
    for r in records:
        summary[r["verdict"]] += 1
        summary[r["outcome"]] += 1
    summary.update(collected=n, selected=n, errors=0, findings=sum(len(r["findings"]) for r in records))
    return {
        "schema": "claimaudit.report", "version": 1, "claimaudit": "0.1.0", "created": "2026-01-01T00:00:00+00:00",
        "root": "/bench", "paths": ["claims"], "duration": 2.5, "exit_code": 1,
        "options": {"keyword": None, "kilo": 1000, "rounding": "auto", "approx": "5%", "select": [], "ignore": []},
        "summary": summary,
        "sources": [{"id": "deepseek-infra-handbook", "title": "DeepSeek 案例研究：基础设施学习手册", "authors": [],
                     "date": "2026", "url": "", "doi": "", "version": "", "licence": "", "files": [],
                     "kind": "secondary"}],
        "errors": [], "records": records,
    }


def measure(fmt: str, report: dict[str, Any], repeat: int) -> tuple[float, int, str]:
    times, text = [], ""
    for _ in range(repeat):
        out = io.StringIO()
        t0 = time.perf_counter()
        render(fmt, report, out)
        times.append(time.perf_counter() - t0)
        text = out.getvalue()
    return statistics.median(times), len(text.encode("utf-8")), text


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", nargs="?", type=int, default=10_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--keep", metavar="DIR", help="write each rendered format into DIR")
    args = ap.parse_args()
    t0 = time.perf_counter()
    report = synthetic_report(args.n)
    print(f"synthetic report of {args.n} claims built in {time.perf_counter() - t0:.2f} s")
    # First HTML render includes importing Jinja2 and compiling the template: report it apart.
    t0 = time.perf_counter()
    render("html", synthetic_report(10), io.StringIO())
    print(f"html warm-up (Jinja2 import + template compile): {time.perf_counter() - t0:.3f} s")
    print(f"{'format':<10}{'median s':>10}{'MB':>10}{'per claim':>12}")
    for fmt in ("html", "json", "junit", "sarif", "markdown", "github"):
        secs, size, text = measure(fmt, report, args.repeat)
        print(f"{fmt:<10}{secs:>10.3f}{size / 1e6:>10.2f}{size / max(args.n, 1):>10.0f} B")
        if args.keep:
            Path(args.keep).mkdir(parents=True, exist_ok=True)
            (Path(args.keep) / f"bench.{fmt}").write_text(text, encoding="utf-8")
    secs, size, _ = measure("html", report, 1)
    verdict = "OK" if secs < 2 and size < 15e6 else "OVER TARGET"
    print(f"HTML at {args.n} claims: {secs:.2f} s (target < 2 s), {size / 1e6:.1f} MB (target < 15 MB): {verdict}")


if __name__ == "__main__":
    main()
