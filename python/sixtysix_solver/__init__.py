"""sixtysix_solver: rules engine, exact solver and advice engine for Sixty-Six and its family.

>>> from sixtysix_solver import Game
>>> g = Game.deal("schnapsen", seed=1)
>>> g.profile.name, g.to_act, len(g.legal_actions()) > 0
('schnapsen', 1, True)
"""

from ._version import __version__
from .actions import Action, Kind
from .cards import Card
from .errors import (
    IllegalActionError,
    NotationError,
    PositionError,
    ProfileError,
    SearchLimitError,
    SixtySixError,
)
from .closing import ClosingAnalysis, analyse_closing
from .game import Game, HandResult
from .history import History, HistoryError
from .match import HandOutcomes, MatchEquity
from .opponents import HeuristicModel, ModelError, OpponentModel, UniformModel, parse_opponent_model
from .profiles import PROFILES, Profile, get_profile, profile_names
from .recommend import ActionStats, Recommendation, evaluate_lines, match_utility, recommend
from .solve import BatchResult, Solver, SolveResult, solve, solve_many
from .view import View, format_view, parse_view
from .worlds import count_worlds, enumerate_worlds, sample_worlds

__all__ = [
    "__version__",
    "analyse_closing",
    "Action",
    "ActionStats",
    "BatchResult",
    "Card",
    "ClosingAnalysis",
    "Game",
    "HandOutcomes",
    "HandResult",
    "HeuristicModel",
    "History",
    "HistoryError",
    "IllegalActionError",
    "Kind",
    "MatchEquity",
    "ModelError",
    "NotationError",
    "OpponentModel",
    "PROFILES",
    "PositionError",
    "Profile",
    "ProfileError",
    "Recommendation",
    "SearchLimitError",
    "SixtySixError",
    "SolveResult",
    "Solver",
    "UniformModel",
    "View",
    "count_worlds",
    "enumerate_worlds",
    "evaluate_lines",
    "format_view",
    "get_profile",
    "match_utility",
    "parse_opponent_model",
    "parse_view",
    "profile_names",
    "recommend",
    "sample_worlds",
    "solve",
    "solve_many",
]
