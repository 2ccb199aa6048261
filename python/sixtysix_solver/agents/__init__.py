"""Players that see only a seat's view: the interface and spec (:mod:`.base`), the random bot,
the club player and the engine. Importing this package registers every kind of agent."""

from ..advice.recommend import CLOSEWIN
from .base import AGENT_KINDS, Agent, AgentError, AgentSpec, act_in_game, register
from .engine import ISMCTS_LEVELS, PIMC_LEVELS, EngineAgent
from .heuristic import HeuristicAgent
from .random import RandomAgent

__all__ = [
    "AGENT_KINDS", "CLOSEWIN", "Agent", "AgentError", "AgentSpec", "EngineAgent", "HeuristicAgent",
    "ISMCTS_LEVELS", "PIMC_LEVELS", "RandomAgent", "act_in_game", "register",
]
