"""The event log: schema (declared once), Parquet writer and reader."""

from analytics.eventlog.schema import SCHEMA_VERSION, TABLES

__all__ = ["SCHEMA_VERSION", "TABLES"]
