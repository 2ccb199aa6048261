"""Helpers for the rules tests: build explicit deals in a few lines and play them.

Cards are text (``TH``); the stock is top first with the face-up trump card last.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from sixtysix_solver.rules.game import Game
from sixtysix_solver.rules.profiles import get_profile

SUITS = "CDHS"
RANKS = "ATKQJ987"
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}

ALL_PROFILES = [
    "sixty-six", "sixty-six-jaques", "schnapsen", "schnapsen-jaques", "mariage",
    "mariage-piquet", "four-hand", "four-hand-24", "three-hand", "double-deck",
]
STOCK_PROFILES = [
    "sixty-six", "sixty-six-jaques", "schnapsen", "schnapsen-jaques", "mariage",
    "mariage-piquet", "double-deck",
]
NO_STOCK_PROFILES = ["four-hand", "four-hand-24", "three-hand"]
LOW_RANK = {"9": "ATKQJ9", "J": "ATKQJ", "7": "ATKQJ987"}


def ranks_of(profile: str) -> str:
    return LOW_RANK[get_profile(profile).low_rank]


def deck(profile: str) -> list[str]:
    """Every card of the profile's deck (twice each with the double deck), code order."""
    p = get_profile(profile)
    return [r + s for s in SUITS for r in LOW_RANK[p.low_rank] for _ in range(p.copies)]


def pts(cards: Iterable[str]) -> int:
    return sum(POINTS[c[0]] for c in cards)


def _remaining(profile: str, used: Iterable[str], trump_suit: str) -> list[str]:
    left = Counter(deck(profile))
    for c in used:
        if left[c] <= 0:
            raise ValueError(f"card {c} used twice or not in the {profile} deck")
        left[c] -= 1
    rest = list(left.elements())
    # Filler order: non-trumps before trumps, low points first, then suit, then rank.
    rest.sort(key=lambda c: (c[1] == trump_suit, POINTS[c[0]], SUITS.index(c[1]),
                             -RANKS.index(c[0])))
    return rest


def _fill(hs: list[list[str]], rest: list[str], size: int, voids: dict[int, str]) -> None:
    order = sorted(range(len(hs)), key=lambda seat: -len(voids.get(seat, "")))
    for seat in order:
        h = hs[seat]
        avoid = voids.get(seat, "")
        while len(h) < size:
            i = next(i for i, c in enumerate(rest) if c[1] not in avoid)
            h.append(rest.pop(i))


def make(
    profile: str,
    hands: Sequence[Sequence[str] | str],
    stock: Sequence[str] | str = (),
    trump: str | None = None,
    *,
    dealer: int = 0,
    aside: Sequence[str] | str = (),
    carry: int = 0,
    voids: dict[int, str] | None = None,
    **overrides: object,
) -> Game:
    """An explicit deal.

    ``hands``: per seat, a list or a space-separated string; short hands are filled with
    low non-trump cards. With a stock: ``stock`` are the top cards (drawn first), ``trump``
    is the face-up card (last); the rest of the deck goes between them. Without a stock,
    ``trump`` is the dealer's shown card (it must be in the dealer's hand; by default the
    dealer's last card). ``voids``: seat -> suits its filler cards avoid.
    """
    voids = voids or {}
    prof = get_profile(profile, **overrides)
    hs = [h.split() if isinstance(h, str) else list(h) for h in hands]
    top = stock.split() if isinstance(stock, str) else list(stock)
    asd = aside.split() if isinstance(aside, str) else list(aside)
    while len(hs) < prof.players:
        hs.append([])
    if prof.stock_size > 0:
        if trump is None:
            raise ValueError("a stock game needs the face-up trump card")
        tsuit = trump[1]
        rest = _remaining(profile, [c for h in hs for c in h] + top + [trump] + asd, tsuit)
        # fill hands first from the low end, the stock gets what is left
        _fill(hs, rest, prof.hand_size, voids)
        st = top + rest + [trump]
        if len(st) != prof.stock_size:
            raise ValueError(f"stock has {len(st)} cards, expected {prof.stock_size}")
        return Game.from_deal(prof, dealer=dealer, hands=hs, stock=st, aside=asd, carry=carry)
    if trump is not None and trump not in hs[dealer]:
        hs[dealer].append(trump)
    if trump is None:
        if len(hs[dealer]) != prof.hand_size:
            raise ValueError("give the trump card (dealer's hand is not complete)")
        trump = hs[dealer][-1]
    tsuit = trump[1]
    rest = _remaining(profile, [c for h in hs for c in h] + asd, tsuit)
    _fill(hs, rest, prof.hand_size, voids)
    while len(asd) < prof.aside:
        asd.append(rest.pop(0))
    return Game.from_deal(prof, dealer=dealer, hands=hs, aside=asd, trump_card=trump,
                          carry=carry)


def play(g: Game, actions: str) -> Game:
    """Apply space-separated actions in order; returns the game."""
    for a in actions.split():
        g.apply(a)
    return g


def legal(g: Game) -> set[str]:
    return {str(a) for a in g.legal_actions()}


def cards_of(g: Game, p: int) -> list[str]:
    return [str(c) for c in g.hand(p)]


def stock_of(g: Game) -> list[str]:
    return [str(c) for c in g.stock]


def legal_cards(g: Game) -> set[str]:
    return {s for s in legal(g) if len(s) == 2 and s[0] in RANKS and s[1] in SUITS}


def taken_points(g: Game) -> list[int]:
    """Card points in the tricks each side has taken (from the raw fields)."""
    sides = 2 if g.players == 4 else g.players
    out = [0] * sides
    for p, t in enumerate(g.fields()["taken"]):
        out[p % sides] += sum(POINTS[RANKS[c % 8]] for c in t)
    return out


def side_tricks(g: Game) -> list[int]:
    """Tricks won per side."""
    sides = 2 if g.players == 4 else g.players
    out = [0] * sides
    for p, n in enumerate(g.tricks_won()):
        out[p % sides] += n
    return out


def play_out(g: Game, *, end: str = "pass", trace: list[int] | None = None) -> Game:
    """Play only cards (the first legal one) until the hand is over or in phase ``end``;
    in ``draw`` choose ``draw``, in ``show`` choose ``pass``. In phase ``end`` apply
    ``end`` (``pass``, ``claim``, or ``stop`` to stop there)."""
    while not g.is_over:
        ph = g.phase
        if ph == "draw":
            g.apply("draw")
        elif ph == "show":
            g.apply("pass")
        elif ph == "end":
            if end == "stop":
                return g
            g.apply(end)
        else:
            cards = [a for a in g.legal_actions() if a.card is not None]
            g.apply(cards[0])
            if trace is not None and not trace and not g.is_over:
                trace.extend(s for s, v in enumerate(g.scores()) if v >= g.profile.target)
    return g


def as_text(g: Game) -> tuple[list[list[str]], list[str], list[str]]:
    """Hands, stock and dead hand of a game as card texts."""
    f = g.fields()
    t = lambda c: RANKS[c % 8] + SUITS[c // 8]  # noqa: E731
    return [[t(c) for c in h] for h in f["hands"]], [t(c) for c in f["stock"]], \
        [t(c) for c in f["aside"]]


def start(g: Game) -> Game:
    """Skip a partner's show phase (four-hand-24) by passing."""
    while g.phase == "show":
        g.apply("pass")
    return g


def strict_follow(profile: str, lead: str, follower: str, trump: str, void: str = "",
                  leader: str = "") -> tuple[Game, int]:
    """A strict-phase trick where ``lead`` was just led and the next player is to follow.

    Two players with a stock: player 1 closes at the first lead, then leads; player 0
    follows. No stock: seat 1 leads, seat 2 follows; the dealer (0) holds ``trump``.
    The follower's filler cards avoid the suits in ``void``."""
    prof = get_profile(profile)
    lead_hand = ([lead] + leader.split())
    if prof.stock_size > 0:
        g = make(profile, [follower.split(), lead_hand], trump=trump, voids={0: void})
        g.apply("close")
        g.apply(lead)
        return g, 0
    hands: list[list[str]] = [[], lead_hand, follower.split()]
    g = start(make(profile, hands, trump=trump, voids={2: void}))
    g.apply(lead)
    return g, 2


def act(g: Game, actions: str) -> Game:
    """Like :func:`play`, but answers a ``draw`` window with ``draw`` unless the next action
    is ``close`` or ``draw``."""
    for a in actions.split():
        if g.phase == "draw" and a not in ("draw", "close"):
            g.apply("draw")
        g.apply(a)
    if g.phase == "draw":
        g.apply("draw")
    return g


def end_of(g: Game) -> tuple[int, ...]:
    r = g.result
    assert r is not None, "hand not over"
    return r.points


# --- scripted two-player hands (trumps: diamonds, face-up JD) -------------------------------
# Player 1 leads first. Player 0 holds TD KD QD TC KS; player 1 holds AH AC TS AS.
RACE_HANDS = (["TD", "KD", "QD", "TC", "KS"], ["AH", "AC", "TS", "AS"])
RACE_STOCK = "KC QC QS JS JC KH"
RACE_PREFIX = {
    # opponent (player 1) state when player 0 reaches 66: no trick / trick < 33 / >= 33
    "no_trick": "",
    "below": "AC TC",  # player 1 takes 21
    "above": "AC TC TS KS",  # player 1 takes 21 + 14 = 35
}


def race(profile: str, state: str, *, to_66: bool = True, carry: int = 0,
         **overrides: object) -> Game:
    """Player 0 trumps AH with TD (21), then (``to_66``) declares KD QD and takes AS with KD:
    76 points, player 0 to lead. ``state`` sets player 1's tricks before that."""
    g = make(profile, [list(RACE_HANDS[0]), list(RACE_HANDS[1])], stock=RACE_STOCK,
             trump="JD", voids={0: "HCS", 1: "D"}, carry=carry, **overrides)
    act(g, RACE_PREFIX[state])
    act(g, "AH TD")
    if to_66:
        act(g, "marry-D KD AS")
    assert g.phase == "lead" and g.to_act == 0
    return g


def _low(profile: str) -> str:
    return LOW_RANK[get_profile(profile).low_rank][-1]


def closer_hand(profile: str, closer: int = 1) -> Game:
    """The closer (player 1 by default) closes at the first lead, the opponent then wins one
    trick and the closer reaches 66 (75 or 77) and is to lead. Six-card version: trumps,
    AH and a low spade against AC TC AS TS KS QS; five-card (schnapsen): a trump marriage."""
    five = get_profile(profile).hand_size == 5
    low_s = _low(profile) + "S"
    if five:
        strong = ["AD", "TD", "KD", "QD", low_s]
        weak = ["AS", "TS", "KS", "QS", "AC"]
        script = f"{low_s} QS AC TD marry-D KD TS"
    else:
        strong = ["AD", "TD", "KD", "QD", "AH", low_s]
        weak = ["AC", "TC", "AS", "TS", "KS", "QS"]
        script = f"{low_s} QS AC QD AH TC AD TS TD AS"
    hands: list[list[str]] = [[], []]
    if closer == 1:
        hands = [weak, strong]
        g = make(profile, hands, trump="JD", voids={0: "DH", 1: "CHS"})
        g.apply("close")
        act(g, script)
    else:
        # player 1 (weak) closes; player 0 holds the strong hand and answers the lead
        hands = [strong, weak]
        g = make(profile, hands, trump="JD", voids={1: "DH", 0: "CHS"})
        g.apply("close")
        # player 1 leads QS, player 0 plays the low spade, then as the scripted closer
        steps = script.split()
        steps[0], steps[1] = "QS", low_s
        act(g, " ".join(steps))
    return g


def normal_rate(score: int, tricks: int, schneider: int = 33) -> int:
    """Common ground: 3 if the loser has no trick, 2 if below 33, else 1."""
    if tricks == 0:
        return 3
    return 2 if score < schneider else 1


def side_of(g: Game, player: int) -> int:
    return player % 2 if g.players == 4 else player
