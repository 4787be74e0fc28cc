"""The CI gate: claims embedded in Markdown docs, baselines for gradual adoption, and auditing only
what changed since a git ref. Front-end helpers over the engine; the engine reaches
:mod:`.markdown_claims` only through ``engine/collect.py`` (to collect ``.md`` files), and the
checker manager loads :mod:`.doc_drift` as a built-in checker."""

#: Where ``claimaudit baseline`` writes and ``run --baseline`` reads unless told otherwise (here, so
#: the command line can show it without importing the engine).
DEFAULT_BASELINE = ".claimaudit-baseline.json"
