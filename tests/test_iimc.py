"""IIMC playout values (advice/iimc.py) and the engine's check of PIMC by them (iimc=)."""

from __future__ import annotations

import dataclasses
import importlib
from typing import Any

import helpers
import pytest

from sixtysix_solver import Game, View, recommend
from sixtysix_solver.advice.iimc import PlayoutResult, play_out, playout_values
from sixtysix_solver.agents import AgentError, AgentSpec
from sixtysix_solver.errors import SixtySixError
from sixtysix_solver.rules.actions import Action, Kind

CLOSE = Action(Kind.CLOSE)


def _known_world(profile: str, seed: int) -> Game:
    """A two-player position with no stock left: the seat to act can count every card."""
    for s in range(seed, seed + 200):
        g = helpers.random_position(profile, s, 200)  # plays until one action is left...
        while g.actions:  # ...then walks back to a decision in the strict phase, stock gone
            if (g.to_act is not None and len(g.legal_actions()) > 1
                    and not g.fields()["stock"] and 3 <= len(g.hand(g.to_act)) <= 5):
                return g
            g.undo()
    raise AssertionError("no position found")


@pytest.mark.parametrize("profile,moves", [("schnapsen", 0), ("schnapsen", 7),
                                           ("sixty-six", 12), ("four-hand", 9)])
def test_values_are_legal_paired_and_seeded(profile: str, moves: int) -> None:
    g = helpers.random_position(profile, 3, moves)
    view = View.from_game(g)
    r = playout_values(view, playouts=4, seed=5)
    assert r.actions == tuple(g.legal_actions()) and r.best in g.legal_actions()
    assert r.worlds == 4 and r.stopped == "done" and len(r.values) == 4
    assert all(len(row) == len(r.actions) for row in r.values)
    for i, m in enumerate(r.means):  # the means are the rows' averages
        assert m == pytest.approx(sum(row[i] for row in r.values) / 4)
    assert playout_values(view, playouts=4, seed=5) == r
    two = playout_values(view, r.actions[:2], playouts=4, seed=5)  # same worlds: same columns
    assert [row[:2] for row in r.values] == list(two.values)


def test_a_known_world_gives_the_exact_values() -> None:
    # With every card counted, the club player plays the ending exactly for both sides, so the
    # playout value of each action is its exact open-card value (PIMC over the one world).
    for profile, seed in (("schnapsen", 1), ("sixty-six", 2), ("schnapsen", 9)):
        g = _known_world(profile, seed)
        view = View.from_game(g)
        r = playout_values(view, playouts=3, seed=1)
        exact = recommend(view, worlds=10, seed=1, threads=1)
        assert exact.exact and exact.total_worlds == 1
        for a, m in zip(r.actions, r.means):
            assert m == exact.stats(a).mean, (profile, seed, str(a))


def test_decision_budget_is_kept() -> None:
    view = View.from_game(Game.deal("sixty-six", seed=4))
    full = playout_values(view, playouts=12, seed=2)
    cut = playout_values(view, playouts=12, seed=2, decision_limit=full.decisions // 3)
    assert cut.stopped == "decisions" and 1 <= cut.worlds < 12
    assert cut.decisions >= full.decisions // 3
    assert cut.values == full.values[:cut.worlds]  # the same worlds, in the same order
    one = playout_values(view, playouts=12, seed=2, decision_limit=1)
    assert one.worlds == 1  # at least one world, however small the budget


def test_play_out_finishes_the_hand_from_views() -> None:
    g = Game.deal("schnapsen", seed=8)
    seen: list[View] = []

    def policy(view: View, legal: Any) -> Action:
        seen.append(view)
        return next((a for a in legal if a.kind not in (Kind.CLAIM, Kind.CLOSE)), legal[0])

    made = play_out(g, policy)
    assert g.is_over and made == len(seen) > 5
    assert all(v.to_act == v.seat for v in seen)  # each player sees its own view

    def cheat(view: View, legal: Any) -> Action:
        return Action.parse("close") if CLOSE not in legal else legal[0]

    with pytest.raises(SixtySixError, match="not legal"):
        play_out(Game.deal("schnapsen", seed=8), cheat)


def test_bad_arguments() -> None:
    g = Game.deal("schnapsen", seed=3)
    view = View.from_game(g)
    for kw, msg in (({"playouts": 0}, "playouts"), ({"decision_limit": 0}, "decision_limit"),
                    ({"seed": -1}, "seed"), ({"time_limit": -1.0}, "time_limit")):
        with pytest.raises(SixtySixError, match=msg):
            playout_values(view, **kw)
    with pytest.raises(SixtySixError, match="not legal"):
        playout_values(view, [Action.parse("marry-H")])
    with pytest.raises(SixtySixError, match="no actions"):
        playout_values(view, [])
    with pytest.raises(SixtySixError, match="turn"):
        playout_values(View.from_game(g, 1 - view.seat))
    with pytest.raises(SixtySixError, match="View"):
        playout_values(g)  # type: ignore[arg-type]
    r = playout_values(view, playouts=2, seed=1)
    with pytest.raises(SixtySixError, match="not played out"):
        r.mean("marry-H")
    assert r.mean(r.best) == max(r.means)


# --- the engine's check ---------------------------------------------------------------------------
def _close_lead() -> tuple[Game, View]:
    g = Game.deal("sixty-six", seed=7)
    assert CLOSE in g.legal_actions()
    return g, View.from_game(g)


def _rig(monkeypatch: pytest.MonkeyPatch, best: Action, prefer: Any) -> list[Any]:
    """recommend says ``best`` is best (by far); the playouts prefer the actions for which
    ``prefer`` is true. Returns the calls made to the playouts."""
    engine = importlib.import_module("sixtysix_solver.agents.engine")
    real = engine.recommend
    calls: list[Any] = []

    def rigged(v: View, **kw: Any) -> Any:
        r = real(v, **kw)
        acts = tuple(dataclasses.replace(a, mean=3.0, utility=3.0) if a.action == best
                     else dataclasses.replace(a, mean=a.mean - 5, utility=a.mean - 5)
                     for a in r.actions)
        return dataclasses.replace(r, actions=acts, best=best)

    def playouts(v: View, actions: Any, **kw: Any) -> PlayoutResult:
        calls.append((tuple(actions), kw))
        means = tuple(1.0 if prefer(a) else 0.0 for a in actions)
        return PlayoutResult(v.seat, tuple(actions), means, (0.0,) * len(actions),
                             ((0,) * len(actions),), 1, 1, "done", 0.0)

    monkeypatch.setattr(engine, "recommend", rigged)
    monkeypatch.setattr(engine, "playout_values", playouts)
    return calls


def test_engine_checks_a_close_by_playouts(monkeypatch: pytest.MonkeyPatch) -> None:
    g, view = _close_lead()
    calls = _rig(monkeypatch, CLOSE, lambda a: a != CLOSE)
    # closewin=0: the playouts alone judge the close (the default would also check its win share)
    assert AgentSpec.parse("engine:worlds=3,closewin=0").build(seed=1).act(view) == CLOSE
    assert not calls
    chosen = AgentSpec.parse("engine:worlds=3,iimc=0.3,closewin=0").build(seed=1).act(view)
    (acts, kw), = calls
    assert acts[0] == CLOSE and len(acts) == 2 and chosen == acts[1] != CLOSE
    assert kw["time_limit"] is None and kw["playouts"] == 40  # no cap: a fixed budget
    calls.clear()
    _rig(monkeypatch, CLOSE, lambda a: a == CLOSE)
    assert AgentSpec.parse("engine:worlds=3,iimc=0.3,closewin=0").build(seed=1).act(view) == CLOSE


def test_engine_checks_near_ties_only_with_tie(monkeypatch: pytest.MonkeyPatch) -> None:
    g = Game.deal("schnapsen", seed=3)
    view = View.from_game(g)
    best, second = g.legal_actions()[:2]
    calls = _rig(monkeypatch, best, lambda a: a == second)
    assert AgentSpec.parse("engine:worlds=3,iimc=0.3").build(seed=1).act(view) == best
    assert not calls  # no close to check, no tie margin
    # The rigged figures put every other action 5 points or more behind the best: a margin of
    # 1 leaves nothing to compare, one of 20 compares the best with the next two.
    assert AgentSpec.parse("engine:worlds=3,iimc=0.3,tie=1").build(seed=1).act(view) == best
    assert not calls
    chosen = AgentSpec.parse("engine:worlds=3,iimc=0.3,tie=20").build(seed=1).act(view)
    (acts, _), = calls
    assert len(acts) == 3 and acts[0] == best
    assert chosen == (second if second in acts else best)


def test_engine_iimc_specs() -> None:
    a = AgentSpec.parse("engine:worlds=3,iimc=0.3,tie=0.25").build(seed=1)
    assert a.name == "engine:iimc=0.3,tie=0.25,worlds=3"
    for bad in ("engine:iimc=-0.1", "engine:iimc=1", "engine:iimc=true", "engine:tie=0.5",
                "engine:iimc=0.3,tie=-1", "ismcts:iimc=0.3"):
        with pytest.raises(AgentError):
            AgentSpec.parse(bad).build(seed=0)


def test_engine_with_iimc_is_legal_and_seeded() -> None:
    g, view = _close_lead()
    spec = AgentSpec.parse("engine:worlds=4,iimc=0.5,tie=0.5,time=0")
    first = spec.build(seed=3).act(view)
    assert first in g.legal_actions() and spec.build(seed=3).act(view) == first


def test_judge_takes_the_club_players_choice_only_when_clearly_better(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from sixtysix_solver.agents.heuristic import HeuristicAgent

    g = Game.deal("schnapsen", seed=2)  # a lead where the club player and the rigged best differ
    view = View.from_game(g)
    club = HeuristicAgent(0).choose(view, g.legal_actions())
    best = next(a for a in g.legal_actions() if a != club)
    engine = importlib.import_module("sixtysix_solver.agents.engine")
    _rig(monkeypatch, best, lambda a: False)
    diffs = [[1, -1, 2, -1, 1, -2, 1, 0]]  # club minus best per world: mean 1/8, se ~0.4

    def playouts(v: View, actions: Any, **kw: Any) -> PlayoutResult:
        acts = tuple(actions)
        rows = tuple(tuple(d if a == club else 0 for a in acts) for d in diffs[0])
        means = tuple(sum(r[i] for r in rows) / len(rows) for i in range(len(acts)))
        return PlayoutResult(v.seat, acts, means, (0.0,) * len(acts), rows, len(rows), 1,
                             "done", 0.0)

    monkeypatch.setattr(engine, "playout_values", playouts)
    spec = "engine:worlds=3,iimc=0.3,judge=true,club=expert"
    assert AgentSpec.parse("engine:worlds=3,iimc=0.3").build(seed=1).act(view) == best
    assert AgentSpec.parse(spec).build(seed=1).act(view) == best  # better, but within noise
    diffs[0] = [1, 1, 2, 1, 0, 1, 1, 1]  # clearly better
    assert AgentSpec.parse(spec).build(seed=1).act(view) == club
    with pytest.raises(AgentError, match="judge"):
        AgentSpec.parse("engine:worlds=3,judge=true").build(seed=0)
