"""The quote checker (CA201-CA207) end to end: claims, source records and texts in a project."""

from __future__ import annotations

import importlib.util
import re
import shutil
from functools import partial
from pathlib import Path

from support import REPO, copy_demo, make_project
from support import audit as support_audit

from claimaudit.engine.run import RunOptions, run_claims

FIXTURES = Path(__file__).parent / "fixtures" / "sources"

HANDBOOK = """id: handbook
title: DeepSeek 案例研究 (excerpt)
kind: secondary
files: [texts/handbook.txt]
"""
V3 = """id: v3
title: DeepSeek-V3 Technical Report (excerpt)
kind: primary
files: [texts/v3.md]
"""
COST_CLAIMS = """source: handbook
claims:
  - id: pretrain_hours
    quote: "| 预训练 | 2,664K | $5.328M |"
    at: 四 (cost table)
    value: 2,664K GPU-hours
  - id: total_hours
    quote: "| 合计 | 2,788K | $5.576M |"
    at: 四 (cost table)
    value: 2,788K GPU-hours
  - id: sum_of_costs
    quote: "三个金额相加也是 557.6 万美元"
    at: 四 (below the table)
    value: 557.6 万美元
  - id: gpus
    quote: "整个预训练用了 2048 张卡、54.2 天。"
    at: 四
    value: 2048 GPU
"""


# Only the quote checker; every test's project is well formed.
audit = partial(support_audit, select=("CA200",), errors_ok=False)


def quote_findings(res):
    return [(f.code, f.severity) for f in res.findings if f.code.startswith("CA2")]


# -- found, and where ----------------------------------------------------------------------------------

def test_quotes_found_with_their_location(tmp_path):
    root = make_project(tmp_path, sources={"handbook": HANDBOOK}, claims={"cost": COST_CLAIMS},
                        texts={"texts/handbook.txt": FIXTURES / "handbook_cost.txt"})
    res = audit(root)
    for r in res.values():
        assert quote_findings(r) == [], r.findings
    q = res["total_hours"].extra["quote"]
    assert q["source"] == "handbook" and q["file"] == "texts/handbook.txt"
    assert (q["line"], q["table_row"], q["column"], q["match"], q["score"]) == (8, 4, "H800 卡时", "exact", 100.0)
    assert q["section"].startswith("四、训练一次旗舰")
    assert q["passage"] == "| 合计 | 2,788K | $5.576M |" and q["value_text"] == "2,788K"
    assert res["sum_of_costs"].extra["quote"]["value_text"] == "557.6 万"


def test_typeset_differences_are_normalised_not_flagged(tmp_path):
    root = make_project(tmp_path, sources={"handbook": HANDBOOK}, claims={"cost": COST_CLAIMS},
                        texts={"texts/handbook.txt": FIXTURES / "handbook_cost_typeset.txt"})
    res = audit(root)
    for r in res.values():
        assert quote_findings(r) == [], (r.claim.id, r.findings)
    q = res["total_hours"].extra["quote"]
    assert q["match"] == "normalised" and "２，７８８Ｋ" in q["passage"]
    assert res["sum_of_costs"].extra["quote"]["passage"] == "三个金额相加也是 557.6万美元"


# -- drift ---------------------------------------------------------------------------------------------

def test_drifted_copy(tmp_path):
    root = make_project(tmp_path, sources={"handbook": HANDBOOK}, claims={"cost": COST_CLAIMS},
                        texts={"texts/handbook.txt": FIXTURES / "handbook_cost_drifted.txt"})
    res = audit(root)
    f = next(f for f in res["sum_of_costs"].findings if f.code == "CA202")
    assert f.severity == "error"
    assert f.message.startswith("the source now says 557.7 万美元 where the claim quotes 557.6 万美元")
    assert "texts/handbook.txt:9" in f.message
    f = next(f for f in res["total_hours"].findings if f.code == "CA202")
    assert "now says 2,789K where the claim quotes 2,788K GPU-hours" in f.message
    assert res["total_hours"].extra["quote"]["drift"] == {"quoted": "2,788K GPU-hours", "now": "2,789K"}
    # words changed, number still printed: a warning, not drift
    assert quote_findings(res["gpus"]) == [("CA205", "warning")]
    q = res["gpus"].extra["quote"]
    assert q["match"] == "fuzzy" and 80 <= q["score"] < 100
    assert q["passage"] == "整个预训练一共用了 2048 张卡、54.2 天。"
    assert quote_findings(res["pretrain_hours"]) == []


def test_drift_fails_the_claim(tmp_path):
    root = make_project(tmp_path, sources={"handbook": HANDBOOK}, claims={"cost": COST_CLAIMS},
                        texts={"texts/handbook.txt": FIXTURES / "handbook_cost_drifted.txt"})
    run = run_claims([root / "claims"], root, RunOptions(select=("CA200",)))
    from claimaudit.engine.run import exit_code

    outcomes = {r.claim.id: r.outcome for r in run.results}
    assert outcomes["sum_of_costs"] == "failed" and outcomes["pretrain_hours"] == "passed"
    assert exit_code(run) == 1


def test_quote_not_found_gives_no_unrelated_near_match(tmp_path):
    claims = """source: handbook
claims:
  - id: total
    quote: "三个金额相加一共是 557.6 万美元整"
    value: 557.6 万美元
  - id: absent
    quote: "完全没有出现过的一句话，讲的是别的事情"
    value: 3 GPU
"""
    root = make_project(tmp_path, sources={"handbook": HANDBOOK}, claims={"c": claims},
                        texts={"texts/handbook.txt": FIXTURES / "handbook_cost.txt"})
    res = audit(root, )
    # close enough: found fuzzily (words changed), number intact
    assert quote_findings(res["total"]) == [("CA205", "warning")]
    f = next(f for f in res["absent"].findings if f.code == "CA201")
    assert f.severity == "warning" and f.message.startswith("quote not found in handbook")
    # An unrelated sentence has no near match worth showing: nothing of the source is echoed
    # (issue 17: near-match messages printed fragments the quote did not contain).
    assert f.message.endswith("(no near match)"), f.message
    assert (f.location.file, f.location.line) == ("claims/c.yaml", 7)   # the quote in the claim file
    assert res["absent"].extra["quote"]["match"] == "not found"


def test_min_score_is_configurable(tmp_path):
    claims = """source: handbook
claims:
  - id: total
    quote: "三个金额相加一共是 557.6 万美元整"
    value: 557.6 万美元
"""
    root = make_project(tmp_path, sources={"handbook": HANDBOOK}, claims={"c": claims},
                        texts={"texts/handbook.txt": FIXTURES / "handbook_cost.txt"},
                        toml="[tool.claimaudit.checkers.CA200]\nmin_score = 99\n")
    res = audit(root)
    f = next(f for f in res["total"].findings if f.code == "CA201")
    assert re.search(r"best near match \(score 8\d\) at texts/handbook.txt:9 ", f.message)
    assert f.message.endswith("“三个金额相加也是 557.6 万美元”")


# -- primary against secondary ---------------------------------------------------------------------------

CITING = """source: handbook
claims:
  - id: pretrain_hours
    quote: "| 预训练 | {hours} | $5.328M |"
    at: 四 (cost table)
    value: {hours} GPU-hours
    also_in:
      - {{source: v3, quote: "| in H800 GPU Hours | 2664K | 119K | 5K | 2788K |", at: Table 1}}
  - id: hours_per_trillion
    source: v3
    quote: "training DeepSeek-V3 on each trillion tokens requires only 180K H800 GPU hours"
    at: 1 Introduction
    value: 180K GPU-hours
  - id: price
    quote: "2,788K × $2（论文假设的每卡时租金）= 557.6 万美元"
    value: $2 per GPU-hour
    also_in:
      - {{source: v3, value: "$2 per GPU hour"}}
"""


def test_primary_and_secondary_agree(tmp_path):
    root = make_project(tmp_path, sources={"handbook": HANDBOOK, "v3": V3},
                        claims={"c": CITING.format(hours="2,664K")},
                        texts={"texts/handbook.txt": FIXTURES / "handbook_cost.txt",
                               "texts/v3.md": FIXTURES / "v3_report_excerpt.md"})
    res = audit(root)
    for r in res.values():
        assert quote_findings(r) == [], (r.claim.id, r.findings)
    cite = res["pretrain_hours"].extra["quote_citations"][0]
    assert cite["role"] == "also_in" and cite["source"] == "v3" and cite["line"] == 17 and cite["table_row"] == 1
    # a citation with a value and no quote is looked up by its number
    cite = res["price"].extra["quote_citations"][0]
    assert cite["match"] == "value" and "$2 per GPU hour" in cite["passage"]
    q = res["hours_per_trillion"].extra["quote"]
    assert q["file"] == "texts/v3.md" and q["section"] == "1 Introduction" and q["match"] == "normalised"


def test_secondary_restating_the_primary_differently(tmp_path):
    handbook = (FIXTURES / "handbook_cost.txt").read_text("utf-8").replace("2,664K", "2,665K")
    root = make_project(tmp_path, sources={"handbook": HANDBOOK, "v3": V3},
                        claims={"c": CITING.format(hours="2,665K")},
                        texts={"texts/handbook.txt": handbook, "texts/v3.md": FIXTURES / "v3_report_excerpt.md"})
    res = audit(root)
    r = res["pretrain_hours"]
    assert quote_findings(r) == [("CA203", "error")]
    f = r.findings[-1]
    assert f.message.startswith("sources disagree: v3 prints 2664K (texts/v3.md:17 (1 Introduction)) "
                                "where handbook prints 2,665K GPU-hours")
    assert r.extra["quote_citations"][0]["disagrees"] is True


def test_cited_values_that_disagree(tmp_path):
    claims = """source: handbook
claims:
  - id: pretrain_hours
    quote: "| 预训练 | 2,664K | $5.328M |"
    value: 2,664K GPU-hours
    also_in:
      - {source: v3, at: Table 1, value: 2664K GPU hours}
      - {source: v3, at: Table 1, value: 2.664M GPU hours}
      - {source: v3, at: Table 1, value: 2.7M GPU hours}
      - {source: v3, at: Table 1, value: 2660K GPU hours}
"""
    root = make_project(tmp_path, sources={"handbook": HANDBOOK, "v3": "id: v3\nkind: primary\nurl: https://arxiv.org/abs/2412.19437\n"},
                        claims={"c": claims}, texts={"texts/handbook.txt": FIXTURES / "handbook_cost.txt"})
    r = audit(root)["pretrain_hours"]
    disagree = [f.message for f in r.findings if f.code == "CA203"]
    # 2.7M rounds to a range that holds 2,664K; 2660K does not
    assert disagree == ["sources disagree: handbook prints 2,664K GPU-hours but v3 prints 2660K GPU hours"]
    info = [f for f in r.findings if f.code == "CA204"]
    assert len(info) == 1 and info[0].severity == "info" and "https://arxiv.org/abs/2412.19437" in info[0].message


# -- HTML and PDF primaries ----------------------------------------------------------------------------------

def _make_pdf():
    spec = importlib.util.spec_from_file_location("pdfgen", FIXTURES / "pdfgen.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.make_pdf


def test_html_and_pdf_primaries(tmp_path):
    make_pdf = _make_pdf()
    pdf = make_pdf([["DeepSeek-V3 Technical Report", "1 Introduction"],
                    ["Table 1 | Training costs of DeepSeek-V3, assuming the rental price of H800 is $2 per GPU hour.",
                     "Training Costs Pre-Training Context Extension Post-Training Total",
                     "in H800 GPU Hours 2664K 119K 5K 2788K"]])
    sources = {
        "handbook": HANDBOOK,
        "day6": "id: day6\nkind: primary\nfiles: [texts/day6.html]\n",
        "v3pdf": "id: v3pdf\nkind: primary\nfiles: [texts/v3.pdf]\n",
    }
    claims = """source: handbook
claims:
  - id: margin
    source: day6
    quote: "the total daily revenue would be $562,027, with a cost profit margin of 545%"
    value: 545%
  - id: daily_cost
    source: day6
    quote: "the total daily cost amounts to $87,072"
    value: $87,072 per day
  - id: total_hours
    quote: "| 合计 | 2,788K | $5.576M |"
    value: 2,788K GPU-hours
    also_in:
      - {source: v3pdf, quote: "in H800 GPU Hours 2664K 119K 5K 2788K", at: Table 1}
"""
    root = make_project(tmp_path, sources=sources, claims={"c": claims},
                        texts={"texts/handbook.txt": FIXTURES / "handbook_cost.txt",
                               "texts/day6.html": FIXTURES / "day6_inference_excerpt.html", "texts/v3.pdf": pdf})
    res = audit(root)
    for r in res.values():
        assert quote_findings(r) == [], (r.claim.id, r.findings)
    q = res["margin"].extra["quote"]
    assert q["file"] == "texts/day6.html" and q["section"] == "Cost and Theoretical Income" and q["line"] == 20
    cite = res["total_hours"].extra["quote_citations"][0]
    assert cite["file"] == "texts/v3.pdf" and cite["page"] == 2 and cite["line"] == 3


def test_pdf_primary_changed(tmp_path):
    make_pdf = _make_pdf()
    pdf = make_pdf([["in H800 GPU Hours 2664K 119K 5K 2789K"]])
    claims = """source: handbook
claims:
  - id: total_hours
    quote: "| 合计 | 2,788K | $5.576M |"
    value: 2,788K GPU-hours
    also_in:
      - {source: v3pdf, quote: "in H800 GPU Hours 2664K 119K 5K 2788K"}
"""
    root = make_project(tmp_path, sources={"handbook": HANDBOOK, "v3pdf": "id: v3pdf\nfiles: [texts/v3.pdf]\n"},
                        claims={"c": claims}, texts={"texts/handbook.txt": FIXTURES / "handbook_cost.txt",
                                                     "texts/v3.pdf": pdf})
    r = audit(root)["total_hours"]
    msgs = [(f.code, f.message) for f in r.findings if f.code.startswith("CA2")]
    assert msgs and msgs[0][0] == "CA202"
    assert msgs[0][1].startswith("also_in v3pdf: the source now says 2789K where the claim quotes 2,788K GPU-hours")


# -- unavailable and hostile texts ----------------------------------------------------------------------------

def test_unavailable_texts_are_reported_not_crashed(tmp_path):
    make_pdf = _make_pdf()
    sources = {
        "gone": "id: gone\nfiles: [texts/missing.txt]\n",
        "outside": "id: outside\nfiles: [../elsewhere/secret.txt]\n",
        "paper": "id: paper\nurl: https://arxiv.org/abs/2408.14158\n",
        "huge": "id: huge\nfiles: [texts/huge.pdf]\n",
        "unfetched": "id: unfetched\nurl: http://127.0.0.1:9/x.txt\nsha256: " + "ab" * 32 + "\n",
    }
    claims = "claims:\n" + "".join(
        f"  - id: c_{s}\n    source: {s}\n    quote: \"a quote\"\n    value: 3 GPU\n" for s in sources)
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "secret.txt").write_text("a quote 3 GPU", "utf-8")
    root = make_project(tmp_path / "p", sources=sources, claims={"c": claims},
                        texts={"texts/huge.pdf": make_pdf([["a quote"]] * 4)},
                        toml="[tool.claimaudit.checkers.CA200]\nmax_pages = 2\n")
    res = audit(root)
    got = {k[2:]: [(f.code, f.severity, f.data.get("reason")) for f in r.findings if f.code.startswith("CA2")]
           for k, r in res.items()}
    assert got == {
        "gone": [("CA204", "warning", "missing")],
        "outside": [("CA204", "warning", "refused")],
        "paper": [("CA204", "info", "no-text")],
        "huge": [("CA204", "warning", "limit")],
        "unfetched": [("CA204", "info", "no-text")],
    }
    assert "claimaudit sources fetch unfetched" in res["c_unfetched"].findings[-1].message
    assert all(r.outcome == "passed" for r in res.values())


def test_a_folder_outside_the_root_is_allowed_from_the_command_line_only(tmp_path):
    from claimaudit.config import command_line_source_dirs

    (tmp_path / "shared").mkdir()
    shutil.copyfile(FIXTURES / "handbook_cost.txt", tmp_path / "shared" / "h.txt")
    root = make_project(tmp_path / "p", sources={"handbook": "id: handbook\nfiles: [../shared/h.txt]\n"},
                        claims={"cost": COST_CLAIMS}, texts={})
    refused = audit(root)
    assert any(f.code == "CA204" and "--allow-source-dir" in f.message for r in refused.values() for f in r.findings)
    with command_line_source_dirs([str(tmp_path / "shared")]):
        res = audit(root)
    assert res["total_hours"].extra["quote"]["file"] == "../shared/h.txt"
    assert all(quote_findings(r) == [] for r in res.values())


# -- section and value notes ------------------------------------------------------------------------------------

def test_section_mismatch_and_derived_value_are_notes(tmp_path):
    claims = """source: handbook
claims:
  - id: wrong_section
    quote: "| 合计 | 2,788K | $5.576M |"
    at: 七、最常坏的零件
    value: 2,788K GPU-hours
  - id: derived
    quote: "2,664K + 119K + 5K = 2,788K"
    value: 2,788,000 GPU-hours
  - id: words
    quote: "“卡时\\"就是\\"一张卡跑一小时”，是最朴素的计费单位"
    words: 最朴素的计费单位
"""
    root = make_project(tmp_path, sources={"handbook": HANDBOOK}, claims={"c": claims},
                        texts={"texts/handbook.txt": FIXTURES / "handbook_cost.txt"})
    res = audit(root)
    assert quote_findings(res["wrong_section"]) == [("CA207", "info")]
    assert "not under “七、最常坏的零件”" in res["wrong_section"].findings[-1].message
    # 2,788,000 is the same number as 2,788K
    assert quote_findings(res["derived"]) == []
    assert quote_findings(res["words"]) == []
    assert res["words"].extra["quote"]["value_printed"] is True


# -- the bundled corpus -------------------------------------------------------------------------------------------

def test_bundled_quotes_are_all_found_in_the_seeds():
    run = run_claims([REPO / "claims"], REPO, RunOptions(select=("CA200",)))
    codes = {(r.claim.qualname, f.code) for r in run.results for f in r.findings if f.code.startswith("CA2")}
    problems = {c for c in codes if c[1] in ("CA201", "CA202", "CA203", "CA205")}
    assert problems == set()
    # the one derived value: an EP64 group is 8 nodes × 8 GPUs, "64" is not printed in the quote
    assert ("v3_training_cost.ep_group_gpus", "CA206") in codes
    by = {r.claim.qualname: r for r in run.results}
    q = by["v3_training_cost.total_cost"].extra["quote"]
    assert (q["file"], q["line"], q["table_row"], q["column"]) == (
        "sources/texts/004_19076b57cd7d3139.txt", 31, 4, "金额")
    q = by["fire_flyer_cost.perf_about_80"].extra["quote"]
    assert (q["column"], q["value_text"]) == ("论文的说法", "八成")    # 约 80% is printed as 八成
    q = by["dualpipe.bubble_reduction_pp16"].extra["quote"]
    assert q["section"] == '4.5 工作流程中的四次"账本核对"'
    # arXiv primaries have no local text: a note, never a failure, said once per source (not once
    # per claim citing it)
    r = by["inference_margin.margin"]
    assert [f.code for f in r.findings if f.code.startswith("CA2")] in ([], ["CA204"])
    notes: dict[str, list[str]] = {}
    for res in run.results:
        for f in res.findings:
            if f.code == "CA204":
                assert f.severity == "info"
                notes.setdefault(f.data["source"], []).append(res.claim.qualname)
    assert notes and all(len(v) == 1 for v in notes.values()), notes
    assert "deepseek-day6-inference" in notes     # inference_margin's also_in primary


def test_drifted_copy_of_the_seeds(tmp_path):
    root = copy_demo(tmp_path / "project")
    p = root / "sources" / "texts" / "004_19076b57cd7d3139.txt"
    p.chmod(0o644)
    text = p.read_text("utf-8")
    p.write_text(text.replace("三个金额相加也是 557.6 万美元", "三个金额相加也是 557.7 万美元")
                 .replace("NVLink 桥接器错误占 42.57%", "NVLink 桥接器错误占 42.75%"), "utf-8")
    run = run_claims([root / "claims"], root, RunOptions(select=("CA200",)))
    drift = {r.claim.qualname: f.message for r in run.results for f in r.findings if f.code == "CA202"}
    assert set(drift) == {"v3_training_cost.sum_of_costs", "cluster_failures.nvlink_share"}
    assert drift["v3_training_cost.sum_of_costs"].startswith(
        "the source now says 557.7 万美元 where the claim quotes 557.6 万美元 "
        "(sources/texts/004_19076b57cd7d3139.txt:32")
    assert drift["cluster_failures.nvlink_share"].startswith("the source now says 42.75% where the claim quotes 42.57%")


def test_a_project_without_source_records_gets_no_quote_findings(tmp_path):
    root = make_project(tmp_path, sources={}, claims={"cost": COST_CLAIMS}, texts={})
    res = audit(root)
    assert all(quote_findings(r) == [] and "quote" not in r.extra for r in res.values())
