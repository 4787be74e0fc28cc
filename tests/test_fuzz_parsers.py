"""Fuzzing (hypothesis) of the parsers that read strangers' text: the YAML claim loader, printed
numbers, formulas, the number scanner and extraction, Markdown claim blocks. A short budget here
(``CLAIMAUDIT_FUZZ_EXAMPLES``, default 25 per harness); ``benchmarks/fuzz.py`` runs a long one."""

from __future__ import annotations

from fuzz_support import (
    claim_files,
    formulas,
    fuzz,
    markdown_docs,
    target_formula,
    target_markdown,
    target_printed,
    target_scan_and_extract,
    target_yaml_loader,
    texts,
)
from hypothesis import given
from hypothesis import strategies as st


@fuzz
@given(st.one_of(claim_files(), texts()))
def test_fuzz_yaml_claim_loader(text):
    target_yaml_loader(text)


@fuzz
@given(texts())
def test_fuzz_printed_numbers(text):
    target_printed(text)


@fuzz
@given(formulas())
def test_fuzz_formulas(text):
    target_formula(text)


@fuzz
@given(st.one_of(texts(), st.lists(texts(), max_size=8).map(" ".join)))
def test_fuzz_number_scanner_and_extraction(text):
    target_scan_and_extract(text)


@fuzz
@given(markdown_docs())
def test_fuzz_markdown_claim_blocks(text):
    target_markdown(text)


def test_a_plus_before_the_unit_and_another_after_it_is_no_crash():
    # Found by benchmarks/fuzz.py (150,000 scanner inputs): a KeyError on an empty qualifier word.
    from claimaudit.extract.document import analyse
    from claimaudit.extract.mentions import extract_mentions

    for text in ("91%+B+千\x07[", "40+ GiB/s+", "1350+ GPUs+ 以上"):
        for m in extract_mentions(analyse(text)):
            assert m.start < m.end
    (m,) = [m for m in extract_mentions(analyse("It reads 40+ GiB/s.")) if "40" in m.printed]
    assert m.relation == ">="
