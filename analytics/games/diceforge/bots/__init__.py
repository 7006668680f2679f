"""Dice Forge's bots: the heuristic value model, its card worths, the lookahead search."""
