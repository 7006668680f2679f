"""Dice Forge studies run as scripts: bot trials, how well paired arms stay paired."""
