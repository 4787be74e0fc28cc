"""The Python API: audit claim files, or check one claim, from a script or a notebook.

::

    import claimaudit
    result = claimaudit.check("56.9×", formula="a / b", a="7.1 GB", b="0.125 GB")
    print(result.verdict, result.recomputed)      # consistent [56.1753, 57.4297]×

    report = claimaudit.audit(["claims/"])
    report.verdicts                               # {"consistent": 30, "inconsistent": 4, ...}
    report.write_html("reports/index.html")

A front end like the CLI and the pytest plugin: it runs the same engine with the same options,
so the records are the same ones ``claimaudit run --format json`` writes (docs/records.md).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Literal

import yaml

from .errors import InputError

__all__ = ["ClaimResult", "Finding", "Report", "audit", "check"]

Checklist = Literal["auto", "yes", "no"]


@dataclass(frozen=True)
class Finding:
    """One thing a checker found about a claim (``code`` is stable: docs/checkers.md)."""

    code: str
    severity: str        # error | warning | info
    message: str
    line: int | None = None
    col: int | None = None

    def __str__(self) -> str:
        return f"{self.code} {self.severity}: {self.message}"


@dataclass(frozen=True)
class ClaimResult:
    """The audit of one claim; ``record`` is its full record (docs/records.md)."""

    record: Mapping[str, Any]

    @property
    def id(self) -> str:
        return str(self.record["id"])

    @property
    def verdict(self) -> str:
        """consistent | inconsistent | underdetermined | stated | error."""
        return str(self.record["verdict"])

    @property
    def outcome(self) -> str:
        """passed | failed | expected | error: the verdict compared with the claim's ``expect``."""
        return str(self.record["outcome"])

    @property
    def ok(self) -> bool:
        """True when the claim holds (or fails exactly as its ``expect`` says)."""
        return self.outcome in ("passed", "expected")

    @property
    def claimed(self) -> str | None:
        """The printed value read as the interval its rounding allows, e.g. ``[56.85, 56.95]×``."""
        return _text(self.record.get("claimed"))

    @property
    def recomputed(self) -> str | None:
        """What the formula gives from the inputs, in the claim's unit (None without a formula)."""
        return _text(self.record.get("recomputed"))

    @property
    def findings(self) -> tuple[Finding, ...]:
        return tuple(Finding(f["code"], f["severity"], f["message"], f.get("line"), f.get("col"))
                     for f in self.record.get("findings") or ())

    def working(self) -> list[str]:
        """The working, line by line, as ``claimaudit run -v`` prints it."""
        from .reporters.text import working_lines

        return working_lines(dict(self.record))

    def __str__(self) -> str:
        return f"{self.id}: {self.verdict}" + "".join(f"\n  {f}" for f in self.findings if f.severity != "info")


def _text(amount: Mapping[str, Any] | None) -> str | None:
    return None if amount is None else str(amount["text"])


@dataclass(frozen=True)
class Report:
    """The records of a run: what every output format reads."""

    data: Mapping[str, Any]          # the report dict (engine.records.as_report), JSON-ready

    @property
    def records(self) -> list[dict[str, Any]]:
        return list(self.data["records"])

    @property
    def errors(self) -> list[dict[str, Any]]:
        """Input errors not tied to one claim (a broken claim file): code, message, file, line, col."""
        return list(self.data["errors"])

    @property
    def summary(self) -> dict[str, int]:
        return dict(self.data["summary"])

    @property
    def exit_code(self) -> int:
        """What ``claimaudit run`` would exit with: 0 as expected, 1 findings, 2 input errors, 5 nothing."""
        return int(self.data["exit_code"])

    @cached_property
    def results(self) -> list[ClaimResult]:
        return [ClaimResult(r) for r in self.data["records"]]

    @property
    def verdicts(self) -> dict[str, int]:
        """How many claims end with each verdict (only the verdicts that occur)."""
        return dict(Counter(r["verdict"] for r in self.data["records"]))

    def result(self, claim_id: str) -> ClaimResult:
        """The result of the claim with this id (or ``module.id`` qualname)."""
        for r in self.results:
            if claim_id in (r.id, r.record["qualname"]):
                return r
        raise KeyError(claim_id)

    def __iter__(self) -> Iterator[ClaimResult]:
        return iter(self.results)

    def __len__(self) -> int:
        return len(self.data["records"])

    def to_dict(self) -> dict[str, Any]:
        """A deep copy of the report as plain dicts and lists."""
        copy: dict[str, Any] = json.loads(self.to_json())
        return copy

    def to_json(self, indent: int | None = 2) -> str:
        """The JSON report, as ``claimaudit run --format json`` writes it."""
        return json.dumps(self.data, ensure_ascii=False, indent=indent)

    def render(self, fmt: str) -> str:
        """The report in one of ``claimaudit run``'s formats: text, json, html, junit, sarif, markdown, github."""
        import io

        from .reporters import FORMATS, render

        if fmt not in FORMATS:
            raise ValueError(f"unknown format {fmt!r} (known: {', '.join(sorted(FORMATS))})")
        out = io.StringIO()
        render(fmt, dict(self.data), out, **({"color": False} if fmt == "text" else {}))
        return out.getvalue()

    def write(self, path: str | Path, fmt: str | None = None) -> Path:
        """Write the report to ``path`` in ``fmt`` (default: from the suffix; .html, .json, .xml, .sarif, .md)."""
        path = Path(path)
        fmt = fmt or _SUFFIX_FORMAT.get(path.suffix.lower(), "text")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(self.render(fmt), encoding="utf-8", newline="\n")
        return path

    def write_html(self, path: str | Path) -> Path:
        """Write the self-contained HTML report (one file, no network)."""
        return self.write(path, "html")


_SUFFIX_FORMAT = {".html": "html", ".htm": "html", ".json": "json", ".xml": "junit", ".sarif": "sarif",
                  ".md": "markdown"}


def audit(paths: str | Path | Sequence[str | Path] = (), *, root: str | Path | None = None,
          keyword: str | None = None, select: Sequence[str] = (), ignore: Sequence[str] = (),
          kilo: int | None = None, rounding: str | None = None, approx: str | None = None,
          checkers: bool = True, checklist: Checklist = "auto") -> Report:
    """Audit claim files (YAML, or Markdown with ```claimaudit blocks) and folders of them.

    ``paths`` default to the project's configured paths, else ``claims/``. ``root`` is the project
    root (default: the nearest folder upwards with ``claimaudit.toml``, ``pyproject.toml`` or
    ``claims/``); its ``[tool.claimaudit]`` settings apply unless given here, as on the command line.
    ``keyword`` is ``-k``; ``select``/``ignore`` are checker codes or prefixes. Bad input never
    raises: it is in ``report.errors`` and in the records (verdict ``error``).
    """
    from .config import find_root, load_config
    from .engine.options import options_from_config
    from .engine.records import as_report
    from .engine.run import run_claims

    rootp = Path(root).resolve() if root is not None else find_root()
    config = load_config(rootp)
    if isinstance(paths, (str, Path)):
        paths = [paths]
    given = [Path(p) if Path(p).is_absolute() or root is None else rootp / p for p in paths]
    targets = given or [rootp / p for p in config.get("paths", ["claims"])]
    options = options_from_config(config, keyword=keyword, kilo=kilo, rounding=rounding, approx=approx,
                                  select=select, ignore=ignore, checkers=checkers, checklist=checklist)
    return Report(as_report(run_claims(targets, rootp, options)))


def check(value: str, formula: str | None = None, *, given: Mapping[str, str] | None = None,
          quote: str | None = None, relation: str | None = None, kilo: int | None = None,
          rounding: str | None = None, approx: str | None = None, select: Sequence[str] = (),
          ignore: Sequence[str] = (), **inputs: str) -> ClaimResult:
    """Check one printed number against a formula of printed inputs::

        check("56.9×", formula="a / b", a="7.1 GB", b="0.125 GB")

    ``value`` is the number as printed (``"557.6万美元"``, ``"over 20 PiB"``); each input is a
    printed number too, read as the interval its rounding allows. Without a formula the claim is
    only read (verdict ``stated``). Inputs whose names clash with the keywords here go in ``given``.
    A claim that cannot be read raises :class:`claimaudit.errors.InputError` with what is wrong.
    """
    from .engine.options import RunOptions
    from .engine.records import claim_record
    from .engine.run import audit as run_audit
    from .model.claims import Settings
    from .model.load import load_claim_text

    claim: dict[str, Any] = {"id": "claim", "value": value}
    if formula is not None:
        claim["formula"] = formula
    names = {**(given or {}), **inputs}
    if names:
        claim["given"] = {k: str(v) for k, v in names.items()}
    for key, v in (("quote", quote), ("relation", relation)):
        if v is not None:
            claim[key] = v
    text = yaml.safe_dump({"claims": [claim]}, allow_unicode=True, sort_keys=False)
    settings = Settings().merged({"kilo": kilo, "rounding": rounding, "approx": approx})
    cf, errors = load_claim_text(text, "<check>", module="check", base=settings)
    if errors or cf is None:
        raise _unlocated(errors[0].code, errors[0].message) if errors else InputError("the claim could not be built")
    options = RunOptions(settings=settings, select=tuple(select), ignore=tuple(ignore))
    # No project root: the built-in and installed checkers only, no source records.
    run = run_audit([cf], [], None, options, {}, paths=["<check>"])
    result = ClaimResult(claim_record(run.results[0]))
    if result.verdict == "error":
        first = next(f for f in result.findings if f.severity == "error")
        raise _unlocated(first.code, first.message)
    return result


def _unlocated(code: str, message: str) -> InputError:
    """The error without its place in the YAML that check() writes (the caller has no such file)."""
    err = InputError(message)
    err.code = code
    return err
