"""Issue #12 §3: the units real reports print.

Claims are built from real published text, quoted in each test: the DeepSeek-V3 technical report
(arXiv 2412.19437), NVIDIA's H800/H100 spec sheets, BigScience's BLOOM tr11 notes (Apache-2.0),
Yi's README (Apache-2.0). Each rule is tested with its edge cases: the other spelling, the typo
that must stay an error, the reading that must not silently apply outside claims.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from support import audit_text as audit
from support import messages as notes

from claimaudit.engine.run import exit_code
from claimaudit.errors import UnitError
from claimaudit.units.declare import parse_declarations
from claimaudit.units.declared import claim_vocabulary
from claimaudit.units.registry import resolve_unit

# -- FLOP spellings ------------------------------------------------------------------------------

@pytest.mark.parametrize("text, dims", [
    ("TFLOPS", "flop/time"), ("TFlops", "flop/time"), ("TFLOP/s", "flop/time"), ("Tflops", "flop/time"),
    ("PFLOPS", "flop/time"), ("flops", "flop/time"),
    ("TFLOPs", "flop"), ("FLOPs", "flop"), ("EFLOPs", "flop"), ("TFLOP", "flop"),
])
def test_flop_spellings(text, dims):
    info = resolve_unit(text)
    assert info.dims.describe() == dims
    if text.lower().startswith(("tflops", "flops", "eflops")) and text not in ("TFLOPS",):
        # The ambiguous spellings say which reading they got and what the other one would be.
        assert ("count" in info.note) and ("per second" in info.note or "rate" in info.note), info.note


def test_peak_tflops_spelled_as_vendors_print_it(tmp_path):
    # NVIDIA H100 SXM: "BF16 Tensor Core 1,979 teraFLOPS" with sparsity, half of it dense; model
    # FLOPs utilisation printed against "989 TFlops". Read as a count, CA102 raised a false alarm.
    _, r = audit(tmp_path, """
        claims:
          - {id: peak, value: 989 TFlops, formula: "1979 TFLOPS / 2", rounding: digits}
          - {id: achieved, value: 400 TFLOP/s}
          - {id: mfu, value: 40%, formula: achieved / peak}
    """)
    assert r["peak"].verdict == "consistent", r["peak"].findings
    assert r["mfu"].verdict == "consistent", r["mfu"].findings


def test_bloom_tflops_per_gpu_is_a_rate_ca103_offers_it(tmp_path):
    # BLOOM tr11: "running at ~150 TFLOPs per GPU: Btokens=450; Bmodel=167; n_gpus=384;
    # Tflops=150; print(f"{Btokens*1e9*8*Bmodel*1e9/(n_gpus*Tflops*1e12*60*60*24):0.2f} days")".
    _, r = audit(tmp_path, """
        claims:
          - id: best_case
            value: 120.80 days
            formula: 450e9 token * 8 * 167e9 FLOP/token / (n_gpus * per_gpu)
            given: {n_gpus: 384 GPU, per_gpu: 150 TFLOPs/GPU}
    """)
    res = r["best_case"]
    assert res.verdict == "inconsistent"          # as written, TFLOPs is a count: no time in the formula
    (msg,) = notes(res, "CA103")
    assert "per_gpu = 150 TFLOPs/GPU is read as 150 TFLOP/s/GPU" in msg


def test_a_flop_count_claim_read_as_a_rate_is_offered_back(tmp_path):
    # DeepSeek-V3 report: 2.788M H800 GPU hours; a total compute printed with the rate spelling.
    _, r = audit(tmp_path, """
        claims:
          - id: compute
            value: 1.2e24 FLOPS
            formula: 37e9 parameter * 14.8e12 token * 6 FLOP/(parameter*token) / 2.8
    """)
    res = r["compute"]
    assert res.verdict == "inconsistent"
    assert any("read as 1.2e24 FLOPs (a count of FLOP)" in m for m in notes(res, "CA103")), res.findings


# -- cycles, points ------------------------------------------------------------------------------

def test_cycle_is_a_count_never_a_turn():
    info = resolve_unit("cycles")
    assert info.factor == 1 and "count" in info.note
    assert resolve_unit("cycle").dims == info.dims
    assert resolve_unit("revolution").factor != 1      # pint's turn keeps its other names


def test_clock_cycles(tmp_path):
    # H800 boost clock 1.98 GHz (NVIDIA); a 2 µs step is 3,960 cycles, not 3,960 / 2π.
    _, r = audit(tmp_path, """
        claims:
          - {id: cycles, value: "3,960 cycles", formula: 1.98 GHz * 2 us}
          - {id: rate, value: 1.98e9 cycles/s, formula: 1.98 GHz}
    """)
    assert r["cycles"].verdict == "consistent", r["cycles"].findings
    assert r["rate"].verdict == "consistent", r["rate"].findings


def test_points_are_percentage_points_or_score_points(tmp_path):
    # Yi README: "99.8 − 89.3 = 10.5" percentage points between two accuracies; a benchmark score
    # difference between plain scores is in the score's own points.
    _, r = audit(tmp_path, """
        claims:
          - {id: acc_new, value: 99.8%}
          - {id: acc_old, value: 89.3%}
          - {id: gain, value: 10.5 points, formula: acc_new - acc_old}
          - {id: gain_wrong, value: 10.7 points, formula: acc_new - acc_old}
          - {id: score_new, value: "85.3"}
          - {id: score_old, value: "82.1"}
          - {id: score_gain, value: 3.2 points, formula: score_new - score_old}
    """)
    assert r["gain"].verdict == "consistent"
    assert r["gain_wrong"].verdict == "inconsistent"
    assert r["score_gain"].verdict == "consistent"
    assert any("score points" in m for m in notes(r["score_gain"], "CA102"))
    assert resolve_unit("points").dims.dimensionless      # never printer's points (a length)


# -- count nouns -------------------------------------------------------------------------------------

def test_count_nouns_from_the_deepseek_v3_report(tmp_path):
    # "each MoE layer consists of 1 shared expert and 256 routed experts, where the intermediate
    # hidden dimension of each expert is 2048. Among the routed experts, 8 experts will be
    # activated for each token"; "we only need 20 SMs" (of the H800's 132) for communication.
    run, r = audit(tmp_path, """
        claims:
          - {id: routed, value: 256 experts}
          - {id: groups, value: 8 groups}
          - {id: per_group, value: 32 experts/group, formula: routed / groups}
          - {id: per_group_bad, value: 30 experts/group, formula: routed / groups}
          - {id: active, value: 8 experts}
          - {id: active_share, value: 3.1%, formula: active / routed}
          - {id: sms, value: 132 SMs}
          - {id: comm_sms, value: 20 SMs}
          - {id: comm_share, value: 15.2%, formula: comm_sms / sms}
          - {id: total_experts, value: 256 experts, formula: 8 * 32}
          - {id: mixed, value: 256 experts, formula: groups * 32}
    """)
    assert not run.errors
    v = {k: x.verdict for k, x in r.items()}
    assert v["per_group"] == "consistent" and v["per_group_bad"] == "inconsistent"
    assert v["active_share"] == "consistent" and v["comm_share"] == "consistent"
    # A plain count labelled with its noun is the same number ("a label").
    assert v["total_experts"] == "consistent"
    assert any("read as a label" in m for m in notes(r["total_experts"], "CA102"))
    # Two different nouns are not a label: groups are not experts.
    assert v["mixed"] == "inconsistent"
    assert r["routed"].claimed.unit == "experts"


def test_bloom_replicas(tmp_path):
    # BLOOM tr11: "One replica is 48 GPUs (TP*PP=4*12)"; "8 replicas"; "384 GPUs".
    _, r = audit(tmp_path, """
        claims:
          - {id: gpus, value: 384 GPUs}
          - {id: replica, value: 48 GPUs/replica, formula: 4 * 12 GPU/replica}
          - {id: replicas, value: 8 replicas, formula: gpus / replica}
    """)
    assert r["replicas"].verdict == "consistent", r["replicas"].findings


def test_count_nouns_singular_and_plural_are_one_unit():
    with claim_vocabulary():
        experts, expert = resolve_unit("experts"), resolve_unit("expert")
        assert experts.dims == expert.dims and experts.factor == expert.factor == 1
        assert resolve_unit("switches").dims == resolve_unit("switch").dims
        assert resolve_unit("queries").dims == resolve_unit("query").dims
        assert resolve_unit("SMs").canonical == "SM"
        assert "counting unit" in resolve_unit("SMs").note
        rate = resolve_unit("tokens/s/GPU")
        assert rate.dims.describe() == "token/(gpu*time)"
        assert resolve_unit("chains").dims != resolve_unit("km").dims   # not a surveyor's chain


@pytest.mark.parametrize("typo, suggestion", [("secnods", "seconds"), ("minuts", "minute"), ("hourss", "hours")])
def test_a_typo_of_a_known_unit_stays_an_error(typo, suggestion):
    with claim_vocabulary(), pytest.raises(UnitError) as info:
        resolve_unit(typo)
    assert suggestion in info.value.suggestions


@pytest.mark.parametrize("word", ["of", "the", "times"])
def test_grammar_words_are_not_count_nouns(word):
    with claim_vocabulary(), pytest.raises(UnitError):
        resolve_unit(word)


def test_count_nouns_only_inside_claims():
    # Extraction scans prose outside the claim vocabulary: an unknown word is not a unit there.
    with pytest.raises(UnitError):
        resolve_unit("experts")


# -- declared units --------------------------------------------------------------------------------

def test_declared_units_in_a_file(tmp_path):
    # Kaplan et al. count compute in PF-days; a file declares it and an alias.
    run, r = audit(tmp_path, """
        units:
          - {name: PF_day, definition: PFLOPS * day, aliases: [pfs_day]}
          - {name: rack, aliases: [racks]}
        claims:
          # GPT-3 (Brown et al. 2020), Table D.1: 175B model, "3.14E+23" FLOPs, "3.64E+03" PF-days.
          - {id: flops, value: 3.14e23 FLOPs}
          - {id: compute, value: 3.64e3 PF_days, formula: flops}
          - {id: compute_alias, value: 3640 pfs_day, formula: flops, rounding: digits}
          - {id: compute_bad, value: 3.70e3 PF_days, formula: flops}
          - {id: gpus, value: 2048 GPU}
          - {id: racks, value: 256 racks, formula: gpus / (8 GPU/rack)}
    """)
    assert not run.errors, [str(e) for e in run.errors]
    assert {k: x.verdict for k, x in r.items() if k not in ("gpus", "flops")} == {
        "compute": "consistent", "compute_alias": "consistent", "compute_bad": "inconsistent",
        "racks": "consistent"}


@pytest.mark.parametrize("units, message", [
    ("[{name: '1bad'}]", "must be one word"),
    ("[{name: x, definition: \"__import__('os')\"}]", "cannot be read"),
    ("[{name: x, aliases: ['a b']}]", "must be one word"),
    ("[{name: x, definition: GPU}, {name: x, definition: node}]", "declared twice"),
])
def test_bad_declarations_are_located_input_errors(tmp_path, units, message):
    run, _r = audit(tmp_path, f"""
        units: {units}
        claims:
          - {{id: a, value: 3 x}}
    """)
    errs = [e for e in run.errors] + [f for res in run.results for f in res.findings if f.severity == "error"]
    assert errs, "a bad declaration must be reported"
    text = " ".join(str(getattr(e, "message", e)) for e in errs)
    assert message in text, text
    assert exit_code(run) == 2


@pytest.mark.parametrize("definition", ["meter; import os", "[length]", "meter = 3", "1e400 meter"])
def test_declarations_are_never_handed_to_pint(definition):
    # pint's definition syntax (new dimensions, '=' aliases) is not accepted: the registry's own
    # unit grammar reads a definition, and refuses it where it is declared.
    with pytest.raises(UnitError) as info:
        parse_declarations([{"name": "evil", "definition": definition}])
    assert "'evil' is declared as" in info.value.message


def test_declared_units_in_claimaudit_toml(tmp_path):
    (tmp_path / "claimaudit.toml").write_text('[units]\nexpert = {aliases = ["E"]}\nPF_day = "PFLOPS * day"\n',
                                              encoding="utf-8")
    folder = tmp_path / "claims"
    folder.mkdir()
    (folder / "c.yaml").write_text("claims:\n  - {id: a, value: 2 PF_day, formula: 1.728e20 FLOP}\n"
                                   "  - {id: b, value: 64 E, formula: 8 * 8}\n", encoding="utf-8")
    from claimaudit.cli.main import main

    assert main(["run", "--root", str(tmp_path), "-q", str(folder), "--no-report"]) == 0
    (tmp_path / "claimaudit.toml").write_text('[units]\nbad = "meter +"\n', encoding="utf-8")
    assert main(["run", "--root", str(tmp_path), "-q", str(folder), "--no-report"]) == 2


# -- bytes, energy, emissions -------------------------------------------------------------------------

@pytest.mark.parametrize("text, bits", [
    ("Bytes", 8), ("bytes", 8), ("GBytes", 8 * 10**9), ("MBytes", 8 * 10**6), ("KiBytes", 8 * 1024),
    ("Gigabytes", 8 * 10**9), ("Gbits", 10**9),
])
def test_byte_and_bit_names_in_any_case(text, bits):
    assert resolve_unit(text).factor == bits


def test_energy_and_emissions(tmp_path):
    # BLOOM's carbon footprint paper: "an estimated 24.7 tonnes of CO2eq" for the dynamic power of
    # 433,196 kWh at 57 gCO2eq/kWh (France's grid).
    _, r = audit(tmp_path, """
        claims:
          - {id: energy, value: "433,196 kWh"}
          - {id: intensity, value: 57 gCO2eq/kWh}
          - {id: emissions, value: 24.7 tCO2eq, formula: energy * intensity}
          - {id: emissions_kg, value: "24,692 kgCO2eq", formula: energy * intensity, rounding: digits}
          - {id: mwh, value: 433.2 MWh, formula: energy}
          - {id: gwh, value: 0.43 GWh, formula: energy}
          - {id: power, value: 1.2 MW, formula: 1200 kW}
          - {id: watts, value: "400 W", formula: 0.4 kW}
    """)
    assert all(x.verdict in ("consistent", "stated") for x in r.values()), {
        k: (x.verdict, x.error) for k, x in r.items()}
    assert resolve_unit("tCO2eq").factor == Fraction(10**6) * resolve_unit("gCO2eq").factor
    assert resolve_unit("kgCO2eq").dims != resolve_unit("kg").dims   # CO2eq is not a plain mass
