"""The editor schema (``claimaudit schema``) accepts exactly what claimaudit accepts.

An editor (yaml-language-server) reads a claim file as YAML 1.2's core schema does: ``180`` and
``0.60`` are numbers, ``true`` a boolean, ``yes`` a string. claimaudit's loader reads every plain
scalar but true/false/null as text. For every claim file in the repository, every checker case and
the edge cases below, the verdict of the shipped schema on the editor's reading must be the
loader's verdict (schema errors, CA002) on its own reading.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from support import REPO

from claimaudit.model.load import SchemaError, claim_schema, load_claim_text
from claimaudit.model.yamlmarks import YamlError


class Yaml12Loader(yaml.SafeLoader):
    """PyYAML with YAML 1.2 core-schema scalars (what yaml-language-server uses), not YAML 1.1's."""


Yaml12Loader.yaml_implicit_resolvers = {}
for tag, pattern, first in [
    ("bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    ("null", r"^(?:~|null|Null|NULL|)$", "~nN"),
    ("int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", "-+0123456789"),
    ("float", r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
              r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
     "-+0123456789."),
]:
    Yaml12Loader.add_implicit_resolver(f"tag:yaml.org,2002:{tag}", re.compile(pattern),
                                       list(first) + ([""] if tag == "null" else []))
Yaml12Loader.add_constructor("tag:yaml.org,2002:int", lambda loader, node: int(loader.construct_scalar(node), 0)
                             if not loader.construct_scalar(node).startswith("0o")
                             else int(loader.construct_scalar(node)[2:], 8))


def editor_valid(text: str) -> bool:
    return jsonschema.Draft202012Validator(claim_schema()).is_valid(yaml.load(text, Loader=Yaml12Loader))  # noqa: S506


def tool_valid(text: str, name: str = "case.yaml") -> bool:
    """The loader's schema verdict (input errors other than the schema's, e.g. units, are later stages)."""
    _cf, errors = load_claim_text(text, name)
    return not any(isinstance(e, SchemaError) for e in errors)


def claim_files() -> list[Path]:
    found = sorted(REPO.glob("claims/*.yaml")) + sorted(REPO.glob("tests/fixtures/**/claims/*.yaml"))
    found += sorted(REPO.glob("src/claimaudit/demo/project/claims/*.yaml"))
    return found


def case_documents() -> list[tuple[str, str]]:
    out = []
    for path in sorted((REPO / "tests" / "cases" / "checkers").glob("*.yaml")):
        doc = yaml.safe_load(path.read_text("utf-8"))
        for case in doc["cases"]:
            if "claims" in case:
                text = yaml.safe_dump({"claims": case["claims"]}, allow_unicode=True)
                out.append((f"{path.name}::{case['name']}", text))
    return out


def test_the_repository_has_claim_files_and_cases_to_check():
    assert len(claim_files()) >= 20 and len(case_documents()) >= 30


@pytest.mark.parametrize("path", claim_files(), ids=lambda p: str(p.relative_to(REPO)))
def test_every_claim_file_gets_the_same_verdict(path: Path):
    text = path.read_text("utf-8")
    try:
        want = tool_valid(text, str(path))
    except YamlError:
        pytest.fail(f"{path} is not YAML")
    assert editor_valid(text) == want
    if "bad_corpus" not in str(path) and "errors.yaml" not in path.name:
        assert want, f"{path} should be a valid claim file"


@pytest.mark.parametrize("name, text", case_documents(), ids=[n for n, _ in case_documents()])
def test_every_checker_case_is_valid_for_both(name: str, text: str):
    assert tool_valid(text) and editor_valid(text), name


EDGE_CASES: list[tuple[str, bool]] = [
    # what yaml-language-server flagged while claimaudit accepted it (issue #16)
    ("claims:\n  - id: nodes\n    value: 180\n", True),
    ("claims:\n  - id: share\n    value: 0.60\n", True),
    ("defaults:\n  kilo: 1024\nclaims:\n  - id: a\n    value: 2K bytes\n", True),
    ("claims:\n  - id: a\n    kilo: 1024\n    value: 2K bytes\n", True),
    ("claims:\n  - id: a\n    formula: k * 3\n    given: {k: 2}\n", True),
    ("claims:\n  - id: a\n    formula: k * 3\n    given:\n"
     "      k: {value: 2.50, quote: 'k = 2.50', kilo: 1000}\n", True),
    ("claims:\n  - id: a\n    value: 1e5\n    tags: [2024, table]\n", True),
    ("claims:\n  - id: t\n    statistic: {test: t, value: 2.20, df: 28, p: 0.03, tails: 1, one_tailed: true}\n", True),
    ("claims:\n  - id: g\n    granularity: {mean: 5.19, n: 28, percent: false}\n", True),
    ("claims:\n  - id: a\n    value: yes\n", True),            # a string in YAML 1.2 and for claimaudit
    # what both must reject
    ("claims:\n  - id: 180\n    value: 1\n", False),           # an id is a name
    ("claims:\n  - id: a\n    value: true\n", False),          # a boolean is no printed value
    ("claims:\n  - id: a\n    value:\n", False),               # nothing printed
    ("claims:\n  - id: a\n    kilo: 1023\n", False),
    ("claims:\n  - id: a\n    given: {k: [1, 2]}\n", False),
    ("claims:\n  - id: a\n    given: {k: {quote: 'no value'}}\n", False),
    ("claims:\n  - id: a\n    given: {k: true}\n", False),
    ("claims:\n  - id: a\n    tags: [true]\n", False),
    ("claims:\n  - id: a\n    statistic: {test: t, value: 2.2, p: .03, tails: 3}\n", False),
    ("claims:\n  - id: a\n    parts: []\n", False),
    ("claims:\n  - id: a\n    ignore: [{code: CA1, reason: x}]\n", False),
    ("claims:\n  - id: a\n    valeu: 3\n", False),
    ("claims:\n  - id: a\n    statistic: {test: t, value: 2.2, p: .03, one_tailed: 1}\n", False),
    ("clams: []\n", False),
]


@pytest.mark.parametrize("text, valid", EDGE_CASES, ids=[t.replace("\n", "⏎")[:60] for t, _ in EDGE_CASES])
def test_edge_cases_agree(text: str, valid: bool):
    assert tool_valid(text) is valid, "the loader's verdict"
    assert editor_valid(text) is valid, "the editor schema's verdict"


def test_objects_carry_their_own_titles():
    defs = claim_schema()["$defs"]
    assert defs["claim"]["title"] == "claim" and defs["given"]["title"] == "given input"
    assert defs["claim"]["properties"]["given"]["title"] == "given inputs"
    # a shared scalar definition has no title, or every field would show it on hover
    assert "title" not in defs["scalar"]


def test_schema_command_writes_the_shipped_schema(tmp_path: Path, capsys: Any):
    import json

    from claimaudit.cli.main import main

    out = tmp_path / "claims.schema.json"
    assert main(["schema", "-o", str(out)]) == 0
    assert json.loads(out.read_text("utf-8")) == claim_schema()
