"""Imperfect-information Monte Carlo (IIMC): actions valued by playing the hand out with
players who see only their own views.

PIMC (:mod:`~sixtysix_solver.advice.recommend`) values an action in each sampled world by the
exact open-card solver: from the next action on, everybody is credited with knowing every card
(*strategy fusion*). It overrates what only pays with a guess made right, above all closing,
after which the closer must play the strict phase without seeing the other hand. IIMC (after
Furtak and Buro, *Recursive Monte Carlo search for imperfect information games*, CIG 2013)
keeps the sampled worlds but plays each one out with *information-set players*: after the
action, every decision in the playout is made by a player that is shown only its own
:class:`~sixtysix_solver.knowledge.view.View` of that world. Here the players are the club
player (:func:`~sixtysix_solver.advice.expert.expert_choice`, about 0.2 ms a decision), so a
playout of a whole hand costs a few milliseconds. The value is what the action is worth against
players who must guess as well, at the price of the playout players' own mistakes.

Every action is played out in the same worlds (paired), from worlds drawn uniformly from the
view with the seed (:meth:`~sixtysix_solver.knowledge.worlds.WorldSpace.stream`). The budget is a
number of worlds, a number of playout decisions (machine-independent) and a time limit; at
least one world is always played out.

>>> from sixtysix_solver import Game, View
>>> g = Game.deal("schnapsen", seed=3)
>>> r = playout_values(View.from_game(g), playouts=20, seed=1)
>>> r.worlds, r.stopped, r.best in g.legal_actions()
(20, 'done', True)
>>> playout_values(View.from_game(g), playouts=20, seed=1) == r  # seeded: the same figures
True
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..errors import SixtySixError
from ..knowledge.legal import legal_actions
from ..knowledge.view import View
from ..knowledge.worlds import WorldSpace
from ..rules.actions import Action
from ..rules.arguments import check_int, check_seconds
from ..rules.game import Game
from .expert import expert_choice

__all__ = ["Policy", "PlayoutResult", "playout_values", "play_out"]

Policy = Callable[[View, Sequence[Action]], Action]
"""An information-set player: the acting seat's view and its legal actions in, one action out."""


@dataclass(frozen=True)
class PlayoutResult:
    """Playout values of the actions of one decision, over the same worlds.

    ``actions``: the actions valued, in the order asked; ``means[i]``: the mean game points of
    ``actions[i]`` for the seat's side (the hand's return to the seat); ``ses[i]``: its
    standard error (0 with one world); ``values[w][i]``: the return in world ``w``;
    ``worlds``: worlds played out; ``decisions``: playout decisions made (the budget's unit);
    ``stopped``: ``"done"`` (the worlds asked), ``"decisions"`` or ``"time"``; ``best``: the
    highest mean (ties: the earlier action). ``seconds`` is not compared.
    """

    seat: int
    actions: tuple[Action, ...]
    means: tuple[float, ...]
    ses: tuple[float, ...]
    values: tuple[tuple[int, ...], ...] = field(repr=False)
    worlds: int
    decisions: int
    stopped: str
    seconds: float = field(compare=False)

    @property
    def best(self) -> Action:
        i = max(range(len(self.actions)), key=lambda k: (self.means[k], -k))
        return self.actions[i]

    def mean(self, action: Action | str) -> float:
        """The mean of one of the actions valued (an :class:`Action` or its notation)."""
        a = Action.parse(action) if isinstance(action, str) else action
        if a not in self.actions:
            raise SixtySixError(f"{a} was not played out")
        return self.means[self.actions.index(a)]

    def paired(self, a: Action, b: Action) -> tuple[float, float]:
        """How much better ``a`` did than ``b`` in the same worlds: mean and standard error."""
        i, j = self.actions.index(a), self.actions.index(b)
        d = [row[i] - row[j] for row in self.values]
        return _mean_se(d)


def _mean_se(xs: Sequence[float]) -> tuple[float, float]:
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, 0.0
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, math.sqrt(var / n)


def play_out(world: Game, policy: Policy = expert_choice) -> int:
    """Finish ``world`` in place, every decision by ``policy`` from the acting seat's view
    alone; returns the number of decisions made and leaves the game over. A decision with one
    legal action is taken without asking (and not counted)."""
    made = 0
    while world.to_act is not None:
        p = world.to_act
        legal = world.legal_actions()
        if len(legal) == 1:
            world.apply(legal[0])
            continue
        view = View.from_game(world, p)
        a = policy(view, legal)
        if a not in legal:
            raise SixtySixError(f"the playout policy chose {a}, which is not legal here")
        world.apply(a)
        made += 1
    return made


def playout_values(
    view: View,
    actions: Sequence[Action | str] | None = None,
    *,
    playouts: int = 100,
    seed: int = 0,
    time_limit: float | None = None,
    decision_limit: int | None = None,
    policy: Policy = expert_choice,
) -> PlayoutResult:
    """IIMC values of ``actions`` (:class:`Action` s or their notation; default: every legal
    action) for the seat of ``view``, which
    must be the seat to act: in each of up to ``playouts`` worlds drawn with ``seed``, each
    action is applied and the hand played out by ``policy`` for every seat, each seeing only
    its own view; the hand's return to the seat is the action's value there.

    The run stops after the world in which ``decision_limit`` playout decisions have been
    made, or ``time_limit`` seconds have passed (the result then depends on the machine's
    speed); at least one world is played out. Raises
    :class:`~sixtysix_solver.errors.SixtySixError` on bad arguments or an illegal action."""
    if not isinstance(view, View):
        raise SixtySixError(f"playout_values needs a View, got {type(view).__name__}")
    if view.to_act is None or view.to_act != view.seat:
        raise SixtySixError("playout values are for the seat to act: the view is not its turn")
    check_int("playouts", playouts, 1)
    check_int("seed", seed, 0, 2**64 - 1)
    if decision_limit is not None:
        check_int("decision_limit", decision_limit, 1)
    if time_limit is not None:
        check_seconds("time_limit", time_limit)
    legal = legal_actions(view)
    chosen = tuple(legal if actions is None else
                   (Action.parse(a) if isinstance(a, str) else a for a in actions))
    if not chosen:
        raise SixtySixError("no actions to value")
    for a in chosen:
        if a not in legal:
            raise SixtySixError(f"{a} is not legal here; legal: {' '.join(map(str, legal))}")
    start = time.perf_counter()
    stream = WorldSpace(view).stream(seed)
    rows: list[tuple[int, ...]] = []
    made = 0
    stopped = "done"
    while len(rows) < playouts:
        base = next(stream).game(view)
        row = []
        for a in chosen:
            world = base.clone()
            world.apply(a)
            made += play_out(world, policy)
            result = world.result
            assert result is not None
            row.append(result.returns[view.seat])
        rows.append(tuple(row))
        if decision_limit is not None and made >= decision_limit and len(rows) < playouts:
            stopped = "decisions"
            break
        if (time_limit is not None and len(rows) < playouts
                and time.perf_counter() - start >= time_limit):
            stopped = "time"
            break
    stats = [_mean_se([r[i] for r in rows]) for i in range(len(chosen))]
    return PlayoutResult(
        seat=view.seat, actions=chosen, means=tuple(m for m, _ in stats),
        ses=tuple(s for _, s in stats), values=tuple(rows), worlds=len(rows), decisions=made,
        stopped=stopped, seconds=time.perf_counter() - start,
    )
