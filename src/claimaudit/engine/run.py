"""The engine: collect → resolve references → evaluate → run checkers → outcomes.

Front ends (the CLI, the pytest plugin, extraction, classroom) call :func:`run_claims` or
:func:`audit`; nothing here imports pytest or the CLI.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from pathlib import Path

from ..errors import InputError
from ..gcpause import paused_gc  # its home is below the layers (the command line pauses its start-up too)
from ..model.claims import Claim, ClaimFile
from ..model.sources import SourceRecord
from ..suggest import did_you_mean
from ..units.declared import claim_vocabulary
from .collect import collect, collect_sources, display_path, doc_sources
from .evaluate import Evaluator
from .options import RunOptions
from .resolve import NameError_, Namespace, order
from .results import ClaimResult, Finding, RunResult, release_intermediates

#: How often (in claims) a long run reports progress.
PROGRESS_EVERY = 500


class SourceError(InputError):
    code = "CA010"


def dependencies(claims: list[Claim], ns: Namespace,
                 evaluator: Evaluator) -> tuple[dict[str, list[str]], dict[str, InputError]]:
    """Which claims each claim's formula uses (qualnames), and the claims whose names cannot resolve.

    The names are resolved by ``evaluator`` (:meth:`Evaluator.inputs_of`), which keeps them for
    evaluating the claim: each formula is parsed and each of its names looked up once per run."""
    deps: dict[str, list[str]] = {}
    broken: dict[str, InputError] = {}
    for c in claims:
        if not c.formula:
            continue
        try:
            sources = evaluator.inputs_of(c)
        except InputError as exc:
            broken[c.qualname] = exc
            continue
        ds = []
        for i, dep in enumerate(sources):
            if dep is not None and not isinstance(dep, Claim):
                continue            # a local input (given:)
            if dep is None:
                name = evaluator.formula(c).names[i]
                if c.qualname not in broken:
                    broken[c.qualname] = NameError_(
                        f"unknown name {name!r} in formula: not a claim in {c.module} nor a 'given' input",
                        location=c.formula_location or c.location,
                        suggestions=did_you_mean(name, ns.visible_names(c)))
                continue
            if dep.qualname == c.qualname:
                broken[c.qualname] = NameError_(f"claim {c.id!r} refers to itself", location=c.formula_location)
                continue
            ds.append(dep.qualname)
        deps[c.qualname] = ds
    return deps, broken


def _evaluate_in_order(ordered: list[Claim], broken: dict[str, InputError], evaluator: Evaluator,
                       options: RunOptions) -> None:
    total = len(ordered)
    for done, c in enumerate(ordered):
        if options.progress and done % PROGRESS_EVERY == 0:
            options.progress(done, total)
        if c.qualname in broken:
            exc = broken[c.qualname]
            res = ClaimResult(c, verdict="error", error=str(exc))
            res.add(Finding(exc.code, "error", exc.message + (
                " (did you mean " + " or ".join(repr(s) for s in exc.suggestions) + "?)" if exc.suggestions else ""),
                "input", location=exc.location or c.location))
            evaluator.results[c.qualname] = res
            continue
        t0 = time.perf_counter()
        res = evaluator.evaluate(c)
        res.duration = time.perf_counter() - t0


def evaluate_files(files: Sequence[ClaimFile], options: RunOptions | None = None,
                   sources: dict[str, SourceRecord] | None = None) -> tuple[list[ClaimResult], list[InputError]]:
    """Evaluate every claim of ``files`` (references may cross files); results in file order."""
    options = options or RunOptions()
    ns = Namespace()
    errors: list[InputError] = []
    all_claims: list[Claim] = []
    for cf in files:
        for c in cf.claims:
            err = ns.add(c)
            if err is not None:
                errors.append(err)
            else:
                all_claims.append(c)
    evaluator = Evaluator(ns.lookup)
    deps, broken = dependencies(all_claims, ns, evaluator)
    ordered, cyclic = order(all_claims, deps)
    broken.update({k: v for k, v in cyclic.items() if k not in broken})
    with claim_vocabulary(options.settings.units):   # entered once: most claims read their units so
        _evaluate_in_order(ordered, broken, evaluator, options)
    if sources is not None:
        for c in all_claims:
            for sid in [c.source] + [a.source for a in c.also_in]:
                if sid and sources and sid not in sources:
                    errors.append(SourceError(f"claim {c.id!r} cites unknown source {sid!r}",
                                              location=c.loc_of("source") if "source" in c.raw else c.location,
                                              suggestions=did_you_mean(sid, list(sources))))
    results = [evaluator.results[c.qualname] for c in all_claims]
    return results, errors


def decide_outcome(res: ClaimResult) -> None:
    """Fold findings into the verdict, then compare with ``expect`` (like xfail / strict xpass)."""
    ignored = {i.code for i in res.claim.ignore}
    if ignored:
        kept = [f for f in res.findings if f.code not in ignored or f.checker == "input"]
        dropped = [f for f in res.findings if f not in kept]
        if dropped:
            res.extra["ignored"] = [{"code": f.code, "message": f.message,
                                     "reason": next(i.reason for i in res.claim.ignore if i.code == f.code)}
                                    for f in dropped]
        res.findings = kept
    if res.verdict in ("consistent", "stated") and any(f.severity == "error" for f in res.findings):
        res.verdict = "inconsistent"
    expect = res.claim.expect
    if res.verdict == "error":
        res.outcome = "error"
    elif expect:
        if res.verdict == expect:
            res.outcome = "passed" if expect in ("consistent", "stated") else "expected"
        else:
            res.outcome = "failed"
            res.add(Finding("CA100", "error",
                            f"expected {expect}, but the audit finds it {res.verdict}"
                            + (f" (the claim file says: {res.claim.because})" if res.claim.because else ""),
                            "expect"))
    else:
        res.outcome = "passed" if res.verdict in ("consistent", "stated") else "failed"


def run_claims(paths: Iterable[str | Path], root: str | Path = ".", options: RunOptions | None = None) -> RunResult:
    """Audit the claim files below ``paths``; the one entry point every front end uses (in one
    process: :func:`claimaudit.engine.parallel.run_claims_in_workers` spreads a run over several)."""
    options = options or RunOptions()
    rootp = Path(root)
    t0 = time.perf_counter()
    paths = list(paths)
    with paused_gc():
        files, errors = collect(paths, rootp, options.settings)
        sources, src_errors = collect_sources(rootp)
        errors.extend(src_errors)
        shown = [display_path(Path(p), rootp) for p in paths]   # relative to the root: stable in reports
        return audit(files, errors, rootp, options, sources, paths=shown, t0=t0)


def audit(files: Sequence[ClaimFile], errors: list[InputError], root: Path | None, options: RunOptions,
          sources: dict[str, SourceRecord], *, paths: list[str], t0: float | None = None) -> RunResult:
    with paused_gc():
        return _audit(files, errors, root, options, sources, paths=paths,
                      t0=time.perf_counter() if t0 is None else t0)


def _audit(files: Sequence[ClaimFile], errors: list[InputError], root: Path | None, options: RunOptions,
           sources: dict[str, SourceRecord], *, paths: list[str], t0: float) -> RunResult:
    sources = {**sources, **doc_sources(files)}   # a Markdown doc is the source of its embedded claims
    results, eval_errors = evaluate_files(files, options, sources)
    errors = list(errors) + eval_errors
    collected = len(results)
    everything = results
    if options.keyword:
        from .keyword import matches_keyword  # -k only

        results = [r for r in results if matches_keyword(options.keyword, r.claim)]
    run = RunResult(results=results, errors=errors, paths=paths, root=str(root or ""), sources=dict(sources),
                    collected=collected, all_results=everything)
    if options.checkers:
        from ..checkers.step import run_checkers  # the one call up the layers (see [tool.importlinter])

        run_checkers(run, options)
    for r in results:
        decide_outcome(r)
    if options.wants_checklist(len(results)):
        from ..classroom.checklist import annotate_run  # as above: the records' last step

        annotate_run(results)
    run_options(run, options, t0)
    release_intermediates(run)
    return run


def run_options(run: RunResult, options: RunOptions, t0: float) -> None:
    """Record the run's duration and the options it ran with (the report's ``options``)."""
    run.duration = time.perf_counter() - t0
    run.options = {"keyword": options.keyword, "kilo": options.settings.kilo,
                   "rounding": options.settings.rounding, "approx": options.settings.approx,
                   "select": list(options.select), "ignore": list(options.ignore)}


def exit_code(run: RunResult) -> int:
    """0 all as expected, 1 findings, 2 input errors, 5 nothing collected."""
    if run.errors or any(r.outcome == "error" for r in run.results):
        return 2
    if any(r.outcome == "failed" for r in run.results):
        return 1
    if not run.results:
        return 5
    return 0
