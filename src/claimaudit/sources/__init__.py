"""Source texts and quote fidelity: load what a source really prints, find each quote in it.

* :mod:`.library`   a project's source records → their texts, loaded once per run
* :mod:`.confine`   which files may be read (the root and ``allow_source_dirs``)
* :mod:`.loaders`   text, Markdown, HTML, PDF → :class:`.document.Document` (within :mod:`.limits`)
* :mod:`.normalize` the normal form quotes are matched in, with a map back to the original
* :mod:`.index`     the q-gram index that makes 1,000 lookups in 10 MB cheap
* :mod:`.locate`    exact → normalised → fuzzy search for one quote
* :mod:`.passage_numbers` is the claimed value printed there, did it drift, do sources agree
* :mod:`.cache`, :mod:`.fetch`  pinned downloads (``claimaudit sources fetch`` only)

The quote checker (:mod:`claimaudit.checkers.quotes`) and ``claimaudit sources`` use these;
nothing here imports the engine, the checkers or the CLI.
"""
