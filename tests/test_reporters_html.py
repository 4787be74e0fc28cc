"""The HTML report without a browser: structure, order, escaping, self-containment, the pieces of
a card (highlighted quote, readable formula, number line) on real published numbers."""

from __future__ import annotations

import base64
import copy
import hashlib
import re
from html.parser import HTMLParser
from typing import Any

import pytest
from report_support import fixture_report

from claimaudit.reporters.card_html import card_html
from claimaudit.reporters.formula_html import formula_html
from claimaudit.reporters.highlight import find_value, highlight, language
from claimaudit.reporters.html import render_html, safe_url
from claimaudit.reporters.numberline import number_line, target


class Page(HTMLParser):
    """Collects what the tests look at: cards, resources, scripts, elements by id."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.cards: list[dict[str, str]] = []
        self.ids: list[str] = []
        self.resources: list[tuple[str, str]] = []
        self.scripts: list[str] = []
        self.csp = ""
        self.marks: list[tuple[str, str]] = []
        self._in: str | None = None
        self._buf: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if "id" in a:
            self.ids.append(a["id"])
        if tag == "article":
            self.cards.append(a)
        for key in ("src", "srcset", "data", "poster"):
            if key in a:
                self.resources.append((tag, a[key]))
        if tag == "link":
            self.resources.append((tag, a.get("href", "")))
        if tag == "meta" and a.get("http-equiv", "").lower() == "content-security-policy":
            self.csp = a.get("content", "")
        if tag in ("script", "mark"):
            self._in, self._buf = tag, []
            if tag == "mark":
                self._buf.append(a.get("class", "") + "\x00")

    def handle_endtag(self, tag: str) -> None:
        if tag == self._in == "script":
            self.scripts.append("".join(self._buf))
            self._in = None
        elif tag == self._in == "mark":
            kind, _, text = "".join(self._buf).partition("\x00")
            self.marks.append((kind, text))
            self._in = None

    def handle_data(self, data: str) -> None:
        if self._in:
            self._buf.append(data)
        self.text.append(data)


def parse(html: str) -> Page:
    p = Page()
    p.feed(html)
    return p


@pytest.fixture(scope="module")
def report() -> dict[str, Any]:
    return fixture_report()


@pytest.fixture(scope="module")
def page(report: dict[str, Any]) -> Page:
    return parse(render_html(report))


def classes(c: dict[str, str], prefix: str) -> str:
    (value,) = [k[len(prefix):] for k in c["class"].split() if k.startswith(prefix)]
    return value


def test_one_card_per_claim_with_unique_deep_link_ids(report: dict[str, Any], page: Page) -> None:
    assert len(page.cards) == len(report["records"])
    assert len(page.ids) == len(set(page.ids)), "element ids must be unique"
    assert {c["id"] for c in page.cards} == {r["qualname"] for r in report["records"]}
    total = next(c for c in page.cards if c["id"] == "training_cost.total_hours")
    assert classes(total, "v-") == "consistent" and classes(total, "o-") == "passed"
    assert "data-src" not in total, "one source: the filter reads it from the source link"


def test_problems_come_first(page: Page) -> None:
    order = [classes(c, "o-") for c in page.cards]
    assert order[:3] == ["error", "failed", "failed"]
    assert order[3:5] == ["expected", "expected"]
    assert set(order[5:]) == {"passed"}


def test_filter_data_matches_the_records(report: dict[str, Any], page: Page) -> None:
    by_id = {c["id"]: c for c in page.cards}
    for r in report["records"]:
        c = by_id[r["qualname"]]
        assert classes(c, "v-") == r["verdict"] and classes(c, "o-") == r["outcome"]
        assert set(c.get("data-codes", "").split()) == {f["code"] for f in r["findings"]}
        cited = list(dict.fromkeys([r["source"]] + [a["source"] for a in r["also_in"]]))
        assert c.get("data-src", r["source"]).split() == cited


def test_self_contained_nothing_loads_from_anywhere(page: Page, report: dict[str, Any]) -> None:
    html = render_html(report)
    assert page.resources == [], "no external images, scripts, styles or frames"
    assert "@import" not in html and "url(" not in html.split("<body>")[0].replace("data:", "")
    assert "default-src 'none'" in page.csp and "script-src 'sha256-" in page.csp
    # The one inline script is allowed by its hash and by nothing else.
    (script,) = page.scripts
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode()
    assert f"'sha256-{digest}'" in page.csp
    assert "unsafe-inline" not in page.csp.split("script-src")[1].split(";")[0]


def test_header_names_sources_version_and_counts(page: Page, report: dict[str, Any]) -> None:
    text = " ".join(page.text)
    assert "claimaudit 0.1.0" in text
    assert "DeepSeek 案例研究：基础设施学习手册" in text and "Fire-Flyer AI-HPC" in text
    assert "arXiv v2" in text and "2024-08-26" in text
    assert "3 inconsistent (2 expected)" in text and "1 input error" in text
    assert "Input errors (1)" in text and "deepseek-v3-report" in text


def test_quote_highlights_the_claimed_number_and_inputs(page: Page) -> None:
    assert ("c", "557.6 万美元") in page.marks
    assert ("c", "54.2 天") in page.marks and ("i", "2048") in page.marks
    assert ("c", "超过 20 PiB") in page.marks


def test_chinese_text_is_marked_as_chinese(report: dict[str, Any]) -> None:
    html = render_html(report)
    assert '<meta charset="utf-8">' in html
    assert '<blockquote lang="zh">整个预训练用了 ' in html
    assert "Noto Sans CJK SC" in html and "WenQuanYi Micro Hei" in html


def test_failed_and_error_cards_open_their_working(page: Page, report: dict[str, Any]) -> None:
    html = render_html(report)
    for qualname, is_open in (("fire_flyer.usable_capacity", True), ("cluster.read_throughput", True),
                              ("training_cost.total_hours", False)):
        chunk = html.split(f'<article id="{qualname}"', 1)[1].split("</article>", 1)[0]
        assert ("<details open>" in chunk) is is_open


def test_working_shows_formula_inputs_and_both_intervals(report: dict[str, Any]) -> None:
    html = render_html(report)
    chunk = html.split('<article id="fire_flyer.efficiency_64_512"', 1)[1].split("</article>", 1)[0]
    assert "(64 × <var>step_64</var>) / (512 × <var>step_512</var>)" in chunk
    assert '<th><a href="#fire_flyer.step_64">step_64</a></th><td>64.118 s</td>' in chunk
    assert "64.118 s" in chunk and "[64.1175, 64.1185] s" in chunk
    assert "[90.5, 91.5]%" in chunk and "[82.4768, 82.4866]%" in chunk
    assert '<svg class="nl"' in chunk and 'class="gap"' in chunk and "claim +10.3%" in chunk
    consistent = html.split('<article id="training_cost.total_hours"', 1)[1].split("</article>", 1)[0]
    assert '<svg class="nl"' in consistent and 'class="gap"' not in consistent


def test_xss_quote_and_id_render_as_text(report: dict[str, Any]) -> None:
    evil = copy.deepcopy(report)
    rec = evil["records"][0]
    rec["id"] = 'x"><script>alert(1)</script>'
    rec["qualname"] = 'm.x"><script>alert(1)</script>'
    rec["quote"] = '价格 <script>alert("q")</script> "quoted" & <img src=x onerror=alert(2)>'
    rec["title"] = "<b onmouseover=alert(3)>t</b>"
    rec["findings"] = [{**rec["findings"][0], "message": "</li><script>alert(4)</script>"}] if rec["findings"] else []
    evil["sources"][0]["url"] = "javascript:alert(5)"
    evil["sources"][0]["title"] = "<svg onload=alert(6)>"
    html = render_html(evil)
    p = parse(html)
    assert len(p.scripts) == 1, "only the report's own script"
    assert "<script>alert" not in html and "<img src=x" not in html and "<b onmouseover" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "&lt;script&gt;alert(&quot;q&quot;)&lt;/script&gt;" in html
    # A browser shows exactly the strings the claim file holds, as text.
    shown = "".join(p.text)
    assert rec["quote"] in shown and rec["id"] in shown and rec["title"] in shown
    assert 'href="javascript:' not in html and "javascript:alert(5)" not in html.split("<main>")[0].split("href=")[-1]
    ids = {c["id"] for c in p.cards}
    assert 'm.x"><script>alert(1)</script>' in ids, "the id survives as an attribute value, escaped"
    assert p.resources == []


@pytest.mark.parametrize("url, ok", [("https://arxiv.org/abs/2408.14158", True), ("http://x.org", True),
                                     ("javascript:alert(1)", False), (" JavaScript:alert(1)", False),
                                     ("data:text/html,<script>", False), ("//evil.example", False), (None, False)])
def test_only_web_links_become_clickable(url: str | None, ok: bool) -> None:
    assert (safe_url(url) is not None) is ok


# -- pieces of a card -------------------------------------------------------------------------------

@pytest.mark.parametrize("quote, value, found", [
    ("| 合计 | 2,788K | $5.576M |", "2,788K GPU-hours", "2,788K"),
    ("| 合计 | 2,788K | $5.576M |", "$5.576M", "$5.576M"),
    ("2,788K × $2（论文假设的每卡时租金）= 557.6 万美元", "557.6 万美元", "557.6 万美元"),
    ("| 单 1T tokens 成本 | 180K H800 GPU 小时 ≈ 2048 卡 × 3.7 天 |", "≈ 3.7 天", "3.7 天"),
    ("论文说存储系统\"超过 20 PiB\"", "超过 20 PiB", "超过 20 PiB"),
    ("3FS 180 节点 6.6 TiB/s 读", "6.6 TiB/s", "6.6 TiB/s"),
    ("| 上下文延长（把窗口从 4K 拉到 128K） | 119K | $0.238M |", "119K GPU-hours", "119K"),
    ("| 预训练总时长 | 不到两个月（2664K GPU 小时） |", "不到两个月", "不到两个月"),
])
def test_find_value_in_real_quotes(quote: str, value: str, found: str) -> None:
    hit = find_value(quote, value)
    assert hit is not None and quote[hit[0]:hit[1]] == found


def test_find_value_respects_number_boundaries() -> None:
    # "8" must not be found inside 128K or 4K; "64" is not in "8 节点 × 8 卡" at all.
    assert find_value("窗口从 4K 拉到 128K", "8") is None
    assert find_value("EP 组（8 节点 × 8 卡）", "64 GPU") is None
    assert find_value("1,234.5 and 234", "234") == (12, 15)


def test_highlight_keeps_every_character_once() -> None:
    quote = "整个预训练用了 2048 张卡、54.2 天。"
    parts = highlight(quote, "54.2 天", ["2048 GPU", "54.2 天"])
    assert "".join(t for t, _ in parts) == quote
    assert [(t, k) for t, k in parts if k] == [("2048", "i"), ("54.2 天", "c")]


def test_language_marks_cjk_only() -> None:
    assert language("整个预训练") == "zh" and language("2,788K GPU-hours") is None and language(None) is None


def test_formula_is_rendered_readably_and_escaped() -> None:
    html = formula_html("1 - ((PP/2 - 1) * (F + B - 3*W)) / ((PP - 1) * (F + B))", dict.fromkeys(["PP", "F", "B", "W"]))
    assert str(html) == ("1 − ((<var>PP</var> / 2 − 1) × (<var>F</var> + <var>B</var> − 3 × <var>W</var>)) / "
                         "((<var>PP</var> − 1) × (<var>F</var> + <var>B</var>))")
    assert str(formula_html("hours * tokens / (1e12 tokens)")).endswith(
        "/ (10<sup>12</sup> <span class=\"u\">tokens</span>)")
    assert str(formula_html("x**2 + 2^(n-1)")) == ('<span class="u">x</span><sup>2</sup> + '
                                                  '2<sup><span class="u">n</span> − 1</sup>')
    assert "<script>" not in str(formula_html("<script>alert(1)</script>"))
    assert str(formula_html("a ** (b")).count("<sup>") == str(formula_html("a ** (b")).count("</sup>")


def test_number_line_shows_the_miss_of_a_real_claim() -> None:
    # 42.57% / 2.14% = [19.84, 19.94]×, the handbook prints 22.5× ([22.45, 22.55]).
    claimed = {"lo": "22.45", "hi": "22.55", "dims": "dimensionless"}
    recomputed = {"lo": "19.8438228438", "hi": "19.9414519906", "dims": "dimensionless"}
    svg = str(number_line(claimed, recomputed, "=", consistent=False, note="off by +13.1%"))
    rects = dict(re.findall(r'<rect class="([^"]+)" x="([0-9.]+)"', svg))
    assert float(rects["r bad"]) < float(rects["gap"]) < float(rects["c"]), "recomputed, then the gap, then claimed"
    assert "off by +13.1%" in svg and ">19.84</text>" in svg and ">22.55</text>" in svg


def test_number_line_open_ended_and_about_claims() -> None:
    # "超过 20 PiB": the claimed region is a ray; 19.65 PiB misses it.
    svg = str(number_line({"lo": "20", "hi": "20", "dims": "information"},
                          {"lo": "19.6387", "hi": "19.6515", "dims": "information"}, ">", consistent=False))
    assert 'class="t"' in svg and "<path" in svg and 'class="gap"' in svg
    assert target((82.45, 82.55), "~", "5%") == pytest.approx((82.5 - 4.125, 82.5 + 4.125))
    assert target((20, 20), "<", None) == (None, 20)


def test_number_line_skips_what_cannot_be_compared() -> None:
    assert number_line({"lo": "1", "hi": "2", "dims": "time"}, {"lo": "1", "hi": "2", "dims": "length"}) is None
    assert number_line({"lo": "1", "hi": "2", "dims": "time"}, None) is None
    assert number_line({"lo": "x", "hi": "2", "dims": "time"}, {"lo": "1", "hi": "2", "dims": "time"}) is None


def test_card_of_a_record_without_quote_or_formula() -> None:
    html = str(card_html({"id": "step_64", "qualname": "f.step_64", "file": "claims/f.yaml", "line": 5, "col": 5,
                          "verdict": "stated", "outcome": "passed", "value": "64.118 s", "findings": []}))
    assert html.startswith('<article id="f.step_64" class="card v-stated o-passed">')
    assert "<blockquote" not in html and "formula" not in html and "<svg" not in html
    assert "<code>claims/f.yaml:5:5</code>" in html and "<td>64.118 s</td>" in html


def test_the_page_is_written_without_jinja(report: dict[str, Any]) -> None:
    """The HTML report costs no Jinja2 import nor template compilation (a third of a cold start)."""
    import json
    import subprocess
    import sys

    code = ("import json, sys\nfrom claimaudit.reporters.html import render_html\n"
            "page = render_html(json.loads(sys.stdin.read()))\n"
            "assert page.startswith('<!DOCTYPE html>') and page.endswith('</html>')\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'jinja2'))")
    out = subprocess.run([sys.executable, "-c", code], input=json.dumps(report), capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"




def test_language_marks_exactly_the_cjk_characters() -> None:
    import re as _re

    from claimaudit.reporters.highlight import language

    cjk = _re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]")
    for i in range(0x10000):
        c = chr(i)
        assert language("ab " + c) == ("zh" if cjk.search(c) else None), hex(i)
    assert language("DeepSeek-V3 技术报告") == "zh" and language("café") is None and language("") is None
