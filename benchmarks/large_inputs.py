"""Large and pathological inputs through the command line: time and peak memory per input.

    python benchmarks/large_inputs.py              # every family at 5 MiB
    python benchmarks/large_inputs.py --mib 1 --only md-source

Issue 17's target is that no input up to 5 MiB takes over 2 s or 500 MB. Each family below is
written into a fresh project in a temporary folder and run through ``claimaudit run`` (or
``claimaudit extract``) in a child process, so the figures include start-up, as a user sees it.
Printed per family: wall seconds, CPU seconds and the peak resident memory of the largest process
(the CLI or one of its child processes), the exit code, and the first line of what it said. A
family that is refused with a located error counts: refusing quickly is the bounded answer.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

MIB = 1 << 20

CLAIM = 'claims:\n  - id: a\n    source: s\n    quote: "the context extension took 119K"\n    value: 119K\n'


def _fill(unit: str, size: int) -> str:
    return (unit * (size // len(unit) + 1))[:size]


def _prose(size: int) -> str:
    para = ("Pre-training took 2,664K H800 GPU-hours, about $5.328M at $2 per GPU-hour; "
            "the context extension took 119K and post-training 5K, 2,788K in all.\n\n"
            "| stage | GPU-hours |\n|---|---|\n| pre-training | 2,664K |\n| total | 2,788K |\n\n")
    return _fill(para, size)


def _project(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        p = root / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")


def _source(fmt: str, body: str) -> dict[str, str]:
    return {"claims/c.yaml": CLAIM, f"sources/texts/s.{fmt}": body,
            "sources/s.yaml": f"id: s\ntitle: s\nfiles: [sources/texts/s.{fmt}]\n"}


def _claims(size: int) -> str:
    one = '  - {id: c%d, value: "%d.5 GPU", quote: "x %d"}\n'
    out, i, n = ["claims:\n"], 0, 9
    while n < size:
        s = one % (i, i, i)
        out.append(s)
        n += len(s)
        i += 1
    return "".join(out)


# family -> (command, files for a project of about `size` bytes)
FAMILIES: dict[str, tuple[list[str], Callable[[int], dict[str, str]]]] = {
    "yaml: many claims": (["run"], lambda n: {"claims/c.yaml": _claims(n)}),
    "yaml: tiny scalars": (["run"], lambda n: {"claims/c.yaml": "claims:\n" + _fill("- a\n", n)}),
    "yaml: one long quote": (["run"], lambda n: {"claims/c.yaml": 'claims:\n  - {id: a, value: "1", quote: "'
                                                 + _fill("x", n) + '"}\n'}),
    "yaml: long number": (["run"], lambda n: {"claims/c.yaml": 'claims:\n  - {id: a, value: "'
                                              + "1" + _fill(",111", n) + '"}\n'}),
    "md-doc: prose + claim block": (["run", "docs"], lambda n: {"docs/d.md": _prose(n) + "\n```claimaudit\n"
                                                               + CLAIM.replace("    source: s\n", "") + "```\n"}),
    "md-doc: many bad blocks": (["run", "docs"], lambda n: {"docs/d.md": _fill("x\n```claimaudit\nclaims: [\n```\n",
                                                                                 n)}),
    "md-source: prose": (["run"], lambda n: _source("md", _prose(n))),
    "md-source: [ runs": (["run"], lambda n: _source("md", _fill("[", n))),
    "md-source: emphasis runs": (["run"], lambda n: _source("md", _fill("*a ", n))),
    "md-source: <a<a": (["run"], lambda n: _source("md", _fill("<a", n))),
    "html-source: <a<a": (["run"], lambda n: _source("html", _fill("<a", n))),
    "html-source: table": (["run"], lambda n: _source("html", _fill("<tr><td>2,664K</td><td>5%</td></tr>", n))),
    "text-source: prose": (["run"], lambda n: _source("txt", _prose(n))),
    "text-source: digit run": (["run"], lambda n: _source("txt", _fill("1", n))),
    "extract: prose .md": (["extract", "d.md", "-o", "draft.yaml"], lambda n: {"d.md": _prose(n)}),
    "extract: digit run .txt": (["extract", "d.txt", "-o", "draft.yaml"], lambda n: {"d.txt": _fill("1", n)}),
}


_WRAPPER = """
import resource, subprocess, sys, time
t = time.perf_counter()
p = subprocess.run([sys.executable, "-m", "claimaudit", *sys.argv[1:]], capture_output=True, text=True,
                   errors="replace")
wall = time.perf_counter() - t
r = resource.getrusage(resource.RUSAGE_CHILDREN)
first = next((ln for ln in reversed((p.stdout + p.stderr).splitlines()) if ln.strip()), "")
print(first)
print(f"{wall:.3f} {r.ru_utime + r.ru_stime:.3f} {r.ru_maxrss} {p.returncode}")
"""


def measure(cmd: list[str], files: dict[str, str]) -> tuple[float, float, float, int, str]:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        _project(root, files)
        env = dict(os.environ, HOME=str(root / "home"), XDG_CACHE_HOME=str(root / "cache"), NO_COLOR="1")
        # A fresh wrapper process per input: RUSAGE_CHILDREN's ru_maxrss is the largest descendant
        # it waited for (KiB on Linux), which would otherwise carry over from the previous input.
        p = subprocess.run([sys.executable, "-c", _WRAPPER, *cmd], cwd=root, env=env,
                           capture_output=True, text=True, errors="replace", timeout=900)
        *lines, figures = p.stdout.rstrip("\n").split("\n")
        wall, cpu, peak, rc = figures.split()
        first = next((ln for ln in [*lines, *p.stderr.splitlines()] if ln.strip()), "")
        return float(wall), float(cpu), int(peak) / 1024, int(rc), first[:90]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mib", type=float, default=5.0, help="input size in MiB (default 5)")
    ap.add_argument("--only", default="", help="families whose name contains this text")
    args = ap.parse_args()
    size = int(args.mib * MIB) - 1024     # room for each family's wrapping, so a file stays within --mib
    print(f"{'family':30} {'wall s':>7} {'cpu s':>6} {'peak MiB':>8} exit  first line")
    over = 0
    for name, (cmd, make) in FAMILIES.items():
        if args.only and args.only not in name:
            continue
        wall, cpu, peak, rc, first = measure(cmd, make(size))
        flag = " *" if wall > 2.0 or peak > 500 else ""
        over += bool(flag)
        print(f"{name:30} {wall:7.2f} {cpu:6.2f} {peak:8.0f} {rc:4}  {first}{flag}")
    print(f"\n{over} famil{'y' if over == 1 else 'ies'} over 2 s or 500 MB (marked *), at {args.mib:g} MiB; "
          "peak memory is the largest single process; times include the CLI's start-up")


if __name__ == "__main__":
    main()
