"""Kept for the tests that import it: ``audit_text`` now lives in :mod:`support` with the other shared helpers."""

from __future__ import annotations

from support import audit_text

__all__ = ["audit_text"]
