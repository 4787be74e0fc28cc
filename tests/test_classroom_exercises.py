"""claimaudit exercise make: an exercise set from the bundled corpus (and from small corpora)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support import REPO

from claimaudit.classroom.answers import read_answer_file
from claimaudit.classroom.exercises import choose, make_set
from claimaudit.classroom.keyfile import load_key
from claimaudit.engine.run import RunOptions, run_claims

BUNDLED = REPO / "exercises" / "deepseek"
#: What the bundled set was made with (see docs/classroom.md).
BUNDLED_TITLE = "DeepSeek infrastructure / DeepSeek 基础设施"


@pytest.fixture(scope="module")
def run():
    return run_claims([REPO / "claims"], REPO, RunOptions(checkers=False))


@pytest.fixture(scope="module")
def made(run, tmp_path_factory):
    out = tmp_path_factory.mktemp("set")
    return out, make_set(run.results, out, title=BUNDLED_TITLE, sources=run.sources,
                         shown_path="exercises/deepseek")


def test_every_tagged_claim_becomes_an_exercise(run, made):
    _out, m = made
    tagged = [r.claim.qualname for r in run.results if "exercise" in r.claim.tags]
    assert [e.key.claim for e in m.exercises] == tagged
    assert m.skipped == []
    assert [e.key.id for e in m.exercises][:3] == ["E01", "E02", "E03"]


def test_bundled_set_is_up_to_date_with_the_generator(made):
    out, _m = made
    made_files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    bundled = sorted(p.relative_to(BUNDLED).as_posix() for p in BUNDLED.rglob("*") if p.is_file())
    assert made_files == bundled, "regenerate: claimaudit exercise make -o exercises/deepseek " \
                                  f"--title '{BUNDLED_TITLE}'"
    for rel in made_files:
        assert (out / rel).read_text("utf-8") == (BUNDLED / rel).read_text("utf-8"), \
            f"exercises/deepseek/{rel} is stale: regenerate it with claimaudit exercise make"


def test_student_sheets_hide_the_formula_and_the_verdict(made):
    out, m = made
    for lang in ("en", "zh"):
        for suffix in ("md", "html"):
            sheet = (out / f"student.{lang}.{suffix}").read_text("utf-8")
            for e in m.exercises:
                k = e.key
                assert k.value in sheet
                assert f"answers/{k.template}" in sheet
                assert k.formula not in sheet, f"{k.id}: the formula leaks into the sheet"
                if k.because:
                    assert k.because not in sheet
                if k.title:   # titles often state the working ("0.83 / 0.60"): never on the sheet
                    assert k.title not in sheet
                for i in k.inputs:
                    assert f"{i.name}" in sheet
    en = (out / "student.en.md").read_text("utf-8")
    assert "| `step_64` | 64.118 s | fire-flyer-ai-hpc, scaling experiment (64 GPUs) |" in en
    assert "1. As of which date and price?" in en and "6. Do the words overstate?" in en
    zh = (out / "student.zh.md").read_text("utf-8")
    assert "## 练习 E12 ★★★" in zh and "**提示：** TB、PB 是 1000 的幂；TiB、PiB 是 1024 的幂。" in zh


def test_teacher_key_has_formula_verdict_and_working(made):
    out, _m = made
    key_en = (out / "key.en.md").read_text("utf-8")
    assert "## E12 ★★★ — `storage_3fs.usable_capacity_claim`" in key_en
    assert "- Formula: `raw_capacity / 2`" in key_en
    assert "- Computed inputs: `raw_capacity = storage_nodes * ssds_per_node * ssd_size`" in key_en
    assert "- Verdict: **inconsistent** (Expected: inconsistent)" in key_en
    assert "no value in [19.6387, 19.6515] PiB is more than 20 PiB" in key_en
    key_zh = (out / "key.zh.md").read_text("utf-8")
    assert "第3步　单位" in key_zh and "细心读者的核对清单" in key_zh


def test_key_round_trips_exactly(made):
    out, m = made
    key = load_key(out)
    assert [e.id for e in key.exercises] == [e.key.id for e in m.exercises]
    for got, ex in zip(key.exercises, m.exercises, strict=True):
        want = ex.key
        assert (got.claim, got.verdict, got.relation, got.expanded) == (want.claim, want.verdict, want.relation,
                                                                        want.expanded)
        assert (got.recomputed_lo, got.recomputed_hi) == (want.recomputed_lo, want.recomputed_hi)
        assert (got.claimed_lo, got.claimed_hi, got.factor, got.dims) == (want.claimed_lo, want.claimed_hi,
                                                                          want.factor, want.dims)
        assert [(i.name, i.lo, i.hi, i.nominal, i.factor, i.dims, i.kilo) for i in got.inputs] == \
               [(i.name, i.lo, i.hi, i.nominal, i.factor, i.dims, i.kilo) for i in want.inputs]
    storage = key.find("usable_capacity_claim")
    assert storage.derived == {"raw_capacity": "(storage_nodes * ssds_per_node * ssd_size)"}
    assert [i.name for i in storage.inputs] == ["storage_nodes", "ssds_per_node", "ssd_size"]
    assert key.find("dsa_sparse_attention.fraction").input("context_len").kilo == 1024


def test_difficulty_from_inputs_conversions_and_traps(made):
    _out, m = made
    by_claim = {e.key.claim: e.key for e in m.exercises}
    storage = by_claim["storage_3fs.usable_capacity_claim"]
    assert storage.difficulty == 3
    assert storage.factors == ["inputs:3", "conversion", "binary-decimal", "qualifier:超过"]
    assert by_claim["fire_flyer_cost.cperf"].difficulty == 1
    assert "boundary" in by_claim["mla_kv_cache.mla_bytes"].factors
    assert "kilo-1024" in by_claim["dsa_sparse_attention.fraction"].factors
    assert "coarse-inputs" in by_claim["v3_training_cost.sum_of_costs"].factors   # $0.01M is ±$5,000
    assert by_claim["v3_training_cost.total_hours"].factors == ["inputs:3"]


def test_templates_are_valid_answer_files(made):
    out, m = made
    for e in m.exercises:
        path = out / "answers" / e.key.template
        (ans,) = read_answer_file(path, base=out / "answers")
        assert not ans.problems, ans.problems
        assert ans.exercise == e.key.id
        assert ans.formula == ""   # the template leaves the formula for the student
        text = path.read_text("utf-8")
        for i in e.key.inputs:
            assert f'  {i.name}: ""' in text


def _corpus(tmp_path: Path, claim_yaml: str) -> Path:
    (tmp_path / "claims").mkdir()
    (tmp_path / "claims" / "c.yaml").write_text(claim_yaml, "utf-8")
    return tmp_path


def test_teacher_hints_and_escaping(tmp_path):
    root = _corpus(tmp_path, """
claims:
  - id: days
    quote: "<script>alert('x')</script> took 54.2 days"
    value: 54.2 天
    formula: hours / gpus
    hint: Divide the GPU-hours by the GPUs & mind the unit.
    given:
      hours: 2,664K GPU-hours
      gpus: 2048 GPU
    tags: [exercise]
  - id: untagged
    value: '3'
    formula: a + b
    given: {a: '1', b: '2'}
""")
    run = run_claims([root / "claims"], root, RunOptions(checkers=False))
    m = make_set(run.results, root / "set", sources=run.sources)
    assert [e.key.claim for e in m.exercises] == ["c.days"]
    html = (root / "set" / "student.en.html").read_text("utf-8")
    assert "<script>alert" not in html and "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;" in html
    assert "Divide the GPU-hours by the GPUs &amp; mind the unit." in html
    md = (root / "set" / "student.zh.md").read_text("utf-8")
    assert "**提示：** Divide the GPU-hours by the GPUs & mind the unit." in md
    # --all takes every claim with a value and a formula.
    m_all = make_set(run.results, root / "all", all_claims=True)
    assert [e.key.claim for e in m_all.exercises] == ["c.days", "c.untagged"]


def test_hidden_values_and_stale_templates(tmp_path, run):
    out = tmp_path / "set"
    (out / "answers").mkdir(parents=True)
    (out / "answers" / "E99-gone.yaml").write_text("exercise: E99\n", "utf-8")
    (out / "answers" / "alice.yaml").write_text("student: alice\n", "utf-8")   # not ours: kept
    chosen, _ = choose(run.results)
    make_set(run.results, out, show_values=False, langs=["en"])
    sheet = (out / "student.en.md").read_text("utf-8")
    assert "| `step_64` | (find it) | fire-flyer-ai-hpc, scaling experiment (64 GPUs) |" in sheet
    assert "64.118" not in sheet
    assert not (out / "answers" / "E99-gone.yaml").exists()
    assert (out / "answers" / "alice.yaml").exists()
    assert not (out / "student.zh.md").exists()
    assert len(list((out / "answers").glob("E*.yaml"))) == len(chosen)


def test_untaggable_claims_are_reported(tmp_path):
    root = _corpus(tmp_path, """
claims:
  - id: free
    value: 62.7%
    formula: 1 - a / b
    given: {a: '?', b: '2'}
    tags: [exercise]
  - id: stated
    value: 5 GPU
    tags: [exercise]
""")
    run = run_claims([root / "claims"], root, RunOptions(checkers=False))
    chosen, skipped = choose(run.results)
    assert chosen == []
    assert skipped == ["c.free: its verdict is underdetermined: nothing a student can decide",
                       "c.stated: needs both a printed value and a formula"]


def test_cli_make(tmp_path, capsys):
    from claimaudit.cli.main import main

    out = tmp_path / "set"
    assert main(["exercise", "make", "-o", str(out), "--root", str(REPO), "--lang", "zh"]) == 0
    assert re.match(r"\d+ exercises, \d+ files in ", capsys.readouterr().out)
    assert (out / "key.yaml").is_file()
    assert (out / "student.zh.html").is_file() and not (out / "student.en.html").exists()
    assert main(["exercise", "make", "-o", str(out), "--root", str(REPO), "--tag", "no-such-tag"]) == 2
    assert "no exercises" in capsys.readouterr().err
    assert main(["exercise", "make", "-o", str(out), "--root", str(REPO), "--lang", "fr"]) == 2
