"""The schema fast path: claims that pass the structural check skip jsonschema; errors are unchanged."""

from __future__ import annotations

import pytest
from support import REPO

from claimaudit.model import load
from claimaudit.model.yamlmarks import load_yaml

GOOD = """\
source: handbook
defaults: {kilo: "1024", approx: 5%}
tags: [a]
claims:
  - id: hours
    value: 2,788K GPU-hours
    also_in:
      - {source: report, at: "Table 1", quote: "2.788M"}
  - id: cost
    value: $5.576M
    formula: hours * rate
    given:
      rate: "$2 per GPU-hour"
      other: {value: "3", quote: "three", kilo: "1000"}
"""

BAD_CLAIMS = [
    "  - id: x\n    value: 1\n    vaule: 2\n",                       # unknown key
    "  - id: 9bad\n    value: 1\n",                                  # id pattern
    "  - id: y\n    given: {a: [1, 2]}\n",                           # given neither string nor mapping
    "  - id: z\n    given: {a: {quote: q}}\n",                       # given mapping without value
    "  - id: w\n    also_in: [{at: x}]\n",                           # citation without source
    "  - id: v\n    expect: maybe\n",                                # enum
    "  - id: u\n    tags: x\n",                                      # not a list
    "  - value: 3\n",                                                # no id
    "  - just a string\n",
]
BAD_TOP = ["defaults: {kilo: \"1023\"}\n", "defaults: {colour: red}\n", "titel: x\n", "tags: x\n"]


def _errors(text: str, fast: bool) -> list[tuple[str, str, int | None, int | None]]:
    doc = load_yaml(text, "f.yaml")
    errs = load._schema_errors(doc, "f.yaml") if fast else load._full_schema_errors(doc, "f.yaml")
    return [(type(e).__name__, e.message, e.location.line, e.location.col) for e in errs]


def test_valid_files_never_call_jsonschema(monkeypatch):
    def boom():
        raise AssertionError("jsonschema called for a valid file")

    monkeypatch.setattr(load, "_validator", boom)
    assert _errors(GOOD, fast=True) == []
    for path in sorted((REPO / "claims").glob("*.yaml")):   # the bundled files, given:/also_in:/defaults: included
        doc = load_yaml(path.read_text("utf-8"), str(path))
        assert load._schema_errors(doc, str(path)) == [], path


@pytest.mark.parametrize("bad", BAD_CLAIMS)
def test_errors_in_a_claim_are_those_of_jsonschema(bad):
    # The bad claim sits between good ones: its index, line and column must be those of the file.
    text = GOOD + bad + "  - id: last\n    value: 3\n"
    fast, full = _errors(text, True), _errors(text, False)
    assert fast and fast == full


@pytest.mark.parametrize("bad", BAD_TOP)
def test_errors_at_top_level_are_those_of_jsonschema(bad):
    text = bad + GOOD.replace("defaults: {kilo: \"1024\", approx: 5%}\n", "").replace("tags: [a]\n", "")
    fast, full = _errors(text, True), _errors(text, False)
    assert fast and fast == full


def test_many_bad_claims_keep_their_order_and_indices():
    text = GOOD + "".join(f"  - id: c{i}\n    vaule: {i}\n" if i % 3 == 0 else f"  - id: c{i}\n    value: {i}\n"
                          for i in range(30))
    fast, full = _errors(text, True), _errors(text, False)
    assert len(fast) == 10 and fast == full


def test_an_unknown_schema_keyword_compiles_to_fail():
    comp = load._Compiler({"$defs": {}})
    assert comp.compile({"type": "string", "maxLength": 3})("ab") is False      # not compiled: jsonschema decides
    assert comp.compile({"type": "string", "minLength": 2})("ab") is True
    assert comp.compile({"oneOf": [{"type": "string"}, {"type": "string", "pattern": "a"}]})("a") is False
    assert comp.compile({"enum": ["1000", 1000]})("1000") is True                # the editor's number forms
    assert comp.compile({"enum": ["1000", 1000]})("1024") is False
    assert comp.compile({"enum": [True, "x"]})("x") is False                     # booleans go to jsonschema
