"""Altera's bots (the generic random bot plays every game; the heuristic bot comes later)."""
