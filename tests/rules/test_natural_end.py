"""RULES.md row 'natural end, no claim' (every card played, the stock not closed, nobody
claimed), plus the claim of the last-trick winner and the carry of a drawn hand.

sixty-six, four-hand-24, double-deck: the last-trick winner may claim if at 66; otherwise a
draw, the next hand's winner gets 1 extra GP. sixty-six-jaques: nobody at 66: last-trick
winner 1 GP (engine: first side to reach 66 wins at the normal rate). schnapsen(-jaques):
last-trick winner 1 GP. mariage(-piquet): higher total wins at the normal rate, a tie scores
nothing. four-hand: 66-99: 1, 100+: 2, all tricks: 3; 65-65 nobody, next hand +1.
three-hand: dead hand to most tricks (tie: the last-trick winner among them); 66+ wins 1 from
each other, else nobody.
"""

from __future__ import annotations

import pytest

from sixtysix_solver.rules.game import Game

from .helpers import (
    POINTS, RANKS, make, normal_rate, play_out, race, side_of, side_tricks,
)

SEEDS = list(range(1, 7))


def _lts(g: Game) -> int:
    return side_of(g, g.fields()["last_trick_winner"])


@pytest.mark.parametrize("profile", ["sixty-six", "four-hand-24", "double-deck"])
@pytest.mark.parametrize("seed", SEEDS + [169, 41, 22])
def test_claim_or_draw_pass_is_draw(profile: str, seed: int) -> None:
    """'natural end': no claim is a draw: nobody scores, carry_out = carry + 1."""
    g = play_out(Game.deal(profile, seed=seed, carry=2), end="pass")
    r = g.result
    assert r is not None
    assert r.reason == "draw"
    assert all(p == 0 for p in r.points)
    assert r.carry_out == 3


@pytest.mark.parametrize("profile", ["sixty-six", "four-hand-24", "double-deck"])
@pytest.mark.parametrize("seed", SEEDS + [169, 41, 22])
def test_claim_or_draw_last_trick_winner_claims(profile: str, seed: int) -> None:
    """'natural end', sixty-six: the last-trick winner claims if at 66 (normal rate), else
    it is a false claim (opponent 2, or 3 without a trick)."""
    g = play_out(Game.deal(profile, seed=seed), end="stop")
    w = _lts(g)
    sc, tr = g.scores(), side_tricks(g)
    g.apply("claim")
    r = g.result
    assert r is not None
    if sc[w] >= 66:
        assert r.reason == "claim"
        assert r.points[w] == normal_rate(sc[1 - w], tr[1 - w])
    else:
        assert r.reason == "false_claim"
        assert r.points[1 - w] == (3 if tr[1 - w] == 0 else 2)


def test_sixty_six_65_65_is_a_draw() -> None:
    """'natural end', sixty-six: 65-65 is a draw even when the last-trick winner claims."""
    g = play_out(Game.deal("sixty-six", seed=169), end="stop")
    assert g.scores() == [65, 65]
    g.apply("claim")
    r = g.result
    assert r is not None and r.reason == "false_claim"  # 65 is not 66
    g.undo()
    g.apply("pass")
    assert g.result is not None and g.result.reason == "draw"
    assert g.result.carry_out == 1


@pytest.mark.parametrize("carry", [1, 2])
def test_carry_goes_to_next_winner(carry: int) -> None:
    """'natural end', sixty-six: a drawn hand's extra GP go to the next hand's winner."""
    g = race("sixty-six", "no_trick", carry=carry)
    g.apply("claim")
    r = g.result
    assert r is not None and r.points == (3 + carry, 0)
    assert r.carry_out == 0


def test_carry_goes_to_false_claims_beneficiary() -> None:
    """'natural end': the carry goes to whoever receives the hand's game points."""
    g = race("sixty-six", "no_trick", to_66=False, carry=1)
    g.apply("claim")
    r = g.result
    assert r is not None and r.reason == "false_claim" and r.points == (0, 4)


@pytest.mark.parametrize("seed", SEEDS + [0, 10, 32])
def test_jaques_natural_end(seed: int) -> None:
    """'natural end', sixty-six-jaques: nobody at 66: the last-trick winner gets 1 GP; a side
    that reached 66 first (and never claimed) wins at the normal rate."""
    trace: list[int] = []
    g = play_out(Game.deal("sixty-six-jaques", seed=seed), end="stop", trace=trace)
    sc, tr, w = g.scores(), side_tricks(g), _lts(g)
    g.apply("pass")
    r = g.result
    assert r is not None
    if not trace:
        assert max(sc) < 66
        assert r.reason == "last_trick"
        assert r.points[w] == 1 and r.points[1 - w] == 0
    else:
        f = trace[0]
        assert r.reason == "first_to_target"
        assert r.points[f] == normal_rate(sc[1 - f], tr[1 - f])
    assert r.carry_out == 0


def test_jaques_seeds_cover_both_cases() -> None:
    """Guard: the seeds above include hands with and without a side reaching 66."""
    kinds = set()
    for seed in SEEDS + [0, 10, 32]:
        trace: list[int] = []
        play_out(Game.deal("sixty-six-jaques", seed=seed), end="stop", trace=trace)
        kinds.add(bool(trace))
    assert kinds == {True, False}


@pytest.mark.parametrize("profile", ["schnapsen", "schnapsen-jaques"])
@pytest.mark.parametrize("seed", SEEDS)
def test_schnapsen_last_trick_wins(profile: str, seed: int) -> None:
    """'natural end', schnapsen(-jaques): the last-trick winner wins 1 GP (no claim)."""
    g = play_out(Game.deal(profile, seed=seed), end="stop")
    w = _lts(g)
    g.apply("pass")
    r = g.result
    assert r is not None and r.reason == "last_trick"
    assert r.points[w] == 1 and r.points[1 - w] == 0


@pytest.mark.parametrize("profile", ["mariage", "mariage-piquet"])
@pytest.mark.parametrize("seed", SEEDS + [16, 98])
def test_mariage_higher_total(profile: str, seed: int) -> None:
    """'natural end', mariage(-piquet): higher total wins at the normal rate; a tie scores
    nothing (and carries nothing)."""
    g = play_out(Game.deal(profile, seed=seed), end="stop")
    sc, tr = g.scores(), side_tricks(g)
    g.apply("pass")
    r = g.result
    assert r is not None
    if sc[0] == sc[1]:
        assert r.points == (0, 0) and r.carry_out == 0
    else:
        w = 0 if sc[0] > sc[1] else 1
        assert r.reason == "higher_total"
        assert r.points[w] == normal_rate(sc[1 - w], tr[1 - w])
        assert r.points[1 - w] == 0


@pytest.mark.parametrize("profile,seed", [("mariage", 16), ("mariage-piquet", 98)])
def test_mariage_tie_seed(profile: str, seed: int) -> None:
    """Guard: these seeds are ties (65-65 after the bonus)."""
    g = play_out(Game.deal(profile, seed=seed), end="stop")
    assert g.scores() == [65, 65]
    g.apply("pass")
    assert g.result is not None and g.result.points == (0, 0)


@pytest.mark.parametrize("seed", SEEDS + [22, 202])
def test_four_hand_side_total(seed: int) -> None:
    """'natural end', four-hand: the side with 66-99 scores 1, 100+ 2, every trick 3; 65-65
    is drawn and carries 1."""
    g = play_out(Game.deal("four-hand", seed=seed, carry=1))
    sc, tr = g.scores(), side_tricks(g)
    r = g.result
    assert r is not None
    if sc[0] == sc[1]:
        assert r.reason == "draw" and r.points == (0, 0) and r.carry_out == 2
        return
    w = 0 if sc[0] > sc[1] else 1
    assert sc[w] >= 66
    want = 3 if tr[1 - w] == 0 else (2 if sc[w] >= 100 else 1)
    assert r.reason == "side_total"
    assert r.points[w] == want + 1  # + carry
    assert r.points[1 - w] == 0


def test_four_hand_seeds_cover_cases() -> None:
    """Guard: the seeds include a 65-65 draw, a 66-99 and a 100+ result."""
    kinds = set()
    for seed in SEEDS + [22, 202]:
        sc = play_out(Game.deal("four-hand", seed=seed)).scores()
        kinds.add("tie" if sc[0] == sc[1] else ("100" if max(sc) >= 100 else "66"))
    assert kinds == {"tie", "100", "66"}


def test_four_hand_all_tricks() -> None:
    """'natural end', four-hand: a side that takes every trick scores 3."""
    # side 0 holds all hearts and spades (spades trumps), side 1 clubs and diamonds
    hands = ["7S 8S 9S JS QS KS TS AS", "7C 8C 9C JC QC KC TC AC",
             "7H 8H 9H JH QH KH TH AH", "7D 8D 9D JD QD KD TD AD"]
    g = make("four-hand", [h.split() for h in hands], trump="7S")
    play_out(g)
    r = g.result
    assert r is not None
    assert g.tricks_won()[1] == 0 and g.tricks_won()[3] == 0
    assert g.scores() == [130, 0]
    assert r.reason == "side_total" and r.points == (3, 0)


def _dead_hand_expected(g: Game) -> tuple[int, ...]:
    tricks = g.tricks_won()
    best = max(tricks)
    tied = [p for p in range(3) if tricks[p] == best]
    if len(tied) == 1:
        owner = tied[0]
    else:  # the one of them who won a trick last
        owner = max(tied, key=lambda p: g.fields()["last_win"][p])
    aside = sum(POINTS[RANKS[c % 8]] for c in g.fields()["aside"])
    sc = list(g.scores())
    sc[owner] += aside
    top = max(sc)
    if top >= 66 and sc.count(top) == 1:
        w = sc.index(top)
        return tuple(2 if p == w else -1 for p in range(3))
    return (0, 0, 0)


@pytest.mark.parametrize("seed", SEEDS + [2, 5, 10, 22, 0])
def test_three_hand_dead_hand(seed: int) -> None:
    """'natural end', three-hand: the dead hand goes to most tricks (tie: the last-trick
    winner among them, assumed); 66+ wins 1 from each other player, else nobody."""
    g = play_out(Game.deal("three-hand", seed=seed), end="stop")
    want = _dead_hand_expected(g)
    g.apply("pass")
    r = g.result
    assert r is not None
    assert r.reason == "dead_hand"
    assert r.returns == want
    assert r.carry_out == 0
