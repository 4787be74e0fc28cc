"""The engine end to end on small claim corpora: verdicts, references, errors, expectations."""

from __future__ import annotations

from fractions import Fraction
from functools import partial

import pytest
from support import audit_run, write

from claimaudit.engine.records import as_report
from claimaudit.engine.run import RunOptions, exit_code, run_claims

audit = partial(audit_run, checkers=False)   # the core alone


def test_table_total_and_cost_consistent(tmp_path):
    write(tmp_path / "claims", "cost.yaml", """
        claims:
          - {id: a, value: "2,664K GPU-hours"}
          - {id: b, value: 119K GPU-hours}
          - {id: c, value: 5K GPU-hours}
          - {id: total, value: "2,788K GPU-hours", formula: a + b + c}
          - {id: price, value: $2 per GPU-hour}
          - {id: cost, value: 557.6 万美元, formula: total * price}
          - {id: days, value: 54.2 天, formula: a / (2048 GPU)}
    """)
    run, r = audit(tmp_path)
    assert {k: v.verdict for k, v in r.items()} == {
        "a": "stated", "b": "stated", "c": "stated", "total": "consistent", "price": "stated",
        "cost": "consistent", "days": "consistent"}
    assert exit_code(run) == 0
    total = r["total"]
    assert total.recomputed.interval.lo == Fraction(2786500) and total.recomputed.interval.hi == Fraction(2789500)
    assert [i.name for i in total.inputs] == ["a", "b", "c"]
    assert total.inputs[0].printed == "2,664K GPU-hours"


def test_wrong_total_is_inconsistent_with_the_miss_in_rounding_units(tmp_path):
    write(tmp_path / "claims", "t.yaml", """
        claims:
          - {id: a, value: "40"}
          - {id: b, value: "2"}
          - {id: ratio, value: 22.5×, formula: a / b}
    """)
    run, r = audit(tmp_path)
    res = r["ratio"]
    assert res.verdict == "inconsistent" and res.outcome == "failed"
    msg = res.findings[0].message
    assert res.findings[0].code == "CA101"
    assert "recomputes to 20×, claimed 22.5×" in msg
    assert "off by 2.5×" in msg and "+12.5% relative" in msg and "25 rounding units" in msg
    assert exit_code(run) == 1


def test_boundary_case_is_consistent_and_marked(tmp_path):
    write(tmp_path / "claims", "mla.yaml", """
        claims:
          - {id: mla, value: 1.12 KiB, formula: (512 + 64) * 2 B}
          - {id: mha, value: 64 KiB, formula: 2 * 128 * 128 * 2 B}
    """)
    _run, r = audit(tmp_path)
    assert r["mla"].verdict == "consistent" and r["mla"].boundary
    assert any(f.severity == "info" and "boundary" in f.message for f in r["mla"].findings)
    assert r["mha"].verdict == "consistent" and not r["mha"].boundary


@pytest.mark.parametrize("value, verdict", [
    ("超过 20 PiB", "inconsistent"),      # 19.65 PiB is not over 20 PiB
    ("over 20 PB", "consistent"),         # 22.1 PB is
    ("不到 20 PiB", "consistent"),
    ("at least 19.64 PiB", "consistent"),
    ("at least 19.65 PiB", "inconsistent"),  # bounds are read at the printed value: 19.6451 < 19.65
    ("at most 19 PiB", "inconsistent"),
    ("约 20 PiB", "consistent"),          # 19.65 is within 5% of 20
    ("19.65 PiB", "consistent"),
    ("19.5 PiB", "inconsistent"),
])
def test_relations(tmp_path, value, verdict):
    write(tmp_path / "claims", "s.yaml", f"""
        claims:
          - id: cap
            value: {value}
            formula: 180 node * 16 SSD/node * 15.36 TB/SSD / 2
    """)
    _run, r = audit(tmp_path)
    assert r["cap"].verdict == verdict, r["cap"].findings


def test_dimension_mismatch_names_both_sides(tmp_path):
    write(tmp_path / "claims", "d.yaml", """
        claims:
          - {id: hours, value: "2,788K GPU-hours"}
          - {id: cost, value: $5.576M, formula: hours * 2}
    """)
    _run, r = audit(tmp_path)
    f = r["cost"].findings[0]
    assert r["cost"].verdict == "inconsistent" and f.code == "CA102"
    assert "gpu*time" in f.message and "currency_USD" in f.message


def test_adding_mismatched_units_is_a_dimension_finding(tmp_path):
    write(tmp_path / "claims", "d.yaml", """
        claims:
          - {id: a, value: 5 GPU-hours}
          - {id: b, value: $5}
          - {id: c, value: "10", formula: a + b}
    """)
    _run, r = audit(tmp_path)
    assert r["c"].verdict == "inconsistent" and r["c"].findings[0].code == "CA102"


def test_underdetermined_lists_free_inputs(tmp_path):
    write(tmp_path / "claims", "u.yaml", """
        claims:
          - id: dualpipe
            value: 62.7%
            formula: 1 - ((PP/2 - 1) * (F + B - 3*W)) / ((PP - 1) * (F + B))
            given: {PP: "16", F: "?", B: "?", W: "?"}
    """)
    run, r = audit(tmp_path)
    assert r["dualpipe"].verdict == "underdetermined"
    assert r["dualpipe"].free == ["F", "B", "W"]
    assert exit_code(run) == 1


def test_expect_turns_known_errors_into_expected_and_unexpected_passes_into_failures(tmp_path):
    write(tmp_path / "claims", "e.yaml", """
        claims:
          - {id: t0, value: 64.118 s}
          - {id: t1, value: 9.717 s}
          - id: eff
            value: 91%
            formula: (64 * t0) / (512 * t1)
            expect: inconsistent
            because: recomputes to 82.5%
          - id: eff_ok
            value: 82.5%
            formula: (64 * t0) / (512 * t1)
            expect: inconsistent
    """)
    run, r = audit(tmp_path)
    assert r["eff"].outcome == "expected"
    assert r["eff_ok"].verdict == "consistent" and r["eff_ok"].outcome == "failed"
    assert any(f.code == "CA100" and "expected inconsistent" in f.message for f in r["eff_ok"].findings)
    assert exit_code(run) == 1


def test_references_across_files_and_derived_claims(tmp_path):
    write(tmp_path / "claims", "a.yaml", """
        claims:
          - {id: nodes, value: 180 node}
          - {id: raw, formula: nodes * 16 SSD/node * 15.36 TB/SSD, unit: PB}
    """)
    write(tmp_path / "claims", "b.yaml", """
        claims:
          - {id: usable, value: 19.65 PiB, formula: a.raw / 2}
    """)
    _run, r = audit(tmp_path)
    assert r["raw"].verdict == "stated" and r["raw"].recomputed.unit == "PB"
    assert r["usable"].verdict == "consistent"
    assert r["usable"].inputs[0].recomputed and r["usable"].inputs[0].ref == "a.raw"


def test_unknown_name_is_an_error_with_suggestion_and_location(tmp_path):
    write(tmp_path / "claims", "n.yaml", """
        claims:
          - {id: total_hours, value: "5"}
          - id: cost
            value: "10"
            formula: totl_hours * 2
    """)
    run, r = audit(tmp_path)
    f = r["cost"].findings[0]
    assert r["cost"].verdict == "error" and f.code == "CA006"
    assert "unknown name 'totl_hours'" in f.message and "did you mean 'total_hours'" in f.message
    assert (f.location.file, f.location.line) == ("claims/n.yaml", 6)
    assert exit_code(run) == 2


def test_reference_cycle_names_the_cycle(tmp_path):
    write(tmp_path / "claims", "c.yaml", """
        claims:
          - {id: a, value: "1", formula: b + 1}
          - {id: b, value: "1", formula: c + 1}
          - {id: c, value: "1", formula: a + 1}
          - {id: d, value: "2", formula: "1 + 1"}
    """)
    run, r = audit(tmp_path)
    for k in "abc":
        assert r[k].verdict == "error"
        assert "reference cycle:" in r[k].findings[0].message
    assert "c.a -> c.b -> c.c -> c.a" in r["a"].findings[0].message
    assert r["d"].verdict == "consistent"          # the valid rest still runs
    assert exit_code(run) == 2


def test_bad_number_unit_and_formula_are_located_errors_and_the_rest_runs(tmp_path):
    write(tmp_path / "claims", "bad.yaml", """
        claims:
          - {id: n, value: "1.000,5"}
          - {id: u, value: 5 GPU-hourz}
          - {id: f, value: "1", formula: "__import__('os')"}
          - {id: z, value: "1", formula: 1 / (2 - 2)}
          - {id: ok, value: "4", formula: 2 * 2}
    """)
    run, r = audit(tmp_path)
    codes = {k: r[k].findings[0].code for k in "nufz"}
    assert codes == {"n": "CA003", "u": "CA004", "f": "CA005", "z": "CA009"}
    assert all(r[k].verdict == "error" for k in "nufz")
    assert r["ok"].verdict == "consistent"
    loc = r["u"].findings[0].location
    assert loc.file == "claims/bad.yaml" and loc.line == 4
    message = r["u"].findings[0].message
    assert message.startswith("unit 'GPU-hourz': unknown unit 'hourz' (did you mean 'GPU-hours'")
    assert r["u"].error == f"claims/bad.yaml:4:26: {message}"
    assert exit_code(run) == 2


def test_kilo_setting_decides_the_128k_claim(tmp_path):
    text = """
        defaults: {{kilo: "{kilo}"}}
        claims:
          - {{id: ctx, value: 128K tokens}}
          - id: total
            value: 943.7B tokens
            formula: 15000 * 480 * ctx
    """
    write(tmp_path / "claims", "k.yaml", text.format(kilo=1024))
    _run, r = audit(tmp_path)
    assert r["total"].verdict == "consistent"
    write(tmp_path / "claims", "k.yaml", text.format(kilo=1000))
    _run, r = audit(tmp_path)
    assert r["total"].verdict == "inconsistent"


def test_keyword_selection_keeps_references_working(tmp_path):
    write(tmp_path / "claims", "a.yaml", """
        claims:
          - {id: x, value: "2", tags: [inputs]}
          - {id: y, value: "4", formula: x * 2, tags: [check]}
    """)
    run, r = audit(tmp_path, keyword="check and not inputs")
    assert list(r) == ["y"] and r["y"].verdict == "consistent"
    assert run.collected == 2


def test_nothing_collected_exit_5(tmp_path):
    (tmp_path / "claims").mkdir()
    run, _r = audit(tmp_path)
    assert exit_code(run) == 5


def test_report_records_carry_the_working(tmp_path):
    write(tmp_path / "claims", "r.yaml", """
        claims:
          - {id: a, value: 0.83, quote: "CPERF table", at: Table 3}
          - {id: b, value: "0.60"}
          - {id: cperf, value: "1.38", formula: a / b}
    """)
    run, _r = audit(tmp_path)
    rep = as_report(run)
    rec = next(x for x in rep["records"] if x["id"] == "cperf")
    assert rec["verdict"] == "consistent" and rec["outcome"] == "passed"
    assert rec["claimed"]["lo"] == "1.375" and rec["claimed"]["hi"] == "1.385"
    # [0.825, 0.835] / [0.595, 0.605]: lo is 0.825/0.605 = 15/11, which the record prints to 12 digits
    assert rec["recomputed"]["lo"] == "1.36363636364"
    assert [i["name"] for i in rec["inputs"]] == ["a", "b"]
    assert rec["inputs"][1]["printed"] == "0.60" and rec["inputs"][1]["lo"] == "0.595"
    assert rep["summary"]["consistent"] == 1 and rep["summary"]["stated"] == 2
    assert rep["schema"] == "claimaudit.report" and rep["version"] == 1


def test_progress_is_reported_while_evaluating(tmp_path, monkeypatch):
    from claimaudit.engine import run as engine_run

    monkeypatch.setattr(engine_run, "PROGRESS_EVERY", 2)
    write(tmp_path / "claims", "p.yaml", "claims:\n" + "".join(f"  - {{id: c{i}, value: '{i}'}}\n" for i in range(5)))
    seen = []
    run_claims([tmp_path / "claims"], tmp_path, RunOptions(checkers=False, progress=lambda d, t: seen.append((d, t))))
    assert seen == [(0, 5), (2, 5), (4, 5)]


def test_one_formula_text_reads_each_files_declared_units(tmp_path):
    """Two files declare ``widget`` differently and share a formula text (parsed once per run): each
    claim reads the inline ``3 widget`` under its own file's declaration. Before, the first file's
    reading was kept in the shared formula, and the second file's claim passed as 9 GPU although
    its widget is a count of its own."""
    for name, decl in (("a.yaml", "{name: widget, definition: GPU}"), ("b.yaml", "{name: widget}")):
        write(tmp_path / "claims", name, f"""
            units:
              - {decl}
            claims:
              - {{id: n, value: 3 GPU}}
              - {{id: t, value: 9 GPU, formula: n * 2 + (3 widget)}}
        """)
    run, _ = audit_run(tmp_path)
    verdicts = {r.claim.qualname: r.verdict for r in run.results}
    assert verdicts == {"a.n": "stated", "a.t": "consistent", "b.n": "stated", "b.t": "inconsistent"}
    b_t = next(r for r in run.results if r.claim.qualname == "b.t")
    assert any("#widget" in f.message for f in b_t.findings)
