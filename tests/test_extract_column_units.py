"""Units and scales a table column's header gives its bare cells (extract.column_units): a currency
with its scale ("(US$ M)", "(USD million)"), percentages ("(%)"), and parentheses as negatives in a
money column. Tables written for these tests in the shape of results releases."""

from __future__ import annotations

from fractions import Fraction

import pytest
from test_relations_rules import verdicts

from claimaudit.extract.document import analyse
from claimaudit.extract.mentions import extract_mentions


def cells(header: str, *values: str) -> list[tuple[str, str, object]]:
    rows = "".join(f"| R{k} | {v} |\n" for k, v in enumerate(values))
    doc = analyse(f"# T\n\n| Segment | {header} |\n|---|---|\n{rows}", "t.md")
    return [(m.printed, m.unit.canonical, m.number.nominal) for m in extract_mentions(doc)]


@pytest.mark.parametrize("header", ["Operating income (US$ M)", "Revenue (US$ millions)", "Cost (USD million)",
                                    "Sales (€m)", "Capex (RMB bn)"])
def test_a_currency_and_its_scale(header):
    (_printed, unit, value), = cells(header, "12")
    scale = 10**9 if header.endswith("bn)") else 10**6
    assert unit in ("USD", "EUR", "CNY") and value == 12 * scale


def test_a_percent_column():
    assert [(u, v) for _p, u, v in cells("YoY change (%)", "+41.5", "−5.3")] == [("percent", Fraction("41.5")),
                                                                         ("percent", Fraction("-5.3"))]


def test_parentheses_are_negative_in_a_money_column_only():
    assert cells("Operating income (US$ M)", "(298)")[0][2] == -298 * 10**6
    assert cells("Units (M)", "(3)")[0][2] == 3 * 10**6      # (a note mark, no sign, outside money)


def test_a_total_row_of_a_money_column_with_a_negative(tmp_path):
    text = ("# Results\n\n| Segment | Operating income (US$ M) | Operating margin |\n|---|---|---|\n"
            "| A | 1,138 | 40.0% |\n| B | 167 | 13.0% |\n| Corporate | (298) | — |\n"
            "| **Total** | **1,007** | **25.0%** |\n")
    assert verdicts(tmp_path, text, kind="table-total") == ["consistent"]


def test_the_total_of_a_change_column_is_no_sum(tmp_path):
    # a total row's year-on-year change is the total's change, not the sum of the rows' changes: only
    # the revenue column's total is audited
    text = ("# Results\n\n| Segment | Revenue (US$ M) | YoY change (%) |\n|---|---|---|\n"
            "| A | 2,846 | +41.5 |\n| B | 1,284 | −5.3 |\n| **Total** | **4,130** | **+21.2** |\n")
    assert verdicts(tmp_path, text, kind="table-total") == ["consistent"]


# -- a total row found by its sums (relations_table._found_total_row) --
BULLETIN = ("# 综合\n\n| 产业 | 增加值（亿元） / 2024 年 | 增加值（亿元） / 2023 年 | 增长（%） |\n|---|---|---|---|\n"
            "| 第一产业 | 234.5 | 228.9 | 2.4 |\n| 第二产业 | 2,180.7 | 2,096.5 | 4.0 |\n"
            "| 第三产业 | 3,447.2 | 3,191.9 | 8.0 |\n| 地区生产总值 | 5,862.4 | {last} | 6.3 |\n")


def test_a_total_row_named_by_its_whole(tmp_path):
    assert verdicts(tmp_path, BULLETIN.format(last="5,517.3"), kind="table-total") == ["consistent", "consistent"]


def test_a_found_total_row_is_not_found_on_one_column():
    # one column summing is a coincidence as often as a total: no row found, nothing drafted
    from test_relations_rules import rels

    assert not rels(BULLETIN.format(last="5,600.0"), "table-total")


def test_a_wrong_total_beside_two_right_ones_is_reported(tmp_path):
    text = ("# 综合\n\n| 产业 | 增加值（亿元） / 2024 年 | 增加值（亿元） / 2023 年 | 增加值（亿元） / 2022 年 "
            "| 增长（%） |\n|---|---|---|---|---|\n| 第一产业 | 234.5 | 228.9 | 220.1 | 2.4 |\n"
            "| 第二产业 | 2,180.7 | 2,096.5 | 2,010.0 | 4.0 |\n| 第三产业 | 3,447.2 | 3,191.9 | 3,002.4 | 8.0 |\n"
            "| 地区生产总值 | 5,862.4 | 5,517.3 | 5,332.5 | 6.3 |\n")
    # 220.1 + 2,010.0 + 3,002.4 = 5,232.5: the 2022 total is off by 100; the growth column is no sum
    assert sorted(verdicts(tmp_path, text, kind="table-total")) == ["consistent", "consistent", "inconsistent"]


# -- a Δ column against a baseline row (relations_deltas._delta_to_row) --
ABLATIONS = ("# Ablations\n\n| Variant | Val. loss | MMLU | 5-task avg. | Δ avg. vs baseline |\n|---|---|---|---|---|\n"
             "| Baseline | 2.412 | 31.2 | 48.6 | — |\n| + QK-norm | 2.398 | 31.9 | 49.3 | +0.7 |\n"
             "| + z-loss | 2.405 | 31.0 | 48.9 | +0.3 |\n| + both | 2.391 | 32.4 | 49.9 | {last} |\n")


def test_a_delta_column_against_the_baseline_row(tmp_path):
    assert verdicts(tmp_path, ABLATIONS.format(last="+1.3"), kind="change") == ["consistent"] * 3


def test_a_wrong_delta_against_the_named_baseline_is_reported(tmp_path):
    assert verdicts(tmp_path, ABLATIONS.format(last="+1.5"), kind="change") == ["consistent", "consistent",
                                                                               "inconsistent"]


def test_no_delta_reading_without_one_row_left_empty():
    from test_relations_rules import rels

    text = ABLATIONS.format(last="+1.3").replace("| 48.6 | — |", "| 48.6 | 0.0 |")
    assert not [r for r in rels(text, "change") if "minus row" in r.note]
