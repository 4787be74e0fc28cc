"""A private temporary folder that lasts as long as something holds it.

``-n`` workers leave their records' pieces (JSON, HTML cards) in files the main process reads only as
it writes the report, after the run itself has ended: the folder must outlive the run, and go when
the last record that reads from it does (or when the process ends).
"""

from __future__ import annotations

import shutil
import tempfile
import weakref


class TempFolder:
    """A new folder only this user can open (``tempfile.mkdtemp``: mode 0700), removed with its files
    when the object is no longer referenced, or at interpreter exit at the latest."""

    __slots__ = ("__weakref__", "path")

    def __init__(self, prefix: str = "claimaudit-") -> None:
        self.path = tempfile.mkdtemp(prefix=prefix)
        weakref.finalize(self, shutil.rmtree, self.path, ignore_errors=True)
