"""Core benchmarks: claimaudit against a minimal Fraction-and-dict pipeline, scaling, memory, cold start, -n 2.

    python benchmarks/bench_core.py                 # 1k, 10k, 100k claims (5 interleaved reps at ≤10k)
    python benchmarks/bench_core.py --full          # also 1M claims, 5 reps at 100k, -n 2 on 100k claims
    python benchmarks/bench_core.py --sizes 10000 --reps 7 --skip-cold --skip-parallel
    python benchmarks/bench_core.py --memory-breakdown 10000   # what the peak memory per claim holds
    python benchmarks/bench_core.py --instructions 1000 3000   # instructions per phase (callgrind), growth

All times are process CPU time (``time.process_time`` in a child process that does one run), medians of
interleaved runs, so other load on the machine matters less than wall time would; cold start is wall time
of a whole ``claimaudit run`` (a person waits for it). Memory is the peak RSS of the child minus its RSS
after imports, per claim. The claims come from ``gen_claims.py`` (realistic shapes: given:, defaults:,
also_in:, cross-file reference chains, 万, ranges, qualifiers, rounding-heavy ratios). Their printed
values repeat (prices, shares, rows drawn from a few thousand values), so evaluation is also printed
with the value memos off: every printed value read afresh, the figure for claims whose values all differ.

The baseline (``baseline_verdicts`` below) is the least a program must do for the same job on those
shapes: libyaml's safe loader, a regular expression for printed numbers, Fraction intervals, a dict unit
table and a recursive-descent formula evaluator. It is checked to give the same verdict as claimaudit's
core on every claim before any figure is printed. It prints figures; it asserts nothing. Targets (issue
#14): end to end ≤ 3× the baseline, evaluation ≤ 40 µs/claim, 100k ≤ 10.5× the time of 10k, ≤ 3 KB per
claim, cold start ≤ 0.3 s with empty caches, -n 2 ≥ 1.7× serial.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
#: The claimaudit source tree measured (--src: another checkout, for before/after figures).
SRC = ROOT / "src"

# ---------------------------------------------------------------------------------------------
# The minimal baseline: what the job costs done plainly on gen_claims.py's shapes.

_NUM = re.compile(r"^(约 |over )?(\$)?([\d,]+(?:\.(\d+))?)(?:-([\d.]+))?(K|M|万)?(%|倍)?\s*(.*)$")
_GPU_TIME = (("[gpu]", 1), ("[time]", 1))
_UNITS: dict[str, tuple[Fraction, tuple]] = {
    "": (Fraction(1), ()), "GPU-hours": (Fraction(3600), _GPU_TIME), "天": (Fraction(86400), (("[time]", 1),)),
    "美元": (Fraction(1), (("[currency_USD]", 1),)), "GPU": (Fraction(1), (("[gpu]", 1),)),
    "$per GPU-hour": (Fraction(1, 3600), (("[currency_USD]", 1), ("[gpu]", -1), ("[time]", -1))),
    "$": (Fraction(1), (("[currency_USD]", 1),)),
}
_SCALE = {"K": 1000, "M": 10**6, "万": 10**4, None: 1}


def _dims(a: tuple, b: tuple, sign: int) -> tuple:
    acc = dict(a)
    for k, e in b:
        acc[k] = acc.get(k, 0) + sign * e
    return tuple(sorted((k, e) for k, e in acc.items() if e))


def _end(digits: str, decimals: str | None, scale: int, rounds: bool) -> tuple[Fraction, Fraction]:
    x = Fraction(digits.replace(",", "")) * scale
    if not rounds:
        return x, x
    half = Fraction(scale, 2 * 10 ** len(decimals or ""))
    return x - half, x + half


def baseline_read(text: str) -> tuple[str, Fraction, Fraction, Fraction, tuple]:
    """(relation, lo, hi, nominal, dims) of a printed value, in base units."""
    m = _NUM.match(text)
    if not m:
        raise ValueError(text)
    qual, dollar, num, dec, hi_text, mult, sign, unit = m.groups()
    scale = _SCALE[mult]
    if sign == "%":
        factor, dims = Fraction(1, 100), ()
    elif dollar:
        factor, dims = _UNITS["$" + unit]
    else:
        factor, dims = _UNITS[unit]
    rounds = bool(dec or mult or sign)
    lo, hi = _end(num, dec, scale, rounds)
    nominal = Fraction(num.replace(",", "")) * scale
    if hi_text:
        _lo2, hi = _end(hi_text, hi_text.partition(".")[2], scale, True)
        nominal = (nominal + Fraction(hi_text) * scale) / 2
    rel = {"约 ": "~", "over ": ">"}.get(qual or "", "=")
    return rel, lo * factor, hi * factor, nominal * factor, dims


_TOK = re.compile(r"\s*(?:([A-Za-z_][\w.]*)|(\d+)(?:\s+([A-Za-z]+))?|(\S))")


def _eval(formula: str, env) -> tuple[Fraction, Fraction, tuple]:  # env(name) -> (lo, hi, dims)
    toks = [m.groups() for m in _TOK.finditer(formula) if m.group(0).strip()]
    pos = 0

    def atom():
        nonlocal pos
        name, num, unit, _op = toks[pos]
        pos += 1
        if name:
            return env(name)
        if num:
            f, d = _UNITS[unit or ""]
            return Fraction(num) * f, Fraction(num) * f, d
        value = expr()
        pos += 1   # ')'
        return value

    def term():
        nonlocal pos
        a = atom()
        while pos < len(toks) and toks[pos][3] in ("*", "/"):
            op = toks[pos][3]
            pos += 1
            b = atom()
            f = (lambda x, y: x * y) if op == "*" else (lambda x, y: x / y)
            ps = (f(a[0], b[0]), f(a[0], b[1]), f(a[1], b[0]), f(a[1], b[1]))
            a = (min(ps), max(ps), _dims(a[2], b[2], 1 if op == "*" else -1))
        return a

    def expr():
        nonlocal pos
        a = term()
        while pos < len(toks) and toks[pos][3] in ("+", "-"):
            op = toks[pos][3]
            pos += 1
            b = term()
            a = (a[0] + b[0], a[1] + b[1], a[2]) if op == "+" else (a[0] - b[1], a[1] - b[0], a[2])
        return a

    return expr()


def baseline_verdicts(folder: Path) -> dict[str, str]:
    """qualname -> verdict for every claim of the generated files."""
    import yaml

    claims: dict[str, dict] = {}
    for path in sorted(folder.glob("*.yaml")):
        doc = yaml.load(path.read_text("utf-8"), Loader=yaml.CSafeLoader)
        for c in doc["claims"]:
            claims[f"{path.stem}.{c['id']}"] = c
    readings: dict[str, tuple] = {}

    def reading(q: str) -> tuple:
        r = readings.get(q)
        if r is None:
            r = readings[q] = baseline_read(str(claims[q]["value"]))
        return r

    out = {}
    for q, c in claims.items():
        rel, lo, hi, nominal, dims = reading(q)
        if "formula" not in c:
            out[q] = "stated"
            continue
        module = q.partition(".")[0]
        given = {k: baseline_read(v) for k, v in (c.get("given") or {}).items()}

        def env(name: str, given: dict = given, module: str = module) -> tuple:
            r = given.get(name) or reading(name if "." in name else f"{module}.{name}")
            return r[1], r[2], r[4]

        rlo, rhi, rdims = _eval(c["formula"], env)
        if rdims != dims:
            ok = False
        elif rel == ">":
            ok = rhi > lo
        else:
            if rel == "~":
                tol = abs(nominal) / 20
                lo, hi = min(lo, nominal - tol), max(hi, nominal + tol)
            ok = rlo <= hi and lo <= rhi
        out[q] = "consistent" if ok else "inconsistent"
    return out


# ---------------------------------------------------------------------------------------------
# Child processes: one measured run each.

CHILD = r"""
import json, os, resource, sys, time, gc, io
mode, folder = sys.argv[1], sys.argv[2]
def rss():
    with open('/proc/self/statm') as f:
        return int(f.read().split()[1]) * resource.getpagesize()
sys.path.insert(0, sys.argv[3])
if mode == 'baseline':
    import yaml, fractions, re
    from bench_core import baseline_verdicts
    base = rss(); t = time.process_time()
    v = baseline_verdicts(__import__('pathlib').Path(folder) / 'claims')
    el = time.process_time() - t
    out = {'cpu': el, 'n': len(v)}
else:
    from claimaudit.engine.run import run_claims, RunOptions, evaluate_files
    from claimaudit.engine.collect import collect
    from claimaudit.engine.records import as_report
    from claimaudit.reporters import render
    from claimaudit.units.registry import resolve_unit
    from pathlib import Path
    base = rss()
    try:
        from claimaudit.engine.run import paused_gc   # the run's phases run with the cyclic GC paused
    except ImportError:                               # an older claimaudit (--src): as it ran
        from contextlib import nullcontext as paused_gc
    if mode == 'phases-fresh':
        # Every printed value read afresh, as if no value repeated: the value memos off (the
        # printed-number memo and, where there is one, the readings memo; grammar caches stay).
        import claimaudit.numbers.printed as P
        import claimaudit.engine.evaluate as E
        P._memo = P._read
        class _Forget(dict):
            def __setitem__(self, key, value):
                pass
        E._readings = _Forget()
        mode = 'phases'
    if mode == 'phases':
        with paused_gc():
            t = time.process_time()
            files, errors = collect([folder + '/claims'], Path(folder))
            t1 = time.process_time()
            results, _ = evaluate_files(files)
            t2 = time.process_time()
        texts = [c.value for f in files for c in f.claims if c.value] + \
                [g.value for f in files for c in f.claims for g in c.given]
        out = {'load': t1 - t, 'eval': t2 - t1, 'n': len(results), 'values': len(texts), 'distinct': len(set(texts)),
               'verdicts': {r.claim.qualname: r.verdict for r in results} if len(sys.argv) > 4 else None}
    elif mode == 'workers':
        # As `claimaudit run --format FMT --checklist no [-n 2]` runs it (cli/run.py), timed in phases.
        w = int(sys.argv[4])
        import claimaudit.engine.parallel as par
        marks = {}
        if w > 1:
            from last_result import mark                  # marks['last']: the last worker result is in
            mark(par, marks)
            if hasattr(par, '_Feeder'):                   # marks['first']: the first part goes to the worker
                feed = par._Feeder.feed
                def _feed(self):
                    marks.setdefault('first', time.process_time())
                    return feed(self)
                par._Feeder.feed = _feed
        fmt = sys.argv[5] if len(sys.argv) > 5 else 'json'
        options = RunOptions(workers=w, checklist='no')
        t, wall = time.process_time(), time.perf_counter()
        with paused_gc():           # as `claimaudit run` runs (cli/run.py run_once: the whole command)
            if w > 1:
                try:
                    from claimaudit.reporters.prerender import prerenderer
                    extra = {'prerender': prerenderer({fmt})}
                except ImportError:
                    extra = {}
                run = par.run_claims_in_workers([folder + '/claims'], folder, options, formats={fmt}, slim=True,
                                                **extra)
            else:
                run = run_claims([folder + '/claims'], folder, options)
            t_run = time.process_time() - t
            # as to a redirected standard output: as bytes where the CLI writes the format so (outputs.py)
            import claimaudit.reporters.outputs as outputs
            raw = fmt in getattr(outputs, 'BYTES_FORMATS', ())
            with open(os.devnull, 'wb' if raw else 'w', **({} if raw else {'encoding': 'utf-8'})) as out:
                render(fmt, as_report(run, formats={fmt}), out)
        kids = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = time.process_time() - t
        out = {'cpu': cpu, 'run': t_run, 'children': kids.ru_utime + kids.ru_stime,
               'wall': time.perf_counter() - wall, 'n': len(run.results),
               'tail': cpu - (marks['last'] - t) if 'last' in marks else None,
               'first': marks['first'] - t if 'first' in marks else 0.0,
               'dynamic': hasattr(par, '_Feeder')}
    else:
        t = time.process_time()
        run = run_claims([folder + '/claims'], folder, RunOptions())
        try:                                          # records for the terminal, as `claimaudit run` builds them
            report = as_report(run, formats={'text'})
        except TypeError:                             # an older claimaudit (--src): complete records
            report = as_report(run)
        render('text', report, io.StringIO(), verbosity=-1)
        out = {'cpu': time.process_time() - t, 'n': len(run.results)}
out['mem'] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 - base
print(json.dumps(out))
"""


MEMORY = r"""
import collections, io, json, linecache, sys, tracemalloc
folder = sys.argv[1]
sys.path.insert(0, sys.argv[2])
from claimaudit.engine.run import run_claims, RunOptions
from claimaudit.engine.records import as_report
tracemalloc.start(40)
run = run_claims([folder + '/claims'], folder, RunOptions())
report = as_report(run, formats={'text'})
n = len(run.results)
phases, lines = collections.Counter(), collections.Counter()
for st in tracemalloc.take_snapshot().statistics('traceback'):
    ours = [f for f in st.traceback if '/claimaudit/' in f.filename]
    if not ours:
        phases['(outside claimaudit)'] += st.size
        continue
    phase = next((f.filename.rsplit('/', 1)[-1] for f in ours if '/checkers/' in f.filename
                  and not f.filename.endswith(('manager.py', 'step.py', 'base.py'))), None)
    phase = f'checker {phase}' if phase else next((p for f in ours for k, p in (
        ('/model/', 'loading (model)'), ('records.py', 'report records'), ('engine/evaluate.py', 'evaluation'))
        if k in f.filename), 'other')
    last = ours[-1]
    phases[phase] += st.size
    lines[(phase, f"{last.filename.split('claimaudit/')[-1]}:{last.lineno} "
                  f"{linecache.getline(last.filename, last.lineno).strip()[:60]}")] += st.size
print(json.dumps({'n': n, 'phases': phases.most_common(), 'lines': [(p, l, v) for (p, l), v in lines.most_common(25)]}))
"""


#: Run in a child under callgrind: the e2e run (records for the terminal, the text report), each phase
#: ending with a call of os.sched_get_priority_max, at which callgrind starts a new dump (--dump-before).
MARKED = r"""
import io, os, sys
folder = sys.argv[1]
sys.path.insert(0, sys.argv[2])
import claimaudit.checkers.step as step
import claimaudit.engine.records as records
import claimaudit.engine.run as run_mod
from claimaudit.reporters import render

def marked(module, name):
    real = getattr(module, name)
    def call(*a, **k):
        out = real(*a, **k)
        os.sched_get_priority_max(0)
        return out
    setattr(module, name, call)

for module, name in ((run_mod, "collect"), (run_mod, "evaluate_files"), (step, "run_checkers")):
    marked(module, name)
os.sched_get_priority_max(0)      # the imports end
run = run_mod.run_claims([folder + "/claims"], folder, run_mod.RunOptions())
os.sched_get_priority_max(0)      # the rest of the run: outcomes (and the checklist, on a small run)
report = records.as_report(run, formats={"text"})
os.sched_get_priority_max(0)
render("text", report, io.StringIO(), verbosity=-1)
os.sched_get_priority_max(0)
"""
#: The phases MARKED's dumps end, in order (the last dump: the process's exit).
MARKED_PHASES = ("imports", "load", "evaluation", "checkers", "outcomes", "records", "text report")


def instructions(sizes: list[int]) -> None:
    """Instructions executed per phase of the e2e run (callgrind), at each size, and their growth per
    claim: unlike CPU time on a shared machine (two hardware threads of a core slow each other), a
    count that other load does not change. Slow: about 4 minutes per 10,000 claims."""
    import glob
    import shutil

    from gen_claims import make

    valgrind = shutil.which("valgrind")
    if valgrind is None:
        raise SystemExit("valgrind is not installed")
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    rows: dict[int, list[int]] = {}
    for n in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            count = make(n, Path(tmp))
            out = Path(tmp) / "cg"
            subprocess.run([valgrind, "--tool=callgrind", "--dump-before=sched_get_priority_max",
                            f"--callgrind-out-file={out}.%p", sys.executable, "-c", MARKED, tmp,
                            str(ROOT / "benchmarks")], env=env, capture_output=True, check=True)
            counts = []
            for path in sorted(glob.glob(f"{out}.*.*"), key=lambda p: int(p.rsplit(".", 1)[1])):
                text = Path(path).read_text("utf-8", "replace")
                counts.append(int(re.search(r"^summary: (\d+)", text, re.M).group(1)))
            rows[count] = counts
            print(f"{count:>8} claims: " + ", ".join(f"{ph} {c / 1e9:.2f} G" for ph, c in zip(MARKED_PHASES, counts,
                                                                                                strict=False)),
                  flush=True)
    for a, b in itertools.pairwise(sorted(rows)):
        after = [rows[b][i] / rows[a][i] for i in range(1, min(len(rows[a]), len(rows[b])))]
        total = sum(rows[b][1:]) / sum(rows[a][1:])
        print(f"  growth {a} → {b} claims ({b / a:.2f}×) after the imports: {total:.3f}× the instructions ("
              + ", ".join(f"{ph} {g:.3f}×" for ph, g in zip(MARKED_PHASES[1:], after, strict=False)) + ")")


def memory_breakdown(folder: Path) -> None:
    """What is live per claim once the terminal's records are built (tracemalloc, grouped by the phase
    that allocated it and by the claimaudit line that did): where the peak memory goes."""
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    out = subprocess.run([sys.executable, "-c", MEMORY, str(folder), str(SRC)], env=env, capture_output=True,
                         text=True, check=False)
    if out.returncode:
        raise SystemExit(out.stderr)
    data = json.loads(out.stdout)
    n = data["n"]
    total = sum(v for _p, v in data["phases"])
    print(f"live memory after the text report's records, {n} claims (tracemalloc; fixed costs such as imports "
          f"count too): {total / n:.0f} B/claim")
    for phase, v in data["phases"]:
        if v / n >= 5:
            print(f"  {v / n:6.0f} B/claim  {phase}")
    print("  largest lines:")
    for phase, line, v in data["lines"]:
        print(f"  {v / n:6.0f} B/claim  [{phase}] {line}")


def child(mode: str, folder: Path, *extra: str) -> dict:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    out = subprocess.run([sys.executable, "-c", CHILD, mode, str(folder), str(ROOT / "benchmarks"), *extra],
                         env=env, capture_output=True, text=True, check=False)
    if out.returncode:
        raise SystemExit(out.stderr)
    return json.loads(out.stdout)


def check_verdicts(folder: Path) -> int:
    mine = child("phases", folder, "verdicts")["verdicts"]
    theirs = baseline_verdicts(folder / "claims")
    differ = [q for q in theirs if mine.get(q) != theirs[q]]
    if differ or len(mine) != len(theirs):
        q = differ[0] if differ else "(count)"
        raise SystemExit(f"baseline disagrees with claimaudit on {len(differ)} claims, e.g. {q}: "
                         f"claimaudit {mine.get(q)}, baseline {theirs.get(q)}")
    return len(theirs)


def scaling(sizes: list[int], reps: int, big_reps: int) -> dict[int, dict]:
    from gen_claims import make

    rows: dict[int, dict] = {}
    for n in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            count = make(n, folder)
            if n <= 10_000:
                check_verdicts(folder)
            runs: dict[str, list] = {"e2e": [], "base": [], "load": [], "eval": [], "fresh": [], "mem": []}
            for _ in range(reps if n <= 10_000 else big_reps):   # interleaved: one of each per round
                e2e = child("e2e", folder)
                runs["e2e"].append(e2e["cpu"])
                runs["mem"].append(e2e["mem"])
                runs["base"].append(child("baseline", folder)["cpu"])
                ph = child("phases", folder)
                runs["load"].append(ph["load"])
                runs["eval"].append(ph["eval"])
                runs["fresh"].append(child("phases-fresh", folder)["eval"])
            med = {k: statistics.median(v) for k, v in runs.items()}
            rows[count] = med
            us = {k: 1e6 * med[k] / count for k in ("e2e", "base", "load", "eval", "fresh")}
            print(f"{count:>8} claims ({len(runs['e2e'])} runs): end to end {us['e2e']:6.1f} µs/claim, "
                  f"baseline {us['base']:5.1f} µs/claim, ratio {med['e2e'] / med['base']:4.2f}×; "
                  f"load {us['load']:5.1f}, evaluation {us['eval']:5.1f} µs/claim; "
                  f"peak memory {med['mem'] / count / 1024:5.2f} KB/claim", flush=True)
            print(f"{'':>8} evaluation with the value memos off {us['fresh']:5.1f} µs/claim (every printed value "
                  f"read afresh; {ph['distinct']} distinct of {ph['values']} printed values here)", flush=True)
    counts = sorted(rows)
    for a, b in itertools.pairwise(counts):
        print(f"  growth {a} → {b} claims ({b / a:.0f}×): end to end {rows[b]['e2e'] / rows[a]['e2e']:.2f}×, "
              f"load {rows[b]['load'] / rows[a]['load']:.2f}×, evaluation {rows[b]['eval'] / rows[a]['eval']:.2f}×")
    return rows


def _timed(cmd: list[str], env: dict, cwd: Path = ROOT) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one child process: user + system time from wait4."""
    t = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _pid, _status, usage = os.wait4(proc.pid, 0)
    proc.returncode = 0
    return usage.ru_utime + usage.ru_stime, time.perf_counter() - t


def cold_start(reps: int) -> None:
    """The demo run with empty caches (a fresh HOME and XDG_CACHE_HOME each time) and warm ones, against
    ``python -c 'import yaml'``; interleaved; process CPU time (wall time is printed too, but on a shared
    machine it measures the other load). Three ways the modules are found: byte-compiled (as a wheel
    install leaves them; here in a PYTHONPYCACHEPREFIX folder); claimaudit from source (an editable
    install under PYTHONDONTWRITEBYTECODE=1, as on this machine: a copy of the sources without
    __pycache__, the standard library and the dependencies as installed); everything from source (an
    empty PYTHONPYCACHEPREFIX folder: no bytecode at all, the standard library's included)."""
    m = statistics.median
    with tempfile.TemporaryDirectory() as warm_home, tempfile.TemporaryDirectory() as pycache, \
            tempfile.TemporaryDirectory() as no_pycache, tempfile.TemporaryDirectory() as copy:
        import shutil

        shutil.copytree(SRC / "claimaudit", Path(copy) / "claimaudit", ignore=shutil.ignore_patterns("__pycache__"))
        base = {k: v for k, v in os.environ.items()
                if not k.startswith(("CLAIMAUDIT_", "XDG_"))
                and k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")}
        base["PYTHONPATH"] = str(SRC)
        modes = {"byte-compiled": {**base, "PYTHONPYCACHEPREFIX": pycache},
                 "claimaudit from source": {**base, "PYTHONPATH": copy, "PYTHONDONTWRITEBYTECODE": "1"},
                 # an empty prefix folder: no __pycache__ beside any source is read either
                 "everything from source": {**base, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPYCACHEPREFIX": no_pycache}}
        where = subprocess.run([sys.executable, "-c", "import claimaudit; print(claimaudit.__file__)"],
                               env=modes["claimaudit from source"], capture_output=True, text=True, check=True)
        if not where.stdout.startswith(copy):
            raise SystemExit(f"the source copy is not the one imported: {where.stdout.strip()}")
        run = [sys.executable, "-m", "claimaudit", "run", "-q", "--no-report", "--root", str(ROOT)]
        warm = {"HOME": warm_home, "XDG_CACHE_HOME": warm_home + "/.cache"}
        _timed(run, {**modes["byte-compiled"], **warm})   # compiles the modules, fills whatever cache it keeps
        runs: dict[str, list[tuple[float, float]]] = {}
        load = os.getloadavg()[0]
        for _ in range(reps):
            runs.setdefault("floor", []).append(_timed([sys.executable, "-c", "import yaml"], modes["byte-compiled"]))
            for label, env in modes.items():
                with tempfile.TemporaryDirectory() as home:
                    empty = {"HOME": home, "XDG_CACHE_HOME": home + "/.cache"}
                    runs.setdefault(f"{label}, empty caches", []).append(_timed(run, {**env, **empty}))
                if label == "byte-compiled":
                    runs.setdefault(f"{label}, warm caches", []).append(_timed(run, {**env, **warm}))
    floor = runs.pop("floor")
    print(f"cold start of the demo (`claimaudit run -q --no-report`, {reps} interleaved runs, CPU s [wall s], "
          f"medians; load average {load:.1f} before, {os.getloadavg()[0]:.1f} after); "
          f"floor `python -c 'import yaml'` {m(c for c, _w in floor):.3f} [{m(w for _c, w in floor):.3f}]:")
    for label, v in runs.items():
        cpu = sorted(c for c, _w in v)
        print(f"  {label:<38} {m(cpu):.3f} [{m(w for _c, w in v):.3f}]  (CPU min {cpu[0]:.3f}, max {cpu[-1]:.3f})",
              flush=True)


def parallel(n: int, files: int, reps: int, formats: tuple[str, ...] = ("json", "text")) -> None:
    """-n 2 against serial on ``n`` claims in ``files`` files (engine run + the report in each of ``formats``,
    written to /dev/null as to a redirected standard output; no checklist), as `claimaudit run --format F`
    runs it: the cyclic collector paused for the whole command (cli/run.py run_once).

    Measured: the serial run's CPU time; with -n 2 the parent's CPU time (it audits groups too, reads the
    worker's results back, merges, writes the report) until the last worker result is in and after it,
    and the worker's; the wall times. On a shared machine wall time measures the other load, so the
    speed-up on an idle 2-core machine is also estimated from CPU time: serial / (the parent's part
    before the first part goes to the worker + the parallel phase + the parent's part after it), the
    parallel phase being half the two processes' CPU when groups are handed out one at a time (the
    longer one's with fixed buckets, as before; the part before the worker has any is the parent's
    alone: it was counted as parallel, halved, until 2026-12). The JSON output of
    `claimaudit run --format json` with and without -n 2 is compared once, as text (all but the times)."""
    from gen_claims import make

    m = statistics.median
    with tempfile.TemporaryDirectory() as tmp:
        count = make(n, Path(tmp), per_file=max(14, n // files))
        for fmt in formats:
            serial, par = [], []
            for _ in range(reps):
                serial.append(child("workers", Path(tmp), "1", fmt))
                par.append(child("workers", Path(tmp), "2", fmt))
            s_cpu, s_wall = m(r["cpu"] for r in serial), m(r["wall"] for r in serial)
            p_cpu, p_kids, p_wall = m(r["cpu"] for r in par), m(r["children"] for r in par), m(r["wall"] for r in par)
            p_tail = m(r["tail"] for r in par)
            dynamic = par[0]["dynamic"]
            # On 2 idle cores: groups handed out one at a time (dynamic) keep both processes busy until the
            # last worker result is in, so that phase takes half their CPU; fixed buckets take the longer
            # one's. After it, the parent alone (last results read back, merge, records, the report).
            before = p_cpu - p_tail
            estimates = [s_cpu / (max(r["cpu"] - r["tail"], r["children"]) + r["tail"]) for r in par]
            if dynamic:
                # the parent alone before the first part goes to the worker (finding the files, their
                # groups, the checkers), then both processes, then the parent alone again
                estimates = [s_cpu / (r["first"] + (r["cpu"] - r["tail"] - r["first"] + r["children"]) / 2 + r["tail"])
                             for r in par]
            same = ""
            if fmt == "json":
                env = {**os.environ, "PYTHONPATH": str(SRC)}
                outputs = {}
                for label, extra in (("serial", []), ("-n 2", ["-n", "2"])):
                    out = subprocess.run([sys.executable, "-m", "claimaudit", "run", "--root", tmp, "--no-report",
                                          "--checklist", "no", "--format", "json", *extra, tmp + "/claims"],
                                         env=env, capture_output=True, text=True, check=False)
                    outputs[label] = _comparable(out.stdout)
                same = f"; JSON output identical: {outputs['serial'] == outputs['-n 2']}"
            ceiling = _side_by_side(Path(tmp), fmt, s_wall)
            print(f"-n 2 on {count} claims in {files} files, --format {fmt} ({reps} interleaved runs, medians; "
                  f"load average {os.getloadavg()[0]:.1f} after): serial CPU {s_cpu:.2f} s; -n 2 parent CPU "
                  f"{p_cpu:.2f} s ({m(r['first'] for r in par):.2f} before the first part goes to the worker, "
                  f"{before:.2f} until the last worker result is in, {p_tail:.2f} after) + worker "
                  f"CPU {p_kids:.2f} s (overhead {100 * ((p_cpu + p_kids) / s_cpu - 1):+.0f}%); estimated speed-up "
                  f"on 2 idle cores {m(estimates):.2f}× (runs {min(estimates):.2f}–{max(estimates):.2f}×, "
                  f"{'groups handed out one at a time' if dynamic else 'fixed buckets'}); wall here {s_wall:.2f} s "
                  f"vs {p_wall:.2f} s ({s_wall / p_wall:.2f}×){same}; {ceiling}", flush=True)


def _side_by_side(folder: Path, fmt: str, alone: float) -> str:
    """What this machine allows: two serial runs started together, against one alone (``alone``, its
    median wall time). Two processes share the caches and the memory bus, so each runs slower than
    alone; 2 × alone / (their wall time) is the most -n 2 could gain with no cost of its own."""
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    cmd = [sys.executable, "-c", CHILD, "workers", str(folder), str(ROOT / "benchmarks"), "1", fmt]
    t = time.perf_counter()
    procs = [subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for _ in range(2)]
    for p in procs:
        p.wait()
    both = time.perf_counter() - t
    return (f"two serial runs side by side {both:.2f} s against {alone:.2f} s alone: the ceiling for -n 2 "
            f"here is {2 * alone / both:.2f}×")


def _comparable(text: str) -> str:
    """The JSON text with the times of the run and of each claim (all that may differ) blanked out."""
    return re.sub(r'^(\s*"(?:created|duration)": )[^,\n]*', r"\1_", text, flags=re.M)


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description="claimaudit core benchmark (prints figures)")
    ap.add_argument("--sizes", type=int, nargs="+", default=None, help="claim counts (default 1000 10000 100000)")
    ap.add_argument("--reps", type=int, default=5, help="interleaved runs at ≤ 10k claims")
    ap.add_argument("--big-reps", type=int, default=None, help="runs above 10k claims (default 1, 5 with --full)")
    ap.add_argument("--full", action="store_true", help="add 1M claims, 5 runs at 100k, -n 2 on 100k claims")
    ap.add_argument("--skip-cold", action="store_true")
    ap.add_argument("--skip-parallel", action="store_true")
    ap.add_argument("--skip-scaling", action="store_true")
    ap.add_argument("--parallel-claims", type=int, default=None,
                    help="claims for -n 2 (default 20000, 100000 with --full)")
    ap.add_argument("--src", type=Path, default=None, help="measure the claimaudit sources in this folder")
    ap.add_argument("--instructions", type=int, nargs="+", default=None, metavar="N",
                    help="only count the instructions of each phase at these claim counts (callgrind; slow)")
    ap.add_argument("--memory-breakdown", type=int, default=None, metavar="N",
                    help="only print what is live per claim at the peak (tracemalloc) on N generated claims")
    a = ap.parse_args()
    if a.src:
        SRC = a.src.resolve()
    sizes = a.sizes or ([1000, 10_000, 100_000, 1_000_000] if a.full else [1000, 10_000, 100_000])
    big_reps = a.big_reps or (5 if a.full else 1)
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    if a.instructions:
        instructions(a.instructions)
        raise SystemExit(0)
    if a.memory_breakdown:
        from gen_claims import make

        with tempfile.TemporaryDirectory() as tmp:
            make(a.memory_breakdown, Path(tmp))
            memory_breakdown(Path(tmp))
        raise SystemExit(0)
    if not a.skip_cold:
        cold_start(a.reps)
    if not a.skip_scaling:
        scaling(sizes, a.reps, big_reps)
    if not a.skip_parallel:
        parallel(a.parallel_claims or (100_000 if a.full else 20_000), 100, 3 if not a.full else 5)
