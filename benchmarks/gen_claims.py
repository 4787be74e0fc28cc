"""Generate N synthetic claims over many files, in the shapes real claim files use.

    python benchmarks/gen_claims.py 10000 /tmp/synthetic [--per-file 50]   # writes /tmp/synthetic/claims/*.yaml

Each block of 14 claims has: rows printed with a K multiplier (some cited ``also_in:`` a second
source), a total of the rows (about 5% deliberately off by 7K, so the run has findings), a price,
a cost at that price in ``$…M``, a share in percent, a duration in 天 from an inline quantity
(``2048 GPU``), a claim with ``given:`` inputs printed in 万美元, a reference chain across files
(each file's ``x`` adds the previous file's ``x`` in its group of four files, so files reference
each other in independent groups), an ``约`` (about) claim, an ``over`` bound, a range
(``12.1-14.9%``) and a ratio in ``倍`` printed to two decimals (rounding decides it; about 10%
printed one last digit off). Every other file has ``defaults:``. The shapes are those of
claims/*.yaml; ``bench_core.py`` checks a minimal pipeline gives the same verdicts on them.
"""

from __future__ import annotations

import argparse
import random
import tempfile
from pathlib import Path

#: Claims in one block (see the module docstring).
BLOCK = 14
#: Files in one group of files that reference each other (the reference chain).
GROUP = 4


def _block(rng: random.Random, f: int, k: int) -> tuple[list[str], int]:
    rows = [rng.randint(100, 9000) for _ in range(3)]
    total = sum(rows) + rng.choice([0] * 19 + [7])
    price = rng.choice([2, 3, 5])
    names = [f"r{k}_{j}" for j in range(3)]
    out: list[str] = []
    for j, r in enumerate(rows):
        out += [f"  - id: r{k}_{j}", f"    quote: row {j} of table {k}", f"    value: {r}K GPU-hours"]
        if j == 0:
            out += ["    also_in:", f"      - {{source: synthetic-b, at: \"Table {k}\"}}"]
    out += [f"  - id: t{k}", f"    value: {total:,}K GPU-hours", f"    formula: {' + '.join(names)}"]
    out += [f"  - id: p{k}", f"    value: ${price} per GPU-hour"]
    out += [f"  - id: c{k}", f"    value: ${total * price / 1000:.3f}M", f"    formula: t{k} * p{k}"]
    share = rows[0] / sum(rows) * 100
    out += [f"  - id: s{k}", f"    value: {share:.1f}%", f"    formula: r{k}_0 / (r{k}_0 + r{k}_1 + r{k}_2)"]
    out += [f"  - id: d{k}", f"    value: {rows[0] * 1000 / 2048 / 24:.1f} 天", f"    formula: r{k}_0 / (2048 GPU)"]
    hours, rate = rows[1], rng.choice([2, 3])
    out += [f"  - id: g{k}", f"    quote: 成本约 {hours * rate / 10:.1f} 万美元",
            f"    value: {hours * rate / 10:.1f}万美元",
            "    formula: hours * rate", "    given:", f"      hours: \"{hours}K GPU-hours\"",
            f"      rate: \"${rate} per GPU-hour\""]
    prev = f"f{f - 1:04d}.x{k} + " if f % GROUP else ""
    chain = f"{prev}t{k}"
    out += [f"  - id: x{k}", f"    formula: {chain}", "    value: X"]    # value filled by the caller
    out += [f"  - id: a{k}", f"    value: 约 {round(share)}%", f"    formula: s{k}"]
    out += [f"  - id: o{k}", f"    value: over {int(sum(rows) * 0.9):,}K GPU-hours",
            f"    formula: {' + '.join(names)}"]
    lo, hi = share * 0.9, share * 1.1
    out += [f"  - id: q{k}", f"    value: {lo:.1f}-{hi:.1f}%", f"    formula: s{k}"]
    ratio = rows[0] / rows[1]
    off = rng.choice([0] * 9 + [1])
    out += [f"  - id: h{k}", f"    value: {ratio + off / 100:.2f}倍", f"    formula: r{k}_0 / r{k}_1"]
    return out, total


def make(n_claims: int, out: Path, per_file: int = 56, seed: int = 7) -> int:
    """Write about ``n_claims`` claims (whole blocks of 14) in files of ``per_file`` claims."""
    rng = random.Random(seed)
    folder = out / "claims"
    folder.mkdir(parents=True, exist_ok=True)
    blocks_per_file = max(1, per_file // BLOCK)
    n_blocks = max(1, round(n_claims / BLOCK))
    n_files = -(-n_blocks // blocks_per_file)
    chain_totals: dict[tuple[int, int], int] = {}   # (file, block) -> printed total sum of the chain, in K
    written = 0
    for f in range(n_files):
        lines = ["source: synthetic", f"title: synthetic file {f}"]
        if f % 2:
            lines += ["defaults:", "  approx: 5%", "  rounding: auto"]
        lines.append("claims:")
        for k in range(blocks_per_file):
            if f * blocks_per_file + k >= n_blocks:
                break
            block, total_k = _block(rng, f, k)
            # The chain of x claims (only blocks with a partner in the previous file join the chain).
            prev = chain_totals.get((f - 1, k), 0) if f % GROUP else 0
            if f % GROUP and (f - 1, k) not in chain_totals:
                block = [line.replace(f"f{f - 1:04d}.x{k} + ", "") for line in block]
            chain_totals[(f, k)] = prev + total_k
            block = [line.replace("value: X", f"value: {chain_totals[(f, k)]:,}K GPU-hours") for line in block]
            lines += block
            written += BLOCK
        (folder / f"f{f:04d}.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return written


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", type=int, nargs="?", default=10000)
    ap.add_argument("out", type=Path, nargs="?", default=Path(tempfile.gettempdir()) / "claimaudit-synthetic")
    ap.add_argument("--per-file", type=int, default=56)
    a = ap.parse_args()
    print(f"wrote {make(a.n, a.out, a.per_file)} claims under {a.out / 'claims'}")
