"""What the memory work keeps true: a loaded claim's places are built from its mapping when read
(and survive a worker's plain mapping and pickling), places past 16-bit line numbers and past what a
byte holds, brief records in their documented key order, a run's intermediates dropped once its
verdicts are in, and what results share: empty findings and free names, rounding notes."""

from __future__ import annotations

import json
import pickle
from array import array
from fractions import Fraction
from pathlib import Path

import pytest
from support import REPO

from claimaudit.checkers.rounding import Procedures, consistent_procedures, procedures
from claimaudit.engine.records import BRIEF_KEYS, as_report
from claimaudit.engine.results import ClaimResult, Finding
from claimaudit.engine.run import RunOptions, run_claims
from claimaudit.errors import Location
from claimaudit.model.claims import _STORED
from claimaudit.model.load import load_claim_text
from claimaudit.model.markdown_claims import claims_from_markdown
from claimaudit.model.yamlmarks import load_yaml
from claimaudit.numbers.interval import Interval

TEXT = """\
source: paper
claims:
  - id: hours
    quote: "2,788K GPU hours"
    value: 2,788K GPU-hours
  - id: cost
    value: $5.576M
    formula: hours * price
    given:
      price: $2 per GPU-hour
"""


def _claims(text: str = TEXT) -> tuple:
    cf, errors = load_claim_text(text, "claims/c.yaml")
    assert not errors and cf is not None
    return cf.claims


def test_places_are_those_of_the_mapping() -> None:
    hours, cost = _claims()
    doc = load_yaml(TEXT, "claims/c.yaml")
    items = doc["claims"]
    assert hours.location == items[0].location == Location("claims/c.yaml", 3, 5, 6, 3)
    assert hours.value_location == items[0].loc_of("value") == Location("claims/c.yaml", 5, 12, 5, 28)
    # a quoted scalar's columns count from inside its quotes
    assert hours.quote_location == Location("claims/c.yaml", 4, 13, 4, 30)
    assert hours.formula_location is None and cost.quote_location is None
    assert cost.formula_location == items[1].loc_of("formula")
    assert cost.given[0].location == items[1]["given"].loc_of("price")
    assert hours.qualname == "c.hours"


def test_places_survive_a_plain_mapping_and_pickling() -> None:
    hours, cost = _claims()
    places = [(c.location, c.value_location, c.formula_location, c.quote_location) for c in (hours, cost)]
    for c in (hours, cost):
        object.__setattr__(c, "raw", dict(c.raw))      # what a -n worker sends
    assert [(c.location, c.value_location, c.formula_location, c.quote_location) for c in (hours, cost)] == places
    again = pickle.loads(pickle.dumps(_claims()))  # noqa: S301 - our own claims, as -n workers send them
    assert again == list(_claims()) and again[1].qualname == "c.cost"
    assert [(c.location, c.value_location, c.formula_location, c.quote_location) for c in again] == places


def test_places_past_65535_lines() -> None:
    text = "#\n" * 70_000 + TEXT
    hours, _cost = _claims(text)
    assert hours.location == Location("claims/c.yaml", 70_003, 5, 70_006, 3)
    assert hours.value_location == Location("claims/c.yaml", 70_005, 12, 70_005, 28)
    # a Markdown block far down a doc: its places move past 16 bits when shifted
    doc = "x\n" * 66_000 + "```claimaudit\n" + TEXT + "```\n"
    cf, errors = claims_from_markdown(doc, "doc.md", module="doc")
    assert not errors and cf is not None
    assert cf.claims[0].location.line == 66_000 + 1 + 3
    assert cf.claims[0].source == "paper" and cf.claims[1].value_location.line == 66_000 + 1 + 7


def test_markdown_claims_default_to_the_doc_as_source() -> None:
    doc = "# T\n\n```claimaudit\nclaims:\n  - id: a\n    value: 5%\n```\n"
    cf, errors = claims_from_markdown(doc, "notes/doc.md", module="doc")
    assert not errors and cf is not None
    assert cf.claims[0].source == "notes/doc.md"
    assert cf.claims[0].value_location == Location("notes/doc.md", 6, 12, 6, 14)


def test_brief_records_keep_the_documented_key_order_and_runs_drop_intermediates() -> None:
    run = run_claims([REPO / "claims"], REPO, RunOptions())
    assert all(r.reading is None for r in run.universe)
    assert not [k for k in vars(run) if k.startswith("_claimaudit_")]
    brief = [r for r in as_report(run, formats={"text"})["records"] if r.get("brief")]
    assert brief and all(tuple(r) == (*BRIEF_KEYS, "brief") for r in brief)
    assert all(isinstance(r, dict) and r["file"] and r["line"] for r in brief)


# -- what a run's results and claims hold ----------------------------------------------------------


def test_rounding_notes_are_shared_read_only_and_read_as_plain_dicts() -> None:
    run = run_claims([REPO / "claims"], REPO, RunOptions())
    notes = [r.extra["rounding"] for r in run.results if "rounding" in r.extra]
    assert len(notes) > 10
    by_answer: dict = {}
    for note in notes:
        assert type(note["consistent_with"]) is Procedures and note["consistent_with"] == list(note["consistent_with"])
        by_answer.setdefault((tuple(note["consistent_with"]), note["tie"]), set()).add(id(note))
    assert all(len(ids) == 1 for ids in by_answer.values())          # one object per answer
    assert len(by_answer) < len(notes)
    tie = next(r for r in run.results if r.claim.qualname == "mla_kv_cache.mla_bytes").extra["rounding"]
    assert tie == {"consistent_with": ["half-even", "half-down", "floor", "truncation"], "tie": True}
    with pytest.raises(TypeError):
        tie["tie"] = False
    with pytest.raises(TypeError):
        tie["consistent_with"].append("ceiling")
    with pytest.raises(TypeError):
        tie.update(tie=False)
    assert tie["tie"] is True and len(tie["consistent_with"]) == 4
    assert pickle.loads(pickle.dumps(tie)) is tie                     # noqa: S301 - as a -n worker sends it
    record = next(r for r in as_report(run)["records"] if r["qualname"] == "mla_kv_cache.mla_bytes")
    assert json.loads(json.dumps(record["extra"]["rounding"])) == {
        "consistent_with": ["half-even", "half-down", "floor", "truncation"], "tie": True}


def test_shared_procedures_are_the_checker_answer() -> None:
    for lo, hi in ((Fraction(1125, 1000), Fraction(1125, 1000)), (Fraction(112, 100), Fraction(1121, 1000))):
        fresh = consistent_procedures(Interval(lo, hi), Fraction(112, 100), Fraction(1, 100))
        assert procedures(fresh) == fresh and procedures(fresh) is procedures(list(fresh))
    with pytest.raises(ValueError, match="not a set of rounding procedures"):
        procedures(["half-up", "sideways"])
    with pytest.raises(ValueError, match="not a set of rounding procedures"):
        procedures(["floor", "floor"])


def test_results_without_findings_or_free_names_share_one_empty_tuple() -> None:
    run = run_claims([REPO / "claims"], REPO, RunOptions())
    plain = [r for r in run.results if not r.findings]
    assert len(plain) > 10 and {id(r.findings) for r in plain} == {id(())}
    assert {id(r.free) for r in run.results if not r.free} == {id(())}
    free = [r for r in run.results if r.verdict == "underdetermined" and r.claim.formula]
    assert free and all(isinstance(r.free, list) and r.free for r in free)
    assert all(any(f.code == "CA101" for f in r.findings) for r in free)
    res = ClaimResult(plain[0].claim)
    first, second = Finding("XY901", "info", "one"), Finding("XY901", "info", "two")
    res.add(first)
    kept = res.findings
    res.add(second)
    assert res.findings == [first, second] and res.findings is kept and ClaimResult(res.claim).findings == ()


def test_places_are_built_when_read_and_only_value_places_are_kept(tmp_path: Path) -> None:
    (tmp_path / "claims").mkdir()
    (tmp_path / "claims" / "c.yaml").write_text(TEXT + "  - id: twice\n    value: 5,576K GPU-hours\n"
                                                "    formula: hours * 2\n", encoding="utf-8")
    run = run_claims([tmp_path / "claims"], tmp_path, RunOptions())
    by = {r.claim.id: r for r in run.results}
    assert [by[k].verdict for k in ("hours", "cost", "twice")] == ["stated", "consistent", "consistent"]
    stored = _STORED["value_location"]
    # the value places of claims nobody uses as an input are never built; an input's is, once
    assert stored.__get__(by["cost"].claim) is None and stored.__get__(by["twice"].claim) is None
    hours = by["hours"].claim
    assert stored.__get__(hours) is hours.value_location is by["twice"].inputs[0].location
    assert hours.quote_location == hours.quote_location and hours.quote_location is not hours.quote_location
    cost = by["cost"].claim
    assert cost.formula_location == Location("claims/c.yaml", 8, 14, 8, 27)
    assert cost.formula_location is not cost.formula_location


def test_places_fall_back_to_wide_integers_where_a_byte_cannot_hold_them() -> None:
    far = "x" * 300
    tall = "".join(f"      line {i}\n" for i in range(300))
    text = (f'claims:\n  - {{id: wide, quote: "{far}", value: 5%}}\n'
            f"  - id: tall\n    quote: |\n{tall}    value: 7%\n")
    doc = load_yaml(text, "f.yaml")
    wide, tall_claim = doc["claims"]
    assert type(wide._marks) is array and type(tall_claim._marks) is array
    assert wide.loc_of("value") == Location("f.yaml", 2, 334, 2, 336)
    assert tall_claim.loc_of("value") == Location("f.yaml", 305, 12, 305, 14)
    assert tall_claim.location.line == 3 and tall_claim.loc_of("quote").line == 4
    plain = load_yaml(TEXT, "f.yaml")["claims"][0]
    assert type(plain._marks) is bytes and len(plain._marks) == 3 + 4 + 8 * len(plain)
    before = [plain.location, plain.loc_of("quote"), plain.loc_of("value")]
    plain.shift_lines(70_000)           # still one byte an integer: the lines count from the first one
    assert type(plain._marks) is bytes
    assert [(x.line, x.col, x.end_line) for x in (plain.location, plain.loc_of("quote"), plain.loc_of("value"))] \
        == [(b.line + 70_000, b.col, b.end_line + 70_000) for b in before]
    shell = plain.without("quote")
    assert list(shell) == ["id", "value"] and shell.loc_of("value") == plain.loc_of("value")


def _comparable(report: dict) -> list:
    return [{k: v for k, v in r.items() if k != "duration"} for r in report["records"]]


def test_a_run_empties_the_memos_of_values_read_and_its_records_do_not_change() -> None:
    from claimaudit.checkers import reevaluate
    from claimaudit.engine import evaluate
    from claimaudit.numbers import printed

    first = run_claims([REPO / "claims"], REPO, RunOptions())
    assert evaluate._readings == {} and printed._MEMO == {}
    assert reevaluate.reading.cache_info().currsize == 0 and reevaluate._FORMULAS == {}
    warm = printed.parse_printed("2,788K GPU-hours")          # a memo filled outside a run ...
    assert printed.parse_printed("2,788K GPU-hours") is warm
    second = run_claims([REPO / "claims"], REPO, RunOptions())
    assert printed._MEMO == {}                               # ... is emptied by the next run's end
    assert _comparable(as_report(first)) == _comparable(as_report(second))
    assert [r.verdict for r in first.results] == [r.verdict for r in second.results]


def test_the_schema_read_as_a_file_is_the_packaged_resource() -> None:
    from importlib import resources

    from claimaudit.model import load

    packaged = json.loads(resources.files("claimaudit").joinpath("schemas/claims.schema.json").read_text("utf-8"))
    assert load.claim_schema() == packaged
    assert "claims" in packaged["properties"]


def test_extra_is_made_when_needed_and_is_a_plain_dict() -> None:
    run = run_claims([REPO / "claims"], REPO, RunOptions(checklist="no"))
    bare = [r for r in run.results if not r.has_extra]
    assert bare and all(r._extra is None for r in bare)               # never made
    records = {r["qualname"]: r for r in as_report(run)["records"]}
    assert all(records[r.claim.qualname]["extra"] == {} for r in bare)
    noted = next(r for r in run.results if r.claim.qualname == "mla_kv_cache.mla_bytes")
    assert type(noted.extra) is dict and next(iter(noted.extra)) == "rounding" and noted.has_extra
    noted.extra["baseline"] = "accepted"                              # as --baseline writes it
    assert noted.extra["baseline"] == "accepted" and "rounding" in noted.extra
    res = ClaimResult(noted.claim)
    assert not res.has_extra and res.extra == {} and res._extra == {}


def test_inputs_are_an_exact_tuple_and_readings_hold_no_quantity() -> None:
    from claimaudit.engine.evaluate import Evaluator, read_value
    from claimaudit.engine.resolve import Namespace

    hours, cost = _claims()
    ns = Namespace()
    for c in (hours, cost):
        ns.add(c)
    ev = Evaluator(ns.lookup)
    first, second = ev.evaluate(hours), ev.evaluate(cost)
    assert first.inputs == () and first.inputs is ClaimResult(hours).inputs   # one shared empty tuple
    assert type(second.inputs) is tuple and [i.name for i in second.inputs] == ["hours", "price"]
    assert second.verdict == "consistent"
    # The claim's value in base units is the evaluator's (once per reading), equal to the reading's.
    reading = ev.readings["c.hours"]
    assert not hasattr(reading, "_quantity") and "_quantity" not in type(reading).__slots__
    assert ev.quantity_of(reading) is ev.quantity_of(reading) and ev.quantity_of(reading) == reading.quantity
    assert reading.quantity.mag == Interval(Fraction(27875 * 3600 * 100), Fraction(27885 * 3600 * 100))
    assert read_value("$2 per GPU-hour", hours.settings).quantity.mag == Interval.point(Fraction(1, 1800))


def test_inputs_read_before_a_broken_one_are_kept() -> None:
    from claimaudit.engine.evaluate import Evaluator
    from claimaudit.engine.resolve import Namespace

    claims = _claims(TEXT + """\
  - id: broken
    value: 5
    formula: hours * width
    given:
      width: "1.2.3"
""")
    ns = Namespace()
    for c in claims:
        ns.add(c)
    ev = Evaluator(ns.lookup)
    for c in claims:
        ev.evaluate(c)
    broken = ev.results["c.broken"]
    assert broken.verdict == "error" and "two decimal points" in (broken.error or "")
    assert [i.name for i in broken.inputs] == ["hours"] and type(broken.inputs) is tuple


def test_the_formula_memo_stays_bounded_and_keeps_shared_formulas(monkeypatch: pytest.MonkeyPatch) -> None:
    import claimaudit.formulas.memo as memo
    import claimaudit.formulas.parse as parse

    monkeypatch.setattr(memo, "MEMO_ENTRIES", 8)
    monkeypatch.setattr(memo, "FORMULAS", {})
    parses: list[str] = []
    real = parse.parse_formula
    monkeypatch.setattr(parse, "parse_formula", lambda text: parses.append(text) or real(text))
    shared = memo.parsed_formula("r0 + r1 + r2")
    # A reference chain per file: more distinct formulas than the memo holds, the shared one between.
    for k in range(40):
        memo.parsed_formula(f"f{k:04d}.x0 + t0")
        assert memo.parsed_formula("r0 + r1 + r2") is shared
        assert len(memo.FORMULAS) <= 8
    assert parses.count("r0 + r1 + r2") == 1 and len(parses) == 41
    assert memo.parsed_formula("f0039.x0 + t0").names == ("f0039.x0", "t0")


def test_an_input_claims_place_is_built_when_read_and_equals_the_eager_one() -> None:
    from claimaudit.engine.evaluate import Evaluator
    from claimaudit.engine.resolve import Namespace

    hours, cost = _claims()
    ns = Namespace()
    for c in (hours, cost):
        ns.add(c)
    ev = Evaluator(ns.lookup)
    ev.evaluate(hours)
    used, price = ev.evaluate(cost).inputs
    stored = _STORED["value_location"]
    assert used.place is hours and stored.__get__(hours) is None      # nothing built yet
    eager = load_yaml(TEXT, "claims/c.yaml")["claims"][0].loc_of("value")
    assert used.location == eager == Location("claims/c.yaml", 5, 12, 5, 28)
    assert stored.__get__(hours) == eager                              # kept once built
    assert price.location == cost.given[0].location and price.place is cost.given[0].location
    record = as_report(run_claims([REPO / "claims"], REPO, RunOptions()))["records"]
    lines = [i["line"] for r in record for i in r.get("inputs", ()) if i.get("ref")]
    assert lines and all(isinstance(line, int) and line > 0 for line in lines)
