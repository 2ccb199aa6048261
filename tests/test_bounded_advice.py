"""Advice in bounded time: every entry point answers with a legal, reasoned choice whatever the
budget, in every profile; the method behind the answer is reported; the horizon search is the
exact solver where its horizon reaches the end of the hand.

Nothing here depends on the machine's speed: budgets are either counts (worlds, nodes) or so
small that no world can be valued (the club player's rules must answer), and time checks
have wide margins."""

from __future__ import annotations

import random
import threading
import time
from dataclasses import replace

import helpers
import numpy as np
import pytest

from sixtysix_solver import PROFILES, Game, View, analyse_closing, recommend
from sixtysix_solver.advice.club import club_choice
from sixtysix_solver.advice.limits import SearchLimits
from sixtysix_solver.advice import recommend as recommend_module
from sixtysix_solver.advice.recommend import (
    AUTO_EXACT_CARDS,
    Recommendation,
    method_for,
    probes,
)
from sixtysix_solver.agents import AgentSpec, EngineAgent
from sixtysix_solver.agents.engine import LEVEL_TIME
from sixtysix_solver.errors import SixtySixError
from sixtysix_solver.knowledge.legal import legal_actions
from sixtysix_solver.rules.random_play import random_action


def _view_after(profile: str, seed: int, moves: int) -> View:
    return View.from_game(helpers.random_position(profile, seed, moves))


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_a_budget_too_small_for_any_world_still_answers(profile: str) -> None:
    # 1 microsecond: no world can be valued; the club player's choice comes back, said so.
    view = _view_after(profile, 3, 2)
    rec = recommend(view, time_limit=1e-6, seed=1)
    assert rec.best in legal_actions(view)
    if rec.worlds == 0:
        assert rec.method == "rule" and rec.stopped == "time"
        assert rec.best == club_choice(view, legal_actions(view))
    else:  # a world may still be valued before the first check of the clock
        assert rec.method in ("exact", "horizon")


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_every_profile_answers_from_the_first_lead_on_a_count_budget(profile: str) -> None:
    view = View.from_game(Game.deal(profile, seed=5))
    rec = recommend(view, worlds=6, seed=2, threads=1)
    assert rec.best in legal_actions(view)
    assert rec.worlds == 6 and rec.method == method_for(view, [])
    assert (rec.depth is None) == (rec.method == "exact")


def test_the_method_follows_the_cards_still_to_play() -> None:
    schnapsen = View.from_game(Game.deal("schnapsen", seed=1))
    assert sum(schnapsen.hand_sizes) + schnapsen.stock_size <= AUTO_EXACT_CARDS
    assert method_for(schnapsen, []) == "exact"
    for profile in ("mariage", "double-deck", "mariage-piquet"):
        assert method_for(View.from_game(Game.deal(profile, seed=1)), []) == "horizon"
    sixty_six = View.from_game(Game.deal("sixty-six", seed=1))  # 24 cards: exact given time
    assert method_for(sixty_six, [], time_limit=0.1) == "horizon"
    assert method_for(sixty_six, [], time_limit=1.0) == method_for(sixty_six, []) == "exact"
    for profile in ("four-hand", "four-hand-24", "three-hand"):  # no stock: exact
        assert method_for(View.from_game(Game.deal(profile, seed=1)), []) == "exact"
    mariage = View.from_game(Game.deal("mariage", seed=1))
    close = Game.deal("mariage", seed=1).legal_actions()[0]
    assert method_for(mariage, [[close, close]]) == "exact"  # lines: always exact
    assert method_for(mariage, [], "exact") == "exact"
    with pytest.raises(SixtySixError, match="method must be one of"):
        SearchLimits(method="deep")


def _sixty_six_stock_of_ten() -> tuple[Game, View]:
    g = Game.deal("sixty-six", seed=2)
    while View.from_game(g).stock_size > 10:  # the club player's first trick: 22 cards still to play
        g.apply(club_choice(View.from_game(g), g.legal_actions()))
    return g, View.from_game(g)


def test_auto_probes_the_exact_speed_only_where_time_decides() -> None:
    g, view = _sixty_six_stock_of_ten()
    assert sum(view.hand_sizes) + view.stock_size > AUTO_EXACT_CARDS
    timed = SearchLimits(time_limit=1.0)
    assert probes(view, [], timed) and not probes(view, [], SearchLimits())  # a count: exact
    assert not probes(view, [], replace(timed, method="exact"))
    assert not probes(View.from_game(Game.deal("schnapsen", seed=1)), [], timed)  # 20 cards
    assert not probes(view, [[g.legal_actions()[0]] * 2], timed)  # lines: exact


def test_a_probe_on_course_keeps_the_exact_worlds() -> None:
    # Two worlds asked, a minute's budget: the first world shows the run on course.
    _, view = _sixty_six_stock_of_ten()
    rec = recommend(view, worlds=2, time_limit=60, seed=3, threads=1)
    assert rec.method == "exact" and rec.worlds == 2 and rec.stopped == "done"


def test_a_failed_probe_hands_the_time_to_the_horizon_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A probe never on course: at its end (a tiny share of a long budget) the horizon search
    # values the same seed's worlds, as if asked for directly.
    monkeypatch.setattr(recommend_module, "on_course", lambda *args: False)
    monkeypatch.setattr(recommend_module, "AUTO_PROBE", 1e-4)
    _, view = _sixty_six_stock_of_ten()
    lim = SearchLimits(worlds=20, time_limit=60, seed=4, threads=1, deepen=False)
    rec = recommend(view, limits=lim)
    direct = recommend(view, limits=replace(lim, method="horizon"))
    assert rec.method == "horizon" and rec.worlds == 20 and rec.depth == lim.horizon
    assert np.array_equal(rec.values, direct.values) and rec.best == direct.best
    assert rec.nodes >= direct.nodes  # the probe's nodes count too
    assert rec.seconds < 60


def test_a_stop_during_the_probe_ends_the_search() -> None:
    # A long budget, a stop request soon after the start: the answer comes once a world is
    # valued (whichever attempt is running), not at the budget's end.
    _, view = _sixty_six_stock_of_ten()
    ev = threading.Event()
    threading.Timer(0.2, ev.set).start()
    t0 = time.perf_counter()
    rec = recommend(view, time_limit=600, seed=5, threads=1, stop=ev)
    assert time.perf_counter() - t0 < 120  # (a generous margin: the machine may be busy)
    assert rec.stopped == "stop" and rec.worlds >= 1 and rec.best in legal_actions(view)


def test_the_engine_takes_the_way_worlds_are_valued() -> None:
    agent = AgentSpec.parse("engine:worlds=50,time=1,eval=exact").build()
    assert isinstance(agent, EngineAgent) and agent.limits.method == "exact"
    assert str(agent.spec) == "engine:eval=exact,time=1,worlds=50"
    assert str(AgentSpec.parse("engine:3,eval=auto").build().spec) == "engine:3"
    with pytest.raises(SixtySixError, match="eval must be one of: auto, exact, horizon"):
        AgentSpec.parse("engine:eval=deep").build()
    with pytest.raises(SixtySixError, match="ismcts does not take eval"):
        AgentSpec.parse("ismcts:eval=exact").build()


def test_horizon_figures_are_reproducible_and_reported() -> None:
    view = View.from_game(Game.deal("mariage", seed=7))
    a = recommend(view, worlds=12, seed=3, threads=2)
    b = recommend(view, worlds=12, seed=3, threads=1)
    assert a.method == b.method == "horizon" and a.depth == b.depth == 2
    assert a.best == b.best
    assert np.array_equal(a.values, b.values)  # the same worlds, values for any thread count
    assert a.values.dtype == np.float64
    for s in a.actions:
        assert abs(sum(p for _, p in s.distribution) - 1.0) < 1e-9
        assert all(-3 <= o <= 3 for o, _ in s.distribution)


def late_sixty_six_views(count: int, rng_seed: int) -> list[tuple[int, View]]:
    """``count`` (seed, view) pairs of randomly played sixty-six hands at a lead with 2-4
    stock cards left."""
    rng = random.Random(rng_seed)
    found = []
    for seed in range(40):
        g = Game.deal("sixty-six", seed=seed)
        while not g.is_over and (len(g.stock) > 4 or g.phase != "lead"):
            g.apply(random_action(g, rng))
        if not g.is_over and g.phase == "lead" and g.stock:
            found.append((seed, View.from_game(g)))
            if len(found) == count:
                break
    assert len(found) == count
    return found


def test_a_deep_enough_horizon_is_the_exact_solver() -> None:
    # Late in a sixty-six hand a horizon of 8 tricks reaches every end: the horizon figures
    # are the exact ones, world by world.
    for seed, view in late_sixty_six_views(3, 11):
        exact = recommend(view, limits=SearchLimits(worlds=8, seed=seed, method="exact", threads=1))
        deep = recommend(view, limits=SearchLimits(worlds=8, seed=seed, method="horizon", horizon=8,
                                                  threads=1))
        assert deep.method == "horizon"
        assert np.array_equal(exact.values.astype(np.float64), deep.values)


def test_time_left_deepens_the_horizon_until_the_node_budget_stops_it() -> None:
    # With a generous time limit (never reached, even on a busy machine) the time left after
    # the worlds are valued goes to deeper passes: the depth grows until a pass gains no world,
    # which the per-world node budget decides, so the figures do not depend on the machine.
    view = View.from_game(Game.deal("mariage", seed=1))
    lim = SearchLimits(worlds=4, time_limit=600, world_nodes=20_000, threads=1, seed=1)
    depths: list[int | None] = []
    states: list[str] = []

    def progress(r: Recommendation) -> None:
        depths.append(r.depth)
        states.append(r.stopped)

    deep = recommend(view, limits=lim, on_progress=progress)
    again = recommend(view, limits=lim)
    flat = recommend(view, limits=SearchLimits(worlds=4, time_limit=600, world_nodes=20_000,
                                               threads=1, seed=1, deepen=False))
    assert flat.depth == 2 and deep.depth is not None and deep.depth > 2
    assert depths[-1] == deep.depth and depths[0] == 2  # progress is reported pass by pass
    assert set(states) == {"running"} and deep.stopped == "done"  # (deeper passes may follow)
    assert np.array_equal(deep.values, again.values) and deep.best == again.best
    assert not np.array_equal(deep.values, flat.values)
    assert deep.nodes > flat.nodes and deep.worlds == flat.worlds == 4
    # No time limit: no deeper passes (a count budget stays a count budget).
    assert recommend(view, limits=SearchLimits(worlds=4, threads=1, seed=1)).depth == 2


def test_deeper_passes_reach_the_exact_values_late_in_a_hand() -> None:
    # Late in sixty-six the deeper passes reach every end: the figures become the exact ones.
    for seed, view in late_sixty_six_views(2, 5):
        exact = recommend(view, limits=SearchLimits(worlds=6, seed=seed, method="exact", threads=1))
        deep = recommend(view, limits=SearchLimits(worlds=6, seed=seed, method="horizon",
                                                  horizon=0, time_limit=600, threads=1))
        assert deep.method == "horizon" and deep.stopped == "done"
        assert np.array_equal(exact.values.astype(np.float64), deep.values)


def test_a_tiny_time_budget_is_honoured_with_a_wide_margin() -> None:
    # The budget is 0.05 s; a busy machine may be much slower, but not 40 times: the call must
    # not run its 1000 worlds to the end (seconds in mariage) once the time is up.
    view = View.from_game(Game.deal("mariage", seed=2))
    t = time.perf_counter()
    rec = recommend(view, time_limit=0.05, seed=1)
    assert time.perf_counter() - t < 2.0
    assert rec.best in legal_actions(view)


def test_closing_analysis_answers_in_a_long_hand() -> None:
    g = Game.deal("mariage", seed=4)
    rng = random.Random(4)
    while "close" not in [str(a) for a in g.legal_actions()] and not g.is_over:
        g.apply(random_action(g, rng))
    if g.is_over:
        pytest.skip("this seed's hand ended before a close was legal")
    out = analyse_closing(View.from_game(g), worlds=6, seed=1)
    assert out.verdict in ("close", "continue")


def test_engine_levels_carry_a_time_cap_and_keep_their_spec() -> None:
    for level, cap in LEVEL_TIME.items():
        agent = EngineAgent(level)
        assert agent.time_limit == cap and str(agent.spec) == f"engine:{level}"
    assert LEVEL_TIME[5] <= 5.0
    assert EngineAgent(2, time_limit=3.0).time_limit == 3.0  # an explicit cap wins
    assert str(AgentSpec.parse("engine:2,time=3").build().spec) == "engine:level=2,time=3"
    free = AgentSpec.parse("engine:2,time=0").build()  # no cap: reproducible on any machine
    assert isinstance(free, EngineAgent) and free.time_limit is None
    assert str(free.spec) == "engine:level=2,time=0"
    # Every level plays a decision of a long hand (the caps bound it; the worlds may end first).
    view = View.from_game(Game.deal("double-deck", seed=1))
    assert EngineAgent(1, seed=1).act(view) in legal_actions(view)


def test_ctrl_c_stops_a_long_recommendation(tmp_path: object) -> None:
    # A double-deck recommendation of 200,000 worlds runs for minutes; SIGINT ends it with the
    # shell's status for an interrupt, one line on stderr and no traceback, well within 10 s.
    import os
    import signal
    import subprocess
    import sys

    # The child says when its imports are done (seconds on a busy machine); the search starts
    # at once after that, and a SIGINT before it is handled the same way.
    # (Python's usual Ctrl-C, even where the test run ignores SIGINT, as a background job does.)
    code = ("import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
            "from sixtysix_solver.cli.main import main; "
            "import sixtysix_solver.advice.recommend; sys.stderr.write('ready\\n'); "
            "sys.stderr.flush(); sys.argv = sys.argv[1:]; main()")
    proc = subprocess.Popen(
        [sys.executable, "-c", code, "sixtysix", "recommend", "--deal", "1", "--profile",
         "double-deck", "--worlds", "200000", "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert proc.stderr is not None and proc.stderr.readline() == "ready\n"
    time.sleep(1.0)
    assert proc.poll() is None, proc.communicate()
    t = time.perf_counter()
    os.kill(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=10)
    assert time.perf_counter() - t < 10
    assert proc.returncode == 130, err[-2000:]
    assert "interrupted" in err and "Traceback" not in err


# A four-hand-24 hand where seat 2 showed the club marriage: its "holds" fact keeps the king and
# queen of clubs in that hand. The walk over worlds places hidden cards in canonical order and
# passed 300,000 worlds before one fitted (40 s of a 0.1-s budget, bench/bounded.py).
SHOWN_PAIR = ("four-hand-24 seat=1 dealer=3 turn=1:follow trump=JH hands=5/KDTDADQH9SKS/6/6 "
              "trick=0:9C known=-/-/-/JH has=-/-/QCKC/-")


def test_a_world_of_a_view_with_a_shown_pair_is_drawn_not_walked(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from sixtysix_solver.knowledge import worlds as W

    view = View.from_notation(SHOWN_PAIR)
    assert view.holds
    monkeypatch.setattr(W.WorldSpace, "layouts", lambda *a, **k: pytest.fail("walked"))
    lay = W.first_layout(view)
    assert all(h.satisfied_by(lay.hands[h.player]) for h in view.holds)
    assert W.first_layout(view) == lay  # a fixed seed: the same world every time
    assert legal_actions(view)  # (legal actions start from that world)


def test_drawing_worlds_keeps_to_the_deadline() -> None:
    """Past the deadline a sampled source hands over the worlds drawn so far (at least one
    piece), not the whole batch; without a deadline, the whole batch."""
    from sixtysix_solver.advice import recommend as R
    from sixtysix_solver.knowledge.worlds import WorldSpace

    space = WorldSpace(View.from_notation(SHOWN_PAIR), stock_order=False)
    late, _ = R._Source(space, False, 3).take(4096, time.perf_counter() - 1.0)
    assert 1 <= len(late) <= R._DRAW_PIECE
    full, weights = R._Source(space, False, 3).take(300)
    assert len(full) == len(weights) == 300
    assert (full[:len(late)] == late).all()  # the same stream: the late rows are its start
