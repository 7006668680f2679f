"""Paired experiments and game-level balance: arms, compare, value, balance, sweep."""
