"""The one-step run on sentences that state arithmetic: does it find the relations, and does it report
only the wrong ones? (figures printed; no timed tests)

Data: ``gold/relation_sentences.json`` (or ``--data PATH``): a list of {id, lang, text, holds, kind,
note}. ``holds`` is true when the sentence's arithmetic is right (to the printed digits' rounding), false
when it is wrong, null when the sentence prints related-looking numbers but states no relation. The set
was written by a helper of session 10 who did not see the extraction rules (see the set's README), and
first measured once as it arrived; every later figure on it is a regression check, not a result.

Each sentence is drafted as a document of its own (``# Notes`` and the text), the relations the run
audits by default (confidence >= 0.7) are audited by the engine, and the sentence counts as:

* holds true: *found* when a relation is consistent and none inconsistent; a *false alarm* when any is
  inconsistent; *missed* when none is drafted;
* holds false: *found* when a relation is reported inconsistent; *passed* when relations are drafted and
  all are consistent (a wrong number let through); *missed* when none is drafted;
* holds null: a *false alarm* when any relation is inconsistent; *quiet* otherwise.

Figures (2026-12-03, relations audited by default; found / wrong numbers reported / false alarms):

| code | dev | test |
|---|---|---|
| session start (7ace437), before the set existed | 4/41, 0/9, 0/49 | 2/31, 1/21, 0/41 |
| the session's rules written before the set arrived (first run: a result) | 13/41, 2/9, 0/49 | 13/31, 5/21, 0/41 |
| after rules written from the dev half's misses (dev: a regression check) | 32/41, 9/9, 0/49 | 14/31, 9/21, 0/41 |

The second set, ``gold/relation_sentences2.json`` (200 sentences by a helper of session 12 who saw
neither the rules nor the first set; ``--data``), first run on the day it arrived (2026-12-03):

| code | dev | test |
|---|---|---|
| session start (a6fd445) | 29/62, 8/20, 0/72 | 29/58, 12/30, 0/78 |
| the session's rules written before the set arrived (first run: a result) | 30/62, 8/20, 0/72 | 30/58, 13/30, 0/78 |

With ``--plain-sets``, the one-step run also goes over the dev halves (the split of score.py) of the
sentence sets score.py reads from ../shared/reference/extraction-dev (quantulum3's test sentences,
Recognizers-Text's Age, Temperature, Number and Ordinal specs): sentences written to test number reading,
which state almost no arithmetic, so an inconsistent relation there is very likely a false alarm; the
count is printed and each one listed. (2026-12-03, all 822 sentences of both halves, read once before
this option kept to the dev half: 2 with an inconsistent relation, both conversions in dev-half sentences;
"10kg (25lbs)" is wrong in the sentence, "1,500,000 kilometres (930,000 mi)" was a false alarm, fixed by
reading conversions as approximate.)

Usage: python benchmarks/extraction/relation_sentences.py [--data PATH] [-v] [--plain-sets]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "src"))

from claimaudit.engine.run import RunOptions, run_claims  # noqa: E402
from claimaudit.extract.draft import render  # noqa: E402
from claimaudit.extract.pipeline import draft_text  # noqa: E402
from claimaudit.extract.relations import CONFIDENT  # noqa: E402


def half(text: str) -> str:
    """The split of score.py: by the SHA-1 of the sentence."""
    return "dev" if hashlib.sha1(text.encode("utf-8"), usedforsecurity=False).digest()[0] % 2 == 0 else "test"


def verdicts(text: str, folder: Path) -> list[tuple[str, str]]:
    """(kind, verdict) of each audited relation of the one-step run on ``text``."""
    d = draft_text(f"# Notes\n\n{text}\n", "sentence.md")
    claims = folder / "draft.claims.yaml"
    claims.write_text(render(d), encoding="utf-8")
    run = run_claims([claims], folder, RunOptions(checkers=False))
    by_id = {r.claim.id: r.verdict for r in run.results}
    return [(d.relations[k].kind, by_id.get(d.relation_ids[k], "missing")) for k in sorted(d.relation_ids)
            if d.relations[k].confidence >= CONFIDENT]


def outcome(holds: bool | None, got: list[tuple[str, str]]) -> str:
    bad = any(v == "inconsistent" for _k, v in got)
    good = any(v == "consistent" for _k, v in got)
    if holds is None:
        return "false alarm" if bad else "quiet"
    if holds:
        return "false alarm" if bad else "found" if good else "missed"
    return "found" if bad else "passed" if good else "missed"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=HERE / "gold" / "relation_sentences.json")
    ap.add_argument("-v", action="store_true", help="list each dev sentence's outcome (test: totals only)")
    ap.add_argument("--plain-sets", action="store_true",
                    help="also run over score.py's development sentence sets and count inconsistent relations")
    args = ap.parse_args(argv)
    if not args.data.exists():
        print(f"no data at {args.data}", file=sys.stderr)
        return 2
    items = json.loads(args.data.read_text(encoding="utf-8"))
    tally: Counter[tuple[str, str, str]] = Counter()
    with tempfile.TemporaryDirectory() as tmp:
        for item in items:
            got = verdicts(item["text"], Path(tmp))
            label = {True: "holds", False: "does not hold", None: "no relation"}[item["holds"]]
            res = outcome(item["holds"], got)
            part = half(item["text"])
            tally[(f"{part} {item['lang']}", label, res)] += 1
            if args.v and part == "dev":
                print(f"{item['id']:>6} {item['lang']} {label:<13} {res:<11} {got} {item['text'][:90]}")
    print(f"{args.data.name}: {len(items)} sentences; audited relations (confidence >= {CONFIDENT:g})")
    for lang in sorted({k[0] for k in tally}, key=lambda k: (k.startswith("test"), k)):
        for label in ("holds", "does not hold", "no relation"):
            row = {res: n for (lg, lb, res), n in tally.items() if lg == lang and lb == label}
            total = sum(row.values())
            if total:
                print(f"  {lang} {label:<13} {total:>3}: " + ", ".join(f"{res} {n}" for res, n in sorted(row.items())))
    for part in ("dev", "test"):
        rows = {k: n for k, n in tally.items() if k[0].startswith(part)}
        alarms = sum(n for (_lg, _lb, res), n in rows.items() if res == "false alarm")
        right = sum(n for (_lg, lb, _r), n in rows.items() if lb != "does not hold")
        found = sum(n for (_lg, lb, res), n in rows.items() if lb == "holds" and res == "found")
        holds = sum(n for (_lg, lb, _r), n in rows.items() if lb == "holds")
        caught = sum(n for (_lg, lb, res), n in rows.items() if lb == "does not hold" and res == "found")
        wrong = sum(n for (_lg, lb, _r), n in rows.items() if lb == "does not hold")
        print(f"  {part}: relations found {found}/{holds}, wrong numbers reported {caught}/{wrong}, "
              f"false alarms {alarms}/{right}")
    if args.plain_sets:
        plain_sets()
    return 0


def plain_sets() -> None:
    """The one-step run over score.py's development sentence sets: sentences with an inconsistent relation."""
    base = HERE.parents[1].parent / "shared" / "reference" / "extraction-dev"
    if not base.exists():
        print(f"no {base}: the plain sets are not measured")
        return
    texts = [item["req"] for item in json.loads((base / "quantulum3-quantities.json").read_text(encoding="utf-8"))
             if isinstance(item, dict) and item.get("req")]
    for spec in sorted((base / "recognizers-text" / "Specs").rglob("*.json")):
        texts += [item["Input"] for item in json.loads(spec.read_text(encoding="utf-8-sig")) if item.get("Input")]
    texts = [t for t in dict.fromkeys(texts) if half(t) == "dev"]     # their test halves stay unread
    flagged = []
    with tempfile.TemporaryDirectory() as tmp:
        for text in texts:
            got = verdicts(text, Path(tmp))
            if any(v == "inconsistent" for _k, v in got):
                flagged.append((text, got))
    print(f"plain sentences (the dev halves of score.py's development sets): {len(texts)}, "
          f"with an inconsistent relation: {len(flagged)}")
    for text, got in flagged:
        print(f"  {got} {text[:110]}")


if __name__ == "__main__":
    raise SystemExit(main())
