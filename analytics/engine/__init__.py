"""Game-agnostic contracts and mechanics: decisions and their kinds, chance, events, seeds, the
play loop and its check that bots only read; hooks, resources, payment, phases and clones, each
configured by a game."""

from analytics.engine.chance import Chance, ChanceScriptError, ScriptedChance, SeededChance
from analytics.engine.decisions import Decision, DecisionError
from analytics.engine.events import EventLog
from analytics.engine.loop import Decider, GameResult, play, play_game
from analytics.engine.readonly import ReadOnlyError
from analytics.engine.scripted import ScriptedDecider
from analytics.engine.seeds import derive_seed

__all__ = [
    "Chance", "ChanceScriptError", "ScriptedChance", "SeededChance", "Decision", "DecisionError",
    "EventLog", "Decider", "GameResult", "play", "play_game", "ScriptedDecider", "derive_seed",
    "ReadOnlyError",
]
