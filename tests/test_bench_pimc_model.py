"""bench/pimc_model.py: what a model of a PIMC opponent would need."""

from __future__ import annotations

from typing import Any

from helpers import bench_module

from sixtysix_solver import Game, UniformModel, View
from sixtysix_solver.advice.opponents import MODEL_RULES, HeuristicModel
from sixtysix_solver.advice.pimc_model import PimcModel


def _pm() -> Any:
    return bench_module("pimc_model")


def test_agreement_counts_a_player_as_agreeing_with_itself() -> None:
    pm = _pm()
    ag = pm.agreement(MODEL_RULES["basic"], "schnapsen", 2, 3)
    assert ag.decisions > 10
    assert ag.share("basic") == 1.0
    assert 0.0 < ag.share("expert") < 1.0  # the two club players differ somewhere
    for rules in MODEL_RULES:
        assert sum(c[1] for c in ag.counts[rules].values()) == ag.decisions
    assert 0.0 < ag.random / ag.decisions < 1.0
    # PIMC on the model's worlds plays: the model (the same seeded PIMC) agrees everywhere
    model = PimcModel(worlds=6)
    ag = pm.agreement(lambda view, legal: model.choice(view), "schnapsen", 1, 4, model_worlds=6)
    assert ag.decisions > 5 and ag.share("pimc") == 1.0


def test_the_counting_model_is_the_basic_model_and_sees_the_opponents_views() -> None:
    pm = _pm()
    g = Game.deal("schnapsen", seed=4)
    model, ref = pm.CountingModel(), HeuristicModel(0.3)
    for _ in range(6):
        view = View.from_game(g)
        for a in g.legal_actions():
            assert model.probability(view, a) == ref.probability(view, a)
        g.apply(g.legal_actions()[0])
    cost = pm.model_cost("schnapsen", 1, 2, weigh=60, inner=8, sample=2)
    assert cost.calls and all(c > 0 for _, c in cost.calls)
    assert cost.inner and cost.per_decision() > 0.0


def test_the_probe_changes_nothing_with_a_uniform_model() -> None:
    pm = _pm()
    gains = pm.probe("schnapsen", 2, 5, 40, UniformModel())
    assert gains.gains and not any(gains.changed) and not any(gains.gains)
    assert "the choice changed in 0" in gains.summary()
