"""Exact solving of open-card positions (every card's place known).

Values are for the side to act (with three players: the player to act against the other two
together). Objectives: ``"game_points"`` (the hand's zero-sum result, carry included),
``"win"`` (+1 win, 0 nobody scores, -1 loss) and ``"card_points"`` (the side's score when
every card has been played, claims ignored; with three hands it includes the dead hand's points
for the player who took most tricks, as the natural end counts them).

>>> from sixtysix_solver import Game
>>> g = Game.deal("schnapsen", seed=4)
>>> r = solve(g)
>>> r.value, r.player, [str(a) for a in r.best]
(-1, 1, ['AC', 'TC', 'QC', 'QD', 'JH'])
>>> max(av.value for av in r.actions) == r.value, len(r.pv) > 0
(True, True)
>>> batch = solve_many([g, g.clone()], threads=2)
>>> batch.values.tolist()
[-1, -1]

Every search takes a budget (``node_limit``, ``time_limit``, a :class:`CancelToken`, Ctrl-C)
and, when it ends first, returns the bounds proven so far instead of failing: ``lower <= value
<= upper`` for the position and for each action. ``value`` is the exact value, or ``None``
where the bounds are not yet equal (no guess passes for a result); ``best`` then holds the
actions with the highest proven lower bound, those that secure the most so far.

>>> s = Solver(8).solve(Game.deal("sixty-six", seed=3), node_limit=1000)
>>> s.exact, s.value, s.lower <= s.upper, s.stopped
(False, None, True, 'node limit reached')
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from .. import _core
from .actions import Action
from ..errors import NotationError, SixtySixError
from .cancel import CancelToken, interruptible
from .game import Game
from .schema import (
    JsonMixin, expect_keys, get_action, get_actions, get_float, get_int, get_ints, get_str,
)

Objective = Literal["game_points", "win", "card_points"]
_OBJECTIVES = ("game_points", "win", "card_points")


@dataclass(frozen=True)
class ActionValue(JsonMixin):
    """One action's value: proven to lie in ``[lower, upper]``; exact when they are equal."""

    action: Action
    lower: int
    upper: int

    @property
    def exact(self) -> bool:
        return self.lower == self.upper

    @property
    def value(self) -> int | None:
        """The exact value, or ``None`` where the search stopped first."""
        return self.lower if self.lower == self.upper else None

    def to_dict(self) -> dict[str, Any]:
        """``action``, ``value`` (``null`` unless exact), ``lower``, ``upper``."""
        return {"action": str(self.action), "value": self.value, "lower": self.lower,
                "upper": self.upper}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> ActionValue:
        d = expect_keys(d, ("action", "value", "lower", "upper"), "an action value")
        out = cls(get_action(d, "action"), get_int(d, "lower"), get_int(d, "upper"))
        if get_int(d, "value", none=True) != out.value:
            raise NotationError("an action value: value must be lower where lower == upper, "
                                "else null")
        return out


@dataclass(frozen=True)
class SolveResult(JsonMixin):
    """A position's value and, on request, every legal action's: exact, or the bounds proven
    when a limit or a cancel stopped the search (``stopped`` says which; ``pv`` may then be
    short or empty)."""

    lower: int
    upper: int
    player: int  # the seat to act (``seat`` in the JSON schema)
    objective: str
    actions: tuple[ActionValue, ...]
    pv: tuple[Action, ...]
    nodes: int
    seconds: float
    side: int
    sides: int
    stopped: str | None = None  # "node limit reached", "time limit reached", "cancelled"

    @property
    def exact(self) -> bool:
        return self.lower == self.upper

    @property
    def value(self) -> int | None:
        """The exact value, or ``None`` where the search stopped first (see lower, upper)."""
        return self.lower if self.lower == self.upper else None

    @property
    def best(self) -> tuple[Action, ...]:
        """The actions that reach the value (empty when action values were not asked for).
        Where the search stopped first: those with the highest proven lower bound (the most
        they secure so far), and of those the highest upper bound."""
        top = max(((av.lower, av.upper) for av in self.actions), default=None)
        return tuple(av.action for av in self.actions if (av.lower, av.upper) == top)

    def value_for_side(self, side: int) -> int:
        """The exact value signed for one side (two-sided games only: the result is zero-sum)."""
        if self.sides != 2 or self.objective == "card_points":
            raise SixtySixError("values per side exist for two-sided game-point objectives only")
        if side not in (0, 1):
            raise SixtySixError(f"side must be 0 or 1, got {side!r}")
        if self.value is None:
            raise SixtySixError(f"no exact value ({self.stopped}): use lower and upper")
        return self.value if side == self.side else -self.value

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-ready data (``docs/schema.md``): ``seat`` is :attr:`player`;
        ``best`` is derived (``from_dict`` recomputes it)."""
        return {
            "objective": self.objective, "seat": self.player, "side": self.side,
            "sides": self.sides, "value": self.value, "lower": self.lower, "upper": self.upper,
            "stopped": self.stopped, "actions": [av.to_dict() for av in self.actions],
            "best": [str(a) for a in self.best], "pv": [str(a) for a in self.pv],
            "nodes": self.nodes, "seconds": self.seconds,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> SolveResult:
        keys = ("objective", "seat", "side", "sides", "value", "lower", "upper", "stopped",
                "actions", "best", "pv", "nodes", "seconds")
        d = expect_keys(d, keys, "a solve result")
        acts = d["actions"]
        if not isinstance(acts, list):
            raise NotationError("actions must be a list of action values")
        out = cls(
            lower=get_int(d, "lower"), upper=get_int(d, "upper"), player=get_int(d, "seat"),
            objective=get_str(d, "objective"),
            actions=tuple(ActionValue.from_dict(a) for a in acts),
            pv=get_actions(d, "pv"), nodes=get_int(d, "nodes"), seconds=get_float(d, "seconds"),
            side=get_int(d, "side"), sides=get_int(d, "sides"),
            stopped=get_str(d, "stopped", none=True),
        )
        if get_int(d, "value", none=True) != out.value or get_actions(d, "best") != out.best:
            raise NotationError("a solve result: value or best does not match the bounds")
        return out


@dataclass(frozen=True, eq=False)
class BatchResult(JsonMixin):
    """Per position: the bounds proven (``lower == upper`` where exact), ``values`` (the exact
    value, 0 where a limit or a cancel stopped it first), ``aborted`` (those), node counts.

    The arrays are read-only, so that the result is a value: equal when every array is equal,
    hashable, picklable."""

    lower: npt.NDArray[np.int16]
    upper: npt.NDArray[np.int16]
    nodes: npt.NDArray[np.uint64]

    def __post_init__(self) -> None:
        for name, dtype in (("lower", np.int16), ("upper", np.int16), ("nodes", np.uint64)):
            a = np.array(getattr(self, name), dtype=dtype)  # a copy: nobody else writes it
            a.setflags(write=False)
            object.__setattr__(self, name, a)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BatchResult):
            return NotImplemented
        return all(np.array_equal(getattr(self, k), getattr(other, k))
                   for k in ("lower", "upper", "nodes"))

    def __hash__(self) -> int:
        return hash((self.lower.tobytes(), self.upper.tobytes(), self.nodes.tobytes()))

    def to_dict(self) -> dict[str, Any]:
        """``lower``, ``upper``, ``nodes``: one number per position."""
        return {"lower": self.lower.tolist(), "upper": self.upper.tolist(),
                "nodes": self.nodes.tolist()}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> BatchResult:
        d = expect_keys(d, ("lower", "upper", "nodes"), "a batch result")
        lower, upper, nodes = get_ints(d, "lower"), get_ints(d, "upper"), get_ints(d, "nodes")
        if not len(lower) == len(upper) == len(nodes):
            raise NotationError("a batch result: lower, upper and nodes differ in length")
        return cls(np.array(lower, dtype=np.int16), np.array(upper, dtype=np.int16),
                   np.array(nodes, dtype=np.uint64))

    @property
    def aborted(self) -> npt.NDArray[np.bool_]:
        out: npt.NDArray[np.bool_] = self.lower != self.upper
        return out

    @property
    def values(self) -> npt.NDArray[np.int16]:
        return np.where(self.aborted, 0, self.lower).astype(np.int16)


def core_limits(node_limit: int | None, time_limit: float | None) -> tuple[int, float]:
    """A search's node and time limits checked, as the core takes them (0: none)."""
    if node_limit is not None and (not isinstance(node_limit, int) or node_limit < 1):
        raise SixtySixError(f"node_limit must be a positive integer, got {node_limit!r}")
    if time_limit is not None and not time_limit > 0:
        raise SixtySixError(f"time_limit must be positive seconds, got {time_limit!r}")
    return node_limit or 0, float(time_limit or 0.0)


def _check(objective: str, node_limit: int | None, time_limit: float | None) -> tuple[int, float]:
    if objective not in _OBJECTIVES:
        raise SixtySixError(f"unknown objective {objective!r}: use one of {', '.join(_OBJECTIVES)}")
    return core_limits(node_limit, time_limit)


class Solver:
    """A solver with its own transposition table (``tt_mib`` MiB, allocated once).

    One solve runs at a time per solver (calls from several threads wait for each other);
    use one solver per thread, or :func:`solve`, which keeps one per thread.
    """

    def __init__(self, tt_mib: int = 64) -> None:
        if not isinstance(tt_mib, int) or not 1 <= tt_mib <= 65536:
            raise SixtySixError(f"tt_mib must be an integer from 1 to 65536, got {tt_mib!r}")
        self._core = _core.Solver(tt_mib)
        self.tt_mib = tt_mib

    def solve(
        self,
        game: Game,
        *,
        objective: Objective = "game_points",
        actions: bool = True,
        pv: bool = True,
        node_limit: int | None = None,
        time_limit: float | None = None,
        cancel: CancelToken | None = None,
    ) -> SolveResult:
        """Solve ``game``'s current position: exactly, or, where a limit, ``cancel`` (set from
        another thread) or Ctrl-C stops the search first, to the bounds proven so far. Ctrl-C
        (in the main thread) then raises ``KeyboardInterrupt`` here."""
        nodes, seconds = _check(objective, node_limit, time_limit)
        out = self._core.solve(
            game.core, objective, nodes, seconds, actions, pv,
            cancel=None if cancel is None else cancel.core, interrupt=interruptible(),
        )
        to_act = game.to_act
        assert to_act is not None
        return SolveResult(
            lower=int(out["lower"]),
            upper=int(out["upper"]),
            player=to_act,
            objective=objective,
            actions=tuple(
                ActionValue(Action.from_code(c), int(lo), int(hi)) for c, lo, hi in out["actions"]
            ),
            pv=tuple(Action.from_code(c) for c in out["pv"]),
            nodes=int(out["nodes"]),
            seconds=float(out["seconds"]),
            side=to_act % 2 if game.players == 4 else to_act,
            sides=game.profile.sides,
            stopped=out["stopped"],
        )


_local = threading.local()


def solve(game: Game, **kwargs: object) -> SolveResult:
    """Solve with this thread's default :class:`Solver` (64 MiB table); see
    :meth:`Solver.solve` for the options."""
    solver = getattr(_local, "solver", None)
    if solver is None:
        solver = _local.solver = Solver()
    return solver.solve(game, **kwargs)  # type: ignore[arg-type]


def solve_many(
    games: Sequence[Game],
    *,
    objective: Objective = "game_points",
    threads: int = 1,
    tt_mib: int = 4,
    node_limit: int | None = None,
    time_limit: float | None = None,
    cancel: CancelToken | None = None,
) -> BatchResult:
    """Solve many positions in one call (C++ threads, the GIL released): the value for the side
    to act in each, exact or (a limit per position, ``cancel``, Ctrl-C) the bounds proven, and
    node counts."""
    nodes, seconds = _check(objective, node_limit, time_limit)
    if not isinstance(threads, int) or not 1 <= threads <= 256:
        raise SixtySixError(f"threads must be an integer from 1 to 256, got {threads!r}")
    states: list[_core.State] = []
    for g in games:
        if not isinstance(g, Game):
            raise SixtySixError(f"solve_many needs Game objects, got {type(g).__name__}")
        states.append(g.core)
    lower, upper, node_counts = _core.solve_batch(
        states, objective, threads, tt_mib, nodes, seconds,
        cancel=None if cancel is None else cancel.core, interrupt=interruptible(),
    )
    return BatchResult(lower, upper, node_counts)
