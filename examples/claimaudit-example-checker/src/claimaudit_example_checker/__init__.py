"""An example claimaudit plugin: one checker, registered through the ``claimaudit`` entry point."""

from __future__ import annotations

from claimaudit.checkers import Finding, checker, hookimpl


@checker("EX901", "no-quote", config={"severity": "warning"})
def no_quote(result, run, config):
    """A printed figure with no quote cannot be traced to its source.

    Anti-pattern: a claim that records a value but not the words it was printed in, so a reader
    cannot find it in the source or notice when the source changes.
    Fix: add ``quote:`` with the source's words (and ``at:`` with where they are).
    """
    claim = result.claim
    if claim.value is not None and not claim.quote and not claim.formula:
        yield Finding("EX901", config["severity"], f"{claim.id} = {claim.value} has no quote")


@hookimpl
def claimaudit_checkers():
    return [no_quote]
