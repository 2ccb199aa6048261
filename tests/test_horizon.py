"""The horizon search (cpp/horizon.cpp, advice/horizon.py) against the exact solver, its
exact flags, its budgets and the symmetry of its features."""

from __future__ import annotations

import random

import pytest
from sixtysix_solver import Game
from sixtysix_solver.advice.horizon import (
    FEATURES,
    estimate,
    features,
    horizon_values,
    weights_for,
)
from sixtysix_solver.errors import SixtySixError
from sixtysix_solver.rules.random_play import random_action
from sixtysix_solver.rules.solve import Solver

PROFILES = ["sixty-six", "sixty-six-jaques", "schnapsen", "schnapsen-jaques", "mariage",
            "mariage-piquet", "double-deck"]


def position(profile: str, seed: int, stock: int) -> Game | None:
    """A seeded random hand played until at most ``stock`` stock cards are left, then up to two
    more actions (so that some positions are mid-trick); None if the hand ended."""
    rng = random.Random(seed)
    g = Game.deal(profile, seed=seed)

    def step() -> None:  # (no close before the stock is short: the open phase is the point)
        a = random_action(g, rng)
        if str(a) == "close" and len(g.fields()["stock"]) > stock:
            a = next(b for b in g.legal_actions() if str(b) != "close")
        g.apply(a)

    while not g.is_over and len(g.fields()["stock"]) > stock:
        step()
    for _ in range(rng.randrange(3)):
        if not g.is_over:
            step()
    return None if g.is_over else g


def positions(profile: str, stock: int, count: int) -> list[Game]:
    """The first ``count`` seeds' positions (random double-deck hands seldom reach a short stock:
    someone claims first, so ask it for a longer one)."""
    if profile == "double-deck":
        stock = max(stock, 20)
    out = []
    for seed in range(300):
        g = position(profile, seed, stock)
        if g is not None:
            out.append(g)
            if len(out) == count:
                return out
    raise AssertionError(f"{profile}: fewer than {count} positions")


def exact_values(g: Game) -> dict[str, int]:
    r = Solver(8).solve(g, pv=False)
    return {str(a.action): a.value for a in r.actions}


@pytest.mark.parametrize("profile", PROFILES)
def test_deep_horizon_is_the_exact_solver(profile: str) -> None:
    for g in positions(profile, 4, 6):
        h = horizon_values(g, max_depth=12)
        assert all(h.exact)
        assert {str(a): v for a, v in zip(h.actions, h.values)} == exact_values(g)
        assert [str(a) for a in h.actions] == [str(a) for a in g.legal_actions()]


@pytest.mark.parametrize("profile", ["sixty-six", "schnapsen", "mariage", "double-deck"])
def test_exact_flags_mean_exact_values(profile: str) -> None:
    seen = 0
    for seed, g in enumerate(positions(profile, 6, 8)):
        ex = exact_values(g)
        for depth in (0, 1):
            h = horizon_values(g, max_depth=depth)
            for a, v, e in zip(h.actions, h.values, h.exact):
                if e:
                    seen += 1
                    assert v == ex[str(a)], (seed, depth, a)
    assert seen > 0


def test_estimate_leaves_are_not_exact() -> None:
    g = Game.deal("mariage", seed=5)  # the first lead: stock 20, nothing settled in 1 trick
    h = horizon_values(g, max_depth=1)
    for a, e in zip(h.actions, h.exact):
        assert e == (str(a) in {"close", "claim"}), a  # closing and a false claim are settled


@pytest.mark.parametrize("profile", ["mariage", "double-deck", "sixty-six"])
def test_budgets_never_raise_and_are_deterministic(profile: str) -> None:
    g = Game.deal(profile, seed=11)
    legal = [str(a) for a in g.legal_actions()]
    for limit in (1, 50, 2_000, 30_000):
        first = horizon_values(g, max_depth=6, node_limit=limit)
        assert [str(a) for a in first.actions] == legal
        assert len(first.values) == len(legal) and all(-3 <= v <= 3 for v in first.values)
        assert first == horizon_values(g, max_depth=6, node_limit=limit)
    small = horizon_values(g, max_depth=6, node_limit=1)
    assert small.depth == 0
    timed = horizon_values(g, max_depth=30, time_limit=0.01)
    assert len(timed.values) == len(legal)


def mirror(g: Game) -> Game:
    """The same position with the two seats swapped."""
    f = g.fields()
    seat = {-1: -1, 0: 1, 1: 0}
    out = dict(f)
    for key in ("hands", "known", "married", "taken", "exchange_lost", "declared", "marriage_points",
                "pending", "bonus", "last_win", "points", "returns"):
        out[key] = list(reversed(f[key]))
    for key in ("dealer", "to_act", "leader", "closed_by", "exchanged_by", "last_trick_winner",
                "first_to_target"):
        out[key] = seat[f[key]]
    return Game.from_fields(g.profile, out)


@pytest.mark.parametrize("profile", PROFILES)
def test_features_of_a_position_and_its_mirror(profile: str) -> None:
    for g in positions(profile, 6, 2) + positions(profile, 100, 2):
        f0, f1 = features(g, 0), features(g, 1)
        assert len(f0) == FEATURES
        assert f1 == [-x for x in f0]  # ours less theirs: the other side's are the negation
        m = mirror(g)
        assert features(m, 1) == f0 and features(m, 0) == f1
        assert estimate(m, 1) == estimate(g, 0) == -estimate(g, 1)


def test_weights_and_errors() -> None:
    for p in PROFILES + ["four-hand"]:
        assert len(weights_for(p)) == FEATURES
    g = Game.deal("schnapsen", seed=1)
    with pytest.raises(SixtySixError):
        horizon_values(g, weights=[0.0])
    with pytest.raises(SixtySixError):
        horizon_values(g, node_limit=0)
    zero = horizon_values(g, max_depth=0, weights=[0.0] * FEATURES)
    assert all(v == 0 or e for v, e in zip(zero.values, zero.exact))
