"""``claimaudit run -n N``: audit independent groups of claim files in worker processes.

Files that may refer to each other — a dotted name ``stem.`` of another file anywhere in a file's text
(formulas, ``same_as:``, ``at_most:`` …), or two files with the same stem (one module) — are kept in
one group; the test is textual, so it can only join files that do not need it, never split files that
do. The groups are handed out largest first, to the worker processes and to the parent itself
(:class:`_Feeder`: whoever is free takes the next, so the processes finish together whatever else the
machine runs), several independent groups at a time while much is left (each audit of a part has its
own costs: the formulas parsed again, the setup), one at a time at the end; each audits its part exactly
as a serial run of those files would (collect, evaluate,
checkers, outcomes, report records), and the parent reads the workers' results back between its own
groups and merges the results, findings and errors back into the serial run's order. Runs with a
run-scope checker (it sees the whole run), runs with Markdown docs (a doc is a source any file may cite)
and runs of a single group are audited serially, and so are runs with more claims for CA111 to solve
than its per-run budget (``max_claims``: which ones it solves depends on the order of the whole run).
"""

from __future__ import annotations

import copyreg
import dataclasses
import itertools
import operator
import os
import re
import tempfile
import threading
from collections import deque
from collections.abc import Callable, Collection
from concurrent.futures import FIRST_COMPLETED, Future
from concurrent.futures import wait as futures_wait
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..model.load import module_name
from ..model.yamlmarks import MAX_FILE_BYTES
from ..numbers.rational import coprime
from ..tempfolder import TempFolder
from .collect import (
    DOC_SUFFIXES,
    collect,
    collect_sources,
    display_path,
    doc_sources,
    find_claim_files,
)
from .options import CHECKLIST_AUTO_LIMIT, RunOptions
from .records import prebuild_records, slim_result
from .run import SourceError, audit, paused_gc, run_claims, run_options

if TYPE_CHECKING:  # pragma: no cover
    from .results import RunResult

#: A function from a report record to the record the report holds (see run_claims_in_workers).
Prerender = Callable[[dict[str, Any]], dict[str, Any]]

# A name starts after no name character: the same names as without the look-behind, found 20% faster
# (the scan no longer retries the rest of every word that is not followed by a dot).
_DOTTED = re.compile(r"(?<![\w-])([\w-]+)\.")


def dotted_names(text: str) -> set[str]:
    """The names ``text`` writes before a dot (:data:`_DOTTED`), scanned in its words that hold one.

    No name spans whitespace (it is no name character), so the matches in the words with a dot,
    joined by spaces, are those in the whole text; the scan, a regular expression tried at every
    character, was 0.35 s of the parent's CPU before any worker starts at 100,000 claims (7.5 MB),
    the split 3.4× less."""
    return set(_DOTTED.findall(" ".join([word for word in text.split() if "." in word])))


def worker_count(text: str) -> int:
    """``auto`` -> the CPUs this process may use; else a whole number ≥ 1 (ValueError otherwise)."""
    if text.strip().lower() == "auto":
        try:
            return max(1, len(os.sched_getaffinity(0)))
        except AttributeError:  # pragma: no cover - not Linux
            return max(1, os.cpu_count() or 1)
    n = int(text)
    if n < 1:
        raise ValueError(text)
    return n


def file_groups(files: list[Path]) -> list[list[int]]:
    """Indices of ``files`` in groups that do not refer to each other (each group in file order)."""
    parent = list(range(len(files)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def union(a: int, b: int) -> None:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)

    by_stem: dict[str, int] = {}
    for i, f in enumerate(files):
        stem = module_name(f)
        if stem in by_stem:
            union(i, by_stem[stem])
        else:
            by_stem[stem] = i
    for i, f in enumerate(files):
        try:
            with open(f, "rb") as fh:
                text = fh.read(MAX_FILE_BYTES + 1).decode("utf-8", "replace")
        except OSError:
            continue     # the worker reports it, located, as a serial run would
        for name in dotted_names(text):
            j = by_stem.get(name)
            if j is not None:
                union(i, j)
    groups: dict[int, list[int]] = {}
    for i in range(len(files)):
        groups.setdefault(find(i), []).append(i)
    return list(groups.values())


def _largest_first(groups: list[list[int]], files: list[Path]) -> tuple[list[list[int]], list[int]]:
    """Groups by size (bytes of their files), largest first, and their sizes: the last ones to be
    audited are the smallest, so that the processes finish close together."""
    def size(g: list[int]) -> int:
        total = 0
        for i in g:
            try:
                total += files[i].stat().st_size
            except OSError:
                pass
        return total

    sized = sorted(((size(g), g) for g in groups), key=lambda sg: sg[0], reverse=True)
    return [g for _s, g in sized], [s for s, _g in sized]


class _Feeder:
    """Hands the groups out: the parent takes the next part whenever it has audited one, and each worker
    process is given the next part the moment it sends its results back (a callback in the pool's
    thread), so no process waits while another has work queued, however the machine's load falls. The
    parent reads the workers' results back between its own parts, while they audit.

    With ``sizes`` (of the groups, largest first), a part is as many groups as make at most a
    ``1 / (2 * processes)`` share of what is left (guided self-scheduling): big parts first, single
    groups at the end, so that there are fewer audits (each parses the formulas again and sets up its
    run) and the processes still finish within a small group of each other. Without, one group a part."""

    def __init__(self, groups: list[list[int]], submit: Callable[[list[int]], Future[str]],
                 sizes: list[int] | None = None, processes: int = 2) -> None:
        self.tasks = deque(zip(groups, sizes or [0] * len(groups), strict=True))
        self.left = sum(sizes or ())
        self.share = 2 * processes if sizes else 0
        self.lock = threading.Lock()
        self.running: list[tuple[list[int], Future[str]]] = []
        self._submit = submit
        self.stopped = False

    def _part(self) -> list[int]:
        """The next part (under the lock, with tasks left): file indices in file order."""
        group, took = self.tasks.popleft()
        part = list(group)
        target = (self.left / self.share) if self.share else 0
        while self.tasks and took + self.tasks[0][1] < target:
            more, size = self.tasks.popleft()
            part += more
            took += size
        self.left -= took
        return sorted(part)

    def next_group(self) -> list[int] | None:
        with self.lock:
            return self._part() if self.tasks and not self.stopped else None

    def feed(self) -> None:
        """Give a worker the next part, if any is left."""
        with self.lock:
            if not self.tasks or self.stopped:
                return
            group = self._part()
            try:
                future = self._submit(group)
            except RuntimeError:     # the pool is shutting down (the parent stopped: an error, Ctrl-C)
                self.stopped = True
                return
            self.running.append((group, future))
        future.add_done_callback(self._done)

    def stop(self) -> None:
        """No more groups to the workers (the run ended, or the parent stopped on an error)."""
        with self.lock:
            self.stopped = True

    def _done(self, future: Future[str]) -> None:
        if future.cancelled() or future.exception() is not None:
            self.stopped = True     # the parent raises it when it reads the result
        else:
            self.feed()

    def take(self, wait: bool) -> list[tuple[list[int], str]]:
        """The results the workers finished (``wait``: once every group is done, all of them)."""
        out = []
        while True:
            with self.lock:
                done = [(g, f) for g, f in self.running if f.done()]
                self.running = [(g, f) for g, f in self.running if not f.done()]
                pending = [f for _g, f in self.running]
                finished = not self.tasks or self.stopped
            out += [(g, f.result()) for g, f in done]
            if not wait or (finished and not pending):
                return out
            if pending:
                futures_wait(pending, return_when=FIRST_COMPLETED)


# -- a worker's results on their way to the parent --------------------------------------------------
# They are pickled once in the worker (here, with this module's reductions) and read once by the parent:
# this is the run's only serial cost besides the merge. The hot types get compact reductions: exact
# numbers skip the gcd on the way back (they are in lowest terms already), slotted dataclasses skip
# dataclasses' per-object field lookups. Only the run's own worker output is unpickled (from the run's
# private folder), never a file a user can write.

def _reduce_fraction(f: Fraction) -> tuple:
    return coprime, (f.numerator, f.denominator)


_FIELDS: dict[type, tuple[str, ...]] = {}


def _slotted(cls: type, values: tuple) -> Any:
    obj: Any = object.__new__(cls)
    for name, value in zip(_FIELDS[cls], values, strict=True):
        object.__setattr__(obj, name, value)
    return obj


def _reduce_slotted(obj: Any) -> tuple:
    cls = type(obj)
    return _slotted, (cls, tuple(getattr(obj, name) for name in _FIELDS[cls]))


def _reduce_settable(obj: Any) -> tuple:
    """A slotted dataclass that is not frozen: made and filled by the unpickler itself (NEWOBJ, then
    its slots set from the state), with no Python call per object: the parent reads ~3 a claim."""
    cls = type(obj)
    return copyreg.__newobj__, (cls,), (None, {name: getattr(obj, name) for name in _FIELDS[cls]})  # type: ignore[attr-defined]


def _pickler_table() -> dict[type, Any]:
    from ..errors import Location
    from ..model.claims import Citation, Given, Ignore
    from ..numbers.interval import Interval
    from ..units.quantity import Dims, Quantity

    table: dict[type, Any] = {Fraction: _reduce_fraction}
    # (a claim's citations, inputs and ignores: frozen, so dataclasses' own state functions, which
    # look the fields up for every object, are what they would cost otherwise)
    for cls in (Location, Interval, Dims, Quantity, Citation, Given, Ignore):
        _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
        frozen = getattr(cls, "__dataclass_params__").frozen   # noqa: B009 - not in the type stubs
        table[cls] = _reduce_slotted if frozen or hasattr(cls, "__setstate__") else _reduce_settable
    return table


def _dump(part: dict[str, Any], out: Any) -> None:
    """``part`` pickled into the binary file ``out``, with this module's reductions."""
    import pickle  # here, not at the top: a serial run (-n 1) does not pay for it

    pickler = pickle.Pickler(out, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = {**copyreg.dispatch_table, **_pickler_table()}
    pickler.dump(part)


def _worker_part(paths: list[str], root: str, options: RunOptions, formats: Collection[str] | None,
                 slim_above: int | None = None, prerender: Prerender | None = None,
                 pieces: str | None = None) -> dict[str, Any]:
    """:func:`_audit_bucket` in a worker, made ready to travel.

    A claim goes as loaded: its YAML mapping keeps the places of its keys and values as a few bytes
    (``MarkedDict``), which pickle at C speed; the parent builds a place only if it reads one, as a
    serial run does. (Swapping the mapping for plain dicts first built every claim's places as
    Location objects, in Python, to be pickled and read back: a fifth of the worker's packing.) The
    value as read (``reading``) served the checkers only. With more than ``slim_above`` results
    (None: never) the results go slim (:func:`~claimaudit.engine.records.slim_result`): their
    amounts are in their records already. With a ``pieces`` folder (the run's) and a ``prerender``
    that can store its pieces (reporters.prerender.Prerenderer), the records' pieces go to a file of
    their own there, read by the parent only as it writes the report: taken in with
    the pickle, they were a third of what the parent spent reading the workers' results back."""
    part = _audit_bucket(paths, root, options, formats, prerender)
    with paused_gc():
        slim = slim_above is not None and len(part["results"]) > slim_above
        for r in part["all_results"] + part["results"]:
            r.reading = None
        if slim:
            for r in part["results"]:
                slim_result(r)
        store = getattr(prerender, "store", None)
        if pieces is not None and store is not None:
            part["pieces"] = store(_records(part), pieces)
    return part


def _records(part: dict[str, Any]) -> list[Any]:
    """The records a part's results were sent with (see records.prebuild_records), in result order."""
    return [r.record[2] for r in part["results"] if r.record is not None]


def _audit_bucket_spooled(spool: str, paths: list[str], root: str, options: RunOptions,
                          formats: Collection[str] | None, slim_above: int | None,
                          prerender: Prerender | None, pieces: str | None = None) -> str:
    """:func:`_worker_part` in a worker, its pickle left in a file of the run's private folder.

    Through the pool's pipe, tens of megabytes go in 64 KB reads by the parent's pool thread, each one
    waiting for the GIL while the parent audits its own groups: the worker sat blocked in its send for
    seconds per group. A file is written as the pickle is made (no copy of it in memory first), and
    the parent reads it when it takes it."""
    part = _worker_part(paths, root, options, formats, slim_above, prerender, pieces)
    fd, path = tempfile.mkstemp(dir=spool, suffix=".pickle")
    with paused_gc(), os.fdopen(fd, "wb") as f:
        _dump(part, f)
    return path


def _unspool(path: str, prerender: Prerender | None = None, pieces: Any = None) -> dict[str, Any]:
    """A worker's part, read from its file in the pickle's own frames (reading the file into one
    bytes object first allocated, and faulted in, tens of megabytes the parent dropped at once), its
    records' pieces (if it stored them) left in their file, in ``pieces`` (a TempFolder, kept as long
    as a record reads from it), until the report is written."""
    import pickle

    with open(path, "rb") as f:
        part = pickle.load(f)  # noqa: S301 - the run's own worker output, from its private folder
    os.unlink(path)
    stored = part.pop("pieces", None)
    if stored is not None:
        getattr(prerender, "restore")(_records(part), stored, pieces)  # noqa: B009 - it stored them
    return part


def _audit_bucket(paths: list[str], root: str, options: RunOptions,
                  formats: Collection[str] | None, prerender: Prerender | None = None) -> dict[str, Any]:
    """One worker's share: per-file collection errors, the audited results with their report records
    for ``formats`` (built here, not in the parent, and passed through ``prerender``), evaluation errors."""

    rootp = Path(root)
    with paused_gc():
        files, collect_errors = [], []
        for p in paths:
            found, errs = collect([p], rootp, options.settings)
            files += found
            collect_errors.append(errs)
        sources, _errors = collect_sources(rootp)
        run = audit(files, [], rootp, options, sources, paths=[])
        prebuild_records(run.results, formats)
        if prerender is not None:
            for r in run.results:
                if r.record is not None:   # (brief, state, record): see records.prebuild_records
                    r.record = (*r.record[:2], prerender(r.record[2]))
    return {"collect_errors": collect_errors, "results": run.results, "all_results": run.all_results,
            "unavailable": _unavailable(run.results), "solvable": sum(map(_solvable, run.results)),
            "errors": run.errors, "collected": run.collected,
            "doc_sources": [(cf.path, doc_sources([cf])) for cf in files]}


def run_parallel(paths: list[str | Path], root: Path, options: RunOptions, t0: float,
                 formats: Collection[str] | None = None, slim: bool = False,
                 prerender: Prerender | None = None) -> RunResult | None:
    """The run of :func:`claimaudit.engine.run.run_claims` with ``options.workers`` processes, or None
    when it is better audited serially (one group, or a run-scope checker). Each result comes with
    its report record for ``formats`` (see :func:`claimaudit.engine.records.as_report`); ``slim``,
    ``prerender``: see :func:`run_claims_in_workers`."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from .results import RunResult

    files = find_claim_files(paths, root)
    if any(f.name.endswith(DOC_SUFFIXES) for f in files):
        return None
    groups = file_groups(files)
    if len(groups) < 2:
        return None
    run_scope, solve_budget = _checker_limits(root, options)
    if run_scope:
        return None
    shown = {display_path(f, root): i for i, f in enumerate(files)}
    # The checklist depends on the whole run's size: answered once, after the parts are merged.
    worker_options = dataclasses.replace(options, progress=None, workers=1, checklist="no")
    # Slim results lack the amounts the checklist reads: only when the run cannot get one.
    slim_above = None if not slim or options.checklist == "yes" else \
        0 if options.checklist == "no" else CHECKLIST_AUTO_LIMIT
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"

    def paths_of(group: list[int]) -> list[str]:
        return [str(files[i]) for i in group]

    processes = min(options.workers, len(groups))
    with paused_gc():
        _pickler_table()   # the field names _slotted needs, in this process too
        # The parent audits groups itself while the workers audit others: one process fewer to start,
        # and its share of the results needs no pickling.
        parts: list[tuple[list[int], dict[str, Any]]] = []
        # the workers' pickles: a folder only this user can read or write (mkdtemp makes it 0700)
        # and the records' pieces (JSON, HTML cards), read as the report is written: a folder that lasts
        # as long as a record reading from it (it need not exist unless the workers write pieces)
        pieces = TempFolder("claimaudit-pieces-") if hasattr(prerender, "store") else None
        with tempfile.TemporaryDirectory(prefix="claimaudit-n-") as spool, \
                ProcessPoolExecutor(processes - 1, mp_context=multiprocessing.get_context(method)) as pool:
            ordered, sizes = _largest_first(groups, files)
            feeder = _Feeder(ordered, lambda g: pool.submit(
                _audit_bucket_spooled, spool, paths_of(g), str(root), worker_options, formats, slim_above,
                prerender, pieces.path if pieces is not None else None), sizes, processes)
            try:
                for _ in range(processes - 1):
                    feeder.feed()
                while (group := feeder.next_group()) is not None:
                    parts.append((group, _audit_bucket(paths_of(group), str(root), worker_options, formats,
                                                       prerender)))
                    parts += [(g, _unspool(b, prerender, pieces)) for g, b in feeder.take(wait=False)]
                parts += [(g, _unspool(b, prerender, pieces)) for g, b in feeder.take(wait=True)]
            finally:
                feeder.stop()    # on an error here, the pool finishes the groups it has, and no more
        parts.sort(key=lambda gp: gp[0][0])   # in file order: errors without a file keep a stable order
        # (the claims to solve counted where each part was audited: here, once every result is in, a
        # pass over all of them was part of what the parent does alone)
        if solve_budget is not None and sum(p["solvable"] for _b, p in parts) > solve_budget:
            return None   # CA111 solves at most max_claims per run, in claim order: only a serial run agrees
        collect_errors: list[tuple[int, Any]] = []
        eval_errors: list[tuple[tuple[int, int], Any]] = []
        results, everything, docs = [], [], []
        for b, part in parts:
            for i, errs in zip(b, part["collect_errors"], strict=True):
                collect_errors += [(i, e) for e in errs]
            for e in part["errors"]:
                # A serial run lists duplicate-name errors, then unknown sources, each in file order.
                where = shown.get(str(getattr(getattr(e, "location", None), "file", "")), len(files))
                eval_errors.append(((1 if isinstance(e, SourceError) else 0, where), e))
            results += part["results"]
            everything += part["all_results"]
            docs += part["doc_sources"]

        # stable: each file's claims keep their order
        same = len(everything) == len(results) and all(map(operator.is_, everything, results))
        results = _in_file_order(results, shown, len(files))
        everything = results if same else _in_file_order(everything, shown, len(files))
        _say_unavailable_once(results, {id(r) for _b, p in parts for r in p["unavailable"]})
        docs.sort(key=lambda d: shown.get(d[0], len(files)))
        sources, src_errors = collect_sources(root)
        for _path, recs in docs:
            sources.update(recs)
        collect_errors.sort(key=lambda ie: ie[0])
        eval_errors.sort(key=lambda ke: ke[0])
        errors = [e for _i, e in collect_errors] + src_errors + [e for _k, e in eval_errors]
        run = RunResult(results=results, errors=errors, paths=[display_path(Path(p), root) for p in paths],
                        root=str(root), sources=sources, collected=sum(p["collected"] for _b, p in parts),
                        all_results=everything)
        if options.wants_checklist(len(results)):
            from ..classroom.checklist import annotate_run

            annotate_run(results)
        del parts   # the merged run's objects go to the oldest generation as the pause ends (paused_gc)
    run_options(run, options, t0)
    return run


_CLAIM_FILE = operator.attrgetter("claim.file")


def _in_file_order(results: list[Any], shown: dict[str, int], last: int) -> list[Any]:
    """``results`` sorted by their file's place in the run (stably), each key read once at C speed:
    the merge is part of what the parent does alone once the last worker result is in."""
    keys = list(map(shown.get, map(_CLAIM_FILE, results), itertools.repeat(last, len(results))))
    return list(map(results.__getitem__, sorted(range(len(results)), key=keys.__getitem__)))


def _unavailable(results: list[Any]) -> list[Any]:
    """The results that say a source text is missing (CA204), found where they were audited."""
    return [r for r in results if r.findings and any(f.code == "CA204" for f in r.findings)]


def _say_unavailable_once(results: list[Any], carriers: Collection[int]) -> None:
    """Each worker said a missing source text once (CA204); the merged run says it once, as a serial
    run does: on the first claim, in run order, that cites the source. ``carriers``: the ids of the
    results that say one (:func:`_unavailable`): only those are looked at."""
    said: set[str] = set()
    for r in [r for r in results if id(r) in carriers]:
        here = {src for f in r.findings if f.code == "CA204" and (src := (f.data or {}).get("source")) is not None}
        kept = [f for f in r.findings if not (f.code == "CA204" and (f.data or {}).get("source") in said)]
        if len(kept) != len(r.findings):
            r.findings = kept
        said |= here


def _checker_limits(root: Path, options: RunOptions) -> tuple[bool, int | None]:
    """(a run-scope checker is on, CA111's per-run budget of solved claims if it is on)."""
    if not options.checkers:
        return False, None
    from ..checkers.manager import get_manager

    checkers = get_manager(str(root)).instantiate(select=tuple(options.select), ignore=tuple(options.ignore),
                                                   overrides=getattr(options, "checker_config", None))
    budget = next((int(c.config["max_claims"]) for c in checkers if c.code == "CA111"), None)
    return any(c.scope == "run" for c in checkers), budget


def _solvable(r: Any) -> bool:
    """A claim CA111 would try to solve (and count against its budget)."""
    return bool(r.verdict == "underdetermined" and r.free and r.claim.formula and r.claim.value is not None)


def run_claims_in_workers(paths: list[str | Path], root: str | Path = ".", options: RunOptions | None = None,
                          formats: Collection[str] | None = None, *, slim: bool = False,
                          prerender: Prerender | None = None) -> RunResult:
    """:func:`~claimaudit.engine.run.run_claims` with ``options.workers`` processes: the same records in
    the same order, audited in parallel where the run splits into independent groups, else serially.
    ``formats``: what the run's report will be built for (``as_report(run, formats)``); the workers
    build those records, so that the parent only merges them. ``slim``: the caller reads the run
    through its records (``as_report``) and the results' claim, verdict, outcome, findings and extra
    only, so a worker's result whose record is complete comes without its amounts (``claimed``,
    ``recomputed``, ``inputs``: in ``shown`` as formatted in the record), which cuts what is pickled.
    ``prerender``: applied to each record where it is built (a picklable function from a record to the
    record the report holds: the CLI's writes the record's JSON and HTML card there, so that the parent
    only joins them, reporters/prerender.py); a record built again later is not passed through it."""
    import time

    options = options or RunOptions()
    paths = list(paths)
    if options.workers > 1:
        run = run_parallel(paths, Path(root), options, time.perf_counter(), formats, slim, prerender)
        if run is not None:
            return run
    return run_claims(paths, root, options)
