"""Tests of the pure-Python reference rules model against hand-worked positions from docs/rules-model.md.

Positions are built by explicit deals (full or, for end-game situations, partial: the
reference accepts fewer cards than the deck) and by applying actions.
"""

from __future__ import annotations

import os
import random
import sys
from collections import Counter

import pytest

_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(_HERE, "..", "..", "python"))
sys.path.insert(0, os.path.join(_HERE, ".."))

from sixtysix_solver.rules.profiles import PROFILES, get_profile  # noqa: E402

from reference.rules_model import (  # noqa: E402
    A_CLAIM, A_CLOSE, A_DRAW, A_EXCHANGE, A_PASS, RefState, SplitMix64, a_marry, a_play,
    a_show, card_points, deck_codes, perft, seeded_deal,
)

# --- notation helpers (tests only) ---------------------------------------------------------

SUITS, RANKS = "CDHS", "ATKQJ987"


def c(text: str) -> int:
    """'KH' -> code."""
    return SUITS.index(text[1]) * 8 + RANKS.index(text[0])


def cs(text: str) -> list[int]:
    return [c(t) for t in text.split()]


def act(text: str) -> int:
    if text in ("exchange", "close", "claim", "pass", "draw"):
        return {"exchange": A_EXCHANGE, "close": A_CLOSE, "claim": A_CLAIM,
                "pass": A_PASS, "draw": A_DRAW}[text]
    if text.startswith("marry-"):
        return a_marry(SUITS.index(text[-1]))
    if text.startswith("show-"):
        return a_show(SUITS.index(text[-1]))
    return a_play(c(text))


def run(state: RefState, actions: str) -> RefState:
    for a in actions.split():
        state = state.apply(act(a))
    return state


def legal(state: RefState) -> set[int]:
    return set(state.legal_actions())


def acts(text: str) -> set[int]:
    return {act(a) for a in text.split()}


def full_deal(profile, hands: list[str], face_up: str, dealer: int = 1, top: str = "",
              carry: int = 0) -> RefState:
    """Two-hand deal: the given hands, `top` as the first stock cards, the rest of the deck
    ascending, and `face_up` last."""
    hs = [cs(h) for h in hands]
    rest = Counter(deck_codes(profile))
    for card in sum(hs, []) + cs(top) + [c(face_up)]:
        rest[card] -= 1
        assert rest[card] >= 0, card
    stock = cs(top) + sorted(rest.elements()) + [c(face_up)]
    return RefState.from_deal(profile, dealer, hs, stock, [], carry=carry)


def small_deal(profile, hands: list[str], trump: str, dealer: int = None, aside: str = "",
               carry: int = 0) -> RefState:
    """Partial deal without stock (end-game positions)."""
    n = profile.players
    if dealer is None:
        dealer = n - 1  # seat 0 leads
    return RefState.from_deal(profile, dealer, [cs(h) for h in hands], [], cs(aside), c(trump),
                              carry=carry)


SIXTY_SIX = get_profile("sixty-six")
# A standard two-hand deal: trumps are clubs (9C face up is not possible: P0 holds it).
P0_HAND = "KH QH 9C AS 9D JD"
P1_HAND = "AH TH 9H TS QD KD"


def base(profile=SIXTY_SIX, face_up="JC", **kw) -> RefState:
    return full_deal(profile, [P0_HAND, P1_HAND], face_up, **kw)


# --- deal --------------------------------------------------------------------------------


def test_splitmix64_reference_vector():
    rng = SplitMix64(1234567)
    assert [rng.next() for _ in range(3)] == [
        6457827717110365317, 3203168211198807973, 9817491932198370423]


def test_bounded_is_in_range():
    rng = SplitMix64(7)
    assert all(0 <= rng.bounded(n) < n for n in range(1, 50) for _ in range(5))


@pytest.mark.parametrize("name", list(PROFILES))
def test_seeded_deal_shapes(name):
    p = PROFILES[name]
    for dealer in range(p.players):
        d = seeded_deal(p, dealer, 12345)
        assert d == seeded_deal(p, dealer, 12345)
        assert [len(h) for h in d["hands"]] == [p.hand_size] * p.players
        assert all(h == sorted(h) for h in d["hands"])
        assert len(d["aside"]) == p.aside and len(d["stock"]) == p.stock_size
        everything = sum(d["hands"], []) + d["aside"] + d["stock"]
        assert Counter(everything) == Counter(deck_codes(p))
        if d["stock"]:
            assert d["trump_card"] == d["stock"][-1]
        else:
            assert d["trump_card"] in d["hands"][dealer]
    assert seeded_deal(p, 0, 1) != seeded_deal(p, 0, 2)


def test_seeded_deal_rotates_with_the_dealer():
    # The same shuffle: seats get the same slices, counted from the first leader.
    for p in (get_profile("sixty-six"), get_profile("four-hand"), get_profile("three-hand")):
        n = p.players
        d0, d1 = seeded_deal(p, 0, 99), seeded_deal(p, 1, 99)
        for k in range(n):
            assert d0["hands"][(1 + k) % n] == d1["hands"][(2 + k) % n]
        assert d0["stock"] == d1["stock"] and d0["aside"] == d1["aside"]


def test_seeded_deal_by_hand():
    # Reproduce the shuffle step by step for seed 5 and the 24-card deck.
    p = SIXTY_SIX
    deck = deck_codes(p)
    assert deck[:7] == [0, 1, 2, 3, 4, 5, 8] and len(deck) == 24
    rng = SplitMix64(5)
    for i in range(23, 0, -1):
        j = rng.next() % (i + 1)  # 2^64 % n rejection practically never triggers
        deck[i], deck[j] = deck[j], deck[i]
    d = seeded_deal(p, 0, 5)
    assert d["hands"][1] == sorted(deck[0:6]) and d["hands"][0] == sorted(deck[6:12])
    assert d["stock"] == deck[12:]


def test_double_deck_has_every_code_twice():
    p = get_profile("double-deck")
    assert Counter(deck_codes(p)) == Counter({k: 2 for k in range(32) if k % 8 <= 5})


# --- basics ----------------------------------------------------------------------------------


def test_start_of_hand():
    s = base()
    assert s.to_act() == 0 and s.phase() == "lead"
    assert s.hands() == [sorted(cs(P0_HAND)), sorted(cs(P1_HAND))]
    # Marriage in hearts; no exchange (no trick yet); close allowed; no claim (no trick).
    assert legal(s) == acts(P0_HAND) | acts("close marry-H")
    with pytest.raises(ValueError):
        s.apply(act("exchange"))
    with pytest.raises(ValueError):
        s.apply(act("AH"))  # not in hand


def test_apply_returns_new_state():
    s = base()
    t = s.apply(act("AS"))
    assert s.phase() == "lead" and t.phase() == "follow" and t.to_act() == 1
    assert len(s.hands()[0]) == 6 and len(t.hands()[0]) == 5


def test_open_phase_free_play_then_draw_phase():
    s = run(base(), "AS")
    assert legal(s) == acts(P1_HAND)  # open phase: anything
    s = run(s, "TS")
    assert s.scores() == [21, 0]
    assert s.phase() == "draw" and s.to_act() == 0 and s.legal_actions() == [A_CLOSE, A_DRAW]
    s = run(s, "draw")
    # Stock was the rest of the deck ascending: winner draws the top, loser the next.
    assert c("AC") in s.hands()[0] and c("TC") in s.hands()[1]
    assert s.phase() == "lead" and s.to_act() == 0


def test_close_lead_profile_has_no_draw_phase():
    p = get_profile("schnapsen")
    s = full_deal(p, ["KH QH JC AS JD", "AH TH KS TS QD"], "AC")
    s = run(s, "AS TS")
    assert s.phase() == "lead" and len(s.hands()[0]) == 5


# --- strict play -------------------------------------------------------------------------------


def test_strict_phase_follower_must_head():
    s = run(base(), "close KH")
    assert legal(s) == acts("AH TH")
    # without heading (Jaques): any heart
    s = run(base(get_profile("sixty-six-jaques")), "close KH")
    assert legal(s) == acts("AH TH 9H")
    # open phase: any card
    s = run(base(), "KH")
    assert legal(s) == acts(P1_HAND)


def test_strict_phase_void_must_trump():
    p = SIXTY_SIX
    s = full_deal(p, ["KH QH 9C AS 9D JD", "AH TH 9H TC QD KD"], "JC")
    s = run(s, "close AS")
    assert legal(s) == acts("TC")  # void in spades, one trump
    s = run(s, "TC")
    assert s.scores() == [0, 21] and s.to_act() == 1


def test_open_strict_profile_is_strict_with_open_stock():
    p = get_profile("schnapsen-jaques")
    s = full_deal(p, ["KH QH JC AS JD", "AH TH KS TS QD"], "AC")
    s = run(s, "KH")
    assert legal(s) == acts("AH TH") | {A_CLAIM}


def test_head_not_required_when_trick_trumped():
    # Four players: led spade trumped; a later spade follower need not beat the led spade.
    p = get_profile("four-hand")
    hands = ["AC TC KC QC JC 9C 8C 7C",
             "9H AD TD KD QD JD 9D 8D",
             "AH 8H 7D AS TS KS QS JS",
             "7H QH TH KH JH 9S 8S 7S"]
    s = small_deal(p, hands, "7H", dealer=3)
    s = run(s, "AC 9H")
    assert legal(s) == acts("AH")  # must overtrump the 9H
    s = run(s, "AH")
    assert legal(s) == acts("7H QH TH KH JH")  # cannot overtrump: any trump
    s = run(s, "7H")
    assert s.to_act() == 2 and s.scores() == [11 + 11, 0]
    # P2 leads KS; P3 must head; P0 void in spades, no trumps: any card
    s = run(s, "KS")
    assert legal(s) == acts("9S 8S 7S")  # cannot beat the king: any spade
    s = run(s, "9S")
    assert legal(s) == acts("TC KC QC JC 9C 8C 7C")


def test_vs_opponent_relaxes_heading_and_overtrump_for_partner():
    # P0 leads TD, P1 9D; P2 (partner of the winning P0) holds AD JD.
    hands = ["TD 7C", "9D 8C", "AD JD", "8D 9C"]  # trumps clubs (9C with the dealer P3)
    s = run(small_deal(get_profile("four-hand", must_head="vs_opponent"), hands, "9C", 3),
            "TD 9D")
    assert legal(s) == acts("AD JD")
    s = run(small_deal(get_profile("four-hand"), hands, "9C", 3), "TD 9D")
    assert legal(s) == acts("AD")
    # P0 leads 7H, P1 trumps 9C, P2 cannot overtrump (8C); P3, partner of the winning P1,
    # holds TC 7C: relaxed with vs_opponent, must overtrump otherwise.
    hands = ["7H AD", "9C AS", "8C 7S", "TC 7C"]
    s = run(small_deal(get_profile("four-hand", must_head="vs_opponent"), hands, "TC", 3),
            "7H 9C")
    assert legal(s) == acts("8C")
    s = run(s, "8C")
    assert legal(s) == acts("TC 7C")
    s = run(small_deal(get_profile("four-hand"), hands, "TC", 3), "7H 9C 8C")
    assert legal(s) == acts("TC")


def test_lead_is_free_in_strict_phase():
    s = run(base(), "close")
    assert legal(s) == acts(P0_HAND)  # no trick, no declaration: no claim


# --- exchange ------------------------------------------------------------------------------


def test_exchange_needs_a_trick_then_swaps():
    s = base()
    assert A_EXCHANGE not in legal(s)
    s = run(s, "AS TS draw")  # P0 wins, draws AC, P1 draws TC
    assert A_EXCHANGE in legal(s)
    t = run(s, "exchange")
    assert c("JC") in t.hands()[0] and c("9C") not in t.hands()[0]
    assert t.stock[-1] == c("9C")
    assert A_EXCHANGE not in legal(t)  # once per turn; the face-up card is now the 9
    assert A_CLOSE in legal(t)


def test_exchange_before_first_trick_in_schnapsen():
    p = get_profile("schnapsen")
    s = full_deal(p, ["KH QH JC AS JD", "AH TH KS TS QD"], "AC")
    assert A_EXCHANGE in legal(s)
    s = run(s, "exchange")
    assert c("AC") in s.hands()[0] and s.stock[-1] == c("JC")


def test_exchange_not_for_the_follower_with_lead_timing():
    p = get_profile("schnapsen")
    s = full_deal(p, ["AH TH KS TS QD", "KH QH JC AS JD"], "AC")
    s = run(s, "AH")
    assert A_EXCHANGE not in legal(s)


def test_exchange_turn_timing_and_right_lost_if_skipped():
    p = get_profile("sixty-six-jaques")
    s = full_deal(p, ["AH TH 9H TS QD KD", P0_HAND], "JC")
    s = run(s, "AH")  # P1 (holding 9C) follows: may exchange first
    assert A_EXCHANGE in legal(s)
    t = run(s, "exchange")
    assert c("JC") in t.hands()[1] and A_EXCHANGE not in legal(t)
    # Playing instead loses the right for the rest of the hand.
    u = run(s, "9D")
    assert u.exchange_lost == [False, True]
    u = run(u, "TH")  # P0 won and drew; leads again; P1 follows
    assert c("9C") in u.hands()[1] and A_EXCHANGE not in legal(u)
    # Without the knob, the right stays.
    q = get_profile("sixty-six-jaques", exchange_lost_if_skipped=False)
    u = run(full_deal(q, ["AH TH 9H TS QD KD", P0_HAND], "JC"), "AH 9D TH")
    assert A_EXCHANGE in legal(u)


def test_exchange_min_stock():
    p = get_profile("schnapsen", exchange_min_stock=12)
    s = full_deal(p, ["KH QH JC AS JD", "AH TH KS TS QD"], "AC")
    assert A_EXCHANGE not in legal(s)  # stock of 10


# --- closing -------------------------------------------------------------------------------


def test_close_before_drawing():
    s = run(base(), "AS TS")
    s = run(s, "close")
    assert s.phase() == "lead" and s.to_act() == 0
    assert [len(h) for h in s.hands()] == [5, 5] and len(s.stock) == 12
    assert s.closed and s.closer == 0 and s.close_opp_score == 0 and not s.close_opp_had_trick
    # turn_step 2: no exchange, no second close; stock closed: no marriage ('open')
    assert legal(s) == acts("KH QH 9C 9D JD") | {A_CLAIM}
    s = run(s, "KH")
    assert legal(s) == acts("AH TH")  # strict now


def test_close_at_lead_records_opponent_state():
    p = get_profile("sixty-six", target=40)
    s = run(base(p), "AS TS draw 9D KD draw")  # P0 21, then P1 wins 4 and leads
    s = run(s, "close")
    assert s.closer == 1 and s.close_opp_score == 21 and s.close_opp_had_trick
    s = run(s, "claim")  # P1 has 4: false; P0 had a trick at closing: 2
    assert s.result()["points"] == [2, 0]


def test_close_needs_min_stock():
    p = get_profile("mariage", close_min_stock=22)
    s = full_deal(p, ["KH QH 7C AS 9D JD", "AH TH 9H TS QD KD"], "JC")
    assert A_CLOSE not in legal(s)


# --- marriages -------------------------------------------------------------------------------


def test_marriage_pending_then_credited():
    s = run(base(), "marry-H")
    assert legal(s) == acts("KH QH") | {A_CLAIM}  # declared: claim allowed, lead K or Q
    assert s.scores() == [0, 0] and s.pending == [20, 0]
    s = run(s, "KH AH")  # P1 takes it: still pending
    assert s.scores() == [0, 15] and s.pending == [20, 0]
    s = run(s, "draw")  # P1 draws AC, P0 TC
    s = run(s, "9H QH")  # P1 leads 9H, P0 wins with QH: credited
    assert s.scores() == [20 + 3, 15] and s.pending == [0, 0]


def test_royal_marriage_credited_at_once_after_a_trick():
    p = SIXTY_SIX
    s = full_deal(p, ["KC QC 9C AS 9D JD", P1_HAND], "JH")  # trumps hearts
    s = run(s, "AS TS draw marry-C")
    assert s.scores() == [21 + 20, 0]  # clubs are not trumps
    s = full_deal(p, ["KC QC 9H AS 9D JD", "AH TH 9C TS QD KD"], "JC")
    s = run(s, "AS TS draw marry-C")
    assert s.scores() == [21 + 40, 0]


def test_marriage_zero_and_forbidden():
    s = run(base(get_profile("sixty-six-jaques")), "marry-H KH AH")
    s = run(s, "draw") if s.phase() == "draw" else s
    assert s.pending == [0, 0]
    p = get_profile("mariage")
    s = full_deal(p, ["KH QH 7C AS 9D JD", "AH TH 9H TS QD KD"], "JC")
    assert a_marry(2) not in legal(s)  # forbidden before a trick
    s = run(s, "AS TS")
    assert a_marry(2) in legal(s)


def test_marriage_open_only_in_open_phase_and_any():
    s = run(base(), "close")
    assert a_marry(2) not in legal(s)
    p = get_profile("schnapsen")
    s = full_deal(p, ["KH QH JC AS JD", "AH TH KS TS QD"], "AC")
    s = run(s, "close")
    assert a_marry(2) in legal(s)


def test_marriage_cards_used_once():
    s = run(base(), "marry-H QH 9H")  # P0 wins (QH beats 9H)
    s = run(s, "draw")
    assert a_marry(2) not in legal(s)  # the KH was used


# --- partner shows (four-hand-24) ------------------------------------------------------------


def test_partner_show_then_leader_may_not_declare():
    p = get_profile("four-hand-24")
    hands = ["KS QS AC", "TC JD AD", "KH QH 9C", "JC 9H TD"]
    s = small_deal(p, hands, "9H", dealer=3)  # trumps hearts
    assert s.phase() == "show" and s.to_act() == 2
    assert s.legal_actions() == [a_show(2), A_PASS]
    t = run(s, "show-H")
    assert t.phase() == "lead" and t.to_act() == 0
    assert a_marry(3) not in legal(t)  # one declaration per lead
    assert t.pending == [40, 0] and t.scores() == [0, 0]
    t = run(t, "AC TC 9C JC")  # side 0 wins: credited
    assert t.scores() == [11 + 10 + 2 + 40, 0]
    u = run(s, "pass")
    assert u.phase() == "lead" and a_marry(3) in legal(u)


# --- claims --------------------------------------------------------------------------------


def test_claim_legality_by_kind():
    s = base()  # lead_after_trick_or_marriage
    assert A_CLAIM not in legal(s)
    assert A_CLAIM in legal(run(s, "marry-H"))
    t = run(s, "AS")
    assert A_CLAIM not in legal(t)
    t = run(s, "AS TS")
    assert A_CLAIM not in legal(t)  # draw phase
    assert A_CLAIM in legal(run(t, "draw"))
    assert A_CLAIM in legal(run(t, "close"))
    p = get_profile("sixty-six", claim="lead")
    assert A_CLAIM in legal(base(p)) and A_CLAIM not in legal(run(base(p), "AS"))
    p = get_profile("sixty-six", claim="turn")
    assert A_CLAIM in legal(base(p)) and A_CLAIM in legal(run(base(p), "AS"))


@pytest.mark.parametrize("schneider,tricks_for_p1,gp", [(33, 0, 3), (33, 1, 2), (0, 1, 1)])
def test_claim_pricing(schneider, tricks_for_p1, gp):
    p = get_profile("sixty-six", target=20, schneider=schneider)
    s = base(p)
    if tricks_for_p1:
        s = run(s, "9D KD draw")  # P1 wins 4, draws AC; P0 draws TC
        s = run(s, "QD JD draw")  # P1 leads QD and wins again: 9 in all
        s = run(s, "TS AS draw")  # P1 leads TS, P0 takes it with AS: 21
    else:
        s = run(s, "AS TS draw")
    assert s.to_act() == 0 and s.scores()[0] >= 20
    s = run(s, "claim")
    assert s.is_over()
    assert s.result() == dict(points=[gp, 0], returns=[gp, -gp], carry_out=0)


def test_claim_adds_carry():
    p = get_profile("sixty-six", target=20)
    s = run(base(p, carry=2), "AS TS draw claim")
    assert s.result() == dict(points=[5, 0], returns=[5, -5], carry_out=0)


@pytest.mark.parametrize("kind,p1_trick,gp", [
    ("opp2or3", False, 3), ("opp2or3", True, 2), ("opp2", False, 2), ("mirror", False, 3),
    ("mirror", True, 2),
])
def test_false_claims(kind, p1_trick, gp):
    p = get_profile("sixty-six", claim="turn", false_claim=kind)
    s = base(p)
    if p1_trick:
        s = run(s, "9D KD draw")  # P1 wins, 4 points (< 33)
        s = run(s, "QD")  # P1 leads, P0 to act
    s = run(s, "claim")
    assert s.result()["points"] == [0, gp]


def test_mirror_false_claim_rate_one():
    p = get_profile("sixty-six", claim="turn", false_claim="mirror", schneider=0)
    s = run(base(p), "9D KD draw QD claim")
    assert s.result()["points"] == [0, 1]


def test_three_hand_claims():
    p = get_profile("three-hand")
    s = small_deal(p, ["AC AD", "TC TD", "KC KD"], "KD", aside="AH TH AS")
    t = run(s, "claim")
    assert t.result() == dict(points=[0, 1, 1], returns=[-2, 1, 1], carry_out=0)
    p20 = get_profile("three-hand", target=20)
    t = run(small_deal(p20, ["AC AD", "TC TD", "KC KD"], "KD", aside="AH TH AS"),
            "AC TC KC claim")
    assert t.result() == dict(points=[2, 0, 0], returns=[2, -1, -1], carry_out=0)


def test_closer_claims_and_failures():
    p = get_profile("sixty-six", target=20, claim="lead")
    # Closer wins, stakes at claim: P1 no trick -> 3
    s = run(base(p), "close AS TS claim")
    assert s.result()["points"] == [3, 0]
    # Closer's false claim: opponent 3 (no trick at closing)
    s = run(base(p), "close claim")
    assert s.result()["points"] == [0, 3]
    # P1 wins the first trick and closes at its lead; P0 had no trick then
    s = run(base(p), "9D KD draw close")
    assert s.closer == 1 and s.close_opp_had_trick is False
    s = run(s, "claim")  # P1 has 4 points: false
    assert s.result()["points"] == [3, 0]
    # close_fail opp2
    q = get_profile("sixty-six", target=20, claim="lead", close_fail="opp2")
    s = run(base(q), "close claim")
    assert s.result()["points"] == [0, 2]


@pytest.mark.parametrize("stakes,gp", [("claim", 2), ("closing", 3)])
def test_close_stakes_closing_vs_claim(stakes, gp):
    # P0 closes while P1 has no trick; P1 then takes a trick; P0 reaches 20 and claims.
    p = get_profile("sixty-six", target=20, close_stakes=stakes)
    s = run(base(p), "close 9D")
    assert legal(s) == acts("QD KD")  # strict: follow and head
    s = run(s, "KD TS")  # P1 wins 4, leads TS; P0 must head with AS
    s = run(s, "AS claim")
    assert s.scores() == [21, 4]
    assert s.result()["points"] == [gp, 0]


def test_closer_opponent_correct_claim_is_close_fail():
    p = get_profile("sixty-six", target=20)
    s = run(base(p), "close 9D KD")
    s = run(s, "TH")  # P1 leads TH; P0 cannot beat it: any heart
    assert legal(s) == acts("KH QH")
    s = run(s, "QH")  # P1: 4 + 10 + 3 = 17
    s = run(s, "AH KH")  # 28 more: 45
    s = run(s, "claim")
    assert s.result()["points"] == [0, 3]  # P1 had no trick at closing


# --- natural ends ----------------------------------------------------------------------------


def test_natural_end_claim_or_draw():
    p = SIXTY_SIX
    s = small_deal(p, ["AH", "TH"], "9C", dealer=1, carry=1)
    s = run(s, "AH TH")
    assert s.phase() == "end" and s.to_act() == 0 and s.legal_actions() == [A_CLAIM, A_PASS]
    assert s.scores() == [31, 0]
    t = run(s, "pass")
    assert t.result() == dict(points=[0, 0], returns=[0, 0], carry_out=2)
    t = run(s, "claim")
    assert t.result() == dict(points=[0, 4], returns=[-4, 4], carry_out=0)


def test_natural_end_last_trick():
    p = get_profile("schnapsen")
    s = small_deal(p, ["AH JD", "TH AD"], "JC", dealer=1)
    s = run(s, "AH TH JD AD")
    assert s.scores() == [21, 13]  # no last-trick bonus
    s = run(s, "pass")
    assert s.result()["points"] == [0, 1]


def test_natural_end_first_to_target_and_higher_total():
    hands = ["TS AH AD", "AS TH TD"]
    play = "TS AS TH AH AD TD"  # P1 first to 21; P0 ends with 42
    p = get_profile("sixty-six-jaques", target=20)
    s = run(small_deal(p, hands, "9C", dealer=1), play)
    assert s.scores() == [42, 21] and s.first_to_target == 1
    assert run(s, "pass").result()["points"] == [0, 1]  # P0 has 42 >= 33: rate 1
    p = get_profile("sixty-six-jaques")
    s = run(small_deal(p, hands, "9C", dealer=1), play)
    assert run(s, "pass").result()["points"] == [1, 0]  # nobody at 66: last trick, 1
    p = get_profile("mariage")
    s = run(small_deal(p, hands, "9C", dealer=1), play)
    assert s.scores() == [52, 21]
    assert run(s, "pass").result()["points"] == [2, 0]
    p = get_profile("mariage", last_trick_bonus=0)
    s = run(small_deal(p, ["TS AH", "AS TH"], "9C", dealer=1), "TS AS TH AH")
    assert s.scores() == [21, 21]
    assert run(s, "pass").result() == dict(points=[0, 0], returns=[0, 0], carry_out=0)


def test_natural_end_closed_hand_is_close_fail():
    p = SIXTY_SIX
    s = run(base(p), "close")
    while s.phase() != "end":
        s = s.apply([a for a in s.legal_actions() if a != A_CLAIM][0])
    assert s.to_act() in (0, 1)
    assert s.bonus == [0, 0]
    t = run(s, "pass")
    assert t.result()["points"] == [0, 3]  # P1 had no trick when P0 closed


SIDE_PLAY = "AC KC TC QC AD KD TD QD AH KH TH QH"


@pytest.mark.parametrize("hands,trump,play,gp", [
    # every trick: 3
    (["AC AD AH AS", "KC KD KH KS", "TC TD TH TS", "QC QD QH QS"], "QS",
     SIDE_PLAY + " AS KS TS QS", [3, 0]),
    # 112 (100+): 2
    (["AC AD AH AS 9C", "KC KD KH KS 9D", "TC TD TH TS 9H", "QC QD QH QS 9S"], "9S",
     SIDE_PLAY + " AS KS TS QS 9C 9D 9H 9S", [2, 0]),
    # 84 against 10: 1
    (["AC AD AH 9C", "KC KD KH 9D", "TC TD TH 9H", "QC QD QH 9S"], "9S",
     SIDE_PLAY + " 9C 9D 9H 9S", [1, 0]),
])
def test_natural_end_side_total(hands, trump, play, gp):
    p = get_profile("four-hand")
    s = run(small_deal(p, hands, trump, dealer=3), play)
    assert s.is_over() and s.result()["points"] == gp


def test_natural_end_side_total_tie_carries():
    p = get_profile("four-hand", last_trick_bonus=0)
    s = small_deal(p, ["AC 7D", "7C AD", "8C 8D", "9C 9D"], "9D", dealer=3, carry=1)
    s = run(s, "AC 7C 8C 9C 7D AD 8D 9D")
    assert s.scores() == [11, 11]
    assert s.result() == dict(points=[0, 0], returns=[0, 0, 0, 0], carry_out=2)


def test_four_hand_returns_per_player():
    p = get_profile("four-hand")
    s = small_deal(p, ["AC AD AH AS", "KC KD KH KS", "TC TD TH TS", "QC QD QH QS"], "QS",
                   dealer=3, carry=1)
    while not s.is_over():
        s = s.apply(s.legal_actions()[0])
    assert s.result() == dict(points=[4, 0], returns=[4, -4, 4, -4], carry_out=0)


def test_three_hand_dead_hand_at_natural_end_only():
    p = get_profile("three-hand")
    s = small_deal(p, ["AC AD", "TC TD", "KC KD"], "KD", aside="AH TH AS")
    s = run(s, "AC TC KC AD TD KD")
    assert s.phase() == "end" and s.to_act() == 0 and s.scores() == [50, 0, 0]
    t = run(s, "claim")  # 50 without the dead hand: false
    assert t.result()["returns"] == [-2, 1, 1]
    t = run(s, "pass")
    assert t.scores() == [82, 0, 0]
    assert t.result() == dict(points=[2, 0, 0], returns=[2, -1, -1], carry_out=0)


def test_three_hand_dead_hand_tie_goes_to_last_trick():
    p = get_profile("three-hand", target=30)
    s = small_deal(p, ["AC 9D", "TC AD", "KC TD"], "TD", aside="AH TH AS")
    s = run(s, "AC TC KC 9D AD TD")  # P0 first trick, P1 the last one
    assert s.tricks == [1, 1, 0] and s.scores() == [25, 21, 0]
    t = run(s, "pass")
    assert t.scores() == [25, 53, 0]
    assert t.result()["returns"] == [-1, 2, -1]


def test_three_hand_nobody_at_target():
    p = get_profile("three-hand")
    s = small_deal(p, ["AC 9D", "TC AD", "KC TD"], "TD", aside="9H 9C 9S")
    s = run(s, "AC TC KC 9D AD TD pass")
    assert s.result() == dict(points=[0, 0, 0], returns=[0, 0, 0], carry_out=0)


# --- double deck -----------------------------------------------------------------------------


def test_double_deck_identical_cards_first_played_wins():
    p = get_profile("double-deck")
    s = small_deal(p, ["AH AH 9D", "TH TH 9S"], "9C", dealer=1)
    assert legal(s) == acts("AH 9D") | {A_CLAIM}  # claim: turn; two AH are one action
    s = run(s, "AH")
    assert legal(s) == acts("TH") | {A_CLAIM}
    s = small_deal(p, ["AH 9D KS", "AH TH 9S"], "9C", dealer=1)
    s = run(s, "AH")
    assert legal(s) == acts("AH TH") | {A_CLAIM}  # strict, nothing beats AH: any heart
    s = run(s, "AH")
    assert s.tricks == [1, 0] and s.scores() == [22, 0] and s.to_act() == 0


def test_double_deck_two_marriages_in_one_suit():
    p = get_profile("double-deck")
    s = full_deal(p, ["KH KH QH QH 9C AS", "AH TH 9H TS QD KD"], "JC")
    s = run(s, "marry-H KH")  # the shown king goes; one unused K and Q remain
    s = run(s, "9H")
    s = run(s, "draw")
    assert a_marry(2) in legal(s)
    s = run(s, "marry-H QH")
    s = run(s, "TH")  # P1 wins with TH
    assert s.scores()[0] == 4 + 20 + 20  # first marriage credited by the first trick


# --- perft -----------------------------------------------------------------------------------


def test_perft_hand_counted():
    s = small_deal(SIXTY_SIX, ["AH KS", "TH 9S"], "9C", dealer=1)
    assert [perft(s, d) for d in range(7)] == [1, 2, 2, 4, 4, 6, 6]


def test_perft_terminal_counts_one():
    s = run(small_deal(SIXTY_SIX, ["AH KS", "TH 9S"], "9C", dealer=1), "AH TH claim")
    assert s.is_over() and perft(s, 0) == perft(s, 3) == 1


def test_perft_one_is_legal_count():
    s = base()
    assert perft(s, 1) == len(s.legal_actions())
    assert perft(s, 2) == sum(len(s.apply(a).legal_actions()) for a in s.legal_actions())


# --- random play -----------------------------------------------------------------------------


def _conserved(s: RefState, deck: Counter) -> bool:
    cards = sum(s.hands(), []) + s.stock + s.aside + sum(s.won, []) + [x for _, x in s.trick]
    return Counter(cards) == deck


def _random_policy(s: RefState, acts_: list[int], rng: random.Random) -> int:
    """Random, but claims mostly when true and closes rarely, so that games get deep."""
    side = s.side(s.to_act())
    if A_CLAIM in acts_ and (s.scores()[side] >= s.prof.target or rng.random() < 0.02):
        return A_CLAIM
    if A_CLOSE in acts_ and rng.random() < 0.08:
        return A_CLOSE
    rest = [a for a in acts_ if a not in (A_CLAIM, A_CLOSE)]
    return rng.choice(rest) if rest else rng.choice(acts_)


@pytest.mark.parametrize("name", list(PROFILES))
def test_random_games(name):
    p = PROFILES[name]
    deck = Counter(deck_codes(p))
    for seed in range(200):
        rng = random.Random(seed)
        carry = rng.choice([0, 0, 1])
        d = seeded_deal(p, seed % p.players, seed)
        s = RefState.from_deal(p, seed % p.players, d["hands"], d["stock"], d["aside"],
                               d["trump_card"], carry=carry)
        last_scores = s.scores()
        steps = 0
        while not s.is_over():
            acts_ = s.legal_actions()
            assert acts_ and acts_ == sorted(set(acts_))
            assert s.phase() in ("lead", "follow", "draw", "show", "end")
            a = _random_policy(s, acts_, rng)
            s = s.apply(a)
            steps += 1
            assert _conserved(s, deck)
            sc = s.scores()
            assert all(x >= y for x, y in zip(sc, last_scores))
            last_scores = sc
        r = s.result()
        assert s.legal_actions() == [] and s.to_act() == -1
        assert sum(r["returns"]) == 0
        assert len(r["points"]) == p.sides and len(r["returns"]) == p.players
        if p.players == 3:
            assert sorted(r["returns"]) in ([-1, -1, 2], [-2, 1, 1], [0, 0, 0])
            assert r["carry_out"] == 0
        else:
            pts = r["points"]
            assert min(pts) == 0
            if max(pts) == 0:
                assert r["carry_out"] == carry + p.draw_carry
            else:
                assert r["carry_out"] == 0 and 1 + carry <= max(pts) <= 3 + carry
            for q in range(p.players):
                mine = pts[q % 2] if p.players == 4 else pts[q]
                theirs = pts[1 - q % 2] if p.players == 4 else pts[1 - q]
                assert r["returns"][q] == mine - theirs
        total = sum(card_points(w) for w in s.won)
        assert total <= sum(card_points([k]) for k in deck.elements())


def test_illegal_codes_raise():
    s = base()
    for code in (-1, 8 * 64, A_DRAW, A_PASS, a_show(0), a_play(c("AH"))):
        with pytest.raises(ValueError):
            s.apply(code)
