"""The heuristic agent: the club player of :mod:`sixtysix_solver.advice.club` as an agent.

>>> from sixtysix_solver import Game, View
>>> str(HeuristicAgent().act(View.from_game(Game.deal("schnapsen", seed=3))))
'JD'
"""

from __future__ import annotations

from collections.abc import Sequence

from ..advice.club import club_choice
from ..knowledge.view import View
from ..rules.actions import Action
from .base import Agent, AgentSpec, Param, register

__all__ = ["HeuristicAgent"]


class HeuristicAgent(Agent):
    """A rule-based bot that plays like a decent club player (``docs/arena.md``; the rules are
    :func:`~sixtysix_solver.advice.club.club_choice`'s). It is deterministic (the seed is not
    used)."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.name = str(self.spec)

    @property
    def spec(self) -> AgentSpec:
        return AgentSpec("heuristic")

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return club_choice(view, legal)


@register("heuristic")
def _build(params: dict[str, Param], seed: int) -> Agent:
    return HeuristicAgent(seed)
