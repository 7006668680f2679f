"""Dice Forge's cards: the base game's Heroic Feats, Rebellion's, the Celestial Die."""
