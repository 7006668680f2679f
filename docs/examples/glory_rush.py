"""Glory rush: a Dice Forge bot that buys the feat with the most printed Glory per shard.

It answers only the action choice; every other decision goes to the built-in `economist`.
Run it:  dicelab simulate --players 2 --games 200 --out logs/rush \
             --bots docs/examples/glory_rush.py:GloryRush:min_glory=4,economist
"""

from analytics.policies import DEFER


class GloryRush:
    answers = {"action"}  # the decision kinds it answers; the rest go to its fallback
    fallback = "economist"

    def __init__(self, min_glory: int = 0) -> None:
        self.name = "glory_rush"
        self.params = {"min_glory": min_glory}  # logged with the run (its manifest)
        self.min_glory = min_glory

    def choose(self, view, decision, rng):
        """The feat with the most Glory per shard spent, if any is worth `min_glory`."""
        cards = {card.id: card for card in view.slots.values()}
        feats = [cards[o] for o in decision.options if o in cards]
        feats = [card for card in feats if card.glory >= self.min_glory]
        if not feats:
            return DEFER  # forging or passing: the economist decides
        best = max(feats, key=lambda card: card.glory / max(1, card.sun + card.moon))
        return best.id
