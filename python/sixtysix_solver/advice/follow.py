"""The club player's card in the early answers to a lead (the engine's ``follow`` option).

In sixty-six PIMC answers a lead early in the open phase by trumping, often with the trump ace
or ten, where the club player throws a low card, and the club's card did better
(docs/strength.md, twenty-seventh session). ``follow=n`` plays the club player's card while the
seat answers a lead in the open phase with at least ``n`` cards in the stock (two sides: in
three-hand and the partnership game the club's answers were not measured), and PIMC's choice
everywhere else. The engine agent (``engine:club=expert,follow=6``) and the engine protocol
(``setoption name follow``) both decide here.

>>> from sixtysix_solver import Game, View
>>> g = Game.deal("sixty-six", seed=1)
>>> early_answer(View.from_game(g), 6)  # a lead, not an answer
False
>>> g.apply(g.legal_actions()[0])  # the ten of diamonds is led
>>> v = View.from_game(g)
>>> early_answer(v, 6), early_answer(v, 13), early_answer(v, None)
(True, False, False)
>>> str(follow_choice(v, g.legal_actions(), 6, "expert"))
'JH'
"""

from __future__ import annotations

from collections.abc import Sequence

from ..knowledge.view import View
from ..rules.actions import Action
from .opponents import MODEL_RULES

__all__ = ["early_answer", "follow_choice"]


def early_answer(view: View, follow: int | None) -> bool:
    """Does the seat answer a lead in the open phase of a two-sided game, the stock holding at
    least ``follow`` cards (``None``: the option is off)?"""
    return (follow is not None and view.profile.sides == 2 and not view.strict
            and len(view.trick) == 1 and view.stock_size >= follow)


def follow_choice(view: View, legal: Sequence[Action], follow: int | None,
                  club: str) -> Action | None:
    """The club player's (``club``: ``expert`` or ``basic``) card where :func:`early_answer`
    holds, else ``None`` (PIMC decides)."""
    if not early_answer(view, follow):
        return None
    return MODEL_RULES[club](view, legal)
