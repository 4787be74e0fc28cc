"""Second round of issue #7: Chinese counts become mentions, and the English forms quantulum3's
sentences showed missing (an article before a unit name, compound number words, a product with a
power of two, accounting negatives, a rating that looks like a year) — each with the false
positives it must not create.
"""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import pytest
from support import DEMO_TEXTS, REPO
from support import mentions as found

from claimaudit.extract.document import analyse
from claimaudit.extract.mentions import extract_mentions
from claimaudit.extract.pipeline import draft_text, draft_yaml
from claimaudit.numbers.scan import scan_numbers

# -- Chinese counts (seed sentences) --------------------------------------------------------------

@pytest.mark.parametrize("text, printed, value, noun", [
    ("在开始训练前回答三个问题：每 token 的通信字节数是多少？", "三个问题", 3, "问题"),
    ("| 上下文扩展 | 两阶段：32K → 128K |", "两阶段", 2, "阶段"),
    ('11. "零回滚"是结果，不是目标。', "零回滚", 0, "回滚"),
    ("V3 训练全程零不可恢复 loss spike", "零不可恢复", 0, "不可恢复"),
    ("注意这三条不是同一件事", "三条", 3, "条"),
    ("我特意写这两条，不是因为它们重要", "两条", 2, "条"),
    ("只做一个，尾部延迟仍会由最忙专家决定。", "一个", 1, "个"),
    ("命中温层就是成本差一个数量级的事", "一个数量级", 1, "个数量级"),
    ("论文声称的结果是三条，要分开看", "三条", 3, "条"),
])
def test_chinese_counts_are_dimensionless_mentions(text, printed, value, noun):
    ms = [m for m in extract_mentions(analyse(text)) if m.kind == "chinese"]
    assert [(m.printed, m.number.nominal, m.unit.canonical, m.counted) for m in ms] == [(printed, value, "", noun)]
    assert any("a count of" in c for c in ms[0].candidates)


def test_near_zero_is_a_value_with_its_qualifier():
    ms = extract_mentions(analyse("让流水线气泡近零、张量并行出局"))
    assert [(m.printed, m.number.nominal, m.number.relation) for m in ms] == [("近零", 0, "~")]


@pytest.mark.parametrize("text", [
    "三、通信库：为什么自己写一个",      # a heading number, and 一个 at the end of a heading
    "用表格里四舍五入后的输入复算",        # an idiom
    "七、最常坏的零件，不是算力卡",        # 零件 is a part, not zero of anything
    "两者都证明了框架的重要性",            # a pronoun
    "严格按二进制口径",                    # 二进制
    "这个问题十分重要",                    # 十分 = very
    "一个 micro-batch 的前向与反向",      # 一个 as an article
    "杠杆最大的那一层。",                  # 那一层
    "于是每处理一步，就要把词元送到专家",  # 每…一步
    "降低三成本",                          # 成 stays with the tenths reading
])
def test_not_counts(text):
    assert [m for m in extract_mentions(analyse(text)) if m.kind == "chinese"] == []


def test_count_draft_loads_and_runs_without_unit_errors(tmp_path):
    text = "在开始训练前回答三个问题。MoE 的三件套缺一不可。训练用了 2,788K GPU 小时。\n"
    draft = draft_text(text, "counts.md")
    yaml_text = draft_yaml(draft)
    assert '"三个问题"' in yaml_text and "a count of 问题" in yaml_text
    assert 'value: "三"' in yaml_text       # the count's value carries no unit: 问题 is no unit
    claims = tmp_path / "counts.claims.yaml"
    claims.write_text(yaml_text, "utf-8")
    run = subprocess.run([sys.executable, "-m", "claimaudit", "run", str(claims), "--format", "json", "--no-report"],
                         capture_output=True, text=True, cwd=tmp_path, timeout=60,
                         env={"PYTHONPATH": str(REPO / "src"), "PATH": "/usr/bin:/bin"})
    assert run.returncode == 0, run.stdout + run.stderr
    report = json.loads(run.stdout)
    assert report["errors"] == [] and report["summary"]["error"] == 0
    assert report["summary"]["stated"] == 3
    assert [r["claimed"]["unit"] for r in report["records"]][:2] == ["", ""]


# -- English forms (quantulum3's test sentences) ----------------------------------------------------

def test_article_before_a_unit_name_is_one():
    assert found("I want a gallon of beer, and 3 to 4 cups") == [
        ("a gallon", 1, "gallon"), ("3 to 4 cups", Fraction(7, 2), "cup")]
    assert found("A kibibyte is exactly 8x2^10 bits") == [("A kibibyte", 1, "kibibyte"), ("8x2^10 bits", 8192, "bit")]
    ms = extract_mentions(analyse("a gram of salt"))
    assert "'a' read as one gram" in ms[0].candidates


@pytest.mark.parametrize("text", ["take a second look", "a bit more", "a point to make", "a ton of work",
                                  "a bar in town", "a minute ago", "a mile away", "a pound of flesh"])
def test_article_before_a_common_word_is_not_a_quantity(text):
    assert found(text) == []


def test_compound_number_words():
    assert [(t.text, t.norm) for t in scan_numbers("three million, two hundred & forty, you say?")] == [
        ("three million, two hundred & forty", "3000240")]
    # a list of round numbers stays a list: a scale no smaller than the last starts a new number
    assert [t.norm for t in scan_numbers("one thousand, two thousand, three thousand")] == ["1000", "2000", "3000"]
    assert [t.norm for t in scan_numbers("one million one million")] == ["1000000", "1000000"]
    assert [t.norm for t in scan_numbers("two million three hundred thousand and five")] == ["2300005"]
    assert scan_numbers("rock & roll") == []


def test_product_with_a_power_of_two():
    assert [(t.text, t.norm) for t in scan_numbers("exactly 8x2^10 bits")] == [("8x2^10", "8192")]
    assert found("1x128 tiles") == []          # a shape, not a product
    assert found("V3x2^3") == []               # glued to a name


def test_accounting_negative():
    assert found("The annual revenue is ($99.99).") == [("($99.99)", Fraction(-9999, 100), "USD")]
    assert found("a loss of (€1.2 million) in Q3") == [("(€1.2 million)", -1200000, "EUR")]
    # not money alone in its parentheses: no sign change
    assert found("see ($5 per kg)") == [("$5 per kg", 5, "USD / kilogram")]
    assert found("(3 GB)") == [("3 GB", 3, "gigabyte")]
    # right after another quantity: its cost or its conversion, not a negative (DeepSpeed-Chat's
    # "| 8x A100 | 4.1 hours ($132) |" cells; a euro amount converted)
    assert found("| 8x A100 | 4.1 hours ($132) |")[-1] == ("$132", 132, "USD")
    assert found("a fine of €6.5 million ($7.5 million)")[-1] == ("$7.5 million", 7500000, "USD")


def test_rating_is_not_a_year():
    assert [p for p, _, _ in found("Codeforces 评分 2029（超越 96.3% 的人类选手）")] == ["2029", "96.3%"]
    assert found("Elo rating of 2029") == [("2029", 2029, "")]
    assert found("在 2029 年发布") == []


# -- the seeds ---------------------------------------------------------------------------------------

def test_seed_000_counts_and_no_heading_numbers():
    text = (DEMO_TEXTS / "000_9e0f452031752b57.txt").read_text("utf-8")
    ms = extract_mentions(analyse(text))
    counts = [m.printed for m in ms if m.counted]
    assert counts[:3] == ["三档整理", "三个问题", "三行公式"]
    assert "零回滚" in counts and "四类人才" in counts and "三件套" in counts
    assert not any(m.printed.startswith(("9.", "一页")) for m in ms)


def test_count_unit_read_past_chinese_adjectives():
    ms = extract_mentions(analyse("| 预训练数据 | 14.8T 高质量多语 tokens |"))
    assert [(m.printed, m.number.nominal, m.unit.canonical) for m in ms] == [
        ("14.8T 高质量多语 tokens", 14_800_000_000_000, "token")]
    assert "read past the words '高质量多语'" in ms[0].candidates[-1]
    # never past a measure word (条, 台) or a particle (的, 很), and only before a count unit
    assert found("共 20 条高质量 sequences") == [("20", 20, "")]
    assert found("有 12 台高端 GPUs") == [("12", 12, "")]
    assert found("读了 7 的 tokens") == [("7", 7, "")]
    assert found("跑了 8 很多 GPUs") == [("8", 8, "")]
    assert found("有 9 高速 km") == [("9", 9, "")]          # km counts nothing


def test_formula_coefficient_is_not_an_amount():
    assert found("MLA 的压缩公式 2 × 头数 × 头维度 → 潜维度") == []
    assert found("2048 卡 × 3.7 天") == [("2048 卡", 2048, "GPU"), ("3.7 天", Fraction(37, 10), "day")]
    assert found("提速 5 × 以上") == [("5", 5, "")]      # a qualifier after ×, not a formula
    assert found("需要 2 × 8 卡") == [("2", 2, ""), ("8 卡", 8, "GPU")]


@pytest.mark.parametrize(("text", "printed", "unit"), [
    ("It took 2000 hours on 8 GPUs.", "2000 hours", "hour"),       # were dropped as years
    ("a 2000 km trip", "2000 km", "kilometer"),
    ("warmup for 2000 steps", "2000 steps", "step"),
    ("trained for 2000 iterations", "2000", ""),
])
def test_a_year_like_number_before_a_unit_or_a_count_of_training_is_an_amount(text, printed, unit):
    got = found(text)
    assert (got[0][0], got[0][2]) == (printed, unit), got


@pytest.mark.parametrize("text", ["the 2020 results", "In 2019 users complained", "the 2019 year-end",
                                  "since 2010 hours were cut", "from 2019 to 2023", "in 2019 words like 'selfie'"])
def test_a_year_before_a_word_stays_a_year(text):
    assert found(text) == []
