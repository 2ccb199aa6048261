"""An exact re-deal for the hand tracker: the start deal found by bipartite matching.

The tracker's shadow is one start deal consistent with everything seen. When an event does not
fit it, :class:`~sixtysix_solver.knowledge.tracker.HandTracker` first tries cheap swaps; this module then
finds a fitting deal, or shows there is none, without sampling. The tracker hands over what it
knows of its shadow as a :class:`ShadowDeal` (the places of the deal, their cards, and the
shadow's replay of every action); :func:`bipartite_matching` is the matching itself, which the
tracker also uses to relabel sampled layouts.

**Why a matching.** In a two-player hand every place of the start deal (an *id*: a hand slot, a
stock slot, the dead hand) has a public life: a dealt id is in its player's hand from the start,
the k-th stock id is drawn by a known player after a known action (the trick winners are
public), an undrawn one is still in the stock. Every card the seat saw an opponent use is a
*token* with a public life too: seat ``p`` played, showed or exchanged it at action ``k``, and it
left ``p``'s hand at a known action (or never). Whether a token may sit at an id depends on those
two lives only:

- a used token needs an id of its user that arrived no later than its first use;
- a strict-phase play reveals that the player lacked a set of cards *at that moment*: a token
  of that set may not sit at an id of that player that had arrived and that the token had not
  left yet;
- with ``exchange_lost_if_skipped``, a player who exchanges later held no copy of the low
  trump at any earlier chance to exchange that it let pass, not even the card it played then
  (the engine forfeits the exchange before the play).

The seat's own cards and the face-up card are fixed; the cards nobody used fill the other ids.
The face-up cards an opponent takes (the trump card by an exchange, the last card drawn) are
placed, not matched, so they are checked against its revealed lacks on their own.
So a start deal that replays every action legally is a perfect matching of tokens to ids, and
Kuhn's augmenting paths find one (or prove there is none): under a millisecond, the walk
through the history included, even with the 48 cards of the double deck.
The tracker still replays the result in the engine, which is the judge.

Three- and four-hand games (partners' marriages), starts from a view (facts that bound counts)
and starts that are not fresh deals fall outside this model: :func:`exact_deal` returns ``None``
and the tracker keeps its sampled repairs there.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..rules.actions import Action, Kind
from ..rules.profiles import Profile
from .facts import could_exchange, lacked_codes, revealed_by_play
from .replay import Step

__all__ = ["Infeasible", "ShadowDeal", "bipartite_matching", "exact_deal"]

KING, QUEEN = 2, 3  # rank numbers
NEVER = 1 << 30  # a token still in its hand


@dataclass
class _Token:
    """A card the seat saw an opponent use: its user, first use and when it left the hand."""

    code: int
    holder: int
    first: int
    leave: int = NEVER
    married: bool = False
    exchanged: bool = False  # the low trump given up in an exchange


@dataclass(frozen=True)
class Infeasible:
    """No start deal fits: the event contradicts the history."""


@dataclass(frozen=True)
class ShadowDeal:
    """What the exact re-deal reads of the tracker's shadow, seen from ``seat``.

    The places of the start deal are ids: ``hand_ids`` per player, ``stock_ids`` (top first;
    the last one is the face-up card) and ``aside_ids``; ``codes[id]`` is the shadow's card at
    each. ``trump_card`` is the start's face-up card. ``steps`` are the shadow's replay of every
    action so far (:func:`~sixtysix_solver.knowledge.replay.advance`), ``now`` the fields of the
    position reached and ``strict`` whether strict play applies there. ``fresh``: the shadow
    starts at a fresh deal that no starting view's facts bind (else this model does not
    apply)."""

    profile: Profile
    seat: int
    fresh: bool
    codes: tuple[int, ...]
    hand_ids: tuple[tuple[int, ...], ...]
    stock_ids: tuple[int, ...]
    aside_ids: tuple[int, ...]
    trump_card: int
    steps: tuple[Step, ...]
    now: dict[str, Any]
    strict: bool


def exact_deal(
    deal: ShadowDeal, event: tuple[int, Action] | None, pending: tuple[int, int] | None,
    rng: random.Random,
) -> list[int] | Infeasible | None:
    """A start deal (a card per id) under which every action so far and ``event`` (``(seat,
    action)``) fit, with the seat's pending draw ``pending`` (``(id, card)``) as named; or
    :class:`Infeasible` when none exists; or ``None`` outside this model. Cards keep their ids
    where they can, so the shadow moves as little as possible."""
    prof = deal.profile
    if prof.players != 2 or not deal.fresh or prof.stock_size == 0:
        return None
    seat, opp = deal.seat, 1 - deal.seat
    codes = deal.codes
    stock_ids = list(deal.stock_ids)
    bottom = stock_ids[-1]
    holder: dict[int, int | None] = {}
    arrival: dict[int, int] = {}
    for p, ids in enumerate(deal.hand_ids):
        for i in ids:
            holder[i], arrival[i] = p, 0
    for i in stock_ids[:-1] + list(deal.aside_ids):
        holder[i], arrival[i] = None, 0

    tokens: list[_Token] = []  # the cards to match
    # Cards everybody knows to be in each hand now: shown ones (matched) and face-up ones (the
    # trump card taken by an exchange, the last card drawn: placed already, never matched).
    public: list[list[_Token]] = [[], []]
    placed: list[_Token] = []  # the face-up cards an opponent took: checked, not matched
    lacks: list[tuple[int, int, frozenset[int]]] = []  # (player, action, cards lacked)
    skips: list[tuple[int, int]] = []  # (player, action): a chance to exchange let pass
    exchanged_card = prof.exchange_card(deal.trump_card >> 3)
    low = -1 if exchanged_card is None else exchanged_card
    face_up = deal.trump_card  # the card under the stock

    def use(p: int, k: int, a: Action, f: dict[str, Any], strict: bool) -> None:
        """What an opponent's action at ``k`` shows (``f``: the position before it, ``strict``:
        whether strict play applied there)."""
        nonlocal face_up
        if a.kind == Kind.PLAY:
            mine = [x for x in public[p] if x.code == a.arg]
            if mine:
                mine[0].leave = k
                public[p].remove(mine[0])
            else:
                tokens.append(_Token(a.arg, p, k, k))
            if f["trick"] and strict:
                lead = f["leader"]
                trick = [((lead + j) % 2, c) for j, c in enumerate(f["trick"])]
                masks = revealed_by_play(prof, f["trump_card"] >> 3, trick, p, a.arg)
                if any(masks):
                    lacks.append((p, k, lacked_codes(masks)))
        elif a.kind == Kind.EXCHANGE:
            tokens.append(_Token(low, p, k, k, exchanged=True))
            placed.append(_Token(face_up, p, k))
            public[p].append(placed[-1])
            face_up = low  # now lies face up, to be drawn last
        elif a.kind == Kind.MARRY:
            for code in (a.arg * 8 + KING, a.arg * 8 + QUEEN):
                mine = [x for x in public[p] if x.code == code and not x.married]
                if mine:
                    mine[0].married = True
                else:
                    tok = _Token(code, p, k, married=True)
                    tokens.append(tok)
                    public[p].append(tok)

    drawn = 0
    for k, st in enumerate(deal.steps):
        a, before = st.action, st.before
        if st.actor == opp:
            if prof.exchange_lost_if_skipped and a.kind in (Kind.PLAY, Kind.CLOSE, Kind.MARRY):
                f = dict(before)
                f["exchange_lost"] = [0, 0]  # a later exchange shows it was never lost
                if could_exchange(prof, f, opp):
                    skips.append((opp, k))
            use(opp, k, a, before, st.strict)
        elif a.kind == Kind.EXCHANGE:  # (the seat's own: its cards are fixed)
            face_up = low
        for q, _ in st.drawn:
            if drawn == len(stock_ids) - 1:  # the face-up card: everybody sees it
                if q == opp:
                    placed.append(_Token(face_up, q, k + 1))
                    public[q].append(placed[-1])
            else:
                i = stock_ids[drawn]
                holder[i], arrival[i] = q, k + 1
            drawn += 1
    if event is not None and event[0] == opp:
        use(opp, len(deal.steps), event[1], deal.now, deal.strict)

    for x in placed:  # a face-up card the opponent holds against what its plays revealed
        for p, k, cards in lacks:
            if x.holder == p and x.code in cards and x.first <= k < x.leave:
                return Infeasible()

    # The fixed ids: the seat's own cards (as seen), the face-up id; the rest is matched.
    fixed = {i: codes[i] for i in holder if holder[i] == seat}
    fixed[bottom] = deal.trump_card
    if pending is not None:
        fixed[pending[0]] = pending[1]
    free = [i for i in holder if i not in fixed]
    left = Counter(codes)  # the whole deck
    left.subtract(fixed.values())
    left.subtract(x.code for x in tokens)
    if any(v < 0 for v in left.values()):
        return Infeasible()
    hidden = [_Token(c, -1, NEVER) for c in sorted(left.elements())]
    pool = tokens + hidden
    if len(pool) != len(free):
        return None  # (cannot happen in a two-player deal; the sampled repairs would take over)
    exchanges = any(x.exchanged for x in tokens)  # (by the opponent, whose skips these are)

    def fits(x: _Token, i: int) -> bool:
        h, a = holder[i], arrival[i]
        if x.holder >= 0 and (h != x.holder or a > x.first):
            return False
        for p, k, cards in lacks:
            if h == p and x.code in cards and a <= k < x.leave:
                return False
        if x.code == low and exchanges:  # no copy of the low trump held at a chance let pass
            for p, k in skips:  # (a card played at that chance was still held then: <=)
                if h == p and a <= k <= x.leave:
                    return False
        return True

    adj = [[j for j, i in enumerate(free) if fits(x, i)] for x in pool]
    match = bipartite_matching(adj, [[j for j in row if codes[free[j]] == pool[n].code]
                                     for n, row in enumerate(adj)], len(free), rng)
    if match is None:
        return Infeasible()
    out = list(codes)
    for i, c in fixed.items():
        out[i] = c
    for n, j in enumerate(match):
        out[free[j]] = pool[n].code
    return out


def bipartite_matching(
    adj: Sequence[Sequence[int]], prefer: Sequence[Sequence[int]], right: int,
    rng: random.Random,
) -> list[int] | None:
    """A matching of every left node ``n`` (``0..len(adj) - 1``) to its own right node
    (``0..right - 1``) along the edges ``adj[n]``: the right node of each left node, or
    ``None`` if there is none. Each left node first takes its first free ``prefer`` edge (a
    card's current place); Kuhn's augmenting paths place the rest, trying edges in a random
    order drawn from ``rng``.

    >>> bipartite_matching([[0, 1], [0]], [[0], []], 2, random.Random(0))
    [1, 0]
    >>> bipartite_matching([[0], [0]], [[], []], 2, random.Random(0)) is None
    True
    """
    owner = [-1] * right
    got = [-1] * len(adj)
    for n, row in enumerate(prefer):
        for j in row:
            if owner[j] < 0:
                owner[j], got[n] = n, j
                break

    def augment(n: int, seen: set[int]) -> bool:
        order = list(adj[n])
        rng.shuffle(order)
        for j in order:
            if j in seen:
                continue
            seen.add(j)
            if owner[j] < 0 or augment(owner[j], seen):
                owner[j], got[n] = n, j
                return True
        return False

    for n in range(len(adj)):
        if got[n] < 0 and not augment(n, set()):
            return None
    return got
