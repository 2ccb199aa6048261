"""The arena in a solo profile (three-hand: every player alone): agent a in one seat, b in every
other, each match played once with a in each seat on the same deals (the duplicate set); the
results file, the statistics against the 1/3 baseline, the refusals (Elo, round robin) and the
command line (sixtysix_solver.play.arena, play.stats, play.results, cli.arena)."""

from __future__ import annotations

import json
import math
import random
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from helpers import assert_match_deals
from sixtysix_solver import Game, View
from sixtysix_solver.agents import Agent, AgentSpec
from sixtysix_solver.cli.main import app
from sixtysix_solver.play.arena import (ArenaError, HandRecord, MatchJob, MatchResult, arena, elo,
                                        load_results, match_jobs, play_match, round_robin,
                                        run_jobs, summarize)
from sixtysix_solver.rules.profiles import get_profile

runner = CliRunner()
THREE = get_profile("three-hand")


def _spy(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int, int, int, type]]:
    """Record (agent, seat, agent object, its seed, type of what it was given) per decision."""
    seen: list[tuple[str, int, int, int, type]] = []
    original = Agent.act

    def act(self: Agent, view: Any, history: Any = None) -> Any:
        seen.append((self.name, view.seat, id(self), self.seed, type(view)))
        return original(self, view, history)

    monkeypatch.setattr(Agent, "act", act)
    return seen


def test_legs_rotate_a_through_every_seat_on_the_same_deals(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _spy(monkeypatch)
    jobs = match_jobs("heuristic", "random:sensible=true", profile="three-hand", matches=2,
                      seed=5)
    assert [(j.index, j.a_seat, j.swap) for j in jobs] == [
        (i, seat, False) for i in (0, 1) for seat in (0, 1, 2)]
    assert len({j.key for j in jobs}) == 6 and all(len(j.key) == 8 for j in jobs)
    for i in (0, 1):
        legs = []
        for seat in (0, 1, 2):
            del seen[:]
            r = play_match(jobs[3 * i + seat])
            legs.append(r)
            assert all(t is View for *_, t in seen)  # agents are only ever given views
            a_seats = {s for name, s, *_ in seen if name == "heuristic"}
            b_seats = {s for name, s, *_ in seen if name != "heuristic"}
            assert a_seats == {seat} and b_seats == {0, 1, 2} - {seat}
            assert r.a_seat == seat and r.a_seats == (seat,) and r.solo
            # One b object per seat, seeded apart.
            b_agents = {(s, obj, sd) for name, s, obj, sd, _ in seen if name != "heuristic"}
            assert len(b_agents) == 2 and len({obj for _, obj, _ in b_agents}) == 2
            assert len({sd for *_, sd in b_agents}) == 2
            assert_match_deals(r.hands, 5, i, THREE)
            for h in r.hands:
                assert h.seat_points is not None and len(h.seat_points) == 3
                assert h.a_points == h.seat_points[seat]
                assert h.b_points == sum(h.seat_points) - h.seat_points[seat]
            scores = r.seat_scores
            assert scores is not None
            best_b = max(x for s, x in enumerate(scores) if s != seat)
            assert r.score == (scores[seat], best_b)
            top = max(scores)
            assert top >= THREE.match_target and scores.count(top) == 1
            assert r.winner == ("a" if scores[seat] == top else "b")
        # Every leg deals the same cards as far as the legs go.
        common = min(len(x.hands) for x in legs)
        assert len({tuple((h.deal_seed, h.dealer) for h in x.hands[:common]) for x in legs}) == 1
        fields = {json.dumps(Game.deal(THREE, seed=x.hands[0].deal_seed,
                                       dealer=x.hands[0].dealer).fields(), sort_keys=True)
                  for x in legs}
        assert len(fields) == 1


def test_a_match_ends_when_one_player_leads_alone_at_the_target() -> None:
    """Two players can reach the target level in one hand (both paid by a false claimant):
    the match goes on until one of them leads alone (the arena's assumption)."""
    ties = 0
    for r in run_jobs(match_jobs("heuristic:basic", "random", profile="three-hand", matches=5,
                                 seed=0), workers=1):
        run = [0, 0, 0]
        for k, h in enumerate(r.hands):
            assert h.seat_points is not None
            run = [x + y for x, y in zip(run, h.seat_points)]
            top = max(run)
            alone = top >= THREE.match_target and run.count(top) == 1
            assert alone == (k == len(r.hands) - 1)  # the first such hand ends the match
            ties += top >= THREE.match_target and run.count(top) > 1
        assert tuple(run) == r.seat_scores
    assert ties >= 1  # the seed holds a tie at the target that was played on


def test_deterministic_for_the_seed() -> None:
    jobs = match_jobs("heuristic", "random", profile="three-hand", matches=2, seed=11)
    serial = run_jobs(jobs, workers=1)
    assert run_jobs(jobs, workers=1) == serial
    with ProcessPoolExecutor(2) as ex:
        assert run_jobs(jobs, executor=ex) == serial
    other = run_jobs(match_jobs("heuristic", "random", profile="three-hand", matches=2,
                                seed=12), workers=1)
    assert [r.hands for r in other] != [r.hands for r in serial]
    assert arena("heuristic", "random", profile="three-hand", matches=2, seed=11,
                 workers=1).records == tuple(serial)


class Stop(Exception):
    pass


def test_results_file_round_trip_resume_and_old_lines(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    jobs = match_jobs("heuristic", "random:sensible=true", profile="three-hand", matches=2,
                      seed=8)
    fresh = run_jobs(jobs, workers=1)
    for r in fresh:
        assert MatchResult.from_json(r.to_json()) == r

    def stop_after_four(r: MatchResult) -> None:
        if len(load_results(path)) >= 4:
            raise Stop

    with pytest.raises(Stop):
        run_jobs(jobs, workers=1, results=path, on_result=stop_after_four)
    new: list[MatchResult] = []
    assert run_jobs(jobs, workers=1, results=path, on_result=new.append) == fresh
    assert len(new) == 2 and [r.key for r in new] == [j.key for j in jobs[4:]]
    # Solo lines are version 2 with a's seat and every seat's points per hand, so a reader of
    # version 1 skips them; two-sided lines stay version 1, with the key and fields as before.
    line = json.loads(path.read_text().splitlines()[0])
    assert line["version"] == 2 and line["a_seat"] == 0 and line["swap"] is False
    assert len(line["hands"][0]) == 7 and len(line["hands"][0][6]) == 3
    two = run_jobs(match_jobs("heuristic", "random", profile="schnapsen", matches=1, seed=8),
                   workers=1, results=path)
    old = json.loads(path.read_text().splitlines()[-1])
    assert old["version"] == 1 and "a_seat" not in old and len(old["hands"][0]) == 6
    assert [len(r.key) for r in two] == [7, 7] and two[0].a_seat is None
    assert {r.key for r in load_results(path)} == {j.key for j in jobs} | {r.key for r in two}
    bad = dict(line, version=1)  # a_seat in a version-1 line: not a result, skipped
    with path.open("a", encoding="utf-8") as f:
        f.write(json.dumps(bad) + "\n")
    assert len(load_results(path)) == 8
    assert repr(two[0].hands[0]).endswith("reason='" + two[0].hands[0].reason + "')")


def _leg(index: int, seat: int, points: list[tuple[int, int, int]], winner: str) -> MatchResult:
    hands = tuple(HandRecord(index, 0, 0, p[seat], sum(p) - p[seat], "claim", p) for p in points)
    total = [sum(p[s] for p in points) for s in range(3)]
    return MatchResult("x", "y", "three-hand", "", 1, index, False, (seat,),
                       (total[seat], max(t for s, t in enumerate(total) if s != seat)), winner,
                       hands, a_seat=seat)


# Three duplicate sets of three legs; per set the hands as (a's points, b's seats together):
# set 0: (2,0) (0,2) (0,0) | (0,2) (1,1) (0,2) | (2,0) (0,2), a won 1 leg
# set 1: (2,0) (2,0) | (2,0) | (0,2) (0,0), a won 2 legs
# set 2: (0,2) | (0,2) | (2,0) (0,2), a won 1 leg
HAND_MADE = [
    _leg(0, 0, [(2, 0, 0), (0, 1, 1), (0, 0, 0)], "a"),
    _leg(0, 1, [(2, 0, 0), (0, 1, 1), (0, 0, 2)], "b"),
    _leg(0, 2, [(0, 0, 2), (0, 2, 0)], "b"),
    _leg(1, 0, [(2, 0, 0), (2, 0, 0)], "a"),
    _leg(1, 1, [(0, 2, 0)], "a"),
    _leg(1, 2, [(1, 1, 0), (0, 0, 0)], "b"),
    _leg(2, 0, [(0, 0, 2)], "b"),
    _leg(2, 1, [(1, 0, 1)], "b"),
    _leg(2, 2, [(2, 0, 0), (0, 0, 2)], "a"),
]


def _ratio_ci(ys: list[float], xs: list[float]) -> tuple[float, float, float]:
    """Ratio of sums over clusters, its cluster-robust variance, and the t half-width."""
    r = sum(ys) / sum(xs)
    m = len(xs)
    var = m / (m - 1) * sum((y - r * x) ** 2 for y, x in zip(ys, xs)) / sum(xs) ** 2
    return r, var, {2: 4.303}[m - 1] * math.sqrt(var)


def _wilson(p: float, n: float) -> tuple[float, float]:
    z = 1.959963984540054
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def test_summary_of_hand_made_results() -> None:
    recs = list(HAND_MADE)
    random.Random(1).shuffle(recs)  # the order of the records does not matter
    s = summarize(recs)
    assert (s.a, s.b, s.legs, s.solo, s.baseline) == ("x", "y", 3, True, 1 / 3)
    assert (s.matches, s.pairs, s.hands) == (9, 3, 17)
    assert (s.a_wins, s.b_wins, s.pair_results) == (4, 5, (0, 1, 2, 0))
    assert (s.hand_wins, s.hand_shared, s.hand_losses, s.hand_draws) == (6, 1, 8, 2)
    assert math.isclose(s.match_score.value, 4 / 9)
    assert math.isclose(s.a_points.value, 13 / 17)
    assert math.isclose(s.b_points.value, 8.5 / 17)  # the mean of b's two seats
    assert math.isclose(s.net.value, 4.5 / 17)
    # a's share of the hands' game points: a shared hand by its part, a drawn one a third.
    assert math.isclose(s.hand_score.value, (6 + 0.5 + 2 / 3) / 17)
    # Intervals clustered by duplicate set: 3 clusters, Student's t with 2 degrees of freedom.
    hands, net = [8.0, 5.0, 4.0], [5 - 9 / 2, 6 - 2 / 2, 2 - 6 / 2]
    r, _, half = _ratio_ci(net, hands)
    assert math.isclose(s.net.low, r - half) and math.isclose(s.net.high, r + half)
    r, var, _ = _ratio_ci([1.0, 2.0, 1.0], [3.0, 3.0, 3.0])
    low, high = _wilson(r, min(9, r * (1 - r) / var))
    assert math.isclose(s.match_score.low, low) and math.isclose(s.match_score.high, high)
    for e in (s.a_points, s.b_points, s.net, s.hand_score, s.match_score):
        assert e.low <= e.value <= e.high
    d = s.as_dict()
    assert d["legs"] == 3 and d["pair_results"] == [0, 1, 2, 0] and json.dumps(d)
    # A set with a leg missing is no complete set; its legs still count.
    part = summarize(HAND_MADE[1:])
    assert (part.matches, part.pairs) == (8, 2)
    # The roles cannot be turned round, and Elo refuses one seat against two.
    with pytest.raises(ArenaError, match="summarize\\(records, 'x', 'y'\\)"):
        summarize(HAND_MADE, "y", "x")
    with pytest.raises(ArenaError, match="Elo needs two sides"):
        elo(HAND_MADE)


def test_self_play_splits_every_set_evenly() -> None:
    """The deterministic club player against itself: the three legs are one game seen from
    each seat, so a wins exactly one leg of every set and nets exactly 0."""
    s = arena("heuristic", "heuristic", profile="three-hand", matches=3, seed=2, workers=1)
    assert s.pair_results == (0, 0, 3, 0)
    assert s.match_score.value == 1 / 3 == s.baseline
    assert s.net.value == 0 and s.a_points.value == s.b_points.value
    assert math.isclose(s.hand_score.value, 1 / 3)


def test_heuristic_beats_random_clearly_in_three_hand() -> None:
    s = arena("heuristic", "random:sensible=true", profile="three-hand", matches=8, seed=3,
              workers=1)
    assert s.matches == 24 and s.pairs == 8
    assert s.match_score.value > 0.6 and s.match_score.low > 1 / 3
    assert s.net.low > 0 and s.hand_score.low > 1 / 3
    uniform = arena("heuristic", "random", profile="three-hand", matches=3, seed=3, workers=1)
    assert uniform.match_score.value == 1.0 and uniform.net.value > 0.4


def test_refusals() -> None:
    a, b = AgentSpec.parse("heuristic"), AgentSpec.parse("random")
    with pytest.raises(ArenaError, match="a_seat 0 to 2"):
        MatchJob(a, b, THREE, 1, 0, False)
    with pytest.raises(ArenaError, match="a_seat 0 to 2"):
        MatchJob(a, b, THREE, 1, 0, True, a_seat=1)
    with pytest.raises(ArenaError, match="two sides"):
        MatchJob(a, b, get_profile("schnapsen"), 1, 0, False, a_seat=0)
    with pytest.raises(ArenaError, match="round robin and Elo need two sides"):
        round_robin(["heuristic", "random"], profile="three-hand", matches=1)


def test_cli_three_hand(tmp_path: Path) -> None:
    res = runner.invoke(app, ["arena", "heuristic", "random:sensible=true", "-p", "three-hand",
                              "-n", "2", "-j", "1", "--results", str(tmp_path / "r.jsonl")])
    assert res.exit_code == 0, res.output
    out = res.output
    for text in ("2 duplicate sets (6 played: heuristic in each of 3 seats)",
                 "heuristic (1 seat)", "(per seat, 2 seats)",
                 "matches won (equal strength: 33.3%)", "hands won (equal strength: 33.3%)",
                 "duplicate sets (legs won)", "clustered by duplicate set"):
        assert text in out, out
    assert len(load_results(tmp_path / "r.jsonl")) == 6
    res = runner.invoke(app, ["arena", "heuristic", "random:sensible=true", "-p", "three-hand",
                              "-n", "2", "-j", "1", "--results", str(tmp_path / "r.jsonl"),
                              "--json"])
    pair = json.loads(res.output)["pairs"][0]
    assert pair["legs"] == 3 and pair["matches"] == 6 and len(pair["pair_results"]) == 4
    res = runner.invoke(app, ["arena", "heuristic", "random", "-p", "three-hand", "-n", "1",
                              "-j", "1", "--round-robin"])
    assert res.exit_code == 2 and "need two sides" in res.output
