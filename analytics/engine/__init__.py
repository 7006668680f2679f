"""Game-agnostic contracts: decisions, chance, events, seeds and the play loop."""

from analytics.engine.chance import Chance, ChanceScriptError, ScriptedChance, SeededChance
from analytics.engine.decisions import Decision, DecisionError
from analytics.engine.events import EventLog
from analytics.engine.loop import GameResult, play_game
from analytics.engine.seeds import derive_seed

__all__ = [
    "Chance", "ChanceScriptError", "ScriptedChance", "SeededChance", "Decision", "DecisionError",
    "EventLog", "GameResult", "play_game", "derive_seed",
]
