"""The precomputed unit table (units/unit_table.json) against pint, built from the same definitions."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from fractions import Fraction

import pytest
from support import SRC

from claimaudit.units import pint_registry, table_build, terms, words
from claimaudit.units import registry as reg_mod
from claimaudit.units import table as table_mod
from claimaudit.units.registry import build_registry, dims_from_pint, resolve_unit


@pytest.fixture(scope="module")
def pint_reg():
    return build_registry()


@pytest.fixture(scope="module")
def table():
    t = table_mod.load_table()
    assert t is not None, ("src/claimaudit/units/unit_table.json is stale or missing (definitions.txt changed?): "
                           "rebuild it with `python -m claimaudit.units.table_build`")
    return t


def test_table_is_built_from_the_shipped_definitions():
    data = json.loads(table_mod.table_path().read_text("utf-8"))
    assert data["definitions_sha256"] == table_mod.definitions_digest(), (
        "unit_table.json is stale: run `python -m claimaudit.units.table_build`")


def test_table_names_match_a_fresh_pint_registry(table, pint_reg):
    assert table.units == {k: d.name for k, d in pint_reg._units.items()}
    assert table.prefixes == {k: d.name for k, d in pint_reg._prefixes.items()}
    assert table.offset == {d.name for d in pint_reg._units.values() if not d.is_multiplicative}


def test_every_unit_in_the_table_matches_pint(table, pint_reg):
    assert len(table.roots) > 400
    for name in table.roots:
        factor, _root = pint_reg.get_root_units(name)
        got = table.term(name)
        assert got is not None, name
        assert got[0] == Fraction(factor), name
        assert got[1] == dims_from_pint(pint_reg.get_dimensionality(name)), name
        assert got[2] == isinstance(factor, float), name


def test_every_prefixed_unit_matches_pint(table, pint_reg):
    checked = 0
    for prefix in sorted({p for p in table.prefixes.values() if p}):
        for name, root in table.roots.items():
            got = table.term(prefix + name)
            if got is None:                 # float factors are left to pint
                assert root[2] or (prefix + name) in table.roots
                continue
            factor, _root = pint_reg.get_root_units(prefix + name)
            assert got[0] == Fraction(factor) and got[1] == dims_from_pint(
                pint_reg.get_dimensionality(prefix + name)), prefix + name
            checked += 1
    assert checked > 5000


def test_known_units_resolve_without_pint_and_write_nothing_home(tmp_path):
    code = ("import sys, json\nfrom claimaudit.units.registry import resolve_unit\n"
            "out = [str(resolve_unit(u).factor) for u in ['GPU-hours', 'PiB', 'USD/Mtoken', 'kB', 'TFLOPS', '天', "
            "'kilobytes', 'Mbps', 'tpd', 'dozen', 'ms']]\n"
            "print(json.dumps({'pint': 'pint' in sys.modules, 'out': out}))\n")
    env = dict(os.environ, PYTHONPATH=str(SRC), HOME=str(tmp_path), XDG_CACHE_HOME=str(tmp_path / "c"))
    got = json.loads(subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True,
                                    text=True).stdout)
    assert got["pint"] is False
    assert got["out"][:3] == ["3600", str(2**53), "1/1000000"]
    assert not any(tmp_path.rglob("*"))


def _clear():
    table_mod.load_table.cache_clear()
    terms.unit_names.cache_clear()
    terms.pint_term.cache_clear()
    reg_mod._resolve.cache_clear()
    words.choices.cache_clear()


@pytest.mark.parametrize("content", ["not json", json.dumps({"format": 1, "units": {"m": 3}}), "[]"])
def test_a_damaged_table_is_ignored_and_pint_answers(tmp_path, monkeypatch, content):
    bad = tmp_path / "unit_table.json"
    bad.write_text(content)
    monkeypatch.setattr(table_mod, "table_path", lambda: bad)
    _clear()
    try:
        assert table_mod.load_table() is None
        assert resolve_unit("PiB").factor == 2**53          # from pint, same answer
        assert resolve_unit("GPU-hours").factor == 3600
    finally:
        monkeypatch.undo()
        _clear()


def test_a_stale_table_is_not_used(tmp_path, monkeypatch):
    data = json.loads(table_mod.table_path().read_text("utf-8"))
    data["definitions_sha256"] = "0" * 64
    data["roots"]["byte"][0] = "9/1"                    # a wrong factor must never be read
    stale = tmp_path / "unit_table.json"
    stale.write_text(json.dumps(data))
    monkeypatch.setattr(table_mod, "table_path", lambda: stale)
    _clear()
    try:
        assert table_mod.load_table() is None
        assert table_build.main(["--check"]) == 1
        assert resolve_unit("B").factor == 8
    finally:
        monkeypatch.undo()
        _clear()


def test_a_name_missing_from_the_table_goes_to_pint(table, pint_reg, monkeypatch):
    del_name = "furlong"
    assert del_name in table.roots
    slim = table_mod.UnitTable(units=table.units, prefixes=table.prefixes, prefix_values=table.prefix_values,
                               roots={k: v for k, v in table.roots.items() if k != del_name}, offset=table.offset)
    monkeypatch.setattr(terms, "load_table", lambda: slim)
    _clear()
    try:
        assert resolve_unit("furlong").factor == Fraction(pint_reg.get_root_units("furlong")[0])
        assert pint_registry._REGISTRY is not None          # pint was built to answer it
    finally:
        monkeypatch.undo()
        _clear()
