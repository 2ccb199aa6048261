"""``sixtysix solve``: the values it prints are the solver's, and bad input is a clean error."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
from typing import Any

import pytest
from helpers import random_position as played
from typer.testing import CliRunner

from sixtysix_solver import Game
from sixtysix_solver.cli.main import app
from sixtysix_solver.notation.position import format_position, parse_position
from sixtysix_solver.rules.solve import SolveResult, solve

runner = CliRunner()


# Small positions of several kinds: open phase, strict phase, mid-trick, four and three hands.
POSITIONS = [
    format_position(played("schnapsen", 4, 6)),
    format_position(played("schnapsen", 11, 9)),
    format_position(played("sixty-six", 5, 14)),
    format_position(played("sixty-six", 8, 19)),
    format_position(played("four-hand", 3, 17)),
    format_position(played("four-hand-24", 2, 10)),
    format_position(played("three-hand", 5, 11)),
    format_position(played("mariage", 6, 13)),
]


def run(*args: str) -> Any:
    result = runner.invoke(app, ["solve", *args])
    # Never a traceback: the only exception a run may end with is the exit itself.
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert "Traceback" not in result.output
    return result


def run_json(*args: str) -> dict[str, Any]:
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


def expected(text: str, objective: str = "game_points") -> SolveResult:
    return solve(parse_position(text), objective=objective)


@pytest.mark.parametrize("text", POSITIONS)
def test_json_values_match_solve(text: str) -> None:
    game = parse_position(text)
    assert not game.is_over
    ours = expected(text)
    data = run_json(text)
    assert data["position"] == text
    assert data["objective"] == "game_points"
    assert data["seat"] == game.to_act == ours.player
    assert data["value"] == ours.value
    got = {a["action"]: a["value"] for a in data["actions"]}
    assert got == {str(av.action): av.value for av in ours.actions}
    # Every legal action is listed, best first.
    assert sorted(got) == sorted(str(a) for a in game.legal_actions())
    assert [a["value"] for a in data["actions"]] == sorted(got.values(), reverse=True)
    assert data["best"] == [str(a) for a in ours.best]
    assert {a["action"] for a in data["actions"] if a["value"] == data["value"]} == set(
        data["best"])
    # The principal variation is legal from the position, each action by the seat shown.
    replay = game.clone()
    assert len(data["pv"]) == len(data["pv_seats"])
    for seat, action in zip(data["pv_seats"], data["pv"]):
        assert replay.to_act == seat
        replay.apply(action)
    if replay.is_over and game.players == 2:
        res = replay.result
        assert res is not None and res.returns[ours.player] == ours.value
    assert data["nodes"] > 0 and data["seconds"] >= 0


def table_rows(output: str) -> dict[str, tuple[str, bool]]:
    """``action -> (value text, marked best)`` from the rich table."""
    rows: dict[str, tuple[str, bool]] = {}
    for line in output.splitlines():
        cells = [c.strip() for c in re.split(r"[│┃]", line)[1:-1]]
        if len(cells) == 3 and cells[0] not in ("action", ""):
            rows[cells[0]] = (cells[1], cells[2] == "*")
    return rows


@pytest.mark.parametrize("text", POSITIONS[:5])
def test_table_output(text: str) -> None:
    ours = expected(text)
    result = run(text)
    assert result.exit_code == 0, result.output
    out = result.output
    rows = table_rows(out)
    assert rows == {
        str(av.action): (str(av.value), av.value == ours.value) for av in ours.actions
    }
    assert f"position: {text}" in out
    lines = out.splitlines()
    pv = next(line for line in lines if line.startswith("principal variation: "))
    shown = pv.removeprefix("principal variation: ").split()
    assert [s.split(":", 1)[1] for s in shown] == [str(a) for a in ours.pv]
    last = lines[-1]
    assert re.fullmatch(rf"value: {ours.value}   nodes: \d+   time: \d+\.\d{{3}} s", last), last


@pytest.mark.parametrize("objective", ["win", "card_points"])
def test_other_objectives(objective: str) -> None:
    text = POSITIONS[0]
    ours = expected(text, objective)
    data = run_json(text, "--objective", objective)
    assert data["objective"] == objective and data["value"] == ours.value
    values = {str(av.action): av.value for av in ours.actions}
    for a in data["actions"]:
        assert a["value"] == values.get(a["action"])
    if objective == "card_points":
        # Claims are not searched under card_points: no value, so not among the actions.
        game = parse_position(text)
        assert "claim" in [str(a) for a in game.legal_actions()]
        assert "claim" not in [a["action"] for a in data["actions"]]
        out = run(text, "-o", objective).output
        assert table_rows(out)["claim"] == ("-", False)
        assert "claims are ignored under card_points" in out


def test_fresh_deal() -> None:
    game = Game.deal("schnapsen", seed=4)
    ours = solve(game)
    data = run_json("--profile", "schnapsen", "--seed", "4")
    assert data["position"] == format_position(game)
    assert data["value"] == ours.value
    assert {a["action"]: a["value"] for a in data["actions"]} == {
        str(av.action): av.value for av in ours.actions
    }
    # Overrides and the dealer for a fresh deal; the profile token is printed intact.
    out = run("-p", "four-hand-24", "-s", "3", "--dealer", "2", "--set", "target=70").output
    assert "position: four-hand-24[target=70] dealer=2 " in out


def test_limits_and_table_size() -> None:
    text = POSITIONS[1]
    ours = expected(text)
    data = run_json(text, "--tt-mib", "1", "--node-limit", "100000000", "--time-limit", "60")
    assert data["value"] == ours.value


def test_search_limit_prints_bounds() -> None:
    exact = solve(Game.deal("sixty-six", seed=1))
    assert exact.value is not None
    result = run("--seed", "1", "--node-limit", "50")
    assert result.exit_code == 0
    found = re.search(r"value: (-?\d+)\.\.(-?\d+) ", result.output)
    assert found, result.output
    lo, hi = map(int, found.groups())
    assert lo <= exact.value <= hi
    assert "node limit reached: the bounds proven so far" in result.output
    data = run_json("--seed", "1", "--node-limit", "50")
    assert (data["value"], data["lower"], data["upper"]) == (None, lo, hi)
    assert data["stopped"] == "node limit reached"
    for a in data["actions"]:
        assert a["value"] is None and a["lower"] <= a["upper"]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_exits_130_without_a_traceback() -> None:
    # Whole mariage deals take minutes: the SIGINT comes mid-solve. The child says when its
    # imports are done (a busy machine may take seconds), then the solve starts at once.
    # (Python's usual Ctrl-C, even where the test run ignores SIGINT, as a background job does.)
    code = ("import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
            "from sixtysix_solver.cli.main import main; "
            "import sixtysix_solver.rules.solve; sys.stderr.write('ready\\n'); "
            "sys.stderr.flush(); sys.argv = sys.argv[1:]; main()")
    proc = subprocess.Popen(
        [sys.executable, "-c", code, "sixtysix", "solve", "--seed", "1", "--profile", "mariage"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert proc.stderr is not None and proc.stderr.readline() == "ready\n"
    time.sleep(1.0)
    assert proc.poll() is None, proc.communicate()
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, (out, err)
    assert err.strip() == "interrupted" and "Traceback" not in out + err


ERRORS = [
    ((), "error: nothing to solve"),
    (("   ",), "error: empty position"),
    (("sixty-six dealer=0 turn=1:lead",), "error: missing token trump="),
    (("chess dealer=0",), "error: unknown profile 'chess'"),
    (("sixty-six[target=300] dealer=0",), "error: target must be between 1 and 250, got 300"),
    (("sixty-six[target=100 dealer=0",), "error: bad profile token 'sixty-six[target=100'"),
    (
        ("sixty-six dealer=0 turn=1:lead trump=9H hands=9CQC9DJHQHAS/TDAH9SJSQSAS "
         "stock=JCTSJDKDADQDTHTCKHACKC9H",),
        "error: hand: AS appears more often than the deck holds it",
    ),
    (
        ("three-hand dealer=0 turn=-:over trump=KH hands=-/-/- aside=JCTHQS "
         "taken=9CQCKCTCAC9DKH9SJSKSTSAS/QDAD9HJHQHAH/JDKDTD bonus=15/0/0 last_win=7/4/3 "
         "points=2/0/0 returns=2/-1/-1 reason=dead_hand",),
        "error: the hand is over: there is nothing to solve",
    ),
    ((POSITIONS[0], "--seed", "3"), "error: give either a position or --seed"),
    ((POSITIONS[0], "--profile", "schnapsen"), "error: give either a position or --seed"),
    (("--profile", "schnapsen"), "error: nothing to solve"),
    (("--seed", "1", "--profile", "skat"), "error: unknown profile 'skat'"),
    (("--seed", "1", "--set", "target=0"), "error: target must be between 1 and 250, got 0"),
    (("--seed", "1", "--set", "colour"), "error: bad override 'colour'"),
    (("--seed", "1", "--time-limit", "0"), "error: --time-limit must be positive"),
    (("--seed", "1", "--time-limit", "-2"), "error: --time-limit must be positive"),
]


@pytest.mark.parametrize(("args", "message"), ERRORS)
def test_errors(args: tuple[str, ...], message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("sixtysix: " + message), result.output
    assert len(result.output.strip().splitlines()) == 1 and not result.stdout


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (("--seed", "1", "--objective", "points"), "--objective"),
        (("--seed", "1", "--tt-mib", "0"), "--tt-mib"),
        (("--seed", "1", "--node-limit", "0"), "--node-limit"),
        (("--seed", "-1"), "--seed"),
        (("--seed", "x"), "--seed"),
        (("--seed", "1", "--time-limit", "soon"), "--time-limit"),
    ],
)
def test_option_errors(args: tuple[str, ...], option: str) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert "Invalid value" in result.output and option in result.output


def test_position_from_standard_input() -> None:
    # `-` reads the position from stdin, for pipes; the answer is the argument's answer.
    text = POSITIONS[0]
    piped = runner.invoke(app, ["solve", "-", "--json"], input=text + "\n")
    assert piped.exit_code == 0, piped.output
    got, want = json.loads(piped.output), run_json(text)
    for k in ("position", "seat", "value", "actions", "pv"):
        assert got[k] == want[k], k
    empty = runner.invoke(app, ["solve", "-"], input="\n")
    assert empty.exit_code == 2 and "empty position" in empty.output
