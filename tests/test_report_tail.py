"""The parent's tail of a run (issue #14): what reads every record once the audit is merged gives the
same answers by a shorter road (missing source texts, records taken over from the workers)."""

from __future__ import annotations

from claimaudit.reporters.sourcetexts import missing_texts, summary_notes


def _rec(name: str, source: str | None = None, quote: str | None = None, findings: list | None = None,
         also_in: list | None = None) -> dict:
    return {"qualname": f"m.{name}", "module": "m", "id": name, "source": source, "quote": quote,
            "findings": findings or [], "also_in": also_in or []}


def _ca204(source: str, severity: str = "info", message: str = "no local text") -> dict:
    return {"code": "CA204", "severity": severity, "message": message,
            "data": {"source": source, "reason": "absent"}}


def test_each_claim_quoting_a_missing_source_is_listed_once_in_run_order():
    records = [
        _rec("a", "v3-report", "2.788M GPU hours", [_ca204("v3-report")]),
        _rec("b", "handbook", "96 nodes"),                                  # a source with its text
        _rec("c", "other", "x", also_in=[{"source": "v3-report", "quote": "14.8T tokens"}]),
        _rec("a", "v3-report", "2.788M GPU hours"),                          # the same claim again
        _rec("d", "v3-report", None),                                        # cites it, quotes nothing
        _rec("e", "v3-report", "671B", [{"code": "CA101", "severity": "error", "message": "off"}]),
    ]
    [entry] = missing_texts(records)
    assert entry.source == "v3-report"
    assert entry.claims == ["m.a", "m.c", "m.e"]
    assert entry.first is records[0]
    assert summary_notes(records) == ["quotes not checked for 3 claims: no local text of v3-report (3); "
                                      "give a record `files:` or run `claimaudit sources fetch`"]


def test_an_unreadable_text_is_a_warning_with_its_distinct_messages():
    records = [_rec("a", "s", "q", [_ca204("s", "warning", "cannot read s.pdf")]),
               _rec("b", "s", "q", [_ca204("s", "warning", "cannot read s.pdf")]),
               _rec("c", "s", "q", [_ca204("s", "warning", "cannot read s.html")])]
    [entry] = missing_texts(records)
    assert (entry.severity, entry.messages, entry.claims) == ("warning", ["cannot read s.pdf", "cannot read s.html"],
                                                              ["m.a", "m.b", "m.c"])
    assert summary_notes(records) == ["quotes not checked: cannot read s.pdf (and 1 more); 3 claims"]


def test_no_missing_text_no_note_even_when_every_claim_quotes_a_source():
    records = [_rec(str(i), "v3-report", "q", [{"code": "CA101", "severity": "error", "message": "m"}])
               for i in range(50)]
    assert missing_texts(records) == []
    assert summary_notes(records) == []
