"""dicelab: simulation and balance analytics for dice-building board games."""

__version__ = "0.1.0"

# The hot path runs compiled only from a build that matches its sources (analytics/native).
from analytics.native import activate  # noqa: E402

activate()
