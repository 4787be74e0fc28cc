"""pint, imported without its Dask support.

pint imports ``dask.base`` whenever Dask is installed (``pint.compat``: ``find_spec("dask")``), and
the scan extra installs Dask; claimaudit never hands pint a Dask array, so that import is only
start-up time (and the core must not load Dask). While pint is first imported, ``dask`` is
marked absent (a ``None`` entry in ``sys.modules`` makes ``find_spec`` answer None); a process
that already imported Dask (a scan worker) is left as it is.
"""

from __future__ import annotations

import sys
from types import ModuleType


def import_pint() -> ModuleType:
    if "pint" in sys.modules:
        return sys.modules["pint"]
    hide = "dask" not in sys.modules
    if hide:
        sys.modules["dask"] = None  # type: ignore[assignment]
    try:
        import pint
    finally:
        if hide and "dask" in sys.modules and sys.modules["dask"] is None:
            del sys.modules["dask"]
    return pint
