"""Bad arguments to the public API raise the package's own error, named for the argument
(never a TypeError or OverflowError from the compiled core)."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest

from sixtysix_solver import Game
from sixtysix_solver.advice.closing import analyse_closing
from sixtysix_solver.advice.limits import SearchLimits
from sixtysix_solver.advice.recommend import recommend
from sixtysix_solver.agents import AgentSpec
from sixtysix_solver.errors import AgentError, ArgumentError, SixtySixError
from sixtysix_solver.knowledge.view import View
from sixtysix_solver.rules.solve import Solver, solve, solve_many

G = Game.deal("schnapsen", seed=1)
V = View.from_game(G, 1)
HUGE = 10**400

CASES: list[tuple[str, Callable[[], object], str]] = [
    # the list
    ("node_limit 2**64", lambda: Solver(4).solve(G, node_limit=2**64), "node_limit"),
    ("time_limit '1'", lambda: Solver(4).solve(G, time_limit="1"), "time_limit"),  # type: ignore[arg-type]
    ("time_limit 10**400", lambda: Solver(4).solve(G, time_limit=HUGE), "time_limit"),
    ("solve(None)", lambda: solve(None), "game"),  # type: ignore[arg-type]
    ("tt_mib -1", lambda: solve_many([G], tt_mib=-1), "tt_mib"),
    ("tt_mib 2**64", lambda: solve_many([G], tt_mib=2**64), "tt_mib"),
    ("tt_mib 1.5", lambda: solve_many([G], tt_mib=1.5), "tt_mib"),  # type: ignore[arg-type]
    ("tt_mib None", lambda: solve_many([G], tt_mib=None), "tt_mib"),  # type: ignore[arg-type]
    ("tt_mib '4'", lambda: solve_many([G], tt_mib="4"), "tt_mib"),  # type: ignore[arg-type]
    ("tt_mib 0", lambda: solve_many([G], tt_mib=0), "tt_mib"),
    ("tt_mib 65537", lambda: solve_many([G], tt_mib=65537), "tt_mib"),
    ("carry 1.5", lambda: Game.deal("schnapsen", seed=1, carry=1.5), "carry"),  # type: ignore[arg-type]
    ("carry None", lambda: Game.deal("schnapsen", seed=1, carry=None), "carry"),  # type: ignore[arg-type]
    ("carry 2**70", lambda: Game.deal("schnapsen", seed=1, carry=2**70), "carry"),
    ("Solver(True)", lambda: Solver(True), "tt_mib"),
    ("threads True", lambda: solve_many([G], threads=True), "threads"),
    # and more
    ("node_limit 0", lambda: solve(G, node_limit=0), "node_limit"),
    ("node_limit 1.0", lambda: solve(G, node_limit=1.0), "node_limit"),  # type: ignore[arg-type]
    ("node_limit True", lambda: solve(G, node_limit=True), "node_limit"),
    ("time_limit nan", lambda: solve(G, time_limit=float("nan")), "time_limit"),
    ("time_limit inf", lambda: solve(G, time_limit=float("inf")), "time_limit"),
    ("time_limit True", lambda: solve(G, time_limit=True), "time_limit"),
    ("time_limit 0", lambda: solve(G, time_limit=0), "time_limit"),
    ("objective 3", lambda: solve(G, objective=3), "objective"),  # type: ignore[arg-type]
    ("actions 'x'", lambda: solve(G, actions="x"), "actions"),  # type: ignore[arg-type]
    ("pv None", lambda: solve(G, pv=None), "pv"),  # type: ignore[arg-type]
    ("cancel 1", lambda: solve(G, cancel=1), "cancel"),  # type: ignore[arg-type]
    ("solve_many None", lambda: solve_many(None), "games"),  # type: ignore[arg-type]
    ("solve_many [None]", lambda: solve_many([None]), r"games\[0\]"),  # type: ignore[list-item]
    ("solve_many node_limit -1", lambda: solve_many([G], node_limit=-1), "node_limit"),
    ("seed True", lambda: Game.deal("schnapsen", seed=True), "seed"),
    ("seed -1", lambda: Game.deal("schnapsen", seed=-1), "seed"),
    ("dealer 1.0", lambda: Game.deal("schnapsen", seed=1, dealer=1.0), "dealer"),  # type: ignore[arg-type]
    ("from_deal carry 1.5", lambda: Game.from_deal("schnapsen", dealer=0, hands=[[], []],
                                                   carry=1.5), "carry"),  # type: ignore[arg-type]
    ("from_deal dealer None", lambda: Game.from_deal("schnapsen", dealer=None, hands=[[], []]),  # type: ignore[arg-type]
     "dealer"),
    ("from_deal dealer 2**70", lambda: Game.from_deal("schnapsen", dealer=2**70, hands=[[], []]),
     "dealer"),
    ("limits worlds True", lambda: SearchLimits(worlds=True), "worlds"),
    ("limits worlds 2.0", lambda: SearchLimits(worlds=2.0), "worlds"),  # type: ignore[arg-type]
    ("limits time '1'", lambda: SearchLimits(time_limit="1"), "time_limit"),  # type: ignore[arg-type]
    ("limits time 10**400", lambda: SearchLimits(time_limit=HUGE), "time_limit"),
    ("limits threads True", lambda: SearchLimits(threads=True), "threads"),
    ("limits tt_mib 0", lambda: SearchLimits(tt_mib=0), "tt_mib"),
    ("limits seed 2**70", lambda: SearchLimits(seed=2**70), "seed"),
    ("limits stop_when_clear 1", lambda: SearchLimits(stop_when_clear=1), "stop_when_clear"),  # type: ignore[arg-type]
    ("limits past_samples 0", lambda: SearchLimits(past_samples=0), "past_samples"),
    ("recommend worlds -1", lambda: recommend(V, worlds=-1), "worlds"),
    ("recommend time_limit nan", lambda: recommend(V, time_limit=float("nan")), "time_limit"),
    ("recommend on_progress 3", lambda: recommend(V, worlds=2, on_progress=3), "on_progress"),  # type: ignore[arg-type]
    ("recommend stop 'x'", lambda: recommend(V, worlds=2, stop="x"), "stop"),  # type: ignore[arg-type]
    ("recommend utility 1", lambda: recommend(V, worlds=2, utility=1), "utility"),  # type: ignore[arg-type]
    ("recommend limits 5", lambda: recommend(V, limits=5), "limits"),  # type: ignore[arg-type]
    ("recommend None", lambda: recommend(None), "View or a Game"),  # type: ignore[arg-type]
    ("closing close_worlds 0", lambda: analyse_closing(V, close_worlds=0), "close_worlds"),
    ("closing close_worlds 1.5", lambda: analyse_closing(V, close_worlds=1.5), "close_worlds"),  # type: ignore[arg-type]
    ("closing threads 0", lambda: analyse_closing(V, threads=0), "threads"),
]


@pytest.mark.parametrize(("call", "name"), [(c, n) for _, c, n in CASES],
                         ids=[i for i, _, _ in CASES])
def test_bad_arguments_raise_the_package_error_named_for_them(
    call: Callable[[], object], name: str,
) -> None:
    with pytest.raises(SixtySixError, match=name) as info:
        call()
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("text", [
    "engine:99", "engine:worlds=1e9", "engine:worlds=-1", "engine:worlds=x",
    "random:sensible=maybe", "ismcts:iterations=0", "ismcts:c=nan", "ismcts:c=1e400",
    "engine:time=inf", "engine:time=-1", "engine:threads=true", "engine:threads=0",
    "heuristic:x=1", "", ":", "nobody",
])
def test_bad_agent_specs(text: str) -> None:
    with pytest.raises(AgentError):
        AgentSpec.parse(text).build()


def test_argument_error_is_a_value_error_and_the_checks_keep_good_values() -> None:
    assert issubclass(ArgumentError, SixtySixError) and issubclass(ArgumentError, ValueError)
    r = Solver(4).solve(G, node_limit=2**64 - 1, time_limit=10**6)  # the largest budgets
    assert r.exact
    assert SearchLimits(time_limit=1).time_limit == 1
    assert Game.deal("schnapsen", seed=1, carry=2).start_fields["carry"] == 2
    ev = threading.Event()
    assert recommend(V, worlds=2, stop=ev, threads=1).worlds == 2
