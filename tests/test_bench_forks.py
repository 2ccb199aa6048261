"""bench/forks.py: the decision-level comparison of two agents is what it claims to be."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from helpers import bench_module

ROOT = Path(__file__).resolve().parents[1]


def _forks() -> Any:
    return bench_module("forks")


@pytest.mark.parametrize("profile", ["schnapsen", "sixty-six", "four-hand"])
def test_with_fixed_rules_the_forks_add_up_to_the_difference_of_the_two_lines(profile: str) -> None:
    # With agents that act by fixed rules, each fork's B-branch is the line the next fork
    # starts from, so the forks of a hand telescope: their sum is A's net minus B's net when
    # B plays the whole hand on the same deal. Any slip in seeding, seats or sides breaks it.
    fk = _forks()
    a, b, opp = "heuristic:basic", "heuristic", "heuristic:basic"
    forked = 0
    for leg in fk.legs(a, b, opp, profile, hands=4, seed=3):
        row = fk.play_leg(leg)
        alone = fk.play_leg(fk.Leg(b, b, opp, profile, leg.seed, leg.index, leg.side))
        assert alone["forks"] == []
        assert sum(f[3] - f[4] for f in row["forks"]) == row["net"] - alone["net"]
        forked += len(row["forks"])
    assert forked > 0  # the two rule sets do differ on these deals


def test_an_agent_against_itself_never_forks_and_the_summary_counts() -> None:
    fk = _forks()
    spec = "engine:worlds=20,threads=1"  # a world budget: the same seeds give the same choice
    rows = [fk.play_leg(leg) for leg in fk.legs(spec, spec, "heuristic", "schnapsen", 1, seed=2)]
    assert [r["forks"] for r in rows] == [[], []]
    s = fk.summarize(rows)
    assert (s.legs, s.deals, s.forks, s.gain) == (2, 1, 0, 0.0)
    assert s.decisions == sum(r["decisions"] for r in rows) > 0


def test_the_summary_clusters_by_deal_and_the_file_resumes(tmp_path: Path) -> None:
    fk = _forks()
    rows = [{"a": "x", "b": "y", "opponent": "y", "profile": "schnapsen", "seed": 1, "index": i,
             "side": side, "decisions": 5, "forks": [[1, "AS", "TS", g, 0]], "net": g,
             "seconds": 1.0} for i, gains in enumerate([(1, 1), (-1, 3)])
            for side, g in enumerate(gains)]
    s = fk.summarize(rows)
    assert s.gain == pytest.approx(1.0) and (s.better, s.worse, s.forks) == (3, 1, 4)
    # Deal sums 2 and 2 around a mean of 2 a deal: no spread between deals.
    assert s.half_width == pytest.approx(0.0)
    path = tmp_path / "r.jsonl"
    for r in rows:
        fk._save(r, path)
    assert fk.load(path) == rows
    assert fk.by_stock(rows) == ""  # forks recorded without the stock are left out
    rows[0]["forks"][0] += [6, False]
    rows[1]["forks"][0] += [0, True]
    assert fk.by_stock(rows).splitlines() == [
        "forks by the stock left:", "  strict: 1 forks, better 1, worse 0, +0.250 a hand",
        "  stock  6: 1 forks, better 1, worse 0, +0.250 a hand"]
    leg = fk.Leg("x", "y", "y", "schnapsen", 1, 0, 0)
    assert len(fk.run([leg], path, workers=1)) == 4  # already there: nothing played


def test_forks_by_kind_of_decision() -> None:
    fk = _forks()
    assert [fk.decision_kind(f) for f in ([1, "AS", "TS", 0, 0, 6, False, 0],
                                          [1, "9H", "TS", 0, 0, 6, False, 1],
                                          [1, "AS", "close", 0, 0, 6, False, 0],
                                          [1, "marry-H", "AS", 0, 0, 6, False, 0])] == [
        "lead", "answer", "close", "other"]
    forks = [[1, "9H", "TS", 2, 0, 8, False, 1], [2, "9H", "TS", 0, 1, 8, False, 1],
             [3, "AS", "close", -1, 0, 4, False, 0], [4, "AS", "TS", 0, 0, 0, True, 0],
             [5, "AS", "TS", 1, 0]]  # the last recorded before the stock and the trick
    rows = [{"forks": forks[:3]}, {"forks": forks[3:]}]
    assert fk.by_kind(rows).splitlines() == [
        "forks by decision and stock:",
        "  lead   strict: 1 forks, better 0, worse 0, +0.000 a hand",
        "  close  stock  4: 1 forks, better 0, worse 1, -0.500 a hand",
        "  answer stock  8: 2 forks, better 1, worse 1, +0.500 a hand"]
    assert fk.by_kind([{"forks": []}]) == ""


def test_where_the_open_phase_is_strict_the_report_counts_the_stock() -> None:
    # mariage-piquet plays strict from the first trick; a fork there counts by its stock
    # until the draws are over, in new records (the draws' end) and in old ones (game.strict).
    from sixtysix_solver import Game

    fk = _forks()
    g = Game.deal("mariage-piquet", seed=2)
    assert g.strict and not fk._draws_over(g)
    old = [[1, "AS", "TS", 1, 0, 10, True, 0], [2, "AS", "TS", 0, 1, 0, True, 0]]
    new = [[1, "AS", "TS", 1, 0, 10, False, 0], [2, "AS", "TS", 0, 1, 0, True, 0]]
    for forks in (old, new):
        assert fk.by_stock([{"profile": "mariage-piquet", "forks": forks}]).splitlines() == [
            "forks by the stock left:", "  strict: 1 forks, better 0, worse 1, -1.000 a hand",
            "  stock 10: 1 forks, better 1, worse 0, +1.000 a hand"]
    # In sixty-six a closed stock still has cards, and the record says strict.
    assert "strict: 2 forks" in fk.by_stock([{"profile": "sixty-six", "forks": old}])


def test_the_report_names_the_agents_of_the_file_not_the_defaults(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fk = _forks()
    paths = [tmp_path / "r4.jsonl", tmp_path / "r5.jsonl"]
    for seed, path, gain in ((4, paths[0], 2), (5, paths[1], -2)):
        fk._save({"a": "heuristic", "b": "heuristic:basic", "opponent": "random", "profile":
                  "schnapsen", "seed": seed, "index": 0, "side": 0, "decisions": 3,
                  "forks": [[1, "AS", "TS", gain, 0]], "net": 1, "seconds": 0.5}, path)
    capsys.readouterr()
    assert fk.main(["--report", "--results", str(paths[0])]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == "schnapsen: A heuristic | B heuristic:basic | opponent random | seed 4"
    assert "engine" not in "\n".join(out)
    # Two seeds pool as two deals (index 0 of each), not as one.
    assert fk.main(["--report", "--results", *map(str, paths)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1:3] == [f"schnapsen: A heuristic | B heuristic:basic | opponent random | seed {s}"
                        for s in (4, 5)]
    assert out[3].startswith("2 hands (2 deals, A on each side)")
    assert "A over B: +0.000 net game points a hand [-3.920, +3.920]" in out
    with pytest.raises(SystemExit, match="one --results file"):
        fk.main(["x", "y", "--results", *map(str, paths)])


def test_forks_refuse_a_game_without_two_sides() -> None:
    with pytest.raises(SystemExit, match="two sides"):
        _forks().legs("heuristic", "heuristic", "heuristic", "three-hand", 1, 1)


# --- bench/postpone.py: the postponed values of the strategy-fusion probe ---------------------
def _postpone() -> Any:
    return bench_module("postpone")


def _open_card_mean(view, action, worlds):  # type: ignore[no-untyped-def]
    """PIMC's figure on the given worlds, computed directly: each world solved after the action."""
    from sixtysix_solver.rules.solve import solve

    side, total = view.side(view.seat), 0
    for w in worlds:
        g = w.clone()
        g.apply(action)
        if g.is_over:
            total += g.result.points[side] - g.result.points[1 - side]
        else:
            total += solve(g, pv=False, actions=False).value_for_side(side)
    return total / len(worlds)


def test_postponing_the_next_choice_never_raises_a_value_and_lowers_some() -> None:
    from sixtysix_solver import Game, View
    from sixtysix_solver.agents import AgentSpec, act_in_game
    from sixtysix_solver.knowledge.legal import legal_actions
    from sixtysix_solver.knowledge.worlds import sample_worlds

    pp = _postpone()
    g = Game.deal("schnapsen", seed=2)
    players = [AgentSpec.parse("heuristic").build(seed=s) for s in (1, 2)]
    lowered = []
    for _ in range(3):  # the first moves of a hand; at move 2 the seat may exchange
        seat = g.to_act
        if len(g.legal_actions()) > 1:
            v = View.from_game(g, seat)
            acts = legal_actions(v)
            vals, n = pp.postponed_values(v, acts, worlds=16, seed=2)
            assert n == 16 and set(vals) == {str(a) for a in acts}
            worlds = sample_worlds(v, 16, 2)
            for a in acts:
                pimc = _open_card_mean(v, a, worlds)
                assert vals[str(a)] <= pimc + 1e-9
                if vals[str(a)] < pimc - 1e-9:
                    lowered.append(str(a))
        g.apply(act_in_game(players[seat], g, seat))
    # After the exchange the seat leads again knowing nothing new: one lead for every world.
    assert "exchange" in lowered


def test_with_no_card_hidden_the_postponed_value_is_the_open_card_value() -> None:
    from sixtysix_solver import Game, View
    from sixtysix_solver.knowledge.legal import legal_actions
    from sixtysix_solver.knowledge.worlds import sample_worlds

    pp = _postpone()
    g = Game.deal("schnapsen", seed=2)
    while g.stock or g.trick:  # lowest card first until the stock is gone: nothing hidden
        g.apply(g.legal_actions()[0])
    v = View.from_game(g, g.to_act)
    vals, n = pp.postponed_values(v, legal_actions(v), worlds=3, seed=1)
    worlds = sample_worlds(v, 3, 1)
    assert n == 3
    for a in legal_actions(v):
        assert vals[str(a)] == _open_card_mean(v, a, worlds)


def test_the_readme_says_what_the_fork_results_hold() -> None:
    # bench/README.md's fork table is typed in: every committed results file must have its
    # row, with the figures `--report` computes from the file.
    fk = _forks()
    readme = (ROOT / "bench" / "README.md").read_text()
    files = sorted((ROOT / "bench" / "forks").glob("*.jsonl"))
    assert files
    for path in files:
        s = fk.summarize(fk.load(path))
        row = next((line for line in readme.splitlines()
                    if line.startswith(f"| `{path.stem}` |")), None)
        assert row is not None, f"{path.stem}: no row in bench/README.md"
        cells = [c.strip() for c in row.strip("|").split("|")]
        share = 100 * s.forks / s.decisions
        assert cells[5] == f"{s.forks} ({share:.1f}%)", path.stem
        assert cells[6] == str(s.forks - s.better - s.worse), path.stem
        lo, hi = s.gain - s.half_width, s.gain + s.half_width
        assert cells[7] == f"{s.gain:+.3f} [{lo:+.3f}, {hi:+.3f}]", path.stem
