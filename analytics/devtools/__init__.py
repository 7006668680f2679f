"""Developer tools, apart from the user's commands: the benchmark, the soak, the Dask bench."""
