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
