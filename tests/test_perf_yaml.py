"""YAML locations: kept as small integers per mapping and list, Location objects only when asked for;
keys are plain strings."""

from __future__ import annotations

import copy
from array import array

from claimaudit.errors import Location
from claimaudit.model.yamlmarks import load_yaml

TEXT = 'claims:\n  - id: a\n    value: "2,788K GPU-hours"\n    given: {x: 3, y: [1, 2]}\n    ok: true\n'


def test_locations_are_exact():
    doc = load_yaml(TEXT, "f.yaml")
    claim = doc["claims"][0]
    assert doc["claims"].item_locations[0] == claim.location == doc["claims"].item_loc(0)
    assert (claim.location.line, claim.location.col) == (2, 5)
    value, where = claim["value"], claim.loc_of("value")
    assert type(value) is str                                          # its location is its mapping's
    assert (where.line, where.col) == (3, 13)                          # inside the quotes
    assert (claim.key_loc("value").line, claim.key_loc("value").col) == (3, 5)
    given = claim["given"]
    assert claim.loc_of("given") == given.location and (given.loc_of("y").line, given.loc_of("y").col) == (4, 22)
    assert [(loc.line, loc.col) for loc in given["y"].item_locations] == [(4, 23), (4, 26)]
    assert claim["ok"] is True and (claim.loc_of("ok").line, claim.loc_of("ok").col) == (5, 9)   # no own location


def test_keys_are_plain_shared_strings():
    a = load_yaml(TEXT, "a.yaml")["claims"][0]
    b = load_yaml(TEXT, "b.yaml")["claims"][0]
    ka, kb = next(iter(a)), next(iter(b))
    assert type(ka) is str and ka == "id" and ka is kb


def test_places_are_integers_not_objects():
    """A loaded mapping holds no Location (nor a __dict__): one array of integers per mapping or list."""
    doc = load_yaml(TEXT, "f.yaml")
    claim = doc["claims"][0]
    assert not hasattr(claim, "__dict__") and type(claim._marks) in (bytes, array)
    assert claim.location == Location("f.yaml", 2, 5, 6, 1)
    assert claim.loc_of("nope") == claim.location == claim.key_loc("nope")
    assert claim.loc_of("value") is not claim.loc_of("value")      # built on request, never kept
    assert len(doc["claims"].item_locations) == 1 and doc["claims"].item_locations[-1] == claim.location
    assert [loc.line for loc in claim["given"]["y"].item_locations[:]] == [4, 4]


def test_a_copy_without_a_key_keeps_the_other_places():
    doc = load_yaml("a: 1\nclaims: []\nb: 2\n", "f.yaml")
    shell = doc.without("claims")
    assert list(shell) == ["a", "b"] and shell.loc_of("b") == doc.loc_of("b") and shell.key_loc("a") == doc.key_loc("a")
    shell["claims"] = []                      # a key the file did not give it: the mapping's own place
    assert shell.loc_of("claims") == doc.location


def test_places_move_and_survive_a_copy():
    doc = load_yaml(TEXT, "f.yaml")
    claim = doc["claims"][0]
    before = claim.loc_of("value")
    claim.shift_lines(10)
    after = claim.loc_of("value")
    assert (after.line, after.col, after.end_line) == (before.line + 10, before.col, before.end_line + 10)
    again = copy.deepcopy(doc)              # the pickle protocol: slots and arrays come along
    assert again == doc and again["claims"][0].loc_of("value") == after
