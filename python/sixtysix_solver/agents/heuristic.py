"""The heuristic agents: the club player of :mod:`sixtysix_solver.advice.expert` (``heuristic``)
and, for comparison, the earlier, simpler rules of :mod:`sixtysix_solver.advice.club`
(``heuristic:basic``).

>>> from sixtysix_solver import Game, View
>>> v = View.from_game(Game.deal("schnapsen", seed=2))
>>> str(HeuristicAgent().act(v)), str(HeuristicAgent(rules="basic").act(v))
('TD', 'JS')
>>> HeuristicAgent(rules="smart")
Traceback (most recent call last):
...
sixtysix_solver.errors.AgentError: heuristic rules must be one of: expert, basic; got 'smart'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..advice.opponents import MODEL_RULES
from ..errors import AgentError
from ..knowledge.view import View
from ..rules.actions import Action
from .base import Agent, AgentSpec, Param, register

__all__ = ["HeuristicAgent", "RULES"]

RULES: dict[str, Callable[[View, Sequence[Action]], Action]] = MODEL_RULES
"""The rule sets a heuristic agent can play by: ``expert`` (the default) and ``basic`` (the
club players that opponent models stand for too)."""


class HeuristicAgent(Agent):
    """A rule-based bot (``docs/club-player.md``): by default the club player
    (:func:`~sixtysix_solver.advice.expert.expert_choice`); ``rules="basic"`` plays the earlier
    rules (:func:`~sixtysix_solver.advice.club.club_choice`). It is deterministic (the seed is
    not used)."""

    def __init__(self, seed: int = 0, rules: str = "expert") -> None:
        super().__init__(seed)
        if rules not in RULES:
            raise AgentError(f"heuristic rules must be one of: {', '.join(RULES)}; got {rules!r}")
        self.rules = rules
        self._choose = RULES[rules]
        self.name = str(self.spec)

    @property
    def spec(self) -> AgentSpec:
        if self.rules == "expert":
            return AgentSpec("heuristic")
        return AgentSpec("heuristic", (("rules", self.rules),))

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return self._choose(view, legal)


@register("heuristic")
def _build(params: dict[str, Param], seed: int) -> Agent:
    return HeuristicAgent(seed, rules=str(params.get("rules", "expert")))
