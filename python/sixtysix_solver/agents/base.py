"""The agent interface: an :class:`Agent` acts from a seat's :class:`View` and nothing else,
and an :class:`AgentSpec` names an agent in a few characters so that it can be sent to another
process and built there (:mod:`sixtysix_solver.play.arena`).

An agent never receives a :class:`~sixtysix_solver.rules.game.Game`, so it cannot see the hidden
cards; the legal actions are computed from the view itself
(:func:`~sixtysix_solver.knowledge.legal.legal_actions`). Agents are deterministic for their
seed; :meth:`Agent.new_match` re-seeds one at the start of a match. The kinds of agent register
their builders here (:func:`register`); ``sixtysix_solver.agents`` imports them all.

An agent that infers the hidden cards from the others' play (``uses_history``) may also be given
the hand's public :class:`~sixtysix_solver.knowledge.history.History` from its seat: what that
seat saw happen, nothing hidden. The arena and the other drivers pass it to those agents only.

>>> from sixtysix_solver import Game, View
>>> g = Game.deal("schnapsen", seed=3)
>>> bot = AgentSpec.parse("heuristic").build(seed=1)
>>> bot.name, str(bot.act(View.from_game(g)))
('heuristic', 'JD')
>>> bot.act(g)
Traceback (most recent call last):
...
sixtysix_solver.errors.AgentError: agents see a View only, got Game: build one with View.from_game(game, seat)
"""

from __future__ import annotations

import importlib
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import final

from ..advice.recommend import CLOSEWIN
from ..advice.stats import CARD_TIE
from ..errors import AgentError
from ..knowledge.history import History, HistoryError
from ..knowledge.legal import legal_actions
from ..knowledge.view import View
from ..rules.actions import Action
from ..rules.game import Game

__all__ = ["AGENT_KINDS", "Agent", "AgentError", "AgentSpec", "Param", "act_in_game", "register"]


def _check_seed(seed: object) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
        raise AgentError(f"seed must be an integer from 0 to 2**64-1, got {seed!r}")
    return seed


# --- the interface ------------------------------------------------------------------------------
class Agent(ABC):
    """A player that sees only its own :class:`~sixtysix_solver.knowledge.view.View`.

    Subclasses implement :meth:`choose` (the view and its legal actions in, one of those
    actions out) and may override :meth:`new_match` to reset state between matches. ``name``
    is the agent's spec text (``engine:3``), which the arena uses to tell agents apart.
    """

    name: str = "agent"
    #: Does the agent read the hand's history (``act(view, history)``)? Drivers build one only
    #: for agents that do.
    uses_history: bool = False

    def __init__(self, seed: int = 0) -> None:
        self.seed = _check_seed(seed)
        self.rng = random.Random(self.seed)

    @property
    @abstractmethod
    def spec(self) -> AgentSpec:
        """The spec that builds this agent (without its seed)."""

    def new_match(self, seed: int | None = None) -> None:
        """Start afresh: re-seed (with ``seed``, or the agent's own seed again) and forget
        anything remembered."""
        if seed is not None:
            self.seed = _check_seed(seed)
        self.rng = random.Random(self.seed)

    def reset(self) -> None:
        """Same as :meth:`new_match` with the agent's own seed."""
        self.new_match(None)

    @final
    def act(self, view: View, history: History | None = None) -> Action:
        """The agent's action for ``view``'s seat, which must be the seat to act. Only a
        :class:`View` is accepted (never a ``Game``: agents must not see hidden cards), and
        optionally the hand's public history from that seat
        (:meth:`History.from_game(game, seat) <sixtysix_solver.knowledge.history.History.from_game>`),
        which must lead to ``view``."""
        if not isinstance(view, View):
            raise AgentError(
                f"agents see a View only, got {type(view).__name__}: build one with "
                "View.from_game(game, seat)"
            )
        if history is not None:
            if not isinstance(history, History):
                raise AgentError(f"a history must be a History, got {type(history).__name__}")
            if history.view != view:
                raise AgentError("the history does not lead to the view the agent acts on")
        legal = legal_actions(view)
        action = self.choose_with(view, legal, history)
        if action not in legal:
            raise AgentError(
                f"{self.name} chose {action}, which is not legal; legal: "
                + " ".join(str(a) for a in legal)
            )
        return action

    @abstractmethod
    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """One of ``legal`` for the seat of ``view`` (the seat to act)."""

    def wants_history(self, profile: str) -> bool:
        """Does the agent read the hand's history in ``profile`` (a profile's name)? Drivers
        build one only then; :attr:`uses_history` unless an agent knows better."""
        return self.uses_history

    def settings(self, profile: str) -> str:
        """What the agent plays with in ``profile`` (a profile's name), in spec notation: its
        :attr:`spec` with every setting that a default decides written out as that default
        stands today, so that a record of its play still says what played after a default
        changes (the arena writes it in each match result). The spec's text unless an agent
        has such settings.

        >>> from sixtysix_solver.agents import HeuristicAgent
        >>> HeuristicAgent().settings("sixty-six")
        'heuristic'
        """
        return str(self.spec)

    def choose_with(self, view: View, legal: Sequence[Action], history: History | None) -> Action:
        """:meth:`choose`, given the hand's history when the driver has one (``None`` else);
        agents that use it (``uses_history``) override this."""
        return self.choose(view, legal)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} seed={self.seed}>"


def act_in_game(agent: Agent, game: Game, seat: int) -> Action:
    """``agent``'s action at ``seat`` of ``game``, the seat to act: from the seat's view, and
    its public history for an agent that uses one (when the game started at a deal)."""
    history = None
    if agent.wants_history(game.profile.name):
        try:
            history = History.from_game(game, seat)
        except HistoryError:  # a position set up mid-hand: its past is unknown
            history = None
    view = View.from_game(game, seat)
    return agent.act(view) if history is None else agent.act(view, history)


# --- specs ----------------------------------------------------------------------------------------
Param = int | float | bool | str

AGENT_KINDS: dict[str, tuple[str, ...]] = {
    "random": ("sensible",),
    "heuristic": ("rules",),
    "engine": ("level", "worlds", "time", "threads", "match", "closewin", "anchor", "club",
               "iimc", "tie", "judge", "infer", "pasts", "deepen", "race", "eval", "concede",
               "cards", "others", "lookahead", "exploit", "fallible", "follow", "replies",
               "model"),
    "ismcts": ("level", "iterations", "time", "threads", "rollout", "c"),
    "custom": ("factory",),  # plus any keyword the factory takes
}
"""Agent kinds and the parameters each accepts in a spec."""

_POSITIONAL = {"heuristic": "rules"}
"""The parameter a bare first value names (``heuristic:basic``); ``level`` for the others."""
_DEFAULTS: dict[str, dict[str, Param]] = {"heuristic": {"rules": "expert"},
                                          "engine": {"follow": "auto", "infer": "auto",
                                                     "deepen": True, "race": True,
                                                     "eval": "auto",
                                                     "closewin": CLOSEWIN, "concede": True,
                                                     "cards": CARD_TIE, "others": "auto",
                                                     "exploit": False}}
"""Parameter values that are the kind's default: left out of the canonical spec."""


def _value(text: str) -> Param:
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return text


def _fmt(v: Param) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def settings_text(kind: str, params: dict[str, Param]) -> str:
    """``kind:name=value,...`` with every parameter written, sorted by name (defaults too,
    unlike a canonical :class:`AgentSpec`): the text of :meth:`Agent.settings`."""
    if not params:
        return kind
    return f"{kind}:" + ",".join(f"{k}={_fmt(v)}" for k, v in sorted(params.items()))


@dataclass(frozen=True)
class AgentSpec:
    """A picklable recipe for an agent: ``kind`` (:data:`AGENT_KINDS`) and ``params``
    (sorted ``(name, value)`` pairs; a parameter at its default is left out). Text form:
    ``kind`` or ``kind:name=value,...``; a bare first value is the level (``engine:3``), for
    ``heuristic`` the rules (``heuristic:basic``). ``custom:factory=module.attr,...`` builds
    an agent of your own: ``module.attr(seed=..., **params)`` must return an :class:`Agent`.

    >>> s = AgentSpec.parse("engine:worlds=50")
    >>> s, str(s), str(AgentSpec.parse(" Engine:3 "))
    (AgentSpec.parse('engine:worlds=50'), 'engine:worlds=50', 'engine:3')
    >>> str(AgentSpec.parse("heuristic:rules=basic")), str(AgentSpec.parse("heuristic:expert"))
    ('heuristic:basic', 'heuristic')
    >>> AgentSpec.parse("ismcts:iterations=200").build(seed=1).name
    'ismcts:iterations=200'
    >>> AgentSpec.parse("engine:depth=3")
    Traceback (most recent call last):
    ...
    sixtysix_solver.errors.AgentError: engine does not take depth; it takes: level, worlds, time, threads, match, closewin, anchor, club, iimc, tie, judge, infer, pasts, deepen, race, eval, concede, cards, others, lookahead, exploit, fallible, follow, replies, model
    """

    kind: str
    params: tuple[tuple[str, Param], ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in AGENT_KINDS:
            raise AgentError(
                f"unknown agent {self.kind!r}; known: {', '.join(AGENT_KINDS)}"
            )
        allowed = AGENT_KINDS[self.kind]
        names = [k for k, _ in self.params]
        if len(set(names)) != len(names):
            raise AgentError(f"{self.kind}: a parameter is given twice")
        for k, _ in self.params:
            if self.kind != "custom" and k not in allowed:
                raise AgentError(
                    f"{self.kind} does not take {k}; it takes: {', '.join(allowed) or 'nothing'}"
                )
        if self.kind == "custom" and "factory" not in names:
            raise AgentError("custom agents need factory=module.attr")
        defaults = _DEFAULTS.get(self.kind, {})
        params = tuple(sorted((k, v) for k, v in self.params if defaults.get(k, None) != v))
        object.__setattr__(self, "params", params)

    @classmethod
    def parse(cls, text: str | AgentSpec) -> AgentSpec:
        """A spec from its text (an :class:`AgentSpec` is returned as it is)."""
        if isinstance(text, AgentSpec):
            return text
        if not isinstance(text, str) or not text.strip():
            raise AgentError(f"bad agent spec {text!r}: expected e.g. random, heuristic, "
                             "engine:3, engine:worlds=50, ismcts:iterations=200")
        kind, _, rest = text.strip().partition(":")
        params: list[tuple[str, Param]] = []
        for i, item in enumerate(x.strip() for x in rest.split(",") if x.strip()):
            name, eq, value = item.partition("=")
            if not eq:
                if i:
                    raise AgentError(f"bad agent spec {text!r}: {item!r} needs name=value")
                name, value = _POSITIONAL.get(kind.strip().lower(), "level"), item
            params.append((name.strip().lower(), _value(value.strip())))
        return cls(kind.strip().lower(), tuple(params))

    def __str__(self) -> str:
        if not self.params:
            return self.kind
        if len(self.params) == 1 and self.params[0][0] == _POSITIONAL.get(self.kind, "level"):
            return f"{self.kind}:{_fmt(self.params[0][1])}"
        return f"{self.kind}:" + ",".join(f"{k}={_fmt(v)}" for k, v in self.params)

    def __repr__(self) -> str:
        return f"AgentSpec.parse({str(self)!r})"

    @property
    def name(self) -> str:
        return str(self)

    def build(self, seed: int = 0) -> Agent:
        """The agent, seeded."""
        p = dict(self.params)
        if self.kind == "custom":
            return _build_custom(self, p, seed)
        try:
            agent = _BUILDERS[self.kind](p, seed)
        except TypeError as err:  # pragma: no cover - the params are checked above
            raise AgentError(f"{self}: {err}") from None
        return agent


def _build_custom(spec: AgentSpec, params: dict[str, Param], seed: int) -> Agent:
    path = str(params.pop("factory"))
    module, _, attr = path.replace(":", ".").rpartition(".")
    try:
        factory = getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError, ValueError) as err:
        raise AgentError(f"custom agent: cannot import {path}: {err}") from None
    try:
        agent = factory(seed=seed, **params)
    except TypeError as err:
        raise AgentError(f"custom agent: {path}(seed=..., **params) failed: {err}") from None
    if not isinstance(agent, Agent):
        raise AgentError(f"custom agent: {path} returned {type(agent).__name__}, not an Agent")
    agent.name = str(spec)
    return agent


_BUILDERS: dict[str, Callable[[dict[str, Param], int], Agent]] = {}


def register(kind: str) -> Callable[[Callable[[dict[str, Param], int], Agent]],
                                    Callable[[dict[str, Param], int], Agent]]:
    """Register the builder of a kind of agent in :data:`AGENT_KINDS` (``params, seed`` in, the
    agent out)."""
    def deco(build: Callable[[dict[str, Param], int], Agent]) -> Callable[[dict[str, Param], int], Agent]:
        _BUILDERS[kind] = build
        return build
    return deco
