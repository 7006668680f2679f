"""The event log: schema (declared once), Parquet writer and reader.

The schema (and polars with it) loads when first asked for, not with the package: a game reads
its roles from here (roles.py), and a command that only lists a game's words needs no polars.
"""

__all__ = ["SCHEMA_VERSION", "TABLES"]


def __getattr__(name: str):
    if name in __all__:
        from analytics.eventlog import schema

        return getattr(schema, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
