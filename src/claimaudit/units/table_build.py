"""Building ``unit_table.json`` (:mod:`.table`) from the shipped definitions with pint.

Run ``python -m claimaudit.units.table_build`` after editing ``definitions.txt`` (``--check`` says
whether the shipped table is stale). A module of its own because it needs the registry, which
imports :mod:`.table` to read the table at run time.
"""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

from . import table as _table
from .registry import build_registry


def _ratio(x: Any) -> str:
    f = Fraction(x)
    return f"{f.numerator}/{f.denominator}"


def build_table() -> dict[str, Any]:
    """The table, computed with pint from the shipped definitions."""
    import pint

    reg = build_registry()
    units = {k: d.name for k, d in reg._units.items()}
    prefixes = {k: d.name for k, d in reg._prefixes.items()}
    prefix_values = {d.name: _ratio(d.value) for d in reg._prefixes.values()}
    roots: dict[str, list[Any]] = {}
    offset = []
    for name in sorted(set(units.values())):
        if not reg._units[name].is_multiplicative:
            offset.append(name)
            continue
        try:
            factor, _root = reg.get_root_units(name)
            dims = reg.get_dimensionality(name)
        except pint.errors.PintError:
            continue            # left to pint at run time, which raises the same error there
        # pint types exponents as any number, complex included; a dimension's exponent is real.
        pairs = [[str(d), int(e)] for d, e in sorted(dict(dims).items())]  # type: ignore[arg-type]
        if any(Fraction(e) != int(e) for e in dict(dims).values()):  # type: ignore[arg-type]
            continue
        roots[name] = [_ratio(factor), pairs, isinstance(factor, float)]
    return {"format": _table.TABLE_FORMAT, "definitions_sha256": _table.definitions_digest(), "pint": pint.__version__,
            "units": units, "prefixes": prefixes, "prefix_values": prefix_values, "roots": roots,
            "offset": offset}


def write_table(path: Path | None = None) -> Path:
    path = path or _table.table_path()
    text = json.dumps(build_table(), ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text + "\n", encoding="utf-8")
    tmp.replace(path)           # atomic: a reader never sees half a table
    return path


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args == ["--check"]:
        fresh = _table.load_table() is not None
        print("unit table is up to date" if fresh else
              f"unit table is stale or missing: run python -m claimaudit.units.table_build ({_table.table_path()})")
        return 0 if fresh else 1
    if args:
        print("usage: python -m claimaudit.units.table_build [--check]", file=sys.stderr)
        return 2
    print(f"wrote {write_table()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
