"""The built-in checkers on YAML case files: real published cases, edge cases, negative controls.

Each file in ``tests/cases/checkers/`` names a checker and lists cases. A case is a small claim
corpus (``claims:``, or ``corpus:`` a file of the bundled ``claims/`` folder, optionally with
``defaults:`` overrides and keys ``add``-ed to some claims) and the findings expected of that
checker on each claim: ``{severity, message}`` where ``message`` is a list of substrings that must
all appear. A claim listed with ``[]`` must get no finding from the checker (negative control);
claims not listed are not looked at. ``verdict`` optionally pins the claim's final verdict;
``passed`` lists the notes (substrings) a passing checker-input check must leave.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml
from support import REPO

from claimaudit.engine.run import RunOptions, run_claims

HERE = Path(__file__).resolve().parent
CASES = HERE / "cases" / "checkers"


def _load_cases() -> list[Any]:
    params = []
    for path in sorted(CASES.glob("*.yaml")):
        doc = yaml.safe_load(path.read_text("utf-8"))
        for case in doc["cases"]:
            params.append(pytest.param(doc["checker"], case, id=f"{path.stem}::{case['name']}"))
    return params


def _corpus_doc(case: dict) -> dict:
    if "corpus" not in case:
        return {"claims": copy.deepcopy(case["claims"])}
    doc = yaml.safe_load((REPO / "claims" / case["corpus"]).read_text("utf-8"))
    doc.pop("source", None)  # sources are the quote checker's business, not these tests'
    if case.get("defaults"):
        doc.setdefault("defaults", {}).update(case["defaults"])
    for claim in doc["claims"]:
        claim.pop("source", None)
        claim.pop("also_in", None) if case.get("drop_also_in") else None
        claim.update(copy.deepcopy((case.get("add") or {}).get(claim["id"], {})))
    for key in case.get("remove_keys", []):
        cid, _, k = key.partition(".")
        for claim in doc["claims"]:
            if claim["id"] == cid:
                claim.pop(k, None)
    doc["claims"].extend(copy.deepcopy(case.get("claims", [])))
    return doc


def run_case(tmp_path: Path, code: str, case: dict):
    folder = tmp_path / "claims"
    folder.mkdir()
    name = Path(case.get("corpus", "case.yaml")).stem
    (folder / f"{name}.yaml").write_text(yaml.safe_dump(_corpus_doc(case), allow_unicode=True, sort_keys=False),
                                         "utf-8")
    for extra_name, extra in (case.get("files") or {}).items():
        (folder / f"{extra_name}.yaml").write_text(yaml.safe_dump(extra, allow_unicode=True, sort_keys=False), "utf-8")
    run = run_claims([folder], tmp_path, RunOptions(select=(code,)))
    assert not run.errors, [str(e) for e in run.errors]
    return {r.claim.id: r for r in run.results}


@pytest.mark.parametrize(("code", "case"), _load_cases())
def test_checker_case(tmp_path: Path, code: str, case: dict) -> None:
    results = run_case(tmp_path, code, case)
    for cid, expected in case["expect"].items():
        assert cid in results, f"no claim {cid!r} in the case"
        res = results[cid]
        assert res.verdict != "error", res.error
        mine = [f for f in res.findings if f.code == code]
        # A passing checker-input check leaves an info note with its working (data.passed); cases
        # pin those under ``passed:``, so ``[]`` still means "nothing wrong, nothing to say"
        # (a pass with a caveat, such as "only within rounding", is still a finding to list).
        got = [f for f in mine if not f.data.get("passed") or f.data.get("caveat")]
        shown = [f"{f.severity}: {f.message}" for f in mine]
        if isinstance(expected, dict):
            verdict = expected.get("verdict")
            for want in expected.get("passed", []):
                assert any(all(part in f.message + "\n" + "\n".join(f.working) for part in want)
                           for f in mine if f.data.get("passed")), (cid, want, shown)
            expected = expected.get("findings", [])
            if verdict:
                assert res.verdict == verdict, (res.verdict, shown)
        assert len(got) == len(expected), f"{cid}: expected {len(expected)} {code} findings, got {shown}"
        for want, f in zip(expected, got, strict=True):
            assert f.severity == want["severity"], (cid, shown)
            text = f.message + "\n" + "\n".join(f.working)
            for part in want.get("message", []):
                assert part in text, f"{cid}: {part!r} not in {text!r}"
            for part in want.get("not", []):
                assert part not in text, f"{cid}: {part!r} should not be in {text!r}"


def test_every_builtin_checker_has_a_case_file() -> None:
    from claimaudit.checkers.manager import get_manager

    covered = {yaml.safe_load(p.read_text("utf-8"))["checker"] for p in CASES.glob("*.yaml")}
    builtin = {c.code for c in get_manager(None).checker_classes()
               if c.origin == "builtin" and c.code.startswith("CA1")}
    assert builtin <= covered, builtin - covered
