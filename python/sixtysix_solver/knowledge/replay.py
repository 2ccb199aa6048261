"""One replay of a hand's history: what a game's actions revealed about the hands a seat
cannot see, and whether a game started from a deal as the engine makes it.

:meth:`View.from_game <sixtysix_solver.knowledge.view.View.from_game>`, the
:class:`~sixtysix_solver.knowledge.history.History` and the
:class:`~sixtysix_solver.knowledge.tracker.HandTracker` read hands through this module.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..errors import PositionError, SixtySixError
from ..rules.actions import Kind
from ..rules.cards import RANKS, Card
from ..rules.game import Game
from .facts import (
    Holds, Lack, Masks, normal_masks, normalize_holds, normalize_lacks, rank_of, ranks_in_deck,
    revealed_by_play, suit_of, union_masks,
)

__all__ = ["fresh_deal", "history_facts"]


def fresh_deal(game: Game) -> bool:
    """Whether the game's start position is a deal as the engine makes it (nothing played or
    declared, and dealing the same cards gives the same position)."""
    f = game.start_fields
    if f["trick"] or any(f["taken"]) or any(any(d) for d in f["declared"]):
        return False
    try:
        dealt = Game.from_deal(
            game.profile, dealer=f["dealer"],
            hands=[[Card.from_code(c) for c in h] for h in f["hands"]],
            stock=[Card.from_code(c) for c in f["stock"]],
            aside=[Card.from_code(c) for c in f["aside"]],
            trump_card=Card.from_code(f["trump_card"]), carry=f["carry"],
        )
    except SixtySixError:
        return False
    return dealt.fields() == f


def history_facts(
    game: Game, seat: int, now: dict[str, Any],
) -> tuple[tuple[Lack, ...], tuple[Holds, ...]]:
    """The facts revealed by ``game.actions`` about the other hands, as exact limits on the
    current hands (``docs/views.md``: *Revealed facts*)."""
    prof = game.profile
    n = prof.players
    replay = Game.from_fields(prof, game.start_fields)
    trump = suit_of(int(game.start_fields["trump_card"]))
    low = trump * 8 + RANKS.index(prof.exchange_rank) if prof.exchange_rank != "none" else -1
    draws = [0] * n
    # Per player: revealed card sets with the number of that player's draws before them.
    reveals: list[list[tuple[Masks, int]]] = [[] for _ in range(n)]
    exits: list[list[int]] = [[] for _ in range(n)]  # release of each card that left the hand
    fixed: list[Counter[int]] = [Counter() for _ in range(n)]  # cards that came by a known route
    fixed_slot = [-1] * n  # the draw (1-based) that brought the known face-up card
    played: list[list[int]] = [[] for _ in range(n)]
    # Marriage shows (marriage_by_partner): (player, plays so far, suits not yet used) when the
    # player could not show (no pair) or passed (a pair).
    no_pair: list[tuple[int, int, list[int]]] = []
    had_pair: list[tuple[int, int, list[int]]] = []

    def release(p: int, code: int) -> int:
        r = 0
        for m, k in reveals[p]:
            if m[suit_of(code)] >> rank_of(code) & 1:
                r = max(r, k + 1)
        return r

    def unused_suits(f: dict[str, Any], p: int) -> list[int]:
        married = set(f["married"][p])
        return [s for s in range(4) if s * 8 + 2 not in married and s * 8 + 3 not in married]

    def lead_started(f: dict[str, Any]) -> None:
        """A lead begins with the phase ``f['phase']``: no show phase tells that the leader's
        partner holds no pair it could show."""
        if not prof.marriage_by_partner or f["phase"] != "lead" or f["turn_step"]:
            return
        q = (f["leader"] + 2) % n
        if q == seat or prof.marriages == "none":
            return
        if prof.marriage_before_trick == "forbidden" and not (
            f["taken"][q] or f["taken"][f["leader"]]
        ):
            return
        no_pair.append((q, len(played[q]), unused_suits(f, q)))

    if prof.marriage_by_partner and fresh_deal(game):
        lead_started(game.start_fields)
    for action in game.actions:
        f = replay.fields()
        p = replay.to_act
        assert p is not None
        if action.kind == Kind.PLAY:
            played[p].append(action.arg)
        if p != seat:
            if action.kind == Kind.PLAY:
                code = action.arg
                if f["trick"] and replay.strict:
                    lead = f["leader"]
                    trick = [((lead + i) % n, c) for i, c in enumerate(f["trick"])]
                    m = revealed_by_play(prof, trump, trick, p, code)
                    if any(m):
                        reveals[p].append((m, draws[p]))
                if fixed[p][code] > 0:
                    fixed[p][code] -= 1
                else:
                    exits[p].append(release(p, code))
            elif action.kind == Kind.EXCHANGE:
                exits[p].append(release(p, low))
                fixed[p][f["stock"][-1]] += 1
            elif action.kind == Kind.PASS and f["phase"] == "show":
                had_pair.append((p, len(played[p]), unused_suits(f, p)))
        stock_before = f["stock"]
        replay.apply(action)
        g = replay.fields()
        if len(g["stock"]) < len(stock_before):  # both players drew
            for q in range(n):
                draws[q] += 1
            if not g["stock"] and n == 2:
                loser = 1 - g["last_trick_winner"]
                if loser != seat:
                    fixed[loser][stock_before[-1]] += 1
                    fixed_slot[loser] = draws[loser]
        if action.kind == Kind.PLAY and len(f["trick"]) == n - 1 and not g["trick"]:
            lead_started(g)

    r = ranks_in_deck(prof)
    sizes = [len(h) for h in now["hands"]]
    lacks: list[Lack] = []
    for p in range(n):
        if p == seat or not reveals[p]:
            continue
        m_draws = draws[p]
        known = Counter(now["known"][p])
        loose = known - fixed[p]  # known cards that came in by an ordinary draw or the deal
        best: dict[Masks, int] = {}
        for a in range(1, m_draws + 2):
            union: Masks = (0, 0, 0, 0)
            for m, k in reveals[p]:
                if k + 1 >= a:
                    union = union_masks(union, m)
            masks = normal_masks(union, r)
            if not any(masks):
                continue
            slots = max(0, m_draws - a + 1) - (1 if a <= fixed_slot[p] <= m_draws else 0)
            used = sum(1 for e in exits[p] if e >= a) + sum(
                k for c, k in loose.items() if release(p, c) >= a
            )
            lk = Lack(p, masks)
            budget = slots - used + lk.count_in(known.elements())
            if budget < 0:  # pragma: no cover - a real history always fits
                raise PositionError("the history contradicts itself")
            best[masks] = min(budget, best.get(masks, budget))
        lacks.extend(Lack(p, m, k) for m, k in best.items())

    # Marriage shows. A card is "elsewhere" when the seat can place it outside the player's hand.
    def elsewhere(p: int) -> Counter[int]:
        c: Counter[int] = Counter(now["hands"][seat])
        c.update(now["trick"])
        for q in range(n):
            c.update(now["taken"][q])
            if q not in (p, seat):
                c.update(now["known"][q])
        return c

    holds: list[Holds] = []
    for p, t, suits in no_pair:
        gone, away = Counter(played[p][t:]), elsewhere(p)
        for s in suits:
            rest = [c for c in (s * 8 + 2, s * 8 + 3) if not gone[c]]
            if rest and not any(away[c] - gone[c] > 0 for c in rest):
                lacks.append(Lack.of_cards(p, rest, len(rest) - 1))
    for p, t, suits in had_pair:
        gone, away = Counter(played[p][t:]), elsewhere(p)
        options = []
        satisfied = False
        for s in suits:
            rest = [c for c in (s * 8 + 2, s * 8 + 3) if not gone[c]]
            if any(away[c] - gone[c] > 0 for c in rest):
                continue  # that pair cannot have been in the hand
            if not (Counter(rest) - Counter(now["known"][p])):
                satisfied = True
            options.append(tuple(sorted(rest)))
        if not satisfied:
            holds.append(Holds(p, tuple(options)))
    return normalize_lacks(lacks, prof, sizes), normalize_holds(holds)
