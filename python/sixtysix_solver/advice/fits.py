"""Does the other players' play so far fit the basic club player's rules (or the full club
player's)?

An engine that values worlds against the basic club player's replies (``others="club"``)
exploits that player and loses to any other (docs/strength.md). :func:`club_fits` is the
check that makes the exploit safe to offer: the others' actions of the hand could all be the
club's choices only if some world the view allows, with some past that leads to it, makes
every one of them the club's choice. Sampled worlds are weighted by a near-deterministic
club model (:class:`~sixtysix_solver.advice.opponents.HeuristicModel` with ``eps`` =
:data:`FIT_EPS`): a world in which every action was the club's weighs about 1 (at least the
share of its pasts that fit), one in which any action was not at most ``FIT_EPS``.

Sampling can miss the worlds that fit (the check then says no, and the caller plays the
plain value: the safe side); an opponent who played like the club so far is taken for one. A
hand's pasts (which card came with which draw) are many once the stock is in play: the check
averages up to :data:`FIT_PAST_LIMIT` of them exactly and samples :data:`FIT_PAST_SAMPLES`
beyond, eight times the defaults of inference, which missed the pasts that fit in one check
of ten against the basic player (bench/README.md). A no is asked again on other samples, up to
:data:`FIT_TRIES` checks in all: a real misfit fails every one, while a miss of the sampling
seldom repeats (one sample missed the full club player's own play in 1 of 60 sixty-six hands,
checked at each of the seat's open-phase decisions; two missed in none).

>>> from sixtysix_solver import Game
>>> from sixtysix_solver.knowledge.history import History
>>> from sixtysix_solver.advice.club import club_choice
>>> from sixtysix_solver.knowledge.view import View
>>> g = Game.deal("sixty-six", seed=4)
>>> for _ in range(5):  # both seats play the club's rules
...     v = View.from_game(g, g.to_act)
...     g.apply(club_choice(v, g.legal_actions()))
>>> club_fits(History.from_game(g, g.to_act), seed=1)
True
>>> g = Game.deal("sixty-six", seed=4)
>>> for _ in range(5):  # the highest card instead
...     g.apply(g.legal_actions()[0])
>>> club_fits(History.from_game(g, 1), seed=1)
False
"""

from __future__ import annotations

import time

from ..knowledge.history import History
from ..knowledge.worlds import sample_layouts
from .opponents import HeuristicModel
from .past_weights import PastWeights

__all__ = ["FIT_EPS", "FIT_PAST_LIMIT", "FIT_PAST_SAMPLES", "FIT_TRIES", "FIT_WORLDS",
           "club_fits"]

FIT_EPS = 1e-4
"""The model's chance of any other action: one action that is not the club's caps a world's
weight at this."""

FIT_WORLDS = 200
"""Worlds tried before the check says no."""

FIT_PAST_LIMIT = 4096
FIT_PAST_SAMPLES = 256
"""A world's pasts averaged exactly up to this many, else this many sampled."""

FIT_TRIES = 2
"""Checks on other samples (seeds) before the verdict is no."""

_RETRY_STRIDE = 7919  # a retry's seed: far from the seeds of the next decisions' checks


def club_fits(history: History, *, worlds: int = FIT_WORLDS, seed: int = 0,
              until: float | None = None, rules: str = "basic", tries: int = FIT_TRIES) -> bool:
    """Could every action the other players took in ``history`` be the basic club player's
    choice (with ``rules="expert"``, the full club player's)? True when one of ``worlds``
    sampled worlds (seeded by ``seed``, then by other seeds in up to ``tries`` checks) weighs
    more than 10 * :data:`FIT_EPS` under the near-deterministic club model; True with no
    actions yet, and True when ``until`` (a ``time.perf_counter()`` value) passes first:
    nothing showed that they do not fit."""
    if not history.decisions:
        return True
    model = HeuristicModel(FIT_EPS, rules)
    for k in range(max(tries, 1)):
        s = seed + _RETRY_STRIDE * k
        weights = PastWeights(history, model, seed=s, past_limit=FIT_PAST_LIMIT,
                              past_samples=FIT_PAST_SAMPLES)
        weights.until = until
        for lay in sample_layouts(history.view, worlds, s, stock_order=False):
            if weights.weight(lay.hands) > 10 * FIT_EPS:
                return True
            if until is not None and time.perf_counter() > until:
                return True
    return False

