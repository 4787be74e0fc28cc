"""Quote finding at scale: 1,000 quotes in 10 MB of source text (target: under 2 s in all).

    python benchmarks/bench_quotes.py [MEGABYTES] [QUOTES] [zh|en]

The text (zh, the default) is built from the handbook seeds (sources/texts, else the test
fixtures); ``en`` builds it from the project's English docs and the V3 report excerpt (twice the
characters for the same bytes). Their lines are shuffled, with every digit redrawn, into files of
about 1 MB, so numbers and words repeat the way a large corpus of similar documents does. The
quotes are taken from the text, each occurring once: 70% verbatim, 10% retypeset (full-width
digits, other spacing: found after normalisation), 15% with one digit of their number changed
(drift: found fuzzily, the number reported) and 5% absent. Each quote is located and its number
checked, as the quote checker does. Prints wall and CPU time to load the text (normalise and
index) and to find the quotes, and how many landed in each tier; exits 1 if the wall time is 2 s
or more.
"""

from __future__ import annotations

import random
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from claimaudit.sources.document import Document  # noqa: E402
from claimaudit.sources.load_text import load_text  # noqa: E402
from claimaudit.sources.locate import corpus, find_quote  # noqa: E402
from claimaudit.sources.passage_numbers import drift, find_value, numbers_in  # noqa: E402

SEEDS = ROOT / "sources" / "texts"   # the demo corpus, shipped in the repository
FIXTURES = ROOT / "tests" / "fixtures" / "sources"
_FULLWIDTH = str.maketrans("0123456789,", "０１２３４５６７８９，")


def corpus_lines(language: str = "zh") -> list[str]:
    if language == "en":
        files = [FIXTURES / "v3_report_excerpt.md", *sorted((ROOT / "docs").glob("*.md"))]
    elif SEEDS.is_dir():
        files = sorted(SEEDS.glob("*.txt"))
    else:
        files = sorted(FIXTURES.glob("handbook_cost*.txt"))
    lines = [ln for f in files for ln in f.read_text("utf-8").splitlines() if len(ln.strip()) > 8]
    return lines


def build_texts(megabytes: float, rnd: random.Random, language: str = "zh") -> list[str]:
    lines = corpus_lines(language)
    texts, total = [], 0
    target = int(megabytes * 1_000_000)
    while total < target:
        out, size = [], 0
        while size < 1_000_000 and total + size < target:
            ln = re.sub(r"\d", lambda _m: str(rnd.randint(0, 9)), rnd.choice(lines))
            out.append(ln)
            size += len(ln.encode("utf-8")) + 1
        texts.append("\n".join(out) + "\n")
        total += size
    return texts


def make_quotes(docs: list[Document], n: int, rnd: random.Random) -> list[tuple[str, str, str]]:
    """(kind, quote, value) triples. Like real claims, each quote occurs once in the text, and a
    drifted quote (one digit of its number changed) occurs nowhere."""
    from claimaudit.sources.normalize import normalize

    index = corpus(docs).index
    pattern = re.compile(r"[^\n]{8,30}?(?<![\d.,])(\d[\d,.]*\d|\d)[^\n\d]{4,20}")
    quotes: list[tuple[str, str, str]] = []
    while len(quotes) < n:
        text = rnd.choice(docs).text
        pos = rnd.randrange(len(text) - 300)
        m = pattern.search(text, pos, pos + 300)
        if not m or len(index.find_all(normalize(m.group(0)), limit=2)) != 1:
            continue
        quote = m.group(0)
        # The claim's value is the number as printed, multiplier and percent sign included.
        at = m.start(1) - m.start()
        token = next((t for t in numbers_in(quote) if t.start == at), None)
        if token is None:
            continue
        value = token.text
        r = rnd.random()
        if r < 0.70:
            kind = "verbatim"
        elif r < 0.80:
            kind, quote = "retypeset", quote.translate(_FULLWIDTH).replace(" ", "")
        elif r < 0.95:
            kind = "drifted"
            digits = m.group(1)
            new = digits[:-1] + str((int(digits[-1]) + 1) % 10)
            quote = quote[:at] + new + quote[at + len(digits):]
            if index.find_all(normalize(quote), limit=1):
                continue
            value = new + value[len(digits):]     # the claim quotes a number the text does not print
        else:
            filler = "".join(rnd.choice("甲乙丙丁戊己庚辛壬癸") for _ in range(12))
            kind, quote = "absent", "完全不在文中的一句话：" + filler
        quotes.append((kind, quote, value))
    return quotes


def main(argv: list[str]) -> int:
    megabytes = float(argv[0]) if argv else 10.0
    n = int(argv[1]) if len(argv) > 1 else 1000
    language = argv[2] if len(argv) > 2 else "zh"
    rnd = random.Random(2024)
    texts = build_texts(megabytes, rnd, language)
    size = sum(len(t.encode("utf-8")) for t in texts)

    t0, c0 = time.perf_counter(), time.process_time()
    docs = [load_text(t, source="bench", file=f"bench/{i:02d}.txt") for i, t in enumerate(texts)]
    corpus(docs)   # normalise every file and index them now, to time it
    t_load, c_load = time.perf_counter() - t0, time.process_time() - c0

    quotes = make_quotes(docs, n, rnd)
    tiers = {"exact": 0, "normalised": 0, "fuzzy": 0, "not found": 0}
    drifts = 0
    wrong = 0
    t1, c1 = time.perf_counter(), time.process_time()
    for kind, quote, value in quotes:
        search = find_quote(quote, docs)
        m = search.found
        if m is None:
            tiers["not found"] += 1
            continue
        tiers[m.kind] += 1
        if find_value(value, m.passage) is None and drift(value, quote, m.passage) is not None:
            drifts += 1
            wrong += kind != "drifted"
    t_find, c_find = time.perf_counter() - t1, time.process_time() - c1

    kinds = {k: sum(1 for q in quotes if q[0] == k) for k in ("verbatim", "retypeset", "drifted", "absent")}
    total = t_load + t_find
    print(f"text: {size / 1e6:.1f} MB in {len(docs)} files ({sum(len(d.text) for d in docs):,} characters)")
    print(f"quotes: {len(quotes)} ({', '.join(f'{v} {k}' for k, v in kinds.items())})")
    print(f"load (normalise + index): {t_load:.2f} s (CPU {c_load:.2f} s)")
    print(f"find {len(quotes)} quotes + check their numbers: {t_find:.2f} s (CPU {c_find:.2f} s, "
          f"{1000 * t_find / max(len(quotes), 1):.2f} ms per quote)")
    print(f"tiers: {tiers}; drift detected: {drifts} ({wrong} of them on quotes that did not drift)")
    print(f"total: {total:.2f} s, CPU {c_load + c_find:.2f} s (target < 2 s; wall time depends on what "
          "else the machine runs)")
    return 0 if total < 2.0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
