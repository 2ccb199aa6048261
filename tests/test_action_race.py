"""Sampled worlds race the actions (SearchLimits.race): an action clearly behind the best is no
longer valued in the worlds that follow. The race must not change what it keeps: on the same
worlds, every action still valued at the end has the figures of a run without the race, and
the choice is the same; an action left behind has the figures of the worlds it was valued in."""

from __future__ import annotations

import numpy as np
import pytest
from sixtysix_solver.advice.club import club_choice
from sixtysix_solver.advice.limits import SearchLimits
from sixtysix_solver.advice.recommend import (
    Recommendation,
    paired_difference,
    recommend,
)
from sixtysix_solver.advice.stats import (
    MIN_TEST_WORLDS,
    action_stats,
    clearly_best,
    outpaced,
    paired_mean_se,
)
from sixtysix_solver.errors import ArgumentError
from sixtysix_solver.knowledge.legal import legal_actions
from sixtysix_solver.knowledge.view import View
from sixtysix_solver.rules.actions import Action
from sixtysix_solver.rules.game import Game


def club_played(profile: str, seed: int, moves: int) -> Game:
    g = Game.deal(profile, seed=seed)
    for _ in range(moves):
        v = View.from_game(g)
        g.apply(club_choice(v, legal_actions(v)))
    return g


# Positions where 200 sampled worlds leave some actions behind (found by a scan of club games).
RACED = [("schnapsen", 1, 2), ("schnapsen", 3, 2)]


def both(g: Game, worlds: int = 200, seed: int = 1) -> tuple[Recommendation, Recommendation]:
    lim = SearchLimits(worlds=worlds, seed=seed, threads=1, exact=False)
    return (recommend(g, limits=lim), recommend(g, limits=SearchLimits(
        worlds=worlds, seed=seed, threads=1, exact=False, race=False)))


@pytest.mark.parametrize("profile,seed,moves", RACED)
def test_the_race_keeps_the_figures_of_what_it_keeps(profile: str, seed: int, moves: int) -> None:
    raced, plain = both(club_played(profile, seed, moves))
    assert plain.valued is None and raced.valued is not None
    assert raced.worlds == plain.worlds == 200
    counts = [raced.worlds_of(s.action) for s in raced.actions]
    kept = [s.action for s, n in zip(raced.actions, counts) if n == 200]
    behind = [s.action for s, n in zip(raced.actions, counts) if n < 200]
    assert kept and behind
    assert all(n >= MIN_TEST_WORLDS for n in counts)
    assert raced.best == plain.best and raced.best in kept
    for a in kept:  # the same worlds, the same values
        assert raced.stats(a) == plain.stats(a)
    for a in behind:  # the figures of the first worlds, the same as without the race there
        j = [s.action for s in raced.actions].index(a)
        n = raced.worlds_of(a)
        assert raced.valued is not None and raced.valued[:n, j].all()
        assert not raced.valued[n:, j].any()
        assert np.array_equal(raced.values[:n, j], plain.values[:n, j])
        assert raced.stats(a).mean == pytest.approx(float(plain.values[:n, j].mean()))
        assert raced.stats(a).ci is not None
        # clearly behind the best over the worlds they shared
        diff, se = paired_difference(raced, raced.best, a)
        assert diff > 0 and (se == 0 or diff / se > 3)


def test_the_race_leaves_fewer_nodes_and_is_deterministic() -> None:
    g = club_played(*RACED[0])
    raced, plain = both(g)
    again, _ = both(g)
    assert raced.nodes < plain.nodes
    assert again.nodes == raced.nodes
    assert again.valued is not None and raced.valued is not None
    assert np.array_equal(again.valued, raced.valued)


def test_no_race_over_every_world_or_when_asked_not_to() -> None:
    exact = recommend(club_played("schnapsen", 1, 8), worlds=1000, seed=1, threads=1)
    assert exact.exact and exact.total_worlds == exact.worlds > MIN_TEST_WORLDS
    assert exact.valued is None  # every world of the view: exact figures, no race
    raced, plain = both(club_played(*RACED[0]), worlds=40)  # fewer worlds than a test needs: nothing left behind
    assert raced.valued is None
    assert (raced.actions, raced.best, raced.nodes) == (plain.actions, plain.best, plain.nodes)
    with pytest.raises(ArgumentError, match="race"):
        SearchLimits(race="yes")  # type: ignore[arg-type]


def test_stats_over_the_worlds_each_action_was_valued_in() -> None:
    rng = np.random.default_rng(5)
    values = rng.integers(-3, 4, size=(100, 3)).astype(np.int16)
    weights = rng.uniform(0.5, 2.0, size=100)
    valued = np.ones((100, 3), dtype=np.bool_)
    valued[70:, 2] = False
    lines = [(Action.parse(c),) for c in ("AC", "TC", "KC")]
    stats = action_stats(lines, values, weights, None, complete=False, fpc=0.5, valued=valued)
    alone = action_stats(lines[2:], values[:70, 2:], weights[:70], None, complete=False, fpc=1.0)
    assert stats[2] == alone[0]  # its own worlds, sampled (no finite population correction)
    full = action_stats(lines[:2], values[:, :2], weights, None, complete=False, fpc=0.5)
    assert stats[:2] == full
    # paired over the worlds both were valued in
    mean, se = paired_mean_se(values, weights, 0, 2, None, exact=True, valued=valued)
    ref, ref_se = paired_mean_se(values[:70], weights[:70], 0, 2, None, exact=False)
    assert (mean, se) == (ref, ref_se) and se > 0  # (not exact: some worlds are missing)
    # outpaced and clearly_best read the same pairs
    v = np.array([[2, -1, 1], [3, -2, 4]] * 40, dtype=np.int16)
    mask = np.ones(v.shape, dtype=np.bool_)
    assert outpaced(v, np.ones(80), 0, [1, 2], None, 1.0) == [1]
    mask[1::2, 2] = False  # column 2 valued only where it scores 1 below column 0: behind
    assert outpaced(v, np.ones(80), 0, [1, 2], None, 1.0, mask) == [1, 2]
    assert clearly_best(v, np.ones(80), 0, None, 1.0, mask)
    assert not clearly_best(v, np.ones(80), 0, None, 1.0)


def test_the_race_bench_reports_what_it_measured(capsys: pytest.CaptureFixture[str]) -> None:
    # bench/bounded.py race: nodes with the race as a share of without, on the same positions
    import argparse

    from helpers import bench_module

    bounded = bench_module("bounded")
    args = argparse.Namespace(profiles=["schnapsen", "three-hand"], positions=2, worlds=200,
                              seed=1)
    bounded.run_race(args)
    rows = [ln.split() for ln in capsys.readouterr().out.splitlines()
            if ln.startswith("schnapsen")]
    assert len(rows) == 1  # (three-hand has no stock phase of two: not measured)
    row = rows[0]
    raced, plain = (int(row[i].strip(")").replace(",", "")) for i in (8, 10))
    assert raced <= plain and row[4] == f"{raced / plain:.1%}"
    views = bounded.open_positions("schnapsen", 2, 1)
    assert len(views) == 2 and int(row[1]) == 2


def test_the_horizon_search_races_too() -> None:
    # the core's horizon search values just the actions asked for: fewer nodes, and at the
    # default depth (no world's node budget reached) the same figures for those still in
    g = club_played("mariage", 1, 4)
    lim = SearchLimits(worlds=300, seed=1, threads=1, exact=False, method="horizon")
    raced = recommend(g, limits=lim)
    plain = recommend(g, limits=SearchLimits(worlds=300, seed=1, threads=1, exact=False,
                                             method="horizon", race=False))
    assert raced.method == plain.method == "horizon" and raced.depth == plain.depth == 2
    counts = [raced.worlds_of(s.action) for s in raced.actions]
    assert min(counts) < 300 and raced.nodes < plain.nodes
    assert raced.best == plain.best
    for s, n in zip(raced.actions, counts):
        if n == 300:
            assert s == plain.stats(s.action)


def test_the_engine_option() -> None:
    from sixtysix_solver.agents import AgentSpec
    from sixtysix_solver.errors import AgentError

    plain = AgentSpec.parse("engine:worlds=50,race=false").build(seed=1)
    assert plain.limits.race is False
    assert "race=false" in str(plain.spec)
    assert AgentSpec.parse(str(plain.spec)).build(seed=1).limits.race is False  # round trip
    default = AgentSpec.parse("engine:worlds=50,race=true").build(seed=1)
    assert default.limits.race is True and "race" not in str(default.spec)
    with pytest.raises(AgentError, match="race"):
        AgentSpec.parse("engine:race=7").build(seed=1)
    with pytest.raises(AgentError, match="race"):
        AgentSpec.parse("ismcts:race=false").build(seed=1)
