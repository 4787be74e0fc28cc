"""The evaluation's faster paths give what the plain ones gave: the narrowed value of a formula that uses a
name twice (the grid of pieces built with the exact rational helpers), the unit vocabulary entered once
around a run's claims (a claim whose file declares units still reads them), and the rest below."""

from __future__ import annotations

import itertools
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import by_qualname, run_audit, write

from claimaudit.formulas.evaluate import _lift
from claimaudit.formulas.parse import _PIECES, parse_formula
from claimaudit.numbers.interval import Interval
from claimaudit.units.declared import UnitDecl, claim_vocabulary, vocabulary
from claimaudit.units.quantity import Quantity
from claimaudit.units.registry import resolve_unit


def _plain_hull(formula: str, env: dict[str, Quantity]) -> Interval:
    """The narrowed value as first written: Fraction operators, a grid of lo + step·k, hull by < and >."""
    f = parse_formula(formula)
    whole = f.evaluate(env).mag
    lifted = {n: _lift(env[n], n) for n in f._repeated}
    wide = [n for n in f._repeated if not lifted[n].mag.is_point]
    pieces = _PIECES.get(len(wide))
    if pieces is None:
        return whole
    grids = []
    for n in wide:
        q = lifted[n]
        lo, step = q.mag.lo, q.mag.width / pieces
        grids.append([Quantity(Interval(lo + step * k, lo + step * (k + 1)), q.dims) for k in range(pieces)])
    values = [f.root.ev({**env, **dict(zip(wide, box, strict=True))}).mag for box in itertools.product(*grids)]
    return Interval(max(min(v.lo for v in values), whole.lo), min(max(v.hi for v in values), whole.hi))


def _k_gpu_hours(n: int) -> Quantity:
    """``{n}K GPU-hours`` as printed (± 0.5K), in base units."""
    u = resolve_unit("GPU-hours")
    return Quantity(Interval(F((2 * n - 1) * 500), F((2 * n + 1) * 500)) * u.factor, u.dims)


@pytest.mark.parametrize(("formula", "env"), [
    # a row's share of a table's total (the row is in the total too)
    ("r0 / (r0 + r1 + r2)", {"r0": _k_gpu_hours(3722), "r1": _k_gpu_hours(863), "r2": _k_gpu_hours(2281)}),
    # year-on-year growth from 亿 figures, one name used twice
    ("(b - a) / b", {"a": Quantity(Interval(F("9.55"), F("9.65"))), "b": Quantity(Interval(F("11.5"), F("12.5")))}),
    # two names repeated (4 pieces each), negative values in the mix
    ("(x - y) / (x + y) * x", {"x": Quantity(Interval(F(-3), F(-1))), "y": Quantity(Interval(F(5), F(7, 2) * 3))}),
    # three names repeated (3 pieces each)
    ("(b - a) / b * (c - b) / c + a / c", {"a": _k_gpu_hours(100), "b": _k_gpu_hours(120), "c": _k_gpu_hours(150)}),
    # four names repeated: left to plain interval arithmetic
    ("(a - b) / a * (c - d) / c + b / d", {n: _k_gpu_hours(v) for n, v in zip("abcd", (90, 70, 50, 30), strict=True)}),
])
def test_the_narrowed_value_is_the_plain_grids_hull_exactly(formula, env):
    f = parse_formula(formula)
    got = f.narrowed(env, f.evaluate(env))
    assert got.mag == _plain_hull(formula, env)
    assert got.dims == f.evaluate(env).dims


def test_a_near_miss_share_stays_inconsistent_after_narrowing(tmp_path):
    # 3722 of 6866 is 54.21%: printed so it holds; printed 54.19% it does not (the true range of the
    # share is 54.198–54.220%), though plain interval arithmetic, the row ranging twice, reaches 54.190%
    write(tmp_path / "claims", "t.yaml", """
        claims:
          - {id: r0, value: 3722K GPU-hours}
          - {id: r1, value: 863K GPU-hours}
          - {id: r2, value: 2281K GPU-hours}
          - {id: held, value: 54.21%, formula: r0 / (r0 + r1 + r2)}
          - {id: missed, value: 54.19%, formula: r0 / (r0 + r1 + r2)}
    """)
    got = by_qualname(run_audit(tmp_path, checkers=False))
    assert got["t.held"].verdict == "consistent"
    assert got["t.missed"].verdict == "inconsistent"
    plain = parse_formula("r0 / (r0 + r1 + r2)").evaluate(
        {"r0": _k_gpu_hours(3722), "r1": _k_gpu_hours(863), "r2": _k_gpu_hours(2281)}).mag
    assert plain.lo < F("0.54195")     # the plain value would have met 54.19% (54.185–54.195%)


def test_entering_the_vocabulary_in_use_changes_nothing():
    widget = (UnitDecl("widget"),)
    outside = vocabulary()
    with claim_vocabulary(widget):
        inner = vocabulary()
        with claim_vocabulary(widget):           # the one in use: nothing set
            assert vocabulary() is inner
            with claim_vocabulary(()):           # another one: set, then restored
                assert vocabulary() is not inner and not vocabulary().declared
            assert vocabulary() is inner
        assert vocabulary() is inner and inner.declared == widget and inner.count_nouns
    assert vocabulary() is outside


def test_the_vocabulary_in_use_is_restored_after_an_error():
    with claim_vocabulary(()):
        inner = vocabulary()
        with pytest.raises(ValueError), claim_vocabulary(()):
            raise ValueError
        assert vocabulary() is inner


def test_each_file_reads_its_own_declared_units_within_the_runs_vocabulary(tmp_path):
    # The project declares no unit; one file declares 'accelerator' as a GPU, another leaves it a count
    # of its own; a third declares nothing. The run enters its own vocabulary once: each file's is entered over it.
    write(tmp_path / "claims", "a.yaml", """
        units:
          - {name: accelerator, definition: GPU}
        claims:
          - {id: n, value: 512 accelerators}
          - {id: g, value: 512 GPU, formula: n}
    """)
    write(tmp_path / "claims", "b.yaml", """
        units:
          - {name: accelerator}
        claims:
          - {id: n, value: 512 accelerators}
          - {id: g, value: 512 GPU, formula: n}
    """)
    write(tmp_path / "claims", "c.yaml", """
        claims:
          - {id: e, value: 64 experts}
          - {id: f, value: 128 experts, formula: e * 2}
          - {id: h, value: 3 hour}
          - {id: m, value: 180 minute, formula: h}
    """)
    got = {q: r.verdict for q, r in by_qualname(run_audit(tmp_path, checkers=False)).items()}
    assert got == {"a.n": "stated", "a.g": "consistent", "b.n": "stated", "b.g": "inconsistent",
                   "c.e": "stated", "c.f": "consistent", "c.h": "stated", "c.m": "consistent"}
    assert vocabulary() == type(vocabulary())()      # the default again once the run is over


# -- the order of evaluation when inputs come first -------------------------------------------------------

class _C:
    def __init__(self, name: str) -> None:
        self.qualname = self.id = name
        self.location = self.formula_location = None


def _walked(names: list[str], deps: dict[str, list[str]]) -> tuple[list[str], set[str]]:
    """The order and cyclic names of the full walk (the shortcut turned off)."""
    import claimaudit.engine.resolve as resolve

    real = resolve._inputs_first
    resolve._inputs_first = lambda claims, deps: False
    try:
        got, cyclic = resolve.order([_C(x) for x in names], deps)  # type: ignore[arg-type]
    finally:
        resolve._inputs_first = real
    return [c.qualname for c in got], set(cyclic)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 12).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.lists(st.integers(0, n + 1), max_size=4), min_size=n, max_size=n),
    st.booleans())))
def test_the_order_is_the_walks_whether_or_not_inputs_come_first(graph):
    n, edges, backward_only = graph
    names = [f"m.c{i}" for i in range(n)]
    # backward_only: each claim uses only claims before it (the shortcut's case); else any, cycles and
    # names that are not claims (c{n}, c{n+1}) included
    deps = {names[i]: [f"m.c{j}" for j in e if not backward_only or j < i] for i, e in enumerate(edges)}
    from claimaudit.engine.resolve import order

    got, cyclic = order([_C(x) for x in names], deps)  # type: ignore[arg-type]
    assert ([c.qualname for c in got], set(cyclic)) == _walked(names, deps)
    if backward_only:
        assert [c.qualname for c in got] == names and not cyclic


def test_a_name_listed_twice_is_ordered_once():
    from claimaudit.engine.resolve import order

    got, cyclic = order([_C("m.a"), _C("m.b"), _C("m.a")], {"m.b": ["m.a"]})  # type: ignore[list-item]
    assert [c.qualname for c in got] == ["m.a", "m.b"] and not cyclic


def test_a_run_whose_claims_use_later_ones_is_evaluated_inputs_first(tmp_path):
    # a headline total stated before its rows (as papers print them), and a chain across two files
    write(tmp_path / "claims", "a.yaml", """
        claims:
          - {id: total, value: "6,866K GPU-hours", formula: r0 + r1 + r2}
          - {id: r0, value: 3722K GPU-hours}
          - {id: r1, value: 863K GPU-hours}
          - {id: r2, value: 2281K GPU-hours}
          - {id: both, value: "13,733K GPU-hours", formula: total + b.total}
    """)
    write(tmp_path / "claims", "b.yaml", """
        claims:
          - {id: total, value: "6,867K GPU-hours", formula: a.r0 + a.r1 + a.r2}
    """)
    run = run_audit(tmp_path, checkers=False)
    assert [r.claim.qualname for r in run.results] == ["a.total", "a.r0", "a.r1", "a.r2", "a.both", "b.total"]
    got = {r.claim.qualname: r.verdict for r in run.results}
    assert got == {"a.total": "consistent", "a.r0": "stated", "a.r1": "stated", "a.r2": "stated",
                   "a.both": "consistent", "b.total": "consistent"}


# -- the readings memo with one reading policy -------------------------------------------------------------

def test_the_memo_stays_bounded_with_one_policy_and_with_several(monkeypatch):
    import claimaudit.numbers.printed as printed

    monkeypatch.setattr(printed, "MEMO_ENTRIES", 8)
    memo: dict = {}
    for k in range(30):
        printed.remember(memo, (1000, "auto"), f"{k}K GPU-hours", k)
        assert 0 < printed.memo_entries(memo) <= 8
        assert memo[(1000, "auto")][f"{k}K GPU-hours"] == k       # the latest is always kept
    for k in range(30):
        policy = (1024, "auto") if k % 3 else (1000, "exact")
        printed.remember(memo, policy, f"{k}%", k)
        assert 0 < printed.memo_entries(memo) <= 8 and memo[policy][f"{k}%"] == k
    printed.remember(memo, (1000, "auto"), "1" + " GPU-hours" * 30, 1)     # too long to keep
    assert "1" + " GPU-hours" * 30 not in memo.get((1000, "auto"), {})


def test_an_evaluators_readings_are_its_results_readings(tmp_path):
    from claimaudit.engine.collect import collect
    from claimaudit.engine.evaluate import Evaluator
    from claimaudit.engine.resolve import Namespace

    write(tmp_path / "claims", "c.yaml", """
        claims:
          - {id: hours, value: 2788K GPU-hours}
          - {id: cost, value: $5.576M, formula: hours * price, given: {price: $2 per GPU-hour}}
          - {id: derived, formula: hours * 2}
          - {id: bad, value: 1.2.3}
    """)
    files, _errors = collect([tmp_path / "claims"], tmp_path)
    ns = Namespace()
    for c in files[0].claims:
        ns.add(c)
    ev = Evaluator(ns.lookup)
    results = [ev.evaluate(c) for c in files[0].claims]
    assert [r.verdict for r in results] == ["stated", "consistent", "stated", "error"]
    assert set(ev.readings) == {"c.hours", "c.cost"}
    assert ev.readings["c.hours"] is results[0].reading and ev.readings["c.cost"] is results[1].reading
    assert ev.quantity_of(results[0].reading) == results[0].reading.quantity
