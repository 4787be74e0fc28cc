"""Timings of the number readers and the YAML loader on long inputs: does 16x the input cost ~16x the time?

Run:  PYTHONPATH=src python benchmarks/bench_linear.py [--repeat N]

tests/test_linear_time.py and tests/test_security_inputs.py check the same inputs by counting
Python-level steps (the same on any machine); this script prints the seconds, which also include
the regexes' and libyaml's own work. Data: the generated inputs below at 1x, 4x and 16x their base
size (2,000 characters for the readers, 200 claims for the YAML file); best of --repeat runs.
A linear reader shows ratios near 4 and 16, a quadratic one near 16 and 256.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from timing import best_of

from claimaudit.errors import NumberSyntaxError
from claimaudit.model.yamlmarks import load_yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from linear_support import READER_BASE, READERS, yaml_doc


def best(fn: Callable[[], object], repeat: int) -> float:
    return best_of(fn, repeat, expected=(NumberSyntaxError,))   # a long number refused: the reader's answer


def row(name: str, fn: Callable[[str], object], make: Callable[[int], str], base: int, repeat: int) -> None:
    inputs = [make(k * base) for k in (1, 4, 16)]    # built before the clock starts
    t1, t4, t16 = (best(lambda text=text: fn(text), repeat) for text in inputs)
    print(f"  {name:<34} {t1 * 1e3:9.2f} {t4 * 1e3:9.2f} {t16 * 1e3:9.2f}   x{t4 / t1:6.1f} x{t16 / t1:7.1f}")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    print(f"  {'case':<34} {'1x ms':>9} {'4x ms':>9} {'16x ms':>9}   {'4x/1x':>7} {'16x/1x':>8}")
    for name, (fn, make) in READERS.items():
        row(name, fn, make, READER_BASE, args.repeat)
    row("yaml: one-line claims", lambda text: load_yaml(text, "f.yaml"), yaml_doc, 200, args.repeat)


if __name__ == "__main__":
    main()
