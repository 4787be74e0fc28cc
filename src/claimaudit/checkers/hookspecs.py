"""The hooks a claimaudit plugin may implement (pluggy, as pytest does).

A plugin is a module (or object): a built-in checker module, an installed package's entry point
in the ``claimaudit`` group, or a ``checkers/*.py`` file under the project root. Functions named
``claimaudit_*`` are hook implementations, marked with :data:`hookimpl` or not; a name that is
not a hook below (a misspelling) stops the run with a usage error naming the plugin.
"""

from __future__ import annotations

from typing import Any

import pluggy

PROJECT = "claimaudit"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def claimaudit_checkers() -> list[Any]:
    """Return the checkers this plugin provides.

    Each item is a :class:`claimaudit.checkers.base.Checker` subclass (or an instance of one),
    or a function decorated with :func:`claimaudit.checkers.base.checker`. Codes must be unique
    across all plugins (``CA1xx`` are the built-ins; pick your own prefix, e.g. ``XY9xx``).
    """
    return []   # a specification: pluggy calls the plugins' implementations, never this body
