"""`sixtysix recommend` and `sixtysix close`: tables, JSON, input forms and errors."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from sixtysix_solver.cli.main import app
from sixtysix_solver.rules.game import Game
from sixtysix_solver.notation.position import format_position
from sixtysix_solver.advice.recommend import recommend
from sixtysix_solver.knowledge.view import View
from sixtysix_solver.knowledge.view import format_view

runner = CliRunner()


def schnapsen_view() -> View:
    g = Game.deal("schnapsen", seed=3)
    for a in ["JC", "AC", "QH", "KD"]:
        g.apply(a if g.is_legal(a) else g.legal_actions()[0])
    assert g.to_act is not None
    return View.from_game(g, g.to_act)


def test_recommend_json_matches_the_api() -> None:
    view = schnapsen_view()
    res = runner.invoke(app, ["recommend", format_view(view), "--worlds", "50", "--seed", "2",
                              "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    rec = recommend(view, worlds=50, seed=2)
    assert data["best"] == str(rec.best) and data["worlds"] == rec.worlds == 50
    by_action = {d["action"]: d for d in data["actions"]}
    for s in rec.actions:
        assert by_action[str(s.action)]["ev"] == s.mean
        assert by_action[str(s.action)]["p_win"] == s.win
    assert sum(by_action[str(rec.best)]["distribution"].values()) == 1.0 or abs(
        sum(by_action[str(rec.best)]["distribution"].values()) - 1.0) < 1e-9


def test_recommend_table_and_input_forms() -> None:
    view = schnapsen_view()
    res = runner.invoke(app, ["recommend", "-", "--worlds", "20"], input=format_view(view))
    assert res.exit_code == 0, res.output
    assert "EV" in res.output and "P(win)" in res.output and "best:" in res.output
    # A full position is advised on from the view of its player to act.
    g = Game.deal("schnapsen", seed=5)
    res = runner.invoke(app, ["recommend", format_position(g), "--worlds", "10", "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["seat"] == g.to_act
    res = runner.invoke(app, ["recommend", "--deal", "4", "--profile", "schnapsen", "--moves", "5",
                              "--worlds", "10", "--match", "2:3"])
    assert res.exit_code == 0, res.output
    assert "P(match)" in res.output


def test_recommend_race_column_and_no_race() -> None:
    # the README's position: the race leaves some actions behind, and the table says so
    args = ["recommend", "--deal", "3", "--profile", "schnapsen", "--moves", "4", "--worlds",
            "300"]
    raced = runner.invoke(app, args)
    plain = runner.invoke(app, [*args, "--no-race"])
    assert raced.exit_code == plain.exit_code == 0, raced.output + plain.output
    header = next(ln for ln in raced.output.splitlines() if "action" in ln and "EV" in ln)
    assert "worlds" in header
    assert "worlds" not in next(ln for ln in plain.output.splitlines()
                                if "action" in ln and "EV" in ln)
    rows = [ln.split("│") for ln in raced.output.splitlines() if ln.startswith("│")]
    counts = [int(r[6]) for r in rows]
    assert max(counts) == 300 and min(counts) < 300
    # the actions still in the race: the same figures as without it (the same worlds)
    fig = {r[1].strip(): r[2].strip() for r in rows}
    plain_fig = {r[1].strip(): r[2].strip() for r in
                 (ln.split("│") for ln in plain.output.splitlines() if ln.startswith("│"))}
    kept = [r[1].strip() for r in rows if int(r[6]) == 300]
    assert kept and all(fig[a] == plain_fig[a] for a in kept)


def test_recommend_names_the_fallible_choice() -> None:
    """``--fallible M``: the action within M of the best that does best against the club's
    replies, in the table's last line and as ``fallible`` in JSON (absent without the flag)."""
    lost = ("sixty-six dealer=0 turn=0:lead trump=KD hands=KCAD9HJHAH9S/KDTDKHTHKSTS stock=- "
            "taken=9CJCQCTCJDQDQHJS/AC9DQSAS known=-/KDKH married=-/KH declared=-/H "
            "marriage_points=0/20 last_win=6/5")  # every lead loses against open cards
    res = runner.invoke(app, ["recommend", lost, "--worlds", "8", "--fallible", "0"])
    assert res.exit_code == 0, res.output
    assert "best: AD" in res.output
    assert res.output.rstrip().endswith("the basic club player's replies): 9S")
    res = runner.invoke(app, ["recommend", lost, "--worlds", "8", "--fallible", "0", "--json"])
    data = json.loads(res.output)
    assert (data["best"], data["fallible"]) == ("AD", "9S")
    res = runner.invoke(app, ["recommend", lost, "--worlds", "8", "--json"])
    assert "fallible" not in json.loads(res.output)
    res = runner.invoke(app, ["recommend", lost, "--fallible", "-1"])
    assert res.exit_code != 0 and "--fallible" in res.output
    # Against the full club player's replies the 9 of spades fools no one: PIMC's best stays.
    res = runner.invoke(app, ["recommend", lost, "--worlds", "8", "--fallible", "0",
                              "--replies", "expert"])
    assert res.exit_code == 0, res.output
    assert res.output.rstrip().endswith("the full club player's replies): AD")
    res = runner.invoke(app, ["recommend", lost, "--fallible", "0", "--replies", "strong"])
    assert res.exit_code != 0 and "--replies" in res.output


def test_the_table_says_how_the_values_were_obtained() -> None:
    # Exact worlds, or the horizon search's estimates (no time limit: depth 2 on any machine).
    cases = [(["--deal", "3", "-p", "schnapsen"], "game points for the seat's side with open"),
             (["--deal", "1", "-p", "mariage"], "estimated game points for the seat's side, "
                                                "each world searched 2+ tricks ahead"),
             (["--deal", "2", "-p", "three-hand"], "the others playing the basic club "
                                                   "player's rules")]
    for args, says in cases:
        res = runner.invoke(app, ["recommend", *args, "--worlds", "10", "--seed", "1"])
        assert res.exit_code == 0, res.output
        assert says in " ".join(res.output.split()), res.output


def test_close_command() -> None:
    res = runner.invoke(app, ["close", "--deal", "1", "--profile", "schnapsen", "--worlds", "6",
                              "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    names = [o["name"] for o in data["options"]]
    assert names[0] == "close now" and names[-1] == "go on"
    assert data["options"][0]["exact"] is True
    assert data["verdict"] in {"close", "continue", "either", "too close to call"}


def test_errors_name_the_problem() -> None:
    cases = [
        (["recommend"], "nothing to advise on"),
        (["recommend", "garbage"], "error"),
        (["recommend", "--deal", "1", "--match", "x"], "--match"),
        (["recommend", "--deal", "1", "--time-limit", "-1"], "time-limit"),
        (["recommend", "", "--worlds", "3"], "empty"),
        (["close", "--deal", "1", "--profile", "four-hand"], "may not close"),
    ]
    for args, text in cases:
        res = runner.invoke(app, args)
        assert res.exit_code == 2, (args, res.output)
        assert text in res.output, (args, res.output)


def test_opponent_model_option() -> None:
    """--opponent-model weights the worlds of a --deal game (which has a history) as the API
    does; a view has no history."""
    import random

    from sixtysix_solver.rules.random_play import random_action
    from sixtysix_solver.advice.opponents import HeuristicModel

    args = ["recommend", "--deal", "22", "--profile", "schnapsen", "--moves", "7",
            "--worlds", "300", "--json"]
    res = runner.invoke(app, args + ["--opponent-model", "heuristic:0.3"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    g = Game.deal("schnapsen", seed=22)
    rng = random.Random(22)
    for _ in range(7):
        g.apply(random_action(g, rng))
    rec = recommend(g, worlds=300, opponent_model=HeuristicModel(0.3))
    assert data["best"] == str(rec.best) and data["ess"] == rec.ess
    assert data["opponent_model"] == "heuristic:0.3"
    plain = json.loads(runner.invoke(app, args).output)
    assert plain["opponent_model"] is None and plain["ruled_out"] == 0
    assert plain["actions"] != data["actions"]
    res = runner.invoke(app, ["close", "--deal", "22", "--profile", "schnapsen", "--moves", "8",
                              "--worlds", "20", "--opponent-model", "uniform"])
    assert res.exit_code == 0, res.output
    res = runner.invoke(app, ["recommend", format_view(schnapsen_view()),
                              "--opponent-model", "heuristic"])
    assert res.exit_code != 0 and "--deal" in res.output
    res = runner.invoke(app, args + ["--opponent-model", "heuristic:7"])
    assert res.exit_code != 0 and "eps" in res.output
