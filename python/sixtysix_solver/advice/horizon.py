"""Action values in bounded time: a horizon search in one open-card world.

The exact solver values an action from now to the end of the hand, which is hopeless early in
a Mariage or double-deck deal. The horizon search (``cpp/horizon.hpp``) looks ``max_depth``
completed tricks ahead and values what lies beyond by a static estimate, a linear model over
features of the position fitted per profile (``data/horizon_weights.json``, written by
``bench/fit_horizon.py``). Finished hands and the strict phase (stock closed or used up) are
valued exactly, so an action whose every leaf was exact is marked ``exact``. Iterative
deepening keeps the deepest completed depth: a node or time limit never raises.

>>> from sixtysix_solver import Game
>>> g = Game.deal("mariage", seed=3)
>>> r = horizon_values(g, max_depth=1)
>>> r.depth, len(r.values) == len(g.legal_actions()), str(r.best) in map(str, r.actions)
(1, True, True)
>>> len(features(g)) == len(weights_for("mariage"))
True
"""

from __future__ import annotations

import functools
import json
import threading
from dataclasses import dataclass
from importlib import resources
from typing import Any

from .. import _core
from ..errors import SixtySixError
from ..rules.actions import Action
from ..rules.game import Game
from ..rules.profiles import Profile, get_profile
from ..rules.solve import core_limits

__all__ = ["DEFAULT_WEIGHTS", "HorizonResult", "estimate", "features", "horizon_values", "weights_for"]

FEATURES: int = int(_core.HORIZON_FEATURES)
_SCALE: int = int(_core.HORIZON_SCALE)
_DATA_FILE = "horizon_weights.json"

# For a profile the file has no weights for (and if the file is missing): a hand-set model in
# game points per unit of each feature (cpp/horizon.cpp lists them): mostly the material lead.
DEFAULT_WEIGHTS: tuple[float, ...] = (
    1.5, 0.5, 0.3, 0.3, 0.5, 0.1, 0.2, 0.1, 0.05, 0.8, 0.1, 0.05, 1.0, 0.0, 0.0, 0.5, 0.5,
)


@dataclass(frozen=True)
class HorizonResult:
    """Per legal action: its value in game points for the side to act (an estimate unless
    ``exact``), and the depth (completed tricks) the search reached."""

    actions: tuple[Action, ...]
    values: tuple[float, ...]
    exact: tuple[bool, ...]
    depth: int
    nodes: int

    @property
    def best(self) -> Action:
        """The action of the highest value (the first in code order on a tie)."""
        i = max(range(len(self.values)), key=lambda j: (self.values[j], -j))
        return self.actions[i]

    def value(self, action: Action | str) -> float:
        for a, v in zip(self.actions, self.values):
            if str(a) == str(action):
                return v
        raise SixtySixError(f"{action} is not a legal action here")


@functools.lru_cache(maxsize=1)
def _file_weights() -> dict[str, tuple[float, ...]]:
    path = resources.files("sixtysix_solver").joinpath("data").joinpath(_DATA_FILE)
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    out: dict[str, tuple[float, ...]] = {}
    for name, entry in data.get("profiles", {}).items():
        w = tuple(float(x) for x in entry["weights"])
        if len(w) == FEATURES:  # (a file from another feature set is ignored)
            out[name] = w
    return out


def weights_for(profile: str | Profile) -> tuple[float, ...]:
    """The fitted weights of a profile (by its name), else the file's pooled ``default``,
    else :data:`DEFAULT_WEIGHTS`."""
    name = get_profile(profile).name
    table = _file_weights()
    return table.get(name) or table.get("default") or DEFAULT_WEIGHTS


def _check_weights(weights: tuple[float, ...] | list[float] | None, game: Game) -> list[float]:
    w = list(weights_for(game.profile) if weights is None else weights)
    if len(w) != FEATURES:
        raise SixtySixError(f"horizon weights: {FEATURES} numbers, got {len(w)}")
    return w


def features(game: Game, player: int | None = None) -> list[float]:
    """The estimate's features for ``player``'s side (the player to act by default)."""
    return list(_core.horizon_features(game.core, -1 if player is None else player))


def estimate(
    game: Game, player: int | None = None, weights: tuple[float, ...] | list[float] | None = None
) -> float:
    """The static estimate in game points for ``player``'s side (no search)."""
    w = _check_weights(weights, game)
    return int(_core.horizon_estimate(game.core, w, -1 if player is None else player)) / _SCALE


_local = threading.local()


def horizon_values(
    game: Game,
    *,
    max_depth: int = 2,
    node_limit: int | None = None,
    time_limit: float | None = None,
    weights: tuple[float, ...] | list[float] | None = None,
) -> HorizonResult:
    """Every legal action's value in game points for the side to act, searched ``max_depth``
    completed tricks ahead (fewer if a limit stops the search first; depth 0 is each action's
    estimate). The same inputs give the same answer (node limits; time limits depend on timing).
    """
    if game.is_over:
        raise SixtySixError("the hand is over: there is nothing to value")
    if not isinstance(max_depth, int) or not 0 <= max_depth <= 64:
        raise SixtySixError(f"max_depth must be an integer from 0 to 64, got {max_depth!r}")
    nodes, seconds = core_limits(node_limit, time_limit)
    w = _check_weights(weights, game)
    searcher = getattr(_local, "searcher", None)
    if searcher is None:  # one table per thread, kept: allocating it costs more than a search
        searcher = _local.searcher = _core.Horizon(16)
    out = searcher.values(game.core, w, max_depth, nodes, seconds)
    return HorizonResult(
        actions=tuple(Action.from_code(c) for c in out["actions"]),
        values=tuple(v / _SCALE for v in out["values"]),
        exact=tuple(bool(x) for x in out["exact"]),
        depth=int(out["depth"]),
        nodes=int(out["nodes"]),
    )
