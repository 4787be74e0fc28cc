"""`claimaudit run paper.pdf|.md`: APA test results in a document are drafted as `statistic:` claims
and audited by CA110 (issue #11 §4), their numbers no claims of their own."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from claimaudit.cli.main import main
from claimaudit.extract.pipeline import draft_text, draft_yaml

FIXTURES = Path(__file__).parent / "fixtures" / "sources"

# statcheck's kind of paragraph: four results, two of which the statistic cannot give (F: p is .30;
# chi2: p is .147), wrapped as a PDF's text is, one result broken across lines.
LINES = ["Participants in the gain frame were faster, t(38) = 2.10, p = .04. The interaction was",
         "significant, F(2, 114) = 1.20, p < .05, as was the correlation, r(58) = .35, p = .006.",
         "Finally, X2(1, N = 60) = 2.10,",
         "p = .03."]


def _make_pdf():
    spec = importlib.util.spec_from_file_location("pdfgen", FIXTURES / "pdfgen.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.make_pdf


def _run(capsys, path: Path) -> tuple[int, dict]:
    code = main(["run", "--root", str(path.parent), "--no-report", "--format", "json", str(path)])
    return code, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("suffix", [".pdf", ".md"])
def test_a_paragraph_statcheck_flags_twice_reports_those_two(tmp_path, capsys, suffix):
    paper = tmp_path / f"paper{suffix}"
    if suffix == ".pdf":
        paper.write_bytes(_make_pdf()([LINES]))
    else:
        paper.write_text("# Results\n\n" + "\n".join(LINES) + "\n", encoding="utf-8")
    code, report = _run(capsys, paper)
    stats = [r for r in report["records"] if "statistic" in (r.get("tags") or [])]
    assert code == 1 and len(stats) == 4
    bad = sorted(r["id"] for r in stats if r["verdict"] == "inconsistent")
    assert bad == ["chi2_1_2_10", "f_2_114_1_20"]
    assert all(r["verdict"] == "consistent" for r in stats if r["id"] not in bad)
    # the numbers of the results are not claims of their own: nothing else was drafted
    assert len(report["records"]) == 4
    # the findings point at the document, not at the draft
    f = next(r for r in stats if r["id"] == "f_2_114_1_20")["findings"][0]
    assert f["code"] == "CA110" and Path(f["file"]).name == paper.name
    if suffix == ".md":
        assert f["line"] == 4


def test_statistics_in_code_and_tables_are_not_drafted():
    text = ("Reported: t(28) = 2.20, p = .03.\n\n```\nt(28) = 2.20, p = .03\n```\n\n"
            "| test | result |\n|---|---|\n| a | t(28) = 2.20, p = .03 |\n")
    draft = draft_text(text, "d.md")
    assert [(s.test, s.line) for s in draft.statistics] == [("t", 1)]
    yaml_text = draft_yaml(draft)
    assert yaml_text.count('statistic: {test: "t", value: "2.20", p: "= .03", df: "28"}') == 1
    assert "id: t_28_2_20" in yaml_text and "# 1 test results" in yaml_text


def test_an_inexact_result_and_a_plain_number_stay_as_they_were():
    draft = draft_text("The effect held, t(28) > 2.2, p < .05, in 1,200 trials.", "d.md")
    assert draft.statistics == []            # inexact: left to the reviewer
    assert [m.printed for m in draft.mentions if m.printed.startswith("1,200")]


def test_extract_lists_the_test_results_with_the_mentions(tmp_path, capsys):
    paper = tmp_path / "paper.md"
    paper.write_text("Faster, t(38) = 2.10, p = .04, in 120 trials.\n", encoding="utf-8")
    assert main(["extract", "--mentions", str(paper)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].endswith("t(38) = 2.10, p = .04\tstatistic\ttest: t; value: 2.10; p: = .04; df: 38")
    assert any("\t120\t" in line for line in lines) and len(lines) == 2
