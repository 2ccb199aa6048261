"""A club player's likelihood of a history, valued in the core.

:class:`~sixtysix_solver.advice.past_weights.PastWeights` asks, for each past of another player, how
likely that player's actions were under the opponent model. For the models ``heuristic:EPS``
and ``expert:EPS`` (the basic club rules and the full club player,
:class:`~sixtysix_solver.advice.opponents.HeuristicModel`) in the games
whose rules the core's club player takes (one deck, no partners) and with one other player, the
core does it: it replays the hand once, keeps the public position at each of the player's
decisions, and for a past only puts that past's hand there (``_core.ClubPasts``). A past then
costs a few microseconds instead of a Python view and club choice per decision, so far more
pasts and worlds fit a time limit. The values are the Python model's (tested against it), but
for one case: the full club player plays a position whose every card it knows (two players, no
stock) by exact count, and the core leaves such a decision out of the product. The seat then
knows every card too, so a single world is left and its weight changes nothing.

>>> from sixtysix_solver.rules.game import Game
>>> from sixtysix_solver.knowledge.history import History
>>> from sixtysix_solver.advice.pasts import PastSpace
>>> g = Game.deal("schnapsen", seed=3)
>>> for a in ["JD", "KD", "KS", "AD", "JC", "KC"]:
...     g.apply(a)
>>> h = History.from_game(g, 1)
>>> space = PastSpace(h, 0)
>>> hand = tuple(sorted(c.code for c in g.hand(0)))
>>> core = core_pasts(space, 0.3, hand)
>>> core is not None and core.decisions == len(space.decisions)
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .. import _core
from ..knowledge.history import History
from ..knowledge.view import View
from .pasts import Past, PastSpace, drawn_order, past_game

__all__ = ["core_pasts", "core_takes", "greedy_past", "slots_of", "view_facts"]


def core_takes(history: History) -> bool:
    """Whether the core values the basic club's likelihoods of this history: one deck, two
    players (one other player, whose past alone matters)."""
    prof = history.profile
    return prof.copies == 1 and prof.players == 2


def greedy_past(space: PastSpace, hand: Sequence[int]) -> Past:
    """One past of ``hand``: each card, by deadline, in the first free slot open by then (the
    earliest slots open first, so every card finds one)."""
    place = [-1] * len(space.slots)
    for d, c in space.instances(hand):
        s = next(s for s in range(space.open_slots(d)) if place[s] < 0)
        place[s] = c
    return Past(tuple(sorted(place[:space.dealt])), tuple(place[space.dealt:]))


def slots_of(space: PastSpace, inst: Sequence[tuple[int, int]]) -> tuple[list[int], list[int]]:
    """The cards of a hand's pasts to place (its :meth:`~PastSpace.instances`, by deadline),
    and how many slots each may take."""
    return [c for _, c in inst], [space.open_slots(d) for d, _ in inst]


def _reference_game(history: History, player: int, past: Past) -> _core.State:
    """A fresh deal of the hand in which ``player`` got its cards as in ``past``: the cards the
    seat never saw fill the rest of the stock and the dead hand in any order (they were never
    drawn, so nothing in the history depends on them)."""
    prof = history.profile
    deck = Counter(s * 8 + r for s in range(4) for r in range(prof.ranks_per_suit))
    top = drawn_order(history, {player: past})
    used = Counter(history.start_hand) + Counter(past.dealt) + Counter(top)
    trump = int(history.start_fields["trump_card"])
    if prof.stock_size:
        used[trump] += 1
    rest = sorted((deck - used).elements())
    aside, stock = rest[:prof.aside], rest[prof.aside:]
    hands: list[list[int]] = [[] for _ in range(prof.players)]  # past_game reads the pasts
    return past_game(history, hands, [*stock, trump], aside, {player: past}).core


def view_facts(view: View, player: int) -> tuple[int, int]:
    """What ``view`` rules out of ``player``'s hand, as the core's full club player takes it:
    the excluded cards (bit per card code of the deck) and the void suits (bit per suit)."""
    excluded = 0
    for s, mask in enumerate(view.excluded(player)):
        for r in range(view.profile.ranks_per_suit):
            if mask >> r & 1:
                excluded |= 1 << (s * 8 + r)
    return excluded, sum(1 << s for s in view.void_suits(player))


def core_pasts(space: PastSpace, eps: float, hand: Sequence[int],
               rules: str = "basic") -> _core.ClubPasts | None:
    """The core's likelihoods of ``space``'s player under the club model ``rules`` (``basic``,
    ``heuristic:eps``; or ``expert``, the full club player), its position replayed with ``hand``
    (a hand of a world, sorted codes) as the player's; ``None`` where the core does not take the
    history (:func:`core_takes`)."""
    history = space.history
    if not core_takes(history):
        return None
    moments = space.decision_moments()
    past = greedy_past(space, hand)
    decisions, facts = [], []
    for d, (drawn_by, fixed, gone), held in zip(space.decisions, moments, space.hands(past)):
        net = Counter(fixed)
        net.subtract(gone)
        plus = sum(1 << c for c, k in net.items() if k > 0)
        minus = sum(1 << c for c, k in net.items() if k < 0)
        decisions.append((d.index, drawn_by, plus, minus, d.could_exchange))
        if rules == "expert":  # the facts are public: any past's view of the decision has them
            facts.append(view_facts(d.view_with(history.profile, held), 1 - space.player))
    start = _reference_game(history, space.player, past)
    return _core.ClubPasts(start, [a.code for a in history.actions], space.player, eps,
                           decisions, space.low, space.lose_exchange, rules, facts)
