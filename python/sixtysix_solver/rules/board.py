"""The picture of a table: what a display of a game or of one seat's view shows.

A :class:`Board` holds only what is drawn (hands, with ``None`` for a face-down card, the trick,
the trump card, the stock, scores, the match score), so that one text form
(:func:`format_board`, behind ``str(game)`` and ``str(view)``) and one SVG form
(:mod:`sixtysix_solver.rules.svg`) serve both a :class:`Game <sixtysix_solver.rules.game.Game>`
(every hand open) and a :class:`View <sixtysix_solver.knowledge.view.View>` (the other hands
face down except their known cards). It knows neither class: each builds its own board.

>>> b = Board(profile="schnapsen", players=2, dealer=0, seat=None, to_act=1, phase="lead",
...           hands=((Card.parse("AH"), None), (Card.parse("KS"),)), trick=(), trick_leader=1,
...           trump_card=Card.parse("QH"), stock_size=0, face_up=None, closed_by=None,
...           scores=(40, 26), tricks=(3, 2))
>>> print(format_board(b))
schnapsen, dealer 0, player 1 to lead
trump QH, stock empty
  player 0: AH ??
> player 1: KS
trick: -
score 40/26, tricks 3/2
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from .cards import Card, sort_key

__all__ = ["Board", "HasBoard", "format_board", "hand_order"]

_PHASE_WORDS = {
    "lead": "to lead", "follow": "to follow", "draw": "to draw", "show": "to show",
    "end": "to end the hand",
}


@dataclass(frozen=True)
class Board:
    """What a display shows of a position. ``seat``: whose view this is (``None``: every hand
    open, a game's own board). ``hands``: per player, the cards in display order, ``None`` for
    a card face down. ``trick``: the cards on the table in play order, the first played by
    ``trick_leader``. ``face_up``: the stock's face-up card (``None``: no stock). ``scores``
    per side, ``tricks`` per player; ``points`` the game points per side once the hand is over
    (``reason`` says how it ended)."""

    profile: str
    players: int
    dealer: int
    seat: int | None
    to_act: int | None
    phase: str
    hands: tuple[tuple[Card | None, ...], ...]
    trick: tuple[Card, ...]
    trick_leader: int
    trump_card: Card
    stock_size: int
    face_up: Card | None
    closed_by: int | None
    scores: tuple[int, ...]
    tricks: tuple[int, ...]
    match_score: tuple[int, ...] | None = None
    points: tuple[int, ...] = ()
    reason: str = "none"

    def trick_players(self) -> list[int]:
        """Who played each card of the trick, in play order."""
        return [(self.trick_leader + i) % self.players for i in range(len(self.trick))]

    def board(self) -> Board:
        """Itself: a board is drawable wherever a game or a view is."""
        return self


class HasBoard(Protocol):
    """Anything that can be drawn: a game, a view, a board."""

    def board(self) -> Board: ...


def hand_order(cards: list[Card | None]) -> tuple[Card | None, ...]:
    """Display order: the cards sorted by suit and rank, then the face-down ones."""
    shown = sorted((c for c in cards if c is not None), key=sort_key)
    return (*shown, *(None for c in cards if c is None))


def _cards_text(cards: tuple[Card | None, ...]) -> str:
    return " ".join("??" if c is None else str(c) for c in cards) if cards else "-"


def _slash(values: tuple[int, ...]) -> str:
    return "/".join(str(v) for v in values)


def format_board(board: Board) -> str:
    """The board as a few lines of text: the profile and who acts, the trump card and stock,
    each hand (``>`` marks the player to act, ``??`` a card face down), the trick, the scores,
    the match score and the result once the hand is over."""
    b = board
    if b.to_act is None:
        head = f"{b.profile}, dealer {b.dealer}, hand over"
    else:
        head = f"{b.profile}, dealer {b.dealer}, player {b.to_act} {_PHASE_WORDS[b.phase]}"
    if b.stock_size == 0:
        stock = "stock empty"
    else:
        up = "" if b.face_up is None else f", {b.face_up} face up"
        stock = f"stock {b.stock_size}{up}"
    if b.closed_by is not None:
        stock += f", closed by player {b.closed_by}"
    lines = [head, f"trump {b.trump_card}, {stock}"]
    for p, hand in enumerate(b.hands):
        mark = ">" if p == b.to_act else " "
        you = " (you)" if p == b.seat else ""
        lines.append(f"{mark} player {p}{you}: {_cards_text(hand)}")
    if b.trick:
        played = ", ".join(f"{c} ({p})" for c, p in zip(b.trick, b.trick_players()))
        lines.append(f"trick: {played}")
    else:
        lines.append("trick: -")
    lines.append(f"score {_slash(b.scores)}, tricks {_slash(b.tricks)}")
    if b.match_score is not None:
        lines.append(f"match {_slash(b.match_score)}")
    if b.to_act is None:
        lines.append(f"result: game points {_slash(b.points)} ({b.reason})")
    return "\n".join(lines)
