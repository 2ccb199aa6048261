"""PIMC as the model of a PIMC opponent (``advice.pimc_model``, the engine's ``model=pimc``):
a distribution over the legal actions that puts ``1 - eps`` on PIMC's own choice from the
player's view, asked once a view; the engine infers with it as ``recommend`` does."""

from __future__ import annotations

import random

import pytest

from sixtysix_solver import Game, View, recommend
from sixtysix_solver.advice import pimc_model
from sixtysix_solver.advice.opponents import ModelError
from sixtysix_solver.advice.pimc_model import PimcModel
from sixtysix_solver.agents import AgentError, AgentSpec, EngineAgent, act_in_game
from sixtysix_solver.agents.engine import MODEL_CALL_SHARE
from sixtysix_solver.rules.actions import Kind

from test_infer import advised_game


def test_the_model_puts_one_minus_eps_on_pimc_s_choice() -> None:
    g = Game.deal("schnapsen", seed=6)
    led = next(a for a in g.legal_actions() if a.kind == Kind.PLAY)
    g.apply(led)
    view = View.from_game(g)
    model = PimcModel(eps=0.3, worlds=8, seed=2)
    best = recommend(view, worlds=8, seed=2, threads=1).best
    legal = g.legal_actions()
    probs = {a: model.probability(view, a) for a in legal}
    assert probs[best] == pytest.approx(0.7)
    assert all(p == pytest.approx(0.3 / (len(legal) - 1)) for a, p in probs.items() if a != best)
    assert model.probability(view, led) == 0.0  # the card on the table is no longer held
    assert model.name == "pimc:0.3" and eval(repr(model)).name == model.name
    timed = PimcModel(eps=0.3, worlds=8, seed=2, call_time=0.25)
    assert timed.limits.time_limit == 0.25 and timed.limits.worlds == 8
    assert repr(timed) == "PimcModel(eps=0.3, worlds=8, seed=2, call_time=0.25)"
    again = eval(repr(timed))
    assert (again.eps, again.limits) == (timed.eps, timed.limits)


def test_the_model_asks_a_view_once_and_forgets_when_full(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[View] = []
    real = pimc_model.recommend

    def counting(view: View, **kw: object) -> object:
        calls.append(view)
        return real(view, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(pimc_model, "recommend", counting)
    monkeypatch.setattr(pimc_model, "CACHE", 2)
    g = Game.deal("schnapsen", seed=7)
    model = PimcModel(worlds=4)
    views = []
    for _ in range(3):
        views.append(View.from_game(g))
        g.apply(g.legal_actions()[0])
    for v in views[:2] * 2:
        model.choice(v)
    assert len(calls) == 2  # each view once
    model.choice(views[2])  # full: forgotten, then asked
    model.choice(views[0])
    assert len(calls) == 4


@pytest.mark.parametrize("kw, message", [
    ({"eps": -0.1}, "eps"), ({"eps": 2}, "eps"), ({"eps": True}, "eps"),
    ({"worlds": 0}, "worlds"), ({"worlds": 2.5}, "worlds"),
])
def test_bad_parameters(kw: dict[str, float], message: str) -> None:
    with pytest.raises(ModelError, match=message):
        PimcModel(**kw)


def test_the_engine_infers_with_pimc_as_its_model() -> None:
    agent = AgentSpec.parse("engine:worlds=40,time=0,infer=0.2,model=pimc,closewin=0").build(seed=3)
    assert isinstance(agent, EngineAgent) and agent.uses_history
    model = agent.model("schnapsen")
    assert isinstance(model, PimcModel) and model.eps == 0.2 and agent.model("schnapsen") is model
    assert str(agent.spec) == "engine:closewin=0,infer=0.2,model=pimc,time=0,worlds=40"
    g = advised_game()
    seat = g.to_act
    assert seat is not None
    chosen = act_in_game(agent, g, seat)
    # The agent's first decision draws its worlds' seed so; its model has kept its answers,
    # which are the same as a fresh model's (the same seeded worlds), so they cost no more.
    seed = random.Random(3).getrandbits(63)
    weighted = recommend(g, worlds=40, seed=seed, opponent_model=model)
    plain = recommend(g, worlds=40, seed=seed)
    assert chosen == weighted.best != plain.best  # the model's weights move the choice here
    assert model.limits.time_limit is None  # no cap: the same answers on every machine
    capped = AgentSpec.parse("engine:time=0.5,infer=0.2,model=pimc").build(seed=0)
    assert isinstance(capped, EngineAgent)
    under_cap = capped.model("schnapsen")
    assert isinstance(under_cap, PimcModel)
    assert under_cap.limits.time_limit == pytest.approx(MODEL_CALL_SHARE * 0.5)
    for spec, message in [("engine:infer=off,model=pimc", "model is an option of infer"),
                          ("engine:infer=0.2,model=bayes", "model must be one of")]:
        with pytest.raises(AgentError, match=message):
            AgentSpec.parse(spec).build(seed=0)
