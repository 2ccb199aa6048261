"""Score dominance in the strict-phase table (cpp/strict_search.cpp, ``_core.set_dominance``).

The table lets an entry made at one pair of scores bound a position with the same cards and
other scores, on the claim that a value never falls when the side's own score grows or the
other's shrinks, for every two-player profile; where a false claim pays the receiver by its
own score (``false_claim: mirror``) only for scores at or above the schneider line. These
tests check the claim on the rules (with the table off), that below the line MIRROR truly
breaks it, and that values and action values do not depend on the table.

Scores follow from the taken cards, so a position's scores are moved by swapping a taken card
with a card of the closed stock (out of play for good): one score moves, nothing else does.
With the stock open, by swapping a card of one player's pile with a card worth more from the
other's: both scores move, the same way for the first player.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from sixtysix_solver import PROFILES, Game, Kind, _core
from test_strict_path import core_solve, position

TWO_PLAYER = [n for n, p in PROFILES.items() if p.players == 2]
MONOTONE = [n for n in TWO_PLAYER if PROFILES[n].false_claim != "mirror"]  # (at any score)
MIRROR = [n for n in TWO_PLAYER if PROFILES[n].false_claim == "mirror"]


def value(game: Game, dominance: bool, objective: str = "game_points") -> tuple[int, dict[int, int]]:
    _core.set_dominance(dominance)
    try:
        return core_solve(game, objective)
    finally:
        _core.set_dominance(True)


def card_points(code: int) -> int:
    return (11, 10, 4, 3, 2, 0, 0, 0)[code & 7]


def raised(game: Game, player: int, rng: random.Random) -> Game | None:
    """The position with ``player``'s score raised: a card of their taken pile swapped for a
    card of the closed stock worth more (the stock stays out of play). None if there is none."""
    f = game.fields()
    taken, stock = list(f["taken"][player]), list(f["stock"])
    if f["closed_by"] < 0 or len(stock) < 2:
        return None
    pairs = [
        (i, j)
        for i, t in enumerate(taken)
        for j, c in enumerate(stock[:-1])  # (the face-up card stays at the bottom)
        if card_points(c) > card_points(t)
    ]
    if not pairs:
        return None
    i, j = rng.choice(pairs)
    taken[i], stock[j] = stock[j], taken[i]
    f["taken"] = [taken if p == player else list(f["taken"][p]) for p in range(2)]
    f["stock"] = stock
    try:
        return Game.from_fields(game.profile, f)
    except ValueError:  # (e.g. a shown or exchanged card: not this test's business)
        return None


def pairs(name: str, count: int):  # type: ignore[no-untyped-def]
    """Closed-stock strict positions and a copy with one player's score raised."""
    rng = random.Random(f"dominance|{name}")
    k = 0
    found = 0
    while found < count and k < 40 * count:
        game = position(name, 10_000 + k)
        k += 1
        if game.is_over or game.fields()["closed_by"] < 0:
            continue
        who = rng.randrange(2)
        up = raised(game, who, rng)
        if up is None:
            continue
        found += 1
        yield game, up, who


def check_monotone(game: Game, up: Game, who: int, objective: str = "game_points") -> None:
    """``up``: ``game`` with ``who``'s score raised (or also the other's lowered). The value,
    for the side to act, must move the same way for ``who`` (with the table off)."""
    before, _ = value(game, False, objective)
    after, _ = value(up, False, objective)
    if who == game.to_act:
        assert after >= before, (objective, game.fields(), up.fields())
    else:
        assert after <= before, (objective, game.fields(), up.fields())


@pytest.mark.parametrize("name", MONOTONE)
def test_values_are_monotone_in_the_scores(name: str) -> None:
    checked = 0
    for game, up, who in pairs(name, 60):
        for objective in ("game_points", "win"):
            check_monotone(game, up, who, objective)
        checked += 1
    assert checked >= 30


def open_position(name: str, rng: random.Random) -> Game | None:
    """A random position with 2-6 cards in the open stock (nobody closed or claimed on the
    way), or None if the hand ended first."""
    game = Game.deal(name, seed=rng.getrandbits(32))
    stock = rng.choice((2, 4, 6))
    while not game.is_over:
        if len(game.fields()["stock"]) <= stock:
            return game
        legal = game.legal_actions()
        calm = [a for a in legal if a.kind not in (Kind.CLOSE, Kind.CLAIM)]
        game.apply(rng.choice(calm or legal))
    return None


def shifted(game: Game, player: int, rng: random.Random) -> Game | None:
    """``player``'s score up and the other's down: a card of each pile swapped, the richer one
    to ``player``. None if there is no such pair."""
    f = game.fields()
    mine, theirs = list(f["taken"][player]), list(f["taken"][1 - player])
    pairs = [(i, j) for i, a in enumerate(mine) for j, b in enumerate(theirs)
             if card_points(b) > card_points(a)]
    if not pairs:
        return None
    i, j = rng.choice(pairs)
    mine[i], theirs[j] = theirs[j], mine[i]
    taken = [[], []]
    taken[player], taken[1 - player] = mine, theirs
    f["taken"] = taken
    try:
        return Game.from_fields(game.profile, f)
    except ValueError:
        return None


def open_positions(name: str, rng: random.Random, tries: int) -> Iterator[Game]:
    """The positions of ``tries`` draws of open_position() that did not end first."""
    for _ in range(tries):
        game = open_position(name, rng)
        if game is not None and game.to_act is not None:
            yield game


@pytest.mark.parametrize("name", MONOTONE)
def test_open_values_are_monotone_in_the_scores(name: str) -> None:
    rng = random.Random(f"dominance-open-monotone|{name}")
    checked = 0
    for game in open_positions(name, rng, 200):
        if checked == 12:
            break
        who = rng.randrange(2)
        up = shifted(game, who, rng)
        if up is None:
            continue
        check_monotone(game, up, who)
        checked += 1
    assert checked == 12


def score(game: Game, player: int) -> int:
    f = game.fields()
    return sum(map(card_points, f["taken"][player])) + f["marriage_points"][player] + f["bonus"][player]


@pytest.mark.parametrize("name", MIRROR)
def test_mirror_values_are_monotone_above_the_line(name: str) -> None:
    # With mirror false claims the table compares a score only with itself or, both at or
    # above the schneider line, with another there: monotone there.
    line = PROFILES[name].schneider
    checked = 0
    for game, up, who in pairs(name, 400):
        if score(game, who) < line:
            continue
        check_monotone(game, up, who)
        checked += 1
    assert checked >= 30


@pytest.mark.parametrize("name", MIRROR)
def test_mirror_false_claims_break_monotonicity(name: str) -> None:
    # A false claim is paid by the receiver's own score (3/2/1 as if the receiver had lost):
    # the claimant's result rises with the receiver's points. Where it is the best action (a
    # player facing a heavy loss), the position's value does too, so no dominance there.
    claim = 5 * 64  # (the core's action code of a claim)
    rose = 0
    for game, up, who in pairs(name, 300):
        if who == game.to_act:
            continue
        _, before = value(game, False)
        _, after = value(up, False)
        if claim in before and claim in after:
            assert after[claim] >= before[claim]
            rose += after[claim] > before[claim]
    assert rose > 0, "no false claim found that pays less as the receiver's score grows"


@pytest.mark.parametrize("name", TWO_PLAYER)
@pytest.mark.parametrize("objective", ("game_points", "win"))
def test_dominance_never_changes_values(name: str, objective: str) -> None:
    # Positions with a few cards left in the stock reach many endgames with the same cards
    # and other scores: where the dominance entries answer.
    checked = 0
    for k, game in enumerate(open_positions(name, random.Random(f"dominance-open|{name}"), 40)):
        if checked == 6:
            break
        assert value(game, True, objective) == value(game, False, objective), (name, k)
        checked += 1
    assert checked == 6
