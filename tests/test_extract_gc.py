"""Extraction runs with the cyclic garbage collector paused, so it must leave no garbage cycles
behind (they would only be freed by the collector) and must give the collector back as it was."""

from __future__ import annotations

import gc

import pytest

from claimaudit.errors import UsageError
from claimaudit.extract.document import analyse
from claimaudit.extract.mentions import extract_mentions
from claimaudit.extract.pipeline import draft_document
from claimaudit.extract.relation_model import _evaluate

DOC = ("## Training\n\nTraining took 2,788K H800 GPU hours, about $5.576M at $2 per GPU hour; 2048 GPUs "
       "reached 91% utilisation.\n\n| Stage | Hours | Cost |\n|---|---|---|\n| Pre-training | 2664K | $5.328M |\n"
       "| Context | 119K | $0.238M |\n| Post-training | 5K | $0.01M |\n| Total | 2788K | $5.576M |\n\n"
       '<table>\n<tr><th>Model</th><th>Score</th></tr>\n<tr><td>A</td><td>65.2<sup>+</sup></td></tr>\n</table>\n')


def _cycles_left(fn) -> list[object]:
    """The objects ``fn`` leaves in garbage cycles (found by a collection with DEBUG_SAVEALL)."""
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        fn()
        gc.collect()
        return [o for o in gc.garbage if type(o).__name__ in ("function", "cell", "Mention", "Relation")]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


def test_a_draft_leaves_no_function_cycles_and_the_collector_is_back_on() -> None:
    draft = draft_document(analyse(DOC, "doc.md"))
    assert any(r.kind == "table-total" for r in draft.relations)      # the table's total is found (formulas evaluated)
    assert gc.isenabled()
    assert _cycles_left(lambda: draft_document(analyse(DOC, "doc.md"))) == []


def test_formula_evaluation_leaves_no_cycles_and_keeps_its_answers() -> None:
    ms = extract_mentions(analyse("Costs: 2664 and 119 and 5, in all 2788 GPU hours.", "t.txt"))
    assert [m.number_start for m in ms] == [7, 16, 24, 34]
    q = _evaluate("{0}+{1}+{2}", ms, unitless=True)
    assert q is not None and q.mag.lo == 2788 == q.mag.hi
    assert _evaluate("({0}-{1})*2", ms, unitless=True).mag.lo == 2 * (2664 - 119)
    assert _evaluate("-{2}/{2}", ms, unitless=True).mag.lo == -1
    assert _evaluate("{0}+", ms, unitless=True) is None          # a dangling operator
    assert _evaluate("{0} {1}", ms, unitless=True) is None       # tokens left over
    assert _evaluate("{0}+{3}", ms) is None                      # a count plus GPU hours: dimensions differ
    assert _cycles_left(lambda: [_evaluate("({0}+{1})*{2}/{3}", ms, unitless=True) for _ in range(50)]) == []


@pytest.mark.parametrize("enabled", [True, False])
def test_a_failed_read_restores_the_collector(enabled: bool) -> None:
    if not enabled:
        gc.disable()
    try:
        with pytest.raises(UsageError):
            analyse("<p>cost $5</p>" + "<a" * 200_000, "bad.html")
        assert gc.isenabled() is enabled
    finally:
        gc.enable()
