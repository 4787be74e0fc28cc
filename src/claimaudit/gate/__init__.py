"""The CI gate: baselines for gradual adoption and auditing only what changed since a git ref.
Front-end helpers over the engine. (Claims embedded in Markdown docs are read by
``model/markdown_claims.py``; their drift is the ``checkers/doc_drift.py`` checker.)"""

#: Where ``claimaudit baseline`` writes and ``run --baseline`` reads unless told otherwise (here, so
#: the command line can show it without importing the engine).
DEFAULT_BASELINE = ".claimaudit-baseline.json"
