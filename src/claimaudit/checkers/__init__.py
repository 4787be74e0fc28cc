"""Checkers: the plugin API.

A plugin implements the ``claimaudit_checkers`` hook and returns :class:`Checker` subclasses or
functions decorated with :func:`checker`; see ``docs/checkers.md``.
"""

from ..engine.results import Finding
from .base import Checker, checker
from .hookspecs import hookimpl

__all__ = ["Checker", "Finding", "checker", "hookimpl"]
