"""The club player's card in the early answers to a lead (the engine's ``follow`` option).

In sixty-six PIMC answers a lead early in the open phase by trumping, often with the trump ace
or ten, where the club player throws a low card, and the club's card did better
(docs/strength.md, twenty-seventh and twenty-eighth sessions). ``follow=n`` plays the club
player's card while the seat answers a lead (the trick's second card) in the open phase with
at least ``n`` cards in the stock, in a game of two sides (not three-hand), and PIMC's choice
everywhere else. ``follow="auto"``, the default, is :data:`FOLLOW_AUTO`'s number for the
profile (6 in sixty-six, where it was measured) and off elsewhere; ``"off"`` (or ``None``) is
off. The engine agent (``engine:follow=6``) and the engine protocol (``setoption name
follow``) both decide here.

>>> from sixtysix_solver import Game, View, get_profile
>>> g = Game.deal("sixty-six", seed=1)
>>> early_answer(View.from_game(g), 6)  # a lead, not an answer
False
>>> g.apply(g.legal_actions()[0])  # the ten of diamonds is led
>>> v = View.from_game(g)
>>> early_answer(v, 6), early_answer(v, 13), early_answer(v, None)
(True, False, False)
>>> str(follow_choice(v, g.legal_actions(), 6, "expert"))
'JH'
>>> follow_stock("auto", v.profile), follow_stock("auto", get_profile("schnapsen"))
(6, None)
>>> follow_stock("sometimes", v.profile)
Traceback (most recent call last):
...
sixtysix_solver.errors.ArgumentError: follow must be a number of stock cards >= 0, auto or off, got 'sometimes'
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import ArgumentError
from ..knowledge.view import View
from ..rules.actions import Action
from ..rules.profiles import Profile
from .opponents import MODEL_RULES

__all__ = ["FOLLOW_AUTO", "FOLLOW_CLUB", "FOLLOW_SETTINGS", "Follow", "early_answer",
           "follow_choice", "follow_stock", "valid_follow"]

#: ``follow="auto"``: the profiles whose engine answers early leads by the club player's card,
#: from how many stock cards. Sixty-six only: there it won more matches against the club
#: player and did as well against engines; elsewhere it was not measured.
FOLLOW_AUTO: dict[str, int] = {"sixty-six": 6}
#: The club player whose card ``follow`` plays unless another is named (``club=``).
FOLLOW_CLUB = "expert"

#: A ``follow`` setting: a number of stock cards, ``"auto"``, or ``"off"`` / ``None``.
Follow = int | str | None
#: What a ``follow`` setting may be, for the errors that refuse one.
FOLLOW_SETTINGS = "a number of stock cards >= 0, auto or off"


def valid_follow(value: object) -> bool:
    """Is ``value`` a ``follow`` setting: a whole number >= 0, ``"auto"``, ``"off"`` or
    ``None``?"""
    if value is None or value in ("auto", "off"):
        return True
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def follow_stock(follow: Follow, profile: Profile) -> int | None:
    """The fewest stock cards at which ``follow`` plays the club's card in ``profile``
    (``None``: never); :class:`~sixtysix_solver.errors.ArgumentError` if ``follow`` is none
    of the settings."""
    if not valid_follow(follow):
        raise ArgumentError(f"follow must be {FOLLOW_SETTINGS}, got {follow!r}")
    if follow == "auto":
        return FOLLOW_AUTO.get(profile.name)
    if follow is None or follow == "off":
        return None
    assert isinstance(follow, int)
    return follow


def early_answer(view: View, follow: Follow) -> bool:
    """Does the seat answer a lead in the open phase of a two-sided game, the stock holding at
    least :func:`follow_stock` cards?"""
    least = follow_stock(follow, view.profile)
    return (least is not None and view.profile.sides == 2 and not view.strict
            and len(view.trick) == 1 and view.stock_size >= least)


def follow_choice(view: View, legal: Sequence[Action], follow: Follow,
                  club: str = FOLLOW_CLUB) -> Action | None:
    """The club player's (``club``: ``expert`` or ``basic``) card where :func:`early_answer`
    holds, else ``None`` (PIMC decides)."""
    if not early_answer(view, follow):
        return None
    return MODEL_RULES[club](view, legal)
