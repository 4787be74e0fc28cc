"""The one "did you mean" (claimaudit.suggest), used by every error message that offers names."""

from __future__ import annotations

from pathlib import Path

import pytest

from claimaudit.suggest import did_you_mean, hint

KEYS = ["id", "value", "formula", "quote", "source", "given", "relation", "expect", "because", "tags"]


@pytest.mark.parametrize(("word", "choices", "expected"), [
    ("valeu", KEYS, ("value",)),              # two letters swapped: one edit
    ("formla", KEYS, ("formula",)),           # one letter missing
    ("Quote", KEYS, ("quote",)),              # case alone
    ("totl_hours", ["total_hours", "pretrain_hours", "posttrain_hours"], ("total_hours",)),
    ("sqr", ["sqrt", "sum", "min", "max", "abs", "log10"], ("sqrt",)),
    ("xyz", KEYS, ()),                        # nothing close: no guess
    ("", KEYS, ()),
    ("value", [], ()),
])
def test_close_names_only(word: str, choices: list[str], expected: tuple[str, ...]) -> None:
    assert did_you_mean(word, choices) == expected


def test_cut_off_is_a_third_of_the_word() -> None:
    # 9 letters allow 3 edits, 5 letters one.
    assert did_you_mean("gigabites", ["gigabits", "gigabytes", "gigajoules"]) == ("gigabytes", "gigabits")
    assert did_you_mean("vaaeu", ["value"]) == ()


def test_ranking_does_not_depend_on_the_order_of_the_choices() -> None:
    choices = ["tokens/s", "token/s", "Tokens/s", "kilotokens/s"]
    first = did_you_mean("Tokns/s", choices)
    assert first == ("Tokens/s", "tokens/s", "token/s")   # fewest edits, same case first
    assert did_you_mean("Tokns/s", list(reversed(choices))) == first
    assert did_you_mean("Tokns/s", choices, limit=1) == ("Tokens/s",)


def test_hint_reads_as_part_of_a_message() -> None:
    assert hint("valeu", KEYS) == " (did you mean 'value'?)"
    assert hint("qoute", ["quote", "qouta", "quota"]) == " (did you mean 'qouta' or 'quote'?)"
    assert hint("xyz", KEYS) == ""


def test_every_caller_offers_the_same_suggestions(tmp_path: Path) -> None:
    """One call site per kind of name: claim keys, source keys, units, formula names and functions."""
    from claimaudit.errors import FormulaError, UnitError
    from claimaudit.formulas.parse import parse_formula
    from claimaudit.model.load import load_claim_text
    from claimaudit.model.sources import load_source_file
    from claimaudit.units.registry import resolve_unit

    _cf, errors = load_claim_text("claims:\n  - id: a\n    valeu: 1\n", "c.yaml")
    assert [e.suggestions for e in errors] == [("value",)]
    src = tmp_path / "s.yaml"
    src.write_text("id: s\ntitle: T\ntitel: T\n", "utf-8")
    _rec, errors = load_source_file(src, "s.yaml")
    assert [e.suggestions for e in errors] == [("title",)]
    with pytest.raises(UnitError) as unit:
        resolve_unit("hourz")
    assert unit.value.suggestions[0] == "hours"
    with pytest.raises(FormulaError) as fn:
        parse_formula("sqr(x)")
    assert fn.value.suggestions == ("sqrt",)
