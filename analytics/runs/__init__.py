"""The batch runner: seeds, parts in local processes or on Dask, run folders, resume, repair."""
