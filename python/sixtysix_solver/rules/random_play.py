"""Random play on a :class:`~sixtysix_solver.rules.game.Game` (the tests' and ``sixtysix
random-game``'s player) and the sensible random pick that the random agent shares.

>>> import random
>>> from sixtysix_solver import Game
>>> g = Game.deal("sixty-six", seed=3)
>>> str(random_action(g, random.Random(0))) in {str(a) for a in g.legal_actions()}
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .actions import Action, Kind
from .game import Game

__all__ = ["random_action", "sensible_pick"]


def random_action(game: Game, rng: random.Random, *, uniform: bool = False) -> Action:
    """A random legal action.

    ``uniform``: every legal action equally likely, false claims included. Otherwise a
    *sensible* random player: claims exactly when the claim is true, and closes only one time
    in ten when it may (random closing would end most hands at once), so that random games
    reach every part of a hand.
    """
    legal = game.legal_actions()
    if uniform:
        return rng.choice(legal)
    p = game.to_act
    assert p is not None
    side = p % 2 if game.players == 4 else p
    return sensible_pick(legal, game.scores()[side] >= game.profile.target, rng)


def sensible_pick(legal: Sequence[Action], true_claim: bool, rng: random.Random) -> Action:
    """The sensible random player's pick among ``legal``: the claim exactly when it is true
    (``true_claim``), closing one time in ten when it may, else uniform."""
    options = list(legal)
    claim = Action(Kind.CLAIM)
    if claim in options:
        if true_claim:
            return claim
        options = [a for a in options if a != claim] or options
    close = Action(Kind.CLOSE)
    if close in options and len(options) > 1 and rng.random() >= 0.1:
        options = [a for a in options if a != close]
    return rng.choice(options)
