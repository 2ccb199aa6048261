"""docs/schema.md is the schema: every object's to_dict() has exactly the keys its table lists,
every example reads back into an object that writes it again, and from_dict refuses data that
does not fit, naming the key."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from sixtysix_solver import (
    BatchResult, ClosingAnalysis, Game, HandResult, NotationError, Recommendation, SolveResult,
    View, analyse_closing, recommend, solve, solve_many,
)
from sixtysix_solver.advice.closing import ClosingOption
from sixtysix_solver.advice.stats import ActionStats
from sixtysix_solver.rules.actions import Action, Kind
from sixtysix_solver.rules.random_play import random_action
from sixtysix_solver.rules.solve import ActionValue

DOC = Path(__file__).resolve().parents[1] / "docs" / "schema.md"
CLASSES: dict[str, Any] = {
    c.__name__: c for c in (Game, View, HandResult, ActionValue, SolveResult, BatchResult,
                            ActionStats, Recommendation, ClosingOption, ClosingAnalysis)
}


def sections() -> dict[str, tuple[list[str], list[str]]]:
    """Per ``### Name`` section: the keys of its table and its JSON examples."""
    out: dict[str, tuple[list[str], list[str]]] = {}
    name = None
    in_json = False
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            name = line[4:].strip() if line.startswith("### ") else None
            if name:
                out[name] = ([], [])
        elif line.startswith("```json"):
            in_json = True
        elif line.startswith("```"):
            in_json = False
        elif name and in_json:
            out[name][1].append(line)
        elif name and (m := re.match(r"\| `(\w+)` \|", line)):
            out[name][0].append(m.group(1))
    return out


def closing_position() -> Game:
    rng = random.Random(4)
    g = Game.deal("schnapsen", seed=4)
    while Action(Kind.CLOSE) not in g.legal_actions() or len(g.actions) < 4:
        g.apply(rng.choice([a for a in g.legal_actions()
                            if a.kind not in (Kind.CLOSE, Kind.CLAIM)]))
    return g


@pytest.fixture(scope="module")
def instances() -> dict[str, Any]:
    g = Game.deal("schnapsen", seed=3)
    rng = random.Random(3)
    for _ in range(5):
        g.apply(random_action(g, rng))
    view = View.from_game(g)
    r = solve(g)
    rec = recommend(view, worlds=10, seed=1)
    closing = analyse_closing(View.from_game(closing_position()), worlds=4, close_worlds=40,
                              seed=1)
    over = g.clone()
    while not over.is_over:
        over.apply(random_action(over, rng))
    return {
        "Game": g, "View": view, "HandResult": over.result, "ActionValue": r.actions[0],
        "SolveResult": r, "BatchResult": solve_many([g, g.clone()]),
        "ActionStats": rec.actions[0], "Recommendation": rec, "ClosingOption": closing.close,
        "ClosingAnalysis": closing,
    }


def test_every_object_is_documented() -> None:
    assert set(CLASSES) <= set(sections())


@pytest.mark.parametrize("name", sorted(CLASSES))
def test_to_dict_has_exactly_the_documented_keys(name: str, instances: dict[str, Any]) -> None:
    keys, _ = sections()[name]
    if name == "ClosingOption":  # its own keys and those of ActionStats
        keys = keys + sections()["ActionStats"][0]
    obj = instances[name]
    d = obj.to_dict()
    assert sorted(d) == sorted(keys)
    assert len(keys) == len(set(keys))
    # JSON text and back: an equal object
    back = CLASSES[name].from_json(obj.to_json())
    assert back == obj and back.to_dict() == json.loads(obj.to_json())


@pytest.mark.parametrize("name", [n for n, (_, ex) in sections().items() if ex])
def test_the_examples_read_back(name: str) -> None:
    text = "\n".join(sections()[name][1])
    data = json.loads(text)
    obj = CLASSES[name].from_dict(data)
    assert obj.to_dict() == data
    assert sorted(data) == sorted(sections()[name][0])


@pytest.mark.parametrize("name", sorted(CLASSES))
def test_bad_data_names_the_key(name: str, instances: dict[str, Any]) -> None:
    cls = CLASSES[name]
    d = instances[name].to_dict()
    with pytest.raises(NotationError, match="unknown key 'surprise'|surprise"):
        cls.from_dict({**d, "surprise": 1})
    key = sorted(d)[0]
    with pytest.raises(NotationError, match=key):
        cls.from_dict({k: v for k, v in d.items() if k != key})
    with pytest.raises(NotationError):
        cls.from_json("{not json")


def test_cli_and_protocol_use_the_schema_names() -> None:
    # the keys that used to differ for the same numbers
    from sixtysix_solver.protocol import session

    src = Path(session.__file__).read_text(encoding="utf-8")
    assert "pwin" not in src and " total {" not in src and " p_win {" in src
    cli = (Path(session.__file__).parents[1] / "cli" / "solve.py").read_text(encoding="utf-8")
    assert '"player"' not in cli
