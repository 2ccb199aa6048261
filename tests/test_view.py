"""Views: what a seat sees (and nothing more), the revealed facts, and the view notation."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sixtysix_solver.rules.actions import Action, Kind
from sixtysix_solver.rules.random_play import random_action
from sixtysix_solver.rules.cards import Card
from sixtysix_solver.errors import NotationError, PositionError, ProfileError, SixtySixError
from sixtysix_solver.rules.game import Game
from sixtysix_solver.rules.profiles import PROFILES, get_profile
from sixtysix_solver.knowledge.facts import FULL, Holds, Lack, revealed_by_play, top_mask
from sixtysix_solver.knowledge.view import View, format_view, public_fields
from sixtysix_solver.knowledge.worlds import parse_view
from sixtysix_solver.knowledge.worlds import first_layout, is_consistent, sample_layouts

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def c(text: str) -> int:
    return Card.parse(text).code


def play_random(name: str, seed: int, steps: int, overrides: dict[str, Any] | None = None) -> Game:
    g = Game.deal(get_profile(name, **(overrides or {})), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(random_action(g, rng))
    return g


def check_view(g: Game, seat: int) -> View:
    """Every property a view must have, for one game and seat."""
    v = View.from_game(g, seat)
    f = g.fields()
    n = g.players
    # The seat's own cards and every public field are exactly the game's.
    assert list(v.hand) == sorted(f["hands"][seat])
    assert list(v.hand_sizes) == [len(h) for h in f["hands"]]
    assert v.stock_size == len(f["stock"]) and v.aside_size == len(f["aside"])
    assert v.face_up == (f["stock"][-1] if f["stock"] else None)
    assert v.scores() == g.scores() and v.strict == g.strict
    pub = public_fields(v)
    for key, value in pub.items():
        if key == "exchange_lost":
            assert value[seat] == f[key][seat]
        elif key in ("known", "married", "taken"):
            assert value == [sorted(x) for x in f[key]]
        else:
            assert value == f[key], key
    # Nothing hidden: every card the view places is the seat's, played, shown or face up.
    shown: Counter[int] = Counter(f["hands"][seat]) + Counter(f["trick"])
    for p in range(n):
        shown.update(f["taken"][p])
        if p != seat:
            shown.update(f["known"][p])
    if f["stock"]:
        shown[f["stock"][-1]] += 1
    assert not (v.public_cards() - shown)
    # The revealed facts are true of the real hands.
    assert is_consistent(v, g)
    for lk in v.lacks:
        assert lk.player != seat
        assert lk.count_in(f["hands"][lk.player]) <= lk.at_most
    for h in v.holds:
        assert h.satisfied_by(f["hands"][h.player])
    # The notation round-trips exactly, and so does the repr.
    text = format_view(v)
    again = parse_view(text)
    assert again == v and format_view(again) == text
    assert eval(repr(v), {"View": View}) == v
    return v


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_views_of_random_games(name: str) -> None:
    """Seeded random play in every profile: the view of every seat at every step."""
    rng = random.Random(name)
    facts = 0
    for _ in range(6):
        g = Game.deal(name, seed=rng.randrange(2**32))
        while True:
            for seat in range(g.players):
                facts += len(check_view(g, seat).lacks)
            if g.is_over:
                break
            g.apply(random_action(g, rng))
    # Two-player hands reveal facts only while the stock hides cards (closed, or open_strict).
    if g.players > 2 or g.profile.open_strict:
        assert facts > 0


@FAST
@given(
    st.sampled_from(sorted(PROFILES)), st.integers(0, 2**32 - 1), st.integers(0, 60),
    st.integers(0, 3),
)
def test_view_property(name: str, seed: int, steps: int, seat: int) -> None:
    g = play_random(name, seed, steps)
    check_view(g, seat % g.players)


@FAST
@given(st.sampled_from(sorted(PROFILES)), st.integers(0, 2**32 - 1), st.integers(0, 60))
def test_view_does_not_depend_on_hidden_cards(name: str, seed: int, steps: int) -> None:
    """Another deal that fits the view (other hidden cards) gives the same view, facts aside
    (a position built from fields has no history; at most the deal itself tells something)."""
    g = play_random(name, seed, steps)
    seat = seed % g.players
    v = View.from_game(g, seat)
    for lay in sample_layouts(v, 3, seed=seed):
        other = lay.game(v)
        w = View.from_game(other, seat)
        assert _replace(w, lacks=(), holds=()) == _replace(v, lacks=(), holds=())


def test_open_phase_view_and_notation() -> None:
    g = Game.deal("sixty-six", seed=400)
    for a in "JH KS draw exchange marry-D KD".split():
        g.apply(a)
    v = View.from_game(g, 0)
    assert format_view(v) == (
        "sixty-six seat=0 dealer=0 turn=0:follow trump=QD hands=JCKCTDQHKH9S/5 trick=1:KD "
        "stock=10:9D taken=-/JHKS known=-/QD married=-/QD declared=-/D marriage_points=0/40 "
        "last_win=0/1 exchanged=1"
    )
    assert v.known[1] == (c("QD"),)  # the exchanged trump card, still shown
    assert v.lacks == ()  # nothing is revealed in the open phase


def test_view_for_every_phase_and_seat() -> None:
    g = Game.deal("sixty-six", seed=16)
    for a in "AS JD draw JH TH close 9H TS JS KS".split():
        g.apply(a)
    assert g.phase == "lead"
    for seat in (0, 1):
        check_view(g, seat)
    g = Game.deal("sixty-six", seed=3)
    g.apply(g.legal_actions()[0])
    g.apply(g.legal_actions()[0])
    assert g.phase == "draw"
    check_view(g, 0)
    check_view(g, 1)
    g = Game.deal("four-hand-24", seed=1)
    assert g.phase == "show"
    for seat in range(4):
        check_view(g, seat)
    g = play_random("three-hand", 11, 200)
    assert g.is_over
    with pytest.raises(SixtySixError, match="name the seat"):
        View.from_game(g)
    for seat in range(3):
        check_view(g, seat)
    g = Game.deal("schnapsen", seed=4)
    assert View.from_game(g).seat == g.to_act
    with pytest.raises(SixtySixError, match="seat"):
        View.from_game(g, 2)


# --- the facts revealed by strict play ------------------------------------------------------------
def test_revealed_by_play_follow_head_trump() -> None:
    p = get_profile("sixty-six")  # trumps hearts below; must head, must trump
    trick = [(0, c("KC"))]
    assert revealed_by_play(p, 2, trick, 1, c("AC")) == (0, 0, 0, 0)  # beat it: nothing
    assert revealed_by_play(p, 2, trick, 1, c("QC")) == (top_mask(2), 0, 0, 0)  # no A or T
    assert revealed_by_play(p, 2, trick, 1, c("9H")) == (FULL, 0, 0, 0)  # trumped: void
    assert revealed_by_play(p, 2, trick, 1, c("AS")) == (FULL, 0, FULL, 0)  # void, no trump
    # Trumps led: heading applies to trumps.
    assert revealed_by_play(p, 2, [(0, c("QH"))], 1, c("JH")) == (0, 0, top_mask(3), 0)
    # Without must_head, following low reveals nothing.
    j = get_profile("sixty-six-jaques")
    assert revealed_by_play(j, 2, trick, 1, c("QC")) == (0, 0, 0, 0)


def test_revealed_by_play_table_games() -> None:
    four = get_profile("four-hand")  # must head always, must overtrump
    # Clubs led, seat 1 trumped with the king of hearts: seat 2 (void) undertrumps with the 7.
    trick = [(0, c("AC")), (1, c("KH"))]
    assert revealed_by_play(four, 2, trick, 2, c("7H")) == (FULL, 0, top_mask(2), 0)
    assert revealed_by_play(four, 2, trick, 2, c("AH")) == (FULL, 0, 0, 0)
    # The trick is trumped: a follower of clubs need not head the ace... nothing to reveal.
    assert revealed_by_play(four, 2, trick, 2, c("7C")) == (0, 0, 0, 0)
    # Heading counts the partner's card too ("always").
    assert revealed_by_play(four, 2, [(0, c("TC"))], 2, c("7C")) == (top_mask(1), 0, 0, 0)
    vs = get_profile("four-hand", must_head="vs_opponent")
    assert revealed_by_play(vs, 2, [(0, c("TC"))], 2, c("7C")) == (0, 0, 0, 0)  # partner wins
    assert revealed_by_play(vs, 2, [(1, c("TC"))], 2, c("7C")) == (top_mask(1), 0, 0, 0)
    # vs_opponent also relaxes overtrumping while the partner is winning.
    assert revealed_by_play(vs, 2, [(3, c("AC")), (0, c("KH"))], 1, c("7H")) == (
        FULL, 0, top_mask(2), 0
    )
    assert revealed_by_play(vs, 2, [(1, c("AC")), (2, c("KH"))], 0, c("7H")) == (FULL, 0, 0, 0)
    with pytest.raises(SixtySixError):
        revealed_by_play(four, 2, [], 0, c("7H"))


def _swap(f: dict[str, Any], where: tuple[str, int], a: int, b: int, player: int) -> None:
    """Swap card ``a`` of ``player``'s hand with card ``b`` at ``where``."""
    f["hands"][player].remove(a)
    f["hands"][player].append(b)
    kind, q = where
    target = f["hands"][q] if kind == "hand" else f[kind]
    target[target.index(b)] = a


@pytest.mark.parametrize("name", sorted(PROFILES) + ["four-hand-vs"])
def test_revealed_by_play_matches_the_engine(name: str) -> None:
    """A card ``c`` is legal for a follower exactly when the hand holds nothing of
    ``revealed_by_play(c)``: checked by swapping single cards in and out and asking the engine.
    """
    prof = get_profile("four-hand", must_head="vs_opponent") if name == "four-hand-vs" \
        else get_profile(name)
    rng = random.Random(name)
    checked = 0
    for _ in range(300):
        if checked >= 40:
            break
        g = Game.deal(prof, seed=rng.randrange(2**32))
        while not g.is_over and not (g.strict and g.phase == "follow" and g.fields()["trick"]):
            g.apply(random_action(g, rng))
        if g.is_over:
            continue
        f = g.fields()
        p = g.to_act
        assert p is not None
        n = g.players
        trick = [((f["leader"] + i) % n, x) for i, x in enumerate(f["trick"])]
        shown = set(f["known"][p]) | set(f["married"][p])
        others: list[tuple[tuple[str, int], int]] = [
            (("hand", q), x) for q in range(n) if q != p
            for x in f["hands"][q] if x not in f["known"][q]
        ]
        others += [(("stock", -1), x) for x in f["stock"][:-1]]
        others += [(("aside", -1), x) for x in f["aside"]]
        for act in g.legal_actions():
            if act.kind != Kind.PLAY:
                continue
            mask = revealed_by_play(prof, f["trump_card"] >> 3, trick, p, act.arg)
            lack = Lack(p, mask)
            assert lack.count_in(f["hands"][p]) == 0
            for y in f["hands"][p]:
                if y == act.arg or y in shown:
                    continue
                for where, x in rng.sample(others, min(6, len(others))):
                    h = {k: (list(map(list, v)) if k in ("hands",) else
                             list(v) if isinstance(v, list) else v) for k, v in f.items()}
                    _swap(h, where, y, x, p)
                    other = Game.from_fields(prof, h)
                    assert other.is_legal(act) == (not lack.holds(x)), (name, act, x)
            checked += 1
    assert checked >= 10


def test_lack_text_and_sets() -> None:
    lk = Lack(1, (FULL, 0, top_mask(1), 0b110), 2)
    assert str(lk) == "CH>TKSTS:2"
    six = get_profile("sixty-six")
    assert lk.cards(six) == [0, 1, 2, 3, 4, 5, 16, 25, 26]
    assert lk.holds(c("9C")) and lk.holds(c("AH")) and not lk.holds(c("TH"))
    assert str(Lack.of_cards(0, [c("KD"), c("QD")], 1)) == "QDKD:1"
    h = Holds(3, ((c("QD"), c("KD")), (c("QH"),)))
    assert str(h) == "QDKD|QH"
    assert h.satisfied_by([c("QH"), c("AS")]) and not h.satisfied_by([c("KD")])


def _replace(v: View, **changes: Any) -> View:
    return View(**{**v.__dict__, **changes})


def test_void_facts_in_the_strict_phase() -> None:
    g = Game.deal("sixty-six", seed=16)
    for a in "AS JD draw JH TH close 9H TS JS KS".split():
        g.apply(a)
    # Closed; seat 0 leads the king of diamonds, seat 1 holds no diamond and must trump.
    hand1 = g.hand(1)
    assert not any(x.suit == 1 for x in hand1)
    g.apply("KD")
    follow = [a for a in g.legal_actions()]
    trump_plays = [a for a in follow if a.card is not None and a.card.suit == g.trump_suit]
    g.apply(trump_plays[0] if trump_plays else follow[0])
    v = View.from_game(g, 0)
    assert 1 in v.void_suits(1)  # did not follow diamonds
    assert v.excluded(1)[1] == FULL
    assert format_view(v).endswith("lacks=-/D") or "lacks=-/D" in format_view(v)


def test_open_strict_facts_allow_later_draws() -> None:
    """In schnapsen-jaques strict play starts at once: a void shown at the first trick covers
    only the hand of that moment, so the fact keeps room for the cards drawn since."""
    seen = 0
    for seed in range(200):
        g = Game.deal("schnapsen-jaques", seed=seed)
        rng = random.Random(seed)
        for _ in range(6):
            g.apply(random_action(g, rng))
        v = View.from_game(g, 0)
        for lk in v.lacks:
            assert lk.count_in(g.fields()["hands"][1]) <= lk.at_most
            seen += lk.at_most > 0
    assert seen > 0


# --- notation -------------------------------------------------------------------------------------
def test_parse_is_lenient_and_canonical() -> None:
    v = View.from_game(Game.deal("sixty-six", seed=1), 1)
    text = format_view(v)
    loose = ("SIXTY-SIX  turn=1:LEAD seat=1 trump=9♥ dealer=0 "
             "stock=12:9h hands=6/10DA♥9SJSQSKS")
    assert format_view(parse_view(loose)) == text
    assert repr(v) == f"View.from_notation({text!r})"
    w = parse_view(text + " match=3/5")
    assert w.match == (3, 5) and format_view(w) == text + " match=3/5"


def test_facts_in_notation_round_trip() -> None:
    base = ("four-hand seat=0 dealer=0 turn=1:lead trump=7H hands=AC8D9D7HTH7SQSKS/8/8/8 "
            "known=7H/-/-/-")
    v = parse_view(base + " lacks=-/C,S>K/DH>T/- has=-/-/QDKD|AS/-")
    assert format_view(v) == base + " lacks=-/CS>K/DH>T/- has=-/-/QDKD|AS/-"
    assert v.void_suits(1) == [0] and v.excluded(1) == (FULL, 0, 0, top_mask(2))
    # Budgets, card lists and implied facts.
    w = parse_view(base + " lacks=-/KDQD:1,D:1,C,CD:8/-/-")
    assert [str(x) for x in w.lacks] == ["C", "D:1"]  # the others are implied
    assert w == parse_view(format_view(w))


BAD_TEXT = [
    ("", "empty view"),
    ("sixty-six", "missing token seat="),
    ("sixty-six seat=0 dealer=0 turn=1:lead trump=9H hands=6/6", "missing token stock="),
    ("sixty-six seat=0 dealer=0 turn=1:lead trump=9H hands=9CQC9DJHQHAS/6 stock=12:9H x=1",
     "unknown token"),
    ("sixty-six seat=0 dealer=0 turn=1:lead trump=9H hands=6/6 stock=12:9H",
     "the seat's own hand is written as cards"),
    ("sixty-six seat=0 dealer=0 turn=1:lead trump=9H hands=9CQC9DJHQHAS/TDAH stock=12:9H",
     "written as its number of cards"),
    ("sixty-six seat=0 dealer=0 turn=1:lead trump=9H hands=9CQC9DJHQHAS/6 stock=12",
     "bad stock"),
    ("sixty-six seat=2 dealer=0 turn=1:lead trump=9H hands=9CQC9DJHQHAS/6 stock=12:9H",
     "bad seat"),
    ("sixty-six seat=0 dealer=0 turn=1:lead trump=9H hands=9CQC9DJHQHAS/6 stock=12:9H "
     "lacks=H/-", "the seat's own entry"),
    ("sixty-six seat=0 dealer=0 turn=1:lead trump=9H hands=9CQC9DJHQHAS/6 stock=12:9H "
     "lacks=-/X", "bad lack"),
    ("sixty-six seat=0 dealer=0 turn=1:lead trump=9H hands=9CQC9DJHQHAS/6 stock=12:9H "
     "lacks=-/H>7", "rank of this deck"),
    ("sixty-six seat=0 dealer=0 turn=1:lead trump=9H hands=9CQC9DJHQHAS/6 stock=12:9H "
     "lacks=-/H:x", "bad lack"),
    ("sixty-six seat=0 dealer=0 turn=1:lead trump=9H hands=9CQC9DJHQHAS/6 stock=12:9H "
     "lacks=-/-/-", "expected 2 entries"),
    ("sixty-six seat=0 dealer=0 turn=1:lead trump=9H hands=9CQC9DJHQHAX/6 stock=12:9H",
     "bad card"),
    ("sixty-six seat=0 dealer=0 turn=1:nap trump=9H hands=9CQC9DJHQHAS/6 stock=12:9H",
     "bad turn"),
    ("sixty-six seat=0 dealer=0 turn=1:lead trump=9H hands=9CQC9DJHQHAS/6 stock=12:9H "
     "points=1/0", "only for a finished hand"),
    ("sixty-six seat=0 seat=0", "given twice"),
]


@pytest.mark.parametrize("text,message", BAD_TEXT)
def test_bad_notation(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_view(text)


BAD_VIEWS = [
    # A card twice (own hand and taken).
    ("sixty-six seat=0 dealer=0 turn=0:lead trump=9H hands=9CQC9DJHQHAS/5 stock=10:9H "
     "taken=ASTS/- last_win=1/0", "appears more often"),
    # Sizes that do not add up.
    ("sixty-six seat=0 dealer=0 turn=1:lead trump=9H hands=9CQC9DJHQHAS/5 stock=12:9H",
     "do not add up"),
    # A known card that the facts forbid.
    ("sixty-six seat=0 dealer=0 turn=1:lead trump=9H hands=9CQC9DJHQHAS/6 stock=12:9H "
     "known=-/KD lacks=-/D", "no deal fits"),
    # Every diamond and club is unseen, but the opponent may hold neither... nor the stock.
    ("four-hand seat=0 dealer=0 turn=1:lead trump=7H hands=AC8D9D7HTH7SQSKS/8/8/8 "
     "known=7H/-/-/- lacks=-/CDHS/CDHS/-", "no deal fits"),
    # Public fields that the core rejects (the face-up card must be a trump).
    ("sixty-six seat=0 dealer=0 turn=1:lead trump=9H hands=9CQC9DJHQHAS/6 stock=12:9S",
     "face-up"),
]


@pytest.mark.parametrize("text,message", BAD_VIEWS)
def test_impossible_views(text: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        parse_view(text)


def test_bad_profile_and_constructor() -> None:
    with pytest.raises(ProfileError):
        parse_view("nine-men seat=0")
    v = View.from_game(Game.deal("sixty-six", seed=1), 0)
    with pytest.raises(PositionError, match="seat"):
        _replace(v, seat=5)
    with pytest.raises(PositionError, match="sees its hand"):
        _replace(v, lacks=(Lack(0, (FULL, 0, 0, 0)),))
    with pytest.raises(PositionError, match="hand_sizes"):
        _replace(v, hand=v.hand[:-1])
    assert first_layout(v).game(v).fields()["hands"][0] == list(v.hand)


@FAST
@given(st.text(alphabet="sixty-6 =/:0123456789CDHSATKQJ>-,|", max_size=80))
def test_garbage_never_crashes(text: str) -> None:
    try:
        parse_view(text)
    except SixtySixError:
        pass


def test_pass_reveals_a_pair_in_four_hand_24() -> None:
    """four-hand-24's show phase exists only when the leader's partner holds a marriage: a
    partner who passes holds a pair, and no show phase means no pair."""
    found_has = found_pair_lack = 0
    for seed in range(60):
        g = Game.deal("four-hand-24", seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            if g.phase == "show":
                g.apply(Action(Kind.PASS))
            else:
                g.apply(random_action(g, rng))
            for seat in range(4):
                v = View.from_game(g, seat)
                assert is_consistent(v, g)
                found_has += len(v.holds)
                found_pair_lack += sum(1 for lk in v.lacks if lk.at_most == 1)
            if found_has > 5 and found_pair_lack > 5:
                return
    raise AssertionError(f"too few facts: {found_has} {found_pair_lack}")
