"""Long inputs for the linear-work tests (tests/test_linear_time.py, tests/test_security_inputs.py)
and for benchmarks/bench_linear.py, which times the same inputs."""

from __future__ import annotations

from collections.abc import Callable

from claimaudit.errors import NumberSyntaxError
from claimaudit.extract.document import analyse
from claimaudit.extract.mentions import extract_mentions
from claimaudit.model.markdown_claims import claims_from_markdown
from claimaudit.numbers.printed import parse_printed
from claimaudit.numbers.scan import scan_numbers
from claimaudit.sources.load_html import load_html
from claimaudit.sources.load_markdown import load_markdown
from claimaudit.sources.load_text import load_text
from claimaudit.sources.locate import find_quote


def quiet(fn: Callable[[str], object], text: str) -> None:
    """``fn(text)``; a long number refused (NumberSyntaxError) is the reader's answer, not a failure."""
    try:
        fn(text)
    except NumberSyntaxError:
        pass


def _fill(unit: str, n: int) -> str:
    return (unit * (n // len(unit) + 1))[:n]


_PROSE = ("Pre-training took 2,664K H800 GPU-hours, about $5.328M at $2 per GPU-hour.\n\n"
          "| stage | GPU-hours |\n|---|---|\n| pre-training | 2,664K |\n| total | 2,788K |\n\n")


def _blocks(n: int) -> str:
    one = "prose line\n```claimaudit\nclaims:\n  - {id: c%d, value: '%d GPUs'}\n```\n"
    return "".join(one % (i, i) for i in range(max(1, n // len(one % (0, 0)))))


def _md(text: str) -> None:
    load_markdown(text, source="s", file="s.md")   # below the child-process size: parsed here


def _html(text: str) -> None:
    load_html(text, source="s", file="s.html")


def _quote_missing(text: str) -> None:
    find_quote("the context extension took 119K GPU-hours", [load_text(text, source="s", file="s.txt")])


#: Reader and input of n characters, per case.
READERS: dict[str, tuple[Callable[[str], object], Callable[[int], str]]] = {
    "printed: Chinese digit-by-digit": (parse_printed, lambda n: "一" * n),
    "printed: grouped digits": (parse_printed, lambda n: "1" + ",111" * (n // 4)),
    "printed: plain digits": (parse_printed, lambda n: "7" * n),
    "scan: digit run": (scan_numbers, lambda n: "1" * n),
    "scan: Chinese run": (scan_numbers, lambda n: "一" * n),
    "scan: fraction-like run": (scan_numbers, lambda n: "1/" * (n // 2)),
    "scan: digits with Chinese places": (scan_numbers, lambda n: "1万零" * (n // 3)),
    "extract: digit run": (lambda t: extract_mentions(analyse(t)), lambda n: "1" * n),
    "extract: Chinese run": (lambda t: extract_mentions(analyse(t)), lambda n: "一" * n),
    "markdown claim blocks": (lambda t: claims_from_markdown(t, "d.md", module="d"), _blocks),
    "markdown source: prose and tables": (_md, lambda n: _fill(_PROSE, n)),
    "markdown source: [ runs": (_md, lambda n: "[" * n),
    "markdown source: emphasis runs": (_md, lambda n: _fill("*a ", n)),
    "html source: table rows": (_html, lambda n: "<table>" + _fill("<tr><td>2,664K</td><td>5%</td></tr>", n)),
    "html source: unclosed tags": (_html, lambda n: _fill("<a", n)),
    "quote search: not in the text": (_quote_missing, lambda n: _fill(_PROSE, n)),
}
READER_BASE = 2000   # characters at 1x


def yaml_doc(n: int) -> str:
    """A claim file of ``n`` one-line claims."""
    return "claims:\n" + "".join(f'  - {{id: c{i}, value: "{i}.5 GPU", quote: "x {i}"}}\n' for i in range(n))
