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
from .game import Game, HandResult
from .profiles import PROFILES, Profile, get_profile, profile_names
from .solve import BatchResult, Solver, SolveResult, solve, solve_many
from .view import View, format_view, parse_view
from .worlds import count_worlds, enumerate_worlds, sample_worlds

__all__ = [
    "__version__",
    "Action",
    "BatchResult",
    "Card",
    "Game",
    "HandResult",
    "IllegalActionError",
    "Kind",
    "NotationError",
    "PROFILES",
    "PositionError",
    "Profile",
    "ProfileError",
    "SearchLimitError",
    "SixtySixError",
    "SolveResult",
    "Solver",
    "View",
    "count_worlds",
    "enumerate_worlds",
    "format_view",
    "get_profile",
    "parse_view",
    "profile_names",
    "sample_worlds",
    "solve",
    "solve_many",
]
