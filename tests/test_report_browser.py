"""The HTML report of the bundled corpus in a real browser (headless Chromium).

The page's ``?selftest`` mode drives every filter through its DOM events, measures the deep link
and lists what the page loaded and what went wrong, then writes that into the DOM; ``--dump-dom``
hands it back. The test compares each filter's visible cards with what the report data says they
must be — the expectation is computed here, not by the page. A screenshot (desktop and phone) and a
PDF print are kept under ``reports/browser/`` as artifacts.

Skips only when no Chromium binary exists (``.ci/run`` installs Debian's ``chromium``); with
``CI=true`` a missing browser or font fails instead, so CI never passes without having looked.
"""

from __future__ import annotations

import html as htmllib
import json
import os
import re
import shutil
import subprocess
import unicodedata
from pathlib import Path
from typing import Any, NoReturn
from urllib.parse import quote

import pytest
from support import REPO

from claimaudit.reporters.common import sorted_records
from claimaudit.reporters.html import render_html

ARTIFACTS = REPO / "reports" / "browser"
CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def missing(reason: str) -> NoReturn:
    """Skip on a developer's machine; fail in CI (CI=true), where .ci/run installs what is needed."""
    if os.environ.get("CI", "").lower() in ("true", "1", "yes"):
        pytest.fail(f"CI=true and {reason}", pytrace=False)
    pytest.skip(reason)


def chromium() -> str:
    for name in (os.environ.get("CLAIMAUDIT_CHROMIUM", ""), "/usr/bin/chromium", *CANDIDATES):
        path = shutil.which(name) if name else None
        if path:
            return path
    missing("no Chromium binary found (looked for $CLAIMAUDIT_CHROMIUM, /usr/bin/chromium, "
                + ", ".join(CANDIDATES) + "); `.ci/run` installs Debian's chromium package")


def browse(browser: str, profile: Path, url: str, *extra: str) -> subprocess.CompletedProcess[str]:
    cmd = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           "--disable-extensions", "--hide-scrollbars", f"--user-data-dir={profile}",
           "--enable-logging=stderr", "--v=0", *extra, url]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=False)


def selftest(browser: str, profile: Path, page: Path, query: str, fragment: str) -> tuple[dict[str, Any], str]:
    url = page.as_uri() + "?" + query + "#" + quote(fragment, safe=".")
    proc = browse(browser, profile, url, "--window-size=1280,900", "--virtual-time-budget=5000", "--dump-dom")
    m = re.search(r'<pre id="selftest">(.*?)</pre>', proc.stdout, re.S)
    assert m, f"the page's self-test did not run; chromium said:\n{proc.stderr[-3000:]}"
    return json.loads(htmllib.unescape(m.group(1))), proc.stderr


@pytest.fixture(scope="module")
def report(bundled_report: dict[str, Any]) -> dict[str, Any]:
    return bundled_report   # tests/conftest.py


@pytest.fixture(scope="module")
def page(report: dict[str, Any], tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("report") / "index.html"
    path.write_text(render_html(report), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def browser() -> str:
    return chromium()


def expected_visible(report: dict[str, Any], name: str, value: str) -> list[str]:
    """Cards a filter must leave visible, in page order — from the records, not from the page."""
    def keep(r: dict[str, Any]) -> bool:
        if name == "verdict":
            return r["verdict"] == value
        if name == "code":
            return value in {f["code"] for f in r["findings"]} | {i["code"] for i in r["ignored"]}
        if name == "source":
            return value in [r["source"]] + [a["source"] for a in r["also_in"]]
        if name == "file":
            return r["file"] == value
        if name == "problems":
            return r["outcome"] in ("failed", "error")
        raise AssertionError(name)
    return [r["qualname"] for r in sorted_records(report["records"]) if keep(r)]


def deep_link_target(report: dict[str, Any]) -> dict[str, Any]:
    """A passing claim two thirds down the page, so reaching it needs a real scroll."""
    passed = [r for r in sorted_records(report["records"]) if r["outcome"] == "passed"]
    return passed[len(passed) * 2 // 3]


def test_filters_deep_link_and_nothing_failed(browser: str, page: Path, report: dict[str, Any], tmp_path: Path) -> None:
    target = deep_link_target(report)
    result, stderr = selftest(browser, tmp_path / "profile", page, "selftest&selftest_q=万美元", target["qualname"])

    assert result["problems"] == [], "script errors, failed loads or CSP violations in the page"
    assert result["resources"] == [], "the report must not load anything"
    assert not re.search(r"Uncaught|Refused to|Failed to load", stderr), stderr[-2000:]
    assert result["cards"] == len(report["records"])

    link = result["deeplink"]
    assert link["id"] == target["qualname"]
    assert link["scrollY"] > 0 and 0 <= link["top"] < link["viewport"] // 2, "the claim is scrolled to the top"
    assert link["open"] and link["hit"] and not link["hidden"]

    scenarios = {(s["filter"], s["value"]): s for s in result["scenarios"]}
    verdicts = {r["verdict"] for r in report["records"]}
    codes = {f["code"] for r in report["records"] for f in r["findings"]}
    files = {r["file"] for r in report["records"]}
    assert {v for f, v in scenarios if f == "verdict"} == verdicts
    assert {v for f, v in scenarios if f == "code"} == codes
    assert {v for f, v in scenarios if f == "file"} == files
    for (name, value), s in scenarios.items():
        if name == "q":
            continue
        want = expected_visible(report, "problems" if name == "problems" else name, value)
        assert s["visible"] == want, f"filter {name}={value}"
        assert s["shown"] == (f"{len(want)} claims" if len(want) == len(report["records"])
                              else f"{len(want)} of {len(report['records'])} claims")
    text = scenarios[("q", "万美元")]["visible"]
    assert "v3_training_cost.sum_of_costs" in text and "v3_training_cost.total_cost_from_hours" in text
    assert "mla_kv_cache.heads" not in text and 0 < len(text) < len(report["records"])


def test_bare_claim_id_deep_link_beats_a_filter(browser: str, page: Path, report: dict[str, Any],
                                                tmp_path: Path) -> None:
    ids = [r["id"] for r in report["records"]]
    target = next(r for r in sorted_records(report["records"])
                  if r["verdict"] == "consistent" and ids.count(r["id"]) == 1)
    # The address asks for inconsistent claims only, and links to a consistent one by its bare id.
    result, _ = selftest(browser, tmp_path / "profile", page, "selftest&verdict=inconsistent", target["id"])
    link = result["deeplink"]
    assert link["id"] == target["qualname"] and link["preset"] == "inconsistent"
    assert not link["hidden"] and link["open"] and 0 <= link["top"] < link["viewport"]


@pytest.mark.slow
def test_screenshots_and_print_are_kept_as_artifacts(browser: str, page: Path, tmp_path: Path) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shots = {"report-desktop.png": "--window-size=1280,2000", "report-phone.png": "--window-size=390,1600"}
    for name, size in shots.items():
        out = tmp_path / name
        proc = browse(browser, tmp_path / "profile", page.as_uri(), size, "--virtual-time-budget=3000",
                      f"--screenshot={out}")
        assert out.is_file() and out.stat().st_size > 20_000, proc.stderr[-2000:]
        assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        shutil.copy(out, ARTIFACTS / name)
    pdf = tmp_path / "report.pdf"
    proc = browse(browser, tmp_path / "profile", page.as_uri(), "--virtual-time-budget=3000", "--no-pdf-header-footer",
                  f"--print-to-pdf={pdf}")
    assert pdf.is_file() and pdf.read_bytes()[:5] == b"%PDF-", proc.stderr[-2000:]
    shutil.copy(pdf, ARTIFACTS / "report.pdf")
    text = pdf_text(pdf)
    # The working of a passing claim is folded on screen; printing opens it.
    assert "recomputed" in text and "formula" in text
    assert "problems only" not in text, "the filters are not printed"


def pdf_text(pdf: Path) -> str:
    pypdf = pytest.importorskip("pypdf", reason="pypdf (the `test` extra) reads the printed PDF back")
    return "\n".join(p.extract_text() or "" for p in pypdf.PdfReader(str(pdf)).pages)


@pytest.mark.slow
def test_chinese_text_prints_with_a_chinese_font(browser: str, page: Path, tmp_path: Path) -> None:
    fc_list = shutil.which("fc-list")
    fonts = subprocess.run([fc_list, ":lang=zh", "family"], capture_output=True, text=True).stdout if fc_list else ""
    if not fonts.strip():
        missing("no font with Chinese glyphs is installed (Debian: apt-get install fonts-noto-cjk); "
                    "the report names Noto Sans CJK SC and WenQuanYi Micro Hei")
    pdf = tmp_path / "report.pdf"
    browse(browser, tmp_path / "profile", page.as_uri(), "--virtual-time-budget=3000", "--no-pdf-header-footer",
           f"--print-to-pdf={pdf}")
    # Text extraction may give CJK glyphs as Kangxi radicals (⼿ for 手); NFKC folds them back.
    text = unicodedata.normalize("NFKC", pdf_text(pdf))
    assert "基础设施学习手册" in text and "整个预训练用了" in text


# -- the authors' view ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def authors_page(report: dict[str, Any], tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("authors") / "index.html"
    path.write_text(render_html(report, audience="authors"), encoding="utf-8")
    return path


def document_problems(report: dict[str, Any]) -> list[str]:
    """The document's problems, from the records: verdicts that are not consistent/stated, expected or not."""
    return [r["qualname"] for r in report["records"]
            if r["verdict"] in ("inconsistent", "underdetermined", "error") or r["outcome"] in ("failed", "error")]


def test_authors_view_shows_the_five_demo_problems_without_a_click(browser: str, authors_page: Path,
                                                                   report: dict[str, Any], tmp_path: Path) -> None:
    problems = document_problems(report)
    assert len(problems) == 5, "the demo's five real problems (four known errors and one gap)"
    result, stderr = selftest(browser, tmp_path / "profile", authors_page, "selftest", "")
    assert result["problems"] == [] and not re.search(r"Uncaught|Refused to", stderr), stderr[-2000:]
    arrival = {c["id"]: c for c in result["arrival"]}
    for q in problems:
        card = arrival[q]
        assert card["shown"] and card["open"], f"{q}: visible with its working open on arrival"
        assert card["quote"] and card["fix"], f"{q}: the quote and what would make it true"
        assert not card["label"].startswith(("xfail", "passed")), card["label"]
    others = [c for c in result["arrival"] if c["id"] not in problems]
    assert max(arrival[q]["top"] for q in problems) < min(c["top"] for c in others), "problems come first"
    assert not any(c["open"] for c in others), "the claims that hold stay folded"
    text = result["text"]
    for word in ("xfail", "XFAIL", "expected inconsistent", "(4 expected)", str(REPO)):
        assert word not in text, f"{word!r} in the authors' view"
    assert text.count("known error, confirmed") >= 4 and "Problems in the document (5)" in text
    only = next(s for s in result["scenarios"] if s["filter"] == "problems")
    assert set(only["visible"]) == set(problems), "'problems only' keeps the known errors in this view"
