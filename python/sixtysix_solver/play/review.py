"""Game review: every decision of one seat in a played hand, the action taken against the best
one by the engine's evaluation, and what the difference cost in expected game points.

Each decision is judged from what the seat knew then (its :class:`~sixtysix_solver.knowledge.view.View`),
by :func:`~sixtysix_solver.advice.recommend.recommend` over the same worlds for every action, so the
cost of a choice is the gap between two averages over the same deals; a decision with one
legal action is skipped. The cost is never negative: the best action has the highest average.

>>> import random
>>> from sixtysix_solver import Game
>>> from sixtysix_solver.rules.random_play import random_action
>>> g = Game.deal("schnapsen", seed=2)
>>> rng = random.Random(1)
>>> while not g.is_over:
...     g.apply(random_action(g, rng))
>>> rev = review_game(g, seat=0, worlds=20, seed=1)
>>> all(d.cost >= 0 for d in rev), all(d.seat == 0 for d in rev)
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from ..advice.limits import SearchLimits, resolve_limits
from ..advice.recommend import recommend
from ..advice.stats import ActionStats
from ..errors import SixtySixError
from ..knowledge.view import View
from ..rules.game import Game

__all__ = ["Decision", "review_game", "review_match", "worst"]

DEFAULT_WORLDS = 200  # worlds per decision, without limits


@dataclass(frozen=True)
class Decision:
    """One decision: where (``hand`` index, ``move`` index in the hand's actions), what was
    played and what was best, with both actions' figures and the ``cost`` (expected game points
    given away); ``exact``: every world was solved."""

    hand: int
    move: int
    seat: int
    taken: ActionStats
    best: ActionStats
    worlds: int
    exact: bool

    @property
    def cost(self) -> float:
        return self.best.mean - self.taken.mean

    @property
    def was_best(self) -> bool:
        return self.taken.action == self.best.action or self.cost <= 1e-12


def review_game(
    game: Game,
    seat: int,
    *,
    limits: SearchLimits | None = None,
    worlds: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    hand: int = 0,
    on_decision: Callable[[Decision], None] | None = None,
) -> list[Decision]:
    """Review every decision of ``seat`` in ``game`` (replayed from its start). The budget of
    each decision is ``limits`` (a :class:`~sixtysix_solver.advice.limits.SearchLimits`) or
    the keywords ``worlds`` (default 200 without ``limits``), ``seed`` and ``threads``, which
    replace its fields; the decision at action ``i`` is seeded ``seed + i``."""
    lim = resolve_limits(
        limits, worlds=worlds if worlds is not None or limits is not None else DEFAULT_WORLDS,
        seed=seed, threads=threads,
    )
    if not isinstance(game, Game):
        raise SixtySixError(f"review needs a Game, got {type(game).__name__}")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.players:
        raise SixtySixError(f"seat must be 0 to {game.players - 1}, got {seat!r}")
    replay = Game.from_fields(game.profile, game.start_fields)
    replay.match_score = game.match_score
    out: list[Decision] = []
    for i, action in enumerate(game.actions):
        if replay.to_act == seat and len(replay.legal_actions()) > 1:
            view = View.from_game(replay, seat)
            rec = recommend(view, limits=replace(lim, seed=lim.seed + i))
            taken = rec.stats(action)
            best = max(rec.actions, key=lambda s: (s.mean, s.action == action))
            d = Decision(hand, i, seat, taken, best, rec.worlds, rec.exact)
            out.append(d)
            if on_decision is not None:
                on_decision(d)
        replay.apply(action)
    return out


def review_match(
    games: Sequence[Game], seat: int, **kwargs: object,
) -> list[Decision]:
    """Review every hand of a match (see :func:`review_game` for the options)."""
    out: list[Decision] = []
    for h, g in enumerate(games):
        out.extend(review_game(g, seat, hand=h, **kwargs))  # type: ignore[arg-type]
    return out


def worst(decisions: Sequence[Decision], n: int = 5) -> list[Decision]:
    """The ``n`` costliest mistakes, costliest first (decisions that cost nothing left out)."""
    bad = [d for d in decisions if not d.was_best]
    return sorted(bad, key=lambda d: (-d.cost, d.hand, d.move))[:n]

