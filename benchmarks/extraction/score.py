"""Score extraction: value, value+unit and qualifier precision / recall / F1 per set, and speed.

    python benchmarks/extraction/score.py [--quantulum PYTHON] [--show]

Data (read at run time, never copied): the seeds' gold annotation in ``gold/*.yaml`` (offsets into
the demo corpus's texts, ``sources/texts/*.txt``), and from ``../shared``: quantulum3's test sentences, cn2an's
cases and Recognizers-Text's Age, Temperature, Number and Ordinal specs (English and Chinese) in
``../shared/reference/extraction-dev/``. (Its README reserves the currency, dimension, percent and
number-range specs for held-out evaluation: they are not read here.)

Every set is split deterministically into a development half and a test half by the SHA-1 of the
sentence (for the seeds: of the line the quantity stands on); rules are tuned on ``dev`` only and
both halves are printed. A score on ``dev`` is a regression check; ``test`` is the result.

Ordinals are positions, not quantities: extraction never makes them mentions, so the Ordinal specs
count the ordinals a mention overlaps (each a false quantity; target 0), not an F1. The two specs
disagree on some sentences: the Ordinal spec marks "third" in "forty two and a third", which the
Number spec reads as one number, 42.333. An ordinal that lies inside a gold number of the Number spec's
same sentence is counted apart ("inside a fraction the Number spec reads"), not as a false quantity.

What claimaudit deliberately does not read, and how it is counted: dates and years ("in 1979",
"１９９１年１月１６日"), versions and model names ("version two", "Core i7 860"), IP addresses and 一 before
a measure word ("一塊蛋糕", "一对") are no quantities to audit (a date is not an amount); the specs read
them as numbers, so each is a miss here (recall lost; nothing is left out of the scores). A number
with its unit or percent sign ("180.25ml", "二％"), which the Number spec leaves to other models, is
read and counts as a false positive there.

Matching rule: a prediction matches a gold item when their spans overlap and the gold value lies in
the prediction's interval (or within 1e-6 relative of its nominal value); each prediction matches at
most one gold item. value+unit also needs the same unit (factor and dimension, after mapping the
set's unit names to registry units); Recognizers-Text's bare ``Degree`` accepts a degree, a Celsius or
a Fahrenheit reading. Number sets have no units: only the value is scored, and a count in a dimensionless unit
also matches as the number it counts (``a dozen``: 1 dozen or 12). Age and Temperature
specs mark only their own kind, so only predictions of that kind are scored there (a time; a
temperature reading or a degree); other quantities in those sentences count neither way. Gold items
without a value (a unit named alone, ``convert to fahrenheit``) are left out. Cases with no
expected result count every prediction as a false positive.

Speed is timed like for like in fresh processes (``ours_run.py``, ``q3_run.py``), in CPU seconds of
each process: cold is the import plus the first parse, warm one pass over all sentences after it.
With ``--quantulum PYTHON`` (or when quantulum3 is importable by this python) quantulum3 is scored
and timed on the same inputs; it is never a project dependency.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import importlib.util
import json
import os
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(REPO / "src"))

from claimaudit.errors import NumberSyntaxError, UnitError  # noqa: E402
from claimaudit.extract.document import analyse  # noqa: E402
from claimaudit.extract.mentions import extract_mentions  # noqa: E402
from claimaudit.extract.pipeline import draft_document, draft_yaml  # noqa: E402
from claimaudit.model.yamlmarks import load_yaml  # noqa: E402
from claimaudit.units.registry import resolve_unit  # noqa: E402

SHARED = REPO.parent / "shared"
SEEDS = REPO / "sources" / "texts"   # the demo corpus, shipped in the repository
DEV = SHARED / "reference" / "extraction-dev"

# quantulum3's unit names -> strings our registry reads (where the name itself is not one).
Q3_UNITS = {"dimensionless": "", "percentage": "percent", "pound sterling": "GBP", "euro": "EUR",
            "dollar": "USD", "pound-mass": "lb", "inverse second": "s^-1", "cubic kilometre": "km^3",
            "square kilometre": "km^2", "square mile": "mi^2", "inverse femtobarn": "femtobarn^-1",
            "count per week": "1/week", "kilometre per square second": "km/s^2", "watt hour": "W*h",
            "megawatt hour": "MW*h", "joule second": "J*s", "candela second": "cd*s",
            "ton per day": "ton/day", "joule per square metre per year": "J/m^2/year",
            "gigayear": "Gyr", "megayear": "Myr", "penny": "cent", "dime": "dime",
            "cubic centimetre": "cm^3", "watt per minute": "W/min", "dollar per hour": "USD/hour",
            "dollar per kilogram": "USD/kg", "kilometre per hour": "km/hour", "degree Celsius": "Celsius_reading",
            "degree fahrenheit": "Fahrenheit_reading"}


def unit_key(name: str):
    """(factor, dims) of a unit name, or the name itself when the registry cannot read it."""
    text = Q3_UNITS.get(name, name)
    try:
        u = resolve_unit(text)
    except UnitError:
        try:
            u = resolve_unit(text.replace(" ", "_"))
        except UnitError:
            return ("?", name)
    return (u.factor, u.dims)


def unit_eq(gold, pred) -> bool:
    """Units agree; a gold unit may be a set of acceptable ones (Recognizers-Text's bare Degree)."""
    return pred in gold if isinstance(gold, frozenset) else gold == pred


def half(text: str) -> str:
    """"dev" or "test", fixed by the text's SHA-1 (the same split on every machine and run)."""
    return "dev" if hashlib.sha1(text.encode("utf-8"), usedforsecurity=False).digest()[0] % 2 == 0 else "test"


def as_fraction(v) -> Fraction:
    return Fraction(str(v)) if not isinstance(v, Fraction) else v


def value_ok(gold: Fraction, lo: Fraction, hi: Fraction, nominal: Fraction) -> bool:
    if lo <= gold <= hi:
        return True
    scale = max(abs(gold), Fraction(1, 10**9))
    return abs(nominal - gold) / scale < Fraction(1, 10**6)


def value_match(g: dict, p: dict) -> bool:
    """The gold value lies in the prediction's interval, or is the number its count stands for."""
    return value_ok(g["value"], p["lo"], p["hi"], p["value"]) \
        or ("counted" in p and value_ok(g["value"], p["counted"], p["counted"], p["counted"]))


def match(gold: list[dict], pred: list[dict]) -> dict[str, int]:
    """Counts for the three scores. Items: start, end, value (Fraction), lo, hi, unit key, qual."""
    c = dict(g=len(gold), p=len(pred), v=0, vu=0, qg=0, qp=0, q=0)
    used: set[int] = set()
    for g in gold:
        c["qg"] += bool(g["qual"])
        for i, p in enumerate(pred):
            if i in used or p["end"] <= g["start"] or g["end"] <= p["start"]:
                continue
            if value_match(g, p):
                used.add(i)
                c["v"] += 1
                if unit_eq(g["unit"], p["unit"]):
                    c["vu"] += 1
                if g["qual"] and p["qual"] and g["qual"] == p["qual"]:
                    c["q"] += 1
                break
    c["qp"] = sum(bool(p["qual"]) for p in pred)
    return c


def prf(tp: int, npred: int, ngold: int) -> tuple[float, float, float]:
    p = tp / npred if npred else 0.0
    r = tp / ngold if ngold else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


_REL = {"~": "~", "≈": "~", "约": "~", "about": "~", "approximately": "~", "around": "~", "roughly": "~",
        "大约": "~", "近": "~", "将近": "~", "接近": "~", ">": ">", "over": ">", "more than": ">", "超过": ">",
        "逾": ">", "above": ">", ">=": ">=", "at least": ">=", "以上": ">=", "不少于": ">=", "至少": ">=",
        "<": "<", "under": "<", "less than": "<", "below": "<", "不到": "<", "不足": "<", "低于": "<",
        "<=": "<=", "up to": "<=", "at most": "<=", "以内": "<=", "最多": "<="}


def ours(text: str) -> list[dict]:
    out = []
    for m in extract_mentions(analyse(text)):
        iv = m.number.interval
        rel = m.relation or (m.number.relation if m.number.relation != "=" else "")
        out.append(dict(start=m.start, end=m.end, value=m.number.nominal, lo=iv.lo, hi=iv.hi,
                        unit=(m.unit.factor, m.unit.dims), qual=_REL.get(rel, rel)))
    return out


def seed_gold() -> list[tuple[str, list[dict]]]:
    out = []
    for path in sorted((HERE / "gold").glob("*.yaml")):
        doc = load_yaml(path.read_text("utf-8"), str(path))
        text = (SEEDS / doc["seed"]).read_text("utf-8")
        items = []
        for q in doc["quantities"]:
            assert text[int(q["start"]):int(q["end"])] == q["text"], (path, q)
            items.append(dict(start=int(q["start"]), end=int(q["end"]), value=Fraction(q["value"]),
                              unit=unit_key(q["unit"]), qual=_REL.get(q["qualifier"], q["qualifier"]),
                              kind=str(q.get("kind", "q"))))
        out.append((text, items))
    return out


def q3_gold() -> list[tuple[str, list[dict]]]:
    data = json.loads((DEV / "quantulum3-quantities.json").read_text("utf-8"))
    out = []
    for case in data:
        text = case["req"]
        items = []
        for r in case["res"]:
            s = text.find(r["surface"])
            if s < 0:
                continue
            items.append(dict(start=s, end=s + len(r["surface"]), value=as_fraction(r["value"]),
                              unit=unit_key(r["unit"]), qual=""))
        out.append((text, items))
    return out


def quantities_only(cases: list[tuple[str, list[dict]]], preds: list[list[dict]]):
    """The seeds' gold without kind-c rows, and predictions without those that overlap one."""
    out_cases, out_preds = [], []
    for (text, gold), pred in zip(cases, preds, strict=True):
        counts = [g for g in gold if g.get("kind") == "c"]
        out_cases.append((text, [g for g in gold if g.get("kind") != "c"]))
        out_preds.append([p for p in pred if not any(p["start"] < c["end"] and c["start"] < p["end"] for c in counts)])
    return out_cases, out_preds


def show(text: str, gold: list[dict], pred: list[dict]) -> None:
    """Print the gold items without a value+unit match and the predictions matching nothing."""
    hit: set[int] = set()
    for g in gold:
        ok = False
        for i, p in enumerate(pred):
            if i not in hit and p["start"] < g["end"] and g["start"] < p["end"] and value_match(g, p):
                hit.add(i)
                ok = unit_eq(g["unit"], p["unit"])
                if not ok:
                    print(f"    unit  {text[g['start']:g['end']]!r}: gold {g['unit']} got {p['unit']}  "
                          f"| {text[max(0, g['start'] - 30):g['end'] + 20]!r}")
                break
        else:
            print(f"    miss  {text[g['start']:g['end']]!r} {g['value']} {g['unit']}  "
                  f"| {text[max(0, g['start'] - 30):g['end'] + 20]!r}")
    for i, p in enumerate(pred):
        if i not in hit:
            print(f"    extra {text[p['start']:p['end']]!r} {p['value']} {p['unit']}  "
                  f"| {text[max(0, p['start'] - 30):p['end'] + 20]!r}")


PAIR_FROM_TO = True     # --no-pairs turns it off (to show what the merging changes)


def pair_from_to(gold: list[dict], pred: list[dict]) -> list[dict]:
    """Predictions with each "from A to B" pair merged where the gold marks the span as one range.

    claimaudit reads ``from 44 mg to 50 mg`` as two values (a change); quantulum3's gold marks it as
    one range whose value is the midpoint. Two predictions are scored as that one gold item when both
    lie inside its span, have the same unit and their midpoint is its value; the pair then counts as
    one prediction (so neither reading gains or loses precision); a leading qualifier may stand before
the gold span. See gold/README.md, "Scoring".
    """
    out = list(pred)
    for g in gold:
        # Inside the gold span; a qualifier printed before it ("from about $350 …") may stick out.
        inside = [p for p in out if g["start"] - 16 <= p["start"] and p["end"] <= g["end"] and p["end"] > g["start"]]
        if len(inside) != 2:
            continue
        a, b = sorted(inside, key=lambda p: p["start"])
        mid = (a["value"] + b["value"]) / 2
        if a["unit"] != b["unit"] or not value_ok(g["value"], mid, mid, mid):
            continue
        merged = dict(start=a["start"], end=b["end"], value=mid, lo=mid, hi=mid, unit=a["unit"],
                      qual=a["qual"] or b["qual"])
        out = [p for p in out if p is not a and p is not b] + [merged]
    return sorted(out, key=lambda p: p["start"])


def report(name: str, cases: list[tuple[str, list[dict]]], preds: list[list[dict]], verbose: bool = False) -> dict:
    tot = dict(g=0, p=0, v=0, vu=0, qg=0, qp=0, q=0)
    for (text, gold), pred in zip(cases, preds, strict=True):
        if PAIR_FROM_TO:
            pred = pair_from_to(gold, pred)
        if verbose:
            show(text, gold, pred)
        c = match(gold, pred)
        for k in tot:
            tot[k] += c[k]
    v = prf(tot["v"], tot["p"], tot["g"])
    vu = prf(tot["vu"], tot["p"], tot["g"])
    q = prf(tot["q"], tot["qp"], tot["qg"])
    print(f"  {name:<28} value P/R/F1 {v[0]:.3f}/{v[1]:.3f}/{v[2]:.3f}   value+unit {vu[0]:.3f}/{vu[1]:.3f}/{vu[2]:.3f}"
          f"   qualifier {q[0]:.3f}/{q[1]:.3f}/{q[2]:.3f}   (gold {tot['g']}, predicted {tot['p']})")
    return {"value": v, "value_unit": vu, "qualifier": q}


def cn2an_cases() -> None:
    data = json.loads((DEV / "cn2an_tests.json").read_text("utf-8"))["cn2an"]
    from claimaudit.numbers.printed import parse_printed
    for mode in ("strict", "normal", "smart"):
        ok = {"dev": 0, "test": 0}
        n = {"dev": 0, "test": 0}
        for text, want in data[mode].items():
            h = half(text)
            n[h] += 1
            with contextlib.suppress(NumberSyntaxError, ValueError):   # unreadable: counted as not read
                ok[h] += parse_printed(text).nominal == as_fraction(want)
        print(f"  cn2an {mode:<7} dev {ok['dev']}/{n['dev']}  test {ok['test']}/{n['test']} values read exactly")


RT = DEV / "recognizers-text" / "Specs"
#: Recognizers-Text's units -> registry units. "Age" is an age in years ("age 87").
RT_UNITS = {"Year": "year", "Month": "month", "Week": "week", "Day": "day", "Age": "year",
            "C": "Celsius_reading", "F": "Fahrenheit_reading"}
RT_SETS = [("Age", "NumberWithUnit/{lang}/AgeModel.json", True),
           ("Temperature", "NumberWithUnit/{lang}/TemperatureModel.json", True),
           ("Number", "Number/{lang}/NumberModel.json", False), ("Ordinal", "Number/{lang}/OrdinalModel.json", False)]


def _rt_value(text: str) -> Fraction | None:
    t = str(text).strip()
    try:
        if "^" in t:
            a, b = t.split("^")
            return Fraction(a) ** int(b)
        return Fraction(t)
    except (ValueError, ZeroDivisionError, OverflowError):
        return None


def rt_cases(rel: str, with_units: bool) -> list[tuple[str, list[dict]]]:
    """One Recognizers-Text spec file as (text, gold items)."""
    degree = frozenset(unit_key(u) for u in ("degree", "Celsius_reading", "Fahrenheit_reading"))
    out = []
    for case in json.loads((RT / rel).read_text("utf-8-sig")):
        text, items = case["Input"], []
        for r in case.get("Results", []):
            res = r.get("Resolution") or {}
            v = _rt_value(res.get("value")) if res.get("value") is not None else None
            if v is None:
                continue
            if not with_units:
                unit = "-"
            elif res.get("unit") == "Degree":
                unit = degree
            else:
                unit = unit_key(RT_UNITS.get(res.get("unit"), str(res.get("unit"))))
            items.append(dict(start=int(r["Start"]), end=int(r["End"]) + 1, value=v, unit=unit, qual=""))
        out.append((text, items))
    return out


def value_only(preds: list[list[dict]]) -> list[list[dict]]:
    """Predictions without their units. A count in a dimensionless unit is also offered as the
    number it counts ("a dozen" is 1 dozen, and 12)."""
    return [[dict(p, unit="-", **({"counted": p["value"] * p["unit"][0]} if p["unit"][1] == NO_DIMS
                                  and p["unit"][0] > 1 else {}))
             for p in pred] for pred in preds]


NO_DIMS = unit_key("")[1]


def of_kind(name: str, preds: list[list[dict]]) -> list[list[dict]]:
    """The predictions a typed spec judges: Age marks only ages (a time), Temperature only
    temperatures (a reading or a degree); other quantities in its sentences are neither hits nor
    false positives. Number and Ordinal judge every number, value only (Ordinal: see report_ordinals)."""
    if name == "Age":
        time_dims = unit_key("year")[1]
        return [[p for p in pred if p["unit"][1] == time_dims] for pred in preds]
    if name == "Temperature":
        ok = {unit_key(u) for u in ("degree", "Celsius_reading", "Fahrenheit_reading")}
        return [[p for p in pred if p["unit"] in ok] for pred in preds]
    return value_only(preds)


def split(cases, preds):
    """The (cases, predictions) of each half, by the SHA-1 of each case's text."""
    out = {"dev": ([], []), "test": ([], [])}
    for case, pred in zip(cases, preds, strict=True):
        c, p = out[half(case[0])]
        c.append(case)
        p.append(pred)
    return out


def seed_lines(seeds, preds):
    """The seeds cut into lines (each line is one case of the split), gold and predictions with it."""
    cases, out_preds = [], []
    for (text, gold), pred in zip(seeds, preds, strict=True):
        pos = 0
        for line in text.split("\n"):
            end = pos + len(line)
            g = [dict(x, start=x["start"] - pos, end=x["end"] - pos) for x in gold if pos <= x["start"] <= end]
            p = [dict(x, start=x["start"] - pos, end=x["end"] - pos) for x in pred if pos <= x["start"] <= end]
            if g or p:
                cases.append((line, g))
                out_preds.append(p)
            pos = end + 1
    return cases, out_preds


def report_halves(name: str, cases, preds, verbose: bool = False) -> dict:
    res = {}
    for h, (c, p) in split(cases, preds).items():
        res[h] = report(f"{name} [{h}]", c, p, verbose and h == "dev")
    return res


def report_ordinals(name: str, cases, preds, verbose: bool = False, numbers: dict | None = None) -> None:
    """Ordinals (``twenty-first``, ``11th``, ``第三``) are positions, not quantities: claimaudit
    never makes them mentions. What the Ordinal specs measure is how many ordinals a mention
    overlaps, each a false quantity (lower is better; 0 is the target). ``numbers`` maps a sentence
    of the Number spec (same language) to its gold items: an ordinal inside one of them ("a third" in
    "forty two and a third") is read as that spec reads it, and counted apart."""
    for h, (c, p) in split(cases, preds).items():
        hit = total = inside = 0
        for (_text, gold), pred in zip(c, p, strict=True):
            for g in gold:
                total += 1
                over = [x for x in pred if x["start"] < g["end"] and g["start"] < x["end"]]
                if over and any(n["start"] <= g["start"] and g["end"] <= n["end"] and n["end"] - n["start"]
                                > g["end"] - g["start"] for n in (numbers or {}).get(_text, [])):
                    inside += 1
                    continue
                hit += bool(over)
                if verbose and over and h == "dev":
                    print(f"    ordinal read  {_text[g['start']:g['end']]!r} in {_text[:80]!r}")
        print(f"  {name} [{h}]  ordinals read as a quantity: {hit} of {total} (target 0); "
              f"{inside} more inside a fraction the Number spec reads")


def timed(script: str, python: str, texts: list[str]) -> dict:
    p = subprocess.run([python, str(HERE / script)], input=json.dumps({"texts": texts}),
                       capture_output=True, text=True, timeout=1800)
    if p.returncode != 0:
        raise RuntimeError(p.stderr[-2000:])
    return json.loads(p.stdout)


def q3_python(arg: str | None) -> str | None:
    if arg:
        return arg
    return sys.executable if importlib.util.find_spec("quantulum3") is not None else None


def _cpu() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quantulum", metavar="PYTHON", help="python of a venv with quantulum3 installed "
                    "(default: this python, when it can import quantulum3)")
    ap.add_argument("--show", action="store_true",
                    help="print every miss, unit mismatch and extra mention (dev halves only)")
    ap.add_argument("--no-pairs", action="store_true", help="do not score a from-to pair as a gold range")
    args = ap.parse_args()
    global PAIR_FROM_TO
    PAIR_FROM_TO = not args.no_pairs
    if not SEEDS.is_dir() or not DEV.is_dir():
        print(f"skip: {SEEDS} or {DEV} is missing")
        return 0
    q3py = q3_python(args.quantulum)
    seeds, q3 = seed_gold(), q3_gold()
    print("Seeds' gold annotation (benchmarks/extraction/gold), split by line:")
    our_seeds = [ours(t) for t, _ in seeds]
    report("claimaudit [all]", seeds, our_seeds)
    report_halves("claimaudit", *seed_lines(seeds, our_seeds), args.show)
    # The headline counts prose counts (三个问题, 两阶段) as quantities; also scored without them.
    report_halves("claimaudit, quantities only", *seed_lines(*quantities_only(seeds, our_seeds)))
    print("quantulum3's test sentences (English; units compared after mapping names):")
    our_q3 = [ours(t) for t, _ in q3]
    report_halves("claimaudit", q3, our_q3, args.show)
    if q3py:
        qp = [items for items in _q3_items(timed("q3_run.py", q3py, [t for t, _ in q3]))]
        report_halves("quantulum3", q3, qp)
    print("Recognizers-Text specs (Age and Temperature: value+unit; Number: value only; Ordinal: ordinals read "
          "as quantities):")
    speed_texts = [t for t, _ in q3]
    for name, rel, with_units in RT_SETS:
        for lang in ("English", "Chinese"):
            cases = rt_cases(rel.format(lang=lang), with_units)
            preds = of_kind(name, [ours(t) for t, _ in cases])
            if name == "Ordinal":
                numbers = dict(rt_cases(dict((n, r) for n, r, _ in RT_SETS)["Number"].format(lang=lang), False))
                report_ordinals(f"{name} {lang[:2]} claimaudit", cases, preds, args.show, numbers)
            else:
                report_halves(f"{name} {lang[:2]} claimaudit", cases, preds, args.show)
            if q3py and lang == "English":
                qp = of_kind(name, _q3_items(timed("q3_run.py", q3py, [t for t, _ in cases])))
                if name == "Ordinal":
                    report_ordinals(f"{name} {lang[:2]} quantulum3", cases, qp, numbers=numbers)
                else:
                    report_halves(f"{name} {lang[:2]} quantulum3", cases, qp)
                speed_texts += [t for t, _ in cases]
    print(f"Speed (fresh processes, CPU seconds; {len(speed_texts)} English sentences: "
          "quantulum3's and Recognizers-Text's):")
    o = timed("ours_run.py", sys.executable, speed_texts)
    n = len(speed_texts)
    print(f"  claimaudit   cold {o['cold']:.3f} s (import + first parse)   warm {o['warm']:.3f} s "
          f"({n / o['warm']:,.0f} sentences/s)")
    if q3py:
        q = timed("q3_run.py", q3py, speed_texts)
        print(f"  quantulum3   cold {q['cold']:.3f} s (import + first parse)   warm {q['warm']:.3f} s "
              f"({n / q['warm']:,.0f} sentences/s)")
        print(f"  ratio        cold {q['cold'] / o['cold']:.1f}x   warm {q['warm'] / o['warm']:.1f}x "
              "(quantulum3 time / ours)")
    text = "\n".join(t for t, _ in seeds)
    big = (text + "\n") * (1_000_000 // len(text.encode("utf-8")) + 1)
    big = big.encode("utf-8")[:1_000_000].decode("utf-8", "ignore")
    # CPU time (children included: large Markdown is parsed in a child): on a shared machine the
    # wall clock measures the neighbours too.
    t0, c0 = time.perf_counter(), _cpu()
    draft = draft_document(analyse(big, "1mb.txt"))
    yaml_text = draft_yaml(draft)
    dt, dc = time.perf_counter() - t0, _cpu() - c0
    print(f"  1 MB document: {len(draft.mentions):,} mentions, {len(draft.relations):,} relations, "
          f"{len(yaml_text) / 1e6:.1f} MB draft in {dc:.2f} CPU s ({dt:.2f} s wall)")
    print("cn2an's cases (Chinese numerals, read by the core's parse_printed), split by case:")
    cn2an_cases()
    return 0


def _q3_items(data: dict) -> list[list[dict]]:
    res = []
    for found in data["results"]:
        items = []
        for q in found:
            if "error" in q:
                continue
            v = as_fraction(q["value"])
            items.append(dict(start=q["start"], end=q["end"], value=v, lo=v, hi=v, unit=unit_key(q["unit"]), qual=""))
        res.append(items)
    return res


if __name__ == "__main__":
    raise SystemExit(main())
