"""Recommendations: the exact mode against a brute-force average over every world (worlds
enumerated in Python, each solved on its own), sampled figures, the anytime loop, determinism,
legality and bad input."""

from __future__ import annotations

import dataclasses
import random
import threading
import time
from collections import defaultdict
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sixtysix_solver import _core
from sixtysix_solver.rules.actions import Action, Kind
from sixtysix_solver.rules.random_play import random_action
from sixtysix_solver.errors import PositionError, SixtySixError
from sixtysix_solver.rules.game import Game
from sixtysix_solver.rules.profiles import PROFILES
from sixtysix_solver.advice.limits import SearchLimits
from sixtysix_solver.advice.recommend import Recommendation, recommend, stock_in_play
from sixtysix_solver.advice.stats import CARD_TIE
from sixtysix_solver.rules.solve import Solver
from sixtysix_solver.knowledge.view import View
from sixtysix_solver.knowledge.worlds import WorldSpace, enumerate_layouts, layout_rows


def small_position(name: str, seed: int, cards: int, stock: int | None = None) -> Game | None:
    """A seeded random game played on until every hand holds at most ``cards`` cards (and, if
    ``stock`` is given, the stock is still open with at most that many cards)."""
    rng = random.Random(seed)
    for _ in range(100):
        g = Game.deal(name, seed=rng.randrange(2**32))
        while not g.is_over:
            f = g.fields()
            small = max(len(h) for h in f["hands"]) <= cards
            stock_ok = (
                stock is None or (f["closed_by"] in (None, -1) and 0 < len(f["stock"]) <= stock)
            )
            if small and stock_ok and g.to_act is not None and len(g.legal_actions()) > 1:
                return g
            legal = g.legal_actions()
            calm = [a for a in legal if a.kind not in (Kind.CLOSE, Kind.CLAIM)]
            calm_only = stock is not None or rng.random() < 0.9
            g.apply(rng.choice(calm) if calm and calm_only else random_action(g, rng))
    return None


def brute_force(view: View) -> dict[Action, dict[int, Fraction]]:
    """Every world as its own game, solved from scratch: each action's exact distribution."""
    solver = Solver(tt_mib=4)
    weight: dict[Action, dict[int, Fraction]] = defaultdict(lambda: defaultdict(Fraction))
    total = 0
    for lay in enumerate_layouts(view, None, stock_order=stock_in_play(view)):
        g = lay.game(view)
        r = solver.solve(g, pv=False)
        total += lay.weight
        for av in r.actions:
            weight[av.action][av.value] += lay.weight
    return {a: {v: w / total for v, w in d.items()} for a, d in weight.items()}


def check_exact(rec: Recommendation, truth: dict[Action, dict[int, Fraction]]) -> None:
    assert rec.exact and rec.stopped == "done" and rec.worlds == rec.total_worlds
    assert {s.action for s in rec.actions} == set(truth)
    for s in rec.actions:
        dist = truth[s.action]
        assert dict(s.distribution) == pytest.approx({v: float(p) for v, p in dist.items()},
                                                     abs=1e-12)
        assert s.mean == pytest.approx(float(sum(v * p for v, p in dist.items())), abs=1e-12)
        assert s.win == pytest.approx(float(sum(p for v, p in dist.items() if v > 0)), abs=1e-12)
        assert s.ci is None and s.win_ci is None
    best = max(s.utility for s in rec.actions)
    assert rec.stats(rec.best).utility == best


# Three players each alone value a world against the club's replies by default (others="auto");
# the paranoid value, the plain solver's, is what brute_force checks.
PARANOID = SearchLimits(others="paranoid")


CASES = [(name, seed) for name in sorted(PROFILES) for seed in range(3)]


@pytest.mark.parametrize("name,seed", CASES)
def test_exact_mode_matches_brute_force_strict(name: str, seed: int) -> None:
    g = small_position(name, seed, cards=2 if PROFILES[name].players > 2 else 3)
    if g is None:
        pytest.fail("no position found")
    view = View.from_game(g, g.to_act)
    rec = recommend(view, worlds=5000, threads=2,
                    limits=PARANOID if PROFILES[name].sides > 2 else None)
    check_exact(rec, brute_force(view))


@pytest.mark.parametrize("seed", range(4))
def test_three_players_break_ties_by_card_points(seed: int) -> None:
    """Three players each alone: the utility is the mean game points plus CARD_TIE times the
    card points the action secures, each world solved from scratch by the plain solver."""
    g = small_position("three-hand", seed, cards=3)
    assert g is not None
    view = View.from_game(g, g.to_act)
    rec = recommend(view, worlds=5000, threads=1, limits=PARANOID)
    check_exact(rec, brute_force(view))
    solver = Solver(tt_mib=4)
    cards: dict[Action, Fraction] = defaultdict(Fraction)
    total = 0
    for lay in enumerate_layouts(view, None, stock_order=False):
        r = solver.solve(lay.game(view), objective="card_points", pv=False)
        total += lay.weight
        for av in r.actions:
            cards[av.action] += lay.weight * av.value
    for s in rec.actions:
        tie = 0.0 if s.action.kind == Kind.CLAIM else CARD_TIE * float(cards[s.action] / total)
        assert s.utility == pytest.approx(s.mean + tie, abs=1e-9)
    assert any(s.utility != s.mean for s in rec.actions)


def test_card_tie_weighs_the_card_points() -> None:
    g = small_position("three-hand", 1, cards=3)
    assert g is not None
    view = View.from_game(g, g.to_act)
    base = recommend(view, worlds=5000, threads=1, limits=PARANOID)
    off = recommend(view, worlds=5000, threads=1, limits=SearchLimits(card_tie=0, others="paranoid"))
    heavy = recommend(view, worlds=5000, threads=1,
                      limits=SearchLimits(card_tie=4 * CARD_TIE, others="paranoid"))
    for s in base.actions:
        assert off.stats(s.action).utility == s.mean == off.stats(s.action).mean
        tie = s.utility - s.mean
        assert heavy.stats(s.action).utility == pytest.approx(s.mean + 4 * tie, abs=1e-9)
    for bad in (-0.1, 1.5, "x", True):
        with pytest.raises(SixtySixError, match="card_tie"):
            SearchLimits(card_tie=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", range(4))
def test_others_maxn_values_each_world_by_maxn(seed: int) -> None:
    """``others="maxn"``: each world's game points and the seat's points are its max^n
    utility (every player for itself, cpp/maxn.cpp), the utility their mean plus CARD_TIE times
    the mean points; checked against every world solved alone."""
    g = small_position("three-hand", seed, cards=3)
    assert g is not None
    view = View.from_game(g, g.to_act)
    me = g.profile.side(g.to_act)
    rec = recommend(view, worlds=5000, threads=1, limits=SearchLimits(others="maxn"))
    assert rec.exact
    gp: dict[int, Fraction] = defaultdict(Fraction)
    pts: dict[int, Fraction] = defaultdict(Fraction)
    total = 0
    for lay in enumerate_layouts(view, None, stock_order=False):
        total += lay.weight
        for code, u in _core.maxn(lay.game(view).core, tt_mib=1)["actions"]:
            g_, p_ = divmod(u[me], _core.MAXN_SCALE)
            gp[code] += lay.weight * g_
            pts[code] += lay.weight * p_
    for s in rec.actions:
        assert s.mean == pytest.approx(float(gp[s.action.code] / total), abs=1e-12)
        assert s.utility == pytest.approx(
            float(gp[s.action.code] / total) + CARD_TIE * float(pts[s.action.code] / total), abs=1e-9)
    with pytest.raises(SixtySixError, match="others"):
        SearchLimits(others="friendly")


def test_others_maxn_leaves_two_sides_alone() -> None:
    g = small_position("sixty-six", 2, cards=3)
    assert g is not None
    view = View.from_game(g, g.to_act)
    a = recommend(view, worlds=5000, threads=1)
    b = recommend(view, worlds=5000, threads=1, limits=SearchLimits(others="maxn"))
    assert [(s.action, s.mean, s.utility) for s in a.actions] == [
        (s.action, s.mean, s.utility) for s in b.actions]


def test_two_sides_keep_the_game_points_as_utility() -> None:
    g = small_position("sixty-six", 1, cards=3)
    assert g is not None
    rec = recommend(View.from_game(g, g.to_act), worlds=5000, threads=1)
    assert all(s.utility == s.mean for s in rec.actions)


STOCK_PROFILES = sorted(n for n, p in PROFILES.items() if p.stock_size > 0 and p.players == 2)


@pytest.mark.parametrize("name", STOCK_PROFILES)
def test_exact_mode_matches_brute_force_open_stock(name: str) -> None:
    for seed in range(40):
        g = small_position(name, seed, cards=PROFILES[name].hand_size, stock=4)
        if g is None:
            continue
        view = View.from_game(g, g.to_act)
        if WorldSpace(view).count <= 1500:
            break
    else:
        pytest.fail("no small open-stock position found")
    rec = recommend(view, worlds=1500, threads=1)
    check_exact(rec, brute_force(view))


def test_same_worlds_for_every_action_and_thread_count() -> None:
    g = small_position("sixty-six", 5, cards=6, stock=4)
    assert g is not None
    view = View.from_game(g, g.to_act)
    a = recommend(view, worlds=60, seed=3, threads=1)
    b = recommend(view, worlds=60, seed=3, threads=2)
    c = recommend(view, worlds=60, seed=4, threads=2)
    assert not a.exact and a.worlds == 60 and a.values.shape == (60, len(g.legal_actions()))
    assert np.array_equal(a.values, b.values) and a.actions == b.actions
    assert not np.array_equal(a.values, c.values)
    # Each column is that action's value in the same sampled world: solve world 0 alone.
    lay = WorldSpace(view).sample(1, 3)[0]
    r = Solver(4).solve(lay.game(view), pv=False)
    assert [av.value for av in r.actions] == list(a.values[0])


def test_sampled_intervals_cover_the_exact_average() -> None:
    g = small_position("schnapsen", 2, cards=5, stock=4)
    assert g is not None
    view = View.from_game(g, g.to_act)
    exact = recommend(view, exact=True, threads=2)
    sampled = recommend(view, worlds=300, exact=False, seed=11, threads=2)
    assert exact.exact and not sampled.exact and sampled.worlds == 300
    covered = 0
    for s in sampled.actions:
        assert s.ci is not None and s.win_ci is not None
        assert s.ci[0] <= s.mean <= s.ci[1]
        covered += s.ci[0] <= exact.stats(s.action).mean <= s.ci[1]
    assert covered >= len(sampled.actions) - 1  # 95% intervals: a miss is rare


def test_anytime_progress_time_and_stop() -> None:
    g = Game.deal("sixty-six", seed=8)
    view = View.from_game(g, g.to_act)
    seen: list[int] = []
    t0 = time.perf_counter()
    rec = recommend(view, worlds=10**6, time_limit=1.0, on_progress=lambda r: seen.append(r.worlds))
    assert time.perf_counter() - t0 < 3.0  # the deadline reaches into the solver
    assert rec.stopped == "time" and seen == sorted(seen) and seen[-1] == rec.worlds
    assert 0 < rec.worlds < 10**6
    ev = threading.Event()
    ev.set()
    rec = recommend(view, worlds=10**6, stop=ev, threads=2)
    assert rec.stopped == "stop" and rec.worlds == 2  # one world per thread, then the request
    # A stop while the solver runs interrupts it (it does not wait for the batch to end).
    ev = threading.Event()
    threading.Timer(1.5, ev.set).start()
    t0 = time.perf_counter()
    rec = recommend(view, worlds=10**6, stop=ev, threads=1)
    assert rec.stopped == "stop" and rec.worlds >= 1
    assert time.perf_counter() - t0 < 4.0


def test_stop_when_clear() -> None:
    # A claim that wins 3 points against everything else: clear after the first checks.
    claim = Action(Kind.CLAIM)
    rng = random.Random(5)

    def winning_claim(g: Game) -> bool:
        p = g.to_act
        return p is not None and claim in g.legal_actions() and g.scores()[p] >= 66

    for _ in range(200):
        g = Game.deal("schnapsen", seed=rng.randrange(2**32))
        while not g.is_over and not winning_claim(g):
            calm = [a for a in g.legal_actions() if a.kind not in (Kind.CLOSE, Kind.CLAIM)]
            g.apply(rng.choice(calm or g.legal_actions()))
        if not g.is_over:
            break
    else:
        pytest.fail("no winning claim found")
    view = View.from_game(g, g.to_act)
    rec = recommend(view, worlds=100_000, exact=False, stop_when_clear=True)
    assert rec.stopped == "clear" and rec.best == claim and rec.worlds < 100_000


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(sorted(PROFILES)), st.integers(0, 10**6), st.integers(0, 40))
def test_recommendations_are_legal(name: str, seed: int, moves: int) -> None:
    rng = random.Random(seed)
    g = Game.deal(name, seed=seed)
    for _ in range(moves):
        if g.is_over:
            return
        g.apply(random_action(g, rng))
    if g.is_over or len(g.actions) < 8 and PROFILES[name].stock_size > 10:
        return  # whole double-deck hands are too slow for a property test
    rec = recommend(g, worlds=3, seed=seed, threads=1)
    assert rec.best in g.legal_actions()
    assert [s.action for s in rec.actions] == g.legal_actions()


def test_game_and_its_view_give_the_same_advice() -> None:
    g = small_position("mariage", 1, cards=6, stock=6)
    assert g is not None
    a = recommend(g, worlds=20, seed=2)
    b = recommend(View.from_game(g, g.to_act), worlds=20, seed=2)
    assert a.actions == b.actions and np.array_equal(a.values, b.values)


def test_bad_input() -> None:
    g = Game.deal("schnapsen", seed=1)
    assert g.to_act is not None
    other = View.from_game(g, 1 - g.to_act)
    with pytest.raises(SixtySixError, match="turn"):
        recommend(other)
    for kw in ({"worlds": 0}, {"worlds": 1.5}, {"threads": 0}, {"seed": "x"},
               {"time_limit": -1}, {"exact": "yes"}, {"tt_mib": 0}):
        with pytest.raises(SixtySixError):
            recommend(g, **kw)
    with pytest.raises(SixtySixError, match="View or a Game"):
        recommend("not a view")  # type: ignore[arg-type]
    assert issubclass(SixtySixError, ValueError)


def test_search_limits_carry_the_budget() -> None:
    # limits= is the same run as the keywords; keywords given with it replace its fields; the
    # object is frozen and checked when it is built.
    g = Game.deal("schnapsen", seed=2)
    by_kw = recommend(g, worlds=30, seed=4, threads=1)
    lim = SearchLimits(worlds=30, seed=4, threads=1)
    for rec in (recommend(g, limits=lim),
                recommend(g, limits=SearchLimits(worlds=5, seed=9, threads=1), worlds=30, seed=4)):
        assert rec.actions == by_kw.actions and np.array_equal(rec.values, by_kw.values)
    assert lim == dataclasses.replace(lim) and lim.time_limit is None and lim.exact is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        lim.worlds = 3  # type: ignore[misc]
    with pytest.raises(SixtySixError, match="limits must be a SearchLimits"):
        recommend(g, limits={"worlds": 3})  # type: ignore[arg-type]
    for kw in ({"worlds": 0}, {"threads": 0}, {"seed": "x"}, {"time_limit": 0},
               {"exact": "yes"}, {"tt_mib": 5000}, {"iterations": 0}):
        with pytest.raises(SixtySixError):
            SearchLimits(**kw)
    with pytest.raises(SixtySixError, match="seed"):
        recommend(g, limits=SearchLimits(seed=2**63))  # unsigned seeds are ISMCTS's only


def test_core_rejects_rows_that_do_not_fit() -> None:
    g = small_position("sixty-six", 3, cards=6, stock=4)
    assert g is not None
    view = View.from_game(g, g.to_act)
    lays = list(enumerate_layouts(view, None, stock_order=False))[:2]
    assert len(lays) == 2
    rows = layout_rows(lays)
    base = lays[0].game(view)
    codes = [[a.code] for a in base.legal_actions()]
    ok = _core.solve_worlds(base._state, rows, codes, "game_points", 1, 1, 0, 0.0, True)
    assert ok[0].shape == (2, len(codes))
    bad = rows.copy()
    bad[0, 0] = 31  # a card nobody holds
    with pytest.raises(PositionError):
        _core.solve_worlds(base._state, bad, codes, "game_points", 1, 1, 0, 0.0, True)
    with pytest.raises(PositionError):
        _core.solve_worlds(base._state, rows[:, :-1], codes, "game_points", 1, 1, 0, 0.0, True)
    with pytest.raises(SixtySixError):
        _core.solve_worlds(base._state, rows, [[999]], "game_points", 1, 1, 0, 0.0, True)


def test_ties_prefer_a_winning_claim_but_not_a_losing_one() -> None:
    # Equal values: a claim that wins ends the hand at once; one that loses concedes a hand
    # the opponent might still misplay, so playing on comes first.
    from sixtysix_solver.advice.stats import ActionStats, best_index as _best

    def stats(action: str, mean: float) -> ActionStats:
        return ActionStats(action=Action.parse(action), mean=mean, win=float(mean > 0),
                           distribution=(), ci=None, win_ci=None, utility=mean, line=())

    assert stats("claim", 1.0).action.kind == Kind.CLAIM
    assert _best([stats("AS", 2.0), stats("claim", 2.0)]) == 1
    assert _best([stats("claim", 2.0), stats("AS", 2.0)]) == 0
    assert _best([stats("claim", -2.0), stats("AS", -2.0)]) == 1
    assert _best([stats("AS", -2.0), stats("claim", -2.0)]) == 0
    assert _best([stats("claim", -1.0), stats("AS", -2.0)]) == 0  # values still come first
