"""Drive a scan: inline (one process, no cluster) or through a Dask client.

Fault handling: a document that hangs, raises or exhausts memory is handled inside the worker
(:mod:`.sandbox`). A worker process that dies is replaced by its nanny and the scheduler reruns its
task elsewhere, up to ``allowed-failures`` times; a batch that still ends in ``KilledWorker`` is split
into one task per document. The scheduler blames every task a dead worker held, so a document killed
again may only have shared a worker with the poison one: it is rerun alone, with nothing else on the
cluster, and recorded as ``failed`` only if it kills its worker there too — so a poison document costs a
bounded number of attempts and takes no other document down with it.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .inputs import Item
from .progress import Progress
from .resume import remaining
from .sandbox import Limits, close_all
from .store import clean_orphans, has_part, read_table, set_token
from .tasks import BATCH_SIZE, Batch, make_batches, split
from .worker import STATUSES, run_batch, summary_of, write_failed


@dataclass
class ScanConfig:
    out: str
    settings: dict[str, Any]
    limits: Limits = field(default_factory=Limits)
    workers: int | None = None        # None: one worker process per core; 1: inline
    scheduler: str | None = None      # address of an existing cluster
    processes: bool = True            # LocalCluster workers as processes (False: threads, for tests)
    batch_size: int = BATCH_SIZE
    resume: bool = False
    worker_retries: int = 2           # times a task may lose its worker before it is split / failed
    progress: bool | None = None      # None: on a terminal only
    on_summary: Callable[[dict[str, Any]], None] | None = None   # called after each batch (tests, benchmarks)
    inline: bool | None = None        # None: inline exactly when workers == 1 and no scheduler

    @property
    def runs_inline(self) -> bool:
        if self.inline is not None:
            return self.inline and not self.scheduler
        return self.workers == 1 and not self.scheduler


def _totals(summaries: Sequence[dict[str, Any]], skipped: int, seconds: float) -> dict[str, Any]:
    status = {s: 0 for s in STATUSES}
    for s in summaries:
        for k, v in s["status"].items():
            status[k] = status.get(k, 0) + v
    status["skipped"] = status.get("skipped", 0) + skipped
    docs = sum(s["documents"] for s in summaries)
    return {"documents": docs, "skipped": skipped, "status": status,
            "claims": sum(s["claims"] for s in summaries),
            "with_findings": sum(s["with_findings"] for s in summaries),
            "seconds": round(seconds, 3), "docs_per_s": round(docs / seconds, 3) if seconds > 0 else None}


def _write_meta(out: Path, config: ScanConfig, totals: dict[str, Any]) -> None:
    meta = {"created": _dt.datetime.now(_dt.UTC).replace(microsecond=0).isoformat(),
            "settings": config.settings, "limits": asdict(config.limits), "batch_size": config.batch_size,
            "workers": config.workers, "scheduler": config.scheduler, "last_run": totals}
    tmp = out / ".scan.json.tmp"
    tmp.write_text(json.dumps(meta, indent=2), encoding="utf-8")
    os.replace(tmp, out / "scan.json")


def scan(items: Sequence[Item], config: ScanConfig) -> dict[str, Any]:
    """Audit ``items`` into ``config.out``; the totals of this run."""
    out = Path(config.out)
    out.mkdir(parents=True, exist_ok=True)
    if config.resume:
        todo, skipped = remaining(items, out)
    else:
        clean_orphans(out)
        if read_table(out, "documents", ["id"]).num_rows:
            from ..errors import UsageError

            raise UsageError(f"{out} already holds scan results: add --resume to continue that scan, "
                             "or give an empty --out folder")
        todo, skipped = list(items), 0
    token = _dt.datetime.now(_dt.UTC).strftime("%Y%m%dT%H%M%S") + "-" + secrets.token_hex(3)
    set_token(out, token)
    batches = make_batches(todo, token, config.batch_size)
    progress = Progress(len(todo), skipped=skipped, enabled=config.progress)
    t0 = time.perf_counter()
    summaries: list[dict[str, Any]] = []

    def done(summary: dict[str, Any]) -> None:
        summaries.append(summary)
        progress.update(summary)
        if config.on_summary is not None:
            config.on_summary(summary)

    try:
        if not batches:
            pass   # everything already recorded (--resume): no cluster to start
        elif config.runs_inline:
            try:
                for b in batches:
                    done(run_batch(b, str(out), config.settings, config.limits))
            finally:
                close_all()
        else:
            _scan_dask(batches, config, done)
    finally:
        progress.finish()
    totals = _totals(summaries, skipped, time.perf_counter() - t0)
    clean_orphans(out)
    _write_meta(out, config, totals)
    return totals


def _client(config: ScanConfig) -> tuple[Any, Any]:
    """A client on the given scheduler, or on a new LocalCluster (then also returned, to close)."""
    import logging

    import dask
    from distributed import Client, LocalCluster

    if config.scheduler:
        return Client(config.scheduler), None
    n = config.workers or os.cpu_count() or 1
    # The workers only run batches: no statistical profiler (it samples every 10 ms) and no dashboard.
    with dask.config.set({"distributed.scheduler.allowed-failures": config.worker_retries,
                          "distributed.worker.profile.enabled": False}):
        cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=config.processes,
                               dashboard_address=None, silence_logs=logging.CRITICAL)
    return Client(cluster), cluster


class ScanStopped(RuntimeError):
    """The cluster stopped making progress; the parts written so far stay for ``--resume``."""


#: Seconds the cluster may have no worker at all before the scan gives up (its parts stay for --resume).
NO_WORKER_TIMEOUT = 300.0
#: Seconds between checks on the cluster while waiting for results.
CHECK_EVERY = 5.0


def stall_limit(config: ScanConfig) -> float:
    """Seconds with workers but no finished task after which the scan gives up: longer than any one
    task may take (each document is bounded by its time limit), plus time to replace workers. Dask
    has been seen to leave a task pending for ever after repeated worker kills (dask/distributed#3196);
    a scan must end, and its parts stay for --resume."""
    return max(1, config.batch_size) * (config.limits.seconds + 10.0) + NO_WORKER_TIMEOUT


def _scan_dask(batches: list[Batch], config: ScanConfig, done: Callable[[dict[str, Any]], None]) -> None:
    from distributed import KilledWorker, wait

    client, cluster = _client(config)
    live: dict[str, tuple[Any, Batch]] = {}   # key -> (future, batch) not yet handled
    suspects: list[Batch] = []                # single documents killed while sharing the cluster
    alone: set[str] = set()                   # keys of tasks submitted with nothing else running
    out = Path(config.out)
    wanted = config.workers or os.cpu_count() or 1

    def submit(b: Batch, attempts: int, tag: str = "") -> None:
        fut = client.submit(run_batch, b, config.out, config.settings, config.limits, attempts,
                            key=f"claimaudit-scan-{b.part}{tag}", pure=False, retries=1)
        live[fut.key] = (fut, b)

    def handle(fut: Any) -> None:
        _, b = live.pop(fut.key)
        try:
            done(fut.result())
        except KilledWorker as exc:
            if has_part(out, b.part):    # its worker died after the batch was written
                docs = [d for d in read_table(out, "documents").to_pylist() if d["part"] == b.part]
                done(summary_of(b.part, docs, 0.0))
            elif len(b.items) > 1:
                for single in split(b):
                    submit(single, 2)
            elif fut.key not in alone:
                suspects.append(b)
            else:
                n = config.worker_retries + 1
                done(write_failed(b, config.out, f"its worker died {n} time{'s' if n > 1 else ''} while auditing "
                                                 f"it alone ({type(exc).__name__})", n))
        fut.release()

    try:
        for b in batches:
            submit(b, 1)
        idle_since: float | None = None
        progress_at, stall = time.monotonic(), stall_limit(config)
        while live or suspects:
            if not live:   # the suspects, one at a time: a worker that dies now died of this document
                b = suspects.pop(0)
                submit(b, 3, "-alone")
                alone.update(live)
            try:
                finished, _ = wait([f for f, _ in live.values()], timeout=CHECK_EVERY, return_when="FIRST_COMPLETED")
            except TimeoutError:
                finished = set()
            for fut in finished:
                handle(fut)
            if finished:
                idle_since = None
                progress_at = time.monotonic()
                continue
            # Nothing finished: is anyone working? A worker that could not be restarted is replaced.
            if client.scheduler_info().get("workers"):
                idle_since = None
                if time.monotonic() - progress_at > stall:
                    raise ScanStopped(f"no batch has finished for {stall:g} s although the "
                                       "cluster has workers; the parts written so far are kept (--resume "
                                       "continues the scan)")
                continue
            idle_since = idle_since or time.monotonic()
            if cluster is not None:
                cluster.scale(wanted)
            if time.monotonic() - idle_since > NO_WORKER_TIMEOUT:
                raise ScanStopped(f"the Dask cluster has had no worker for {NO_WORKER_TIMEOUT:g} s; the parts "
                                   "written so far are kept (--resume continues the scan)")
    except BaseException:
        if live:   # interrupted: stop what is queued; finished parts stay for --resume
            client.cancel([f for f, _ in live.values()], force=True)
        raise
    finally:
        try:
            client.run(close_all)
        except Exception:  # noqa: BLE001, S110  (workers may be gone already)
            pass
        client.close()
        if cluster is not None:
            cluster.close()
