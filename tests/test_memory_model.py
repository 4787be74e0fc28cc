"""What the memory work keeps true: a loaded claim's places are built from its mapping when read
(and survive a worker's plain mapping and pickling), places past 16-bit line numbers, brief records
in their documented key order, and a run's intermediates dropped once its verdicts are in."""

from __future__ import annotations

import pickle

from support import REPO

from claimaudit.engine.records import BRIEF_KEYS, as_report
from claimaudit.engine.run import RunOptions, run_claims
from claimaudit.errors import Location
from claimaudit.model.load import load_claim_text
from claimaudit.model.markdown_claims import claims_from_markdown
from claimaudit.model.yamlmarks import load_yaml

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
