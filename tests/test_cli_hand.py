"""``recommend`` and ``close`` with ``--hand``: the plain description of a hand (as the
protocol's newhand takes it) and the actions seen, advised as the same view in notation."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from sixtysix_solver.cli.main import app

runner = CliRunner()
HAND = ["--hand", "AH TH KS QS JC", "--trump", "QH", "--seat", "1", "-p", "schnapsen"]
SEEN = ["--seen", "1:AH 0:KH drew:JD"]
VIEW = ("schnapsen seat=1 dealer=0 turn=1:lead trump=QH hands=5/JCJDTHQSKS stock=8:QH "
        "taken=-/KHAH last_win=0/1")


def test_hand_says_what_it_understood_and_advises_as_the_view() -> None:
    res = runner.invoke(app, ["recommend", *HAND, *SEEN, "--worlds", "20", "--seed", "3",
                              "--json"])
    assert res.exit_code == 0, res.output
    assert res.stderr.strip() == ("understood: schnapsen, seat 1, dealer 0, hand JC TH AH QS KS, "
                                  "trump QH, seen: 1:AH 0:KH drew:JD")
    got = json.loads(res.stdout)
    assert got["view"] == VIEW
    same = json.loads(runner.invoke(app, ["recommend", VIEW, "--worlds", "20", "--seed", "3",
                                          "--json"]).stdout)
    assert [a["action"] for a in got["actions"]] == [a["action"] for a in same["actions"]]
    assert [a["ev"] for a in got["actions"]] == [a["ev"] for a in same["actions"]]
    table = runner.invoke(app, ["close", *HAND, "--worlds", "10"])
    assert table.exit_code == 0, table.output
    assert table.stdout.startswith("understood: schnapsen, seat 1, dealer 0, hand JC TH AH QS KS, "
                                   "trump QH, seen: -\nview: schnapsen seat=1")


def test_hand_with_an_opponent_model_uses_the_history() -> None:
    res = runner.invoke(app, ["recommend", *HAND, *SEEN, "--worlds", "10", "--json",
                              "--opponent-model", "heuristic"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["opponent_model"].startswith("heuristic")


@pytest.mark.parametrize(("extra", "message"), [
    (["--hand", "AH TH KS QS JC"], "--hand needs --trump CARD and --seat S"),
    (["--hand", "AH TH KS QS", "--trump", "QH", "--seat", "1", "-p", "schnapsen"],
     "the hand must hold 5 cards"),
    (["--hand", "AH TH KS QS XX", "--trump", "QH", "--seat", "1"], "XX"),
    ([*HAND, "--seen", "1:AH 0:AH"], "--seen 0:AH"),
    ([*HAND, "--seen", "1:AH 0:KH"], "drew:CARD"),
    ([*HAND, "--seen", "0:KH"], "--seen 0:KH: it is seat 1's turn"),
    ([*HAND, "--seen", "AH"], "expected SEAT:ACTION or drew:CARD"),
    ([*HAND, "--seat", "9"], "--seat"),
    (["--trump", "QH"], "give --hand too"),
    ([VIEW, *HAND], "give one of a view/position, --deal or --hand"),
])
def test_hand_errors(extra: list[str], message: str) -> None:
    for cmd in ("recommend", "close"):
        res = runner.invoke(app, [cmd, *extra, "--worlds", "2"])
        assert res.exit_code == 2, res.output
        assert res.stderr.startswith("sixtysix: error: ") and message in res.stderr, res.stderr
