"""The engine's ``follow=n``: the club player's card where the seat answers a lead in the open
phase with at least ``n`` cards in the stock, PIMC's choice everywhere else; ``follow=auto``
(the default) is 6 in sixty-six and off elsewhere."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import bench_module
from sixtysix_solver import Game, View
from sixtysix_solver.agents import AgentSpec
from sixtysix_solver.agents.engine import EngineAgent
from sixtysix_solver.agents.heuristic import RULES
from sixtysix_solver.errors import AgentError

SPEC = {"worlds": 20, "time_limit": 0}


def _agent(**kw: Any) -> EngineAgent:
    return EngineAgent(seed=3, **{**SPEC, **kw})


def _answer(seed: int, profile: str = "sixty-six") -> tuple[View, list[Any]]:
    """A deal after the first lead: the other seat answers, the whole stock still there."""
    g = Game.deal(profile, seed=seed)
    g.apply(g.legal_actions()[0])
    assert g.to_act is not None and len(g.trick) == 1
    return View.from_game(g), g.legal_actions()


@pytest.mark.parametrize("seed", [1, 2, 5])
@pytest.mark.parametrize("club", ["expert", "basic"])
def test_an_early_answer_is_the_club_players_card(seed: int, club: str) -> None:
    view, legal = _answer(seed)
    agent = _agent(follow=6, club=club)
    assert agent.early_answer(view)
    assert agent.choose_with(view, legal, None) == RULES[club](view, legal)


def test_a_lead_a_short_stock_and_three_sides_are_pimcs() -> None:
    g = Game.deal("sixty-six", seed=4)
    lead, legal = View.from_game(g), g.legal_actions()
    agent = _agent(follow=6, club="expert")
    assert not agent.early_answer(lead)
    assert agent.choose_with(lead, legal, None) == _agent().choose_with(lead, legal, None)
    view, _ = _answer(4)
    assert view.stock_size == 12
    assert not _agent(follow=13).early_answer(view)  # the stock is shorter than asked
    assert _agent(follow=12).early_answer(view)
    assert not _agent(follow="off").early_answer(view)  # off: never
    assert not _agent(follow=None).early_answer(view)
    three, _ = _answer(1, "three-hand")
    assert not _agent(follow=0).early_answer(three)


def test_the_worlds_after_an_early_answer_are_pimcs() -> None:
    # The club's answer draws PIMC's seeds all the same: the decisions after it sample the
    # worlds they would have sampled had PIMC answered.
    view, legal = _answer(2)
    agent, plain = _agent(follow=6), _agent()
    agent.choose_with(view, legal, None)
    plain.choose_with(view, legal, None)
    assert agent.rng.getstate() == plain.rng.getstate()


def test_auto_is_six_in_sixty_six_and_off_elsewhere() -> None:
    view, legal = _answer(2)
    agent = _agent()
    assert agent.follow == "auto" and agent.early_answer(view)
    # Unnamed, the club player whose card follow plays is the full one (expert).
    assert agent.choose_with(view, legal, None) == RULES["expert"](view, legal)
    assert _agent(club="basic").choose_with(view, legal, None) == RULES["basic"](view, legal)
    g = Game.deal("sixty-six", seed=2)
    while not (len(g.trick) == 1 and len(g.stock) < 6):  # an answer with a short stock
        g.apply(next(a for a in g.legal_actions() if str(a) not in ("close", "claim")))
    short = View.from_game(g)
    assert not short.strict and not agent.early_answer(short)
    for profile in ("schnapsen", "sixty-six-jaques", "mariage"):
        other, _ = _answer(2, profile)
        assert not agent.early_answer(other), profile
    ismcts = EngineAgent(method="ismcts", iterations=10, seed=1)  # auto: PIMC only
    assert not ismcts.early_answer(view) and "follow" not in str(ismcts.spec)


def test_auto_names_real_profiles() -> None:
    from sixtysix_solver.advice.follow import FOLLOW_AUTO
    from sixtysix_solver.rules.profiles import PROFILES
    assert FOLLOW_AUTO and set(FOLLOW_AUTO) <= set(PROFILES)
    assert all(PROFILES[p].sides == 2 and n > 0 for p, n in FOLLOW_AUTO.items())


def test_the_spec_round_trips_and_bad_values_are_refused() -> None:
    agent = AgentSpec.parse("engine:worlds=20,time=0,club=expert,follow=6").build(seed=1)
    assert isinstance(agent, EngineAgent) and agent.follow == 6
    assert str(agent.spec) == "engine:club=expert,follow=6,time=0,worlds=20"
    for text, spec in (("follow=off", "follow=false"), ("follow=false", "follow=false"),
                       ("follow=auto", None), ("club=basic", "club=basic")):
        built = AgentSpec.parse(f"engine:worlds=20,{text}").build(seed=1)
        assert str(built.spec) == ("engine:worlds=20" if spec is None
                                   else f"engine:{spec},worlds=20"), text
        assert str(AgentSpec.parse(f"engine:worlds=20,{text}")) == str(built.spec)
    assert str(EngineAgent(seed=1).spec) == "engine:3"
    for bad in ("-1", "2.5", "true", "sometimes"):
        with pytest.raises(AgentError, match="follow"):
            AgentSpec.parse(f"engine:worlds=20,follow={bad}").build(seed=1)
    with pytest.raises(AgentError, match="follow is a PIMC"):
        EngineAgent(method="ismcts", iterations=10, follow=6)


def test_the_bench_factory_is_the_option() -> None:
    agent = bench_module("follow").follow(seed=3, worlds=20, time=0, stock=8, rule="basic")
    assert (agent.follow, agent.club, agent.limits.worlds) == (8, "basic", 20)
