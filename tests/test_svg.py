"""Cards and tables as SVG (rules/svg.py) and the text display (rules/board.py): valid XML, one
card group per card drawn, each card's text and name right, hidden cards face down."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from sixtysix_solver import Card, Game, SixtySixError, View
from sixtysix_solver.rules.cards import RANKS, SUITS
from sixtysix_solver.rules.profiles import profile_names
from sixtysix_solver.rules.random_play import random_action
from sixtysix_solver.rules.svg import SUIT_STYLES, board_svg, card_name, card_svg

NS = "{http://www.w3.org/2000/svg}"
ALL_CARDS = [Card(r, s) for s in range(4) for r in range(8)]


def card_groups(svg: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return [g for g in root.iter(f"{NS}g") if (g.get("class") or "").split()[:1] == ["card"]]


@pytest.mark.parametrize("style", SUIT_STYLES)
def test_every_card_is_one_group_with_its_text_and_name(style: str) -> None:
    for card in ALL_CARDS:
        groups = card_groups(card_svg(card, suits=style, width=80))
        assert len(groups) == 1
        g = groups[0]
        assert g.get("data-card") == str(card) and g.get("class") == "card"
        assert g.findtext(f"{NS}title") == card_name(card, style)
        labels = [t.text for t in g.iter(f"{NS}text")]
        assert len(labels) == 1
        expected = {"french": "A 10 K Q J 9 8 7", "german": "A 10 K O U 9 8 7",
                    "hungarian": "Á 10 K F A 9 8 7"}[style].split()[card.rank]
        assert labels[0] == expected


def test_card_colours_and_names() -> None:
    red, black = card_svg("KH"), card_svg("KS")
    assert "#c8102e" in red and "#c8102e" not in black
    assert card_name("JC") == "jack of clubs"
    assert card_name(Card.parse("9D"), "german") == "Schellen Neun"
    assert card_name("AS", "hungarian") == "Zöld Ász"
    # every name is different within a style
    for style in SUIT_STYLES:
        assert len({card_name(c, style) for c in ALL_CARDS}) == 32


def test_face_down_card_and_size() -> None:
    svg = card_svg(None, width=50)
    (g,) = card_groups(svg)
    assert g.get("class") == "card back" and g.get("data-card") == "??"
    assert not list(g.iter(f"{NS}text"))  # a back tells nothing
    root = ET.fromstring(svg)
    assert (root.get("width"), root.get("height")) == ("50", "70")


@pytest.mark.parametrize("bad", [
    {"card": "1H"}, {"card": 5}, {"suits": "tarot"}, {"width": 0}, {"width": 5000},
    {"width": True}, {"width": "60"},
])
def test_bad_arguments_name_the_problem(bad: dict[str, object]) -> None:
    args: dict[str, object] = {"card": "AH", **bad}
    card = args.pop("card")
    with pytest.raises(SixtySixError, match="card|suits|width"):
        card_svg(card, **args)  # type: ignore[arg-type]


def drawn(svg: str) -> tuple[Counter[str], int]:
    groups = card_groups(svg)
    faces = Counter(g.get("data-card") or "" for g in groups if g.get("class") == "card")
    backs = sum(1 for g in groups if g.get("class") == "card back")
    return faces, backs


def random_games(per_profile: int = 2) -> list[Game]:
    out = []
    for name in profile_names():
        for seed in range(per_profile):
            rng = random.Random(seed)
            g = Game.deal(name, seed=seed)
            for _ in range(rng.randrange(0, 30)):
                if g.is_over:
                    break
                g.apply(random_action(g, rng))
            out.append(g)
    return out


@pytest.mark.parametrize("game", random_games(), ids=lambda g: f"{g.profile.name}")
def test_a_board_draws_every_card_once(game: Game) -> None:
    stock = 1 if game.stock else 0
    faces, backs = drawn(board_svg(game, suits="german"))
    expected = Counter(str(c) for h in game.hands for c in h)
    expected.update(str(c) for c in game.trick)
    expected[str(game.trump_card)] += 1  # the trump card's own picture
    assert faces == expected and backs == stock
    assert game._repr_svg_() == board_svg(game)
    assert game._repr_html_().startswith("<div") and board_svg(game) in game._repr_html_()
    # every seat's view: its own hand and the known cards face up, the rest face down
    for seat in range(game.players):
        view = View.from_game(game, seat)
        faces, backs = drawn(board_svg(view))
        hidden = sum(len(h) for p, h in enumerate(game.hands) if p != seat) - sum(
            len(view.known[p]) for p in range(game.players) if p != seat)
        assert backs == hidden + stock
        assert faces[str(game.trump_card)] >= 1
        assert Counter(str(c) for c in game.hand(seat)) <= faces
        assert view._repr_svg_() == board_svg(view)


@pytest.mark.parametrize("game", random_games(1), ids=lambda g: f"{g.profile.name}")
def test_the_text_display_shows_hands_trick_and_scores(game: Game) -> None:
    text = str(game)
    lines = text.splitlines()
    assert lines[0].startswith(game.profile.name)
    for p, hand in enumerate(game.hands):
        (line,) = [x for x in lines if x[2:].startswith(f"player {p}:")]
        assert line.split(": ")[1].split() == ([str(c) for c in sorted(
            hand, key=lambda c: (c.suit, -c.rank))] or ["-"])
        assert line.startswith(">") == (game.to_act == p)
    assert f"score {'/'.join(map(str, game.scores()))}" in text
    for c in game.trick:
        assert str(c) in [x for x in lines if x.startswith("trick")][0]
    seat = game.to_act if game.to_act is not None else 0
    view = View.from_game(game, seat)
    vtext = str(view)
    assert f"player {seat} (you): " in vtext
    hidden = sum(view.hand_sizes[p] - len(view.known[p]) for p in range(game.players) if p != seat)
    assert vtext.split().count("??") == hidden
    assert repr(game).startswith("Game.from_position(") and text != repr(game)


def test_text_display_over_and_match() -> None:
    g = Game.deal("schnapsen", seed=5)
    g.match_score = (3, 5)
    rng = random.Random(1)
    while not g.is_over:
        g.apply(random_action(g, rng))
    text = str(g)
    res = g.result
    assert res is not None
    assert "hand over" in text.splitlines()[0] and "match 3/5" in text
    assert f"result: game points {'/'.join(map(str, res.points))} ({res.reason})" in text


def test_suit_letters_are_the_package_order() -> None:
    # the names map C D H S to acorns, bells, hearts, leaves
    assert [card_name(Card(0, s), "german").split()[0] for s in range(4)] == [
        "Eichel", "Schellen", "Herz", "Grün"]
    assert SUITS == "CDHS" and RANKS == "ATKQJ987"
