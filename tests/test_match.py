"""Match equity (sixtysix_solver.advice.equity): the dynamic programme against hand calculations, an
independent value iteration and a seeded Monte Carlo simulation; symmetry, monotonicity,
boundaries, ``after``, input validation and the default data."""

from __future__ import annotations

import json
import math
import random
from bisect import bisect_right
from itertools import accumulate, product

import numpy as np
import pytest

from sixtysix_solver import PROFILES, SixtySixError, get_profile
from sixtysix_solver.advice.equity import HAND_POINTS, HandOutcomes, MatchEquity, _default_data

ASYM = HandOutcomes({-3: 0.04, -2: 0.12, -1: 0.30, 0: 0.06, 1: 0.33, 2: 0.11, 3: 0.04})
DRAWISH = HandOutcomes({-3: 0.05, -2: 0.1, -1: 0.2, 0: 0.3, 1: 0.2, 2: 0.1, 3: 0.05})
TWO_SIDED = [name for name, p in PROFILES.items() if p.sides == 2]


# --- independent references ---------------------------------------------------------------
def simulate(
    outcomes: HandOutcomes, target: int, draw_carry: int, start: tuple[int, int, int],
    matches: int, seed: int,
) -> float:
    """Play ``matches`` matches hand by hand from (score_a, score_b, carry); A's win rate."""
    rng = random.Random(seed)
    keys = list(outcomes.probabilities)
    cum = list(accumulate(outcomes.probabilities[k] for k in keys))
    wins = 0
    for _ in range(matches):
        a, b, c = start
        while a < target and b < target:
            k = keys[min(bisect_right(cum, rng.random() * cum[-1]), len(keys) - 1)]
            if k == 0:
                c += draw_carry
            elif k > 0:
                a, c = a + k + c, 0
            else:
                b, c = b - k + c, 0
        wins += a >= target
    return wins / matches


def value_iteration(
    outcomes: HandOutcomes, target: int, draw_carry: int
) -> dict[tuple[int, int, int], float]:
    """The Bellman equations over (score_a, score_b, carry) iterated to a fixed point (the carry
    capped at the target: beyond it any scoring hand ends the match)."""
    p = outcomes.probabilities
    cap = target
    states = list(product(range(target), range(target), range(cap + 1)))
    v = {s: 0.5 for s in states}

    def at(a: int, b: int, c: int) -> float:
        return 1.0 if a >= target else 0.0 if b >= target else v[(a, b, min(c, cap))]

    for _ in range(10_000):
        new = {}
        for a, b, c in states:
            x = p[0] * at(a, b, c + draw_carry)
            for k in (1, 2, 3):
                x += p[k] * at(a + k + c, b, 0) + p[-k] * at(a, b + k + c, 0)
            new[(a, b, c)] = x
        delta = max(abs(new[s] - v[s]) for s in states)
        v = new
        if delta < 1e-15:
            break
    return v


# --- hand-checked small matches --------------------------------------------------------------
def test_target_one_by_hand() -> None:
    eq = MatchEquity.compute(HandOutcomes({1: 0.3, -1: 0.5, 0: 0.2}), target=1)
    assert eq.win_probability(0, 0) == pytest.approx(0.3 / 0.8, abs=1e-15)
    assert eq.table().shape == (1, 1)
    # with carry any scoring hand still ends it
    eq1 = MatchEquity.compute(HandOutcomes({1: 0.3, -1: 0.5, 0: 0.2}), target=1, draw_carry=1)
    assert eq1.win_probability(0, 0, carry=4) == pytest.approx(0.375, abs=1e-15)


def test_target_two_by_hand() -> None:
    eq = MatchEquity.compute(HandOutcomes({1: 0.4, 2: 0.1, -1: 0.3, -2: 0.2}), target=2)
    expected = {(1, 1): 0.5, (1, 0): 0.65, (0, 1): 0.3, (0, 0): 0.45}
    for (a, b), w in expected.items():
        assert eq.win_probability(a, b) == pytest.approx(w, abs=1e-14)
        assert eq.table()[a, b] == pytest.approx(w, abs=1e-14)


def test_target_two_with_draws_and_carry_by_hand() -> None:
    hand = HandOutcomes({1: 0.5, -1: 0.3, 0: 0.2})
    # replayed draws (E(a, b): a and b points needed): E(1,1) = 0.5/0.8,
    # E(1,2) = (0.5 + 0.3 E(1,1))/0.8, E(2,1) = 0.5 E(1,1)/0.8
    e11 = 0.625
    e12, e21 = (0.5 + 0.3 * e11) / 0.8, 0.5 * e11 / 0.8
    plain = MatchEquity.compute(hand, target=2)
    assert plain.win_probability(1, 1) == pytest.approx(e11, abs=1e-14)
    assert plain.win_probability(1, 0) == pytest.approx(e12, abs=1e-14)
    assert plain.win_probability(0, 0) == pytest.approx((0.5 * e12 + 0.3 * e21) / 0.8, abs=1e-14)
    # a drawn hand carries 1: with a pot of 1 anybody who scores wins (0.625); so
    # E(2,2,0) = 0.5 E(1,2,0) + 0.3 E(2,1,0) + 0.2 * 0.625 with
    # E(1,2,0) = 0.5 + 0.3 * 0.625 + 0.2 * 0.625 and E(2,1,0) = 0.5 * 0.625 + 0.2 * 0.625
    carry = MatchEquity.compute(hand, target=2, draw_carry=1)
    assert carry.win_probability(0, 0, carry=1) == pytest.approx(0.625, abs=1e-14)
    assert carry.win_probability(1, 0) == pytest.approx(0.8125, abs=1e-14)
    assert carry.win_probability(0, 1) == pytest.approx(0.4375, abs=1e-14)
    assert carry.win_probability(0, 0) == pytest.approx(0.6625, abs=1e-14)


# --- against independent computations -----------------------------------------------------------
@pytest.mark.parametrize("draw_carry", [0, 1, 2])
@pytest.mark.parametrize("outcomes", [ASYM, DRAWISH], ids=["asym", "drawish"])
def test_dp_matches_value_iteration(outcomes: HandOutcomes, draw_carry: int) -> None:
    target = 5
    eq = MatchEquity.compute(outcomes, target, draw_carry=draw_carry)
    ref = value_iteration(outcomes, target, draw_carry)
    for (a, b, c), w in ref.items():
        assert eq.win_probability(a, b, carry=c) == pytest.approx(w, abs=1e-12), (a, b, c)


@pytest.mark.parametrize(
    "draw_carry, start", [(0, (0, 0, 0)), (0, (3, 5, 0)), (1, (0, 0, 0)), (1, (4, 5, 1))]
)
def test_dp_matches_monte_carlo(draw_carry: int, start: tuple[int, int, int]) -> None:
    n = 20_000
    eq = MatchEquity.compute(DRAWISH if draw_carry else ASYM, 7, draw_carry=draw_carry)
    p = eq.win_probability(start[0], start[1], carry=start[2])
    sim = simulate(eq.outcomes, 7, draw_carry, start, n, seed=hash(start) % 1000 + draw_carry)
    se = math.sqrt(p * (1 - p) / n)
    assert abs(sim - p) < 4.5 * se, (sim, p, se)


def test_monte_carlo_detects_a_wrong_table() -> None:
    # the simulation is sharp enough to tell the carry from no carry at 4:5 with a pot
    with_carry = MatchEquity.compute(DRAWISH, 7, draw_carry=1).win_probability(4, 5, carry=1)
    without = MatchEquity.compute(DRAWISH, 7).win_probability(4, 5)
    assert abs(with_carry - without) > 10 * math.sqrt(0.25 / 20_000)


# --- structure ----------------------------------------------------------------------------------
@pytest.mark.parametrize("draw_carry", [0, 1])
def test_symmetric_outcomes(draw_carry: int) -> None:
    sym = ASYM.symmetric()
    assert sym.is_symmetric and not ASYM.is_symmetric
    eq = MatchEquity.compute(sym, 7, draw_carry=draw_carry)
    t = eq.table()
    assert t[0, 0] == pytest.approx(0.5, abs=1e-13)
    np.testing.assert_allclose(t + t.T, 1.0, atol=1e-13)
    for c in range(3):
        for a, b in product(range(7), repeat=2):
            assert eq.win_probability(a, b, carry=c) == pytest.approx(
                1 - eq.win_probability(b, a, carry=c), abs=1e-13
            )


def test_mirrored_outcomes_mirror_the_table() -> None:
    t = MatchEquity.compute(ASYM, 7, draw_carry=1).table()
    m = MatchEquity.compute(ASYM.mirrored(), 7, draw_carry=1).table()
    np.testing.assert_allclose(t + m.T, 1.0, atol=1e-13)
    assert t[0, 0] > 0.5  # ASYM favours A


@pytest.mark.parametrize("outcomes", [ASYM, DRAWISH, ASYM.symmetric()])
def test_monotone_in_own_score(outcomes: HandOutcomes) -> None:
    t = MatchEquity.compute(outcomes, 9).table()
    assert np.all(np.diff(t, axis=0) > 0)  # more own points: better
    assert np.all(np.diff(t, axis=1) < 0)  # more opponent points: worse
    assert np.all((t > 0) & (t < 1))


def test_boundaries() -> None:
    eq = MatchEquity.compute(ASYM, 7)
    assert eq.win_probability(7, 0) == 1.0 and eq.win_probability(9, 6) == 1.0
    assert eq.win_probability(0, 7) == 0.0 and eq.win_probability(6, 10) == 0.0
    # one point from the end: any A score wins, B needs 1 too at 6:6
    assert eq.win_probability(6, 6) == pytest.approx(ASYM.a_scores / (1 - ASYM.draw), abs=1e-15)
    # A needs 1, B needs 7: B wins only by scoring 7 before A scores anything
    p = ASYM.probabilities
    b_first = [1.0]  # b_first[n]: B scores n points before A scores at all
    for n in range(1, 8):
        b_first.append(sum(p[-k] * b_first[max(n - k, 0)] for k in (1, 2, 3)) / (1 - p[0]))
    assert eq.win_probability(6, 0) == pytest.approx(1 - b_first[7], abs=1e-14)


def test_after_agrees_with_the_table() -> None:
    for draw_carry, c in [(0, 0), (1, 0), (1, 2)]:
        eq = MatchEquity.compute(ASYM, 7, draw_carry=draw_carry)
        shifted = {(k + c if k > 0 else k - c if k < 0 else 0): p
                   for k, p in ASYM.probabilities.items()}
        for a, b in product(range(7), repeat=2):
            w = eq.win_probability(a, b, carry=c)
            assert eq.after(a, b, shifted, carry=c) == pytest.approx(w, abs=1e-13)
            if c == 0:
                assert eq.after(a, b, ASYM) == pytest.approx(w, abs=1e-13)
            for k in (1, 2, 3):
                assert eq.after(a, b, {k + c: 1.0}, carry=c) == eq.win_probability(a + k + c, b)
                assert eq.after(a, b, {-k - c: 1.0}, carry=c) == eq.win_probability(a, b + k + c)
            assert eq.after(a, b, {0: 1.0}, carry=c) == pytest.approx(
                eq.win_probability(a, b, carry=c + draw_carry), abs=1e-15
            )


def test_after_prefers_safety_when_ahead_and_risk_when_behind() -> None:
    eq = MatchEquity.compute(ASYM.symmetric(), 7)
    safe, risky = {1: 1.0}, {3: 0.4, -1: 0.6}  # risky: 0.6 expected points, safe: 1
    assert eq.after(6, 4, safe) == 1.0 > eq.after(6, 4, risky)
    assert eq.after(4, 6, risky) > eq.after(4, 6, safe)


def test_outcome_values_keys() -> None:
    eq = MatchEquity.compute(ASYM, 7, draw_carry=1)
    assert sorted(eq.outcome_values(0, 0)) == list(HAND_POINTS)
    assert sorted(eq.outcome_values(0, 0, carry=2)) == [-5, -4, -3, 0, 3, 4, 5]


# --- validation -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "probs",
    [
        {4: 1.0},
        {-4: 0.5, 1: 0.5},
        {1: 1.2, -1: -0.2},
        {1: 0.5, -1: 0.4},
        {1: 0.5, -1: 0.5 + 1e-6},
        {"1": 1.0},
        {1.0: 1.0},
        {True: 1.0},
        {1: float("nan"), -1: 0.5},
        {1: "0.5", -1: 0.5},
        {},
        [0.5, 0.5],
    ],
)
def test_bad_hand_outcomes(probs: object) -> None:
    with pytest.raises(SixtySixError):
        HandOutcomes(probs)  # type: ignore[arg-type]


def test_hand_outcomes_value_semantics() -> None:
    h = HandOutcomes({1: 0.5, -1: 0.5 - 1e-12}, source="x")  # within 1e-9 of 1
    assert h.probabilities[0] == 0.0 and set(h.probabilities) == set(HAND_POINTS)
    with pytest.raises(TypeError):
        h.probabilities[1] = 0.3  # type: ignore[index]
    assert eval(repr(h), {"HandOutcomes": HandOutcomes}) == h
    assert hash(h) == hash(HandOutcomes({-1: 0.5 - 1e-12, 1: 0.5}, source="x"))
    assert HandOutcomes.from_counts({1: 1, -2: 3}).probabilities[-2] == 0.75
    with pytest.raises(SixtySixError):
        HandOutcomes.from_counts({1: 0, -1: 0})
    with pytest.raises(SixtySixError):
        HandOutcomes.from_counts({1: -1, -1: 2})
    with pytest.raises(SixtySixError):
        HandOutcomes.from_counts({5: 1})


@pytest.mark.parametrize("target", [0, -1, 1001, 7.0, True, "7", None])
def test_bad_target(target: object) -> None:
    with pytest.raises(SixtySixError, match="target"):
        MatchEquity.compute(ASYM, target)  # type: ignore[arg-type]


def test_bad_arguments() -> None:
    with pytest.raises(SixtySixError, match="draw_carry"):
        MatchEquity.compute(ASYM, 7, draw_carry=-1)
    with pytest.raises(SixtySixError, match="never ends"):
        MatchEquity.compute(HandOutcomes({0: 1.0}))
    with pytest.raises(SixtySixError, match="HandOutcomes"):
        MatchEquity.compute({1: 1.0})  # type: ignore[arg-type]
    eq = MatchEquity.compute(ASYM, 7)
    for bad in [(-1, 0), (0, -2), (1.0, 2), (True, 0), ("3", 1)]:
        with pytest.raises(SixtySixError, match="score"):
            eq.win_probability(*bad)  # type: ignore[arg-type]
    with pytest.raises(SixtySixError, match="cannot happen"):
        eq.win_probability(7, 8)
    with pytest.raises(SixtySixError, match="carry"):
        eq.win_probability(1, 1, carry=-1)
    with pytest.raises(SixtySixError, match="over"):
        eq.after(7, 3, {1: 1.0})
    with pytest.raises(SixtySixError, match="sum to 1"):
        eq.after(1, 1, {1: 0.5})
    with pytest.raises(SixtySixError, match="negative"):
        eq.after(1, 1, {1: 1.5, -1: -0.5})
    with pytest.raises(SixtySixError, match="awards"):
        eq.after(1, 1, {4: 1.0})
    with pytest.raises(SixtySixError, match="awards"):
        eq.after(1, 1, {1: 1.0}, carry=1)  # with a pot of 1 a scoring hand awards 2 or more
    with pytest.raises(SixtySixError, match="carry"):
        eq.after(1, 1, ASYM, carry=1)
    with pytest.raises(SixtySixError, match="carry"):
        eq.table(carry=-1)


# --- profiles and the default data --------------------------------------------------------------
def test_default_data_for_every_two_sided_profile() -> None:
    data = _default_data()
    assert "open-card" in data["method"] and data["seed"] == 1
    assert set(data["profiles"]) | set(data["skipped"]) == set(TWO_SIDED)
    assert set(data["skipped"]) <= {"mariage"}
    for name in TWO_SIDED:
        if name in data["skipped"]:
            with pytest.raises(SixtySixError, match="no default hand outcomes"):
                HandOutcomes.for_profile(name)
            continue
        entry = data["profiles"][name]
        assert sum(entry["counts"].values()) == entry["n"]
        dealt = entry["n"] + entry["aborted"]  # deals over the node limit are left out
        assert dealt >= 200 and entry["aborted"] <= 0.1 * dealt
        raw = HandOutcomes.for_profile(name, symmetric=False)
        sym = HandOutcomes.for_profile(name)
        for h in (raw, sym):
            assert math.fsum(h.probabilities.values()) == pytest.approx(1.0, abs=1e-12)
            assert "open-card" in h.source
        assert sym.is_symmetric
        assert raw.probabilities[1] == entry["counts"]["1"] / entry["n"]
        eq = MatchEquity.for_profile(name)
        assert (eq.target, eq.draw_carry) == (7, PROFILES[name].draw_carry)
        assert eq.win_probability(0, 0) == pytest.approx(0.5, abs=1e-12)


def test_data_file_is_valid_json_in_the_package() -> None:
    from importlib import resources

    text = resources.files("sixtysix_solver").joinpath("data").joinpath(
        "hand_outcomes.json").read_text(encoding="utf-8")
    assert json.loads(text) == _default_data()


def test_for_profile_knobs() -> None:
    eleven = MatchEquity.for_profile(get_profile("four-hand", match_target=11))
    assert eleven.target == 11 and eleven.table().shape == (11, 11)
    assert MatchEquity.for_profile("four-hand", 3).target == 3
    assert MatchEquity.for_profile("schnapsen", outcomes=ASYM).outcomes == ASYM
    assert MatchEquity.for_profile("sixty-six").draw_carry == 1
    assert MatchEquity.for_profile(get_profile("sixty-six", draw_carry=0)).draw_carry == 0
    with pytest.raises(SixtySixError, match="two sides"):
        MatchEquity.for_profile("three-hand")
    with pytest.raises(SixtySixError, match="two sides"):
        HandOutcomes.for_profile("three-hand")
    with pytest.raises(SixtySixError, match="target"):
        HandOutcomes.for_profile(get_profile("sixty-six", target=70))
    with pytest.raises(SixtySixError, match="unknown profile"):
        MatchEquity.for_profile("skat")
    with pytest.raises(SixtySixError):
        MatchEquity.for_profile(7)  # type: ignore[arg-type]
