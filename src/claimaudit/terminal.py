"""The terminal's width, as :func:`shutil.get_terminal_size` gives it, without importing shutil: it
brings zlib, bz2 and lzma (~2 ms of every start-up), and argparse asks for the width on each
parser's first argument."""

from __future__ import annotations

import os
import sys


def terminal_columns(fallback: int = 80) -> int:
    """``$COLUMNS`` when it is a positive number, else the width of the terminal on standard output,
    else ``fallback`` (``shutil.get_terminal_size((fallback, 24)).columns``)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
        columns = columns or fallback
    return columns
