"""Dice Forge's rules: state, turn, blessings, forging, payment, hooks, labels, options."""
