"""Simple agents that pick actions from a :class:`~sixtysix_solver.game.Game`.

>>> import random
>>> from sixtysix_solver import Game
>>> g = Game.deal("sixty-six", seed=3)
>>> str(random_action(g, random.Random(0))) in {str(a) for a in g.legal_actions()}
True
"""

from __future__ import annotations

import random

from .actions import Action, Kind
from .game import Game


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
    claim = Action(Kind.CLAIM)
    if claim in legal:
        p = game.to_act
        assert p is not None
        side = p % 2 if game.players == 4 else p
        if game.scores()[side] >= game.profile.target:
            return claim
        legal = [a for a in legal if a != claim] or legal
    close = Action(Kind.CLOSE)
    if close in legal and len(legal) > 1 and rng.random() >= 0.1:
        legal = [a for a in legal if a != close]
    return rng.choice(legal)
