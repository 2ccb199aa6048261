"""Game records: the start position and every action, replaying to the same result.

The text form is a header line, then one block per hand: ``start`` with the position notation
(:mod:`sixtysix_solver.notation.position`), ``actions`` with the actions in order (``-`` for none) and,
for a finished hand, ``result`` with the game points per side and the end reason. The result
line is informative: on reading, the actions are replayed and the result must match.
Blank lines and lines starting with ``#`` are ignored. A *match record* is several
``start``/``actions``/``result`` blocks, one per hand in order (:func:`format_match_record`,
:func:`parse_match_record`); :func:`parse_record` takes a record of one hand.

>>> from sixtysix_solver.rules.game import Game
>>> g = Game.deal("schnapsen", seed=3)
>>> for a in ["TH", "AC", "AD", "JC", "claim"]:
...     g.apply(a)
>>> print(format_record(g))
sixtysix-record 1
start schnapsen dealer=0 turn=1:lead trump=QH hands=JCTCACKDJH/JDADKHTHJS stock=KSKCQSQDTSTDAHQCASQH
actions TH AC AD JC claim
result 3/0 false_claim
>>> h = parse_record(format_record(g))
>>> h.fields() == g.fields(), [str(a) for a in h.actions], h.result == g.result
(True, ['TH', 'AC', 'AD', 'JC', 'claim'], True)
>>> parse_record(format_record(g).replace("3/0", "0/3"))
Traceback (most recent call last):
...
sixtysix_solver.errors.NotationError: the record says result 0/3 false_claim, but the actions replay to 3/0 false_claim
"""

from __future__ import annotations

import json
from typing import Any

from ..rules.actions import Action
from ..errors import IllegalActionError, NotationError
from ..rules.game import Game
from ..notation.position import format_position, parse_position, position_from_json, position_to_dict

__all__ = [
    "format_match_record",
    "format_record",
    "parse_match_record",
    "parse_record",
    "record_to_dict",
    "record_to_json",
    "record_from_json",
    "RECORD_HEADER",
]

RECORD_FORMAT = "sixtysix-record"
RECORD_VERSION = 1
RECORD_HEADER = f"{RECORD_FORMAT} {RECORD_VERSION}"


def _start_game(game: Game) -> Game:
    start = Game.from_fields(game.profile, game.start_fields)
    start.match_score = game.match_score
    return start


def _result_text(game: Game) -> str | None:
    r = game.result
    if r is None:
        return None
    return f"{'/'.join(str(p) for p in r.points)} {r.reason}"


def _replay(start: Game, actions: list[str], where: str) -> Game:
    for i, text in enumerate(actions, 1):
        try:
            action = Action.parse(text)
        except NotationError as e:
            raise NotationError(f"{where}action {i}: {e}") from None
        try:
            start.apply(action)
        except IllegalActionError as e:
            raise IllegalActionError(f"{where}action {i}: {e}") from None
    return start


# --- text -------------------------------------------------------------------------------------
def format_record(game: Game) -> str:
    """The record of ``game``: its start position, every action applied, and the result."""
    lines = [RECORD_HEADER, f"start {format_position(_start_game(game))}"]
    acts = " ".join(str(a) for a in game.actions)
    lines.append(f"actions {acts or '-'}")
    result = _result_text(game)
    if result is not None:
        lines.append(f"result {result}")
    return "\n".join(lines)


def _parse_hands(text: str) -> list[Game]:
    if not isinstance(text, str):
        raise NotationError(f"a record must be text, got {type(text).__name__}")
    lines = [
        (no, line.strip()) for no, line in enumerate(text.splitlines(), 1)
        if line.strip() and not line.strip().startswith("#")
    ]
    if not lines or lines[0][1].split() != RECORD_HEADER.split():
        raise NotationError(f"not a game record: the first line must be {RECORD_HEADER!r}")
    blocks: list[dict[str, tuple[int, str]]] = []
    for no, line in lines[1:]:
        word, _, rest = line.partition(" ")
        word, rest = word.lower(), rest.strip()
        if word not in ("start", "actions", "result"):
            raise NotationError(
                f"line {no}: unknown line {word!r}; expected start, actions or result"
            )
        if word == "start":
            blocks.append({})
        elif not blocks:
            raise NotationError(f"line {no}: {word} before any start line")
        block = blocks[-1]
        if word in block:
            raise NotationError(f"line {no}: a second {word} line for the same hand")
        if word == "result" and "actions" not in block:
            raise NotationError(f"line {no}: result before the actions line")
        block[word] = (no, rest)
    if not blocks:
        raise NotationError("the record holds no hand: expected a start line")
    games = []
    for block in blocks:
        no, start_text = block["start"]
        if "actions" not in block:
            raise NotationError(f"line {no}: the hand has no actions line (write actions -)")
        try:
            game = parse_position(start_text)
        except NotationError as e:
            raise NotationError(f"line {no}: {e}") from None
        ano, acts = block["actions"]
        items = acts.split()
        if items == ["-"]:
            items = []
        game = _replay(game, items, f"line {ano}: ")
        if "result" in block:
            rno, said = block["result"]
            got = _result_text(game)
            if got is None:
                raise NotationError(
                    f"line {rno}: the record says result {said}, but the hand is not over "
                    "after its actions"
                )
            if said.split() != got.split():
                raise NotationError(
                    f"the record says result {said}, but the actions replay to {got}"
                )
        games.append(game)
    return games


def format_match_record(games: list[Game]) -> str:
    """A record of several hands (a match), each block as in :func:`format_record`."""
    if not games:
        raise NotationError("a match record needs at least one hand")
    blocks = [format_record(g).split("\n", 1)[1] for g in games]
    return "\n".join([RECORD_HEADER] + blocks)


def parse_match_record(text: str) -> list[Game]:
    """Every hand of a record (one or more), replayed."""
    return _parse_hands(text)


def parse_record(text: str) -> Game:
    """The game of a record, replayed: its actions are applied (so :meth:`Game.undo` steps
    back through them) and ``match_score`` comes from the start position."""
    games = _parse_hands(text)
    if len(games) != 1:
        raise NotationError(
            f"the record holds {len(games)} hands; a version 1 record holds one hand"
        )
    return games[0]


# --- JSON -------------------------------------------------------------------------------------
def record_to_dict(game: Game) -> dict[str, Any]:
    """The record as a JSON-ready dict: ``hands`` is a list of one hand (start position as
    :func:`~sixtysix_solver.notation.position.position_to_dict`, actions as text, result or ``None``)."""
    r = game.result
    result = None if r is None else {
        "points": list(r.points), "returns": list(r.returns), "carry_out": r.carry_out,
        "reason": r.reason,
    }
    hand = {
        "start": position_to_dict(_start_game(game)),
        "actions": [str(a) for a in game.actions],
        "result": result,
    }
    return {"format": RECORD_FORMAT, "version": RECORD_VERSION, "hands": [hand]}


def record_to_json(game: Game) -> str:
    """:func:`record_to_dict` as one line of JSON."""
    return json.dumps(record_to_dict(game), ensure_ascii=False)


def record_from_json(data: str | dict[str, Any]) -> Game:
    """The replayed game of :func:`record_to_json` text or :func:`record_to_dict` data."""
    if isinstance(data, str):
        try:
            d = json.loads(data)
        except (ValueError, RecursionError) as e:
            raise NotationError(f"bad record JSON: {e}") from None
    else:
        d = data
    if not isinstance(d, dict):
        raise NotationError("bad record JSON: expected an object")
    if d.get("format") != RECORD_FORMAT or d.get("version") != RECORD_VERSION:
        raise NotationError(
            f"bad record JSON: expected format {RECORD_FORMAT!r} version {RECORD_VERSION}"
        )
    if set(d) != {"format", "version", "hands"}:
        raise NotationError("bad record JSON: expected the keys format, version and hands")
    hands = d["hands"]
    if not isinstance(hands, list) or len(hands) != 1:
        raise NotationError("bad record JSON: a version 1 record holds a list of one hand")
    hand = hands[0]
    if not isinstance(hand, dict) or set(hand) != {"start", "actions", "result"}:
        raise NotationError("bad record JSON: a hand has the keys start, actions and result")
    acts = hand["actions"]
    if not isinstance(acts, list) or not all(isinstance(a, str) for a in acts):
        raise NotationError("bad record JSON: actions must be a list of texts")
    game = _replay(position_from_json(hand["start"]), acts, "")
    said = hand["result"]
    r = game.result
    got = None if r is None else {
        "points": list(r.points), "returns": list(r.returns), "carry_out": r.carry_out,
        "reason": r.reason,
    }
    if said is not None and said != got:
        raise NotationError(
            f"the record says result {said!r}, but the actions replay to {got!r}"
        )
    return game
