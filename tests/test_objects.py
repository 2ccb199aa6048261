"""Objects that behave like Python values: games pickle (history included) and copy
independently and compare by position and history; views, hand results and every result
object pickle, copy, compare and hash; a game goes through a process pool and back.
Random games of every profile (hypothesis)."""

from __future__ import annotations

import copy
import pickle
import random
from concurrent.futures import ProcessPoolExecutor

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sixtysix_solver import (
    BatchResult, Card, ClosingAnalysis, Game, HandResult, Recommendation, SolveResult, View,
    analyse_closing, recommend, solve, solve_many,
)
from sixtysix_solver.rules.actions import Action, Kind
from sixtysix_solver.rules.profiles import profile_names
from sixtysix_solver.rules.random_play import random_action

PROFILES = profile_names()
SETTINGS = settings(max_examples=12, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def random_game(profile: str, seed: int, moves: int) -> Game:
    rng = random.Random(seed)
    g = Game.deal(profile, seed=seed, dealer=seed % Game.deal(profile, seed=0).players)
    for _ in range(moves):
        if g.is_over:
            break
        g.apply(random_action(g, rng))
    if seed % 3 == 0:
        g.match_score = tuple(seed % 5 for _ in range(g.profile.sides))
    return g


def play_out(g: Game, seed: int) -> list[str]:
    """Play the hand to its end with a seeded random player; the actions taken."""
    rng = random.Random(seed)
    out = []
    while not g.is_over:
        a = random_action(g, rng)
        g.apply(a)
        out.append(str(a))
    return out


seeds = st.integers(0, 2**32 - 1)
moves = st.integers(0, 40)


@pytest.mark.parametrize("profile", PROFILES)
@SETTINGS
@given(seed=seeds, n=moves)
def test_a_pickled_game_is_the_same_game(profile: str, seed: int, n: int) -> None:
    g = random_game(profile, seed, n)
    h = pickle.loads(pickle.dumps(g))
    assert h == g and h.same_position(g) and h is not g
    assert h.fields() == g.fields() and h.actions == g.actions
    assert h.match_score == g.match_score and repr(h) == repr(g) and str(h) == str(g)
    assert h.legal_actions() == g.legal_actions()
    # the same continuation gives the same hand
    assert play_out(h, seed + 1) == play_out(g, seed + 1)
    assert h.result == g.result and h == g
    # the history came along: undo goes back to the start
    while h.actions:
        h.undo()
    assert h.fields() == g.start_fields


@pytest.mark.parametrize("profile", PROFILES)
@SETTINGS
@given(seed=seeds, n=moves)
def test_copies_are_independent(profile: str, seed: int, n: int) -> None:
    g = random_game(profile, seed, n)
    before, acts = g.fields(), g.actions
    for c in (copy.copy(g), copy.deepcopy(g), g.clone()):
        assert c == g and c is not g
        if c.is_over:
            continue
        c.apply(random_action(c, random.Random(seed)))
        assert c != g
        assert g.fields() == before and g.actions == acts and g.phase == before["phase"]
        c.undo()
        assert c == g
    # and the other way: the original moves on, copies made before stay
    c = copy.copy(g)
    if not g.is_over:
        g.apply(random_action(g, random.Random(seed)))
        assert c.fields() == before


@pytest.mark.parametrize("profile", PROFILES)
@SETTINGS
@given(seed=seeds, n=moves)
def test_equality_is_position_and_history(profile: str, seed: int, n: int) -> None:
    g = random_game(profile, seed, n)
    with pytest.raises(TypeError):
        hash(g)
    from_position = eval(repr(g))  # the position without its history
    assert from_position.same_position(g)
    assert (from_position == g) == (not g.actions)
    other = copy.copy(g)
    other.match_score = None if g.match_score else (1,) * g.profile.sides
    assert other != g and not other.same_position(g)
    assert Game.from_json(g.to_json()) == g
    assert (g == "not a game") is False


@pytest.mark.parametrize("profile", PROFILES)
@SETTINGS
@given(seed=seeds, n=moves)
def test_views_and_hand_results_are_values(profile: str, seed: int, n: int) -> None:
    g = random_game(profile, seed, n)
    for seat in range(g.players):
        v = View.from_game(g, seat)
        for w in (pickle.loads(pickle.dumps(v)), copy.copy(v), copy.deepcopy(v),
                  View.from_json(v.to_json())):
            assert w == v and hash(w) == hash(v) and str(w) == str(v)
        # one card type: a view's cards are the game's Cards
        assert all(type(c) is Card for c in v.hand) and type(v.trump_card) is Card
        assert list(v.hand) == sorted(g.hand(seat)) and v.trump_card == g.trump_card
        assert all(type(c) is Card for t in v.taken for c in t)
    play_out(g, seed)
    r = g.result
    assert isinstance(r, HandResult)
    for s in (pickle.loads(pickle.dumps(r)), copy.deepcopy(r), HandResult.from_json(r.to_json())):
        assert s == r and hash(s) == hash(r)


def _advance(game: Game) -> Game:
    """In a worker process: play the first legal action."""
    game.apply(game.legal_actions()[0])
    return game


def test_a_game_goes_through_a_process_pool() -> None:
    games = [random_game(p, 5, 6) for p in ("schnapsen", "four-hand-24")]
    with ProcessPoolExecutor(max_workers=1) as pool:
        back = list(pool.map(_advance, games))
        solved = pool.submit(solve, games[0]).result()
    for g, b in zip(games, back):
        here = copy.deepcopy(g)
        _advance(here)
        assert b == here and b.undo() == here.undo() and b == g
    here = solve(games[0])  # the same answer (only the time differs)
    assert isinstance(solved, SolveResult) and solved.actions == here.actions
    assert (solved.value, solved.pv, solved.nodes) == (here.value, here.pv, here.nodes)


def test_solve_results_are_values() -> None:
    g = random_game("schnapsen", 3, 4)
    r = solve(g)
    b = solve_many([g, g.clone()], node_limit=200)
    for obj, cls in ((r, SolveResult), (b, BatchResult)):
        for o in (pickle.loads(pickle.dumps(obj)), copy.copy(obj), copy.deepcopy(obj),
                  cls.from_json(obj.to_json())):
            assert o == obj and hash(o) == hash(obj)
    assert b != BatchResult(b.lower, b.upper, b.nodes + 1)
    with pytest.raises(ValueError):
        b.lower[0] = 5  # read-only: a result is a value


def test_recommendations_and_closing_analyses_are_values() -> None:
    g = random_game("schnapsen", 7, 3)
    rec = recommend(View.from_game(g), worlds=8, seed=1)
    for o in (pickle.loads(pickle.dumps(rec)), copy.copy(rec), copy.deepcopy(rec),
              Recommendation.from_json(rec.to_json())):
        assert o == rec and hash(o) == hash(rec)
        assert o.actions == rec.actions and o.best == rec.best
    assert rec != recommend(View.from_game(g), worlds=8, seed=2) or rec.exact
    # a position where the player to act may close
    rng = random.Random(4)
    g = Game.deal("schnapsen", seed=4)
    while Action(Kind.CLOSE) not in g.legal_actions() or len(g.actions) < 4:
        legal = g.legal_actions()
        g.apply(rng.choice([a for a in legal if a.kind not in (Kind.CLOSE, Kind.CLAIM)]))
    a = analyse_closing(View.from_game(g), worlds=4, close_worlds=50, seed=1)
    for o in (pickle.loads(pickle.dumps(a)), copy.deepcopy(a),
              ClosingAnalysis.from_json(a.to_json())):
        assert o == a and hash(o) == hash(a)
