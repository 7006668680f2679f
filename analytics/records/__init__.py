"""Recorded games: a text format a person writes at the table, replayed through the rules."""
