"""YAML locations: one Location per node, shared by the value and its parent; keys are plain strings."""

from __future__ import annotations

from claimaudit.model.yamlmarks import load_yaml

TEXT = 'claims:\n  - id: a\n    value: "2,788K GPU-hours"\n    given: {x: 3, y: [1, 2]}\n    ok: true\n'


def test_locations_are_shared_and_exact():
    doc = load_yaml(TEXT, "f.yaml")
    claim = doc["claims"][0]
    assert doc["claims"].item_locations[0] is claim.location
    assert (claim.location.line, claim.location.col) == (2, 5)
    value, where = claim["value"], claim.loc_of("value")
    assert type(value) is str                                          # its location is its mapping's
    assert (where.line, where.col) == (3, 13)                          # inside the quotes
    assert (claim.key_loc("value").line, claim.key_loc("value").col) == (3, 5)
    given = claim["given"]
    assert claim.loc_of("given") is given.location and (given.loc_of("y").line, given.loc_of("y").col) == (4, 22)
    assert [(loc.line, loc.col) for loc in given["y"].item_locations] == [(4, 23), (4, 26)]
    assert claim["ok"] is True and (claim.loc_of("ok").line, claim.loc_of("ok").col) == (5, 9)   # no own location


def test_keys_are_plain_shared_strings():
    a = load_yaml(TEXT, "a.yaml")["claims"][0]
    b = load_yaml(TEXT, "b.yaml")["claims"][0]
    ka, kb = next(iter(a)), next(iter(b))
    assert type(ka) is str and ka == "id" and ka is kb
