"""Per-game seeds derived from the run seed, so any game can be replayed alone, on any worker."""

from __future__ import annotations

import hashlib


def derive_seed(*parts: object) -> int:
    """A stable non-negative 63-bit seed from any parts (run seed, game index, purpose...)."""
    text = "\x1f".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1
