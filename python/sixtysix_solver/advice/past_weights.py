"""Weights of worlds by how likely the other players' past actions were in them.

The weight of a world is the average over its pasts (:mod:`sixtysix_solver.advice.pasts`: the
cards each other player held at each of its decisions) of the product of the opponent model's
probabilities of the actions actually taken (:mod:`sixtysix_solver.advice.opponents`). For the
club models (basic and full) in the two-player games of one deck the core values the pasts
(:mod:`sixtysix_solver.advice.club_pasts`); elsewhere, or with ``core=False``, the model is
asked in Python for each decision of each past.

>>> from sixtysix_solver.rules.game import Game
>>> from sixtysix_solver.knowledge.history import History
>>> from sixtysix_solver.advice.opponents import HeuristicModel
>>> g = Game.deal("schnapsen", seed=3)
>>> for a in ["JD", "KD", "KS", "AD", "JC", "KC"]:
...     g.apply(a)
>>> h = History.from_game(g, 1)
>>> pw = PastWeights(h, HeuristicModel(0.3), seed=1)
>>> from sixtysix_solver.knowledge.worlds import enumerate_layouts
>>> lays = list(enumerate_layouts(h.view, stock_order=False))
>>> ws = [pw.weight(lay.hands) for lay in lays]
>>> len(ws), 0 < min(ws) < max(ws) <= 1, pw.exact
(56, True, True)
>>> slow = PastWeights(h, HeuristicModel(0.3), seed=1, core=False)
>>> max(abs(w - slow.weight(lay.hands)) for w, lay in zip(ws, lays)) < 1e-12
True
"""

from __future__ import annotations

import copy
import math
import random
import time
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from .. import _core
from ..rules.actions import Kind
from ..rules.seeds import derive_seed
from ..knowledge.history import Decision, History, HistoryError
from .club_pasts import core_pasts, core_takes, slots_of
from .limits import DEFAULT_PAST_LIMIT, DEFAULT_PAST_SAMPLES  # the budgets' defaults live there
from .opponents import HeuristicModel, ModelError, OpponentModel
from .pasts import Past, PastSpace

__all__ = ["PastWeights"]


class PastWeights:
    """Weights of worlds by how likely the other players' past actions were under ``model``.

    ``weight(hands)`` (the world's hands, in seat order) is the average over the world's pasts of
    the product of the model's probabilities of every action the other players took: exact when
    a player's hand has at most ``past_limit`` pasts, else an unbiased estimate from
    ``past_samples`` pasts drawn with a seed derived from ``seed`` and the hand (so the same
    seed gives the same weights in any order). ``exact`` tells whether every weight so far was
    exact.

    ``until`` (a ``time.perf_counter()`` value, or ``None``), set by a caller with a time limit,
    bounds the cost of one weight: a hand of more than ``past_samples`` pasts is then estimated
    from sampled pasts (never enumerated), and past ``until`` from the pasts drawn so far (at
    least one, drawn at random: the estimate stays unbiased, only noisier). Where the core
    values the pasts (``core``: a club model, basic or full, two players, one deck; see
    :mod:`~sixtysix_solver.advice.club_pasts`) all ``past_samples`` are drawn, at a few
    microseconds each; ``core=False`` asks the model in Python (the reference)."""

    def __init__(
        self,
        history: History,
        model: OpponentModel,
        *,
        seed: int = 0,
        past_limit: int = DEFAULT_PAST_LIMIT,
        past_samples: int = DEFAULT_PAST_SAMPLES,
        core: bool = True,
    ) -> None:
        if not isinstance(history, History):
            raise HistoryError(f"expected a History, got {type(history).__name__}")
        if not callable(getattr(model, "probability", None)):
            raise ModelError(
                f"an opponent model needs a probability(view, action) method, got {model!r}"
            )
        for name, v, lo in (("past_limit", past_limit, 0), ("past_samples", past_samples, 1)):
            if not isinstance(v, int) or isinstance(v, bool) or v < lo:
                raise ModelError(f"{name} must be an integer of at least {lo}, got {v!r}")
        self.history = history
        self.model = model
        self.seed = seed
        self.past_limit = past_limit
        self.past_samples = past_samples
        self.exact = True
        self.spaces = {p: PastSpace(history, p) for p in history.others()}
        self._by_hand: dict[tuple[int, tuple[int, ...]], float] = {}
        self._sampled: set[tuple[int, tuple[int, ...]]] = set()  # hands whose weight is estimated
        self._probs: dict[tuple[int, int, tuple[int, ...], bool], float] = {}
        self.model_calls = 0
        self.until: float | None = None
        # A club model where the core takes the game: its pasts valued there.
        self.core = (core and isinstance(model, HeuristicModel)
                     and model.rules in ("basic", "expert") and core_takes(history))
        self._cores: dict[int, _core.ClubPasts] = {}
        self.core_calls = 0  # hands whose pasts the core valued

    def fork(self) -> PastWeights:
        """The same weights with their caches shared, and ``exact`` afresh (it tells about the
        weights the fork gives), for another run over the same history."""
        twin = copy.copy(self)
        twin.exact = True
        return twin

    def weight(self, hands: Sequence[Sequence[int]]) -> float:
        """The weight of the world with these hands (the stock's order does not matter)."""
        w = 1.0
        for p, space in self.spaces.items():
            if not space.decisions:
                continue
            # (plain ints: numpy scalars would seed the sampler differently, see derive_seed)
            w *= self._player_weight(p, tuple(sorted(int(c) for c in hands[p])))
            if w == 0.0:
                break
        return w

    def rows(self, rows: npt.NDArray[np.uint8]) -> npt.NDArray[np.float64]:
        """The weights of worlds given as the core's rows (every hand in seat order first)."""
        sizes = self.history.view.hand_sizes
        starts = np.cumsum([0, *sizes])
        out = np.empty(len(rows))
        for i, row in enumerate(rows):
            hands = [row[starts[p]:starts[p + 1]].tolist() for p in range(len(sizes))]
            out[i] = self.weight(hands)
        return out

    def _player_weight(self, p: int, hand: tuple[int, ...]) -> float:
        key = (p, hand)
        got = self._by_hand.get(key)
        if got is not None:
            if key in self._sampled:
                self.exact = False
            return got
        space = self.spaces[p]
        inst = space.instances(hand)
        count = space.count_of(inst)
        until = self.until
        every = count <= self.past_limit and (until is None or count <= self.past_samples)
        if self.core:
            every = every and count <= _core.CLUB_PASTS_MAX_EXACT  # else the core refuses
            w = self._core_weight(space, hand, inst, every)
            if not every:
                self.exact = False
                self._sampled.add(key)
            self._by_hand[key] = w
            return w
        num = den = 0.0
        if every:
            for past in space.pasts(hand):
                num += past.share * self._likelihood(space, past)
                den += past.share
        else:
            rng = random.Random(derive_seed(self.seed, "pasts", p, hand))
            for _ in range(self.past_samples):
                past = space.sample(hand, rng)
                num += past.share * self._likelihood(space, past)
                den += past.share
                if until is not None and time.perf_counter() >= until:
                    break  # out of time: the pasts drawn so far (a random, smaller sample)
            self.exact = False
            self._sampled.add(key)
        w = num / den
        self._by_hand[key] = w
        return w

    def _core_weight(self, space: PastSpace, hand: tuple[int, ...],
                     inst: Sequence[tuple[int, int]], every: bool) -> float:
        """The mean likelihood of ``hand``'s pasts, valued by the core: all of them, or
        ``past_samples`` drawn (a few microseconds each: the deadline is not watched)."""
        assert isinstance(self.model, HeuristicModel)
        core = self._cores.get(space.player)
        if core is None:
            core = core_pasts(space, self.model.eps, hand, self.model.rules)
            assert core is not None  # core_takes(history) said so
            self._cores[space.player] = core
        cards, opens = slots_of(space, inst)
        self.core_calls += 1
        return core.mean(cards, opens, space.dealt, len(space.draw_times),
                         0 if every else self.past_samples,
                         derive_seed(self.seed, "pasts", space.player, hand))

    def _likelihood(self, space: PastSpace, past: Past) -> float:
        lik = 1.0
        lost = False
        for d, hand in zip(space.decisions, space.hands(past)):
            lik *= self._prob(d, hand, lost)
            if lik == 0.0:
                return 0.0
            if (space.lose_exchange and d.could_exchange and space.low in hand
                    and d.action.kind != Kind.EXCHANGE):
                lost = True
        return lik

    def _prob(self, d: Decision, hand: tuple[int, ...], lost: bool) -> float:
        key = (d.player, d.index, hand, lost)
        got = self._probs.get(key)
        if got is None:
            view = d.view_with(self.history.profile, hand, lost)
            raw = self.model.probability(view, d.action)
            try:
                got = float(raw)
            except (TypeError, ValueError):
                raise ModelError(
                    f"the opponent model gave {raw!r} for {d.action}: not a probability"
                ) from None
            if not 0.0 <= got <= 1.0 or math.isnan(got):
                raise ModelError(
                    f"the opponent model gave probability {got!r} to {d.action}: not in [0, 1]"
                )
            self.model_calls += 1
            self._probs[key] = got
        return got
