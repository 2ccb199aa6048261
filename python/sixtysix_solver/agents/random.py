"""The random agent: uniform over the legal actions, or the sensible random player.

>>> from sixtysix_solver import Game, View
>>> a = RandomAgent(seed=1)
>>> a.act(View.from_game(Game.deal("schnapsen", seed=3))) in Game.deal("schnapsen", seed=3).legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Sequence

from ..knowledge.view import View
from ..rules.actions import Action
from ..rules.random_play import sensible_pick
from .base import Agent, AgentError, AgentSpec, Param, register

__all__ = ["RandomAgent"]


class RandomAgent(Agent):
    """Uniform over the legal actions (false claims and hopeless closes included).

    ``sensible=True``: the policy of :func:`sixtysix_solver.rules.random_play.random_action` instead,
    a claim exactly when it is true and closing only one time in ten, which is a tougher
    baseline than pure chance."""

    def __init__(self, seed: int = 0, *, sensible: bool = False) -> None:
        super().__init__(seed)
        if not isinstance(sensible, bool):
            raise AgentError(f"sensible must be true or false, got {sensible!r}")
        self.sensible = sensible
        self.name = str(self.spec)

    @property
    def spec(self) -> AgentSpec:
        return AgentSpec("random", (("sensible", True),) if self.sensible else ())

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        if not self.sensible:
            return self.rng.choice(list(legal))
        true_claim = view.scores()[view.side(view.seat)] >= view.profile.target
        return sensible_pick(legal, true_claim, self.rng)


@register("random")
def _build(params: dict[str, Param], seed: int) -> Agent:
    return RandomAgent(seed, sensible=params.get("sensible", False))  # type: ignore[arg-type]
