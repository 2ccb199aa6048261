"""Match equity: the chance of winning a match to 7 game points (or another target).

A match is a series of hands; the first side to the match target (``Profile.match_target``,
7 in every named profile) wins. Two ingredients give the chance of winning it from any score:

* :class:`HandOutcomes` — how likely each hand result is, from side A's point of view: game
  points -3..+3 (positive: A scores, negative: B scores, 0: nobody scores, a drawn hand).
* :class:`MatchEquity` — an exact dynamic programme over (points A still needs, points B still
  needs) that turns the hand outcomes into the probability of winning the match from every
  score, and prices the result distribution of the hand being played (:meth:`MatchEquity.after`,
  what a match-aware choice of action maximises).

The model, and what it leaves out:

* Hands are independent and all follow one distribution. The deal alternates, so the default
  outcomes are *symmetric* (:meth:`HandOutcomes.symmetric`: the average of A's and B's views);
  the alternation itself is not tracked.
* A drawn hand (0) is replayed: the score does not change, so the self-loop is solved exactly
  (a division by 1 - P(draw)) rather than iterated. Where drawn hands carry points over to the
  winner of the next hand (``draw_carry``, e.g. one point per drawn hand in ``sixty-six``), the
  carry is handled exactly: a drawn hand adds ``draw_carry`` to the pot and the next side to
  score receives its hand result plus the pot. The hand distribution itself is assumed not to
  depend on the pot.
* The default outcomes per profile (:meth:`HandOutcomes.for_profile`, file
  ``data/hand_outcomes.json``, written by ``bench/hand_outcomes.py``) are the exact
  *open-card* values of seeded deals: both sides play perfectly with every card visible. That
  is an approximation of the results of real play with hidden cards (real players misjudge
  closes and claims, and lose more schneider and schwarz hands); pass your own
  :class:`HandOutcomes` (for example counted from arena games) where you have better numbers.
* Only two-sided profiles (two players, or four in two partnerships) have a match table.

A hand-made example: A scores 1 point in 40% of the hands, 2 in 10%, B scores 1 in 30% and 2
in 20%, and a match to 2 points. By hand: at 1:1 the next scoring hand decides, 0.4 + 0.1 = 0.5;
at 1:0 A wins unless B scores 2 first, 0.5 + 0.3 * 0.5 = 0.65; at 0:1, 0.1 + 0.4 * 0.5 = 0.3;
at 0:0, 0.1 + 0.4 * 0.65 + 0.3 * 0.3 = 0.45.

>>> from sixtysix_solver.advice.equity import HandOutcomes, MatchEquity
>>> hand = HandOutcomes({1: 0.4, 2: 0.1, -1: 0.3, -2: 0.2})
>>> eq = MatchEquity.compute(hand, target=2)
>>> [round(eq.win_probability(a, b), 12) for a, b in [(0, 0), (1, 0), (0, 1), (1, 1)]]
[0.45, 0.65, 0.3, 0.5]
>>> eq.table().round(12).tolist()
[[0.45, 0.3], [0.65, 0.5]]
>>> eq.win_probability(2, 1), eq.win_probability(0, 5)
(1.0, 0.0)

:meth:`MatchEquity.after` prices one hand's result distribution at a score: at 1:1 of that
match to 2, a sure 1-point win beats a 60% chance of 2 points with a 40% risk of losing 3:

>>> eq.after(1, 1, {1: 1.0}), round(eq.after(1, 1, {2: 0.6, -3: 0.4}), 12)
(1.0, 0.6)

Symmetric outcomes give an even match at 0:0, and drawn hands are replayed:

>>> sym = HandOutcomes({-3: 0.05, -2: 0.15, -1: 0.25, 0: 0.1, 1: 0.2, 2: 0.15, 3: 0.1}).symmetric()
>>> sym.probabilities[1], sym.probabilities[-1]
(0.225, 0.225)
>>> round(MatchEquity.compute(sym).win_probability(0, 0), 12)
0.5

The package's default outcomes for a profile, and its match table (the numbers are open-card
estimates, see above):

>>> HandOutcomes.for_profile("schnapsen").is_symmetric
True
>>> me = MatchEquity.for_profile("schnapsen")
>>> me.target, me.draw_carry, me.table().shape
(7, 0, (7, 7))
>>> 0.5 < me.win_probability(6, 5) < 1.0
True
>>> MatchEquity.for_profile("three-hand")
Traceback (most recent call last):
...
sixtysix_solver.errors.SixtySixError: match equity needs two sides: 'three-hand' has 3 players each playing alone
"""

from __future__ import annotations

import functools
import json
import math
import numbers
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from types import MappingProxyType
from typing import Any

import numpy as np
import numpy.typing as npt

from ..errors import SixtySixError
from ..rules.profiles import PROFILES, Profile, get_profile

__all__ = ["HandOutcomes", "MatchEquity", "MAX_TARGET", "HAND_POINTS"]

HAND_POINTS: tuple[int, ...] = tuple(range(-3, 4))
"""The hand results of :class:`HandOutcomes`, from side A's view: -3..3."""

MAX_TARGET = 1000
"""The largest match target (as the ``match_target`` knob)."""

_TOLERANCE = 1e-9
_DATA_FILE = "hand_outcomes.json"
# Knobs that do not change how a hand dealt without carry is played or scored.
_MATCH_KNOBS = ("match_target", "draw_carry")


def _check_int(value: object, name: str, lo: int, hi: int | None = None) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        if value >= lo and (hi is None or value <= hi):
            return value
    bound = f"from {lo} to {hi}" if hi is not None else f">= {lo}"
    raise SixtySixError(f"{name} must be an integer {bound}, got {value!r}")


def _distribution(
    probs: object, what: str, lo: int | None = None, hi: int | None = None
) -> dict[int, float]:
    """Validate a mapping of integer game points to probabilities summing to 1."""
    if not isinstance(probs, Mapping):
        raise SixtySixError(
            f"{what} must be a mapping of game points to probabilities, got {type(probs).__name__}"
        )
    if not probs:
        raise SixtySixError(f"{what} is empty: give a probability for at least one result")
    out: dict[int, float] = {}
    for key, p in probs.items():
        if not isinstance(key, numbers.Integral) or isinstance(key, bool):
            raise SixtySixError(f"{what}: game points must be integers, got {key!r}")
        k = int(key)
        if (lo is not None and k < lo) or (hi is not None and k > hi):
            raise SixtySixError(f"{what}: game points must be from {lo} to {hi}, got {k}")
        if not isinstance(p, numbers.Real) or isinstance(p, bool) or not math.isfinite(float(p)):
            raise SixtySixError(f"{what}: the probability of {k} must be a number, got {p!r}")
        if p < 0:
            raise SixtySixError(f"{what}: the probability of {k} is negative: {p!r}")
        out[k] = out.get(k, 0.0) + float(p)
    total = math.fsum(out.values())
    if abs(total - 1.0) > _TOLERANCE:
        raise SixtySixError(f"{what}: the probabilities must sum to 1, they sum to {total!r}")
    return out


@dataclass(frozen=True, repr=False)
class HandOutcomes:
    """The probability of each result of one hand, from side A's point of view.

    ``probabilities`` maps game points -3..3 to probabilities summing to 1 (within 1e-9):
    positive points are scored by side A, negative ones by side B, 0 is a drawn hand (nobody
    scores). Missing results have probability 0; the stored mapping always has all seven keys
    and is read-only. ``source`` is a free text saying where the numbers come from.

    >>> h = HandOutcomes({2: 0.25, 1: 0.25, -1: 0.5}, source="example")
    >>> h.probabilities[1], h.probabilities[3], h.a_scores, h.expected_points
    (0.25, 0.0, 0.5, 0.25)
    >>> h.mirrored().probabilities[1], h.symmetric().probabilities[1]
    (0.5, 0.375)
    >>> HandOutcomes.from_counts({1: 3, -1: 1}).probabilities[-1]
    0.25
    >>> HandOutcomes({1: 0.5, -1: 0.4})
    Traceback (most recent call last):
    ...
    sixtysix_solver.errors.SixtySixError: hand outcomes: the probabilities must sum to 1, they sum to 0.9
    """

    probabilities: Mapping[int, float] = field(hash=False)
    source: str = ""

    def __post_init__(self) -> None:
        probs = _distribution(self.probabilities, "hand outcomes", -3, 3)
        full = {k: probs.get(k, 0.0) for k in HAND_POINTS}
        object.__setattr__(self, "probabilities", MappingProxyType(full))
        if not isinstance(self.source, str):
            raise SixtySixError(f"source must be a string, got {self.source!r}")

    def __repr__(self) -> str:
        probs = ", ".join(f"{k}: {p!r}" for k, p in self.probabilities.items() if p)
        src = f", source={self.source!r}" if self.source else ""
        return f"HandOutcomes({{{probs}}}{src})"

    @classmethod
    def from_counts(cls, counts: Mapping[int, int], source: str = "") -> HandOutcomes:
        """Outcomes from how often each result happened (e.g. counted over arena games)."""
        if not isinstance(counts, Mapping) or not counts:
            raise SixtySixError("counts must be a non-empty mapping of game points to counts")
        for k, n in counts.items():
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise SixtySixError(f"the count of {k!r} must be a non-negative integer, got {n!r}")
        total = sum(counts.values())
        if total == 0:
            raise SixtySixError("counts: at least one hand must have been counted")
        return cls({k: n / total for k, n in counts.items()}, source=source)

    @classmethod
    def for_profile(cls, profile: str | Profile, *, symmetric: bool = True) -> HandOutcomes:
        """The package's default outcomes for a two-sided profile (``data/hand_outcomes.json``).

        They are exact open-card values of seeded deals, an approximation of real play (see the
        module documentation). With ``symmetric=False``: from the dealer's side's point of view
        (side A deals every hand). Profiles that differ from their named profile only in
        ``match_target`` or ``draw_carry`` share its data; other overrides change how hands are
        played and have no default: pass your own :class:`HandOutcomes`.
        """
        prof = _two_sided(profile)
        entry = _profile_entry(prof)
        counts = {int(k): v for k, v in entry["counts"].items()}
        data = _default_data()
        source = (
            f"{data['method']}; {entry['n']} deals of {prof.name}, seed {data['seed']}"
        )
        raw = cls.from_counts(counts, source=source + "; dealer's view")
        if not symmetric:
            return raw
        return HandOutcomes(raw.symmetric().probabilities, source=source + "; symmetric")

    @property
    def a_scores(self) -> float:
        """The probability that side A scores."""
        return math.fsum(self.probabilities[k] for k in (1, 2, 3))

    @property
    def b_scores(self) -> float:
        """The probability that side B scores."""
        return math.fsum(self.probabilities[k] for k in (-1, -2, -3))

    @property
    def draw(self) -> float:
        """The probability of a drawn hand (nobody scores)."""
        return self.probabilities[0]

    @property
    def expected_points(self) -> float:
        """Side A's expected game points per hand (negative: B's advantage)."""
        return math.fsum(k * p for k, p in self.probabilities.items())

    @property
    def is_symmetric(self) -> bool:
        """Whether B's view is the same as A's (within 1e-12)."""
        return all(
            abs(self.probabilities[k] - self.probabilities[-k]) <= 1e-12 for k in HAND_POINTS
        )

    def mirrored(self) -> HandOutcomes:
        """The same outcomes from side B's point of view."""
        return HandOutcomes({-k: p for k, p in self.probabilities.items()}, source=self.source)

    def symmetric(self) -> HandOutcomes:
        """The average of A's and B's views: the outcomes of a hand when each side deals half
        the hands (the dealer alternates)."""
        p = self.probabilities
        return HandOutcomes({k: (p[k] + p[-k]) / 2 for k in HAND_POINTS}, source=self.source)


def _two_sided(profile: str | Profile) -> Profile:
    if not isinstance(profile, (str, Profile)):
        raise SixtySixError(f"profile must be a name or a Profile, got {type(profile).__name__}")
    prof = get_profile(profile)
    if prof.sides != 2:
        raise SixtySixError(
            f"match equity needs two sides: {prof.name!r} has {prof.players} players each "
            "playing alone"
        )
    return prof


@functools.lru_cache(maxsize=1)
def _default_data() -> dict[str, Any]:
    path = resources.files("sixtysix_solver").joinpath("data").joinpath(_DATA_FILE)
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise SixtySixError(f"cannot read the default hand outcomes ({_DATA_FILE}): {err}") from err
    return data


def _profile_entry(prof: Profile) -> dict[str, Any]:
    base = PROFILES.get(prof.name)
    if base is None:  # pragma: no cover - every Profile is built from a named one
        raise SixtySixError(f"no default hand outcomes for {prof!r}")
    changed = [
        k for k, v in prof.knobs().items() if k not in _MATCH_KNOBS and base.knobs()[k] != v
    ]
    if changed:
        raise SixtySixError(
            f"no default hand outcomes for {prof!r}: {', '.join(changed)} change(s) how a hand "
            "is played; pass your own HandOutcomes"
        )
    data = _default_data()
    entry: dict[str, Any] | None = data["profiles"].get(prof.name)
    if entry is None:
        why = data.get("skipped", {}).get(prof.name, "not computed")
        raise SixtySixError(
            f"no default hand outcomes for {prof.name!r} ({why}); pass your own HandOutcomes"
        )
    return entry


class MatchEquity:
    """Side A's probability of winning a match to ``target`` game points, from every score.

    Build it with :meth:`compute` (any :class:`HandOutcomes`) or :meth:`for_profile` (a
    profile's default outcomes, match target and carry). ``draw_carry`` is the number of game
    points each drawn hand adds to the pot that the next side to score receives (0: drawn hands
    are simply replayed). The computation is an exact dynamic programme over the points each
    side still needs; drawn hands are summed in closed form (a geometric series), never iterated.

    Scores are game points already won (0 to target - 1 while the match is on); a score at or
    above the target means the match is over (1.0 or 0.0). ``carry`` arguments are the points in
    the pot now (the ``carry`` a :class:`~sixtysix_solver.rules.game.Game` is dealt with).
    """

    __slots__ = ("outcomes", "target", "draw_carry", "_p0", "_wins", "_losses", "_inv", "_ga",
                 "_gb")

    outcomes: HandOutcomes
    target: int
    draw_carry: int

    def __init__(self, outcomes: HandOutcomes, target: int = 7, *, draw_carry: int = 0) -> None:
        if not isinstance(outcomes, HandOutcomes):
            raise SixtySixError(f"outcomes must be HandOutcomes, got {type(outcomes).__name__}")
        self.outcomes = outcomes
        self.target = _check_int(target, "target", 1, MAX_TARGET)
        self.draw_carry = _check_int(draw_carry, "draw_carry", 0, MAX_TARGET)
        p = outcomes.probabilities
        self._p0 = p[0]
        if not 1.0 - self._p0 > _TOLERANCE:
            raise SixtySixError("every hand is drawn: the match never ends (P(draw) must be < 1)")
        self._inv = 1.0 / (1.0 - self._p0)
        self._wins = [(k, p[k]) for k in (1, 2, 3) if p[k] > 0]
        self._losses = [(k, p[-k]) for k in (1, 2, 3) if p[-k] > 0]
        self._compute()

    @classmethod
    def compute(
        cls, outcomes: HandOutcomes, target: int = 7, *, draw_carry: int = 0
    ) -> MatchEquity:
        """The match table for hands distributed as ``outcomes`` and a match to ``target``."""
        return cls(outcomes, target, draw_carry=draw_carry)

    @classmethod
    def for_profile(
        cls,
        profile: str | Profile,
        target: int | None = None,
        *,
        outcomes: HandOutcomes | None = None,
    ) -> MatchEquity:
        """The match table of a two-sided profile: its default (symmetric) hand outcomes unless
        ``outcomes`` is given, its ``draw_carry``, and ``target`` (default: the profile's
        ``match_target``, 7 in every named profile)."""
        prof = _two_sided(profile)
        if outcomes is None:
            outcomes = HandOutcomes.for_profile(prof)
        return cls(
            outcomes,
            prof.match_target if target is None else target,
            draw_carry=prof.draw_carry,
        )

    def __repr__(self) -> str:
        return (
            f"MatchEquity(target={self.target}, draw_carry={self.draw_carry}, "
            f"outcomes={self.outcomes!r})"
        )

    # --- the dynamic programme -----------------------------------------------------------
    # V(a, b) is A's chance with a and b points still needed and an empty pot. A drawn hand
    # adds d = draw_carry to the pot, and the next scorer gets k + pot, so with a pot c
    #     E(a, b, c) = sum_k>0 p_k GA(a - k - c, b) + sum_k>0 p_-k GB(a, b - k - c),
    # where GA(x, b) = sum_j>=0 p0^j V(x - j d, b) (V = 1 once x <= 0), GB alike with V = 0
    # once B's need is <= 0: the drawn hands of the chain, summed in closed form. With d = 0
    # this is the replay: GA = V / (1 - p0). GA and GB need V only at smaller needs.
    def _compute(self) -> None:
        t, d, p0, inv = self.target, self.draw_carry, self._p0, self._inv
        self._ga = ga = [[0.0] * (t + 1) for _ in range(t + 1)]
        self._gb = gb = [[0.0] * (t + 1) for _ in range(t + 1)]
        for a in range(1, t + 1):
            for b in range(1, t + 1):
                v = self._value(a, b, 0)
                if d == 0:
                    ga[a][b] = gb[a][b] = v * inv
                else:
                    ga[a][b] = v + p0 * (ga[a - d][b] if a > d else inv)
                    gb[a][b] = v + p0 * (gb[a][b - d] if b > d else 0.0)

    def _value(self, a: int, b: int, c: int) -> float:
        """E(a, b, c): A needs a > 0, B needs b > 0, c points in the pot."""
        ga, gb, inv = self._ga, self._gb, self._inv
        total = 0.0
        for k, q in self._wins:
            x = a - k - c
            total += q * (ga[x][b] if x > 0 else inv)
        for k, q in self._losses:
            y = b - k - c
            if y > 0:
                total += q * gb[a][y]
        return total

    def _needs(self, score_a: int, score_b: int, carry: int) -> tuple[int, int, int]:
        a = _check_int(score_a, "score_a", 0)
        b = _check_int(score_b, "score_b", 0)
        c = _check_int(carry, "carry", 0)
        if a >= self.target and b >= self.target:
            raise SixtySixError(
                f"score {a}:{b} cannot happen: only one side can reach the target {self.target}"
            )
        return self.target - a, self.target - b, c

    # --- queries --------------------------------------------------------------------------
    def win_probability(self, score_a: int, score_b: int, *, carry: int = 0) -> float:
        """Side A's chance of winning the match at ``score_a``:``score_b`` (points won so far)
        with ``carry`` points in the pot; 1.0 or 0.0 once a score reaches the target."""
        a, b, c = self._needs(score_a, score_b, carry)
        return self._state(a, b, c)

    def _state(self, a: int, b: int, c: int) -> float:
        """Like :meth:`_value`, and 1.0 or 0.0 when a side needs nothing more."""
        if a <= 0:
            return 1.0
        if b <= 0:
            return 0.0
        return self._value(a, b, c)

    def table(self, *, carry: int = 0) -> npt.NDArray[np.float64]:
        """A's chance from every score of a match in progress: ``table()[score_a, score_b]``,
        shape (target, target)."""
        _check_int(carry, "carry", 0)
        t = self.target
        out = np.empty((t, t), dtype=np.float64)
        for sa in range(t):
            for sb in range(t):
                out[sa, sb] = self._value(t - sa, t - sb, carry)
        return out

    def outcome_values(
        self, score_a: int, score_b: int, *, carry: int = 0
    ) -> dict[int, float]:
        """A's chance of winning the match after each possible result of the hand being played
        at ``score_a``:``score_b`` with ``carry`` in the pot: keys are the game points the hand
        awards, carry included (0, and ±(1 + carry) to ±(3 + carry)), as the solver's
        ``game_points`` values of a game dealt with that carry count them."""
        a, b, c = self._needs(score_a, score_b, carry)
        if a <= 0 or b <= 0:
            raise SixtySixError(
                f"the match is over at {score_a}:{score_b} (target {self.target}): no hand to play"
            )
        out: dict[int, float] = {}
        for k in range(-3 - c, 4 + c):
            if k == 0:
                out[k] = self._value(a, b, c + self.draw_carry)
            elif k > c:
                out[k] = self._state(a - k, b, 0)
            elif -k > c:
                out[k] = self._state(a, b + k, 0)
        return out

    def after(
        self,
        score_a: int,
        score_b: int,
        outcome_probs: Mapping[int, float] | HandOutcomes,
        *,
        carry: int = 0,
    ) -> float:
        """Side A's chance of winning the match if the hand being played at
        ``score_a``:``score_b`` ends with A's game points distributed as ``outcome_probs``
        (points -> probability, summing to 1; with a pot, the points as awarded, carry
        included). The hands after it follow :attr:`outcomes`. This is the quantity a
        match-aware choice of action maximises."""
        values = self.outcome_values(score_a, score_b, carry=carry)
        if isinstance(outcome_probs, HandOutcomes):
            if carry:
                raise SixtySixError(
                    "HandOutcomes hold results without carry: with a pot pass a mapping of the "
                    "points as awarded"
                )
            probs: Mapping[int, float] = outcome_probs.probabilities
        else:
            probs = _distribution(outcome_probs, "outcome_probs")
        total = 0.0
        for k, q in probs.items():
            if k not in values:
                raise SixtySixError(
                    f"outcome_probs: a hand with {carry} carried point(s) awards 0 or 1 to 3 "
                    f"points plus the carry (|points| from {1 + carry} to {3 + carry}), got {k}"
                )
            total += q * values[k]
        return total
