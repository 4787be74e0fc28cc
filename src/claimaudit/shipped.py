"""Files shipped inside the package (the claim schema, the HTML report's stylesheet and script)."""

from __future__ import annotations

import sys
from pathlib import Path


def shipped_text(package: str, name: str) -> str:
    """The text of ``name`` (a ``/``-separated path) in the imported ``package``'s folder.

    Read from the folder itself when the package is on disk (a wheel, a checkout): importlib.resources
    brings zipfile and tempfile (~4 ms of every start-up). A zipped install goes through it."""
    where = getattr(sys.modules[package], "__file__", None)
    if where:
        try:
            return Path(where).parent.joinpath(*name.split("/")).read_text("utf-8")
        except OSError:
            pass
    from importlib import resources

    return resources.files(package).joinpath(name).read_text("utf-8")
