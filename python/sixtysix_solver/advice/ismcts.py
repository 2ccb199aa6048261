"""Information-set Monte Carlo tree search (single observer, SO-ISMCTS) from a player's view.

Perfect-information Monte Carlo (solve many sampled worlds exactly, average) assumes that the
player will know the hidden cards for the rest of the hand. SO-ISMCTS (Cowling, Powley and
Whitehouse, *Information Set Monte Carlo Tree Search*, IEEE TCIAIG 2012) does not: it grows
one tree for the whole information set. Each iteration

1. samples one world (a *determinization*) uniformly from the view
   (:class:`~sixtysix_solver.knowledge.worlds.WorldSpace`), seeded, so a seed always gives the same result;
2. descends the tree: a node is the sequence of actions since the root, shared by every world
   (every action is public, so the history is what the viewing seat knows, for the opponents'
   nodes too); among the children legal in this world it picks the best by UCB1 with
   *availability counts* (how often the child was legal when its parent was visited, in place of
   the parent's visits);
3. adds one child (a random action legal in this world that the node has not tried yet);
4. finishes the hand with a rollout policy and backs the hand's game points up the path, each
   node from the point of view of the player who chose its action (``returns``: zero-sum, one
   side against the other; with three players, the player against the other two).

Rollouts: ``"random"`` plays the package's sensible random policy
(:func:`sixtysix_solver.rules.random_play.random_action`: true claims only, rare closing) to the end.
``"solver"`` (the default) plays that policy only while the stock is open, and at the first
position at or after the new node where the stock is closed or exhausted (at once in the games
without a stock) takes the exact open-card value of the sampled world
(:func:`sixtysix_solver.rules.solve.solve`). That leaf value reintroduces perfect information, but
only below the tree's frontier; the decisions inside the tree are made without knowing the
hidden cards, and the tree grows past the frontier as iterations accumulate. With three players
the solver gives the value of the player to act against the other two; each of the other two is
credited minus half of it.

>>> from sixtysix_solver import Game, View
>>> g = Game.deal("schnapsen", seed=4)
>>> r = ismcts(View.from_game(g), iterations=300, seed=1)
>>> r.best in g.legal_actions(), sum(s.visits for s in r.actions), r.iterations
(True, 300, 300)
>>> ismcts(View.from_game(g), iterations=300, seed=1) == r  # the same seed, the same search
True
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

from ..rules.actions import Action, Kind
from ..errors import SixtySixError
from ..rules.arguments import check_seconds
from ..rules.game import Game
from ..rules.solve import Solver
from ..knowledge.view import View
from ..knowledge.worlds import WorldSpace
from .limits import SearchLimits, resolve_limits

__all__ = ["IsmctsActionStats", "IsmctsResult", "Rollout", "ismcts"]

Rollout = Literal["random", "solver"]
_ROLLOUTS = ("random", "solver")

_CLAIM = Action(Kind.CLAIM).code
_CLOSE = Action(Kind.CLOSE).code
_STRIDE = 512  # child keys: player * 512 + action code
_CHUNK = 128  # worlds sampled per call to the sampler


@dataclass(frozen=True)
class IsmctsActionStats:
    """One root action: how often the search chose it, and the mean game points (for the
    viewing seat's side, from the seat's point of view) of the hands played through it."""

    action: Action
    visits: int
    mean: float


@dataclass(frozen=True)
class IsmctsResult:
    """The statistics of every legal action at the root (sorted by action code) and the most
    visited one. ``iterations`` is the number actually run (fewer than asked when
    ``time_limit`` stopped the search); ``nodes`` the size of the tree; ``seconds`` the time
    taken (not compared)."""

    seat: int
    iterations: int
    rollout: str
    actions: tuple[IsmctsActionStats, ...]
    best: Action
    nodes: int
    seconds: float = field(compare=False)

    @property
    def value(self) -> float:
        """The mean game points of the best action."""
        return next(s.mean for s in self.actions if s.action == self.best)

    def stats(self, action: Action) -> IsmctsActionStats:
        """The statistics of one root action (``KeyError`` if it is not legal there)."""
        for s in self.actions:
            if s.action == action:
                return s
        raise KeyError(str(action))


class _Node:
    """A node of the tree: the action that led to it and who chose it, with the statistics
    of that choice (visits, total reward for that player, availability)."""

    __slots__ = ("action", "player", "visits", "total", "avail", "children")

    def __init__(self, action: int, player: int) -> None:
        self.action = action
        self.player = player
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.children: dict[int, _Node] = {}


_local = threading.local()


def _leaf_solver() -> Solver:
    """This thread's small-table solver for leaf values (strict positions are small)."""
    solver: Solver | None = getattr(_local, "solver", None)
    if solver is None:
        solver = _local.solver = Solver(4)
    return solver


def _check(
    view: object, iterations: object, seed: object, c: object, time_limit: object,
    rollout: object,
) -> None:
    if not isinstance(view, View):
        raise SixtySixError(f"ismcts needs a View, got {type(view).__name__}")
    if view.to_act is None:
        raise SixtySixError("the hand is over: there is nothing to decide")
    if view.to_act != view.seat:
        raise SixtySixError(
            f"it is seat {view.to_act}'s turn, not seat {view.seat}'s: ISMCTS decides for the "
            "seat to act (its legal actions depend on its own hand)"
        )
    if not isinstance(iterations, int) or isinstance(iterations, bool) or iterations < 1:
        raise SixtySixError(f"iterations must be a positive integer, got {iterations!r}")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
        raise SixtySixError(f"seed must be an integer from 0 to 2**64-1, got {seed!r}")
    if (
        not isinstance(c, (int, float)) or isinstance(c, bool)
        or not math.isfinite(c) or c < 0
    ):
        raise SixtySixError(f"c must be a finite number >= 0, got {c!r}")
    if time_limit is not None:
        check_seconds("time_limit", time_limit)
    if rollout not in _ROLLOUTS:
        raise SixtySixError(f"unknown rollout {rollout!r}: use one of {', '.join(_ROLLOUTS)}")


def _check_iterations(iterations: object) -> None:
    """The iterations keyword, with ISMCTS's own message (before the limits check it)."""
    if iterations is not None and (
        not isinstance(iterations, int) or isinstance(iterations, bool) or iterations < 1
    ):
        raise SixtySixError(f"iterations must be a positive integer, got {iterations!r}")


def _worlds(view: View, seed: int) -> Iterator[Game]:
    """Worlds of the view, in chunks sampled with seeds drawn from ``seed``: the same seed
    gives the same sequence however many are used."""
    space = WorldSpace(view)
    seeds = random.Random(seed)
    while True:
        for lay in space.sample(_CHUNK, seeds.getrandbits(64)):
            yield lay.game(view)


def _random_code(state: Any, rng: random.Random, players: int, target: int) -> int:
    """:func:`~sixtysix_solver.rules.random_play.random_action` on action codes: a claim exactly when it
    is true, closing one time in ten when it is allowed, otherwise uniform."""
    legal: list[int] = state.legal_actions()
    if _CLAIM in legal:
        p: int = state.to_act
        side = p % 2 if players == 4 else p
        if state.scores()[side] >= target:
            return _CLAIM
        legal = [a for a in legal if a != _CLAIM] or legal
    if _CLOSE in legal and len(legal) > 1 and rng.random() >= 0.1:
        legal = [a for a in legal if a != _CLOSE]
    return legal[rng.randrange(len(legal))]


def ismcts(
    view: View,
    *,
    limits: SearchLimits | None = None,
    iterations: int | None = None,
    seed: int | None = None,
    c: float = 0.7,
    time_limit: float | None = None,
    rollout: Rollout = "solver",
) -> IsmctsResult:
    """Single-observer information-set MCTS for the seat of ``view``, which must be the seat to
    act. Runs ``iterations`` iterations (or fewer, when ``time_limit`` seconds run out first:
    the result then depends on the machine's speed); each samples one world, descends the
    shared tree by UCB1 with availability counts, expands one node and finishes the hand with
    ``rollout`` (module docstring). ``c`` is the exploration constant for rewards scaled to a
    range of width 1 (game points divided by ``2 * (3 + carry)``). The result holds every root
    action's visits and mean game points (for the seat's side, from its point of view) and
    ``best``, the most visited (ties: the higher mean, then the lower action code). Raises
    :class:`~sixtysix_solver.errors.SixtySixError` on bad arguments and
    :class:`~sixtysix_solver.errors.PositionError` when no deal fits the view.

    The budget is a :class:`~sixtysix_solver.advice.limits.SearchLimits` (``limits``: its
    ``iterations``, ``seed`` and ``time_limit``), or built from those keywords (defaults 1000
    iterations, seed 0, no time limit); keywords given with ``limits`` replace its fields."""
    _check_iterations(iterations)
    lim = resolve_limits(limits, iterations=iterations, seed=seed, time_limit=time_limit)
    iterations, seed, time_limit = lim.iterations, lim.seed, lim.time_limit
    _check(view, iterations, seed, c, time_limit, rollout)
    t0 = time.perf_counter()
    deadline = None if time_limit is None else t0 + float(time_limit)
    profile = view.profile
    players, target, sides = profile.players, profile.target, profile.sides
    open_strict = profile.open_strict
    use_solver = rollout == "solver"
    solver = _leaf_solver() if use_solver else None
    explore = float(c) * 2.0 * (3 + view.carry)  # c for rewards of range width 1
    log = math.log
    sqrt = math.sqrt

    def side(p: int) -> int:
        return p % 2 if players == 4 else p

    def stock_done(state: Any) -> bool:
        """The stock is closed or exhausted (or there is none): the solver's frontier."""
        if not state.strict:
            return False
        if not open_strict:
            return True
        f = state.fields()
        return not f["stock"] or f["closed_by"] >= 0

    rng = random.Random(seed)
    worlds = _worlds(view, seed)
    first = next(worlds)
    root_legal: list[int] = first.legal_action_codes()
    root = _Node(-1, -1)
    seat = view.seat
    done = 0
    pending: Game | None = first
    while done < iterations:
        if deadline is not None and done and time.perf_counter() >= deadline:
            break
        world = pending if pending is not None else next(worlds)
        pending = None
        state = world.core.copy()
        node = root
        path: list[_Node] = []
        # Selection and expansion.
        while not state.over:
            p: int = state.to_act
            base = p * _STRIDE
            children = node.children
            untried: list[int] = []
            avail: list[_Node] = []
            for a in state.legal_actions():
                ch = children.get(base + a)
                if ch is None:
                    untried.append(a)
                else:
                    avail.append(ch)
            for ch in avail:
                ch.avail += 1
            if untried:
                a = untried[rng.randrange(len(untried))]
                new = _Node(a, p)
                new.avail = 1
                children[base + a] = new
                state.apply(a)
                path.append(new)
                break
            best = avail[0]
            best_u = -math.inf
            for ch in avail:
                u = ch.total / ch.visits + explore * sqrt(log(ch.avail) / ch.visits)
                if u > best_u:
                    best, best_u = ch, u
            state.apply(best.action)
            path.append(best)
            node = best
        # Rollout.
        if use_solver:
            while not state.over and not stock_done(state):
                state.apply(_random_code(state, rng, players, target))
        else:
            while not state.over:
                state.apply(_random_code(state, rng, players, target))
        rewards: list[float]
        if state.over:
            rewards = [float(x) for x in state.fields()["returns"]]
        else:
            assert solver is not None
            q: int = state.to_act
            # (no limit: exact, lower == upper)
            v = float(solver.solve(Game(profile, state, {}), actions=False, pv=False).lower)
            if sides == 2:
                rewards = [v if side(p) == side(q) else -v for p in range(players)]
            else:
                rewards = [v if p == q else -v / 2 for p in range(players)]
        # Backup.
        for n in path:
            n.visits += 1
            n.total += rewards[n.player]
        done += 1

    stats = []
    for a in root_legal:
        ch = root.children.get(seat * _STRIDE + a)
        visits = ch.visits if ch is not None else 0
        mean = ch.total / ch.visits if ch is not None and ch.visits else 0.0
        stats.append(IsmctsActionStats(Action.from_code(a), visits, mean))
    best_stats = max(stats, key=lambda s: (s.visits, s.mean, -s.action.code))

    nodes = 0
    stack = [root]
    while stack:
        n = stack.pop()
        nodes += len(n.children)
        stack.extend(n.children.values())
    return IsmctsResult(
        seat=seat,
        iterations=done,
        rollout=rollout,
        actions=tuple(stats),
        best=best_stats.action,
        nodes=nodes,
        seconds=time.perf_counter() - t0,
    )
