"""claimaudit: audit published numeric claims — do the numbers add up?"""

__version__ = "0.1.0"
