"""`sixtysix play` (driven through its prompts) and `sixtysix review`; match records."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from sixtysix_solver.rules.actions import Action, Kind
from sixtysix_solver.cli.main import app
from sixtysix_solver.rules.game import Game
from sixtysix_solver.notation.record import format_match_record, format_record, parse_match_record
from sixtysix_solver.play.review import review_game, worst

runner = CliRunner()


def test_play_a_whole_match_through_the_prompts(tmp_path: Path) -> None:
    out = tmp_path / "m.txt"
    # Always the first listed action, with an unreadable answer and a hint on the way.
    answers = "ZZ\nhint\n" + "1\n" * 2000
    res = runner.invoke(app, ["play", "--profile", "schnapsen", "--level", "1", "--seed", "5",
                              "--save", str(out)], input=answers)
    assert res.exit_code == 0, res.output[-2000:]
    assert "your hand" in res.output and "trump" in res.output and "match" in res.output
    assert "hint:" in res.output and "bad action" in res.output  # the bad answer was explained
    assert " took the trick " in res.output and "you drew " in res.output  # narrated
    games = parse_match_record(out.read_text(encoding="utf-8"))
    assert len(games) >= 2 and all(g.is_over for g in games)
    score = [0, 0]
    for g in games:  # each hand starts at the match score the earlier hands made
        assert g.match_score == tuple(score)
        r = g.result
        assert r is not None
        score = [score[0] + r.points[0], score[1] + r.points[1]]
    assert max(score) >= games[0].profile.match_target
    assert ("you win" in res.output) == (score[0] > score[1])


def test_play_three_hand_each_alone(tmp_path: Path) -> None:
    """Three players, each alone: the match score has three numbers, the engine plays both
    other seats, and the match ends when one player is alone on top at 7 or beyond."""
    out = tmp_path / "three.txt"
    res = runner.invoke(app, ["play", "--profile", "three-hand", "--level", "1", "--seed", "5",
                              "--seat", "1", "--record", str(out)], input="1\n" * 3000)
    assert res.exit_code == 0, res.output[-2000:]
    assert "stock" not in res.output.split("your hand")[0]  # no stock in three-hand
    assert "match seat 0 0, you 0, seat 2 0 (to 7)" in res.output
    games = parse_match_record(out.read_text(encoding="utf-8"))
    score = [0, 0, 0]
    for g in games:
        assert g.match_score == tuple(score)
        r = g.result
        assert r is not None and len(r.points) == 3
        score = [s + x for s, x in zip(score, r.points)]
    winner = games[0].profile.match_winner(score)
    assert winner is not None and max(score) >= 7
    assert sorted(score)[-1] > sorted(score)[-2]  # alone on top
    expected = "you win" if winner == 1 else f"seat {winner} (the engine) wins"
    assert f"{expected} the match" in res.output


def test_play_quit_saves_the_match_so_far(tmp_path: Path) -> None:
    out = tmp_path / "q.txt"
    res = runner.invoke(app, ["play", "--profile", "sixty-six", "--level", "1", "--save", str(out)],
                        input="1\nquit\n")
    assert res.exit_code == 0, res.output
    games = parse_match_record(out.read_text(encoding="utf-8"))
    assert len(games) == 1 and not games[0].is_over and len(games[0].actions) >= 1


def test_review_flags_a_false_claim(tmp_path: Path) -> None:
    g = Game.deal("schnapsen", seed=3)
    g.apply(g.legal_actions()[0])
    g.apply(g.legal_actions()[0])
    seat = g.to_act
    assert seat is not None
    g.apply(Action(Kind.CLAIM))  # nobody is near 66: a false claim loses 2 or 3 points
    decisions = review_game(g, seat, worlds=30)
    assert decisions and decisions[-1].taken.action == Action(Kind.CLAIM)
    assert decisions[-1].cost >= 1.0 and worst(decisions, 1) == [decisions[-1]]
    path = tmp_path / "r.txt"
    path.write_text(format_record(g), encoding="utf-8")
    res = runner.invoke(app, ["review", str(path), "--seat", str(seat), "--worlds", "30",
                              "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["worst"][0]["taken"] == "claim" and data["total_cost"] >= 1.0
    assert all(d["cost"] >= 0 for d in data["decisions"])
    res = runner.invoke(app, ["review", str(path), "--seat", str(seat), "--worlds", "30"])
    assert res.exit_code == 0 and "biggest mistakes" in res.output


def test_review_covers_every_decision_of_the_seat(tmp_path: Path) -> None:
    games = []
    for k in range(2):
        g = Game.deal("schnapsen", seed=10 + k, dealer=k)
        setattr(g, "match_score", (0, k))
        while not g.is_over:
            g.apply(g.legal_actions()[-1] if k else g.legal_actions()[0])
        games.append(g)
    path = tmp_path / "two.txt"
    path.write_text(format_match_record(games), encoding="utf-8")
    res = runner.invoke(app, ["review", str(path), "--seat", "1", "--worlds", "10", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    want = []
    for h, g in enumerate(games):
        replay = Game.from_fields(g.profile, g.start_fields)
        for i, a in enumerate(g.actions):
            if replay.to_act == 1 and len(replay.legal_actions()) > 1:
                want.append((h, i, str(a)))
            replay.apply(a)
    assert [(d["hand"], d["move"], d["taken"]) for d in data["decisions"]] == want


def test_bad_input(tmp_path: Path) -> None:
    assert runner.invoke(app, ["review", str(tmp_path / "missing.txt")]).exit_code == 2
    bad = tmp_path / "bad.txt"
    bad.write_text("not a record", encoding="utf-8")
    res = runner.invoke(app, ["review", str(bad)])
    assert res.exit_code == 2 and "record" in res.output
    res = runner.invoke(app, ["play", "--profile", "three-hand", "--seat", "3"])
    assert res.exit_code == 2 and "--seat must be below 3" in res.output
