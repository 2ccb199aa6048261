"""The web app's JSON API in-process (Starlette's test client): every endpoint, bad input
everywhere (a clear 4xx, never a 500), the concurrency cap and a search stopped when its
client goes away. The page itself is driven in test_serve_browser.py."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the serve extra (starlette) is not installed")

from starlette.testclient import TestClient  # noqa: E402

from sixtysix_solver import PROFILES, Game, View  # noqa: E402
from sixtysix_solver.knowledge.view import format_view  # noqa: E402
from sixtysix_solver.notation.record import format_record, parse_match_record  # noqa: E402
from sixtysix_solver.rules.random_play import random_action  # noqa: E402
from sixtysix_solver.serve.app import create_app  # noqa: E402

VIEW = "schnapsen seat=1 dealer=0 turn=1:lead trump=QH hands=5/JCTHAHQSKS stock=10:QH"


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(max_searches=2, max_seconds=20)) as c:
        yield c


def _events(text: str) -> list[tuple[str, Any]]:
    out = []
    for chunk in text.strip().split("\n\n"):
        lines = dict(line.split(": ", 1) for line in chunk.split("\n"))
        out.append((lines["event"], json.loads(lines["data"])))
    return out


def test_the_page_and_its_assets(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "analysis board" in page.text
    for asset in ("/static/app.js", "/static/style.css"):
        assert client.get(asset).status_code == 200
    index = client.get("/api").json()
    paths = {e["path"] for e in index["endpoints"]}
    assert {"/api/analyse/stream", "/api/close", "/api/play/{id}/hint", "/api/review"} <= paths
    assert all(e["summary"] for e in index["endpoints"])


def test_profiles_cards_and_status(client: TestClient) -> None:
    profiles = {p["name"]: p for p in client.get("/api/profiles").json()["profiles"]}
    assert len(profiles["schnapsen"]["deck"]) == 20 and profiles["four-hand"]["players"] == 4
    svg = client.get("/api/card/KS.svg", params={"suits": "german"})
    assert svg.headers["content-type"].startswith("image/svg+xml") and "Grün König" in svg.text
    assert 'data-card="??"' in client.get("/api/card/back.svg").text
    names = client.get("/api/cards", params={"suits": "hungarian"}).json()["names"]
    assert names["AH"] == "Piros Ász"
    status = client.get("/api/status").json()
    assert status["max_searches"] == 2 and status["searches"] == 0


def test_setup_by_clicking_gives_the_view_and_the_legal_actions(client: TestClient) -> None:
    r = client.post("/api/setup", json={"profile": "schnapsen", "seat": 1, "dealer": 0,
                                        "trump": "QH", "hand": "AH TH KS QS JC".split()})
    assert r.status_code == 200
    data = r.json()
    assert data["view"] == VIEW
    assert data["board"]["hands"][0] == {"count": 5, "known": []}
    assert set(data["legal"]) == {"JC", "AH", "TH", "KS", "QS", "close", "marry-S", "claim"}
    # played cards, a trick to follow and marriage points shape the view
    r = client.post("/api/setup", json={
        "profile": "schnapsen", "seat": 0, "dealer": 1, "trump": "QH",
        "hand": "AH TH KS QS JC".split(), "trick": ["TC"], "taken": [[], ["AC", "JD"]],
        "marriages": ["", "D"]})
    assert r.status_code == 200, r.json()
    v = r.json()["view"]
    assert "trick=1:TC" in v and "taken=-/ACJD" in v and "marriage_points=0/20" in v
    assert "known=-/QDKD" in v and sorted(r.json()["board"]["hands"][1]["known"]) == ["KD", "QD"]
    assert r.json()["board"]["scores"] == [0, 33]


@pytest.mark.parametrize("profile", list(PROFILES))
def test_every_profile_sets_up_by_clicking_and_analyses(client: TestClient, profile: str) -> None:
    # the clicks (own hand, trump card) give exactly the engine's own view of the deal
    g = Game.deal(profile, seed=1)
    seat = g.to_act
    assert seat is not None
    r = client.post("/api/setup", json={"profile": profile, "seat": seat, "dealer": 0,
                                        "trump": str(g.trump_card), "phase": g.phase,
                                        "hand": [str(c) for c in g.hand(seat)]})
    assert r.status_code == 200, r.json()
    assert r.json()["view"] == format_view(View.from_game(g, seat))
    a = client.post("/api/analyse", json={"view": r.json()["view"], "worlds": 2,
                                          "time_limit": 10}).json()
    assert {x["action"] for x in a["actions"]} == {str(x) for x in g.legal_actions()}
    assert a["best"] in {str(x) for x in g.legal_actions()}


def test_cards_seen_in_another_hand_are_known_there(client: TestClient) -> None:
    r = client.post("/api/setup", json={"profile": "schnapsen", "seat": 1, "trump": "QH",
                                        "hand": "AH TH KS QS JC".split(),
                                        "seen": [["AC"], []]})
    assert r.status_code == 200 and "known=AC/-" in r.json()["view"]
    own = client.post("/api/setup", json={"profile": "schnapsen", "seat": 1, "trump": "QH",
                                          "hand": "AH TH KS QS JC".split(),
                                          "seen": [[], ["AC"]]})
    assert own.status_code == 400 and "your own cards go in hand" in own.json()["error"]


@pytest.mark.parametrize("setup, message", [
    ({"profile": "schnapsen", "trump": "QH", "hand": ["AH", "AH", "KS", "QS", "JC"]},
     "appears more often"),
    ({"profile": "schnapsen", "trump": "QH", "hand": ["1H"]}, "bad card '1H'"),
    ({"profile": "skat", "trump": "QH"}, "unknown profile 'skat'"),
    ({"profile": "schnapsen", "hand": ["AH"]}, "trump must be a string"),
    ({"profile": "schnapsen", "trump": "QH", "seat": 5}, "seat must be an integer from 0 to 1"),
])
def test_impossible_setups_are_refused_with_the_engines_message(
        client: TestClient, setup: dict[str, Any], message: str) -> None:
    r = client.post("/api/setup", json=setup)
    assert r.status_code == 400 and message in r.json()["error"]


def test_parse_reads_views_positions_and_records(client: TestClient) -> None:
    assert client.post("/api/parse", json={"text": VIEW}).json()["kind"] == "view"
    g = Game.deal("schnapsen", seed=3)
    pos = client.post("/api/parse", json={"text": repr(g)[len("Game.from_position('"):-2]})
    assert pos.json()["kind"] == "position" and pos.json()["open_board"]["open"] is True
    for a in ["TH", "AC", "AD", "JC", "claim"]:
        g.apply(a)
    rec = client.post("/api/parse", json={"text": format_record(g)}).json()
    assert rec["kind"] == "record" and rec["actions"] == [["TH", "AC", "AD", "JC", "claim"]]
    assert "view" not in rec  # the hand is over
    bad = client.post("/api/parse", json={"text": "schnapsen seat=0 hands=6/6"})
    assert bad.status_code == 400 and bad.json()["error"]


def test_analyse_returns_every_legal_action(client: TestClient) -> None:
    r = client.post("/api/analyse", json={"view": VIEW, "worlds": 60, "time_limit": 15})
    assert r.status_code == 200
    data = r.json()
    assert data["worlds"] == 60 and data["stopped"] == "done" and data["progress"] == 1.0
    assert {a["action"] for a in data["actions"]} == {"JC", "AH", "TH", "KS", "QS", "close",
                                                    "marry-S", "claim"}
    assert data["actions"][0]["action"] == data["best"]
    for a in data["actions"]:
        assert abs(sum(a["distribution"].values()) - 1) < 1e-6
        assert all(-3 <= int(v) <= 3 for v in a["distribution"])
        assert a["ev_ci95"][0] <= a["ev"] <= a["ev_ci95"][1]


def test_analyse_stream_sends_start_progress_and_done(client: TestClient) -> None:
    r = client.post("/api/analyse/stream", json={"view": VIEW, "worlds": 200, "time_limit": 15})
    assert r.headers["content-type"].startswith("text/event-stream")
    events = _events(r.text)
    assert events[0][0] == "start" and events[-1][0] == "done"
    progress = [d for name, d in events if name == "progress"]
    assert progress and all(d["worlds"] <= 200 for d in progress)
    assert [d["worlds"] for d in progress] == sorted(d["worlds"] for d in progress)
    assert events[-1][1]["worlds"] == 200


def test_an_open_card_view_gets_its_best_line(client: TestClient) -> None:
    g = Game.deal("schnapsen", seed=4)
    for a in "AC TC QC QD".split():
        g.apply(a) if g.is_legal(a) else g.apply(g.legal_actions()[0])
    while g.stock:  # play on until no card is hidden from the seat to act
        g.apply(g.legal_actions()[0])
    view = View.from_game(g)
    data = client.post("/api/analyse", json={"view": format_view(view)}).json()
    if data["total_worlds"] == 1:
        assert data["line"] and data["line"][0] == data["best"]
    else:
        assert data["line"] is None


def test_closing_gives_a_verdict_over_both_options(client: TestClient) -> None:
    r = client.post("/api/close", json={"view": VIEW, "worlds": 60})
    data = r.json()
    assert r.status_code == 200 and data["verdict"] in ("close", "continue", "either",
                                                        "too close to call")
    names = [o["name"] for o in data["options"]]
    assert names[0] == "close now" and names[-1] == "go on" and data["options"][0]["exact"]
    streamed = _events(client.post("/api/close/stream", json={"view": VIEW, "worlds": 60}).text)
    assert streamed[-1][0] == "done" and streamed[-1][1]["verdict"] == data["verdict"]
    assert {d["part"] for n, d in streamed if n == "progress"} >= {"close now", "go on"}
    no = client.post("/api/close", json={"view": VIEW.replace("turn=1:lead", "turn=1:lead")
                                         .replace("stock=10:QH", "stock=0")})
    assert no.status_code == 400


def test_solve_gives_exact_values_and_the_best_line(client: TestClient) -> None:
    data = client.post("/api/solve", json={"profile": "schnapsen", "seed": 4}).json()
    assert data["exact"] and data["value"] == -1 and data["best"] == ["AC", "TC", "QC", "QD", "JH"]
    assert max(a["value"] for a in data["actions"]) == data["value"]
    after = client.post("/api/solve", json={"profile": "schnapsen", "seed": 4,
                                            "moves": [data["pv"][0]]}).json()
    assert after["seat"] != data["seat"] and after["value"] == -data["value"]
    bad = client.post("/api/solve", json={"profile": "schnapsen", "seed": 4, "moves": ["AS"]})
    assert bad.status_code == 400 and "not legal" in bad.json()["error"]


def test_a_match_against_the_engine(client: TestClient) -> None:
    s = client.post("/api/play", json={"profile": "schnapsen", "level": 1, "seed": 3}).json()
    assert s["your_turn"] and s["legal"] and s["hand_no"] == 1
    hint = client.post(f"/api/play/{s['id']}/hint").json()
    assert hint["best"] in s["legal"]
    assert client.post(f"/api/play/{s['id']}/next").status_code == 400  # the hand is on
    wrong = client.post(f"/api/play/{s['id']}/act", json={"action": "close please"})
    assert wrong.status_code == 400
    moves = 0
    while not s["hand_over"]:
        s = client.post(f"/api/play/{s['id']}/act", json={"action": s["legal"][0]}).json()
        moves += 1
        assert moves < 40
    assert s["hand_result"]["points"] and sum(s["match"]) > 0
    record = client.get(f"/api/play/{s['id']}/record").text
    games = parse_match_record(record)
    assert len(games) == 1 and games[0].is_over
    assert client.post(f"/api/play/{s['id']}/act", json={"action": "AH"}).status_code == 400
    nxt = client.post(f"/api/play/{s['id']}/next").json()
    assert nxt["hand_no"] == 2 and not nxt["hand_over"]
    assert client.get(f"/api/play/{s['id']}").json()["hand_no"] == 2
    assert client.get("/api/play/m999999").status_code == 404
    assert client.post("/api/play", json={"profile": "three-hand", "seat": 3}).status_code == 400


def test_play_three_hand_each_alone(client: TestClient) -> None:
    """Three players each alone: a score per player, the engine at both other seats, and the
    match's winner alone on top (``Profile.match_winner``)."""
    s = client.post("/api/play", json={"profile": "three-hand", "level": 1, "seat": 1,
                                       "seed": 4}).json()
    assert s["match"] == [0, 0, 0] and s["side"] == 1 and s["match_winner"] is None
    hands = 0
    while not s["match_over"]:
        while not s["hand_over"]:
            assert s["your_turn"] and s["legal"]
            s = client.post(f"/api/play/{s['id']}/act", json={"action": s["legal"][0]}).json()
        hands += 1
        assert len(s["hand_result"]["points"]) == 3
        if not s["match_over"]:
            s = client.post(f"/api/play/{s['id']}/next").json()
    score = s["match"]
    assert max(score) >= 7 and sorted(score)[-1] > sorted(score)[-2]
    assert s["match_winner"] == score.index(max(score))
    assert s["you_won"] == (s["match_winner"] == 1)
    games = parse_match_record(client.get(f"/api/play/{s['id']}/record").text)
    assert len(games) == hands and all(len(g.match_score) == 3 for g in games)


def test_review_labels_every_decision(client: TestClient) -> None:
    g = Game.deal("schnapsen", seed=2)
    rng = random.Random(1)
    while not g.is_over:  # random play: some of seat 0's choices will cost
        g.apply(random_action(g, rng))
    r = client.post("/api/review", json={"record": format_record(g), "seat": 0, "worlds": 20})
    data = r.json()
    assert r.status_code == 200 and data["complete"] and data["decisions"]
    for d in data["decisions"]:
        assert d["cost"] >= 0 and d["board"]["seat"] == 0
        assert d["label"] in (None, "inaccuracy", "mistake", "blunder")
        assert d["view"].startswith("schnapsen seat=0")
    assert abs(data["total_cost"] - sum(d["cost"] for d in data["decisions"])) < 1e-5
    events = _events(client.post("/api/review/stream", json={
        "record": format_record(g), "seat": 0, "worlds": 20}).text)
    assert len([e for e in events if e[0] == "progress"]) == len(data["decisions"])
    assert client.post("/api/review", json={"record": "nonsense"}).status_code == 400


POSTS = ["/api/setup", "/api/parse", "/api/analyse", "/api/analyse/stream", "/api/close",
         "/api/close/stream", "/api/solve", "/api/play", "/api/review", "/api/review/stream"]


@pytest.mark.parametrize("path", POSTS)
@pytest.mark.parametrize("body", [b"garbage", b"[1, 2]", b'{"view": 3, "record": 3, '
                                  b'"text": 3, "profile": 3, "position": 3, "seed": -1}',
                                  b'{"view": "nonsense", "text": "nonsense", "record": "x", '
                                  b'"position": "x", "profile": "skat", "trump": "ZZ"}'])
def test_garbage_gets_a_clear_4xx_everywhere(client: TestClient, path: str, body: bytes) -> None:
    r = client.post(path, content=body, headers={"content-type": "application/json"})
    assert 400 <= r.status_code < 500, (path, body, r.text)
    assert r.json()["error"] and "Traceback" not in r.text


def test_unknown_routes_methods_and_searches(client: TestClient) -> None:
    assert client.get("/api/nothing").status_code == 404
    assert "no such endpoint" in client.get("/api/nothing").json()["error"]
    assert client.get("/api/analyse").status_code == 405
    assert client.post("/api/searches/s999/stop").status_code == 404
    assert client.post("/api/play/m1/act", json={"action": 3}).status_code in (400, 404)
    assert client.get("/api/card/KS.svg", params={"suits": "tarot"}).status_code == 400
    assert client.get("/api/card/KS.svg", params={"width": "wide"}).status_code == 400
    big = client.post("/api/analyse", json={"view": VIEW, "time_limit": 10_000})
    assert big.status_code == 400 and "cap" in big.json()["error"]


# --- raw ASGI: a client that goes away, and the concurrency cap ----------------------------

def _scope(path: str) -> dict[str, Any]:
    return {"type": "http", "asgi": {"version": "3.0", "spec_version": "2.4"},
            "http_version": "1.1", "method": "POST", "scheme": "http", "path": path,
            "raw_path": path.encode(), "query_string": b"", "root_path": "",
            "headers": [(b"content-type", b"application/json")],
            "server": ("testserver", 80), "client": ("testclient", 1)}


LONG = {"view": format_view(View.from_game(Game.deal("sixty-six", seed=1), 1)),
        "worlds": 100_000, "time_limit": 60}


async def _hold_stream(app: Any, leave: asyncio.Event, started: asyncio.Event,
                       sent: list[dict[str, Any]]) -> None:
    """A streaming analysis whose client disconnects once ``leave`` is set."""
    body = {"done": False}

    async def receive() -> dict[str, Any]:
        if not body["done"]:
            body["done"] = True
            return {"type": "http.request", "body": json.dumps(LONG).encode(),
                    "more_body": False}
        await leave.wait()
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)
        if b"event: start" in message.get("body", b""):
            started.set()

    await app(_scope("/api/analyse/stream"), receive, send)


def test_a_search_stops_when_its_client_goes_away() -> None:
    app = create_app(max_searches=1, max_seconds=60)

    async def main() -> tuple[float, list[dict[str, Any]]]:
        leave, started, sent = asyncio.Event(), asyncio.Event(), []
        task = asyncio.create_task(_hold_stream(app, leave, started, sent))
        await asyncio.wait_for(started.wait(), 30)
        # the one slot is taken: a second search is refused at once, not queued
        async with __import__("httpx2").AsyncClient(
                transport=__import__("httpx2").ASGITransport(app=app),
                base_url="http://t") as http:
            busy = await http.post("/api/analyse", json={"view": VIEW, "worlds": 5})
        assert busy.status_code == 429 and "busy" in busy.json()["error"]
        t0 = time.perf_counter()
        leave.set()
        await asyncio.wait_for(task, 30)
        searches = app.state.searches
        for _ in range(600):
            if searches.running == 0:
                break
            await asyncio.sleep(0.05)
        return time.perf_counter() - t0, sent

    seconds, sent = asyncio.run(main())
    searches = app.state.searches
    assert searches.running == 0
    assert searches.finished[-1]["stopped_by"] == "disconnect"
    assert seconds < 30  # far inside the search's own 60 s
    assert not any(b"event: done" in m.get("body", b"") for m in sent)


def test_the_command_needs_the_extra_and_a_free_port(monkeypatch: pytest.MonkeyPatch) -> None:
    import socket

    from typer.testing import CliRunner

    import sixtysix_solver.serve as serve_pkg
    from sixtysix_solver.cli.main import app

    runner = CliRunner()
    assert "--no-browser" in runner.invoke(app, ["serve", "--help"]).output
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        out = runner.invoke(app, ["serve", "--no-browser", "--port", str(port)])
    assert out.exit_code == 2 and "cannot listen on 127.0.0.1" in out.output
    monkeypatch.setattr(serve_pkg, "available", lambda: False)
    out = runner.invoke(app, ["serve", "--no-browser"])
    assert out.exit_code == 2 and 'pip install "sixtysix_solver[serve]"' in out.output
