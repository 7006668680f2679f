"""Game-agnostic contracts: decisions, chance, events, seeds, the guard and the play loop."""

from analytics.engine.chance import Chance, ChanceScriptError, ScriptedChance, SeededChance
from analytics.engine.decisions import Decision, DecisionError
from analytics.engine.events import EventLog
from analytics.engine.guard import thawed
from analytics.engine.loop import Decider, GameResult, play, play_game
from analytics.engine.readonly import ReadOnlyError
from analytics.engine.scripted import ScriptedDecider
from analytics.engine.seeds import derive_seed

__all__ = [
    "Chance", "ChanceScriptError", "ScriptedChance", "SeededChance", "Decision", "DecisionError",
    "EventLog", "Decider", "GameResult", "play", "play_game", "ScriptedDecider", "derive_seed",
    "ReadOnlyError", "thawed",
]
