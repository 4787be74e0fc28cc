"""Fuzz targets and strategies shared by the test suite (a short budget) and ``benchmarks/fuzz.py``
(a long one).

Each target takes one generated input and must either succeed or raise an :class:`InputError`
(located where a file is involved); anything else is a crash. ``CLAIMAUDIT_FUZZ_EXAMPLES`` sets
the suite's budget per harness (default 25: a few seconds in all).
"""

from __future__ import annotations

import io
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from claimaudit.errors import ClaimAuditError, InputError

EXAMPLES = int(os.environ.get("CLAIMAUDIT_FUZZ_EXAMPLES", "25"))

#: The suite's fuzz settings: small, no per-example deadline (a busy CI machine), derandomized so a
#: failure in CI is reproducible; benchmarks/fuzz.py runs the same targets with its own budget.
fuzz = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                       HealthCheck.data_too_large, HealthCheck.filter_too_much])

# -- strategies ---------------------------------------------------------------------------------------

PRINTED = ["557.6万美元", "2,788K GPU-hours", "56.9×", "91%", "over 20 PiB", "$5.576M", "1e309", "1e-400",
           "约 3 亿", "零点一", "1/3", "½", "2.664M", "-5", "(5)", "3.2 TB/s", "一千二百", "0.60", "12 ± 3",
           "~30", "≥ 1,000", "5 万亿", "14.8K tokens/s", "1,024 KiB", "2 h 30 min", "1e4000", "9" * 50]
NUMBERISH = "0123456789.,eE+-−×/% $€¥万亿千百十零一二三四五六七八九点约KMBGTkmgb()~≈<>≥≤ ½"
YAMLISH = "{}[]:,-'\"!&*#|>?\n\t @`%\\"
ODD = "\x00\x07\x1b\x7f\x85\u2028\u202e\ufeff\ud7ff\U0001f600Ωо"   # controls, bidi, Cyrillic o
NAMES = ["a", "b", "total", "cost", "hours", "price", "x1", "tоtal"]


def texts(alphabet_extra: str = "") -> st.SearchStrategy[str]:
    alpha = NUMBERISH + YAMLISH + ODD + alphabet_extra + "abcxyz"
    return st.one_of(st.text(max_size=60), st.text(alphabet=alpha, max_size=80), st.sampled_from(PRINTED),
                     st.builds(lambda a, b: a + b, st.sampled_from(PRINTED), st.text(alphabet=alpha, max_size=8)))


def formulas() -> st.SearchStrategy[str]:
    atom = st.one_of(st.sampled_from(NAMES), st.sampled_from(["1", "2.5", "1e300", "0", "3 GPU", "$2", "1e4000"]),
                     st.text(alphabet="0123456789.e", min_size=1, max_size=6))
    expr = st.recursive(atom, lambda inner: st.one_of(
        st.builds(lambda a, op, b: f"{a} {op} {b}", inner, st.sampled_from("+-*/^"), inner),
        st.builds(lambda f, a: f"{f}({a})", st.sampled_from(["sqrt", "log", "exp", "min", "max", "sum", "abs"]), inner),
        st.builds(lambda a: f"({a})", inner)), max_leaves=12)
    return st.one_of(expr, st.text(alphabet="abc123+-*/^()., _" + ODD, max_size=40))


@st.composite
def claim_files(draw: Any) -> str:
    """A claim file: mostly well formed (so the engine gets deep), sometimes mangled."""
    n = draw(st.integers(1, 5))
    claims = []
    for i in range(n):
        c: dict[str, Any] = {"id": draw(st.sampled_from(NAMES[:6] + [f"c{i}"]))}
        if draw(st.booleans()):
            c["value"] = draw(texts())
        if draw(st.booleans()):
            c["formula"] = draw(formulas())
        if draw(st.booleans()):
            c["given"] = {draw(st.sampled_from(["x", "y", "F"])): draw(st.one_of(texts(), st.just("?")))}
        if draw(st.booleans()):
            c["quote"] = draw(texts())
        if draw(st.integers(0, 4)) == 0:
            c["relation"] = draw(st.sampled_from(["=", "~", ">", "<=", "x"]))
        claims.append(c)
    text = json.dumps({"claims": claims}, ensure_ascii=draw(st.booleans()))
    if draw(st.integers(0, 3)) == 0:         # mangle: insert YAML-ish text somewhere
        pos = draw(st.integers(0, len(text)))
        text = text[:pos] + draw(st.text(alphabet=YAMLISH + ODD + "!!int ", max_size=10)) + text[pos:]
    return text


@st.composite
def markdown_docs(draw: Any) -> str:
    parts = ["# Doc\n"]
    for _ in range(draw(st.integers(0, 4))):
        parts.append(draw(st.text(max_size=40)) + "\n")
        if draw(st.booleans()):
            body = draw(claim_files())
            parts.append("```claimaudit\n" + body + "\n```\n")
    return "".join(parts)


# -- targets --------------------------------------------------------------------------------------------

def _located(errors: list[Any], file: str) -> None:
    for e in errors:
        assert isinstance(e, InputError), repr(e)
        loc = e.location
        assert loc is not None and loc.file == file and loc.line >= 1 and loc.col >= 1, (str(e), loc)


def target_yaml_loader(text: str) -> None:
    from claimaudit.model.load import load_claim_text

    _cf, errors = load_claim_text(text, "claims/f.yaml")
    _located(errors, "claims/f.yaml")


def target_printed(text: str) -> None:
    from claimaudit.errors import NumberSyntaxError
    from claimaudit.numbers.printed import parse_printed

    try:
        p = parse_printed(text)
    except NumberSyntaxError as exc:
        assert exc.column is None or 0 <= exc.column <= len(text)
        return
    str(p.interval)
    repr(p.interval)


def target_formula(text: str) -> None:
    from claimaudit.formulas.parse import parse_formula

    try:
        parse_formula(text)
    except InputError as exc:
        assert exc.column is None or 0 <= exc.column <= len(text) + 1
    except ClaimAuditError:
        pass


def target_scan_and_extract(text: str) -> None:
    from claimaudit.extract.pipeline import draft_text, draft_yaml
    from claimaudit.numbers.scan import scan_numbers

    scan_numbers(text)
    draft_yaml(draft_text(text, "doc.md"))


def target_markdown(text: str) -> None:
    from claimaudit.model.markdown_claims import claims_from_markdown

    _cf, errors = claims_from_markdown(text, "docs/d.md", module="d")
    _located(errors, "docs/d.md")


def target_engine(text: str) -> None:
    """A claim file through the engine (with its checkers) and every reporter."""
    from claimaudit.engine.records import as_report
    from claimaudit.engine.run import RunOptions, exit_code, run_claims
    from claimaudit.reporters import FORMATS, render

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "claims").mkdir()
        (root / "claims" / "f.yaml").write_text(text, encoding="utf-8", errors="surrogatepass")
        run = run_claims([root / "claims"], root, RunOptions())
        assert exit_code(run) in (0, 1, 2, 5)
        report = as_report(run)
        json.dumps(report, allow_nan=False)
        for fmt in FORMATS:
            out = io.StringIO()
            render(fmt, report, out)
            if fmt in ("text", "github", "markdown"):
                assert "\x1b" not in out.getvalue()
