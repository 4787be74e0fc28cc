"""Generate a corpus of documents with planted inconsistencies, for ``bench_scan.py``.

Documents are shaped like the real ones in ``../shared/reference/real-docs/`` (model READMEs and
tech-report pages): a heading, prose, pipe tables with a Total row (GPU hours, costs, token counts)
and a share column, written-out calculations (``N GPUs × D days × 24 h = H GPU hours``), rates
(``at $R per GPU hour the H GPU hours cost $C``), percentages of a count (``X% (A out of B)``), and
numbers that are not quantities (dates, versions). Some documents are Chinese-style (万 / 亿).
Each relation is wrong with probability ``--error-rate``, by a margin beyond the rounding of the figures it
involves; the truth is written to ``truth.jsonl`` (one line per document: the planted relations, their
kind, line and whether they hold).

    python benchmarks/gen_corpus.py OUT_DIR [--docs 10000] [--seed 13] [--error-rate 0.15]
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

MODELS = ["Aurora", "Basalt", "Cobalt", "Delta", "Ember", "Fjord", "Garnet", "Helix", "Ion", "Juniper"]
STAGES = ["Pre-training", "Context extension", "Instruction tuning", "Preference tuning", "Evaluation", "Ablations"]
DATASETS = ["Web", "Code", "Books", "Papers", "Math", "Multilingual", "Dialogue"]


def _fmt_k(x: int) -> str:
    return f"{x:,}K"


def _wrong(x: float, rng: random.Random, least: float = 0.03) -> float:
    """A value off by ``least``-25 %, beyond the rounding of every printed figure it is compared with."""
    return x * (1 + rng.choice([-1, 1]) * rng.uniform(least, 0.25))


class Writer:
    def __init__(self, rng: random.Random, error_rate: float) -> None:
        self.rng = rng
        self.error_rate = error_rate
        self.lines: list[str] = []
        self.truth: list[dict] = []

    def add(self, *lines: str) -> None:
        self.lines.extend(lines)

    def plant(self, kind: str, holds: bool) -> None:
        """The relation on the line written next."""
        self.truth.append({"kind": kind, "line": len(self.lines) + 1, "holds": holds})

    def bad(self) -> bool:
        return self.rng.random() < self.error_rate

    # -- relation shapes ---------------------------------------------------------------------------
    def hours_table(self) -> int:
        rng = self.rng
        stages = rng.sample(STAGES, rng.randint(2, 4))
        parts = [rng.randint(5, 3000) for _ in stages]
        total = sum(parts)
        wrong = self.bad()
        shown = round(_wrong(total, rng)) if wrong else total
        self.add("| Stage | GPU hours |", "|---|---|")
        self.add(*[f"| {s} | {_fmt_k(p)} |" for s, p in zip(stages, parts, strict=True)])
        self.plant("table-total", not wrong)
        self.add(f"| Total | {_fmt_k(shown)} |", "")
        return total

    def tokens_table(self) -> None:
        rng = self.rng
        sets = rng.sample(DATASETS, rng.randint(3, 5))
        parts = [round(rng.uniform(0.1, 900), 1) for _ in sets]
        total = round(sum(parts), 1)
        wrong = self.bad()
        shown = round(_wrong(total, rng), 1) if wrong else total
        self.add("| Dataset | Tokens (B) | Epochs |", "|---|---|---|")
        self.add(*[f"| {s} | {p:.1f}B | {rng.randint(1, 4)} |" for s, p in zip(sets, parts, strict=True)])
        self.plant("table-total", not wrong)
        self.add(f"| Total | {shown:.1f}B | |", "")

    def equation(self) -> int:
        rng = self.rng
        gpus, days = rng.choice([64, 128, 256, 512, 1024, 2048]), rng.randint(3, 90)
        hours = gpus * days * 24
        wrong = self.bad()
        shown = round(_wrong(hours, rng)) if wrong else hours
        self.plant("equation", not wrong)
        self.add(f"Training used {gpus:,} GPUs for {days} days: {gpus:,} GPUs × {days} days × 24 h/day = "
                 f"{shown:,} GPU hours.", "")
        return hours

    def rate(self, hours: int) -> None:
        rng = self.rng
        price = rng.choice([1.5, 2, 2.5, 3, 4])
        cost = hours * price
        wrong = self.bad()
        # the rate is printed to 2 digits ($1.5 stands for 1.45-1.55, ±3.3 %): a smaller error is not one
        shown = _wrong(cost, rng, 0.08) if wrong else cost
        self.plant("rate", not wrong)
        self.add(f"At ${price:g} per GPU hour, the {hours:,} GPU hours cost ${shown / 1e6:.3f}M.", "")

    def percent_of(self) -> None:
        rng = self.rng
        total = rng.randint(20, 400)
        part = rng.randint(1, total - 1)
        pct = 100 * part / total
        wrong = self.bad()
        off = rng.uniform(4, 15)   # points; kept inside (0, 100)
        shown = (pct + off if pct + off < 100 else pct - off) if wrong else pct
        self.plant("percent-of", not wrong)
        self.add(f"The model passes {shown:.1f}% ({part} out of {total}) of the held-out tasks.", "")

    def zh_table(self) -> None:
        rng = self.rng
        parts = [rng.randint(100, 9000) for _ in range(rng.randint(2, 4))]
        total = sum(parts)
        wrong = self.bad()
        shown = round(_wrong(total, rng)) if wrong else total
        self.add("| 阶段 | 样本数 |", "|---|---|")
        self.add(*[f"| 阶段{k + 1} | {p}万 |" for k, p in enumerate(parts)])
        self.plant("table-total", not wrong)
        self.add(f"| 总计 | {shown}万 |", "")

    def noise(self) -> None:
        rng = self.rng
        self.add(f"Released on 2024-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d} as version "
                 f"{rng.randint(1, 3)}.{rng.randint(0, 9)}.{rng.randint(0, 20)}; each node has 8 GPUs and "
                 f"{rng.choice([512, 1024, 2048])} GB of memory.", "")


def make_document(n: int, rng: random.Random, error_rate: float) -> tuple[str, list[dict], dict[str, str]]:
    w = Writer(rng, error_rate)
    model = f"{rng.choice(MODELS)}-{rng.choice([1, 3, 7, 13, 34, 70])}B"
    zh = rng.random() < 0.2
    w.add(f"# {model} technical report {n}", "", f"{model} is a language model trained from scratch.", "")
    w.noise()
    w.add("## Compute", "")
    if rng.random() < 0.7:
        hours = w.equation()
        if rng.random() < 0.6:
            w.rate(hours)
    w.hours_table()
    w.add("## Data", "")
    if zh:
        w.zh_table()
    else:
        w.tokens_table()
    if rng.random() < 0.5:
        w.add("## Evaluation", "")
        w.percent_of()
    meta = {"lang": "zh" if zh else "en", "year": str(rng.choice([2022, 2023, 2024, 2025]))}
    return "\n".join(w.lines) + "\n", w.truth, meta


def generate(out: Path, docs: int, seed: int = 13, error_rate: float = 0.15) -> Path:
    """Write ``docs`` documents and ``truth.jsonl`` and ``manifest.jsonl`` into ``out``."""
    rng = random.Random(seed)
    (out / "docs").mkdir(parents=True, exist_ok=True)
    with (out / "truth.jsonl").open("w", encoding="utf-8") as truth, \
            (out / "manifest.jsonl").open("w", encoding="utf-8") as manifest:
        for n in range(docs):
            text, planted, meta = make_document(n, rng, error_rate)
            rel = f"docs/{n // 1000:03d}/report-{n:05d}.md"
            path = out / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            truth.write(json.dumps({"id": f"report-{n:05d}", "path": rel, "planted": planted}) + "\n")
            manifest.write(json.dumps({"path": rel, "id": f"report-{n:05d}", **meta}) + "\n")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out")
    ap.add_argument("--docs", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--error-rate", type=float, default=0.15)
    a = ap.parse_args()
    generate(Path(a.out), a.docs, a.seed, a.error_rate)
    print(f"{a.docs} documents in {a.out}")


if __name__ == "__main__":
    main()
