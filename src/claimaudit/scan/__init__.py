"""``claimaudit scan``: audit a whole corpus on one machine or a Dask cluster (docs/scan.md).

The pieces, in the order a scan uses them: :mod:`.inputs` (paths, globs, manifests, sha256),
:mod:`.tasks` (batches of paths), :mod:`.runner` (inline loop or Dask client), :mod:`.worker`
(one batch: audit each document in a :mod:`.sandbox` child with time and memory limits, write the
parts), :mod:`.store` (Parquet parts written atomically), :mod:`.resume`, :mod:`.progress`,
:mod:`.report`. Only :mod:`.adapter` calls the extraction/audit front end.

Dask and pyarrow are imported here only, and lazily: ``claimaudit run`` never loads them.
"""
