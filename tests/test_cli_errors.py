"""Every way a ``sixtysix`` command can fail ends as one line ``sixtysix: error: ...`` on
standard error and a documented exit status (docs/cli.md), never a traceback; ``--json``
output stays empty on an error."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, HealthCheck
from hypothesis import strategies as st
from typer.testing import CliRunner, Result

from sixtysix_solver.cli.exits import EXIT_INPUT, EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_OK
from sixtysix_solver.cli.main import app

runner = CliRunner()
HUGE = "9" * 30
VIEW = ("schnapsen seat=0 dealer=0 turn=0:lead trump=QH hands=JCKCTCJHQS/5 stock=6:QH "
        "taken=JDKD/ACAD last_win=2/1")


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("files")
    binary = d / "binary.txt"
    binary.write_bytes(bytes(range(256)) * 4)
    text = d / "text.txt"
    text.write_text("hello\n", encoding="utf-8")
    return {"dir": d, "binary": binary, "text": text, "missing": d / "no" / "such" / "f.txt"}


def check_failure(res: Result, code: int = EXIT_INPUT) -> str:
    """The invocation failed with ``code``, one line on standard error, nothing on standard
    output, and no exception escaped; returns the message."""
    assert res.exit_code == code, (res.exit_code, res.output)
    assert isinstance(res.exception, SystemExit) or res.exception is None, res.exception
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1, res.stderr
    assert lines[0].startswith("sixtysix: error: "), lines[0]
    assert "Traceback" not in res.output
    return lines[0]


# (arguments, a word the message must contain); {dir}, {binary}, ... name the fixture's files
BAD = [
    (["random-game", "--record", "{missing}"], "No such file or directory"),
    (["random-game", "--record", "{dir}"], "Is a directory"),
    (["review", "{binary}"], "not UTF-8"),
    (["review", "{text}"], "record"),
    (["review", "{missing}"], "No such file"),
    (["review", "{dir}"], "cannot read"),
    (["arena", "random", "heuristic", "-p", "schnapsen", "-n", "1", "-j", "1", "--results",
      "{binary}"], "not a results file"),
    (["arena", "random", "heuristic", "-n", "1", "-j", "1", "--results", "{dir}"],
     "cannot use"),
    (["solve", "--seed", "1", "--node-limit", HUGE], "--node-limit"),
    (["solve", "--seed", HUGE], "--seed"),
    (["solve", "--seed", "1", "--tt-mib", HUGE], "--tt-mib"),
    (["solve", "--seed", "1", "--time-limit", "inf"], "--time-limit"),
    (["solve", "--seed", "1", "--time-limit", "nan"], "--time-limit"),
    (["solve", "--seed", "1", "--time-limit", "1e400"], "--time-limit"),
    (["solve", "--seed", "1", "--objective", "money"], "--objective"),
    (["solve", "--seed", "1", "--dealer", "7"], "dealer"),
    (["solve", "--seed", "1", "--json", "--set", "target=0"], "target"),
    (["deal", "--seed", "-1"], "--seed"),
    (["deal", "--dealer", "3"], "dealer"),
    (["perft", "65"], "depth"),
    (["perft", "x"], "x"),
    (["profile", "skat"], "skat"),
    (["recommend", VIEW, "--worlds", HUGE], "--worlds"),
    (["recommend", VIEW, "--worlds", "0"], "--worlds"),
    (["recommend", VIEW, "--seed", HUGE, "--json"], "--seed"),
    (["recommend", VIEW, "--threads", "0"], "--threads"),
    (["recommend", VIEW, "--match", "3-5"], "--match"),
    (["recommend", VIEW, "--opponent-model", "psychic"], "psychic"),
    (["recommend", "--deal", HUGE], "--deal"),
    (["recommend", "--deal", "1", "--moves", HUGE], "--moves"),
    (["recommend", "--deal", "1", "--moves", "500"], "hand ended"),
    (["recommend", "nonsense"], "nonsense"),
    (["close", VIEW, "--close-worlds", HUGE, "--json"], "--close-worlds"),
    (["close", "--deal", "1", "--moves", "1"], "close"),
    (["play", "--seat", "9"], "--seat"),
    (["play", "--profile", "three-hand", "--seat", "3"], "--seat must be below 3"),
    (["play", "--record", "{missing}"], "cannot write"),
    (["play", "--record", "{dir}"], "cannot write"),
    (["play", "--record", "{text}", "--save", "{text}"], "not both"),
    (["arena", "random"], "two agents"),
    (["arena", "random", "nobody"], "nobody"),
    (["arena", "random", "heuristic", "-j", "0"], "--workers"),
    (["arena", "random", "heuristic", "-n", HUGE], "--matches"),
    (["arena", "random", "heuristic", "--elo-unit", "year"], "--elo-unit"),
    (["frobnicate"], "frobnicate"),
    (["solve", "--no-such-option"], "--no-such-option"),
    (["arena", "random", "heuristic", "-w", "1"], "-w"),  # -w is worlds: workers are -j
]


@pytest.mark.parametrize(("args", "word"), BAD, ids=[" ".join(a)[:50] for a, _ in BAD])
def test_bad_invocations_fail_in_one_line(
    args: list[str], word: str, files: dict[str, Path],
) -> None:
    argv = [a.format(**{k: str(v) for k, v in files.items()}) for a in args]
    line = check_failure(runner.invoke(app, argv))
    assert word in line


def test_a_record_that_cannot_be_written_fails_before_the_hand_is_played(
    files: dict[str, Path],
) -> None:
    res = runner.invoke(app, ["random-game", "--record", str(files["missing"])])
    assert "cannot write" in check_failure(res)
    assert "result:" not in res.stdout  # nothing was played


def test_standard_input_that_is_not_text() -> None:
    for cmd in (["solve", "-"], ["recommend", "-"], ["review", "-"]):
        line = check_failure(runner.invoke(app, cmd, input=b"\xff\xfe\x00garbage"))
        assert "standard input is not UTF-8 text" in line


def test_json_output_is_json_or_nothing() -> None:
    res = runner.invoke(app, ["solve", "sixty-six dealer=0", "--json"])
    check_failure(res)
    assert res.stdout == ""


def test_an_internal_error_is_one_line_and_status_1(monkeypatch: pytest.MonkeyPatch) -> None:
    import sixtysix_solver.rules.game as game

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(game.Game, "deal", broken)
    line = check_failure(runner.invoke(app, ["deal"]), EXIT_INTERNAL)
    assert "internal error (RuntimeError: boom)" in line


def test_exit_statuses_are_documented() -> None:
    page = (Path(__file__).resolve().parents[1] / "docs" / "cli.md").read_text(encoding="utf-8")
    for code in (EXIT_OK, EXIT_INTERNAL, EXIT_INPUT, EXIT_INTERRUPTED):
        assert f"\n| {code} |" in page


def test_version_and_completion() -> None:
    res = runner.invoke(app, ["--version"])
    assert res.exit_code == 0 and res.stdout.startswith("sixtysix_solver ")
    res = runner.invoke(app, ["--help"])
    assert "--install-completion" in res.stdout


def test_a_real_process_prints_no_traceback(files: dict[str, Path]) -> None:
    """The console script itself (not only the test runner) ends in one line."""
    code = "import sys; from sixtysix_solver.cli.main import main; sys.argv = sys.argv[1:]; main()"
    proc = subprocess.run(
        [sys.executable, "-c", code, "sixtysix", "review", str(files["binary"]), "--json"],
        capture_output=True, text=True, timeout=120, env=dict(os.environ, COLUMNS="80"),
    )
    assert proc.returncode == EXIT_INPUT and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("sixtysix: error: ")


WORDS = st.sampled_from([
    "-1", "0", "1", HUGE, "-" + HUGE, "1.5", "nan", "inf", "x", "", " ", "--json", "-",
    "schnapsen", "four-hand", "AS", "\x00", "é", "--seed", "--worlds", "--dealer", "--set",
    "target=0", "--time-limit", "-p", "-s", "-w", "-t", "--moves", "--deal", "--seat",
])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(command=st.sampled_from(["solve", "deal", "perft", "profile", "recommend", "close",
                                "review", "random-game"]),
       words=st.lists(WORDS, max_size=5))
def test_fuzzed_arguments_never_escape(command: str, words: list[str]) -> None:
    """Random argument strings: each run succeeds, or fails in one line with status 2. Budgets
    stay small (a recommend or solve that happens to be valid must end quickly)."""
    if command in ("recommend", "close"):
        words = [*words, "--worlds", "2", "--threads", "1"] if "--worlds" not in words else words
    if command == "solve":
        words = [*words, "--node-limit", "2000"]
    res = runner.invoke(app, [command, *words], input="")
    assert res.exception is None or isinstance(res.exception, SystemExit), (words, res.exception)
    assert "Traceback" not in res.output
    if res.exit_code != EXIT_OK:
        check_failure(res)
