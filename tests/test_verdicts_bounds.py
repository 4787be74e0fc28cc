"""Issue #12 §1 and §2: bounds are read at the printed value; a passing checker-input check is a verdict.

The claims are built from real published text (quoted in each case): DeepSpeed-Chat's Chinese
README (Apache-2.0), BigScience's BLOOM tr11 notes (Apache-2.0), the DeepSeek handbook in the
bundled corpus. Each real case is paired with the edge around it: the same figure moved just past
its bound, where reading the bound at the edge of its rounding interval would wrongly pass.
"""

from __future__ import annotations

from functools import partial

import pytest
from support import audit_text

from claimaudit.classroom.explain import explain_claim
from claimaudit.engine.run import exit_code

audit = partial(audit_text, errors_ok=False)   # these claims are all well formed


# -- §1: bounds at the printed value --------------------------------------------------------------

# DeepSpeed-Chat (zh) line 244: "实现高达 7.5 倍的提升" for 50B / 6.7B = 7.4627.
@pytest.mark.parametrize("value, verdict", [
    ("up to 7.5 倍", "consistent"),
    ("up to 7.47×", "consistent"),
    ("up to 7.46×", "inconsistent"),   # 7.4627 > 7.46; the rounding edge 7.465 would have passed it
    ("at most 7.46×", "inconsistent"),
    ("超过 7.46 倍", "consistent"),
    ("over 7.47×", "inconsistent"),    # the rounding edge 7.465 would have passed it
    ("约 7.46 倍", "consistent"),      # 'about' keeps its tolerance
])
def test_ratio_bounds_at_the_printed_value(tmp_path, value, verdict):
    _, r = audit(tmp_path, f"""
        claims:
          # Model sizes named in model names are exact, not rounded.
          - {{id: he, value: 50B, rounding: exact, quote: "DeepSpeed-HE 可以在相同的硬件上分别运行 6.5B 和 50B 的模型"}}
          - {{id: colossal, value: 6.7B, rounding: exact}}
          - {{id: gain, value: "{value}", formula: he / colossal}}
    """)
    assert r["gain"].verdict == verdict, r["gain"].findings


# The class: a percentage bound against a table percentage.
@pytest.mark.parametrize("value, verdict", [
    ("over 85%", "consistent"),
    ("over 86%", "inconsistent"),      # 85.5% is not over 86% (the interval's 85.5 edge passed it)
    ("at least 85.5%", "consistent"),  # exactly at a >= bound
    ("more than 85.5%", "inconsistent"),
    ("不到 85.6%", "consistent"),
    ("less than 85.5%", "inconsistent"),
    ("超过 85.4%", "consistent"),
])
def test_percentage_bounds(tmp_path, value, verdict):
    _, r = audit(tmp_path, f"""
        claims:
          - {{id: hit, value: "171", rounding: exact}}
          - {{id: total, value: "200", rounding: exact}}
          - {{id: share, value: "{value}", formula: hit / total}}
    """)
    assert r["share"].verdict == verdict, r["share"].findings


def test_days_bound_from_bloom_notes(tmp_path):
    # BLOOM tr11: "3 jobs of 100h each, so if all goes well, that's at least 12 days".
    _, r = audit(tmp_path, """
        claims:
          - {id: ok, value: at least 12 days, formula: 3 * 100 h}
          - {id: exact_edge, value: at least 12.5 days, formula: 3 * 100 h}
          - {id: strict_edge, value: more than 12.5 days, formula: 3 * 100 h}
          - {id: multiplied, value: "over 0.29K h", formula: 3 * 100 h}
          - {id: multiplied_miss, value: "over 0.3K h", formula: 3 * 100 h}
    """)
    assert {k: v.verdict for k, v in r.items()} == {
        "ok": "consistent", "exact_edge": "consistent", "strict_edge": "inconsistent",
        "multiplied": "consistent", "multiplied_miss": "inconsistent"}
    assert r["exact_edge"].boundary


def test_bound_message_names_the_printed_value(tmp_path):
    # DeepSpeed-Chat (zh) line 42: "分别花费不到 300 美元" against 表 1's "9 hours ($290)"; the
    # figure moved to a cost the table cannot support.
    _, r = audit(tmp_path, """
        claims:
          - {id: cost, value: "$290"}
          - {id: prose, value: less than 290.0 美元, formula: cost}
          - {id: prose_ok, value: 不到 300 美元, formula: cost}
    """)
    assert r["prose_ok"].verdict == "consistent"
    res = r["prose"]
    assert res.verdict == "inconsistent"
    (f,) = [f for f in res.findings if f.code == "CA101"]
    assert "claimed less than 290 USD" in f.message
    assert any("must stay below 290 USD" in w for w in f.working), f.working


def test_range_bound_uses_its_near_end(tmp_path):
    _, r = audit(tmp_path, """
        claims:
          - {id: over_range, value: "more than 5–10%", formula: 5.2 / 100}
          - {id: under_range, value: "up to 5–10%", formula: 10.04 / 100}
    """, checkers=False)
    assert r["over_range"].verdict == "consistent"
    assert r["under_range"].verdict == "inconsistent"


# -- §2: a passing checker-input check gives a verdict ----------------------------------------------

def test_parts_bound_and_same_as_make_stated_claims_consistent(tmp_path):
    # DeepSpeed-Chat (zh) 表 4: "Step 1 2.5hr + Step 2 0.25hr + Step 3 10.8hr = Total 13.6hr", and
    # line 42's "不到 300 美元" against 表 1's $290; the handbook's "10,000 GPU" and "1 万 GPU".
    run, r = audit(tmp_path, """
        claims:
          - {id: step1, value: 2.5hr}
          - {id: step2, value: 0.25hr}
          - {id: step3, value: 10.8hr}
          - {id: total, value: 13.6hr, parts: [step1, step2, step3]}
          - {id: total_bad, value: 13.8hr, parts: [step1, step2, step3]}
          - {id: table_cost, value: "$290"}
          - {id: prose_cost, value: "$300", at_least: table_cost}
          - {id: gpus, value: "10,000 GPU"}
          - {id: gpus_wan, value: 1 万 GPU, same_as: gpus}
          - {id: ratio, value: 19.9×, words: about 20 times}
    """)
    assert r["step1"].verdict == "stated"
    assert r["total"].verdict == "consistent"
    assert r["total_bad"].verdict == "inconsistent"
    assert r["prose_cost"].verdict == "consistent"
    assert r["gpus_wan"].verdict == "consistent"
    assert r["ratio"].verdict == "consistent"
    notes = [f for f in r["total"].findings if f.data.get("passed")]
    assert notes and notes[0].code == "CA106" and notes[0].working
    assert exit_code(run) == 1


def test_explain_shows_the_passing_check(tmp_path):
    run, _ = audit(tmp_path, "claims:\n" + "\n".join(
        f"  - {{id: {i}, value: {v}}}" for i, v in (("step1", "2.5hr"), ("step2", "0.25hr"), ("step3", "10.8hr")))
        + "\n  - {id: total, value: 13.6hr, parts: [step1, step2, step3]}\n")
    text = explain_claim(run, "total")
    assert "Verdict: consistent" in text
    assert "CA106" in text and "add up to the total 13.6hr" in text
    assert "not computed" not in text


def test_a_check_that_cannot_test_does_not_pass(tmp_path):
    # "2-fold" describes a ratio; a duration cannot be checked against it: a warning, not a pass.
    _, r = audit(tmp_path, """
        claims:
          - {id: t, value: 4.1 hours, words: 2-fold}
    """)
    assert r["t"].verdict == "stated"
    assert [f.severity for f in r["t"].findings if f.code == "CA105"] == ["warning"]


def test_same_quantity_reads_bounds_at_the_printed_value(tmp_path):
    # A README's "over 86%" beside its table's 85.7%: the same quantity cannot be both.
    _, r = audit(tmp_path, """
        claims:
          - {id: table, value: 85.7%}
          - {id: prose, value: over 86%, same_as: table}
          - {id: prose_ok, value: over 85%, same_as: table}
    """)
    assert r["prose"].verdict == "inconsistent"
    assert r["prose_ok"].verdict == "consistent"
