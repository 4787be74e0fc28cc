"""Fuzzing (hypothesis) of the engine end to end: a generated claim file through collection,
evaluation, the checkers and every reporter. Every outcome is a verdict or a located input error."""

from __future__ import annotations

from fuzz_support import claim_files, fuzz, target_engine
from hypothesis import given


@fuzz
@given(claim_files())
def test_fuzz_engine_through_every_reporter(text):
    target_engine(text)
