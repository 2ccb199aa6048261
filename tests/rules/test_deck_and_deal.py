"""RULES.md rows: seed, players / sides, ranks (copies), hand size, trump set by, first lead.

Also the common-ground card ranks and values (A T K Q J 9 8 7; 11 10 4 3 2 0 0 0).
"""

from __future__ import annotations

from collections import Counter

import pytest

from sixtysix_solver.errors import SixtySixError
from sixtysix_solver.rules.game import Game
from sixtysix_solver.rules.profiles import get_profile

from .helpers import ALL_PROFILES, NO_STOCK_PROFILES, STOCK_PROFILES, as_text, make, play

SEEDS = {
    "sixty-six": ["002", "004"],
    "sixty-six-jaques": ["000"],
    "schnapsen": ["004", "000"],
    "schnapsen-jaques": ["000"],
    "mariage": ["003"],
    "mariage-piquet": ["000"],
    "four-hand": ["001"],
    "four-hand-24": ["001"],
    "three-hand": ["000"],
    "double-deck": ["000"],
}

# profile: (players, sides, ranks, copies, hand size, stock size, aside)
SHAPE = {
    "sixty-six": (2, 2, "ATKQJ9", 1, 6, 12, 0),
    "sixty-six-jaques": (2, 2, "ATKQJ9", 1, 6, 12, 0),
    "schnapsen": (2, 2, "ATKQJ", 1, 5, 10, 0),
    "schnapsen-jaques": (2, 2, "ATKQJ", 1, 5, 10, 0),
    "mariage": (2, 2, "ATKQJ987", 1, 6, 20, 0),
    "mariage-piquet": (2, 2, "ATKQJ987", 1, 8, 16, 0),
    "four-hand": (4, 2, "ATKQJ987", 1, 8, 0, 0),
    "four-hand-24": (4, 2, "ATKQJ9", 1, 6, 0, 0),
    "three-hand": (3, 3, "ATKQJ9", 1, 7, 0, 3),
    "double-deck": (2, 2, "ATKQJ9", 2, 6, 36, 0),
}


@pytest.mark.parametrize("profile", ALL_PROFILES)
def test_seed_row(profile: str) -> None:
    """RULES.md row 'seed': every profile names its seed texts."""
    seeds = get_profile(profile).seeds
    for s in SEEDS[profile]:
        assert s in seeds


@pytest.mark.parametrize("profile", ALL_PROFILES)
def test_players_and_sides(profile: str) -> None:
    """RULES.md row 'players / sides'."""
    players, sides = SHAPE[profile][:2]
    g = Game.deal(profile, seed=3)
    assert g.players == players
    assert len(g.hands) == players
    assert len(g.scores()) == sides
    assert len(g.tricks_won()) == players


@pytest.mark.parametrize("profile", ["four-hand", "four-hand-24"])
def test_partners_sit_opposite(profile: str) -> None:
    """RULES.md 'players / sides', four-hand / four-hand-24: partners opposite, side = seat % 2.

    Seat 1 leads; seat 3 (seat 1's partner) takes the trick: side 1 is credited."""
    if profile == "four-hand-24":
        hands = ["JC 9D JD QD KD 9S", "TC KC 9H JH QH JS", "9C QC AD TD AH KS",
                 "AC KH TH AS TS QS"]
        trick, points = "TC 9C AC JC", 10 + 0 + 11 + 2
    else:
        hands = ["7C 8C 9C JC 7D 8D 9D JD", "TC 7H 8H 9H JH 7S 8S 9S",
                 "QC AD TD QD KD AH TH QH", "AC KC KH AS TS QS KS JS"]
        trick, points = "TC QC AC 7C", 10 + 3 + 11 + 0
    g = make(profile, hands)  # trump: the dealer's last card
    assert g.to_act == 1 and g.phase == "lead"
    play(g, trick)
    assert g.tricks_won() == [0, 0, 0, 1]
    assert g.scores() == [0, points]
    assert g.to_act == 3


@pytest.mark.parametrize("profile", ALL_PROFILES)
@pytest.mark.parametrize("seed", [1, 2, 99])
def test_deck_ranks_and_copies(profile: str, seed: int) -> None:
    """RULES.md row 'ranks (copies)': a seeded deal holds exactly the profile's deck."""
    ranks, copies = SHAPE[profile][2], SHAPE[profile][3]
    g = Game.deal(profile, seed=seed)
    f = g.fields()
    got = Counter(c for h in f["hands"] for c in h) + Counter(f["stock"]) + Counter(f["aside"])
    want = Counter()
    for s in range(4):
        for r in ranks:
            want[s * 8 + "ATKQJ987".index(r)] += copies
    assert got == want


@pytest.mark.parametrize("profile,bad", [
    ("sixty-six", "8H"), ("sixty-six-jaques", "7S"), ("schnapsen", "9H"),
    ("schnapsen-jaques", "9C"), ("four-hand-24", "8C"), ("three-hand", "7D"),
    ("double-deck", "8S"),
])
def test_card_outside_deck_rejected(profile: str, bad: str) -> None:
    """RULES.md row 'ranks': a card below the profile's lowest rank cannot be dealt."""
    hands, stock, aside = as_text(Game.deal(profile, seed=5))
    Game.from_deal(profile, dealer=0, hands=hands, stock=stock, aside=aside)  # fine as dealt
    hands[1][0] = bad
    with pytest.raises(SixtySixError):
        Game.from_deal(profile, dealer=0, hands=hands, stock=stock, aside=aside)


def test_double_deck_third_copy_rejected() -> None:
    """RULES.md 'ranks (copies)', double-deck: two copies of each card, not three."""
    g = Game.deal("double-deck", seed=5)
    hands = [list(map(str, h)) for h in g.hands]
    stock = [str(c) for c in g.stock]
    card = hands[1][0]
    hands[0][0] = card
    hands[0][1] = card  # now three copies in play (hands[1] still has one)
    with pytest.raises(SixtySixError):
        Game.from_deal("double-deck", dealer=0, hands=hands, stock=stock)


@pytest.mark.parametrize("profile", ALL_PROFILES)
def test_hand_size_stock_and_aside(profile: str) -> None:
    """RULES.md row 'hand size': cards per hand, stock size, dead hand."""
    players, _, _, _, hand, stock, aside = SHAPE[profile]
    for dealer in range(players):
        g = Game.deal(profile, seed=11 + dealer, dealer=dealer)
        assert [len(h) for h in g.hands] == [hand] * players
        assert len(g.stock) == stock
        assert len(g.fields()["aside"]) == aside
        assert get_profile(profile).stock_size == stock


@pytest.mark.parametrize("profile", STOCK_PROFILES)
@pytest.mark.parametrize("seed", [4, 8])
def test_trump_is_card_under_stock(profile: str, seed: int) -> None:
    """RULES.md row 'trump set by' (stock games): the face-up card is the last stock card."""
    g = Game.deal(profile, seed=seed)
    assert g.trump_card == g.stock[-1]
    assert g.trump_suit == g.stock[-1].code >> 3


@pytest.mark.parametrize("profile", NO_STOCK_PROFILES)
@pytest.mark.parametrize("seed", [4, 8])
def test_trump_is_dealers_card_kept(profile: str, seed: int) -> None:
    """RULES.md row 'trump set by', four-hand / four-hand-24 / three-hand: the dealer's last
    card, shown (known to all) and kept in the dealer's hand."""
    players = get_profile(profile).players
    for dealer in range(players):
        g = Game.deal(profile, seed=seed, dealer=dealer)
        tc = g.fields()["trump_card"]
        assert tc in g.fields()["hands"][dealer]
        assert tc in g.fields()["known"][dealer]
        assert g.stock == []


@pytest.mark.parametrize("profile", NO_STOCK_PROFILES)
def test_explicit_trump_must_be_in_dealers_hand(profile: str) -> None:
    """RULES.md row 'trump set by' (no stock): the shown trump card is the dealer's."""
    hands, _, aside = as_text(Game.deal(profile, seed=2))
    with pytest.raises(SixtySixError):
        Game.from_deal(profile, dealer=0, hands=hands, aside=aside, trump_card=hands[1][0])
    ok = Game.from_deal(profile, dealer=0, hands=hands, aside=aside, trump_card=hands[0][2])
    assert str(ok.trump_card) == hands[0][2]


@pytest.mark.parametrize("profile", ALL_PROFILES)
def test_first_lead(profile: str) -> None:
    """RULES.md row 'first lead': non-dealer (two players) / dealer's left = (dealer+1) % n."""
    players = get_profile(profile).players
    for dealer in range(players):
        g = Game.deal(profile, seed=21, dealer=dealer)
        assert g.to_act == (dealer + 1) % players
        assert g.phase in ("lead", "show")


def test_card_values_sum_to_120() -> None:
    """Common ground: values 11, 10, 4, 3, 2, 0: a played-out hand's card points total 120."""
    from .helpers import play_out, taken_points
    g = play_out(Game.deal("four-hand", seed=1))
    assert sum(taken_points(g)) == 120
