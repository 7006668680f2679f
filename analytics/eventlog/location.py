"""What kind of place a log location is, without loading fsspec or the data libraries: the
results cache and the run-folder finder ask it on every command."""

from __future__ import annotations


def is_url(text: str) -> bool:
    """Whether a location names its protocol (`memory://x`, `s3://bucket/x`, `file:///x`)."""
    return "://" in text
