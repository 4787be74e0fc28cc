"""Copy the repository's demo project (claims/, sources/, claimaudit.toml) into the package data
``src/claimaudit/demo/project/`` that ``claimaudit demo`` writes out.

    python tools/sync_demo.py [--check]

``--check`` writes nothing and exits 1 when the package data differs (tests/test_demo.py runs it).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))
from claimaudit.demo import FOLDER, PATTERNS  # noqa: E402 - runs as a script: needs src/ on sys.path first

TARGET = REPO / "src" / "claimaudit" / "demo" / FOLDER


def wanted() -> dict[str, bytes]:
    return {p.relative_to(REPO).as_posix(): p.read_bytes() for pat in PATTERNS for p in sorted(REPO.glob(pat))}


def present() -> dict[str, bytes]:
    if not TARGET.is_dir():
        return {}
    return {p.relative_to(TARGET).as_posix(): p.read_bytes() for p in sorted(TARGET.rglob("*")) if p.is_file()}


def main() -> int:
    want, have = wanted(), present()
    stale = sorted(k for k in set(want) | set(have) if want.get(k) != have.get(k))
    if "--check" in sys.argv[1:]:
        for k in stale:
            print(f"differs: {k}")
        return 1 if stale else 0
    if TARGET.is_dir():
        shutil.rmtree(TARGET)
    for rel, data in want.items():
        out = TARGET / rel
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(data)
    print(f"wrote {len(want)} files to {TARGET.relative_to(REPO)}" + (f" ({len(stale)} changed)" if stale else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
