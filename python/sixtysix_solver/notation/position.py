"""Position notation for games: every field of a position on one line of text, and the same as
JSON (``docs/notation.md``). The field-level forms are
:mod:`sixtysix_solver.rules.position_text`; these functions take and give games.

>>> from sixtysix_solver import Game
>>> g = Game.deal("schnapsen", seed=3)
>>> text = format_position(g)
>>> text
'schnapsen dealer=0 turn=1:lead trump=QH hands=JCTCACKDJH/JDADKHTHJS stock=KSKCQSQDTSTDAHQCASQH'
>>> parse_position(text).fields() == g.fields()
True
>>> g.apply("TH"); format_position(g, match=(3, 5))
'schnapsen dealer=0 turn=0:follow trump=QH hands=JCTCACKDJH/JDADKHJS trick=1:TH stock=KSKCQSQDTSTDAHQCASQH match=3/5'
>>> parse_position("schnapsen dealer=0 turn=1:lead trump=QH hands=JC")
Traceback (most recent call last):
...
sixtysix_solver.errors.NotationError: missing token stock=: this profile has a stock
>>> position_from_json(position_to_json(g)).fields() == g.fields()
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ..rules.game import Game
from ..rules.position_text import fields_from_json, fields_to_dict, format_fields

__all__ = [
    "format_position",
    "parse_position",
    "position_from_json",
    "position_to_dict",
    "position_to_json",
]


def format_position(game: Game, match: Sequence[int] | None = None) -> str:
    """The one-line notation of ``game``'s current position (``match``: the match score per
    side, default ``game.match_score``)."""
    return format_fields(game.profile, game.fields(), game.match_score if match is None else match)


def parse_position(text: str) -> Game:
    """A :class:`Game` at the position written in ``text`` (``match_score`` set from the
    ``match=`` token, else ``None``). Raises :class:`NotationError` for text that cannot be
    read and :class:`PositionError` for a position that cannot happen."""
    return Game.from_position(text)


def position_to_dict(game: Game, match: Sequence[int] | None = None) -> dict[str, Any]:
    """The position as a JSON-ready dict: the profile, its overrides, every field of
    :meth:`Game.fields` with cards written as text, and the match score (or ``None``)."""
    return fields_to_dict(
        game.profile, game.fields(), game.match_score if match is None else match
    )


def position_to_json(game: Game, match: Sequence[int] | None = None) -> str:
    """:func:`position_to_dict` as one line of JSON."""
    return json.dumps(position_to_dict(game, match), ensure_ascii=False)


def position_from_json(data: str | dict[str, Any]) -> Game:
    """A :class:`Game` from :func:`position_to_json` text or :func:`position_to_dict` data."""
    profile, fields, match = fields_from_json(data)
    game = Game.from_fields(profile, fields)
    game.match_score = match
    return game
