"""Extraction: find the numbers a document prints, draft claims for them, and the relations the
document states itself (totals, shares, equations written out, speed-ups), so that a new report
can be audited without writing its claim file by hand.

Front ends: ``claimaudit extract DOC…`` and ``claimaudit run DOC.md``.
"""
