"""What ``sixtysix play`` tells the human after each action at the table: who took a finished
trick, with which card and for how many card points, and the cards the human drew.

>>> from sixtysix_solver import Game
>>> g = Game.deal("schnapsen", seed=4)
>>> lines = []
>>> for _ in range(2):
...     before, action = g.clone(), g.legal_actions()[0]
...     g.apply(action)
...     lines += narrate(before, g, action, you=1)
>>> lines
['you took the trick AC KC with AC (15 card points)', 'you drew KD']
"""

from __future__ import annotations

from collections import Counter

from ..rules.actions import Action, Kind
from ..rules.cards import Card, format_cards
from ..rules.game import Game

__all__ = ["narrate"]


def _who(seat: int, you: int) -> str:
    return "you" if seat == you else f"seat {seat}"


def narrate(before: Game, after: Game, action: Action, you: int) -> list[str]:
    """Lines for one action: ``before`` is the game just before ``action``, ``after`` just
    after it; ``you`` is the human's seat."""
    lines: list[str] = []
    won = [b - a for a, b in zip(before.tricks_won(), after.tricks_won())]
    if action.kind == Kind.PLAY and 1 in won:
        winner = won.index(1)
        cards = [*before.trick, Card.from_code(action.arg)]
        actor = before.to_act if before.to_act is not None else winner
        leader = (actor - len(before.trick)) % before.players
        card = cards[(winner - leader) % before.players]
        points = sum(c.points for c in cards)
        lines.append(f"{_who(winner, you)} took the trick {' '.join(map(str, cards))} with "
                     f"{card} ({points} card points)")
    gained = Counter(after.hand(you)) - Counter(before.hand(you))
    if gained:
        drawn = format_cards(list(gained.elements()))
        if action.kind == Kind.EXCHANGE and before.to_act == you:
            lines.append(f"you took {drawn} from under the stock")
        else:
            lines.append(f"you drew {drawn}")
    return lines
