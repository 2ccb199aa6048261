"""The table as JSON for the page and other front-ends: what one seat sees (a
:class:`~sixtysix_solver.knowledge.view.View`), or every card (an open-card
:class:`~sixtysix_solver.rules.game.Game`).

Cards are their two-letter text (``"KH"``); hidden hands are a count (plus the cards known
to be there). Scores are per side, everything else per player.

>>> from sixtysix_solver import Game, View
>>> b = view_board(View.from_game(Game.deal("schnapsen", seed=3), 1))
>>> b["seat"], b["to_act"], b["phase"], b["trump"], b["stock"], b["hands"][0]
(1, 1, 'lead', 'QH', {'size': 10, 'face_up': 'QH'}, {'count': 5, 'known': []})
>>> len(b["hands"][1]["cards"]), b["scores"]
(5, [0, 0])
"""

from __future__ import annotations

from typing import Any

from ..knowledge.view import View
from ..rules.cards import SUITS, Card
from ..rules.game import Game

__all__ = ["card_text", "cards_text", "game_board", "view_board"]


def card_text(code: int) -> str:
    return str(Card.from_code(code))


def cards_text(codes: Any) -> list[str]:
    return [card_text(int(c)) for c in codes]


def _declared(counts: tuple[int, int, int, int]) -> list[str]:
    return [SUITS[s] for s in range(4) for _ in range(counts[s])]


def view_board(view: View) -> dict[str, Any]:
    """What ``view.seat`` sees, as JSON-ready values."""
    profile = view.profile
    hands: list[dict[str, Any]] = []
    for p in range(view.players):
        if p == view.seat:
            hands.append({"cards": cards_text(view.hand)})
        else:
            hands.append({"count": view.hand_sizes[p], "known": cards_text(view.known[p])})
    trick_leader = (view.to_act - len(view.trick)) % view.players if view.to_act is not None \
        else view.leader
    over = view.reason != "none"
    return {
        "profile": profile.name,
        "players": view.players,
        "sides": profile.sides,
        "seat": view.seat,
        "dealer": view.dealer,
        "to_act": view.to_act,
        "phase": view.phase,
        "trump": card_text(view.trump_card),
        "trump_suit": SUITS[view.trump_suit],
        "hands": hands,
        "trick": {"leader": trick_leader, "cards": cards_text(view.trick)},
        "stock": ({"size": view.stock_size,
                   "face_up": None if view.face_up is None or view.stock_size == 0
                   else card_text(view.face_up)}
                  if profile.stock_size else None),
        "aside": view.aside_size,
        "taken": [cards_text(t) for t in view.taken],
        "tricks": view.tricks_won(),
        "scores": view.scores(),
        "target": profile.target,
        "declared": [_declared(d) for d in view.declared],
        "marriage_points": list(view.marriage_points),
        "closed_by": view.closed_by,
        "match": None if view.match is None else list(view.match),
        "match_target": profile.match_target,
        "result": ({"points": list(view.points), "reason": view.reason} if over else None),
    }


def game_board(game: Game, seat: int | None = None) -> dict[str, Any]:
    """The board of ``seat`` (default: the seat to act, else 0) with every card open: all
    hands, the stock in order (top first) and the dead hand."""
    who = seat if seat is not None else (game.to_act if game.to_act is not None else 0)
    board = view_board(View.from_game(game, who))
    board["hands"] = [{"cards": [str(c) for c in h]} for h in game.hands]
    board["open"] = True
    board["stock_cards"] = [str(c) for c in game.stock]
    board["aside_cards"] = [str(c) for c in game.fields_cards("aside")]
    return board
