"""The one JSON schema of the package's results (``docs/schema.md``): the shared vocabulary and
the checks that ``from_dict`` uses.

Every result object has ``to_dict()`` (plain JSON types: cards and actions as their text) and
``to_json()``, and ``from_dict``/``from_json`` that read them back (equal to the original).
The same number has the same key everywhere, in these objects, the command line's ``--json``
and the engine protocol's ``info`` lines: ``seat`` (a player), ``side`` (its side), ``value``
with ``lower``/``upper`` (the solver's exact value of an open-card position), ``ev`` (expected
game points over the worlds of a view) with ``ev_ci95``, ``p_win`` (the chance to win the hand)
with ``p_win_ci95``.

>>> class Point(JsonMixin):
...     def __init__(self, x: int) -> None: self.x = x
...     def to_dict(self) -> dict[str, object]: return {"x": self.x}
...     @classmethod
...     def from_dict(cls, d: dict[str, object]) -> "Point":
...         return cls(get_int(expect_keys(d, ("x",), "a point"), "x"))
>>> Point.from_json(Point(3).to_json()).x
3
>>> Point.from_json('{"x": 3, "y": 4}')
Traceback (most recent call last):
...
sixtysix_solver.errors.NotationError: a point: unknown key 'y' (expected x)
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from typing import Any, TypeVar

from .actions import Action
from .cards import Card
from ..errors import NotationError

__all__ = [
    "JsonMixin", "expect_keys", "get_action", "get_actions", "get_bool", "get_card",
    "get_float", "get_int", "get_ints", "get_opt_float", "get_pair", "get_str",
    "json_float",
]

T = TypeVar("T", bound="JsonMixin")


class JsonMixin:
    """``to_json``/``from_json`` over a class's ``to_dict``/``from_dict``."""

    def to_dict(self) -> dict[str, Any]:
        raise NotImplementedError

    @classmethod
    def from_dict(cls: type[T], d: dict[str, Any]) -> T:
        raise NotImplementedError

    def to_json(self, **kwargs: Any) -> str:
        """The dict as JSON text (``json.dumps`` options pass through)."""
        return json.dumps(self.to_dict(), **kwargs)

    @classmethod
    def from_json(cls: type[T], text: str) -> T:
        """The object written by ``to_json``; bad text raises ``NotationError``."""
        try:
            d = json.loads(text)
        except (TypeError, ValueError) as e:
            raise NotationError(f"bad JSON for {cls.__name__}: {e}") from None
        return cls.from_dict(d)


def expect_keys(
    d: Any, keys: Sequence[str], what: str, optional: Sequence[str] = (),
) -> dict[str, Any]:
    """``d`` as a dict that holds every key of ``keys`` and nothing but them and ``optional``."""
    if not isinstance(d, dict):
        raise NotationError(f"{what}: expected a JSON object, got {type(d).__name__}")
    for k in keys:
        if k not in d:
            raise NotationError(f"{what}: missing key {k!r}")
    for k in d:
        if k not in keys and k not in optional:
            raise NotationError(f"{what}: unknown key {k!r} (expected {' '.join(keys)})")
    return d


def _bad(key: str, want: str, v: Any) -> NotationError:
    return NotationError(f"{key} must be {want}, got {v!r}")


def get_int(d: dict[str, Any], key: str, *, none: bool = False) -> Any:
    v = d.get(key)
    if v is None and none:
        return None
    if not isinstance(v, int) or isinstance(v, bool):
        raise _bad(key, "an integer" + (" or null" if none else ""), v)
    return v


def get_ints(d: dict[str, Any], key: str) -> tuple[int, ...]:
    v = d.get(key)
    if not isinstance(v, list) or not all(isinstance(x, int) and not isinstance(x, bool)
                                          for x in v):
        raise _bad(key, "a list of integers", v)
    return tuple(v)


def get_float(d: dict[str, Any], key: str) -> float:
    v = d.get(key)
    if not isinstance(v, (int, float)) or isinstance(v, bool):
        raise _bad(key, "a number", v)
    return float(v)


def get_opt_float(d: dict[str, Any], key: str) -> float:
    """A number where ``null`` stands for not-a-number (JSON has none)."""
    return math.nan if d.get(key) is None else get_float(d, key)


def json_float(x: float) -> float | None:
    """A float for JSON: ``None`` for not-a-number (JSON has none)."""
    return None if math.isnan(x) else x


def get_pair(d: dict[str, Any], key: str) -> tuple[float, float] | None:
    v = d.get(key)
    if v is None:
        return None
    if (not isinstance(v, list) or len(v) != 2
            or not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in v)):
        raise _bad(key, "null or a pair of numbers", v)
    return (float(v[0]), float(v[1]))


def get_bool(d: dict[str, Any], key: str) -> bool:
    v = d.get(key)
    if not isinstance(v, bool):
        raise _bad(key, "true or false", v)
    return v


def get_str(d: dict[str, Any], key: str, *, none: bool = False) -> Any:
    v = d.get(key)
    if v is None and none:
        return None
    if not isinstance(v, str):
        raise _bad(key, "a string" + (" or null" if none else ""), v)
    return v


def get_card(d: dict[str, Any], key: str) -> Card:
    return Card.parse(get_str(d, key))


def get_action(d: dict[str, Any], key: str) -> Action:
    return Action.parse(get_str(d, key))


def get_actions(d: dict[str, Any], key: str) -> tuple[Action, ...]:
    v = d.get(key)
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise _bad(key, "a list of actions as text", v)
    return tuple(Action.parse(x) for x in v)
