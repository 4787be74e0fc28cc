"""Long inputs for the linear-work tests (tests/test_linear_time.py, tests/test_security_inputs.py)
and for benchmarks/bench_linear.py, which times the same inputs."""

from __future__ import annotations

from collections.abc import Callable

from claimaudit.errors import NumberSyntaxError
from claimaudit.extract.document import analyse
from claimaudit.extract.mentions import extract_mentions
from claimaudit.numbers.printed import parse_printed
from claimaudit.numbers.scan import scan_numbers


def quiet(fn: Callable[[str], object], text: str) -> None:
    """``fn(text)``; a long number refused (NumberSyntaxError) is the reader's answer, not a failure."""
    try:
        fn(text)
    except NumberSyntaxError:
        pass


#: Reader and input of n characters, per case.
READERS: dict[str, tuple[Callable[[str], object], Callable[[int], str]]] = {
    "printed: Chinese digit-by-digit": (parse_printed, lambda n: "一" * n),
    "printed: grouped digits": (parse_printed, lambda n: "1" + ",111" * (n // 4)),
    "printed: plain digits": (parse_printed, lambda n: "7" * n),
    "scan: digit run": (scan_numbers, lambda n: "1" * n),
    "scan: Chinese run": (scan_numbers, lambda n: "一" * n),
    "scan: fraction-like run": (scan_numbers, lambda n: "1/" * (n // 2)),
    "extract: digit run": (lambda t: extract_mentions(analyse(t)), lambda n: "1" * n),
    "extract: Chinese run": (lambda t: extract_mentions(analyse(t)), lambda n: "一" * n),
}
READER_BASE = 2000   # characters at 1x


def yaml_doc(n: int) -> str:
    """A claim file of ``n`` one-line claims."""
    return "claims:\n" + "".join(f'  - {{id: c{i}, value: "{i}.5 GPU", quote: "x {i}"}}\n' for i in range(n))
