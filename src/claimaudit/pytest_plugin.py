"""pytest plugin: claim files collected and audited beside a project's tests.

Registered through the ``pytest11`` entry point ``claimaudit``, so ``pytest claims/`` collects:

* one file node per claim file (``*.yaml``/``*.yml``) or Markdown doc with ```` ```claimaudit ````
  blocks, and one item per claim (``claims/v3_cost.yaml::total_hours``);
* files whose path relative to the rootdir matches a pattern of the ``claimaudit_files`` ini option
  or of ``--claims GLOB`` (default :data:`DEFAULT_PATTERNS`), and any such file named on the command
  line.

The audit is the engine's, exactly as ``claimaudit run`` does it: the files are loaded with
``engine.collect.collect`` and audited together by ``engine.run.audit`` once per session (formulas
refer across files), then each item reports its claim's outcome. A failing claim shows its working
(quote, value, formula, inputs with intervals and units, recomputed vs claimed) and its findings,
located at the claim's ``file:line:col``; any other exception keeps pytest's own traceback.
``expect: inconsistent`` (or any expected verdict other than consistent/stated) is a strict xfail;
claim tags become markers (``-m exercise``); ``-k`` matches claim ids and file names; the claim's
metadata goes into ``user_properties``, except that under ``--junitxml`` with pytest's default
``xunit2`` family (whose schema has no ``<properties>`` inside ``<testcase>``) it goes into the
test suite's properties as ``claimaudit.verdict[v3_cost.total_hours]``, so the file stays valid
(``-o junit_family=xunit1`` keeps it per testcase, as ``record_property`` does); a broken claim file is a
collection error listing each problem at ``file:line:col``. Use ``-p no:claimaudit`` to switch the
plugin off.

This module imports only pytest at import time: it is loaded by every pytest run in an environment
where claimaudit is installed.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from .errors import ClaimAuditError  # stdlib-only, like everything imported here at start-up

if TYPE_CHECKING:  # pragma: no cover
    from .engine.results import ClaimResult, RunResult
    from .model.claims import Claim, ClaimFile

#: Collected unless configured otherwise: claim files under ``claims/`` and docs under ``docs/``
#: (only docs that hold ```claimaudit blocks), relative to the rootdir.
DEFAULT_PATTERNS = ("claims/*.yaml", "claims/*.yml", "docs/*.md")
CLAIM_SUFFIXES = (".yaml", ".yml", ".md")
#: pytest's own marks: a claim tag with one of these names is a keyword, never a mark.
_RESERVED_MARKS = {"skip", "skipif", "xfail", "parametrize", "usefixtures", "filterwarnings"}
_MARK_NAME = re.compile(r"^[^\W\d_][\w.-]*$")


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("claimaudit", "claimaudit: audit published numeric claims")
    group.addoption("--claims", dest="claimaudit_patterns", action="append", metavar="GLOB", default=None,
                    help="collect claim files and Markdown docs whose path relative to the rootdir matches "
                         "GLOB (repeatable; replaces the claimaudit_files ini option)")
    parser.addini("claimaudit_files", type="args", default=list(DEFAULT_PATTERNS),
                  help="glob patterns (relative to the rootdir) of claim files and Markdown docs to collect "
                       f"(default: {' '.join(DEFAULT_PATTERNS)})")


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_SESSION] = ClaimSession(config)


def _junit_xml(config: pytest.Config) -> Any:
    """pytest's JUnit XML writer of this session (``--junitxml``), or None."""
    try:
        from _pytest.junitxml import xml_key
    except ImportError:   # pragma: no cover - a pytest without it: keep user_properties
        return None
    return config.stash.get(xml_key, None)


def _patterns(config: pytest.Config) -> list[str]:
    return list(config.getoption("claimaudit_patterns") or config.getini("claimaudit_files"))


def _relative(path: Path, root: Path) -> str | None:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return None


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> ClaimFileNode | None:
    if file_path.suffix not in CLAIM_SUFFIXES:
        return None
    config = parent.config
    if not parent.session.isinitpath(file_path):
        rel = _relative(file_path, config.rootpath)
        if rel is None or not any(fnmatch.fnmatch(rel, pat) for pat in _patterns(config)):
            return None
    if file_path.suffix == ".md" and not _has_claim_blocks(file_path):
        return None  # a doc without claims is not a claim file
    return ClaimFileNode.from_parent(parent, path=file_path)


def _has_claim_blocks(path: Path) -> bool:
    from .errors import InputError
    from .model.markdown_claims import has_claim_blocks
    from .safeio import MAX_DOC_BYTES, read_text

    try:
        return has_claim_blocks(read_text(path, max_bytes=MAX_DOC_BYTES, what="Markdown doc"))
    except InputError:
        return True  # let collection report why it cannot be read


class ClaimAuditFailure(Exception):
    """A claim whose audit did not come out as expected; carries its report record."""

    def __init__(self, record: dict[str, Any], errors: list[str] | None = None) -> None:
        super().__init__(record.get("id"))
        self.record = record
        self.errors = errors or []


class ExpectedFinding(ClaimAuditFailure):
    """The audit found what the claim file expects (``expect: inconsistent``): a strict xfail."""


class ClaimInputError(ClaimAuditFailure):
    """The claim cannot be audited (bad number, unit, formula, unknown name or source)."""


class ClaimSession:
    """The claim files of one pytest session, audited together once, on the first item that runs."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.root = Path(config.rootpath)
        self.files: list[ClaimFile] = []
        self._config: Any = None
        self._settings: Any = None
        self._run: RunResult | None = None
        self._by_name: dict[str, ClaimResult] = {}
        self._errors: dict[str, list[str]] = {}
        self._unplaced: list[str] = []

    def claimaudit_config(self) -> Any:
        if self._config is None:
            from .config import load_config

            self._config = load_config(self.root)
        return self._config

    def settings(self) -> Any:
        if self._settings is None:
            from .model.claims import Settings

            cfg = self.claimaudit_config()
            self._settings = Settings().merged({k: cfg.get(k) for k in ("kilo", "rounding", "approx", "units")})
        return self._settings

    def load(self, path: Path) -> tuple[ClaimFile | None, list[Any]]:
        from .engine.collect import collect

        files, errors = collect([path], self.root, self.settings())
        return (files[0] if files else None), errors

    def run(self) -> RunResult:
        if self._run is None:
            from .engine.collect import collect_sources
            from .engine.records import error_record
            from .engine.run import RunOptions, audit

            cfg = self.claimaudit_config()
            sources, errors = collect_sources(self.root)
            options = RunOptions(settings=self.settings(), select=tuple(cfg.get("select") or ()),
                                 ignore=tuple(cfg.get("ignore") or ()))
            self._run = audit(self.files, errors, self.root, options, sources,
                              paths=[f.path for f in self.files])
            self._by_name = {r.claim.qualname: r for r in self._run.results}
            for e in self._run.errors:
                owner = self._owner(e)
                text = error_record(e)["text"]
                if owner:
                    self._errors.setdefault(owner, []).append(text)
                else:
                    self._unplaced.append(text)
        return self._run

    def _owner(self, error: Any) -> str | None:
        """The claim whose YAML holds an input error's location, if any."""
        loc = getattr(error, "location", None)
        if loc is None:
            return None
        for cf in self.files:
            if cf.path != loc.file:
                continue
            for c in cf.claims:
                cl = c.location
                if cl.line <= loc.line <= (cl.end_line or cl.line):
                    return c.qualname
        return None

    def result(self, claim: Claim) -> tuple[ClaimResult, list[str]]:
        self.run()
        errors = self._errors.pop(claim.qualname, [])
        # Errors that belong to no claim (a broken source record) fail the first item that runs.
        errors += self._unplaced
        self._unplaced = []
        return self._by_name[claim.qualname], errors


_SESSION = pytest.StashKey[ClaimSession]()


class ClaimFileNode(pytest.File):
    """A claim file or a Markdown doc with claim blocks: one item per claim."""

    def collect(self) -> Iterator[ClaimItem]:
        session = self.config.stash[_SESSION]
        try:
            cf, errors = session.load(self.path)
        except ClaimAuditError as exc:  # a bad claimaudit.toml: say so here, not as a traceback
            raise self.CollectError(f"claimaudit: {exc}") from None
        if errors:
            raise self.CollectError("\n".join(str(e) for e in errors))
        if cf is None:
            return
        session.files.append(cf)
        for claim in cf.claims:
            yield ClaimItem.from_parent(self, name=claim.id, claim=claim)


class ClaimItem(pytest.Item):
    def __init__(self, *, claim: Claim, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.claim = claim
        for tag in claim.tags:
            self._tag(tag)
        if claim.expect and claim.expect not in ("consistent", "stated"):
            self.add_marker(pytest.mark.xfail(
                strict=True, raises=ExpectedFinding,
                reason=claim.because or f"the claim file expects it {claim.expect}"))
        for key in ("source", "quote", "value", "formula", "expect"):
            value = getattr(claim, key)
            if value:
                self._property(f"claimaudit.{key}", str(value))
        self._property("claimaudit.claim", claim.qualname)
        self._property("claimaudit.location", str(claim.location))

    def _property(self, name: str, value: str) -> None:
        """Claim metadata: a user property, or a suite property when JUnit XML is xunit2."""
        xml = _junit_xml(self.config)
        if xml is not None and getattr(xml, "family", "xunit2") not in ("xunit1", "legacy"):
            xml.add_global_property(f"{name}[{self.claim.qualname}]", value)
        else:
            self.user_properties.append((name, value))

    def _tag(self, tag: str) -> None:
        self.extra_keyword_matches.add(tag)   # -k matches every tag
        if tag in _RESERVED_MARKS or not _MARK_NAME.match(tag):
            return  # never a mark: a tag called "skip" must not skip the claim
        registered = {ln.split(":")[0].split("(")[0].strip() for ln in self.config.getini("markers")}
        if tag not in registered:
            self.config.addinivalue_line("markers", f"{tag}: claimaudit claim tag")
        self.add_marker(tag)

    def runtest(self) -> None:
        from .engine.records import claim_record

        res, errors = self.config.stash[_SESSION].result(self.claim)
        record = claim_record(res)
        self._property("claimaudit.verdict", res.verdict)
        if record.get("recomputed"):
            self._property("claimaudit.recomputed", record["recomputed"]["text"])
        codes = sorted({f["code"] for f in record["findings"] if f["severity"] != "info"})
        if codes:
            self._property("claimaudit.findings", ", ".join(codes))
        if errors or res.outcome == "error":
            raise ClaimInputError(record, errors)
        if res.outcome == "expected":
            raise ExpectedFinding(record)
        if res.outcome == "failed":
            if self.get_closest_marker("xfail") is not None and res.verdict in ("consistent", "stated"):
                return  # the expected error is gone: pytest reports a strict XPASS
            raise ClaimAuditFailure(record)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str | Any:
        if isinstance(excinfo.value, ClaimAuditFailure):
            return failure_text(excinfo.value.record, excinfo.value.errors)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self) -> tuple[Path, int, str]:
        # The domain heads the failure section; it must not end the node id, or pytest's -v output
        # rewrites its dots as "::".
        line = self.claim.location.line
        return self.path, line - 1, f"{self.claim.id} ({self.claim.file}:{line})"


def failure_text(record: dict[str, Any], errors: list[str] | None = None) -> str:
    """The working of a claim, as ``claimaudit run`` prints it, for pytest's failure section."""
    from .reporters.text import working_lines

    lines = [f"{record['file']}:{record['line']}:{record['col']}: claim {record['id']!r} is {record['verdict']}"
             + (f" (expected {record['expected']})" if record.get("expected") else "")]
    lines += errors or []
    lines += working_lines(record)
    for f in record.get("findings", []):
        where = f"  [{f['file']}:{f['line']}:{f['col']}]" if f.get("line") and f.get("line") != record["line"] else ""
        lines.append(f"{f['code']} {f['severity']}: {f['message']}{where}")
        lines += [f"    {w}" for w in f.get("working") or []]
    if record.get("because"):
        lines.append(f"because     {record['because']}")
    return "\n".join(lines)
