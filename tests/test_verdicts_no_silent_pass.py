"""Issue #12 §6: no silent pass — warnings are shown and counted, a drifted quote fails the run,
a missing text is said once per source.

The source texts are short excerpts of public pages written into each test: NASA's Moon fact
sheet ("an average distance of 238,855 miles (384,400 km)") and the DeepSeek handbook's cost table.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from support import make_project

from claimaudit.cli.main import main
from claimaudit.engine.run import RunOptions, exit_code, run_claims

MOON = "The Moon orbits Earth at an average distance of 238,855 miles (384,400 km).\n"


def project(root: Path, claims: str, texts: dict[str, str], sources: dict[str, str], toml: str = "") -> Path:
    return make_project(root, claims={"c": textwrap.dedent(claims)}, sources=sources, texts=dict(texts), toml=toml)


MOON_CLAIMS = """
    source: nasa
    claims:
      - id: distance
        quote: "{quote}"
        value: "238,855 miles"
      - id: km
        value: "384,400 km"
        formula: distance
        rounding: digits
"""


def test_a_number_edited_under_a_short_quote_fails_the_run(tmp_path):
    # The source now says 238,900 miles; the claim's short quote falls below the fuzzy threshold
    # (min_score 95 here, so the near match is not "found"): still an error, not a hidden warning.
    edited = MOON.replace("238,855", "238,900")
    for i, min_score in enumerate((80, 95)):
        root = project(tmp_path / str(i), MOON_CLAIMS.format(quote="distance 238,855 miles"),
                       {"texts/moon.txt": edited}, {"nasa": "id: nasa\nfiles: [texts/moon.txt]\n"},
                       toml=f"[tool.claimaudit.checkers.CA200]\nmin_score = {min_score}\n")
        run = run_claims([root / "claims"], root, RunOptions())
        res = {r.claim.id: r for r in run.results}["distance"]
        (f,) = [f for f in res.findings if f.code == "CA202"]
        assert f.severity == "error" and "238,900" in f.message and "238,855 miles" in f.message
        assert res.verdict == "inconsistent" and exit_code(run) == 1


def test_the_unedited_source_passes(tmp_path):
    root = project(tmp_path, MOON_CLAIMS.format(quote="an average distance of 238,855 miles"), {"texts/moon.txt": MOON},
                   {"nasa": "id: nasa\nfiles: [texts/moon.txt]\n"})
    run = run_claims([root / "claims"], root, RunOptions())
    assert exit_code(run) == 0
    assert not [f for r in run.results for f in r.findings if f.code.startswith("CA20") and f.severity != "info"]


def test_warnings_on_passing_claims_are_shown_and_counted(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "120")
    # A quote whose words changed (found fuzzily: CA205 warning) on a claim that holds.
    root = project(tmp_path, MOON_CLAIMS.format(quote="a mean distance of 238,855 miles"), {"texts/moon.txt": MOON},
                   {"nasa": "id: nasa\nfiles: [texts/moon.txt]\n"})
    code = main(["run", "--root", str(root), "--color", "no", "--no-report"])
    out = capsys.readouterr().out
    assert code == 0
    assert "warnings summary" in out
    assert "claims/c.yaml::distance: CA205" in out
    last = out.strip().splitlines()[-1]
    assert "1 warning" in last and "consistent" in last


def test_no_warnings_no_summary(tmp_path, capsys):
    root = project(tmp_path, MOON_CLAIMS.format(quote="an average distance of 238,855 miles"), {"texts/moon.txt": MOON},
                   {"nasa": "id: nasa\nfiles: [texts/moon.txt]\n"})
    assert main(["run", "--root", str(root), "--color", "no", "--no-report"]) == 0
    out = capsys.readouterr().out
    assert "warnings summary" not in out and "warning" not in out.strip().splitlines()[-1]


def test_a_missing_text_is_said_once_per_source(tmp_path):
    claims = "source: handbook\nclaims:\n" + "".join(
        f"  - {{id: c{i}, quote: \"| 合计 | 2,788K | $5.576M |\", value: {v}}}\n"
        for i, v in enumerate(("2,788K GPU-hours", "$5.576M", "2,788K GPU-hours")))
    root = project(tmp_path, claims, {}, {"handbook": "id: handbook\nfiles: [texts/missing.txt]\n"})
    run = run_claims([root / "claims"], root, RunOptions())
    said = [(r.claim.id, f.severity) for r in run.results for f in r.findings if f.code == "CA204"]
    assert len(said) == 1 and said[0][1] == "warning", said
    # ... and that one warning is not silent either: it is listed and counted.
    from claimaudit.engine.records import as_report
    from claimaudit.reporters.text import summary_line

    assert "1 warning" in summary_line(as_report(run))
