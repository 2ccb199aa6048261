"""Game records: replay to identical positions and results, errors, and garbage input."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sixtysix_solver.errors import (
    IllegalActionError,
    NotationError,
    PositionError,
    ProfileError,
    SixtySixError,
)
from sixtysix_solver.rules.game import Game
from sixtysix_solver.notation.position import format_position, parse_position
from sixtysix_solver.notation.record import RECORD_HEADER, format_record, parse_record, record_from_json, record_to_dict, record_to_json
from test_notation import games, random_game

FAST = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FUZZ = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_same_game(h: Game, g: Game) -> None:
    assert h.fields() == g.fields()
    assert h.start_fields == g.start_fields
    assert [str(a) for a in h.actions] == [str(a) for a in g.actions]
    assert h.result == g.result
    assert h.profile == g.profile
    assert getattr(h, "match_score") == getattr(g, "match_score", None)


@FAST
@given(games())
def test_text_record_replays(g: Game) -> None:
    text = format_record(g)
    h = parse_record(text)
    check_same_game(h, g)
    assert format_record(h) == text
    lines = text.split("\n")
    assert lines[0] == RECORD_HEADER and lines[1].startswith("start ")
    assert lines[2].startswith("actions ") and (len(lines) == 4) == g.is_over
    # undo walks back to the start position
    n = len(h.actions)
    for _ in range(n):
        h.undo()
    assert h.fields() == g.start_fields


@FAST
@given(games())
def test_json_record_replays(g: Game) -> None:
    text = record_to_json(g)
    h = record_from_json(text)
    check_same_game(h, g)
    assert record_to_json(h) == text
    assert json.loads(text) == record_to_dict(g)
    check_same_game(record_from_json(record_to_dict(g)), g)
    # text and JSON records agree
    assert format_record(record_from_json(text)) == format_record(g)


def test_record_of_a_parsed_position_starts_there() -> None:
    g = random_game("schnapsen", 8, 5)
    start = format_position(g)
    h = parse_position(start)
    h.apply(h.legal_actions()[0])
    text = format_record(h)
    assert text.split("\n")[1] == f"start {start}"
    assert parse_record(text).fields() == h.fields()


def test_comments_blank_lines_and_spelling() -> None:
    g = random_game("sixty-six", 2, 1000)
    text = format_record(g)
    header, start, actions, result = text.split("\n")
    loose = "\n".join([
        "# a comment", "", header, "  " + start, "# between", actions.lower(), result, "",
    ])
    check_same_game(parse_record(loose), g)


def test_unfinished_record_has_no_result_line() -> None:
    g = random_game("sixty-six", 2, 3)
    text = format_record(g)
    assert "result" not in text
    assert parse_record(text).fields() == g.fields()
    fresh = Game.deal("sixty-six", seed=2)
    assert format_record(fresh).endswith("\nactions -")
    assert parse_record(format_record(fresh)).fields() == fresh.fields()


def finished() -> tuple[Game, str]:
    g = random_game("sixty-six", 4, 1000)
    assert g.is_over
    return g, format_record(g)


@pytest.mark.parametrize(
    "edit, error, message",
    [
        (lambda t: t.replace(RECORD_HEADER, "sixtysix-record 2"), NotationError, "first line"),
        (lambda t: t.replace(RECORD_HEADER + "\n", ""), NotationError, "first line"),
        (lambda t: "", NotationError, "first line"),
        (lambda t: RECORD_HEADER, NotationError, "no hand"),
        (lambda t: t + "\nmoves KH", NotationError, "unknown line"),
        (lambda t: t + "\nactions KH", NotationError, "second actions"),
        (lambda t: t.replace("start", "# start"), NotationError, "before any start"),
        (lambda t: "\n".join(l for l in t.split("\n") if not l.startswith("actions")),
         NotationError, "result before the actions"),
        (lambda t: "\n".join(l for l in t.split("\n")[:2]), NotationError, "no actions line"),
        (lambda t: re.sub(r"result \S+", "result 9/9", t), NotationError, "replay to"),
        (lambda t: re.sub(r"(result \S+) \S+", r"\1 claimz", t), NotationError, "replay to"),
        (lambda t: re.sub(r"actions (.*)", "actions -", t), NotationError, "not over"),
        (lambda t: re.sub(r"actions (\S+)", "actions ZZ", t), NotationError, "action 1"),
        (lambda t: re.sub(r"actions (\S+) (\S+)", r"actions \2 \1", t), IllegalActionError,
         "action 1"),
        (lambda t: t + "\n" + "\n".join(t.split("\n")[1:]), NotationError, "2 hands"),
        (lambda t: t.replace("start sixty-six", "start sixty-six foo=1"), NotationError,
         "unknown token"),
        (lambda t: t.replace("start sixty-six", "start sixty-seven"), ProfileError, "unknown"),
        (lambda t: t.replace("dealer=0", "dealer=0 marriage_points=20/0"), PositionError,
         "marriage points"),
    ],
)
def test_record_errors(edit: Any, error: type[Exception], message: str) -> None:
    _, text = finished()
    with pytest.raises(error, match=re.escape(message)):
        parse_record(edit(text))


@pytest.mark.parametrize(
    "edit, error, message",
    [
        (lambda d: "not json", NotationError, "bad record JSON"),
        (lambda d: [], NotationError, "expected an object"),
        (lambda d: {**d, "version": 2}, NotationError, "version"),
        (lambda d: {**d, "more": 1}, NotationError, "keys"),
        (lambda d: {**d, "hands": []}, NotationError, "one hand"),
        (lambda d: {**d, "hands": [d["hands"][0]] * 2}, NotationError, "one hand"),
        (lambda d: {**d, "hands": [{**d["hands"][0], "x": 1}]}, NotationError, "keys"),
        (lambda d: {**d, "hands": [{**d["hands"][0], "actions": "KH"}]}, NotationError,
         "list of texts"),
        (lambda d: {**d, "hands": [{**d["hands"][0], "actions": ["ZZ"]}]}, NotationError,
         "action 1"),
        (lambda d: {**d, "hands": [{**d["hands"][0], "result": {"points": [9, 9]}}]},
         NotationError, "replay to"),
        (lambda d: {**d, "hands": [{**d["hands"][0], "start": {}}]}, NotationError, "format"),
    ],
)
def test_json_record_errors(edit: Any, error: type[Exception], message: str) -> None:
    g, _ = finished()
    d = record_to_dict(g)
    arg = edit(d)
    with pytest.raises(error, match=re.escape(message)):
        record_from_json(json.dumps(arg) if isinstance(arg, list) else arg)


def test_json_record_illegal_action() -> None:
    g, _ = finished()
    d = record_to_dict(g)
    acts = d["hands"][0]["actions"]
    d["hands"][0]["actions"] = [acts[1], acts[0]] + acts[2:]
    with pytest.raises(IllegalActionError, match="action 1"):
        record_from_json(d)


RECORD_ALPHABET = "sixtyrecord- 0123456789\nstartactionsresult=/:KHQS9Cclaim#"


@FUZZ
@given(st.one_of(st.text(), st.text(alphabet=RECORD_ALPHABET)))
def test_garbage_only_package_errors(text: str) -> None:
    for fn in (parse_record, record_from_json):
        try:
            fn(text)
        except SixtySixError:
            pass
    try:
        parse_record(RECORD_HEADER + "\n" + text)
    except SixtySixError:
        pass


@FUZZ
@given(games(), st.data())
def test_mutated_records_only_package_errors(g: Game, data: Any) -> None:
    text = format_record(g)
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(text)))
        piece = data.draw(st.text(alphabet=RECORD_ALPHABET, max_size=4))
        text = text[:i] + piece + text[i + data.draw(st.integers(0, 3)):]
    try:
        h = parse_record(text)
    except SixtySixError:
        return
    assert parse_record(format_record(h)).fields() == h.fields()
