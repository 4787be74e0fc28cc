"""Loaders (text, Markdown, HTML, PDF), their locators, limits and path confinement."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest
from support import DEMO_TEXTS

from claimaudit.sources.confine import confine
from claimaudit.sources.document import heading_of, section_matches, text_sections
from claimaudit.sources.limits import Limits, SourceTextError
from claimaudit.sources.loaders import detect_format, load_document
from claimaudit.sources.locate import find_quote

FIXTURES = Path(__file__).parent / "fixtures" / "sources"


def _pdfgen():
    spec = importlib.util.spec_from_file_location("pdfgen", FIXTURES / "pdfgen.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


make_pdf = _pdfgen().make_pdf


def load(path: Path, **kw):
    return load_document(path, source="s", shown=path.name, **kw)


# -- text ---------------------------------------------------------------------------------------------

def test_text_headings_and_table_cells():
    doc = load(FIXTURES / "handbook_cost.txt")
    assert doc.format == "text"
    assert [s.title for s in doc.sections] == ["四、训练一次旗舰到底花多少钱：一张能逐项相加的账"]
    m = find_quote("| 合计 | 2,788K | $5.576M |", [doc]).found
    where = m.as_dict()
    assert (where["line"], where["table_row"], where["match"]) == (8, 4, "exact")
    assert where["section"].startswith("四、")
    table, cell = doc.cell_at(m.start + m.passage.index("$5.576M"))
    assert cell.header == "金额" and cell.label == "合计" and table.label(cell.row) == "合计"


@pytest.mark.parametrize("line, number", [
    ("4.1 一次 V3 训练的完整链路", "4.1"), ("七、最常坏的零件，不是算力卡", "七"), ("第三章 成本", "三"),
    ("9. 最佳实践：从 DeepSeek 学到的可迁移经验", "9"), ("学习目标", ""),
])
def test_headings_in_plain_text(line, number):
    h = heading_of(line)
    assert h is not None and h.number == number


@pytest.mark.parametrize("line", [
    "- [ ] 每 token 通信字节数与计算通信比算过了吗？", "| 合计 | 2,788K | $5.576M |",
    "训练的宏观账（技术报告 Table 1 + §4）：", "2048 张卡", "3FS 180 节点 6.6 TiB/s 读",
    "这张表可以自己验算：2,664K + 119K + 5K = 2,788K ✓；三个金额相加也是 557.6 万美元 ✓。",
])
def test_body_lines_are_not_headings(line):
    assert heading_of(line) is None


def test_seed_sections_and_at_locators():
    text = (DEMO_TEXTS / "003_ab51f814b8d113d7.txt").read_text("utf-8")
    sections = text_sections(text)
    assert [s.number for s in sections] == ["4", "4.1", "4.2", "4.3", "4.4", "4.5"]
    doc = load(DEMO_TEXTS / "003_ab51f814b8d113d7.txt")
    m = find_quote("(PP/2-1)(F+B-3W)，PP=16 时较 1F1B 缩减 62.7%", [doc]).found
    path = doc.section_path(m.start)
    assert [s.number for s in path] == ["4", "4.5"]
    assert section_matches('4.5 工作流程中的四次"账本核对"', path) is True
    assert section_matches("4.1 训练的宏观账", path) is False
    assert section_matches("Table 2", path) is None


# -- Markdown -----------------------------------------------------------------------------------------

def test_markdown_sections_tables_and_markup():
    doc = load(FIXTURES / "v3_report_excerpt.md")
    assert doc.format == "markdown"
    assert [(s.title, s.level, s.number) for s in doc.sections] == [
        ("DeepSeek-V3 Technical Report (excerpt)", 1, ""), ("1 Introduction", 2, "1")]
    assert "**" not in doc.text and "#" not in doc.text
    # a quote across the bold markup is found in the rendered words (normalised: the quote
    # has a space where the source breaks the line)
    m = find_quote("requires only 180K H800 GPU hours, i.e., 3.7 days", [doc]).found
    assert m.kind == "normalised" and m.passage == "requires only\n180K H800 GPU hours, i.e., 3.7 days"
    where = m.as_dict()
    assert (where["line"], where["end_line"], where["section"]) == (8, 9, "1 Introduction")
    # table rows are pipe lines whatever the source padding; cells keep their headers
    m = find_quote("| in H800 GPU Hours | 2664K | 119K | 5K | 2788K |", [doc]).found
    assert m.as_dict()["line"] == 17 and m.as_dict()["table_row"] == 1
    _table, cell = doc.cell_at(m.start + m.passage.index("2788K"))
    assert cell.header == "Total" and cell.label == "in H800 GPU Hours"


def test_markdown_code_and_links(tmp_path):
    p = tmp_path / "doc.md"
    p.write_text("# Title\n\nSee [the 3FS paper](https://example.org/3fs) for **6.6 TiB/s**.\n\n"
                 "```\nthroughput = 6.6 TiB/s\n```\n", "utf-8")
    doc = load(p)
    assert "See the 3FS paper for 6.6 TiB/s." in doc.text
    assert "https://example.org" not in doc.text
    m = find_quote("throughput = 6.6 TiB/s", [doc]).found
    assert m.as_dict()["line"] == 6


# -- HTML ---------------------------------------------------------------------------------------------

def test_html_drops_scripts_and_styles_and_keeps_lines():
    doc = load(FIXTURES / "day6_inference_excerpt.html")
    assert doc.format == "html"
    assert "$999,999" not in doc.text and "document.title" not in doc.text
    assert "revenue of $1" not in doc.text
    assert [s.title for s in doc.sections] == [
        "Day 6: One More Thing, DeepSeek-V3/R1 Inference System Overview", "Cost and Theoretical Income"]
    m = find_quote("Assuming the leasing cost of one H800 GPU is $2 per hour, the total daily cost amounts to $87,072",
                   [doc]).found
    assert m is not None and m.kind == "exact"       # &#36; decoded, the <span> is transparent
    where = m.as_dict()
    assert (where["line"], where["end_line"]) == (17, 19) and where["section"] == "Cost and Theoretical Income"
    m = find_quote("If all tokens were billed at DeepSeek-R1's pricing, the total daily revenue would be $562,027",
                   [doc]).found
    assert m.kind == "normalised"                      # non-breaking hyphen and a curly apostrophe
    m = find_quote("| Theoretical revenue | $562,027 |", [doc]).found
    assert m.as_dict()["table_row"] == 2 and m.as_dict()["line"] == 25


def test_html_timeout_is_a_limit(tmp_path):
    p = tmp_path / "big.html"
    p.write_text("<html><body>" + "<div><p>x</p></div>" * 20000 + "</body></html>", "utf-8")
    with pytest.raises(SourceTextError) as info:
        load(p, limits=Limits(timeout=0))
    assert info.value.kind == "limit" and "timeout" in info.value.message


def test_html_declared_charset(tmp_path):
    p = tmp_path / "gbk.html"
    p.write_bytes('<html><head><meta charset="gbk"></head><body><p>合计 557.6 万美元</p></body></html>'.encode("gbk"))
    assert "合计 557.6 万美元" in load(p).text


# -- PDF ----------------------------------------------------------------------------------------------

def test_pdf_pages_and_numbered_sections(tmp_path):
    p = tmp_path / "v3.pdf"
    p.write_bytes(make_pdf([
        ["DeepSeek-V3 Technical Report", "1 Introduction", "costs only 2.788M GPU hours for its full training."],
        ["Table 1 | Training costs of DeepSeek-V3, assuming the rental price of H800 is $2 per GPU hour.",
         "in H800 GPU Hours 2664K 119K 5K 2788K", "4.2 Hyper-Parameters",
         "We set the number of attention heads n_h to 128"],
    ]))
    doc = load(p)
    assert doc.format == "pdf" and doc.pages == [0, doc.text.index("Table 1")]
    m = find_quote("assuming the rental price of H800 is $2 per GPU hour", [doc]).found
    assert (m.as_dict()["page"], m.as_dict()["line"]) == (2, 1)
    m = find_quote("the number of attention heads n_h to 128", [doc]).found
    assert m.as_dict()["page"] == 2 and m.as_dict()["section"] == "4.2 Hyper-Parameters"


def test_pdf_page_limit(tmp_path):
    p = tmp_path / "many.pdf"
    p.write_bytes(make_pdf([["page"]] * 5))
    with pytest.raises(SourceTextError) as info:
        load(p, limits=Limits(max_pages=3))
    assert info.value.kind == "limit" and "max_pages" in info.value.message


def test_pdf_time_limit(tmp_path):
    p = tmp_path / "slow.pdf"
    p.write_bytes(make_pdf([["page"]]))
    with pytest.raises(SourceTextError) as info:
        load(p, limits=Limits(timeout=0.001))
    assert info.value.kind == "limit" and "timeout" in info.value.message


def test_corrupt_pdf_is_unreadable_not_a_crash(tmp_path):
    p = tmp_path / "bad.pdf"
    p.write_bytes(b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 9 0 R >> endobj\n%%EOF\n")
    with pytest.raises(SourceTextError) as info:
        load(p)
    assert info.value.kind in ("unreadable", "limit")


# -- limits, formats, confinement ----------------------------------------------------------------------

def test_size_limit(tmp_path):
    p = tmp_path / "big.txt"
    p.write_text("x" * 2000, "utf-8")
    with pytest.raises(SourceTextError) as info:
        load(p, limits=Limits(max_bytes=1000))
    assert info.value.kind == "limit" and "max_bytes" in info.value.message


@pytest.mark.parametrize("name, head, declared, fmt", [
    ("a.md", b"", None, "markdown"), ("a.HTM", b"", None, "html"), ("a.txt", b"%PDF-1.4", None, "text"),
    ("cache", b"%PDF-1.7", None, "pdf"), ("cache", b"  <!DOCTYPE html><html>", None, "html"),
    ("cache", b"plain words", None, "text"), ("a.txt", b"", "markdown", "markdown"),
])
def test_detect_format(name, head, declared, fmt):
    assert detect_format(Path(name), head, declared) == fmt


def test_confinement(tmp_path):
    root = tmp_path / "project"
    (root / "sources").mkdir(parents=True)
    (root / "sources" / "a.txt").write_text("inside", "utf-8")
    outside = tmp_path / "shared" / "seeds"
    outside.mkdir(parents=True)
    (outside / "b.txt").write_text("outside", "utf-8")
    assert confine("sources/a.txt", root) == (root / "sources" / "a.txt").resolve()
    with pytest.raises(SourceTextError) as info:
        confine("../shared/seeds/b.txt", root)
    assert info.value.kind == "refused" and "allow_source_dirs" in info.value.message
    assert confine("../shared/seeds/b.txt", root, ["../shared/seeds"]).name == "b.txt"
    with pytest.raises(SourceTextError):
        confine("/etc/passwd", root, ["../shared/seeds"])
    with pytest.raises(SourceTextError) as info:
        confine("sources/missing.txt", root)
    assert info.value.kind == "missing"
    # a symlink inside the project that leads out of it is refused
    (root / "sources" / "link.txt").symlink_to(outside / "b.txt")
    with pytest.raises(SourceTextError) as info:
        confine("sources/link.txt", root)
    assert info.value.kind == "refused"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_fifo_is_refused(tmp_path):
    os.mkfifo(tmp_path / "pipe.txt")
    with pytest.raises(SourceTextError) as info:
        confine("pipe.txt", tmp_path)
    assert "regular file" in info.value.message


def test_markdown_embedded_claim_blocks_are_not_the_docs_words(tmp_path):
    p = tmp_path / "doc.md"
    p.write_text("# Cost\n\nThe run cost $5.577M in all.\n\n```claimaudit\nclaims:\n  - id: total\n"
                 "    quote: \"The run cost $5.576M in all.\"\n    value: $5.576M\n```\n", "utf-8")
    doc = load(p)
    assert "quote:" not in doc.text
    search = find_quote("The run cost $5.576M in all.", [doc])
    assert search.found is not None and search.found.kind == "fuzzy"
    assert search.found.passage == "The run cost $5.577M in all."
