"""Hardening regressions (issue 17): each test is built from the reproduction in the issue.

Bad input from a stranger is a located error (file:line:col), exit 2, and the rest of the run
completes. Items: 1 YAML tags, 2 numbers past float range and digit limits, 10 limits checked
early and a reference cycle printed once, 14 confusable ids and located control characters.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from linear_support import yaml_doc
from security_support import audit, write
from support import cli, count_steps, hang_guard

from claimaudit.engine.records import as_report
from claimaudit.engine.run import exit_code
from claimaudit.model import yamlmarks
from claimaudit.model.yamlmarks import YamlError, load_yaml
from claimaudit.numbers.format import fmt_sig, to_float


def run_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``claimaudit run`` on the project's claims, plain text, no HTML report."""
    return cli(capsys, "run", str(tmp_path / "claims"), "--root", str(tmp_path), "--no-report", "--color", "no", *args)


# -- item 1: core-type YAML tags ---------------------------------------------------------------------

@pytest.mark.parametrize("text, where, tag", [
    ("value: !!int x", "f.yaml:1:8", "!!int"),
    ("value: !!float abc", "f.yaml:1:8", "!!float"),
    ("value: !!bool maybe", "f.yaml:1:8", "!!bool"),
    ("value: !!timestamp 2001-99-99", "f.yaml:1:8", "!!timestamp"),
    ("claims: !!seq x", "f.yaml:1:9", "!!seq"),
    ("claims: [!!map x]", "f.yaml:1:10", "!!map"),
    ("!!str k: v", "f.yaml:1:1", "!!str"),
    ("a: !local x", "f.yaml:1:4", "!local"),
    ("a: !!python/object/apply:os.system [echo]", "f.yaml:1:4", "!!python/object/apply:os.system"),
])
def test_yaml_tags_are_located_errors(text, where, tag):
    with pytest.raises(YamlError) as info:
        load_yaml(text, "f.yaml")
    assert str(info.value).startswith(f"{where}: YAML tags ({tag}) are not allowed")


def test_a_tagged_claim_file_does_not_stop_the_run(tmp_path, capsys):
    write(tmp_path / "claims", "bad.yaml", """
        claims:
          - id: a
            value: !!int x
    """)
    write(tmp_path / "claims", "good.yaml", """
        claims:
          - {id: a, value: "2"}
          - {id: b, value: "4", formula: a * 2}
    """)
    code, out, _err = run_cli(tmp_path, capsys)
    assert code == 2
    assert "claims/bad.yaml:4:12: YAML tags (!!int) are not allowed in claim files" in out
    assert "1 consistent" in out            # the good file was audited


def test_tagged_markdown_claim_block_and_source_record(tmp_path, capsys):
    write(tmp_path / "claims", "doc.md", """
        # Doc

        ```claimaudit
        - id: a
          value: !!float abc
        ```
    """)
    write(tmp_path / "sources", "s.yaml", "id: s\ntitle: !!str x\n")
    write(tmp_path / "claims", "ok.yaml", 'claims:\n  - {id: b, value: "1", formula: "1"}\n')
    code, out, _err = run_cli(tmp_path, capsys)
    assert code == 2
    assert "YAML tags (!!float)" in out and "YAML tags (!!str)" in out
    assert "1 consistent" in out


# -- item 2: numbers past float range, digit limits ---------------------------------------------------

def test_fmt_sig_never_overflows():
    assert fmt_sig(Fraction(10**309), 3) == "1e+309"
    assert fmt_sig(Fraction(-5, 10**320), 3) == "-5e-320"
    assert fmt_sig(Fraction(1, 10**400) * 100, 3, plus=True) == "+1e-398"
    assert fmt_sig(Fraction(123456789), 3) == format(123456789.0, ".3g")   # in range: as float prints
    assert to_float(Fraction(3, 2)) == 1.5 and to_float(Fraction(10**400)) == "1e+400"


def test_a_value_past_float_range_is_audited_not_a_crash(tmp_path, capsys):
    write(tmp_path / "claims", "big.yaml", """
        claims:
          - {id: huge, value: "1e309", formula: "1"}
          - {id: fine, value: "2", formula: "1 + 1"}
    """)
    code, out, _err = run_cli(tmp_path, capsys)
    assert code == 1                         # a finding, not a crash
    assert "recomputes to 1, claimed 1e309 (off by 1e309" in out
    code, out, _err = run_cli(tmp_path, capsys, "--format", "json")
    report = json.loads(out)
    assert report["summary"]["consistent"] == 1


@pytest.mark.parametrize("value", ["零点" + "一" * 5000, "1/" + "9" * 5000, "一" * 5000, "１" * 1001])
def test_digit_limit_counts_every_digit(tmp_path, value):
    write(tmp_path / "claims", "d.yaml", f'claims:\n  - {{id: a, value: "{value}"}}\n')
    run, r = audit(tmp_path)
    assert exit_code(run) == 2
    assert "more than 1000 digits" in str(r["d.a"].error or run.errors[0])


# -- item 10: limits checked while parsing; a cycle printed once ----------------------------------------

def test_node_limit_stops_at_the_limit(monkeypatch):
    monkeypatch.setattr(yamlmarks, "MAX_NODES", 1000)
    text = "claims:\n" + "- a\n" * 200_000
    with pytest.raises(YamlError) as info:
        load_yaml(text, "many.yaml")
    # Stopped where the 1001st node is, not after building 200,000 nodes.
    assert info.value.location.line < 1002 and "more than 1000 YAML nodes" in str(info.value)


def test_nesting_is_bounded():
    with pytest.raises(YamlError, match=r"deep\.yaml:1:101: YAML nested more than 100 levels"):
        load_yaml("[" * 150 + "]" * 150, "deep.yaml")
    with pytest.raises(YamlError, match=r"deep\.yaml:1:1001: YAML syntax"):   # libyaml's own limit
        load_yaml("[" * 10_000, "deep.yaml")


def test_yaml_loading_is_linear():
    # Work counted in Python-level steps, not seconds: the same on a busy machine as on an idle one.
    with hang_guard(120):     # a hang detector only
        s1, s4, s16 = (count_steps(load_yaml, yaml_doc(n), "f.yaml") for n in (200, 800, 3200))
    # Linear: 4x the input costs about 4x the work, never 16x.
    assert s4 / s1 < 6 and s16 / s4 < 6, (s1, s4, s16)


def test_a_reference_cycle_is_spelled_out_once(tmp_path):
    n = 300
    lines = ["claims:"] + [f"  - {{id: c{i}, value: '1', formula: c{(i + 1) % n} + 0}}" for i in range(n)]
    write(tmp_path / "claims", "cyc.yaml", "\n".join(lines) + "\n")
    run, r = audit(tmp_path)
    assert exit_code(run) == 2
    messages = [res.findings[0].message for res in r.values()]
    spelled = [m for m in messages if " -> " in m]
    assert len(spelled) == 1 and "more" in spelled[0] and len(spelled[0]) < 500
    assert all(m.startswith("reference cycle:") for m in messages)
    report = as_report(run)
    assert len(json.dumps(report)) < 100 * n * 20     # was n × n names: ~90 MB at 3,000


# -- item 14: confusable ids; control characters and invalid UTF-8 located -------------------------------

def test_mixed_script_ids_are_refused(tmp_path):
    write(tmp_path / "claims", "c.yaml", 'claims:\n  - {id: total, value: "1"}\n  - {id: tоtal, value: "2"}\n'
                                         '  - {id: 总数_gpu, value: "3"}\n')
    run, r = audit(tmp_path)
    assert set(r) == {"c.total", "c.总数_gpu"}           # Han with Latin is one identifier, as in Python
    (err,) = run.errors
    assert str(err).startswith("claims/c.yaml:3:10: claim id 'tоtal' mixes Cyrillic and Latin letters")


def test_control_character_is_reported_where_it_is(tmp_path):
    write(tmp_path / "claims", "c.yaml", 'claims:\n  - {id: a, value: "1"}\n  - {id: b, value: "2\x07"}\n')
    run, _r = audit(tmp_path)
    assert str(run.errors[0]).startswith("claims/c.yaml:3:22: control character U+0007 is not allowed")


def test_invalid_utf8_is_reported_where_it_is(tmp_path):
    p = tmp_path / "claims" / "c.yaml"
    p.parent.mkdir()
    p.write_bytes('claims:\n  - {id: 数, value: "1"}\n  - {id: b, value: "caf'.encode() + b"\xe9" + b'"}\n')
    run, _r = audit(tmp_path)
    assert str(run.errors[0]).startswith("claims/c.yaml:3:24: cannot read claim file: not UTF-8 (byte 57)")
