"""Recommendations with an opponent model: the uniform model changes nothing, weighted figures
are the weighted averages of the worlds, the same seed gives the same figures, the closing
analysis shares the path, and bad input is refused."""

from __future__ import annotations

import time
from typing import Any

import numpy as np
import pytest

from sixtysix_solver.advice.closing import analyse_closing
from sixtysix_solver.errors import SixtySixError
from sixtysix_solver.rules.game import Game
from sixtysix_solver.knowledge.history import History, HistoryError
from sixtysix_solver.advice.opponents import HeuristicModel, ImplausibleHistoryError, ModelError, UniformModel
from sixtysix_solver.advice.past_weights import PastWeights
from sixtysix_solver.advice.recommend import evaluate_lines, recommend
from sixtysix_solver.knowledge.view import View
from sixtysix_solver.knowledge.worlds import WorldSpace

from test_pasts import bot_game


@pytest.mark.parametrize("profile, stop, worlds", [
    ("sixty-six", 10, 60), ("schnapsen", 7, 400), ("schnapsen-jaques", 6, 40),
    ("four-hand", 9, 40), ("three-hand", 7, 40), ("double-deck", 12, 40),
])
def test_uniform_model_changes_nothing(profile: str, stop: int, worlds: int) -> None:
    g = bot_game(profile, 2, stop=stop)
    plain = recommend(g, worlds=worlds, seed=4, threads=1)
    flat = recommend(g, worlds=worlds, seed=4, threads=1, opponent_model=UniformModel())
    assert flat.actions == plain.actions and flat.best == plain.best
    assert flat.worlds == plain.worlds and flat.exact == plain.exact
    assert np.array_equal(flat.values, plain.values)
    assert np.array_equal(flat.weights, plain.weights)
    assert flat.opponent_model == "uniform" and plain.opponent_model is None
    assert flat.ess == plain.ess


def test_weighted_figures_are_weighted_averages() -> None:
    """Exact mode: every world solved, each weighted by its exact likelihood weight."""
    g = bot_game("schnapsen", 22, stop=7)
    model = HeuristicModel(0.3)
    rec = recommend(g, worlds=1000, seed=1, threads=1, opponent_model=model)
    assert rec.exact
    plain = recommend(g, worlds=1000, seed=1, threads=1)
    assert plain.exact and rec.worlds == plain.worlds
    h = History.from_game(g, g.to_act)
    pw = PastWeights(h, model, seed=1, past_limit=10**6)
    space = WorldSpace(h.view)
    base = {}
    for lay in space.layouts(None):
        base[tuple(c for hand in lay.hands for c in hand) + lay.stock] = pw.weight(lay.hands)
    # the recommendation's worlds in its own order: match each by its row
    rows = [tuple(int(x) for x in r) for r in _rows(g)]
    want = np.array([base[r] for r in rows])
    assert np.allclose(rec.weights / rec.weights.sum(), want / want.sum(), rtol=1e-12)
    for s in rec.actions:
        v = rec.values[:, rec.actions.index(s)].astype(float)
        assert s.mean == pytest.approx(float((want * v).sum() / want.sum()), rel=1e-12)
        assert s.ci is None
    assert rec.ess < plain.ess == rec.worlds
    assert [s.mean for s in rec.actions] != [s.mean for s in plain.actions]


def _rows(g: Game) -> list[np.ndarray]:
    """The rows of an exact run in its order (every world solved: not shuffled)."""
    view = View.from_game(g, g.to_act)
    rows, _ = WorldSpace(view).rows(None)
    return list(rows)


def test_same_seed_same_figures_with_sampled_pasts() -> None:
    g = bot_game("sixty-six", 5, stop=9)
    model = HeuristicModel(0.3)
    kw = dict(worlds=40, seed=7, opponent_model=model, past_limit=0, past_samples=4)
    a = recommend(g, threads=1, **kw)  # type: ignore[arg-type]
    b = recommend(g, threads=2, **kw)  # type: ignore[arg-type]
    assert a.actions == b.actions and np.array_equal(a.weights, b.weights)
    assert not a.exact and all(s.ci is not None for s in a.actions)
    c = recommend(g, threads=1, **{**kw, "seed": 8})  # type: ignore[arg-type]
    assert not np.array_equal(a.weights, c.weights)
    # Kish's effective size, and the win interval rests on it
    w = a.weights
    assert a.ess == pytest.approx(w.sum() ** 2 / (w * w).sum())
    assert 1 <= a.ess < a.worlds


def test_worlds_ruled_out_are_not_solved() -> None:
    """eps=0: the opponent plays exactly like the heuristic bot; worlds where it would have
    chosen otherwise get weight 0 and are left out."""
    g = Game.deal("schnapsen", seed=11)
    from sixtysix_solver.agents import HeuristicAgent

    bot = HeuristicAgent(rules="basic")  # the rules HeuristicModel predicts
    for _ in range(7):
        g.apply(bot.act(View.from_game(g)))
    rec = recommend(g, worlds=1000, seed=1, opponent_model=HeuristicModel(0.0))
    plain = recommend(g, worlds=1000, seed=1)
    assert plain.exact and plain.worlds == 336
    assert rec.ruled_out > 0 and rec.worlds + rec.ruled_out == plain.worlds
    assert rec.exact and (rec.weights > 0).all()

    class Never:
        def probability(self, view: View, action: object) -> float:
            return 0.0

    with pytest.raises(ImplausibleHistoryError, match="rules out every world") as err:
        recommend(g, worlds=1000, seed=1, opponent_model=Never())  # type: ignore[arg-type]
    assert "eps" not in str(err.value)  # the hint is for the heuristic model only
    with pytest.raises(ImplausibleHistoryError, match="rules out every world tried"):
        recommend(g, worlds=10, exact=False, seed=1, opponent_model=Never())  # type: ignore[arg-type]


def test_weights_do_not_depend_on_the_cards_integer_type() -> None:
    # Sampled pasts are seeded from the hand: numpy integers must seed them as ints do.
    g = bot_game("schnapsen", 3, stop=7)
    h = History.from_game(g, g.to_act)
    lay = next(iter(WorldSpace(h.view).layouts(None)))
    plain = PastWeights(h, HeuristicModel(0.3), seed=2, past_limit=0, past_samples=3)
    mixed = PastWeights(h, HeuristicModel(0.3), seed=2, past_limit=0, past_samples=3)
    want = plain.weight([list(hand) for hand in lay.hands])
    assert mixed.weight([np.array(hand, dtype=np.uint8) for hand in lay.hands]) == want
    assert mixed.weight([list(hand) for hand in lay.hands]) == want


def test_a_model_answering_nonsense_is_a_model_error() -> None:
    g = bot_game("schnapsen", 3, stop=7)

    class Bad:
        def __init__(self, answer: object) -> None:
            self.answer = answer

        def probability(self, view: View, action: object) -> object:
            return self.answer

    for answer, message in ((None, "not a probability"), ("x", "not a probability"),
                            (1.5, "not in"), (float("nan"), "not in")):
        with pytest.raises(ModelError, match=message):
            recommend(g, worlds=5, seed=1, opponent_model=Bad(answer))  # type: ignore[arg-type]


def test_closing_analysis_is_weighted_too() -> None:
    g = bot_game("schnapsen", 22, stop=7)
    if not any(str(a) == "close" for a in g.legal_actions()):
        pytest.skip("no close here")
    plain = analyse_closing(g, worlds=50, seed=1)
    flat = analyse_closing(g, worlds=50, seed=1, opponent_model=UniformModel())
    model = analyse_closing(g, worlds=50, seed=1, opponent_model=HeuristicModel(0.3))
    assert flat.options == plain.options
    assert model.close.mean != plain.close.mean
    with pytest.raises(HistoryError):
        analyse_closing(View.from_game(g), opponent_model=HeuristicModel(0.3))


def test_weighting_errors() -> None:
    g = bot_game("sixty-six", 5, stop=9)
    view = View.from_game(g)
    with pytest.raises(HistoryError, match="history"):
        recommend(view, worlds=5, opponent_model=HeuristicModel())
    h = History.from_game(g, view.seat)
    assert recommend(view, worlds=5, history=h, opponent_model=UniformModel()).worlds == 5
    other = bot_game("sixty-six", 6, stop=9)
    with pytest.raises(HistoryError, match="does not lead"):
        recommend(View.from_game(other), worlds=5, history=h, opponent_model=HeuristicModel())
    with pytest.raises(SixtySixError, match="only used with"):
        recommend(view, worlds=5, history=h)
    with pytest.raises(SixtySixError, match="probability"):
        recommend(g, worlds=5, opponent_model="heuristic")  # type: ignore[arg-type]
    with pytest.raises(HistoryError, match="fresh deal"):
        recommend(Game.from_fields("sixty-six", g.fields()), worlds=5,
                  opponent_model=HeuristicModel())
    with pytest.raises(SixtySixError, match="past_limit"):
        recommend(g, worlds=5, opponent_model=HeuristicModel(), past_limit=-1)


def test_closing_analysis_builds_its_weights_once(monkeypatch: pytest.MonkeyPatch) -> None:
    g = bot_game("schnapsen", 22, stop=7)
    if not any(str(a) == "close" for a in g.legal_actions()):
        pytest.skip("no close here")
    made: list[int] = []
    init = PastWeights.__init__

    def counting(self: PastWeights, *a: Any, **k: Any) -> None:
        made.append(1)
        init(self, *a, **k)

    monkeypatch.setattr(PastWeights, "__init__", counting)
    a = analyse_closing(g, worlds=50, seed=1, opponent_model=HeuristicModel(0.3))
    assert len(made) == 1  # every part shares it
    alone = evaluate_lines(g, [["close"]], stock_order=False, worlds=100_000, seed=1,
                           opponent_model=HeuristicModel(0.3))
    assert a.close.stats == alone.actions[0] and a.close.exact == alone.exact


def test_time_limit_counts_the_weighting() -> None:
    g = bot_game("schnapsen", 22, stop=7)

    class Slow(HeuristicModel):
        def probability(self, view: View, action: Any) -> float:
            time.sleep(0.004)  # (slow enough that weighting past the limit shows plainly)
            return super().probability(view, action)

    t0 = time.perf_counter()
    rec = recommend(g, worlds=10**6, exact=False, seed=1, time_limit=1.0,
                    opponent_model=Slow(0.3))
    assert rec.stopped == "time" and rec.worlds > 0
    # Uncounted, the weighting of the batch under way ran on for several seconds.
    assert time.perf_counter() - t0 < 2.0
