"""dicelab: simulation and balance analytics for dice-building board games."""

__version__ = "0.1.0"
ENGINE_VERSION = __version__

# The hot path may be compiled in place (analytics/native.py): never let a stale build run.
from analytics.native import drop_stale  # noqa: E402

drop_stale()
