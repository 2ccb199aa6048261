"""The arena (sixtysix_solver.play.arena): duplicate matches, statistics, Elo, executors (local
processes, Dask), resumable result files, and the ``sixtysix arena`` command."""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from helpers import assert_match_deals
import sixtysix_solver
from sixtysix_solver import Game, View
from sixtysix_solver.play.arena import HandRecord, MatchJob, MatchResult, arena, elo, load_results, match_jobs, play_match, round_robin, run_jobs, summarize
from sixtysix_solver.agents import Agent, AgentSpec
from sixtysix_solver.cli.main import app
from sixtysix_solver.errors import SixtySixError
from sixtysix_solver.rules.profiles import get_profile

runner = CliRunner()


def test_heuristic_beats_random_clearly() -> None:
    """20 duplicate matches of schnapsen against the sensible random player (true claims only,
    rare closes): a bot that never claimed, or played its cards at random, would not win 85%
    of the matches with a lower 95% bound above 70%."""
    s = arena("heuristic", "random:sensible=true", profile="schnapsen", matches=20, seed=3,
              workers=1)
    assert s.matches == 40 and s.pairs == 20
    assert s.match_score.value >= 0.85 and s.match_score.low > 0.7
    assert s.net.value > 0.8 and s.net.low > 0.4
    assert s.hand_score.low > 0.6
    vs_uniform = arena("heuristic", "random", profile="schnapsen", matches=20, seed=3, workers=1)
    assert vs_uniform.match_score.value >= 0.95


def _spy(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int, type]]:
    """Record (agent, seat, type of what it was given) for every decision."""
    seen: list[tuple[str, int, type]] = []
    original = Agent.act

    def act(self: Agent, view: Any) -> Any:
        seen.append((self.name, view.seat, type(view)))
        return original(self, view)

    monkeypatch.setattr(Agent, "act", act)
    return seen


@pytest.mark.parametrize("profile", ["schnapsen", "four-hand", "sixty-six"])
def test_duplicate_deals_swap_seats_and_reuse_deals(profile: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _spy(monkeypatch)
    prof = get_profile(profile)
    jobs = match_jobs("heuristic", "random", profile=profile, matches=2, seed=5)
    assert [(j.index, j.swap) for j in jobs] == [(0, False), (0, True), (1, False), (1, True)]
    for i in (0, 1):
        legs = []
        for swap in (False, True):
            del seen[:]
            r = play_match(jobs[2 * i + swap])
            legs.append(r)
            assert all(t is View for _, _, t in seen)  # agents are only ever given views
            a_seats = {seat for name, seat, _ in seen if name == "heuristic"}
            b_seats = {seat for name, seat, _ in seen if name == "random"}
            side = 1 if swap else 0
            expect = {p for p in range(prof.players) if (p % 2 if prof.players == 4 else p) == side}
            assert a_seats == expect == set(r.a_seats) and not a_seats & b_seats
            # The match: dealer moves on, carry passes, the score is the sum of the hands.
            assert_match_deals(r.hands, 5, i, prof)
            assert r.score == (sum(h.a_points for h in r.hands), sum(h.b_points for h in r.hands))
            assert max(r.score) >= prof.match_target > min(r.score)
            assert r.winner == ("a" if r.score[0] > r.score[1] else "b")
        first, second = legs
        assert first.a_seats != second.a_seats
        common = min(len(first.hands), len(second.hands))
        assert [(h.deal_seed, h.dealer) for h in first.hands[:common]] == \
            [(h.deal_seed, h.dealer) for h in second.hands[:common]]
        # The same seed and dealer: the same cards in the same places.
        g1 = Game.deal(prof, seed=first.hands[0].deal_seed, dealer=first.hands[0].dealer)
        g2 = Game.deal(prof, seed=second.hands[0].deal_seed, dealer=second.hands[0].dealer)
        assert g1.fields() == g2.fields()


def test_duplicate_self_play_is_an_exact_mirror() -> None:
    """The deterministic club player against itself: each leg is the other with the seats
    swapped, so every duplicate pair is split 1-1 and the net result is exactly 0."""
    s = arena("heuristic", "heuristic", profile="sixty-six", matches=4, seed=2, workers=1)
    assert s.pair_results == (0, 4, 0)
    assert s.net.value == 0 and s.a_points.value == s.b_points.value
    assert s.match_score.value == 0.5 and s.hand_wins == s.hand_losses


def test_deterministic_and_the_same_on_processes_and_serially(tmp_path: Path) -> None:
    kw: dict[str, Any] = {"profile": "schnapsen", "matches": 4, "seed": 11}
    jobs = match_jobs("heuristic", "random:sensible=true", **kw)
    serial = run_jobs(jobs, workers=1)
    assert run_jobs(jobs, workers=1) == serial
    with ProcessPoolExecutor(2) as ex:
        assert run_jobs(jobs, executor=ex) == serial
    assert run_jobs(jobs, workers=2) == serial  # the arena's own process pool
    other = run_jobs(match_jobs("heuristic", "random:sensible=true", **{**kw, "seed": 12}),
                     workers=1)
    assert [r.hands for r in other] != [r.hands for r in serial]
    # An engine agent is reproducible too (fixed worlds, seeded, no time cap).
    e1 = arena("engine:1,time=0", "heuristic", profile="schnapsen", matches=1, seed=4, workers=1)
    e2 = arena("engine:1,time=0", "heuristic", profile="schnapsen", matches=1, seed=4, workers=1)
    assert e1.records == e2.records


class Stop(Exception):
    pass


def test_resume_skips_finished_matches(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    jobs = match_jobs("heuristic", "random", profile="schnapsen", matches=4, seed=8)
    fresh = run_jobs(jobs, workers=1)

    def stop_after_three(r: MatchResult) -> None:
        if len(load_results(path)) >= 3:
            raise Stop

    with pytest.raises(Stop):
        run_jobs(jobs, workers=1, results=path, on_result=stop_after_three)
    assert len(load_results(path)) == 3
    with path.open("a", encoding="utf-8") as f:
        f.write('{"format": "sixtysix-arena", "a": "heur')  # a line cut off by a kill
    new: list[MatchResult] = []
    resumed = run_jobs(jobs, workers=1, results=path, on_result=new.append)
    assert len(new) == len(jobs) - 3
    assert resumed == fresh
    assert sorted(r.key for r in load_results(path)) == sorted(j.key for j in jobs)
    again: list[MatchResult] = []
    assert run_jobs(jobs, workers=2, results=path, on_result=again.append) == fresh
    assert again == []  # nothing left to play
    # Another seed is another run: nothing is taken from the file.
    more = match_jobs("heuristic", "random", profile="schnapsen", matches=1, seed=9)
    assert {r.key for r in run_jobs(more, workers=1, results=path)} == {j.key for j in more}


def test_resume_after_a_real_kill(tmp_path: Path) -> None:
    path = tmp_path / "killed.jsonl"
    args = dict(profile="schnapsen", matches=2, seed=6)
    script = (
        "from sixtysix_solver.play.arena import arena\n"
        f"arena('engine:worlds=2', 'heuristic', workers=1, results={str(path)!r}, **{args!r})\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", script])
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        if path.exists() and path.read_text(encoding="utf-8").count("\n") >= 1:
            break
        time.sleep(0.02)
    if proc.poll() is None:
        os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    finished = len(load_results(path))
    print(f"killed after {finished} of 4 matches")
    assert 1 <= finished <= 4  # 4 only if the run ended before the kill (a very slow poll)
    new: list[MatchResult] = []
    resumed = arena("engine:worlds=2", "heuristic", workers=1, results=path,
                    on_result=new.append, **args)  # type: ignore[arg-type]
    assert len(new) == 4 - finished
    fresh = arena("engine:worlds=2", "heuristic", workers=1, **args)  # type: ignore[arg-type]
    assert resumed.records == fresh.records and resumed == fresh


def test_statistics_and_orientation() -> None:
    recs = run_jobs(match_jobs("heuristic", "random", profile="schnapsen", matches=3, seed=1),
                    workers=1)
    s = summarize(recs)
    flipped = summarize(recs, "random", "heuristic")
    assert (s.a, s.b, flipped.a, flipped.b) == ("heuristic", "random", "random", "heuristic")
    assert math.isclose(s.net.value, -flipped.net.value)
    assert math.isclose(s.match_score.value, 1 - flipped.match_score.value)
    assert s.a_wins == flipped.b_wins and s.pair_results == flipped.pair_results[::-1]
    assert s.hands == sum(len(r.hands) for r in recs)
    assert math.isclose(s.a_points.value - s.b_points.value, s.net.value)
    for e in (s.a_points, s.net, s.hand_score, s.match_score):
        assert e.low <= e.value <= e.high
    json.dumps(s.as_dict())
    assert MatchResult.from_json(recs[0].to_json()) == recs[0]
    with pytest.raises(SixtySixError, match="no matches between"):
        summarize(recs, "heuristic", "engine:1")
    with pytest.raises(SixtySixError, match="two sides"):  # three-hand: tests/test_arena_solo.py
        round_robin(["heuristic", "random"], profile="three-hand", matches=1)
    with pytest.raises(SixtySixError, match="did not finish in 2 hands"):
        arena("heuristic", "random", profile="schnapsen", matches=1, max_hands=2, workers=1)


def _fake(a: str, b: str, index: int, a_won: bool) -> MatchResult:
    hand = HandRecord(1, 0, 0, 3 if a_won else 0, 0 if a_won else 3, "claim")
    return MatchResult(a, b, "schnapsen", "", 0, index, False, (0,),
                       (7, 0) if a_won else (0, 7), "a" if a_won else "b", (hand,) * 3)


def test_elo_maximum_likelihood() -> None:
    # 70 wins in 100 games: 400 * log10(70 / 30) = 147 points apart, less a little for the
    # prior's drawn game.
    recs = [_fake("x", "y", i, i < 70) for i in range(100)]
    rows = {r.name: r for r in elo(recs, ["x", "y"], prior=0)}
    assert math.isclose(rows["x"].rating - rows["y"].rating, 400 * math.log10(70 / 30),
                        rel_tol=1e-6)
    assert math.isclose(rows["x"].rating, -rows["y"].rating)
    assert rows["x"].se > 0 and rows["x"].low < rows["x"].rating < rows["x"].high
    assert rows["x"].games == 100 and math.isclose(rows["x"].score, 0.7)
    # A clean sweep stays finite with the prior; a chain orders three agents.
    sweep = [_fake("x", "y", i, True) for i in range(10)] + \
        [_fake("y", "z", i, True) for i in range(10)]
    order = elo(sweep, unit="hand")
    assert [r.name for r in order] == ["x", "y", "z"]
    assert all(math.isfinite(r.rating) for r in order)
    with pytest.raises(SixtySixError, match="unit"):
        elo(sweep, unit="trick")


def test_round_robin_elo_ranks_the_better_agent_higher(tmp_path: Path) -> None:
    t = round_robin(["random", "heuristic", "random:sensible=true"], profile="schnapsen",
                    matches=4, seed=1, workers=2, results=tmp_path / "rr.jsonl")
    ratings = {r.name: r.rating for r in t.elo}
    assert ratings["heuristic"] > ratings["random:sensible=true"] > ratings["random"]
    assert t.elo[0].name == "heuristic" and abs(sum(ratings.values())) < 1e-6
    assert [(p.a, p.b) for p in t.pairs] == [
        ("random", "heuristic"), ("random", "random:sensible=true"),
        ("heuristic", "random:sensible=true")]
    assert len(t.records) == 3 * 8 == len(load_results(tmp_path / "rr.jsonl"))
    with pytest.raises(SixtySixError, match="distinct"):
        round_robin(["heuristic", "heuristic"], matches=1)


def test_dask_executor() -> None:
    distributed = pytest.importorskip("distributed")
    kw: dict[str, Any] = {"profile": "schnapsen", "matches": 2, "seed": 5}
    with distributed.Client(processes=False, n_workers=2, threads_per_worker=1,
                            dashboard_address=None) as client:
        s = arena("heuristic", "random", executor=client.get_executor(), **kw)
    assert s.records == arena("heuristic", "random", workers=1, **kw).records


def test_cli_arena(tmp_path: Path) -> None:
    res = runner.invoke(app, ["arena", "heuristic", "random", "-p", "schnapsen", "-n", "2",
                              "-j", "1", "--results", str(tmp_path / "r.jsonl")])
    assert res.exit_code == 0, res.output
    assert "heuristic vs random" in res.output and "matches won" in res.output
    assert "inf" not in res.output and "n/a" not in res.output  # two pairs: finite intervals
    res = runner.invoke(app, ["arena", "heuristic", "random", "-p", "schnapsen", "-n", "1",
                              "-j", "1", "--results", str(tmp_path / "r.jsonl")])
    assert res.exit_code == 0 and "inf" not in res.output  # one pair: no interval, said so
    assert "(n/a)" in res.output and "n/a: one pair" in res.output
    res = runner.invoke(app, ["arena", "heuristic", "random", "-p", "schnapsen", "-n", "2",
                              "-j", "1", "--results", str(tmp_path / "r.jsonl"), "--json"])
    data = json.loads(res.output)
    assert data["pairs"][0]["matches"] == 4 and data["pairs"][0]["a"] == "heuristic"
    res = runner.invoke(app, ["arena", "random", "heuristic", "engine:worlds=1", "-p",
                              "schnapsen", "-n", "1", "-j", "1", "--round-robin", "--json"])
    data = json.loads(res.output)
    assert len(data["pairs"]) == 3 and {r["name"] for r in data["elo"]} == {
        "random", "heuristic", "engine:worlds=1"}
    res = runner.invoke(app, ["arena", "random", "heuristic", "-p", "schnapsen", "-n", "1",
                              "-j", "1", "--round-robin"])
    assert res.exit_code == 0 and "Elo" in res.output
    for argv, message in [
        (["arena", "random", "heuristic", "engine:1"], "give two agents"),
        (["arena", "heuristic", "random", "-p", "three-hand", "--round-robin"], "two sides"),
        (["arena", "heuristic", "minimax"], "unknown agent"),
    ]:
        res = runner.invoke(app, argv)
        assert res.exit_code == 2 and message in res.output, res.output


def test_thinking_time_is_recorded_per_agent() -> None:
    # Each agent's own decisions are timed apart; the JSON line keeps them, and the summary
    # turns them into milliseconds per decision.
    r = play_match(MatchJob(AgentSpec.parse("heuristic"), AgentSpec.parse("random"),
                            get_profile("schnapsen"), seed=2, index=0, swap=False))
    assert r.decisions[0] > 0 and r.decisions[1] > 0
    assert r.think[0] > 0 and r.think[1] > 0
    back = MatchResult.from_json(r.to_json())
    assert back.decisions == r.decisions
    assert abs(back.think[0] - r.think[0]) < 1e-3
    s = summarize([r])
    assert s.a_ms_per_move == 1000 * r.think[0] / r.decisions[0]
    assert summarize([r], "random", "heuristic").a_ms_per_move == s.b_ms_per_move


def test_each_match_records_what_its_agents_played_with() -> None:
    # The settings a default decides are written out per agent (a's first), with the package's
    # version; they survive the JSON line, and lines written before them still load.
    engine = "engine:worlds=2,time=0,threads=1"
    r = play_match(MatchJob(AgentSpec.parse(engine), AgentSpec.parse("heuristic"),
                            get_profile("mariage-piquet"), seed=2, index=0, swap=True))
    assert r.settings == (AgentSpec.parse(engine).build().settings("mariage-piquet"), "heuristic")
    assert "infer=0.1" in r.settings[0] and "fallible=0.05" in r.settings[0]
    assert r.package == sixtysix_solver.__version__
    back = MatchResult.from_json(r.to_json())
    assert (back.settings, back.package) == (r.settings, r.package)
    old = json.loads(r.to_json())
    del old["settings"], old["package"]
    before = MatchResult.from_json(json.dumps(old))
    assert before == r and before.settings is None and before.package is None
    three = play_match(MatchJob(AgentSpec.parse("heuristic:basic"), AgentSpec.parse(engine),
                                get_profile("three-hand"), seed=1, index=0, swap=False,
                                a_seat=2))
    assert three.settings is not None and "others=club" in three.settings[1]
