"""sixtysix_solver: rules engine, exact solver and advice engine for Sixty-Six and its family.

The public names below load their modules on first use, so that ``import sixtysix_solver`` (and
the command line's ``--help``) stays fast; the layers live in the subpackages ``rules``,
``notation``, ``knowledge``, ``advice``, ``agents``, ``play``, ``protocol`` and ``cli``
(``docs/architecture.md``).

>>> from sixtysix_solver import Game
>>> g = Game.deal("schnapsen", seed=1)
>>> g.profile.name, g.to_act, len(g.legal_actions()) > 0
('schnapsen', 1, True)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ._version import __version__
from .errors import (
    AgentError,
    IllegalActionError,
    NotationError,
    PositionError,
    ProfileError,
    SearchLimitError,
    SixtySixError,
)

if TYPE_CHECKING:  # the same names as _LAZY, for type checkers
    from .rules.actions import Action, Kind
    from .rules.cards import Card
    from .advice.closing import ClosingAnalysis, analyse_closing
    from .rules.game import Game, HandResult
    from .knowledge.history import History, HistoryError
    from .advice.equity import HandOutcomes, MatchEquity
    from .advice.opponents import HeuristicModel, ModelError, OpponentModel, UniformModel, parse_opponent_model
    from .rules.profiles import PROFILES, Profile, get_profile, profile_names
    from .advice.limits import SearchLimits
    from .advice.recommend import ActionStats, Recommendation, evaluate_lines, match_utility, recommend
    from .rules.svg import board_svg, card_svg
    from .rules.solve import BatchResult, Solver, SolveResult, solve, solve_many
    from .knowledge.view import View, format_view
    from .knowledge.worlds import count_worlds, enumerate_worlds, parse_view, sample_worlds
    from .notation.position import format_position, parse_position, position_from_json, position_to_json
    from .agents import Agent, AgentSpec

#: Public name -> the module that defines it (imported on first use).
_LAZY: dict[str, str] = {
    "Action": "rules.actions",
    "Kind": "rules.actions",
    "Card": "rules.cards",
    "ClosingAnalysis": "advice.closing",
    "analyse_closing": "advice.closing",
    "Game": "rules.game",
    "HandResult": "rules.game",
    "History": "knowledge.history",
    "HistoryError": "knowledge.history",
    "HandOutcomes": "advice.equity",
    "MatchEquity": "advice.equity",
    "HeuristicModel": "advice.opponents",
    "ModelError": "advice.opponents",
    "OpponentModel": "advice.opponents",
    "UniformModel": "advice.opponents",
    "parse_opponent_model": "advice.opponents",
    "PROFILES": "rules.profiles",
    "Profile": "rules.profiles",
    "get_profile": "rules.profiles",
    "profile_names": "rules.profiles",
    "ActionStats": "advice.recommend",
    "Recommendation": "advice.recommend",
    "evaluate_lines": "advice.recommend",
    "match_utility": "advice.recommend",
    "recommend": "advice.recommend",
    "SearchLimits": "advice.limits",
    "BatchResult": "rules.solve",
    "Solver": "rules.solve",
    "SolveResult": "rules.solve",
    "solve": "rules.solve",
    "solve_many": "rules.solve",
    "board_svg": "rules.svg",
    "card_svg": "rules.svg",
    "View": "knowledge.view",
    "format_view": "knowledge.view",
    "count_worlds": "knowledge.worlds",
    "enumerate_worlds": "knowledge.worlds",
    "parse_view": "knowledge.worlds",
    "sample_worlds": "knowledge.worlds",
    "format_position": "notation.position",
    "parse_position": "notation.position",
    "position_from_json": "notation.position",
    "position_to_json": "notation.position",
    "Agent": "agents",
    "AgentSpec": "agents",
}

__all__ = [
    "__version__",
    "Action",
    "ActionStats",
    "Agent",
    "AgentError",
    "AgentSpec",
    "analyse_closing",
    "BatchResult",
    "board_svg",
    "Card",
    "card_svg",
    "ClosingAnalysis",
    "count_worlds",
    "enumerate_worlds",
    "evaluate_lines",
    "format_position",
    "format_view",
    "Game",
    "get_profile",
    "HandOutcomes",
    "HandResult",
    "HeuristicModel",
    "History",
    "HistoryError",
    "IllegalActionError",
    "Kind",
    "match_utility",
    "MatchEquity",
    "ModelError",
    "NotationError",
    "OpponentModel",
    "parse_opponent_model",
    "parse_position",
    "parse_view",
    "position_from_json",
    "position_to_json",
    "PositionError",
    "Profile",
    "profile_names",
    "ProfileError",
    "PROFILES",
    "recommend",
    "Recommendation",
    "sample_worlds",
    "SearchLimitError",
    "SearchLimits",
    "SixtySixError",
    "solve",
    "solve_many",
    "Solver",
    "SolveResult",
    "UniformModel",
    "View",
]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
