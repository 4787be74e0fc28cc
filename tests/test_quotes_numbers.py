"""Numbers in passages: is a claimed value printed there, what drifted, do two prints agree."""

from __future__ import annotations

import pytest

from claimaudit.sources.passage_numbers import agree, drift, find_value, numbers_in, shown


@pytest.mark.parametrize("value, passage, printed", [
    # the bundled claims' values against their quotes from the handbook
    ("2,788K GPU-hours", "| 合计 | 2,788K | $5.576M |", "2,788K"),
    ("2,788K GPU-hours", "| 合计 | 2788K | $5.576M |", "2788K"),          # same number, no separator
    ("$5.576M", "| 合计 | 2,788K | $5.576M |", "5.576M"),
    ("557.6 万美元", "2,788K × $2（论文假设的每卡时租金）= 557.6 万美元", "557.6 万"),
    ("557.6 万美元", "our total training costs amount to only $5.576M", "5.576M"),   # 万 and M alike
    ("$2 per GPU-hour", "2,788K × $2（论文假设的每卡时租金）= 557.6 万美元", "2"),
    ("1 万 GPU", "fire-Flyer 超算（SC'24 论文，1 万 PCIe A100）", "1 万"),
    ("10,000 GPU", "同样一万张卡", "一万"),
    ("约 80%", "| 算力表现约为对手的八成 | 83.0% |", "八成"),                   # 八成 is 80%
    ("约 50%", "| 成本约为一半 | 整机含网络 50.4%（单机 59.2%） |", "一半"),
    ("22.5倍", "按自家表格复算，相对 ECC 是 22.5 倍", "22.5 倍"),
    ("56.9×", "压到 1.12 KiB（约 56.9×）", "56.9×"),
    ("1/64", "k=2048 时全量的 1/64", "1/64"),
    ("128K tokens", "128K 上下文选 2048，1/64", "128K"),
    ("２，７８８Ｋ", "| 合计 | 2,788K |", "2,788K"),                            # full-width claim value
])
def test_value_printed(value, passage, printed):
    got = find_value(value, passage)
    assert got is not None and got is not True
    assert got.text == printed


@pytest.mark.parametrize("value, passage", [
    ("64 GPU", "一个 micro-batch 的前向在 EP 组（8 节点 × 8 卡）内的旅程"),   # a derived value
    ("3 GPU", "E3M0、4x041 细粒度缩放"),                                     # not inside other tokens
    ("83%", "| 算力表现约为对手的八成 | 83.0 |"),                            # a percentage is not 83
    ("2,788K GPU-hours", "| 合计 | 2,789K | $5.576M |"),
])
def test_value_not_printed(value, passage):
    assert find_value(value, passage) is None


def test_words_only_value():
    assert find_value("好几个数量级", '文中说这类故障"比其他硬件故障高好几个数量级"') is True
    assert find_value("三个数量级", '文中说这类故障"比其他硬件故障高好几个数量级"') is None


def test_drift_reports_the_number_in_its_place():
    quote = "这张表可以自己验算：2,664K + 119K + 5K = 2,788K ✓；三个金额相加也是 557.6 万美元 ✓"
    now = "这张表可以自己验算：2,664K + 119K + 5K = 2,788K ✓；三个金额相加也是 557.7 万美元 ✓"
    d = drift("557.6 万美元", quote, now)
    assert d is not None and d.quoted.text == "557.6 万" and d.now.text == "557.7 万"
    assert shown(d.now, "557.6 万美元", now) == "557.7 万美元"
    # 2,788K is printed in both: no drift for it
    assert drift("2,788K GPU-hours", quote, now) is None
    # a value the quote never printed cannot drift
    assert drift("64 GPU", quote, now) is None


def test_drift_when_a_number_disappears():
    d = drift("42.57%", "NVLink 桥接器错误占 42.57%", "NVLink 桥接器错误占大多数")
    assert d is not None and d.now is None


def test_numbers_in_reads_multipliers_and_marks():
    got = [(p.text, p.kind) for p in numbers_in("73.7K/14.8K tokens/s/节点，理论利润率 545%，约 56.9×，八成")]
    assert got == [("73.7K", "number"), ("14.8K", "number"), ("545%", "percent"), ("56.9×", "ratio"),
                   ("八成", "percent")]


@pytest.mark.parametrize("a, b, expected", [
    ("2,664K GPU-hours", "2664K GPU hours", True),
    ("180K GPU-hours", "180K H800 GPU hours", True),        # a model name in the unit: numbers compared
    ("超过 20 PiB", "over 20 PiB", True),
    ("557.6 万美元", "$5.576M", True),
    ("5.6M USD", "$5.576M", True),                           # rounding: 5.6M covers 5.576M
    ("91%", "82.5%", False),
    ("2,665K GPU-hours", "2664K GPU hours", False),
    ("19.65 PiB", "22.1 PB", True),                          # units converted: 22.1 PB = 19.63 PiB
    ("20.0 PiB", "22.1 PB", False),
    ("91%", "91", None),                                     # a percentage and a count: not compared
    ("好几个数量级", "1.3", None),
])
def test_agree(a, b, expected):
    assert agree(a, b) is expected
