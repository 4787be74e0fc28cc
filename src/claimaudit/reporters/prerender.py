"""Records written out ahead: a ``-n`` worker writes each record's JSON and HTML card where it built
the record, so that the parent, which writes the report alone after every part is merged, only
joins the pieces (issue #14: at 20,000 claims the JSON records took 2.1 s and the cards 2.9 s of
the parent's CPU, the longest serial part of a parallel run).

A :class:`Rendered` record is the plain record dict (every reader sees the same keys and values)
with its pieces beside it; the reporters use a piece only if the record has not been changed since
(any change through the dict's own methods drops them; records are read-only for reporters). The
pieces are exactly what the reporter writes for the record itself: ``jsonfmt`` at the indent of a
report's records (it re-indents one written elsewhere: a JSON text has no raw newline inside a
string), ``card_html`` for each audience asked.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Collection
from typing import Any

from .card_html import card_html
from .jsonfmt import RECORD_INDENT, dumps
from .rendered import Rendered, html_key, read_back, write_out

#: The formats whose per-record text can be written ahead.
PRERENDERED = frozenset({"json", "html"})


def prerendered(record: dict[str, Any], formats: Collection[str], audience: str = "maintainers") -> Rendered:
    """``record`` with its JSON (if ``json`` is in ``formats``) and its card for ``audience`` (if ``html``)."""
    parts: dict[str, str | bytes] = {}
    if "json" in formats:
        # as bytes: encoded here, where the record is built (a -n worker, or the parent between its
        # parts), not as the parent writes the report alone (jsonfmt writes them as they are)
        parts["json"] = dumps(record, RECORD_INDENT).encode("utf-8")
    if "html" in formats:
        parts[html_key(audience)] = str(card_html(record, audience))
    return Rendered(record, parts)


def prerenderer(formats: Collection[str] | None, audience: str = "maintainers") -> Prerenderer | None:
    """What a ``-n`` worker applies to each record it builds for a report in ``formats`` (None: no
    format it can write ahead). Picklable: it is sent to the workers."""
    if not formats:
        return None
    kinds = frozenset(formats) & PRERENDERED
    if not kinds:
        return None
    return Prerenderer(kinds, audience)


class Prerenderer:
    """What :func:`prerenderer` returns: called on each record a worker builds; :meth:`store` and
    :meth:`restore` carry a part's pieces through a file of their own (rendered.write_out), which the
    parent reads only as it writes the report, instead of through the part's pickle."""

    def __init__(self, formats: frozenset[str], audience: str) -> None:
        self.formats, self.audience = formats, audience

    def __call__(self, record: dict[str, Any]) -> Rendered:
        return prerendered(record, self.formats, self.audience)

    def store(self, records: list[Any], folder: str) -> tuple[str, list[Any]]:
        """In the worker: the pieces of ``records`` written to a new file in ``folder``."""
        fd, path = tempfile.mkstemp(dir=folder, suffix=".pieces")
        with os.fdopen(fd, "wb") as out:
            return path, write_out(records, out)

    @staticmethod
    def restore(records: list[Any], stored: tuple[str, list[Any]], keep: Any = None) -> None:
        """In the parent: ``records`` (those given to :meth:`store`) get their pieces back, stored
        (``keep``: the folder the file is in, kept as long as a record reads from it)."""
        read_back(records, stored[1], stored[0], keep)
