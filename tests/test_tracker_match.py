"""The tracker's exact re-deal (``knowledge.matching``): every deal it finds replays the history,
and it refuses exactly the events that no deal allows."""

from __future__ import annotations

import random

import pytest
from test_tracker import TWO, _feed, _follow, _long_action, _tracker_for

from sixtysix_solver import Game, View
from sixtysix_solver.rules.actions import Action, Kind
from sixtysix_solver.rules.random_play import random_action
from sixtysix_solver.rules.cards import Card
from sixtysix_solver.errors import IllegalActionError
from sixtysix_solver.knowledge.facts import revealed_by_play
from sixtysix_solver.rules.profiles import Profile, get_profile
from sixtysix_solver.knowledge.tracker import ContradictionError, HandTracker
from sixtysix_solver.knowledge.matching import Infeasible, exact_deal

# Legal games that the sampled repairs alone could not follow (a fuzz run of about 40,000
# games found them): a void revealed early, then a card of that suit drawn or played later.
# The consistent deal needed other cards many actions back.
SAMPLED_REPAIR_FAILED = [
    ("mariage-piquet", 1544358154, 1, "random"),
    ("mariage-piquet", 4035778212, 1, "long"),
    ("mariage-piquet", 1102278800, 0, "random"),
    ("mariage-piquet", 2565928573, 1, "long"),
    ("schnapsen-jaques", 2341929529, 0, "long"),
    ("schnapsen-jaques", 1723463886, 1, "long"),
    ("schnapsen-jaques", 65662901, 0, "random"),
    ("schnapsen-jaques", 2748508065, 0, "long"),
]


@pytest.mark.parametrize(("profile", "seed", "seat", "policy"), SAMPLED_REPAIR_FAILED)
def test_games_the_sampled_repairs_lost(profile: str, seed: int, seat: int, policy: str) -> None:
    assert _follow(profile, seed, seat, policy) > 0


def _walk(profile: str, seed: int, seat: int) -> tuple[Game, HandTracker]:
    """A real game and its tracker, fed until a random point of the hand."""
    real = Game.deal(profile, seed=seed, dealer=seed % 2)
    t = _tracker_for(real, seat, seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(4, 24)):
        if real.is_over:
            break
        _feed(t, real, seat, _long_action(real, rng) if seed % 2 else random_action(real, rng))
    return real, t


@pytest.mark.parametrize("profile", TWO)
def test_every_exact_deal_replays_the_history(profile: str) -> None:
    """Asked at any point (with no event), the matching gives a start deal under which every
    action so far is legal and the seat's view is the same; the seat's own cards stay put."""
    checked = 0
    for seed in range(12):
        real, t = _walk(profile, seed, seed % 2)
        if t.pending_draw:
            continue
        codes = exact_deal(t.shadow_deal(), None, None, random.Random(seed))
        assert isinstance(codes, list)
        rep = t._attempt(codes, lambda r: True)
        assert rep is not None, (profile, seed)
        _, new = rep
        assert t._view_of(new) == t.view
        for i in t._hand_ids[t.seat]:
            assert codes[i] == t._rep.codes[i]
        checked += 1
    assert checked >= 6


def _void_after_closing(seed: int) -> tuple[HandTracker, Action] | None:
    """Sixty-six: the stock is closed, the opponent shows a void in a suit, and later claims
    to play a card of that suit that lies unseen in the (closed) stock. No deal allows it."""
    real = Game.deal("sixty-six", seed=seed)
    seat, opp = 0, 1
    t = _tracker_for(real, seat, seed)
    rng = random.Random(seed)
    void = -1
    while not real.is_over:
        f = real.fields()
        if void >= 0 and real.to_act == opp:
            seen = set(f["taken"][0]) | set(f["taken"][1]) | set(f["trick"])
            seen |= {c.code for c in real.hand(seat)}
            hidden = [c for c in f["stock"] if c >> 3 == void and c not in seen]
            return (t, Action.play(Card.from_code(hidden[0]))) if hidden else None
        acts = real.legal_actions()
        closes = [a for a in acts if a.kind == Kind.CLOSE]
        a = closes[0] if closes else random_action(real, rng)
        if f["closed_by"] >= 0 and real.to_act == opp and f["trick"] and a.kind == Kind.PLAY:
            masks = revealed_by_play(real.profile, f["trump_card"] >> 3,
                                     [(f["leader"], f["trick"][0])], opp, a.arg)
            if masks[f["trick"][0] >> 3] == 0xFF:
                void = f["trick"][0] >> 3
        _feed(t, real, seat, a)
    return None


def test_a_play_from_a_revealed_void_is_proved_impossible() -> None:
    found = 0
    for seed in range(300):
        case = _void_after_closing(seed)
        if case is None:
            continue
        t, play = case
        assert isinstance(exact_deal(t.shadow_deal(), (1, play), None, random.Random(0)), Infeasible)
        before = (t.actions, str(t.view))
        with pytest.raises(ContradictionError, match="contradicts what was seen so far"):
            t.act(1, play)
        assert (t.actions, str(t.view)) == before
        found += 1
        if found == 5:
            break
    assert found == 5


def test_outside_the_model_it_declines() -> None:
    """Three- and four-hand games and starts from a view keep the sampled repairs."""
    for profile in ("three-hand", "four-hand"):
        real = Game.deal(profile, seed=1)
        t = _tracker_for(real, 0, 1)
        assert exact_deal(t.shadow_deal(), None, None, random.Random(0)) is None
    real = Game.deal("sixty-six", seed=2)
    t = HandTracker.from_view(View.from_game(real, 0))
    assert exact_deal(t.shadow_deal(), None, None, random.Random(0)) is None


def _walk_events(profile: str | Profile, seed: int, seat: int, policy: str, events: int
                 ) -> HandTracker:
    """The tracker after ``events`` events of a game played as ``_follow`` plays it."""
    real = Game.deal(profile, seed=seed, dealer=seed % 2)
    t = _tracker_for(real, seat, seed)
    rng = random.Random(seed * 7 + seat)
    for _ in range(events):
        a = (_long_action(real, rng) if policy == "long"
             else random_action(real, rng, uniform=policy == "uniform"))
        _feed(t, real, seat, a)
    return t


def _exact_replays(t: HandTracker, seat: int, play: str, tries: int = 8) -> None:
    """Every exact deal found for the opponent's ``play`` replays the history and takes it."""
    for r in range(tries):
        codes = exact_deal(t.shadow_deal(), (seat, Action.parse(play)), None, random.Random(r))
        assert isinstance(codes, list)
        rep = t._replay(codes, t._actions)  # raises if the history does not replay
        assert rep.game.to_act == seat and rep.game.is_legal(Action.parse(play))


# Found by a review: the face-up card an opponent took (here the trump JS, by an exchange) was
# placed but never checked against what its later plays revealed, so the matching offered a
# deal the engine refused, and the tracker fell back to sampling before refusing.
def test_a_face_up_card_taken_counts_against_revealed_lacks() -> None:
    t = _walk_events("sixty-six-jaques", 2510240337, 0, "uniform", 11)
    assert [str(a) for a in t.actions] == "TH exchange AH JD QS AS TD close QC JC KC".split()
    for play in ("AD", "9H"):
        assert isinstance(exact_deal(t.shadow_deal(), (1, Action.parse(play)), None, random.Random(0)),
                          Infeasible)
        with pytest.raises(ContradictionError):
            t.act(1, play)


# Found by the same review, in profiles with two copies and exchange_lost_if_skipped: holding
# either copy of the low trump at a chance let pass forfeits the exchange, the card played at
# that chance included (the engine forfeits before the play).
DOUBLE_SKIP = get_profile("double-deck", exchange_lost_if_skipped=True, exchange_timing="turn",
                          exchange_needs_trick=False)


def test_either_copy_of_the_low_trump_forfeits_a_later_exchange() -> None:
    _exact_replays(_walk_events(DOUBLE_SKIP, 3112239040, 1, "random", 11), 0, "9S")


def test_a_low_trump_played_at_a_skipped_chance_forfeits_the_exchange() -> None:
    t = _walk_events(DOUBLE_SKIP, 1634128380, 1, "random", 12)
    assert isinstance(exact_deal(t.shadow_deal(), (0, Action.parse("exchange")), None, random.Random(0)),
                      Infeasible)
    with pytest.raises(ContradictionError):
        t.act(0, "exchange")


def test_a_publicly_illegal_event_gets_the_rule_not_a_contradiction() -> None:
    """After ``marry-C`` the leader must play the king or queen: any other card is refused
    by the rule (the engine's reason), whatever the hidden cards are."""
    real = Game.deal("sixty-six", seed=1304)
    t = _tracker_for(real, 0, 1304)
    _feed(t, real, 0, Action.parse("marry-C"))
    with pytest.raises(IllegalActionError, match="whatever the hidden cards are") as info:
        t.act(1, "TC")
    assert not isinstance(info.value, ContradictionError)
    assert "legal:" not in str(info.value)  # (the shadow's stand-in cards stay hidden)
