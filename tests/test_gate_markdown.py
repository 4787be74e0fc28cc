"""Claims embedded in Markdown docs: fenced ```claimaudit blocks read with the doc's own line numbers."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest
from gate_support import EXAMPLE, REPO, run_cli

from claimaudit.engine.collect import collect, find_claim_files
from claimaudit.engine.run import RunOptions, run_claims
from claimaudit.model.markdown_claims import (
    DocClaimFile,
    claims_from_markdown,
    find_blocks,
    has_claim_blocks,
    prose_text,
)

DOC = textwrap.dedent("""\
    # V3 training bill

    | Stage | GPU-hours |
    |---|---|
    | Pre-training | 2,664K |
    | Total | 2,788K |

    ```claimaudit
    claims:
      - id: pretrain
        quote: "| Pre-training | 2,664K |"
        value: 2,664K GPU-hours
    ```

    Some prose between the blocks.

    ```claimaudit
    claims:
      - id: total
        quote: "| Total | 2,788K |"
        value: 2,788K GPU-hours
        formula: pretrain + rest
        given: {rest: 124K GPU-hours}
    ```
    """)


def test_blocks_are_found_with_their_fence_lines() -> None:
    blocks = find_blocks(DOC)
    assert [(b.fence_line, b.end_line) for b in blocks] == [(8, 13), (17, 24)]
    assert blocks[0].lines[1] == "  - id: pretrain"


def test_claims_carry_the_docs_own_line_numbers_and_default_source() -> None:
    cf, errors = claims_from_markdown(DOC, "docs/bill.md", module="bill")
    assert errors == []
    assert isinstance(cf, DocClaimFile)
    by_id = {c.id: c for c in cf.claims}
    assert list(by_id) == ["pretrain", "total"]
    # "- id: total" is on line 19 of the doc, the mapping starts at column 5.
    assert (by_id["total"].location.line, by_id["total"].location.col) == (19, 5)
    assert by_id["total"].formula_location.line == 22
    assert by_id["pretrain"].source == "docs/bill.md"
    assert cf.doc_source is not None and cf.doc_source.files == ("docs/bill.md",)
    assert cf.doc_source.title == "V3 training bill"


def test_yaml_error_in_a_block_is_located_in_the_doc() -> None:
    doc = "# Title\n\ntext\n\n```claimaudit\nclaims:\n  - id: a\n    value: [1, 2\n```\n"
    cf, errors = claims_from_markdown(doc, "docs/x.md", module="x")
    assert cf is not None and cf.claims == []
    assert len(errors) == 1
    loc = errors[0].location
    assert loc.file == "docs/x.md" and loc.line >= 8, str(errors[0])


def test_schema_error_names_the_docs_line_and_column() -> None:
    doc = "intro\n\n```claimaudit\nclaims:\n  - id: a\n    valeu: 5 GPU\n```\n"
    _cf, errors = claims_from_markdown(doc, "docs/x.md", module="x")
    assert [str(e) for e in errors] == ["docs/x.md:6:5: unknown key 'valeu' (did you mean 'value'?)"]


def test_duplicate_ids_across_blocks_and_unclosed_block() -> None:
    doc = ("```claimaudit\nclaims:\n  - id: a\n    value: 1 GPU\n```\n\n"
           "```claimaudit\nclaims:\n  - id: a\n    value: 2 GPU\n```\n\n"
           "  ```claimaudit\n  claims: []\n")
    cf, errors = claims_from_markdown(doc, "d.md", module="d")
    assert [c.id for c in cf.claims] == ["a"]
    texts = [str(e) for e in errors]
    assert texts[0] == "d.md:9:9: duplicate claim id 'a' (first defined at d.md:3:9)"
    assert texts[1].startswith("d.md:13:3: ```claimaudit block is never closed")


def test_examples_inside_longer_fences_and_other_languages_are_not_claims() -> None:
    doc = ("````markdown\n```claimaudit\nclaims: []\n```\n````\n\n"
           "```yaml\nclaims: []\n```\n\n~~~claimaudit\nclaims:\n  - id: t\n    value: 3 GPU\n~~~\n")
    blocks = find_blocks(doc)
    assert [b.fence_line for b in blocks] == [11]
    cf, errors = claims_from_markdown(doc, "d.md", module="d")
    assert errors == [] and [c.id for c in cf.claims] == ["t"]
    assert not has_claim_blocks("````markdown\n```claimaudit\nclaims: []\n```\n````\n")


def test_indented_fence_in_a_list_item_keeps_columns() -> None:
    doc = "- item\n\n    ```claimaudit\n    claims:\n      - id: nested\n        value: 4 GPU\n    ```\n"
    cf, errors = claims_from_markdown(doc, "d.md", module="d")
    assert errors == []
    assert (cf.claims[0].location.line, cf.claims[0].location.col) == (5, 9)


def test_prose_text_blanks_claim_blocks_but_keeps_lines() -> None:
    prose = prose_text(DOC)
    assert len(prose.split("\n")) == len(DOC.split("\n"))
    assert "quote:" not in prose
    assert "| Total | 2,788K |" in prose.split("\n")[5]


def test_doc_without_blocks_adds_nothing(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "plain.md").write_text("# Nothing\n\n```python\nprint(1)\n```\n", "utf-8")
    (tmp_path / "docs" / "bill.md").write_text(DOC, "utf-8")
    found = find_claim_files([tmp_path / "docs"], tmp_path)
    assert [p.name for p in found] == ["bill.md", "plain.md"]
    files, errors = collect([tmp_path / "docs"], tmp_path)
    assert errors == [] and [f.path for f in files] == ["docs/bill.md"]


def test_engine_audits_a_doc_and_adds_the_doc_as_a_source(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "bill.md").write_text(DOC, "utf-8")
    run = run_claims([tmp_path / "docs"], tmp_path, RunOptions())
    assert run.errors == []
    assert {r.claim.id: r.verdict for r in run.results} == {"pretrain": "stated", "total": "consistent"}
    assert run.sources["docs/bill.md"].files == ("docs/bill.md",)


def test_cli_run_docs_folder_reports_embedded_claims_at_doc_lines(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    broken = DOC.replace("given: {rest: 124K GPU-hours}", "given: {rest: 134K GPU-hours}")
    (tmp_path / "docs" / "bill.md").write_text(broken, "utf-8")
    done = run_cli("run", "docs", "--no-report", cwd=tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "docs/bill.md:19:5" in done.stdout
    assert "docs/bill.md::total" in done.stdout


def test_example_docs_project_passes_clean(tmp_path: Path) -> None:
    project = tmp_path / "docs-gate"
    shutil.copytree(EXAMPLE, project)
    done = run_cli("run", "--no-report", cwd=project)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "9 consistent, 1 inconsistent (1 expected), 13 stated" in done.stdout


@pytest.mark.parametrize("page", sorted(p.name for p in (EXAMPLE / "docs").glob("*.md")))
def test_every_example_page_has_claims(page: str) -> None:
    assert has_claim_blocks((EXAMPLE / "docs" / page).read_text("utf-8"))


def test_ci_doc_shows_blocks_without_being_a_claim_file() -> None:
    # docs/ci.md shows ```claimaudit blocks inside a longer fence: an example, never collected.
    text = (REPO / "docs" / "ci.md").read_text("utf-8")
    assert "```claimaudit" in text
    assert not has_claim_blocks(text)
