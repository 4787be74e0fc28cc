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

from collections.abc import Callable, Collection
from functools import partial
from typing import Any

from .card_html import card_html
from .jsonfmt import RECORD_INDENT, dumps
from .rendered import Rendered, html_key

#: The formats whose per-record text can be written ahead.
PRERENDERED = frozenset({"json", "html"})


def prerendered(record: dict[str, Any], formats: Collection[str], audience: str = "maintainers") -> Rendered:
    """``record`` with its JSON (if ``json`` is in ``formats``) and its card for ``audience`` (if ``html``)."""
    parts: dict[str, str] = {}
    if "json" in formats:
        parts["json"] = dumps(record, RECORD_INDENT)
    if "html" in formats:
        parts[html_key(audience)] = str(card_html(record, audience))
    return Rendered(record, parts)


def prerenderer(formats: Collection[str] | None, audience: str = "maintainers") -> Callable[[Any], Any] | None:
    """What a ``-n`` worker applies to each record it builds for a report in ``formats`` (None: no
    format it can write ahead). Picklable: it is sent to the workers."""
    if not formats:
        return None
    kinds = frozenset(formats) & PRERENDERED
    if not kinds:
        return None
    return partial(prerendered, formats=kinds, audience=audience)
