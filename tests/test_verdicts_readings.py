"""Issue #12 §5: readings that explain a miss, each reported with the setting that makes it hold.

Real published figures, quoted in each test: NASA's Moon fact sheet, BigScience's BLOOM tr11
notes (Apache-2.0), Meta/DeepSeek context lengths, NVIDIA's 80 GB GPUs. Negative controls: a
figure no reading rescues (BLOOM's "329GB", which misses in GB and in GiB) gets no reading.
"""

from __future__ import annotations

from functools import partial

from support import audit_text

audit = partial(audit_text, errors_ok=False)   # these claims are all well formed


def readings(res) -> list[str]:
    return [f.message + " | " + " | ".join(f.working) for f in res.findings if f.code == "CA103"]


def test_measured_integers_read_as_rounded(tmp_path):
    # NASA: the Moon's "mean radius 1,737.4 km" and "diameter 3,475 km"; "average distance of
    # 238,855 miles (384,400 km)". Read as exact, the integers raise false alarms.
    _, r = audit(tmp_path, """
        claims:
          - {id: diameter, value: "3,475 km"}
          - {id: radius, value: "1,737.4 km", formula: diameter / 2}
          - {id: distance_km, value: "384,400 km"}
          - {id: distance_mi, value: "238,855 miles", formula: distance_km}
    """)
    for cid, text in (("radius", "3,475 km (diameter)"), ("distance_mi", "238,855 miles")):
        res = r[cid]
        assert res.verdict == "inconsistent"
        (first,) = readings(res)[:1]
        assert "read as rounded to their last digit" in first and text in first
        assert "setting: rounding: digits" in first


def test_the_fix_the_reading_names_makes_it_hold(tmp_path):
    _, r = audit(tmp_path, """
        defaults: {rounding: digits}
        claims:
          - {id: diameter, value: "3,475 km"}
          - {id: radius, value: "1,737.4 km", formula: diameter / 2}
    """)
    assert r["radius"].verdict == "consistent"


def test_truncated_derived_column(tmp_path):
    # BLOOM tr11: 9,765,625 samples over 127 intervals "76894" per increment (int(), not
    # rounded); "4805 steps at GBS=16" is 76894 / 16 = 4805.875 cut.
    _, r = audit(tmp_path, """
        claims:
          - {id: per_increment, value: "76894", formula: 9765625 / 127}
          - {id: steps_gbs16, value: "4805", formula: per_increment / 16}
          - {id: steps_gbs32, value: "2402", formula: per_increment / 32}
          - {id: rounded_up, value: "4806", formula: per_increment / 16}
    """)
    for cid in ("per_increment", "steps_gbs16", "steps_gbs32"):
        msgs = readings(r[cid])
        assert msgs and "truncated" in msgs[0], (cid, r[cid].findings)
    # 4806 is 4805.875 rounded: reading it as exact misses, but no truncation holds it.
    assert not any("truncated" in m for m in readings(r["rounded_up"]))


def test_exact_readings_are_not_said_to_be_rounded(tmp_path):
    _, r = audit(tmp_path, """
        claims:
          - {id: steps, value: "4805", formula: 76894 / 16}
    """)
    (f,) = [f for f in r["steps"].findings if f.code == "CA101"]
    text = " ".join(f.working)
    assert "printed to its last digit" not in text and "read as exact" in text


def test_kilo_reading_names_its_setting(tmp_path):
    # DeepSeek-V3: "128K" context = 131,072 tokens.
    _, r = audit(tmp_path, """
        claims:
          - {id: ctx, value: 128K tokens, formula: 131072 token}
    """)
    (msg,) = readings(r["ctx"])[:1]
    assert "K is read as 1024" in msg and 'setting: kilo: "1024"' in msg


def test_a_figure_no_reading_rescues_gets_none(tmp_path):
    # BLOOM tr11: "just the bf16 weights are 329GB": 176,247,271,424 params × 2 B = 352.5 GB =
    # 328.3 GiB — it misses in GB and in GiB, rounded or not.
    _, r = audit(tmp_path, """
        claims:
          - {id: params, value: "176,247,271,424 parameter"}
          - {id: weights, value: 329GB, formula: params * 2 B/parameter}
    """)
    assert r["weights"].verdict == "inconsistent"
    assert readings(r["weights"]) == []


def test_bounds_get_unit_readings_too(tmp_path):
    # BLOOM tr11: "8 GPUs per node", "GPU memory: 640GB per node" (8 × 80GB). A 680 GB footprint
    # fits a node only if its 80 GB GPUs are 80 GiB (8 × 80 GiB = 687.2 GB).
    _, r = audit(tmp_path, """
        claims:
          - {id: gpu_mem, value: 80 GB}
          - {id: node_mem, formula: 8 * gpu_mem}
          - {id: footprint, value: 680 GB, at_most: node_mem}
          - {id: footprint_ok, value: 630 GB, at_most: node_mem}
          - {id: far_over, value: 900 GB, at_most: node_mem}
    """)
    (f,) = [f for f in r["footprint"].findings if f.code == "CA108" and f.severity == "error"]
    assert "holds only if gpu_mem = 80 GB is read as 80 GiB (binary vs decimal prefix)" in f.working
    assert r["footprint_ok"].verdict == "consistent"
    (g,) = [f for f in r["far_over"].findings if f.code == "CA108" and f.severity == "error"]
    assert not g.data["readings"]          # no reading is near enough to explain 900 GB


def bound_readings(res) -> list[str]:
    return [w for f in res.findings if f.code == "CA108" for w in f.working if w.startswith("holds only if")]


def test_a_bound_on_a_change_tries_points_and_relative_readings(tmp_path):
    # 01-ai/Yi README_CN (Apache-2.0): "Yi-34B-200K 的“大海捞针”能力增强了 10.5%, 从 89.3% 提升到了
    # 99.8%" — 10.5 is a difference in percentage points; as a relative gain it is 11.76%.
    _, r = audit(tmp_path, """
        claims:
          - {id: before, value: 89.3%}
          - {id: after, value: 99.8%}
          - {id: gain, formula: (after - before) / before, at_most: 10.5%}
          - {id: stated, value: 10.5%}
          - {id: points_gain, formula: after - before, at_most: stated}
          - {id: limit_rel, formula: (after - before) / before}
          - {id: gain_pts, formula: after - before, at_least: limit_rel}
          - {id: small, formula: (after - before) / before, at_most: 12%}
    """)
    assert r["gain"].verdict == "inconsistent"
    assert bound_readings(r["gain"]) == [
        "holds only if gain is read as percentage points (after - before), not as the formula computes it"]
    # The limit is the relative change (11.76%) and the figure 10.5 points: either side read as the
    # other kind of change makes it hold, and both readings are named.
    assert r["gain_pts"].verdict == "inconsistent"
    assert bound_readings(r["gain_pts"]) == [
        "holds only if gain_pts is read as a relative change ((after - before) / before), not as the formula "
        "computes it",
        "holds only if the limit limit_rel is read as percentage points (after - before), not as its formula "
        "computes it"]
    # Negative controls: within its limit as computed, no reading is offered; a printed limit is no change.
    assert r["points_gain"].verdict == "consistent" and bound_readings(r["points_gain"]) == []
    assert r["small"].verdict == "consistent" and bound_readings(r["small"]) == []
