"""numbers/scan.py runs each of its passes only where the pass's literal part occurs, and compiles
its patterns on first use. Neither may change a token: what a text gives is what it gives when
every pass runs (forced by a second paragraph holding every trigger)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from claimaudit.numbers.scan import scan_numbers

#: After a blank line: "/", "^", 分, a CJK numeral, a vulgar fraction, the words the English passes
#: look for, and U+0130 (which re.I matches to "i" while lower() does not make it one).
TRIGGERS = "\n\n/ ^ 分 一 ½ fold twice in half over hundred \u0130"

TEXTS = [
    "Training took 2,788K H800 GPU hours, about $5.576M at $2 per GPU hour.",
    "twice as fast", "tw\u0130ce as fast", "one \u0131n five adults", "ONE IN FIVE", "a 3-fold rise", "Threefold",
    "1 over 3", "one OVER one hundred", "3 hundred and 21", "3 HUNDRED", "minus 10 degrees", "20 minus 10",
    "Minus 5", "−3.5 x 10^-4", "8x2^10 bits", "2^64", "1.1^23", "1,000^2 GPUs", "2 342^2", "1/64", "2 1/2",
    "½ cup", "2½ hours", "三分之一", "六十四分之一", "百分之五十", "5万4千6百", "２，７８８Ｋ", "一百 五 十 二",
    "a hundred and two", "twenty-one", "half a million", "a third", ".5 GB", "p = .001", "half of the users",
    "half a percentage point", "",
]


@pytest.mark.parametrize("text", TEXTS)
def test_skipping_a_pass_changes_no_token(text):
    forced = [t for t in scan_numbers(text + TRIGGERS) if t.end <= len(text)]
    assert scan_numbers(text) == forced
    assert scan_numbers(text, words=False) == [t for t in scan_numbers(text + TRIGGERS, words=False)
                                               if t.end <= len(text)]


def test_a_grouped_base_of_a_caret_power_is_read():
    """``1,000^2`` raised ValueError (Fraction of "1,000") and stopped the whole extraction."""
    (tok,) = scan_numbers("1,000^2 GPUs")
    assert (tok.text, tok.norm) == ("1,000^2", "1000000")


def test_importing_the_scanner_compiles_no_pattern():
    code = ("import claimaudit.numbers.scan as s\n"
            "print(sum('search' in vars(v) for v in vars(s).values() if isinstance(v, s._Lazy)))\n"
            "s.scan_numbers('2 GB')\n"
            "print(sum('search' in vars(v) for v in vars(s).values() if isinstance(v, s._Lazy)))\n"
            "print(sum(isinstance(v, s._Lazy) for v in vars(s).values()))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    # a text compiles only the patterns it needs ("2 GB": digits, no fraction, word or Chinese pass)
    assert out[0] == "0" and 0 < int(out[1]) < int(out[2]) // 2
