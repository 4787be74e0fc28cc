"""``-n`` runs: what the parent does alone (before the workers start, after the last result) gives the
same groups and output as before, only faster (issue #14)."""

from __future__ import annotations

import random
import sys

import pytest
from support import REPO

from claimaudit.engine.parallel import _DOTTED, _audit_bucket, _solvable, dotted_names, file_groups, run_parallel
from claimaudit.engine.run import RunOptions

sys.path.insert(0, str(REPO / "benchmarks"))
from gen_claims import make

# Texts of the shapes claim files have: formulas across files, same_as:, Chinese names, numbers with
# dots that are no names, and every kind of whitespace str.split() splits on next to a dot.
TEXTS = [
    "formula: a-b.rows * 2.5 + fire_flyer.cost / 万元.x - y..z (cost.)\nsame_as: b.c.d",
    "claims:\n  - id: total\n    value: 2,788K GPU-hours\n    formula: v3_cost.pre + v3_cost.post\n",
    "    at_most: \"r1.bound\"\n    words: 'DeepSeek-V3.model'\n",
    "成本：预训练.成本 + 上下文扩展.成本\u3000后训练.x\t表.y\u2028行.z\x1c组.w\x85次.v",
    "url: https://example.org/a.b/c.d?x=1.5; v3.1.0 and 3.14 and .5 and trailing.",
    "tabs\t.a\tb.\t\tc.d\n\n\re.f\x0bg.h\x0ci.j",
    "", "no dots at all here", ".", "..", "a.", "-.", "_x.",
]


@pytest.mark.parametrize("text", TEXTS)
def test_dotted_names_are_the_names_the_whole_text_scan_finds(text):
    assert dotted_names(text) == set(_DOTTED.findall(text))


def test_dotted_names_on_every_claim_file_and_generated_claims(tmp_path):
    make(2000, tmp_path, per_file=56)
    files = sorted((REPO / "claims").rglob("*.yaml")) + sorted((REPO / "examples").rglob("*.yaml")) \
        + sorted((tmp_path / "claims").glob("*.yaml"))
    assert len(files) > 30
    for f in files:
        text = f.read_text("utf-8", "replace")
        assert dotted_names(text) == set(_DOTTED.findall(text)), f


def test_dotted_names_on_random_texts():
    """Random strings over the characters that matter (name characters, dots, every whitespace)."""
    rng = random.Random(14)
    alphabet = list("ab_-9.万.") + [" ", "\t", "\n", "\u3000", "\x1c", "\x85", "\u2028", "(", "+", "é"]
    for _ in range(2000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))
        assert dotted_names(text) == set(_DOTTED.findall(text)), repr(text)


def test_file_groups_of_generated_chains(tmp_path):
    """gen_claims.py's reference chains join files in fours; a near miss (a name that is only a
    stem's prefix, a number) joins nothing."""
    make(14 * 8, tmp_path, per_file=14)
    (tmp_path / "claims" / "f0008.yaml").write_text(
        "claims:\n  - id: y\n    value: 3.5\n    formula: f000.x0 + 0.5 * f0001x.x0\n", encoding="utf-8")
    files = sorted((tmp_path / "claims").glob("*.yaml"))
    groups = [[files[i].stem for i in g] for g in file_groups(files)]
    assert groups == [["f0000", "f0001", "f0002", "f0003"], ["f0004", "f0005", "f0006", "f0007"], ["f0008"]]


def test_a_part_counts_the_claims_ca111_would_solve(tmp_path):
    claims = tmp_path / "claims"
    claims.mkdir()
    (claims / "h.yaml").write_text(
        "claims:\n  - id: free\n    value: 62.7%\n    formula: 1 - a / b\n    given: {a: \"?\", b: \"16\"}\n"
        "  - id: ok\n    value: 25%\n    formula: 4 / 16\n  - id: stated\n    value: 12\n", encoding="utf-8")
    (claims / "g.yaml").write_text("claims:\n  - id: ok\n    value: 3\n", encoding="utf-8")
    part = _audit_bucket([str(claims / "h.yaml")], str(tmp_path), RunOptions(checklist="no"), None)
    assert part["solvable"] == sum(map(_solvable, part["results"])) == 1
    assert run_parallel([claims], tmp_path, RunOptions(workers=2), 0.0) is not None      # 1 ≤ 50: parallel


def test_generated_run_is_the_serial_run_in_json(tmp_path, capsys):
    """End to end on gen_claims.py's shapes (chains across files, findings): -n 2 writes the serial JSON."""
    import json

    from claimaudit.cli.main import main

    make(14 * 24, tmp_path, per_file=28)
    out = []
    for extra in ([], ["-n", "2"]):
        code = main(["run", "--root", str(tmp_path), "--no-report", "--checklist", "no", "--format", "json",
                     *extra, str(tmp_path / "claims")])
        report = json.loads(capsys.readouterr().out)
        for key in ("created", "duration"):
            report.pop(key)
        for r in report["records"]:
            r.pop("duration")
        out.append((code, report))
    assert out[0] == out[1] and out[0][0] == 1 and out[0][1]["summary"]["inconsistent"] > 0
    assert run_parallel([tmp_path / "claims"], tmp_path, RunOptions(workers=2), 0.0) is not None   # not serial
