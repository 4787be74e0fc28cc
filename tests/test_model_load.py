"""Loading claim files: safe YAML with locations, schema errors at file:line:col, limits."""

from __future__ import annotations

import pytest

from claimaudit.model import yamlmarks
from claimaudit.model.load import claim_schema, load_claim_file, load_claim_text
from claimaudit.model.yamlmarks import YamlError, load_yaml


def errors_of(text: str) -> list[str]:
    _cf, errs = load_claim_text(text, "claims/t.yaml")
    return [str(e) for e in errs]


def test_scalars_stay_as_written():
    doc = load_yaml("a: 0.60\nb: no\nc: 1:20\nd: true\ne: 0x10\nf: 1e3\n", "f.yaml")
    assert doc == {"a": "0.60", "b": "no", "c": "1:20", "d": True, "e": "0x10", "f": "1e3"}


def test_locations_are_one_based_and_point_at_values():
    doc = load_yaml("claims:\n  - id: a\n    value: 2,788K GPU-hours\n", "f.yaml")
    item = doc["claims"][0]
    assert str(item.loc_of("value")) == "f.yaml:3:12"
    assert str(item.key_loc("value")) == "f.yaml:3:5"
    # A scalar is a plain str; its location is kept once, by the mapping that holds it.
    assert type(item["value"]) is str and item.loc_of("value").line == 3


@pytest.mark.parametrize("text, expected", [
    ("a: &x [1]\nb: *x\n", "f.yaml:1:4: anchors and aliases"),
    ("a: 1\na: 2\n", "f.yaml:2:1: duplicate key 'a'"),
    ("a: [1\n", "f.yaml:2:1: YAML syntax"),
    ("a: 1\n---\nb: 2\n", "f.yaml:3:1: a claim file holds one YAML document"),
    ("? [a, b]\n: 1\n", "f.yaml:1:3: a mapping key must be a plain value"),
])
def test_yaml_errors_are_located(text, expected):
    with pytest.raises(YamlError) as info:
        load_yaml(text, "f.yaml")
    assert str(info.value).startswith(expected)


def test_alias_bomb_is_refused_quickly():
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n" for i in range(9))
    with pytest.raises(YamlError, match="aliases"):
        load_yaml(bomb, "bomb.yaml")


def test_huge_file_is_refused(monkeypatch):
    monkeypatch.setattr(yamlmarks, "MAX_FILE_BYTES", 100)
    with pytest.raises(YamlError, match="larger than"):
        load_yaml("a: " + "x" * 200, "big.yaml")


def test_node_limit(monkeypatch):
    monkeypatch.setattr(yamlmarks, "MAX_NODES", 50)
    with pytest.raises(YamlError, match="YAML nodes"):
        load_yaml("a: [" + ", ".join(["1"] * 100) + "]", "many.yaml")


def test_misspelt_key_gets_suggestion_and_location():
    errs = errors_of("claims:\n  - id: a\n    valeu: 3\n")
    assert errs == ["claims/t.yaml:3:5: unknown key 'valeu' (did you mean 'value'?)"]


def test_every_error_is_collected_and_valid_claims_kept():
    text = ("source: s\nclaims:\n  - id: good\n    value: '1'\n  - id: bad\n    formla: a\n"
            "  - id: good\n    value: '2'\n  - id: worse\n    expect: wrong\n")
    cf, errs = load_claim_text(text, "claims/t.yaml")
    assert [c.id for c in cf.claims] == ["good"]
    text_errs = [str(e) for e in errs]
    assert any("6:5: unknown key 'formla' (did you mean 'formula'?)" in e for e in text_errs)
    assert any("duplicate claim id 'good'" in e and ":7:9:" in e for e in text_errs)
    assert any(":10:13:" in e and "'wrong' is not one of" in e for e in text_errs)
    assert len(errs) == 3


def test_top_level_must_be_mapping():
    assert errors_of("- a\n- b\n")[0].startswith("claims/t.yaml:1:1: a claim file is a mapping")
    assert "empty claim file" in errors_of("")[0]


def test_settings_cascade_file_then_claim():
    cf, errs = load_claim_text(
        "defaults: {kilo: '1024', rounding: exact}\nclaims:\n  - id: a\n    value: 128K tokens\n"
        "  - id: b\n    value: '1'\n    rounding: digits\n    given: {x: {value: '2', kilo: '1000'}}\n",
        "claims/t.yaml")
    assert not errs
    a, b = cf.claims
    assert (a.settings.kilo, a.settings.rounding) == (1024, "exact")
    assert (b.settings.kilo, b.settings.rounding) == (1024, "digits")
    assert b.given[0].settings.kilo == 1000 and b.given[0].settings.rounding == "digits"


def test_given_free_and_citations():
    cf, errs = load_claim_text(
        "claims:\n  - id: a\n    value: 62.7%\n    formula: 1 - F/B\n    given: {F: '?', B: '3 s'}\n"
        "    also_in: [{source: v3, at: Table 2, value: 62.7%}]\n", "claims/t.yaml")
    assert not errs
    c = cf.claims[0]
    assert [(g.name, g.value) for g in c.given] == [("F", "?"), ("B", "3 s")]
    assert c.also_in[0].source == "v3" and c.also_in[0].at == "Table 2"
    assert c.qualname == "t.a"


def test_unreadable_and_non_utf8_files(tmp_path):
    p = tmp_path / "latin.yaml"
    p.write_bytes("claims: [{id: caf\xe9}]".encode("latin-1"))
    _cf, errs = load_claim_file(p, display="claims/latin.yaml")
    assert str(errs[0]) == "claims/latin.yaml:1:18: cannot read claim file: not UTF-8 (byte 17)"


def test_schema_is_valid_json_schema():
    import jsonschema

    jsonschema.Draft202012Validator.check_schema(claim_schema())


def test_bad_id_says_what_an_id_is_not_the_regex():
    errs = errors_of("claims:\n  - id: 123abc\n")
    assert errs == ["claims/t.yaml:2:9: claims/0/id: '123abc' is not a name: a letter or _ first, "
                    "then letters, digits, _ or -"]
