"""The legal actions of a seat from its view alone: they depend only on public information and
the seat's own hand, so any deal of the hidden cards gives the same list.

>>> from sixtysix_solver import Game, View
>>> g = Game.deal("schnapsen", seed=3)
>>> [str(a) for a in legal_actions(View.from_game(g))] == [str(a) for a in g.legal_actions()]
True
"""

from __future__ import annotations

from ..errors import AgentError, SixtySixError
from ..rules.actions import Action
from .facts import ranks_in_deck
from .view import View
from .worlds import Layout, first_layout

__all__ = ["legal_actions"]


def _quick_layout(view: View) -> Layout:
    """The hidden cards dealt out in code order: every size and known card right, the revealed
    facts ignored. They only limit the other hands, never the seat's own legal actions, and
    honouring them can take :func:`~sixtysix_solver.knowledge.worlds.first_layout` seconds."""
    unseen: list[int] = []
    public = view.public_cards()
    for s in range(4):
        for r in range(ranks_in_deck(view.profile)):
            unseen += [s * 8 + r] * (view.profile.copies - public[s * 8 + r])
    it = iter(unseen)
    hands: list[tuple[int, ...]] = []
    for p in range(view.players):
        if p == view.seat:
            hands.append(view.hand)
        else:
            known: list[int] = list(view.known[p])
            hands.append(tuple(sorted(known + [next(it) for _ in range(view.hand_sizes[p] -
                                                                       len(known))])))
    stock = [next(it) for _ in range(max(0, view.stock_size - 1))]
    if view.face_up is not None:
        stock.append(view.face_up)
    aside = tuple(sorted(next(it) for _ in range(view.aside_size)))
    return Layout(tuple(hands), tuple(stock), aside)


def legal_actions(view: View) -> list[Action]:
    """The legal actions of the seat to act, from its view alone: the actions of any deal of
    the hidden cards (they depend only on public information and the seat's own hand)."""
    if not isinstance(view, View):
        raise AgentError(f"expected a View, got {type(view).__name__}")
    if view.to_act is None:
        raise AgentError("the hand is over: there is nothing to decide")
    if view.to_act != view.seat:
        raise AgentError(f"it is seat {view.to_act}'s turn, not seat {view.seat}'s")
    try:
        world = _quick_layout(view).game(view)
    except (SixtySixError, StopIteration):  # pragma: no cover - a view no deal fits
        world = first_layout(view).game(view)
    return world.legal_actions()
