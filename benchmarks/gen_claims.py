"""Generate N synthetic claims over many files, shaped like the bundled corpus.

    python benchmarks/gen_claims.py 10000 /tmp/synthetic   # writes /tmp/synthetic/claims/*.yaml

Each file holds rows, a total row, a cost at a price, a ratio and a percentage, with printed values
rounded the way documents round them; about 5% of totals are deliberately off so the run has
findings to report.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path


def make(n_claims: int, out: Path, per_file: int = 50, seed: int = 7) -> int:
    rng = random.Random(seed)
    folder = out / "claims"
    folder.mkdir(parents=True, exist_ok=True)
    written = 0
    f = 0
    while written < n_claims:
        lines = ["source: synthetic", "claims:"]
        k = 0
        while k < per_file and written + k < n_claims:
            rows = [rng.randint(1, 9000) for _ in range(3)]
            total = sum(rows) + (rng.choice([0] * 19 + [7]))
            price = rng.choice([2, 3, 5])
            names = []
            for j, r in enumerate(rows):
                lines += [f"  - id: r{k}_{j}", f"    quote: row {j} of table {k}", f"    value: {r}K GPU-hours"]
                names.append(f"r{k}_{j}")
            lines += [f"  - id: t{k}", f"    value: {total:,}K GPU-hours", f"    formula: {' + '.join(names)}"]
            lines += [f"  - id: p{k}", f"    value: ${price} per GPU-hour"]
            cost = total * price / 1000
            lines += [f"  - id: c{k}", f"    value: ${cost:.3f}M", f"    formula: t{k} * p{k}"]
            share = rows[0] / sum(rows) * 100
            lines += [f"  - id: s{k}", f"    value: {share:.1f}%", f"    formula: r{k}_0 / (r{k}_0 + r{k}_1 + r{k}_2)"]
            lines += [f"  - id: d{k}", f"    value: {rows[0] * 1000 / 2048 / 24:.1f} 天", f"    formula: r{k}_0 / (2048 GPU)"]
            k += 8
        (folder / f"f{f:04d}.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
        written += k
        f += 1
    return written


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    out = Path(sys.argv[2]) if len(sys.argv) > 2 else Path("/tmp/claimaudit-synthetic")
    print(f"wrote {make(n, out)} claims under {out / 'claims'}")
