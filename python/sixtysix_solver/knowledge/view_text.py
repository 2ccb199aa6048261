"""The view notation on the level of fields: one line of text for the fields of a
:class:`~sixtysix_solver.knowledge.view.View` (``docs/views.md``, *The view notation*).

:class:`View <sixtysix_solver.knowledge.view.View>` reads and writes itself through this module
(``View.from_notation``, ``format_view``), as a game does through the position text.

>>> from sixtysix_solver import Game, View
>>> v = View.from_game(Game.deal("sixty-six", seed=1), 1)
>>> text = format_view_fields(vars(v))
>>> text
'sixty-six seat=1 dealer=0 turn=1:lead trump=9H hands=6/TDAH9SJSQSKS stock=12:9H'
>>> View(**parse_view_fields(text)) == v
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..rules.cards import RANKS, SUITS
from ..errors import NotationError
from .facts import (
    FULL,
    Holds,
    Lack,
    rank_of,
    suit_of,
    normalize_holds,
    normalize_lacks,
    ranks_in_deck,
    top_mask,
)
from ..rules.position_text import (
    PHASES,
    STEPS,
    check_writable,
    suits_text,
    implied_last_trick,
    implied_leader,
    format_card_list,
    format_profile,
    parse_card_list,
    parse_profile,
    parse_tokens,
)

__all__ = ["STEPS", "VIEW_KEYS", "format_view_fields", "parse_view_fields"]


#: Canonical order of the view notation's ``key=value`` tokens (after the profile).
VIEW_KEYS = (
    "seat", "dealer", "turn", "trump", "hands", "trick", "stock", "aside", "taken", "known",
    "married", "declared", "marriage_points", "pending", "bonus", "last_win", "last_trick",
    "first_to_target", "close", "exchanged", "exchange_lost", "step", "carry", "points",
    "returns", "carry_out", "reason", "lacks", "has", "match",
)
_REQUIRED = ("seat", "dealer", "turn", "trump", "hands")
_INT_RE = re.compile(r"-?[0-9]{1,4}", re.ASCII)
_SEAT_RE = re.compile(r"[0-9]{1,2}", re.ASCII)
_SUIT_IN = {"C": 0, "D": 1, "H": 2, "S": 3, "♣": 0, "♦": 1, "♥": 2, "♠": 3}


def _seat_text(v: int | None) -> str:
    return "-" if v is None else str(v)


def format_view_fields(v: Mapping[str, Any]) -> str:
    """The one-line notation of a view given as its fields (a
    :class:`~sixtysix_solver.knowledge.view.View`'s attributes by name): canonical, so that
    the notation of parsed notation is the same text."""
    prof = v["profile"]
    check_writable(prof)
    n = prof.players
    toks: dict[str, str] = {}

    def cards_pp(values: Sequence[Sequence[int]]) -> str:
        return "/".join(format_card_list(x) for x in values)

    def ints_pp(values: Sequence[int]) -> str:
        return "/".join(str(x) for x in values)

    toks["seat"] = str(v['seat'])
    toks["dealer"] = str(v['dealer'])
    toks["turn"] = f"{_seat_text(v['to_act'])}:{v['phase']}"
    toks["trump"] = format_card_list([v['trump_card']])
    toks["hands"] = "/".join(
        format_card_list(v['hand']) if p == v['seat'] else str(v['hand_sizes'][p])
        for p in range(n)
    )
    last = -1 if v['last_trick_winner'] is None else v['last_trick_winner']
    to_act = -1 if v['to_act'] is None else v['to_act']
    if v['trick'] or v['leader'] != implied_leader(v['phase'], to_act, last, v['dealer'], n):
        toks["trick"] = f"{v['leader']}:{format_card_list(v['trick'], keep_order=True)}"
    if prof.stock_size > 0 or v['stock_size']:
        toks["stock"] = (
            f"{v['stock_size']}:{format_card_list([v['face_up']])}"
            if v['face_up'] is not None else "0"
        )
    if prof.aside > 0 or v['aside_size']:
        toks["aside"] = str(v['aside_size'])
    for key in ("taken", "known", "married"):
        if any(v[key]):
            toks[key] = cards_pp(v[key])
    if any(any(d) for d in v['declared']):
        toks["declared"] = "/".join(suits_text(d) for d in v['declared'])
    for key in ("marriage_points", "pending", "bonus", "last_win"):
        if any(v[key]):
            toks[key] = ints_pp(v[key])
    if last != implied_last_trick(v['last_win'], v['taken'], n):
        toks["last_trick"] = _seat_text(v['last_trick_winner'])
    if v['first_to_target'] is not None:
        toks["first_to_target"] = str(v['first_to_target'])
    if v['closed_by'] is not None or v['close_opp_score'] or v['close_opp_had_trick']:
        toks["close"] = (
            f"{_seat_text(v['closed_by'])}:{v['close_opp_score']}:"
            f"{'y' if v['close_opp_had_trick'] else 'n'}"
        )
    if v['exchanged_by'] is not None:
        toks["exchanged"] = str(v['exchanged_by'])
    if v['exchange_lost']:
        toks["exchange_lost"] = "1"
    if v['turn_step'] or v['marriage_suit'] is not None:
        step = STEPS[v['turn_step']] if 0 <= v['turn_step'] < 4 else str(v['turn_step'])
        suit = f":{SUITS[v['marriage_suit']]}" if v['marriage_suit'] is not None else ""
        toks["step"] = step + suit
    if v['carry']:
        toks["carry"] = str(v['carry'])
    if v['phase'] == "over":
        toks["points"] = ints_pp(v['points'])
        toks["returns"] = ints_pp(v['returns'])
        if v['carry_out']:
            toks["carry_out"] = str(v['carry_out'])
        toks["reason"] = v['reason']
    if v['lacks']:
        per = [[str(lk) for lk in v['lacks'] if lk.player == p] for p in range(n)]
        toks["lacks"] = "/".join(",".join(x) if x else "-" for x in per)
    if v['holds']:
        hs = [[str(h) for h in v['holds'] if h.player == p] for p in range(n)]
        toks["has"] = "/".join(",".join(x) if x else "-" for x in hs)
    if v['match'] is not None:
        toks["match"] = ints_pp(v['match'])
    return " ".join(
        [format_profile(prof)] + [f"{k}={toks[k]}" for k in VIEW_KEYS if k in toks]
    )


def _int(text: str, token: str) -> int:
    if not _INT_RE.fullmatch(text):
        raise NotationError(f"bad {token}: expected a number, got {text!r}")
    return int(text)


def _seat(text: str, token: str, none: bool = True) -> int | None:
    if none and text == "-":
        return None
    if not _SEAT_RE.fullmatch(text):
        extra = " or - for nobody" if none else ""
        raise NotationError(f"bad {token}: expected a seat number{extra}, got {text!r}")
    return int(text)


def _per_player(text: str, n: int, token: str) -> list[str]:
    parts = text.split("/")
    if len(parts) != n:
        raise NotationError(f"bad {token}: expected {n} entries separated by /, got {len(parts)}")
    return parts


def _parse_lack(text: str, player: int, r: int) -> Lack:
    """``HS>Q``, ``QDKD:1``: pieces (a suit letter for the whole suit, ``S>R`` for the cards of
    suit S above rank R, or cards), then optionally ``:count``."""
    body, colon, k_text = text.partition(":")
    at_most = 0
    if colon:
        if not re.fullmatch(r"[0-9]{1,2}", k_text, re.ASCII):
            raise NotationError(f"bad lack {text!r} in lacks=: expected :count after the cards")
        at_most = int(k_text)
    masks = [0, 0, 0, 0]
    u = body.upper()
    if not u:
        raise NotationError(f"bad lack {text!r} in lacks=: expected suits such as H or S>Q")
    i = 0
    while i < len(u):
        s = _SUIT_IN.get(u[i], -1)
        if s >= 0:  # a whole suit, or the cards above a rank
            i += 1
            if i < len(u) and u[i] == ">":
                if u[i + 1:i + 3] == "10":
                    rank_text, i = "T", i + 3
                else:
                    rank_text, i = u[i + 1:i + 2], i + 2
                if not rank_text or rank_text not in RANKS or not 0 < RANKS.index(rank_text) < r:
                    raise NotationError(
                        f"bad lack {text!r} in lacks=: expected a rank of this deck below the "
                        "ace after >"
                    )
                masks[s] |= top_mask(RANKS.index(rank_text))
            else:
                masks[s] = FULL
            continue
        try:
            code = parse_card_list(body[i:i + 3] if u[i:i + 2] == "10" else body[i:i + 2],
                                   "lacks=")[0]
        except NotationError:
            raise NotationError(
                f"bad lack {text!r} in lacks=: expected a suit letter (C D H S), S>rank or a "
                f"card at {body[i:]!r}"
            ) from None
        if rank_of(code) >= r:
            raise NotationError(f"bad lack {text!r} in lacks=: a card that is not in this deck")
        masks[suit_of(code)] |= 1 << rank_of(code)
        i += 3 if u[i:i + 2] == "10" else 2
    return Lack(player, (masks[0], masks[1], masks[2], masks[3]), at_most)


def parse_view_fields(text: str) -> dict[str, Any]:
    """The fields of a view (the keyword arguments of
    :class:`~sixtysix_solver.knowledge.view.View`) from its notation. Text that cannot be read
    raises :class:`NotationError`."""
    if not isinstance(text, str):
        raise NotationError(f"a view must be text, got {type(text).__name__}")
    parts = text.split()
    if not parts:
        raise NotationError("empty view: expected a profile name and key=value tokens")
    prof = parse_profile(parts[0])
    toks = parse_tokens(prof, parts[1:], VIEW_KEYS, _REQUIRED)
    n = prof.players
    seat = _seat(toks["seat"], "seat=", none=False)
    assert seat is not None
    if seat >= n:
        raise NotationError(f"bad seat={toks['seat']}: this profile has seats 0..{n - 1}")

    def cards_pp(key: str) -> list[tuple[int, ...]]:
        if key not in toks:
            return [() for _ in range(n)]
        return [tuple(sorted(parse_card_list(t, f"{key}="))) for t in _per_player(toks[key], n, key)]

    def ints_pp(key: str) -> tuple[int, ...]:
        if key not in toks:
            return (0,) * n
        return tuple(_int(t, f"{key}=") for t in _per_player(toks[key], n, key))

    dealer = _seat(toks["dealer"], "dealer=", none=False)
    assert dealer is not None
    actor_text, colon, phase = toks["turn"].partition(":")
    phase = phase.lower()
    if not colon or phase not in PHASES:
        raise NotationError(
            f"bad turn={toks['turn']}: expected seat:phase, phase one of {' '.join(PHASES)}"
        )
    to_act = _seat(actor_text, "turn=")
    trump = parse_card_list(toks["trump"], "trump=")
    if len(trump) != 1:
        raise NotationError(f"bad trump={toks['trump']}: expected one card")

    hand: tuple[int, ...] = ()
    sizes = []
    for p, t in enumerate(_per_player(toks["hands"], n, "hands=")):
        if p == seat:
            if t.isdigit() and t != "-":
                raise NotationError(
                    f"bad hands={toks['hands']}: the seat's own hand is written as cards"
                )
            hand = tuple(sorted(parse_card_list(t, "hands=")))
            sizes.append(len(hand))
        else:
            if not re.fullmatch(r"[0-9]{1,2}", t, re.ASCII):
                raise NotationError(
                    f"bad hands={toks['hands']}: another player's hand is written as its "
                    f"number of cards, got {t!r}"
                )
            sizes.append(int(t))

    stock_size, face_up = 0, None
    if "stock" in toks:
        st = toks["stock"]
        if st in ("0", "-"):
            stock_size = 0
        else:
            size_text, colon, up = st.partition(":")
            up_cards = parse_card_list(up, "stock=") if colon and up else []
            if not colon or len(up_cards) != 1 or not re.fullmatch(r"[0-9]{1,2}", size_text):
                raise NotationError(
                    f"bad stock={st}: expected size:face-up card such as 12:9H, or 0"
                )
            stock_size, face_up = int(size_text), up_cards[0]
            if stock_size == 0:
                raise NotationError(f"bad stock={st}: an empty stock is written stock=0")
    aside_size = 0
    if "aside" in toks:
        if not re.fullmatch(r"[0-9]{1,2}", toks["aside"]):
            raise NotationError(f"bad aside={toks['aside']}: expected the dead hand's size")
        aside_size = int(toks["aside"])

    taken = cards_pp("taken")
    known = cards_pp("known")
    married = cards_pp("married")
    declared: list[tuple[int, int, int, int]] = []
    for t in (_per_player(toks["declared"], n, "declared=") if "declared" in toks
              else ["-"] * n):
        counts = [0, 0, 0, 0]
        if t != "-":
            for ch in t.upper():
                if _SUIT_IN.get(ch, -1) < 0:
                    raise NotationError(f"bad declared={toks['declared']}: expected suit letters")
                counts[_SUIT_IN[ch]] += 1
        declared.append((counts[0], counts[1], counts[2], counts[3]))
    last_win = ints_pp("last_win")
    if "last_trick" in toks:
        last = _seat(toks["last_trick"], "last_trick=")
    else:
        lt = implied_last_trick(last_win, taken, n)
        last = None if lt < 0 else lt
    if "trick" in toks:
        lead_text, colon, trick_text = toks["trick"].partition(":")
        if not colon:
            raise NotationError(f"bad trick={toks['trick']}: expected leader:cards, e.g. 1:KH")
        leader = _seat(lead_text, "trick=", none=False)
        assert leader is not None
        trick = tuple(parse_card_list(trick_text, "trick="))
    else:
        leader = implied_leader(
            phase, -1 if to_act is None else to_act, -1 if last is None else last, dealer, n
        )
        trick = ()
    closed_by, close_score, close_trick = None, 0, False
    if "close" in toks:
        cp = toks["close"].split(":")
        if len(cp) != 3 or cp[2].lower() not in ("y", "n"):
            raise NotationError(
                f"bad close={toks['close']}: expected closer:opponent score:y|n, e.g. close=0:26:y"
            )
        closed_by = _seat(cp[0], "close=")
        close_score = _int(cp[1], "close=")
        close_trick = cp[2].lower() == "y"
    exchanged = _seat(toks["exchanged"], "exchanged=") if "exchanged" in toks else None
    lost = False
    if "exchange_lost" in toks:
        if toks["exchange_lost"] not in ("0", "1"):
            raise NotationError(
                f"bad exchange_lost={toks['exchange_lost']}: expected 1 (the seat lost its "
                "right to exchange) or 0"
            )
        lost = toks["exchange_lost"] == "1"
    step, msuit = 0, None
    if "step" in toks:
        word, colon, suit = toks["step"].partition(":")
        if word.lower() not in STEPS:
            raise NotationError(
                f"bad step={toks['step']}: expected {' | '.join(STEPS)}, optionally :suit"
            )
        step = STEPS.index(word.lower())
        if colon:
            if len(suit) != 1 or _SUIT_IN.get(suit.upper(), -1) < 0:
                raise NotationError(f"bad step={toks['step']}: expected one suit after the colon")
            msuit = _SUIT_IN[suit.upper()]
    carry = _int(toks["carry"], "carry=") if "carry" in toks else 0
    points: tuple[int, ...] = ()
    returns: tuple[int, ...] = ()
    carry_out, reason = 0, "none"
    if phase == "over":
        for key in ("points", "returns", "reason"):
            if key not in toks:
                raise NotationError(f"missing token {key}=: the hand is over")
        points = tuple(_int(t, "points=") for t in toks["points"].split("/"))
        returns = tuple(_int(t, "returns=") for t in toks["returns"].split("/"))
        carry_out = _int(toks["carry_out"], "carry_out=") if "carry_out" in toks else 0
        reason = toks["reason"].lower()
    else:
        for key in ("points", "returns", "carry_out", "reason"):
            if key in toks:
                raise NotationError(f"token {key}= is only for a finished hand (turn=-:over)")
    lacks: list[Lack] = []
    if "lacks" in toks:
        r = ranks_in_deck(prof)
        for p, t in enumerate(_per_player(toks["lacks"], n, "lacks=")):
            if t == "-":
                continue
            if p == seat:
                raise NotationError(
                    f"bad lacks={toks['lacks']}: the seat's own entry must be - (it sees its hand)"
                )
            lacks.extend(_parse_lack(x, p, r) for x in t.split(","))
    holds: list[Holds] = []
    if "has" in toks:
        for p, t in enumerate(_per_player(toks["has"], n, "has=")):
            if t == "-":
                continue
            if p == seat:
                raise NotationError(
                    f"bad has={toks['has']}: the seat's own entry must be - (it sees its hand)"
                )
            for fact in t.split(","):
                options = tuple(
                    tuple(sorted(parse_card_list(o, "has="))) for o in fact.split("|")
                )
                holds.append(Holds(p, options))
    match = None
    if "match" in toks:
        match = tuple(_int(t, "match=") for t in toks["match"].split("/"))
        if len(match) != prof.sides or any(v < 0 for v in match):
            raise NotationError(
                f"bad match={toks['match']}: expected {prof.sides} game point totals"
            )
    return dict(
        profile=prof, seat=seat, dealer=dealer, to_act=to_act, phase=phase, leader=leader,
        hand=hand, hand_sizes=tuple(sizes), trump_card=trump[0], trick=trick,
        stock_size=stock_size, face_up=face_up, aside_size=aside_size,
        taken=tuple(taken), known=tuple(known), married=tuple(married),
        declared=tuple(declared), marriage_points=ints_pp("marriage_points"),
        pending=ints_pp("pending"), bonus=ints_pp("bonus"), last_win=last_win,
        last_trick_winner=last, first_to_target=(
            _seat(toks["first_to_target"], "first_to_target=")
            if "first_to_target" in toks else None
        ),
        closed_by=closed_by, close_opp_score=close_score, close_opp_had_trick=close_trick,
        exchanged_by=exchanged, exchange_lost=lost, turn_step=step, marriage_suit=msuit,
        carry=carry, points=points, returns=returns, carry_out=carry_out, reason=reason,
        lacks=normalize_lacks(lacks, prof, sizes), holds=normalize_holds(holds), match=match,
    )

