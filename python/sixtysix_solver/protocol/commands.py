"""The engine protocol's vocabulary: its commands, its options (``setoption``) and the
parsing and checking of every command's arguments, apart from the session that acts on them
(:mod:`sixtysix_solver.protocol.session`). ``docs/protocol.md`` documents the protocol.

Every function here reads tokens and returns plain values or raises :class:`ProtocolError`
with a one-line message that quotes client text safely (:func:`quote`).

>>> parse_go(["worlds", "50", "movetime", "200"], Options())
GoRequest(worlds=50, movetime=200, infinite=False)
>>> parse_int("12x", "seat", 0, 3)
Traceback (most recent call last):
...
sixtysix_solver.protocol.commands.ProtocolError: seat must be an integer, got '12x'
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from .._version import __version__
from ..advice.follow import FOLLOW_CLUB, Follow
from ..advice.limits import OTHERS, SearchLimits
from ..advice.opponents import MODEL_RULES, model_name, parse_opponent_model
from ..advice.recommend import CLOSEWIN
from ..errors import SixtySixError
from ..rules.cards import Card
from ..rules.position_text import format_profile, parse_card_list, parse_profile
from ..rules.profiles import PROFILES, Profile

__all__ = [
    "COMMANDS",
    "GoRequest",
    "IGNORED",
    "MAX_LINE",
    "MAX_MOVETIME",
    "MAX_WORLDS",
    "NAME",
    "NewHand",
    "Options",
    "ProtocolError",
    "error_prefix",
    "hello_lines",
    "parse_cards",
    "parse_go",
    "parse_int",
    "parse_newhand",
    "parse_position_args",
    "parse_setoption",
    "quote",
    "search_limits",
    "set_option",
]

NAME = "sixtysix_solver"
MAX_LINE = 64 * 1024  # longer lines are dropped with an error: memory stays bounded
MAX_WORLDS = 10_000_000
MAX_MOVETIME = 86_400_000  # one day, in milliseconds
COMMANDS = (
    "sse", "isready", "setoption", "newmatch", "newhand", "played", "drew", "view",
    "position", "go", "stop", "close?", "d", "record", "quit",
)
_ALIASES = ("hello", "uci", "show")
# What UCI front-ends send out of courtesy; this protocol has no use for them.
IGNORED = ("ucinewgame", "debug", "register", "ponderhit")
_OPTION_NAMES = ("profile threads worlds movetime matchaware seed recordfile opponentmodel "
                 "closewin others fallible follow club")
#: The most stock cards ``follow`` may ask for (more than any profile's stock: never).
MAX_FOLLOW = 100


class ProtocolError(SixtySixError):
    """A line the protocol cannot accept (malformed, out of order, or unknown)."""


@dataclass
class Options:
    """The engine's settings (``setoption``)."""

    profile: Profile = field(default_factory=lambda: PROFILES["sixty-six"])
    threads: int = field(default_factory=lambda: os.cpu_count() or 1)
    worlds: int = 1000
    movetime: int = 0  # milliseconds per search; 0: no limit
    matchaware: bool = True
    seed: int = 0
    recordfile: str | None = None  # every finished hand is appended here
    opponentmodel: str = "auto"  # weight worlds by the other players' past actions
    closewin: int = round(100 * CLOSEWIN)  # percent: go's bestmove closes only when this sure
    others: str = "auto"  # three alone: how a world takes the other two (SearchLimits.others)
    # go's near-ties broken by the club: hundredths of a game point, auto (FALLIBLE_AUTO) or off
    fallible: int | str = "auto"
    follow: Follow = "auto"  # stock cards from which go answers a lead by the club's card
    club: str = FOLLOW_CLUB  # the club player whose card follow plays


def quote(text: str, limit: int = 40) -> str:
    """Client text quoted for an error line: ASCII only, one line, bounded."""
    t = text if len(text) <= limit else text[:limit] + "..."
    return ascii(t)


def parse_int(text: str, what: str, lo: int, hi: int) -> int:
    """A decimal integer from ``lo`` to ``hi`` (at most 19 digits: no huge numbers)."""
    if not re.fullmatch(r"[+-]?[0-9]{1,19}", text, re.ASCII):
        raise ProtocolError(f"{what} must be an integer, got {quote(text)}")
    v = int(text)
    if not lo <= v <= hi:
        raise ProtocolError(f"{what} must be from {lo} to {hi}, got {v}")
    return v


def parse_cards(tokens: Sequence[str], what: str) -> list[int]:
    """Card codes from tokens (``9CQCKD``, ``9C QC KD`` or with commas)."""
    text = "".join(tokens).replace(",", "")
    if not text:
        raise ProtocolError(f"{what} needs cards, such as 9CQCKD or 9C QC KD")
    return parse_card_list(text, what)


def error_prefix(line: str) -> str:
    """The command as a prefix for its error message ('' for an unknown command)."""
    parts = line.split()
    word = parts[0].lower() if parts else ""
    if word == "go" and parts[1:2] == ["close"]:
        return "go close: "
    known = set(COMMANDS) | set(_ALIASES)
    return f"{word}: " if word in known else ""


def hello_lines(uci: bool = False) -> list[str]:
    """The answer to ``sse``: name, version, profiles, options with their defaults, ``sseok``.
    With ``uci`` the answer a UCI front-end expects: ``id`` lines, the options (already in
    UCI's form), a line saying what this engine plays, and ``uciok``."""
    o = Options()
    lines = [f"id name {NAME}", f"id version {__version__}"]
    if uci:
        lines = [f"id name {NAME} {__version__}", f"id author {NAME} authors"]
    else:
        lines += [f"profile {p.name} players {p.players} cards {p.deck_size}"
                  for p in PROFILES.values()]
    lines += [
        f"option name profile type string default {format_profile(o.profile)}",
        f"option name threads type spin default {o.threads} min 1 max 256",
        f"option name worlds type spin default {o.worlds} min 1 max {MAX_WORLDS}",
        f"option name movetime type spin default {o.movetime} min 0 max {MAX_MOVETIME}",
        "option name matchaware type check default true",
        f"option name seed type spin default {o.seed} min 0 max {2**63 - 1}",
        "option name recordfile type string default none",
        f"option name opponentmodel type string default {o.opponentmodel}",
        f"option name closewin type spin default {o.closewin} min 0 max 100",
        f"option name others type combo default {o.others} " + " ".join(f"var {x}" for x in OTHERS),
        f"option name fallible type string default {o.fallible}",
        f"option name follow type string default {o.follow}",
        f"option name club type combo default {o.club} " + " ".join(f"var {x}" for x in MODEL_RULES),
    ]
    if uci:
        return lines + [
            "info string this engine plays Sixty-Six, Schnapsen and their family, not chess: "
            "its protocol (sse, newhand, played, go ...) is in docs/protocol.md",
            "uciok",
        ]
    return lines + ["sseok"]


def parse_setoption(args: list[str]) -> tuple[str, str]:
    """``setoption name <name> value <value>``: the option's name (lower case) and value."""
    low = [a.lower() for a in args]
    if not low or low[0] != "name" or "value" not in low:
        raise ProtocolError("expected setoption name <name> value <value>")
    v = low.index("value")
    name = " ".join(low[1:v])
    value = " ".join(args[v + 1:])
    if not value:
        raise ProtocolError(f"option {quote(name)} needs a value")
    return name, value


def set_option(o: Options, name: str, value: str) -> str | None:
    """Check ``value`` and set option ``name`` in ``o`` (``recordfile`` is the session's: it
    needs the record directory). An unknown name changes nothing and returns a remark for an
    ``info string`` line (front-ends written for UCI set options such as ``Hash``)."""
    if name == "profile":
        o.profile = parse_profile(value)  # takes effect at the next newhand
    elif name == "threads":
        o.threads = parse_int(value, "threads", 1, 256)
    elif name == "worlds":
        o.worlds = parse_int(value, "worlds", 1, MAX_WORLDS)
    elif name == "movetime":
        o.movetime = parse_int(value, "movetime", 0, MAX_MOVETIME)
    elif name == "matchaware":
        flag = value.lower()
        if flag not in ("on", "off", "true", "false", "1", "0", "yes", "no"):
            raise ProtocolError(f"matchaware must be on or off, got {quote(value)}")
        o.matchaware = flag in ("on", "true", "1", "yes")
    elif name == "seed":
        o.seed = parse_int(value, "seed", 0, 2**63 - 1)
    elif name == "opponentmodel" and value.strip().lower() == "auto":
        o.opponentmodel = "auto"  # INFER_AUTO's model for the hand's profile, if any
    elif name == "opponentmodel":
        try:
            model = parse_opponent_model(value)
        except SixtySixError as err:
            raise ProtocolError(str(err)) from None
        o.opponentmodel = "none" if model is None else model_name(model)
    elif name == "closewin":
        o.closewin = parse_int(value, "closewin", 0, 100)
    elif name == "fallible":
        low = value.lower()
        hundredths = low if low in ("auto", "off") else parse_int(
            value, "fallible (auto, off or hundredths)", -1, 300)
        o.fallible = "off" if hundredths == -1 else hundredths  # -1: off, as before
    elif name == "follow":
        low = value.lower()
        o.follow = low if low in ("auto", "off") else parse_int(
            value, "follow (auto, off or stock cards)", 0, MAX_FOLLOW)
    elif name == "club":
        if value.lower() not in MODEL_RULES:
            raise ProtocolError(f"club must be one of {', '.join(MODEL_RULES)}, got {quote(value)}")
        o.club = value.lower()
    elif name == "others":
        if value.lower() not in OTHERS:
            raise ProtocolError(f"others must be one of {', '.join(OTHERS)}, got {quote(value)}")
        o.others = value.lower()
    else:
        return f"unknown option {quote(name)} ignored (options: {_OPTION_NAMES})"
    return None


@dataclass(frozen=True)
class NewHand:
    """The arguments of ``newhand``: ``match`` and ``carry`` are ``None`` when not given (the
    session's own are used)."""

    profile: Profile
    dealer: int
    seat: int
    hand: tuple[Card, ...]
    trump: Card
    match: tuple[int, ...] | None
    carry: int | None


def parse_newhand(args: list[str], profile: Profile) -> NewHand:
    """``newhand dealer D seat S hand <cards> trump <card> [match A B] [carry C] [profile P]``
    (``profile``: the one to use without ``profile P``)."""
    keys = ("dealer", "seat", "hand", "trump", "match", "carry", "profile")
    got: dict[str, list[str]] = {}
    key: str | None = None
    for tok in args:
        low = tok.lower()
        if low in keys:
            if low in got:
                raise ProtocolError(f"{low} is given twice")
            key = low
            got[key] = []
        elif key is None:
            raise ProtocolError(f"expected one of {' '.join(keys)}, got {quote(tok)}")
        else:
            got[key].append(tok)
    for k in ("dealer", "seat", "hand", "trump"):
        if k not in got:
            raise ProtocolError(
                f"missing {k}: expected newhand dealer D seat S hand <cards> trump <card> "
                "[match A B] [carry C]"
            )
    for k in ("dealer", "seat", "trump", "carry", "profile"):
        if k in got and len(got[k]) != 1:
            raise ProtocolError(f"{k} takes one value, got {len(got[k])}")
    prof = parse_profile(got["profile"][0]) if "profile" in got else profile
    n = prof.players
    dealer = parse_int(got["dealer"][0], "dealer", 0, n - 1)
    seat = parse_int(got["seat"][0], "seat", 0, n - 1)
    hand = parse_cards(got["hand"], "hand")
    trump = parse_cards(got["trump"], "trump")[0]
    match: tuple[int, ...] | None = None
    if "match" in got:
        parts = [p for tok in got["match"] for p in re.split(r"[:/,]", tok) if p]
        if len(parts) != prof.sides:
            raise ProtocolError(f"match needs {prof.sides} scores (one per side)")
        match = tuple(parse_int(p, "a match score", 0, 10**6) for p in parts)
    carry = parse_int(got["carry"][0], "carry", 0, 10**6) if "carry" in got else None
    return NewHand(prof, dealer, seat, tuple(Card.from_code(c) for c in hand),
                   Card.from_code(trump), match, carry)


def parse_position_args(args: list[str]) -> tuple[str, int | None]:
    """``position <position notation> [seat=S]``: the notation and the seat (``None``: not
    given)."""
    seat: int | None = None
    rest: list[str] = []
    for tok in args:
        if tok.lower().startswith("seat="):
            if seat is not None:
                raise ProtocolError("seat= is given twice")
            seat = parse_int(tok[5:], "seat", 0, 3)
        else:
            rest.append(tok)
    if not rest:
        raise ProtocolError("expected position <position notation> [seat=S]")
    return " ".join(rest), seat


@dataclass(frozen=True)
class GoRequest:
    """The arguments of ``go``: the most worlds, the time in milliseconds (0: none) and
    whether the search runs until ``stop``."""

    worlds: int
    movetime: int
    infinite: bool


def parse_go(args: list[str], o: Options) -> GoRequest:
    """``go [worlds N] [movetime MS] [infinite]`` (defaults from the options)."""
    worlds, movetime, infinite = o.worlds, o.movetime, False
    i = 0
    while i < len(args):
        word = args[i].lower()
        if word == "infinite":
            infinite = True
            i += 1
        elif word in ("worlds", "movetime") and i + 1 < len(args):
            if word == "worlds":
                worlds = parse_int(args[i + 1], "worlds", 1, MAX_WORLDS)
            else:
                movetime = parse_int(args[i + 1], "movetime", 0, MAX_MOVETIME)
            i += 2
        else:
            raise ProtocolError(
                f"bad go argument {quote(args[i])}: expected worlds N, movetime MS, "
                "infinite or close"
            )
    return GoRequest(worlds, movetime, infinite)


def search_limits(o: Options, worlds: int, movetime: int, exact: bool | None = None) -> SearchLimits:
    """The limits of one search: ``worlds``, ``movetime`` milliseconds (0: no limit), and the
    options' seed, threads and others."""
    return SearchLimits(worlds=worlds, time_limit=movetime / 1000 if movetime else None,
                        exact=exact, seed=o.seed, threads=o.threads, others=o.others)
