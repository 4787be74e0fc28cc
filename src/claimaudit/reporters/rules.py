"""What each finding code means: a name, a one-line summary and help text (SARIF rules, docs).

The core codes are described here; codes of checkers (built-in or plugins) take their summary and
help from the checker class itself (first docstring line, whole docstring), so a new checker shows
up in code scanning with its own help and nothing needs to change here.
"""

from __future__ import annotations

from typing import Any

#: code -> (name, summary, help). Help says what the finding means and what to do.
CORE_RULES: dict[str, tuple[str, str, str]] = {
    "CA000": ("checker-crash", "A checker raised an exception",
              "A checker failed on this claim; the run went on without its judgement. Report it to the "
              "checker's authors with the traceback in the JSON report's finding data."),
    "CA001": ("input-error", "The claim or source file cannot be read",
              "The YAML is malformed or a value cannot be read. Fix the file at the location shown."),
    "CA002": ("schema", "The claim file does not follow the claim schema",
              "A key is unknown, missing or of the wrong type (see `claimaudit schema`)."),
    "CA003": ("number-syntax", "A printed number cannot be read",
              "Write the value the way the document prints it, e.g. `2,788K GPU-hours`, `557.6万美元`, `91%`."),
    "CA004": ("unknown-unit", "A unit is unknown or ambiguous",
              "Use a unit claimaudit knows (`claimaudit units`) or spell the ambiguous one out."),
    "CA005": ("formula-syntax", "A formula is outside the safe formula grammar",
              "Formulas are arithmetic on claim ids and `given` inputs: + - * / **, parentheses, numbers "
              "with units and a few functions."),
    "CA006": ("unknown-name", "A formula uses a name that is no claim and no given input",
              "Refer to a claim of the same file by its id, to another file's claim as `module.id`, or "
              "add the input under `given:`."),
    "CA007": ("cycle", "Claims refer to each other in a circle",
              "A claim's formula cannot depend on itself through other claims; break the cycle."),
    "CA009": ("evaluation-error", "The formula cannot be evaluated",
              "Evaluating the formula on intervals failed (for example a division by an interval that "
              "contains zero). Check the inputs."),
    "CA010": ("unknown-source", "A claim cites a source that has no record",
              "Add `sources/<id>.yaml` with the document's title, date and URL, or fix the source id."),
    "CA011": ("answer-key", "An exercise answer key cannot be read",
              "The classroom's key file (`claimaudit exercise`) is malformed at the location shown."),
    "CA012": ("answer-file", "A student's answer file cannot be read",
              "An answer has the keys the exercise sheet lists; fix the file at the location shown."),
    "CA100": ("unexpected-verdict", "The audit's verdict differs from the claim's `expect`",
              "The claim file expects one verdict and the audit finds another: either the document, the "
              "claim file or claimaudit changed. Update `expect`/`because` once you know which."),
    "CA101": ("arithmetic", "The recomputed value does not match the printed one",
              "Recomputing the claim's formula from its inputs, with every printed number read as the "
              "interval its rounding allows, does not reach the value the document prints. The finding "
              "says by how much (absolute, relative and in units of the last printed digit)."),
    "CA102": ("dimensions", "The formula's dimension differs from the claim's unit",
              "The formula gives a quantity of another kind than the claim prints (e.g. bytes for "
              "seconds): an input or the claim's unit is wrong."),
}


def _checker_docs() -> dict[str, tuple[str, str, str]]:
    try:
        from ..checkers.manager import available_checkers

        checkers = available_checkers()
    except Exception:   # noqa: BLE001 - rule help is a courtesy; a broken plugin must not stop a report
        return {}
    out = {}
    for c in checkers:   # classes: their own docstring, not type's
        out[str(c.code)] = (str(c.name), c.summary(), c.description())
    return out


def rule_info(codes: list[str], *, checkers: bool = True) -> dict[str, dict[str, Any]]:
    """code -> {name, summary, help} for every code given, core first, then checkers, then generic."""
    docs = _checker_docs() if checkers else {}
    out: dict[str, dict[str, Any]] = {}
    for code in codes:
        name, summary, help_ = CORE_RULES.get(code) or docs.get(code) or (
            code.lower(), f"claimaudit finding {code}", f"A finding of claimaudit's check {code}.")
        out[code] = {"name": name, "summary": summary, "help": help_}
    return out
