"""``--changed-since REF``: audit only the claims an edit since a git ref can affect.

A claim is affected when its claim file (or the Markdown doc it is embedded in) changed, when the
text or the record of a source it cites changed (``source``, ``also_in``, a ``given`` input's
source), or when it depends — through its formula, transitively — on an affected claim. Changed
files are those ``git diff --name-only REF`` lists (committed, staged and unstaged changes) plus
untracked files that are not ignored. Everything is still evaluated (a dependent needs its
inputs); only the report is narrowed.
"""

from __future__ import annotations

import subprocess
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ..engine.results import RunResult
from ..errors import UsageError
from ..model.claims import Claim
from ..model.sources import SourceRecord


def _git(args: list[str], cwd: Path) -> str:
    try:
        # git from PATH, as the user's shell finds it; a missing git is reported below.
        done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, timeout=60)  # noqa: S607
    except FileNotFoundError:
        raise UsageError("--changed-since needs git, and git is not installed") from None
    except subprocess.TimeoutExpired:
        raise UsageError(f"--changed-since: `git {' '.join(args)}` took more than 60 s") from None
    if done.returncode != 0:
        raise UsageError(f"--changed-since: `git {' '.join(args)}` failed: {done.stderr.strip() or done.returncode}")
    return done.stdout


def changed_paths(ref: str, cwd: Path) -> set[Path]:
    """Absolute paths of the files changed since ``ref`` (plus untracked ones) in ``cwd``'s repository."""
    if not ref or ref.startswith("-"):
        raise UsageError(f"--changed-since: {ref!r} is not a git ref")
    try:
        top = Path(_git(["rev-parse", "--show-toplevel"], cwd).strip())
    except UsageError:
        raise UsageError(f"--changed-since: {cwd} is not inside a git repository") from None
    try:
        _git(["rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}"], cwd)
    except UsageError:
        raise UsageError(f"--changed-since: unknown git ref {ref!r} (fetch it first in shallow CI clones, "
                         "e.g. `git fetch --depth=1 origin main`)") from None
    names = _git(["diff", "--name-only", "-z", ref, "--"], top).split("\0")
    names += _git(["ls-files", "--others", "--exclude-standard", "-z"], top).split("\0")
    return {(top / n).resolve() for n in names if n}


def _abs(path: str, root: Path) -> Path:
    p = Path(path)
    return (p if p.is_absolute() else root / p).resolve()


def changed_sources(sources: Mapping[str, SourceRecord], changed: set[Path], root: Path) -> set[str]:
    """Ids of the sources whose record file or text file changed."""
    out = set()
    for sid, rec in sources.items():
        files = list(rec.files) + ([rec.location.file] if rec.location else [])
        if any(_abs(f, root) in changed for f in files):
            out.add(sid)
    return out


def cited_sources(claim: Claim) -> set[str]:
    ids = {claim.source} | {a.source for a in claim.also_in} | {g.source for g in claim.given}
    return {s for s in ids if s}


def dependency_graph(claims: list[Claim]) -> dict[str, list[str]]:
    """qualname → the qualnames its formula uses (the engine's own resolution)."""
    from ..engine.evaluate import Evaluator
    from ..engine.resolve import Namespace
    from ..engine.run import dependencies

    ns = Namespace()
    for c in claims:
        ns.add(c)
    deps, _broken = dependencies(list(ns.claims.values()), ns, Evaluator(ns.lookup))
    return deps


def affected_claims(claims: Iterable[Claim], sources: Mapping[str, SourceRecord], changed: set[Path],
                    root: Path) -> set[str]:
    """Qualnames of the claims an edit to ``changed`` can affect (see the module docstring)."""
    claims = list(claims)
    srcs = changed_sources(sources, changed, root)
    direct = {c.qualname for c in claims if _abs(c.file, root) in changed or cited_sources(c) & srcs}
    users: dict[str, list[str]] = {}
    for name, deps in dependency_graph(claims).items():
        for d in deps:
            users.setdefault(d, []).append(name)
    seen = set(direct)
    todo = deque(direct)
    while todo:
        for user in users.get(todo.popleft(), ()):
            if user not in seen:
                seen.add(user)
                todo.append(user)
    return seen


@dataclass
class ChangedSelection:
    ref: str
    changed: set[Path] = field(default_factory=set)
    kept: int = 0
    of: int = 0

    def notes(self) -> list[str]:
        return [f"--changed-since {self.ref}: {len(self.changed)} changed file{'s' if len(self.changed) != 1 else ''};"
                f" auditing {self.kept} of {self.of} claims (their file or source changed, or they use one that did)"]


def select_changed(run: RunResult, ref: str, root: Path) -> ChangedSelection:
    """Narrow ``run`` in place to the claims affected by changes since ``ref``.

    Input errors are kept when they are in a changed file, in the file of a kept claim, or have no
    file; errors of untouched files predate the change and are not this gate's business.
    """
    changed = changed_paths(ref, root)
    claims = [r.claim for r in run.results]
    keep = affected_claims(claims, run.sources, changed, root)
    sel = ChangedSelection(ref, changed, of=len(run.results))
    run.results = [r for r in run.results if r.claim.qualname in keep]
    sel.kept = len(run.results)
    files = changed | {_abs(r.claim.file, root) for r in run.results}
    run.errors = [e for e in run.errors
                  if getattr(e, "location", None) is None or _abs(e.location.file, root) in files]
    run.options["changed_since"] = ref
    return sel
