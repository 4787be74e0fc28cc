"""Small documents for the scan tests: a table whose total is right or wrong, and a rate sentence."""

from __future__ import annotations

from pathlib import Path


def doc_text(n: int, *, wrong: bool = False, fault: str = "") -> str:
    a, b, c = 100 + n, 20 + n % 7, 3 + n % 5
    total = a + b + c + (10 if wrong else 0)
    return (f"# Report {n}\n\n| Stage | GPU hours |\n|---|---|\n| Pre-training | {a}K |\n"
            f"| Fine-tuning | {b}K |\n| Evaluation | {c}K |\n| Total | {total}K |\n\n"
            + (f"<!-- FAULT:{fault} -->\n" if fault else ""))


def make_corpus(folder: Path, n: int, *, wrong: set[int] = frozenset(),
                faults: dict[int, str] | None = None) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    faults = faults or {}
    paths = []
    for k in range(n):
        p = folder / f"doc{k:03d}.md"
        p.write_text(doc_text(k, wrong=k in wrong, fault=faults.get(k, "")), encoding="utf-8")
        paths.append(p)
    return paths
