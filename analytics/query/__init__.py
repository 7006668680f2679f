"""Named SQL files run over run folders in DuckDB, and the provenance of what was read."""
