"""Words for the people who read a report: a document's authors, or the claim files' maintainers.

Maintainers run the claim files as a test suite and know pytest's words (passed, xfail, "expected
inconsistent"). A document's authors, who receive the audit, need what is wrong with their
numbers, first and in plain words: a confirmed known error is "known error, confirmed", not an
xfail. Both views read the same report dict (``engine.records.as_report``).
"""

from __future__ import annotations

from typing import Any

Record = dict[str, Any]

AUDIENCES = ("authors", "maintainers")

#: A problem the audit confirms because the claim file expected it (en, zh).
CONFIRMED = {
    "inconsistent": ("known error, confirmed", "已知错误，已确认"),
    "underdetermined": ("known gap, confirmed: the document does not give enough to decide",
                        "已知缺口，已确认：文中给出的数据不足以判断"),
    "error": ("known problem, confirmed", "已知问题，已确认"),
}
#: What each outcome is called in the authors' view.
AUTHOR_OUTCOME = {"passed": "holds", "failed": "problem found", "error": "cannot be checked"}
#: Verdicts that are problems of the document, whether or not the claim file expected them.
PROBLEM_VERDICTS = ("inconsistent", "underdetermined", "error")


def confirmed(verdict: str | None, lang: str = "en") -> str:
    en, zh = CONFIRMED.get(str(verdict), ("as the claim file expects", "与题目文件的预期一致"))
    return zh if lang == "zh" else en


def outcome_label(r: Record, audience: str = "maintainers", maintainer_label: str = "") -> str:
    if audience != "authors":
        return maintainer_label
    if r.get("outcome") == "expected":
        return confirmed(r.get("verdict"))
    return AUTHOR_OUTCOME.get(str(r.get("outcome")), str(r.get("outcome")))


def is_problem(r: Record) -> bool:
    """A problem of the document: a verdict other than consistent/stated, or an error, expected or not."""
    return r.get("verdict") in PROBLEM_VERDICTS or r.get("outcome") in ("failed", "error")


def remedies(r: Record) -> list[str]:
    """What would make the claim true, from the record's own working and the checkers' findings."""
    out: list[str] = []
    rec = r.get("recomputed") or {}
    verdict = r.get("verdict")
    if verdict == "inconsistent" and rec.get("text") and r.get("value") is not None:
        out.append(f"a printed figure consistent with what the document's own inputs give: {rec['text']}")
    for f in r.get("findings", ()):
        code, message = f.get("code"), str(f.get("message") or "")
        if (code == "CA103" and message.startswith("consistent only if")) or (
                code == "CA111" and message.startswith("holds iff")):
            out.append(message)
        elif code == "CA105" and f.get("severity") == "error" and ": " in message:
            # "'好几个数量级' … overstates a ratio of [19.8, 19.9]×: about 1.3 orders of magnitude"
            out.append(f"words that fit the figures: {message.rsplit(': ', 1)[1]}")
    if verdict == "underdetermined" and r.get("free") and not any(x.startswith("holds iff") for x in out):
        out.append(f"the values of {', '.join(r['free'])}, which the document does not give")
    return out
