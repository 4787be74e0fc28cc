"""What the evaluation computes once and shares is what it would compute each time.

* Formula names are resolved once per claim (``Evaluator.inputs_of``), by the dependency pass that
  orders the claims, and the evaluation reuses that resolution: the same inputs as resolving each
  name where it is used (a ``given:`` hides a claim of the same name, dotted names cross files,
  unknown names and self-references stay input errors), each name looked up once per run, and
  nothing kept once the claim is evaluated.
* Formulas are parsed once per text (``formulas.memo``): the same Formula a fresh parse gives,
  errors never remembered, the memo bounded.
* ``order`` (the iterative walk) gives the order and cycle reports of a plain recursive walk.
* Interval arithmetic by a Fraction, and ``compare``, take shortcuts that give the general rules'
  results exactly.
"""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import audit_run, write

from claimaudit.engine.collect import collect
from claimaudit.engine.evaluate import Evaluator, claimed_target, compare, read_value
from claimaudit.engine.resolve import Namespace, order
from claimaudit.engine.run import dependencies
from claimaudit.errors import FormulaError, InputError
from claimaudit.formulas import memo
from claimaudit.formulas.parse import parse_formula
from claimaudit.model.claims import Settings
from claimaudit.numbers.interval import Interval, IntervalError

# Shapes of published claims (DeepSeek-V3 report: 2,788K H800 GPU-hours at $2 per GPU-hour, 557.6万美元)
# with every way a name can be fed: another claim, a claim of another file (dotted), a local
# ``given`` that hides a claim of the same name, a free given, a claim with no printed value (its
# recomputed value is the input), a claim used twice in one formula.
_COST = """
    claims:
      - {id: pre, value: "2,664K GPU-hours"}
      - {id: ext, value: 119K GPU-hours}
      - {id: post, value: 5K GPU-hours}
      - {id: total, formula: pre + ext + post, unit: GPU-hours}
      - {id: total_printed, value: "2,788K GPU-hours", formula: total}
      - {id: price, value: $2 per GPU-hour}
      - {id: cost, value: 557.6 万美元, formula: total * price}
      - id: cost_local
        value: 557.6 万美元
        formula: total * price
        given: {price: "$2 per GPU-hour"}
      - id: cost_free
        value: 557.6 万美元
        formula: total * price
        given: {price: "?"}
      - {id: twice, value: "5,328K GPU-hours", formula: pre + pre}
      - {id: shares, value: 95.6%, formula: pre / total_printed}
"""
_OTHER = """
    claims:
      - {id: days, value: 54.2 天, formula: cost.pre / (2048 GPU)}
      - {id: wrong, value: 60 天, formula: cost.pre / (2048 GPU)}
"""


class _CountingNamespace(Namespace):
    calls = 0

    def lookup(self, claim, name):
        self.calls += 1
        return super().lookup(claim, name)


def _claims(tmp_path: Path) -> tuple[list, _CountingNamespace]:
    """The two files' claims, and a namespace of them that counts its look-ups."""
    write(tmp_path / "claims", "cost.yaml", _COST)
    write(tmp_path / "claims", "other.yaml", _OTHER)
    files, errors = collect([tmp_path / "claims"], tmp_path)
    assert not errors
    claims = [c for f in files for c in f.claims]
    ns = _CountingNamespace()
    for c in claims:
        ns.add(c)
    return claims, ns


def test_names_resolve_as_where_they_are_used(tmp_path):
    claims, ns = _claims(tmp_path)
    ev = Evaluator(ns.lookup)
    for c in claims:
        if not c.formula:
            continue
        local = {g.name: g for g in c.given}
        expected = tuple(local[n] if n in local else ns.lookup(c, n) for n in parse_formula(c.formula).names)
        assert ev.inputs_of(c) == expected
    by = ns.claims
    assert ev.inputs_of(by["cost.cost_local"])[1].value == "$2 per GPU-hour"      # the given, not cost.price
    assert ev.inputs_of(by["cost.cost"])[1] is by["cost.price"]
    assert ev.inputs_of(by["other.days"]) == (by["cost.pre"],)                     # dotted, across files
    assert ev.inputs_of(by["cost.twice"]) == (by["cost.pre"],)                     # a name once


def test_the_shared_resolution_gives_the_results_of_resolving_afresh(tmp_path):
    claims, ns = _claims(tmp_path)
    shared = Evaluator(ns.lookup)
    deps, broken = dependencies(claims, ns, shared)
    assert not broken
    ordered, cyclic = order(claims, deps)
    assert not cyclic
    looked_up = ns.calls
    # One look-up per formula name that is not a local input, in the whole run.
    assert looked_up == sum(len([n for n in parse_formula(c.formula).names if n not in {g.name for g in c.given}])
                            for c in claims if c.formula)
    fresh = Evaluator(Namespace(dict(ns.claims)).lookup)    # resolves each claim's names itself
    for c in ordered:
        shared.evaluate(c)
        fresh.evaluate(c)
    assert ns.calls == looked_up                              # the evaluation looked nothing up again
    assert shared._inputs == {}                               # and kept nothing once a claim was done
    for c in claims:
        a, b = shared.results[c.qualname], fresh.results[c.qualname]
        assert (a.verdict, a.recomputed, a.inputs, a.free, [f.message for f in a.findings]) == \
               (b.verdict, b.recomputed, b.inputs, b.free, [f.message for f in b.findings]), c.qualname
    r = shared.results
    assert r["cost.total_printed"].verdict == r["cost.cost"].verdict == r["cost.cost_local"].verdict == "consistent"
    assert r["cost.cost_free"].verdict == "underdetermined" and r["cost.cost_free"].free == ["price"]
    assert r["cost.total_printed"].inputs[0].recomputed                # a claim with no printed value
    assert r["other.days"].verdict == "consistent" and r["other.wrong"].verdict == "inconsistent"
    assert [i.ref for i in r["cost.cost_local"].inputs] == ["cost.total", None]


def test_unknown_names_and_self_references_stay_located_input_errors(tmp_path):
    write(tmp_path / "claims", "s.yaml", """
        claims:
          - {id: hours, value: "5"}
          - {id: loop, value: "10", formula: loop * 2}
          - {id: typo, value: "10", formula: hours + hour}
          - {id: fine, value: "10", formula: hours * 2}
    """)
    _, r = audit_run(tmp_path, checkers=False)
    assert r["loop"].verdict == "error" and "refers to itself" in r["loop"].findings[0].message
    assert r["typo"].verdict == "error" and "unknown name 'hour'" in r["typo"].findings[0].message
    assert (r["typo"].findings[0].location.line, r["typo"].findings[0].location.col) == (5, 38)
    assert r["fine"].verdict == "consistent"


def test_an_evaluator_without_the_dependency_pass_still_says_what_is_unknown(tmp_path):
    claims, _ns = _claims(tmp_path)
    ev = Evaluator(lambda claim, name: None)                   # nothing resolves
    res = ev.evaluate(next(c for c in claims if c.id == "cost"))
    assert res.verdict == "error" and "unknown name 'total'" in res.error


def test_a_value_error_is_located_in_the_value(tmp_path):
    # The value's place is built only when it is wrong; the column still points into the value
    # (for a unit error, into its unit: the unit text starts at column 27 of line 3).
    write(tmp_path / "claims", "v.yaml", 'claims:\n  - {id: a, value: "12abc%%", formula: "2"}\n'
                                         '  - {id: b, value: "12 blorfs/GPU-hourz"}\n', dedent=False)
    _, r = audit_run(tmp_path, checkers=False)
    places = {k: (r[k].findings[0].location.line, r[k].findings[0].location.col) for k in "ab"}
    assert r["a"].verdict == r["b"].verdict == "error"
    assert places == {"a": (2, 26), "b": (3, 35)}


# -- the formula memo ---------------------------------------------------------------------------------

def test_a_remembered_formula_is_a_fresh_parse(monkeypatch):
    monkeypatch.setattr(memo, "FORMULAS", {})
    text = "t * p * (1 + 3%) / (2048 GPU)"
    f = memo.parsed_formula(text)
    assert memo.parsed_formula(text) is f
    fresh = parse_formula(text)
    assert (f.names, f.units_used, f.display()) == (fresh.names, fresh.units_used, fresh.display())
    env = {"t": read_value("2,788K GPU-hours", Settings()).quantity, "p": read_value("$2 per GPU-hour",
                                                                                     Settings()).quantity}
    assert f.evaluate(env) == fresh.evaluate(env)


def test_formula_errors_are_raised_afresh_and_not_remembered(monkeypatch):
    monkeypatch.setattr(memo, "FORMULAS", {})
    errors = []
    for _ in range(2):
        with pytest.raises(FormulaError) as info:
            memo.parsed_formula("a + (b")
        errors.append(info.value)
    assert errors[0] is not errors[1] and errors[0].location is None     # each caller locates its own
    assert memo.FORMULAS == {}
    with pytest.raises(InputError):
        memo.parsed_formula(3)  # type: ignore[arg-type]


def test_the_formula_memo_is_bounded(monkeypatch):
    monkeypatch.setattr(memo, "FORMULAS", {})
    monkeypatch.setattr(memo, "MEMO_ENTRIES", 8)
    for i in range(30):
        assert memo.parsed_formula(f"x{i} + 1").names == (f"x{i}",)
        assert 0 < len(memo.FORMULAS) <= 8
    long_text = " + ".join(f"x{i}" for i in range(200))               # longer than the memo keeps
    assert len(long_text) > memo.MEMO_TEXT
    memo.parsed_formula(long_text)
    assert long_text not in memo.FORMULAS


# -- order: the iterative walk is the recursive one ---------------------------------------------------

def _recursive_order(names: list[str], deps: dict[str, list[str]]) -> tuple[list[str], dict[str, str]]:
    """The plain depth-first definition: inputs first, each cycle reported at its members."""
    state: dict[str, int] = {}
    out: list[str] = []
    cycles: dict[str, str] = {}

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        path.append(name)
        for child in deps.get(name, []):
            if child not in names:
                continue
            if state.get(child) == 1:
                cycle = path[path.index(child):] + [child]
                cycles.setdefault(cycle[0], "first")
                for member in cycle[1:-1]:
                    cycles.setdefault(member, cycle[0])
            elif child not in state:
                visit(child, path)
        path.pop()
        state[name] = 2
        out.append(name)

    for name in names:
        if name not in state:
            visit(name, [])
    return out, cycles


class _C:
    def __init__(self, name: str) -> None:
        self.qualname = self.id = name
        self.location = self.formula_location = None


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 12).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.lists(st.integers(0, n + 1), max_size=4), min_size=n, max_size=n))))
def test_order_is_the_recursive_walk(graph):
    n, edges = graph
    names = [f"m.c{i}" for i in range(n)]
    deps = {names[i]: [f"m.c{j}" for j in e] for i, e in enumerate(edges)}    # c{n}, c{n+1}: not claims
    got, cyclic = order([_C(x) for x in names], deps)  # type: ignore[arg-type]
    want, cycles = _recursive_order(names, deps)
    assert [c.qualname for c in got] == want
    assert set(cyclic) == set(cycles)
    for name, first in cycles.items():
        message = cyclic[name].message
        assert message.startswith("reference cycle: ")
        assert (" -> " in message) == (first == "first")


def test_order_walks_a_deep_chain_without_recursion():
    n = 50_000
    names = [f"m.c{i}" for i in range(n)]
    deps = {names[i]: [names[i + 1]] for i in range(n - 1)}
    got, cyclic = order([_C(x) for x in names], deps)  # type: ignore[arg-type]
    assert [c.qualname for c in got] == names[::-1] and not cyclic


# -- interval shortcuts and compare ---------------------------------------------------------------------

_fr = st.fractions(min_value=-100, max_value=100, max_denominator=50)


@settings(max_examples=300, deadline=None)
@given(a=_fr, b=_fr, k=_fr)
def test_by_a_number_is_by_its_point_interval(a, b, k):
    x = Interval(min(a, b), max(a, b))
    assert x * k == x * Interval(k) == Interval(k) * x
    assert (x * k).lo == min(x.lo * k, x.hi * k) and (x * k).hi == max(x.lo * k, x.hi * k)
    if k:
        assert x / k == x / Interval(k)
        assert (x / k).lo == min(x.lo / k, x.hi / k) and (x / k).hi == max(x.lo / k, x.hi / k)
    else:
        with pytest.raises(IntervalError, match="containing zero"):
            x / k
    assert x * F(1) is x and x / F(1) is x


def test_a_number_too_large_is_refused_by_the_shortcut_too():
    big = F(10) ** 3000
    with pytest.raises(IntervalError, match="too large"):
        Interval(big, big * 2) * big
    with pytest.raises(IntervalError, match="too large"):
        Interval(big, big * 2) / (1 / big)


def _compare_by_the_rules(rec: Interval, target: Interval) -> tuple[bool, bool]:
    """The consistency rule for ``=`` and ``~`` (the module docstring), on Interval's own methods."""
    if not rec.intersects(target):
        return False, False
    if not rec.is_point:
        return True, rec.touches_only_at_boundary(target)
    return True, (rec.lo == target.lo or rec.lo == target.hi) and not target.is_point


_values = st.sampled_from(["12.5", "12.45", "12.55", "12", "约 12.5", "12.1-14.9", "1.2K", "0.5%"])


@settings(max_examples=400, deadline=None)
@given(text=_values, a=st.fractions(0, 20, max_denominator=40), b=st.fractions(0, 20, max_denominator=40),
       relation=st.sampled_from(["=", "~"]))
def test_compare_is_the_rule(text, a, b, relation):
    reading = read_value(text, Settings())
    scale = reading.printed.interval.hi
    rec = Interval(min(a, b) * scale / 10, max(a, b) * scale / 10)
    target = claimed_target(reading, relation, Settings())
    assert compare(rec, reading, relation, Settings()) == _compare_by_the_rules(rec, target)
    for edge in (target.lo, target.hi):            # points on the rounding boundary
        assert compare(Interval(edge), reading, relation, Settings()) == _compare_by_the_rules(Interval(edge), target)
        assert compare(Interval(edge - 1, edge), reading, relation, Settings()) == \
               _compare_by_the_rules(Interval(edge - 1, edge), target)
