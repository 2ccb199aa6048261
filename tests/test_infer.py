"""The engine that infers the hidden cards from the others' play (``engine:infer=eps``): the
history reaches the agents that use it, and only those; the weighted worlds change its choice
exactly as they change ``recommend``'s; the full club player as an opponent model."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from sixtysix_solver import Game, View, recommend
from sixtysix_solver.advice.opponents import (
    INFER_AUTO, HeuristicModel, ModelError, infer_eps, parse_opponent_model,
)
from sixtysix_solver.agents import Agent, AgentError, AgentSpec, EngineAgent, act_in_game
from sixtysix_solver.agents.base import AgentSpec as Spec
from sixtysix_solver.knowledge.history import History
from sixtysix_solver.play.arena import MatchJob, play_match
from sixtysix_solver.rules.actions import Action
from sixtysix_solver.rules.profiles import PROFILES, get_profile

# docs/advice.md: seat 0's play tells the heuristic model which cards it keeps; closing, best
# over uniform worlds, becomes a loser once the worlds are weighted.
ACTIONS = ["JC", "QC", "exchange", "KH", "TH", "JH", "TS"]


def advised_game() -> Game:
    g = Game.deal("schnapsen", seed=22)
    for a in ACTIONS:
        g.apply(a)
    return g


def test_inference_changes_the_choice_as_the_weighted_worlds_do() -> None:
    g = advised_game()
    seat = g.to_act
    assert seat is not None
    plain = recommend(g, worlds=1000, seed=1)
    weighted = recommend(g, worlds=1000, seed=1, opponent_model=HeuristicModel(0.3))
    assert plain.exact and weighted.exact and plain.best != weighted.best
    # closewin=0: the agent plays recommend's best, close or not (here it closes)
    agent = EngineAgent(worlds=1000, time_limit=0, infer=0.3, closewin=0)
    assert agent.uses_history and agent.name == "engine:closewin=0,infer=0.3,time=0,worlds=1000"
    assert act_in_game(agent, g, seat) == weighted.best
    agent.reset()  # without the history the worlds are not weighted
    assert agent.act(View.from_game(g, seat)) == plain.best
    # an engine that does not infer is given no history and plays PIMC's choice
    assert act_in_game(EngineAgent(worlds=1000, time_limit=0, closewin=0), g, seat) == plain.best


SEEN: list[bool] = []  # what the recorders built by the arena saw


class Recorder(Agent):
    """Plays the first legal action and records whether it was given a history that leads to
    its view."""

    def __init__(self, seed: int = 0, wants: bool = True, log: list[bool] | None = None) -> None:
        super().__init__(seed)
        self.uses_history = wants
        self.seen: list[bool] = [] if log is None else log

    @property
    def spec(self) -> Spec:
        return Spec("custom", (("factory", "test_infer.recorder"),))

    def choose(self, view: View, legal: Sequence[Action]) -> Action:  # pragma: no cover
        raise AssertionError("choose_with is called")

    def choose_with(self, view: View, legal: Sequence[Action], history: History | None) -> Action:
        self.seen.append(history is not None and history.view == view)
        return legal[0]


def recorder(seed: int = 0) -> Recorder:
    """The factory of ``custom:factory=test_infer.recorder``."""
    return Recorder(seed, wants=True, log=SEEN)


def test_histories_go_to_the_agents_that_use_them() -> None:
    g = advised_game()
    seat = g.to_act
    assert seat is not None
    wants, not_wants = Recorder(wants=True), Recorder(wants=False)
    act_in_game(wants, g, seat)
    act_in_game(not_wants, g, seat)
    assert wants.seen == [True] and not_wants.seen == [False]
    # a position set up mid-hand has no history: the agent acts without one
    mid = Game.from_fields(g.profile, g.fields())
    act_in_game(wants, mid, seat)
    assert wants.seen[-1] is False


def test_a_history_must_lead_to_the_view() -> None:
    g = advised_game()
    seat = g.to_act
    assert seat is not None
    agent = EngineAgent(worlds=10, time_limit=0, infer=0.3)
    earlier = Game.deal("schnapsen", seed=22)
    earlier.apply("JC")
    with pytest.raises(AgentError, match="does not lead to the view"):
        agent.act(View.from_game(g, seat), History.from_game(earlier, 1))
    with pytest.raises(AgentError, match="must be a History"):
        agent.act(View.from_game(g, seat), "JC QC")  # type: ignore[arg-type]


def test_the_arena_passes_histories() -> None:
    """The arena gives an agent that uses a history its seat's history at every decision; an
    inferring engine plays a whole match."""
    SEEN.clear()
    prof = get_profile("schnapsen")
    play_match(MatchJob(AgentSpec.parse("custom:factory=test_infer.recorder"),
                        AgentSpec.parse("heuristic"), prof, seed=3, index=0, swap=False))
    assert len(SEEN) > 10 and all(SEEN)
    result = play_match(MatchJob(AgentSpec.parse("engine:worlds=8,time=0,infer=0.5"),
                                 AgentSpec.parse("heuristic"), prof, seed=3, index=0, swap=True))
    assert result.hands


@pytest.mark.parametrize("spec, message", [
    ("engine:infer=0", "infer must be"),
    ("engine:infer=1.5", "infer must be"),
    ("engine:infer=yes", "infer must be"),
    ("ismcts:infer=0.3", "not a parameter|takes|infer"),
    ("engine:infer=off,pasts=4", "pasts is an option of infer"),
    ("engine:infer=sometimes", "infer must be"),
    ("engine:infer=0.3,pasts=0", "pasts must be a positive integer"),
    ("engine:infer=0.3,pasts=2.5", "pasts must be a positive integer"),
    ("engine:infer=0.3,pasts=true", "pasts must be a positive integer"),
])
def test_infer_errors(spec: str, message: str) -> None:
    with pytest.raises(AgentError, match=message):
        AgentSpec.parse(spec).build(seed=0)


def test_infer_auto_infers_in_mariage_piquet_and_three_hand_only() -> None:
    # The default, auto: INFER_AUTO's eps in mariage-piquet and three-hand, off elsewhere; off
    # and an eps named are written in the spec, auto is not; ismcts never infers.
    auto = AgentSpec.parse("engine:worlds=10").build(seed=0)
    assert isinstance(auto, EngineAgent) and auto.infer == "auto" and auto.uses_history
    model = auto.model("mariage-piquet")
    assert model is not None and model.eps == INFER_AUTO["mariage-piquet"] == 0.1
    assert model.rules == "basic" and auto.model("mariage-piquet") is model
    three = auto.model("three-hand")
    assert three is not None and three.eps == INFER_AUTO["three-hand"] == 0.05
    assert set(INFER_AUTO) == {"mariage-piquet", "three-hand"}
    assert all(auto.model(p) is None for p in PROFILES if p not in INFER_AUTO)
    # The arena builds the hand's history only where the engine reads it.
    assert all(auto.wants_history(p) == (p in INFER_AUTO) for p in PROFILES)
    assert str(auto.spec) == "engine:worlds=10"
    off = AgentSpec.parse("engine:worlds=10,infer=off").build(seed=0)
    assert isinstance(off, EngineAgent) and not off.uses_history
    assert not any(off.wants_history(p) for p in PROFILES)
    assert off.model("mariage-piquet") is None and str(off.spec) == "engine:infer=false,worlds=10"
    assert AgentSpec.parse(str(off.spec)).build(seed=0).spec == off.spec
    named = AgentSpec.parse("engine:worlds=10,infer=0.3,club=expert").build(seed=0)
    assert isinstance(named, EngineAgent)
    expert = named.model("schnapsen")
    assert expert is not None and (expert.eps, expert.rules) == (0.3, "expert")
    mc = AgentSpec.parse("ismcts:1").build(seed=0)
    assert isinstance(mc, EngineAgent) and mc.infer is None and not mc.uses_history
    assert infer_eps("auto", "mariage-piquet") == 0.1 and infer_eps("off", "mariage") is None
    with pytest.raises(ModelError, match="infer must be"):
        infer_eps(2.0, "mariage")


def test_auto_weights_a_mariage_piquet_search_by_its_history() -> None:
    # In mariage-piquet the default engine weighs its worlds (recommend sees the model and the
    # history); in sixty-six it does not.
    for name, weighted in (("mariage-piquet", True), ("sixty-six", False)):
        g = Game.deal(name, seed=4)
        for _ in range(3):
            g.apply(g.legal_actions()[0])
        seen: list[bool] = []
        agent = EngineAgent(worlds=6, time_limit=0)
        real = agent._recommend

        def spy(view, limits, utility, history):  # type: ignore[no-untyped-def]
            seen.append(agent.model(view.profile.name) is not None and history is not None)
            return real(view, limits, utility, history)

        agent._recommend = spy  # type: ignore[method-assign]
        seat = g.to_act
        assert seat is not None
        act_in_game(agent, g, seat)
        assert seen == [weighted], name


def test_pasts_sets_the_pasts_a_world_averages() -> None:
    agent = AgentSpec.parse("engine:worlds=10,infer=0.3,pasts=1").build(seed=0)
    assert isinstance(agent, EngineAgent) and agent.limits.past_samples == 1
    assert str(agent.spec) == "engine:infer=0.3,pasts=1,worlds=10"
    assert AgentSpec.parse(str(agent.spec)) == agent.spec
    named = AgentSpec.parse("engine:worlds=10,infer=0.3,pasts=32")  # the default, named
    assert named.build(seed=0).spec == named
    plain = AgentSpec.parse("engine:worlds=10,infer=0.3").build(seed=0)
    assert isinstance(plain, EngineAgent) and "pasts" not in str(plain.spec)
    assert plain.limits.past_samples == 32
    # It plays: a whole schnapsen match under a time cap, one past a world.
    result = play_match(MatchJob(AgentSpec.parse("engine:worlds=8,time=0.05,infer=0.5,pasts=1"),
                                 AgentSpec.parse("heuristic"), get_profile("schnapsen"), seed=3,
                                 index=0, swap=False))
    assert result.hands


def test_the_full_club_player_as_a_model() -> None:
    g = advised_game()
    view = View.from_game(g)
    m = parse_opponent_model("expert:0.2")
    assert isinstance(m, HeuristicModel) and m.rules == "expert" and m.name == "expert:0.2"
    assert repr(m) == "HeuristicModel(eps=0.2, rules='expert')"
    legal = g.legal_actions()
    probs = [m.probability(view, a) for a in legal]
    assert sum(probs) == pytest.approx(1.0) and max(probs) == pytest.approx(0.8)
    assert repr(parse_opponent_model("heuristic:0.2")) == "HeuristicModel(eps=0.2)"
    with pytest.raises(ModelError, match="rules must be one of"):
        HeuristicModel(0.2, rules="grandmaster")
    weighted = recommend(g, worlds=1000, seed=1, opponent_model=m)
    assert weighted.opponent_model == "expert:0.2" and weighted.exact
    # engine:club=expert,infer=... weights by this model
    agent = EngineAgent(worlds=1000, time_limit=0, infer=0.2, club="expert", closewin=0)
    seat = g.to_act
    assert seat is not None
    assert act_in_game(agent, g, seat) == weighted.best
