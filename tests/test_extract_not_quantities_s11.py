"""Numbers in README release notes and install notes that are not quantities: the month of a year/month
date ("[2023/12]", "2024/03 版本"), a step's number (步骤 1, like "Step 1"), and the version after a
licence or a framework ("Apache License 2.0", "CC BY 4.0", "PyTorch 2.1", "Node 18"). Written in the
shapes model READMEs print (not copied from any document), with the amounts beside them that stay."""

from __future__ import annotations

import pytest

from claimaudit.extract.document import analyse
from claimaudit.extract.mentions import extract_mentions


def printed(text: str) -> list[str]:
    return [m.printed for m in extract_mentions(analyse(text, "doc.md"))]


@pytest.mark.parametrize("line, kept", [
    ("- **\\[2023/12\\]** 🔥 We released the 7B model.", ["7B"]),
    ("- [2023/12] Support for 32K context.", ["32K"]),
    ("- (2024/03) 支持 20B 系列模型！", ["20B"]),
    ("- 【2023/09】发布，显存仅需 8GB。", ["8GB"]),
])
def test_the_month_of_a_year_and_month_is_no_quantity(line, kept):
    assert printed(f"# News\n\n{line}\n") == kept


def test_a_fraction_or_a_full_date_is_unchanged():
    # a ratio of two counts, and a full date (read as a date before)
    assert printed("# N\n\nIt solved 150/200 problems, released 2023/12/05.\n") == ["150/200"]
    # a month-sized number after a number that is no year stays a number
    assert printed("# N\n\nThe score was 1800/12 on average.\n") == ["1800", "12"]


@pytest.mark.parametrize("line", [
    "- **步骤 0**，准备配置文件。",
    "- 步骤 2：启动训练。",
    "- Released under the Apache License 2.0.",
    "- Licensed under the MIT Licence 1.0 and CC BY 4.0, or CC BY-SA 4.0.",
    "- Requires PyTorch 2.1 and TensorFlow 2.15 on Node 18.",
])
def test_labels_and_versions_are_no_quantities(line):
    assert printed(f"# Setup\n\n{line}\n") == []


def test_amounts_after_such_words_stay():
    # a size after the framework's version, and a count of nodes in lower case
    assert printed("# Setup\n\nWith PyTorch 2.1 the 7B model needs 16 GB on each node; 8 nodes in all.\n") \
        == ["7B", "16 GB", "8 nodes"]
