"""Search limits: the one options object that carries a search's budget and its knobs.

Every search of the advice layer (:func:`~sixtysix_solver.advice.recommend.recommend`,
:func:`~sixtysix_solver.advice.recommend.evaluate_lines`,
:func:`~sixtysix_solver.advice.closing.analyse_closing`,
:func:`~sixtysix_solver.advice.ismcts.ismcts`) and everything that drives one (the engine agent,
the protocol session, the command line) passes its budget as one :class:`SearchLimits`, in the
spirit of a chess engine's ``LimitsType``: how many worlds (or ISMCTS iterations), how long,
how many threads and how big a table, which seed, and when to stop early. The public functions
still take the budget as keywords (``worlds=``, ``seed=``, ``time_limit=`` ...), which build
one, or the object itself as ``limits=``; keywords given with ``limits=`` replace its fields
(:func:`resolve_limits`).

What a search is asked (the utility, an opponent model and the hand's history, the lines to
value) and how it reports (``on_progress``, a ``stop`` event) are not limits and stay
arguments of their own.

>>> limits = SearchLimits(worlds=200, time_limit=1.5, seed=7)
>>> limits.worlds, limits.time_limit, limits.threads, limits.exact
(200, 1.5, None, None)
>>> resolve_limits(limits, seed=3, threads=None).seed  # None: keep the limits' field
3
>>> SearchLimits(worlds=0)
Traceback (most recent call last):
...
sixtysix_solver.errors.ArgumentError: worlds must be an integer at least 1, got 0
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ..errors import ArgumentError
from ..rules.arguments import check_flag, check_int, check_seconds
from .stats import CARD_TIE

__all__ = [
    "DEFAULT_PAST_LIMIT",
    "DEFAULT_PAST_SAMPLES",
    "MAX_HORIZON",
    "METHODS",
    "OTHERS",
    "SearchLimits",
    "check_hooks",
    "check_int",
    "resolve_limits",
]

DEFAULT_PAST_LIMIT = 512  # pasts of one hand enumerated when at most this many
DEFAULT_PAST_SAMPLES = 32  # else this many sampled
METHODS = ("auto", "exact", "horizon")
MAX_HORIZON = 8  # the horizon search's deepest depth (tricks)
MAX_LOOKAHEAD = 64  # the seat's decisions planned ahead against the club (the core's bound)
OTHERS = ("auto", "paranoid", "maxn", "club", "expert")  # how the other two of three play in an exactly solved world

_SEED_LO, _SEED_HI = -(2**63), 2**64 - 1  # the union of the searches' seed ranges


@dataclass(frozen=True)
class SearchLimits:
    """A search's budget and knobs (frozen: derive another with :func:`dataclasses.replace`
    or :func:`resolve_limits`). Fields are checked on construction
    (:class:`~sixtysix_solver.errors.ArgumentError`, named for the field).

    ``worlds``: the most worlds a Monte Carlo search solves (PIMC);
    ``iterations``: the most iterations of ISMCTS (one sampled world each);
    ``time_limit``: seconds, ``None`` for none: the search stops with the figures so far;
    ``exact``: ``None`` solves every world when at most ``worlds`` fit the view (else
    samples), ``True`` always enumerates them, ``False`` always samples;
    ``stop_when_clear``: stop as soon as one action is clearly best;
    ``threads``: solver threads (``None``: the machine's cores); ``tt_mib``: table size per
    thread in MiB (``None``: sized by the position);
    ``seed``: the worlds' seed (the same seed, the same worlds and figures; PIMC takes a signed,
    ISMCTS an unsigned 64-bit integer);
    ``method``: how a world values an action: ``"exact"`` solves it to the end of the hand,
    ``"horizon"`` searches ``horizon`` tricks ahead and estimates beyond (exact where play
    reaches the strict phase inside the horizon; at most ``world_nodes`` nodes a world; with a
    ``time_limit`` and ``deepen``, time left once every world is valued goes to valuing them
    again one trick deeper, and deeper), and
    ``"auto"`` (the default) takes the exact solve where it is cheap (the stock out of play, or
    few cards left: :func:`~sixtysix_solver.advice.recommend.method_for`; under a time limit,
    where the exact worlds come fast enough: :func:`~sixtysix_solver.advice.recommend.probes`)
    and the horizon search elsewhere;
    ``card_tie``: with three players each alone, what a card point the action secures adds to
    its utility (:data:`~sixtysix_solver.advice.stats.CARD_TIE`; 0: game points alone);
    ``others``: with three players each alone, how an exactly solved world takes the other
    two to play: ``"paranoid"`` (together against the seat) or ``"maxn"`` (each for itself:
    max^n, every player after its own game points, then its own points) or ``"club"`` (by the
    basic club player's rules, ``heuristic:basic``, while the seat plays its best line against
    those replies: an opponent model, for deals of one copy of each card where nobody has a
    partner); ``"auto"`` (the default) is ``"club"`` in three-hand, where it won more
    matches than the paranoid value against both club players and as many against engines
    (docs/strength.md), and the paranoid value elsewhere (with two sides ``"paranoid"`` and
    ``"maxn"`` are the plain game value; ``"club"`` is the seat's best line against the basic
    club player's replies in the two-player games of one deck, in exact worlds whatever the
    stock: an exploit of that player, best with a ``lookahead``, and the game value in
    double-deck and the four-hand games); ``"expert"`` is the same against the full club
    player's replies (``heuristic``, docs/club-player.md) in the two-player games of one deck,
    both sides playing exactly once every card is known (as that player counts its endgame),
    and the game value elsewhere;
    ``lookahead``: against the club's replies, how many more of its own decisions the seat plans
    with the world's cards seen, after the one advised on, before it too plays by the club's
    rules (``None``, the default: to the end of the hand; 0: the club's play values the action,
    a rollout);
    ``race``: sampled worlds race the actions: once an action is clearly behind the best
    (paired over the worlds so far, at 99.9%, after at least 64 of them), the worlds that
    follow value only the others, so that they come faster where the choice is still open
    (the figures of an action left behind are those of the worlds it was valued in:
    :attr:`Recommendation.valued <sixtysix_solver.advice.recommend.Recommendation>`); with
    exact worlds the actions still valued have the figures they would have without the race,
    on the same worlds, and the best is chosen among them;
    ``past_limit``/``past_samples``: with an opponent model, a hand's pasts are averaged
    exactly when at most ``past_limit`` fit it, else over ``past_samples`` seeded samples
    (checked where they are used).
    """

    worlds: int = 1000
    iterations: int = 1000
    time_limit: float | None = None
    exact: bool | None = None
    stop_when_clear: bool = False
    threads: int | None = None
    tt_mib: int | None = None
    seed: int = 0
    past_limit: int = DEFAULT_PAST_LIMIT
    past_samples: int = DEFAULT_PAST_SAMPLES
    method: str = "auto"
    horizon: int = 2
    world_nodes: int = 200_000
    deepen: bool = True
    card_tie: float = CARD_TIE
    others: str = "auto"
    lookahead: int | None = None
    race: bool = True

    def __post_init__(self) -> None:
        if self.others not in OTHERS:
            raise ArgumentError(f"others must be one of {', '.join(OTHERS)}, got {self.others!r}")
        if self.method not in METHODS:
            raise ArgumentError(f"method must be one of {', '.join(METHODS)}, got {self.method!r}")
        check_int("horizon", self.horizon, 0, MAX_HORIZON)
        check_int("world_nodes", self.world_nodes, 1)
        check_int("worlds", self.worlds, 1)
        check_int("iterations", self.iterations, 1)
        check_int("seed", self.seed, _SEED_LO, _SEED_HI)
        if self.threads is not None:
            check_int("threads", self.threads, 1, 256)
        if self.tt_mib is not None:
            check_int("tt_mib", self.tt_mib, 1, 4096)
        if self.exact not in (None, True, False):
            raise ArgumentError(f"exact must be None, True or False, got {self.exact!r}")
        check_flag("stop_when_clear", self.stop_when_clear)
        check_flag("deepen", self.deepen)
        check_flag("race", self.race)
        if (not isinstance(self.card_tie, (int, float)) or isinstance(self.card_tie, bool)
                or not 0 <= self.card_tie <= 1):
            raise ArgumentError(f"card_tie must be a number from 0 to 1, got {self.card_tie!r}")
        if self.lookahead is not None:
            check_int("lookahead", self.lookahead, 0, MAX_LOOKAHEAD)
        check_int("past_limit", self.past_limit, 0)
        check_int("past_samples", self.past_samples, 1)
        if self.time_limit is not None:
            check_seconds("time_limit", self.time_limit)


def check_hooks(on_progress: object = None, stop: object = None, utility: object = None) -> None:
    """A search's callbacks and stop event: each ``None`` or of the right kind (a callable; an
    object with ``is_set()``, such as a ``threading.Event``), else an
    :class:`~sixtysix_solver.errors.ArgumentError` naming it."""
    for name, hook in (("on_progress", on_progress), ("utility", utility)):
        if hook is not None and not callable(hook):
            raise ArgumentError(f"{name} must be a callable or None, got {type(hook).__name__}")
    if stop is not None and not callable(getattr(stop, "is_set", None)):
        raise ArgumentError(f"stop must be a threading.Event or None, got {type(stop).__name__}")


def resolve_limits(limits: SearchLimits | None = None, /, **given: object) -> SearchLimits:
    """``limits`` (default: :class:`SearchLimits()`) with every keyword in ``given`` that is
    not ``None`` replacing the field of that name: how a function that takes both budget
    keywords and ``limits=`` builds the one object it passes on.

    >>> resolve_limits(None, worlds=50, time_limit=None)
    SearchLimits(worlds=50, iterations=1000, time_limit=None, exact=None, stop_when_clear=False, threads=None, tt_mib=None, seed=0, past_limit=512, past_samples=32, method='auto', horizon=2, world_nodes=200000, deepen=True, card_tie=0.005, others='auto', lookahead=None, race=True)
    """
    base = limits if limits is not None else SearchLimits()
    if not isinstance(base, SearchLimits):
        raise ArgumentError(f"limits must be a SearchLimits, got {type(base).__name__}")
    changes = {k: v for k, v in given.items() if v is not None}
    return dataclasses.replace(base, **changes) if changes else base  # type: ignore[arg-type]
