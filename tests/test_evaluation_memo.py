"""The engine's readings memo (engine/evaluate.py) is honest: a shared Reading is the one a fresh read
gives, the key holds everything a reading depends on, errors are never remembered (each keeps its own
location), and the memo is bounded. The unit vocabulary context restores the previous one, also on
an error."""

from __future__ import annotations

import pytest

from claimaudit.engine import evaluate
from claimaudit.engine.evaluate import read_value
from claimaudit.errors import InputError, Location
from claimaudit.model.claims import Settings
from claimaudit.numbers import printed
from claimaudit.numbers.printed import memo_entries
from claimaudit.units.declare import parse_declarations
from claimaudit.units.declared import claim_vocabulary, vocabulary


def test_a_shared_reading_is_the_fresh_one() -> None:
    s = Settings()
    a = read_value("2,788K GPU-hours", s)
    assert read_value("2,788K GPU-hours", Settings()) is a          # equal settings share it
    fresh = evaluate._read_value("2,788K GPU-hours", s, None)
    assert (a.printed, a.unit, a.amount) == (fresh.printed, fresh.unit, fresh.amount)
    assert a.quantity == fresh.quantity


def test_the_key_holds_the_policy_and_the_declared_units() -> None:
    plain = read_value("2K GPU-hours", Settings())
    binary = read_value("2K GPU-hours", Settings(kilo=1024))
    assert plain.amount.interval != binary.amount.interval
    assert read_value("2048", Settings(rounding="digits")).printed.exact is False
    assert read_value("2048", Settings()).printed.exact is True
    experts = parse_declarations([{"name": "expert", "definition": "GPU"}], None)
    declared = read_value("64 experts", Settings(units=experts))
    counted = read_value("64 experts", Settings())
    assert declared.unit.dims != counted.unit.dims                   # a GPU vs a count of its own


def test_errors_are_not_remembered_and_keep_their_own_location() -> None:
    size = memo_entries(evaluate._readings)
    for line in (3, 7):
        with pytest.raises(InputError) as exc:
            read_value("12abc%%", Settings(), Location("f.yaml", line, 5))
        assert exc.value.location is not None and exc.value.location.line == line
    assert memo_entries(evaluate._readings) == size


def test_the_memo_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(printed, "MEMO_ENTRIES", 8)
    monkeypatch.setattr(evaluate, "_readings", {})
    for i in range(30):
        read_value(f"{i}.5 GPU-hours", Settings())
    assert 0 < memo_entries(evaluate._readings) <= 8
    long_text = "1" + " " * 210 + "GPU-hours"                         # longer than the memo keeps
    read_value(long_text, Settings())
    assert all(long_text not in table for table in evaluate._readings.values())


def test_the_vocabulary_is_restored_after_an_error() -> None:
    before = vocabulary()
    with pytest.raises(RuntimeError), claim_vocabulary(()):
        assert vocabulary().count_nouns
        raise RuntimeError("inside")
    assert vocabulary() is before
    with claim_vocabulary(()):
        inner = vocabulary()
    with claim_vocabulary(()):
        assert vocabulary() is inner                                  # one Vocabulary per declaration set
