"""claimaudit: audit published numeric claims — do the numbers add up?

The public API (docs/api.md)::

    import claimaudit
    claimaudit.check("56.9×", formula="a / b", a="7.1 GB", b="0.125 GB").verdict   # 'consistent'
    claimaudit.audit(["claims/"]).verdicts

The names below are imported on first use, so ``import claimaudit`` (which pytest does for the
plugin in every session) stays cheap.
"""

from __future__ import annotations

# Not `from typing import TYPE_CHECKING`: importing typing would double the cost of
# `import claimaudit`. Type checkers treat a module constant of this name the same way.
TYPE_CHECKING = False

__version__ = "0.1.0"

__all__ = ["ClaimAuditError", "ClaimResult", "Finding", "InputError", "Report", "UsageError",
           "__version__", "audit", "check"]

if TYPE_CHECKING:  # pragma: no cover
    from typing import Any

    from .api import ClaimResult, Finding, Report, audit, check
    from .errors import ClaimAuditError, InputError, UsageError

_LAZY = {"audit": "api", "check": "api", "Report": "api", "ClaimResult": "api", "Finding": "api",
         "ClaimAuditError": "errors", "InputError": "errors", "UsageError": "errors"}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'claimaudit' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"claimaudit.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
