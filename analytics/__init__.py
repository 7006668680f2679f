"""dicelab: simulation and balance analytics for dice-building board games."""

__version__ = "0.1.0"
ENGINE_VERSION = __version__
